"""Determinization: a full position consistent with what one seat may know.

``sample(game, view, rng)`` deals the cards (or bag order) the viewer cannot see at random
among the places they may be, keeping every count the view gives, and returns a rules
``State``: ``view(sample(...), seat) == view`` except the seed (a determinized position gets a
seed from ``rng``: the real one must never be used). Searchers play such positions through the
engine (Monte Carlo rollouts, determinized search with voting).

Uniform dealing ignores what the opponents' past choices suggest about their hands; a
``weigh`` hook of a searcher may add that.
"""

from __future__ import annotations

import random
from collections import Counter

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
    rng.shuffle(pool)
    hands = list(view["hands"])
    wanted = sum(n for s, n in enumerate(hands) if s != seat) + _stock_count(view)
    if wanted != len(pool):
        raise ValueError(f"the view hides {wanted} cards but {len(pool)} are unseen")
    at = 0
    for s, h in enumerate(hands):
        if s != seat:
            hands[s] = pool[at:at + h]
            at += h
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


def _stock_count(view: dict) -> int:
    stock = view["stock"]
    return stock if isinstance(stock, int) else len(stock)
