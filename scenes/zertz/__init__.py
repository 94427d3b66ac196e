"""The Zertz table, in small parts: ``layout`` (where rings, trays and the bag stand),
``sync`` (entities from the position), ``moves`` (gestures into moves, click-to-move, the
gestures a test makes, the tour), ``animation`` (a move step by step, last-move marks),
``words`` (every sentence the table says, translated), ``panels`` (what is drawn besides the
pieces), ``art`` (rings, marbles, pieces, the bag) and ``table`` (the scene).
``scenes.zertz_table`` re-exports what the catalogue needs."""
