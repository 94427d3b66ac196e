"""Every game table shows the app's messages one at a time: a hint, an Undo and a refusal
given one after the other stacked up over Chắn's stock card and over Zetema's prompt
(play-testers' screenshots). The newest is shown; an older one that outlives it shows again."""

from __future__ import annotations

import importlib

import pygame
import pytest

from game.catalog import GameConfig, Seat

TABLES = {"zetema": 2, "telefunken": 4, "zertz": 2, "chan": 4}


def toast_boxes(app) -> list[pygame.Rect]:
    """The message boxes ``app`` draws now (on black, read back from the pixels)."""
    for toast in app.toasts:
        toast.age = max(toast.age, 1.0)
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()


@pytest.mark.parametrize("game", TABLES)
def test_messages_do_not_stack_up(app, drive, game):
    module = importlib.import_module(f"scenes.{game}_table")
    cls = next(v for k, v in vars(module).items() if k.lower() == f"{game}table")
    seats = (Seat("human"),) + (Seat("ai", "easy"),) * (TABLES[game] - 1)
    table = cls(app, GameConfig(game, seats, 4, {}))
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toasts.clear()
    app.toast("Hint: discard the six.")
    app.toast("Your last move is taken back.")
    app.toast("That would split your pair: a pair may not be split.", error=True)
    boxes = toast_boxes(app)
    assert len(boxes) == 1
    if game == "chan":  # (two stood over the stock's card)
        stock = table.layout["stock"].rect
        assert not boxes[0].colliderect(stock) and boxes[0].top >= stock.bottom
    app.toasts.pop()  # the newest has gone: the one before it shows
    assert len(toast_boxes(app)) == 1
