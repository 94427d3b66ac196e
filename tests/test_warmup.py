"""The first table's work done ahead on the menus' idle frames (``scenes.warmup``).

A process's first Start paused 0.3-0.45 s (over a second on a busy machine) making what
the table needs; the second took 10-15 ms. The menus queue that work and the main loop does
it a piece at a time on frames that draw nothing, so that Start makes nothing new.
"""

from __future__ import annotations

import pygame

from ecs import audio
from game import card_art, totom_art
from game.catalog import BY_KEY
from scenes import theme
from scenes.setup import SetupScene
from scenes.warmup import Warmup


def test_pieces_are_done_once_each_in_order_and_the_chosen_game_moves_up():
    done = []
    warm = Warmup()

    def piece(name, more=()):
        return (name, lambda: done.append(name) or list(more))

    warm.ahead([piece("a"), piece("b"), piece("c")])
    warm.ahead([piece("b"), piece("d")])  # b is already queued: it keeps its place
    assert warm.step() == "a" and done == ["a"]
    warm.ahead([piece("c"), piece("e", [piece("f")])], first=True)  # c moves up, e first
    warm.ahead([piece("a")])  # done already: not again
    warm.finish()
    assert done == ["a", "c", "e", "f", "b", "d"]  # what e brought came right after it
    assert not warm.pending() and warm.step() is None


def test_a_piece_that_fails_is_dropped_and_the_rest_go_on():
    done = []
    warm = Warmup()
    warm.ahead([("bad", lambda: 1 / 0), ("good", lambda: done.append("good"))])
    assert warm.step() == "bad"
    warm.finish()
    assert done == ["good"]


def _caches_cleared() -> None:
    card_art._IMAGES.clear()
    totom_art._IMAGES.clear()
    audio.pcm.cache_clear()
    theme._veil.cache_clear()
    theme.felt.cache_clear()


def _made() -> tuple:
    """How many card images, sounds, veils and felts have been made so far."""
    return (card_art._IMAGES._scaled.cache_info().misses,
            totom_art._IMAGES._scaled.cache_info().misses,
            audio.pcm.cache_info().misses, theme._veil.cache_info().misses,
            theme.felt.cache_info().misses)


def test_once_the_menus_work_is_done_start_makes_nothing_new(app, drive):
    for game in ("zetema", "chan"):
        _caches_cleared()
        app.sounds.sounds = {}
        app.warmup = Warmup()
        app.start()  # the menu queues the common work and the games' modules
        drive.settle()
        setup = SetupScene(app, BY_KEY[game])  # ... the setup screen its game's images
        app.scenes.push(setup, transition=None)
        drive.settle()
        assert app.warmup.pending()
        app.warmup.finish()
        made = _made()
        assert made[0] + made[1] > 50 and made[2] > 0  # (the cards and sounds were made)
        setup.start_new()
        drive.settle()
        assert type(app.scenes.top).__name__ == f"{game.title()}Table"
        assert _made() == made, game


def test_without_the_work_done_ahead_start_makes_them(app, drive):
    """The same Start with nothing done ahead: what the test above says is done ahead is
    what Start would make."""
    _caches_cleared()
    app.sounds.sounds = {}
    setup = SetupScene(app, BY_KEY["zetema"])
    app.warmup = Warmup()  # (nothing queued)
    app.scenes.push(setup, transition=None)
    drive.settle()
    made = _made()
    setup.start_new()
    drive.settle()
    after = _made()
    assert after[0] > made[0] + 50 and after[2] > made[2]
    assert after[3] > made[3] and after[4] > made[4]


def test_the_main_loop_works_ahead_on_the_menus_idle_frames_only(app, drive, monkeypatch):
    """``App.run`` at the menu: every idle frame does a piece instead of napping, until none
    is left; at a table it naps with work still queued."""
    naps = []

    def wait(timeout):
        naps.append(timeout)
        return pygame.event.Event(pygame.QUIT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the fixture's display stays
    assert app.scenes.top.works_ahead and app.warmup.pending()
    app.run()
    assert not app.warmup.pending() and naps == [50]

    from game.catalog import GameConfig, Seat
    from scenes.zertz_table import new_scene

    app.running = True
    app.scenes.reset(new_scene(app, GameConfig("zertz", (Seat("human"), Seat("human")), 1,
                                               {})), transition=None)
    drive.settle()
    app.warmup.ahead([("never", lambda: naps.append("worked"))])
    app.run()
    assert naps == [50, 50] and app.warmup.pending()
