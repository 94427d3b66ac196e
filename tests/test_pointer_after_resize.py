"""A window resized under a still pointer: the pointer stands elsewhere on the canvas, and
what it hovers follows at once (Zertz's status panel went on naming the ring it had been
over, "Ring a2", over bare felt, until the mouse moved)."""

from __future__ import annotations

import pygame

from scenes.zertz_table import ZertzTable
from tests.test_zertz_table import HOT_SEAT


def test_the_hovered_ring_follows_a_resize(app, drive, monkeypatch):
    table = ZertzTable(app, HOT_SEAT)
    app.scenes.push(table, transition=None)
    drive.settle()
    ring = table.ring_center("a2")
    drive.move(ring, steps=2)
    drive.step(2)
    assert table.input.pos == tuple(ring)
    assert "Ring a2" in table.status_foot()
    # the window grew: the same spot on the screen is now bare felt on the canvas
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 5))
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1600, y=900))
    drive.step(2)
    assert app.pointer == (5, 5) and table.input.pos == (5, 5)
    assert "Ring" not in table.status_foot()


def test_a_resize_with_the_pointer_outside_the_window_moves_nothing(app, drive, monkeypatch):
    table = ZertzTable(app, HOT_SEAT)
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.move(table.ring_center("a2"), steps=2)
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: False)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 5))
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1600, y=900))
    drive.step(2)
    assert app.pointer != (5, 5)
