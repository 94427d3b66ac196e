"""A computer's meld that wins Zetema is seen (pt148): its cards come into the meld zone and
stay there, its points pop up and its score sheet line is written, before the results open.
They opened at once: the meld was never shown, the sheet's last line was the one before,
and the meld zone said only "Game over"."""

from __future__ import annotations

from game.catalog import GameConfig, Seat
from game.rules import zetema as rules
from game.session import Session
from scenes.results import ResultsOverlay
from scenes.zetema_table import ZetemaTable
from tests.test_zetema_rules import load

FLUSH = ["2H", "5H", "7H", "9H", "JH", "KH"]


def near_the_goal(app, hand: list[str], score: int, level: str = "normal") -> ZetemaTable:
    """A table of you and two computers (``level``) where Seat 3, to play with ``hand`` and
    ``score`` points of 200, can win the game with a meld."""
    computer = Seat("ai", level)
    config = GameConfig("zetema", (Seat("human"), computer, computer), 5, {})
    state = load([["3C", "5D", "8H", "9C", "JD", "QC", "4S"],
                  ["3D", "6D", "8C", "10H", "JC", "QD", "4C"], hand],
                 scores=[0, 0, score], to_move=2, target=200)
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.reset(table, transition=None)
    return table


def test_a_computers_winning_meld_is_shown_and_written_before_the_results(app, drive):
    table = near_the_goal(app, [*FLUSH, "3S"], 180)
    seen = []
    for _ in range(600):
        drive.step()
        if isinstance(drive.scene, ResultsOverlay):
            break
        seen.append(sorted(c for c, _e in table.shown))
    assert isinstance(drive.scene, ResultsOverlay)
    assert table.session.moves == ["meld flush 2H 5H 7H 9H JH KH"]
    assert sorted(FLUSH) in seen  # its cards were shown in the meld zone before the results
    assert sorted(c for c, _e in table.shown) == sorted(FLUSH)  # (and stay under them)
    assert table._sheet_shown is None and table.sheet[-1][:2] == (2, 30)  # its line written
    assert "Flush" in table.shown_label and "30" in table.shown_label
    assert seen.count(sorted(FLUSH)) >= 60  # (a second at least to read it)
