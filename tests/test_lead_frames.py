"""A computer's move waits out a short lead (its panel saying "thinking") before its cards set
off: no tween of the move starts while the table still says the seat is thinking (checked
frame by frame after a play-tester caught a see-through card of a Zetema computer's meld
over its panel still saying "thinking", in one screenshot taken from a running window). At
every frame no card of a concealed hand is readable (``scenes.leaks``): the random-input
run found a Zetema computer's declared meld, left in the meld zone during its lead, counted
as cards of its hand (they are public: the table still shows the position before the move)."""

from __future__ import annotations

import esper
import pytest

from ecs.components import Tweens
from game.catalog import GameConfig, Seat
from game.rules import zetema as zetema_rules
from game.session import Session
from scenes.chan_table import ChanTable
from scenes.leaks import ghost_cards, hidden_card_leaks
from scenes.zetema_table import ZetemaTable
from tests.test_zetema_table import position


def _started() -> set[int]:
    return {id(t) for _, tw in esper.get_component(Tweens) for t in tw.items
            if t.start is not None}


def _watch_moves(table, drive, moves: int, frames: int = 3000) -> int:
    """Step until ``moves`` computer moves have arrived; at each frame, no tween that was
    not running before a move arrived may have started while the table leads. Returns the
    frames seen leading."""
    seen_leading = 0
    before = _started()
    count = len(table.session.moves)
    arrived = 0
    for _ in range(frames):
        drive.step(1)
        now = len(table.session.moves)
        if now != count:
            count = now
            arrived += 1
        assert not hidden_card_leaks(table) and not ghost_cards(table)
        if table.leading_seat() is not None:
            seen_leading += 1
            fresh = _started() - before
            assert not fresh, f"{len(fresh)} tween(s) of the move started while it leads"
        else:
            before = _started()
        if arrived >= moves and table.leading_seat() is None:
            break
    return seen_leading


MELD = ["3C", "4C", "5C", "6C", "7C", "8C", "AD"]  # the computer's: a meld, then a discard


def _zetema_against(app, theirs: list[str]) -> ZetemaTable:
    """Zetema against an easy computer holding ``theirs``, the computer to play."""
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = position(["2H", "5D", "9D", "JS", "KH", "4S"], theirs, to_move=1)
    table = ZetemaTable(app, config, Session(config, zetema_rules, state, state))
    app.scenes.push(table, transition=None)
    return table


@pytest.mark.parametrize("theirs, first", [
    (["3H", "3D", "6S", "8C", "10H", "QD", "AC"], "discard"),  # a discard
    (MELD, "meld"),  # a meld, then its discard
])
def test_zetema_a_computers_cards_wait_for_its_lead(app, drive, theirs, first):
    table = _zetema_against(app, theirs)
    assert _watch_moves(table, drive, 1 if first == "discard" else 2) > 0
    assert table.session.moves[0].startswith(first), table.session.moves


def test_chan_the_computers_cards_wait_for_their_leads(app, drive):
    config = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 12, {})
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    assert _watch_moves(table, drive, 4) > 0


def test_telefunken_the_computers_cards_wait_for_their_leads(app, drive):
    from scenes.telefunken_table import TelefunkenTable

    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    table = TelefunkenTable(app, config)
    app.scenes.push(table, transition=None)
    assert _watch_moves(table, drive, 6) > 0


def test_what_waits_for_the_lead_runs_in_the_tables_world(app, drive):
    """Callbacks kept for the end of a computer's lead (a Zetema computer's meld cards
    turning face down as they set off for its hand) ran before the table's world was made
    current for the frame: with another scene's world current, they acted on that one and
    the meld flew back face up."""
    from ecs.components import CardFace

    table = _zetema_against(app, MELD)
    for _ in range(3000):
        drive.step(1)
        if len(table.session.moves) == 2 and table.leading_seat() is not None:
            break
    shown = list(table.shown)
    assert table.leading_seat() == 1 and not shown  # (handed to the lead's callbacks)
    while table.leading_seat() is not None:
        esper.switch_world("default")  # another scene's world current between frames
        drive.step(1)
    table.world.activate()
    flying = [f for _, f in esper.get_component(CardFace)
              if f.code in ("3C", "4C", "5C", "6C", "8C")]  # (7C went onto its pile)
    assert flying and not any(f.face_up for f in flying)
