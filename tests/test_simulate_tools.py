"""The tournament tools: Wilson intervals, percentiles, levels, parallel runs, the report."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import sim_common  # noqa: E402
import simulate  # noqa: E402


def test_wilson_interval_matches_known_values():
    lo, hi = sim_common.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = sim_common.wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    lo, hi = sim_common.wilson(40, 40)
    assert hi == 1.0 and lo == pytest.approx(0.9124, abs=1e-4)
    assert sim_common.rate_text(5, 10) == "50.0% [23.7-76.3]"
    assert sim_common.rate_text(0, 0) == "n/a"


def test_percentiles_and_time_summary():
    samples = [i / 1000 for i in range(1, 101)]  # 1..100 ms
    assert sim_common.percentile(samples, 0.5) == 0.050
    assert sim_common.percentile(samples, 0.95) == 0.095
    text = sim_common.time_summary(samples)
    assert text == "p50 50.0 ms, p95 95.0 ms, max 100.0 ms (100 decisions)"
    assert sim_common.time_summary([]) == "no decisions"


def test_levels_are_checked():
    assert sim_common.check_level("zertz", "hard") is None
    assert sim_common.check_level("chan", "mc") is None
    assert sim_common.check_level("zetema", "mc:50") is None
    assert "unknown level" in sim_common.check_level("zertz", "wizard")
    assert "bad Monte Carlo level" in sim_common.check_level("zertz", "mc:0")
    assert "bad Monte Carlo level" in sim_common.check_level("zertz", "mc:lots")
    with pytest.raises(ValueError):
        sim_common.player("zertz", "wizard")


def test_run_tasks_keeps_the_order_on_worker_processes():
    assert sim_common.run_tasks(abs, [-3, 2, -1], jobs=2) == [3, 2, 1]
    assert sim_common.run_tasks(abs, [-3, 2, -1], jobs=1) == [3, 2, 1]


def test_parallel_games_equal_serial_games():
    serial = simulate.run("zertz", "easy", "easy", 4, seed=3, jobs=1)
    parallel = simulate.run("zertz", "easy", "easy", 4, seed=3, jobs=2)
    strip = [{k: v for k, v in o.items() if k != "times"} for o in serial]
    assert strip == [{k: v for k, v in o.items() if k != "times"} for o in parallel]


def test_report_has_interval_scores_and_decision_times(capsys, monkeypatch):
    from game.ai import zertz as zertz_ai

    # Normal searches (the former hard): a smaller budget, the same code path, stays fast.
    monkeypatch.setitem(zertz_ai.NODE_BUDGET, "normal", 1_000)
    assert simulate.main(["zertz", "--a", "normal", "--b", "easy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "decided games (95% Wilson interval)" in out
    assert "mean points: A " in out
    assert "CPU time per decision A=normal: p50" in out and "p95" in out
    assert simulate.main(["zertz", "--a", "wizard"]) == 2


def test_zetema_luck_games_count_every_point_and_the_oracle_sees_the_true_position():
    import random

    import zetema_luck

    from game.ai import zetema as ai
    from game.rules import zetema as rules

    outcome = zetema_luck.play(("points", None, 5, 0))
    state = rules.new_game(2, seed=5 * 1_000_003)
    assert set(outcome["points"]) <= {"flush", "zetema", "marriage", "assembly", "straight",
                                      "straightflush"}
    # both seats play normal with the same seeds as a plain game: every point is counted
    seat_rngs = [random.Random(5 * 1_000_003 * 7 + s) for s in range(2)]
    while (seat := rules.to_move(state)) is not None:
        state = rules.play(state, ai.choose(rules.view(state, seat), rules.legal_moves(state),
                                            "normal", seat_rngs[seat]))
    assert sum(outcome["points"].values()) == sum(state.scores)
    assert outcome["margin"] == state.scores[0] - state.scores[1]
    # the oracle's playouts start from the real state it is handed, not from a deal
    calls = []
    real = zetema_luck.zetema_lookahead.playout

    def spy(start, *args):
        calls.append(start)
        return real(start, *args)

    zetema_luck.zetema_lookahead.playout = spy
    try:
        state = rules.new_game(2, seed=3)
        seat = rules.to_move(state)
        zetema_luck._oracle(rules.view(state, seat), rules.legal_moves(state),
                            random.Random(1), state)
    finally:
        zetema_luck.zetema_lookahead.playout = real
    assert all(start is state for start in calls)


def test_chan_luck_cheats_only_as_told():
    import random

    import chan_luck

    from game.rules import chan as rules

    state = rules.new_game(4, seed=12)
    assert chan_luck.seen_deal(rules, state, "all", random.Random(1)) is state
    seen = chan_luck.seen_deal(rules, state, "hands", random.Random(1))
    assert [list(h) for h in seen.hands] == [list(h) for h in state.hands]
    assert sorted(seen.stock) == sorted(state.stock) and list(seen.stock) != list(state.stock)
    outcome = chan_luck.play(("hands", 9, 0))
    assert set(outcome) == {"won", "settlement"}
    assert chan_luck.chan_search.determinize.sample.__module__ == "game.ai.determinize"


def test_telefunken_luck_cheats_only_as_told():
    import random

    import telefunken_luck

    from game.ai import determinize
    from game.rules import telefunken as rules

    state = rules.new_game(4, seed=12)
    seen = telefunken_luck.seen_deal(rules, state, "hands", random.Random(1))
    assert [list(h) for h in seen.hands] == [list(h) for h in state.hands]
    assert sorted(seen.stock) == sorted(state.stock) and list(seen.stock) != list(state.stock)
    # the cheating search is handed the true position at each of its decisions
    handed = []
    real = telefunken_luck.seen_deal

    class Enough(Exception):
        pass

    def spy(rules_, now, what, rng):
        handed.append((now, what))
        if len(handed) > 30:  # (a few searched decisions: a whole game takes 15 s)
            raise Enough
        return real(rules_, now, what, rng)

    telefunken_luck.seen_deal = spy
    try:
        with pytest.raises(Enough):
            telefunken_luck.play(("all", 2, 1))
    finally:
        telefunken_luck.seen_deal = real
    assert all(what == "all" for _, what in handed)
    assert telefunken_luck.seen_deal(rules, state, "all", random.Random(1)) is state
    assert determinize.sample.__module__ == "game.ai.determinize"  # put back after each use
