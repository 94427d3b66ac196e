"""tools/bench_engines.py: a fixed amount of seeded work per game, measured in CPU time."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_engines as bench  # noqa: E402


@pytest.mark.parametrize("game", sorted(bench.GAMES))
def test_a_step_budget_is_spent_exactly_in_every_game(game):
    figures = bench.bench(game, steps=40)
    assert figures.game == game and figures.players == bench.GAMES[game]
    assert figures.steps == 40 and figures.playouts >= 1 and figures.cpu > 0
    assert figures.rate == pytest.approx(40 / figures.cpu)


def test_the_same_budget_plays_the_same_playouts():
    a = bench.bench("zertz", steps=500)
    b = bench.bench("zertz", steps=500)
    assert (a.steps, a.playouts, a.finished) == (b.steps, b.playouts, b.finished)
    assert a.playouts > 1 and a.finished == a.playouts - 1   # the budget cut the last one


def test_a_time_budget_stops_soon_after_it_is_spent():
    figures = bench.bench("zetema", seconds=0.05)
    assert figures.cpu >= 0.05 and figures.steps > 0


def test_exactly_one_budget():
    with pytest.raises(ValueError):
        bench.bench("zertz", steps=10, seconds=1.0)
    with pytest.raises(ValueError):
        bench.bench("zertz")


def test_command_line_prints_one_row_per_game(capsys):
    assert bench.main(["--games", "zertz,zetema", "--steps", "30"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:3] == ["game", "players", "steps"]
    assert [r.split()[:3] for r in rows[1:]] == [["zertz", "2", "30"], ["zetema", "3", "30"]]
    assert bench.main(["--game", "chan", "--steps", "5"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[:3] == ["chan", "4", "5"]


@pytest.mark.parametrize("argv", [["--games", "chess"], ["--steps", "0"], ["--seconds", "-1"],
                                  ["--steps", "5", "--seconds", "1"]])
def test_bad_options_are_refused(argv):
    with pytest.raises(SystemExit):
        bench.main(argv)
