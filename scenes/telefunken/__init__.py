"""The Telefunken table, in small parts: ``layout`` (where cards go), ``legal_index`` (the
legal melds and lay-offs by their cards), ``gestures`` (drags and clicks into moves),
``words`` (prompts, refusals, hints and captions in the player's language), ``panels``
(contract, opponents, score sheet, the cut, summaries), ``moves`` (gestures a person or a
test makes) and ``table`` (the scene). ``scenes.telefunken_table`` re-exports what the
catalogue needs."""
