"""Last-move marks: what each seat did last stays outlined on the table until it moves again.

Every game table has a ``LastMoves`` (``GameTable.marks``). When a seat starts a new turn
(it moves and the move before was another seat's) its old marks go; the table's animation
code then marks what the move did, either things on the table (``entities``: a discarded
card, the cards of a meld; the outline of one card follows it as it glides, the outline of
several appears once they have landed, and it disappears with them)
or a fixed place (``place``: the ring a marble was taken from, a removed ring).

Marks are drawn above the table's pieces and below its panels, in the seat's colour, with
an optional short tag ("Seat 3", "put") so several seats' last moves can be told apart. A
card buried under another card (a discard covered by the next one) is not outlined: the
mark would frame the card on top; a card partly under others laid across it from a side
(a row overlapping left to right, a pile fanned downwards) is outlined where it shows,
without its tag (which lay on the newer card and named it; the seat's colour says whose).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import esper
import pygame

from ecs.components import Selected, Sprite, Transform, ZOrder
from ecs.input import entity_rect
from ecs.tween import travelling
from scenes import theme

# the seats' colours: red, blue, silver, violet, cyan, pink; none the gold of the seat to play
# and of the places a card may go (Seat 4's gold outline looked like a second lit panel), nor
# the hint's green (Seat 3's was green: a hinted buy of its discard looked like its own mark)
SEAT_COLOURS = ((236, 96, 84), (96, 156, 240), (222, 226, 232), (194, 126, 226),
                (84, 204, 204), (240, 120, 184))
MARK_RIM = (24, 32, 28)  # a dark hairline on either side of an outline and round a tag: a
# light seat colour (Seat 3's silver) stood out on the felt but not across a white card (pt103)
BURIED = 0.8  # a card this much covered by one drawn above it is not outlined
CROSS_ARM = 9  # half the width of a "cross" mark (where something was taken off the table)


@dataclass
class Mark:
    """Outline ``entities`` (their joint box) or a fixed ``rect``; ``shape`` "rect"/"circle",
    or "cross" (a small cross at its centre: a place taken off the table, where an outline
    would read as something still there); ``dashed`` for a place where something no longer
    is; ``tag_at`` the edge its tag prefers ("top"; "bottom" where the top edge lies over
    other cards' corners, as on a pile fanned downwards; "top_far" where the bottom edge
    carries words the tag would hide, as Tổ Tôm cards' names: farther along the top edge,
    past a zone's label, before the bottom)."""

    entities: tuple[int, ...] = ()
    rect: pygame.Rect | None = None
    shape: str = "rect"
    label: str = ""
    dashed: bool = False
    tag_at: str = "top"


class LastMoves:
    """The marks of every seat's last turn. ``colour(seat)`` picks each seat's colour.
    ``whole(mark)`` names the marks drawn whole (cards of a hand fanned out, each lying
    across part of the last): outlined around their whole cards, never only the strip in
    view, with their tag kept, and the tag on its own card: along its edge only as far as
    the tag's middle stays over the card, not slid off it over other cards (two tagged
    cards side by side: the second tag goes to its card's other edge, or, if that too is
    taken, where it covers least of the other tag). By default no mark is."""

    def __init__(self, colour: Callable[[int], tuple[int, int, int]] | None = None,
                 whole: Callable[[Mark], bool] | None = None) -> None:
        self.colour = colour or (lambda seat: SEAT_COLOURS[seat % len(SEAT_COLOURS)])
        self.whole = whole or (lambda mark: False)
        self.marks: dict[int, list[Mark]] = {}
        self._last_seat: int | None = None
        self.tags_drawn: list[pygame.Rect] = []  # where the last drawing put its tags

    # -- recording ---------------------------------------------------------------------
    def moved(self, seat: int, goes_on: bool = False) -> None:
        """``seat`` made a move: if it starts a new turn, its previous marks go (not if it
        ``goes_on`` its last turn, though other seats moved since)."""
        if seat != self._last_seat and not goes_on:
            self.marks.pop(seat, None)
        self._last_seat = seat

    def entities(self, seat: int, ents: Iterable[int], label: str = "",
                 shape: str = "rect", tag_at: str = "top") -> Mark | None:
        """Mark things on the table (one outline around all of them); the mark, if any."""
        ents = tuple(e for e in ents if e is not None)
        if not ents:
            return None
        # a mark of this turn on cards the new one covers says the same again (a card
        # revealed, then captured into a pair): the new one replaces it
        kept = [m for m in self.marks.get(seat, []) if not m.entities or not set(m.entities)
                <= set(ents)]
        if seat in self.marks:
            self.marks[seat] = kept
        mark = Mark(ents, None, shape, label, tag_at=tag_at)
        self.marks.setdefault(seat, []).append(mark)
        return mark

    def place(self, seat: int, rect: pygame.Rect, label: str = "", shape: str = "rect",
              dashed: bool = False, arriving: Iterable[int] = ()) -> None:
        """Mark a fixed place on the table; its tag waits for the ``arriving`` pieces (on
        their way to it) to land there."""
        self.marks.setdefault(seat, []).append(
            Mark(tuple(arriving), pygame.Rect(rect), shape, label, dashed))

    def cards(self, seat: int, sync, zone: str, codes: Iterable[str],
              label: str = "", tag_at: str = "top") -> Mark | None:
        """Mark the cards ``codes`` of a ``scenes.card_sync.CardSync`` zone (the last of each
        code there: the one just arrived); the mark, or None if none of them is there."""
        have = list(sync.entities(zone))
        ents = []
        for code in codes:
            match = next((p for p in reversed(have) if p[0] == code), None)
            if match is not None:
                have.remove(match)
                ents.append(match[1])
        return self.entities(seat, ents, label, tag_at=tag_at)

    def clear(self) -> None:
        self.marks.clear()
        self._last_seat = None

    def taken_over(self, seat: int, mark: Mark | None) -> None:
        """``seat``'s new ``mark`` is on things another seat's marks were on (a discard it
        took or bought): those marks go, since they would follow the things into ``seat``'s
        place and say the other seat put them there."""
        if mark is None:
            return
        self.forget(mark.entities, [other for other in self.marks if other != seat])

    def forget(self, ents: Iterable[int], seats: Iterable[int]) -> None:
        """The marks of ``seats`` on any of ``ents`` go."""
        ents = set(ents)
        for seat in seats:
            marks = self.marks.get(seat)
            if marks is not None:
                marks[:] = [m for m in marks if not set(m.entities) & ents]

    def drop(self, ents: Iterable[int], seats: Iterable[int]) -> None:
        """``ents`` leave the marks of ``seats`` (the rest of each mark stays): a card that
        went from a marked place into someone's hand (a joker taken off a meld) would
        stretch the outline of the meld it left across the table."""
        ents = set(ents)
        for seat in seats:
            marks = self.marks.get(seat)
            if not marks:
                continue
            kept = []
            for mark in marks:
                if set(mark.entities) & ents:
                    left = tuple(e for e in mark.entities if e not in ents)
                    if not left:
                        continue
                    mark = Mark(left, mark.rect, mark.shape, mark.label, mark.dashed,
                                mark.tag_at)
                kept.append(mark)
            marks[:] = kept

    # -- queries -----------------------------------------------------------------------
    def boxes(self, seat: int) -> list[pygame.Rect]:
        """Where ``seat``'s marks are drawn now (marks with nothing left to show omitted)."""
        out = []
        pieces = _Pieces()
        for mark in self.marks.get(seat, []):
            box = self._box(mark, pieces)
            if box is not None:
                out.append(box)
        return out

    def _box(self, mark: Mark, pieces: _Pieces | None = None,
             whole: bool = False) -> pygame.Rect | None:
        """Where ``mark`` is drawn now (``pieces``: the table as looked at for this drawing):
        its cards as far as they show, or ``whole`` (where its tag is placed from)."""
        if mark.rect is not None:
            return mark.rect
        whole = whole or self.whole(mark)
        pieces = pieces or _Pieces()
        if len(mark.entities) > 1 and any(map(travelling, mark.entities)):
            return None  # cards still flying together: their joint box would span the table
        ents = mark.entities
        if len(ents) > 1:  # a card picked up out of a marked group leaves the mark with the
            ents = [e for e in ents if not _lifted(e)] or ents  # rest (it stretched up to
            # the pointer, across the piles, pt103)
        boxes = []
        for ent in ents:
            box = pieces.shown_box(ent, whole)
            if box is not None:
                boxes.append(box)
        return boxes[0].unionall(boxes[1:]) if boxes else None

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, keep_clear: Iterable[pygame.Rect] = (),
             hidden: Iterable[int] = ()) -> None:
        """Outline every mark; tags stand where they cover neither another tag nor the
        table's words in ``keep_clear`` (zone labels). Marks on ``hidden`` entities (a
        hand under the cover), on chosen ones alone (``Selected``) or on lifted ones alone
        (a card picked up: its seat's tag followed it under the pointer) are not drawn."""
        hidden = set(hidden)
        self.tags_drawn = []
        # a thing the person has chosen shows their choice's outline, not a seat's mark on
        # it alone (the top discard chosen to buy it kept the blue outline of the seat that
        # threw it, the choice's outline unseen beneath); a mark around more stays
        chosen = {ent for ent, _ in esper.get_component(Selected)}
        taken = [pygame.Rect(r) for r in keep_clear]
        pieces = _Pieces()  # (it looks at the table only when a mark needs it)
        tags: list[tuple[str, tuple[int, int, int], pygame.Rect, str, bool]] = []
        for seat, marks in self.marks.items():
            colour = self.colour(seat)
            later: list[pygame.Rect] = []
            drawn = []
            for mark in reversed(marks):  # the newest first: an older mark it covers says
                if hidden and hidden & set(mark.entities):
                    continue
                if chosen and mark.entities and set(mark.entities) <= chosen:
                    continue
                if mark.entities and all(_lifted(ent) for ent in mark.entities):
                    continue
                box = self._box(mark, pieces)  # nothing more (a card shown, then discarded)
                if box is None or any(b.contains(box) for b in later):
                    continue
                later.append(box)
                drawn.append((mark, box))
            for mark, box in reversed(drawn):
                whole = self._box(mark, pieces, whole=True) or box
                box, whole = box.inflate(8, 8), whole.inflate(8, 8)
                if mark.shape == "circle":
                    radius = min(box.size) // 2
                    if mark.dashed:
                        _dashed_circle(surface, colour, box.center, radius)
                    else:
                        pygame.draw.circle(surface, MARK_RIM, box.center, radius + 1, 5)
                        pygame.draw.circle(surface, colour, box.center, radius, 3)
                elif mark.shape == "cross":
                    x, y = box.center
                    for dx in (-CROSS_ARM, CROSS_ARM):
                        pygame.draw.line(surface, colour, (x - dx, y - CROSS_ARM),
                                         (x + dx, y + CROSS_ARM), 4)
                else:
                    pygame.draw.rect(surface, MARK_RIM, box.inflate(2, 2), 5, border_radius=9)
                    pygame.draw.rect(surface, colour, box, 3, border_radius=8)
                if mark.label and box == whole and not any(  # a card partly covered by a
                        travelling(e) for e in mark.entities):  # newer one keeps its outline
                    # without a tag: the tag lay on the newer card and named it, and its
                    # visible strip is the card's index (kept readable); a card on its way
                    # gets its tag where it lands (it crossed the table's words, or waited
                    # inside the box it goes to, over the card it would cover)
                    tags.append((mark.label, colour, whole, mark.tag_at, self.whole(mark)))
        bounds = surface.get_rect()
        for label, colour, box, edge, own in tags:  # above every outline: no line crosses
            spots = self.tag_spots(label, box, edge, bounds)  # a tag
            if own:  # on its own card, not slid off it over others
                spots = on_card(spots, box)
            if not spots:  # (a table left no spot: the outline stands without its tag)
                continue
            taken.append(_tag(surface, label, colour, spots,
                              self.tag_avoids(taken, label, box, bounds)))
            self.tags_drawn.append(taken[-1])

    def tag_spots(self, label: str, box: pygame.Rect, edge: str,
                  bounds: pygame.Rect) -> list[pygame.Rect]:
        """Where the tag ``label`` of the outline ``box`` may stand, best first (``_tag``
        takes the first that covers nothing, else the one that covers least): on the mark's
        ``edge`` (top or bottom), centred, else slid along that edge (up to a tag's width and
        a little, nearest first), else on the other edge, else farther along the top;
        "top_far" slides three times as far along the top before it tries the bottom edge.
        Only spots inside ``bounds``. A table may narrow them (to none: no tag is drawn)."""
        return tag_spots(label, box, edge, bounds)

    def tag_avoids(self, taken: list[pygame.Rect], label: str, box: pygame.Rect,
                   bounds: pygame.Rect) -> list[pygame.Rect]:
        """What the tag ``label`` of the outline ``box`` counts as covered where it stands
        (``_tag`` puts it where it covers nothing of these, else least): the words to keep
        clear and the tags already drawn. A table may weigh them, or add places of its
        own (a listed rect counts once per time it is listed)."""
        return taken


def drawn_box(ent: int) -> pygame.Rect | None:
    """The box the entity is drawn in (rotation aside), or None if it is gone, hidden or
    nearly transparent."""
    if not esper.entity_exists(ent):
        return None
    transform = esper.try_component(ent, Transform)
    sprite = esper.try_component(ent, Sprite)
    if transform is None or sprite is None or not sprite.visible or transform.alpha < 40:
        return None
    return pygame.Rect(*(round(v) for v in entity_rect(transform, sprite)))


class _Pieces:
    """The pieces on the table as drawn now, looked at once per drawing of the marks: which
    could bury a marked one (visible, nearly opaque), with their boxes and heights."""

    def __init__(self) -> None:
        self._covers: list[tuple[int, float, pygame.Rect]] | None = None

    def shown_box(self, ent: int, whole: bool = False) -> pygame.Rect | None:
        """The entity's drawn box as far as it shows (``whole``: all of it), or None if it
        is gone, hidden or buried under another."""
        box = drawn_box(ent)
        if box is None:
            return None
        order = esper.try_component(ent, ZOrder)
        z = order.z if order else 0.0
        area = max(1, box.width * box.height)
        if self._covers is None:
            self._covers = [(other, o.z, pygame.Rect(*(round(v) for v in entity_rect(t, s))))
                            for other, (t, s, o) in esper.get_components(Transform, Sprite, ZOrder)
                            if s.visible and t.alpha >= 200]
        shown = box.copy()
        for other, other_z, rect in self._covers:
            if other == ent or other_z <= z:
                continue
            over = box.clip(rect)
            if over.width * over.height >= BURIED * area:
                return None
            # a card above it across its whole height, from its right or left: the outline
            # frames the strip still in view, not lines across the card on top
            over = shown.clip(rect)
            if over.width and over.height >= shown.height:
                if over.right >= shown.right and over.left > shown.left:
                    shown.width = over.left - shown.left
                elif over.left <= shown.left and over.right < shown.right:
                    shown.width, shown.left = shown.right - over.right, over.right
            elif over.height and over.width >= shown.width:  # (a pile fanned downwards)
                if over.bottom >= shown.bottom and over.top > shown.top:
                    shown.height = over.top - shown.top
                elif over.top <= shown.top and over.bottom < shown.bottom:
                    shown.height, shown.top = shown.bottom - over.bottom, over.bottom
        return box if whole else shown


def _dashed_circle(surface: pygame.Surface, colour, centre, radius: int) -> None:
    """A ring of short arcs: the place where something was."""
    box = pygame.Rect(0, 0, radius * 2, radius * 2)
    box.center = centre
    for k in range(12):
        start = k * 2 * 3.14159 / 12
        pygame.draw.arc(surface, colour, box, start, start + 0.3, 3)


def tag_spots(text: str, box: pygame.Rect, edge: str = "top",
              bounds: pygame.Rect | None = None) -> list[pygame.Rect]:
    """Where a tag may stand by default, best first (``LastMoves.tag_spots``)."""
    top = _tag_words(text).get_rect(midbottom=(box.centerx, box.top + 6)).inflate(TAG_PAD)
    step = top.width + 4
    bottom = top.move(0, box.height - 2 - top.height // 2 + 4)
    if edge == "bottom":
        rows = ((bottom, 0, step), (top, 0, step), (top, step, 2 * step))
    elif edge == "top_far":
        rows = ((top, 0, 3 * step), (bottom, 0, step))
    else:
        rows = ((top, 0, step), (bottom, 0, step), (top, step, 2 * step))
    spots = [s for row in rows for s in _along(*row)]
    return [s for s in spots if bounds is None or bounds.contains(s)] or [top]


def on_card(spots: list[pygame.Rect], box: pygame.Rect) -> list[pygame.Rect]:
    """Of ``spots`` (best first), those whose middle stands over ``box`` (a tag on its own
    card, along either edge); the first of them if none does."""
    return [s for s in spots if box.left <= s.centerx <= box.right] or spots[:1]


def _tag(surface: pygame.Surface, text: str, colour, spots: list[pygame.Rect],
         taken: list[pygame.Rect] = ()) -> pygame.Rect:
    """A small label at the first of ``spots`` that covers none of the ``taken`` rects
    (other tags, labels), else where it covers least of them. Returns where it was drawn."""
    img = _tag_words(text)
    tag, least = spots[0], None
    for spot in spots:  # (the first that covers nothing ends the search: a table can list
        cover = covered(spot, taken)  # a hundred spots and a hundred rects to weigh)
        if least is None or cover < least:
            tag, least = spot, cover
            if not cover:
                break
    pygame.draw.rect(surface, MARK_RIM, tag.inflate(2, 2), border_radius=7)
    pygame.draw.rect(surface, colour, tag, border_radius=6)
    theme.put(surface, img, img.get_rect(center=tag.center))
    return tag


def draw_card_tag(surface: pygame.Surface, text: str, colour, ent: int,
                  edge: str = "bottom") -> pygame.Rect | None:
    """A tag on the card ``ent`` at ``edge``, in the marks' look (not while the card is
    held or gone); where it was drawn, or None."""
    box = drawn_box(ent)
    if box is None or _lifted(ent):
        return None
    return _tag(surface, text, colour, tag_spots(text, box, edge)[:1])


def covered(spot: pygame.Rect, taken: list[pygame.Rect]) -> int:
    """How many pixels of ``taken`` (each rect as often as it is listed) ``spot`` covers."""
    total = 0
    for k in spot.collidelistall(taken):
        over = spot.clip(taken[k])
        total += over.width * over.height
    return total


TAG_PAD = (10, 4)  # a tag is its words and this much more, across and down


def _tag_words(text: str) -> pygame.Surface:
    return theme.text(text, 12, (20, 20, 24), "bold")


def tag_width(text: str) -> int:
    """How wide the tag ``text`` is drawn."""
    return _tag_words(text).get_width() + TAG_PAD[0]


def tag_size(text: str) -> tuple[int, int]:
    """The size of the tag ``text``'s words (in the font and size of the language now)."""
    return _tag_words(text).get_size()


def _along(rect: pygame.Rect, near: int, far: int, grain: int = 4) -> list[pygame.Rect]:
    """``rect`` slid sideways by ``near`` < d <= ``far`` pixels (d = 0 included when ``near``
    is 0), in steps of ``grain``, nearest first, right before left."""
    out = [rect] if near == 0 else []
    for d in range(grain, far + 1, grain):
        if d > near:
            out += [rect.move(d, 0), rect.move(-d, 0)]
    return out


def _lifted(ent: int) -> bool:
    """Is ``ent`` picked up (dragged, or on its way back from a drag)?"""
    t = esper.try_component(ent, Transform) if esper.entity_exists(ent) else None
    return t is not None and t.lift > 0.01
