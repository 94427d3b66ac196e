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
