"""Hand analysis and scoring for Chắn: pairings, winning hands, features (cước) and score.

Glossary (as in the package docstring): a *Chắn* is two identical cards, a *Cạ* two cards of
one rank in different suits, a *chíu set* four identical cards (two Chắn). An *arrangement*
splits cards into Chắn and Cạ pairs; it may never split an identical pair to make two Cạ,
so each face gives ``count // 2`` Chắn and at most one card of a face goes into a Cạ. A
*group* is a rank (all three suits) or Chi Chi alone: cards pair only inside their group.

Main entry points: ``arrangements`` (every valid pairing of some cards), ``best_win`` (is a
20-card holding a win, and how does it score at best), ``features_of`` and ``score``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.rules.chan.cards import CHICHI, FACES, LEO, RED_FACES, SUITS, TOM, rank_of

Pair = tuple[str, ...]
"""A Chắn or Cạ as two cards (an exposed chíu set is a group of four)."""

FEATURE_VALUES: dict[str, tuple[int, int]] = {
    "Ù chì": (3, 1),
    "Thiên ù": (3, 1),
    "Tôm": (4, 1),
    "Bạch thủ": (4, 1),
    "Lèo": (5, 2),
    "Thiên khai": (5, 2),
    "Chíu ù": (5, 2),
    "Bòn": (5, 2),
    "Bạch định": (7, 4),
    "Tám đỏ": (8, 5),
    "Kính tứ chi": (12, 9),
    "Thập thành": (12, 9),
}
"""Feature -> (base, dịch), in the spec's table order (also the order features are listed)."""

PLAIN_WIN = "Ù xuông"
PLAIN_SCORE = 2
MIN_CHAN = 6
PAIRS_TO_WIN = 10

HOWS = ("stock", "own", "chiu", "heaven")
"""How a win came: on another gate's stock card, on the stock card revealed in the winner's
own gate (Ù chì), by ``u`` right after a chíu (Chíu ù), or the dealer's dealt 20 (Thiên ù)."""


@dataclass(frozen=True)
class Win:
    """A winning hand at its best: the ten pairs, their kinds, the features and the score.

    ``pairs`` lists the exposed groups first (a chíu set as four cards), then the arranged
    concealed cards (with the winning card when it was a stock card).
    """

    pairs: tuple[Pair, ...]
    chan: int
    ca: int
    features: tuple[str, ...]
    score: int
    arithmetic: str


# ---------------------------------------------------------------------------------------------
# Pairings


def group_of(face: str) -> int:
    """The pairing group of a face: its rank, or 0 for Chi Chi."""
    return rank_of(face)


RANK_FACES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{rank}{suit}" for suit in SUITS) for rank in range(2, 10))
"""The faces of each rank 2..9, suits in M, S, C order."""


def pairing(count: Mapping[str, int]) -> tuple[Pair, ...] | None:
    """The one way to split the cards counted in ``count`` into Chắn and Cạ, or None.

    Each face gives ``count // 2`` Chắn (an identical pair is never split to make two Cạ), so
    the odd card of a face must go into a Cạ with the odd card of another suit of its rank:
    a rank pairs exactly when it has zero or two faces with an odd count, and then in one way
    only (Chi Chi needs an even count). So the cards pair exactly when every group holds an
    even number of them. Chắn come first in face order, then the Cạ by rank.
    """
    if count.get(CHICHI, 0) % 2:
        return None
    cas: list[Pair] = []
    for faces in RANK_FACES:
        odd = [f for f in faces if count.get(f, 0) % 2]
        if len(odd) == 2:
            cas.append((odd[0], odd[1]))
        elif odd:
            return None
    chans = [(f, f) for f in FACES for _ in range(count.get(f, 0) // 2)]
    return tuple(chans + cas)


def arrangements(cards: Iterable[str]) -> list[tuple[Pair, ...]]:
    """Every way to split ``cards`` into Chắn and Cạ without splitting an identical pair.

    Under the no-split rule there is at most one (up to swapping identical cards; see
    ``pairing``), so the list has one arrangement or none ([] when the cards cannot be
    paired).
    """
    found = pairing(Counter(cards))
    return [] if found is None else [found]


def analyse_hand(cards: Iterable[str]) -> list[tuple[Pair, ...]]:
    """The pairings of ``cards`` (an alias of ``arrangements``; [] when they do not pair)."""
    return arrangements(cards)


def pairable(cards: Iterable[str]) -> bool:
    """True when all ``cards`` pair up (each group holds an even number of cards)."""
    return not odd_groups(Counter(cards))


def odd_groups(count: Counter) -> list[int]:
    """The groups (rank, or 0 for Chi Chi) holding an odd number of ``count``'s cards."""
    totals: Counter = Counter()
    for face, n in count.items():
        totals[group_of(face)] += n
    return sorted(g for g, n in totals.items() if n % 2)


def waiting(count: Counter) -> bool:
    """All but one card of a hand form Chắn or Cạ (exactly one group is odd)."""
    return len(odd_groups(count)) == 1


def holds_ca(count: Counter, rank: int) -> bool:
    """The hand holds a Cạ of ``rank``: two suits with an odd count (pairs not counted)."""
    if rank == 0:
        return False
    return sum(count[f"{rank}{s}"] % 2 for s in SUITS) >= 2


def shape(count: Counter) -> tuple[int, int, list[str]]:
    """(Chắn, Cạ, singles) of a hand arranged as well as it can be.

    Singles are the cards no pair uses: per group, the odd cards beyond the Cạ that can be
    formed (with three odd suits in a rank, the single is the last suit's card).
    """
    ca = 0
    singles: list[str] = []
    chan = sum(n // 2 for n in count.values())
    if count[CHICHI] % 2:
        singles.append(CHICHI)
    for rank in range(2, 10):
        odd = [f"{rank}{s}" for s in SUITS if count[f"{rank}{s}"] % 2]
        ca += len(odd) // 2
        if len(odd) % 2:
            singles.append(odd[-1])
    return chan, ca, singles


def group_kind(group: Sequence[str]) -> tuple[int, int]:
    """(Chắn, Cạ) counted by an exposed group: a chíu set is two Chắn."""
    if len(group) == 4:
        return 2, 0
    return (1, 0) if group[0] == group[1] else (0, 1)


# ---------------------------------------------------------------------------------------------
# Wins and scoring


def best_win(concealed: Iterable[str], exposed: Sequence[Sequence[str]] = (),
             winning: str | None = None, *, how: str = "stock",
             initial: Iterable[str] | None = None, barred: Iterable[str] = ()) -> Win | None:
    """The best-scoring way ``concealed`` + ``exposed`` (+ ``winning``) win, or None.

    ``how`` says how the hand wins (see ``HOWS``). For ``stock``/``own`` the winning card is
    arranged with the concealed cards; for ``chiu`` it is already in the last exposed group
    (pass it as ``winning`` too); for ``heaven`` there is none. ``initial`` is the winner's
    dealt hand (for Thiên khai and Bòn; None: none counted). The hand wins when its 20 cards
    make 10 pairs with at least 6 Chắn; with a Chi Chi winning card exactly 6 Chắn and 4 Cạ.
    ``barred``: faces the winner declined as Chắn (restriction 3: never used in a Cạ), so
    no Cạ of the arrangement may hold one.
    """
    if how not in HOWS:
        raise ValueError(f"unknown kind of win {how!r}")
    loose = list(concealed)
    if how in ("stock", "own"):
        if winning is None:
            raise ValueError("a win on a stock card needs the winning card")
        loose.append(winning)
    exposed_cards = [c for g in exposed for c in g]
    if len(loose) + len(exposed_cards) != 2 * PAIRS_TO_WIN:
        return None
    exposed_chan = exposed_ca = 0
    for group in exposed:
        c, k = group_kind(group)
        exposed_chan += c
        exposed_ca += k
    count = Counter(loose)
    chan = exposed_chan + sum(n // 2 for n in count.values())
    if chan < MIN_CHAN:
        return None
    arranged = pairing(count)  # the only arrangement, so also the best one
    if arranged is None:
        return None
    barred = frozenset(barred)
    if barred and any(p[0] != p[1] and (p[0] in barred or p[1] in barred) for p in arranged):
        return None  # (a declined Chắn's face would stand in a Cạ: pt123)
    ca = exposed_ca + len(arranged) - (chan - exposed_chan)
    if winning == CHICHI and how != "heaven" and (chan, ca) != (MIN_CHAN, 4):
        return None
    if how == "heaven" or winning is None:
        winning_rank_all_chan = False
    else:
        rank = group_of(winning)
        winning_rank_all_chan = not any(
            len(p) == 2 and p[0] != p[1] and group_of(p[0]) == rank
            for p in (*exposed, *arranged))
    features = features_of(loose + exposed_cards, chan, ca, how=how,
                           winning_rank_all_chan=winning_rank_all_chan, initial=initial)
    points, arithmetic = score(features)
    pairs = tuple(tuple(g) for g in exposed) + arranged
    return Win(pairs, chan, ca, tuple(features), points, arithmetic)


def features_of(cards: Sequence[str], chan: int, ca: int, *, how: str,
                winning_rank_all_chan: bool, initial: Iterable[str] | None = None) -> list[str]:
    """The features of a winning hand of ``cards`` (all 20), listed once per occurrence.

    ``chan``/``ca`` count the pairs of the arrangement; ``winning_rank_all_chan`` tells
    whether no Cạ of the arrangement (exposed pairs included) is of the winning card's rank,
    so that the winning card completes a Chắn (for Bạch thủ: holding X X and winning on a
    third X is not Bạch thủ, one X must join a Cạ). Returns [] for a plain win.
    """
    count = Counter(cards)
    dealt = Counter(initial or ())
    found: list[str] = []
    if how == "own":
        found.append("Ù chì")
    if how == "heaven":
        found.append("Thiên ù")
    found += ["Tôm"] * min(count[f] for f in TOM)
    if chan == MIN_CHAN and ca == 4 and winning_rank_all_chan and how != "heaven":
        found.append("Bạch thủ")
    found += ["Lèo"] * min(count[f] for f in LEO)
    found += ["Thiên khai"] * sum(1 for f, n in dealt.items() if n == 4)
    if how == "chiu":
        found.append("Chíu ù")
    found += ["Bòn"] * sum(1 for f, n in dealt.items() if n == 2 and count[f] == 4)
    red = sum(n for f, n in count.items() if f in RED_FACES)
    if red == 0:
        found.append("Bạch định")
    if red == 8:
        found.append("Tám đỏ")
    if count[CHICHI] == 4 and red == 4:
        found.append("Kính tứ chi")
    if ca == 0:
        found.append("Thập thành")
    return found


def score(features: Sequence[str]) -> tuple[int, str]:
    """The score of a win with ``features`` and its arithmetic in words.

    No feature: Ù xuông, 2. Otherwise the highest base plus the dịch of every other feature;
    with Thập thành, the sum of the bases of all features. Raises ValueError for an unknown
    feature name.
    """
    for name in features:
        if name not in FEATURE_VALUES:
            raise ValueError(f"unknown feature {name!r}")
    if not features:
        return PLAIN_SCORE, f"{PLAIN_WIN} {PLAIN_SCORE}"
    if "Thập thành" in features:
        terms = [(name, FEATURE_VALUES[name][0]) for name in features]
    else:
        top = max(features, key=lambda n: FEATURE_VALUES[n][0])
        rest = list(features)
        rest.remove(top)
        terms = [(top, FEATURE_VALUES[top][0])]
        terms += [(f"{name} dịch", FEATURE_VALUES[name][1]) for name in rest]
    total = sum(v for _, v in terms)
    text = " + ".join(f"{name} {v}" for name, v in terms)
    return total, (f"{text} = {total}" if len(terms) > 1 else text)


def settlement(winner: int | None, points: int, players: int = 4) -> list[int]:
    """Each loser pays ``points`` to the winner (who gets ``players - 1`` times it)."""
    if winner is None:
        return [0] * players
    return [points * (players - 1) if s == winner else -points for s in range(players)]
