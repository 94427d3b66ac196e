"""Deal 7's go-out melds: every way to put a whole hand down, spelt canonically, fast.

A go-out meld covers the hand (all its cards, or all but one, which is then discarded) by
groups, among them a trio (a set of exactly three) and a run of seven or more. ``legal_moves``
lists every one of them: a 27-card hand with jokers can have hundreds of thousands, so the
strings are built with as little Python work per meld as possible.

The canonical spelling (the spec) writes all sets before all runs, sets by rank (ace lowest),
runs by the card their first position stands for (value, then suit S H D C). The search sweeps
the values once, low to high, in that order:

- slot (value v, suit s): choose the runs that start at v in suit s (a multiset, in canonical
  order; each takes its cards, later values included, from the cards still free);
- rank step v (after the slots of v; the aces after every slot, since an ace can also end a
  high run): the cards of rank v still free go into sets of rank v (with some of the jokers),
  or one of them is the card left over. Which cards a rank's sets hold, and how many jokers,
  is its set signature; the sets spelt from a signature do not depend on anything else.

Every sub-problem (step, free cards, jokers, leftover allowed, requirements) is memoised and
returns its completions grouped by the tuple of set signatures they use: for each such tuple
the list of run texts (the runs part of the move, starting at the sub-problem's step). A slot
prefixes its runs' text to each completion, so a run text is built once per distinct tail.
At the end each signature tuple is spelt as the product of its ranks' set spellings (at least
one of them holding a trio: the first rank with a trio is chosen, lower ranks take no trio),
and every sets text is joined to every run text of its tuple. The free cards are one integer
(four bits a card, a guard bit each), so "do these cards fit" is one subtraction and a mask.

Each cover comes out exactly once: the runs starting at a slot, the sets of a rank and the
card left over are all fixed by the cover, and multisets are chosen in canonical order.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

__all__ = ["go_out_melds"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
SEP = " | "

_BITS = 4
_FIELD = (1 << _BITS) - 1
_GUARD = sum(8 << (4 * i) for i in range(64))
_ONES = sum(1 << (4 * i) for i in range(64))
_ACES = sum(1 << (4 * (16 * s + 1)) for s in range(4))
_SUIT = sum(1 << (4 * i) for i in range(16)) * 15
"""The packed hand: suit s's cards in fields 16s+1 .. 16s+13 (the value), four bits each; the
other fields stay empty, so shifting a suit's nibbles never mixes suits."""
_NEED_RUN7, _HAS_TRIO = 1, 2
"""State flags: a run of seven is still missing; some rank's sets can hold a trio."""


def _fields(values: Iterable[int]) -> int:
    """The nibble mask (bit 0 of each field) of ``values`` in every suit."""
    return sum(1 << (4 * (16 * s + v)) for s in range(4) for v in values)


_FUTURE = [_fields(range(v + 1, 15)) for v in range(15)]
"""Fields of values above v (14 is the high ace's own field, used only in presence masks)."""
_STARTS = [_fields(range(v + 1, 13)) for v in range(15)]
_STARTS7 = [_fields(range(v + 1, 9)) for v in range(15)]
"""Where a run of three (of seven) starting above v may start."""
_FIELD14 = _fields([14])
_LOW16 = sum(1 << (4 * i) for i in range(16))
_ALL_SUITS = 1 | 1 << 64 | 1 << 128 | 1 << 192


def _hopeless(rem: int, v: int, jokers: int, left: int, flags: int) -> bool:
    """A quick necessary test once the ranks up to ``v`` are settled: True when more free
    cards than the leftover allows can be in no set and no run still to start, when no trio
    can be made and none is held yet, or when a run of seven is missing and cannot be made.

    Without jokers a card held twice needs two runs (or a set): both copies are counted.
    """
    nz = (rem | rem >> 1 | rem >> 2) & _ONES
    future = _FUTURE[v]
    p1 = (nz | (nz & _ACES) << 52) & future
    totals = (rem + (rem >> 64) + (rem >> 128) + (rem >> 192)) & _SUIT
    settable = ((totals + (6 if jokers else 5) * _LOW16) >> 3) & _LOW16
    if not flags & _HAS_TRIO and not settable & ~1 and not (settable & 1 and nz & _ACES):
        return True
    sets = settable * _ALL_SUITS
    starts = _STARTS[v]
    if jokers:
        w = (p1 & p1 >> 4) | (p1 & p1 >> 8) | (p1 >> 4 & p1 >> 8)
        w &= starts
        cov1 = (w | w << 4 | w << 8) & p1
        cov1 = (cov1 & ~_FIELD14) | (cov1 >> 52 & _ACES)
        unc = nz & ~(cov1 | sets)
        count = unc.bit_count() if unc else 0
    else:
        w = p1 & p1 >> 4 & p1 >> 8 & starts
        cov1 = (w | w << 4 | w << 8) & p1
        two = (rem >> 1) & _ONES
        p2 = (two | (two & _ACES) << 52) & future
        lo1, lo2, hi1, hi2 = p1 << 4, p1 << 8, p1 >> 4, p1 >> 8
        dlo1, dlo2, dhi1 = p2 << 4, p2 << 8, p2 >> 4
        dhi2 = p2 >> 8
        cov2 = p2 & ((dlo1 & dlo2) | (dlo1 & dhi1) | (dhi1 & dhi2) | (dlo1 & lo2 & hi1)
                     | (lo1 & lo2 & hi1 & hi2) | (dhi1 & lo1 & hi2))
        cov1 = (cov1 & ~_FIELD14) | (cov1 >> 52 & _ACES)
        cov2 = (cov2 & ~_FIELD14) | (cov2 >> 52 & _ACES)
        unc = (nz & ~(cov1 | sets)) | (two & ~(cov2 | sets)) << 1
        count = unc.bit_count() if unc else 0
    if count > left:
        return True
    if flags & _NEED_RUN7:
        run = p1
        for k in range(1, 7):
            run += p1 >> (4 * k)
        if not ((run + (2 if jokers else 1) * _ONES) & (_STARTS7[v] << 3)):
            return True
    return False


_RANK_SHIFTS = [[_BITS * (16 * s + v) for s in range(4)] for v in range(15)]
"""Bit offsets of a rank's four cards in the packed hand."""


def _index(value: int, suit: int) -> int:
    """Field of the natural of run value 1..14 (14 is the ace) in the packed hand."""
    return 16 * suit + (value - 1) % 13 + 1


def _name(value: int, suit: int) -> str:
    return RANKS[(value - 1) % 13] + SUITS[suit]


def _run_key(low: int, suit: int, joker_at: int | None, length: int) -> tuple:
    """The engine's ``group_order_key`` order among runs of one slot (same low, same suit)."""
    return tuple((low + i, suit, i == joker_at) for i in range(length))


def _slot_runs(low: int, suit: int, counts: Counter, jokers: int) -> list[tuple[int, list]]:
    """Runs the hand could make starting at ``low`` in ``suit``, as chains: (jokers used,
    [(canonical key, text, packed cards, seven or longer), ...] by growing length). Chain 0
    has no joker, chain p + 1 the joker at position p; in a chain, a run that does not fit
    means no longer one does. Empty when the hand makes no run there.
    """
    chains = []
    top = min(13, 15 - low)
    for joker_at in [None, *range(top)] if jokers else [None]:
        chain = []
        for length in range(max(3, (joker_at or 0) + 1), top + 1):
            values = range(low, low + length)
            if any(i != joker_at and not counts[_name(v, suit)] for i, v in enumerate(values)):
                break
            names = [JOKER if i == joker_at else _name(v, suit) for i, v in enumerate(values)]
            packed = sum(1 << (_BITS * _index(v, suit)) for i, v in enumerate(values)
                         if i != joker_at)
            chain.append((_run_key(low, suit, joker_at, length), " ".join(names), packed,
                          length >= 7))
        chains.append((int(joker_at is not None), chain))
    return chains if any(chain for _, chain in chains) else []


class _Sets:
    """The spellings of a rank's sets: for cards ``x`` (count per suit) and ``k`` jokers, every
    multiset of sets using exactly those cards, as texts ``" | set | set"``, canonical."""

    def __init__(self) -> None:
        self._candidates: dict[tuple[int, tuple[int, ...]], list] = {}
        self._decomps: dict[tuple[int, tuple[int, ...], int], tuple[list[str], list[str]]] = {}

    def candidates(self, rank: int, x: tuple[int, ...]) -> list[tuple[str, tuple[int, ...], int, bool]]:
        found = self._candidates.get((rank, x))
        if found is None:
            found = []
            for y in itertools.product(*(range(n + 1) for n in x)):
                naturals = sum(y)
                if naturals < 2:
                    continue
                cards = [_name(rank, s) for s in range(4) for _ in range(y[s])]
                for joker in (0, 1):
                    if naturals + joker >= 3:
                        key = tuple((rank, s) for s in range(4) for _ in range(y[s])) + (
                            ((99, 9),) if joker else ())
                        found.append((key, " ".join(cards + [JOKER] * joker), y, joker,
                                      naturals + joker == 3))
            found.sort()
            found = [(text, y, joker, trio) for _, text, y, joker, trio in found]
            self._candidates[(rank, x)] = found
        return found

    def spellings(self, rank: int, x: tuple[int, ...], k: int) -> tuple[list[str], list[str]]:
        """(spellings without a trio, spellings with one) of ``x`` and exactly ``k`` jokers."""
        found = self._decomps.get((rank, x, k))
        if found is not None:
            return found
        plain: list[str] = []
        trio: list[str] = []
        cands = self.candidates(rank, x)

        def grow(start: int, left: tuple[int, ...], jokers: int, text: str, has_trio: bool) -> None:
            if not any(left):
                if not jokers:
                    (trio if has_trio else plain).append(text)
                return
            for i in range(start, len(cands)):
                ctext, y, joker, is_trio = cands[i]
                if joker > jokers or any(a > b for a, b in zip(y, left)):
                    continue
                grow(i, tuple(b - a for a, b in zip(y, left)), jokers - joker,
                     text + SEP + ctext, has_trio or is_trio)

        grow(0, x, k, "", False)
        found = (plain, trio)
        self._decomps[(rank, x, k)] = found
        return found


_SETS = _Sets()
"""Shared by every call: set spellings depend on the rank and cards only."""


def go_out_melds(hand: Iterable[str]) -> list[str]:
    """Every go-out meld of ``hand`` in deal 7, spelt as a ``meld`` move, each exactly once.

    ``hand`` holds card names (``7H``, ``10S``, ``JK``); a natural at most seven times.
    """
    counts = Counter(hand)
    jokers = counts.pop(JOKER, 0)
    if any(n > 7 for n in counts.values()):
        raise ValueError("a card count above 7 does not fit the packed hand")
    start = sum(n << (_BITS * _index(RANKS.index(c[:-1]) + 1, SUITS.index(c[-1])))
                for c, n in counts.items())

    # The steps in sweep order: ("slot", value, suit, runs) and ("rank", value).
    steps: list[tuple] = []
    for v in range(1, 14):
        for s in range(4):
            runs = _slot_runs(v, s, counts, jokers) if v <= 12 else []
            if runs:
                steps.append(("slot", v, s, runs))
        if v >= 2:
            steps.append(("rank", v))
    steps.append(("rank", 1))
    steps.append(("end",))

    signatures: list[tuple[int, list[str], list[str]]] = [(0, [], [])]
    sig_ids: dict[tuple[int, tuple[int, ...], int], int] = {}
    rank_memo: dict[tuple, list[tuple[int, int, int, bool]]] = {}

    def rank_options(rank: int, x: tuple[int, ...], jokers: int, left: int) -> list:
        """(signature, jokers used, leftover used, can hold a trio) for rank's free cards."""
        key = (rank, x, jokers, left)
        found = rank_memo.get(key)
        if found is not None:
            return found
        found = []
        choices = [(x, 0)]
        if left:
            choices += [(x[:s] + (x[s] - 1,) + x[s + 1:], 1) for s in range(4) if x[s]]
        for y, used in choices:
            if not any(y):
                found.append((0, 0, used, False))
                continue
            for k in range(0, min(jokers, sum(y) // 2) + 1):
                plain, trio = _SETS.spellings(rank, y, k)
                if not plain and not trio:
                    continue
                sid = sig_ids.get((rank, y, k))
                if sid is None:
                    sid = sig_ids[(rank, y, k)] = len(signatures)
                    signatures.append((rank, plain, trio))
                found.append((sid, k, used, bool(trio)))
        rank_memo[key] = found
        return found

    memo: dict[tuple[int, int, int, int, int], dict[tuple[int, ...], list[str]]] = {}
    empty: dict[tuple[int, ...], list[str]] = {}

    def solve(step: int, rem: int, jokers: int, left: int, flags: int) -> dict[tuple[int, ...], list[str]]:
        key = (step, rem, jokers, left, flags)
        found = memo.get(key)
        if found is not None:
            return found
        kind = steps[step]
        if kind[0] == "slot":
            if flags & _NEED_RUN7 and kind[1] > 8:
                found = empty
            else:
                found = _slot(step, kind[1], kind[2], rem, jokers, left, flags, kind[3])
        elif kind[0] == "rank":
            found = _rank(step, kind[1], rem, jokers, left, flags)
        else:
            ok = not flags & _NEED_RUN7 and flags & _HAS_TRIO and jokers <= left
            found = {(): [""]} if ok else empty
        memo[key] = found
        return found

    def _slot(step: int, v: int, s: int, rem: int, jokers: int, left: int, flags: int,
              chains: list) -> dict:
        shift = _BITS * (16 * s + v)
        others = sum((rem >> sh) & _FIELD for sh in _RANK_SHIFTS[v]) - ((rem >> shift) & _FIELD)
        # the copies of this slot's card that no run takes go into a set of its rank or are
        # the card left over: how many may stay, with and without a joker for that set
        if v == 1:   # an ace may still end a high run
            stay = stay_joker = (True,) * 8
        else:
            stay = tuple(not r or r <= left or r + others >= 3 for r in range(8))
            stay_joker = tuple(not r or r <= left or r + others >= 2 for r in range(8))
        options: list[tuple[tuple, int, int, int]] = []
        if (stay_joker if jokers else stay)[(rem >> shift) & _FIELD]:
            options.append(((), rem, jokers, flags))

        def grow(first: int, at: int, rem: int, jokers: int, chosen: tuple, flags: int) -> None:
            if not jokers:
                if not (rem >> shift) & _FIELD:
                    return
                top = 1
            else:   # a joker goes at most one place past the cards held from here on
                absent = ~((rem | rem >> 1 | rem >> 2) >> shift) & _ONES
                top = min(len(chains), (absent & -absent).bit_length() // 4 + 2)
            g = rem | _GUARD
            for c in range(first, top):
                uses, chain = chains[c]
                if uses > jokers:
                    continue
                for i in range(at if c == first else 0, len(chain)):
                    item = chain[i]
                    packed = item[2]
                    if (g - packed) & _GUARD != _GUARD:
                        break
                    sub = (*chosen, item)
                    sub_rem = rem - packed
                    sub_jokers = jokers - uses
                    sub_flags = flags & ~_NEED_RUN7 if item[3] else flags
                    if (stay_joker if sub_jokers else stay)[(sub_rem >> shift) & _FIELD]:
                        options.append((sub, sub_rem, sub_jokers, sub_flags))
                    grow(c, i, sub_rem, sub_jokers, sub, sub_flags)

        grow(0, 0, rem, jokers, (), flags)
        if not options:
            return empty
        if len(options) == 1 and not options[0][0]:
            return solve(step + 1, rem, jokers, left, flags)
        out: dict[tuple[int, ...], list[str]] = {}
        for chosen, sub_rem, sub_jokers, sub_flags in options:
            tails = solve(step + 1, sub_rem, sub_jokers, left, sub_flags)
            if not tails:
                continue
            if len(chosen) == 1:
                text = SEP + chosen[0][1]
            elif chosen:
                text = "".join(SEP + item[1] for item in sorted(chosen))
            else:
                text = ""
            for sigs, texts in tails.items():
                done = out.get(sigs)
                if done is None:
                    done = out[sigs] = []
                if text:
                    done += [text + t for t in texts]
                else:
                    done += texts
        return out

    def _rank(step: int, v: int, rem: int, jokers: int, left: int, flags: int) -> dict:
        shifts = _RANK_SHIFTS[v]
        x = ((rem >> shifts[0]) & _FIELD, (rem >> shifts[1]) & _FIELD, (rem >> shifts[2]) & _FIELD,
             (rem >> shifts[3]) & _FIELD)
        if not any(x):
            if v > 1 and _hopeless(rem, v, jokers, left, flags):
                return empty
            return solve(step + 1, rem, jokers, left, flags)
        cleared = rem - sum(n << sh for n, sh in zip(x, shifts))
        out: dict[tuple[int, ...], list[str]] = {}
        for sid, k, used, can_trio in rank_options(v, x, jokers, left):
            sub_flags = flags | _HAS_TRIO if can_trio else flags
            if v > 1 and _hopeless(cleared, v, jokers - k, left - used, sub_flags):
                continue
            tails = solve(step + 1, cleared, jokers - k, left - used, sub_flags)
            for sigs, texts in tails.items():
                full = (sid, *sigs) if sid else sigs
                done = out.get(full)
                if done is None:
                    out[full] = texts
                else:
                    out[full] = done + texts
        return out

    root = solve(0, start, jokers, 1, _NEED_RUN7)
    melds: list[str] = []
    for sigs, runs_texts in root.items():
        for sets_text in _spell_sets(sigs, signatures):
            prefix = "meld " + sets_text[len(SEP):]
            melds += [prefix + t for t in runs_texts]
    return melds


def _spell_sets(sigs: tuple[int, ...], signatures: list[tuple[int, list[str], list[str]]]) -> list[str]:
    """Every sets part (``" | set | set ..."``) of a signature tuple holding at least one trio:
    ranks in canonical order (ace first), the first rank with a trio chosen, lower ones without."""
    ranks = sorted((signatures[sid] for sid in sigs), key=lambda r: r[0])
    out: list[str] = []
    for i, (_, _, trio) in enumerate(ranks):
        if not trio:
            continue
        lists = [plain for _, plain, _ in ranks[:i]] + [trio] + [plain + tr for _, plain, tr in ranks[i + 1:]]
        out += map("".join, itertools.product(*lists))
    return out
