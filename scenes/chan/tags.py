"""The last-move marks of the Chắn table (``scenes.marks`` draws them): each seat's colour
is none of the live card's gold, and each tag stays inside the box its cards lie in (a gate,
shown pairs, the winning hand: never over another seat's box) and beside its own outline
(over the card it marks, or as near to it as the tags and words already there allow; not
three cards along, where it would seem to name another card).

The marks are drawn by ``LastMoves.draw``; a tag is placed by ``scenes.marks``' own rule
(``_tag``: centred on the outline's top edge, slid along it, else on its bottom edge,
wherever it covers nothing it must keep clear of), with what lies outside its box and far
along its edge counted as covered (``tag_avoids``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.marks import LastMoves, tag_width

# red, blue, green, violet: the fourth seat's is not the gold of the live card and its glow
COLOURS = ((236, 96, 84), (96, 156, 240), (112, 204, 122), (194, 126, 226))
# what a tag covers counts by its area times: words (a label, a card's name, the "live card"
# pill, another tag) WORDS, the outside of its box HARD, its edge's row far from its outline 1
WORDS, HARD = 3, 6


class ChanMarks(LastMoves):
    """``region(box)``: the rect a tag of the mark drawn at ``box`` stays inside, or None."""

    def __init__(self, region: Callable[[pygame.Rect], pygame.Rect | None]) -> None:
        super().__init__(lambda seat: COLOURS[seat % len(COLOURS)])
        self.region = region

    def tag_avoids(self, taken: list[pygame.Rect], label: str, box: pygame.Rect,
                   bounds: pygame.Rect) -> list[pygame.Rect]:
        return taken * WORDS + self.fence(label, box, bounds)

    def fence(self, label: str, box: pygame.Rect, bounds: pygame.Rect) -> list[pygame.Rect]:
        """What a tag of the outline ``box`` counts as covered besides words: all outside
        its region (weighing ``HARD``), and the strips of its edges' rows beyond half a
        tag's width from the outline (once: farther along, more of it)."""
        width = tag_width(label)
        band = pygame.Rect(bounds.x, box.top - 30, bounds.width, box.height + 60)
        near = pygame.Rect(box.left - width // 2, band.y, box.width + width // 2 * 2, band.height)
        out = [pygame.Rect(band.x, band.y, max(0, near.left - band.x), band.height),
               pygame.Rect(near.right, band.y, max(0, band.right - near.right), band.height)]
        region = self.region(box)
        if region is not None:
            outside = [pygame.Rect(bounds.x, bounds.y, bounds.width, region.top - bounds.y),
                       pygame.Rect(bounds.x, region.bottom, bounds.width,
                                   bounds.bottom - region.bottom),
                       pygame.Rect(bounds.x, region.top, region.left - bounds.x, region.height),
                       pygame.Rect(region.right, region.top, bounds.right - region.right,
                                   region.height)]
            out += [r for r in outside if r.width > 0 and r.height > 0] * HARD
        return out
