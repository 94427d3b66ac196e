"""How much seeing the hidden cards is worth in Chắn: measurements behind the README's figures.

    python tools/chan_luck.py none  [--deals 200] [--jobs 1]   the honest hard, on the same deals
    python tools/chan_luck.py hands [--deals 200] [--jobs 1]   hard's search seeing the other hands
    python tools/chan_luck.py all   [--deals 200] [--jobs 1]   ... and the order of the stock

One seat plays hard against three normals (seats rotated, the same seeded deals in every
mode): honestly (``none``), or *cheating*, its search (``game.ai.chan_search``) playing on
the truth instead of deals of the hidden cards:

- ``hands``: the other three hands as they are, the stock shuffled at random for each deal of
  the search (what perfect reading of the opponents could give);
- ``all``: the true position, the stock's order included (what no player can know).

No level of the game cheats: this exists only here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sim_common import rate_text, run_tasks, seen_deal  # noqa: E402

from game.ai import chan as ai  # noqa: E402
from game.ai import chan_search  # noqa: E402
from game.rules import chan as rules  # noqa: E402

PLAYERS = 4



def play(task: tuple[str, int, int]) -> dict:
    """Deal ``index``: the cheating hard in seat ``index % 4``, normal elsewhere."""
    what, base, index = task
    seed = base * 1_000_003 + index
    state = rules.new_game(PLAYERS, seed=seed)
    cheat = index % PLAYERS
    rngs = [random.Random(seed * 7 + s) for s in range(PLAYERS)]
    honest = chan_search.determinize.sample
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_moves(state)
        view = rules.view(state, seat)
        if seat == cheat and what == "none":
            move = ai.choose(view, legal, "hard", rngs[seat])
        elif seat == cheat:
            chan_search.determinize.sample = (
                lambda _g, _v, rng, now=state: seen_deal(rules, now, what, rng))
            try:
                move = ai.choose(view, legal, "hard", rngs[seat])
            finally:
                chan_search.determinize.sample = honest
        else:
            move = ai.choose(view, legal, "normal", rngs[seat])
        state = rules.play(state, move)
    result = rules.result(state)
    return {"won": result["winner"] == cheat, "settlement": result["settlement"][cheat]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["none", "hands", "all"])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    outcomes = run_tasks(play, [(args.what, args.seed, i) for i in range(args.deals)], args.jobs)
    wins = sum(o["won"] for o in outcomes)
    seeing = {"none": "nothing hidden (honest)", "hands": "the other hands",
              "all": "the other hands and the stock's order"}
    print(f"hard seeing {seeing[args.what]}, against three normals: won {wins} of "
          f"{args.deals} deals, {rate_text(wins, args.deals)}, {PLAYERS * wins / args.deals:.2f}"
          f" x the fair share; mean settlement "
          f"{statistics.fmean(o['settlement'] for o in outcomes):+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
