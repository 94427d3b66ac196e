"""The setup screen offers the seats and options of the game's last start again."""

from __future__ import annotations

from game.catalog import BY_KEY, Seat
from game.last_setup import last_setup_path, remember, remembered
from scenes.setup import SetupScene


def test_a_setup_is_offered_again_the_next_time(app, data_dir):
    info = BY_KEY["zetema"]
    seats = [Seat("human"), Seat("human"), Seat("ai", "hard")] + [Seat("ai", "normal")] * 3
    remember(info, 3, seats, {})
    scene = SetupScene(app, info)
    assert scene.players == 3
    assert scene.config().seats == (Seat("human"), Seat("human"), Seat("ai", "hard"))
    assert remembered(BY_KEY["chan"]) is None  # each game keeps its own


def test_starting_a_game_remembers_its_setup(app, data_dir, drive):
    from game.saves import flush_saves

    app.persist = True
    info = BY_KEY["zertz"]
    scene = SetupScene(app, info)
    app.scenes.push(scene, transition=None)
    scene._set_level(1, "hard")
    scene.options["first"] = 1
    scene.start()
    assert flush_saves()
    players, seats, options = remembered(info)
    assert players == 2 and seats[1] == Seat("ai", "hard") and options["first"] == 1
    assert scene.seed_text == "" and "seed" not in str(last_setup_path().read_text())


def test_a_damaged_or_strange_file_gives_the_defaults(app, data_dir):
    info = BY_KEY["telefunken"]
    data_dir.mkdir(parents=True, exist_ok=True)
    for text in ("{not json", '{"telefunken": {"players": 9, "seats": []}}',
                 '{"telefunken": {"players": 3, "seats": [{"kind": "robot", "level": "x"}],'
                 ' "options": {"nonsense": 1}}}', '[1, 2]'):
        last_setup_path().write_text(text, encoding="utf-8")
        scene = SetupScene(app, info)  # never raises
        assert scene.players in (info.default_players, 3)
        assert scene.seats[0] == Seat("human")
        assert "nonsense" not in scene.options


def test_an_unreadable_file_is_reported_at_start_and_set_aside(data_dir):
    """A play-tester wrote junk into last_setup.json: the setups came back as the defaults
    without a word and the next start overwrote the file. Like the other files, it is now
    reported once when the program starts and set aside; a sound file says nothing."""
    from game.app import check_files_at_start

    data_dir.mkdir(parents=True, exist_ok=True)
    for junk in ("[1, 2, 3]", "{not json"):
        last_setup_path().write_text(junk, encoding="utf-8")
        messages = [m for m in check_files_at_start() if "remembered setups" in m]
        assert len(messages) == 1 and "set aside as last_setup.json.bad-" in messages[0]
        assert not last_setup_path().exists()
        assert junk in {p.read_text(encoding="utf-8")
                        for p in data_dir.glob("last_setup.json.bad-*")}
    assert not [m for m in check_files_at_start() if "remembered setups" in m]  # said once
    remember(BY_KEY["zertz"], 2, [Seat("human"), Seat("human")], {})
    assert not [m for m in check_files_at_start() if "remembered setups" in m]
    assert remembered(BY_KEY["zertz"])[1][1] == Seat("human")


def test_who_starts_says_you_or_the_computer_against_the_computer(app, data_dir):
    """Zertz's "Who starts" names the seats by who plays them when one person plays the
    computer ("me first / AI first / random" in the rules); between people, by colour."""
    info = BY_KEY["zertz"]

    def labels(scene):
        choice = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Who starts")
        return [label for _value, label in choice.options]

    scene = SetupScene(app, info)
    scene._set_kind(0, "human")
    scene._set_kind(1, "ai")
    assert labels(scene) == ["Random", "You (Red)", "Computer (Blue)"]
    scene._set_kind(0, "ai")
    scene._set_kind(1, "human")
    assert labels(scene) == ["Random", "Computer (Red)", "You (Blue)"]
    scene._set_kind(0, "human")
    assert labels(scene) == ["Random", "Red", "Blue"]


def test_a_setup_that_cannot_be_written_is_offered_again_while_the_program_runs(
        app, data_dir, monkeypatch):
    """Saves refused (a folder that cannot be written): six seats at Zetema came back as
    three at the next setup (pt146). The setup is kept while the program runs."""
    import pytest

    import game.last_setup as last_setup
    from game.storage import StorageError

    def refuse(path, data):
        raise StorageError("last_setup.json could not be written (permission was refused)")

    monkeypatch.setattr(last_setup, "write_json_atomic", refuse)
    info = BY_KEY["zetema"]
    seats = [Seat("human")] + [Seat("ai", "hard")] * 5
    with pytest.raises(StorageError):
        remember(info, 6, seats, {})
    players, kept, _options = remembered(info)
    assert players == 6 and kept[:6] == seats
    assert SetupScene(app, info).players == 6
