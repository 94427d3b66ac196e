"""Where the Chắn cards go: the hand grouped in pairs, gates in a row, shown pairs in groups.

Pure geometry: each function returns slots ``(x, y, angle, z)`` for the card sync. Every
gate and shown-pairs box keeps a strip at its top for its label (``LABEL_H``).
"""

from __future__ import annotations

from collections import Counter

import pygame

from game.totom_art import totom_size

HAND_W, GATE_W, EXPOSED_W, WIN_W = 44, 34, 28, 40
RESULTS_W = 30  # the pairs of a winning hand on the results screen
LABEL_H = 18
MODES = ("pairs", "rank", "suit")

Slot = tuple[float, float, float, float]


def card_key(card: str) -> tuple[int, int]:
    if card == "CC":
        return (10, 0)
    return (int(card[0]), "MSC".index(card[-1]))


def group_hand(cards: list[str], mode: str = "pairs") -> list[list[str]]:
    """The hand in groups for display: Chắn pairs (three of a card together, the two of a
    chíu to come; or, when the third makes a Cạ with a card of another suit left over, the
    pair and that Cạ side by side), then Cạ pairs, then singles ("pairs"); or one group per
    rank ("rank") or per suit ("suit")."""
    order = sorted(cards, key=card_key)
    if mode == "rank":
        groups: dict[str, list[str]] = {}
        for c in order:
            groups.setdefault("CC" if c == "CC" else c[0], []).append(c)
        return list(groups.values())
    if mode == "suit":
        by_suit: dict[str, list[str]] = {}
        for c in sorted(cards, key=lambda c: ("MSCX".index(c[-1] if c != "CC" else "X"), c)):
            by_suit.setdefault("CC" if c == "CC" else c[-1], []).append(c)
        return list(by_suit.values())
    left = Counter(order)
    chan_pairs: list[list[str]] = []
    thirds: list[str] = []  # the third of three identical cards: a Cạ with another suit?
    for face in sorted(left, key=card_key):
        if left[face] == 3:
            thirds.append(face)
            left[face] = 0
        while left[face] >= 2:
            left[face] -= 2
            chan_pairs.append([face, face])
        if face in thirds:
            chan_pairs.append([face, face])
    singles = sorted(left.elements(), key=card_key)
    ca_pairs = _ca_pairs(singles)  # loose cards first, then a third to pair with one left
    rest = [c for c in singles if not any(c in pair for pair in ca_pairs)]
    more = _ca_pairs(sorted(thirds + rest, key=card_key), only_with=set(thirds))
    rest = [c for c in rest if not any(c in pair for pair in more)]
    for face in thirds:  # the third beside its pair: in its Cạ, or with it (never apart)
        where = chan_pairs.index([face, face]) + 1
        ca = next((pair for pair in more if face in pair), None)
        if ca is None:
            chan_pairs[where - 1].append(face)
        elif ca not in chan_pairs:
            chan_pairs.insert(where, ca)
    return chan_pairs + ca_pairs + [[c] for c in rest]


def _ca_pairs(cards: list[str], only_with: set[str] | None = None) -> list[list[str]]:
    """Cạ pairs among ``cards`` (same rank, other suits, never Chi Chi), in order; with
    ``only_with``, only pairs holding one of those faces."""
    pairs: list[list[str]] = []
    used: set[int] = set()
    for i, a in enumerate(cards):
        if i in used or a == "CC":
            continue
        for j in range(i + 1, len(cards)):
            b = cards[j]
            if (j not in used and b != "CC" and b[0] == a[0] and b[-1] != a[-1]
                    and (only_with is None or {a, b} & only_with)):
                used |= {i, j}
                pairs.append([a, b])
                break
    return pairs


def inner(rect: pygame.Rect) -> pygame.Rect:
    """A labelled box less its label strip: where its cards go."""
    return pygame.Rect(rect.x, rect.y + LABEL_H, rect.width, rect.height - LABEL_H)


def hand_slots(rect: pygame.Rect, groups: list[list[str]]) -> list[Slot]:
    """The hand along the bottom of ``rect``: cards of a group close, groups apart."""
    inner_step, outer_step = 27.0, 44.0  # (closer when the hand would not fit)
    n = sum(len(g) for g in groups)
    width = HAND_W + inner_step * (n - len(groups)) + outer_step * max(0, len(groups) - 1)
    if width > rect.width - 20:
        scale = (rect.width - 20 - HAND_W) / max(1.0, width - HAND_W)
        inner_step, outer_step = inner_step * scale, outer_step * scale
        width = rect.width - 20
    x = rect.centerx - width / 2 + HAND_W / 2
    y = rect.bottom - totom_size(HAND_W)[1] / 2 - 6
    out: list[Slot] = []
    for group in groups:
        for k, _ in enumerate(group):
            out.append((x, y, 0.0, 600 + len(out)))
            x += inner_step if k < len(group) - 1 else outer_step
    return out


def row(rect: pygame.Rect, count: int, width: int, z: float) -> list[Slot]:
    """A gate: its cards overlapping left to right (the top card, the live one, last)."""
    area = inner(rect)
    step = min(width * 0.62, (area.width - width - 12) / max(1, count - 1))
    x0 = area.x + 8 + width / 2
    y = area.centery
    return [(x0 + i * step, y, 0.0, z + i) for i in range(count)]


TAG_ROOM = 18  # between rows of shown pairs: a last-move tag stands there, over no card


def pairs(rect: pygame.Rect, sizes: list[int], width: int, z: float,
          rtl: bool = False) -> list[Slot]:
    """Groups of 2 or 4 cards side by side, wrapping into rows inside ``rect``: rows apart
    by ``TAG_ROOM`` when the box is tall enough (a tag on a pair of a lower row covers no
    card name above it), else closer, each row still within the box. ``rtl``: the groups
    go from the right edge leftwards, as the caption and the reading do (each group's own
    cards keep their order: pt110)."""
    height = totom_size(width)[1]
    overlap = width * 0.55
    rows: list[list[int]] = []
    x = rect.x + 6
    for size in sizes:
        span = width + overlap * (size - 1)
        if not rows or (x + span > rect.right - 4 and rows[-1]):
            rows.append([])
            x = rect.x + 6
        rows[-1].append(size)
        x += span + 6
    step = height + TAG_ROOM
    if len(rows) > 1:
        step = min(step, max(30.0, (rect.height - 8 - height) / (len(rows) - 1)))
    out: list[Slot] = []
    for r, row in enumerate(rows):
        x, y = rect.x + 6 + width / 2, rect.y + 4 + height / 2 + r * step
        for size in row:
            span = width + overlap * (size - 1)
            left = rect.right - 6 - (x - width / 2 - rect.x - 6) - span if rtl else x - width / 2
            for k in range(size):
                out.append((left + width / 2 + k * overlap, y, 0.0, z + len(out)))
            x += span + 6
    return out


def win_row(rect: pygame.Rect, sizes: list[int], width: int, z: float) -> list[Slot]:
    """A winning hand in one row centred at the top of ``rect``: the cards of a group
    overlapping, groups a little apart, both closer when the row would not fit (ten pairs,
    or fewer groups with a chíu's four, never overlap another group)."""
    height = totom_size(width)[1]
    gap = 6.0
    covered = sum(sizes) - len(sizes)  # cards partly under the next one of their group
    fixed = len(sizes) * width + gap * max(0, len(sizes) - 1)
    overlap = width * 0.55
    room = rect.width - 8
    if fixed + overlap * covered > room:
        # the overlap shrinks first, a group keeps at least a third of each card in view
        overlap = max(width / 3, (room - fixed) / max(1, covered))
    span = fixed + overlap * covered
    x = rect.centerx - span / 2 + width / 2
    y = rect.y + height / 2
    out: list[Slot] = []
    for size in sizes:
        for k in range(size):
            out.append((x + k * overlap, y, 0.0, z + len(out)))
        x += width + overlap * (size - 1) + gap
    return out


def visible_rect(slots: list[Slot], index: int) -> pygame.Rect:
    """The part of hand card ``index`` not covered by the next card (drop target, grip)."""
    x, y, _, _ = slots[index]
    w, h = totom_size(HAND_W)
    left = x - w / 2
    right = slots[index + 1][0] - w / 2 if index + 1 < len(slots) else x + w / 2
    return pygame.Rect(round(left), round(y - h / 2), max(4, round(right - left)), h)
