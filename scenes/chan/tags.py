"""The last-move marks of the Chắn table (``scenes.marks`` draws them): each seat's colour
is none of the live card's gold, and each tag stays inside the box its cards lie in (a gate,
shown pairs, the winning hand: never over another seat's box, nor on its rim), on its own
outline and never on another card (``own_spots``), over none of the "live card" pill, and a
little apart from the boxes' captions ("Shown pairs", "Gate": a tag on the newest pair sat on
their last letters).

A tag stands on its own outline: over the card (or pair) it marks, along its top edge or its
bottom one, or beside it where it covers no other card (past the newest pair, past the last
card of a gate). Sliding along a gate's top edge over older cards is not allowed: there a
tag seemed to name those cards (its place over the live card taken by the "live card" pill,
"Seat 4" stood over Ngũ Sách and Tứ Văn while Seat 4's card was the outlined Cửu Văn); it
goes to its card's bottom edge instead, beside the card's name where there is room.

The marks are drawn by ``LastMoves.draw``; the Chắn table chooses each tag's place itself
(``tag_spots`` hands ``scenes.marks`` the one spot chosen: of ``scenes.marks``' own spots,
centred on the outline's top edge, slid along it, else on its bottom edge, those on its own
outline (``own_spots``) and clear of the pill (``never``), the first that covers nothing it
must keep clear of, else the one covering least), with what lies outside its box and far
along its edge counted as covered (``tag_avoids``), and remembers where each tag stood
(``tags_drawn``: the card-name label keeps clear of them).

What is marked is the table's choice (``ChanTable.mark_move``): a card put in a gate keeps
the tag of the seat that put it there (its discard, its revealed stock card) whoever leaves
it afterwards; a seat passing a card marks nothing on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from scenes.marks import SEAT_COLOURS, LastMoves, covered, tag_size, tag_width

# the first four seats' colours of every table (red, blue, silver, violet): the fourth seat's
# is not the gold of the live card and its glow, the third's not the hint's green
COLOURS = SEAT_COLOURS[:4]
# what a tag covers counts by its area times: words (a label, a card's name, the "live card"
# pill, another tag) WORDS, the outside of its box HARD, its edge's row far from its outline 1;
# a caption and the strip around it (CAPTION_GAP px) HARD more
WORDS, HARD = 3, 6
CAPTION_GAP = 4
RIM = 3  # a tag keeps this far inside its box's edge (it sat on the panel's border)
TOUCH = 3  # a tag beside its card lies across its outline (3 px wide, 4 px off the card)
MEMO_KEPT = 256  # tags' places remembered (``ChanMarks._placed``)


def own_spots(spots: list[pygame.Rect], box: pygame.Rect,
              cards: list[pygame.Rect]) -> list[pygame.Rect]:
    """Of ``spots``, those on the outline ``box`` (its cards' box, a little wider) and on no
    other card: lying across the outline by ``TOUCH`` px or more, and either with their
    middle over the outline or covering none of ``cards`` (every card on the table) besides
    the outline's own (the cards inside it)."""
    others = [c for c in cards if not box.contains(c)]
    out = []
    for spot in spots:
        if spot.clip(box).width < TOUCH or not spot.colliderect(box):
            continue
        if box.left <= spot.centerx <= box.right or spot.collidelist(others) < 0:
            out.append(spot)
    return out


def inside(spot: pygame.Rect, region: pygame.Rect) -> pygame.Rect:
    """``spot`` moved up or down into ``region`` where it sticks out of its top or bottom
    (a few pixels: the foot of a gate's cards is the foot of the gate), if it fits."""
    if spot.height > region.height:
        return spot
    y = min(max(spot.y, region.y), region.bottom - spot.height)
    return spot.move(0, y - spot.y)


class ChanMarks(LastMoves):
    """``region(box)``: the rect a tag of the mark drawn at ``box`` stays inside, or None;
    ``captions()``: the boxes' captions a tag keeps a little apart from; ``card_boxes()``:
    where the table's cards are drawn (a tag stands on none but its own); ``never()``: what a tag
    covers none of while it has a place on its own outline clear of it (the "live card"
    pill)."""

    def __init__(self, region: Callable[[pygame.Rect], pygame.Rect | None],
                 captions: Callable[[], list[pygame.Rect]] | None = None,
                 card_boxes: Callable[[], list[pygame.Rect]] | None = None,
                 never: Callable[[], list[pygame.Rect]] | None = None) -> None:
        super().__init__(lambda seat: COLOURS[seat % len(COLOURS)])
        self.region = region
        self.captions = captions or list
        self.card_boxes = card_boxes or list  # (``cards`` marks a zone's cards)
        self.never = never or list
        self.tags_drawn: list[pygame.Rect] = []  # where the last drawing put its tags
        self._taken: list[pygame.Rect] = []  # words to keep clear and the tags so far
        self._near_captions: list[pygame.Rect] = []
        self._cards: list[pygame.Rect] = []
        self._never: list[pygame.Rect] = []
        # a tag's place, worked out again only when something near it changed (``_placed``):
        # (label, its words' size, box, edge, bounds, region) -> (its spots, their hull);
        # (that, what lies over the hull) -> the spot chosen
        self._spots_memo: dict[tuple, tuple] = {}
        self._chosen_memo: dict[tuple, pygame.Rect] = {}

    def draw(self, surface: pygame.Surface, keep_clear: Iterable[pygame.Rect] = (),
             hidden: Iterable[int] = ()) -> None:
        keep = [pygame.Rect(r) for r in keep_clear]
        self._taken = list(keep)
        self._near_captions = [c.inflate(2 * CAPTION_GAP, 2 * CAPTION_GAP)
                               for c in self.captions()]
        self._cards = [pygame.Rect(r) for r in self.card_boxes()]
        self._never = [pygame.Rect(r) for r in self.never()]
        self.tags_drawn = []
        super().draw(surface, keep, hidden)

    def tag_spots(self, label: str, box: pygame.Rect, edge: str,
                  bounds: pygame.Rect) -> list[pygame.Rect]:
        """The one spot the tag ``label`` of the outline ``box`` takes: of ``scenes.marks``'
        spots, those on its own outline (``own_spots``) clear of ``never`` (else those on
        its outline, else all of them), the first covering nothing of ``tag_avoids``, else
        the one covering least."""
        best = self._placed(label, box, edge, bounds)
        self._taken.append(best)
        self.tags_drawn.append(best)
        return [best]

    def _placed(self, label: str, box: pygame.Rect, edge: str,
                bounds: pygame.Rect) -> pygame.Rect:
        """``tag_spots``' choice, remembered: it depends on the tag, its outline and region,
        and on the cards, the pill, the words and the captions lying over its spots' hull
        (the fence around its box is a function of the tag, its box and its region), so it
        is chosen again only when one of those changed (a card flying past, a new tag
        beside it). Worked out every frame, the Chắn table's four tags cost 1-2.5 ms."""
        region = self.region(box)
        key = (label, tag_size(label), tuple(box), edge, tuple(bounds),
               None if region is None else tuple(region))
        known = self._spots_memo.get(key)
        if known is None:
            spots = super().tag_spots(label, box, edge, bounds)
            if region is not None:  # (a tag on a gate card's foot stood on the gate's rim)
                spots = [inside(spot, region.inflate(-2 * RIM, -2 * RIM)) for spot in spots]
            known = (spots, spots[0].unionall(spots[1:]))
            if len(self._spots_memo) > MEMO_KEPT:
                self._spots_memo.clear()
            self._spots_memo[key] = known
        spots, hull = known

        def near(rects: list[pygame.Rect]) -> tuple:
            return tuple(tuple(rects[k]) for k in hull.collidelistall(rects))

        chosen_key = (key, near(self._cards), near(self._never), near(self._taken),
                      near(self._near_captions))
        best = self._chosen_memo.get(chosen_key)
        if best is None:
            own = own_spots(spots, box, self._cards)
            clear = [s for s in own if s.collidelist(self._never) < 0]
            avoid = self.tag_avoids(self._taken, label, box, bounds)
            least = None
            for spot in clear or own or spots:
                cover = covered(spot, avoid)
                if least is None or cover < least:
                    best, least = spot, cover
                    if not cover:
                        break
            if len(self._chosen_memo) > MEMO_KEPT:
                self._chosen_memo.clear()
            self._chosen_memo[chosen_key] = best
        return pygame.Rect(best)

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
