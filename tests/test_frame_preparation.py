"""What a table prepares before it slides in, and what the theme remembers between frames:
no frame of play waits for a card image to be scaled, and remembered text measures give
exactly what measuring again gives (performance issue: the play frames' p99)."""

from __future__ import annotations

import pytest

from game import card_art, totom_art
from game.catalog import GameConfig, Seat, default_config, table_module
from scenes import theme


def _scalings() -> int:
    """Card images scaled so far (the misses of both decks' caches)."""
    return sum(images._scaled.cache_info().misses for images in (card_art._IMAGES,
                                                                 totom_art._IMAGES))


@pytest.mark.parametrize("game", ["zetema", "telefunken", "chan"])
def test_no_card_image_is_scaled_during_play_once_the_table_is_prepared(app, drive, game):
    base = default_config(game, seed=5)
    config = GameConfig(game, tuple(Seat("ai", "easy") for _ in base.seats), 5, base.options)
    scene = table_module(game).new_scene(app, config)
    card_art.clear_cache()
    totom_art.clear_cache()
    app.scenes.reset(scene, transition="slide", reverse=False)  # prepares the table
    prepared = _scalings()
    assert prepared > 20  # the images were made now, not before
    moves = len(scene.session.moves)
    for _ in range(40):
        drive.step(30)
        if len(scene.session.moves) >= moves + 6:
            break
    assert len(scene.session.moves) >= moves + 6  # the computer players did play
    assert _scalings() == prepared


def test_remembered_measures_equal_fresh_ones_and_stay_unchanged():
    words = "Draw up to seven cards, declare one combination, then discard onto its pile"
    for size, width in ((14, 200), (16, 120), (13, 60)):
        lines = theme.wrap(words, size, width)
        assert lines == theme._wrap(words, size, width, "sans")
        lines.append("changed by the caller")  # a caller's change stays its own
        assert theme.wrap(words, size, width) == theme._wrap(words, size, width, "sans")
        cut = theme.fit(words, size, width)
        assert theme.text_width(cut, size) <= width and cut.endswith("…")
        assert theme.text_width(words, size) == theme._measure(words, size, "sans")
    theme.reset_caches()
    assert not theme._measure_cache
