"""Zetema, from a play-tester's findings (session 34): the greyed Meld button says why it
is greyed when clicked or pressed by Enter (it said nothing, pt91)."""

from __future__ import annotations

import pygame

from tests.test_zetema_marriages import AI, H, start


def meld_button(table):
    return next(w for w in table.widgets.widgets if getattr(w, "primary", False))


def test_the_greyed_meld_button_says_why_when_clicked(app):
    table, drive = start(app, (H, AI), [["AS", "2S", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    button = meld_button(table)
    assert not button.enabled
    app.toasts.clear()
    drive.click(button.rect.center)
    drive.settle()
    assert [t.text for t in app.toasts] == [
        "Click cards or drag them here to declare a combination"]
    for code in ("AS", "9D"):
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    app.toasts.clear()
    drive.click(meld_button(table).rect.center)
    drive.settle()
    why = table.selection_meld()[1]
    assert table.selection_meld()[0] is None and [t.text for t in app.toasts] == [why]
    app.toasts.clear()
    drive.key(pygame.K_RETURN)   # Enter presses the lit button, greyed: the same words
    drive.settle()
    assert [t.text for t in app.toasts] == [why]
    assert table.session.moves == [] and sorted(c for c, _ in table.selection) == ["9D", "AS"]
