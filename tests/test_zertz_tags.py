"""Where the Zertz table's "took · put" tag stands (a play-tester's report): next to its own
ring (not beside the next one), inside the board area, clear of every panel (the seats'
supplies and trays with a seat's turn outline, the log, the status, the bag's), in English
and in Persian (wider words: the tag slid onto the captured-marbles panel)."""

from __future__ import annotations

import pygame
import pytest

import scenes.marks as marks_module
from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import zertz as rules
from game.session import Session
from scenes.zertz import layout as geo
from scenes.zertz import words
from scenes.zertz_table import ZertzTable, perform
from tests.test_marks import record_calls

HOT_SEAT = GameConfig("zertz", (Seat("human"), Seat("human")), 7, {"first": 0})

# (the ring taken from and put on, the pieces)
CASES = [
    ("a2", {"a1": 0, "d5": 1}),  # the tag slid onto Red's tray (Persian)
    ("a1", {"a2": 0, "a3": 1, "d5": 1}),
    ("f4", {"g3": 0, "f3": 1}),  # it stood beside the empty g4
    ("g4", {"g3": 0, "f4": 1}),  # next to Blue's panels
    ("g1", {"g2": 0, "f1": 1}),
    ("d7", {"d6": 0, "c6": 1, "e6": 1}),  # under the bag
    ("d1", {"d2": 0, "c1": 1, "e1": 1}),
]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def took_and_put(app, drive, monkeypatch, ring: str, pieces: dict) -> tuple[ZertzTable, list]:
    """A table where Red took the marble on ``ring`` and put the drawn one back there, and
    the tags drawn on it (words, rect)."""
    marbles = {ring: "white", "d4": "grey"}
    held = {c: 6 - list(marbles.values()).count(c) for c in rules.COLOURS}
    state = rules.load({"marbles": marbles, "pieces": pieces, "to_move": 0,
                        "bag": [c for c in ("grey", "black", "white") for _ in range(held[c])]})
    table = ZertzTable(app, HOT_SEAT, Session(HOT_SEAT, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    perform(drive, table, f"take {ring}")
    drive.settle()
    perform(drive, table, f"put {ring}")
    drive.settle()
    assert table.session.moves == [f"take {ring}", f"put {ring}"]
    drawn = record_calls(monkeypatch, marks_module, "_tag")
    table.draw(app.screen)
    return table, drawn


@pytest.mark.parametrize("lang", ("en", "fa"))
@pytest.mark.parametrize("ring,pieces", CASES)
def test_the_took_put_tag_stands_at_its_ring_inside_the_board(app, drive, monkeypatch, lang,
                                                               ring, pieces):
    i18n.set_language(lang)
    table, drawn = took_and_put(app, drive, monkeypatch, ring, pieces)
    (tag,) = {tuple(rect) for label, rect in drawn if label == words.took_and_put()}
    tag = pygame.Rect(tag)
    for panel in geo.panels(table.layout):  # (a seat's turn outline stands 3 px out)
        assert not tag.colliderect(panel.inflate(8, 8)), (panel, tag)
    assert app.screen.get_rect().contains(tag)
    outline = table.layout[ring].rect.inflate(8, 8)
    assert tag.clip(outline).width >= outline.width // 3  # on its outline's edge ...
    others = [table.layout[r].rect for r in table.state.rings if r != ring]
    for other in others:  # ... not slid beside another ring, over its middle
        assert not tag.collidepoint(other.center), other
