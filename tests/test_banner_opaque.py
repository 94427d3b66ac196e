"""A move's banner hides what lies beneath it until it fades: at 240 of 255 the words under
"You cut 30 cards" ("No melds on the table yet") showed through, faintly."""

from __future__ import annotations

import pygame

from game.catalog import default_config
from scenes.theme import PANEL


def test_a_banner_is_opaque_until_it_fades(app, drive):
    from scenes.telefunken_table import new_scene

    table = new_scene(app, default_config("telefunken", seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    surface = pygame.Surface(app.size)
    surface.fill((255, 255, 255))  # what lies beneath: white
    table.banner = ("You cut 30 cards", 2.0)
    centre = (640, 300)
    table.draw_banner(surface, centre)
    inside = [surface.get_at((x, 300 - 26))[:3] for x in range(560, 720, 8)]  # above the words
    assert inside and all(pixel == PANEL for pixel in inside), inside
    table.banner = ("You cut 30 cards", 0.15)  # fading out: half see-through
    surface.fill((255, 255, 255))
    table.draw_banner(surface, centre)
    assert surface.get_at((600, 300 - 26))[:3] != PANEL


def test_a_fading_banner_s_words_fade_with_it(app, drive):
    """Its words stood whole while the panel faded: over the words beneath, showing through
    the panel, they were a jumble for a moment (play-test pt63)."""
    from scenes import theme
    from scenes.telefunken_table import new_scene

    table = new_scene(app, default_config("telefunken", seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    centre = (640, 300)

    def words_drawn(left: float) -> int:
        """How many pixels of the banner's box are the words' gold (or nearly)."""
        surface = pygame.Surface(app.size)
        surface.fill((255, 255, 255))
        table.banner = ("You cut 30 cards", left)
        table.draw_banner(surface, centre)
        gold = 0
        for x in range(450, 830):
            for y in range(280, 320):
                r, g, b = surface.get_at((x, y))[:3]
                gold += abs(r - theme.GOLD[0]) + abs(g - theme.GOLD[1]) + abs(b - theme.GOLD[2]) < 30
        return gold

    whole, fading = words_drawn(2.0), words_drawn(0.15)
    assert whole > 200  # the words, in gold, on the opaque panel
    assert fading < whole // 10  # half faded: no pixel of them in their full gold


def test_a_fading_banner_s_edge_fades_with_it(app, drive):
    """Its gold edge stood bright around the faded words (pt64)."""
    from scenes import theme
    from scenes.game_table import banner_at
    from scenes.telefunken_table import new_scene

    table = new_scene(app, default_config("telefunken", seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    centre = (640, 300)
    box, _images = banner_at("You cut 30 cards", centre, 32)
    edges = []
    for left in (2.0, 0.15):
        surface = pygame.Surface(app.size)
        surface.fill((255, 255, 255))
        table.banner = ("You cut 30 cards", left)
        table.draw_banner(surface, centre)
        edges.append(surface.get_at((box.centerx, box.top))[:3])
    assert edges[0] == theme.GOLD  # whole: its edge in gold
    assert edges[1] != theme.GOLD  # half faded: so is its edge


def test_an_empty_table_s_words_stand_aside_for_a_banner(app, drive, monkeypatch):
    """"No melds on the table yet" showed through a fading "You bought A♦…" banner and the
    two blurred together (pt72): the words are not drawn while a banner is shown."""
    from scenes import theme
    from scenes.telefunken_table import new_scene

    table = new_scene(app, default_config("telefunken", seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda s, text, *a, **k: (drawn.append(text),
                                                                      real(s, text, *a, **k))[1])
    surface = pygame.Surface(app.size)
    table.banner = None
    table.draw_background(surface)
    assert "No melds on the table yet" in drawn
    drawn.clear()
    table.banner = ("You bought A♦ and a card from the stock", 0.2)
    table.draw_background(surface)
    assert "No melds on the table yet" not in drawn
