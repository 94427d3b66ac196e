"""The Monte Carlo sparring partner and the determinizer it deals hidden cards with."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import mc_sparring  # noqa: E402
import simulate  # noqa: E402

from game.ai import determinize  # noqa: E402
from game.rules import chan, telefunken, zertz, zetema  # noqa: E402

GAMES = {"zertz": (zertz, 2), "zetema": (zetema, 3), "telefunken": (telefunken, 4),
         "chan": (chan, 4)}


def positions(name: str, count: int, seed: int = 1) -> list:
    rules, players = GAMES[name]
    rng = random.Random(seed)
    state = rules.new_game(players, seed=seed)
    out = []
    for _ in range(count * 7):
        if rules.to_move(state) is None:
            break
        out.append(state)
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return out[::7][:count]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_sample_is_consistent_with_the_view(name):
    rules, _ = GAMES[name]
    for i, state in enumerate(positions(name, 12)):
        seat = rules.to_move(state)
        view = rules.view(state, seat)
        dealt = determinize.sample(name, view, random.Random(i))
        again = rules.view(dealt, seat)
        assert "seed" not in view and "seed" not in again  # views never carry the seed
        assert again == view
        assert rules.legal_moves(dealt) == rules.legal_moves(state)


def test_samples_deal_the_hidden_cards_differently():
    state = positions("zetema", 3)[2]
    view = zetema.view(state, zetema.to_move(state))
    hands = {tuple(determinize.sample("zetema", view, random.Random(i)).hands[1])
             for i in range(5)}
    assert len(hands) > 1


def test_an_inconsistent_view_is_refused():
    state = zetema.new_game(3, seed=2)
    view = zetema.view(state, zetema.to_move(state))
    view["stock"] += 1
    with pytest.raises(ValueError, match="hides"):
        determinize.sample("zetema", view, random.Random(0))


@pytest.mark.parametrize("name", list(GAMES))
def test_mc_answers_legal_moves_reproducibly(name):
    rules, _ = GAMES[name]
    state = next(s for s in positions(name, 12)[2:] if len(rules.legal_moves(s)) > 1)
    seat, legal = rules.to_move(state), rules.legal_moves(state)
    player = mc_sparring.Sparring(name, iterations=6)
    first = player.choose(rules.view(state, seat), legal, random.Random(3))
    assert first in legal
    assert player.choose(rules.view(state, seat), legal, random.Random(3)) == first


def test_mc_takes_the_marble_that_wins_at_once():
    # Red holds five whites and Blue five blacks: taking a1 wins now (every rollout scores
    # 1); anything else lets Blue take d5 and win.
    s = zertz.load({"marbles": {"a1": "white", "d5": "black"},
                    "pieces": {"a2": 0, "d4": 1},
                    "captured": [{"white": 5}, {"black": 5}],
                    "bag": ["grey"] * 6, "to_move": 0})
    legal = zertz.legal_moves(s)
    move = mc_sparring.choose("zertz", zertz.view(s, 0), legal, random.Random(0),
                              iterations=20 * len(legal))
    assert move == "take a1"


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        mc_sparring.Sparring("chess")
    with pytest.raises(ValueError):
        mc_sparring.Sparring("zertz", 0)


def test_simulate_accepts_the_mc_level(capsys):
    assert simulate.main(["zertz", "--a", "easy", "--b", "mc:4", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "B=mc:4" in out and "CPU time per decision B=mc:4" in out
