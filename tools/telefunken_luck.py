"""How much seeing the hidden cards is worth in Telefunken: measurements behind the README.

    python tools/telefunken_luck.py none  [--games 60] [--jobs 2]   the honest hard
    python tools/telefunken_luck.py hands [--games 60] [--jobs 2]   hard's search seeing the
                                                                    other hands
    python tools/telefunken_luck.py all   [--games 60] [--jobs 2]   ... and the stock's order

One seat plays hard against three normals over whole seven-deal games (seats rotated, the same
seeded games in every mode): honestly (``none``), or *cheating*, its search
(``game.ai.telefunken_search``) playing on the truth instead of deals of the hidden cards:

- ``hands``: the other three hands as they are, the stock shuffled at random for each deal of
  the search (what perfect reading of the opponents could give);
- ``all``: the true position, the stock's order included (what no player can know).

The search still looks only where ``normal`` hesitates (``telefunken_search.candidates``) and
spends the same rollouts: this measures what its information is worth, not a stronger search.
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

from game.ai import determinize  # noqa: E402
from game.ai import telefunken as ai  # noqa: E402
from game.ai.telefunken import Recall  # noqa: E402
from game.rules import telefunken as rules  # noqa: E402

PLAYERS = 4



def play(task: tuple[str, int, int]) -> dict:
    """Game ``index``: the (cheating) hard in seat ``index % 4``, normal elsewhere."""
    what, base, index = task
    seed = base * 1_000_003 + index
    state = rules.new_game(PLAYERS, seed=seed)
    cheat = index % PLAYERS
    rngs = [random.Random(seed * 7 + s) for s in range(PLAYERS)]
    honest = determinize.sample
    recall, deal = Recall(PLAYERS), state.deal
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_moves(state)
        if state.deal != deal:
            deal, recall = state.deal, Recall(PLAYERS)
        view = recall.add_to(rules.view(state, seat))
        if seat == cheat and what != "none":
            determinize.sample = lambda _g, _v, rng, now=state: seen_deal(rules, now, what, rng)
            try:
                move = ai.choose(view, legal, "hard", rngs[seat])
            finally:
                determinize.sample = honest
        else:
            move = ai.choose(view, legal, "hard" if seat == cheat else "normal", rngs[seat])
        recall.note(state, move)
        state = rules.play(state, move)
    result = rules.result(state)
    totals = result["totals"]
    others = [t for s, t in enumerate(totals) if s != cheat]
    return {"won": cheat in result["winners"], "shared": len(result["winners"]),
            "margin": statistics.fmean(others) - totals[cheat], "total": totals[cheat]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["none", "hands", "all"])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    outcomes = run_tasks(play, [(args.what, args.seed, i) for i in range(args.games)], args.jobs)
    wins = sum(o["won"] for o in outcomes)
    seeing = {"none": "nothing hidden (honest)", "hands": "the other hands",
              "all": "the other hands and the stock's order"}
    print(f"hard seeing {seeing[args.what]}, against three normals: won {wins} of "
          f"{args.games} games, {rate_text(wins, args.games)}, "
          f"{PLAYERS * wins / args.games:.2f} x the fair share; mean total "
          f"{statistics.fmean(o['total'] for o in outcomes):.1f}, the others' mean minus its "
          f"own {statistics.fmean(o['margin'] for o in outcomes):+.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
