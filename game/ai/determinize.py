"""Determinization: a full position consistent with what one seat may know.

``sample(game, view, rng)`` deals the cards (or bag order) the viewer cannot see at random
among the places they may be, keeping every count the view gives, and returns a rules
``State``: ``view(sample(...), seat) == view`` except the seed (a determinized position gets a
seed from ``rng``: the real one must never be used). Searchers play such positions through the
engine (Monte Carlo rollouts, determinized search with voting).

Cards a seat is known to hold (Telefunken: taken from the pile, a freed joker; Zetema: shown
in a meld and back in the hand; the view's ``known``, which the table adds) are dealt to it;
the rest is dealt uniformly, which ignores what the opponents' other choices suggest about
their hands.

``paired_outcomes`` plays candidate moves on the same sampled deals with the same seeds (common
random numbers) and ``vote`` keeps the first candidate (the heuristic's) unless another does
clearly better on those deals: the determinized search with voting of the card games' hard
levels.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from game.rules import chan, telefunken, zertz, zetema
from game.rules.chan.cards import COPIES, FACES

RULES = {"zertz": zertz, "zetema": zetema, "telefunken": telefunken, "chan": chan}


def viewer(view: dict) -> int:
    """The seat a view belongs to."""
    seat = view.get("seat")
    return view["to_move"] if seat is None else seat


def unseen_cards(game: str, view: dict) -> list[str]:
    """The cards the viewer cannot see (other hands and the stock), sorted.

    Zertz has none: its bag is counts by colour (see ``sample``).
    """
    seat = viewer(view)
    if game == "zetema":
        seen = Counter(view["hands"][seat])
        for pile in view["piles"].values():
            seen.update(pile)
        seen.update(view.get("marriage_pile") or [])
        full = Counter(zetema.deck(view.get("double", "S")))
    elif game == "telefunken":
        seen = Counter(view["hands"][seat])
        seen.update(view["discard"])
        for meld in view["melds"]:
            seen.update(meld["cards"])
        full = Counter(telefunken.DECK)
    elif game == "chan":
        seen = Counter(view["hands"][seat])
        for groups in view["exposed"]:
            for group in groups:
                seen.update(group)
        for gate in view["gates"]:
            seen.update(gate)
        full = Counter(f for f in FACES for _ in range(COPIES))
    else:
        return []
    return sorted((full - seen).elements())


def sample(game: str, view: dict, rng: random.Random):
    """A full ``State`` of ``game`` consistent with ``view``, hidden cards dealt by ``rng``.

    Raises ValueError when the view is inconsistent (the counts do not add up).
    """
    rules = RULES[game]
    data = {k: (list(v) if isinstance(v, list) else v) for k, v in view.items()}
    data["seed"] = rng.randrange(1 << 30)
    if game == "zertz":
        bag = [c for c in zertz.COLOURS for _ in range(view["bag"][c])]
        rng.shuffle(bag)
        if view.get("drawn") is not None:
            bag.insert(0, view["drawn"])
        data["bag"] = bag
        return rules.load(data)
    seat = viewer(view)
    pool = unseen_cards(game, view)
    hands = list(view["hands"])
    wanted = sum(n for s, n in enumerate(hands) if s != seat) + _stock_count(view)
    if wanted != len(pool):
        raise ValueError(f"the view hides {wanted} cards but {len(pool)} are unseen")
    held = _known_held(view, seat, pool) if game in ("telefunken", "zetema") else {}
    rng.shuffle(pool)
    at = 0
    for s, h in enumerate(hands):
        if s != seat:
            known = held.get(s, [])
            hands[s] = pool[at:at + h - len(known)] + known
            at += h - len(known)
    data["hands"] = hands
    data["stock"] = pool[at:]
    if game == "telefunken" and view.get("given") is not None:
        data["given"] = [g if s == seat or g is None else hands[s][:g]
                         for s, g in enumerate(view["given"])]
    if game == "chan":
        data["initial"] = [list(view["initial"][s]) if s == seat else list(hands[s])
                           for s in range(len(hands))]
        data["bans"] = [{**b, "no_discard": b.get("no_discard") or []} for b in view["bans"]]
        data["claims"] = []
    return rules.load(data)


def _known_held(view: dict, seat: int, pool: list[str]) -> dict[int, list[str]]:
    """The unseen cards each other seat is known to hold (the view's ``known``, which the
    table adds: Telefunken's cards taken from the pile and freed jokers, Zetema's cards shown
    in a meld that went back to the hand), taken out of ``pool``
    (sorted, in place). A known card no longer unseen, or more known cards than a hand
    holds, is left to chance."""
    known = view.get("known")
    if not known:
        return {}
    left = Counter(pool)
    held: dict[int, list[str]] = {}
    for s, cards in enumerate(known):
        if s == seat or not cards:
            continue
        room = view["hands"][s]
        mine = []
        for card in cards:
            if left[card] > 0 and len(mine) < room:
                left[card] -= 1
                mine.append(card)
        if mine:
            held[s] = mine
    if held:
        pool[:] = sorted(left.elements())
    return held


def _stock_count(view: dict) -> int:
    stock = view["stock"]
    return stock if isinstance(stock, int) else len(stock)


def paired_outcomes(game: str, view: dict, moves: Sequence[str], deals: int,
                    rollout: Callable, rng: random.Random) -> list[list[float]]:
    """Every one of ``moves`` rolled out on the same ``deals`` samples of the hidden cards, each
    deal with one seed for all moves (common random numbers). ``rollout(state, move, seat,
    rng)`` returns the outcome for the viewer, or None where the move is illegal in that deal
    (the deal is then skipped). ``values[k]`` lists move ``k``'s outcomes, deal by deal."""
    seat = viewer(view)
    values: list[list[float]] = [[] for _ in moves]
    for _ in range(deals):
        try:
            state = sample(game, view, rng)
        except ValueError:
            break
        seed = rng.randrange(1 << 30)
        outcomes = [rollout(state, move, seat, random.Random(seed)) for move in moves]
        if None in outcomes:
            continue   # a candidate is not legal in this deal of the hidden cards
        for k, value in enumerate(outcomes):
            values[k].append(value)
    return values


def vote(values: list[list[float]], z: float) -> int:
    """The index of the winning candidate: the first (index 0, the heuristic's) unless another's
    outcomes beat it on the same deals by more than ``z`` standard errors of the paired
    difference (a clear verdict, not noise); of several such, the biggest mean gain."""
    n = len(values[0])
    if n < 2:
        return 0
    best, best_edge = 0, 0.0
    for k in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[k], values[0])]
        mean = sum(diffs) / n
        spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        error = (spread / n) ** 0.5
        if mean > 0 and mean > z * error and mean > best_edge:
            best, best_edge = k, mean
    return best
