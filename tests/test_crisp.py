"""Crisp text on a large window (``scenes.crisp``): the words a frame draws on the canvas
are drawn again at the window's resolution, except where something was drawn over them;
words in kept pictures (a table's background) stay crisp; the canvas itself is untouched;
a window renderer that fails gives way to the plain flip."""

from __future__ import annotations

import pygame

from game.catalog import default_config, table_module
from scenes import theme
from scenes.crisp import CRISP, fitted, window_view

LABEL = "No melds on the table yet"  # Telefunken's table, before anyone melds (background)


def telefunken_table(app, drive):
    config = default_config("telefunken", seed=7)
    table = table_module("telefunken").new_scene(app, config)
    app.scenes.reset(table, transition=None)
    drive.settle()
    return table


def exact_ink(view: pygame.Surface, box: pygame.Rect, ink, tolerance: int = 16) -> int:
    """How many pixels of ``box`` in ``view`` have the colour ``ink`` (give or take
    ``tolerance`` in each channel: the words are fitted to their width to the pixel)."""
    return sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if max(abs(a - b) for a, b in zip(view.get_at((x, y))[:3], ink)) <= tolerance)


def full_pixels(image: pygame.Surface) -> int:
    """How many pixels of rendered words are fully opaque (the glyphs' cores)."""
    return sum(1 for x in range(image.get_width()) for y in range(image.get_height())
               if image.get_at((x, y))[3] == 255)


def test_words_on_a_large_window_are_drawn_at_its_resolution(app, drive):
    table = telefunken_table(app, drive)
    size = (1920, 1080)
    scale, box = fitted(app.size, size)
    assert scale == 1.5
    rect = theme.text(LABEL, 16, theme.INK_FAINT).get_rect(
        center=table.layout["table"].rect.center)
    window = pygame.Rect(box.x + rect.x * scale, box.y + rect.y * scale, rect.width * scale,
                         rect.height * scale).inflate(8, 8)
    big = theme.text(LABEL, 24, theme.INK_FAINT)  # the words at 1.5 times their size
    crisp = exact_ink(app.view(size), window, theme.INK_FAINT)
    assert crisp >= 0.9 * full_pixels(big)  # every glyph's core drawn sharp, in its colour
    blurred = exact_ink(window_view(app.screen, size, [], app.enlarged), window,
                        theme.INK_FAINT)
    assert blurred < 0.5 * crisp  # the canvas enlarged alone: its edges smeared


def test_words_in_the_kept_background_stay_crisp_from_frame_to_frame(app, drive):
    table = telefunken_table(app, drive)
    for _ in range(3):  # from the third frame on, the background is a kept picture
        CRISP.begin(app.screen, 1.5)
        app.draw(app.screen)
    assert table._background_for is not None  # drawn by a single blit
    assert any(note.key[0] == LABEL for note in CRISP.standing())


def test_words_drawn_over_are_left_as_the_canvas_has_them(app):
    screen = pygame.Surface((200, 100))
    screen.fill((10, 40, 20))
    CRISP.begin(screen, 1.5)
    theme.blit_text(screen, "covered", (10, 10), 14)
    theme.blit_text(screen, "clear", (10, 60), 14)
    pygame.draw.rect(screen, (250, 250, 240), (5, 5, 60, 20))  # a card passes over the first
    assert [note.key[0] for note in CRISP.standing()] == ["clear"]


def test_clipped_words_are_redrawn_only_as_far_as_they_were_shown(app):
    screen = pygame.Surface((200, 100))
    screen.fill((10, 40, 20))
    CRISP.begin(screen, 1.5)
    screen.set_clip(pygame.Rect(0, 0, 200, 18))  # a scrolled list cuts its last line
    theme.blit_text(screen, "half shown", (10, 10), 14)
    screen.set_clip(None)
    (note,) = CRISP.standing()
    assert note.area.bottom == 18 and note.rect.bottom > 18
    view = window_view(screen, (300, 150), [note], _enlarged())
    below = pygame.Rect(0, 28, 300, 122)  # the window's rows below the clip's edge
    assert all(view.get_at((x, y))[:3] == (10, 40, 20)
               for x in range(below.left, below.right, 3) for y in range(below.top, 40))


def test_the_view_leaves_the_canvas_as_it_was(app, drive):
    telefunken_table(app, drive)
    app.draw(app.screen)
    before = pygame.image.tobytes(app.screen, "RGB")
    app.view((1920, 1080))
    assert pygame.image.tobytes(app.screen, "RGB") == before


def test_small_windows_note_nothing(app, drive):
    telefunken_table(app, drive)
    CRISP.begin(app.screen, fitted(app.size, (960, 540))[0])
    app.draw(app.screen)
    assert not CRISP.on and CRISP.standing() == []


def test_a_failing_window_renderer_gives_way_to_the_plain_flip(app, drive, monkeypatch):
    telefunken_table(app, drive)
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))

    class Broken:
        def present(self, screen, notes):
            raise pygame.error("renderer lost")

    app._presenter = Broken()
    CRISP.begin(app.screen, 1.5)
    app.draw(app.screen)
    before = pygame.image.tobytes(app.screen, "RGB")
    app.present()
    assert flips == [1] and app._presenter is False  # flipped, and never tried again
    assert pygame.image.tobytes(app.screen, "RGB") == before
    app.present()
    assert flips == [1, 1]


def _enlarged():
    from scenes.crisp import Enlarged

    return Enlarged(theme.render_key)


def test_enlarged_words_keep_the_width_the_layout_gave_them(app):
    """Lines of a paragraph, words set side by side: enlarged, each keeps its place and
    width (the font's widths do not scale exactly; a line that came out wider was centred
    and stood a few pixels off the line below it)."""
    enlarged = _enlarged()
    for string in ("No combination to declare: discard a card onto the pile of", "its rank",
                   "The 18 marbles are mixed in the bag in random order"):
        for scale in (1.5, 1.2, 1.0671875):
            small = theme.text(string, 15, theme.INK)
            img = enlarged.image((string, 15, theme.INK, "sans"), scale, small.get_size())
            assert abs(img.get_width() - round(small.get_width() * scale)) <= 1, (string, scale)
