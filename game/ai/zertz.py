"""Zertz computer opponent: ``choose(view, legal, level, rng) -> move``.

The AI decides from ``view(state, seat)`` and ``legal_moves(state)`` alone. The bag order is
hidden (the view gives counts per colour), so the search treats every draw as a chance node
weighted by those counts (expectimax); a drawn marble that is about to be put is public.

Levels:

- ``easy``: a beginner. Greedy on what a move gains at once, with noise: it takes the best
  marble it can and places pieces next to marbles, but puts a drawn marble without asking
  whether the other side can reach it.
- ``normal`` (the former hard): alpha-beta (negamax) over both sides' moves with
  expectimax at the draws, iteratively deepened until ``NODE_BUDGET["normal"]`` positions
  are searched, with a transposition table, move ordering from the previous iteration and
  pruned lists of places and puts below the root. It usually completes depth 3 or 4 (a take
  and its put count as one decision).
- ``hard``: the same search with a larger budget (``NODE_BUDGET["hard"]``, about 1 s of CPU
  at most on the development machine). Measured, the extra depth and the evaluation
  variants tried (live six-of-a-colour races, a larger weight on safe rings, a narrower
  spread) did not beat normal clearly in small samples: this game's outcome is mostly the
  draws once both sides search (see the README's figures).

Effort is counted in positions searched, never in seconds: a given view, level and ``rng``
seed give the same move on any machine under any load. ``SAFETY_SECONDS`` is only a net
for a pathological case far above the normal decision time; it should never trigger.

The evaluation is a chance of winning: the points taken plus a forecast of the race for the
remaining takes (who takes next, which marbles each side can reach, where each side can put
the marbles it will draw), turned into a probability by the uncertainty of the colours still
to come. Measured with ``tools/simulate.py``; see ``NODE_BUDGET`` for the effort per move.

The search runs on its own compact board (``_Node``: lists indexed like ``rules.RINGS``);
a test checks that it follows the rules module move for move.
"""

from __future__ import annotations

import math
import random
import time
from bisect import insort
from collections.abc import Iterable

from game.rules import zertz as rules

LEVELS = ("easy", "normal", "hard")

NODE_BUDGET: dict[str, int] = {"easy": 0, "normal": 22_000, "hard": 26_000}
"""Positions a level may search per move; an iteration that would exceed it is abandoned
and the last completed one decides (or a move the unfinished one proved better). 22,000 took
p50 0.49 s, p95 0.79 s of CPU time over 405 decisions on the 2-core development machine
(``tools/simulate.py zertz --a hard --b normal --games 20``, when it was hard's budget)."""

SAFETY_SECONDS = 20.0
"""A wall-clock net far above any normal decision (hard needs about 1 s at most): it only
guards against a pathological position and should never trigger. When it does, the move
may depend on the machine's speed."""

MAX_DEPTH: dict[str, int] = {"easy": 0, "normal": 30, "hard": 30}  # easy does not search
"""Deepest iteration per level (in decisions; a take and its put count as one)."""

EASY_NOISE = 0.5    # spread of the easy level's random preference
EASY_OWN_PUT = 0.6  # how much the easy level likes putting a marble next to its own pieces

# Evaluation weights (in marble points).
W_COUNT = 0.2      # per marble taken or forecast (the first tie-break)
W_SAFE = 0.15      # per ring only this side can reach (up to 3)
W_SIX = 0.35       # six-of-a-colour race, times (count - 2) squared
W_SUPPLY = 0.03    # per piece left in supply
SPREAD_PER_TAKE = 1.5  # uncertainty of the final margin per take still to come
SPREAD_BASE = 1.2
WIN = 1.0

# Board as indices (cell codes: 0 empty, 1..3 marble white/grey/black, 4 + seat a piece).
_N = len(rules.RINGS)
_NB = [tuple(rules.RING_INDEX[n] for n in rules.NEIGHBOURS[r]) for r in rules.RINGS]
_COLOUR_CODE = {c: i + 1 for i, c in enumerate(rules.COLOURS)}
_PIECE = 4
ACT, PUT, DRAW, OVER = range(4)
_PASS, _PLACE, _TAKE, _PUT = range(4)
_VERBS = ("pass", "place", "take", "put")


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
        search = _Search(NODE_BUDGET[level], MAX_DEPTH[level], use_table=True)
        move = search.run(node, list(encoded), rng)
    return encoded.get(move, legal[0])


def node_from_view(view: dict) -> _Node:
    """Build the search board from a ``view`` (bag order unknown: counts only).

    A full ``dump`` is accepted too; only the counts of its bag are used.
    """
    node = _Node.__new__(_Node)
    node.on = [False] * _N
    for name in view["rings"]:
        node.on[rules.RING_INDEX[name]] = True
    node.cell = [0] * _N
    for name, colour in view["marbles"].items():
        node.cell[rules.RING_INDEX[name]] = _COLOUR_CODE[colour]
    node.adj = [[0] * _N, [0] * _N]
    for name, seat in view["pieces"].items():
        i = rules.RING_INDEX[name]
        node.cell[i] = _PIECE + seat
        for j in _NB[i]:
            node.adj[seat][j] += 1
    node.supply = list(view["supply"])
    node.cap = [[tray[c] for c in rules.COLOURS] for tray in view["captured"]]
    node.pts = [sum(n * v for n, v in zip(tray, (1, 2, 3))) for tray in node.cap]
    phase = view.get("phase", "act")
    bag, drawn = view["bag"], view.get("drawn")
    if isinstance(bag, list):  # a full dump: use the counts only, as a view would give them
        if phase == "put":
            bag, drawn = bag[1:], bag[0]
        bag = {c: bag.count(c) for c in rules.COLOURS}
    node.bag = [bag[c] for c in rules.COLOURS]
    node.passes = view.get("passes", 0)
    node.winner = None
    if phase == "over":
        node.phase, node.seat, node.drawn = OVER, 0, 0
        node.winner = view["result"]["winner"]
    else:
        node.seat = view["to_move"]
        node.phase = PUT if phase == "put" else ACT
        node.drawn = _COLOUR_CODE[drawn] if phase == "put" else 0
    return node


class _Node:
    """A search position; ``play``/``draw`` return new nodes (lists shared until changed)."""

    __slots__ = ("adj", "bag", "cap", "cell", "drawn", "on", "passes", "phase", "pts", "seat",
                 "supply", "winner")

    def copy(self) -> _Node:
        new = _Node.__new__(_Node)
        new.on = self.on
        new.cell = self.cell[:]
        new.adj = self.adj
        new.supply = self.supply
        new.cap = self.cap
        new.pts = self.pts
        new.bag = self.bag
        new.seat = self.seat
        new.phase = self.phase
        new.drawn = self.drawn
        new.passes = self.passes
        new.winner = self.winner
        return new

    def moves(self) -> list[int]:
        """Legal moves as codes (kind << 6 | ring), in the rules' canonical order."""
        cell, on = self.cell, self.on
        if self.phase == PUT:
            return [_PUT << 6 | i for i in range(_N) if on[i] and cell[i] == 0]
        if self.phase != ACT:
            return []
        seat = self.seat
        out = []
        if self.supply[seat] > 0:
            out = [_PLACE << 6 | i for i in range(_N) if on[i] and cell[i] == 0]
        adj = self.adj[seat]
        out += [_TAKE << 6 | i for i in range(_N) if 0 < cell[i] < _PIECE and adj[i]]
        return out or [_PASS]

    def play(self, move: int) -> _Node:
        kind, i = move >> 6, move & 63
        new = self.copy()
        seat = self.seat
        if kind == _PLACE:
            new.cell[i] = _PIECE + seat
            new.supply = self.supply[:]
            new.supply[seat] -= 1
            mine = self.adj[seat][:]
            for j in _NB[i]:
                mine[j] += 1
            new.adj = [mine, self.adj[1]] if seat == 0 else [self.adj[0], mine]
            new.seat = 1 - seat
            new.passes = 0
        elif kind == _PUT:
            new.cell[i] = self.drawn
            new.drawn = 0
            new.phase = ACT
            new.seat = 1 - seat
            new.passes = 0
        elif kind == _TAKE:
            colour = self.cell[i]
            cell = new.cell
            cell[i] = 0
            on = self.on[:]
            new.on = on
            for x in (i, *[j for j in _NB[i] if on[j] and cell[j] == 0]):
                if not any(on[y] and cell[y] for y in _NB[x]):
                    on[x] = False
            new.cap = [self.cap[0][:], self.cap[1][:]]
            new.cap[seat][colour - 1] += 1
            new.pts = self.pts[:]
            new.pts[seat] += colour
            new.passes = 0
            if new.cap[seat][colour - 1] >= 6:
                new.phase, new.winner = OVER, seat
            elif sum(self.bag) == 0:
                new.phase, new.winner = OVER, _tie_break(new)
            else:
                new.phase = DRAW
        else:
            new.passes = self.passes + 1
            if new.passes >= 2:
                new.phase, new.winner = OVER, _tie_break(new)
            else:
                new.seat = 1 - seat
        return new

    def draw(self, colour: int) -> _Node:
        """The taker draws ``colour`` (1..3) from the bag: phase put."""
        new = self.copy()
        new.bag = self.bag[:]
        new.bag[colour - 1] -= 1
        new.drawn = colour
        new.phase = PUT
        return new

    def key(self) -> tuple:
        return (tuple(self.cell), tuple(self.on), self.seat, self.phase, self.drawn,
                self.passes, tuple(self.supply), tuple(self.cap[0]), tuple(self.cap[1]))


# ---------------------------------------------------------------------------------------------
# Evaluation and move heuristics


def evaluate(node: _Node) -> float:
    """Static value of ``node`` for ``node.seat``: about WIN * (2 P(win) - 1).

    The points already taken plus a forecast of the race for the remaining takes (see
    ``_forecast``), a bonus for a six-of-a-colour race and small terms for put rings and
    pieces in supply.
    """
    me = node.seat
    if node.phase == OVER:
        return _terminal(node, me)
    op = 1 - me
    cell, on = node.cell, node.on
    adj0, adj1 = node.adj
    own: tuple[list[int], list[int]] = ([], [])
    shared: list[int] = []
    loose: list[int] = []
    safe = [0, 0]
    for c, there, a0, a1 in zip(cell, on, adj0, adj1):
        if c >= _PIECE or not there:
            continue
        if c == 0:
            if a0 and not a1:
                safe[0] += 1
            elif a1 and not a0:
                safe[1] += 1
        elif a0 and a1:
            shared.append(c)
        elif a0:
            own[0].append(c)
        elif a1:
            own[1].append(c)
        else:
            loose.append(c)
    bag = node.bag
    bag_left = bag[0] + bag[1] + bag[2]
    average = (bag[0] + 2 * bag[1] + 3 * bag[2]) / bag_left if bag_left else 0.0
    if node.phase == PUT:
        (own[me] if safe[me] else loose).append(node.drawn)
        first = op
    else:
        first = me
    gained, taken = _forecast(own, shared, loose, safe, list(node.supply), first,
                              bag_left + 1, average)
    score = (node.pts[me] + gained[me]) - (node.pts[op] + gained[op])
    score += W_COUNT * (sum(node.cap[me]) + taken[me] - sum(node.cap[op]) - taken[op])
    score += W_SAFE * (min(safe[me], 3) - min(safe[op], 3))
    score += W_SUPPLY * (node.supply[me] - node.supply[op])
    score += _six_race(node, me) - _six_race(node, op)
    # As a chance of winning: the colours still to come make the margin uncertain.
    spread = SPREAD_PER_TAKE * math.sqrt(bag_left + 1) + SPREAD_BASE
    return 0.999 * WIN * math.erf(score / spread)


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


def _six_race(node: _Node, seat: int) -> float:
    mine, theirs = node.cap[seat], node.cap[1 - seat]
    total = 0.0
    for k in range(3):
        if theirs[k] == 0 and mine[k] >= 3:
            total += W_SIX * (mine[k] - 2) ** 2
    return total


def _terminal(node: _Node, seat: int) -> float:
    diff = node.pts[seat] - node.pts[1 - seat]
    if node.winner is None:
        return 0.0
    # Beyond +-WIN (which no estimate reaches); a bigger margin is a little better.
    if node.winner == seat:
        return WIN + 0.0001 * (40 + diff)
    return -WIN - 0.0001 * (40 - diff)


def _tie_break(node: _Node) -> int | None:
    p0, p1 = node.pts
    if p0 != p1:
        return 0 if p0 > p1 else 1
    n0, n1 = sum(node.cap[0]), sum(node.cap[1])
    if n0 != n1:
        return 0 if n0 > n1 else 1
    return None


def _move_score(node: _Node, move: int) -> float:
    """A quick one-ply score of ``move`` for move ordering and the easy level."""
    kind, i = move >> 6, move & 63
    me = node.seat
    op = 1 - me
    cell, on = node.cell, node.on
    adj_me, adj_op = node.adj[me], node.adj[op]
    if kind == _TAKE:
        c = cell[i]
        score = 10.0 + 3 * c
        mine, theirs = node.cap[me], node.cap[op]
        if theirs[c - 1] == 0 and mine[c - 1] >= 3:
            score += 3 * mine[c - 1]
        if theirs[c - 1] >= 3 and mine[c - 1] == 0:
            score += 2 * theirs[c - 1]  # deny their six
        return score
    if kind == _PUT:
        v = node.drawn
        a, b = adj_me[i], adj_op[i]
        open_sides = sum(1 for j in _NB[i] if on[j] and cell[j] == 0 and not adj_me[j])
        if a and not b:
            return 5.0 + v - 0.2 * open_sides
        if b:
            return -v - (0.5 if a else 0.0)
        return 0.5 - 0.1 * open_sides
    if kind == _PLACE:
        score = 0.0
        if adj_me[i] and not adj_op[i]:
            score -= 0.6  # fills one of our own safe rings
        elif adj_op[i] and not adj_me[i]:
            score += 0.8  # takes one of theirs
        for j in _NB[i]:
            if not on[j]:
                continue
            c = cell[j]
            if 0 < c < _PIECE:
                if not adj_me[j]:
                    score += c * (1.0 if not adj_op[j] else 0.4)
            elif c == 0:
                if not adj_me[j] and not adj_op[j]:
                    score += 0.35
                elif adj_op[j] and not adj_me[j]:
                    score += 0.6
        return score
    return -1.0


def _choose_easy(node: _Node, moves: list[int], rng: random.Random) -> int:
    scored = [(_easy_score(node, m) + rng.gauss(0.0, EASY_NOISE), m) for m in moves]
    return max(scored)[1]


def _easy_score(node: _Node, move: int) -> float:
    """The easy level's view of a move: what it gains right now, nothing more.

    It takes the best marble it can, places pieces next to marbles it cannot reach yet and
    likes to put a drawn marble next to its own pieces, without looking at the other side's.
    """
    kind, i = move >> 6, move & 63
    me = node.seat
    cell, on = node.cell, node.on
    if kind == _TAKE:
        return 4.0 + cell[i]
    if kind == _PLACE:
        return sum(cell[j] for j in _NB[i]
                   if on[j] and 0 < cell[j] < _PIECE and not node.adj[me][j])
    if kind == _PUT:
        return EASY_OWN_PUT if node.adj[me][i] else 0.0
    return -1.0


# ---------------------------------------------------------------------------------------------
# Search


class _OutOfBudget(Exception):
    pass


class _Search:
    """Alpha-beta (negamax form) with expectimax at draws, iterative deepening, node budget."""

    PLACE_WIDTH = 7   # places tried below the root, best by ``_move_score``
    PUT_WIDTH = 5     # puts tried below the root

    def __init__(self, budget: int, max_depth: int, use_table: bool) -> None:
        self.budget = budget
        self.max_depth = max_depth
        self.table: dict[tuple, tuple[int, float, int]] | None = {} if use_table else None
        self.nodes = 0
        self.deadline = 0.0
        self.depth_done = 0
        self.partial: dict[int, float] = {}

    def run(self, root: _Node, moves: list[int], rng: random.Random) -> int:
        self.deadline = time.perf_counter() + SAFETY_SECONDS
        order = sorted(moves, key=lambda m: -_move_score(root, m))
        best = order[0]
        for depth in range(1, self.max_depth + 1):
            self.partial = {}
            try:
                scores = self._root(root, order, depth)
            except _OutOfBudget:
                best = self._partial_best(order[0], best)
                break
            self.depth_done = depth
            top = max(scores.values())
            # Among equally good moves pick at random, so games vary.
            best_moves = [m for m in order if scores[m] >= top - 1e-9]
            best = rng.choice(best_moves)
            # The chosen move first: the next iteration searches it first.
            order = sorted(order, key=lambda m: (-scores[m], m != best))
            if abs(top) >= WIN:  # a forced win or loss: deeper search changes nothing
                break
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

    def _root(self, root: _Node, order: list[int], depth: int) -> dict[int, float]:
        scores: dict[int, float] = self.partial
        alpha = -float("inf")
        for m in order:
            v = self._child_value(root, m, depth, alpha - 1e-6, float("inf"))
            scores[m] = v
            alpha = max(alpha, v)
        return scores

    def _child_value(self, node: _Node, move: int, depth: int, alpha: float,
                     beta: float) -> float:
        child = node.play(move)
        d = depth if node.phase == PUT else depth - 1  # a take and its put: one decision
        if child.phase == DRAW:
            return self._chance(child, d)
        if child.seat == node.seat:
            return self._search(child, d, alpha, beta)
        return -self._search(child, d, -beta, -alpha)

    def _chance(self, node: _Node, depth: int) -> float:
        total = sum(node.bag)
        value = 0.0
        for k in range(3):
            if node.bag[k]:
                value += node.bag[k] / total * self._search(node.draw(k + 1), depth,
                                                            -float("inf"), float("inf"))
        return value

    def _search(self, node: _Node, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.budget or (not self.nodes & 4095
                                        and time.perf_counter() > self.deadline):
            raise _OutOfBudget
        if node.phase == OVER:
            return _terminal(node, node.seat)
        if depth <= 0:
            return evaluate(node)
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

    def _candidates(self, node: _Node, hint: int) -> list[int]:
        moves = node.moves()
        if len(moves) <= 1:
            return moves
        scored = sorted(moves, key=lambda m: -_move_score(node, m))
        if node.phase == PUT:
            out = scored[: self.PUT_WIDTH]
        else:
            takes = [m for m in scored if m >> 6 == _TAKE]
            places = [m for m in scored if m >> 6 == _PLACE][: self.PLACE_WIDTH]
            out = takes + places or scored
        if hint >= 0 and hint in moves:
            out = [hint] + [m for m in out if m != hint]
        return out


# ---------------------------------------------------------------------------------------------
# Notation


def encode(move: str) -> int:
    """A move in notation as a search move code (kind << 6 | ring index)."""
    words = move.split()
    kind = _VERBS.index(words[0])
    return kind << 6 | (rules.RING_INDEX[words[1]] if len(words) > 1 else 0)


def _decode(move: int) -> str:
    kind, i = move >> 6, move & 63
    return "pass" if kind == _PASS else f"{_VERBS[kind]} {rules.RINGS[i]}"


def decode_all(moves: Iterable[int]) -> list[str]:
    """Move codes of ``_Node.moves`` in notation (for tests)."""
    return [_decode(m) for m in moves]
