"""Chắn: the spec's "Decision:" points of issue 15, each a scenario from a JSON position.

Bạch thủ only without a Cạ of the winning rank; no chíu while a win on the card is still to be
decided; a win after chíu'ing your own revealed card is Chíu ù only; ``resume`` after an
out-of-turn chíu; ``load`` checks finished positions and ``initial``; ``play`` accepts only
harmless variants of legal moves; a view carries no seed.
"""

from __future__ import annotations

import json

import pytest

from game.rules import IllegalMove, chan
from tests.test_chan_rules import WAIT_7M, position, swap

# 5 Chắn (2M 4S 5C 6M 8M), 3 Cạ (2S2C 4M4C 6S6C), 7M 7M and a single 7S: wins on 7M or 7C.
PAIR_7M_AND_7S = "2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 7M 7M 7S".split()
# Three 3C that win on the fourth (7 Chắn with the 3C set) and can chíu it.
THREE_3C_WAITING = "3C 3C 3C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C".split()
# Wins on 3C as the Cạ 3M 3C.
WAIT_3 = swap(WAIT_7M, "7M", "3M")


def stock_card(seat: int, hand: list[str], card: str, **kw) -> chan.State:
    """``seat`` (holding ``hand``) responds to ``card`` passed live on the previous gate."""
    prev = (seat - 1) % 4
    return chan.load(position({seat: hand}, to_move=seat, phase="respond", gates={prev: [card]},
                              live={"gate": prev, "card": card, "from": "stock"}, **kw))


def revealing(hands: dict[int, list[str]], seat: int, card: str, dealer: int = 0) -> chan.State:
    """``seat`` is about to ``draw`` (passing 9M) and reveal ``card`` from the stock."""
    prev = (seat - 1) % 4
    return chan.load(position(hands, to_move=seat, phase="respond", dealer=dealer,
                              gates={prev: ["9M"]}, live={"gate": prev, "card": "9M", "from": "discard"},
                              stock_top=[card]))


# ---------------------------------------------------------------------------------------------
# Bạch thủ: no Cạ of the winning card's rank


def test_holding_a_pair_and_winning_on_a_third_is_not_bach_thu():
    state = stock_card(1, PAIR_7M_AND_7S, "7M")
    assert chan.legal_moves(state)[0] == "u"
    res = chan.result(chan.play(state, "u"))
    # 6 Chắn and 4 Cạ, the winning 7M completes 7M 7M, but 7M 7S is a Cạ of its rank.
    assert sorted(res["pairs"]).count(["7M", "7S"]) == 1
    assert res["features"] == ["Ù xuông"] and res["score"] == 2


def test_a_lone_card_completed_into_a_chan_is_bach_thu():
    hand = "2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 9S 9C 7M".split()
    res = chan.result(chan.play(stock_card(1, hand, "7M"), "u"))
    assert res["features"] == ["Bạch thủ"] and res["score"] == 4


def test_an_exposed_ca_of_the_winning_rank_also_rules_out_bach_thu():
    concealed = "2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 7M".split()
    state = stock_card(1, concealed, "7M", exposed={1: [["7S", "7C"]]})
    res = chan.result(chan.play(state, "u"))
    assert res["features"] == ["Ù xuông"]
    # The same shape with the exposed Cạ in another rank is Bạch thủ.
    concealed = "2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 9S 9C 7M".split()
    state = stock_card(1, concealed, "7M", exposed={1: [["6S", "6C"]]})
    assert chan.result(chan.play(state, "u"))["features"] == ["Bạch thủ"]


# ---------------------------------------------------------------------------------------------
# Priority: no chíu while a win on the card is undecided


def test_the_revealer_is_not_offered_its_chiu_while_another_seats_win_is_pending():
    # Seat 1 reveals 3C: it holds three 3C and wins on it; seat 3 wins on it too.
    state = chan.play(revealing({1: THREE_3C_WAITING, 3: WAIT_3}, 1, "3C", dealer=2), "draw")
    assert (state.phase, chan.to_move(state), state.claims) == ("claim", 1, (3,))
    assert chan.legal_moves(state) == ["u", "decline"]
    with pytest.raises(IllegalMove):
        chan.play(state, "chiu 3C")
    state = chan.play(state, "decline")
    assert (state.phase, chan.to_move(state)) == ("claim", 3)
    assert chan.legal_moves(state) == ["u", "decline"]
    assert chan.result(chan.play(state, "u"))["winner"] == 3
    # Once seat 3 declines, the revealer's own decision offers the chíu.
    state = chan.play(state, "decline")
    assert (state.phase, chan.to_move(state)) == ("revealed", 1)
    assert chan.legal_moves(state)[:2] == ["u", "chiu 3C"]


def test_a_seat_with_a_win_and_a_chiu_decides_its_win_first_when_another_win_follows():
    # Seat 0 reveals 3C; seat 1 holds three 3C and wins on it; seat 2 wins on it too.
    state = chan.play(revealing({1: THREE_3C_WAITING, 2: WAIT_3}, 0, "3C", dealer=3), "draw")
    assert (state.phase, chan.to_move(state), state.claims) == ("claim", 1, (2, 1))
    assert chan.legal_moves(state) == ["u", "decline"]
    again = chan.load(json.loads(json.dumps(chan.dump(state))))
    assert chan.legal_moves(again) == ["u", "decline"]
    state = chan.play(state, "decline")
    assert (chan.to_move(state), chan.legal_moves(state)) == (2, ["u", "decline"])
    state = chan.play(state, "decline")
    # Every win on the card is decided: now seat 1 is asked about its chíu.
    assert (state.phase, chan.to_move(state), state.claims) == ("claim", 1, ())
    assert "chiu 3C" in chan.legal_moves(state)
    state = chan.play(state, "chiu 3C")
    assert state.resume == chan.Resume(0, "revealed")
    state = chan.play(state, "u")
    assert chan.result(state)["features"] == ["Chíu ù"]


def test_a_seat_whose_win_comes_last_gets_win_and_chiu_in_one_decision():
    # Seat 2 reveals 3C; seat 3 wins on it, then seat 1, which also holds three 3C.
    state = chan.play(revealing({1: THREE_3C_WAITING, 3: WAIT_3}, 2, "3C", dealer=0), "draw")
    assert (chan.to_move(state), state.claims) == (3, (1,))
    assert chan.legal_moves(state) == ["u", "decline"]
    state = chan.play(state, "decline")
    assert (state.phase, chan.to_move(state), state.claims) == ("claim", 1, ())
    assert chan.legal_moves(state) == ["u", "chiu 3C", "decline"]


# ---------------------------------------------------------------------------------------------
# Chíu ù only after chíu'ing your own revealed card


def test_a_win_after_chiu_of_your_own_revealed_card_is_chiu_u_not_u_chi():
    state = chan.play(revealing({1: THREE_3C_WAITING}, 1, "3C", dealer=2), "draw")
    assert (state.phase, chan.to_move(state)) == ("revealed", 1)
    assert chan.legal_moves(state)[:3] == ["u", "chiu 3C", "chan 3C"]
    # Straight on the card in its own gate: Ù chì.
    direct = chan.result(chan.play(state, "u"))
    assert (direct["how"], direct["features"], direct["score"]) == ("own", ["Ù chì"], 3)
    # Through the chíu: Chíu ù only.
    state = chan.play(state, "chiu 3C")
    assert state.phase == "discard" and chan.legal_moves(state)[0] == "u"
    res = chan.result(chan.play(state, "u"))
    assert (res["how"], res["features"], res["score"]) == ("chiu", ["Chíu ù"], 5)


# ---------------------------------------------------------------------------------------------
# resume after an out-of-turn chíu


def test_resume_names_the_seat_to_resume_after_an_out_of_turn_chiu():
    chiu_set = ["3C"] * 4
    hand = "2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 7M".split()  # 16 + 4 = 20
    data = position({3: hand}, to_move=3, phase="discard", dealer=0,
                    exposed={3: [chiu_set]}, gates={1: ["9M"]},
                    resume={"seat": 1, "phase": "revealed"})
    state = chan.load(data)
    assert state.resume == chan.Resume(1, "revealed")
    assert chan.dump(state)["resume"] == {"seat": 1, "phase": "revealed"}
    state, events = chan.play_events(state, "discard 7M")
    assert events[0] == chan.Discarded(3, "7M", 1)  # into the interrupted gate
    assert (state.phase, chan.to_move(state), state.live) == \
        ("revealed", 1, chan.Live(1, "7M", "discard"))
    # Without resume the same discard is an ordinary one into the claimant's own gate.
    state = chan.play(chan.load({**data, "resume": None}), "discard 7M")
    assert state.gates[3][-1] == "7M" and (state.phase, chan.to_move(state)) == ("respond", 0)


# ---------------------------------------------------------------------------------------------
# load checks finished positions and initial


def finished() -> dict:
    """Seat 1 won on the 7S revealed by seat 0 (Ù xuông, 2), dumped as JSON."""
    data = position({1: WAIT_7M}, to_move=1, phase="respond", gates={0: ["7S"]},
                    live={"gate": 0, "card": "7S", "from": "stock"})
    return json.loads(json.dumps(chan.dump(chan.play(chan.load(data), "u"))))


def test_a_finished_position_loads_with_or_without_the_win_record():
    data = finished()
    assert chan.result(chan.load(data)) == data["result"]
    del data["win"]
    state = chan.load(data)
    assert chan.result(state) == data["result"]
    assert chan.dump(state)["win"] == {"seat": 1, "how": "stock", "card": "7S"}
    # Features in another order, and a plain win listed as nothing, are the same result.
    assert chan.result(chan.load({**data, "result": {"winner": 1, "score": 2}}))["score"] == 2


@pytest.mark.parametrize(("change", "message"), [
    ({"score": 999, "features": ["Nonsense"]}, "score"),
    ({"features": ["Tôm"]}, "features"),
    ({"settlement": [0, 0, 0, 0]}, "settlement"),
    ({"winner": 2}, "winner 2|seat 2's cards"),
    ({"winner": 0}, "winner 0|seat 0's cards"),
])
def test_load_rejects_a_stated_result_the_cards_do_not_give(change, message):
    for keep_win in (True, False):
        data = finished()
        if not keep_win:
            del data["win"]
        data["result"] = {**data["result"], **change}
        with pytest.raises(ValueError, match=message):
            chan.load(data)


def test_load_rejects_a_win_record_that_contradicts_itself_or_the_cards():
    data = finished()
    with pytest.raises(ValueError, match="winner"):
        chan.load({**data, "result": {**data["result"], "winner": None}})
    with pytest.raises(ValueError, match="Ù chì"):
        chan.load({**data, "win": {"seat": 1, "how": "own", "card": "7S"}})
    with pytest.raises(ValueError, match="do not make"):
        chan.load({**data, "win": {"seat": 2, "how": "stock", "card": "7S"}})
    # A draw states no score.
    data = position({1: swap(WAIT_7M, "7M", "9C")}, to_move=None, phase="over", leftover=0)
    chan.load(data)
    with pytest.raises(ValueError, match="score"):
        chan.load({**data, "result": {"winner": None, "score": 5}})


def test_initial_must_hold_every_concealed_card_of_its_seat():
    data = position({1: WAIT_7M}, to_move=1, phase="respond", gates={0: ["9C"]},
                    live={"gate": 0, "card": "9C", "from": "discard"})
    hands = data["hands"]
    assert chan.load({**data, "initial": [list(h) for h in hands]}).initial[1] == tuple(
        sorted(WAIT_7M, key=chan.FACES.index))
    with pytest.raises(ValueError, match="initial"):
        chan.load({**data, "initial": [[], [], [], []]})
    short = [list(h) for h in hands]
    short[1].remove("7M")
    with pytest.raises(ValueError, match="7M"):
        chan.load({**data, "initial": short})


# ---------------------------------------------------------------------------------------------
# play: harmless variants only; a view carries no seed


def test_play_accepts_case_and_blank_variants_of_a_legal_move_only():
    hand = "2M 2M 3S 3S 4C 4C 6M 6S 7C 7C 8M 8C 9S 9C 2C 3C 4M 5S".split()
    state = chan.load(position({1: hand}, to_move=1, phase="discard",
                               exposed={1: [["9M", "9M"]]}))
    want = chan.dump(chan.play(state, "discard 5S"))
    for variant in ("DISCARD 5s", "  discard\t 5S  ", "Discard\u00a05S"):
        assert chan.dump(chan.play(state, variant)) == want
    for bad in ("discard 5\u017f", "discard \uff15S", "disc\u0430rd 5S", "discard 5S 5S",
                "discard 7C", "discard5S"):
        with pytest.raises(IllegalMove):
            chan.play(state, bad)
    assert chan.dump(state)["phase"] == "discard"


def test_a_view_carries_no_seed_nor_anything_that_rebuilds_the_deal():
    state = chan.new_game(seed=123)
    for _ in range(40):
        for seat in range(4):
            text = json.dumps(chan.view(state, seat))
            assert '"seed"' not in text and "shuffle" not in text
        if chan.to_move(state) is None:
            break
        state = chan.play(state, chan.legal_moves(state)[-1])
