"""Idle frames draw nothing: through the real event loop (``App.step`` driven by the
scripted driver), a table at rest neither draws nor flips and keeps its last frame on the
screen; input, a tween, a change of state, a clock-driven picture and messages redraw; the
results overlay keeps all but its buttons as a picture."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs.components import Transform
from ecs.render import RenderSystem
from ecs.tween import move_to
from game.catalog import GameConfig, Seat
from game.driver import Driver
from scenes.results import DealSummary, ResultsOverlay
from scenes.table import TableScene
from scenes.zertz_table import ZertzTable

PEOPLE = GameConfig("zertz", (Seat("human"), Seat("human")), 3, {"first": 0})


@pytest.fixture
def drive(app):
    """The suite's driver, flipping every frame drawn as the window's loop does: these tests
    count the flips (headless, the suite's driver draws but does not flip)."""
    driver = Driver(app, show=True)
    driver.settle()
    return driver


def pixels(surface: pygame.Surface) -> bytes:
    return bytes(surface.get_view("2").raw)


def quiet_table(app, drive, config: GameConfig = PEOPLE) -> ZertzTable:
    """A Zertz table between two people, settled until a frame draws nothing."""
    table = ZertzTable(app, config)
    app.scenes.reset(table, transition=None)
    drive.settle()
    for _ in range(600):
        drawn = app.draws
        drive.step()
        if app.draws == drawn and not app.toasts:
            return table
    raise AssertionError("the table never came to rest")


def count_draws(monkeypatch) -> list[int]:
    """Count RenderSystem.draw calls (the drawing work of tables)."""
    calls = [0]
    real = RenderSystem.draw

    def counting(self, surface, **options):
        calls[0] += 1
        real(self, surface, **options)

    monkeypatch.setattr(RenderSystem, "draw", counting)
    return calls


def count_flips(monkeypatch) -> list[int]:
    flips = [0]
    real = pygame.display.flip

    def counting():
        flips[0] += 1
        real()

    monkeypatch.setattr(pygame.display, "flip", counting)
    return flips


def test_an_idle_table_draws_nothing_and_keeps_its_last_frame(app, drive, monkeypatch):
    table = quiet_table(app, drive)
    renders, flips = count_draws(monkeypatch), count_flips(monkeypatch)
    before, drawn = pixels(app.screen), app.draws
    drive.step(120)
    assert renders[0] == 0 and flips[0] == 0 and app.draws == drawn
    assert app.frames > 120  # the frames ran (events, update), only drawing was skipped
    assert pixels(app.screen) == before  # the last frame stays on the screen
    fresh = app.screen.copy()
    app.draw(fresh)
    assert pixels(fresh) == before  # ... and it is what a full drawing gives now
    assert table.world.alive


def test_input_wakes_an_idle_table(app, drive, monkeypatch):
    quiet_table(app, drive)
    renders, flips = count_draws(monkeypatch), count_flips(monkeypatch)
    drive.move((400, 300))  # one mouse move, one frame
    assert renders[0] == 1 and flips[0] == 1
    drive.step(10)
    assert renders[0] == 1  # and rests again
    drive.key(pygame.K_a)
    assert renders[0] == 2


def test_headless_a_script_draws_each_frame_on_the_canvas_and_flips_none(app, monkeypatch):
    """The suite's driver on the dummy display: the canvas gets every frame the loop would
    draw (what the tests look at), the window none (nobody sees it; its flip scales the
    canvas in software); asked to show, it flips each frame drawn."""
    driver = Driver(app)
    table = quiet_table(app, driver)
    renders, flips = count_draws(monkeypatch), count_flips(monkeypatch)
    before = pixels(app.screen)
    driver.move((400, 300))
    driver.key(pygame.K_h)  # a hint: the board lights the hinted move
    driver.settle()
    assert renders[0] >= 2 and flips[0] == 0 and not app.show_frames
    assert pixels(app.screen) != before and table.hint is not None
    shown = Driver(app, show=True)
    shown.move((500, 300))
    assert renders[0] >= 3 and flips[0] == 1

def test_a_moving_tween_keeps_drawing_and_the_table_rests_after_it(app, drive, monkeypatch):
    table = quiet_table(app, drive)
    app.settings.animation = "normal"
    ball = table.supply_ents[0][-1]
    renders = count_draws(monkeypatch)
    start = drive.center_of(ball)
    move_to(ball, start[0] + 200, start[1] - 100, 0.5)
    drive.step(20)
    assert renders[0] == 20  # every frame of the move is drawn
    assert drive.center_of(ball) != start
    drive.settle()
    drive.step(20)
    settled = renders[0]
    drive.step(20)
    assert renders[0] == settled
    t = esper.component_for_entity(ball, Transform)
    assert (round(t.x), round(t.y)) == (round(start[0] + 200), round(start[1] - 100))


def test_a_change_without_input_redraws(app, drive, monkeypatch):
    table = quiet_table(app, drive)
    renders = count_draws(monkeypatch)
    ball = table.supply_ents[0][-1]
    esper.component_for_entity(ball, Transform).alpha = 120  # a sprite changed
    drive.step()
    assert renders[0] == 1
    drive.step(5)
    assert renders[0] == 1
    table.rules.state = table.rules.state  # same state: nothing to draw
    drive.step()
    assert renders[0] == 1
    table.session.play("place d4")  # a move arrives (not by input): the state is new
    table.rules.state = table.session.state
    drive.step()
    assert renders[0] == 2


def test_a_picture_that_moves_with_the_clock_keeps_drawing(app, drive, monkeypatch):
    class Pulsing(TableScene):
        def draw_overlay(self, surface):
            pygame.draw.circle(surface, (255, 255, 255), (640, 360), 10 + int(self.time * 10) % 5)

    table = Pulsing(app)
    app.scenes.reset(table, transition=None)
    drive.step(3)
    renders = count_draws(monkeypatch)
    drive.step(30)
    assert renders[0] == 30


def test_messages_redraw_until_they_are_gone(app, drive, monkeypatch):
    quiet_table(app, drive)
    flips = count_flips(monkeypatch)
    app.toast("Hello", seconds=0.25)
    drive.step(15)
    assert flips[0] == 15  # the message fades in and out
    drive.step(15)
    assert not app.toasts and flips[0] == 16  # one more frame takes it off the screen


def test_scenes_that_do_not_know_always_redraw(app, drive, monkeypatch):
    from scenes.base import Scene

    app.scenes.push(Scene(app), transition=None)
    drive.step()
    flips = count_flips(monkeypatch)
    drive.step(10)  # (a scene that does not say when its picture changes)
    assert flips[0] == 10


def settle_draws(drive, app, frames: int = 600) -> None:
    """Step until a frame draws nothing (and no message stands)."""
    for _ in range(frames):
        drawn = app.draws
        drive.step()
        if app.draws == drawn and not app.toasts:
            return
    raise AssertionError("the screen never came to rest")


def test_an_idle_menu_draws_nothing_until_a_tile_moves(app, drive, monkeypatch):
    """The main menu drew sixty frames a second while nobody touched it (about 0.8 of a core
    on a real display). At rest it draws nothing; the pointer on a tile redraws the tile's
    rise through to its end, then rests again."""
    menu = app.scenes.top
    settle_draws(drive, app)
    flips = count_flips(monkeypatch)
    before = pixels(app.screen)
    drive.step(60)
    assert flips[0] == 0 and pixels(app.screen) == before
    tile = esper.component_for_entity(menu.tiles["zertz"], Transform)
    drive.move((round(tile.x), round(tile.y)))  # one event
    risen = []
    for _ in range(60):
        drive.step()
        risen.append(tile.dy)
    assert flips[0] > 5 and risen[-1] < -1  # drawn while it rose, without more input
    assert pixels(app.screen) != before
    settle_draws(drive, app)
    flips[0] = 0
    drive.step(30)
    assert flips[0] == 0


@pytest.mark.parametrize("screen", ["setup", "settings", "stats", "rules", "pause"])
def test_idle_screens_draw_nothing(app, drive, monkeypatch, screen):
    """Setup, Settings, Statistics, the rules and the pause menu change only with input."""
    from game.catalog import BY_KEY
    from scenes.pause import PauseMenu
    from scenes.rules_viewer import RulesViewer
    from scenes.settings import SettingsScene
    from scenes.setup import SetupScene
    from scenes.stats import StatsScene

    if screen == "pause":
        table = quiet_table(app, drive)
        scene = PauseMenu(app, table)
    else:
        scene = {"setup": lambda: SetupScene(app, BY_KEY["zetema"]),
                 "settings": lambda: SettingsScene(app), "stats": lambda: StatsScene(app),
                 "rules": lambda: RulesViewer(app)}[screen]()
    app.scenes.push(scene, transition=None)
    settle_draws(drive, app)
    flips = count_flips(monkeypatch)
    drive.step(60)
    assert flips[0] == 0
    drive.move((5, 5))  # input still redraws
    assert flips[0] == 1


def test_the_seed_fields_cursor_blinks_on_an_idle_setup_screen(app, drive, monkeypatch):
    from game.catalog import BY_KEY
    from scenes.setup import SetupScene

    ticks = [0]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: ticks[0])
    scene = SetupScene(app, BY_KEY["zertz"])
    app.scenes.push(scene, transition=None)
    drive.click(scene.seed_field._field().center)
    settle_draws(drive, app)
    flips = count_flips(monkeypatch)
    drive.step(10)
    assert flips[0] == 0  # the cursor stands as drawn
    ticks[0] = 500
    drive.step(10)
    assert flips[0] == 1  # it hides: one frame
    ticks[0] = 1000
    drive.step(10)
    assert flips[0] == 2  # it shows again


def results_over(app, drive, table) -> ResultsOverlay:
    overlay = ResultsOverlay(app, "You win", "by three marbles", ["Seat", "Marbles"],
                             [["Seat 1", "3"], ["Seat 2", "1"]], lambda: None, lambda: None,
                             highlight_row=0, log=[f"move {n}" for n in range(60)])
    app.scenes.push(overlay, transition=None)
    drive.step()
    return overlay


def test_results_keep_all_but_their_buttons_as_a_picture(app, drive, monkeypatch):
    table = quiet_table(app, drive)
    overlay = results_over(app, drive, table)
    renders, flips = count_draws(monkeypatch), count_flips(monkeypatch)
    drive.step(20)
    assert flips[0] == 0  # at rest: nothing drawn
    button = overlay.widgets.widgets[0]
    drive.move(button.rect.center)
    assert flips[0] == 1 and renders[0] == 0  # the table beneath was not drawn again
    cached = pixels(app.screen)
    overlay._static = None  # the same frame drawn from scratch
    table.render._memo.clear()
    app.scenes.invalidate()
    app.draw(app.screen)
    assert pixels(app.screen) == cached
    drive.move(overlay.log_rect.center)
    drive.wheel(1)  # scrolling the log draws it anew
    scrolled = pixels(app.screen)
    assert scrolled != cached and overlay.scroll == 3


def test_a_summary_redraws_while_it_counts_up(app, drive, monkeypatch):
    quiet_table(app, drive)
    app.settings.animation = "normal"
    summary = DealSummary(app, "Deal 1", "", ["Seat", "Points"], [["Seat 1", "120"]],
                          count_up=True)
    app.scenes.push(summary, transition=None)
    flips = count_flips(monkeypatch)
    drive.step(30)
    assert flips[0] == 30
    drive.step(60)  # 1.5 s: counted up
    counted = flips[0]
    drive.step(20)
    assert flips[0] == counted and summary.cell("120") == "120"


@pytest.mark.parametrize("anim", ["instant", "normal"])
def test_a_move_by_drag_is_drawn_through_to_its_end(app, drive, anim):
    """A drag and drop on a resting table: every changed frame is on the screen at the end."""
    table = quiet_table(app, drive)
    app.settings.animation = anim
    drive.drag(drive.center_of(table.supply_ents[0][-1]), table.ring_center("d4"))
    drive.settle()
    drive.step(30)
    assert table.session.moves == ["place d4"]
    fresh = app.screen.copy()
    app.draw(fresh)
    assert pixels(fresh) == pixels(app.screen)


def test_a_table_is_prepared_before_its_first_frame(app, drive):
    """Opening a table makes its felt, sounds, card images and rotations before the slide, so
    the table's first frame makes nothing new."""
    from scenes import theme
    from scenes.zetema_table import ZetemaTable

    theme.felt.cache_clear()
    table = ZetemaTable(app, GameConfig("zetema", (Seat("human"), Seat("ai", "easy"),
                                                   Seat("ai", "easy")), 4, {}))
    app.scenes.reset(table, transition="slide")
    made, felts = table.render.transforms, theme.felt.cache_info().misses
    texts = len(theme._text_cache)
    assert felts >= 1 and made > 0 and texts > 0
    drive.step()
    assert table.render.transforms == made and theme.felt.cache_info().misses == felts
    assert len(theme._text_cache) == texts


def test_the_main_loop_naps_while_idle_and_wakes_on_input(app, drive, monkeypatch):
    """``App.run``: frames that draw nothing are followed by a nap in ``pygame.event.wait``;
    the event that ends the nap is handled by the next frame (here: closing the window)."""
    quiet_table(app, drive)
    naps = []

    def wait(timeout):
        naps.append(timeout)
        if len(naps) < 3:
            return pygame.event.Event(pygame.NOEVENT)
        return pygame.event.Event(pygame.QUIT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the fixture's display stays
    drawn = app.draws
    app.run()
    assert naps == [50, 50, 50] and not app.running
    assert app.draws == drawn + 1  # only the frame that handled the closing event drew
    assert app.wait_for_disk is False


def test_a_new_language_redraws_the_table_beneath_the_pause_menu(app, drive):
    """The language changes in the settings over the pause menu: back in the pause menu, the
    table beneath is drawn afresh (not its picture kept in English)."""
    from game.i18n import set_language
    from scenes.pause import PauseMenu

    table = quiet_table(app, drive)
    app.scenes.push(PauseMenu(app, table), transition=None)
    drive.step(3)
    english = table.redraw_key()
    set_language("vi")
    try:
        assert table.redraw_key() != english
        assert table.needs_redraw()
    finally:
        set_language("en")


@pytest.mark.parametrize("style", ["slide", "fade"])
def test_the_last_frame_of_a_transition_is_drawn_without_input(app, drive, style):
    """The frame that ended a transition drew nothing (the scene beneath was at rest): the
    window kept the transition's last step, the table a few pixels aside or the results
    showing through, until the pointer moved."""
    from scenes.pause import PauseMenu

    table = quiet_table(app, drive)
    app.settings.animation = "normal"
    app.scenes.push(PauseMenu(app, table), transition=None)
    drive.step(5)
    app.scenes.pop(transition=style)  # back to the table at rest
    for _ in range(200):
        app.step(0.1)  # slow frames: the transition's last step is well short of its end
        if app.scenes.transition is None:
            break
    drive.step(30)  # at rest, no input
    fresh = app.screen.copy()
    app.draw(fresh)
    assert pixels(app.screen) == pixels(fresh)


def test_countdowns_of_the_computers_turn_do_not_change_what_the_table_draws(app, drive):
    """The rules system's rest after a move, and the table's hold and lead before the
    computer's move, count down every frame: they were part of the key the table's kept
    background is drawn for, so no background was kept while the computer thought or its
    move waited. Only whether they run is (it may decide what is offered)."""
    table = quiet_table(app, drive)
    table.hold_time, table._lead_left = 0.8, 0.3
    table.rules._rested = 0.1
    key = table.redraw_key()
    table.hold_time, table._lead_left = 0.5, 0.2
    table.rules._rested = 0.4
    assert table.redraw_key() == key
    table.hold_time = 0.0  # the hold is over: that may change what the table offers
    assert table.redraw_key() != key
