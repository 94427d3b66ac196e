"""The Zetema table, in small parts: ``layout`` (where cards and panels go), ``sync`` (card
entities made to match the state), ``gestures`` (clicks and drops turned into moves),
``words`` (prompts, refusals, hints and labels in the player's language), ``panels`` (what
is drawn besides cards: pile headers, seats, the meld zone, the score sheet, summaries),
``moves`` (gestures a person or a test makes) and ``table`` (the scene).
``scenes.zetema_table`` re-exports what the catalogue needs."""
