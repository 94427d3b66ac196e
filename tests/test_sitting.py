"""The sitting: games played one after another with "Play again" keep running totals,
shown as the last column of the results' table from the second game on (games won in
Zetema and Zertz, stakes in Telefunken, settlements in Chắn: see also the Zertz and Chắn
table tests). Here: the totals land on the right rows when the rows are sorted by score."""

from __future__ import annotations

import importlib
import random

import pytest

from game.catalog import GameConfig, Seat


def finished(game: str, players: int, seed: int, before: list[int]):
    """A game played to its end by easy computer players, in a sitting of one game before
    it with the totals ``before``."""
    from game.session import Session

    ai = importlib.import_module(f"game.ai.{game}")
    rules = importlib.import_module(f"game.rules.{game}")
    config = GameConfig(game, (Seat("human"),) + (Seat("ai", "easy"),) * (players - 1), seed,
                        {}).after_game(before)
    session = Session.new(config)
    rng = random.Random(seed)
    while session.result is None:
        state = session.state
        session.play(ai.choose(rules.view(state, rules.to_move(state)),
                               rules.legal_moves(state), "easy", rng))
    return session


@pytest.mark.parametrize("game, seed, table_module, table_class, points", [
    ("zetema", 5, "scenes.zetema_table", "ZetemaTable",
     lambda res: [int(s == res["winner"]) for s in range(3)]),
    ("telefunken", 8, "scenes.telefunken_table", "TelefunkenTable", lambda res: res["stakes"]),
])
def test_the_running_totals_stand_on_each_seats_row(app, game, seed, table_module, table_class,
                                                      points):
    before = [5, 0, 2]
    session = finished(game, 3, seed, before)
    table_type = getattr(importlib.import_module(table_module), table_class)
    table = table_type(app, session.config, session)
    app.scenes.reset(table, transition=None)
    title, subtitle, header, rows, _ = table.result_summary()
    order = table.result_order()
    assert order != [0, 1, 2]  # the rows are sorted by score here: the case that matters
    new_header, new_rows = table.with_sitting(header, rows)
    money = game == "telefunken"
    assert new_header == header + ["Total, 2 games" if money else "Won of 2"]
    got = points(session.result)
    for row, new_row, seat in zip(rows, new_rows, order, strict=True):
        total = before[seat] + got[seat]
        assert new_row == row + [f"{total:+d}" if money else str(total)]
        assert row[0].startswith(table.seat_name(seat))


@pytest.mark.parametrize("game, players", [("zetema", 3), ("telefunken", 3), ("zertz", 2),
                                           ("chan", 4)])
def test_statistics_read_every_games_result(game, players):
    """Statistics counted every Telefunken game as drawn: its result names "winners", not
    "winner". Each game's real result: its winner won, the others lost."""
    from game import stats

    session = finished(game, players, 5, [0] * players)
    res = session.result
    winners = res.get("winners", [res.get("winner")])
    assert winners and winners[0] is not None
    for seat in range(players):
        kind, score = stats.outcome(res, seat)
        assert kind == ("won" if seat in winners else "lost"), (seat, res)
        assert isinstance(score, int)
