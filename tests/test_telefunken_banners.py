"""Telefunken's banners (a buy, a cut, a new deal) stand on the table's centre panel and
never overhang it, in every language and window size."""

from __future__ import annotations

import pygame
import pytest

from scenes.telefunken_table import perform
from tests.test_telefunken_buys import HAND, open_state
from tests.test_telefunken_table import OTHERS, position


def frame(app, size):
    """The picture a window of ``size`` shows now."""
    from scenes.crisp import window_view

    app.draw(app.screen)
    if size == app.screen.get_size():
        return app.screen.copy()
    return window_view(app.screen, size, [], app.enlarged)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("language", ["en", "fa", "vi"])
def test_the_buy_banner_stays_on_the_tables_centre_panel(app, drive, language, size):
    """The banner of a buy stood wider than the centre panel it sits on: nothing of it is
    drawn beside the panel, at the canvas's size or in a smaller window."""
    from game.i18n import set_language

    set_language(language)
    state = position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "10H"), discarder=3, offer=[1, 2])
    table = open_state(app, drive, state)
    perform(drive, table, "buy")
    assert table.banner is not None
    scale = size[0] / app.screen.get_width()
    panel = table.layout["table"].rect
    panel = pygame.Rect(round(panel.x * scale), round(panel.y * scale),
                        round(panel.width * scale), round(panel.height * scale))
    sides = [pygame.Rect(panel.x - 40, panel.y, 38, panel.height),
             pygame.Rect(panel.right + 2, panel.y, 38, panel.height)]
    for _ in range(3):  # its first frames, as it comes in, and later
        shown = frame(app, size)
        banner, table.banner = table.banner, None
        bare = frame(app, size)
        table.banner = banner
        for side in sides:
            assert pygame.image.tobytes(shown.subsurface(side), "RGB") == \
                pygame.image.tobytes(bare.subsurface(side), "RGB")
        drive.step(20)


@pytest.mark.parametrize("language", ["en", "fa", "vi"])
def test_every_banner_fits_the_centre_panel(app, language):
    """Long banners (a cut keeping jokers, the last deal's contract, a bonus card) are
    wrapped or written smaller: the box is never wider than the panel, the words never
    wider than the box."""
    from game.i18n import set_language
    from scenes.game_table import banner_box
    from scenes.telefunken import words

    set_language(language)
    panel = pygame.Rect(260, 110, 730, 300)  # the layout's centre panel
    name = "Seat 3"
    for text in [words.bought(name, "10H", 6, True), words.cut(name, 104, ["JK", "JK", "JK"]),
                 words.new_deal(7), words.made_contract(name), words.went_out(name),
                 words.bonus(name), words.bought(name, "10H", 6, True) * 3]:
        box, images = banner_box(text, panel)
        assert panel.contains(box)
        assert all(img.get_width() <= box.width - 40 for img in images), text
