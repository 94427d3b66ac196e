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
