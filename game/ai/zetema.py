"""Zetema computer opponent: ``choose(view, legal, level, rng) -> move``.

The AI decides from ``view(state, seat)`` and ``legal_moves(state)`` alone: its own hand,
the public piles, the marriage pile, the card counts and the scores. The unseen cards (the
other hands and the stock) are known only as a multiset: the deck minus what this seat can
see; the AI reasons over that multiset (card counting), never over where a card really is.

A turn is planned as a whole: an optional meld, then a discard. Every plan ends in a
``keep`` (the hand after the discard) and updated piles; the plan evaluation scores a plan as
its points now plus an evaluation of what it leaves:

- zetema outlook: for each rank still open, the chance this seat discards its fifth card,
  from the cards of the rank it holds, those on the pile and those unseen (a discard that
  makes the fourth card while the fifth is unseen hands the next seats a chance); the
  opponents' expected share counts against it, more so when it would take them to the goal.
- meld outlook: the meld points the keep can expect at the next turn, averaged exactly over
  the unseen card that would be drawn, scaled by the draws left, a flush planned over all
  the remaining draws (a small dynamic programme: five cards of a suit score a flush
  whenever one more comes, and a flush gives back five of its six cards, so the duplicated
  suit is worth farming) and the chance of drawing the missing cards of an assembly.

Levels:

- ``easy``: the biggest meld now; otherwise a zetema when one is on offer, else a random
  discard that does not make a fourth card of a rank (when it can avoid it).
- ``normal`` (the former hard): the plan evaluation's best move; marriages that deny the
  kings' and queens' zetemas; an immediate win taken at once. With two players and an empty
  stock the other hand is known exactly, and it solves the rest of the deal by alpha-beta
  search (the extra turn after a zetema included), falling back to the evaluation if that
  would take more than ``ENDGAME_NODES`` positions.
- ``hard``: the same endgame search; before it, the evaluation's ``CANDIDATES`` best moves
  are compared by ``PLAYOUTS`` determinized playouts (``game.ai.zetema_lookahead``): the
  hidden cards dealt at random consistently with the view (and with the cards each seat is
  known to hold: ``KNOWN``, which the table adds), every seat then following the
  evaluation until this seat decides again, so the other seats' answers (a fifth card they
  hold, a meld they complete) are seen rather than estimated. Its own moves are scored by
  the evaluation with what the others showed (``RECALL_PLAN``): a discard that hands a seat
  known to hold the fifth card its zetema, or a king or queen to a seat known to hold the
  partner, costs what it hands over.
  Measured with two players (``tools/simulate.py zetema --players 2 --levels hard,normal
  --games 20``, seeds 1 and 2): 18 wins to 22 in 40 games, not yet better than normal; the
  playout policy and the leaf value need tuning.

Effort is counted in work (playouts, positions), never in seconds: a given view, level and
seed give the same move on any machine under any load.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.ai import deal_moves
from game.ai import zetema_lookahead as lookahead
from game.rules import zetema as rules

LEVELS = ("easy", "normal", "hard")

N_RANKS = 13
KING, QUEEN = rules.KING, rules.QUEEN
ZETEMA = rules.ZETEMA_POINTS
ASSEMBLY = rules.ASSEMBLY_POINTS
CARDS = rules.ALL_CARDS                      # index = rank * 4 + suit
INDEX = {c: i for i, c in enumerate(CARDS)}
WINDOWS = tuple(sum(1 << ((start + i) % N_RANKS) for i in range(rules.RUN))
                for start in range(9))
"""Rank bitmasks of the nine straights, A-6 up to 9-A (bit r = rank index r)."""
ENDGAME_NODES = 12_000
"""Positions the hard level may solve in a two-player endgame before falling back (about
0.15 s; almost every endgame needs far fewer). A count, not a time, so a given view, level
and seed give the same move on any machine under any load."""
SAFETY_SECONDS = 20.0
"""A wall-clock net far above any normal decision: it only guards against a pathological
position and should never trigger (when it does, the move may depend on the machine)."""
WIN = 10_000.0
FUTURE = 0.9
"""Points still to come count this much of points scored now (banked is better)."""


@dataclass(frozen=True)
class Params:
    """Weights of a level's evaluation (points are game points)."""

    rival: float          # weight of an opponent's expected zetema against one's own
    stock_aware: bool     # unseen cards may still be drawn by this seat
    horizon: float        # meld outlook per remaining draw of this seat
    horizon_cap: float    # ... at most this many times the next turn's outlook
    hold: float           # a zetema held for sure counts this much of its points
    goal_guard: float     # extra weight of an opponent's zetema that reaches the goal
    deny: bool            # a marriage counts the kings' and queens' zetemas it kills
    flush_plan: float     # weight of the flush plan over the remaining draws (0: none)
    assembly_plan: float  # weight of the chance to complete an assembly (0: none)
    recall: bool = False  # counts the cards the others are known to hold (``KNOWN``)


PLAN = Params(rival=1.0, stock_aware=True, horizon=0.5, horizon_cap=3.0, hold=FUTURE,
              goal_guard=4.0, deny=True, flush_plan=1.0, assembly_plan=0.8)
"""The plan evaluation of normal (and hard's playout policy)."""
RECALL_PLAN = replace(PLAN, recall=True)
"""Hard's evaluation of its own moves: the plan evaluation, and what the others showed. A
discard that makes the fourth card of a rank whose fifth another seat is known to hold (it
showed it in a meld, back in its hand) hands it the zetema and a turn more; a king or queen
discarded while another seat is known to hold its partner hands it a marriage from the pile
(pt141 saw hard do both, again and again)."""
KNOWN_ZETEMA = 1.5
"""A zetema handed to a seat known to hold the fifth card costs its points this many times
(the turn it plays again comes with it), whatever the number of seats."""
KNOWN_MARRIAGE = 10.0
"""A king or queen discarded while another seat is known to hold its partner costs this
much (the marriage it can then declare from the pile)."""
UNSEEN_MARRIAGE = 0.6
"""... and while its partner is unseen (not in this hand), this share of it, times the
chance that a copy of the partner is or comes into another hand (a play-tester saw hard
throw kings onto the pile for the others to marry, twice in one deal: pt165)."""

CANDIDATES = 4
"""Hard looks ahead at this many of the evaluation's best moves ..."""
CANDIDATE_MARGIN = 40.0
"""... those within this many points of the best one."""
PLAYOUTS = 112
"""Determinized playouts hard spends per decision with two players, shared among its
candidates (with more players each playout is longer: the count is divided by the number of
opponents, at least two per candidate)."""


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
    table = _Table.from_view(view)
    if level == "easy":
        move = _choose_easy(table, legal, rng)
    else:
        move = None
        if table.players == 2 and table.stock == 0:
            move = _Endgame(table).choose(legal, rng)
        if move is None:
            planner = _Planner(table, RECALL_PLAN if level == "hard" else PLAN)
            if level == "hard":
                move = _look_ahead(view, planner.scores(legal), rng)
            else:
                move = planner.choose(legal, rng)
    return move if move in legal else legal[0]


def _look_ahead(view: dict, scored: list[tuple[float, str]], rng: random.Random) -> str:
    """Hard: the evaluation's best few moves compared by determinized playouts."""
    ranked = sorted(scored, key=lambda vm: -vm[0])      # stable: ties keep the legal order
    best = ranked[0][0]
    if best >= WIN:
        return ranked[0][1]
    candidates = [m for v, m in ranked[:CANDIDATES] if v >= best - CANDIDATE_MARGIN]
    opponents = len(view["hands"]) - 1
    samples = max(2, PLAYOUTS // (len(candidates) * opponents))
    return lookahead.choose(view, candidates, plan_scores, hand_outlook, samples, rng)


def hand_outlook(view: dict) -> float:
    """What the plan evaluation expects of the hand of the view's seat as it stands."""
    t = _Table.from_view(view)
    return _Planner(t, PLAN)._evaluate(list(t.hand), list(t.pile), t.married)


def plan_scores(view: dict, legal: list[str]) -> list[tuple[float, str]]:
    """The plan evaluation of every move of ``legal`` for the seat of ``view``."""
    return _Planner(_Table.from_view(view), PLAN).scores(legal)


# ---------------------------------------------------------------------------------------------
# What the seat knows


class _Table:
    """The view digested: counts by card index and by rank, unseen cards, scores."""

    __slots__ = ("hand", "known", "known_rank", "limit", "married", "pile", "pile_cards",
                 "players", "scores", "seat", "stock", "target", "unseen", "unseen_rank",
                 "unseen_total")

    @classmethod
    def from_view(cls, view: dict) -> _Table:
        t = cls.__new__(cls)
        t.seat = view["seat"] if "seat" in view else view["to_move"]
        t.players = view.get("players", len(view["hands"]))
        t.limit = rules.hand_limit(t.players)
        t.hand = list(view["hands"][t.seat])
        t.scores = list(view["scores"])
        t.target = view["target"]
        piles = view["piles"]
        t.pile_cards = {r: list(piles.get(r, [])) for r in rules.RANKS}
        t.pile = [len(t.pile_cards[r]) for r in rules.RANKS]
        marriage_pile = view.get("marriage_pile") or []
        t.married = bool(marriage_pile)
        stock = view["stock"]
        t.stock = stock if isinstance(stock, int) else len(stock)
        unseen = [0] * len(CARDS)
        for card in rules.deck(view.get("double", "S")):
            unseen[INDEX[card]] += 1
        for group in (t.hand, marriage_pile, *t.pile_cards.values()):
            for card in group:
                unseen[INDEX[card]] -= 1
        t.unseen = unseen
        t.unseen_rank = [sum(unseen[r * 4:r * 4 + 4]) for r in range(N_RANKS)]
        t.unseen_total = sum(unseen)
        # the unseen cards the other seats are known to hold (``KNOWN``), together
        t.known = Counter()
        for s, cards in enumerate(view.get(KNOWN) or ()):
            if s != t.seat:
                t.known.update(c for c in cards if c in INDEX)
        for card, n in list(t.known.items()):
            t.known[card] = min(n, max(0, unseen[INDEX[card]]))
        t.known_rank = [0] * N_RANKS
        for card, n in t.known.items():
            t.known_rank[rules.CARD_RANK[card]] += n
        return t

    def zetema_value(self, rank: int, married: bool | None = None) -> int:
        married = self.married if married is None else married
        if married and rank in (KING, QUEEN):
            return 0
        return ZETEMA[rank]


def _parse(move: str) -> tuple[str, str, list[str]]:
    """``"meld flush ..."`` -> ("meld", "flush", tokens); ``"discard 7C"`` -> ("discard", "", [7C])."""
    words = move.split()
    if words[0] == "discard":
        return "discard", "", words[1:]
    return "meld", words[1], words[2:]


# ---------------------------------------------------------------------------------------------
# Easy


def _choose_easy(table: _Table, legal: list[str], rng: random.Random) -> str:
    melds = [m for m in legal if m.startswith("meld")]
    if melds:
        best = max(rules.meld_value(_parse(m)[1], _parse(m)[2]) for m in melds)
        return rng.choice([m for m in melds
                           if rules.meld_value(_parse(m)[1], _parse(m)[2]) == best])
    cards = [m.split()[1] for m in legal]
    zetemas = [c for c in cards if table.pile[rules.CARD_RANK[c]] == 4
               and table.zetema_value(rules.CARD_RANK[c])]
    if zetemas:
        return "discard " + max(zetemas, key=lambda c: ZETEMA[rules.CARD_RANK[c]])
    mine = [0] * N_RANKS
    for c in table.hand:
        mine[rules.CARD_RANK[c]] += 1
    safe = [c for c in cards
            if not (table.pile[rules.CARD_RANK[c]] == 3 and mine[rules.CARD_RANK[c]] == 1)]
    return "discard " + rng.choice(safe or cards)


# ---------------------------------------------------------------------------------------------
# Normal and hard: plan evaluation


class _Planner:
    """Scores every (meld, discard) plan of the turn and picks the best."""

    def __init__(self, table: _Table, params: Params):
        self.t = table
        self.p = params
        t = table
        opponents = [s for s in range(t.players) if s != t.seat]
        self.best_rival = max((t.scores[s] for s in opponents), default=0)
        self.rival = params.rival / max(1, t.players - 1)
        self.draw_share = 0.0
        if params.stock_aware and t.unseen_total:
            self.draw_share = (t.stock / t.unseen_total) / t.players
        # Draws this seat can still expect (one per turn while the stock lasts).
        self.my_draws = t.stock / t.players
        self.suit_unseen = [sum(t.unseen[r * 4 + s] for r in range(N_RANKS)) for s in range(4)]

    # -- choosing -------------------------------------------------------------------------

    def choose(self, legal: list[str], rng: random.Random) -> str:
        scored = self.scores(legal)
        best = max(v for v, _ in scored)
        return rng.choice([m for v, m in scored if v >= best - 1e-9])

    def scores(self, legal: list[str]) -> list[tuple[float, str]]:
        """``(value, move)`` for every move of ``legal``: points now plus the outlook left;
        a move that reaches the goal at once is worth ``WIN``."""
        t = self.t
        my_score = t.scores[t.seat]
        melds = [m for m in legal if m.startswith("meld")]
        discards = [m.split()[1] for m in legal if m.startswith("discard")]
        scored: list[tuple[float, str]] = []
        if discards:
            base = self._discard_values(t.hand, list(t.pile), t.married)
        for c in discards:
            r = rules.CARD_RANK[c]
            if t.pile[r] == 4 and my_score + t.zetema_value(r) >= t.target:
                scored.append((WIN, "discard " + c))
            else:
                scored.append((base[c], "discard " + c))
        for m in melds:
            kind, tokens = _parse(m)[1:]
            points = rules.meld_value(kind, tokens)
            if my_score + points >= t.target:
                value = WIN
            elif kind != "marriage":
                value = points + max(base[c] for c in tokens)
            else:
                value = points + self._marriage_value(tokens)
            scored.append((value, m))
        return scored

    def _marriage_value(self, tokens: list[str]) -> float:
        """The best discard's value after melding the marriage ``tokens``."""
        hand = list(self.t.hand)
        pile = list(self.t.pile)
        for token in tokens:
            if token.endswith(rules.PILE):
                pile[rules.CARD_RANK[token[:-len(rules.PILE)]]] -= 1
            else:
                hand.remove(token)
        married = True if self.p.deny else self.t.married
        if not hand:
            return self._evaluate([], pile, married)
        return max(self._discard_values(hand, pile, married).values())

    def _discard_values(self, hand: list[str], pile: list[int], married: bool) -> dict[str, float]:
        """Value of each distinct discard from ``hand``: zetema now plus the outlook left."""
        t = self.t
        out: dict[str, float] = {}
        for c in dict.fromkeys(hand):
            r = rules.CARD_RANK[c]
            keep = list(hand)
            keep.remove(c)
            after = list(pile)
            after[r] += 1
            now = 0.0
            if after[r] == rules.PER_RANK:
                z = t.zetema_value(r, married)
                now = z
                if z and t.players == 2 and t.stock == 0:
                    now += 3.0      # and plays again at once
            out[c] = now + self._evaluate(keep, after, married) - self._marriage_handed(c)
        return out

    def _marriage_handed(self, card: str) -> float:
        """What discarding ``card`` may hand another seat: a marriage from the pile with its
        partner (a king's queen of the suit, a queen's king), for sure if a seat is known
        to hold it, else by the chance that a copy unseen is or comes into another hand
        (``recall`` only; none while this hand holds a partner: it marries first)."""
        r = rules.CARD_RANK[card]
        if not self.p.recall or r not in (KING, QUEEN):
            return 0.0
        t = self.t
        partner = CARDS[(QUEEN if r == KING else KING) * 4 + INDEX[card] % 4]
        if t.known[partner]:
            return KNOWN_MARRIAGE
        unseen = t.unseen[INDEX[partner]]
        if not unseen or partner in t.hand:
            return 0.0
        return KNOWN_MARRIAGE * UNSEEN_MARRIAGE * (1.0 - self.draw_share ** unseen)

    # -- evaluation -----------------------------------------------------------------------

    def _evaluate(self, keep: list[str], pile: list[int], married: bool) -> float:
        return self._zetema_outlook(keep, pile, married) + self._meld_outlook(keep)

    def _zetema_outlook(self, keep: list[str], pile: list[int], married: bool) -> float:
        t, p = self.t, self.p
        mine = [0] * N_RANKS
        for c in keep:
            mine[rules.CARD_RANK[c]] += 1
        total = 0.0
        share = self.draw_share
        for r in range(N_RANKS):
            z = t.zetema_value(r, married)
            if not z or pile[r] >= rules.PER_RANK:
                continue
            h, u = mine[r], t.unseen_rank[r]
            if u == 0:
                mine_p = 1.0 if h else 0.0
            elif h == 0:
                mine_p = share
            else:
                mine_p = (h + u * share) / (h + u)
            rival = self.rival
            if p.goal_guard and self.best_rival + z >= t.target:
                rival *= 1.0 + p.goal_guard
            if pile[r] == 4 and h == 0:
                # The fifth card is unseen: an opponent holding it scores at once.
                rival *= 1.5
                if p.recall and t.known_rank[r]:  # ... and one is known to hold it
                    mine_p, rival = 0.0, max(rival, KNOWN_ZETEMA)
            total += z * (p.hold * mine_p - rival * (1.0 - mine_p))
        return total

    def _meld_outlook(self, keep: list[str]) -> float:
        """Meld points the keep can expect: one already in it counts once (discounted); what
        the next draw may add counts once per remaining draw (``horizon``)."""
        t, p = self.t, self.p
        rc = [0] * N_RANKS
        sc = [0, 0, 0, 0]
        sm = [0, 0, 0, 0]
        for c in keep:
            i = INDEX[c]
            r, s = i >> 2, i & 3
            rc[r] += 1
            sc[s] += 1
            sm[s] |= 1 << r
        ready = _best(rc, sc, sm)
        unseen, total = t.unseen, t.unseen_total
        if t.stock == 0 or len(keep) >= t.limit or not total:
            return FUTURE * ready
        expected = 0.0
        for i in range(len(CARDS)):
            n = unseen[i]
            if not n:
                continue
            r, s = i >> 2, i & 3
            rc[r] += 1
            sc[s] += 1
            old = sm[s]
            sm[s] = old | (1 << r)
            expected += n * _best(rc, sc, sm)
            rc[r] -= 1
            sc[s] -= 1
            sm[s] = old
        gain = expected / total - ready
        scale = 1.0
        if p.horizon:
            scale = min(p.horizon_cap, max(1.0, p.horizon * self.my_draws))
        value = FUTURE * (ready + gain * scale)
        if p.flush_plan:
            draws = int(self.my_draws + 0.5)
            for s in range(4):
                if sc[s] >= 3:
                    q = self.suit_unseen[s] / total
                    value = max(value, FUTURE * p.flush_plan * _flush_plan(sc[s], q, draws))
        if p.assembly_plan:
            for r in range(N_RANKS):
                h = rc[r]
                if 3 <= h < rules.PER_RANK and h + t.unseen_rank[r] == rules.PER_RANK:
                    # Every missing card must come to this seat in its next draws.
                    chance = min(1.0, self.my_draws / total) ** (rules.PER_RANK - h)
                    value += FUTURE * p.assembly_plan * ASSEMBLY[r] * chance
        return value


def _flush_plan(k: int, q: float, draws: int) -> float:
    """Expected flush points over ``draws`` turns keeping every card of one suit.

    ``k`` cards of the suit are kept now, each draw brings one with chance ``q``; holding
    six at a turn scores a flush and one of them is discarded (five or six stay).
    """
    values = [0.0] * 8          # value by suited count, with no draws left
    for _ in range(draws):
        new = [0.0] * 8
        for n in range(7):
            hit = n + 1
            if hit >= rules.RUN:
                up = rules.FLUSH_POINTS + values[min(hit, 7) - 1]
            else:
                up = values[hit]
            if n >= rules.RUN:
                miss = rules.FLUSH_POINTS + values[rules.RUN - 1]
            else:
                miss = values[n]
            new[n] = q * up + (1 - q) * miss
        values = new
    return values[min(k, 6)]


def _best(rc: list[int], sc: list[int], sm: list[int]) -> int:
    """Points of the best straight, flush, straight flush or assembly among these cards."""
    best = 0
    union = sm[0] | sm[1] | sm[2] | sm[3]
    for w in WINDOWS:
        if union & w == w:
            best = rules.STRAIGHT_POINTS
            break
    for s in range(4):
        if sc[s] >= rules.RUN:
            value = rules.FLUSH_POINTS
            m = sm[s]
            for w in WINDOWS:
                if m & w == w:
                    value = rules.STRAIGHT_FLUSH_POINTS
                    break
            best = max(best, value)
    for r in range(N_RANKS):
        if rc[r] >= rules.PER_RANK:
            best = max(best, ASSEMBLY[r])
    return best


# ---------------------------------------------------------------------------------------------
# Hard, two players, stock empty: exact search


class _OutOfBudget(Exception):
    pass


class _Endgame:
    """Alpha-beta search over the rest of a two-player deal once the stock is empty.

    With two players and no stock, every unseen card is in the other hand, so the position
    is fully known. Values are this seat's points minus the other's until the deal ends
    (``WIN`` when a score reaches the goal), with a transposition table of bounds; a search
    that would take more than ``ENDGAME_NODES`` positions gives up (``SAFETY_SECONDS`` is a
    net that should never trigger).
    """

    EXACT, LOWER, UPPER = range(3)

    def __init__(self, t: _Table):
        self.t = t
        other: list[str] = []
        for i, n in enumerate(t.unseen):
            other += [CARDS[i]] * n
        key = rules.card_key
        self.hands = (tuple(sorted(t.hand, key=key)), tuple(sorted(other, key=key)))
        self.piles = tuple(t.pile)
        self.kq = (tuple(t.pile_cards["K"]), tuple(t.pile_cards["Q"]))
        self.scores = (t.scores[t.seat], t.scores[1 - t.seat])
        open_points = sum(t.zetema_value(r) for r in range(N_RANKS) if t.pile[r] < 5)
        self.close = max(self.scores) + open_points + 150 >= t.target
        self.table: dict[tuple, tuple[float, int]] = {}
        self.meld_cache: dict[tuple, list[rules.Meld]] = {}
        self.nodes = 0
        self.deadline = time.perf_counter() + SAFETY_SECONDS

    def choose(self, legal: list[str], rng: random.Random) -> str | None:
        """The best of ``legal`` (ties broken by ``rng``), or None when out of budget."""
        t = self.t
        values: dict[str, float] = {}
        alpha = -float("inf")
        # Zetemas and melds first: a good first value prunes the rest.
        order = sorted(legal, key=lambda m: (not m.startswith("meld"),
                                             not self._completes(m)))
        try:
            for move in order:
                verb, kind, tokens = _parse(move)
                if verb == "discard":
                    value = self._discard(self.hands, 0, self.piles, self.kq, t.married,
                                          self.scores, tokens[0], 0, alpha, WIN * 2)
                else:
                    points = rules.meld_value(kind, tokens)
                    value = self._meld(self.hands, 0, self.piles, self.kq, t.married,
                                       self.scores, kind, tokens, points, alpha, WIN * 2)
                values[move] = value
                alpha = max(alpha, value - 1e-6)    # equal values stay exact: ties
        except _OutOfBudget:
            return None
        best = max(values.values())
        return rng.choice([m for m in legal if m in values and values[m] >= best - 1e-9])

    def _completes(self, move: str) -> bool:
        return move.startswith("discard") and self.piles[rules.CARD_RANK[move.split()[1]]] == 4

    def _turn(self, hands, turn, piles, kq, married, scores, alpha, beta) -> float:
        key = (hands, turn, piles, kq, married, scores if self.close else None)
        entry = self.table.get(key)
        if entry is not None:
            value, flag = entry
            if (flag == self.EXACT or (flag == self.LOWER and value >= beta)
                    or (flag == self.UPPER and value <= alpha)):
                return value
        self.nodes += 1
        if self.nodes > ENDGAME_NODES or (not self.nodes & 255
                                           and time.perf_counter() > self.deadline):
            raise _OutOfBudget
        a0, b0 = alpha, beta
        maximize = turn == 0
        best = -WIN * 2 if maximize else WIN * 2
        hand = hands[turn]
        # Zetemas first, then melds, then the other discards: earlier cut-offs.
        cards = list(dict.fromkeys(hand))
        cards.sort(key=lambda c: piles[rules.CARD_RANK[c]] != 4)
        plans: list = [("d", c) for c in cards if piles[rules.CARD_RANK[c]] == 4]
        plans += [("m", m) for m in self._melds(hand, kq)]
        plans += [("d", c) for c in cards if piles[rules.CARD_RANK[c]] != 4]
        for kind, what in plans:
            if kind == "d":
                value = self._discard(hands, turn, piles, kq, married, scores, what, 0,
                                      alpha, beta)
            else:
                value = self._meld(hands, turn, piles, kq, married, scores, what.kind,
                                   list(what.cards), what.points, alpha, beta)
            if maximize:
                if value > best:
                    best = value
                alpha = max(alpha, value)
            else:
                if value < best:
                    best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = self.UPPER if best <= a0 else self.LOWER if best >= b0 else self.EXACT
        self.table[key] = (best, flag)
        return best

    def _melds(self, hand, kq) -> list[rules.Meld]:
        if not _may_meld(hand, kq):
            return []
        key = (hand, kq)
        melds = self.meld_cache.get(key)
        if melds is None:
            melds = rules.find_melds(hand, {"K": kq[0], "Q": kq[1]})
            self.meld_cache[key] = melds
        return melds

    def _meld(self, hands, turn, piles, kq, married, scores, kind, tokens, points,
              alpha, beta) -> float:
        sign = 1.0 if turn == 0 else -1.0
        scores = _add(scores, turn, points)
        if scores[turn] >= self.t.target:
            return sign * WIN
        if kind == "marriage":
            hand = list(hands[turn])
            kings, queens = list(kq[0]), list(kq[1])
            pile = list(piles)
            for token in tokens:
                if token.endswith(rules.PILE):
                    card = token[:-len(rules.PILE)]
                    (kings if card[0] == "K" else queens).remove(card)
                    pile[rules.CARD_RANK[card]] -= 1
                else:
                    hand.remove(token)
            hands = _with(hands, turn, tuple(hand))
            kq, piles, married = (tuple(kings), tuple(queens)), tuple(pile), True
            if not hand:
                gain = sign * points
                return gain + self._next(hands, turn, piles, kq, married, scores, False,
                                         alpha - gain, beta - gain)
            options = list(dict.fromkeys(hand))
        else:
            options = list(dict.fromkeys(tokens))
        maximize = turn == 0
        best = -WIN * 2 if maximize else WIN * 2
        for card in options:
            value = self._discard(hands, turn, piles, kq, married, scores, card, points,
                                  alpha, beta)
            if maximize:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _discard(self, hands, turn, piles, kq, married, scores, card, gained,
                 alpha, beta) -> float:
        sign = 1.0 if turn == 0 else -1.0
        r = rules.CARD_RANK[card]
        hand = list(hands[turn])
        hand.remove(card)
        hands = _with(hands, turn, tuple(hand))
        piles = piles[:r] + (piles[r] + 1,) + piles[r + 1:]
        if r == KING:
            kq = (kq[0] + (card,), kq[1])
        elif r == QUEEN:
            kq = (kq[0], kq[1] + (card,))
        points = 0
        if piles[r] == rules.PER_RANK and not (married and r in (KING, QUEEN)):
            points = ZETEMA[r]
            scores = _add(scores, turn, points)
            if scores[turn] >= self.t.target:
                return sign * WIN
        gain = sign * (gained + points)
        return gain + self._next(hands, turn, piles, kq, married, scores, bool(points),
                                 alpha - gain, beta - gain)

    def _next(self, hands, last, piles, kq, married, scores, again, alpha, beta) -> float:
        other = 1 - last
        if again and hands[last]:
            turn = last
        elif hands[other]:
            turn = other
        elif hands[last]:
            turn = last
        else:
            return 0.0          # the deal is over
        return self._turn(hands, turn, piles, kq, married, scores, alpha, beta)


def _may_meld(hand: tuple[str, ...], kq: tuple[tuple[str, ...], tuple[str, ...]]) -> bool:
    """A quick test that ``hand`` might hold a meld (False: surely none)."""
    for c in hand:
        if c[0] == "K":
            partner = "Q" + c[-1]
            if partner in hand or partner in kq[1]:
                return True
        elif c[0] == "Q":
            partner = "K" + c[-1]
            if partner in hand or partner in kq[0]:
                return True
    if len(hand) < rules.PER_RANK:
        return False
    ranks = [rules.CARD_RANK[c] for c in hand]
    if any(ranks.count(r) >= rules.PER_RANK for r in set(ranks)):
        return True
    if len(hand) < rules.RUN:
        return False
    suits = [c[-1] for c in hand]
    if any(suits.count(s) >= rules.RUN for s in set(suits)):
        return True
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return any(mask & w == w for w in WINDOWS)


def _with(pair: tuple, index: int, value) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _add(scores: tuple[int, int], seat: int, points: int) -> tuple[int, int]:
    return (scores[0] + points, scores[1]) if seat == 0 else (scores[0], scores[1] + points)


# ---------------------------------------------------------------------------------------------
# What everyone saw go back into a hand: public, but not in a position (``remember``)

KNOWN = "known"
"""The view's key the table adds (``remember``): for each seat, the cards everyone knows it
holds: those it showed in a meld this deal (all but the one it then discarded go back to its
hand), less those it has discarded since. A marriage goes to the marriage pile, not back.
``hard``'s samples of the hidden cards deal them to that seat (``determinize.sample``)."""


class Recall:
    """What the moves of one deal showed everyone (``KNOWN``), followed move by move
    (``note``) and added to a view (``add_to``), as ``game.ai.telefunken.Recall`` does."""

    def __init__(self, players: int) -> None:
        self.known: list[Counter] = [Counter() for _ in range(players)]

    def note(self, before: rules.State, move: str) -> None:
        """Follow ``move``, played in ``before``."""
        note_known(self.known, before, move)

    def add_to(self, view: dict) -> dict:
        return {**view, KNOWN: [sorted(held.elements()) for held in self.known]}


def remember(view: dict, befores: Sequence, moves: Sequence[str]) -> dict:
    """``view`` with ``KNOWN`` added from this deal's moves (``befores[i]`` the position move
    ``i`` was played in)."""
    recall = Recall(view["players"])
    for before, move in deal_moves(view, befores, moves):
        recall.note(before, move)
    return recall.add_to(view)


def note_known(known: list[Counter], before: rules.State, move: str) -> None:
    """Follow in ``known`` what ``move``, played in ``before``, shows of its player's hand."""
    parts = move.split()
    seat = before.seat
    if len(parts) > 2 and parts[0] == "meld" and parts[1] != "marriage":
        for token in parts[2:]:
            if not token.endswith(rules.PILE):
                known[seat][token] += 1
    elif len(parts) == 2 and parts[0] == "discard" and known[seat][parts[1]] > 0:
        known[seat][parts[1]] -= 1
