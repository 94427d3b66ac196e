"""Messages stand where they hide nothing the player needs: never over the hand."""

from __future__ import annotations

import importlib

import pygame
import pytest

from game.catalog import default_config


def toast_box(app) -> pygame.Rect:
    """Draw a frame with one message and find the message's box by its red edge."""
    app.toasts.clear()
    app.toast("That card cannot go there.", error=True)
    for toast in app.toasts:
        toast.age = 1.0  # fully shown
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()[0]


@pytest.mark.parametrize("game", ["zetema", "telefunken", "chan"])
def test_messages_never_cover_the_hand(app, drive, game):
    module = importlib.import_module(f"scenes.{game}_table")
    table = module.new_scene(app, default_config(game, seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    box = toast_box(app)
    assert box.bottom <= table.layout["hand"].rect.top
    assert box.top >= 0


def test_without_a_table_messages_stand_at_the_bottom(app, drive):
    box = toast_box(app)
    assert box.bottom >= app.size[1] - 30
