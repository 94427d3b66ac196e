"""Zetema AI: legal answers at every level, no peeking, sensible play, whole games end."""

from __future__ import annotations

import random
import time

import pytest

from game.ai import determinize
from game.ai import zetema as ai
from game.ai import zetema_lookahead as lookahead
from game.rules import zetema as z
from tests.test_zetema_rules import position


@pytest.fixture(autouse=True)
def few_playouts(monkeypatch):
    """Hard's lookahead with fewer playouts (the same code path): the file stays fast."""
    monkeypatch.setattr(ai, "PLAYOUTS", 12)


def sample_states() -> list[z.State]:
    """Opening positions, positions after random play and after a meld (phase discard)."""
    states = []
    rng = random.Random(5)
    for players in range(2, 7):
        state = z.new_game(players, seed=players)
        states.append(state)
        for _ in range(rng.randrange(20, 90)):
            legal = z.legal_moves(state)
            melds = [m for m in legal if m.startswith("meld")]
            state = z.play(state, rng.choice(melds) if melds else rng.choice(legal))
            if z.to_move(state) is None:
                break
        if z.to_move(state) is not None:
            states.append(state)
    flush = z.load(position([["2H", "5H", "7H", "9H", "JH", "KH", "QH"], [], []],
                            piles={"Q": ["QS"]}))
    states.append(flush)
    states.append(z.play(flush, "meld flush 2H 5H 7H 9H JH KH"))
    states.append(z.play(flush, "meld marriage KH QH"))
    return states


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_answers_a_legal_move_in_time(level):
    for i, state in enumerate(sample_states()):
        seat = z.to_move(state)
        legal = z.legal_moves(state)
        started = time.process_time()
        move = ai.choose(z.view(state, seat), legal, level, random.Random(i))
        assert time.process_time() - started < 0.5
        assert move in legal


def test_unknown_level_and_empty_legal_list_raise():
    state = z.new_game(3, seed=1)
    seen, legal = z.view(state, state.seat), z.legal_moves(state)
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose(seen, legal, "expert", random.Random(0))
    with pytest.raises(ValueError):
        ai.choose(seen, [], "hard", random.Random(0))


def _swap_hidden(state: z.State, rng: random.Random) -> z.State:
    """The same position for the seat to move, with the hidden cards dealt differently."""
    data = z.dump(state)
    seat = state.seat
    hidden = list(data["stock"])
    for s, hand in enumerate(data["hands"]):
        if s != seat:
            hidden += hand
    rng.shuffle(hidden)
    for s, hand in enumerate(data["hands"]):
        if s != seat:
            data["hands"][s], hidden = hidden[:len(hand)], hidden[len(hand):]
    data["stock"] = hidden
    return z.load(data)


def test_no_peeking_same_answer_whatever_the_hidden_cards():
    rng = random.Random(9)
    for state in sample_states():
        other = _swap_hidden(state, rng)
        seat = state.seat
        assert z.view(other, seat) == z.view(state, seat)
        if state.hands != other.hands or state.stock != other.stock:
            for level in ai.LEVELS:
                a = ai.choose(z.view(state, seat), z.legal_moves(state), level,
                              random.Random(3))
                b = ai.choose(z.view(other, seat), z.legal_moves(other), level,
                              random.Random(3))
                assert a == b


def test_every_level_takes_the_biggest_meld_or_an_immediate_win():
    state = z.load(position([["KS", "KS", "KH", "KD", "KC", "QH", "2C"], [], []]))
    for level in ai.LEVELS:
        move = ai.choose(z.view(state, 0), z.legal_moves(state), level, random.Random(1))
        assert move == "meld assembly KS KS KH KD KC"
    win = z.load(position([["7D", "2C", "3C", "4C", "6D", "8D", "9D"], [], []],
                          piles={"7": ["7S", "7S", "7H", "7C"]}, scores=[296, 0, 0]))
    for level in ai.LEVELS:
        assert ai.choose(z.view(win, 0), z.legal_moves(win), level,
                         random.Random(2)) == "discard 7D"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_do_not_feed_a_zetema(level):
    # The J pile has three jacks; discarding JD would leave the fifth jack to whoever holds
    # it. Other discards are harmless.
    state = z.load(position([["JD", "2C", "4H", "6D", "8S", "10C", "AD"], [], []],
                            piles={"J": ["JS", "JS", "JH"]}))
    for seed in range(5):
        move = ai.choose(z.view(state, 0), z.legal_moves(state), level, random.Random(seed))
        assert move != "discard JD"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_keep_their_spades_for_flushes(level):
    state = z.load(position([["2S", "5S", "8S", "JS", "KS", "3H", "9D"], [], []]))
    move = ai.choose(z.view(state, 0), z.legal_moves(state), level, random.Random(0))
    assert move in ("discard 3H", "discard 9D")


def test_a_playout_sees_the_opponent_answer_a_fourth_card_with_the_fifth():
    # Two players, the other seat holds the fifth seven: discarding 7D hands it a zetema.
    state = z.load(position([["7D", "2C", "4H", "6D", "9S", "JC", "AD"],
                             ["7C", "3C", "5H", "8D", "10S", "QC", "AH"]],
                            piles={"7": ["7S", "7S", "7H"]}))
    fed = lookahead.playout(state, "discard 7D", 0, ai.plan_scores, ai.hand_outlook,
                            random.Random(1))
    safe = lookahead.playout(state, "discard 2C", 0, ai.plan_scores, ai.hand_outlook,
                             random.Random(1))
    assert fed <= safe - ai.ZETEMA[z.CARD_RANK["7C"]] / 2


def test_hard_spends_a_count_of_playouts_shared_by_its_candidates(monkeypatch):
    monkeypatch.setattr(ai, "PLAYOUTS", 24)
    dealt = []
    real = determinize.sample

    def counting(game, view, rng):
        dealt.append(game)
        return real(game, view, rng)

    monkeypatch.setattr(determinize, "sample", counting)
    state = z.new_game(2, seed=4)
    legal = z.legal_moves(state)
    seen = z.view(state, state.seat)
    ranked = sorted(ai.plan_scores(seen, legal), key=lambda vm: -vm[0])
    candidates = [m for v, m in ranked[:ai.CANDIDATES] if v >= ranked[0][0] - ai.CANDIDATE_MARGIN]
    assert len(candidates) > 1
    move = ai.choose(seen, legal, "hard", random.Random(0))
    assert move in candidates
    assert len(dealt) == 24 // len(candidates)      # one deal per sample, shared by all


@pytest.mark.parametrize("players,levels", [(2, ("hard", "easy")), (3, ai.LEVELS),
                                            (4, ("normal", "hard", "easy", "hard")),
                                            (6, ai.LEVELS * 2)])
def test_seeded_ai_games_end_with_a_winner(players, levels):
    state = z.new_game(players, seed=players * 17)
    rngs = [random.Random(s) for s in range(players)]
    plies = 0
    while (seat := z.to_move(state)) is not None:
        legal = z.legal_moves(state)
        move = ai.choose(z.view(state, seat), legal, levels[seat], rngs[seat])
        assert move in legal
        state = z.play(state, move)
        plies += 1
        assert plies < 5000
    result = z.result(state)
    assert result["scores"][result["winner"]] >= state.settings.target


def _exact(state: z.State, me: int, deal: int, memo: dict) -> float:
    """Minimax through the rules engine: my points minus the other's until the deal ends."""
    if z.to_move(state) is None:
        return ai.WIN if z.result(state)["winner"] == me else -ai.WIN
    key = repr(z.dump(state))
    if key in memo:
        return memo[key]
    values = []
    for move in z.legal_moves(state):
        new = z.play(state, move)
        gained = (new.scores[me] - state.scores[me]) - (new.scores[1 - me] - state.scores[1 - me])
        if z.to_move(new) is None:
            values.append(ai.WIN if z.result(new)["winner"] == me else -ai.WIN)
        elif new.deal != deal:
            values.append(gained)
        else:
            values.append(gained + _exact(new, me, deal, memo))
    value = max(values) if state.seat == me else min(values)
    memo[key] = value
    return value


def test_hard_plays_two_player_endgames_perfectly():
    rng = random.Random(4)
    checked = 0
    for seed in range(60):
        state = z.new_game(2, seed=seed, target=rng.choice((60, 100, 300)))
        while z.to_move(state) is not None and (state.stock or sum(map(len, state.hands)) > 7):
            legal = z.legal_moves(state)
            melds = [m for m in legal if m.startswith("meld")]
            state = z.play(state, rng.choice(melds) if melds and rng.random() < 0.5
                           else rng.choice(legal))
            if state.deal > 1:
                break
        if z.to_move(state) is None or state.deal > 1 or state.stock:
            continue
        me = state.seat
        legal = z.legal_moves(state)
        best = max(_value_after(state, m, me) for m in legal)
        move = ai.choose(z.view(state, me), legal, "hard", random.Random(seed))
        assert _value_after(state, move, me) == best, (z.dump(state), move)
        checked += 1
    assert checked >= 20


def _value_after(state: z.State, move: str, me: int) -> float:
    new = z.play(state, move)
    if z.to_move(new) is None:
        return ai.WIN if z.result(new)["winner"] == me else -ai.WIN
    gained = (new.scores[me] - state.scores[me]) - (new.scores[1 - me] - state.scores[1 - me])
    if new.deal != state.deal:
        return gained
    return gained + _exact(new, me, state.deal, {})


def test_the_simulation_tool_prints_a_row_per_level(capsys):
    import argparse
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "simulate_zetema.py"
    spec = importlib.util.spec_from_file_location("simulate_zetema", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    parser = argparse.ArgumentParser()
    tool.add_arguments(parser)
    assert tool.run(parser.parse_args(["--players", "3", "--games", "2"])) == 0
    out = capsys.readouterr().out
    for level in ai.LEVELS:
        assert any(line.startswith(level) for line in out.splitlines())
    assert "win rate" in out and "mean share" in out and "p95" in out
    assert tool.run(parser.parse_args(["--levels", "expert", "--games", "1"])) == 2


def test_cards_shown_in_a_meld_are_known_to_be_held_and_dealt_so_in_hards_samples():
    """A flush shown goes back to its player's hand but one card: everyone saw those cards.
    ``remember`` lists them (``KNOWN``) until they are discarded, and hard's samples of the
    hidden cards deal them to that seat (issue 12: sample consistently with what was seen)."""
    from collections import Counter

    from game.rules.zetema import deck

    hand0 = ["AS", "5S", "8S", "9S", "10S", "KS", "2H"]
    hand1 = ["3H", "4H", "6C", "7D", "JC", "QD", "2C"]
    rest = Counter(deck("S")) - Counter(hand0) - Counter(hand1)
    stock = sorted(rest.elements())[:20]
    piles = {r: [] for r in z.RANKS}
    for card in sorted((rest - Counter(stock)).elements()):
        if len(piles[card[:-1]]) < 3:
            piles[card[:-1]].append(card)
    left = rest - Counter(stock) - Counter(c for p in piles.values() for c in p)
    stock += sorted(left.elements())
    state = z.load({"players": 2, "dealer": 1, "to_move": 0, "phase": "meld",
                    "hands": [hand0, hand1], "stock": stock, "piles": piles,
                    "marriage_pile": [], "scores": [0, 0]})
    befores, moves = [], []
    for move in ("meld flush AS 5S 8S 9S 10S KS", "discard 9S"):
        befores.append(state)
        moves.append(move)
        state = z.play(state, move)
    seat = z.to_move(state)
    assert seat == 1
    view = ai.remember(z.view(state, 1), befores, moves)
    assert view[ai.KNOWN] == [sorted(["AS", "5S", "8S", "10S", "KS"]), []]
    for i in range(10):
        dealt = determinize.sample("zetema", view, random.Random(i))
        assert Counter(["AS", "5S", "8S", "10S", "KS"]) <= Counter(dealt.hands[0])
        assert z.view(dealt, 1) == z.view(state, 1)
    # a marriage goes to its pile, not back to the hand: nothing known of it
    known = [Counter(), Counter()]
    ai.note_known(known, state, "meld marriage KD QD")
    assert known == [Counter(), Counter()]


def test_hard_weighs_the_marriage_a_king_may_hand_while_its_queen_is_unseen():
    """Hard threw kings onto the pile for the others to marry, twice in one deal (pt165):
    its queen was unseen, so nobody was known to hold it. Hard's evaluation now counts the
    chance that another hand holds or draws it; not while its own hand holds the queen (it
    marries first), nor once the queen is on its pile; normal's evaluation is as it was."""
    hands = [["7H", "2C", "4D", "9C", "JD", "KD", "3C"],
             ["7S", "AH", "5C", "8D", "10C", "6D", "QH"],
             ["AS", "2D", "3D", "4C", "5D", "6C", "8C"]]

    def cost(hand0, piles):
        state = z.load(position([hand0, *hands[1:]], piles=piles, players=3))
        legal = z.legal_moves(state)
        view = {**z.view(state, 0), ai.KNOWN: [[], [], []]}

        def value(params):
            return dict((m, v) for v, m in ai._Planner(ai._Table.from_view(view), params)
                        .scores(legal))["discard KD"]

        return value(ai.PLAN) - value(ai.RECALL_PLAN)

    unseen = cost(hands[0], {})
    assert ai.KNOWN_MARRIAGE * ai.UNSEEN_MARRIAGE * 0.5 < unseen <= (
        ai.KNOWN_MARRIAGE * ai.UNSEEN_MARRIAGE)
    assert cost(["7H", "2C", "4D", "9C", "JD", "KD", "QD"], {}) == 0.0  # the queen in hand
    assert cost(hands[0], {"Q": ["QD"]}) == 0.0  # (on its pile: nobody marries it from hand)


def test_hard_counts_what_the_others_showed_before_handing_them_points():
    """Hard threw a seven onto a pile of three sevens while another seat had shown the
    fifth in a flush (it scored the zetema and played again), and a king while another had
    shown its queen (a marriage from the pile): pt141. Hard's evaluation counts the cards
    the others are known to hold (``KNOWN``); normal's does not."""
    hands = [["7H", "2C", "4D", "9C", "JD", "KD", "3C"],
             ["7S", "AH", "5C", "8D", "10C", "6D", "QH"],
             ["AS", "2D", "3D", "4C", "5D", "6C", "8C"]]
    state = z.load(position(hands, piles={"7": ["7C", "7D", "7S"]}, players=3))
    legal = z.legal_moves(state)

    def value(params, known, move):
        view = {**z.view(state, 0), ai.KNOWN: known}
        return dict((m, v) for v, m in ai._Planner(ai._Table.from_view(view), params)
                    .scores(legal))[move]

    for known, move, least in (([[], ["7S"], []], "discard 7H", 5.0),
                               ([[], ["QD"], []], "discard KD", ai.KNOWN_MARRIAGE)):
        plain = value(ai.PLAN, known, move)
        if move == "discard 7H":  # (nothing known: alike; a king, see the next test)
            assert value(ai.RECALL_PLAN, [[], [], []], move) == plain
        assert value(ai.RECALL_PLAN, known, move) <= plain - least
        assert ai.choose({**z.view(state, 0), ai.KNOWN: known}, legal, "hard",
                         random.Random(1)) != move
