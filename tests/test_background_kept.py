"""What a table's background costs when it must be drawn again (``scenes.table``):

- the felt and the translucent panels are one picture kept per layout (``draw_base``): a
  background drawn again for new words (a count, a label) blits it and draws no panel, and
  looks exactly as one drawn afresh;
- a move's banner counting down (drawn above the background, fading by its seconds) does
  not make the background be drawn again at every frame: it was, at most frames of a game
  against the computer (and Telefunken's banner waiting to stand, counting down too).
"""

from __future__ import annotations

import pygame
import pytest

from game.catalog import default_config, table_module
from scenes import theme

GAMES = ("zetema", "telefunken", "zertz", "chan")


def _open(app, drive, game: str):
    """The table of a new game, once it is the person's turn and nothing moves."""
    table = table_module(game).new_scene(app, default_config(game, seed=2026))
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert drive.step_until(lambda: table.rules.offering() and not table.animating
                            and getattr(table, "banner", None) is None, 1200)
    return table


@pytest.mark.parametrize("game", GAMES)
def test_panels_are_one_kept_picture_that_looks_as_drawn_afresh(app, drive, monkeypatch, game):
    table = _open(app, drive, game)
    panels = []
    real_panel = theme.panel

    def counted(surface, rect, *args, **kw):
        panels.append(tuple(rect))
        return real_panel(surface, rect, *args, **kw)

    monkeypatch.setattr(theme, "panel", counted)
    table._bases.clear()  # (drawn afresh: felt, then every panel)
    afresh = pygame.Surface(app.size)
    table.draw_background(afresh)
    assert len(panels) >= 6
    panels.clear()
    again = pygame.Surface(app.size)
    table.draw_background(again)
    assert panels == []  # the kept picture: no panel drawn again
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(afresh, "RGB")


@pytest.mark.parametrize("game", ("zetema", "telefunken", "chan"))  # (Zertz has no banners)
def test_a_banner_counting_down_keeps_the_background(app, drive, monkeypatch, game):
    table = _open(app, drive, game)
    drawn = []
    real = type(table).draw_background

    def counted(self, surface):
        drawn.append(self.banner)
        return real(self, surface)

    monkeypatch.setattr(type(table), "draw_background", counted)
    table.banner = ("A banner that counts down", 3.0)
    drive.step(60)  # (a second of its countdown: every frame drawn for its fading)
    assert table.banner is not None and table.banner[1] < 2.1
    assert 1 <= len(drawn) <= 2  # (twice alike, then kept)
    if game == "telefunken":  # a banner waiting to stand after a move's lead
        drawn.clear()
        table.banner, table._banner_later = None, (("A banner to come", 3.0), 2.0)
        drive.step(60)
        assert table._banner_later is not None and table._banner_later[1] < 1.1
        assert 1 <= len(drawn) <= 2
