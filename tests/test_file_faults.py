"""Every kind of damaged file, for each file the program reads at start: it still starts,
says what happened once, keeps the bad file (renamed beside it) and goes on with defaults.

Files: ``settings.json``, ``stats.json``, a game's save ``autosave-zetema.json`` and the old
single save ``autosave.json``. "Unreadable" is a real ``chmod 000`` when the tests do not run
as root; as root (where chmod does not stop reads) opening the file is refused by a patched
``open`` instead, which is what the program sees in both cases: a PermissionError.
"""

from __future__ import annotations

import builtins
import json
import os

import pytest

from game.app import App
from game.catalog import default_config
from game.saves import list_saves
from game.session import Session
from game.settings import Settings
from game.stats import load_stats

AS_ROOT = not hasattr(os, "geteuid") or os.geteuid() == 0


def _save() -> dict:
    session = Session.new(default_config("zetema", seed=3))
    for _ in range(3):
        session.play(session.rules.legal_moves(session.state)[0])
    return {"version": 1, **session.to_save()}


FILES = {
    "settings": ("settings.json", "Settings", lambda: Settings(animation="fast").to_json(),
                 {"version": 1, "animation": [], "sound": {}, "volume": "loud",
                  "fullscreen": 1, "window_size": None, "undo_between_people": [[]]}),
    "stats": ("stats.json", "Statistics", lambda: {"version": 1, "games": {"zertz": {"easy": {
        "played": 3, "won": 2, "lost": 1, "drawn": 0, "best": 12, "streak": 1,
        "longest": 2}}}},
              {"version": 1, "games": {"zertz": {"easy": {"played": [], "won": {},
                                                          "best": "high", "streak": None}}}}),
    "save": ("autosave-zetema.json", "saved Zetema game", _save,
             {"version": 1, "game": "zetema", "config": {"game": "zetema", "seats": "three"},
              "moves": 7, "initial": []}),
    "old-save": ("autosave.json", "saved game", _save,
                 {"version": 1, "game": ["zetema"], "config": None, "moves": {}}),
}


def _fault(kind: str, valid: dict, wrong_fields: dict) -> bytes | None:
    text = json.dumps(valid)
    return {
        "empty": b"",
        "truncated": text[: len(text) // 2].encode("utf-8"),
        "binary": bytes(range(256)) * 8,
        "utf-16": text.encode("utf-16"),
        "wrong-type": b'["a", "list", "not", "an", "object"]',
        "wrong-fields": json.dumps(wrong_fields).encode("utf-8"),
        "deeply-nested": b'{"games": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "huge": b'{"version": 1, "pad": "' + b"x" * (9 * 1024 * 1024) + b'"}',
        "directory": None,
        "unreadable": text.encode("utf-8"),
    }[kind]


KINDS = ["empty", "truncated", "binary", "utf-16", "wrong-type", "wrong-fields",
         "deeply-nested", "huge", "directory", "unreadable"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("which", list(FILES))
def test_a_damaged_file_is_survived_reported_once_and_kept(data_dir, monkeypatch, which, kind):
    name, words, valid, wrong_fields = FILES[which]
    path = data_dir / name
    data_dir.mkdir(parents=True)
    content = _fault(kind, valid(), wrong_fields)
    if content is None:
        path.mkdir()
        (path / "inside.txt").write_text("kept", encoding="utf-8")
    else:
        path.write_bytes(content)
    restore = None
    if kind == "unreadable":
        if AS_ROOT:
            real_open = builtins.open

            def refusing(file, *args, **kwargs):
                if str(file) == str(path):
                    raise PermissionError(13, "Permission denied", str(file))
                return real_open(file, *args, **kwargs)

            monkeypatch.setattr(builtins, "open", refusing)
            restore = lambda: monkeypatch.setattr(builtins, "open", real_open)  # noqa: E731
        else:
            path.chmod(0)

    app = App()  # the real program, headless: settings, saves and statistics read at start
    app.start()
    for _ in range(3):
        app.step(1 / 60)
    if restore:
        restore()

    said = [t.text for t in app.toasts if t.error]
    assert len(said) == 1 and words.lower() in said[0].lower(), said
    assert ("set aside as " + name + ".bad-" in said[0]
            or "The file as it was is kept as " + name + ".bad-" in said[0])  # (settings)
    kept = [p for p in data_dir.iterdir() if p.name.startswith(name + ".bad-")]
    assert len(kept) == 1
    assert not path.exists() or path.read_bytes() != content  # at most a clean file written anew
    kept[0].chmod(0o700 if content is None else 0o600)
    if content is None:
        assert (kept[0] / "inside.txt").read_text(encoding="utf-8") == "kept"
    else:
        assert kept[0].read_bytes() == content  # the bad file, byte for byte

    # defaults
    if which == "settings":
        assert app.settings == Settings()
    elif which == "stats":
        games, message = load_stats()
        assert message is None
        assert all(v in (0, None) for levels in games.values() for record in levels.values()
                   for v in record.values())
    else:
        assert list_saves() == []
        continue_button = next(w for w in app.scenes.top.widgets.widgets if w.label == "Continue")
        assert not continue_button.enabled

    again = App()  # said once: the next start is quiet
    assert [t.text for t in again.toasts] == []
