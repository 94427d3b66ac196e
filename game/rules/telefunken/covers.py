"""Exact covers of a hand by groups: the enumeration behind deal 7's go-out melds.

A cover picks a multiset of candidate groups (sets and runs the hand can form) that uses every
card of the hand except at most ``leftover`` of them, and together meets every requirement bit
(deal 7: a trio and a run of seven or more). This module is pure combinatorics on card
strings; ``game.rules.telefunken`` builds the candidate groups and spells the results.

The search branches on one card at a time in a fixed order (``order_key``, jokers last): the
next card still in hand is either left over or the first card, in that order, of one of the
chosen groups, so every group is chosen at its first card. When a second copy of the same card
is branched on, only options at or after the previous choice are tried, so each cover comes
out once. A branch ends when its card fits no group still possible, or when no group still
possible meets a missing requirement; the covers of every sub-problem (the cards still in hand,
the leftover allowed, the requirements missing, the branch bound) are memoised, so a shared
tail is searched once. The cards in hand are packed in one integer (four bits a card), so
"does this group still fit" is one subtraction and one mask.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["exact_covers"]

_BITS = 4
"""Bits per card count in the packed hand (a count is at most 4, the guard is the top bit)."""


def exact_covers(hand: Sequence[str], groups: Sequence[Sequence[str]], needs: Sequence[int],
                 required: int, leftover: int, joker: str,
                 order_key: Callable[[str], Any] | None = None,
                 witnesses: Sequence[int] | None = None,
                 sort_each: bool = True) -> list[tuple[int, ...]]:
    """Every cover of ``hand`` by ``groups``, as sorted tuples of group indices.

    ``needs[g]`` is the bitmask of requirements group ``g`` meets; a cover's groups meet every
    bit of ``required`` between them. At most ``leftover`` cards stay uncovered. Groups with a
    card the hand lacks (or holds too few of) are ignored. A group index appears twice when
    the hand holds that group twice over. ``order_key`` orders the cards for the search
    (default: the card in fewest groups first); any order gives the same covers.
    ``witnesses`` (default: every group) are the groups tried when the search asks whether a
    missing requirement can still be met: pass only the smallest ones (a group meeting a
    requirement fits whenever a bigger one does), so the test is quick. With ``sort_each``
    false a cover's indices come in search order (one sort fewer for a caller that sorts).
    """
    counts = Counter(hand)
    if any(n > 7 for n in counts.values()):
        raise ValueError("a card count above 7 does not fit the packed hand")
    fits = Counter()
    usable = []
    for g, cards in enumerate(groups):
        need = Counter(cards)
        if all(counts[c] >= n for c, n in need.items()):
            usable.append((g, need))
            fits.update(need.keys())
    key = order_key or (lambda c: (fits[c], c))
    order = sorted((c for c in counts if c != joker), key=key)
    if joker in counts:
        order.append(joker)
    index = {c: i for i, c in enumerate(order)}
    n = len(order)
    joker_shift = _BITS * index[joker] if joker in counts else None
    guard = sum(1 << (_BITS * i + _BITS - 1) for i in range(n))
    field = (1 << _BITS) - 1

    # Candidates by their first card in the search order: (group, packed cards, bits).
    by_first: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    witness_set = set(witnesses) if witnesses is not None else set()
    with_bit: dict[int, list[int]] = {}
    for g, need in usable:
        packed = sum(k << (_BITS * index[c]) for c, k in need.items())
        first = min(index[c] for c in need)
        bits = needs[g] & required
        by_first[first].append((g, packed, bits))
        if witnesses is not None and g not in witness_set:
            continue
        for b in _bits_of(bits):
            with_bit.setdefault(b, []).append(packed)

    memo: dict[tuple[int, int, int, int], list[tuple[int, ...]]] = {}

    def solve(rem: int, left: int, need: int, bound: int) -> list[tuple[int, ...]]:
        found = memo.get((rem, left, need, bound))
        if found is not None:
            return found
        out: list[tuple[int, ...]] = []
        memo[(rem, left, need, bound)] = out
        if not rem:
            if not need:
                out.append(())
            return out
        pos = ((rem & -rem).bit_length() - 1) // _BITS
        shift = _BITS * pos
        if shift == joker_shift:       # only jokers left: they form no group
            if not need and (rem >> shift) <= left:
                out.append(())
            return out
        g_rem = rem | guard
        if need and bound < 0:
            for b in _bits_of(need):
                if not any((g_rem - p) & guard == guard for p in with_bit.get(b, ())):
                    return out        # no group left can meet this requirement
        if bound < 0 and left:
            out.extend(solve(rem - (1 << shift), left - 1, need, -1))
        options = by_first[pos]
        for k in range(max(bound, 0), len(options)):
            g, packed, bits = options[k]
            if (g_rem - packed) & guard != guard:
                continue
            rest = rem - packed
            sub = solve(rest, left, need & ~bits, k if (rest >> shift) & field else -1)
            if sub:
                out.extend([(g, *r) for r in sub])
        return out

    start = sum(counts[c] << (_BITS * index[c]) for c in order)
    found = solve(start, leftover, required, -1)
    return [tuple(sorted(cover)) for cover in found] if sort_each else found


def _bits_of(mask: int) -> list[int]:
    return [1 << b for b in range(mask.bit_length()) if mask >> b & 1]
