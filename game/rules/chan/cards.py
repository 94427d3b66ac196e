"""The 100-card Chắn pack: faces, notation, names and colours.

A *face* is what a card shows; every face exists in four copies. Notation: rank ``2``..``9``
plus suit ``M`` (Vạn), ``S`` (Sách) or ``C`` (Văn), e.g. ``5M``; Chi Chi is ``CC`` and has
no suit and no rank (it groups only with itself). Faces sort in ``FACES`` order: by rank,
then M, S, C, and CC last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANKS = (2, 3, 4, 5, 6, 7, 8, 9)
SUITS = ("M", "S", "C")
CHICHI = "CC"
FACES: tuple[str, ...] = tuple(f"{r}{s}" for r in RANKS for s in SUITS) + (CHICHI,)
"""The 25 faces in canonical order."""

FACE_INDEX: dict[str, int] = {f: i for i, f in enumerate(FACES)}
COPIES = 4
PACK_SIZE = len(FACES) * COPIES  # 100

RED_FACES = frozenset({"8M", "9M", "8S", "9S", CHICHI})
"""The red faces (20 cards); every other face is black."""

TOM = ("3M", "3S", "7C")
LEO = ("9M", "8S", CHICHI)

RANK_NAMES = {2: "Nhị", 3: "Tam", 4: "Tứ", 5: "Ngũ", 6: "Lục", 7: "Thất", 8: "Bát", 9: "Cửu"}
SUIT_NAMES = {"M": "Vạn", "S": "Sách", "C": "Văn"}
RANK_GLYPHS = {2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九"}
SUIT_GLYPHS = {"M": "萬", "S": "索", "C": "文"}


def rank_of(face: str) -> int:
    """The rank 2..9 of a suited face, 0 for Chi Chi (a group of its own)."""
    return 0 if face == CHICHI else int(face[0])


def suit_of(face: str) -> str | None:
    """The suit letter of a face, None for Chi Chi."""
    return None if face == CHICHI else face[1]


def is_red(face: str) -> bool:
    return face in RED_FACES


def card_name(face: str) -> str:
    """The Vietnamese name of a face: ``5M`` -> "Ngũ Vạn", ``CC`` -> "Chi Chi"."""
    if face == CHICHI:
        return "Chi Chi"
    return f"{RANK_NAMES[rank_of(face)]} {SUIT_NAMES[face[1]]}"


def normalise(text: str) -> str | None:
    """The face spelled by ``text`` (any case, surrounding blanks allowed), else None."""
    if not isinstance(text, str):
        return None
    face = text.strip().upper()
    return face if face in FACE_INDEX else None


def sort_faces(cards: Iterable[str]) -> tuple[str, ...]:
    """``cards`` in canonical ``FACES`` order."""
    return tuple(sorted(cards, key=FACE_INDEX.__getitem__))


def full_pack() -> list[str]:
    """All 100 cards in canonical order (four copies of each face)."""
    return [f for f in FACES for _ in range(COPIES)]


def counts(cards: Iterable[str]) -> Counter:
    return Counter(cards)


def forms_chan(a: str, b: str) -> bool:
    """Two identical cards."""
    return a == b


def forms_ca(a: str, b: str) -> bool:
    """Two cards of the same rank in different suits (never Chi Chi)."""
    return a != b and CHICHI not in (a, b) and a[0] == b[0]


def is_pair(a: str, b: str) -> bool:
    return forms_chan(a, b) or forms_ca(a, b)
