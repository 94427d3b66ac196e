"""The legal melds and lay-offs of one position, indexed by their cards.

A deal-7 hand with jokers may go out in hundreds of thousands of ways, far too many to scan
on every click: the legal moves are bucketed once per position (melds by their number of
cards, lay-offs by meld and cards), and the melds of one size are keyed by their cards the
first time a selection of that size asks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.rules.telefunken import JOKER


def meld_cards(move: str) -> list[str]:
    """The cards of a meld move, in its order ("meld a b | c": a, b, c)."""
    return [p for p in move.split()[1:] if p != "|"]


class LegalIndex:
    def __init__(self, legal: Iterable[str]) -> None:
        self.sizes: dict[int, list[str]] = {}
        self.lay: dict[tuple, list[str]] = {}
        self._by_cards: dict[int, dict[tuple, list[str]]] = {}
        for move in legal:
            if move.startswith("meld "):  # cards = spaces - bars ("meld a b | c")
                self.sizes.setdefault(move.count(" ") - move.count("|"), []).append(move)
                continue
            parts = move.split()
            verb = parts[0]
            if verb == "add" and "to" in parts:
                at = parts.index("to")
                self.lay.setdefault((int(parts[at + 1]), tuple(sorted(parts[1:at]))), []).append(
                    move)
            elif verb == "swap":
                self.lay.setdefault((int(parts[3]), (parts[1],)), []).append(move)
            elif verb == "free":
                self.lay.setdefault((int(parts[1]), tuple(sorted(parts[3:]))), []).append(move)

    def meld_of(self, cards: list[str]) -> str | None:
        """The legal meld made of exactly ``cards``: the first listed, or, where a joker may
        stand at either end of a run (5♥ 6♥ and the joker: as 4♥ or as 7♥), the one with
        the joker at the end the order of ``cards`` puts it (chosen last: the high end;
        first: the low end; a play-tester found no way to have it high)."""
        table = self._by_cards.get(len(cards))
        if table is None:
            table = self._by_cards[len(cards)] = {}
            for m in self.sizes.get(len(cards), []):
                table.setdefault(tuple(sorted(meld_cards(m))), []).append(m)
        found = table.get(tuple(sorted(cards)))
        if not found:
            return None
        if len(found) > 1 and cards and (cards[-1] == JOKER) != (cards[0] == JOKER):
            at = -1 if cards[-1] == JOKER else 0
            for move in found:  # ("meld a b JK | c d e")
                groups = [g.split() for g in move.removeprefix("meld ").split(" | ")]
                if any(g[at] == JOKER for g in groups if JOKER in g):
                    return move
        return found[0]

    def melds_of(self, cards: list[str], limit: int = 5000) -> str | None:
        """Two legal melds that together are exactly ``cards``, as one move ("meld a b c |
        d e f": the engine plays groups that would be legal one after another), for a
        player who has melded and chose two new melds at once (refused as "not a set or a
        run", pt108); at most ``limit`` melds are looked at."""
        have = Counter(cards)
        looked = 0
        for size in sorted(self.sizes):
            if size > len(cards) - 3:
                break
            for move in self.sizes[size]:
                looked += 1
                if looked > limit:
                    return None
                first = Counter(meld_cards(move))
                if first - have:
                    continue
                rest, left = have - first, []
                for card in cards:  # (in the order chosen: a joker's end follows it)
                    if rest[card] > 0:
                        rest[card] -= 1
                        left.append(card)
                second = self.meld_of(left)
                if second is not None:
                    return f"{move} | {second.removeprefix('meld ')}"
        return None

    def meld_within(self, cards: list[str], limit: int = 5000) -> str | None:
        """The first listed legal meld made of some of ``cards`` but not all (a contract
        chosen together with more cards); at most ``limit`` melds are looked at."""
        have = Counter(cards)
        looked = 0
        for size in sorted(self.sizes, reverse=True):
            if size >= len(cards):
                continue
            for move in self.sizes[size]:
                looked += 1
                if looked > limit:
                    return None
                if not Counter(meld_cards(move)) - have:
                    return move
        return None

    def grows(self, cards: list[str], limit: int = 5000) -> bool:
        """Some legal meld holds all of ``cards`` and more (three cards of a run that a
        fourth would lengthen); at most ``limit`` melds are looked at."""
        have = Counter(cards)
        looked = 0
        for size in sorted(self.sizes):
            if size <= len(cards):
                continue
            for move in self.sizes[size]:
                looked += 1
                if looked > limit:
                    return False
                if not have - Counter(meld_cards(move)):
                    return True
        return False

    def layoffs(self, cards: list[str], meld: int, low: bool | None = None) -> list[str]:
        """Legal lay-offs of ``cards`` on ``meld`` (add, swap, free): freeing a joker before
        adding the same naturals, then the end nearer the pointer (``low``) first."""
        out = list(self.lay.get((meld, tuple(sorted(cards))), []))
        if len(out) > 1:
            out.sort(key=lambda m: (not m.startswith("free"), low is not None and (
                m.endswith("low") != low)))
        return out
