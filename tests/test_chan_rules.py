"""Chắn rules: scenario tests from JSON positions, scoring, the analyser, load and view.

Positions are built by ``position``: the hands the test cares about are written out and the
other seats get the remaining cards spread out (at most two copies of a face each, so they
never hold a chíu), the rest forms the stock (or lies under a gate).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from game.rules import IllegalMove, chan
from game.rules.chan.cards import FACES
from game.rules.chan.hands import arrangements, best_win, score, settlement

# A waiting hand: 6 Chắn, 3 Cạ and a single 7M (wins on any 7; 4 red cards, no feature).
WAIT_7M = "2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 2S 2C 4M 4C 6S 6C 7M".split()
# A hand far from waiting: singles in ranks 2, 3, 4, 5 and 7.
MIXED = "2M 2M 3S 3S 4C 4C 6M 6S 7C 7M 8M 8C 9S 9C 2C 3C 4M 5S 7S".split()


def position(hands: dict[int, list[str]], *, to_move: int | None, phase: str, dealer: int = 0,
             exposed: dict | None = None, gates: dict | None = None, live: dict | None = None,
             stock_top: tuple | list = (), leftover: str | int = "stock", bans: dict | None = None,
             **extra) -> dict:
    """A full 100-card position in the spec's JSON format (see the module docstring).

    ``leftover`` is "stock" or a gate number: where the cards nobody holds go.
    """
    exposed = exposed or {}
    gates = {s: list(g) for s, g in (gates or {}).items()}
    used = Counter(c for h in hands.values() for c in h)
    used.update(c for groups in exposed.values() for g in groups for c in g)
    used.update(c for g in gates.values() for c in g)
    used.update(stock_top)
    pool = Counter({f: 4 - used[f] for f in FACES})
    assert all(n >= 0 for n in pool.values()), pool
    held = {s: list(h) for s, h in hands.items()}
    fill = [s for s in range(4) if s not in hands]

    def size(s: int) -> int:
        big = (phase == "discard" and s == to_move) or (phase == "open" and s == dealer)
        return (20 if big else 19) - sum(len(g) for g in exposed.get(s, []))

    for s in fill:
        held[s] = []
    at = 0
    while any(len(held[s]) < size(s) for s in fill):
        for s in fill:
            if len(held[s]) >= size(s):
                continue
            for k in range(len(FACES)):
                face = FACES[(at + k) % len(FACES)]
                if pool[face] and held[s].count(face) < 2:
                    break
            else:
                raise AssertionError("cannot fill the hands")
            held[s].append(face)
            pool[face] -= 1
            at = FACES.index(face) + 1
    rest = [f for f in FACES for _ in range(pool[f])]
    stock = list(stock_top)
    if leftover == "stock":
        stock += rest
    else:
        gates[leftover] = rest + gates.get(leftover, [])
    data = {"game": "chan", "dealer": dealer, "to_move": to_move, "phase": phase,
            "hands": [held[s] for s in range(4)],
            "exposed": [[list(g) for g in exposed.get(s, [])] for s in range(4)],
            "gates": [gates.get(s, []) for s in range(4)], "live": live, "stock": stock}
    if bans:
        data["bans"] = [bans.get(s, {}) for s in range(4)]
    data.update(extra)
    return data


def responding(hand: list[str], card: str, *, seat: int = 1, source: str = "discard",
               bans: dict | None = None, **kw) -> chan.State:
    """``seat`` (holding ``hand``) responds to ``card`` live on the previous seat's gate."""
    prev = (seat - 1) % 4
    data = position({seat: hand}, to_move=seat, phase="respond",
                    gates={prev: [card]}, live={"gate": prev, "card": card, "from": source},
                    bans={seat: bans} if bans else None, **kw)
    return chan.load(data)


def discarding(hand: list[str], last: list[str], *, seat: int = 1, bans: dict | None = None,
               **kw) -> chan.State:
    """``seat`` in the discard phase right after exposing ``last`` (``hand`` is 20 - 2)."""
    data = position({seat: hand}, to_move=seat, phase="discard", exposed={seat: [last]},
                    bans={seat: bans} if bans else None, **kw)
    return chan.load(data)


def opening(hand: list[str], *, dealer: int = 0, others: dict | None = None, **kw) -> chan.State:
    hands = {dealer: hand, **(others or {})}
    return chan.load(position(hands, to_move=dealer, phase="open", dealer=dealer, **kw))


def swap(hand: list[str], out: str, into: str) -> list[str]:
    cards = list(hand)
    cards.remove(out)
    return cards + [into]


def all_cards(state: chan.State) -> Counter:
    total = Counter(state.stock)
    for s in range(4):
        total.update(state.hands[s])
        total.update(state.gates[s])
        for g in state.exposed[s]:
            total.update(g)
    return total


# ---------------------------------------------------------------------------------------------
# The deal


def test_new_game_deals_20_to_the_dealer_19_to_the_others_and_23_to_the_stock():
    for seed in range(5):
        state = chan.new_game(seed=seed)
        d = state.dealer
        assert [len(h) for h in state.hands] == [20 if s == d else 19 for s in range(4)]
        assert len(state.stock) == 23
        assert all_cards(state) == Counter({f: 4 for f in FACES})
        assert chan.to_move(state) == d and state.phase == "open"
        assert state.initial == state.hands
    assert chan.new_game(4, seed=3, dealer=2).dealer == 2
    assert chan.dump(chan.new_game(seed=9)) == chan.dump(chan.new_game(seed=9))


def test_new_game_rejects_bad_arguments():
    for bad in ({"players": 3}, {"dealer": 4}, {"colour": 1}, {"seed": "x"}):
        with pytest.raises(ValueError):
            chan.new_game(**bad)


def test_red_cards_and_notation():
    assert sum(4 for f in FACES if chan.is_red(f)) == 20
    assert chan.card_name("2M") == "Nhị Vạn" and chan.card_name("8S") == "Bát Sách"
    assert chan.card_name("7C") == "Thất Văn" and chan.card_name("CC") == "Chi Chi"
    assert len(FACES) == 25


# ---------------------------------------------------------------------------------------------
# Capture and discard restrictions: each forbids exactly what it says


def test_a_capture_pair_and_then_a_discard():
    state = responding(MIXED, "5M")
    assert chan.legal_moves(state) == ["ca 5M 5S", "draw"]
    after, events = chan.play_events(state, "ca 5M 5S")
    assert isinstance(events[0], chan.Captured) and events[0].kind == "ca"
    assert after.phase == "discard" and after.exposed[1] == (("5M", "5S"),)
    assert after.gates[0] == () and after.live is None and after.holding(1) == 20
    assert "discard 2C" in chan.legal_moves(after)


def test_restriction_1_holding_the_face_you_must_take_it_as_chan():
    hand = swap(swap(MIXED, "7S", "5M"), "4M", "5M")  # 5M 5M and 5S: no Cạ held
    state = responding(hand, "5M")
    assert chan.legal_moves(state) == ["chan 5M", "draw"]
    with pytest.raises(IllegalMove, match="restriction 1"):
        chan.play(state, "ca 5M 5S")
    # Without a 5M in hand the same Cạ is fine.
    assert "ca 5M 5S" in chan.legal_moves(responding(MIXED, "5M"))


def test_restriction_2_an_identical_pair_is_not_split_for_a_ca_or_a_discard():
    pair = swap(MIXED, "7S", "5S")  # 5S 5S
    state = responding(pair, "5M")
    assert chan.legal_moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="restriction 2"):
        chan.play(state, "ca 5M 5S")
    triple = swap(swap(MIXED, "7S", "5S"), "4M", "5S")  # three 5S: one may go
    assert "ca 5M 5S" in chan.legal_moves(responding(triple, "5M"))
    # Discards: a pair stays, one of three may go.
    hand = "2M 2M 3S 3S 4C 4C 6M 6S 7C 7C 8M 8C 9S 9C 2C 3C 4M 5S".split()
    state = discarding(hand, ["9M", "9M"])
    moves = chan.legal_moves(state)
    assert "discard 7C" not in moves and "discard 2M" not in moves and "discard 2C" in moves
    with pytest.raises(IllegalMove, match="restriction 2"):
        chan.play(state, "discard 7C")
    state = discarding(swap(hand, "5S", "7C"), ["9M", "9M"])
    assert "discard 7C" in chan.legal_moves(state)


def test_restriction_9_a_chan_taken_with_a_pair_keeps_one_in_hand():
    hand = swap(swap(MIXED, "7S", "5M"), "4M", "5M")
    after = chan.play(responding(hand, "5M"), "chan 5M")
    assert after.exposed[1] == (("5M", "5M"),)
    assert Counter(after.hands[1])["5M"] == 1


def test_restriction_3_declining_a_chan_bans_discarding_and_ca_of_that_face():
    hand = swap(MIXED, "7S", "5M")  # one 5M: `chan 5M` is possible
    state = responding(hand, "5M", stock_top=["9M"])
    assert "chan 5M" in chan.legal_moves(state)
    after, events = chan.play_events(state, "draw")
    assert chan.BanAdded(1, "no_discard", "5M") in events
    assert after.bans[1].no_discard == {"5M"}
    # Later: 5M may be neither discarded nor used in a Cạ ...
    bans = {"no_discard": ["5M"]}
    state = discarding(swap(swap(MIXED, "7S", "5M"), "4M", "2S")[:18], ["9M", "9M"], bans=bans)
    assert "discard 5M" not in chan.legal_moves(state)
    with pytest.raises(IllegalMove, match="restriction 3"):
        chan.play(state, "discard 5M")
    no_5s = swap(MIXED, "5S", "5M")  # 5M single, no 5S
    state = responding(no_5s, "5S", bans=bans)
    assert not any(m.startswith("ca ") for m in chan.legal_moves(state))
    with pytest.raises(IllegalMove, match="restriction 3"):
        chan.play(state, "ca 5S 5M")
    # ... but it may still be taken as a Chắn, and other faces are unaffected.
    assert "chan 5M" in chan.legal_moves(responding(no_5s, "5M", bans=bans))
    assert "ca 5M 5S" not in chan.legal_moves(responding(MIXED, "5M", bans=bans))
    other = {"no_discard": ["3C"]}
    assert "ca 5M 5S" in chan.legal_moves(responding(MIXED, "5M", bans=other))


def test_restriction_3_no_ban_without_a_possible_chan():
    state = responding(MIXED, "5M", stock_top=["9M"])  # no 5M in hand: nothing declined
    after, events = chan.play_events(state, "draw")
    assert after.bans[1].no_discard == frozenset()
    assert not any(isinstance(e, chan.BanAdded) for e in events)


def test_restriction_3_passing_an_own_revealed_chan_also_bans():
    hand = swap(MIXED, "7S", "5M")
    data = position({1: hand}, to_move=1, phase="revealed", gates={1: ["5M"]},
                    live={"gate": 1, "card": "5M", "from": "stock"})
    state = chan.load(data)
    assert chan.legal_moves(state) == ["chan 5M", "pass"]
    after = chan.play(state, "pass")
    assert after.bans[1].no_discard == {"5M"}
    assert chan.to_move(after) == 2 and after.phase == "respond" and after.live.card == "5M"


def test_restriction_4_a_discarded_or_ca_played_face_cannot_be_taken():
    bans = {"no_take": ["5M"]}
    hand = swap(MIXED, "7S", "5M")
    assert chan.legal_moves(responding(hand, "5M", bans=bans)) == ["draw"]
    with pytest.raises(IllegalMove, match="restriction 4"):
        chan.play(responding(hand, "5M", bans=bans), "chan 5M")
    assert chan.legal_moves(responding(MIXED, "5M", bans=bans)) == ["draw"]
    # The banned face may still go into a Cạ from hand, and other faces may be taken.
    no_5s = swap(MIXED, "5S", "5M")
    assert "ca 5S 5M" in chan.legal_moves(responding(no_5s, "5S", bans=bans))
    # Discarding and playing into a Cạ add the face to no_take.
    after = chan.play(responding(MIXED, "5M"), "ca 5M 5S")
    assert after.bans[1].no_take == {"5S"}
    after = chan.play(after, "discard 2C")
    assert after.bans[1].no_take == {"5S", "2C"} and after.discarded[1] == {"2C"}


def test_restriction_4_bars_a_chiu_but_not_a_win():
    hand = "3C 3C 3C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C".split()
    # a win on a stock 3C for seat 2 (waiting on 3C) is still offered with 3C banned.
    data = position({2: hand}, to_move=1, phase="respond", dealer=3,
                    gates={0: ["9M"]}, live={"gate": 0, "card": "9M", "from": "discard"},
                    stock_top=["3C"], bans={2: {"no_take": ["3C"]}})
    state = chan.play(chan.load(data), "draw")
    assert chan.to_move(state) == 2 and state.phase == "claim"
    assert chan.legal_moves(state) == ["u", "decline"]


def test_restriction_5_no_ca_of_a_rank_whose_ca_you_hold():
    holding = swap(MIXED, "7S", "5C")  # 5S and 5C: a Cạ of rank 5
    state = responding(holding, "5M")
    assert chan.legal_moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="already holds a Cạ of rank 5"):
        chan.play(state, "ca 5M 5S")
    # Cards of an identical pair do not count: 5S with 5C 5C is no Cạ.
    paired = swap(swap(MIXED, "7S", "5C"), "4M", "5C")
    assert chan.legal_moves(responding(paired, "5M")) == ["ca 5M 5S", "draw"]


def test_restriction_5_a_waiting_hand_may_not_capture_a_ca_but_may_take_a_chan():
    state = responding(WAIT_7M, "7S")
    assert chan.legal_moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="waits on one card"):
        chan.play(state, "ca 7S 7M")
    assert chan.legal_moves(responding(WAIT_7M, "7M")) == ["chan 7M", "draw"]


def test_restriction_6_two_discarded_suits_of_a_rank_bar_its_ca():
    bans = {"no_ca": [5]}
    assert chan.legal_moves(responding(MIXED, "5M", bans=bans)) == ["draw"]
    with pytest.raises(IllegalMove, match="restriction 6"):
        chan.play(responding(MIXED, "5M", bans=bans), "ca 5M 5S")
    hand = swap(MIXED, "7S", "5M")
    assert "chan 5M" in chan.legal_moves(responding(hand, "5M", bans=bans))
    # The ban comes from discarding a second suit of the rank (not the same suit twice).
    hand = "2M 2M 3S 3S 4C 4C 6M 6S 7C 7C 8M 8C 9S 9C 2C 3C 4M 5S".split()
    state = discarding(hand, ["9M", "9M"], discarded=[[], ["5M"], [], []])
    after, events = chan.play_events(state, "discard 5S")
    assert after.bans[1].no_ca == {5} and chan.BanAdded(1, "no_ca", 5) in events
    after = chan.play(discarding(hand, ["9M", "9M"], discarded=[[], ["5M"], [], []]),
                      "discard 4M")
    assert after.bans[1].no_ca == frozenset()


def test_restriction_7_after_a_ca_no_discard_of_its_rank():
    hand = "2M 2M 3S 3S 4C 4C 6M 6S 7C 7C 8M 8C 9S 9C 2C 3C 4M 5C".split()
    state = discarding(hand, ["5M", "5S"])
    moves = chan.legal_moves(state)
    assert "discard 5C" not in moves and "discard 4M" in moves
    with pytest.raises(IllegalMove, match="restriction 7"):
        chan.play(state, "discard 5C")
    assert "discard 5C" in chan.legal_moves(discarding(hand, ["5M", "5M"]))


def test_restriction_8_a_capture_must_leave_a_legal_discard():
    pairs = "2M 2M 3S 3S 4C 4C 5M 5M 6S 6S 7C 7C 8M 8M 9S 9S 2C 2C 7M".split()
    state = responding(pairs, "7M")  # after `chan 7M` only identical pairs would remain
    assert chan.legal_moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="restriction 8"):
        chan.play(state, "chan 7M")
    # A Cạ whose only leftover discard is banned by restriction 3.
    hand = "2M 2M 3S 3S 4C 4C 5S 6S 6S 7C 7C 8M 8M 9S 9S 2C 2C 3C 4M".split()
    bans = {"no_discard": ["3C", "4M"]}
    state = responding(hand, "5M", bans=bans)
    assert chan.legal_moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="restriction 8"):
        chan.play(state, "ca 5M 5S")
    assert chan.legal_moves(responding(hand, "5M")) == ["ca 5M 5S", "draw"]


# ---------------------------------------------------------------------------------------------
# Turns, reveals and passes


def test_draw_reveals_into_your_own_gate_and_pass_leaves_it_live():
    state = responding(MIXED, "9M", stock_top=["9C"])
    after, events = chan.play_events(state, "draw")
    assert events[:2] == [chan.CardPassed(1, "9M", 0), chan.Revealed(1, "9C")]
    assert after.phase == "revealed" and chan.to_move(after) == 1
    assert after.gates[1] == ("9C",) and after.live == chan.Live(1, "9C", "stock")
    assert len(after.stock) == len(state.stock) - 1
    assert chan.legal_moves(after) == ["chan 9C", "pass"]
    passed = chan.play(after, "pass")
    assert passed.phase == "respond" and chan.to_move(passed) == 2
    assert passed.live == chan.Live(1, "9C", "stock") and passed.holding(1) == 19


def test_no_win_on_an_ordinary_discard():
    state = responding(WAIT_7M, "7M")
    assert "u" not in chan.legal_moves(state)
    with pytest.raises(IllegalMove, match="cannot win on a discard"):
        chan.play(state, "u")
    # The discard that makes the card live offers no win claim either.
    data = position({0: "7M 2C 3C 3M 4S 5M 5S 7C 8C 8S 9M 9C CC CC 2M 3S 4M 6C 7S 9S".split(),
                     1: WAIT_7M}, to_move=0, phase="open", dealer=0)
    after = chan.play(chan.load(data), "discard 7M")
    assert chan.to_move(after) == 1 and after.phase == "respond"
    assert "u" not in chan.legal_moves(after)


def test_win_on_another_seats_reveal_and_on_a_passed_stock_card():
    # Seat 3 reveals 7M; seat 1 (waiting on 7) is offered the win out of turn.
    data = position({1: WAIT_7M}, to_move=3, phase="respond", dealer=2,
                    gates={2: ["9M"]}, live={"gate": 2, "card": "9M", "from": "discard"},
                    stock_top=["7M"])
    state = chan.play(chan.load(data), "draw")
    assert state.phase == "claim" and chan.to_move(state) == 1
    assert chan.legal_moves(state) == ["u", "decline"]
    won, events = chan.play_events(state, "u")
    res = chan.result(won)
    assert res["winner"] == 1 and res["features"] == ["Ù xuông"] and res["score"] == 2
    assert res["settlement"] == [-2, 6, -2, -2] and res["how"] == "stock"
    assert chan.to_move(won) is None and chan.legal_moves(won) == []
    assert isinstance(events[0], chan.Won) and isinstance(events[-1], chan.Settled)
    # Declined: seat 3 decides on its card; if it passes, seat 0 ... then seat 1 later.
    declined = chan.play(state, "decline")
    assert declined.phase == "revealed" and chan.to_move(declined) == 3
    # The next seat may still win on a passed stock card in its respond phase.
    data = position({1: WAIT_7M}, to_move=1, phase="respond", dealer=2,
                    gates={0: ["7S"]}, live={"gate": 0, "card": "7S", "from": "stock"})
    state = chan.load(data)
    assert chan.legal_moves(state)[0] == "u"
    assert chan.result(chan.play(state, "u"))["settlement"] == [-2, 6, -2, -2]


def test_u_chi_win_on_your_own_reveal():
    data = position({1: WAIT_7M}, to_move=1, phase="respond", dealer=2,
                    gates={0: ["9M"]}, live={"gate": 0, "card": "9M", "from": "discard"},
                    stock_top=["7S"])
    state = chan.play(chan.load(data), "draw")
    assert state.phase == "revealed" and chan.legal_moves(state) == ["u", "pass"]
    res = chan.result(chan.play(state, "u"))
    assert res["features"] == ["Ù chì"] and res["score"] == 3 and res["how"] == "own"


def test_revealer_with_a_win_is_asked_first_when_others_may_claim_after_it():
    # Seat 1 reveals 7M: it can win (Ù chì), and seat 3 can win too.
    data = position({1: WAIT_7M, 3: swap(WAIT_7M, "7M", "7C")}, to_move=1, phase="respond",
                    dealer=2, gates={0: ["9M"]},
                    live={"gate": 0, "card": "9M", "from": "discard"}, stock_top=["7M"],
                    leftover="stock")
    state = chan.play(chan.load(data), "draw")
    assert (state.phase, chan.to_move(state), state.claims) == ("claim", 1, (3,))
    assert chan.legal_moves(state) == ["u", "decline"]
    state = chan.play(state, "decline")
    assert (state.phase, chan.to_move(state)) == ("claim", 3)
    state = chan.play(state, "decline")
    assert (state.phase, chan.to_move(state)) == ("revealed", 1)


# ---------------------------------------------------------------------------------------------
# Chíu


CHIU_3C = "3C 3C 3C 3M 5M 5S 7S 7C 8C 8S 9M 9C 3S 5M 7S 7C 2C 9M 4M".split()


def test_chiu_out_of_turn_and_the_replacement_discard_returns_to_the_interrupted_gate():
    dealer_hand = "3C 2S 3S 4M 4C 5S 6S 6C 7S 7C 8C 8S 9M 9C CC CC CC 2M 3M 4S".split()
    data = position({0: dealer_hand, 1: WAIT_7M, 2: CHIU_3C}, to_move=0, phase="open")
    state = chan.play(chan.load(data), "discard 3C")
    assert (state.phase, chan.to_move(state)) == ("claim", 2)
    assert chan.legal_moves(state) == ["chiu 3C", "decline"]
    assert state.resume == chan.Resume(1, "respond")
    state, events = chan.play_events(state, "chiu 3C")
    assert events[0] == chan.ChiuClaimed(2, "3C", 0, True)
    assert state.exposed[2] == (("3C",) * 4,) and state.gates[0] == ()
    assert (state.phase, chan.to_move(state)) == ("discard", 2)
    assert state.holding(2) == 20
    state, events = chan.play_events(state, "discard 2C")
    assert events[0] == chan.Discarded(2, "2C", 0)  # into the interrupted gate
    assert state.gates[0] == ("2C",) and state.live == chan.Live(0, "2C", "discard")
    # The interrupted seat 1 continues as if the replacement had been there.
    assert (state.phase, chan.to_move(state)) == ("respond", 1)
    assert chan.legal_moves(state) == ["chan 2C", "draw"]
    # Play does not jump to the seat after the claimant: after seat 1, seat 2 responds.
    state = chan.play(chan.play(state, "chan 2C"), "discard 2S")
    assert (state.phase, chan.to_move(state)) == ("respond", 2)
    assert "bans" in chan.dump(state)


def test_declined_chiu_goes_on_to_the_ordinary_decision_without_a_ban():
    dealer_hand = "3C 2S 3S 4M 4C 5S 6S 6C 7S 7C 8C 8S 9M 9C CC CC CC 2M 3M 4S".split()
    data = position({0: dealer_hand, 1: WAIT_7M, 2: CHIU_3C}, to_move=0, phase="open")
    state = chan.play(chan.load(data), "discard 3C")
    state, events = chan.play_events(state, "decline")
    assert events[0] == chan.Declined(2, "3C")
    assert (state.phase, chan.to_move(state)) == ("respond", 1)
    assert state.bans[2] == chan.Bans()


def test_chiu_on_a_revealed_card_sends_the_revealer_back_to_its_revealed_decision():
    data = position({3: CHIU_3C}, to_move=1, phase="respond", dealer=2,
                    gates={0: ["9M"]}, live={"gate": 0, "card": "9M", "from": "discard"},
                    stock_top=["3C"])
    state = chan.play(chan.load(data), "draw")
    assert (state.phase, chan.to_move(state)) == ("claim", 3)
    state = chan.play(chan.play(state, "chiu 3C"), "discard 2C")
    assert state.gates[1] == ("2C",) and state.live == chan.Live(1, "2C", "discard")
    assert (state.phase, chan.to_move(state)) == ("revealed", 1)
    moves = chan.legal_moves(state)
    assert moves[-1] == "pass" and "draw" not in moves and "u" not in moves


def test_chiu_in_turn_works_like_a_capture():
    state = responding(CHIU_3C, "3C")
    assert chan.legal_moves(state)[:2] == ["chiu 3C", "chan 3C"]
    state = chan.play(state, "chiu 3C")
    assert state.resume is None
    state, events = chan.play_events(state, "discard 2C")
    assert events[0] == chan.Discarded(1, "2C", 1)
    assert (state.phase, chan.to_move(state)) == ("respond", 2)


def test_chiu_u_wins_right_after_the_chiu():
    hand = "3C 3C 3C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C".split()
    state = responding(hand, "3C")
    state = chan.play(state, "chiu 3C")
    assert chan.legal_moves(state)[0] == "u"
    res = chan.result(chan.play(state, "u"))
    assert res["features"] == ["Chíu ù"] and res["score"] == 5 and res["how"] == "chiu"
    # A chíu that wins is offered even when no discard would be left after it.
    hand = "3C 3C 3C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 2C 2C 7M 7M".split()
    state = responding(hand, "3C")
    assert "chiu 3C" in chan.legal_moves(state)
    assert chan.legal_moves(chan.play(state, "chiu 3C")) == ["u"]


def test_priority_a_win_before_a_chiu_on_the_same_card():
    # Seat 2 reveals 3C; seat 3 can chíu it, seat 1 can win on it (seat order 2, 3, 0, 1).
    waiting_3 = swap(WAIT_7M, "7M", "3M")  # wins on 3C as a Cạ
    data = position({1: waiting_3, 3: CHIU_3C}, to_move=2, phase="respond", dealer=0,
                    gates={1: ["9M"]}, live={"gate": 1, "card": "9M", "from": "discard"},
                    stock_top=["3C"])
    state = chan.play(chan.load(data), "draw")
    assert (state.phase, chan.to_move(state), state.claims) == ("claim", 1, (3,))
    assert chan.legal_moves(state) == ["u", "decline"]
    state = chan.play(state, "decline")
    assert (state.phase, chan.to_move(state)) == ("claim", 3)
    assert chan.legal_moves(state) == ["chiu 3C", "decline"]
    state = chan.play(state, "decline")
    assert (state.phase, chan.to_move(state)) == ("revealed", 2)


def test_a_seat_with_both_a_win_and_a_chiu_gets_one_decision():
    hand = "3C 3C 3C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C".split()
    data = position({3: hand}, to_move=1, phase="respond", dealer=0,
                    gates={0: ["9M"]}, live={"gate": 0, "card": "9M", "from": "discard"},
                    stock_top=["3C"])
    state = chan.play(chan.load(data), "draw")
    assert chan.to_move(state) == 3 and chan.legal_moves(state) == ["u", "chiu 3C", "decline"]
    assert chan.result(chan.play(state, "u"))["features"] == ["Ù xuông"]
    assert chan.result(chan.play(chan.play(state, "chiu 3C"), "u"))["features"] == ["Chíu ù"]


# ---------------------------------------------------------------------------------------------
# Thiên ù, dead hand, exhaustion, Chi Chi


def test_thien_u_the_dealers_dealt_hand_wins():
    state = opening(WAIT_7M + ["7M"])
    assert chan.legal_moves(state)[0] == "u"
    assert chan.describe(state, "u") == "You declared Ù with the dealt hand: Thiên ù — Thiên ù 3"
    won, events = chan.play_events(state, "u")
    res = chan.result(won)
    assert res["features"] == ["Thiên ù"] and res["score"] == 3 and res["how"] == "heaven"
    assert res["settlement"] == [9, -3, -3, -3]
    assert events[0] == chan.Won(0, None, "heaven", 3, ("Thiên ù",), "Thiên ù 3",
                                 tuple(tuple(p) for p in res["pairs"]))
    # A dealer whose 20 cards do not win is not offered u.
    assert "u" not in chan.legal_moves(opening(MIXED + ["9M"]))


def test_dead_hand_only_draws_and_passes():
    # The dealer's only odd faces are barred by restriction 3, and the hand does not win.
    hand = "2M 2M 3S 3S 4C 4C 5M 5M 6S 6S 7C 7C 8M 8M 9S 9S 2C 2C 7M 5S".split()
    data = position({0: hand}, to_move=0, phase="open", dealer=0,
                    bans={0: {"no_discard": ["7M", "5S"]}}, stock_top=["9M", "9C"])
    state = chan.load(data)
    assert state.dead == (True, False, False, False)
    assert chan.dump(state)["dead"] == [True, False, False, False]
    assert chan.legal_moves(state) == ["draw"]
    state = chan.play(state, "draw")
    assert (state.phase, chan.legal_moves(state)) == ("revealed", ["pass"])
    state = chan.play(state, "pass")
    assert chan.to_move(state) == 1
    # Later, responding to a card it could take, it still only draws.
    data = position({1: hand}, to_move=1, phase="respond", dealer=1, dead=[False, True] + [False] * 2,
                    gates={0: ["7M"]}, live={"gate": 0, "card": "7M", "from": "stock"})
    state = chan.load(data)
    assert chan.legal_moves(state) == ["draw"]


def test_draw_with_an_empty_stock_ends_the_deal_as_a_draw():
    data = position({1: MIXED}, to_move=1, phase="respond", gates={0: ["9M"]},
                    live={"gate": 0, "card": "9M", "from": "discard"}, leftover=0)
    state = chan.load(data)
    assert state.stock == ()
    over, events = chan.play_events(state, "draw")
    assert chan.StockExhausted(1) in events
    assert chan.result(over) == {"winner": None, "score": 0, "features": [],
                                 "settlement": [0, 0, 0, 0], "how": None, "card": None,
                                 "arithmetic": "", "pairs": []}
    assert chan.to_move(over) is None and chan.dump(over)["phase"] == "over"
    # It may still capture instead.
    assert chan.legal_moves(responding(MIXED, "5M", leftover=0)) == ["ca 5M 5S", "draw"]


def test_chi_chi_winning_card_needs_exactly_six_chan_and_four_ca():
    five_four = "CC 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 9S 9C".split()
    win = best_win(five_four, (), "CC", how="stock")
    assert win is not None and (win.chan, win.ca) == (6, 4)
    assert win.features == ("Bạch thủ",)
    six_three = "CC 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9C 2S 2C 4M 4C 6S 6S".split()
    assert best_win(six_three, (), "CC", how="stock") is None
    # The same shape wins on any other card that completes it.
    assert best_win(swap(six_three, "CC", "7M"), (), "7M", how="stock") is not None
    data = position({1: six_three}, to_move=1, phase="respond", gates={0: ["CC"]},
                    live={"gate": 0, "card": "CC", "from": "stock"})
    assert "u" not in chan.legal_moves(chan.load(data))


# ---------------------------------------------------------------------------------------------
# Scoring


def win_of(hand: str, card: str, how: str = "stock", exposed=(), initial=None):
    win = best_win(hand.split(), exposed, card, how=how, initial=initial)
    assert win is not None, hand
    return win


PLAIN = "2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 2S 2C 4M 4C 6S 6C 7M"


@pytest.mark.parametrize(("hand", "card", "how", "features", "points"), [
    (PLAIN, "7M", "stock", (), 2),
    (PLAIN, "7S", "stock", (), 2),
    (PLAIN, "7M", "own", ("Ù chì",), 3),
    ("2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 3M 3S 7C 7S 4M 4C 2S", "2S", "stock", ("Tôm",), 4),
    ("3M 3M 3S 3S 7C 7C 2M 2M 4S 4S 5C 5C 6M 6S 8M 8C 9S 9C 2S", "2S", "stock",
     ("Tôm", "Tôm"), 5),
    ("2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 9S 9C 7M", "7M", "stock",
     ("Bạch thủ",), 4),
    ("2M 2M 4S 4S 5C 5C 6M 6M 7C 7C CC CC 9M 9C 8S 8C 2S 2C 4C", "4C", "stock", ("Lèo",), 5),
    ("2M 2M 4S 4S 5C 5C 6M 6M 8C 8C 9C 9C 2S 2C 4M 4C 6S 6C 7M", "7M", "stock",
     ("Bạch định",), 7),
    ("8M 8M 9M 9M 8S 8S 9S 9S 2M 2M 4S 4S 2S 2C 4M 4C 6S 6C 7M", "7M", "stock",
     ("Tám đỏ",), 8),
    ("CC CC CC CC 2M 2M 4S 4S 5C 5C 6M 6M 2S 2C 4M 4C 6S 6C 7M", "7M", "stock",
     ("Kính tứ chi",), 12),
    ("2M 2M 3C 3C 4S 4S 5C 5C 6M 6M 7S 7S 8M 8M 9S 9S 2C 2C 4M", "4M", "stock",
     ("Thập thành",), 12),
    # The spec's example: Ù chì and one Tôm = Tôm's base 4 + Ù chì's dịch 1.
    ("2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 3M 3S 7C 7S 4M 4C 2S", "2S", "own",
     ("Ù chì", "Tôm"), 5),
    # Thập thành sums the bases: 3 + 4 + 4 + 12 (not 12 + 1 + 1 + 1).
    ("3M 3M 3S 3S 7C 7C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9C 9C 2C", "2C", "own",
     ("Ù chì", "Tôm", "Tôm", "Thập thành"), 23),
    # Highest base plus dịch: Tám đỏ 8 + Tôm dịch 1 + Bạch thủ dịch 1 (2M 2M is a Chắn).
    ("8M 8M 9M 9M 8S 8S 9S 9S 3M 3S 7C 7S 4M 4C 3C 3C 6S 6C 2M", "2M", "stock",
     ("Tôm", "Bạch thủ", "Tám đỏ"), 10),
    # The winning 3C makes the Chắn 3C 3C, but 3M 3S is a Cạ of its rank: no Bạch thủ.
    ("8M 8M 9M 9M 8S 8S 9S 9S 3M 3S 7C 7S 4M 4C 2M 2M 6S 6C 3C", "3C", "stock",
     ("Tôm", "Tám đỏ"), 9),
    # Lèo and Bạch thủ: Lèo 5 + Bạch thủ dịch 1.
    ("CC 2M 2M 4S 4S 5C 5C 6M 6M 7C 7C 9M 9C 8S 8C 2S 2C 4M 4C", "CC", "stock",
     ("Bạch thủ", "Lèo"), 6),
])
def test_feature_scores(hand, card, how, features, points):
    win = win_of(hand, card, how)
    assert win.features == features
    assert win.score == points == score(list(features))[0]


def test_bach_thu_needs_the_winning_card_in_a_chan():
    # 6 Chắn and 4 Cạ, but the winning 7S forms a Cạ: plain.
    win = win_of("2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 2S 2C 4M 4C 6S 6C 7M", "7S")
    assert (win.chan, win.ca, win.features) == (6, 4, ())
    # Never with Thiên ù (no winning card).
    win = best_win("2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 9S 9C 7M 7M".split(),
                   (), None, how="heaven")
    assert (win.chan, win.ca, win.features) == (6, 4, ("Thiên ù",))


def test_thien_khai_bon_and_chiu_u_from_the_dealt_hand():
    hand = "2M 2M 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 7M".split()
    win = best_win(hand, (), "7M", how="stock", initial=hand)
    assert win.features == ("Thiên khai",) and win.score == 5
    # Bòn: a pair dealt (5C 5C) became four identical (one pair exposed by a Chắn).
    concealed = "5C 5C 2M 2M 4S 4S 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 7M".split()
    dealt = "5C 5C 2M 2M 4S 4S 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 7M 9C 3C".split()
    win = best_win(concealed, [("5C", "5C")], "7M", how="stock", initial=dealt)
    assert win.features == ("Bòn",) and win.score == 5
    # Several features of a kind count once each: Thiên khai twice = 5 + 2.
    hand = "2M 2M 2M 2M 4S 4S 4S 4S 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C 7M".split()
    win = best_win(hand, (), "7M", how="stock", initial=hand)
    assert win.features == ("Thiên khai", "Thiên khai") and win.score == 7


def test_tom_and_leo_sets_do_not_reuse_cards():
    # Two 3M and two 3S but one 7C: a single Tôm.
    win = win_of("3M 3M 3S 3S 7C 7S 2M 2M 4S 4S 5C 5C 6M 6S 8M 8C 9S 9C 2S", "2S")
    assert win.features.count("Tôm") == 1


def test_score_arithmetic_and_settlement():
    assert score([]) == (2, "Ù xuông 2")
    assert score(["Ù chì", "Tôm"]) == (5, "Tôm 4 + Ù chì dịch 1 = 5")
    assert score(["Thập thành", "Ù chì"]) == (15, "Thập thành 12 + Ù chì 3 = 15")
    assert score(["Tám đỏ", "Lèo", "Bạch thủ"])[0] == 8 + 2 + 1
    assert settlement(1, 5) == [-5, 15, -5, -5]
    assert settlement(None, 0) == [0, 0, 0, 0]
    with pytest.raises(ValueError):
        score(["Nothing"])


# ---------------------------------------------------------------------------------------------
# The hand analyser


def test_analyser_finds_the_partition_when_a_ca_choice_matters():
    # 7M 7S 7S 7C 7C 7C: pairing 7M with 7S (the first Cạ at hand) strands a 7S; the only
    # valid partition is 7S 7S, 7C 7C and the Cạ 7M 7C.
    found = arrangements("7M 7S 7S 7C 7C 7C".split())
    assert [sorted(a) for a in found] == [sorted([("7S", "7S"), ("7C", "7C"), ("7M", "7C")])]
    # 5M 5S 5C 5C: the Cạ must be 5M 5S, never 5M 5C + 5S 5C (that splits the 5C pair).
    assert [sorted(a) for a in arrangements("5M 5S 5C 5C".split())] == \
        [sorted([("5C", "5C"), ("5M", "5S")])]
    assert arrangements("5M 5S 5C".split()) == [] and arrangements(["CC", "2M"]) == []
    # A 20-card win that needs that choice.
    hand = "7M 7S 7S 7C 7C 7C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8C 9S 9C 2S".split()
    win = best_win(hand, (), "2S", how="stock")
    assert win is not None and (win.chan, win.ca) == (7, 3)


def test_an_identical_pair_is_never_split_to_make_two_ca():
    # Seven Chắn and three Cạ cannot be rearranged into 6 + 4 to make a Bạch thủ.
    hand = "5M 5M 5S 5C 2M 2M 4S 4S 6M 6M 8M 8M 9S 9S 2S 2C 4M 4C 7M".split()
    win = best_win(hand, (), "7M", how="stock")
    assert (win.chan, win.ca, win.features) == (7, 3, ())


def test_analyser_counts_exposed_groups_as_they_are():
    exposed = [("5M", "5S"), ("3C", "3C", "3C", "3C")]
    concealed = "2M 2M 4S 4S 6M 6M 8M 8M 2S 2C 4M 4C 7M".split()
    win = best_win(concealed, exposed, "7M", how="stock")
    assert (win.chan, win.ca) == (7, 3)
    assert win.pairs[:2] == (("5M", "5S"), ("3C",) * 4)
    assert best_win(concealed, exposed, "7C", how="stock").ca == 4
    # Five Cạ exposed: never a win (five Chắn at most).
    five = [("5M", "5S"), ("2S", "2C"), ("4M", "4C"), ("6S", "6C"), ("9S", "9C")]
    assert best_win("2M 2M 4S 4S 6M 6M 8M 8M 7M".split(), five, "7M", how="stock") is None


# ---------------------------------------------------------------------------------------------
# Moves: illegal moves and descriptions


def test_every_illegal_move_reason():
    state = responding(MIXED, "5M")
    cases = {
        "": "empty move",
        "jump 5M": "unknown move",
        "discard 1M": "unknown card",
        "discard": "takes 1 card",
        "ca 5M": "takes 2 cards",
        "draw 5M": "takes no card",
        "discard 2C": "you must|only after a capture",
        "pass": "draw",
        "decline": "no claim",
        "u": "cannot win on a discard",
        "chan 5M": "hold no 5M",
        "chan 7S": "the live card is 5M",
        "ca 5M 7S": "do not form a Cạ",
        "ca 5M 5C": "do not hold 5C",
        "chiu 5M": "three 5M",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalMove, match=reason):
            chan.play(state, move)
    with pytest.raises(IllegalMove, match="must be text"):
        chan.play(state, 42)
    with pytest.raises(IllegalMove, match="Chi Chi forms no Cạ"):
        chan.play(responding(swap(MIXED, "7S", "CC"), "5M"), "ca 5M CC")
    revealed = chan.play(responding(MIXED, "9M", stock_top=["9C"]), "draw")
    with pytest.raises(IllegalMove, match="already revealed"):
        chan.play(revealed, "draw")
    with pytest.raises(IllegalMove, match="does not complete"):
        chan.play(revealed, "u")
    discard = chan.play(state, "ca 5M 5S")
    with pytest.raises(IllegalMove, match="must discard"):
        chan.play(discard, "draw")
    with pytest.raises(IllegalMove, match="do not hold 9M"):
        chan.play(discard, "discard 9M")
    with pytest.raises(IllegalMove, match="only declare u right after a chíu"):
        chan.play(discard, "u")
    with pytest.raises(IllegalMove, match="does not win"):
        chan.play(opening(MIXED + ["9M"]), "u")
    dealer_hand = "3C 2S 3S 4M 4C 5S 6S 6C 7S 7C 8C 8S 9M 9C CC CC CC 2M 3M 4S".split()
    claim = chan.play(chan.load(position({0: dealer_hand, 2: CHIU_3C}, to_move=0,
                                         phase="open")), "discard 3C")
    with pytest.raises(IllegalMove, match="offered a claim"):
        chan.play(claim, "draw")
    with pytest.raises(IllegalMove, match="offered a claim"):
        chan.play(claim, "chan 3C")
    over = chan.play(chan.load(position({1: WAIT_7M}, to_move=1, phase="respond",
                                        gates={0: ["7S"]},
                                        live={"gate": 0, "card": "7S", "from": "stock"})), "u")
    with pytest.raises(IllegalMove, match="over"):
        chan.play(over, "draw")


def test_illegal_reasons_for_a_dead_hand_and_a_chiu():
    hand = "2M 2M 3S 3S 4C 4C 5M 5M 6S 6S 7C 7C 8M 8M 9S 9S 2C 2C 7M 5S".split()
    dead = chan.load(position({0: hand}, to_move=0, phase="open", dealer=0,
                              bans={0: {"no_discard": ["7M", "5S"]}}))
    with pytest.raises(IllegalMove, match="dead hand may only draw"):
        chan.play(dead, "discard 7M")
    # Restriction 4 bars a chíu; restriction 8 bars a chíu that leaves no discard and no win.
    state = responding(CHIU_3C, "3C", bans={"no_take": ["3C"]})
    assert chan.legal_moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="restriction 4"):
        chan.play(state, "chiu 3C")
    hand = "3C 3C 3C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 2C 2C 7M 5S".split()
    state = responding(hand, "3C", bans={"no_discard": ["7M", "5S"]})
    assert "chiu 3C" not in chan.legal_moves(state)
    with pytest.raises(IllegalMove, match="restriction 8"):
        chan.play(state, "chiu 3C")
    assert "chiu 3C" in chan.legal_moves(responding(hand, "3C"))


def test_moves_are_case_insensitive_and_ca_cards_in_either_order():
    state = responding(MIXED, "5M")
    assert chan.dump(chan.play(state, "  CA 5s 5m ")) == chan.dump(chan.play(state, "ca 5M 5S"))


def test_describe_speaks_plainly():
    state = responding(MIXED, "5M", stock_top=["9C"])
    assert chan.describe(state, "ca 5M 5S") == \
        "AI 1 took Ngũ Vạn from your gate with Ngũ Sách as a Cạ"
    assert chan.describe(state, "draw", names=["Ann", "Bo", "Cy", "Di"]) == \
        "Bo passed Ngũ Vạn and revealed Cửu Văn"
    with pytest.raises(IllegalMove):
        chan.describe(state, "chan 5M")


def test_play_leaves_its_input_unchanged():
    state = chan.new_game(seed=4)
    before = chan.dump(state)
    for _ in range(30):
        if chan.to_move(state) is None:
            break
        move = chan.legal_moves(state)[-1]
        snapshot = chan.dump(state)
        new = chan.play(state, move)
        assert chan.dump(state) == snapshot
        state = new
    assert chan.dump(chan.new_game(seed=4)) == before


# ---------------------------------------------------------------------------------------------
# Load, dump and view


def test_load_accepts_the_spec_defaults_and_ignores_unknown_fields():
    data = position({1: MIXED}, to_move=1, phase="respond", gates={0: ["5M"]},
                    live={"gate": 0, "card": "5M", "from": "discard"}, comment="hi")
    state = chan.load(data)
    assert state.initial == state.hands and state.bans == (chan.Bans(),) * 4
    assert state.seed == 0 and state.dead == (False,) * 4
    again = chan.load(chan.dump(state))
    assert chan.dump(again) == chan.dump(state)


def test_load_rejects_inconsistent_positions():
    good = position({1: MIXED}, to_move=1, phase="respond", gates={0: ["5M"]},
                    live={"gate": 0, "card": "5M", "from": "discard"})
    chan.load(good)

    def broken(**changes):
        data = {**good, **changes}
        with pytest.raises(ValueError) as info:
            chan.load(data)
        return str(info.value)

    with pytest.raises(ValueError, match="JSON object"):
        chan.load(["not", "a", "position"])
    assert "found 3" in broken(stock=good["stock"][1:])
    assert "found 5" in broken(stock=good["stock"] + [good["stock"][0]])
    assert "unknown card" in broken(stock=["1M"] + good["stock"][1:])
    assert "unknown card" in broken(hands=[good["hands"][0], MIXED[:-1] + ["Ông Lão"],
                                           *good["hands"][2:]])
    assert "holds 18" in broken(hands=[good["hands"][0], MIXED[:-1], *good["hands"][2:]],
                                stock=good["stock"] + [MIXED[-1]])
    assert "previous seat's gate" in broken(to_move=2)
    assert "phase must be" in broken(phase="bidding")
    assert "needs a live card" in broken(live=None)
    assert "top card of gate" in broken(live={"gate": 0, "card": "7M", "from": "discard"})
    assert "dealer" in broken(dealer=7)
    assert "to_move" in broken(to_move=None)
    assert "hands must be" in broken(hands=None)
    with pytest.raises(ValueError, match="missing required field 'hands'"):
        chan.load({k: v for k, v in good.items() if k != "hands"})
    assert "a 'zertz' position" in broken(game="zertz")
    assert "no win or chíu" in broken(phase="claim")
    assert "exposed group" in broken(exposed=[[["5M", "7S"]], [], [], []])
    assert "only the dealer" in broken(dead=[False, True, False, False])
    assert "no_ca" in broken(bans=[{}, {"no_ca": ["X"]}, {}, {}])
    assert "resume" in broken(phase="claim", resume={"seat": 9, "phase": "respond"})
    assert "to_move null" in broken(phase="over")
    assert "empty stock" in broken(phase="over", to_move=None)
    # A discard phase without a legal discard has no decision.
    pairs = "2M 2M 3S 3S 4C 4C 5M 5M 6S 6S 7C 7C 8M 8M 9S 9S 2C 2C".split()
    with pytest.raises(ValueError, match="no legal discard"):
        chan.load(position({1: pairs}, to_move=1, phase="discard", exposed={1: [["9M", "9M"]]}))


def test_load_never_crashes_on_junk():
    good = position({1: MIXED}, to_move=1, phase="respond", gates={0: ["5M"]},
                    live={"gate": 0, "card": "5M", "from": "discard"})
    junk_values = [None, 0, -1, "x", [], {}, [[]], [None] * 4, {"a": 1}, True, 3.5]
    for key in list(good) + ["resume", "discarded", "initial", "bans", "claims", "win"]:
        for junk in junk_values:
            data = {**good, key: junk}
            try:
                chan.load(data)
            except ValueError:
                pass


def test_finished_positions_dump_and_load():
    data = position({1: WAIT_7M}, to_move=1, phase="respond", gates={0: ["7S"]},
                    live={"gate": 0, "card": "7S", "from": "stock"})
    over = chan.play(chan.load(data), "u")
    dumped = chan.dump(over)
    assert dumped["phase"] == "over" and dumped["to_move"] is None
    assert dumped["result"] == chan.result(over)
    again = chan.load(dumped)
    assert chan.result(again) == chan.result(over) and chan.to_move(again) is None
    # Without the `win` field the given result is kept.
    del dumped["win"]
    assert chan.result(chan.load(dumped))["settlement"] == [-2, 6, -2, -2]


def test_view_hides_other_hands_the_stock_and_private_bans():
    state = chan.new_game(seed=11, dealer=0)
    state = chan.play(state, chan.legal_moves(state)[-1])
    v = chan.view(state, 2)
    assert v["hands"][2] == list(state.hands[2])
    assert [v["hands"][s] for s in (0, 1, 3)] == [len(state.hands[s]) for s in (0, 1, 3)]
    assert v["hand_counts"] == [len(h) for h in state.hands]
    assert v["stock"] == len(state.stock) == v["stock_count"]
    assert v["initial"][2] == list(state.initial[2]) and v["initial"][0] is None
    assert "seed" not in v and v["claims"] is None and v["seat"] == 2
    assert v["bans"][0]["no_discard"] is None and v["bans"][2]["no_discard"] == []
    assert v["gates"] == chan.dump(state)["gates"]
    hidden = repr(v)
    for s in (0, 1, 3):
        assert repr(list(state.hands[s])) not in hidden
    with pytest.raises(ValueError):
        chan.view(state, 4)


def test_events_name_what_happened_in_order():
    state = chan.new_game(seed=2, dealer=1)
    events = chan.deal_events(state)
    assert events[0] == chan.Dealt(1, (19, 20, 19, 19), 23)
    assert events[-1] == chan.TurnChanged(1, "open")
    move = chan.legal_moves(state)[-1]
    new, events = chan.play_events(state, move)
    assert isinstance(events[0], chan.Discarded) and events[0].seat == 1
    assert events[-1] == chan.TurnChanged(chan.to_move(new), new.phase)
    assert re.search("discarded", chan.describe(state, move))


def test_restriction_3_a_declined_face_is_never_in_a_winning_hands_ca():
    """Restriction 3: a face declined as Chắn may not be "used in a Cạ", nor then in the Cạ
    of a winning hand's arrangement (a play-tester won with 9M in a Cạ after declining the
    9M Chắn, pt123). In a Chắn it may stand."""
    def revealed(banned):
        return chan.load(position({0: WAIT_7M}, to_move=0, phase="revealed", gates={0: ["7C"]},
                                  live={"gate": 0, "card": "7C", "from": "stock"},
                                  bans={0: {"no_discard": banned}}))

    assert "u" in chan.legal_moves(revealed([]))  # 7C with 7M: a Cạ of 7
    assert "u" not in chan.legal_moves(revealed(["7M"]))  # declined: 7M may join no Cạ
    assert "u" not in chan.legal_moves(revealed(["2S"]))  # 2S stands in the Cạ 2S 2C
    assert "u" in chan.legal_moves(revealed(["4S"]))  # 4S 4S is a Chắn: allowed
    with pytest.raises(ValueError):
        chan.play(revealed(["7M"]), "u")
