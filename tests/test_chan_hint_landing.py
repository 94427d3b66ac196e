"""H pressed while your own move is still landing (Chắn: the stock card you drew flies to the
table) did nothing and said nothing; the hint is now asked for once the card has landed."""

from __future__ import annotations

import pygame

from tests.test_chan_table import run_until_mine, table  # noqa: F401 (fixture)


def test_h_while_your_drawn_card_lands_gives_the_hint_once_it_has_landed(table, app, drive):  # noqa: F811
    assert run_until_mine(drive, table)
    assert "draw" in table.legal()
    drive.key(pygame.K_d)
    drive.step(2)
    assert table.animating and not table.mine and table.rules.human_to_move()
    app.toasts.clear()
    drive.key(pygame.K_h)
    assert not any(t.text.startswith("A hint is given") for t in app.toasts)
    for _ in range(600):
        drive.step()
        if table.hint_pending or app.toasts:
            break
    assert table.hint_pending or any("Hint" in t.text for t in app.toasts)
