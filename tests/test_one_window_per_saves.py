"""Two Parlour windows on the same data directory: the second one reads the saves but writes
nothing (two windows' autosaves, settings and statistics overwrote each other without a
word), and says so; once the first has gone, the next window saves again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import stats
from game.catalog import GameConfig, Seat
from game.instance_lock import take_lock

ROOT = Path(__file__).resolve().parent.parent
HOLD = ("import sys, time; from pathlib import Path; from game.instance_lock import take_lock; "
        "assert take_lock(Path(sys.argv[1])) is not None; print('held', flush=True); "
        "time.sleep(60)")


@pytest.fixture
def other_window(data_dir):
    """Another process (another Parlour window) holding the data directory's lock."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(data_dir)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    yield proc
    proc.kill()
    proc.wait()


def test_a_second_window_writes_nothing_and_says_so(other_window, data_dir):
    from game.app import App
    from scenes.zertz_table import ZertzTable

    app = App()
    assert app.saves_shared and not app.persist and app.not_saving is not None
    assert [t.text for t in app.reports + app.toasts] == [
        "Parlour is already open in another window with the same saves: this window plays "
        "without saving games, settings or statistics."]
    before = sorted(p.name for p in data_dir.iterdir())
    table = ZertzTable(app, GameConfig("zertz", (Seat("human"), Seat("human")), 3, {}))
    app.scenes.reset(table, transition=None)
    table.rules.submit(table.legal()[0])
    for _ in range(5):
        app.step(1 / 60)
    table.autosave()
    app.settings.volume = 0.3
    app.save_settings()
    from game.saves import flush_saves

    flush_saves()
    assert sorted(p.name for p in data_dir.iterdir()) == before


def test_a_second_window_does_not_reset_the_statistics(other_window, data_dir):
    from game.app import App
    from scenes.stats import StatsScene

    stats.record_game(GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 1, {}),
                      {"winner": 0, "points": [6, 0]})
    app = App()
    scene = StatsScene(app)
    app.scenes.reset(scene, transition=None)
    scene._reset()
    assert stats.load_stats()[0]["zertz"]["easy"]["played"] == 1
    assert app.toasts[-1].text.startswith("Nothing was reset: another Parlour window")


def test_once_the_other_window_has_gone_the_next_one_saves(data_dir):
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(data_dir)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    proc.kill()  # (killed, not closed: the lock goes with the process)
    proc.wait()
    from game.app import App

    app = App()
    assert not app.saves_shared and app.persist and app.not_saving is None
    assert take_lock(data_dir) is not None  # (this process holds it: an App made again too)
    assert App().persist
