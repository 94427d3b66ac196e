"""The hidden-card check itself (scenes/leaks.py): quiet on an honest table, loud on a leak."""

from __future__ import annotations

import esper
import pytest

from ecs.components import CardFace
from game.catalog import GameConfig, Seat
from game.session import Session
from scenes.chan_table import ChanTable
from scenes.leaks import ghost_cards, hidden_card_leaks
from scenes.telefunken_table import TelefunkenTable
from scenes.zertz_table import ZertzTable
from scenes.zetema_table import ZetemaTable

AI = Seat("ai", "easy")
TABLES = [
    (ChanTable, GameConfig("chan", (Seat("human"), AI, AI, AI), 3, {})),
    (TelefunkenTable, GameConfig("telefunken", (Seat("human"), AI, AI), 3, {})),
    (ZetemaTable, GameConfig("zetema", (Seat("human"), AI, AI), 3, {})),
]


@pytest.mark.parametrize("cls,config", TABLES, ids=lambda v: getattr(v, "game", ""))
def test_an_honest_table_has_no_leak_and_a_planted_card_is_found(app, drive, cls, config):
    session = Session.new(config)
    if session.state.phase == "cut":  # Telefunken deals after the cut
        session.play(session.rules.legal_moves(session.state)[0])
    table = cls(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert hidden_card_leaks(table) == []
    assert ghost_cards(table) == []
    # turn one of the viewer's card entities into a face-up copy of a card only seat 2 holds
    hand0 = set(table.state.hands[0])
    secret = next(c for c in table.state.hands[1] if c not in hand0)
    table.world.activate()
    ent, face = next((e, f) for e, f in esper.get_component(CardFace) if f.face_up)
    face.code = secret
    leaks = hidden_card_leaks(table)
    assert leaks and leaks[0].startswith(f"{secret} of seat 2")
    # face down, it is no leak
    face.face_up = False
    assert hidden_card_leaks(table) == []


def test_under_the_cover_even_the_viewers_hand_must_not_show(app, drive):
    config = GameConfig("telefunken", (Seat("human"), Seat("human"), AI), 3, {})
    session = Session.new(config)
    session.play(session.rules.legal_moves(session.state)[0])
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    table.curtain = True
    table.world.activate()
    for _, face in esper.get_component(CardFace):
        if face.code in table.state.hands[table.viewer]:
            face.face_up = True
    assert hidden_card_leaks(table), "a face-up hand under the cover is a leak"


def test_a_table_without_hidden_hands_reports_nothing(app, drive):
    table = ZertzTable(app, GameConfig("zertz", (Seat("human"), AI), 3, {}))
    app.scenes.push(table, transition=None)
    drive.settle()
    assert hidden_card_leaks(table) == [] and ghost_cards(table) == []
