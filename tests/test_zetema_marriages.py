"""Zetema: marriages on the table. The marriage pile stays a neat row with its tags inside
its zone, every marriage showing its index (and a seat's last-move outline while a later
marriage covers the rest); a king or queen taken from its rank pile leaves the card beneath
in its place, below the pile's header."""

from __future__ import annotations

from collections import Counter

import esper
import pygame
import pytest

import scenes.marks as marks_module
from ecs.components import Hoverable
from game.card_art import index_corner
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.i18n import set_language
from game.rules import zetema as rules
from game.session import Session
from scenes.zetema.layout import MARRIAGE_KING_UP
from scenes.zetema_table import ZetemaTable, perform
from tests.test_marks import drawn_box, record_calls

H, AI = Seat("human"), Seat("ai", "easy")


def start(app, seats, hands, piles=None, marriage=(), to_move=0):
    config = GameConfig("zetema", seats, 3, {"double": "S"})
    piles = {r: list((piles or {}).get(r, [])) for r in rules.RANKS}
    used = (Counter(c for h in hands for c in h) + Counter(c for p in piles.values() for c in p)
            + Counter(marriage))
    stock = list((Counter(rules.deck("S")) - used).elements())
    state = rules.load({"players": len(seats), "dealer": len(seats) - 1, "to_move": to_move,
                        "phase": "meld", "hands": [list(h) for h in hands], "stock": stock,
                        "piles": piles, "marriage_pile": list(marriage),
                        "scores": [0] * len(seats)})
    drive = Driver(app)
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table, drive


def play(drive, table, move):
    if table.curtain:
        drive.lift_cover(table)
    perform(drive, table, move)
    drive.settle(900)


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_second_seats_marriage_lies_neatly_on_the_pile_its_tag_inside(app, monkeypatch,
                                                                          language):
    """Three people and the computer: Seat 1 marries K♣ Q♣, Seat 3 K♠ and the Q♠ of the Q
    pile, over three marriages already made. The heap started again at its foot after eight
    cards: Seat 3's pair lay out of line, and its tag, pushed aside by Seat 1's, hung out of
    the zone's bottom-left edge. Now each marriage lies on the one before it a step to the
    right, inside the zone below its label, and every tag stands inside the zone, none on
    another (in Persian too: its wider tag stood across the zone's right edge)."""
    set_language(language)
    hands = [["KC", "QC", "3C", "9D", "10H", "6C", "AH"],
             ["7D", "3H", "5C", "8S", "9S", "JS", "2H"],
             ["KS", "3D", "4C", "8C", "9C", "JC", "7H"],
             ["7S", "2D", "4D", "8D", "9H", "JD", "10D"]]
    table, drive = start(app, (H, H, H, AI), hands, piles={"Q": ["QS"]},
                         marriage=["KH", "QH", "KD", "QD", "KS", "QS"])
    play(drive, table, "meld marriage KC QC")
    play(drive, table, "discard 3C")
    play(drive, table, "discard 3H")
    play(drive, table, "meld marriage KS QS@pile")
    assert table.session.moves[-1] == "meld marriage KS QS@pile"
    assert table.state.phase == "discard" and table.state.seat == 2
    drive.wait(0.5)
    zone = table.layout["marriage"].rect
    table.world.activate()
    assert len(table.marriage) == 10
    boxes = [drawn_box(e) for _, e in table.marriage]
    for below, above in zip(boxes[1::2], boxes[3::2]):  # each marriage right of the last
        assert below.centerx < above.centerx and below.centery == above.centery, (below, above)
    for king, queen in zip(boxes[0::2], boxes[1::2]):  # its king's index over its queen
        assert king.centerx == queen.centerx and king.top == queen.top - MARRIAGE_KING_UP
    for box in boxes:  # in the zone, below its label ("Marriages · 5")
        assert zone.contains(box) and box.top >= zone.y + 22, (box, zone)
    drawn = record_calls(monkeypatch, marks_module, "_tag")
    app.draw(app.screen)
    tags = [(label, tag) for label, tag in drawn
            if tag.colliderect(zone.inflate(40, 40))]  # (the marriage pile's tags)
    assert table.seat_name(2) in [label for label, _ in tags]
    for label, tag in tags:
        assert zone.contains(tag), (label, tag, zone)
    for (_, a), (_, b) in zip(tags, tags[1:]):
        assert not a.colliderect(b)


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_marriage_under_a_later_one_shows_its_suit_and_its_seats_outline(app, language):
    """Seat 1 marries K♣ Q♣, Seat 2 K♥ Q♥ (over a K♦ Q♦ of before). The second marriage lay
    exactly on the first: Q♣ could no longer be seen, and Seat 1's last move lost its
    outline. Now every marriage shows a strip with its index (rank over suit), no later card
    on it, and Seat 1's outline frames what shows of its Q♣; all in the zone, below its
    label, in Persian too."""
    set_language(language)
    hands = [["KC", "QC", "3C", "9D", "10H", "6C", "AH"],
             ["KH", "QH", "5C", "8S", "9S", "JS", "2H"]]
    table, drive = start(app, (H, H), hands, marriage=["KD", "QD"])
    play(drive, table, "meld marriage KC QC")
    play(drive, table, "discard 3C")
    play(drive, table, "meld marriage KH QH")
    drive.wait(0.5)
    table.world.activate()
    assert [c for c, _ in table.marriage] == ["KD", "QD", "KC", "QC", "KH", "QH"]
    zone = table.layout["marriage"].rect
    boxes = [drawn_box(e) for _, e in table.marriage]
    for box in boxes:
        assert zone.contains(box) and box.top >= zone.y + 22, (box, zone)
    for k in range(1, len(boxes), 2):  # each marriage's queen, on its king
        index = index_corner(boxes[k])
        for later in boxes[k + 1:]:
            assert not index.colliderect(later), (table.marriage[k], index, later)
    king_c, queen_c = boxes[2], boxes[3]
    for k in range(0, len(boxes), 2):  # each king's index shows above its queen
        assert boxes[k].top < boxes[k + 1].top and not any(
            pygame.Rect(boxes[k].x, boxes[k].y, 12, MARRIAGE_KING_UP).colliderect(later)
            for later in boxes[k + 1:]), table.marriage[k]
    outlines = [b for b in table.marks.boxes(0) if b.colliderect(zone)]
    assert len(outlines) == 1, table.marks.boxes(0)
    assert king_c.union(queen_c).contains(outlines[0]) and outlines[0].left == queen_c.left
    assert outlines[0].top == king_c.top  # (the whole marriage framed: its king too)
    assert outlines[0].width >= index_corner(queen_c).width
    assert [b for b in table.marks.boxes(1) if b.colliderect(zone)] == [
        boxes[4].union(boxes[5])]  # (the last marriage whole: its king and queen)


def test_the_queen_left_on_its_pile_rises_no_higher_than_the_header(app):
    """Q♥ clicked off the Q pile for a marriage: the Q♠ left beneath the pointer rose and
    covered the pile's header ("Q 1/5"). It still rises a little (it may be taken too: K♠
    is in the hand), and leaves the header readable."""
    hands = [["KH", "KS", "9D", "10H", "6C", "AH"],
             ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]]
    table, drive = start(app, (H, AI), hands, piles={"Q": ["QS", "QH"]})
    table.world.activate()
    queen = table.piles[rules.QUEEN][-1][1]
    drive.click(drive.center_of(queen))
    assert [t for t, _ in table.selection] == ["QH" + rules.PILE]
    left = table.piles[rules.QUEEN][0][1]
    header = max(box.bottom for box in table.pile_header(rules.QUEEN))
    assert drawn_box(left).collidepoint(drive.pos)  # the pointer rests on it
    for _ in range(40):
        drive.step()
        table.world.activate()
        assert drawn_box(left).top > header, (drawn_box(left), header)
    assert esper.component_for_entity(left, Hoverable).hovered
    assert 0 < esper.component_for_entity(left, Hoverable).raise_px


def test_only_a_pile_royal_that_marries_your_hand_rises_and_only_a_little(app):
    """A king or queen under the pointer rose 12 px onto the card beneath it (whose last-move
    outline then left 3 px of it: the two read as one card, pt103), even one that married
    nothing of the hand. Now only a king or queen whose partner is in your hand rises, by
    ``PILE_RISE``, and the card beneath keeps its rank in view."""
    from scenes.zetema.layout import PILE_RISE, PILE_STEP

    hands = [["QD", "3C", "9D", "10H", "6C", "AH"],
             ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]]
    table, drive = start(app, (H, AI), hands, piles={"K": ["KC", "KD", "KS"]})
    table.world.activate()
    pile = table.piles[rules.KING]
    rises = {code: esper.component_for_entity(ent, Hoverable).raise_px for code, ent in pile}
    assert rises == {"KC": 0, "KD": PILE_RISE, "KS": 0}  # only K♦ marries (Q♦ in the hand)
    king, beneath = pile[1][1], pile[0][1]
    drive.move((drive.center_of(king)[0], drawn_box(king).top + 6), steps=2)
    drive.step(40)
    table.world.activate()
    assert esper.component_for_entity(king, Hoverable).hovered
    assert drawn_box(king).top - drawn_box(beneath).top == PILE_STEP - PILE_RISE >= 14
