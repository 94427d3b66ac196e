"""Zetema: the last-move tags on the rank piles never hide a pile card's index.

Every card on a pile shows its rank and suit: a covered card the strip above the next one,
the top card its corner (rank over suit). A seat's tag stands at its discard's foot, on the
cards above it; the tags are recorded as they are drawn in a real frame of the table.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

import scenes.marks as marks_module
from game import i18n
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.rules import zetema as rules
from game.session import Session
from scenes.zetema_table import ZetemaTable, perform
from tests.test_marks import drawn_box, record_calls

H, AI = Seat("human"), Seat("ai", "easy")
# the card art's index (tools/make_cards.py, 200 x 280 master): rank and suit within the
# left 54 px and the top 123 px
INDEX_W, INDEX_H = 54 / 200, 123 / 200


def readable_parts(table) -> list[tuple[str, pygame.Rect]]:
    """What of each pile card must stay readable: the strip of a covered card above the
    next card, the index in the top card's corner."""
    table.world.activate()
    out = []
    for pile in table.piles:
        boxes = [(code, drawn_box(e)) for code, e in pile]
        for (code, card), above in zip(boxes, boxes[1:] + [None]):
            if above is not None:
                out.append((code, pygame.Rect(card.x, card.y, card.width,
                                              above[1].top - card.top)))
            else:
                out.append((code, pygame.Rect(card.x, card.y, round(card.width * INDEX_W),
                                              round(card.width * INDEX_H))))
    return out


def tags_of_a_frame(drive, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    drawn = record_calls(monkeypatch, marks_module, "_tag")
    drive.step()
    tags = list(drawn)
    monkeypatch.undo()
    return tags


def assert_no_index_hidden(table, tags) -> None:
    for label, tag in tags:
        for code, part in readable_parts(table):
            assert not tag.colliderect(part), f"{label}'s tag {tag} hides {code} at {part}"


def start(app, seats, hands, piles=None, dealer=None):
    config = GameConfig("zetema", seats, 3, {"double": "S"})
    piles = {r: list((piles or {}).get(r, [])) for r in rules.RANKS}
    used = Counter(c for h in hands for c in h) + Counter(c for p in piles.values() for c in p)
    stock = list((Counter(rules.deck("S")) - used).elements())
    state = rules.load({"players": len(seats), "dealer": len(seats) - 1 if dealer is None
                        else dealer, "to_move": 0, "phase": "meld",
                        "hands": [list(h) for h in hands], "stock": stock, "piles": piles,
                        "marriage_pile": [], "scores": [0] * len(seats)})
    drive = Driver(app)
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table, drive


def lift_cover(drive, table) -> None:
    if table.curtain:
        drive.lift_cover(table)
    assert not table.curtain


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_four_seats_tags_on_one_pile_leave_every_index_readable(app, monkeypatch, language,
                                                                lang):
    """Four people lay the four sevens: the first seat's tag, at the foot of the bottom
    card, stood on the top card's corner and hid its suit (three cards above it). Then the
    covered cards' tags stood on the newer cards and named them: now each seat's card keeps
    its outline (in the seat's colour) and only the top card, whole in view, its tag."""
    language(lang)
    hands = [["7C", "3C", "9D", "10H", "QD", "6C", "AH"],
             ["7D", "3H", "5C", "8S", "9S", "JS", "KH"],
             ["7H", "3D", "4C", "8C", "9C", "JC", "KC"],
             ["7S", "2H", "4D", "8D", "9H", "JD", "KD"]]
    table, drive = start(app, (H, H, H, H), hands)
    for code in ("7C", "7D", "7H", "7S"):
        lift_cover(drive, table)
        perform(drive, table, f"discard {code}")
        drive.settle(900)
    assert [c for c, _ in table.piles[rules.RANK_INDEX["7"]]] == ["7C", "7D", "7H", "7S"]
    assert table.curtain  # the first person's turn again: every seat's discard still marked
    tags = tags_of_a_frame(drive, monkeypatch)
    assert [label for label, _ in tags] == [table.seat_name(3)]
    assert_no_index_hidden(table, tags)
    pile = table.layout["pile_7"].rect
    table.world.activate()
    top = table.piles[rules.RANK_INDEX["7"]][-1][1]
    assert tags[0][1].colliderect(drawn_box(top).inflate(8, 8))  # on its own card
    assert pile.inflate(12, 0).contains(tags[0][1])  # ... and on its pile
    cards = [drawn_box(e) for _, e in table.piles[rules.RANK_INDEX["7"]]]
    for seat, card in enumerate(cards):  # every seat's card still outlined where it shows
        (box,) = table.marks.boxes(seat)
        assert box.topleft == card.topleft and box.height <= card.height


def test_a_flush_then_its_discard_leaves_one_outline_and_one_tag(app, monkeypatch):
    """You declare a flush and discard one of its cards: the flush's outline followed its
    other cards back into your hand (one frame from the pile to the hand) and its tag stood
    on the discard's top edge, over the card beneath."""
    hands = [["2S", "4S", "5S", "8S", "9S", "JS", "KH"],
             ["7D", "3H", "5C", "8D", "9H", "JD", "KD"]]
    table, drive = start(app, (H, AI), hands, piles={"2": ["2H", "2D"]})
    perform(drive, table, "meld flush 2S 4S 5S 8S 9S JS")
    drive.settle(900)
    assert table.state.phase == "discard"
    perform(drive, table, "discard 2S")
    drive.settle(900)
    assert table.session.moves[:2] == ["meld flush 2S 4S 5S 8S 9S JS", "discard 2S"]
    table.world.activate()
    discard = table.piles[rules.RANK_INDEX["2"]][-1][1]
    assert table.marks.boxes(0) == [drawn_box(discard)]
    tags = [t for t in tags_of_a_frame(drive, monkeypatch) if t[0] == "You"]
    assert len(tags) == 1
    assert_no_index_hidden(table, tags)


def test_the_other_seats_flush_and_discard_wear_one_tag_between_people(app, monkeypatch):
    """Between people: Seat 2's flush, then its discard on the pile where Seat 1's card
    lies: Seat 2's discard wore two tags, the flush's on its top edge over Seat 1's card."""
    hands = [["2D", "3C", "7D", "10H", "QD", "6C", "AH"],
             ["2S", "4S", "5S", "8S", "9S", "JS", "KH"]]
    table, drive = start(app, (H, H), hands, piles={"2": ["2H"]}, dealer=1)
    lift_cover(drive, table)
    perform(drive, table, "discard 2D")
    drive.settle(900)
    lift_cover(drive, table)
    perform(drive, table, "meld flush 2S 4S 5S 8S 9S JS")
    drive.settle(900)
    perform(drive, table, "discard 2S")
    drive.settle(900)
    assert table.curtain and table.viewer == 0
    table.world.activate()
    pile = table.piles[rules.RANK_INDEX["2"]]
    assert [c for c, _ in pile] == ["2H", "2D", "2S"]
    assert table.marks.boxes(1) == [drawn_box(pile[-1][1])]
    tags = tags_of_a_frame(drive, monkeypatch)
    assert [label for label, _ in tags] == ["Seat 2"]  # Seat 1's card, covered: outline only
    assert table.marks.boxes(0)
    assert_no_index_hidden(table, tags)
