"""Chắn's messages stand between the stock and your gate, one at a time: a hint and a
refusal given one after the other stacked up over the stock's card (a play-tester's
screenshot); the newest is shown, the older one waits (and shows if it outlives it)."""

from __future__ import annotations

import pygame

from game.catalog import GameConfig, Seat
from scenes.chan.table import ChanTable

CONFIG = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})


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


def test_a_second_message_does_not_stack_over_the_stock(app, drive):
    table = ChanTable(app, CONFIG)
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toasts.clear()
    app.toast("Hint: discard Lục Sách.")
    app.toast("That would split your pair of Nhị Vạn: a Chắn may not be split.", error=True)
    boxes = toast_boxes(app)
    assert len(boxes) == 1
    stock = table.layout["stock"].rect
    assert not boxes[0].colliderect(stock)
    assert boxes[0].top >= stock.bottom
    app.toasts[-1].age = app.toasts[-1].seconds  # the newest has gone: the older one shows
    app.toasts.pop()
    assert len(toast_boxes(app)) == 1
