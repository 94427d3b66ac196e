"""Where the Zetema cards go: sizes, drawing order and the slots of the hand, the meld zone,
the rank piles and the marriage pile. Pure geometry from the layout map's zones
(``assets/maps/zetema.tmx``); each slot is ``(x, y, angle, z)``."""

from __future__ import annotations

import pygame

from scenes.fan import fan

HAND_W = 90
PILE_W = 64
MELD_W = 76
PILE_STEP = 20
PILE_RISE = 5  # a king or queen that may be taken rises this much under the pointer: the
# card beneath keeps its rank in view (risen 12 px, only 3 px of it showed, pt103)
MELD_BUTTONS_W = 190  # the right part of the meld zone holds Meld and Clear
MARRIAGE_W = 48  # a step of 18 shows its index (rank over suit) clear of the next outline
MARRIAGE_STEP = 18
MARRIAGE_LABEL_H = 22  # the marriage pile's label ("Marriages · 2") over its cards
MARRIAGE_KING_UP = 14  # a marriage's king stands this much above its queen: its index shows
MARRIAGE_SUITS_H = 20  # the row of the marriages' suits at the foot of the marriage pile

Z_PILE, Z_MARRIAGE, Z_STOCK, Z_MELD, Z_HAND, Z_FLY, Z_FX = 100, 200, 300, 400, 500, 900, 90_000

Slot = tuple[float, float, float, float]


def hand_zone(hand: pygame.Rect) -> pygame.Rect:
    return hand.inflate(-20, -40)


def hand_slots(hand: pygame.Rect, count: int) -> list[Slot]:
    """The hand fanned across its zone, left to right."""
    spots = fan(hand_zone(hand), count, HAND_W, max_step=HAND_W + 6, arc=5)
    return [(x, y + 14, angle, Z_HAND + i) for i, (x, y, angle) in enumerate(spots)]


def hand_index(hand: pygame.Rect, count: int, x: float) -> int:
    """Where a card let go at ``x`` goes among ``count`` others of the hand."""
    slots = fan(hand_zone(hand), count + 1, HAND_W, max_step=HAND_W + 6)
    step = slots[1][0] - slots[0][0] if len(slots) > 1 else 0
    return sum(1 for sx, _, _ in slots[1:] if sx - step / 2 < x)


def meld_slots(zone: pygame.Rect, count: int, rtl: bool = False) -> list[Slot]:
    """The cards in the meld zone, in a row below its prompt, beside its buttons (which
    stand at the end of the reading direction: right, or left in a right-to-left language)."""
    area = pygame.Rect(zone.x + 10, zone.y + 36, zone.width - MELD_BUTTONS_W, zone.height - 40)
    if rtl:
        area.right = zone.right - 10
    return [(x, y, 0.0, Z_MELD + i) for i, (x, y, _) in enumerate(fan(area, count, MELD_W,
                                                                       MELD_W + 6))]


def pile_slot(pile: pygame.Rect, rank: int, i: int) -> Slot:
    """The ``i``-th card of a rank pile: fanned downwards so every card shows, the first
    one low enough that the tag marking a seat's last discard leaves the header readable."""
    return (pile.centerx, pile.y + 76 + i * PILE_STEP, 0.0, Z_PILE + rank * 8 + i)


def marriage_slot(rect: pygame.Rect, i: int, count: int) -> Slot:
    """The ``i``-th of the ``count`` cards of the marriage pile: each marriage (its king,
    the queen on it) lies on the one before it a step to the right, so that every marriage
    laid shows a strip with its index (rank over suit): which suit, and where a seat's
    last-move outline goes while a later marriage covers the rest. Smaller cards than the
    piles', unturned and in one row (a heap of cards a pixel apart hid all but the last
    marriage), centred in the zone below its label; the steps narrow as marriages come, so
    the five a deal can hold stay in the zone. Each king stands ``MARRIAGE_KING_UP`` above
    its queen, its index showing over hers (lying exactly under her, the king was hidden:
    a player looked for it). Below the heap, the row of the marriages' suits
    (``MARRIAGE_SUITS_H``)."""
    pairs = max(1, (count + 1) // 2)
    room = rect.width - 8 - MARRIAGE_W
    step = min(MARRIAGE_STEP, room // (pairs - 1)) if pairs > 1 else 0
    left = rect.centerx - (MARRIAGE_W + step * (pairs - 1)) // 2
    top = rect.y + MARRIAGE_LABEL_H
    bottom = rect.bottom - MARRIAGE_SUITS_H
    y = top + (bottom - top) // 2 + MARRIAGE_KING_UP // 2  # (the queen's centre)
    return (left + MARRIAGE_W // 2 + (i // 2) * step,
            y - (MARRIAGE_KING_UP if i % 2 == 0 else 0), 0.0, Z_MARRIAGE + i)


def marriage_suits_row(rect: pygame.Rect) -> pygame.Rect:
    """The strip at the foot of the marriage pile's zone ``rect`` where each marriage's suit
    stands, in the order of the heap: at five marriages each showed a strip of 13 px, under
    a last move's outline less, too narrow to read its suit (a play-tester saw only the top
    marriage)."""
    return pygame.Rect(rect.x + 4, rect.bottom - MARRIAGE_SUITS_H, rect.width - 8,
                       MARRIAGE_SUITS_H - 3)


def opponent_index(viewer: int, seat: int, players: int) -> int:
    """Which of the top zones (``opp_1``...) a seat sits in: turn order after the viewer."""
    order = [(viewer + k) % players for k in range(1, players)]
    return order.index(seat) + 1 if seat in order else 1
