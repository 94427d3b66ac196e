"""The autosave's writer thread: no frame waits for the disk, a burst of saves writes the last
snapshot, quit and scene changes flush, a failing disk is reported on the window's thread
exactly as before (once, then the "Not saving" mark; "Saving works again" when it heals)."""

from __future__ import annotations

import json
import threading

import pytest

import game.saves as saves
from game.catalog import GameConfig, Seat
from game.saves import autosave_path, flush_saves, save_writer
from game.session import Session
from scenes.resume import autosave_game

PEOPLE = GameConfig("zertz", (Seat("human"), Seat("human")), 3, {"first": 0})
MOVES = ["place d4", "place c3", "place e3", "place b2", "place f4"]


@pytest.fixture
def live(app):
    """The app as the real main loop runs it: saves never hold a frame."""
    app.persist = True
    app.wait_for_disk = False
    yield app
    flush_saves()
    saves.deliver_saves()


@pytest.fixture
def gate(monkeypatch):
    """Writes wait for ``gate.set()``; ``gate.calls`` lists the move counts written."""
    real = saves.write_json_atomic
    event = threading.Event()
    event.calls = []
    event.started = threading.Event()

    def held(path, data):
        event.started.set()
        assert event.wait(10), "the test never opened the gate"
        event.calls.append(len(data["moves"]))
        real(path, data)

    monkeypatch.setattr(saves, "write_json_atomic", held)
    yield event
    event.set()
    flush_saves()


def saved_moves() -> int:
    return len(json.loads(autosave_path("zertz").read_text(encoding="utf-8"))["moves"])


def test_a_save_returns_at_once_and_frames_go_on_while_the_disk_is_slow(live, drive, gate):
    session = Session.new(PEOPLE)
    session.play(MOVES[0])
    autosave_game(live, session, False)  # returns although the write cannot finish
    assert gate.started.wait(10)  # the writer thread is inside the write ...
    frames = live.frames
    drive.step(5)  # ... and frames run meanwhile
    assert live.frames == frames + 5 and not save_writer().idle()
    assert not autosave_path("zertz").exists()
    gate.set()
    assert flush_saves()
    assert saved_moves() == 1 and gate.calls == [1]


def test_a_burst_of_saves_writes_the_last_snapshot(live, gate):
    session = Session.new(PEOPLE)
    session.play(MOVES[0])
    autosave_game(live, session, False)
    assert gate.started.wait(10)  # the first write is under way
    for move in MOVES[1:]:
        session.play(move)
        autosave_game(live, session, False)
    gate.set()
    assert flush_saves()
    assert gate.calls == [1, 5]  # the snapshots in between were replaced by newer ones
    assert saved_moves() == 5


def test_quit_flushes_the_last_save(live, gate):
    session = Session.new(PEOPLE)
    for move in MOVES[:3]:
        session.play(move)
    autosave_game(live, session, False)
    assert not autosave_path("zertz").exists()
    threading.Timer(0.05, gate.set).start()  # the disk answers a little later
    live.quit()  # waits for it
    assert saved_moves() == 3 and save_writer().idle()


def test_a_scene_change_flushes(live, drive, gate):
    from scenes.zertz_table import ZertzTable

    table = ZertzTable(live, PEOPLE)
    live.scenes.push(table, transition=None)
    drive.settle()
    gate.set()
    drive.drag(drive.center_of(table.supply_ents[0][-1]), table.ring_center("d4"))
    gate.clear()
    drive.settle()
    threading.Timer(0.05, gate.set).start()
    live.scenes.push(type(live.scenes.stack[0])(live), transition=None)  # e.g. the pause menu
    assert save_writer().idle() and saved_moves() == len(table.session.moves) >= 1


def test_a_failing_disk_is_reported_once_on_the_windows_thread(live, drive, monkeypatch):
    import game.storage as storage

    real = storage.tempfile.mkstemp

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "/data/autosave-zertz.json.k3j4.tmp")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    session = Session.new(PEOPLE)
    for n, move in enumerate(MOVES[:3]):
        session.play(move)
        autosave_game(live, session, False)
        flush_saves()
        if n == 0:
            assert live.not_saving is None  # the outcome waits for the window's thread ...
        drive.step()  # ... which takes it at its next frame
        assert live.not_saving is not None
    errors = [t.text for t in live.toasts if t.error]
    assert len(errors) == 1
    assert "Zertz game is not being saved" in errors[0] and "permission was refused" in errors[0]
    assert ".tmp" not in errors[0] and "/" not in errors[0]
    monkeypatch.setattr(storage.tempfile, "mkstemp", real)
    session.play(MOVES[3])
    autosave_game(live, session, False)
    flush_saves()
    drive.step()
    assert live.not_saving is None and live.toasts[-1].text == "Saving works again."
    assert saved_moves() == 4


def test_a_finished_game_deletes_its_save_after_the_last_write(live, gate):
    from game.rules import zertz

    session = Session.new(PEOPLE)
    session.play(MOVES[0])
    autosave_game(live, session, False)  # still being written when the game ends
    state = zertz.load({"marbles": {"a1": "black"}, "pieces": {"a2": 0},
                        "captured": [{"black": 5}, {}],
                        "bag": ["white"] * 6 + ["grey"] * 6, "to_move": 0})
    over = Session(PEOPLE, zertz, state, state)
    over.play("take a1")
    assert autosave_game(live, over, False) is True
    gate.set()
    assert flush_saves()
    assert not autosave_path("zertz").exists()


def test_a_finished_game_is_counted_on_the_writer_thread_and_never_replaced(live, monkeypatch):
    import types

    import scenes.resume as resume

    counted = []

    def record(config, result, lower_is_better=False):
        counted.append((threading.current_thread().name, result["n"]))
        return "Statistics could not be saved: disk full." if result["n"] == 2 else None

    monkeypatch.setattr(resume, "record_game", record)
    toasts = []
    monkeypatch.setattr(live, "toast", lambda text, error=False, lasting=False: toasts.append((text, error)))
    for n in (1, 2):  # two games ending one right after the other: both are counted
        ended = types.SimpleNamespace(key="zertz", config=PEOPLE, result={"n": n})
        assert autosave_game(live, ended, False) is True
    assert flush_saves()
    assert counted == [("parlour-saves", 1), ("parlour-saves", 2)]
    assert toasts == []  # the outcome waits for the window's thread ...
    saves.deliver_saves()
    assert toasts == [("Statistics could not be saved: disk full.", True)]


def test_settings_are_written_on_the_writer_thread(live, monkeypatch):
    import game.app as app_module

    real = app_module.write_json_atomic
    threads = []

    def write(path, data):
        threads.append(threading.current_thread().name)
        real(path, data)

    monkeypatch.setattr(app_module, "write_json_atomic", write)
    live.settings.animation = "slow"
    live.save_settings()  # F11 does this during play: the frame does not wait
    assert flush_saves()
    assert threads == ["parlour-saves"]
    from game.settings import load_settings

    assert load_settings()[0].animation == "slow"


def test_settings_that_cannot_be_written_are_said_in_the_language(live, monkeypatch):
    import game.app as app_module
    from game import i18n
    from game.storage import StorageError

    def refuse(path, data):
        raise StorageError("disk full")

    monkeypatch.setattr(app_module, "write_json_atomic", refuse)
    toasts = []
    monkeypatch.setattr(live, "toast", lambda text, error=False, seconds=0, lasting=False:
                        toasts.append(text))
    i18n.set_language("fa")
    try:
        live.save_settings()
        assert flush_saves()
        saves.deliver_saves()
    finally:
        i18n.set_language("en")
    assert len(toasts) == 1 and "تنظیمات ذخیره نمی‌شود" in toasts[0]


def test_statistics_that_cannot_be_written_are_told_once_then_marked(live, monkeypatch):
    """Statistics that could not be written said so again at every game counted, Restart
    after Restart (pt146): as any file the window cannot write, it is said once and the
    "Not saving" mark stays."""
    import types

    import scenes.resume as resume
    from game.stats import NotSaved
    from game.storage import StorageError

    problem = StorageError("stats.json could not be written (permission was refused)")
    monkeypatch.setattr(resume, "record_game", lambda config, result, lower_is_better=False:
                        NotSaved(f"Statistics could not be saved: {problem}.", problem))
    toasts = []
    monkeypatch.setattr(live, "toast", lambda text, error=False, lasting=False, seconds=None:
                        toasts.append(text))
    for n in (1, 2, 3):
        ended = types.SimpleNamespace(key="zertz", config=PEOPLE, result={"n": n})
        assert autosave_game(live, ended, False) is True
        assert flush_saves()
        saves.deliver_saves()
    assert len(toasts) == 1 and toasts[0].startswith("Statistics are not being saved: "
                                                     "stats.json could not be written")
    assert live.not_saving is not None
