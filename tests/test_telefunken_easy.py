"""Telefunken's easy AI: a beginner who knows the rules, and makes no absurd move."""

from __future__ import annotations

import random

from game.ai import telefunken as ai
from game.rules import telefunken as t
from tests.test_telefunken_rules import OTHERS, load, melded_position


def easy(state: t.State, seed: int = 0) -> str:
    seat = t.to_move(state)
    return ai.choose(t.view(state, seat), t.legal_moves(state), "easy", random.Random(seed))


def offered(hand: str, discard: str, chips: int = 7, deal: int = 2) -> t.State:
    """Seat 1 discards ``discard``; the offer goes round to seat 0, who holds ``hand``."""
    s = t.play(load([hand, f"{discard} 3C 6D JD 10H QC", "2S 3S 6S JC 10D KS",
                     "3H 4S 6H 8D JH 10S"], deal=deal, to_move=1, chips=[chips] + [0] * 3),
               f"discard {discard}")
    assert t.to_move(s) == 0 and s.phase == "buy"
    return s


def test_easy_melds_the_contract_it_holds_at_once():
    s = load(["7H 7D 7C 9S 9C JK 4D 2H", *OTHERS], deal=2)
    assert all(easy(s, seed).startswith("meld ") for seed in range(10))
    s1 = load(["7H 7D 7C KS 4D 2H", *OTHERS], deal=1)
    assert easy(s1) == "meld 7H 7D 7C"


def test_easy_buys_or_takes_a_card_that_completes_its_contract():
    assert easy(offered("7H 7D 7C 9S 9C 4D 2H", "9H", chips=1)) == "buy"
    # one card short after buying: it buys while it has chips to spare, keeping three
    assert easy(offered("7H 7D 9S 9C 4D 2H", "9H", chips=ai.EASY_KEEP + 1)) == "buy"
    assert easy(offered("7H 7D 9S 9C 4D 2H", "9H", chips=ai.EASY_KEEP)) == "pass"
    # a card that brings nothing: no buy
    assert easy(offered("7H 7D 7C 9S 9C 4D 2H", "QH")) == "pass"
    # the free upcard on the first turn
    first = load(["7H 7D 7C 9S 9C 4D 2H KS QH JS QC", *OTHERS], deal=2, discard=("9H",),
                 phase="draw", first_turn=True)
    assert "take" in t.legal_moves(first) and easy(first) == "take"
    useless = load(["7H 7D 7C 9S 9C 4D 2H KS QH JS QC", *OTHERS], deal=2, discard=("5H",),
                   phase="draw", first_turn=True)
    assert easy(useless) == "draw"


def test_easy_lays_off_a_single_card_but_misses_a_joker_swap():
    s = melded_position("QC 4C 2S 3H")
    assert all(easy(s, seed) in ("add QC to 0", "add 4C to 1") for seed in range(10))
    # 5D could replace the joker of JK 6D 7D (a swap): easy does not see it
    swap = melded_position("5D 10D 2S 3H", melds=[(1, "JK 6D 7D")])
    assert any(m.startswith("swap ") for m in t.legal_moves(swap))
    assert all(easy(swap, seed).startswith("discard ") for seed in range(10))


def _easy_deals(seed: int, deals: int) -> list[tuple[t.State, str]]:
    """Every (position, move) of four easy seats in the first ``deals`` deals of a game."""
    state = t.new_game(4, seed=seed)
    rngs = [random.Random(seed * 7 + s) for s in range(4)]
    moves = []
    while state.deal <= deals and t.to_move(state) is not None:
        seat = t.to_move(state)
        move = ai.choose(t.view(state, seat), t.legal_moves(state), "easy", rngs[seat])
        moves.append((state, move))
        state = t.play(state, move)
    return moves


def test_easy_makes_no_absurd_move_in_a_seeded_sample():
    melds = buys = 0
    for seed in (1, 2):
        for state, move in _easy_deals(seed, 3):
            seat = t.to_move(state)
            legal = t.legal_moves(state)
            assert move in legal
            if state.phase == "play" and not state.melded[seat]:
                # never sits on a contract it holds
                assert not any(m.startswith("meld ") for m in legal) or move.startswith("meld ")
            if move.startswith("discard "):
                # never throws away a card it could lay off
                assert not any(m.startswith(f"add {move.split()[1]} to") for m in legal)
            if state.phase == "buy":
                view = t.view(state, seat)
                before, after = ai.buy_progress(view, list(view["hands"][seat]))
                if after[0] == 0 < before[0]:
                    assert move == "buy"    # never passes a card that completes its contract
            melds += move.startswith("meld ")
            buys += move == "buy"
    assert melds >= 6 and buys >= 3


def test_easy_is_deterministic_for_a_view_legal_list_and_seed():
    for i, (state, _) in enumerate(_easy_deals(3, 1)[::7]):
        seat = t.to_move(state)
        view, legal = t.view(state, seat), t.legal_moves(state)
        assert ai.choose(view, legal, "easy", random.Random(i)) == \
            ai.choose(view, legal, "easy", random.Random(i))
