"""The game-agnostic session: undo rules, saves, replay from seed and moves, statistics."""

from __future__ import annotations

import json

import pytest

from game import stats
from game.catalog import GameConfig, Seat
from game.rules import zertz
from game.rules import zetema as zetema_rules
from game.saves import autosave_path, read_autosave, write_autosave
from game.session import Session
from game.storage import StorageError

VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "hard")), 5, {"first": 0})
HOT = GameConfig("zertz", (Seat("human"), Seat("human")), 5, {"first": 0})


def test_new_session_follows_the_config():
    s = Session.new(VS_AI)
    assert s.state == zertz.new_game(2, seed=5, first=0)
    assert s.moves == [] and s.to_move == 0 and not s.can_undo()


def test_undo_goes_back_to_the_persons_previous_decision():
    s = Session.new(VS_AI)
    start = s.state
    s.play("place d4")  # the person
    s.play("place c3")  # the computer
    assert s.can_undo()
    assert s.undo() == start
    assert s.moves == [] and s.log == [] and s.to_move == 0
    assert not s.can_undo()


def test_undo_several_decisions_back():
    s = Session.new(VS_AI)
    s.play("place d4")
    s.play("place c3")
    middle = s.state
    s.play("place e3")
    s.play("place b2")
    s.undo()
    assert s.state == middle and s.moves == ["place d4", "place c3"]
    s.undo()
    assert s.moves == []


def test_undo_never_crosses_a_reveal():
    s = Session.new(VS_AI)
    s.play("place a2")  # next to a1's marble
    s.play("place g3")
    s.play("take a1")  # draws the bag's next marble: it comes to light
    assert s.state.phase == "put"
    assert not s.can_undo()
    with pytest.raises(ValueError):
        s.undo()
    s.play("put d4")
    s.play("place c3")
    assert s.can_undo()
    s.undo()  # back to before "put d4", not further
    assert s.moves == ["place a2", "place g3", "take a1"] and s.state.phase == "put"
    assert not s.can_undo()


def test_why_undo_does_nothing_is_told_truly(app, drive):
    """The refusal said "a card or marble has come to light" in every game and at every
    moment, also before any move and in card games."""
    from scenes.zertz.table import ZertzTable

    table = ZertzTable(app, VS_AI)
    app.scenes.push(table, transition=None)
    assert table.nothing_to_undo() == "Nothing to undo yet."
    s = table.session
    s.play("place a2")
    s.play("place g3")
    s.play("take a1")
    assert s.undo_blocked_by_reveal
    assert "marble has been drawn from the bag" in table.nothing_to_undo()
    s.play("put d4")
    assert not s.undo_blocked_by_reveal  # a move of the person's to undo again
    s.play("place c3")
    s.undo()  # back to before "put d4": the marble's draw stands before it, and Undo says so
    assert not s.can_undo() and s.undo_blocked_by_reveal  # (it said "Nothing to undo yet")
    assert "marble has been drawn from the bag" in table.nothing_to_undo()
    from scenes.game_table import GameTable

    # (it said "a card has come to light": a tester took it for a card shown to them, where
    # the computer had drawn face down)
    assert "cards have been drawn or shown" in GameTable.REVEALED_SINCE


def test_undo_between_people_only_when_allowed():
    s = Session.new(HOT)
    s.play("place d4")
    assert not s.can_undo()
    allowed = Session.new(HOT, undo_between_people=True)
    allowed.play("place d4")
    assert allowed.can_undo()
    allowed.undo()
    assert allowed.moves == []


def test_save_round_trip_replays_to_the_same_state():
    s = Session.new(VS_AI)
    for move in ("place a2", "place g3", "take a1", "put d4"):
        s.play(move)
    data = json.loads(json.dumps(s.to_save()))
    back = Session.from_save(data)
    assert back.state == s.state and back.moves == s.moves and back.log == s.log
    assert back.config == VS_AI


@pytest.mark.parametrize("damage", [
    lambda d: d.update(moves=["place z9"]),
    lambda d: d.update(moves="nope"),
    lambda d: d.update(position={**d["position"], "supply": [3, 3]}),
    lambda d: d.pop("initial"),
    lambda d: d.update(config={"game": "chess"}),
])
def test_inconsistent_saves_are_refused_with_a_reason(damage):
    s = Session.new(VS_AI)
    s.play("place d4")
    data = s.to_save()
    damage(data)
    with pytest.raises(ValueError):
        Session.from_save(data)


def test_autosave_file_checks(data_dir):
    write_autosave({"game": "zertz", "config": VS_AI.to_json(), "moves": []})
    assert read_autosave()["game"] == "zertz"
    autosave_path().write_text("{", encoding="utf-8")
    with pytest.raises(StorageError, match="set aside"):
        read_autosave()
    assert not autosave_path().exists()


def test_describe_is_used_for_the_log():
    s = Session.new(VS_AI)
    s.play("place d4")
    assert s.log == ["Red placed a piece on d4"]


def _result(winner, points=(10, 5)):
    return {"winner": winner, "reason": "bag", "points": list(points), "marbles": [5, 4]}


def test_statistics_count_wins_losses_draws_streaks_and_best(data_dir):
    assert stats.record_game(VS_AI, _result(0, (10, 5))) is None
    stats.record_game(VS_AI, _result(0, (14, 5)))
    stats.record_game(VS_AI, _result(1, (3, 9)))
    stats.record_game(VS_AI, _result(None, (7, 7)))
    stats.record_game(VS_AI, _result(0, (8, 1)))
    games, message = stats.load_stats()
    assert message is None
    hard = games["zertz"]["hard"]
    assert (hard["played"], hard["won"], hard["lost"], hard["drawn"]) == (5, 3, 1, 1)
    assert hard["best"] == 14 and hard["longest"] == 2 and hard["streak"] == 1
    assert "normal" not in games["zertz"]


def test_statistics_ignore_games_between_people(data_dir):
    stats.record_game(HOT, _result(0))
    assert stats.load_stats()[0] == {}


def test_statistics_level_is_the_strongest_opponent():
    mixed = GameConfig("zetema", (Seat("human"), Seat("ai", "easy"), Seat("ai", "hard")), 1)
    assert stats.opponent_level(mixed) == "hard"


def test_damaged_statistics_are_set_aside(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    stats.stats_path().write_text("[[[", encoding="utf-8")
    games, message = stats.load_stats()
    assert games == {} and "reset" in message
    assert any(p.name.startswith("stats.json.bad-") for p in data_dir.iterdir())


def test_statistics_that_contradict_themselves_are_corrected_and_said(data_dir):
    """A hand-edited file with 5 won of 3 played was taken as it was (the chart's bar rose
    past its panel); bad values are named in plain words."""
    data = {"games": {"zetema": {
        "normal": {"played": 3, "won": 5, "lost": 0, "drawn": 0, "streak": 7, "longest": 2},
        "hard": {"played": "x", "won": 1}}}}
    games, problems = stats.parse_stats(data)
    normal = games["zetema"]["normal"]
    assert normal["played"] == 5 and normal["won"] == 5
    assert normal["longest"] == 5 and normal["streak"] == 5  # (no streak beyond the games won)
    assert games["zetema"]["hard"]["played"] == 1  # (the one game won)
    assert "Zetema (Normal): the counts did not agree, corrected" in problems
    assert "Zetema (Hard): Played not valid, reset" in problems


def test_a_record_whose_wins_are_lost_starts_its_counts_again(data_dir):
    """A record with Won, Lost and Drawn damaged was kept as 4 played, none won, lost or
    drawn, with a streak of 1; and a real level whose record was a number was called an
    unknown level (pt134)."""
    data = {"games": {"zertz": {
        "easy": {"best": "lots", "drawn": -3, "lost": None, "played": 4, "won": [2],
                 "streak": 1, "longest": 1},
        "normal": {"played": 6, "won": 2, "lost": 1, "drawn": 0, "best": 20, "streak": 0,
                   "longest": 3},
        "hard": 7}}}
    games, problems = stats.parse_stats(data)
    easy, normal = games["zertz"]["easy"], games["zertz"]["normal"]
    assert easy == stats.empty_record()
    assert normal["played"] == 3 and normal["longest"] == 2 and normal["best"] == 20
    assert "hard" not in games["zertz"]
    assert problems == ["Zertz (Easy): Won, Lost, Drawn, Best not valid, the counts reset",
                        "Zertz (Normal): the counts did not agree, corrected",
                        "Zertz (Hard): not a record, reset"]
    for record in (easy, normal):
        assert record["played"] == record["won"] + record["lost"] + record["drawn"]
        assert record["streak"] <= record["longest"] <= record["won"]


def test_statistics_problems_name_levels_and_fields_in_the_players_language():
    """The message named the file's keys ("hard", "played") in English in every language;
    now the Statistics screen's own words for them."""
    from game import i18n

    data = {"games": {"zetema": {"hard": {"played": "x", "won": 1, "streak": -1}}}}
    try:
        i18n.set_language("vi")
        assert stats.parse_stats(data)[1][0] == (
            "Zetema (Khó): Đã chơi, Chuỗi không hợp lệ, đã đặt lại")
        i18n.set_language("fa")
        assert stats.parse_stats(data)[1][0] == (
            "Zetema (سخت): بازی\u200cها، پیاپی نامعتبر بود و از نو شد")
    finally:
        i18n.set_language("en")
    assert stats.parse_stats(data)[1][0] == "Zetema (Hard): Played, Streak not valid, reset"


def test_reset_statistics(data_dir):
    stats.record_game(VS_AI, _result(0))
    stats.reset_stats()
    assert stats.load_stats()[0] == {}


# -- a save is checked whole before anything is shown -----------------------------------------

def _zetema_save(players=3, **config_changes):
    from game.catalog import default_config

    config = default_config("zetema", players=players, seed=8)
    s = Session.new(config)
    s.play(zetema_rules.legal_moves(s.state)[0])
    data = json.loads(json.dumps(s.to_save()))
    data["config"].update(config_changes)
    return data


def _nested(depth):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def test_a_sound_zetema_save_loads():
    data = _zetema_save()
    assert Session.from_save(data).moves == data["moves"]


@pytest.mark.parametrize("change, words", [
    (lambda d: d["config"]["seats"].append({"kind": "ai", "level": "easy"}), "4 seats"),
    (lambda d: d["config"].update(options={"bogus": 1}), "options"),
    (lambda d: d["config"].update(options={"double": "X"}), "options"),
    (lambda d: d["config"].update(options={"double": [1, 2]}), "options"),
    (lambda d: d.update(game="telefunken"), "configuration is for Zetema"),
    (lambda d: d["config"]["seats"][1].update(level="godlike"), "seat"),
    (lambda d: d["config"]["seats"][1].update(level=[]), "seat"),
    (lambda d: d["config"].update(seed="7"), "whole number"),
    (lambda d: d.update(initial=[[[[[]]]]]), "starting position"),
    (lambda d: d.update(initial=_nested(100_000)), "starting position"),
    (lambda d: d.update(position={"hands": _nested(100_000)}), "position"),
    (lambda d: d.update(moves=[*d["moves"], "meld nonsense"]), "do not replay"),
    (lambda d: d.update(moves=[{"move": 1}]), "move list"),
    (lambda d: d.update(version=2), "another version"),
    (lambda d: d.update(position={"deal": 99}), "position"),
])
def test_a_save_is_validated_whole(change, words):
    data = _zetema_save()
    change(data)
    with pytest.raises(ValueError, match=words):
        Session.from_save(data)


def test_zertz_options_are_checked_by_the_rules():
    for options in ({"first": 7}, {"bogus": 1}, {"first": "0"}):
        s = Session.new(VS_AI)
        data = s.to_save()
        data["config"]["options"] = options
        with pytest.raises(ValueError, match="not valid for Zertz"):
            Session.from_save(data)


def test_a_failure_of_any_kind_inside_the_rules_becomes_a_value_error(monkeypatch):
    data = _zetema_save()

    def broken(position):
        raise RecursionError("deep")

    monkeypatch.setattr(zetema_rules, "load", broken)
    with pytest.raises(ValueError):
        Session.from_save(data)


def _zetema_session(seats):
    config = GameConfig("zetema", seats, 3, {"double": "S"})
    return Session.new(config, undo_between_people=True)


def _play_until(s, done, limit=400):
    import random

    rng = random.Random(3)
    for _ in range(limit):
        if done(s):
            return
        s.play(rng.choice(s.rules.legal_moves(s.state)))
    raise AssertionError("the position never came")


def test_a_computers_draw_does_not_stop_undo_but_your_own_does():
    """Telefunken and Zetema draw for the next seat as a turn ends: a computer's face-down
    draw showed nobody anything, but it stopped Undo ("a card has come to light")."""
    s = _zetema_session((Seat("human"), Seat("ai", "easy")))
    _play_until(s, lambda s: s.to_move == 0 and s.state.phase == "discard"
                and len(s.state.stock) > 4)
    discard = next(m for m in s.rules.legal_moves(s.state) if m.startswith("discard"))
    events = s.play(discard)
    drawn = [e for e in events if isinstance(e, zetema_rules.CardsDrawn)]
    assert drawn and drawn[0].seat == 1  # the computer drew at once, face down
    assert s.can_undo() and not s.undo_blocked_by_reveal
    _play_until(s, lambda s: s.to_move == 0)  # the computer's turn, then your own draw
    assert not s.can_undo() and s.undo_blocked_by_reveal


def test_between_people_a_draw_for_the_next_person_leaves_the_last_move_undoable():
    """A person's discard dealt the next person's cards under the cover: Undo between
    people never worked in Zetema (the draw counted as seen). That draw stops only the
    undoing of the next person's own earlier moves."""
    s = _zetema_session((Seat("human"), Seat("human")))
    _play_until(s, lambda s: len(s.moves) > 6 and s.to_move == 1
                and s.state.phase == "discard" and len(s.state.stock) > 4)
    discard = next(m for m in s.rules.legal_moves(s.state) if m.startswith("discard"))
    s.play(discard)
    assert s.to_move == 0 and s.can_undo()
    # only Seat 2's moves of this turn (after its own draw) are left to take back
    assert s.snapshots and {snap.seat for snap in s.snapshots} == {1}
    while s.can_undo():
        s.undo()
    assert s.to_move == 1 and s.state.phase == "meld"  # the start of Seat 2's turn
    # (Seat 2 drew its cards before: that draw it saw; it said "Nothing to undo yet")
    assert s.undo_blocked_by_reveal


def test_telefunken_a_computers_answer_to_your_discard_stops_undo():
    """Undo went back past the computers' answers to your discard (a play-tester: "Seat 2/3/4
    did not buy", Ctrl+Z, and a person could try another discard knowing nobody wanted that
    one; a buy told as much). Taking, buying or letting a discard go tells what a hand wants:
    a computer's answer stops Undo, a person's does not (between people)."""
    from game.rules import telefunken
    from tests.test_telefunken_table import OTHERS, position

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    state = position([hand] + OTHERS)
    computers = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 3, {})
    for answer, kind in (("buy", telefunken.Bought), ("pass", telefunken.Passed)):
        s = Session(computers, telefunken, state, state)
        s.play("discard 8S")
        assert s.state.phase == "buy" and s.to_move == 1 and s.can_undo()
        events = s.play(answer)
        assert any(isinstance(e, kind) for e in events)
        assert not s.can_undo() and s.undo_blocked_by_reveal
    people = GameConfig("telefunken", (Seat("human"),) * 4, 3, {})
    s = Session(people, telefunken, state, state, undo_between_people=True)
    s.play("discard 8S")
    s.play("pass")
    assert s.can_undo()  # Seat 2 is a person: its own answer it knows


def test_undo_back_to_before_a_draw_another_person_saw_says_so():
    """Seat 2 discarded, Seat 3 (its first move) discarded, Seat 1 replied and Seat 2 drew:
    undone back to Seat 3's move, Undo said "Nothing to undo yet" (Seat 2's move was there,
    stopped by the cards Seat 2 drew)."""
    s = _zetema_session((Seat("human"), Seat("human"), Seat("human")))
    first = s.to_move  # (the seat after the dealer)
    assert not s.snapshots
    for _ in range(2):
        s.play(next(m for m in s.rules.legal_moves(s.state) if m.startswith("discard")))
    _play_until(s, lambda s: s.to_move == first)  # the third's reply, and the first's draw
    assert s.snapshots and first not in {snap.seat for snap in s.snapshots}
    while s.can_undo():
        s.undo()
    assert s.undo_blocked_by_reveal and len(s.moves) == 1


def test_a_computers_cards_out_of_its_hand_stop_undo():
    """Undo went back past a computer's meld (and its discard): you knew its cards and chose
    otherwise. Cards out of a computer's concealed hand have come to light."""
    from game.rules import telefunken
    from tests.test_telefunken_table import OTHERS, position

    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 3, {})
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    state = position([hand] + OTHERS, chips=[7, 0, 0, 0])  # (no buy: nobody answers it)
    s = Session(config, telefunken, state, state)
    s.play("discard 8S")
    assert s.state.phase == "draw" and s.to_move == 1
    s.play("draw")  # the next seat draws face down: nothing came to light yet
    assert s.can_undo()
    discard = next(m for m in s.rules.legal_moves(s.state) if m.startswith("discard"))
    s.play(discard)  # ... but its discard shows a card of its hand
    assert not s.can_undo() and s.undo_blocked_by_reveal
