"""The greyed Undo button of every table answers a click with the reason nothing is undone,
as Ctrl+Z does (only Telefunken's did: a click on Zetema's said nothing; play-test), and it
is one button kept across the table's rebuilds of its buttons."""

from __future__ import annotations

import pytest

from game.catalog import GameConfig, Seat
from scenes.chan_table import ChanTable
from scenes.telefunken_table import TelefunkenTable
from scenes.zertz_table import ZertzTable
from scenes.zetema_table import ZetemaTable

TABLES = {
    "zetema": (ZetemaTable, GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 4, {})),
    "zertz": (ZertzTable, GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 4,
                                     {"first": 0})),
    "chan": (ChanTable, GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})),
    "telefunken": (TelefunkenTable, GameConfig(
        "telefunken", (Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")), 4, {})),
}


@pytest.mark.parametrize("game", list(TABLES))
def test_a_click_on_the_greyed_undo_button_says_why(app, drive, game):
    kind, config = TABLES[game]
    table = kind(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    undo = next(w for w in table.widgets.widgets if w.on_click == table.undo)
    assert not undo.enabled and not table.can_undo()  # nothing of yours to take back yet
    app.toasts.clear()
    drive.click(undo.rect.center)
    assert [t.text for t in app.toasts] == [table.nothing_to_undo()]
    assert table.nothing_to_undo().startswith("Nothing to undo")
    table.refresh()
    assert next(w for w in table.widgets.widgets if w.on_click == table.undo) is undo
