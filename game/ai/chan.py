"""Chắn computer opponent: ``choose(view, legal, level, rng) -> move``.

The AI decides from ``view(state, seat)`` and ``legal_moves(state)`` alone. It counts the
cards it can see (its hand, every exposed pair, every gate) to know how many copies of each
face are still unseen (in other hands or the stock); a face with no unseen copy is *dead*.

A holding is valued by ``Evaluator.value``: the captures still needed before the hand waits
on one card (each costs ``CAPTURE``), the *liveness* of the singles it keeps (unseen cards
that would pair them, Chắn completions weighted above Cạ ones, Cạ ignored once no more Cạ
fit under the six-Chắn rule), penalties when six Chắn are out of reach, a bonus per Chắn,
and, when waiting, the outs times the score the win would bring.

Levels:

- ``easy``: sensible and shallow: wins and chíus when it can, takes Chắn, takes a Cạ now
  and then, discards a random single.
- ``normal``: the evaluation plus the danger that the seat answering its discard can take it
  (a Chắn or a Cạ, read from that seat's public bans) or that someone chíus it, what a
  discard bars it from later (restrictions 4 and 6), prize features (Tôm, Lèo, colours,
  Thập thành) and the score of a win; it prefers Chíu ù to a direct win when that scores
  more. (This was ``hard`` before the search level came.)
- ``hard``: ``normal``'s evaluation picks the candidates; when several are close it samples
  the hidden cards and rolls each deal out (``game.ai.chan_search``; ``ROLLOUTS`` per
  decision, counted in work).
- ``plain`` (internal, not offered to players; the ``normal`` of before the search level
  came, kept as a cheaper rollout policy): the evaluation with a little noise, blind to the
  danger of its discards and to prize features.

Every level always declares a win when ``u`` is legal. Measured with
``tools/simulate_chan.py`` (see the README). ``easy``, ``plain`` and ``normal`` take about a
millisecond; ``hard`` a few hundred when it searches.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.rules.chan.cards import CHICHI, COPIES, FACES, LEO, RED_FACES, SUITS, TOM, rank_of
from game.rules.chan.hands import best_win

LEVELS = ("easy", "normal", "hard")

CAPTURE = 30.0       # value of one capture of progress (a pair more, a single less)
W_CHAN_OUT = 1.0     # per unseen card that would make a kept single a Chắn
W_CA_OUT = 0.55      # per unseen card that would make a kept single a Cạ
W_CHAN = 2.0         # per Chắn held (six are needed; more leave room for Cạ)
W_OUT = 3.0          # per out of a waiting hand, times the score factor
W_DANGER = 3.0       # per unit of chance that the answering seat takes our discard
W_FEATURE = 0.6      # per point of prize features within reach
HOPELESS = -1000.0   # more than four exposed Cạ: the hand can never win
NOISE = {"easy": 0.0, "plain": 1.5, "normal": 0.0, "hard": 0.0}
CAREFUL = frozenset({"normal", "hard"})
"""The levels that weigh danger, bans and prize features."""
W_BAN = 1.0          # per unseen card we could no longer take after a discard (hard)
EASY_CA = 0.6        # how often easy takes an available Cạ
ROLLOUTS = {"hard": 24}
"""Rollouts per searched decision (see ``chan_search``): the effort, counted in work."""
RANK_FACES = tuple(tuple(f"{r}{s}" for s in SUITS) for r in range(2, 10))


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
    if level == "hard":
        from game.ai import chan_search

        return chan_search.choose(view, legal, rng)
    return heuristic(view, legal, level, rng)


def heuristic(view: dict, legal: list[str], level: str, rng: random.Random) -> str:
    """The rule-of-thumb choice at ``level`` (``easy``, ``plain``, ``normal``); no search."""
    if len(legal) == 1:
        return legal[0]
    ev = Evaluator(view, level, legal)
    if "u" in legal:
        return ev.pick_win(legal)
    if level == "easy":
        return _choose_easy(ev, legal, rng)
    scored = [(ev.move_value(m) + rng.uniform(0, NOISE[level]), i) for i, m in enumerate(legal)]
    return legal[max(scored)[1]]


def _choose_easy(ev: Evaluator, legal: list[str], rng: random.Random) -> str:
    """Wins and chíus; Chắn always, Cạ often (if it keeps four Cạ at most); random single."""
    for prefix in ("chiu ", "chan "):
        options = [m for m in legal if m.startswith(prefix)]
        if options:
            return rng.choice(options)
    cas = [m for m in legal if m.startswith("ca ")]
    if cas and ev.exposed_ca() < 4 and rng.random() < EASY_CA:
        return rng.choice(cas)
    discards = [m for m in legal if m.startswith("discard ")]
    if discards:
        singles = set(ev.singles(ev.hand))
        loose = [m for m in discards if m.split()[1] in singles]
        return rng.choice(loose or discards)
    for closing in ("draw", "pass", "decline"):
        if closing in legal:
            return closing
    return rng.choice(legal)


class Evaluator:
    """What one seat knows (from its view) and how it values holdings and moves."""

    def __init__(self, view: dict, level: str, legal: Sequence[str] = ()) -> None:
        self.level = level
        self.careful = level in CAREFUL
        self.legal = frozenset(legal)
        self.seat = view["seat"] if view.get("seat") is not None else view["to_move"]
        self.view = view
        me = self.seat
        self.hand = Counter(view["hands"][me])
        self.groups = [tuple(g) for g in view["exposed"][me]]
        bans = view["bans"][me]
        self.no_discard = frozenset(bans.get("no_discard") or ())
        self.no_take = frozenset(bans.get("no_take") or ())
        self.no_ca = frozenset(bans.get("no_ca") or ())
        self.initial = view["initial"][me] or []
        seen = Counter(view["hands"][me])
        for groups in view["exposed"]:
            for g in groups:
                seen.update(g)
        for gate in view["gates"]:
            seen.update(gate)
        self.unseen = {f: COPIES - seen[f] for f in FACES}
        self.unseen_total = sum(self.unseen.values())
        self.live = view.get("live")
        self.phase = view["phase"]

    # -- moves -------------------------------------------------------------------------

    def pick_win(self, legal: list[str]) -> str:
        """``u``, unless (hard) a chíu first wins for more (Chíu ù)."""
        if self.careful and self.live is not None:
            chius = [m for m in legal if m.startswith("chiu ")]
            if chius:
                card = self.live["card"]
                hand = [c for c in self.view["hands"][self.seat] if c != card]
                after = best_win(hand, self.groups + [(card,) * 4], card, how="chiu",
                                 initial=self.initial, barred=self.no_discard)
                own = self.live["gate"] == self.seat
                direct = best_win(self.view["hands"][self.seat], self.groups, card,
                                  how="own" if own else "stock", initial=self.initial,
                                  barred=self.no_discard)
                if after is not None and direct is not None and after.score > direct.score:
                    return chius[0]
        return "u"

    def move_value(self, move: str) -> float:
        """The value of the holding after ``move`` (a capture is followed by its best discard)."""
        words = move.split()
        verb = words[0]
        hand, groups = self.hand, self.groups
        if verb == "discard":
            return self.after_discard(hand, groups, words[1])
        if verb in ("draw", "pass", "decline"):
            no_discard = self.no_discard
            live = self.live
            if verb != "decline" and live is not None and f"chan {live['card']}" in self.legal:
                no_discard = no_discard | {live["card"]}  # restriction 3 would ban it
            return self.value(hand, groups, no_discard=no_discard)
        card = words[1]
        new_hand = Counter(hand)
        if verb == "chiu":
            new_hand[card] -= 3
            new_groups = groups + [(card,) * 4]
            ca_rank = None
        elif verb == "chan":
            new_hand[card] -= 1
            new_groups = groups + [(card, card)]
            ca_rank = None
        else:
            partner = words[2]
            new_hand[partner] -= 1
            new_groups = groups + [(card, partner)]
            ca_rank = rank_of(card)
        new_hand = +new_hand
        best = None
        for face in self.discard_options(new_hand, ca_rank):
            v = self.after_discard(new_hand, new_groups, face)
            best = v if best is None else max(best, v)
        if best is None:
            return HOPELESS
        if verb == "chiu" and self.phase == "claim":
            best += CAPTURE * 0.2  # an out-of-turn chíu is a free turn
        return best

    def discard_options(self, hand: Counter, ca_rank: int | None) -> list[str]:
        """Discards open after a capture (restrictions 2, 3 and 7)."""
        return [f for f, n in hand.items() if n % 2 and f not in self.no_discard
                and (ca_rank is None or rank_of(f) != ca_rank)]

    def after_discard(self, hand: Counter, groups: list, face: str) -> float:
        """The value of the holding once ``face`` is discarded (hard: minus its risks)."""
        after = Counter(hand)
        after[face] -= 1
        after = +after
        value = self.value(after, groups)
        if self.careful:
            value -= W_DANGER * self.danger(face) + W_BAN * self.ban_cost(after, face)
        return value

    # -- valuation ---------------------------------------------------------------------

    def singles(self, hand: Counter) -> list[str]:
        """The unpaired cards of ``hand`` (in a rank with three odd suits, the liveliest)."""
        return self._odd(hand)[0]

    def _odd(self, hand: Counter) -> tuple[list[str], int]:
        """The singles of ``hand`` and its concealed Cạ count (ranks with two odd suits or more)."""
        get = hand.get
        out = []
        ca = 0
        if get(CHICHI, 0) % 2:
            out.append(CHICHI)
        for faces in RANK_FACES:
            odd = [f for f in faces if get(f, 0) % 2]
            if not odd:
                continue
            if len(odd) == 1:
                out.append(odd[0])
            else:
                ca += 1
                if len(odd) == 3:
                    out.append(max(odd, key=self.unseen.__getitem__))
        return out, ca

    def exposed_ca(self, groups: Sequence | None = None) -> int:
        groups = self.groups if groups is None else groups
        return sum(1 for g in groups if len(g) == 2 and g[0] != g[1])

    def value(self, hand: Counter, groups: Sequence, no_discard: frozenset | None = None
              ) -> float:
        """How promising a 19-card holding is (higher is better)."""
        no_discard = self.no_discard if no_discard is None else no_discard
        exp_chan = exp_ca = 0
        for g in groups:
            if len(g) == 4:
                exp_chan += 2
            elif g[0] == g[1]:
                exp_chan += 1
            else:
                exp_ca += 1
        if exp_ca > 4:
            return HOPELESS + exp_chan
        chan = exp_chan + sum(n // 2 for n in hand.values())
        singles, concealed_ca = self._odd(hand)
        ca = exp_ca + concealed_ca
        s = len(singles)
        need = max(0, (s - 1) // 2)        # captures before the hand waits
        pairs_to_make = need + 1
        need_chan = max(0, 6 - chan)
        ca_room = 4 - ca
        value = -CAPTURE * need + W_CHAN * chan
        if ca_room < 0:
            value -= CAPTURE * -ca_room      # concealed Cạ to break
        if need_chan > pairs_to_make:
            value -= CAPTURE * (need_chan - pairs_to_make)
        ca_ok = ca_room > 0 and need_chan < pairs_to_make
        waiting = s == 1
        lives = []
        for x in singles:
            chan_out = self.unseen[x]
            ca_out = 0
            if x != CHICHI:
                ca_out = sum(self.unseen[f] for f in RANK_FACES[rank_of(x) - 2]) - chan_out
            if waiting:  # outs: a Chắn needs chan >= 5, a Cạ chan >= 6; CC only as 6th Chắn
                if chan < 5 or (x == CHICHI and (chan, ca) != (5, 4)):
                    chan_out = 0
                if chan < 6:
                    ca_out = 0
                lives.append((chan_out, ca_out))
                continue
            if x in self.no_take:
                chan_out *= 0.3
            if x in no_discard or (x != CHICHI and rank_of(x) in self.no_ca):
                ca_out *= 0.3
            if not ca_ok:
                ca_out = 0
            lives.append((chan_out, ca_out))
        if waiting:
            chan_out, ca_out = lives[0]
            outs = chan_out + ca_out
            value += W_OUT * outs * self.score_factor(hand, groups)
        else:
            weights = sorted((W_CHAN_OUT * c + W_CA_OUT * k for c, k in lives), reverse=True)
            value += sum(weights[:pairs_to_make + 1])  # the kept singles, and a spare
        if self.careful:
            value += W_FEATURE * self.feature_points(hand, groups)
        return value

    def score_factor(self, hand: Counter, groups: Sequence) -> float:
        """How much a win of this hand is worth relative to a plain win (normal and hard)."""
        if not self.careful:
            return 1.0
        points = 2.0 + self.feature_points(hand, groups)
        return points / 2.0

    def feature_points(self, hand: Counter, groups: Sequence) -> float:
        """Rough points of prize features the holding has or nearly has."""
        cards = Counter(hand)
        for g in groups:
            cards.update(g)
        points = 0.0
        for combo, base in ((TOM, 1.0), (LEO, 2.0)):
            full = min(cards[f] for f in combo)
            points += base * full
            have = sum(1 for f in combo if cards[f] > full)
            if have == 2:
                points += 0.3 * base
        red = sum(n for f, n in cards.items() if f in RED_FACES)
        if red == 0:
            points += 2.0
        elif red == 8:
            points += 2.0
        chans = sum(n // 2 for n in hand.values())
        if chans + sum(1 for g in groups if g[0] == g[1]) >= 9:
            points += 2.0
        return points

    def danger(self, face: str) -> float:
        """Chance-weighted harm of discarding ``face``: the seat that answers it may take it
        (a Chắn counts fully, a Cạ half), or a seat may chíu it."""
        view = self.view
        resume = view.get("resume")
        answering = resume["seat"] if resume else (self.seat + 1) % len(view["hands"])
        counts = view["hand_counts"]
        h = counts[answering]
        total = max(1, self.unseen_total)
        bans = view["bans"][answering]
        no_take = set(bans.get("no_take") or ())
        no_ca = set(bans.get("no_ca") or ())
        if face in no_take:
            harm = 0.0
        else:
            p_one = min(1.0, h / total)
            harm = 1.0 - (1.0 - p_one) ** self.unseen[face]
            if face != CHICHI and rank_of(face) not in no_ca:
                r = rank_of(face)
                others = sum(self.unseen[f"{r}{s}"] for s in SUITS if f"{r}{s}" != face)
                harm += 0.5 * (1.0 - (1.0 - p_one) ** others) * (1.0 - harm)
        if self.unseen[face] == 3:
            harm += 0.3  # all three unseen copies in one hand: a chíu
        return harm

    def ban_cost(self, after: Counter, face: str) -> float:
        """What discarding ``face`` bars us from later: taking its unseen copies while we
        keep some (restriction 4), and Cạ of its rank once two suits are discarded (6)."""
        cost = float(self.unseen[face]) if after[face] else 0.0
        rank = rank_of(face)
        discarded = set(self.view["discarded"][self.seat])
        if rank and rank not in self.no_ca and any(rank_of(f) == rank and f != face
                                                   for f in discarded):
            cost += sum(1 for x in self.singles(after) if rank_of(x) == rank) * 2.0
        return cost
