"""Telefunken ``hard``: determinized rollouts over the decisions where ``normal`` hesitates.

``normal``'s rules of thumb (``game.ai.telefunken.heuristic``) play every move; the search
looks again only where a choice is worth it and close:

- a **buy** of a discard that brings the contract closer (buy or pass), unless it completes
  the contract (then ``normal``'s choice stands);
- the free **upcard** when taking it improves the hand at all (take or draw), unless it
  completes the contract (then it is taken);
- the **discard** when up to ``MAX_CANDIDATES`` cards score within ``MARGIN`` of the best.

There it deals the hidden cards consistently with the view (``determinize.sample``: the other
hands and the stock, keeping every count), plays each candidate on the same deals (common
random numbers) and rolls the deal out with ``normal`` for every seat, for at most
``PLY_CAP`` moves. A rollout is scored by the deal's penalties: the mean of the other seats'
minus the seat's own (the real ones when the deal ended, the cards in hand when cut short),
and ``CHIP`` points per chip spent before deal 7. ``normal``'s choice stands unless another
candidate does better on the same deals by more than ``Z`` standard errors of the paired
difference.

Deal 7 (27-card hands, some 400 moves a deal, each dearer) is searched the same way but only
while the seat lacks at most ``NEAR7`` cards to go out, with ``ROLLOUTS7`` rollouts of at most
``PLY_CAP7`` moves: a short look ahead, scored by the points in hand when nobody went out, sees
whether the seat or another goes out first, where the deal's largest penalties are decided.

Effort is counted in rollouts (``ROLLOUTS`` per decision, shared among the candidates) and
plies, never in time: the same view, legal list and seeded ``rng`` give the same move.
"""

from __future__ import annotations

import random

from game.ai import determinize
from game.ai import telefunken as heuristics
from game.rules import telefunken as rules

ROLLOUTS = 20
"""Rollouts per searched decision, shared among its candidates."""
MAX_CANDIDATES = 3
MARGIN = 4.0
"""Discards scored more than this below the best are not searched."""
PLY_CAP = 160
"""Moves a rollout plays at most before the deal is scored from the hands."""
ROLLOUTS7 = 10
"""Rollouts per searched decision in deal 7, shared among its candidates (27-card hands: a
move there costs several times more, and a deal lasts some 400 moves)."""
PLY_CAP7 = 48
"""Moves a deal-7 rollout plays at most: about two rounds, the seat's next turns included."""
NEAR7 = 2
"""Deal 7 is searched only while the seat lacks at most this many cards to go out (farther
off, a rollout cut short after a round sees little but the points in hand)."""
CHIP = 3.0
"""Penalty points a chip is worth before deal 7 (it buys a card later)."""
Z = 1.0
"""How many standard errors a candidate's paired gain must exceed to overrule ``normal``."""
POLICY = "normal"


def candidates(view: dict, legal: list[str], rng: random.Random) -> list[str]:
    """The moves worth searching, ``normal``'s choice first; one move: nothing to search."""
    first = heuristics.heuristic(view, legal, POLICY, rng)
    phase = view.get("phase")
    seat = view["seat"]
    hand = list(view["hands"][seat])
    if view["deal"] >= rules.DEALS and heuristics.go_out_need(hand, phase == "play") > NEAR7:
        return [first]      # far from going out: a short rollout would see only the points
    if phase == "buy" and {"buy", "pass"} <= set(legal):
        before, after = heuristics.buy_progress(view, hand)
        if not view["melded"][seat] and after[0] == 0:
            return [first]  # a buy that completes the contract: normal's call (it buys unless
            # the last chip is better kept with someone about to go out); rollouts were a
            # coin flip there, and the hint once said to let such a card go (pt142)
        if after[0] < before[0]:
            return [first, "pass" if first == "buy" else "buy"]
    elif phase == "draw" and {"take", "draw"} <= set(legal):
        if not view["melded"][seat] and heuristics.buy_progress(view, hand)[1][0] == 0:
            return ["take"]  # the free upcard completes the contract: no sample overrules it
            # (ten rollouts a side once drew instead, about one seed in a hundred: pt85)
        if heuristics.take_gain(view, hand) > 0:
            return [first, "draw" if first == "take" else "take"]
    elif phase == "play" and first.startswith("discard "):
        cards = [m.split()[1] for m in legal if m.startswith("discard ")]
        scores = heuristics.discard_scores(view, hand, cards)
        ranked = heuristics.ranked_discards(cards, scores)
        best = scores[ranked[0]]
        close = [f"discard {c}" for c in ranked[:MAX_CANDIDATES] if scores[c] >= best - MARGIN]
        # normal's choice first (also its occasional free discard, which may not be close)
        return [first, *(m for m in close if m != first)][:MAX_CANDIDATES]
    return [first]


def choose(view: dict, legal: list[str], rng: random.Random) -> str:
    """The hard move for the seat to act in ``view``."""
    ranked = candidates(view, legal, rng)
    if len(ranked) == 1:
        return ranked[0]
    budget = ROLLOUTS7 if view["deal"] >= rules.DEALS else ROLLOUTS
    deals = max(2, budget // len(ranked))
    taken = view.get(heuristics.TAKEN)  # (the rollouts start from the pick-ups seen)

    def play_out(state, move, seat, deal_rng):
        return rollout(state, move, seat, deal_rng, taken)

    values = determinize.paired_outcomes("telefunken", view, ranked, deals, play_out, rng)
    return ranked[determinize.vote(values, Z)]


def rollout(state: rules.State, move: str, seat: int, rng: random.Random,
            taken: list[list[str]] | None = None) -> float | None:
    """``move`` then ``normal`` for every seat to the end of the deal (at most ``PLY_CAP``
    moves, ``PLY_CAP7`` in deal 7); the deal's value for ``seat`` (None: ``move`` is illegal
    in this deal).
    ``taken``: the cards each seat took from the pile in this deal so far (``TAKEN``),
    followed as the rollout goes on; None: nobody reads them."""
    deal, chips, totals = state.deal, state.chips[seat], state.totals
    taken = [list(picks) for picks in taken] if taken is not None else None
    try:
        played = rules.play(state, move)
    except ValueError:
        return None
    if taken is not None:
        heuristics.note_taken(taken, state, move)
    state = played
    for _ in range(PLY_CAP7 if deal >= rules.DEALS else PLY_CAP):
        if state.deal != deal or state.phase == "over":
            break
        mover = state.seat
        legal = rules.legal_moves(state)
        view = rules.view(state, mover)
        if taken is not None:  # (every seat reads the pick-ups, as the table's normal does)
            view[heuristics.TAKEN] = taken
        choice = heuristics.heuristic(view, legal, POLICY, rng)
        if taken is not None:
            heuristics.note_taken(taken, state, choice)
        state = rules.play(state, choice)
    if state.deal != deal or state.phase == "over":
        points = [after - before for after, before in zip(state.totals, totals)]
    else:
        points = [rules.hand_penalty(h) for h in state.hands]
    others = [p for s, p in enumerate(points) if s != seat]
    value = sum(others) / len(others) - points[seat]
    if deal < rules.DEALS:
        value -= CHIP * (chips - state.chips[seat])
    return value
