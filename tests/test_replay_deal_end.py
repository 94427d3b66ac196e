"""A replay that jumps to the move that ended a deal (Back, Home, End) shows that deal's end,
as a step forward onto it does, and its next step deals the next deal; no summary opens.
It showed the next deal already dealt (pt140)."""

from __future__ import annotations

import random

import pytest

from game.catalog import GameConfig, Seat
from game.session import Session, rules_module
from scenes.replay import replay_table
from scenes.telefunken_table import TelefunkenTable
from scenes.zetema_table import ZetemaTable

TABLES = {"zetema": ZetemaTable, "telefunken": TelefunkenTable}


def through_a_deal(game: str) -> tuple[GameConfig, list[str], int]:
    """A game of easy computer players played into its second deal: (config, moves, how
    many moves ended the first deal)."""
    from game.ai import zetema as zetema_ai
    from game.ai.telefunken import choose as telefunken_choose

    choose = zetema_ai.choose if game == "zetema" else telefunken_choose
    players = 2
    config = GameConfig(game, (Seat("human"),) + (Seat("ai", "easy"),) * (players - 1), 5, {})
    rules = rules_module(game)
    session = Session.new(config)
    rng = random.Random(3)
    end = None
    while end is None or len(session.moves) < end + 4:
        seat = rules.to_move(session.state)
        deal = session.state.deal
        session.play(choose(rules.view(session.state, seat), rules.legal_moves(session.state),
                            "easy", rng))
        if end is None and session.state.deal != deal:
            end = len(session.moves)
    return config, list(session.moves), end


@pytest.mark.parametrize("game", ["zetema", "telefunken"])
def test_a_replay_jump_to_a_deals_last_move_shows_that_deals_end(app, drive, game):
    config, moves, end = through_a_deal(game)
    table = replay_table(app, TABLES[game], config, moves, end)
    app.scenes.reset(table, transition=None)
    drive.settle()
    assert table.ended_deal is not None and table.ended_deal.deal == 1
    assert table.pending_summary is None and table.session.state.deal == 2
    table.replay_controls.next()  # the next step deals the next deal, the move after it next
    drive.settle()
    assert table.ended_deal is None and len(table.session.moves) == end
    table.replay_controls.next()
    drive.settle()
    assert len(app.scenes.top.session.moves) == end + 1
