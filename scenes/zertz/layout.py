"""Where things stand on the Zertz table: rings from the Tiled map (``assets/maps/zertz.tmx``),
each player's supply and tray, the bag and the drawn marble, the row numbers.

Pure geometry over the loaded layout (``game.layout``): no entities, no drawing.
"""

from __future__ import annotations

import pygame

from game.rules import zertz as rules
from scenes import theme

TRAY_SCALE = 0.8  # captured marbles are a little smaller in the tray
TRAY_MARBLE_DY = 27  # a tray row's marbles sit this far below its caption
TRAY_FIRST_ROW = 42  # the first caption's centre, below the tray's title
TRAY_ROW_H = 50

Z_RING, Z_BOARD, Z_TRAY, Z_SUPPLY, Z_DRAWN = 0, 10, 20, 30, 40

Point = tuple[float, float]


def ring_center(layout, ring: str) -> tuple[int, int]:
    return layout[ring].rect.center


def ring_rect(layout, ring: str) -> pygame.Rect:
    return layout[ring].rect


def supply_spot(layout, seat: int, index: int) -> Point:
    """The ``index``-th piece of ``seat``'s supply: two rows of five under the name (from
    the right in a right-to-left language, as the name above them reads)."""
    rect = layout[f"supply_{seat}"].rect
    return _reading(rect, 33 + (index % 5) * 46), rect.y + 84 + (index // 5) * 48


def tray_row_y(layout, seat: int, row: int) -> int:
    """The y of a tray row's caption ("Grey: 2 points each   1/6"); its marbles sit below."""
    return layout[f"tray_{seat}"].rect.y + TRAY_FIRST_ROW + row * TRAY_ROW_H


def tray_spot(layout, seat: int, colour: str, index: int) -> Point:
    """The ``index``-th captured marble of ``colour`` in ``seat``'s tray, under its caption."""
    rect = layout[f"tray_{seat}"].rect
    row = rules.COLOURS.index(colour)
    return _reading(rect, 30 + index * 36), tray_row_y(layout, seat, row) + TRAY_MARBLE_DY


def _reading(rect: pygame.Rect, offset: int) -> int:
    """``offset`` from the edge of ``rect`` where a line starts: the left, or the right in a
    right-to-left language."""
    return rect.right - offset if theme.rtl() else rect.x + offset


def row_label_spots(layout) -> list[tuple[int, Point]]:
    """Where the row numbers go: before the first and after the last ring of each row.

    Ring d4 is the 4th ring of column d counted from the bottom; the rings with one
    number form a line that falls from column a to d and rises from d to g, so each
    number is written at both ends of its line, along the board's left and right edges.
    """
    spots = []
    a1, b1 = ring_center(layout, "a1"), ring_center(layout, "b1")
    dx, dy = (b1[0] - a1[0]) * 0.62, (b1[1] - a1[1]) * 0.62
    for number in range(1, 8):
        row = sorted(r for r in rules.RINGS if int(r[1:]) == number)
        first, last = ring_center(layout, row[0]), ring_center(layout, row[-1])
        spots.append((number, (first[0] - dx, first[1] - dy)))
        if row[-1] != row[0]:  # (the top row is d7 alone: one number over it, not two)
            spots.append((number, (last[0] + dx, last[1] - dy)))
    return spots


def column_label_spots(layout) -> list[tuple[str, Point]]:
    """The column letters, under the lowest ring of each column (as in the move log)."""
    out = []
    for letter in "abcdefg":
        bottom = layout[f"{letter}1"].rect
        out.append((letter, (bottom.centerx, bottom.bottom + 4)))
    return out


def bag_panel(layout) -> pygame.Rect:
    """The panel behind the bag, its counts and the drawn marble."""
    bag = layout["bag"].rect
    return pygame.Rect(bag.x - 60, bag.y - 4, bag.width + 160, bag.height + 8)


def panels(layout) -> list[pygame.Rect]:
    """Every panel on the table: the seats' supplies and trays, the log, the status, the bag's."""
    return [layout[zone].rect for zone in ("supply_0", "tray_0", "supply_1", "tray_1", "log",
                                           "status")] + [bag_panel(layout)]


def drawn_spot(layout) -> Point:
    """Where a marble drawn from the bag waits to be put on a ring."""
    rect = layout["bag"].rect
    return rect.right + 40, rect.centery


def bag_spot(layout) -> Point:
    rect = layout["bag"].rect
    return rect.x + 40, rect.centery
