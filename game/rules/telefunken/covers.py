"""Exact covers of a hand by groups: the enumeration behind deal 7's go-out melds.

A cover picks a multiset of candidate groups (sets and runs the hand can form) that uses every
card of the hand except at most ``leftover`` of them, and together meets every requirement bit
(deal 7: a trio and a run of seven or more). This module is pure combinatorics on card
strings; ``game.rules.telefunken`` builds the candidate groups and spells the results.

The search (``cover_graph``) branches on one card at a time in a fixed order (``order_key``,
jokers last): the next card still in hand is either left over or the first card, in that
order, of one of the chosen groups, so every group is chosen at its first card. When a second
copy of the same card is branched on, only options at or after the previous choice are tried,
so each cover comes out once. A branch ends when its card fits no group still possible, or
when no group still possible meets a missing requirement. Every sub-problem (the cards still
in hand, the leftover allowed, the requirements missing, the branch bound) is solved once: the
result is a graph whose paths from the root to ``DONE`` are the covers, so a tail shared by
many covers is searched and stored once. The cards in hand are packed in one integer (four
bits a card), so "does this group still fit" is one subtraction and one mask; the options at a
card are in canonical order, which puts every extension of a group right after it, so a group
that does not fit skips its extensions in one step.

The covers are then read off the graph: as tuples of group indices (``exact_covers``), or
spelt as text in canonical order (``cover_texts``), which builds each small sub-graph's tails
as strings once and joins each path's prefix to them; that is what makes 400,000 go-out melds
a fraction of a second.
"""

from __future__ import annotations

import contextlib
import gc
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = ["DONE", "CoverNode", "cover_graph", "cover_texts", "exact_covers", "no_collection"]

_BITS = 4
"""Bits per card count in the packed hand (a count is at most 4, the guard is the top bit)."""

class CoverNode:
    """A node of the graph of covers: its edges ``(group index, next node)`` (index -1: a
    card left over) and how many covers go on from it (paths to ``DONE``)."""

    __slots__ = ("edges", "count", "tails")

    def __init__(self, edges: list[tuple[int, CoverNode]], count: int) -> None:
        self.edges = edges
        self.count = count
        self.tails = None      # the covers' tails spelt, once ``cover_texts`` has built them


DONE = CoverNode([], 1)
"""The node at the end of every cover's path: nothing left to cover."""

_SMALL = 64
"""Sub-graphs with at most this many covers have their tails spelt once and reused."""


def cover_graph(hand: Sequence[str], groups: Sequence[Sequence[str]], needs: Sequence[int],
                required: int, leftover: int, joker: str,
                order_key: Callable[[str], Any] | None = None,
                witnesses: Sequence[int] | None = None) -> CoverNode | None:
    """The graph of every cover of ``hand`` by ``groups`` (``None`` if there is none).

    ``needs[g]`` is the bitmask of requirements group ``g`` meets; a cover's groups meet every
    bit of ``required`` between them. At most ``leftover`` cards stay uncovered. Groups with a
    card the hand lacks (or holds too few of) are ignored. A group index appears twice on a
    path when the hand holds that group twice over. ``groups`` must be in canonical order
    (lexicographic by card, an extension after its group). ``order_key`` orders the cards for
    the search (default: the card in fewest groups first); any order gives the same covers.
    ``witnesses`` (default: every group) are the groups tried when the search asks whether a
    missing requirement can still be met: pass only the smallest ones (a group meeting a
    requirement fits whenever a bigger one does), so the test is quick.
    """
    counts = Counter(hand)
    if any(n > 7 for n in counts.values()):
        raise ValueError("a card count above 7 does not fit the packed hand")
    if leftover > 15 or required > 255 or len(groups) >= 1 << 16:
        raise ValueError("too many leftovers, requirements or groups for the packed key")
    fits: Counter = Counter()
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
    joker_shift = _BITS * index[joker] if joker in counts else -1
    guard = sum(1 << (_BITS * i + _BITS - 1) for i in range(len(order)))
    field = (1 << _BITS) - 1

    # Candidates by their first card in the search order, in canonical order:
    # (group, packed cards, bits, index of the first candidate that does not extend it).
    by_first: list[list[tuple[int, int, int, int]]] = [[] for _ in order]
    first_cards: list[list[Sequence[str]]] = [[] for _ in order]
    witness_set = set(witnesses) if witnesses is not None else None
    with_bit: dict[int, list[int]] = {}
    for g, need in usable:
        packed = sum(k << (_BITS * index[c]) for c, k in need.items())
        first = min(index[c] for c in need)
        bits = needs[g] & required
        by_first[first].append((g, packed, bits, 0))
        first_cards[first].append(groups[g])
        if witness_set is None or g in witness_set:
            for b in _bits_of(bits):
                with_bit.setdefault(b, []).append(packed)
    for options, cards in zip(by_first, first_cards):
        for k, (g, packed, bits, _) in enumerate(options):
            skip = k + 1
            while skip < len(options) and tuple(cards[skip][:len(cards[k])]) == tuple(cards[k]):
                skip += 1
            options[k] = (g, packed, bits, skip)
    missing = {m: [with_bit.get(b, []) for b in _bits_of(m)] for m in range(required + 1)}

    # The state of a sub-problem is one integer: the cards still in hand (four bits a card),
    # then the leftover still allowed (four bits), then the requirements still missing.
    left_shift = _BITS * len(order)
    need_shift = left_shift + 4
    hand_mask = (1 << left_shift) - 1
    left_field = 15 << left_shift
    one_left = 1 << left_shift
    # with each candidate: its requirement bits at their place in the state
    by_first = [[(g, packed, bits << need_shift, skip) for g, packed, bits, skip in options]
                for options in by_first]
    memo: dict[int, CoverNode | None] = {}
    get = memo.get

    def solve(state: int, bound: int) -> CoverNode | None:
        rem = state & hand_mask
        if not rem:
            return DONE if state < one_left << 4 else None     # no requirement missing
        pos = ((rem & -rem).bit_length() - 1) // _BITS
        shift = _BITS * pos
        if shift == joker_shift:       # only jokers left: they form no group
            if state >> need_shift or rem >> shift > (state & left_field) >> left_shift:
                return None
            return DONE
        need = state >> need_shift
        g_state = state | guard
        if need and bound < 0:
            for packs in missing[need]:
                for p in packs:
                    if (g_state - p) & guard == guard:
                        break
                else:
                    return None        # no group left can meet this requirement
        edges: list = []
        if bound < 0 and state & left_field:
            rest = state - (1 << shift) - one_left
            sub = get(rest << 16, False)
            if sub is False:
                sub = memo[rest << 16] = solve(rest, -1)
            if sub is not None:
                edges.append((-1, sub))
        options = by_first[pos]
        k = bound if bound > 0 else 0
        n = len(options)
        while k < n:
            g, packed, bits, skip = options[k]
            if (g_state - packed) & guard != guard:
                k = skip               # nor does any group that extends it
                continue
            rest = state - packed - (state & bits)
            next_bound = k if (rest >> shift) & field else -1
            memo_key = (rest << 16) | (next_bound + 1)
            sub = get(memo_key, False)
            if sub is False:
                sub = memo[memo_key] = solve(rest, next_bound)
            if sub is not None:
                edges.append((g, sub))
            k += 1
        if not edges:
            return None
        return CoverNode(edges, sum([sub.count for _, sub in edges]))

    start = sum(counts[c] << (_BITS * index[c]) for c in order)
    return solve(start | leftover << left_shift | required << need_shift, -1)


def exact_covers(hand: Sequence[str], groups: Sequence[Sequence[str]], needs: Sequence[int],
                 required: int, leftover: int, joker: str,
                 order_key: Callable[[str], Any] | None = None,
                 witnesses: Sequence[int] | None = None,
                 sort_each: bool = True) -> list[tuple[int, ...]]:
    """Every cover of ``hand`` by ``groups`` (see ``cover_graph``), as tuples of group indices:
    sorted tuples, or with ``sort_each`` false in search order."""
    root = cover_graph(hand, groups, needs, required, leftover, joker, order_key, witnesses)
    if root is None:
        return []
    memo: dict[int, list[tuple[int, ...]]] = {id(DONE): [()]}

    def tails(node: CoverNode) -> list[tuple[int, ...]]:
        found = memo.get(id(node))
        if found is None:
            found = memo[id(node)] = [(g, *t) if g >= 0 else t
                                      for g, sub in node.edges for t in tails(sub)]
        return found

    found = tails(root)
    return [tuple(sorted(cover)) for cover in found] if sort_each else list(found)


def cover_texts(root: CoverNode | None, texts: Sequence[str], first_kind: Sequence[bool],
                head: str, separator: str = " | ") -> list[str]:
    """Every cover of the graph spelt as ``head`` and its groups' ``texts`` joined by
    ``separator``: the groups with ``first_kind`` first, each kind in index order; the list
    sorted. (Deal 7: sets before runs, each kind in canonical order.)

    A path's groups come in search order, which is index order within each kind nearly
    always (a run led by jokers, or an ace searched high, can come later than its index);
    where it is not, that cover's groups are put in order from their texts. (The empty cover,
    a graph that is only ``DONE``, is ``head`` alone.)
    """
    if root is None:
        return []
    if root is DONE:
        return [head.rstrip()]
    width = len(separator)
    led = [separator + t for t in texts]          # each group with its separator before it
    by_text = {t: i for i, t in enumerate(texts)}
    beyond = 1 << 62               # "no group of this kind": after every index
    out: list[str] = []
    emit = out.append

    def in_order(part: str, g: int) -> tuple[str, int, int]:
        """``part`` (groups led by separators) with ``g`` put in its place: the text, the
        first index and the last."""
        found = [by_text[t] for t in part[width:].split(separator)] if part else []
        found.append(g)
        found.sort()
        return "".join([led[i] for i in found]), found[0], found[-1]

    # The tails of a small node: (first kind's part, second kind's part, the first index of
    # each part); with the smallest first indices of all its tails.
    spelt: list[CoverNode] = []     # the nodes whose tails are kept, cleared at the end
    end = ([("", "", beyond, beyond)], beyond, beyond, [""], [])

    def tails(node: CoverNode) -> tuple:
        """The tails of the covers from ``node`` on: a list of (first kind's groups, second
        kind's groups, the first index of each); the smallest first indices of all; the
        second kind's groups of the tails without the first kind; the tails with it, as
        ``head`` and the first kind's groups, and the second kind's groups."""
        if node is DONE:
            return end
        if node.tails is not None:
            return node.tails
        entries: list[tuple[str, str, int, int]] = []
        for g, sub in node.edges:
            below, low_a, low_b, _, _ = tails(sub)
            if g < 0:
                entries.extend(below)
            elif first_kind[g]:
                text = led[g]
                if g <= low_a:
                    entries.extend([(text + a, b, g, fb) for a, b, fa, fb in below])
                else:
                    for a, b, fa, fb in below:
                        if g <= fa:
                            entries.append((text + a, b, g, fb))
                        else:
                            a, fa, _ = in_order(a, g)
                            entries.append((a, b, fa, fb))
            else:
                text = led[g]
                if g <= low_b:
                    entries.extend([(a, text + b, fa, g) for a, b, fa, fb in below])
                else:
                    for a, b, fa, fb in below:
                        if g <= fb:
                            entries.append((a, text + b, fa, g))
                        else:
                            b, fb, _ = in_order(b, g)
                            entries.append((a, b, fa, fb))
        node.tails = (entries, min([e[2] for e in entries]), min([e[3] for e in entries]),
                      [b for a, b, _, _ in entries if not a],
                      [(head + a[width:], b) for a, b, _, _ in entries if a])
        spelt.append(node)
        return node.tails

    def spell(a: str, b: str) -> str:
        return head + (a + b)[width:]

    def walk(node: CoverNode, a: str, b: str, last_a: int, last_b: int) -> None:
        """Every cover through ``node`` whose groups so far are ``a`` and ``b`` (their last
        indices ``last_a`` and ``last_b``)."""
        for g, sub in node.edges:
            if g < 0:
                na, nb, la, lb = a, b, last_a, last_b
            elif first_kind[g]:
                nb, lb = b, last_b
                if g >= last_a:
                    na, la = a + led[g], g
                else:
                    na, _, la = in_order(a, g)
            else:
                na, la = a, last_a
                if g >= last_b:
                    nb, lb = b + led[g], g
                else:
                    nb, _, lb = in_order(b, g)
            if sub is DONE:
                emit(spell(na, nb))
            elif sub.count > _SMALL:
                walk(sub, na, nb, la, lb)
            else:
                entries, low_a, low_b, only_b, with_a = sub.tails or tails(sub)
                if la <= low_a and lb <= low_b:     # the usual case: the tails follow on
                    if na:
                        start = head + na[width:]
                        ahead = start + nb
                        out.extend([ahead + tb for tb in only_b])
                        out.extend([f"{start}{separator}{ta[len(head):]}{nb}{tb}"
                                    for ta, tb in with_a])
                    else:
                        if nb:
                            ahead = head + nb[width:]
                            out.extend([ahead + tb for tb in only_b])
                        else:
                            out.extend([head + tb[width:] for tb in only_b])
                        out.extend([f"{ta}{nb}{tb}" for ta, tb in with_a])
                    continue
                for ta, tb, fa, fb in entries:
                    if la <= fa and lb <= fb:
                        emit(spell(na + ta, nb + tb))
                    else:
                        emit(spell(_sorted_part(na + ta, by_text, led, separator),
                                   _sorted_part(nb + tb, by_text, led, separator)))

    walk(root, "", "", -1, -1)
    for node in spelt:
        node.tails = None
    out.sort()
    return out


def _sorted_part(part: str, by_text: dict[str, int], led: Sequence[str], separator: str) -> str:
    """``part`` (groups each led by ``separator``) with its groups in index order."""
    if not part:
        return part
    found = sorted(by_text[t] for t in part[len(separator):].split(separator))
    return "".join([led[i] for i in found])


@contextlib.contextmanager
def no_collection() -> Iterator[None]:
    """The cyclic garbage collector paused for a block that makes many small tuples and
    frees none of them (the graph and its spelt tails): otherwise it walks them again and
    again, a fifth of the time of the largest listings. Restored as it was afterwards."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _bits_of(mask: int) -> list[int]:
    return [1 << b for b in range(mask.bit_length()) if mask >> b & 1]
