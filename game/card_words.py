"""Cards in words as the table shows them, in the player's language: "3S" becomes "3♠".

The engines spell cards in the specs' notation (rank then suit letter: "3S", "10H", "JK")
in their move descriptions and refusals; the player reads the rank and suit symbol printed
on the cards. Used for the standard 52-card deck (Zetema, Telefunken); Chắn names its
cards in Tổ Tôm words itself.

- ``card_text("3S")``: one card as the table shows it ("3♠"; the joker in words:
  "joker", "جوکر", "phăng teo").
- ``cards_text(["3S", "4S", "5S"])``: several cards joined the way the language joins a
  list ("3♠, 4♠ and 5♠"; "3♠، 4♠ و 5♠"; "3♠, 4♠ và 5♠").
- ``pretty_cards(text)``: every card code inside a sentence replaced by ``card_text``.

Persian: the ranks stay as printed on the cards, in Latin letters and digits ("10♥",
"K♠"), not in Persian digits: a card is named by what the player sees on it, like a
word in a foreign script. Each card is kept as one left-to-right block (Unicode isolate
marks, ``LRI`` ... ``PDI``, which ``scenes.theme`` honours and never draws), so that
inside a right-to-left sentence the suit stays after the rank ("3♠", not "♠3") and two
cards in a row keep their order. Counts and scores (numbers that are not printed on a
card) are written with Persian digits by the callers (``game.i18n.num``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.i18n import _, language

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER = "JK"
_CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([SHDC])(?![\w])")
_JOKER = re.compile(r"(?<!\w)JK(?!\w)")
LRI, PDI = "\u2066", "\u2069"  # the same marks as scenes.theme.isolate (no pygame here)


def _shown(word: str) -> str:
    """``word`` (a card name) kept as one left-to-right block in a right-to-left language."""
    return f"{LRI}{word}{PDI}" if language() == "fa" else word


def card_text(code: str) -> str:
    """One card as the table shows it: rank and suit symbol ("10♥"), or the joker's name.

    A code that is not a card of the standard deck is returned as it is.
    """
    if code == JOKER:
        return _("joker")
    match = _CARD.fullmatch(code)
    if match is None:
        return code
    return _shown(match.group(1) + SUIT_SYMBOLS[match.group(2)])


def join_list(items: Iterable[str]) -> str:
    """Words joined as the language lists them: "a, b and c" ("a، b و c", "a, b và c")."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    text = items[0]
    for item in items[1:-1]:
        # TRANSLATORS: the comma between two items of a list ("3♠, 4♠ and 5♠")
        text = _("{first}, {second}").format(first=text, second=item)
    # TRANSLATORS: the word before the last item of a list ("3♠, 4♠ and 5♠")
    return _("{first} and {last}").format(first=text, last=items[-1])


def cards_text(codes: Iterable[str]) -> str:
    """Several cards as the table shows them, joined as the language lists things."""
    return join_list(card_text(code) for code in codes)


def pretty_cards(text: str) -> str:
    """``text`` with every card code in the deck's notation written as ``card_text`` does."""
    text = _CARD.sub(lambda m: card_text(m.group(0)), text)
    return _JOKER.sub(lambda m: card_text(JOKER), text)
