"""Telefunken ``hard``: which decisions it searches, what a rollout is worth, its verdicts,
and its budget counted in rollouts and plies."""

from __future__ import annotations

import random

import pytest

from game.ai import determinize
from game.ai import telefunken as ai
from game.ai import telefunken_search as search
from game.rules import telefunken as t
from tests.test_telefunken_rules import OTHERS, load, melded_position


def buy_offer() -> t.State:
    """Deal 2 (two trios): seat 1 discarded 9H and seat 0, holding 7H 7D 9S 9C, is offered it."""
    s = t.play(load(["7H 7D 9S 9C 4D 2H", "9H 3C 6D JD 10H QC", "2S 3S 6S JC 10D KS",
                     "3H 4S 6H 8D JH 10S"], deal=2, to_move=1), "discard 9H")
    while t.to_move(s) != 0:
        s = t.play(s, "pass")
    assert s.phase == "buy"
    return s


def test_a_rollout_that_goes_out_is_worth_the_other_seats_penalties():
    state = melded_position("QC")
    penalties = [t.hand_penalty(h.split()) for h in OTHERS]
    value = search.rollout(state, "add QC to 0", 0, random.Random(0))
    assert value == sum(penalties) / 3
    assert search.rollout(state, "discard 9C", 0, random.Random(0)) is None   # not held


def test_a_rollout_cut_short_scores_the_hands_and_charges_the_chips_spent(monkeypatch):
    monkeypatch.setattr(search, "PLY_CAP", 0)
    s = buy_offer()
    hands = {"buy": None, "pass": None}
    for move in hands:
        after = t.play(s, move)
        pens = [t.hand_penalty(h) for h in after.hands]
        spent = s.chips[0] - after.chips[0]
        hands[move] = sum(pens[1:]) / 3 - pens[0] - search.CHIP * spent
        assert search.rollout(s, move, 0, random.Random(0)) == hands[move]
    assert t.play(s, "buy").chips[0] == s.chips[0] - 1


def test_the_searched_decisions_buys_the_upcard_and_close_discards():
    s = buy_offer()
    view, legal = t.view(s, 0), t.legal_moves(s)
    assert search.candidates(view, legal, random.Random(0)) == ["buy", "pass"]
    # a position whose discards score alike: several candidates, normal's choice first
    state = melded_position("5D 9D 2S 3H")
    view, legal = t.view(state, 0), t.legal_moves(state)
    ranked = search.candidates(view, legal, random.Random(0))
    assert ranked[0] == ai.heuristic(view, legal, "normal", random.Random(0))
    assert 1 <= len(ranked) <= search.MAX_CANDIDATES
    assert all(m in legal for m in ranked)


def test_going_out_in_deal_7_and_forced_moves_are_not_searched(monkeypatch):
    calls = []
    monkeypatch.setattr(search, "rollout", lambda *a: calls.append(a) or 0.0)
    s = load(["3S 4S 5S 6S 7S 8S 9S 10H 10D 10C KH KD KC", *OTHERS], deal=7)
    view, legal = t.view(s, 0), t.legal_moves(s)
    assert len(search.candidates(view, legal, random.Random(0))) == 1
    assert ai.choose(view, legal, "hard", random.Random(0)).startswith("meld ")
    assert calls == []


def deal7_buy_offer(hand: str) -> t.State:
    """Deal 7 (a trio and a run of seven going out at once): seat 1 discarded 8S and seat 0,
    holding ``hand`` (11 cards, a spade run lacking 8S among others), is offered it."""
    s = t.play(load([hand, "8S 3C 6D JD 10H QC 2D 4C 9D QS AH",
                     "2S 3S 6S JC 10D KS AD 4H 7H 8H 9H",
                     "3H 4S 6H 8D JH 10S 2H 5C 7C 9C QH"], deal=7, to_move=1), "discard 8S")
    while t.to_move(s) != 0:
        s = t.play(s, "pass")
    assert s.phase == "buy"
    return s


def test_deal_7_is_searched_near_going_out_within_its_own_budget(monkeypatch):
    """Two cards from going out (the kings, a spade run lacking 8S and 10S or 2S), 8S
    offered: normal passes (it buys in deal 7 only what completes its going-out meld), the
    search weighs the buy too, with ``ROLLOUTS7`` rollouts of at most ``PLY_CAP7`` moves."""
    s = deal7_buy_offer("3S 4S 5S 6S 7S 9S KH KD KC 5D JH")
    view, legal = t.view(s, 0), t.legal_moves(s)
    assert ai.go_out_need(list(view["hands"][0])) == 2 <= search.NEAR7
    assert search.candidates(view, legal, random.Random(0)) == ["pass", "buy"]
    rollouts, plies = count_work(monkeypatch)
    first = ai.choose(view, legal, "hard", random.Random(4))
    assert 2 <= len(rollouts) <= search.ROLLOUTS7
    assert max(plies) <= search.PLY_CAP7 + 1      # the candidate, then the policy's moves
    monkeypatch.setattr(search.rules, "play", t.play)
    assert ai.choose(view, legal, "hard", random.Random(4)) == first


def test_deal_7_far_from_going_out_is_normals_play(monkeypatch):
    """Three cards from going out (no trio yet), a rollout cut short after a round sees
    little but the points in hand: normal's choice, no rollout."""
    calls = []
    monkeypatch.setattr(search, "rollout", lambda *a: calls.append(a) or 0.0)
    s = deal7_buy_offer("3S 4S 5S 6S 7S 9S KH KD 2C 5D JH")
    view, legal = t.view(s, 0), t.legal_moves(s)
    assert ai.go_out_need(list(view["hands"][0])) > search.NEAR7
    assert search.candidates(view, legal, random.Random(0)) == ["pass"]
    assert ai.choose(view, legal, "hard", random.Random(0)) == "pass"
    assert calls == []


def test_normals_choice_stands_unless_another_is_clearly_better():
    def vote(values):
        return determinize.vote(values, search.Z)

    assert vote([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]) == 0          # a tie: normal's
    assert vote([[0.0, 0.0, 0.0, 0.0], [5.0, -4.0, 6.0, -5.0]]) == 0   # noise
    assert vote([[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 7.0, 6.0]]) == 1   # clearly better
    assert vote([[0.0] * 3, [2.0, 2.5, 2.0], [5.0, 6.0, 5.5]]) == 2  # the best of two
    assert vote([[0.0], [9.0]]) == 0                                # one deal is no verdict


@pytest.mark.parametrize("seed", range(4))
def test_the_search_overrules_a_bad_first_choice(monkeypatch, seed):
    # the first candidate forced to "discard QC" where laying QC off on the queens and then
    # discarding 4D goes out at once: the rollouts see the difference on every deal
    s = melded_position("QC 4D")
    monkeypatch.setattr(search, "candidates",
                        lambda view, legal, rng: ["discard QC", "add QC to 0"])
    assert ai.choose(t.view(s, 0), t.legal_moves(s), "hard", random.Random(seed)) == \
        "add QC to 0"


def count_work(monkeypatch) -> tuple[list[int], list[int]]:
    """From now on, the search's rollouts (one entry each) and each one's plies (moves
    played through the engine), until ``search.rules.play`` is set back to ``t.play``."""
    real_play, plies, rollouts = t.play, [], []
    real_rollout = search.rollout

    def counting_rollout(*args):
        rollouts.append(1)
        plies.append(0)
        return real_rollout(*args)

    def counting_play(state, move):
        if plies:
            plies[-1] += 1
        return real_play(state, move)

    monkeypatch.setattr(search, "rollout", counting_rollout)
    monkeypatch.setattr(search.rules, "play", counting_play)
    return rollouts, plies


def test_the_budget_is_counted_in_rollouts_and_plies(monkeypatch):
    s = buy_offer()
    rollouts, plies = count_work(monkeypatch)
    first = ai.choose(t.view(s, 0), t.legal_moves(s), "hard", random.Random(4))
    assert len(rollouts) <= search.ROLLOUTS
    assert max(plies) <= search.PLY_CAP + 1      # the candidate, then the policy's moves
    monkeypatch.setattr(search.rules, "play", t.play)
    # the same view, legal list and seed give the same move
    assert ai.choose(t.view(s, 0), t.legal_moves(s), "hard", random.Random(4)) == first


def test_a_free_upcard_that_completes_the_contract_is_taken_whatever_the_samples_say(monkeypatch):
    """Deal 3 (one cuarteto), J♥ J♦ J♣ in hand and J♠ the upcard: the hint (hard) said "draw
    from the stock" for one seed in a hundred (ten rollouts a side, pt85). Taking it is not
    searched: no sample may overrule it."""
    calls = []
    monkeypatch.setattr(search, "rollout", lambda *a: calls.append(a) or 0.0)
    s = load(["AH 4H 4D 5D 7S 7C 10S 10C JH JD JC", "3H 4S 6H 8D 9H 10H 2S 3S 6S KD KS",
              "2D 3C 6D QD 10D QC 2H 5S 8S 9S KH", "5H 6C 7H 8H 9C QH AS AD AC 3D 4C"],
             discard=("JS",), deal=3, dealer=3, to_move=0, phase="draw", first_turn=True)
    view, legal = t.view(s, 0), t.legal_moves(s)
    assert {"take", "draw"} <= set(legal)
    assert search.candidates(view, legal, random.Random(0)) == ["take"]
    assert all(ai.choose(view, legal, "hard", random.Random(seed)) == "take" for seed in range(20))
    assert calls == []


def test_a_buy_that_completes_the_contract_is_normals_call_whatever_the_samples_say(monkeypatch):
    """Deal 1 (one pure trio), 9♠ 9♣ in hand and 9♥ offered: hard's rollouts were a coin flip
    there, and the hint once said to let such a card go (pt142). The buy is not searched:
    normal's choice stands (it buys), even where every sample says to pass."""
    calls = []
    monkeypatch.setattr(search, "rollout",
                        lambda *a: calls.append(a) or (-50.0 if a[1] == "buy" else 0.0))
    s = t.play(load(["9S 9C 4D 2H 7H 3D", "9H 3C 6D JD 10H QC", "2S 3S 6S JC 10D KS",
                     "3H 4S 6H 8D JH 10S"], deal=1, to_move=1), "discard 9H")
    while t.to_move(s) != 0:
        s = t.play(s, "pass")
    view, legal = t.view(s, 0), t.legal_moves(s)
    assert s.phase == "buy" and {"buy", "pass"} <= set(legal)
    assert ai.buy_progress(view, list(view["hands"][0]))[1][0] == 0  # (it completes)
    assert search.candidates(view, legal, random.Random(0)) == ["buy"]
    assert all(ai.choose(view, legal, "hard", random.Random(seed)) == "buy" for seed in range(10))
    assert calls == []


def _progress7_reference(hand):
    """Deal 7's progress as first written (a Counter per run window): the measure that
    ``ai._progress7`` (bit masks, remembered by the sorted hand) must give exactly."""
    from collections import Counter
    h = len(hand)
    jokers = sum(1 for c in hand if c == t.JOKER)
    naturals = [c for c in hand if c != t.JOKER]
    held = [set() for _ in range(4)]
    for c in naturals:
        held[t.SUIT_OF[c]].add(t.VALUE[c])
    for s in range(4):
        if 1 in held[s]:
            held[s].add(14)
    best = (99, 0.0)
    for length in range(7, 14):
        others = h - 3 - length
        if others < 0:
            break
        if others in (1, 2):
            continue
        for s in range(4):
            for low in range(1, 16 - length):
                got = held[s] & set(range(low, low + length))
                need_run = length - len(got)
                if need_run > best[0]:
                    continue
                rest = list(naturals)
                for v in got:
                    rest.remove(t.card(v, s))
                ranks = Counter(t.VALUE[c] for c in rest)
                trio = min(3, max(ranks.values(), default=0))
                need_trio = 3 - trio
                need_other = 0
                if others:
                    grouped = sum(n for n in ranks.values() if n >= 2) - trio
                    need_other = max(0, others - max(0, grouped))
                gaps = [n for n in (need_run, need_trio, need_other) if n > 0]
                need = need_run + need_trio + need_other - min(jokers, len(gaps))
                backup = 0.3 * sum(1 for n in ranks.values() if n >= 2)
                if need < best[0] or need == best[0] and backup > best[1]:
                    best = (need, backup)
    return best


def test_deal_7_progress_is_the_reference_measure_on_random_hands():
    rng = random.Random(7)
    pack = list(t.DECK)
    for _ in range(600):
        hand = rng.sample(pack, rng.randint(3, 27))
        need, backup = ai._progress7(hand)
        want = _progress7_reference(hand)
        assert need == want[0] and backup == pytest.approx(want[1]), sorted(hand)
        assert ai._progress7(list(reversed(hand))) == (need, backup)   # order is not part of it
