"""Scenario tests for the Zertz rules engine (the seed's variant, shared/rules/zertz.md)."""

from __future__ import annotations

import json
import random

import pytest

from game.rules import IllegalMove
from game.rules import zertz as z

AT = {qr: name for name, qr in z.AXIAL.items()}


def position(marbles=None, pieces=None, captured=None, bag=None, **fields) -> dict:
    """A consistent position: the bag holds whatever the board and trays leave (white first)."""
    marbles = dict(marbles or {})
    pieces = dict(pieces or {})
    captured = captured or [{}, {}]
    if bag is None:
        bag = []
        for colour in z.COLOURS:
            used = list(marbles.values()).count(colour) + sum(t.get(colour, 0) for t in captured)
            bag += [colour] * (6 - used)
    data = {"marbles": marbles, "pieces": pieces, "captured": captured, "bag": bag,
            "to_move": 0}
    data.update(fields)
    return data


def state(**kwargs) -> z.State:
    return z.load(position(**kwargs))


# --- geometry --------------------------------------------------------------------------------


def test_rings_are_named_column_by_column():
    assert len(z.RINGS) == 37
    assert z.RINGS[:5] == ("a1", "a2", "a3", "a4", "b1")
    assert z.RINGS[-1] == "g4"
    sizes = {c: sum(1 for r in z.RINGS if r[0] == c) for c in "abcdefg"}
    assert sizes == {"a": 4, "b": 5, "c": 6, "d": 7, "e": 6, "f": 5, "g": 4}


def test_axial_coordinates_of_landmarks():
    assert z.AXIAL["a1"] == (-3, 0)
    assert z.AXIAL["a4"] == (-3, 3)
    assert z.AXIAL["g1"] == (3, -3)
    assert z.AXIAL["g4"] == (3, 0)
    assert z.AXIAL["d4"] == (0, 0)
    assert all(max(abs(q), abs(r), abs(q + r)) <= 3 for q, r in z.AXIAL.values())
    assert len(set(z.AXIAL.values())) == 37
    for name, (q, r) in z.AXIAL.items():  # the spec's naming rule
        assert name[0] == "abcdefg"[q + 3]
        assert int(name[1:]) == r - max(-3, -3 - q) + 1


def test_neighbour_counts_corner_edge_interior():
    counts = {name: len(z.NEIGHBOURS[name]) for name in z.RINGS}
    assert [counts[r] for r in ("a1", "a4", "g1", "g4", "d1", "d7")] == [3] * 6
    assert sorted(counts.values()).count(3) == 6
    assert sorted(counts.values()).count(4) == 12
    assert sorted(counts.values()).count(6) == 19
    assert counts["a2"] == 4
    assert counts["d4"] == 6
    assert z.NEIGHBOURS["a1"] == ("a2", "b1", "b2")
    for name, around in z.NEIGHBOURS.items():
        for other in around:
            assert name in z.NEIGHBOURS[other]


def test_marked_corners():
    assert z.MARKED == ("a1", "a4", "g1", "g4")


# --- setup -----------------------------------------------------------------------------------


def test_new_game_setup():
    s = z.new_game(seed=7)
    data = z.dump(s)
    assert data["game"] == "zertz"
    assert data["seed"] == 7
    assert data["rings"] == list(z.RINGS)
    assert list(data["marbles"]) == ["a1", "a4", "g1", "g4"]
    assert data["pieces"] == {}
    assert data["supply"] == [10, 10]
    assert len(data["bag"]) == 14
    for colour in z.COLOURS:
        on_board = list(data["marbles"].values()).count(colour)
        assert on_board + data["bag"].count(colour) == 6
    assert data["phase"] == "act"
    assert z.result(s) is None


def test_setup_draws_the_first_four_marbles_in_order():
    # The same shuffle as new_game: the first four go to a1, a4, g1, g4 in that order.
    bag = [c for c in z.COLOURS for _ in range(6)]
    random.Random(11).shuffle(bag)
    s = z.new_game(seed=11)
    assert [s.marbles[r] for r in z.MARKED] == bag[:4]
    assert list(s.bag) == bag[4:]


def test_first_player_option_and_seeded_default():
    assert z.to_move(z.new_game(seed=3, first=0)) == 0
    assert z.to_move(z.new_game(seed=3, first=1)) == 1
    assert z.to_move(z.new_game(seed=3)) == z.to_move(z.new_game(seed=3))
    assert {z.to_move(z.new_game(seed=n)) for n in range(20)} == {0, 1}
    assert z.new_game(seed=5) == z.new_game(seed=5)


@pytest.mark.parametrize("call", [
    lambda: z.new_game(3),
    lambda: z.new_game(1),
    lambda: z.new_game(first=2),
    lambda: z.new_game(first=True),
    lambda: z.new_game(dealer=0),
    lambda: z.new_game(seed="x"),
])
def test_new_game_rejects_bad_arguments(call):
    with pytest.raises(ValueError):
        call()


def test_new_game_accepts_two_players():
    assert z.new_game(2, seed=1) == z.new_game(None, seed=1)


# --- place -----------------------------------------------------------------------------------


def test_place_puts_a_piece_and_passes_the_turn():
    s = state(marbles={"a1": "white"})
    new, events = z.play_events(s, "place d4")
    assert new.pieces == {"d4": 0}
    assert new.supply == (9, 10)
    assert z.to_move(new) == 1
    assert events == [z.PiecePlaced(0, "d4"), z.TurnChanged(1)]


def test_legal_moves_order_places_then_takes():
    s = state(marbles={"a1": "white", "d5": "black", "b2": "grey"},
              pieces={"d4": 0, "a2": 0, "g1": 1})
    moves = z.legal_moves(s)
    places = [m for m in moves if m.startswith("place")]
    takes = [m for m in moves if m.startswith("take")]
    assert moves == places + takes
    assert takes == ["take a1", "take b2", "take d5"]
    assert [m.split()[1] for m in places] == [
        r for r in z.RINGS if r not in ("a1", "d5", "b2", "d4", "a2", "g1")]


# --- take and ring removal -------------------------------------------------------------------


def test_take_removes_the_empty_neighbours_left_without_filled_neighbours():
    # Red on d4 takes the black marble on d5 = (0, 1). Of d5's empty neighbours, e5 (1, 1),
    # d6 (0, 2) and c5 (-1, 2) have no filled neighbour left; e4 (1, 0) and c4 (-1, 1) touch
    # the piece on d4. The vacated d5 stays (next to the taker's piece).
    assert (AT[(1, 1)], AT[(0, 2)], AT[(-1, 2)]) == ("e5", "d6", "c5")
    assert (AT[(1, 0)], AT[(-1, 1)]) == ("e4", "c4")
    s = state(marbles={"d5": "black", "a1": "white"}, pieces={"d4": 0})
    new, events = z.play_events(s, "take d5")
    assert new.captured[0] == (0, 0, 1)
    assert "d5" not in new.marbles
    assert "d5" in new.rings
    assert set(z.RINGS) - new.rings == {"e5", "d6", "c5"}
    assert events[:4] == [z.MarbleTaken(0, "d5", "black"), z.RingRemoved("c5"),
                          z.RingRemoved("d6"), z.RingRemoved("e5")]
    assert events[4] == z.MarbleDrawn(0, s.bag[0])


def test_a_neighbour_with_another_filled_neighbour_is_kept():
    # A blue piece on d7 (0, 3) keeps d6; a marble on f5 (2, 1) keeps e5.
    assert AT[(0, 3)] == "d7" and AT[(2, 1)] == "f5"
    s = state(marbles={"d5": "black", "f5": "grey"}, pieces={"d4": 0, "d7": 1})
    new = z.play(s, "take d5")
    assert set(z.RINGS) - new.rings == {"c5"}


def test_already_isolated_rings_far_away_stay():
    s = state(marbles={"d5": "black"}, pieces={"d4": 0})
    new = z.play(s, "take d5")
    # a1..a4, g1..g4, b1 ... had no filled neighbour before the take and still exist.
    for ring in ("a1", "a4", "g1", "g4", "b1", "f2"):
        assert ring in new.rings


def test_removed_rings_stay_removed_and_cannot_be_used():
    s = state(marbles={"d5": "black"}, pieces={"d4": 0})
    s = z.play(s, "take d5")
    assert "put d6" not in z.legal_moves(s)
    with pytest.raises(IllegalMove, match="ring d6 has been removed"):
        z.play(s, "put d6")


def test_take_with_a_non_empty_bag_lets_the_taker_put_the_drawn_marble():
    s = state(marbles={"d5": "black"}, pieces={"d4": 0}, to_move=0)
    drawn = s.bag[0]
    after_take = z.play(s, "take d5")
    assert after_take.phase == "put"
    assert z.to_move(after_take) == 0
    assert after_take.drawn == drawn
    assert all(m.startswith("put ") for m in z.legal_moves(after_take))
    assert "put d5" in z.legal_moves(after_take)
    assert z.dump(after_take)["phase"] == "put"
    new, events = z.play_events(after_take, "put d5")
    assert new.marbles["d5"] == drawn
    assert new.bag == s.bag[1:]
    assert new.phase == "act"
    assert z.to_move(new) == 1
    assert events == [z.MarblePut(0, "d5", drawn), z.TurnChanged(1)]


def test_six_of_a_colour_wins_at_once_even_with_marbles_in_the_bag():
    s = state(marbles={"d5": "black"}, pieces={"d4": 1}, to_move=1,
              captured=[{}, {"black": 5, "white": 2}])
    assert s.bag
    new, events = z.play_events(s, "take d5")
    assert z.result(new) == {"winner": 1, "reason": "six", "points": [0, 20],
                             "marbles": [0, 8]}
    assert z.to_move(new) is None
    assert z.legal_moves(new) == []
    assert isinstance(events[-1], z.GameOver)
    assert events[-1].result == z.result(new)
    assert not any(isinstance(e, z.MarbleDrawn) for e in events)


def test_six_wins_even_with_fewer_points():
    s = state(marbles={"d5": "white"}, pieces={"d4": 0},
              captured=[{"white": 5}, {"black": 5, "grey": 5}])
    res = z.result(z.play(s, "take d5"))
    assert res == {"winner": 0, "reason": "six", "points": [6, 25], "marbles": [6, 10]}


def test_take_with_an_empty_bag_ends_the_game():
    marbles = {"d5": "black", "a1": "white"}
    s = state(marbles=marbles, pieces={"d4": 0}, bag=[],
              captured=[{"grey": 3, "white": 2}, {"black": 5, "grey": 3, "white": 3}])
    new, events = z.play_events(s, "take d5")
    res = z.result(new)
    assert res["reason"] == "bag"
    assert res["points"] == [2 + 6 + 3, 3 + 6 + 15]
    assert res["winner"] == 1
    assert events[0] == z.MarbleTaken(0, "d5", "black")
    assert events[-1] == z.GameOver(res)


# --- pass ------------------------------------------------------------------------------------


def _stuck_pieces() -> dict:
    """Ten pieces each (supply empty), none next to the marble on a1."""
    rings = [r for r in z.RINGS if r not in ("a1", "a2", "b1", "b2", "a3", "g4")]
    return {r: (0 if i < 10 else 1) for i, r in enumerate(rings[:20])}


def test_pass_only_when_nothing_else_is_legal():
    s = state(marbles={"a1": "white"}, pieces=_stuck_pieces())
    assert s.supply == (0, 0)
    assert z.legal_moves(s) == ["pass"]
    new, events = z.play_events(s, "pass")
    assert z.to_move(new) == 1
    assert new.passes == 1
    assert events == [z.Passed(0), z.TurnChanged(1)]
    # With a legal move there is no pass.
    s2 = state(marbles={"a1": "white"})
    assert "pass" not in z.legal_moves(s2)
    with pytest.raises(IllegalMove, match="cannot pass"):
        z.play(s2, "pass")


def test_two_passes_in_a_row_end_the_game():
    s = state(marbles={"a1": "white"}, pieces=_stuck_pieces(),
              captured=[{"grey": 1}, {"white": 2}])
    assert z.legal_moves(s) == ["pass"]
    s = z.play(s, "pass")
    assert z.legal_moves(s) == ["pass"]
    new, events = z.play_events(s, "pass")
    # Equal points (2 each): Blue has more marbles.
    assert z.result(new) == {"winner": 1, "reason": "passes", "points": [2, 2],
                             "marbles": [1, 2]}
    assert events[0] == z.Passed(1)
    assert isinstance(events[-1], z.GameOver)
    assert z.dump(new)["passes"] == 2


def test_a_move_between_passes_resets_the_count():
    # Blue (on e3) can take the marble on e4; Red cannot move.
    pieces = _stuck_pieces()
    assert pieces["e3"] == 1 and "e4" not in pieces
    s = state(marbles={"a1": "white", "e4": "grey"}, pieces=pieces, to_move=0)
    s = z.play(s, "pass")
    assert s.passes == 1
    s = z.play(s, "take e4")
    assert s.passes == 0
    assert z.to_move(s) == 1 and s.phase == "put"
    s = z.play(s, "put e4")
    s = z.play(s, "pass")
    assert z.to_move(s) == 1 and s.passes == 1


# --- tie-breaks ------------------------------------------------------------------------------


def _end_by_bag(captured_red: dict, captured_blue: dict, final: str = "white"):
    """Red takes the last marble with an empty bag; trays as given before that take."""
    marbles = {"d5": final}
    captured = [dict(captured_red), dict(captured_blue)]
    # Everything else sits in the trays or on a far ring.
    rest = {c: 6 - captured[0].get(c, 0) - captured[1].get(c, 0) - (c == final) for c in
            z.COLOURS}
    spare = [r for r in ("a1", "a4", "g1", "g4", "a2", "g2", "a3", "g3", "b1", "f1", "b5",
                         "f5", "c1", "e1", "c6", "e6", "d1", "b2") if r not in marbles]
    for colour, n in rest.items():
        for _ in range(n):
            marbles[spare.pop(0)] = colour
    s = state(marbles=marbles, pieces={"d4": 0}, captured=captured, bag=[])
    return z.result(z.play(s, "take d5"))


def test_higher_points_win():
    res = _end_by_bag({"black": 2}, {"grey": 2})
    assert res["points"] == [7, 4]
    assert res["winner"] == 0


def test_equal_points_more_marbles_win():
    res = _end_by_bag({"black": 1}, {"white": 4})
    assert res["points"] == [4, 4]
    assert res["marbles"] == [2, 4]
    assert res["winner"] == 1


def test_equal_points_and_marbles_is_a_draw():
    res = _end_by_bag({"black": 1}, {"black": 1, "white": 1}, final="white")
    assert res["points"] == [4, 4]
    assert res["marbles"] == [2, 2]
    assert res["winner"] is None
    assert res["reason"] == "bag"


# --- illegal moves ---------------------------------------------------------------------------


@pytest.fixture()
def midgame() -> z.State:
    return state(marbles={"d4": "black", "a1": "white", "g1": "grey"},
                 pieces={"d3": 0, "a2": 1}, rings=[r for r in z.RINGS if r != "c2"])


@pytest.mark.parametrize("move, reason", [
    ("place d4", "d4 is not empty"),
    ("place d3", "d3 is not empty"),
    ("take a1", "no piece of yours is next to a1"),
    ("take g1", "no piece of yours is next to g1"),
    ("place c2", "ring c2 has been removed"),
    ("take c2", "ring c2 has been removed"),
    ("place z9", "unknown ring 'z9'"),
    ("take e5", "there is no marble on e5"),
    ("put e5", "there is no drawn marble"),
    ("pass", "cannot pass"),
    ("jump d4", "unknown move"),
    ("", "empty move"),
    ("place", "needs exactly one ring"),
    ("place d4 d5", "needs exactly one ring"),
    ("pass d4", "takes no ring"),
    (None, "must be text"),
    (42, "must be text"),
])
def test_illegal_moves_say_why(midgame, move, reason):
    before = z.dump(midgame)
    with pytest.raises(IllegalMove, match=reason):
        z.play(midgame, move)
    assert z.dump(midgame) == before


def test_no_pieces_left():
    s = state(marbles={"a1": "white"}, pieces=_stuck_pieces(), to_move=0)
    with pytest.raises(IllegalMove, match="you have no pieces left"):
        z.play(s, "place a2")


def test_in_phase_put_only_put_is_accepted():
    s = z.play(state(marbles={"d5": "black"}, pieces={"d4": 0}), "take d5")
    with pytest.raises(IllegalMove, match="first put the drawn"):
        z.play(s, "place e1")
    with pytest.raises(IllegalMove, match="d4 is not empty"):
        z.play(s, "put d4")


def test_the_game_is_over():
    s = z.play(state(marbles={"d5": "black"}, pieces={"d4": 1}, to_move=1,
                     captured=[{}, {"black": 5}]), "take d5")
    with pytest.raises(IllegalMove, match="the game is over"):
        z.play(s, "place a2")


def test_illegal_move_is_a_value_error():
    assert issubclass(IllegalMove, ValueError)


def test_moves_are_read_leniently():
    s = state(marbles={"a1": "white"})
    assert z.play(s, "  PLACE   D4 ") == z.play(s, "place d4")
    assert z.play(s, "\tPlace\n\nd4\r") == z.play(s, "place d4")


@pytest.mark.parametrize("move", [
    "ta\u212ae a2",           # the Kelvin sign lower-cases to k
    "place\x1cd4",            # a control character that str.split() cuts at
    "place\u00a0d4",          # a no-break space
    "place d4\u200b",         # a zero-width space
    "place \uff44\uff14",     # full-width letters and digits
    "place d\u0664",          # an Arabic-Indic four
    "place d4\x00",
])
def test_only_case_and_blanks_are_harmless_variants_of_a_move(move):
    s = state(marbles={"a2": "white"}, pieces={"a1": 0})
    assert {"take a2", "place d4"} <= set(z.legal_moves(s))
    with pytest.raises(IllegalMove):
        z.play(s, move)


# --- load and dump ---------------------------------------------------------------------------


def test_load_defaults_and_ignores_unknown_fields():
    s = z.load({"marbles": {"a1": "white"}, "pieces": {"b2": 1},
                "bag": ["white"] * 5 + ["grey"] * 6 + ["black"] * 6, "to_move": 1,
                "comment": "from another tool", "version": 3})
    assert s.rings == frozenset(z.RINGS)
    assert s.supply == (10, 9)
    assert s.captured == ((0, 0, 0), (0, 0, 0))
    assert s.passes == 0 and s.phase == "act" and s.seed == 0


def test_dump_is_json_and_round_trips():
    s = z.play(z.play(z.new_game(seed=4, first=0), "place b2"), "place f2")
    data = json.loads(json.dumps(z.dump(s)))
    assert z.load(data) == s
    assert z.dump(z.load(data)) == z.dump(s)


@pytest.mark.parametrize("change, message", [
    ({"marbles": {"a1": "white", "a2": "white"}}, "6 white marbles"),
    ({"marbles": {}}, "6 white marbles"),
    ({"pieces": {"a1": 0}}, "a1 holds both a piece and a marble"),
    ({"rings": ["a1", "z9"]}, "unknown ring 'z9'"),
    ({"rings": ["a1", "a1"]}, "listed twice"),
    ({"marbles": {"q7": "white"}}, "unknown ring 'q7'"),
    ({"pieces": {"k1": 0}}, "unknown ring 'k1'"),
    ({"rings": [r for r in z.RINGS if r != "a1"]}, "marble on removed ring a1"),
    ({"rings": [r for r in z.RINGS if r != "b2"], "pieces": {"b2": 1}},
     "piece on removed ring b2"),
    ({"supply": [11, 10]}, "supply of Red must be 0..10"),
    ({"supply": [10, 9]}, "must add up to 10"),
    ({"pieces": {"b2": 0}, "supply": [10, 10]}, "must add up to 10"),
    ({"pieces": {r: 0 for r in z.RINGS[4:15]}}, "11 pieces on the board"),
    ({"phase": "draw"}, "phase must be"),
    ({"to_move": 2}, "to_move must be 0 or 1"),
    ({"to_move": None}, "to_move must be 0 or 1"),
    ({"to_move": "0"}, "to_move must be 0 or 1"),
    ({"to_move": True}, "to_move must be 0 or 1"),
    ({"phase": "over", "to_move": 0}, "to_move null"),
    ({"phase": "over", "to_move": None}, "has not ended"),
    ({"phase": "put", "bag": [], "captured": [{"white": 5, "grey": 6}, {"black": 6}]},
     "both players hold six"),
    ({"passes": 2}, "two passes"),
    ({"passes": -1}, "passes must be"),
    ({"passes": "one"}, "passes must be"),
    ({"marbles": ["a1"]}, "marbles must map"),
    ({"marbles": {"a1": "pink"}}, "unknown marble colour 'pink'"),
    ({"pieces": {"b2": "red"}}, "seat 0 or 1"),
    ({"pieces": [["b2", 0]]}, "pieces must map"),
    ({"bag": "white"}, "bag must be a list"),
    ({"bag": [1, 2]}, "unknown marble colour 1"),
    ({"captured": [{}]}, "captured must be a list of two"),
    ({"captured": [{"white": -1}, {}]}, "whole numbers"),
    ({"captured": [{"gold": 1}, {}]}, "unknown marble colour 'gold'"),
    ({"captured": [[1, 2, 3], {}]}, "must map colours"),
    ({"supply": [10]}, "supply must be a list of two"),
    ({"supply": [10.0, 10]}, "supply of Red"),
    ({"seed": "abc"}, "seed must be"),
    ({"game": "chan"}, "not a Zertz one"),
    ({"rings": "all"}, "rings must be a list"),
    ({"rings": None}, "rings must be a list"),
    ({"captured": None}, "captured must be a list of two colour counts, not null"),
    ({"supply": None}, "supply must be a list of two numbers, not null"),
])
def test_load_rejects_inconsistent_positions(change, message):
    data = position(marbles={"a1": "white"})
    data.update(change)
    with pytest.raises(ValueError, match=message):
        z.load(data)


def test_load_rejects_put_phase_without_a_marble_to_put():
    data = position(marbles={"a1": "white", "a2": "black", "a3": "black"}, phase="put",
                    captured=[{"white": 5, "grey": 3, "black": 2}, {"grey": 3, "black": 2}])
    assert data["bag"] == []
    with pytest.raises(ValueError, match="phase 'put' needs a marble in the bag"):
        z.load(data)


@pytest.mark.parametrize("key", ["marbles", "pieces", "bag", "to_move"])
def test_load_requires_the_required_fields(key):
    data = position(marbles={"a1": "white"})
    del data[key]
    with pytest.raises(ValueError, match=f"missing required field '{key}'"):
        z.load(data)


@pytest.mark.parametrize("garbage", [None, 5, "zertz", [], [1, 2], 3.5, b"{}", {1: 2},
                                     {"marbles": None, "pieces": None, "bag": None,
                                      "to_move": None}])
def test_load_never_crashes_on_garbage(garbage):
    with pytest.raises(ValueError):
        z.load(garbage)


def test_load_of_a_finished_position():
    s = z.play(state(marbles={"d5": "black"}, pieces={"d4": 1}, to_move=1,
                     captured=[{}, {"black": 5}]), "take d5")
    data = z.dump(s)
    assert data["phase"] == "over"
    assert data["to_move"] is None
    assert data["result"] == z.result(s)
    assert json.loads(json.dumps(data)) == data
    again = z.load(data)
    assert again == s
    assert z.result(again) == z.result(s)
    assert z.to_move(again) is None
    # A position where someone already holds six is a finished game, whatever its phase.
    data.update(phase="act", to_move=0)
    data.pop("result")
    assert z.result(z.load(data))["reason"] == "six"


def test_load_rejects_a_result_that_contradicts_the_trays():
    s = z.play(state(marbles={"d5": "black"}, pieces={"d4": 1}, to_move=1,
                     captured=[{}, {"black": 5}]), "take d5")
    data = z.dump(s)
    data["result"] = {**data["result"], "winner": 0}
    with pytest.raises(ValueError, match="winner does not match"):
        z.load(data)


def test_dump_of_a_game_ended_by_passes_round_trips():
    s = state(marbles={"a1": "white"}, pieces=_stuck_pieces(), captured=[{"grey": 1}, {}])
    s = z.play(z.play(s, "pass"), "pass")
    data = z.dump(s)
    assert data["result"]["reason"] == "passes"
    assert z.load(data) == s


# --- view, immutability, describe ------------------------------------------------------------


def test_view_hides_the_bag_order():
    a = state(marbles={"a1": "white"}, bag=["white"] * 5 + ["grey"] * 6 + ["black"] * 6)
    b = state(marbles={"a1": "white"}, bag=["black"] * 6 + ["grey"] * 6 + ["white"] * 5)
    assert a != b
    for seat in (0, 1):
        assert z.view(a, seat) == z.view(b, seat)
    v = z.view(a, 0)
    assert v["bag"] == {"white": 5, "grey": 6, "black": 6}
    assert v["bag_count"] == 17
    assert v["drawn"] is None


def test_view_has_no_seed_and_does_not_depend_on_it_while_dump_keeps_it():
    s = z.play(z.new_game(seed=7, first=0), "place d4")
    data = z.dump(s)
    assert data["seed"] == 7 and z.load(data) == s and z.dump(z.load(data)) == data
    other_seed = z.load({**data, "seed": 8})
    for seat in (0, 1):
        seen = z.view(s, seat)
        assert "seed" not in seen and "shuffles" not in seen
        assert seen == z.view(other_seed, seat)
    # With the seed anyone could rebuild the bag's order: the view must not carry it.
    assert z.new_game(seed=7).bag == s.bag


def test_view_shows_the_drawn_marble_in_phase_put():
    s = z.play(state(marbles={"d5": "black"}, pieces={"d4": 0},
                     bag=["grey"] + ["white"] * 6 + ["grey"] * 5 + ["black"] * 5), "take d5")
    v = z.view(s, 1)
    assert v["drawn"] == "grey"
    assert v["bag"] == {"white": 6, "grey": 5, "black": 5}
    assert v["bag_count"] == 16
    assert v["phase"] == "put"
    with pytest.raises(ValueError):
        z.view(s, 2)


def test_play_leaves_its_input_unchanged():
    s = state(marbles={"d5": "black", "a1": "grey"}, pieces={"d4": 0, "a2": 1})
    before = z.dump(s)
    copy = z.load(before)
    for move in z.legal_moves(s):
        z.play(s, move)
    z.play_events(s, "take d5")
    assert z.dump(s) == before
    assert s == copy


@pytest.mark.parametrize("setup, move, text", [
    ({"marbles": {"a1": "white"}, "to_move": 1}, "place e5", "Blue placed a piece on e5"),
    ({"marbles": {"d5": "black"}, "pieces": {"d4": 0}}, "take d5",
     "Red took the black marble on d5 — rings c5, d6, e5 removed"),
    ({"marbles": {"d5": "black"}, "pieces": {"d4": 0, "d7": 1, "f5": 1}}, "take d5",
     "Red took the black marble on d5 — ring c5 removed"),
    ({"marbles": {"d5": "black", "d6": "white", "e5": "grey", "c5": "grey"},
      "pieces": {"d4": 0}}, "take d5", "Red took the black marble on d5"),
])
def test_describe(setup, move, text):
    assert z.describe(state(**setup), move) == text


def test_describe_put_and_pass():
    s = z.play(state(marbles={"d5": "black"}, pieces={"d4": 0},
                     bag=["grey"] + ["white"] * 6 + ["grey"] * 5 + ["black"] * 5), "take d5")
    assert z.describe(s, "put b2") == "Red put the grey marble on b2"
    stuck = state(marbles={"a1": "white"}, pieces=_stuck_pieces(), to_move=1)
    assert z.describe(stuck, "pass") == "Blue passed"
