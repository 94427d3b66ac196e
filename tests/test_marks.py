"""Last-move marks (scenes.marks): kept per seat until that seat starts a new turn, following
their cards, hidden when a card is buried or gone."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs.components import Sprite, Transform, Tweens, ZOrder
from ecs.world import SceneWorld
from scenes.marks import LastMoves


@pytest.fixture
def world():
    w = SceneWorld("marks")
    yield w
    w.destroy()


def card(x, y, z=1.0):
    return esper.create_entity(Transform(x, y), Sprite(pygame.Surface((40, 60))), ZOrder(z))


def record_calls(monkeypatch, module, name: str, keep=lambda text, result: (text, result)):
    """What every call of ``module.name(surface, text, ...)`` from now on drew: by default
    (words, rect), or what ``keep(words, rect)`` makes of them (the table tests use it too)."""
    drawn: list = []
    real = getattr(module, name)

    def recording(surface, text, *args, **kwargs):
        result = real(surface, text, *args, **kwargs)
        drawn.append(keep(text, result))
        return result

    monkeypatch.setattr(module, name, recording)
    return drawn


def record_tags(monkeypatch) -> list[pygame.Rect]:
    """Where every last-move tag drawn from now on stands, in drawing order."""
    import scenes.marks as marks_module

    return record_calls(monkeypatch, marks_module, "_tag", keep=lambda _text, rect: rect)


def drawn_box(ent: int) -> pygame.Rect:
    """An entity's box as drawn now, in whole pixels."""
    from ecs.input import entity_rect

    rect = entity_rect(esper.component_for_entity(ent, Transform),
                       esper.component_for_entity(ent, Sprite))
    return pygame.Rect(*(round(v) for v in rect))


def test_a_seats_marks_last_until_it_starts_a_new_turn(world):
    marks = LastMoves()
    a, b = card(100, 100), card(300, 100)
    marks.moved(0)
    marks.entities(0, [a], "Seat 1")
    marks.moved(0)  # the same turn goes on (a draw, then a discard): both stay
    marks.entities(0, [b], "Seat 1")
    marks.moved(1)
    marks.place(1, pygame.Rect(500, 500, 64, 64), shape="circle")
    assert len(marks.marks[0]) == 2 and len(marks.marks[1]) == 1
    marks.moved(0)  # seat 0 plays again: its old marks go, seat 1's stay
    assert 0 not in marks.marks and len(marks.marks[1]) == 1


def test_marks_follow_their_cards_and_go_with_them(world):
    marks = LastMoves()
    a = card(100, 100)
    marks.entities(0, [a])
    assert marks.boxes(0)[0].center == (100, 100)
    esper.component_for_entity(a, Transform).x = 400  # it glides elsewhere
    assert marks.boxes(0)[0].center == (400, 100)
    esper.delete_entity(a, immediate=True)  # into a hidden hand
    assert marks.boxes(0) == []


def test_a_buried_card_is_not_outlined(world):
    marks = LastMoves()
    under = card(100, 100, z=1)
    marks.entities(0, [under])
    top = card(103, 102, z=2)  # the next discard, almost on top of it
    assert marks.boxes(0) == []
    esper.component_for_entity(top, Transform).x = 160  # fanned: most of it shows again
    assert marks.boxes(0)


def test_a_meld_is_outlined_as_one_box_and_drawn_in_the_seat_colour(world):
    pygame.font.init()
    marks = LastMoves(lambda seat: (250, 0, 0))
    ents = [card(100 + 25 * k, 200, z=k) for k in range(3)]
    marks.entities(2, ents, "Seat 3")
    (box,) = marks.boxes(2)
    assert box.left == 80 and box.right == 170
    surface = pygame.Surface((400, 400))
    marks.draw(surface)
    assert surface.get_at((box.left - 3, box.centery))[:3] == (250, 0, 0)


def test_tags_cover_neither_each_other_nor_the_words_kept_clear(app, monkeypatch):
    """Two seats' marks on the same cards (a meld laid off on): the second tag moves along the
    edge; a tag whose place is a zone's label goes elsewhere (issue 11: nothing overlaps)."""
    surface = pygame.Surface((400, 300))
    drawn = record_tags(monkeypatch)
    marks = LastMoves()
    marks.place(0, pygame.Rect(100, 100, 60, 90), "Seat 1")
    marks.place(1, pygame.Rect(104, 100, 60, 90), "Seat 2")
    label = pygame.Rect(100, 86, 80, 18)
    marks.draw(surface, keep_clear=[label])
    assert len(drawn) == 2
    assert not drawn[0].colliderect(drawn[1])
    assert not any(tag.colliderect(label) for tag in drawn)


def test_a_tag_moved_off_a_label_stands_right_beside_it(app, monkeypatch):
    """A tag pushed along its edge by a zone's label slides only as far as it must: it stays
    next to its card instead of jumping a whole tag's width."""
    surface = pygame.Surface((400, 300))
    drawn = record_tags(monkeypatch)
    marks = LastMoves()
    marks.place(0, pygame.Rect(100, 100, 60, 90), "Seat 1")
    label = pygame.Rect(60, 86, 90, 18)  # the zone's label, over the tag's first spot
    marks.draw(surface, keep_clear=[label])
    assert not drawn[0].colliderect(label)
    assert drawn[0].bottom <= 110  # still on the top edge
    assert 0 <= drawn[0].left - label.right < 4


def test_a_tag_with_no_free_spot_stands_where_it_covers_least(app, monkeypatch):
    """Crowded tables (Chắn's live-card pill, panels and other tags all around): a tag with
    nowhere free went back to its first spot, over the pill; it now covers as little as it can."""
    surface = pygame.Surface((400, 300))
    drawn = record_tags(monkeypatch)
    marks = LastMoves()
    marks.place(0, pygame.Rect(100, 100, 60, 90), "Seat 1")
    top_row = pygame.Rect(0, 70, 400, 40)  # every spot along the top edge
    sliver = pygame.Rect(0, 190, 400, 3)  # a thin strip across the bottom edge's spots
    marks.draw(surface, keep_clear=[top_row, sliver])
    assert len(drawn) == 1
    assert not drawn[0].colliderect(top_row)
    assert drawn[0].clip(sliver).height <= 3


def test_a_card_taken_over_loses_the_other_seats_mark(world):
    """A discard another seat takes (Chắn's capture and chíu, Telefunken's buy) is that seat's
    now: the discarder's mark on it goes (it would say the discarder put it there)."""
    marks = LastMoves()
    discard, other, partner = card(100, 100), card(300, 100), card(500, 100)
    marks.moved(0)
    marks.entities(0, [discard], "Seat 1")
    marks.entities(0, [other], "Seat 1")
    marks.moved(1)
    taken = marks.entities(1, [discard, partner], "Seat 2")
    marks.taken_over(1, taken)
    assert [m.entities for m in marks.marks[0]] == [(other,)]  # its other mark stays
    assert [m.entities for m in marks.marks[1]] == [(discard, partner)]
    marks.taken_over(1, None)  # nothing was marked (the card is not there any more)
    assert len(marks.marks[0]) == 1 and len(marks.marks[1]) == 1


def test_cards_flying_together_are_outlined_once_they_have_landed(world):
    """A pair or meld whose cards come from different places (one from a gate across the
    table, one from a hand) is not outlined while they fly: their joint box would span the
    table (seen in Chắn). One flying card is still followed."""
    from ecs.tween import move_to

    marks = LastMoves()
    far, near = card(900, 300, z=1), card(200, 100, z=2)
    marks.entities(0, [far, near])
    move_to(far, 250, 100, 0.4)
    assert marks.boxes(0) == []
    esper.component_for_entity(far, Tweens).items.clear()  # landed beside the other
    esper.component_for_entity(far, Transform).x = 250
    esper.component_for_entity(far, Transform).y = 100
    (box,) = marks.boxes(0)
    assert box.width < 200
    alone = card(500, 500, z=3)
    marks.entities(1, [alone])
    move_to(alone, 600, 500, 0.4)
    assert marks.boxes(1)  # a single card's outline goes with it


def test_a_tag_can_prefer_the_bottom_edge(world, monkeypatch):
    """A card on a pile fanned downwards: its top edge lies over the corners of the cards
    beneath, so its tag stands on its bottom edge (and still moves to avoid the words)."""
    pygame.font.init()
    drawn = record_tags(monkeypatch)
    marks = LastMoves()
    top, foot = card(100, 100), card(300, 100)
    marks.entities(0, [top], "Seat 1")
    marks.entities(1, [foot], "Seat 2", tag_at="bottom")
    marks.draw(pygame.Surface((400, 300)))
    assert drawn[0].centery < 100 - 20 and drawn[1].centery > 100 + 20
    drawn.clear()
    # the bottom edge taken by words: the tag goes back to the top edge
    marks.draw(pygame.Surface((400, 300)), keep_clear=[pygame.Rect(250, 115, 100, 30)])
    assert drawn[1].centery < 100 - 20


def test_a_newer_mark_covering_an_older_one_of_the_same_turn_replaces_it(world):
    """Chắn: a card revealed from the stock (marked "You") and then captured into a pair
    (marked "You" around both cards) wore two tags saying the same thing."""
    marks = LastMoves()
    revealed, partner, other = card(100, 100), card(130, 100), card(300, 100)
    marks.moved(0)
    marks.entities(0, [revealed], "You")
    marks.entities(0, [other], "You")
    marks.entities(0, [revealed, partner], "You")
    assert [m.entities for m in marks.marks[0]] == [(other,), (revealed, partner)]
    marks.entities(1, [partner], "Seat 2")  # another seat's marks are its own
    assert len(marks.marks[0]) == 2 and len(marks.marks[1]) == 1


def test_an_older_mark_the_newer_one_covers_is_not_drawn_twice(world, app, monkeypatch):
    """Zetema: a flush shown (six cards, five of them back in the hidden hand), then one of
    its cards discarded: the pile card wore two tags of the same seat, one over its index."""
    surface = pygame.Surface((400, 300))
    drawn = record_tags(monkeypatch)
    shown, gone = card(100, 100), card(300, 100)
    esper.component_for_entity(gone, Sprite).visible = False  # back in the hidden hand
    marks = LastMoves()
    marks.moved(1)
    marks.entities(1, [shown, gone], "Seat 2")  # the flush declared
    marks.entities(1, [shown], "Seat 2", tag_at="bottom")  # then a card of it discarded
    marks.draw(surface)
    assert len(drawn) == 1
    assert drawn[0].centery > 100  # the discard's own tag, at the card's foot


def test_a_card_partly_under_the_next_is_outlined_where_it_shows(world):
    """A gate's older card, covered from the right by newer ones, was outlined whole: the
    seat's colour ran down across the live card on top of it."""
    marks = LastMoves()
    older, newer = card(100, 100, z=1.0), card(125, 100, z=2.0)  # 40 wide: 25 px show
    marks.moved(0)
    marks.entities(0, [older], "Seat 1")
    box = marks.boxes(0)[0]
    assert box == pygame.Rect(80, 70, 25, 60)  # the strip left of the newer card
    assert not box.colliderect(drawn_box(newer))
    card(100, 150, z=3.0)  # and from below, across its width (a pile fanned downwards)
    assert marks.boxes(0)[0] == pygame.Rect(80, 70, 25, 50)


class _CountedSpots(list):
    """A list of spots that counts how many of them were looked at."""

    looked = 0

    def __iter__(self):
        for spot in super().__iter__():
            self.looked += 1
            yield spot


def test_the_tag_search_stops_at_the_first_free_spot(app):
    """Chắn lists about a hundred spots a tag and a hundred rects to weigh: weighing every
    spot cost about 7 ms a tag, 25 ms a frame with four tags (frames of 30 ms at the table).
    The first spot that covers nothing is taken without weighing the rest; with none free,
    the one that covers least, as before."""
    from scenes.marks import _tag

    surface = pygame.Surface((400, 300))
    spots = _CountedSpots(pygame.Rect(10 + 4 * k, 10, 50, 16) for k in range(100))
    busy = [pygame.Rect(0, 0, 40, 40)] * 50  # over the first spots (listed fifty times)
    tag = _tag(surface, "Seat 1", (200, 40, 40), spots, busy)
    assert tag == pygame.Rect(42, 10, 50, 16)  # the first spot clear of it
    assert spots.looked == 9
    crowded = [pygame.Rect(0, 0, 1000, 20), pygame.Rect(0, 0, 200, 30)]
    spots = _CountedSpots(pygame.Rect(10 + 4 * k, 10, 50, 16) for k in range(100))
    tag = _tag(surface, "Seat 1", (200, 40, 40), spots, crowded)
    assert tag == pygame.Rect(202, 10, 50, 16)  # the first of those covering least
    assert spots.looked == 100  # none free: every spot weighed


@pytest.mark.parametrize("shape", ["rect", "circle"])
def test_an_outline_and_its_tag_have_a_dark_rim_over_a_white_card(app, world, shape):
    """Seat 3's silver outline and tag, across a white card, could not be told from the card
    (pt103): a dark hairline runs on either side of every outline and round every tag."""
    from scenes import marks as marks_module
    from scenes.marks import MARK_RIM, SEAT_COLOURS

    world.activate()
    surface = pygame.Surface((300, 300))
    surface.fill((250, 250, 250))  # a white card under it all
    silver = SEAT_COLOURS[2]
    marks = LastMoves()
    marks.place(2, pygame.Rect(100, 100, 80, 80), shape=shape)
    marks.draw(surface)
    y = 140  # across the outline's left side, at mid-height
    row = [tuple(surface.get_at((x, y)))[:3] for x in range(85, 105)]
    stroke = [i for i, c in enumerate(row) if c == silver]
    assert stroke, row
    assert row[stroke[0] - 1] == MARK_RIM and row[stroke[-1] + 1] == MARK_RIM, row
    surface.fill((250, 250, 250))
    tag = marks_module._tag(surface, "Seat 3", silver, [pygame.Rect(50, 50, 60, 20)])
    assert tuple(surface.get_at((tag.centerx, tag.top - 1)))[:3] == MARK_RIM
    assert tuple(surface.get_at((tag.left - 1, tag.centery)))[:3] == MARK_RIM
