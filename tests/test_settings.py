"""Settings: defaults, round trip, damaged files, platform data directory, atomic writes."""

from __future__ import annotations

import json
import os

import pytest

from game import paths
from game.settings import Settings, load_settings, save_settings, settings_path
from game.storage import StorageError, read_json, set_aside, write_json_atomic


def test_missing_file_gives_defaults_without_message():
    settings, message = load_settings()
    assert settings == Settings()
    assert message is None


def test_round_trip(data_dir):
    s = Settings(animation="fast", sound=False, volume=0.25, fullscreen=True,
                 window_size=(1600, 900))
    assert save_settings(s) is None
    assert settings_path().parent == data_dir
    loaded, message = load_settings()
    assert message is None
    assert loaded == s


def test_corrupt_file_gives_defaults_a_message_and_is_set_aside(data_dir):
    data_dir.mkdir(parents=True)
    settings_path().write_text("{not json", encoding="utf-8")
    settings, message = load_settings()
    assert settings == Settings()
    assert "defaults" in message and "damaged" in message
    assert not settings_path().exists()
    assert any(p.name.startswith("settings.json.bad-") for p in data_dir.iterdir())
    # reported once: the next read finds nothing wrong
    assert load_settings()[1] is None


def test_binary_garbage_is_handled(data_dir):
    data_dir.mkdir(parents=True)
    settings_path().write_bytes(b"\xff\xfe\x00garbage")
    settings, message = load_settings()
    assert settings == Settings() and message


def test_unknown_values_fall_back_field_by_field(data_dir):
    data_dir.mkdir(parents=True)
    settings_path().write_text(json.dumps(
        {"animation": "warp", "sound": False, "volume": 7, "window_size": [1, 2],
         "fullscreen": "yes", "future_option": 1}), encoding="utf-8")
    settings, message = load_settings()
    assert settings.animation == "normal"
    assert settings.sound is False  # the valid field is kept
    assert settings.volume == Settings().volume
    assert settings.window_size == (1280, 720)
    assert settings.fullscreen is False
    assert "warp" in message and "volume" in message


def test_not_an_object(data_dir):
    data_dir.mkdir(parents=True)
    settings_path().write_text("[1, 2, 3]", encoding="utf-8")
    settings, message = load_settings()
    assert settings == Settings() and "settings object" in message


def test_animation_multiplier():
    assert Settings(animation="instant").anim(0.3) == 0
    assert Settings(animation="fast").anim(0.3) < Settings().anim(0.3) < Settings(
        animation="slow").anim(0.3)


def test_xdg_data_home_is_respected(monkeypatch, tmp_path):
    monkeypatch.delenv("PARLOUR_DATA_DIR")
    monkeypatch.setattr(paths.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.data_dir() == tmp_path / "xdg" / "parlour"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert paths.data_dir() == paths.Path.home() / ".local" / "share" / "parlour"


def test_platform_conventions(monkeypatch, tmp_path):
    monkeypatch.delenv("PARLOUR_DATA_DIR")
    monkeypatch.setattr(paths.sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert paths.data_dir() == tmp_path / "roaming" / "Parlour"
    monkeypatch.setattr(paths.sys, "platform", "darwin")
    assert paths.data_dir().parts[-3:] == ("Library", "Application Support", "Parlour")


def test_atomic_write_keeps_old_file_when_interrupted(tmp_path, monkeypatch):
    target = tmp_path / "file.json"
    write_json_atomic(target, {"old": True})

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(StorageError):
        write_json_atomic(target, {"new": True})
    monkeypatch.undo()
    assert read_json(target) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]  # no temporary left behind


def test_atomic_write_refuses_unserialisable_data(tmp_path):
    target = tmp_path / "file.json"
    write_json_atomic(target, {"a": 1})
    with pytest.raises(StorageError):
        write_json_atomic(target, {"a": object()})
    assert read_json(target) == {"a": 1}


def test_set_aside_renames(tmp_path):
    target = tmp_path / "x.json"
    target.write_text("{", encoding="utf-8")
    moved = set_aside(target)
    assert moved is not None and moved.exists() and not target.exists()
    assert moved.read_text(encoding="utf-8") == "{"


def test_app_reports_a_corrupt_settings_file_once(data_dir):
    from game.app import App

    data_dir.mkdir(parents=True)
    settings_path().write_text("{{{", encoding="utf-8")
    app = App()
    assert app.settings == Settings()
    assert len(app.toasts) == 1 and app.toasts[0].error
    app.save_settings()
    second = App()
    assert second.toasts == []


# -- every field, every type -----------------------------------------------------------------

BAD_VALUES = [[], {}, None, 5, -1, 2.5, "warp", True, [1280, 720, 1], "x" * 5000]


@pytest.mark.parametrize("field", ["animation", "sound", "volume", "fullscreen", "window_size",
                                   "undo_between_people"])
@pytest.mark.parametrize("value", BAD_VALUES, ids=lambda v: type(v).__name__ + str(v)[:8])
def test_every_field_refuses_every_wrong_value(data_dir, field, value):
    good = Settings(animation="fast", sound=False, volume=0.25, fullscreen=True,
                    window_size=(1600, 900), undo_between_people=True)
    if field in ("sound", "fullscreen", "undo_between_people") and value is True:
        pytest.skip("a valid value for this field")
    data = good.to_json()
    data[field] = value
    data_dir.mkdir(parents=True)
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    settings, message = load_settings()
    assert getattr(settings, field) == getattr(Settings(), field)  # that field: the default
    for other in ("animation", "sound", "volume", "fullscreen", "window_size",
                  "undo_between_people"):
        if other != field:
            assert getattr(settings, other) == getattr(good, other)  # the others are kept
    assert message and "The file as it was is kept as settings.json.bad-" in message
    assert len(message) < 200  # a huge value is not pasted into the message
    assert any(p.name.startswith("settings.json.bad-") for p in data_dir.iterdir())
    assert load_settings() == (settings, None)  # said once; the good values were kept


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e400", "10" * 300])
def test_volume_refuses_non_finite_and_enormous_numbers(data_dir, literal):
    data_dir.mkdir(parents=True)
    settings_path().write_text(f'{{"volume": {literal}}}', encoding="utf-8")
    settings, message = load_settings()
    assert settings.volume == Settings().volume and "volume" in message


def test_window_size_must_be_whole_numbers(data_dir):
    data_dir.mkdir(parents=True)
    settings_path().write_text('{"window_size": [1280.0, 720]}', encoding="utf-8")
    settings, message = load_settings()
    assert settings.window_size == (1280, 720) and type(settings.window_size[0]) is int
    assert "window size" in message


@pytest.mark.parametrize("text", ["[]", '"settings"', "null", "42", "true"])
def test_wrong_json_type_is_renamed_not_overwritten(data_dir, text):
    data_dir.mkdir(parents=True)
    settings_path().write_text(text, encoding="utf-8")
    settings, message = load_settings()
    assert settings == Settings() and "settings object" in message
    kept = [p for p in data_dir.iterdir() if p.name.startswith("settings.json.bad-")]
    assert [p.read_text(encoding="utf-8") for p in kept] == [text]


@pytest.mark.parametrize("name, raw, words", [
    ("deeply nested", b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    ("deep object", b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "nested too deeply"),
    ("utf-16", '{"animation": "fast"}'.encode("utf-16"), "not UTF-8"),
    ("latin-1", '{"animation": "fäst"}'.encode("latin-1"), "not UTF-8"),
    ("empty", b"", "empty"),
    ("blank", b"  \n ", "empty"),
    ("truncated", b'{"animation": "fa', "not valid JSON"),
    ("binary", bytes(range(256)) * 4, "not UTF-8"),
    ("huge", b'{"animation": "' + b"x" * (9 * 1024 * 1024) + b'"}', "too large"),
])
def test_any_parse_failure_is_a_damaged_file(data_dir, name, raw, words):
    data_dir.mkdir(parents=True)
    settings_path().write_bytes(raw)
    settings, message = load_settings()
    assert settings == Settings()
    assert message.startswith("Settings reset to defaults") and words in message
    assert "set aside as settings.json.bad-" in message
    kept = [p for p in data_dir.iterdir() if p.name.startswith("settings.json.bad-")]
    assert len(kept) == 1 and kept[0].read_bytes() == raw
    assert load_settings() == (Settings(), None)


def test_memory_error_while_parsing_is_a_damaged_file(data_dir, monkeypatch):
    data_dir.mkdir(parents=True)
    settings_path().write_text('{"animation": "fast"}', encoding="utf-8")

    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(json, "loads", no_memory)
    settings, message = load_settings()
    assert settings == Settings() and "too large to read" in message
    assert not settings_path().exists()


def test_a_directory_in_place_of_the_file(data_dir):
    settings_path().mkdir(parents=True)
    (settings_path() / "inside").write_text("x", encoding="utf-8")
    settings, message = load_settings()
    assert settings == Settings() and "folder" in message and "set aside" in message
    kept = [p for p in data_dir.iterdir() if p.name.startswith("settings.json.bad-")]
    assert len(kept) == 1 and (kept[0] / "inside").read_text(encoding="utf-8") == "x"
    assert save_settings(Settings(animation="slow")) is None  # the place is free again


def test_unreadable_file_is_reported_and_set_aside(data_dir, monkeypatch):
    """Simulated (chmod 000 does not stop root): opening the file is refused."""
    import builtins

    data_dir.mkdir(parents=True)
    settings_path().write_text('{"animation": "fast"}', encoding="utf-8")
    real_open = builtins.open

    def refusing(file, *args, **kwargs):
        if str(file) == str(settings_path()):
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing)
    settings, message = load_settings()
    assert settings == Settings() and "permission was refused" in message
    assert "set aside" in message and not settings_path().exists()


# -- set aside, names, stale temporaries, the data directory ---------------------------------

def test_set_aside_twice_in_the_same_second_keeps_both(tmp_path, monkeypatch):
    import game.storage as storage

    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20260101-120000")
    target = tmp_path / "x.json"
    moved = []
    for content in ("first", "second", "third"):
        target.write_text(content, encoding="utf-8")
        moved.append(set_aside(target))
    assert len({p.name for p in moved}) == 3
    assert [p.read_text(encoding="utf-8") for p in moved] == ["first", "second", "third"]


def test_when_the_rename_fails_the_message_does_not_claim_it(data_dir, monkeypatch):
    import game.storage as storage

    data_dir.mkdir(parents=True)
    settings_path().write_text("{{{", encoding="utf-8")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.os, "link", refuse)
    monkeypatch.setattr(storage.os, "rename", refuse)
    settings, message = load_settings()
    assert settings == Settings()
    assert "set aside" not in message and "could not be renamed" in message
    assert settings_path().read_text(encoding="utf-8") == "{{{"  # untouched


def test_write_errors_are_in_words_without_temporary_paths(tmp_path, monkeypatch):
    import game.storage as storage

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / "x.json.abc123.tmp"))

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    with pytest.raises(StorageError) as caught:
        write_json_atomic(tmp_path / "x.json", {"a": 1})
    assert str(caught.value) == "x.json could not be written (permission was refused)"


def test_stale_temporary_files_are_cleaned(tmp_path):
    from game.storage import clean_stale_temps

    old = [tmp_path / "autosave-zertz.json.k2j3.tmp", tmp_path / "settings.json.x1.tmp"]
    fresh = tmp_path / "autosave-chan.json.z9.tmp"
    other = tmp_path / "notes.tmp"
    for path in (*old, fresh, other):
        path.write_text("{", encoding="utf-8")
    for path in (*old, other):
        os.utime(path, (1_000_000, 1_000_000))
    assert clean_stale_temps(tmp_path) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([fresh.name, other.name])


def test_data_dir_override_expands_home_and_resolves_relative_paths(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PARLOUR_DATA_DIR", "~/parlour-data")
    assert paths.data_dir() == tmp_path / "home" / "parlour-data"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PARLOUR_DATA_DIR", "rel/../data")
    assert paths.data_dir() == tmp_path / "data"
    assert paths.data_dir().is_absolute()


def test_a_file_in_place_of_the_data_directory(tmp_path, monkeypatch):
    (tmp_path / "data").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    assert load_settings() == (Settings(), None)
    assert save_settings(Settings()) == ("Settings could not be saved: settings.json could not "
                                         "be written (a file is in the place of its folder).")


def test_a_window_size_set_by_hand_is_read_back_without_complaint(data_dir):
    """A size set by dragging the window's edge (kept since it is remembered) was refused as
    "unsupported" at the next start, and the settings file set aside."""
    assert save_settings(Settings(window_size=(1100, 650))) is None
    settings, message = load_settings()
    assert message is None and settings.window_size == (1100, 650)
    settings_path().write_text('{"window_size": [320, 200]}', encoding="utf-8")
    settings, message = load_settings()  # smaller than the smallest window: refused
    assert settings.window_size == (1280, 720) and "window size" in message


def test_the_settings_file_line_keeps_its_file_name_and_fits():
    """A long data folder ran the "saved to" line out of the Settings panel."""
    import pygame

    from scenes import theme
    from scenes.settings import saved_to

    pygame.init()
    path = "/home/someone/" + "deep/" * 30 + "settings.json"
    line = saved_to(path, 400)
    assert theme.text_width(line, 12) <= 400
    assert line.startswith("Changes are saved to ") and "…" in line
    assert line.rstrip("\u2069").endswith("/settings.json")
    assert "…" not in saved_to("/tmp/settings.json", 400)
