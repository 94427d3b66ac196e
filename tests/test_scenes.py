"""The real menu, setup, settings, pause menu and transitions, driven by posted events."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import BY_KEY, GAMES
from game.layout import load_layout
from scenes.manager import SceneManager
from scenes.menu import MainMenu
from scenes.pause import PauseMenu
from scenes.rules_viewer import RulesViewer
from scenes.sandbox_table import SandboxTable
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from scenes.widgets import Button, Hotspot

MENU = load_layout("menu")


def test_menu_opens_on_start_with_four_tiles_and_greyed_continue(app, drive):
    assert isinstance(drive.scene, MainMenu)
    assert set(drive.scene.tiles) == {"zetema", "telefunken", "zertz", "chan"}
    buttons = {b.label: b for b in drive.scene.widgets.widgets if isinstance(b, Button)}
    assert set(buttons) == {"Continue", "How to play", "Statistics", "Settings", "Quit"}
    assert not buttons["Continue"].enabled
    tiles = [w.label for w in drive.scene.widgets.widgets if isinstance(w, Hotspot)]
    assert tiles == ["Zetema", "Telefunken", "Zertz", "Chắn"]  # (the keyboard's way to them)


def test_continue_is_enabled_when_a_save_exists(app, drive):
    from game.saves import write_autosave

    write_autosave({"game": "zertz", "config": {}})
    app.scenes.reset(MainMenu(app), transition=None)
    buttons = {b.label: b for b in drive.scene.widgets.widgets}
    assert buttons["Continue"].enabled


def test_enter_in_the_menu_continues_the_latest_game(app, drive):
    from game.catalog import GameConfig, Seat
    from game.saves import write_autosave
    from game.session import Session
    from scenes.zertz_table import ZertzTable

    drive.key(pygame.K_RETURN)  # nothing to continue: the menu stays
    assert isinstance(drive.scene, MainMenu)
    session = Session.new(GameConfig("zertz", (Seat("human"), Seat("ai")), 3, {"first": 0}))
    session.play("place d4")
    write_autosave(session.to_save())
    app.scenes.reset(MainMenu(app), transition=None)
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert isinstance(drive.scene, ZertzTable) and drive.scene.session.moves == ["place d4"]


def test_a_damaged_save_is_reported_and_set_aside(app, drive, data_dir):
    from game.saves import autosave_path, write_autosave

    write_autosave({"game": "zertz"})
    autosave_path().write_text('{"version": 1, "game": "zer', encoding="utf-8")
    app.scenes.reset(MainMenu(app), transition=None)
    drive.click(MENU["continue"].rect.center)
    assert isinstance(drive.scene, MainMenu)
    assert app.toasts[-1].error and "set aside" in app.toasts[-1].text
    assert not autosave_path().exists()
    assert any(p.name.startswith("autosave.json.bad-") for p in data_dir.iterdir())


def test_foreign_version_save_is_set_aside(app, drive):
    from game.saves import autosave_path
    from game.storage import write_json_atomic

    write_json_atomic(autosave_path(), {"version": 99, "game": "zertz"})
    app.scenes.reset(MainMenu(app), transition=None)
    drive.click(MENU["continue"].rect.center)
    assert "another version" in app.toasts[-1].text
    assert not autosave_path().exists()


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_clicking_a_tile_opens_its_setup_and_back_returns(app, drive, info):
    drive.move(MENU[info.key].rect.center, steps=3)
    drive.step(5)
    drive.click(MENU[info.key].rect.center)
    assert app.scenes.transition is not None  # slide in progress
    drive.settle()
    scene = drive.scene
    assert isinstance(scene, SetupScene) and scene.info is info
    start = scene.start_button
    assert start.enabled == info.available
    assert start.label == ("Start" if info.available else "In preparation")
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert isinstance(drive.scene, MainMenu)


def test_setup_defaults_one_human_against_normal_ai(app):
    for info in GAMES:
        scene = SetupScene(app, info)
        config = scene.config()
        assert len(config.seats) == info.default_players
        assert config.seats[0].kind == "human"
        assert all(s.kind == "ai" and s.level == "normal" for s in config.seats[1:])
        assert not config.fixed_seed


def test_setup_widgets_change_the_config(app, drive):
    drive.click(MENU["zetema"].rect.center)
    drive.settle()
    scene = drive.scene
    players = scene.widgets.widgets[0]
    field_right = players.rect.right - 5
    drive.click((field_right, players.rect.centery))  # › : 3 -> 4 players
    assert scene.players == 4
    seat2 = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Seat 2")
    drive.click((seat2.rect.right - 5, seat2.rect.centery))  # Computer -> Person
    assert scene.seats[1].kind == "human"
    level3 = [w for w in scene.widgets.widgets if getattr(w, "label", "") == "Level"][0]
    drive.click((level3.rect.right - 5, level3.rect.centery))  # normal -> hard
    drive.click(scene.seed_field.rect.center)
    drive.type("42x7")
    config = scene.config()
    assert config.seed == 427 and config.fixed_seed  # a typed seed is kept on restart
    # the letter was left out with a word, not silently
    assert [t.text for t in app.toasts] == [
        "A seed is a whole number: only digits can be typed here."]
    assert [s.kind for s in config.seats] == ["human", "human", "ai", "ai"]
    assert config.seats[2].level == "hard"
    assert config.options == {"double": "S"}


def test_players_count_stays_within_the_game_range(app):
    scene = SetupScene(app, BY_KEY["zetema"])
    choice = scene.widgets.widgets[0]
    values = [v for v, _ in choice.options]
    assert values == [2, 3, 4, 5, 6]
    assert all(not getattr(w, "label", "") == "Players"
               for w in SetupScene(app, BY_KEY["chan"]).widgets.widgets)


def test_the_players_count_stops_at_its_ends(app, drive):
    """Three quick clicks on ‹ went 4, 3, 2 and then round to 6 players (pt115)."""
    scene = SetupScene(app, BY_KEY["telefunken"])
    app.scenes.push(scene, transition=None)
    drive.settle()

    def players():
        return next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Players")

    for _ in range(5):
        box = players()._boxes()[1]  # ‹
        drive.click(box.center)
    assert scene.players == 2
    for _ in range(6):
        drive.click(players()._boxes()[2].center)  # ›
    assert scene.players == 6


def test_unavailable_game_cannot_be_started(app, drive, monkeypatch):
    import game.catalog as catalog

    monkeypatch.setattr(catalog, "_module_exists", lambda name: not name.endswith("zetema_table"))
    info = BY_KEY["zetema"]
    assert not info.available and BY_KEY["zertz"].available
    app.scenes.reset(MainMenu(app), transition=None)
    drive.settle()
    scene = SetupScene(app, info)
    app.scenes.push(scene, transition=None)
    assert not scene.start_button.enabled and scene.start_button.label == "In preparation"
    drive.click(scene.start_button.rect.center)
    drive.key(pygame.K_RETURN)
    assert drive.scene is scene


def test_settings_scene_changes_and_saves(app, drive):
    app.persist = True
    drive.click(MENU["settings"].rect.center)
    drive.settle()
    scene = drive.scene
    assert isinstance(scene, SettingsScene)
    anim, sound, volume = scene.widgets.widgets[:3]
    drive.click((anim.rect.right - 5, anim.rect.centery))
    assert app.settings.animation == "fast"
    drive.click((anim.rect.right - 5, anim.rect.centery))
    assert app.settings.animation == "instant"
    track = volume._track()
    drive.click((track.x + track.width // 4, track.centery))
    assert app.settings.volume == pytest.approx(0.25, abs=0.02)
    drive.click(sound._switch().center)
    assert app.settings.sound is False and app.sounds.enabled is False
    from game.settings import load_settings

    saved, message = load_settings()
    assert message is None
    assert (saved.animation, saved.sound) == ("instant", False)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, MainMenu)  # instant: no transition left to run
    assert app.scenes.transition is None


def test_fullscreen_unavailable_is_reported_not_fatal(app, drive):
    drive.key(pygame.K_F11)
    # the dummy driver cannot go fullscreen: a message, settings stay consistent
    assert app.settings.fullscreen is False
    assert any("Fullscreen" in t.text for t in app.toasts)


def test_fade_transition_takes_about_300ms_and_blocks_clicks(app, drive):
    app.scenes.push(SettingsScene(app), transition="fade")
    t = app.scenes.transition
    assert t is not None and t.style == "fade"
    assert t.duration == pytest.approx(0.3)
    drive.step(9)  # 0.15 s
    assert app.scenes.transition is not None
    assert 0.4 < app.scenes.transition.progress < 0.6
    drive.step(12)
    assert app.scenes.transition is None


def test_a_click_on_the_pause_menu_soon_after_esc_counts(app, drive):
    """Esc, then a click on Restart 0.2-0.3 s later: the menu was still fading in and the
    click was lost (a play-tester clicked twice). A fade's new scene takes pointer input once
    a third of the fade has run; before that, and during a slide, none."""
    from game.catalog import GameConfig, Seat
    from scenes.pause import PauseMenu
    from scenes.zertz.table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 3, {"first": None})
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.key(pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseMenu) and app.scenes.transition is not None
    restart = next(w for w in menu.widgets.widgets if w.label == "Restart")
    drive.click(restart.rect.center)  # at once: the table is still mostly what shows
    assert not any(w.label == "Cancel" for w in menu.widgets.widgets)
    drive.step(6)  # about 0.13 s into the fade
    assert app.scenes.transition is not None
    drive.click(restart.rect.center)
    assert any(w.label == "Cancel" for w in menu.widgets.widgets)  # asks to confirm


def _paused_zertz(app, drive, config):
    """A Zertz table of ``config`` under its pause menu: (the table, the menu)."""
    from scenes.pause import PauseMenu
    from scenes.zertz.table import ZertzTable

    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    menu = PauseMenu(app, table)
    app.scenes.push(menu, transition=None)
    drive.step()
    return table, menu


def test_the_restart_question_is_as_tall_as_it_needs(app, drive):
    """Restart? kept the pause menu's height: a large empty space above its buttons."""
    from game.catalog import GameConfig, Seat
    from scenes import theme
    from scenes.pause import PANEL_H

    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 3, {"first": None})
    table, menu = _paused_zertz(app, drive, config)
    restart = next(w for w in menu.widgets.widgets if w.label == "Restart")
    drive.click(restart.rect.center)
    assert menu.confirming
    rows = sum(len(theme.wrap(line, 20, menu.panel.width - 40)) for line in menu._warning())
    words_end = menu.panel.y + 120 + 28 * rows + 12
    first = min(w.rect.top for w in menu.widgets.widgets)
    assert 0 <= first - words_end <= 40
    assert menu.panel.center == (app.size[0] // 2, app.size[1] // 2)
    drive.key(pygame.K_ESCAPE)  # cancel: the menu as it was
    assert not menu.confirming and menu.panel.height == PANEL_H
    assert min(w.rect.top for w in menu.widgets.widgets) == menu.panel.y + 100


def test_slide_transition_moves_frames(app, drive):
    before = pygame.image.tobytes(app.screen, "RGB")
    app.scenes.push(SetupScene(app, BY_KEY["zertz"]), transition="slide")
    assert app.scenes.transition.style == "slide"
    drive.step(6)
    middle = pygame.image.tobytes(app.screen, "RGB")
    drive.settle()
    drive.step()
    after = pygame.image.tobytes(app.screen, "RGB")
    assert app.scenes.transition is None and isinstance(drive.scene, SetupScene)
    assert middle != before and middle != after
    # the old frame has moved left: the menu's first tile is no longer where it was
    assert app.scenes.transition is None


def test_instant_animation_skips_transitions(app, drive):
    app.settings.animation = "instant"
    app.scenes.push(SettingsScene(app), transition="fade")
    assert app.scenes.transition is None


def test_pause_menu_over_table_stops_its_clock(app, drive):
    table = SandboxTable(app, seed=1)
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, PauseMenu)
    clock = table.time
    drive.step(30)
    assert table.time == clock  # the table does not update under the pause menu
    labels = [w.label for w in drive.scene.widgets.widgets]
    assert labels == ["Resume", "Restart", "Rules", "Settings", "Quit to menu"]
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert drive.scene is table
    drive.step(5)
    assert table.time > clock


def test_pause_menu_buttons(app, drive):
    table = SandboxTable(app, seed=1)
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = drive.scene
    buttons = {w.label: w for w in pause.widgets.widgets}
    drive.click(buttons["Rules"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, RulesViewer)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    drive.click(buttons["Settings"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, SettingsScene)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    drive.click(buttons["Restart"].rect.center)
    drive.settle()
    assert drive.scene is pause and pause.confirming  # asks before losing the game
    confirm = {w.label: w for w in pause.widgets.widgets}
    assert list(confirm) == ["Restart", "Cancel"]
    drive.click(confirm["Cancel"].rect.center)
    assert drive.scene is pause and not pause.confirming
    buttons = {w.label: w for w in pause.widgets.widgets}
    drive.click(buttons["Restart"].rect.center)
    drive.key(pygame.K_ESCAPE)  # Esc cancels the question, not the pause menu
    assert drive.scene is pause and not pause.confirming
    drive.click(buttons["Restart"].rect.center)
    confirm = {w.label: w for w in pause.widgets.widgets}
    drive.click(confirm["Restart"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, SandboxTable) and drive.scene is not table
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    buttons = {w.label: w for w in drive.scene.widgets.widgets}
    drive.click(buttons["Quit to menu"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, MainMenu)
    assert len(app.scenes.stack) == 1


def test_scene_lifecycle_order(app):
    calls = []

    class Probe:
        opaque = True

        def __init__(self, name):
            self.name = name

        def __getattr__(self, hook):
            return lambda *a: calls.append((self.name, hook))

    manager = SceneManager(app)
    a, b = Probe("a"), Probe("b")
    manager.push(a, transition=None)
    manager.push(b, transition=None)
    manager.pop(transition=None)
    assert calls == [("a", "enter"), ("a", "resume"), ("a", "prepare"), ("a", "pause"),
                     ("b", "enter"), ("b", "resume"), ("b", "prepare"), ("b", "pause"),
                     ("b", "exit"), ("a", "resume")]


def test_quit_button_stops_the_loop(app, drive):
    drive.click(MENU["quit"].rect.center)
    assert app.running is False


def test_window_close_event_quits(app, drive):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.step()
    assert app.running is False


@pytest.mark.parametrize("key", [g.key for g in GAMES])
def test_setup_widgets_never_overlap_at_any_player_count(app, key):
    info = BY_KEY[key]
    for players in range(info.min_players, info.max_players + 1):
        scene = SetupScene(app, info)
        scene._set_players(players)
        rects = [w.rect for w in scene.widgets.widgets]
        for i, a in enumerate(rects):
            assert scene.panel.contains(a)
            for b in rects[i + 1:]:
                assert not a.colliderect(b), (players, a, b)


def test_a_deal_summary_hides_the_table_beneath_its_panel(app):
    """Nothing of the table shows through the summary's panel (a banner under it read as a
    ghost of the summary's own title)."""
    from scenes.results import DealSummary

    summary = DealSummary(app, "Deal 1", "sub", ["Player", "Total"], [["You", "3"]])
    black, white = _drawn_over_black_and_white(app, summary,
                                               (summary.panel.x + 12, summary.panel.centery))
    assert black == white  # (a spot inside the panel where no words are)


def test_the_statistics_panel_hides_what_is_beneath(app):
    """Statistics opened over a table show nothing of it through their panel."""
    from scenes.stats import StatsScene

    stats = StatsScene(app)
    black, white = _drawn_over_black_and_white(app, stats,
                                               (stats.panel.x + 20, stats.panel.bottom - 140))
    assert black == white  # (a spot inside the panel, below its table)


def _drawn_over_black_and_white(app, scene, spot):
    """The colour at ``spot`` when ``scene`` is drawn over black, and over white."""
    seen = []
    for colour in ((0, 0, 0), (255, 255, 255)):
        surface = pygame.Surface(app.size)
        surface.fill(colour)
        scene.draw(surface)
        seen.append(surface.get_at(spot))
    return seen


def test_undo_between_people_switched_on_mid_game_counts_at_once(app, drive):
    """Turned on from the pause menu's Settings, it was ignored until the game was reopened
    ("Undo is off in games between people" while Settings said On)."""
    from game.catalog import GameConfig, Seat
    from scenes.zertz.table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("human")), 3, {"first": None})
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert not table.session.undo_allowed()
    settings = SettingsScene(app)
    app.scenes.push(settings, transition=None)
    toggle = next(w for w in settings.widgets.widgets if getattr(w, "label", "") ==
                  "Undo between people")
    drive.click(toggle._switch().center)
    assert app.settings.undo_between_people
    assert table.session.undo_allowed()


def test_undo_in_a_game_of_the_computer_alone_says_so(app, drive):
    """Ctrl+Z in a game with no person said "Undo is off in games between people"."""
    import pygame

    from game.catalog import GameConfig, Seat
    from scenes.zertz.table import ZertzTable

    config = GameConfig("zertz", (Seat("ai", "easy"), Seat("ai", "easy")), 3, {"first": None})
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toasts.clear()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    assert [t.text for t in app.toasts] == [
        "Nothing to undo: only the computer plays in this game."]


@pytest.mark.parametrize("game", ["zertz", "zetema", "telefunken", "chan"])
def test_hint_in_a_game_of_the_computer_alone_says_so(app, drive, game):
    """H said "A hint is given on your turn", a turn that never comes; Zertz's keys under
    the prompt offered H (pt57; the card games still said it after the first fix: pt58)."""
    import pygame

    from game.catalog import GameConfig, Seat
    from scenes.chan_table import ChanTable
    from scenes.telefunken_table import TelefunkenTable
    from scenes.zertz.table import ZertzTable
    from scenes.zetema_table import ZetemaTable

    tables = {"zertz": (ZertzTable, 2, {"first": None}), "zetema": (ZetemaTable, 2, {}),
              "telefunken": (TelefunkenTable, 4, {}), "chan": (ChanTable, 4, {})}
    cls, seats, options = tables[game]
    config = GameConfig(game, (Seat("ai", "easy"),) * seats, 3, options)
    table = cls(app, config)
    app.scenes.push(table, transition=None)
    drive.step()
    app.toasts.clear()
    drive.key(pygame.K_h)
    assert [t.text for t in app.toasts] == ["No hints: only the computer plays in this game."]
    if game == "zertz":
        table.input.pos = (-1, -1)  # (no ring under the pointer)
        assert table.status_foot() == "Esc menu"


def test_setup_fields_stand_in_one_column(app):
    """The seats' Person/Computer boxes started 50 px left of the Players, options and seed
    boxes above and below them."""
    for info in GAMES:
        scene = SetupScene(app, info)
        kinds = [w for w in scene.widgets.widgets
                 if getattr(w, "label", "") in {info.seat_name(s) for s in range(8)}]
        assert kinds, info.key
        lefts = {w._boxes()[0].x for w in kinds} | {scene.seed_field._field().x}
        assert len(lefts) == 1, (info.key, lefts)


def test_a_summary_counts_up_in_the_languages_digits(app):
    """In Persian the numbers counted up in Latin digits (0, 23, 28) and turned Persian
    (۶۵) only at the end."""
    from game import i18n
    from scenes.results import DealSummary

    i18n.set_language("fa")
    try:
        summary = DealSummary(app, "t", "", ["a", "b"], [["x", i18n.num(65)]], count_up=True)
        summary.age = summary.count_time / 2
        half = summary.cell(i18n.num(65))
        assert half and all("۰" <= ch <= "۹" for ch in half), half
    finally:
        i18n.set_language("en")


def test_esc_in_the_seed_field_leaves_it_then_goes_back(app, drive):
    """Esc did nothing while the seed field was being typed in."""
    from game.catalog import BY_KEY

    scene = SetupScene(app, BY_KEY["zertz"])
    app.scenes.push(scene, transition=None)
    drive.click(scene.seed_field._field().center)
    assert scene.widgets.typing
    drive.key(pygame.K_ESCAPE)
    assert not scene.widgets.typing and app.scenes.top is scene
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert app.scenes.top is not scene


def test_a_new_language_shows_behind_the_settings_screen_at_once(app, drive):
    """The menu behind the Settings screen kept the old language until Done."""
    from scenes.settings import SettingsScene, set_app_language

    drive.settle()
    app.scenes.push(SettingsScene(app), transition=None)
    drive.step(2)
    before = app.scenes._under.copy()
    try:
        set_app_language(app, "vi")
        drive.step(2)
        assert pygame.image.tobytes(app.scenes._under, "RGB") != pygame.image.tobytes(
            before, "RGB")
    finally:
        set_app_language(app, "en")


def test_a_deal_summary_reads_from_the_right_in_persian(app, monkeypatch):
    """The summary's Player column stood at the left in Persian too."""
    from game import i18n
    from scenes import theme
    from scenes.results import DealSummary
    from tests.test_marks import record_calls

    drawn = record_calls(monkeypatch, theme, "blit_text",
                         keep=lambda text, rect: (text, rect.centerx))
    for lang in ("en", "fa"):
        i18n.set_language(lang)
        drawn.clear()
        DealSummary(app, "t", "", ["Player", "Total"], [["Seat 2", "9"]]).draw(app.screen)
        x = dict(drawn)
        assert (x["Player"] < x["Total"]) == (lang == "en"), lang
        assert x["Seat 2"] == x["Player"]
    i18n.set_language("en")


def test_a_banner_in_the_old_language_goes_with_a_change_of_language(app, drive):
    """"Deal 2 of 7" stayed its two seconds in English after Persian was chosen."""
    from game.catalog import GameConfig, Seat
    from scenes.pause import PauseMenu
    from scenes.settings import set_app_language
    from scenes.telefunken_table import TelefunkenTable

    config = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy")), 1, {})
    table = TelefunkenTable(app, config)
    app.scenes.push(table, transition=None)
    drive.step(2)
    table.announce("Deal 2 of 7", 5.0)
    app.scenes.push(PauseMenu(app, table), transition=None)
    drive.step(2)
    try:
        set_app_language(app, "fa")
        drive.step(2)
        assert table.banner is None
    finally:
        set_app_language(app, "en")


def test_enter_resumes_from_the_pause_menu_and_restart_words_fit_the_game(app, drive,
                                                                          monkeypatch):
    """Enter did nothing in the pause menu, whose Resume is its primary button; Restart's
    question said "A new deal." also for Zertz (no cards) and for a seven-deal game."""
    from game.catalog import GameConfig, Seat
    from scenes import theme
    from scenes.telefunken_table import TelefunkenTable
    from scenes.zertz_table import ZertzTable
    from tests.test_marks import record_calls

    lines = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, rect: text)
    for cls, game, words in ((ZertzTable, "zertz", "A new game with a new draw from the bag."),
                             (TelefunkenTable, "telefunken", "A new game with new cards.")):
        table = cls(app, GameConfig(game, (Seat("human"), Seat("ai", "easy")), 1, {}))
        app.scenes.reset(table, transition=None)
        drive.settle()
        drive.key(pygame.K_ESCAPE)
        drive.settle()
        pause = drive.scene
        assert isinstance(pause, PauseMenu)
        pause.restart()
        lines.clear()
        pause.draw(app.screen)
        assert words in " ".join(lines) and "A new deal." not in lines, lines
        pause.cancel_restart()
        drive.key(pygame.K_RETURN)
        drive.settle()
        assert drive.scene is table


def test_the_results_move_list_starts_on_a_whole_entry(app, monkeypatch):
    """A long game's list opened with "removed", the second half of a wrapped entry."""
    from scenes import theme
    from scenes.results import ResultsOverlay
    from tests.test_marks import record_calls

    log = [f"Red took the white marble from d{n % 7 + 1} — ring f{n % 5 + 1} removed, and the "
           "put went on the ring beside it" for n in range(40)]
    for cut in range(0, 3):  # whichever line the top of the list falls on
        overlay = ResultsOverlay(app, "Title", "", ["Player", "Points"], [["Ana", "12"]],
                                 lambda: None, lambda: None, log=log[:40 - cut])
        assert any(line.startswith("    ") for line in overlay._lines)
        drawn = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, rect: text)
        overlay.draw(app.screen)
        monkeypatch.undo()
        listed = drawn[drawn.index(f"All moves ({40 - cut})") + 1:]
        first = next(text for text in listed if "removed" in text or text[:1].isdigit())
        assert first[:1].isdigit(), first


def test_the_results_move_list_ends_on_a_whole_entry_when_scrolled(app, monkeypatch):
    """Scrolled up, the list's last line was the first half of an entry, its rest cut off."""
    from scenes import theme
    from scenes.results import ResultsOverlay
    from tests.test_marks import record_calls

    log = [f"Red took the white marble from d{n % 7 + 1} — ring f{n % 5 + 1} removed, and the "
           "put went on the ring beside it" for n in range(40)]
    overlay = ResultsOverlay(app, "Title", "", ["Player", "Points"], [["Ana", "12"]],
                             lambda: None, lambda: None, log=log)
    for scroll in range(1, 6):  # wherever the bottom of the list falls
        overlay.scroll, overlay._static = scroll, None
        drawn = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, rect: text)
        overlay.draw(app.screen)
        monkeypatch.undo()
        listed = drawn[drawn.index("All moves (40)") + 1:]
        listed = [t for t in listed if "removed" in t or t.startswith(("    ", "1", "2", "3"))]
        last = max(i for i, line in enumerate(overlay._lines) if line.strip() == listed[-1].strip())
        assert last + 1 == len(overlay._lines) or not overlay._lines[last + 1].startswith("    ")


def test_the_results_answer_enter_esc_and_the_arrow_keys(app, drive):
    """The end screen ignored Enter and Esc (a play-tester pressed both). Esc now opens the
    table's pause menu (``test_esc_on_the_end_screen_pauses_and_its_quit_keeps_the_sitting``),
    not the menu at once."""
    import pygame

    from scenes.results import ResultsOverlay

    chosen = []
    log = [f"move {n} with some words to wrap it over the width of the list" for n in range(80)]
    overlay = ResultsOverlay(app, "Title", "", ["Player", "Points"], [["Ana", "12"]],
                             lambda: chosen.append("again"), lambda: chosen.append("menu"),
                             log=log)
    app.scenes.push(overlay, transition=None)
    drive.step()
    drive.key(pygame.K_UP)
    assert overlay.scroll == 1
    drive.key(pygame.K_PAGEUP)
    page = overlay.scroll - 1
    assert page > 5
    drive.key(pygame.K_PAGEDOWN)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)  # (not below the end)
    assert overlay.scroll == 0
    drive.key(pygame.K_HOME)  # the first moves
    assert overlay.scroll == len(overlay._lines) - (overlay.log_rect.height - 40) // 17
    drive.key(pygame.K_END)  # the last
    assert overlay.scroll == 0
    drive.key(pygame.K_RETURN)  # (at once: an Enter pressed to go on as the game ended
    assert chosen == []  # played again before the results were seen, pt98)
    drive.wait(1.6)
    overlay.pause()  # covered (the replay), then shown again: Enter waits again (pt99)
    overlay.resume()
    drive.key(pygame.K_RETURN)
    assert chosen == []
    drive.wait(1.6)
    drive.key(pygame.K_RETURN)
    assert chosen == ["again"]
    drive.key(pygame.K_ESCAPE)  # (with no table beneath, no pause menu either: nothing)
    assert chosen == ["again"] and app.scenes.top is overlay


def test_the_volume_is_greyed_while_the_sound_is_off(app, drive):
    """The Volume slider stayed active (and moved) with the sound off."""
    from scenes.settings import VOLUME, SettingsScene
    from scenes.widgets import Slider, Toggle

    app.settings.sound, app.settings.volume = True, 0.5
    scene = SettingsScene(app)
    app.scenes.push(scene, transition=None)
    drive.step(2)
    sound = next(w for w in scene.widgets.widgets if isinstance(w, Toggle) and w.label == "Sound")
    slider = scene.widgets.widgets[VOLUME]
    assert isinstance(slider, Slider) and slider.enabled
    drive.click(sound.rect.center)
    assert app.settings.sound is False and not slider.enabled
    track = slider._track()
    drive.click((track.right - 2, track.centery))
    assert app.settings.volume == 0.5
    drive.click(sound.rect.center)
    assert app.settings.sound and slider.enabled


def test_a_tables_messages_stay_behind_when_the_pause_menu_opens(app, drive):
    """A refusal message jumped from the table to the foot of the screen, over the Settings
    screen's Done button, and kept its language after a change of language; Enter did
    nothing in the Restart question, whose Restart is its primary button."""
    from game.catalog import GameConfig, Seat
    from scenes.settings import set_app_language
    from scenes.zertz_table import ZertzTable

    table = ZertzTable(app, GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 1, {}))
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toast("Ring f3 already holds a marble.", error=False)
    app.toast("Saving failed: disk full.", error=True, lasting=True)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = drive.scene
    assert isinstance(pause, PauseMenu)
    assert [t.text for t in app.toasts] == ["Saving failed: disk full."]
    try:
        set_app_language(app, "vi")
        assert app.toasts == []
    finally:
        set_app_language(app, "en")
    pause.restart()
    drive.key(pygame.K_RETURN)  # Restart, confirmed
    drive.settle()
    assert drive.scene is not table and isinstance(drive.scene, ZertzTable)


def test_the_menus_key_hint_is_not_shown_under_statistics(app, drive, monkeypatch):
    """"1–4 open a game" showed through Statistics, where those keys do nothing."""
    from scenes import theme
    from scenes.stats import StatsScene
    from tests.test_marks import record_calls

    drive.settle()
    drawn = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, rect: text)
    app.draw(app.screen)
    assert any("open a game" in t for t in drawn)
    app.scenes.push(StatsScene(app), transition=None)
    app.scenes.invalidate()
    drawn.clear()
    app.draw(app.screen)
    assert drawn and not any("open a game" in t for t in drawn)


def test_statistics_messages_stand_inside_the_panel(app, drive):
    """"Statistics reset." lay across the panel's bottom edge."""
    from scenes.stats import StatsScene

    scene = StatsScene(app)
    app.scenes.push(scene, transition=None)
    drive.settle()
    plain = pygame.Surface(app.size)
    app.scenes.draw(plain)
    said = plain.copy()
    app.toast("Statistics reset.")
    app.toasts[-1].age = 0.5  # (faded in)
    app._draw_toasts(said)
    diff = [(x, y) for x in range(0, app.size[0], 2) for y in range(0, app.size[1], 2)
            if said.get_at((x, y)) != plain.get_at((x, y))]
    assert diff
    inner = scene.panel.inflate(-8, -8)
    assert all(inner.collidepoint(p) for p in diff)
    buttons = [w.rect for w in scene.widgets.widgets]
    assert not any(r.collidepoint(p) for r in buttons for p in diff)
    drive.key(pygame.K_ESCAPE)  # ... and it does not follow to the menu
    assert not any(t.text == "Statistics reset." for t in app.toasts)


def test_statistics_say_what_best_means_in_each_game(app, drive, monkeypatch):
    """Chắn's "Best 12" was read as a deal's score (it is a settlement)."""
    from scenes import theme
    from scenes.stats import StatsScene

    drawn = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda s, text, *a, **k: (
        drawn.append(text), real(s, text, *a, **k))[1])
    scene = StatsScene(app)
    said = {}
    for game in scene.keys:
        scene.game = game
        drawn.clear()
        scene.draw(pygame.Surface(app.size))
        start = next(i for i, t in enumerate(drawn) if t.startswith("Best: "))
        note = drawn[start]  # (wrapped: its lines come one after the other)
        for line in drawn[start + 1:]:
            if note.endswith("."):
                break
            note += " " + line
        said[game] = [note]
        # and that a game left unfinished counts as lost (Restart kept a clean record, pt98)
        assert any("counts as" in t for t in drawn[start:]) and "lost." in " ".join(drawn)
    assert said["chan"] == [  # (a best of -7 after losses alone was not explained)
        "Best: your largest settlement in a deal (three times the score when you win; below "
        "zero, what you paid)."]
    assert said["telefunken"] == ["Best: your lowest penalty total (the lower, the better)."]
    assert said["zetema"] == ["Best: your highest final score."]
    assert said["zertz"] == ["Best: your most points in a game."]


def test_restart_from_a_replay_does_not_say_a_game_will_be_lost(app, drive, monkeypatch):
    """In a replay of a finished game, Restart warned "The game in progress will be lost";
    and in a game nobody had moved in yet (pt106)."""
    from game.catalog import GameConfig, Seat
    from game.session import Session
    from scenes import theme
    from scenes.replay import replay_table
    from scenes.zertz_table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("ai")), 3, {"first": 0})
    said = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda s, text, *a, **k: (
        said.append(text), real(s, text, *a, **k))[1])
    played = Session.new(config)
    played.play("place d4")
    for kind in ("played", "fresh", "replay"):
        table = (replay_table(app, ZertzTable, config, ["place d4"], 1) if kind == "replay"
                 else ZertzTable(app, config, played if kind == "played" else None))
        app.scenes.reset(table, transition=None)
        drive.settle()
        pause = PauseMenu(app, table)
        pause.restart()
        said.clear()
        pause.draw(pygame.Surface(app.size))
        assert ("The game in progress will be lost." in said) is (kind == "played"), kind


def test_a_scene_faded_in_over_another_ends_with_it_drawn_as_beneath(app, drive):
    """The fade's picture of the old frame stands for the scene beneath while a see-through
    scene fades in (the table is not drawn twice on that frame); once the fade is over, the
    scene beneath is drawn again as it looks under another (the menu without its key hint
    under Statistics), so the picture is the one a fresh drawing gives."""
    from scenes.stats import StatsScene

    drive.settle()
    app.scenes.push(StatsScene(app), transition="fade")
    drive.settle()
    shown = app.screen.copy()
    app.scenes.invalidate()
    fresh = pygame.Surface(app.size)
    app.draw(fresh)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB")


@pytest.mark.parametrize("lang", ["vi", "fa", "en"])
def test_the_statistics_note_stays_clear_of_the_chart(app, lang, monkeypatch):
    """In Vietnamese Chắn's note ran on under the chart's first bar (pt54): it wraps."""
    from game import i18n
    from scenes import theme
    from scenes.stats import StatsScene

    i18n.set_language(lang)
    try:
        drawn = []
        real = theme.blit_text
        monkeypatch.setattr(theme, "blit_text", lambda s, text, at, size, *a, **k: (
            drawn.append((text, at, size, k.get("anchor"))), real(s, text, at, size, *a, **k))[1])
        scene = StatsScene(app)
        scene.game = "chan"
        scene.draw(pygame.Surface(app.size))
        notes = [(text, at, size, anchor) for text, at, size, anchor in drawn if size == 15]
        assert notes
        p = scene.panel
        chart = theme.mirror(pygame.Rect(p.x + 40 + 760, p.y + 120, p.right - p.x - 840, 200), p)
        for text, at, size, anchor in notes:
            box = theme.text(text, size, theme.INK_FAINT).get_rect(**{anchor or "topleft": at})
            assert not box.colliderect(chart), (text, box, chart)
    finally:
        i18n.set_language("en")


def test_restart_in_a_sitting_says_its_running_total_is_kept(app, drive):
    """After Play again, Restart said only "The game in progress will be lost": a newcomer
    read that as the sitting's running total too (pt78), which a restart keeps."""
    from dataclasses import replace

    from game.catalog import GameConfig, Seat
    from scenes import theme

    config = replace(GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 3, {"first": None}),
                     sitting_games=2, sitting=(1, 1))
    table, menu = _paused_zertz(app, drive, config)
    menu.restart()
    drive.step()
    assert menu._warning()[-1] == "The running total of the games before it is kept."
    rows = sum(len(theme.wrap(line, 20, menu.panel.width - 40)) for line in menu._warning())
    assert menu.panel.y + 120 + 28 * rows + 12 <= min(w.rect.top for w in menu.widgets.widgets)
    assert menu.panel.bottom <= app.size[1]
    table.config = replace(config, sitting_games=0, sitting=())
    assert "kept" not in " ".join(menu._warning())


def test_a_scenes_messages_go_when_another_scene_comes(app, drive):
    """The setup's word on a greyed option stood over the rules opened from it, and a word
    of the results over the menu (pt101): a message goes with the scene that said it, when
    another comes over it or takes its place; a problem to be read stays."""
    setup = SetupScene(app, BY_KEY["chan"])
    app.scenes.push(setup, transition=None)
    drive.settle()
    greyed = next(w for w in setup.widgets.widgets if getattr(w, "why_disabled", None)
                  and not w.enabled)
    drive.click(greyed.rect.center)
    assert [t.text for t in app.toasts] == [
        "This is for games between people: make at least two seats “Person” first."]
    app.toast("Saving failed: disk full.", error=True, lasting=True)
    setup.show_rules()
    drive.settle()
    assert isinstance(drive.scene, RulesViewer)
    assert [t.text for t in app.toasts] == ["Saving failed: disk full."]
    app.toast("A word of the rules screen.")
    drive.key(pygame.K_ESCAPE)  # back to the setup: the rules' word stays behind
    drive.settle()
    assert drive.scene is setup
    assert [t.text for t in app.toasts] == ["Saving failed: disk full."]
    app.toast("A word of the setup.")
    app.scenes.reset(MainMenu(app), transition=None)
    assert [t.text for t in app.toasts] == ["Saving failed: disk full."]


def test_enter_in_the_seed_field_starts_the_game(app, drive):
    """Enter typed after a seed only left the field: nothing started (pt115)."""
    from game.catalog import BY_KEY

    scene = SetupScene(app, BY_KEY["zertz"])
    app.scenes.push(scene, transition=None)
    drive.click(scene.seed_field._field().center)
    drive.type("42")
    drive.key(pygame.K_RETURN)
    drive.settle()
    table = app.scenes.top
    assert table is not scene and table.config.seed == 42 and table.config.fixed_seed


def test_the_setups_messages_do_not_follow_into_the_game(app, drive):
    """A letter typed in the seed field said "only digits"; Enter started the game and the
    message stood over the table (pt119)."""
    from game.catalog import BY_KEY

    scene = SetupScene(app, BY_KEY["zertz"])
    app.scenes.push(scene, transition=None)
    drive.click(scene.seed_field._field().center)
    drive.type("8x1")
    assert any("only digits" in t.text for t in app.toasts)
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert app.scenes.top is not scene
    assert not any("only digits" in t.text for t in app.toasts)
