"""One save per game, Continue and the tiles' Resume, bad saves at Continue, statistics that
never break a game's end, and a data directory that cannot be written."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from game import stats
from game.catalog import GameConfig, Seat, default_config
from game.layout import load_layout
from game.rules import zertz
from game.saves import autosave_path, delete_autosave, list_saves, write_autosave
from game.session import Session
from scenes.chan_table import ChanTable
from scenes.menu import MainMenu
from scenes.resume import autosave_game
from scenes.stats import StatsScene
from scenes.zertz_table import ZertzTable
from scenes.zetema_table import ZetemaTable

MENU = load_layout("menu")
VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 21, {"first": 0})


@pytest.fixture
def persisting(app):
    app.persist = True
    return app


def saved_session(key: str, moves: int, mtime: float | None = None, seed: int = 4) -> Session:
    """A game of ``key`` after ``moves`` moves (the first legal one each time), saved."""
    session = Session.new(default_config(key, seed=seed))
    for _ in range(moves):
        session.play(session.rules.legal_moves(session.state)[0])
    write_autosave(session.to_save())
    if mtime is not None:
        os.utime(autosave_path(key), (mtime, mtime))
    return session


def menu(app, drive) -> MainMenu:
    app.scenes.reset(MainMenu(app), transition=None)
    drive.settle()
    return drive.scene


def button(scene, label: str, under: str | None = None):
    for widget in scene.widgets.widgets:
        if widget.label != label:
            continue
        if under is None or MENU[under].rect.left <= widget.rect.centerx <= MENU[under].rect.right:
            return widget
    return None


def top_table(app, kind):
    return next(s for s in reversed(app.scenes.stack) if isinstance(s, kind))


# -- one save per game ------------------------------------------------------------------------

def test_each_game_keeps_its_own_save(data_dir):
    chan = saved_session("chan", 3, mtime=1_000_000)
    saved_session("zetema", 2, mtime=2_000_000)
    assert {p.name for p in data_dir.iterdir()} == {"autosave-chan.json", "autosave-zetema.json"}
    assert [(e.game, e.moves) for e in list_saves()] == [("zetema", 2), ("chan", 3)]
    delete_autosave("zetema")
    assert [e.game for e in list_saves()] == ["chan"]
    back = Session.from_save(json.loads(autosave_path("chan").read_text(encoding="utf-8")))
    assert back.moves == chan.moves


def test_playing_a_new_game_keeps_another_games_unfinished_one(persisting, drive, data_dir):
    saved_session("chan", 5)
    before = autosave_path("chan").read_bytes()
    table = ZertzTable(persisting, VS_AI)
    persisting.scenes.push(table, transition=None)
    drive.settle()
    seat = table.state.seat
    drive.drag(drive.center_of(table.supply_ents[seat][-1]), table.ring_center("d4"))
    drive.settle()
    assert json.loads(autosave_path("zertz").read_text(encoding="utf-8"))["moves"][0] == "place d4"
    assert autosave_path("chan").read_bytes() == before


def test_continue_resumes_the_most_recent_game_and_names_it(app, drive):
    zetema = saved_session("zetema", 4, mtime=2_000_000)
    saved_session("chan", 3, mtime=1_000_000)
    scene = menu(app, drive)
    cont = button(scene, "Continue")
    assert cont.enabled and cont.note == "Zetema · deal 1, 4 moves"  # all in the button
    resume = button(scene, "Resume this game", "zetema")
    assert cont.rect.top - resume.rect.bottom >= 12  # the tile's Resume stands clear of the row
    from scenes import theme  # the longest English note fits whole (13 px, the button's note)
    assert theme.text_width("Telefunken · deal 7, 123 moves", 13) <= cont.rect.width - 16
    assert scene.latest.summary() == "Zetema, deal 1, 4 moves"
    drive.click(cont.rect.center)
    drive.settle()
    table = top_table(app, ZetemaTable)
    assert table.session.moves == zetema.moves and table.state == zetema.state


def test_each_tile_offers_to_resume_its_own_game(app, drive):
    saved_session("zetema", 4, mtime=2_000_000)
    chan = saved_session("chan", 3, mtime=1_000_000)
    scene = menu(app, drive)
    assert button(scene, "Resume this game", "zertz") is None
    assert button(scene, "Resume this game", "telefunken") is None
    assert button(scene, "Resume this game", "zetema").note == "deal 1, 4 moves"
    resume = button(scene, "Resume this game", "chan")
    assert resume.note == "3 moves"
    drive.click(resume.rect.center)  # not the most recent save: the Chắn one, as asked
    drive.settle()
    table = top_table(app, ChanTable)
    assert table.session.moves == chan.moves


def test_the_old_single_save_is_moved_to_its_games_file(app, drive, data_dir):
    session = Session.new(VS_AI)
    session.play("place d4")
    data_dir.mkdir(parents=True)
    autosave_path().write_text(json.dumps(session.to_save()), encoding="utf-8")
    assert [(e.game, e.moves) for e in list_saves()] == [("zertz", 1)]
    assert not autosave_path().exists() and autosave_path("zertz").is_file()
    drive.click(button(menu(app, drive), "Continue").rect.center)
    drive.settle()
    assert top_table(app, ZertzTable).session.moves == ["place d4"]


def test_a_finished_game_deletes_only_its_own_save(app):
    saved_session("chan", 2)
    state = zertz.load({"marbles": {"a1": "black"}, "pieces": {"a2": 0},
                        "captured": [{"black": 5}, {}],
                        "bag": ["white"] * 6 + ["grey"] * 6, "to_move": 0})
    session = Session(VS_AI, zertz, state, state)
    assert autosave_game(app, session, False) is False
    assert autosave_path("zertz").is_file()
    session.play("take a1")
    assert session.result is not None
    assert autosave_game(app, session, False) is True
    assert not autosave_path("zertz").exists() and autosave_path("chan").is_file()
    assert stats.load_stats()[0]["zertz"]["easy"]["won"] == 1


# -- bad saves at Continue --------------------------------------------------------------------

def _zetema_data(**config):
    session = Session.new(default_config("zetema", seed=8))
    session.play(session.rules.legal_moves(session.state)[0])
    data = session.to_save()
    data["config"].update(config)
    return data


@pytest.mark.parametrize("damage, words", [
    (lambda d: d["config"]["seats"].append({"kind": "ai", "level": "easy"}), "4 seats"),
    (lambda d: d["config"].update(options={"bogus": 1}), "not valid for Zetema"),
    (lambda d: d["config"].update(options={"double": 7}), "not valid for Zetema"),
    (lambda d: d.update(game="zertz"), "not Zetema"),
    (lambda d: d["config"].update(game="zertz"), "configuration is for Zertz"),
])
def test_an_inconsistent_save_is_reported_and_set_aside(app, drive, data_dir, damage, words):
    data = _zetema_data()
    damage(data)
    data_dir.mkdir(parents=True, exist_ok=True)
    autosave_path("zetema").write_text(json.dumps({"version": 1, **data}), encoding="utf-8")
    scene = menu(app, drive)
    drive.click(button(scene, "Continue").rect.center)
    drive.settle()
    drive.step(5)
    assert isinstance(drive.scene, MainMenu)
    assert app.toasts[-1].error and words in app.toasts[-1].text
    assert "set aside as autosave-zetema.json.bad-" in app.toasts[-1].text
    assert [p.name.startswith("autosave-zetema.json.bad-") for p in data_dir.iterdir()] == [True]
    assert not button(drive.scene, "Continue").enabled


def test_a_save_without_its_moves_is_set_aside_at_start(data_dir):
    """A Zertz save missing its "moves" was offered on the menu (Continue, Resume this
    game) and only refused when clicked; it is reported and set aside at start."""
    from game.saves import check_saves_at_start

    data = saved_session("zertz", 2).to_save()
    del data["moves"]
    autosave_path("zertz").write_text(json.dumps(data), encoding="utf-8")
    saved_session("zetema", 3)
    messages = check_saves_at_start()
    assert len(messages) == 1 and "list of moves is damaged" in messages[0], messages
    assert [e.game for e in list_saves()] == ["zetema"]  # the other game's save stays


def test_a_deeply_nested_save_does_not_crash_continue(app, drive, data_dir):
    data_dir.mkdir(parents=True)
    autosave_path("zertz").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    scene = menu(app, drive)
    drive.click(button(scene, "Continue").rect.center)
    assert isinstance(drive.scene, MainMenu)
    assert "nested too deeply" in app.toasts[-1].text and "set aside" in app.toasts[-1].text


# -- statistics never break the end of a game -------------------------------------------------

def _result():
    return {"winner": 0, "reason": "bag", "points": [10, 5], "marbles": [5, 4]}


def test_recording_with_a_deeply_nested_statistics_file(data_dir):
    data_dir.mkdir(parents=True)
    stats.stats_path().write_text('{"games": ' + "[" * 100_000 + "]" * 100_000 + "}",
                                  encoding="utf-8")
    message = stats.record_game(VS_AI, _result())
    assert "reset" in message and "nested too deeply" in message
    assert stats.load_stats() == ({"zertz": {"easy": {**stats.empty_record(), "played": 1,
                                                        "won": 1, "best": 10, "streak": 1,
                                                        "longest": 1}}}, None)
    assert any(p.name.startswith("stats.json.bad-") for p in data_dir.iterdir())


def test_recording_catches_every_failure(monkeypatch):
    def broken():
        raise RuntimeError("anything at all")

    monkeypatch.setattr(stats, "load_stats", broken)
    assert "could not be counted" in stats.record_game(VS_AI, _result())


@pytest.mark.parametrize("record", [
    {"played": [], "won": 1}, {"played": "3"}, {"best": {}}, {"streak": -4}, {"won": 1.5},
])
def test_bad_records_are_dropped_field_by_field(data_dir, record):
    stats.save_stats({"zertz": {"easy": {**stats.empty_record(), "played": 2, "lost": 2},
                                "hard": record}})
    games, message = stats.load_stats()
    assert games["zertz"]["easy"]["played"] == 2  # the sound record is kept
    assert all(isinstance(v, int) for k, v in games["zertz"]["hard"].items() if k != "best")
    assert "Some statistics were reset" in message and "set aside" in message
    assert stats.load_stats() == (games, None)  # said once; the sound records kept on disk


def test_statistics_screen_opens_over_a_deeply_nested_file(persisting, drive, data_dir):
    data_dir.mkdir(parents=True)
    stats.stats_path().write_text("[" * 100_000, encoding="utf-8")
    drive.click(MENU["stats"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, StatsScene)
    assert drive.scene.records()["easy"]["played"] == 0
    assert "Statistics were reset" in persisting.toasts[-1].text


# -- a data directory that cannot be written --------------------------------------------------

def test_an_unwritable_data_directory_is_said_once_then_marked(persisting, drive, monkeypatch):
    import game.storage as storage

    real = storage.tempfile.mkstemp

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "/data/autosave-zertz.json.k3j4.tmp")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    table = ZertzTable(persisting, GameConfig("zertz", (Seat("human"), Seat("human")), 3,
                                              {"first": 0}))
    persisting.scenes.push(table, transition=None)
    drive.settle()
    corner = (persisting.size[0] - 30, 10)
    clean = tuple(persisting.screen.get_at(corner))
    for ring in ("d4", "c3", "e3"):
        seat = table.state.seat
        drive.drag(drive.center_of(table.supply_ents[seat][-1]), table.ring_center(ring))
        drive.settle()
    errors = [t.text for t in persisting.toasts if t.error]
    assert len(errors) == 1 and len(table.session.moves) == 3
    assert "Zertz game is not being saved" in errors[0] and "permission was refused" in errors[0]
    assert ".tmp" not in errors[0] and "/" not in errors[0]
    assert persisting.not_saving is not None
    drive.step()
    assert tuple(persisting.screen.get_at(corner)) != clean  # the mark is in view
    monkeypatch.setattr(storage.tempfile, "mkstemp", real)
    drive.drag(drive.center_of(table.supply_ents[table.state.seat][-1]), table.ring_center("b2"))
    drive.settle()
    assert persisting.not_saving is None and persisting.toasts[-1].text == "Saving works again."
    assert len(json.loads(autosave_path("zertz").read_text(encoding="utf-8"))["moves"]) == 4


def test_a_game_that_cannot_be_saved_is_resumed_as_played_in_the_same_run(persisting, drive,
                                                                          monkeypatch):
    """With the disk refusing, Quit to menu and Continue brought back the older file: the
    moves played since were lost, a drawn marble could be drawn again (pt109). The game as
    last played is kept in memory, offered by the menu and resumed; once a write succeeds
    the file holds it again and nothing is kept."""
    import game.storage as storage
    from scenes.resume import resume_saved_game

    table = ZertzTable(persisting, GameConfig("zertz", (Seat("human"), Seat("human")), 3,
                                              {"first": 0}))
    persisting.scenes.push(table, transition=None)
    drive.settle()

    def place(ring):
        drive.drag(drive.center_of(table.supply_ents[table.state.seat][-1]),
                   table.ring_center(ring))
        drive.settle()

    place("d4")  # written
    real = storage.tempfile.mkstemp

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    place("c3")
    place("e3")
    on_disk = json.loads(autosave_path("zertz").read_text(encoding="utf-8"))
    assert len(on_disk["moves"]) == 1 and persisting.not_saving is not None
    [entry] = list_saves()
    assert entry.game == "zertz" and entry.moves == 3  # (the menu offers the game as played)
    persisting.scenes.reset(MainMenu(persisting), transition=None)  # quit to the menu
    drive.settle()
    assert resume_saved_game(persisting, "zertz")  # Continue
    drive.settle()
    resumed = persisting.scenes.top
    assert isinstance(resumed, ZertzTable) and resumed.session.moves == table.session.moves
    monkeypatch.setattr(storage.tempfile, "mkstemp", real)
    table = resumed
    place("b2")  # written again: the file has it all, nothing is kept in memory
    on_disk = json.loads(autosave_path("zertz").read_text(encoding="utf-8"))
    assert len(on_disk["moves"]) == 4
    [entry] = list_saves()
    assert entry.unwritten is None and entry.moves == 4


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="chmod does not stop root from writing; the test above simulates it")
def test_a_read_only_data_directory_for_real(persisting, data_dir):
    data_dir.mkdir(parents=True)
    data_dir.chmod(0o500)
    try:
        session = Session.new(VS_AI)
        session.play("place d4")
        autosave_game(persisting, session, False)
        autosave_game(persisting, session, False)
        assert len([t for t in persisting.toasts if t.error]) == 1
        assert persisting.not_saving is not None
    finally:
        data_dir.chmod(0o700)


def test_settings_that_cannot_be_saved_are_said_once(persisting, monkeypatch):
    import game.storage as storage

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    for speed in ("fast", "slow", "instant"):
        persisting.settings.animation = speed
        persisting.save_settings()
    errors = [t.text for t in persisting.toasts if t.error]
    assert len(errors) == 1 and "the disk is full" in errors[0]


def test_stale_temporary_files_are_removed_at_start(data_dir):
    from game.app import App

    data_dir.mkdir(parents=True)
    stale = [data_dir / f"autosave-zertz.json.{i}x.tmp" for i in range(5)]
    for path in stale:
        path.write_text("{", encoding="utf-8")
        os.utime(path, (1_000_000, 1_000_000))
    fresh = data_dir / "autosave-chan.json.now.tmp"
    fresh.write_text("{", encoding="utf-8")
    App()
    from game.instance_lock import LOCK_NAME

    assert sorted(p.name for p in data_dir.iterdir()) == sorted([fresh.name, LOCK_NAME])


def test_resetting_statistics_in_an_unwritable_directory_says_so(persisting, drive, monkeypatch):
    import game.storage as storage

    stats.record_game(VS_AI, _result())

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    drive.click(MENU["stats"].rect.center)
    drive.settle()
    scene = drive.scene
    drive.click(button(scene, "Reset…").rect.center)
    drive.click(button(scene, "Yes, reset all").rect.center)
    assert isinstance(drive.scene, StatsScene) and persisting.not_saving is not None
    assert "could not be reset" in persisting.toasts[-1].text
    assert stats.load_stats()[0]["zertz"]["easy"]["played"] == 1  # nothing was lost either


def test_start_says_it_replaces_the_game_in_progress(app, drive):
    """The tile's "New game" led to a Start that replaced the unfinished game without a
    word: Start now says so, for the game that has a save only."""
    from game.catalog import BY_KEY
    from scenes.setup import SetupScene

    saved_session("zetema", 3)
    assert SetupScene(app, BY_KEY["zetema"]).start_button.note == "replaces the saved game"
    assert SetupScene(app, BY_KEY["zertz"]).start_button.note == ""
    # a game whose file could not be written, kept while the program runs, is no saved game
    # (pt146)
    from game import saves

    session = Session.new(VS_AI)
    session.play("place d4")
    saves.keep_unwritten(session.to_save())
    try:
        assert SetupScene(app, BY_KEY["zertz"]).start_button.note == "replaces the unsaved game"
    finally:
        saves.forget_unwritten("zertz")
    # a saved game not begun (undone to its start) is replaced without a question, so Start
    # does not say it replaces it (it said so, then started without asking: pt57)
    saved_session("zertz", 0)
    assert SetupScene(app, BY_KEY["zertz"]).start_button.note == ""


def test_start_asks_before_it_replaces_the_game_in_progress(app, drive):
    """"2" and Enter, pressed quickly on the menu, replaced a Telefunken game of 252 moves
    with a new one: Start now asks first. Esc keeps the saved game, "Resume saved game"
    resumes it, Enter ("Start new game") starts the new one."""
    import pygame

    saved = saved_session("zetema", 5)
    scene = menu(app, drive)
    drive.key(pygame.K_1)
    drive.settle()
    setup = drive.scene
    assert setup.name == "setup"
    drive.key(pygame.K_RETURN)  # Start: asked first, nothing replaced
    drive.key(pygame.K_RETURN)  # (a second Enter typed ahead, before it could be read)
    drive.settle()
    assert app.scenes.top is setup and setup.replacing is not None
    assert setup._ask_words() == ["Your Zetema game in progress (deal 1, 5 moves) will be lost."]
    drive.key(pygame.K_ESCAPE)  # cancels the question, not the setup
    drive.settle()
    assert app.scenes.top is setup and setup.replacing is None
    assert [e.moves for e in list_saves() if e.game == "zetema"] == [5]
    drive.click(setup.start_button.rect.center)
    drive.settle()
    assert setup.replacing is not None
    resume = next(w for w in setup.ask.widgets if w.label == "Resume saved game")
    drive.click(resume.rect.center)
    drive.settle()
    table = top_table(app, ZetemaTable)
    assert table.session.moves == saved.moves
    assert app.scenes.stack == [scene, table]  # (the setup gave way: the menu lies below)
    # again, and this time start anew, with Enter
    scene = menu(app, drive)
    drive.key(pygame.K_1)
    drive.settle()
    setup = drive.scene
    drive.key(pygame.K_RETURN)
    drive.step(40)  # (read: its keys answer after 0.6 s)
    drive.key(pygame.K_KP_ENTER)
    drive.settle()
    table = top_table(app, ZetemaTable)
    assert table.session.moves != saved.moves and setup not in app.scenes.stack


def test_the_questions_keys_wait_until_it_can_be_read_and_r_resumes(app, drive):
    """3, Enter, Enter pressed quickly on the menu replaced a Zertz game of four moves before
    the question could be seen: keys typed in its first 0.6 s do nothing (but Esc). R resumes
    the saved game from the keyboard."""
    import pygame

    saved = saved_session("zertz", 4)
    menu(app, drive)
    drive.key(pygame.K_3)
    drive.settle()
    setup = drive.scene
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_r)
    drive.step(5)
    assert app.scenes.top is setup and setup.replacing is not None
    assert [e.moves for e in list_saves() if e.game == "zertz"] == [4]
    drive.step(40)
    drive.key(pygame.K_r)
    drive.settle()
    assert top_table(app, ZertzTable).session.moves == saved.moves


def test_a_saved_game_not_begun_is_replaced_without_a_question(app, drive):
    import pygame

    saved_session("zertz", 0)
    menu(app, drive)
    drive.key(pygame.K_3)
    drive.settle()
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert isinstance(app.scenes.top, ZertzTable)


def test_the_question_says_a_sittings_running_total_goes_too(app, drive):
    """A family's Zertz sitting of two games won: the question said only that the game in
    progress would be lost; starting anew ends the running total too."""
    from game.catalog import BY_KEY
    from scenes.setup import SetupScene

    session = Session.new(default_config("zertz", seed=4).after_game([1, 0]).after_game([1, 0]))
    for _ in range(3):
        session.play(session.rules.legal_moves(session.state)[0])
    write_autosave(session.to_save())
    assert [e.sitting_games for e in list_saves()] == [2]
    menu(app, drive)
    setup = SetupScene(app, BY_KEY["zertz"])
    app.scenes.push(setup, transition=None)
    setup.start()
    assert setup._ask_words() == [
        "Your Zertz game in progress (3 moves) will be lost.",
        "So will the running total of the 2 games played before it."]


def test_a_sittings_next_game_not_begun_is_not_replaced_without_a_question(app, drive):
    """A Chắn sitting left by Menu on its results (deal 3 of the sitting, not begun) was
    replaced by a new game without a word, its running totals gone (pt133)."""
    from game.catalog import BY_KEY
    from scenes.setup import SetupScene

    config = default_config("chan", seed=4).after_game([3, -1, -1, -1]).after_game([-2, 6, -2, -2])
    write_autosave(Session.new(config).to_save())
    assert [(e.moves, e.sitting_games) for e in list_saves()] == [(0, 2)]
    menu(app, drive)
    setup = SetupScene(app, BY_KEY["chan"])
    app.scenes.push(setup, transition=None)
    assert setup.start_button.note == "replaces the saved game"
    setup.start()
    assert app.scenes.top is setup and setup.replacing is not None
    assert setup._ask_words() == ["The running total of the 2 deals played so far will be lost."]
    assert setup.replaced is None  # (no game was begun: nothing counts as lost)


def test_start_asks_nothing_without_a_saved_game(app, drive):
    import pygame

    from game.catalog import BY_KEY
    from scenes.setup import SetupScene

    saved_session("zetema", 3)
    menu(app, drive)
    setup = SetupScene(app, BY_KEY["zertz"])
    app.scenes.push(setup, transition=None)
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert setup.replacing is None and isinstance(app.scenes.top, ZertzTable)


def test_a_save_with_no_version_says_so_in_words():
    """It said "it is from another version ('None')"."""
    from game.saves import check_save

    with pytest.raises(ValueError, match="^it says nothing of the version that wrote it$"):
        check_save({"game": "zertz"})
    with pytest.raises(ValueError, match=r"^it is from another version \('7'\)$"):
        check_save({"game": "zertz", "version": 7})


def test_quitting_with_a_game_that_cannot_be_saved_asks_first(persisting, drive, monkeypatch):
    """A game whose save could not be written is kept only while the program runs: closing
    the window lost it without a word (pt109). Closing asks first (Back keeps playing);
    with the disk writable again, closing saves and quits; closing twice quits."""
    import game.storage as storage
    from scenes.quit_warning import QuitWarning

    table = ZertzTable(persisting, GameConfig("zertz", (Seat("human"), Seat("human")), 3,
                                              {"first": 0}))
    persisting.scenes.push(table, transition=None)
    drive.settle()
    real = storage.tempfile.mkstemp

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    drive.drag(drive.center_of(table.supply_ents[table.state.seat][-1]), table.ring_center("d4"))
    drive.settle()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.step()
    drive.settle()
    warning = persisting.scenes.top
    assert persisting.running and isinstance(warning, QuitWarning)
    assert any("Zertz" in line and "the disk is full" in line for line in warning.lines())
    # (the reason alone: the settings, written again as it quits, were the last file refused)
    assert not any(".json" in line for line in warning.lines()), warning.lines()
    back = next(w for w in warning.widgets.widgets if w.label == "Back")
    drive.click(back.rect.center)
    drive.settle()
    assert persisting.running and persisting.scenes.top is table  # play goes on
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.step()
    drive.settle()
    assert isinstance(persisting.scenes.top, QuitWarning)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closed again: quits
    drive.step(2)
    assert not persisting.running
    persisting.running = True
    persisting.scenes.pop(transition=None)
    drive.settle()
    monkeypatch.setattr(storage.tempfile, "mkstemp", real)  # room made on the disk
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.step(2)
    assert not persisting.running  # saved as it quit, nothing asked
    assert len(json.loads(autosave_path("zertz").read_text(encoding="utf-8"))["moves"]) == 1


def test_quit_anyway_quits(persisting, drive, monkeypatch):
    import game.storage as storage
    from game import saves
    from scenes.quit_warning import QuitWarning

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)  # (still no room on the disk)
    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.settle()
    saves.keep_unwritten(Session.new(VS_AI).to_save())
    persisting.quit()
    drive.settle()
    warning = persisting.scenes.top
    assert isinstance(warning, QuitWarning) and persisting.running
    drive.click(next(w for w in warning.widgets.widgets if w.label == "Quit anyway").rect.center)
    drive.step(2)
    assert not persisting.running


def test_quitting_from_the_menu_writes_a_game_kept_in_memory(persisting, drive):
    """From the menu no table is left to save a game kept in memory: with room made on the
    disk, Quit still asked "Quit without saving?" and would have lost its moves (pt118).
    Quitting writes it first, and asks only if that fails too."""
    from game import saves

    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.settle()
    session = Session.new(VS_AI)
    session.play("place d4")
    saves.keep_unwritten(session.to_save())  # (its file could not be written, earlier)
    persisting.quit()
    drive.step()
    assert not persisting.running
    assert json.loads(autosave_path("zertz").read_text(encoding="utf-8"))["moves"] == ["place d4"]
    assert saves.unwritten_games() == []


def test_settings_changed_while_the_disk_refused_are_written_on_quit(persisting, monkeypatch):
    """A language chosen while the disk was full was lost though the disk had room again by
    the time the program quit (pt118): quitting tries the settings again."""
    import game.storage as storage
    from game.settings import load_settings

    real = storage.tempfile.mkstemp

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    persisting.settings.animation = "fast"
    persisting.save_settings()
    assert persisting.not_saving is not None
    monkeypatch.setattr(storage.tempfile, "mkstemp", real)
    persisting.quit()
    assert load_settings()[0].animation == "fast"


def test_a_save_whose_last_move_does_not_replay_resumes_before_it(data_dir):
    """One bad move at the end of a Chắn save threw the whole game away (pt134): the moves
    before it are kept, the file as it was is set aside, and the message says where the game
    resumes."""
    from game.saves import check_saves_at_start, read_entry

    session = saved_session("chan", 9)
    data = session.to_save()
    good = list(data["moves"])
    data["moves"][-1] = "discard ZZ"
    autosave_path("chan").write_text(json.dumps(data), encoding="utf-8")
    messages = check_saves_at_start()
    assert len(messages) == 1
    assert messages[0].startswith("The saved Chắn game resumes after move 8 of 9: ")
    assert "unknown card 'ZZ'" in messages[0]
    kept = [p.name for p in data_dir.iterdir() if p.name.startswith("autosave-chan.json.bad-")]
    assert len(kept) == 1 and kept[0] in messages[0]
    assert json.loads((data_dir / kept[0]).read_text(encoding="utf-8"))["moves"][-1] == "discard ZZ"
    entry = next(e for e in list_saves() if e.game == "chan")
    resumed = Session.from_save(read_entry(entry, "chan"))
    assert resumed.moves == good[:8]
    assert check_saves_at_start() == []  # the save kept replays: nothing more to say


def test_the_messages_at_start_are_written_to_the_log(data_dir, caplog):
    from game.app import check_files_at_start

    data_dir.mkdir(parents=True, exist_ok=True)
    autosave_path("zertz").write_text("{not json", encoding="utf-8")
    with caplog.at_level("WARNING"):
        messages = check_files_at_start()
    assert messages and all(m in caplog.text for m in messages)
