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


def test_the_programs_own_resize_at_start_puts_the_pointer_where_it_is(app, drive, monkeypatch):
    """At start the window is made, then sized to fit the desktop: a motion mapped for its
    first size came first and lifted the Zertz tile with the pointer on Quit (pt79,
    pt81). SDL's WINDOWSIZECHANGED (the program's own resize, no WINDOWRESIZED) now puts
    the pointer where it stands on the canvas."""
    from scenes.menu import MainMenu

    menu = MainMenu(app)
    app.scenes.reset(menu, transition=None)
    drive.settle()
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (1084, 648))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(867, 518), rel=(0, 0),
                                         buttons=(0, 0, 0)))  # (mapped for the first size)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720))
    drive.step(2)
    assert app.pointer == (1084, 648) and menu.input.pos == (1084, 648)
    assert app.settings.window_size == (1280, 720)  # (not taken as a size set by hand)
