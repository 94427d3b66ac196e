"""Every game table shows the app's messages one at a time: a hint, an Undo and a refusal
given one after the other stacked up over Chắn's stock card and over Zetema's prompt
(play-testers' screenshots): the newest is shown."""

from __future__ import annotations

import importlib

import pytest

from game.catalog import GameConfig, Seat
from tests.test_toasts import toast_boxes

TABLES = {"zetema": 2, "telefunken": 4, "zertz": 2, "chan": 4}


@pytest.mark.parametrize("game", TABLES)
def test_messages_do_not_stack_up(app, drive, game):
    module = importlib.import_module(f"scenes.{game}_table")
    cls = next(v for k, v in vars(module).items() if k.lower() == f"{game}table")
    seats = (Seat("human"),) + (Seat("ai", "easy"),) * (TABLES[game] - 1)
    table = cls(app, GameConfig(game, seats, 4, {}))
    app.scenes.push(table, transition=None)
    drive.settle()
    boxes = toast_boxes(app, "Hint: discard the six.", "Your last move is taken back.",
                        "That would split your pair: a pair may not be split.")
    assert len(boxes) == 1
    if game == "chan":  # (two stood over the stock's card)
        stock = table.layout["stock"].rect
        assert not boxes[0].colliderect(stock) and boxes[0].top >= stock.bottom
