"""A card chosen for click-to-move is let go when a move is made another way (a button):
no outline stays behind on a card that was not moved."""

from __future__ import annotations

import esper

from ecs.components import Selected
from tests.test_chan_ui import lit_targets, open_table, position


def test_a_button_move_drops_the_chosen_card(app, drive):
    app.set_window_size((960, 540))
    table = open_table(app, drive, position(5, "nocap"))
    assert "draw" in table.move_buttons
    (_, chosen), *_ = table.sync.entities("hand")
    drive.click(table.grip(chosen))
    assert table.drag.selected == chosen and esper.has_component(chosen, Selected)
    before = len(table.session.moves)
    drive.click(table.move_buttons["draw"].rect.center)  # the Draw button, not the stock
    drive.settle()
    assert table.session.moves[before:before + 1] == ["draw"]
    assert table.drag.selected is None
    assert not [e for e, _ in esper.get_component(Selected)]
    assert not lit_targets()
    # the next choice starts afresh: one click on a card chooses it
    if table.mine:
        (_, other), *_ = table.sync.entities("hand")
        drive.click(table.grip(other))
        assert table.drag.selected == other


def test_the_move_buttons_have_keys(app, drive):
    import pygame

    table = open_table(app, drive, position(5, "nocap"))
    assert "draw" in table.move_buttons
    before = len(table.session.moves)
    drive.key(pygame.K_x)  # no button's key: nothing
    assert len(table.session.moves) == before
    drive.key(pygame.K_d)  # D: Draw
    drive.settle()
    assert table.session.moves[before:before + 1] == ["draw"]


def test_a_move_key_during_a_drag_puts_the_card_back_first(app, drive):
    """D pressed while the live card was held played the draw, the card left stuck under the
    pointer; letting go then said "That card cannot be moved." Now the card goes back as the
    key's move is made, and letting go says nothing."""
    import pygame

    table = open_table(app, drive, position(5, "nocap"))
    live = table.live_entity()
    assert live is not None and "draw" in table.move_buttons
    start = drive.center_of(live)
    drive.press(start)
    drive.move((start[0] + 40, start[1] + 60), steps=4)
    assert table.drag.held == live
    before = len(table.session.moves)
    drive.key(pygame.K_d)
    assert table.drag.held is None  # let go before the draw was played
    assert table.session.moves[before:before + 1] == ["draw"]
    toasts = [t.text for t in app.toasts]
    drive.release((start[0] + 40, start[1] + 60))
    drive.settle()
    assert [t.text for t in app.toasts if t.text not in toasts] == []  # nothing said
