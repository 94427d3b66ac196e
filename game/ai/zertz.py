"""Zertz computer opponent: ``choose(view, legal, level, rng) -> move``.

The AI decides from ``view(state, seat)`` and ``legal_moves(state)`` alone. The bag order is
hidden (the view gives counts per colour), so the search treats every draw as a chance node
weighted by those counts (expectimax); a drawn marble that is about to be put is public.

Levels:

- ``easy``: a beginner. Greedy on what a move gains at once, with noise: it takes the best
  marble it can and places pieces next to marbles, but puts a drawn marble without asking
  whether the other side can reach it (only never where it would be their sixth of a colour).
- ``normal`` (the former hard, now with its 26,000 positions): alpha-beta (negamax) over
  both sides' moves with expectimax at the draws (Star1-pruned), iteratively deepened until
  ``NODE_BUDGET["normal"]`` positions are searched, with a transposition table, move
  ordering from the previous iteration and pruned lists of places and puts below the root.
  It usually completes depth 3 or 4 (a take and its put count as one decision).
- ``hard``: the same search with a larger budget (``NODE_BUDGET["hard"]``, about 1 s of CPU
  at most on the development machine) and wider lists (``WIDTHS``). Measured, it is not
  clearly stronger than normal: once both sides search, this game is decided mostly by the
  order of the draws and by who starts (see the README's figures).

Effort is counted in positions searched, never in seconds: a given view, level and ``rng``
seed give the same move on any machine under any load. ``SAFETY_SECONDS`` is only a net
for a pathological case far above the normal decision time; it should never trigger.

The evaluation is a chance of winning: the points taken plus a forecast of the race for the
remaining takes (who takes next, which marbles each side can reach, where each side can put
the marbles it will draw), turned into a probability by the uncertainty of the colours still
to come. Measured with ``tools/simulate.py``; see ``NODE_BUDGET`` for the effort per move.

The search runs on the compact bitmask board of ``game.ai.zertz_board``; a test checks that
it follows the rules module move for move.
"""

from __future__ import annotations

import math
import random
import time
from bisect import insort
from collections.abc import Iterable

from game.ai import zertz_board as zb
from game.ai.zertz_board import ACT, DRAW, NB, OVER, PUT, Board  # noqa: F401 (ACT for callers)

LEVELS = ("easy", "normal", "hard")

NODE_BUDGET: dict[str, int] = {"easy": 0, "normal": 26_000, "hard": 36_000}
"""Positions a level may search per move; an iteration that would exceed it is abandoned
and the last completed one decides (or a move the unfinished one proved better). Measured
2026-12-01 on the loaded 2-core development machine (``tools/simulate.py zertz --a hard --b
normal --games 20 --jobs 2 --seed 11``, CPU time): hard p50 0.80 s, p95 1.06 s over 347
decisions; normal p50 0.59 s, p95 0.80 s."""

SAFETY_SECONDS = 20.0
"""A wall-clock net far above any normal decision (hard needs about 1 s at most): it only
guards against a pathological position and should never trigger. When it does, the move
may depend on the machine's speed."""

MAX_DEPTH: dict[str, int] = {"easy": 0, "normal": 30, "hard": 30}  # easy does not search
"""Deepest iteration per level (in decisions; a take and its put count as one)."""

WIDTHS: dict[str, tuple[int, int]] = {"easy": (0, 0), "normal": (7, 5), "hard": (9, 6)}
"""Places and puts tried below the root per level, the best by ``_move_score``."""

EASY_NOISE = 0.5    # spread of the easy level's random preference
EASY_OWN_PUT = 0.6  # how much the easy level likes putting a marble next to its own pieces
EASY_GIFT = -50.0  # a put the other side could take as its sixth of that colour

# Evaluation weights (in marble points).
W_COUNT = 0.2      # per marble taken or forecast (the first tie-break)
W_SAFE = 0.15      # per ring only this side can reach (up to 3)
W_SIX = 0.35       # six-of-a-colour race, times (count - 2) squared
W_SUPPLY = 0.03    # per piece left in supply
SPREAD_PER_TAKE = 1.5  # uncertainty of the final margin per take still to come
SPREAD_BASE = 1.2
WIN = 1.0
BOUND = 1.01
"""No value reaches it: terminal values are WIN plus at most 0.0076."""

_PASS, _PLACE, _TAKE, _PUT = zb.PASS, zb.PLACE, zb.TAKE, zb.PUT_MOVE
_Node = Board  # the name the tests and older code use


def choose(view: dict, legal: list[str], level: str, rng: random.Random) -> str:
    """Pick one of ``legal`` for the seat to act in ``view`` at ``level``.

    Raises ValueError for an unknown level or an empty ``legal`` list.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
    if not legal:
        raise ValueError("no legal moves to choose from")
    if len(legal) == 1:
        return legal[0]
    node = node_from_view(view)
    encoded = {encode(m): m for m in legal}
    if level == "easy":
        move = _choose_easy(node, list(encoded), rng)
    else:
        search = _Search(NODE_BUDGET[level], MAX_DEPTH[level], use_table=True,
                         widths=WIDTHS[level])
        move = search.run(node, list(encoded), rng)
    return encoded.get(move, legal[0])


def node_from_view(view: dict) -> Board:
    """Build the search board from a ``view`` (bag order unknown: counts only)."""
    return zb.from_view(view)


# ---------------------------------------------------------------------------------------------
# Evaluation and move heuristics


def _values(m: tuple[int, int, int, int], where: int) -> list[int]:
    """The values of the marbles on the rings of ``where``, ascending."""
    return ([1] * (m[1] & where).bit_count() + [2] * (m[2] & where).bit_count()
            + [3] * (m[3] & where).bit_count())


def evaluate(node: Board) -> float:
    """Static value of ``node`` for ``node.seat``: about WIN * (2 P(win) - 1).

    The points already taken plus a forecast of the race for the remaining takes (see
    ``_forecast``), a bonus for a six-of-a-colour race and small terms for put rings and
    pieces in supply. A position whose winner nothing can change any more (``_decided``)
    is valued as a finished game, by its forecast margin.
    """
    me = node.seat
    if node.phase == OVER:
        return _terminal(node, me)
    op = 1 - me
    m = node.m
    marbles = m[1] | m[2] | m[3]
    a0, a1 = node.adj
    empty = node.on & ~(marbles | node.pc[0] | node.pc[1])
    only0, only1 = a0 & ~a1, a1 & ~a0
    safe = [(empty & only0).bit_count(), (empty & only1).bit_count()]
    own = (_values(m, only0), _values(m, only1))
    shared = _values(m, a0 & a1)
    loose = _values(m, marbles & ~(a0 | a1))
    bag = node.bag
    bag_left = bag[0] + bag[1] + bag[2]
    average = (bag[0] + 2 * bag[1] + 3 * bag[2]) / bag_left if bag_left else 0.0
    if node.phase == PUT:
        (own[me] if safe[me] else loose).append(node.drawn)
        first = op
    else:
        first = me
    memo = (tuple(own[0]), tuple(own[1]), tuple(shared), tuple(loose), safe[0] > 0,
            safe[1] > 0, node.supply, first, bag)
    hit = _FORECASTS.get(memo)
    if hit is None:
        if len(_FORECASTS) >= 20_000:  # a few thousand suffice for a whole game
            _FORECASTS.clear()
        after = safe[:]
        gained, taken = _forecast(own, shared, loose, after, list(node.supply), first,
                                  bag_left + 1, average)
        # The forecast gives a seat that takes a safe ring (0 -> 1); the safe term uses it.
        hit = _FORECASTS[memo] = (gained, taken, after[0] - safe[0], after[1] - safe[1])
    gained, taken, more0, more1 = hit
    safe[0] += more0
    safe[1] += more1
    score = (node.pts[me] + gained[me]) - (node.pts[op] + gained[op])
    score += W_COUNT * (sum(node.cap[me]) + taken[me] - sum(node.cap[op]) - taken[op])
    score += W_SAFE * (min(safe[me], 3) - min(safe[op], 3))
    score += W_SUPPLY * (node.supply[me] - node.supply[op])
    score += _six_race(node, me) - _six_race(node, op)
    won = _decided(node)
    if won is not None:
        # Nothing can change the winner: valued as the end of the game, by the margin it
        # forecasts (as a chance it said "lost" of every move, and a lost search placed
        # pieces at random to keep the end beyond its horizon, leaving a free black: pt131)
        margin = (node.pts[me] + gained[me]) - (node.pts[op] + gained[op])
        margin = max(-39.0, min(39.0, margin))
        return WIN + 0.0001 * (40 + margin) if won == me else -WIN - 0.0001 * (40 - margin)
    # As a chance of winning: the colours still to come make the margin uncertain.
    spread = SPREAD_PER_TAKE * math.sqrt(bag_left + 1) + SPREAD_BASE
    return 0.999 * WIN * math.erf(score / spread)


_FORECASTS: dict[tuple, tuple[list[float], list[int]]] = {}
"""``_forecast`` results by their inputs (a pure function: only the speed depends on it)."""


def _forecast(own: tuple[list[int], list[int]], shared: list[int], loose: list[int],
              safe: list[int], supply: list[int], first: int, takes_left: int,
              average: float) -> tuple[list[float], list[int]]:
    """Play the rest of the race abstractly; return the points and takes each seat gains.

    Each turn the seat to act takes its best marble (its own or a shared one); the marble it
    then draws (worth ``average``) goes on a ring only it can reach when it has one, else out
    of reach. A seat that cannot take places a piece next to a marble out of reach (or next
    to one of the other seat's marbles). The arguments are modified.
    """
    own[0].sort()
    own[1].sort()
    shared.sort()
    gained = [0.0, 0.0]
    taken = [0, 0]
    seat = first
    for _ in range(40):
        if takes_left <= 0:
            break
        mine = own[seat]
        best_own = mine[-1] if mine else 0
        best_shared = shared[-1] if shared else 0
        if best_own or best_shared:
            if best_own >= best_shared:
                value = mine.pop()
                safe[seat] = max(safe[seat], 1)  # the vacated ring only it can reach
            else:
                value = shared.pop()
            gained[seat] += value
            taken[seat] += 1
            takes_left -= 1
            if takes_left > 0:
                if safe[seat]:
                    insort(mine, average)
                else:
                    loose.append(average)
        elif supply[seat] > 0:
            supply[seat] -= 1
            if loose:
                loose.sort()
                insort(mine, loose.pop())
                safe[seat] = max(safe[seat], 1)
            elif own[1 - seat]:
                insort(shared, own[1 - seat].pop())
        elif supply[1 - seat] <= 0 and not own[1 - seat] and not shared:
            break  # nobody can do anything: the game ends by passes
        seat = 1 - seat
    return gained, taken


def _six_race(node: Board, seat: int) -> float:
    mine, theirs = node.cap[seat], node.cap[1 - seat]
    total = 0.0
    for k in range(3):
        if theirs[k] == 0 and mine[k] >= 3:
            total += W_SIX * (mine[k] - 2) ** 2
    return total


def _decided(node: Board) -> int | None:
    """The seat that wins whatever is played from ``node`` (None: not decided yet): its
    lead in points is more than the other can still take (the best marbles left, one per
    take still to come: the game ends at the first take with the bag empty) and the other
    cannot reach six of a colour."""
    m, bag = node.m, node.bag
    bag_left = bag[0] + bag[1] + bag[2]
    left = [m[1].bit_count() + bag[0], m[2].bit_count() + bag[1], m[3].bit_count() + bag[2]]
    if node.phase == PUT:
        left[node.drawn - 1] += 1
    lead = node.pts[0] - node.pts[1]
    if lead == 0:
        return None
    leader = 0 if lead > 0 else 1
    takes = bag_left + 1  # (in phase put the drawn marble is out of the bag already)
    best = 0
    for value in (3, 2, 1):
        n = min(takes, left[value - 1])
        best += n * value
        takes -= n
    if abs(lead) <= best:
        return None
    trailer_cap = node.cap[1 - leader]
    if any(trailer_cap[k] + min(left[k], bag_left + 1) >= zb.SIX for k in range(3)):
        return None
    return leader


def _terminal(node: Board, seat: int) -> float:
    diff = node.pts[seat] - node.pts[1 - seat]
    if node.winner is None:
        return 0.0
    # Beyond +-WIN (which no estimate reaches); a bigger margin is a little better.
    if node.winner == seat:
        return WIN + 0.0001 * (40 + diff)
    return -WIN - 0.0001 * (40 - diff)


def _tie_break(node: Board) -> int | None:
    return zb.tie_break(node)


def _move_score(node: Board, move: int) -> float:
    """A quick one-ply score of ``move`` for move ordering and the easy level."""
    kind, i = move >> 6, move & 63
    me = node.seat
    op = 1 - me
    adj_me, adj_op = node.adj[me], node.adj[op]
    if kind == _TAKE:
        c = node.colour_at(i)
        score = 10.0 + 3 * c
        mine, theirs = node.cap[me], node.cap[op]
        if theirs[c - 1] == 0 and mine[c - 1] >= 3:
            score += 3 * mine[c - 1]
        if theirs[c - 1] >= 3 and mine[c - 1] == 0:
            score += 2 * theirs[c - 1]  # deny their six
        return score
    bit = 1 << i
    if kind == _PUT:
        v = node.drawn
        a, b = adj_me & bit, adj_op & bit
        open_sides = (NB[i] & node.empty() & ~adj_me).bit_count()
        if a and not b:
            return 5.0 + v - 0.2 * open_sides
        if b:
            return -v - (0.5 if a else 0.0)
        return 0.5 - 0.1 * open_sides
    if kind == _PLACE:
        score = 0.0
        if adj_me & bit and not adj_op & bit:
            score -= 0.6  # fills one of our own safe rings
        elif adj_op & bit and not adj_me & bit:
            score += 0.8  # takes one of theirs
        around = NB[i] & ~adj_me
        m = node.m
        for c in (1, 2, 3):
            near = m[c] & around
            if near:
                score += c * ((near & ~adj_op).bit_count() + 0.4 * (near & adj_op).bit_count())
        empty = node.empty() & around
        if empty:
            score += 0.35 * (empty & ~adj_op).bit_count() + 0.6 * (empty & adj_op).bit_count()
        return score
    return -1.0


def _choose_easy(node: Board, moves: list[int], rng: random.Random) -> int:
    scored = [(_easy_score(node, m) + rng.gauss(0.0, EASY_NOISE), m) for m in moves]
    return max(scored)[1]


def _easy_score(node: Board, move: int) -> float:
    """The easy level's view of a move: what it gains right now, nothing more.

    It takes the best marble it can, places pieces next to marbles it cannot reach yet and
    likes to put a drawn marble next to its own pieces, without looking at the other side's,
    unless the marble would be the other side's sixth of its colour: a beginner does not
    hand over the game (a play-tester took a black put next to his piece and won).
    """
    kind, i = move >> 6, move & 63
    me = node.seat
    if kind == _TAKE:
        return 4.0 + node.colour_at(i)
    if kind == _PLACE:
        around = NB[i] & ~node.adj[me]
        m = node.m
        return float((m[1] & around).bit_count() + 2 * (m[2] & around).bit_count()
                     + 3 * (m[3] & around).bit_count())
    if kind == _PUT:
        if node.cap[1 - me][node.drawn - 1] >= 5 and node.adj[1 - me] >> i & 1:
            return EASY_GIFT
        return EASY_OWN_PUT if node.adj[me] >> i & 1 else 0.0
    return -1.0


# ---------------------------------------------------------------------------------------------
# Search


class _OutOfBudget(Exception):
    pass


class _Search:
    """Alpha-beta (negamax form) with expectimax at draws, iterative deepening, node budget.

    The chance nodes prune too (Ballard's Star1): each draw is searched with the window that
    would still let the weighted sum land inside the parent's, given that no value leaves
    ``[-BOUND, BOUND]``.
    """

    PLACE_WIDTH = 7   # places tried below the root, best by ``_move_score``
    PUT_WIDTH = 5     # puts tried below the root

    def __init__(self, budget: int, max_depth: int, use_table: bool,
                 widths: tuple[int, int] | None = None) -> None:
        self.budget = budget
        self.max_depth = max_depth
        self.table: dict[tuple, tuple[int, float, int]] | None = {} if use_table else None
        self.nodes = 0
        self.deadline = 0.0
        self.depth_done = 0
        self.partial: dict[int, float] = {}
        self.leaves: dict[tuple, float] = {}  # static values by position
        if widths is not None:
            self.PLACE_WIDTH, self.PUT_WIDTH = widths

    def run(self, root: Board, moves: list[int], rng: random.Random) -> int:
        self.deadline = time.perf_counter() + SAFETY_SECONDS
        order = sorted(moves, key=lambda m: -_move_score(root, m))
        best = order[0]
        decided = _decided(root) is not None  # (only the margin is left to play for)
        for depth in range(1, self.max_depth + 1):
            self.partial = {}
            try:
                scores = self._root(root, order, depth)
            except _OutOfBudget:
                best = self._partial_best(order[0], best)
                break
            self.depth_done = depth
            top = max(scores.values())
            # Among equally good moves pick at random, so games vary; in a decided game the
            # one that gains most at once (a marble taken now rather than a piece placed
            # for the same margin: the player saw a free black left standing, pt135)
            best_moves = [m for m in order if scores[m] >= top - 1e-9]
            best = (max(best_moves, key=lambda m: _move_score(root, m)) if decided
                    else rng.choice(best_moves))
            # The chosen move first: the next iteration searches it first.
            order = sorted(order, key=lambda m: (-scores[m], m != best))
            if abs(top) >= WIN and not decided:  # a forced win or loss: deeper search
                break  # changes nothing (in a game already decided it still finds the margin:
                # at depth 1 a lost side placed pieces at random beside a black to take, pt135)
        return best

    def _partial_best(self, first: int, best: int) -> int:
        """The best move after an iteration stopped by the budget.

        The unfinished iteration searched ``first`` (the previous best) fully, then other
        moves with a window above its value: any of them that finished above it is truly
        better at the deeper depth, so the deepest evidence wins.
        """
        partial = self.partial
        if first != best or first not in partial:
            return best
        top = max(partial, key=lambda m: partial[m])
        return top if partial[top] > partial[first] + 1e-9 else best

    def _root(self, root: Board, order: list[int], depth: int) -> dict[int, float]:
        scores: dict[int, float] = self.partial
        alpha = -float("inf")
        for m in order:
            v = self._child_value(root, m, depth, alpha - 1e-6, float("inf"))
            scores[m] = v
            alpha = max(alpha, v)
        return scores

    def _child_value(self, node: Board, move: int, depth: int, alpha: float,
                     beta: float) -> float:
        child = node.play(move)
        d = depth if node.phase == PUT else depth - 1  # a take and its put: one decision
        if child.phase == DRAW:
            return self._chance(child, d, alpha, beta)
        if child.seat == node.seat:
            return self._search(child, d, alpha, beta)
        return -self._search(child, d, -beta, -alpha)

    def _chance(self, node: Board, depth: int, alpha: float, beta: float) -> float:
        """The expected value over the colours the taker may draw (Star1 pruning).

        Fail-soft: a value at or below ``alpha`` is an upper bound, at or above ``beta`` a
        lower bound, as in ``_search``.
        """
        bag = node.bag
        total = bag[0] + bag[1] + bag[2]
        done = 0.0   # probability-weighted values of the draws searched
        rest = 1.0   # probability of the draws not searched yet
        for k in range(3):
            if not bag[k]:
                continue
            p = bag[k] / total
            rest -= p
            if rest < 1e-12:
                rest = 0.0
            low = (alpha - done - BOUND * rest) / p
            high = (beta - done + BOUND * rest) / p
            v = self._search(node.draw(k + 1), depth, max(low, -BOUND), min(high, BOUND))
            done += p * v
            if v <= low:
                return done + BOUND * rest
            if v >= high:
                return done - BOUND * rest
        return done

    def _search(self, node: Board, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.budget or (not self.nodes & 4095
                                        and time.perf_counter() > self.deadline):
            raise _OutOfBudget
        if node.phase == OVER:
            return _terminal(node, node.seat)
        if depth <= 0:
            leaf = node.key()
            value = self.leaves.get(leaf)
            if value is None:
                value = self.leaves[leaf] = evaluate(node)
            return value
        key = None
        hint = -1
        if self.table is not None:
            key = node.key()
            hit = self.table.get(key)
            if hit is not None:
                hint, value, hit_depth = hit
                if hit_depth >= depth:  # an exact value searched at least as deep
                    return value
        moves = self._candidates(node, hint)
        best, best_move = -float("inf"), moves[0]
        a = alpha
        for m in moves:
            v = self._child_value(node, m, depth, a, beta)
            if v > best:
                best, best_move = v, m
                if v > a:
                    a = v
                    if a >= beta:
                        break
        if key is not None:
            exact = alpha < best < beta
            self.table[key] = (best_move, best if exact else float("nan"),
                               depth if exact else -1)
        return best

    def _candidates(self, node: Board, hint: int) -> list[int]:
        """The moves searched at ``node``, best first by ``_move_score`` (every take; the
        ``PLACE_WIDTH`` best places and ``PUT_WIDTH`` best puts); ``hint`` (the table's best
        move) goes first."""
        out = _ordered(node, self.PLACE_WIDTH, self.PUT_WIDTH)
        if hint >= 0 and hint in out:
            out.remove(hint)
            out.insert(0, hint)
        elif hint >= 0 and hint in node.moves():
            out.insert(0, hint)
        return out


def _ordered(node: Board, place_width: int, put_width: int) -> list[int]:
    """The moves of ``node`` sorted by ``_move_score`` (ties: canonical order), with only the
    best ``place_width`` places and ``put_width`` puts. Computes the same scores as
    ``_move_score`` with the board's sets prepared once."""
    me = node.seat
    adj_me, adj_op = node.adj[me], node.adj[1 - me]
    empty = node.empty()
    if node.phase == PUT:
        v = node.drawn
        open_ = empty & ~adj_me
        scored = []
        for i in zb.bits(empty):
            bit = 1 << i
            if adj_me & bit:
                s = -v - 0.5 if adj_op & bit else 5.0 + v - 0.2 * (NB[i] & open_).bit_count()
            elif adj_op & bit:
                s = -v
            else:
                s = 0.5 - 0.1 * (NB[i] & open_).bit_count()
            scored.append((-s, i))
        scored.sort()
        return [zb.PUT_MOVE << 6 | i for _, i in scored[:put_width]]
    if node.phase != ACT:
        return []
    m = node.m
    out: list[int] = []
    takes = (m[1] | m[2] | m[3]) & adj_me
    if takes:
        out = [_TAKE << 6 | i for i in zb.bits(takes)]
        if len(out) > 1:
            out.sort(key=lambda mv: -_move_score(node, mv))
    if node.supply[me] > 0 and empty:
        free = ~adj_me
        far = ~adj_op
        w1, w2, w3 = m[1] & free, m[2] & free, m[3] & free
        e_far, e_op = empty & free & far, empty & free & adj_op
        scored = []
        for i in zb.bits(empty):
            bit = 1 << i
            nb = NB[i]
            s = 0.0
            if adj_me & bit:
                if not adj_op & bit:
                    s = -0.6
            elif adj_op & bit:
                s = 0.8
            if nb & w1:
                s += (nb & w1 & far).bit_count() + 0.4 * (nb & w1 & adj_op).bit_count()
            if nb & w2:
                s += 2 * ((nb & w2 & far).bit_count() + 0.4 * (nb & w2 & adj_op).bit_count())
            if nb & w3:
                s += 3 * ((nb & w3 & far).bit_count() + 0.4 * (nb & w3 & adj_op).bit_count())
            s += 0.35 * (nb & e_far).bit_count() + 0.6 * (nb & e_op).bit_count()
            scored.append((-s, i))
        scored.sort()
        out += [_PLACE << 6 | i for _, i in scored[:place_width]]
    return out or [zb.PASS]


# ---------------------------------------------------------------------------------------------
# Notation


def encode(move: str) -> int:
    """A move in notation as a search move code (kind << 6 | ring index)."""
    return zb.encode(move)


def _decode(move: int) -> str:
    return zb.decode(move)


def decode_all(moves: Iterable[int]) -> list[str]:
    """Move codes of ``Board.moves`` in notation (for tests)."""
    return [zb.decode(m) for m in moves]
