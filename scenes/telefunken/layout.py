"""Where the Telefunken cards go: your hand fanned at the bottom, the build zone above it,
the discard pile, and the melds on the table in rows by owner (yours first).

Pure geometry: each function returns slots ``(x, y, angle, z)`` for the card sync, plus the
boxes the table needs to hit-test (a meld's rectangle, the cut strip).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from game.card_art import card_size
from game.rules import telefunken as rules
from scenes.fan import fan

HAND_W, TABLE_W, BUILD_W, PILE_W = 78, 48, 44, 70
OWNER_LABEL_W = 96  # the strip left of each row of melds holds its owner's name
PILE_TOP = 38  # the top discard starts this far below its zone's top: the header above it,
# then room for the tag of the last-move mark (``scenes.marks``) so that it hides no word

Slot = tuple[float, float, float, float]


def suit_key(card: str) -> tuple[int, int]:
    if card == rules.JOKER:
        return (9, 0)
    return (rules.SUIT_OF[card], rules.VALUE[card])


def card_width(zone: str) -> int:
    return {"hand": HAND_W, "build": BUILD_W, "discard": PILE_W}.get(zone, TABLE_W)


@dataclass
class Placed:
    """Every zone's slots, each meld's box on the table and where each owner's row starts."""

    slots: dict[str, list[Slot]] = field(default_factory=dict)
    meld_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    owner_rows: list[tuple[int, float]] = field(default_factory=list)
    card_w: int = TABLE_W  # the width of the meld cards (smaller on a crowded table)
    bottom: int = 0  # the lowest card's bottom edge
    # the table's columns of rows (one; two on a crowded table), and the left edge of the
    # column holding each owner's row: its label stands in that column's label strip
    columns: list[pygame.Rect] = field(default_factory=list)
    owner_left: dict[int, int] = field(default_factory=dict)
    spill: int = 0  # how far the longest meld passes its column's right margin


HAND_MARGIN = 18  # px between the hand zone's edges and its outer cards' (tilted) corners


def hand_slots(rect: pygame.Rect, hand: list[str], frozen: list[tuple[str, int]] | None,
               ents: list[int | None] | None = None) -> list[Slot]:
    """The hand fanned in ``rect``; with ``frozen`` (the cards, as (code, entity), in the
    order of their slots while cards are being clicked) each card keeps its slot, so nothing
    moves under the pointer: ``ents`` names the entity of each card of ``hand``, so of two
    identical cards each keeps its own slot."""
    area = rect.inflate(-HAND_MARGIN * 2, -44)
    full = [code for code, _ in frozen] if frozen is not None else hand
    spots = fan(area, len(full), HAND_W, max_step=HAND_W + 4, arc=5)
    slots = [(x, y + 16, a, 600 + i) for i, (x, y, a) in enumerate(spots)]
    if frozen is None:
        return slots
    free = list(range(len(full)))
    out = []
    for i, code in enumerate(hand):
        ent = ents[i] if ents is not None and i < len(ents) else None
        k = next((k for k in free if frozen[k] == (code, ent)), None)
        if k is None:
            k = next(k for k in free if full[k] == code)
        free.remove(k)
        out.append(slots[k])
    return out


def frozen_fits(frozen: list[tuple[str, int]] | None, hand: list[str]) -> bool:
    """The kept slots still know every card of the hand."""
    return frozen is not None and not (Counter(hand) - Counter(code for code, _ in frozen))


def build_slots(rect: pygame.Rect, count: int) -> list[Slot]:
    return [(rect.x + 16 + BUILD_W / 2 + i * (BUILD_W * 0.55), rect.centery, 0.0, 500 + i)
            for i in range(count)]


def build_text_left(rect: pygame.Rect, count: int) -> float:
    """Where the build zone's sentence starts: right of the chosen cards."""
    return rect.x + 16 + (BUILD_W + BUILD_W * 0.55 * (count - 1) + 12 if count else 0)


def pile_slots(rect: pygame.Rect, count: int) -> list[Slot]:
    """The top few discards, slightly askew, below the pile's header."""
    _, h = card_size(PILE_W)
    cy = rect.y + PILE_TOP + h / 2
    return [(rect.centerx + (i - count + 1) * 3, cy + (i - count + 1) * 2, (i * 37) % 9 - 4,
             100 + i) for i in range(count)]


def meld_order(shown: Sequence[str] | None, cards: Sequence[str]) -> list[str]:
    """The order a meld's ``cards`` are drawn in, left to right. A run as the engine lists
    it (low to high: a card's place in it means something). A set as it was shown before
    (``shown``), less what left it (a freed joker), with the cards new to it at its right
    end: the engine keeps a set sorted by suit, so a card laid off landed in the middle of
    the fan, mostly under its neighbour, and its last-move tag was not drawn (``scenes.
    marks``); at the end it shows whole. ``shown`` None, or not this set (a natural of it
    is gone, which no lay-off does: another meld in its place): the engine's order."""
    cards = list(cards)
    if shown is None or rules.group_kind(cards) != "set":
        return cards
    left = Counter(cards)
    kept = []
    for code in shown:
        if left[code] > 0:
            left[code] -= 1
            kept.append(code)
        elif code != rules.JOKER:
            return cards
    for code in cards:  # the new cards, in the engine's order
        if left[code] > 0:
            left[code] -= 1
            kept.append(code)
    return kept


def meld_orders(positions: Iterable) -> dict[int, list[str]]:
    """Each meld's drawing order (``meld_order``) after the ``positions`` of a game in turn
    (every position since its start, the current one last), as it was shown move by move:
    a table laid out afresh (Undo, a saved game, a step of a replay) shows every set as it
    stood while the game was played."""
    shown: dict[int, list[str]] = {}
    last = None
    for state in positions:
        melds = state.melds
        if melds is last or melds == last:
            continue  # (most moves leave the melds alone)
        last = melds
        shown = {i: meld_order(shown.get(i), m.cards) for i, m in enumerate(melds)}
    return shown


MELD_WIDTHS = (TABLE_W, 44, 40, 36, 32)  # the meld cards shrink to these while rows overflow
MELD_STEP = 0.45  # a meld's cards overlap: each stands this many card widths from the last


def meld_slots(rect: pygame.Rect, melds, owners_order: list[int]) -> Placed:
    """The melds on the table: one row (wrapping) per owner in ``owners_order``, with cards
    as large as ``MELD_WIDTHS`` allows while every row stays on the table (``card_w``).
    When two columns side by side hold larger cards than one (five or six seats with
    melds), or no width keeps one column on the table, the rows stand in two columns, each
    half the table's width with its own label strip, the owners in order down the first
    column, then down the second; the cards again as large as fits."""
    one = None
    for width in MELD_WIDTHS:
        placed = _meld_rows(rect, melds, owners_order, width)
        if _overflow(placed, rect) == 0:
            one = placed
            break
    if one is not None and one.card_w == MELD_WIDTHS[0]:
        return one
    tried = [placed]
    owners = [o for o in owners_order if any(m.owner == o for m in melds)]
    if len(owners) > 1:
        half = (len(owners) + 1) // 2  # (the first column takes the odd owner)
        splits = sorted(range(1, len(owners)), key=lambda k: (abs(k - half), -k))
        for width in MELD_WIDTHS:
            if one is not None and width <= one.card_w:
                break  # (one column holds cards as large: it stays)
            for k in splits:  # as even as fits: an owner with long rows may need a column
                placed = _meld_columns(rect, melds, owners[:k], owners[k:], width)
                if _overflow(placed, rect) == 0:
                    return placed  # larger cards than one column allows (five seats' rows
                tried.append(placed)  # of 32 px cards beside an empty half table: pt90)
    if one is not None:
        return one
    # Not even two columns of the smallest cards stay on the table (very many melds):
    # the layout that spills least, the larger cards of equals.
    return min(tried, key=lambda p: (_overflow(p, rect), -p.card_w))


def _overflow(placed: Placed, rect: pygame.Rect) -> int:
    """How far ``placed`` spills out of the table ``rect`` (0: it keeps within): below
    its foot, or a meld too long for its column past that column's right edge."""
    return max(0, placed.bottom - (rect.bottom - 4), placed.spill)


def _meld_columns(rect: pygame.Rect, melds, first: list[int], second: list[int],
                  card_w: int) -> Placed:
    """The rows of ``first`` down the left half of the table, those of ``second`` down
    the right half (as ``_meld_rows`` lays each out)."""
    left = pygame.Rect(rect.x, rect.y, rect.width // 2, rect.height)
    right = pygame.Rect(left.right, rect.y, rect.right - left.right, rect.height)
    placed = Placed(card_w=card_w, columns=[left, right])
    for column, owners in ((left, first), (right, second)):
        part = _meld_rows(column, melds, owners, card_w)
        placed.slots.update(part.slots)
        placed.meld_rects.update(part.meld_rects)
        placed.owner_rows += part.owner_rows
        placed.owner_left.update(part.owner_left)
        placed.bottom = max(placed.bottom, part.bottom)
        placed.spill = max(placed.spill, part.spill)
    return placed


def _meld_rows(rect: pygame.Rect, melds, owners_order: list[int], card_w: int) -> Placed:
    placed = Placed(card_w=card_w, columns=[rect])
    _, h = card_size(card_w)
    step = card_w * MELD_STEP
    rows: dict[int, list[int]] = {}
    for i, meld in enumerate(melds):
        rows.setdefault(meld.owner, []).append(i)
    gap = 8 if card_w == TABLE_W else 5
    y = rect.y + 26 + h / 2
    for owner in [o for o in owners_order if o in rows]:
        placed.owner_rows.append((owner, y))
        placed.owner_left[owner] = rect.x
        x = rect.x + OWNER_LABEL_W
        for i in rows[owner]:
            n = len(melds[i].cards)
            width = card_w + step * (n - 1)
            if x + width > rect.right - 6 and x > rect.x + OWNER_LABEL_W:
                x = rect.x + OWNER_LABEL_W
                y += h + gap - 2
            placed.slots[f"meld_{i}"] = [(x + card_w / 2 + k * step, y, 0.0, 300 + k)
                                         for k in range(n)]
            placed.meld_rects[i] = pygame.Rect(round(x), round(y - h / 2), round(width), h)
            placed.spill = max(placed.spill, round(x + width) - (rect.right - 6))
            x += width + 12
        placed.bottom = round(y + h / 2)
        y += h + gap
    return placed


def cut_strip(table: pygame.Rect) -> pygame.Rect:
    """The pack spread along the table while the person cuts."""
    return pygame.Rect(table.x + 40, table.centery - 40, table.width - 80, 80)
