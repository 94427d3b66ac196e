"""Telefunken computer opponent: ``choose(view, legal, level, rng) -> move``.

The AI decides from ``view(state, seat)`` and ``legal_moves(state)`` alone: its own hand, the
melds on the table, the discard pile, the card counts and the chips. It never sees another
hand or the stock order.

The plan is the contract race. Before melding, a hand is scored by how far it is from the
deal's contract (``progress``: the cards still missing from the best candidate groups, a
joker filling one gap per group), plus backups (pairs, run pieces) and a small weight on the
penalty points held. Discards, the free upcard and buys compare that score with and without
the card. Once melded the aim is to shed: every meld and lay-off is played at once, the
biggest penalty first, and the discard is the card least likely to be laid off later (high
penalty, no partner in hand, far from the table's runs). Deal 7 scores a hand by the cards
it still lacks for a trio plus a run long enough to use the rest of the hand (or a run of
seven and further groups), and goes out the moment the legal list offers a go-out meld.

Levels:

- ``easy``: a beginner who knows the rules. It melds its contract (the first one listed)
  as soon as it holds it, lays off every single card that fits a meld (never two cards
  at once, a swap or a free) and puts down any further group, takes the upcard
  or buys a discard only when the card completes its contract or leaves one card missing
  (the latter only while it holds more than ``EASY_KEEP`` chips, never in deal 7), and
  discards at random among its three least useful cards, never one that sets its contract
  back when another does not. It keeps high cards too long (``EASY_HOARD``) and does not
  read the others: no safe discards, no dumping of high cards when an opponent is close to
  going out.
- ``normal`` (this was ``hard`` until 2026-12-01): the progress score for discards and the
  upcard (counting the copies of a rank still unseen, so a rank whose copies are all on the
  table or in the pile is dropped); buys a discard that brings its contract a card closer
  while at most ``BUY_NEED`` cards are missing, keeping ``RESERVE`` chips for deal 7 (where
  it buys only when at most ``BUY_NEED7`` card is missing, i.e. a card that completes its
  go-out meld as ``buy_progress`` counts it, since every bought pair of cards is a penalty
  risk in the longest deal; buying nothing there measured no better); refuses buys when an
  opponent who melded is about to go out and then dumps high cards (never a joker: that
  opponent could lay it off);
  prefers discards whose rank is already dead on the table or in the pile (less likely to
  feed the next seat's buy), and avoids a rank an opponent still without its contract took
  from the pile in this deal (``FEED``; the pick-ups come with the view when the table adds
  them, ``remember``); chooses the contract meld that leaves the least penalty
  (counting the further groups it can put down in the same turn); sheds greedily once
  melded; swaps and frees jokers to shed.
- ``hard``: ``normal``'s scores pick the candidates; where the choice matters and is close
  (a buy, the upcard, discards scored alike) it samples the hidden cards and plays each
  candidate out with ``normal`` for every seat (``game.ai.telefunken_search``), keeping
  normal's choice unless another candidate ends the deal clearly better on the same deals
  (in deal 7 only near going out, ``go_out_need``, with shorter rollouts).

Normal makes a random discard ``EXPLORE`` of the time: stubborn hands that each wait
for cards another stubborn hand holds would otherwise never end a deal. Its decisions take
well under a millisecond on average and a few milliseconds at most; ``hard``'s effort is
counted in rollouts and plies (``game.ai.telefunken_search``), never in time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from game.ai import deal_moves
from game.rules import telefunken as rules

LEVELS = ("easy", "normal", "hard")

JOKER = rules.JOKER
VALUE = rules.VALUE
SUIT_OF = rules.SUIT_OF
CONTRACTS = rules.CONTRACTS
GAP = 10.0          # score of one missing contract card
RESERVE = 2         # chips normal keeps for deal 7 in deals 1-6
BUY_NEED = 3        # normal buys a useful discard when at most this many cards are missing
BUY_NEED7 = 1       # ... in deal 7
EXPLORE = 0.03      # chance of a random discard (normal): breaks deadlocked deals
SAFETY = 0.6        # weight of a discard's rank being dead on the table or in the pile
DANGER = (1.0, 0.4)  # weight of a card's penalty when an opponent is near going out
EASY_KEEP = 3       # chips easy keeps back from buys that leave a card missing
EASY_HOARD = 0.08   # easy's pull to keep high cards (outweighs the score's 0.04 per point)
FEED = 5.0          # weight against discarding a rank an opponent without its contract took
SHORTLIST = 400     # contract melds scored at most (deal 7 can list 450,000 go-out melds)


def choose(view: dict, legal: list[str], level: str, rng) -> str:
    """One of ``legal`` for the seat in ``view`` at ``level`` (easy, normal, hard).

    Raises ValueError for an unknown level or an empty ``legal``.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    if not legal:
        raise ValueError("no legal moves to choose from")
    if len(legal) == 1:
        return legal[0]
    if level == "hard":
        from game.ai import telefunken_search
        return telefunken_search.choose(view, legal, rng)
    return heuristic(view, legal, level, rng)


def heuristic(view: dict, legal: list[str], level: str, rng) -> str:
    """The rules-of-thumb move of ``level`` (easy or normal); the search's policy."""
    if len(legal) == 1:
        return legal[0]
    phase = view.get("phase")
    seat = view["seat"]
    hand = list(view["hands"][seat])
    if phase == "cut":
        return rng.choice(legal)
    if phase == "exchange":
        return _exchange(view, hand, legal, level, rng)
    if phase == "draw":
        return _draw(view, hand, legal, level)
    if phase == "buy":
        return _buy(view, hand, legal, level, rng)
    if phase == "play":
        return _play(view, hand, legal, level, rng)
    return legal[0]


# ---------------------------------------------------------------------------------------------
# Phases


def _exchange(view: dict, hand: list[str], legal: list[str], level: str, rng) -> str:
    if level == "easy":
        return "exchange" if "exchange" in legal else legal[0]
    counts = Counter(c[:-1] for c in hand if c != JOKER)
    ranked = sorted(counts, key=lambda r: -counts[r])
    keep_ranks = set(ranked[:3])
    give = sorted((c for c in hand if c != JOKER and c[:-1] not in keep_ranks
                   and counts[c[:-1]] == 1), key=rules.card_key)
    move = ("exchange " + " ".join(give)).strip()
    return move if move in legal else legal[0]


def _draw(view: dict, hand: list[str], legal: list[str], level: str) -> str:
    if "take" not in legal:
        return "draw"
    if level == "easy":
        return "take" if _easy_wants(view, hand) else "draw"
    return "take" if take_gain(view, hand) >= GAP * 0.8 else "draw"


def take_gain(view: dict, hand: list[str]) -> float:
    """How much taking the top discard (and later discarding the worst card) improves the
    hand's score."""
    top = view["discard"][-1]
    return _best_after(view, hand + [top]) - _score(view, hand)


def buy_progress(view: dict, hand: list[str]) -> tuple[tuple[int, float], tuple[int, float]]:
    """The hand's contract progress (``_progress``) before and after buying the top discard."""
    deal = view["deal"]
    top = view["discard"][-1]
    seen = _seen(view)
    seen_after = seen.copy()
    if top != JOKER:
        seen_after[VALUE[top]] -= 1
    before = _progress(hand, deal, seen)
    after = _progress(hand + [top], deal, seen_after)
    if deal == 7:   # compare hands of one size: the bought card replaces the worst one
        after = min(_progress(_without(hand + [top], c), deal) for c in set(hand))
    return before, after


def go_out_need(hand: Sequence[str], discard: bool = False) -> int:
    """Deal 7: the cards ``hand`` still lacks to go out after the next draw (``_progress7``);
    ``discard``: the hand holds its drawn card and first discards the one that costs least."""
    if discard and len(hand) > 1:
        return min(_progress7(_without(hand, c))[0] for c in set(hand))
    return _progress7(hand)[0]


def _easy_wants(view: dict, hand: list[str]) -> bool:
    """Easy's buy (and upcard): the top discard completes its contract, or (with more than
    ``EASY_KEEP`` chips, deals 1-6) leaves a single card missing."""
    before, after = buy_progress(view, hand)
    if after[0] >= before[0]:
        return False
    if after[0] == 0:
        return True
    return after[0] == 1 and view["deal"] != 7 and view["chips"][view["seat"]] > EASY_KEEP


def _buy(view: dict, hand: list[str], legal: list[str], level: str, rng) -> str:
    if level == "easy":
        return "buy" if "buy" in legal and _easy_wants(view, hand) else "pass"
    seat = view["seat"]
    deal = view["deal"]
    chips = view["chips"][seat]
    before, after = buy_progress(view, hand)
    completes = after[0] == 0 and before[0] > 0
    danger = any(view["melded"][s] and view["hand_counts"][s] <= 2
                 for s in range(view["players"]) if s != seat)
    if after[0] >= before[0]:
        return "pass"
    if completes:
        return "buy" if chips >= 1 and (deal == 7 or chips > 1 or not danger) else "pass"
    if danger:
        return "pass"
    reserve = 0 if deal == 7 else RESERVE
    need = before[0]
    # (deal 7 bought whatever brought it closer while 3 cards were missing: the limit read
    # ``need <= BUY_NEED or deal == 7 and ...``; a hard player ended a game with 21 cards
    # and 136 points after four such buys, pt55)
    if chips > reserve and need <= (BUY_NEED7 if deal == 7 else BUY_NEED):
        return "buy"
    return "pass"


def _play(view: dict, hand: list[str], legal: list[str], level: str, rng) -> str:
    seat = view["seat"]
    melds = [m for m in legal if m.startswith("meld ")]
    if melds:
        if not view["melded"][seat]:
            if level == "easy":
                return melds[0]
            return max(_shortlist(melds), key=lambda m: _after_contract(view, hand, m))
        return max(melds, key=lambda m: _shed_value(m))
    if level == "easy":
        obvious = [m for m in legal if _obvious_add(m)]
        if obvious:
            return rng.choice(obvious)
        shed = []
    else:
        shed = [m for m in legal if m.startswith(("add ", "swap ", "free "))]
    if shed:
        best = max(shed, key=lambda m: _shed_value(m))
        if _shed_value(best) > 0:
            return best
    discards = [m for m in legal if m.startswith("discard ")]
    if len(discards) == 1 or not discards:
        return discards[0] if discards else legal[0]
    cards = [m.split()[1] for m in discards]
    if level != "easy" and rng.random() < EXPLORE:
        # now and then a free choice: stubborn hands that wait for the same cards forever
        # (held by other stubborn hands) would otherwise never end a deal
        pool = [c for c in cards if c != JOKER] or cards
        return f"discard {rng.choice(pool)}"
    scores = discard_scores(view, hand, cards, level)
    if level == "easy":
        ranked = sorted(cards, key=lambda c: -scores[c])
        pool = ranked[:3]
        if not view["melded"][seat]:    # never a card that sets the contract back
            pool = [c for c in pool if scores[c] > scores[ranked[0]] - GAP / 2]
        return f"discard {rng.choice(pool)}"
    return f"discard {ranked_discards(cards, scores)[0]}"


def discard_scores(view: dict, hand: list[str], cards: Sequence[str],
                   level: str = "normal") -> dict[str, float]:
    """How good discarding each of ``cards`` is (higher: discard it)."""
    melded = view["melded"][view["seat"]]
    if melded:
        scores = {c: _dead_score(view, hand, c) for c in cards}
    else:
        scores = {c: _score(view, _without(hand, c)) for c in cards}
    if level == "easy":
        if not melded:
            for c in cards:
                scores[c] -= EASY_HOARD * rules.penalty(c)
        return scores
    danger = 0.0 if melded else _danger(view)
    for c in cards:
        if not melded:
            # a joker is never dumped for its penalty: whoever is near going out has
            # melded and could lay it off (play-testers saw a normal player throw one away)
            dump = danger * rules.penalty(c) if c != JOKER else 0.0
            scores[c] += SAFETY * _safety(view, c) + dump
        scores[c] -= FEED * _feeds(view, c)
    return scores


# ---------------------------------------------------------------------------------------------
# What the others took: public, but not in a position (``remember``)

TAKEN = "taken"
"""The view's key the table adds (``remember``): for each seat, the cards it took from the
discard pile in the deal being played (bought, or the upcard): everyone saw them taken. An
AI given a view without it reads nobody's pick-ups."""
KNOWN = "known"
"""The view's key the table adds too (``remember``): for each seat, the cards everyone knows
it holds now: those it took from the pile, and a joker it freed from a set, less what it
has played since (a card of the same code played is taken to be that one). ``hard``'s
samples of the hidden cards deal them to that seat (``determinize.sample``)."""


class Recall:
    """What the moves of one deal told everyone (``TAKEN``, ``KNOWN``), followed move by
    move (``note``) and added to a view (``add_to``)."""

    def __init__(self, players: int) -> None:
        self.taken: list[list[str]] = [[] for _ in range(players)]
        self.known: list[Counter] = [Counter() for _ in range(players)]

    def note(self, before: rules.State, move: str) -> None:
        """Follow ``move``, played in ``before``."""
        note_taken(self.taken, before, move)
        _note_known(self.known, before, move)

    def add_to(self, view: dict) -> dict:
        return {**view, TAKEN: [list(picks) for picks in self.taken],
                KNOWN: [sorted(held.elements()) for held in self.known]}


def remember(view: dict, befores: Sequence, moves: Sequence[str]) -> dict:
    """``view`` with ``TAKEN`` and ``KNOWN`` added from the game's moves so far
    (``befores[i]`` the position move ``i`` was played in): whoever bought K♠ collects
    kings, and a king thrown to them was seen to make their contract (pt116)."""
    recall = Recall(view["players"])
    for before, move in deal_moves(view, befores, moves):
        recall.note(before, move)
    return recall.add_to(view)


def note_taken(taken: list[list[str]], before: rules.State, move: str) -> None:
    """Add to ``taken`` the card ``move`` takes from the discard pile in ``before``, if any
    (a buy or the upcard)."""
    if move in ("buy", "take") and before.discard:
        taken[rules.to_move(before)].append(before.discard[-1])


def _note_known(known: list[Counter], before: rules.State, move: str) -> None:
    """Follow in ``known`` (``KNOWN``'s counts) what ``move``, played in ``before``, shows of
    its player's hand: a card taken from the pile or a freed joker comes in; a card played
    out of the hand is no longer known to be there."""
    verb, *args = move.split()
    seat = rules.to_move(before)
    if seat is None:
        return
    if verb in ("buy", "take"):
        if before.discard:
            known[seat][before.discard[-1]] += 1
        return
    if verb == "discard" or verb == "swap":
        spent = args[:1]
    elif verb == "meld":
        spent = [a for a in args if a != "|"]
    elif verb == "add":
        spent = args[:args.index("to")] if "to" in args else []
    elif verb == "free":
        spent = args[2:4]
    else:
        return
    held = known[seat]
    for card in spent:
        if held[card] > 0:
            held[card] -= 1
    if verb == "free":
        held[JOKER] += 1


def _feeds(view: dict, c: str) -> int:
    """How many opponents still without their contract took a card of ``c``'s rank in this
    deal (a discard of that rank is the one they are waiting for)."""
    taken = view.get(TAKEN)
    if not taken or c == JOKER:
        return 0
    seat, v = view["seat"], VALUE[c]
    return sum(1 for s, picks in enumerate(taken)
               if s != seat and not view["melded"][s]
               and any(x != JOKER and VALUE[x] == v for x in picks))


def ranked_discards(cards: Sequence[str], scores: dict[str, float]) -> list[str]:
    """The distinct ``cards``, best discard first (ties: the higher penalty, then the first
    listed)."""
    return sorted(dict.fromkeys(cards), key=lambda c: (-scores[c], -rules.penalty(c)))


# ---------------------------------------------------------------------------------------------
# Scores


def _score(view: dict, hand: Sequence[str]) -> float:
    """How good ``hand`` is before melding (higher is better)."""
    deal = view["deal"]
    missing, backup = _progress(hand, deal, _seen(view))
    return -GAP * missing + backup - 0.04 * rules.hand_penalty(hand)


def _seen(view: dict) -> Counter:
    """Naturals of each rank (by value) visible outside the hand: the table and the pile."""
    seen: Counter = Counter(VALUE[c] for c in view["discard"] if c != JOKER)
    for m in view["melds"]:
        seen.update(VALUE[c] for c in m["cards"] if c != JOKER)
    return seen


def _progress(hand: Sequence[str], deal: int, seen: Counter | None = None) -> tuple[int, float]:
    """(cards missing from the best contract candidates, backup value) of ``hand``.

    ``seen`` counts the naturals of each rank visible elsewhere: a rank with too few copies
    left to complete its group is worth little.
    """
    if deal == 7:
        return _progress7(hand)
    (_, size), count = CONTRACTS[deal][0], len(CONTRACTS[deal])
    pure = deal == 1
    jokers = 0 if pure else sum(1 for c in hand if c == JOKER)
    by_rank: dict[int, list[str]] = {}
    for c in hand:
        if c != JOKER:
            by_rank.setdefault(VALUE[c], []).append(c)
    ns = []
    for value, cards in by_rank.items():
        n = len({c[-1] for c in cards}) if pure else len(cards)
        n = min(n, size)
        if seen is not None and not pure:
            live = 8 - len(cards) - seen[value]
            if n + live + min(jokers, 1) < size:
                n = max(0, n - 2)       # dead: not enough copies left
        ns.append(n)
    ns.sort(reverse=True)
    top = (ns + [0] * count)[:count]
    missing = 0
    for n in top:
        gap = size - n
        if gap > 0 and jokers:
            gap -= 1
            jokers -= 1
        missing += gap
    backup = sum(0.8 * n for n in ns[count:] if n >= 2) + 0.5 * jokers
    return missing, backup


def _progress7(hand: Sequence[str]) -> tuple[int, float]:
    """Deal 7: cards still to replace before ``hand`` (plus a draw) goes out, and backups.

    With ``h`` cards, going out after the next draw takes a trio, a run of ``L`` and further
    groups of ``h - 3 - L`` cards (none, or three or more), the last card discarded. Each
    run window of each suit is tried; a joker fills one gap of one group. Remembered by the
    sorted hand (rollouts of deal 7 weigh the same hands again and again).
    """
    return _progress7_sorted(tuple(sorted(hand)))


@lru_cache(maxsize=1 << 16)
def _progress7_sorted(hand: tuple[str, ...]) -> tuple[int, float]:
    h = len(hand)
    jokers = 0
    held = [0, 0, 0, 0]       # per suit, a bit for each value held (an ace also as 14)
    ranks = [0] * 14          # naturals of each value
    for c in hand:
        if c == JOKER:
            jokers += 1
            continue
        v, s = VALUE[c], SUIT_OF[c]
        ranks[v] += 1
        held[s] |= 1 << v
        if v == 1:
            held[s] |= 1 << 14
    best_need, best_backup = 99, 0.0
    for length in range(7, 14):
        others = h - 3 - length
        if others < 0:
            break
        if others in (1, 2):
            continue
        for s in range(4):
            bits = held[s]
            for low in range(1, 16 - length):
                got = bits & (((1 << length) - 1) << low)
                need_run = length - got.bit_count()
                if need_run > best_need:
                    continue
                # the naturals left once the run's cards are taken out
                trio = pairs = grouped = 0
                for v in range(1, 14):
                    n = ranks[v]
                    if n and (got >> v & 1 or v == 1 and got >> 14 & 1):
                        n -= 1
                    if n >= 2:
                        pairs += 1
                        grouped += n
                    if n > trio:
                        trio = n
                trio = min(3, trio)
                need_trio = 3 - trio
                need_other = max(0, others - max(0, grouped - trio)) if others else 0
                gaps = (need_run > 0) + (need_trio > 0) + (need_other > 0)
                need = need_run + need_trio + need_other - min(jokers, gaps)
                backup = 0.3 * pairs
                if need < best_need or need == best_need and backup > best_backup:
                    best_need, best_backup = need, backup
    return best_need, best_backup


def _best_after(view: dict, cards: list[str]) -> float:
    """The best score of ``cards`` after discarding one of them."""
    return max(_score(view, _without(cards, c)) for c in set(cards))


def _after_contract(view: dict, hand: list[str], move: str) -> float:
    """Prefer the contract meld that leaves the least penalty and keeps jokers, counting the
    further groups the rest can put down in the same turn (a contract that broke the run
    9♥ 10♥ J♥ for 10♥ 10♣ joker looked as good as 6♥ 6♦ joker and kept 21 points more in
    hand: pt85)."""
    used = [c for c in move[5:].split() if c != "|"]
    rest = _without_all(hand, used)
    if view["deal"] < rules.DEALS:
        for group in _further_groups(rest):
            used += group
            rest = _without_all(rest, group)
    return -rules.hand_penalty(c for c in rest if c != JOKER) - 3 * used.count(JOKER) \
        + len(used)


def _further_groups(cards: list[str]) -> list[tuple[str, ...]]:
    """The groups of natural cards ``cards`` can put down after a contract, greedily (the
    one shedding the most points first); jokers are kept for later."""
    out = []
    naturals = [c for c in cards if c != JOKER]
    while len(naturals) >= 3:
        groups = rules.find_groups(naturals)
        if not groups:
            break
        best = max(groups, key=lambda g: (sum(rules.penalty(c) for c in g), len(g)))
        out.append(best)
        naturals = _without_all(naturals, best)
    return out


def _shortlist(melds: list[str]) -> list[str]:
    """At most ``SHORTLIST`` contract melds worth scoring, chosen by string operations alone.

    Deal 7 with jokers can list hundreds of thousands of go-out melds; scoring each would take
    seconds. The fewer jokers a meld uses the better (``_after_contract`` charges 3 per joker),
    so the melds with the fewest jokers are kept, in the order of the legal list.
    """
    if len(melds) <= SHORTLIST:
        return melds
    jokers = [m.count(JOKER) for m in melds]
    fewest = min(jokers)
    return [m for m, j in zip(melds, jokers) if j == fewest][:SHORTLIST]


def _obvious_add(move: str) -> bool:
    """A lay-off a beginner sees: one card onto a meld (``add 9D to 3``, ``add JK to 2``)."""
    words = move.split()
    return words[0] == "add" and words[2] == "to"


def _shed_value(move: str) -> float:
    words = move.split()
    if words[0] == "meld":
        cards = [c for c in words[1:] if c != "|"]
        return sum(rules.penalty(c) for c in cards if c != JOKER) + 2 * len(cards)
    if words[0] == "add":
        cards = words[1:words.index("to")]
        return sum(rules.penalty(c) for c in cards if c != JOKER) + 2 * len(cards) + (
            1 if JOKER in cards else 0)
    if words[0] == "swap":
        return rules.penalty(words[1]) + 1
    if words[0] == "free":
        return 1.0
    return 0.0


def _dead_score(view: dict, hand: list[str], c: str) -> float:
    """After melding: how much ``c`` is worth throwing away (higher: discard it)."""
    if c == JOKER:
        return -100.0
    pen = rules.penalty(c)
    if _fits_table(view, c):
        return -50.0 + pen
    others = _without(hand, c)
    v, s = VALUE[c], SUIT_OF[c]
    same = sum(1 for o in others if o != JOKER and VALUE[o] == v)
    near = sum(1 for o in others if o != JOKER and SUIT_OF[o] == s and 0 < abs(VALUE[o] - v) <= 2)
    hope = min(0.8, 0.35 * same + 0.2 * near + 0.15 * _near_table(view, c))
    return pen * (1 - hope)


def _fits_table(view: dict, c: str) -> bool:
    for m in view["melds"]:
        cards = m["cards"]
        if rules.group_kind(cards) == "set":
            if VALUE[next(x for x in cards if x != JOKER)] == VALUE[c]:
                return True
        else:
            s = SUIT_OF[next(x for x in cards if x != JOKER)]
            if SUIT_OF[c] != s:
                continue
            low = rules.run_low(cards)
            high = low + len(cards) - 1
            v = VALUE[c]
            if v in (low - 1, high + 1) or (v == 1 and high == 13):
                return True
    return False


def _near_table(view: dict, c: str) -> int:
    n = 0
    for m in view["melds"]:
        cards = m["cards"]
        if rules.group_kind(cards) != "run":
            continue
        s = SUIT_OF[next(x for x in cards if x != JOKER)]
        if SUIT_OF[c] != s:
            continue
        low = rules.run_low(cards)
        high = low + len(cards) - 1
        if VALUE[c] in (low - 2, high + 2):
            n += 1
    return n


def _safety(view: dict, c: str) -> float:
    """Cards whose rank is already dead in the pile or on the table feed nobody."""
    if c == JOKER:
        return -5.0
    v = VALUE[c]
    seen = sum(1 for x in view["discard"] if x != JOKER and VALUE[x] == v)
    for m in view["melds"]:
        seen += sum(1 for x in m["cards"] if x != JOKER and VALUE[x] == v)
    return min(seen, 4) * 1.0


def _danger(view: dict) -> float:
    """How much to value dumping penalty points: an opponent who melded is close to out."""
    seat = view["seat"]
    fewest = min((view["hand_counts"][s] for s in range(view["players"])
                  if s != seat and view["melded"][s]), default=99)
    if fewest <= 3:
        return DANGER[0]
    if fewest <= 5:
        return DANGER[1]
    return 0.0


def _without(hand: Sequence[str], c: str) -> list[str]:
    rest = list(hand)
    rest.remove(c)
    return rest


def _without_all(hand: Sequence[str], cards: Sequence[str]) -> list[str]:
    rest = list(hand)
    for c in cards:
        if c in rest:
            rest.remove(c)
    return rest


# ---------------------------------------------------------------------------------------------
# Why: a reason for the hint, in facts of the position


def explain(view: dict, move: str) -> tuple[str, dict] | None:
    """A true reason for ``move`` in ``view`` that a hint can give, as (key, numbers), or
    None when no plain fact explains it (a choice the search made on its samples, say).

    Keys: ``completes`` (the upcard or a buy completes the contract), ``closer`` (then
    ``missing`` cards are missing), ``closer7`` (deal 7: closer to going out), ``no_help``
    (the upcard does not improve the hand), ``not_closer`` (a buy would not bring the
    contract closer), ``danger`` (a player who melded holds at most two cards), ``chips``
    (only ``chips`` left before deal 7), ``far`` (``missing`` still missing with the buy),
    ``unneeded`` (the contract does not need the card; ``points`` it counts),
    ``unneeded7`` (deal 7: the card going out needs least), ``costliest`` (after melding,
    the card in hand that counts most, ``points``; ``costliest_tied``: one of several),
    ``out`` (the move empties the hand),
    ``last`` (it leaves one card, the discard that goes out),
    ``contract`` (the first meld: the deal's contract), ``shed`` (cards put down or laid off
    no longer count), ``joker`` (the freed joker comes to the hand), ``alone`` (deal 6:
    each card given back is the only one of its rank in the hand).
    """
    parts = move.split()
    if not parts:
        return None
    verb = parts[0]
    seat = view["seat"]
    hand = list(view["hands"][seat])
    deal = view["deal"]
    melded = view["melded"][seat]
    if verb in ("take", "buy", "pass") and view["discard"] and not melded:
        before, after = buy_progress(view, hand)
        if verb == "pass":
            return _why_pass(view, before[0], after[0])
        if after[0] < before[0]:
            if deal == 7:
                return "closer7", {}
            return ("completes", {}) if after[0] == 0 else ("closer", {"missing": after[0]})
        return None
    if (verb == "draw" and view.get("first_turn") and view["discard"] and not melded
            and seat == (view["dealer"] + 1) % view["players"]):   # (the upcard was free)
        return ("no_help", {}) if take_gain(view, hand) <= 0 else None
    if verb == "discard" and len(parts) == 2:
        return _why_discard(view, hand, parts[1])
    if verb in ("meld", "add"):
        cards = [c for c in parts[1:parts.index("to") if "to" in parts else None] if c != "|"]
        if len(cards) >= len(hand) - 1:   # (the last card, if any, is then discarded)
            return ("out", {}) if len(cards) == len(hand) else ("last", {})
        return ("contract", {}) if verb == "meld" and not melded else ("shed", {})
    if verb == "exchange" and len(parts) > 1:
        ranks = Counter(VALUE[c] for c in hand if c != JOKER)
        if all(c != JOKER and ranks[VALUE[c]] == 1 for c in parts[1:]):
            return "alone", {}
        return None
    if verb == "swap":
        return "shed", {}
    if verb == "free":
        return "joker", {}
    return None


def _why_pass(view: dict, before: int, after: int) -> tuple[str, dict] | None:
    seat = view["seat"]
    if after >= before:
        return "not_closer", {}
    if any(view["melded"][s] and view["hand_counts"][s] <= 2
           for s in range(view["players"]) if s != seat):
        return "danger", {}
    chips = view["chips"][seat]
    if view["deal"] < rules.DEALS and chips <= RESERVE and after > 0:
        return "chips", {"chips": chips}
    if view["deal"] < rules.DEALS and before > BUY_NEED:
        return "far", {"missing": after}
    return None


def _why_discard(view: dict, hand: list[str], c: str) -> tuple[str, dict] | None:
    """Why discard ``c``, when a plain fact says it and says nothing for a costlier card
    the same fact fits (a reason true of the 8♣ thrown, while an unneeded A♣ stayed, read
    as a case for the ace, pt92)."""
    if c not in hand:
        return None
    if len(hand) == 1:
        return "out", {}
    points = rules.penalty(c)
    others = _without(hand, c)
    if view["melded"][view["seat"]]:
        # (a joker counts 15: held, it counts most, whatever natural goes, pt92)
        if c == JOKER or _fits_table(view, c) or any(rules.penalty(x) > points for x in others):
            return None
        tied = any(rules.penalty(x) == points for x in others)
        return ("costliest_tied" if tied else "costliest"), {"points": points}
    deal = view["deal"]
    if deal == 7:
        need = _progress7(others)[0]
        if need <= min(_progress7(_without(hand, x))[0] for x in set(hand)):
            return "unneeded7", {}
        return None
    seen = _seen(view)
    before = _progress(hand, deal, seen)[0]

    def unneeded(x: str) -> bool:
        return x != JOKER and _progress(_without(hand, x), deal, seen)[0] <= before

    if unneeded(c) and not any(rules.penalty(x) > points and unneeded(x) for x in set(others)):
        return "unneeded", {"points": points}
    return None
