"""The last-move marks of the Chắn table (``scenes.marks`` draws them): each seat's colour
is none of the live card's gold, and each tag stays inside the box its cards lie in (a gate,
shown pairs, the winning hand: never over another seat's box, nor on its rim) and beside its
own outline (over the card it marks, or as near to it as the tags and words already there
allow; not three cards along, where it would seem to name another card), a little apart
from the boxes' captions ("Shown pairs", "Gate": a tag on the newest pair sat on their
last letters).

The marks are drawn by ``LastMoves.draw``; the Chắn table chooses each tag's place itself
(``tag_spots`` hands ``scenes.marks`` the one spot chosen, by ``scenes.marks``' own rule:
the first of its spots, centred on the outline's top edge, slid along it, else on its bottom
edge, that covers nothing it must keep clear of, else the one covering least), with what
lies outside its box and far along its edge counted as covered (``tag_avoids``), and
remembers where each tag stood (``tags_drawn``: the card-name label keeps clear of them).
Where several seats' marks outline the very same card (a card discarded or revealed, then
left by the next seat, whose own revealed card is marked too) one of them is drawn, unless
that would leave another seat with nothing in view (``shadowed``): the tags stood side by
side past the card, the one over the card in the colour of an outline hidden under the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from scenes.marks import LastMoves, Mark, covered, tag_width

# red, blue, green, violet: the fourth seat's is not the gold of the live card and its glow
COLOURS = ((236, 96, 84), (96, 156, 240), (112, 204, 122), (194, 126, 226))
# what a tag covers counts by its area times: words (a label, a card's name, the "live card"
# pill, another tag) WORDS, the outside of its box HARD, its edge's row far from its outline 1;
# a caption and the strip around it (CAPTION_GAP px) HARD more
WORDS, HARD = 3, 6
CAPTION_GAP = 4
RIM = 3  # a tag keeps this far inside its box's edge (it sat on the panel's border)


class ChanMarks(LastMoves):
    """``region(box)``: the rect a tag of the mark drawn at ``box`` stays inside, or None;
    ``captions()``: the boxes' captions a tag keeps a little apart from."""

    def __init__(self, region: Callable[[pygame.Rect], pygame.Rect | None],
                 captions: Callable[[], list[pygame.Rect]] | None = None) -> None:
        super().__init__(lambda seat: COLOURS[seat % len(COLOURS)])
        self.region = region
        self.captions = captions or list
        self.tags_drawn: list[pygame.Rect] = []  # where the last drawing put its tags
        self._taken: list[pygame.Rect] = []  # words to keep clear and the tags so far
        self._near_captions: list[pygame.Rect] = []
        self._yield: dict[str, str] = {}  # tag -> the tag it leaves the place over its card

    def draw(self, surface: pygame.Surface, keep_clear: Iterable[pygame.Rect] = (),
             hidden: Iterable[int] = ()) -> None:
        keep = [pygame.Rect(r) for r in keep_clear]
        self._taken = list(keep)
        self._near_captions = [c.inflate(2 * CAPTION_GAP, 2 * CAPTION_GAP)
                               for c in self.captions()]
        self.tags_drawn = []
        dropped, self._yield = self.shadowed()
        saved = dict(self.marks)
        for seat, marks in dropped.items():
            self.marks[seat] = [m for m in saved[seat] if not any(m is d for d in marks)]
        try:
            super().draw(surface, keep, hidden)
        finally:
            self.marks.update(saved)

    def shadowed(self) -> tuple[dict[int, list[Mark]], dict[str, str]]:
        """Where marks of several seats outline the very same cards (one outline drawn over
        the other): the marks not drawn, by seat, and the tags that leave the place over
        the card to another's (tag -> the other tag). One mark is drawn: that of a seat
        with no other mark in view (its only one), else the oldest (the seat that put the
        card there: the others' own cards are marked too); if that would leave several
        seats with no mark in view, theirs are all drawn, the tag of the one drawn last
        (its outline is the one seen) over the card, the others beside it."""
        groups: dict[frozenset[int], list[tuple[int, Mark]]] = {}
        for seat, marks in self.marks.items():
            for mark in marks:
                if mark.entities:
                    groups.setdefault(frozenset(mark.entities), []).append((seat, mark))
        dropped: dict[int, list[Mark]] = {}
        yields: dict[str, str] = {}
        for same in groups.values():
            if len({seat for seat, _ in same}) < 2:
                continue
            alone = [(seat, mark) for seat, mark in same if not any(
                other is not mark and self._box(other) is not None
                for other in self.marks[seat])]
            kept = alone if len(alone) > 1 else [(alone or same)[0]]
            for seat, mark in same:
                if not any(mark is k for _, k in kept):
                    dropped.setdefault(seat, []).append(mark)
            for _seat, mark in kept[:-1]:
                yields[mark.label] = kept[-1][1].label
        return dropped, yields

    def tag_spots(self, label: str, box: pygame.Rect, edge: str,
                  bounds: pygame.Rect) -> list[pygame.Rect]:
        """The one spot the tag ``label`` of the outline ``box`` takes: of ``scenes.marks``'
        spots, the first covering nothing of ``tag_avoids``, else the one covering least
        (a tag yielding the place over its card to another's counts that place covered)."""
        spots = super().tag_spots(label, box, edge, bounds)
        avoid = self.tag_avoids(self._taken, label, box, bounds)
        if label in self._yield:
            avoid += super().tag_spots(self._yield[label], box, edge, bounds)[:1] * WORDS
        best, least = spots[0], None
        for spot in spots:
            cover = covered(spot, avoid)
            if least is None or cover < least:
                best, least = spot, cover
                if not cover:
                    break
        self._taken.append(best)
        self.tags_drawn.append(best)
        return [best]

    def tag_avoids(self, taken: list[pygame.Rect], label: str, box: pygame.Rect,
                   bounds: pygame.Rect) -> list[pygame.Rect]:
        return taken * WORDS + self._near_captions * HARD + self.fence(label, box, bounds)

    def fence(self, label: str, box: pygame.Rect, bounds: pygame.Rect) -> list[pygame.Rect]:
        """What a tag of the outline ``box`` counts as covered besides words: all outside
        its region and its rim (weighing ``HARD``), and the strips of its edges' rows beyond
        half a tag's width from the outline (once: farther along, more of it)."""
        width = tag_width(label)
        band = pygame.Rect(bounds.x, box.top - 30, bounds.width, box.height + 60)
        near = pygame.Rect(box.left - width // 2, band.y, box.width + width // 2 * 2, band.height)
        out = [pygame.Rect(band.x, band.y, max(0, near.left - band.x), band.height),
               pygame.Rect(near.right, band.y, max(0, band.right - near.right), band.height)]
        region = self.region(box)
        if region is not None:
            region = region.inflate(-2 * RIM, -2 * RIM)
            outside = [pygame.Rect(bounds.x, bounds.y, bounds.width, region.top - bounds.y),
                       pygame.Rect(bounds.x, region.bottom, bounds.width,
                                   bounds.bottom - region.bottom),
                       pygame.Rect(bounds.x, region.top, region.left - bounds.x, region.height),
                       pygame.Rect(region.right, region.top, bounds.right - region.right,
                                   region.height)]
            out += [r for r in outside if r.width > 0 and r.height > 0] * HARD
        return out

