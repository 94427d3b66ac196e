"""Cards in words as the table shows them: "3S" becomes "3♠", "JK" becomes "joker".

The engines spell cards in the specs' notation (rank then suit letter) in their move
descriptions and refusals; the player reads the suit symbols printed on the cards. Used for
the standard 52-card deck (Zetema, Telefunken); Chắn names its cards in Tổ Tôm words itself.
"""

from __future__ import annotations

import re

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([SHDC])(?![\w])")
_JOKER = re.compile(r"(?<!\w)JK(?!\w)")


def pretty_cards(text: str) -> str:
    """``text`` with every card code in the deck's notation replaced by rank and suit symbol."""
    text = _CARD.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)
    return _JOKER.sub("joker", text)
