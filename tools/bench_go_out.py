"""Benchmark: Telefunken deal 7's complete go-out melds for the largest hands a player can hold.

Deal 7's ``legal_moves`` lists every go-out meld (no cap). How large can a hand be when its
owner may first meld? 11 dealt cards, plus 1 for the exact-cut bonus (the cutter), plus 2 for
each of the 7 buys (a chip buys the discard and the top stock card; the 7 chips last the whole
game, so a player that never bought before may buy 7 times in deal 7), plus the card drawn in
the turn that melds: 11 + 1 + 14 + 1 = 27 cards. The kept jokers of a cut count among the 11.

The hands below are 27 cards built to have as many go-out melds as possible: one suit nearly
twice over with all four jokers (the most found, 407,974 melds), one suit twice with a joker,
two suits with two jokers (38,867), one suit with three jokers and sets (18,762). Each is
timed in CPU seconds (``time.process_time``) on a cold call (``go_out_moves``, not the cache
``legal_moves`` keeps for the next calls on the same hand), best of ``--repeat`` runs.

    python tools/bench_go_out.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.telefunken import RANKS, go_out_moves  # noqa: E402


def _suit(suit: str, skip: tuple[str, ...] = ()) -> list[str]:
    return [r + suit for r in RANKS if r not in skip]


HANDS: dict[str, list[str]] = {
    "one suit twice over but AS KS 7S, four jokers":
        _suit("S", ("A",)) + _suit("S", ("K", "7")) + ["JK"] * 4,
    "hearts A-K twice, one joker": _suit("H") * 2 + ["JK"],
    "spades A-K, hearts 2-K, two jokers": _suit("S") + _suit("H", ("A",)) + ["JK"] * 2,
    "spades A-K, hearts 4-K, diamonds 8 9, two jokers":
        _suit("S") + _suit("H", ("A", "2", "3")) + ["8D", "9D"] + ["JK"] * 2,
    "spades A-K, sets of 5 7 9 Q, three jokers":
        "JK JK JK AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 5H 5D 5C 7H 7D 7C 9H 9D 9C QH QD".split(),
    "spades 2-8 twice, hearts 2-8, diamonds 2-6, one joker":
        _suit("S", ("A", "9", "10", "J", "Q", "K")) * 2 + _suit("H", ("A", "9", "10", "J", "Q", "K"))
        + ["2D", "3D", "4D", "5D", "6D", "JK"],
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    worst = 0.0
    for name, hand in HANDS.items():
        assert len(hand) == 27, (name, len(hand))
        best = None
        count = 0
        for _ in range(max(1, args.repeat)):
            start = time.process_time()
            count = len(go_out_moves(hand))
            spent = time.process_time() - start
            best = spent if best is None else min(best, spent)
        worst = max(worst, best)
        print(f"{best:7.3f} s CPU  {count:8,d} go-out melds  {name}")
    print(f"slowest: {worst:.3f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
