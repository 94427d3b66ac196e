"""Zetema, the Victorian rummy-style game for 2 to 6 players, as ``shared/rules/zetema.md``.

The deck is a 52-card pack plus a second full suit (spades unless option ``double`` says
otherwise): 65 cards, five of every rank. Each player is dealt 6 cards (5 with six players);
every turn the player first draws from the stock up to 7 cards (6 with six players), may then
declare one meld for points, and discards one card onto the pile of its rank. Discarding the
fifth card of a rank scores a zetema. Once the stock is empty the turns are discards only
(melds still allowed) until every card is gone; then, if nobody has reached the goal, a new
deal starts with the next dealer. The game ends the moment a score reaches the goal (300
with 2 or 3 players, 200 with 4 to 6, option ``target``).

Glossary (names in this file follow it):

- card: text such as ``10H`` or ``QS`` (rank then suit). The duplicated suit's cards exist
  twice and the two copies are the same string, so hands and piles are multisets.
- rank: ``A 2 3 4 5 6 7 8 9 10 J Q K`` (index 0..12, ace low); suit: ``S H D C``.
- deck: the 65 cards; stock: the face-down cards still to draw, ``stock[0]`` drawn next.
- limit: the hand size a turn starts with after the draw (7, or 6 with six players).
- pile: one of the 13 discard piles, one per rank; a pile lists its cards with the top last.
- meld: one declaration of a turn: ``straight``, ``flush``, ``straightflush``, ``assembly``
  or ``marriage`` (its ``kind``), with the cards it shows and its points.
- shown: the cards of the meld just declared (phase ``discard``). They are still in the
  hand; the discard must be one of them, the others simply stay (they "return to hand").
- marriage: a king and queen of the same suit; one declaration may hold 1 to 5 of them.
  A pile card is a king or queen taken from the K or Q pile for a marriage, written
  ``QH@pile``; every marriage has at least one card from the hand. Married cards go to the
  marriage pile, out of play for the rest of the deal.
- zetema: discarding the fifth card of a rank onto its pile (K/Q 50, J 20, A/5 15, else 5);
  none for kings and queens once a marriage was melded in the deal.
- deal: one shuffle played out until all hands and the stock are empty; ``deal`` counts them
  from 1 and, with ``seed``, fixes the shuffle of the next one.
- phase: ``meld`` (the seat to move may meld or discard), ``discard`` (it melded and must
  discard) or ``over``.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from game.rules import IllegalMove

__all__ = [
    "ASSEMBLY_POINTS",
    "KINDS",
    "MARRIAGE_POINTS",
    "RANKS",
    "SUITS",
    "ZETEMA_POINTS",
    "CardTakenFromPile",
    "CardsDrawn",
    "CardsReturned",
    "DealEnded",
    "Dealt",
    "Discarded",
    "GameOver",
    "Meld",
    "MarriagePiled",
    "Melded",
    "Scored",
    "Settings",
    "State",
    "TurnChanged",
    "Zetema",
    "card_key",
    "classify",
    "deal_size",
    "deck",
    "describe",
    "dump",
    "find_melds",
    "hand_limit",
    "legal_moves",
    "load",
    "meld_value",
    "new_game",
    "play",
    "play_events",
    "result",
    "to_move",
    "view",
]

# ---------------------------------------------------------------------------------------------
# Cards and tables

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
RANK_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings")
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
ALL_CARDS = tuple(r + s for r in RANKS for s in SUITS)
CARD_RANK = {c: RANK_INDEX[c[:-1]] for c in ALL_CARDS}
CARD_SUIT = {c: SUIT_INDEX[c[-1]] for c in ALL_CARDS}
ACE, QUEEN, KING = 0, 11, 12

KINDS = ("straight", "flush", "straightflush", "assembly", "marriage")
KIND_NAMES = {"straight": "straight", "flush": "flush", "straightflush": "straight flush",
              "assembly": "assembly", "marriage": "marriage"}
STRAIGHT_POINTS = 10
FLUSH_POINTS = 30
STRAIGHT_FLUSH_POINTS = 50
ASSEMBLY_POINTS = (110, 100, 100, 100, 110, 100, 100, 100, 100, 100, 120, 130, 130)
"""Assembly points by rank index: K or Q 130, J 120, A or 5 110, any other rank 100."""
MARRIAGE_POINTS = (0, 10, 30, 60, 100, 150)
"""Points of a declaration of n marriages (index n)."""
ZETEMA_POINTS = (15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50)
"""Zetema points by rank index: K or Q 50, J 20, A or 5 15, any other rank 5."""
RUN = 6          # cards in a straight or flush
PER_RANK = 5     # cards of each rank in the deck
PHASES = ("meld", "discard", "over")
PILE = "@pile"


def deck(double: str = "S") -> tuple[str, ...]:
    """The 65 cards in canonical order, the ``double`` suit's cards twice."""
    return tuple(sorted(ALL_CARDS + tuple(r + double for r in RANKS), key=card_key))


def card_key(card: str) -> tuple[int, int]:
    """Sort key of a card: rank (ace low), then suit S H D C."""
    return CARD_RANK[card], CARD_SUIT[card]


_ORDER = {c: i for i, c in enumerate(sorted(ALL_CARDS, key=card_key))}
_order = _ORDER.__getitem__
"""A faster sort key giving the same order as ``card_key`` (a card's place in that order)."""
_DISCARD = {c: f"discard {c}" for c in ALL_CARDS}
_CARD_BITS = {c: (CARD_RANK[c], CARD_SUIT[c], 1 << CARD_RANK[c]) for c in ALL_CARDS}
"""Card -> (rank index, suit index, the rank as a bit of a rank mask)."""
_WINDOWS = tuple(tuple((start + i) % 13 for i in range(6)) for start in range(9))
"""The rank windows of a straight: A..6 (ace low) up to 9..A (ace high), rank indexes."""
_WINDOW_MASKS = tuple(sum(1 << r for r in window) for window in _WINDOWS)
_HAS_WINDOW = bytes(any(mask & m == m for m in _WINDOW_MASKS) for mask in range(1 << 13))
"""Indexed by a set of ranks as a bit mask: 1 when it holds the six ranks of a straight."""
_PARTNER = {r + s: ("Q" if r == "K" else "K") + s for r in "KQ" for s in SUITS}
_DISCARD_CARD = {f"discard {c}": c for c in ALL_CARDS}


def deal_size(players: int) -> int:
    """Cards dealt to each player: 6, or 5 with six players."""
    return 5 if players == 6 else 6


def hand_limit(players: int) -> int:
    """Cards a hand is refilled to at the start of a turn: 7, or 6 with six players."""
    return 6 if players == 6 else 7


@dataclass(frozen=True)
class Settings:
    """Options of a game: player count, duplicated suit and goal."""

    players: int = 3
    double: str = "S"
    target: int = 300


def default_target(players: int) -> int:
    """The goal: 300 points with 2 or 3 players, 200 with 4 to 6."""
    return 300 if players <= 3 else 200


class Meld(NamedTuple):
    """A declaration: its kind, its cards in canonical order (``@pile`` kept) and points."""

    kind: str
    cards: tuple[str, ...]
    points: int

    @property
    def move(self) -> str:
        return f"meld {self.kind} {' '.join(self.cards)}"


# ---------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True)
class State:
    """A Zetema position. Treat it as immutable: ``play`` returns a new one.

    ``hands`` holds each seat's cards sorted by ``card_key``; ``piles`` the 13 rank piles in
    ``RANKS`` order (top last); ``seat`` the seat to act (once over, the seat that acted
    last). ``shown``/``meld`` are set in phase ``discard``.
    """

    settings: Settings
    dealer: int
    seat: int
    phase: str
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    marriage_pile: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    shown: tuple[str, ...] = ()
    meld: str | None = None
    deal: int = 1
    seed: int = 0

    @property
    def players(self) -> int:
        return self.settings.players

    @property
    def married(self) -> bool:
        """True once a marriage was melded in this deal (no more K/Q zetemas)."""
        return bool(self.marriage_pile)


# ---------------------------------------------------------------------------------------------
# Events (what happened, in order, for the scenes to animate)


@dataclass(frozen=True)
class Dealt:
    """A deal: ``counts`` cards went to each seat (the hands are in the new state)."""

    deal: int
    dealer: int
    counts: tuple[int, ...]


@dataclass(frozen=True)
class CardsDrawn:
    """``seat`` drew ``count`` cards from the stock; ``cards`` are for that seat's eyes only."""

    seat: int
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardTakenFromPile:
    """A king or queen left its pile for a marriage; ``pile_count`` cards remain there."""

    seat: int
    card: str
    pile_count: int


@dataclass(frozen=True)
class Melded:
    seat: int
    kind: str
    cards: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class MarriagePiled:
    """Married kings and queens went to the marriage pile."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardsReturned:
    """The shown cards not discarded went back into the hand."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Discarded:
    """``card`` went onto its rank pile, which now holds ``pile_count`` cards."""

    seat: int
    card: str
    pile_count: int


@dataclass(frozen=True)
class Zetema:
    seat: int
    rank: str
    points: int


@dataclass(frozen=True)
class Scored:
    seat: int
    points: int
    reason: str


@dataclass(frozen=True)
class TurnChanged:
    seat: int


@dataclass(frozen=True)
class DealEnded:
    """Deal ``deal`` is over (nobody has a card left). ``table`` is the position as it ended,
    before the next deal: the piles and the marriage pile as they lay, the scores as they
    stand (what a table shows under the deal's summary)."""

    deal: int
    table: State | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class GameOver:
    result: dict


Event = (Dealt | CardsDrawn | CardTakenFromPile | Melded | MarriagePiled | CardsReturned
         | Discarded | Zetema | Scored | TurnChanged | DealEnded | GameOver)


# ---------------------------------------------------------------------------------------------
# Contract API


def new_game(players: int | None = None, seed: int = 0, **options: Any) -> State:
    """Deal the first hand: shuffle from ``seed``, deal, and refill the first player's hand.

    Options: ``double`` (S H D C, default S), ``target`` (default 300 for 2-3 players, 200
    for 4-6) and ``dealer`` (default drawn from the seed). Raises ValueError for a player
    count outside 2..6 or an unknown or bad option.
    """
    players = 3 if players is None else players
    if not _is_int(players) or not 2 <= players <= 6:
        raise ValueError(f"Zetema is for 2 to 6 players, not {players!r}")
    unknown = set(options) - {"double", "target", "dealer"}
    if unknown:
        raise ValueError(f"unknown Zetema option(s): {', '.join(sorted(unknown))}")
    if not _is_int(seed):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    double = options.get("double")
    double = "S" if double is None else double
    if double not in SUITS:
        raise ValueError(f"option double must be one of S H D C, not {double!r}")
    target = options.get("target")
    target = default_target(players) if target is None else target
    if not _is_int(target) or target < 1:
        raise ValueError(f"option target must be a whole number above 0, not {target!r}")
    dealer = options.get("dealer")
    if dealer is None:
        dealer = random.Random(f"zetema/{seed}/dealer").randrange(players)
    elif not _is_int(dealer) or not 0 <= dealer < players:
        raise ValueError(f"option dealer must be a seat 0..{players - 1}, not {dealer!r}")
    settings = Settings(players=players, double=double, target=target)
    state, _ = _start_deal(settings, seed, 1, dealer, (0,) * players, [])
    return state


def to_move(state: State) -> int | None:
    """The seat whose decision it is, or None once the game is over."""
    return None if state.phase == "over" else state.seat


def result(state: State) -> dict | None:
    """None while running; else ``{"scores": [...], "winner": seat}``."""
    if state.phase != "over":
        return None
    target = state.settings.target
    winners = [s for s, points in enumerate(state.scores) if points >= target]
    return {"scores": list(state.scores), "winner": winners[0] if winners else None}


def legal_moves(state: State) -> list[str]:
    """Every legal move of the seat to act, each in its canonical spelling.

    Phase ``meld``: every distinct meld (ordered by kind as in ``KINDS``, then by cards),
    then every distinct discard in card order. Phase ``discard``: the discards only (one of
    the shown cards, or any card after a marriage). Empty once the game is over.
    """
    if state.phase == "over":
        return []
    hand = state.hands[state.seat]
    if state.phase == "discard":
        choices = hand if state.meld == "marriage" else state.shown
        return [_DISCARD[c] for c in _distinct_sorted(choices)]
    melds = find_melds(hand, state.piles)
    discards = [_DISCARD[c] for c in _distinct_sorted(hand)]
    return [m.move for m in melds] + discards if melds else discards


def play(state: State, move: str) -> State:
    """Return the position after ``move``; ``state`` is left unchanged.

    Raises IllegalMove (a ValueError) saying why when the move is malformed or illegal.
    """
    return play_events(state, move)[0]


def play_events(state: State, move: str) -> tuple[State, list[Event]]:
    """Like ``play``, also returning the events in the order they happen.

    After the mover's action come the automatic steps: the end of the turn, the next
    seat's draw, the end of a deal and the next deal. Raises IllegalMove when the move is
    malformed or illegal (the state is unchanged).
    """
    parsed = _parse(state, move)
    if parsed[0] == "meld":
        return _play_meld(state, parsed[1], parsed[2], parsed[3])
    return _play_discard(state, parsed[1])


def describe(state: State, move: str, names: Sequence[str] | None = None) -> str:
    """The move in words for a move log: "Seat 2 melded a flush in hearts for 30".

    Seats are "Seat 1".. unless ``names`` gives them. Raises IllegalMove when the move is
    not legal in ``state``.
    """
    parsed = _parse(state, move)
    events = play_events(state, move)[1]
    who = _name(state.seat, names)
    if parsed[0] == "meld":
        meld = parsed[1]
        text = f"{who} melded {_meld_words(meld)} for {meld.points}"
        taken = [c[:-len(PILE)] for c in meld.cards if c.endswith(PILE)]
        if taken:
            text += f", taking {_join_words(taken)} from the piles"
    else:
        text = f"{who} discarded {parsed[1]}"
        zetemas = [e for e in events if isinstance(e, Zetema)]
        if zetemas:
            z = zetemas[0]
            plural = RANK_PLURALS[RANK_INDEX[z.rank]]
            text += f" — zetema of {plural}, {z.points} point{'s' if z.points != 1 else ''}"
    over = [e for e in events if isinstance(e, GameOver)]
    if over:
        text += f" and wins with {over[0].result['scores'][state.seat]}"
    elif (parsed[0] == "discard" and any(isinstance(e, Zetema) for e in events)
          and events[-1] == TurnChanged(state.seat)):
        text += ", and plays again"
    return text


def dump(state: State) -> dict:
    """The position as JSON-safe data in the spec's format (plus ``result`` when over)."""
    data: dict[str, Any] = {
        "game": "zetema",
        "players": state.players,
        "double": state.settings.double,
        "target": state.settings.target,
        "dealer": state.dealer,
        "to_move": to_move(state),
        "phase": state.phase,
        "hands": [list(h) for h in state.hands],
        "stock": list(state.stock),
        "piles": {rank: list(pile) for rank, pile in zip(RANKS, state.piles)},
        "marriage_pile": list(state.marriage_pile),
        "scores": list(state.scores),
        "shown": list(state.shown),
        "meld": state.meld,
        "deal": state.deal,
        "seed": state.seed,
    }
    if state.phase == "over":
        data["result"] = result(state)
    return data


def view(state: State, seat: int) -> dict:
    """What ``seat`` may know: ``dump`` with the other hands and the stock as counts.

    ``hands[s]`` stays a list for ``seat`` and becomes an int for every other seat;
    ``stock`` becomes the number of cards left; ``hand_counts`` lists every seat's count and
    ``seat`` names the viewer. Shown cards, piles and the marriage pile are public. There is
    no ``seed``: with it and ``deal`` anyone could re-deal the cards and read every hand and
    the stock. Raises ValueError for a bad seat.
    """
    if not _is_int(seat) or not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0..{state.players - 1}, not {seat!r}")
    data = dump(state)
    del data["seed"]
    data["hands"] = [list(h) if s == seat else len(h) for s, h in enumerate(state.hands)]
    data["hand_counts"] = [len(h) for h in state.hands]
    data["stock"] = len(state.stock)
    data["seat"] = seat
    return data


def load(data: dict) -> State:
    """Rebuild a position from the spec's JSON format (see ``dump``).

    Optional fields get the spec's defaults and unknown fields are ignored. Raises ValueError
    with a specific message for anything malformed or inconsistent; never anything else.
    """
    try:
        return _load(data)
    except ValueError:
        raise
    except Exception as exc:  # noqa: BLE001 - bad input must give ValueError, never a crash
        raise ValueError(f"malformed Zetema position: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Melds


def meld_value(kind: str, cards: Iterable[str]) -> int:
    """Points of declaring ``cards`` as a meld of ``kind`` (order free, ``@pile`` allowed).

    Checks only the shape (not who holds the cards). Raises ValueError (an IllegalMove)
    saying why when the cards do not form that kind of meld.
    """
    if kind not in KINDS:
        raise IllegalMove(f"unknown meld {kind!r}: use {', '.join(KINDS)}")
    return _meld_shape(kind, [_card_token(t) for t in cards]).points


def classify(cards: Iterable[str]) -> Meld | None:
    """The meld ``cards`` form (canonical, with points), or None; for naming a selection."""
    tokens = list(cards)
    for kind in ("straightflush", "straight", "flush", "assembly", "marriage"):
        try:
            return _meld_shape(kind, [_card_token(t) for t in tokens])
        except ValueError:
            continue
    return None


def find_melds(hand: Iterable[str], piles: Any = None, *, marriages: bool = True) -> list[Meld]:
    """Every distinct meld ``hand`` can declare, canonical, ordered by kind then cards.

    ``piles`` gives the discard piles (a mapping rank -> cards as in ``dump``, or 13
    sequences in ``RANKS`` order) whose kings and queens may complete marriages; None means
    none. ``marriages=False`` leaves marriages out. Fast on 7-card hands.
    """
    cards = sorted(hand, key=_order)
    rank_count = [0] * 13
    suit_count = [0, 0, 0, 0]
    mask = 0
    for c in cards:
        rank, suit, bit = _CARD_BITS[c]
        rank_count[rank] += 1
        suit_count[suit] += 1
        mask |= bit
    out: list[Meld] = []
    if len(cards) >= RUN and (_HAS_WINDOW[mask] or max(suit_count) >= RUN):
        out = _find_runs(cards, suit_count)
    if len(cards) >= PER_RANK and max(rank_count) >= PER_RANK:
        for rank in range(13):
            if rank_count[rank] >= PER_RANK:
                chosen = tuple(c for c in cards if CARD_RANK[c] == rank)[:PER_RANK]
                out.append(Meld("assembly", chosen, ASSEMBLY_POINTS[rank]))
    if marriages and (rank_count[KING] or rank_count[QUEEN]) and _can_marry(cards, piles):
        out += _find_marriages(cards, piles)
    return out


def _royal_piles(piles: Any) -> tuple[Sequence[str], Sequence[str]]:
    """The K and Q discard piles out of ``piles`` (see ``find_melds``)."""
    if isinstance(piles, Mapping):
        return piles.get("K", ()), piles.get("Q", ())
    if piles is not None:
        return piles[KING], piles[QUEEN]
    return (), ()


def _can_marry(cards: list[str], piles: Any) -> bool:
    """True when ``cards`` hold a king or queen whose partner is in the hand or its pile."""
    k_pile, q_pile = _royal_piles(piles)
    for card in cards:
        rank = CARD_RANK[card]
        if rank >= QUEEN:
            partner = _PARTNER[card]
            if partner in cards or partner in (k_pile if rank == QUEEN else q_pile):
                return True
    return False


def _find_runs(cards: list[str], suit_count: list[int]) -> list[Meld]:
    """Straights, flushes and straight flushes of ``cards`` (sorted), canonical and ordered."""
    by_rank: list[list[str]] = [[] for _ in RANKS]
    for c in cards:
        if c not in by_rank[CARD_RANK[c]]:
            by_rank[CARD_RANK[c]].append(c)
    straights: list[Meld] = []
    flushes: list[Meld] = []
    sflushes: list[Meld] = []
    # Straights and straight flushes: windows ace-low A..6 up to ace-high 9..A.
    for window in _WINDOWS:
        options = [by_rank[r] for r in window]
        if not all(options):
            continue
        for combo in itertools.product(*options):
            if len({CARD_SUIT[c] for c in combo}) == 1:
                sflushes.append(Meld("straightflush", combo, STRAIGHT_FLUSH_POINTS))
            else:
                straights.append(Meld("straight", combo, STRAIGHT_POINTS))
    # Flushes (not straights).
    for suit in range(4):
        if suit_count[suit] < RUN:
            continue
        suited = [c for c in cards if CARD_SUIT[c] == suit]
        for combo in dict.fromkeys(itertools.combinations(suited, RUN)):
            if _straight_order(list(combo)) is None:
                flushes.append(Meld("flush", combo, FLUSH_POINTS))
    for group in (straights, flushes, sflushes):
        group.sort(key=_meld_key)
    return straights + flushes + sflushes


# ---------------------------------------------------------------------------------------------
# Turn mechanics


def _play_meld(state: State, meld: Meld, hand_cards: list[str],
               pile_cards: list[str]) -> tuple[State, list[Event]]:
    seat = state.seat
    events: list[Event] = []
    hands = list(state.hands)
    piles = list(state.piles)
    marriage_pile = state.marriage_pile
    shown = meld.cards
    for card in pile_cards:
        rank = CARD_RANK[card]
        pile = list(piles[rank])
        del pile[len(pile) - 1 - pile[::-1].index(card)]   # the topmost copy
        piles[rank] = tuple(pile)
        events.append(CardTakenFromPile(seat, card, len(pile)))
    events.append(Melded(seat, meld.kind, meld.cards, meld.points))
    scores = list(state.scores)
    scores[seat] += meld.points
    events.append(Scored(seat, meld.points, _meld_reason(meld)))
    if meld.kind == "marriage":
        married = tuple(c.removesuffix(PILE) for c in meld.cards)
        hands[seat] = _remove(hands[seat], hand_cards)
        marriage_pile = marriage_pile + married
        shown = married
        events.append(MarriagePiled(married))
    new = _evolve(state, hands=tuple(hands), piles=tuple(piles), marriage_pile=marriage_pile,
                  scores=tuple(scores), phase="discard", shown=shown, meld=meld.kind)
    if scores[seat] >= state.settings.target:
        return _game_over(new, events)
    if not hands[seat]:
        return _next_turn(_evolve(new, shown=(), meld=None), seat, False, events)
    return new, events


def _play_discard(state: State, card: str) -> tuple[State, list[Event]]:
    seat = state.seat
    rank = CARD_RANK[card]
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], [card])
    piles = list(state.piles)
    piles[rank] = piles[rank] + (card,)
    events: list[Event] = [Discarded(seat, card, len(piles[rank]))]
    if state.phase == "discard" and state.meld != "marriage":
        returned = list(state.shown)
        returned.remove(card)
        events.append(CardsReturned(seat, tuple(returned)))
    scores = list(state.scores)
    again = False
    if len(piles[rank]) == PER_RANK and not (rank in (QUEEN, KING) and state.married):
        points = ZETEMA_POINTS[rank]
        scores[seat] += points
        events.append(Zetema(seat, RANKS[rank], points))
        events.append(Scored(seat, points, f"zetema of {RANK_PLURALS[rank]}"))
        again = state.players == 2 and not state.stock
    if scores[seat] >= state.settings.target:
        new = _evolve(state, hands=tuple(hands), piles=tuple(piles), scores=tuple(scores),
                      phase="meld", shown=(), meld=None)
        return _game_over(new, events)
    return _next_turn(state, seat, again, events, tuple(hands), piles=tuple(piles),
                      scores=tuple(scores))


def _next_turn(state: State, last: int, again: bool, events: list[Event],
               hands: tuple[tuple[str, ...], ...] | None = None,
               **changes: Any) -> tuple[State, list[Event]]:
    """Start the next turn after ``last``'s (``again``: ``last`` plays once more first).

    ``hands`` and ``changes`` (fields of State) are the turn's results not yet in ``state``.
    Seats with no cards to play are skipped; when nobody has any, the deal ends and the
    next one starts.
    """
    n = state.players
    if hands is None:
        hands = state.hands
    if state.stock:
        seat = last if again else (last + 1) % n
        return _start_turn(state, seat, events, hands, **changes)
    order = [(last + i) % n for i in range(1, n + 1)]
    if again:
        order = [last] + order[:-1]
    for seat in order:
        if hands[seat]:
            return _start_turn(state, seat, events, hands, **changes)
    events.append(DealEnded(state.deal, replace(state, hands=hands, **changes, phase="meld",
                                                shown=(), meld=None)))
    return _start_deal(state.settings, state.seed, state.deal + 1, (state.dealer + 1) % n,
                       changes.get("scores", state.scores), events)


def _start_turn(state: State, seat: int, events: list[Event],
                hands: tuple[tuple[str, ...], ...] | None = None,
                **changes: Any) -> tuple[State, list[Event]]:
    """``seat`` draws up to the limit (while the stock lasts) and must decide.

    ``hands`` and ``changes`` as in ``_next_turn``: the new state is built once, with them.
    """
    events.append(TurnChanged(seat))
    if hands is None:
        hands = state.hands
    stock = state.stock
    hand = hands[seat]
    count = min(hand_limit(state.players) - len(hand), len(stock))
    if count > 0:
        drawn = stock[:count]
        new_hands = list(hands)
        new_hands[seat] = tuple(sorted(hand + drawn, key=_order))
        hands = tuple(new_hands)
        stock = stock[count:]
        events.append(CardsDrawn(seat, count, drawn))
    return _evolve(state, hands=hands, stock=stock, seat=seat, phase="meld", shown=(),
                   meld=None, **changes), events


def _start_deal(settings: Settings, seed: int, deal: int, dealer: int, scores: Sequence[int],
                events: list[Event]) -> tuple[State, list[Event]]:
    """Shuffle from ``seed`` and ``deal``, deal round from the dealer's left, start a turn."""
    n = settings.players
    cards = list(deck(settings.double))
    random.Random(f"zetema/{seed}/deal/{deal}").shuffle(cards)
    size = deal_size(n)
    hands: list[list[str]] = [[] for _ in range(n)]
    for i in range(size * n):
        hands[(dealer + 1 + i) % n].append(cards[i])
    state = State(
        settings=settings, dealer=dealer, seat=(dealer + 1) % n, phase="meld",
        hands=tuple(tuple(sorted(h, key=_order)) for h in hands),
        stock=tuple(cards[size * n:]), piles=((),) * len(RANKS), marriage_pile=(),
        scores=tuple(scores), deal=deal, seed=seed)
    events.append(Dealt(deal, dealer, (size,) * n))
    return _start_turn(state, (dealer + 1) % n, events)


def _evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace`` for the engine's own fields, without its checks (fast)."""
    new = object.__new__(State)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


def _game_over(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    new = _evolve(state, phase="over", shown=(), meld=None)
    events.append(GameOver(result(new)))
    return new, events


# ---------------------------------------------------------------------------------------------
# Move parsing


def _parse(state: State, move: Any) -> tuple:
    """Check ``move`` against ``state``.

    Returns ``("discard", card)`` or ``("meld", Meld, hand_cards, pile_cards)``; raises
    IllegalMove saying why otherwise.
    """
    if state.phase == "over":
        raise IllegalMove("the game is over")
    if not isinstance(move, str):
        raise IllegalMove(f"a move must be text like 'discard 7C', not {type(move).__name__}")
    card = _DISCARD_CARD.get(move)
    if card is not None:                   # the canonical spelling: the common case, fast
        return ("discard", _check_discard(state, card))
    words = _words(move)
    if not words:
        raise IllegalMove("empty move: use 'meld <kind> <cards>' or 'discard <card>'")
    verb = words[0].lower()
    hand = state.hands[state.seat]
    if verb == "discard":
        if len(words) != 2:
            raise IllegalMove("discard needs exactly one card, e.g. 'discard 7C'")
        card, from_pile = _card_token(words[1])
        if from_pile:
            raise IllegalMove("only a marriage may take a card from a pile; discard a card "
                              "from your hand")
        return ("discard", _check_discard(state, card))
    if verb != "meld":
        raise IllegalMove(f"unknown move {move.strip()!r}: use 'meld <kind> <cards>' or "
                          "'discard <card>'")
    if state.phase == "discard":
        raise IllegalMove("you have already declared a meld this turn (one per turn): "
                          "now discard")
    if len(words) < 2:
        raise IllegalMove(f"say which meld: {', '.join(KINDS)}")
    kind = words[1].lower()
    if kind not in KINDS:
        raise IllegalMove(f"unknown meld {words[1]!r}: use {', '.join(KINDS)}")
    tokens = [_card_token(t) for t in words[2:]]
    meld = _meld_shape(kind, tokens)
    hand_cards = [c for c, p in tokens if not p]
    pile_cards = [c for c, p in tokens if p]
    _check_held(hand_cards, hand, "your hand")
    for card in set(pile_cards):
        pile = state.piles[CARD_RANK[card]]
        wanted, there = pile_cards.count(card), pile.count(card)
        if wanted > there:
            where = f"the {RANK_NAMES[CARD_RANK[card]]} pile"
            raise IllegalMove(f"{card} is not in {where}" if not there
                              else f"{where} holds only {there} {card}")
    return ("meld", meld, hand_cards, pile_cards)


BLANKS = " \t\n\r\f\v"
"""The blanks a move's words may be separated by (any number of them)."""


def _words(move: str) -> list[str]:
    """The words of ``move``: plain ASCII text split at blanks, or IllegalMove.

    Letter case and extra blanks are harmless variants of a move; anything beyond that (a
    non-ASCII letter that upper-cases to an ASCII one, a control character) is refused, so
    ``play`` never accepts a move that is not one of ``legal_moves`` once normalised.
    """
    if move.isascii() and move.isprintable():
        return move.split()
    if not move.isascii() or any(ch < " " and ch not in BLANKS for ch in move) \
            or "\x7f" in move:
        raise IllegalMove(f"a move is plain text of letters, digits, '@' and blanks, "
                          f"not {move!r}")
    return move.split()   # with the characters checked, split() cuts at BLANKS only


def _check_discard(state: State, card: str) -> str:
    """``card`` if the seat to act may discard it now, else IllegalMove saying why."""
    if card not in state.hands[state.seat]:
        raise IllegalMove(f"{card} is not in your hand")
    if state.phase == "discard" and state.meld != "marriage" and card not in state.shown:
        raise IllegalMove(f"after {_a(KIND_NAMES[state.meld])} you must discard one of the "
                          f"shown cards: {' '.join(state.shown)}")
    return card


def _card_token(token: Any) -> tuple[str, bool]:
    """``"QH@pile"`` -> ``("QH", True)``; raises IllegalMove for an unknown card."""
    if not isinstance(token, str):
        raise IllegalMove(f"a card must be text like '7C', not {token!r}")
    if not token.isascii():
        raise IllegalMove(f"unknown card {token!r}: write rank then suit in plain letters and "
                          "digits, e.g. 10H or QS")
    text = token.strip(BLANKS).upper()
    from_pile = text.endswith(PILE.upper())
    if from_pile:
        text = text[:-len(PILE)]
    if text not in CARD_RANK:
        raise IllegalMove(f"unknown card {token!r}: write rank then suit, e.g. 10H or QS")
    return text, from_pile


def _check_held(cards: list[str], held: Sequence[str], where: str) -> None:
    for card, wanted in Counter(cards).items():
        have = held.count(card)
        if wanted > have:
            raise IllegalMove(f"{card} is not in {where}" if not have
                              else f"you hold only {have} {card}, not {wanted}")


def _meld_shape(kind: str, tokens: list[tuple[str, bool]]) -> Meld:
    """The canonical meld ``tokens`` form as ``kind``, or IllegalMove saying why not."""
    name = KIND_NAMES[kind]
    if kind == "marriage":
        return _marriage_shape(tokens)
    if any(p for _, p in tokens):
        raise IllegalMove("only kings and queens for a marriage may be taken from a pile")
    cards = [c for c, _ in tokens]
    if kind == "assembly":
        if len(cards) != PER_RANK:
            raise IllegalMove(f"an assembly is all {PER_RANK} cards of one rank, "
                              f"not {len(cards)} cards")
        ranks = {CARD_RANK[c] for c in cards}
        if len(ranks) != 1:
            raise IllegalMove("an assembly is all 5 cards of one rank: these ranks differ")
        rank = ranks.pop()
        return Meld(kind, tuple(sorted(cards, key=card_key)), ASSEMBLY_POINTS[rank])
    if len(cards) != RUN:
        raise IllegalMove(f"a {name} needs {RUN} cards, not {len(cards)}")
    one_suit = len({CARD_SUIT[c] for c in cards}) == 1
    ordered = _straight_order(cards)
    if kind == "flush":
        if not one_suit:
            raise IllegalMove("a flush needs six cards of one suit")
        if ordered is not None:
            raise IllegalMove("these six cards form a straight flush: declare it as "
                              "'meld straightflush', it scores only as a straight flush")
        return Meld(kind, tuple(sorted(cards, key=card_key)), FLUSH_POINTS)
    if ordered is None:
        ranks = {CARD_RANK[c] for c in cards}
        if len(ranks) < RUN:
            raise IllegalMove(f"a {name} needs six different consecutive ranks")
        if {ACE, KING, 1} <= ranks:
            raise IllegalMove(f"a {name} cannot go round the corner K A 2: the ace is high "
                              "(9 10 J Q K A) or low (A 2 3 4 5 6), never both")
        raise IllegalMove(f"a {name} needs six consecutive ranks")
    if kind == "straight":
        if one_suit:
            raise IllegalMove("these six cards form a straight flush: declare it as "
                              "'meld straightflush', it scores only as a straight flush")
        return Meld(kind, ordered, STRAIGHT_POINTS)
    if not one_suit:
        raise IllegalMove("a straight flush needs six consecutive cards of one suit")
    return Meld(kind, ordered, STRAIGHT_FLUSH_POINTS)


def _straight_order(cards: list[str]) -> tuple[str, ...] | None:
    """The cards in straight order (ace last when high) if they are a straight, else None."""
    ranks = sorted(CARD_RANK[c] for c in cards)
    if len(set(ranks)) != len(ranks):
        return None
    ordered = sorted(cards, key=card_key)
    if ranks[-1] - ranks[0] == len(ranks) - 1:
        return tuple(ordered)
    if ranks[0] == ACE:
        high = sorted(r if r != ACE else 13 for r in ranks)
        if high[-1] - high[0] == len(ranks) - 1:
            return tuple(ordered[1:] + ordered[:1])
    return None


def _marriage_shape(tokens: list[tuple[str, bool]]) -> Meld:
    if not tokens:
        raise IllegalMove("a marriage needs a king and a queen of the same suit")
    per_suit: dict[int, list[list[bool]]] = {}
    for card, from_pile in tokens:
        rank = CARD_RANK[card]
        if rank not in (KING, QUEEN):
            raise IllegalMove(f"{card} is not a king or a queen: a marriage is a king and "
                              "a queen of the same suit")
        per_suit.setdefault(CARD_SUIT[card], [[], []])[rank == QUEEN].append(from_pile)
    pairs: list[str] = []
    total = 0
    for suit in sorted(per_suit):
        kings, queens = per_suit[suit]
        s = SUITS[suit]
        if len(kings) != len(queens):
            raise IllegalMove(f"the kings and queens of {SUIT_NAMES[s]} do not pair up: "
                              f"{len(kings)} K{s} and {len(queens)} Q{s}")
        k_pile, q_pile = sum(kings), sum(queens)
        m = len(kings)
        if k_pile + q_pile > m:
            raise IllegalMove("each marriage needs at least one card from your hand: "
                              f"too many {SUIT_NAMES[s]} taken from the piles")
        pairs += [f"K{s} Q{s}"] * (m - k_pile - q_pile)
        pairs += [f"K{s} Q{s}{PILE}"] * q_pile
        pairs += [f"K{s}{PILE} Q{s}"] * k_pile
        total += m
    if total >= len(MARRIAGE_POINTS):
        raise IllegalMove(f"at most {len(MARRIAGE_POINTS) - 1} marriages exist")
    return Meld("marriage", tuple(" ".join(pairs).split()), MARRIAGE_POINTS[total])


def _find_marriages(cards: list[str], piles: Any) -> list[Meld]:
    """Every distinct marriage declaration of ``cards`` with the kings and queens in piles."""
    royals = [c for c in cards if CARD_RANK[c] >= QUEEN]
    if not royals:
        return []
    k_pile, q_pile = _royal_piles(piles)
    counts = tuple(
        (royals.count("K" + s), royals.count("Q" + s), k_pile.count("K" + s),
         q_pile.count("Q" + s)) if ("K" + s in royals or "Q" + s in royals) else (0, 0, 0, 0)
        for s in SUITS)
    return list(_marriages_of_counts(counts))


@functools.lru_cache(maxsize=4096)
def _marriages_of_counts(counts: tuple[tuple[int, int, int, int], ...]) -> tuple[Meld, ...]:
    """The marriage declarations, given per suit (S H D C) the kings and queens in the hand
    and on the K and Q piles: ``(hand K, hand Q, pile K, pile Q)``. Remembered: the same
    counts come back again and again in a game."""
    per_suit: list[tuple[str, list[tuple[int, int, int]]]] = []
    for s, (hk, hq, pk, pq) in zip(SUITS, counts):
        options = [(0, 0, 0)]
        for m in range(1, min(hk + pk, hq + pq) + 1):
            for kp in range(min(pk, m) + 1):
                for qp in range(min(pq, m - kp) + 1):
                    if m - kp <= hk and m - qp <= hq:
                        options.append((m, kp, qp))
        if len(options) > 1:
            per_suit.append((s, options))
    out = []
    for combo in itertools.product(*(options for _, options in per_suit)):
        total = sum(m for m, _, _ in combo)
        if total == 0:
            continue
        pairs: list[str] = []
        for (s, _), (m, kp, qp) in zip(per_suit, combo):
            pairs += [f"K{s}", f"Q{s}"] * (m - kp - qp)
            pairs += [f"K{s}", f"Q{s}{PILE}"] * qp
            pairs += [f"K{s}{PILE}", f"Q{s}"] * kp
        out.append(Meld("marriage", tuple(pairs), MARRIAGE_POINTS[total]))
    out.sort(key=lambda m: [_token_key(c) for c in m.cards])
    return tuple(out)


def _meld_key(meld: Meld) -> list[tuple[int, int]]:
    return [card_key(c) for c in meld.cards]


def _token_key(token: str) -> tuple[int, int, int]:
    card = token.removesuffix(PILE)
    return CARD_SUIT[card], CARD_RANK[card] == QUEEN, token.endswith(PILE)


# ---------------------------------------------------------------------------------------------
# Words


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {seat + 1}"


def _meld_words(meld: Meld) -> str:
    cards = [c.removesuffix(PILE) for c in meld.cards]
    if meld.kind == "marriage":
        n = len(cards) // 2
        suits = []
        for c in cards[::2]:
            name = SUIT_NAMES[c[-1]]
            if name not in suits:
                suits.append(name)
        return f"{'a marriage' if n == 1 else f'{n} marriages'} in {_join_words(suits)}"
    if meld.kind == "assembly":
        return f"an assembly of {RANK_PLURALS[CARD_RANK[cards[0]]]}"
    if meld.kind == "flush":
        return f"a flush in {SUIT_NAMES[cards[0][-1]]}"
    low, high = RANK_NAMES[CARD_RANK[cards[0]]], RANK_NAMES[CARD_RANK[cards[-1]]]
    if meld.kind == "straight":
        return f"a straight, {low} to {high},"
    return f"a straight flush in {SUIT_NAMES[cards[0][-1]]}, {low} to {high},"


def _meld_reason(meld: Meld) -> str:
    if meld.kind == "marriage":
        n = len(meld.cards) // 2
        return "marriage" if n == 1 else f"{n} marriages"
    if meld.kind == "assembly":
        return f"assembly of {RANK_PLURALS[CARD_RANK[meld.cards[0]]]}"
    return KIND_NAMES[meld.kind]


def _a(name: str) -> str:
    """``name`` with its indefinite article: "a flush", "an assembly"."""
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _join_words(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


# ---------------------------------------------------------------------------------------------
# Helpers


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _remove(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _distinct_sorted(cards: Iterable[str]) -> list[str]:
    return sorted(set(cards), key=_order)


def _check(ok: bool, message: str) -> None:
    """Raise ValueError(message) unless ``ok`` (load's validation step)."""
    if not ok:
        raise ValueError(message)


def _card_list(value: Any, what: str) -> list[str]:
    _check(isinstance(value, list | tuple), f"{what} must be a list of cards")
    for card in value:
        if not isinstance(card, str) or card not in CARD_RANK:
            raise ValueError(f"unknown card {card!r} in {what}")
    return list(value)


def _load(data: Any) -> State:
    _check(isinstance(data, Mapping),
           f"a Zetema position must be a JSON object, not {type(data).__name__}")
    game = data.get("game", "zetema")
    _check(game == "zetema", f"this is a {game!r} position, not a Zetema one")

    # Settings.
    raw_hands = data.get("hands")
    _check(isinstance(raw_hands, list | tuple), "hands must be a list with one list of cards "
           "per player")
    players = data.get("players", len(raw_hands))
    _check(_is_int(players) and 2 <= players <= 6, f"players must be 2 to 6, not {players!r}")
    _check(len(raw_hands) == players,
           f"hands lists {len(raw_hands)} hands but there are {players} players")
    double = data.get("double", "S")
    _check(double in SUITS, f"double must be one of S H D C, not {double!r}")
    target = data.get("target", default_target(players))
    _check(_is_int(target) and target >= 1,
           f"target must be a whole number above 0, not {target!r}")
    settings = Settings(players=players, double=double, target=target)
    seed = data.get("seed", 0)
    _check(_is_int(seed), f"seed must be a whole number, not {seed!r}")
    deal = data.get("deal", 1)
    _check(_is_int(deal) and deal >= 1, f"deal must be a whole number from 1, not {deal!r}")

    # Cards.
    limit = hand_limit(players)
    hands = []
    for seat, raw in enumerate(raw_hands):
        hand = _card_list(raw, f"the hand of seat {seat}")
        _check(len(hand) <= limit,
               f"seat {seat} holds {len(hand)} cards; a hand holds at most {limit}")
        hands.append(tuple(sorted(hand, key=card_key)))
    _check("stock" in data, "missing required field 'stock'")
    stock = tuple(_card_list(data["stock"], "the stock"))
    raw_piles = data.get("piles", {})
    _check(isinstance(raw_piles, Mapping), "piles must map ranks (A 2 .. K) to lists of cards")
    piles: list[tuple[str, ...]] = [()] * len(RANKS)
    for rank, raw in raw_piles.items():
        _check(rank in RANK_INDEX, f"unknown pile {rank!r}: the piles are A 2 3 .. 10 J Q K")
        pile = _card_list(raw, f"the {rank} pile")
        for card in pile:
            _check(card[:-1] == rank, f"{card} cannot lie on the {rank} pile")
        _check(len(pile) <= PER_RANK,
               f"the {rank} pile holds {len(pile)} cards; a rank has only {PER_RANK}")
        piles[RANK_INDEX[rank]] = tuple(pile)
    marriage_pile = tuple(_card_list(data.get("marriage_pile", []), "the marriage pile"))
    _check_marriage_pile(marriage_pile)

    # All 65 cards, once each (twice for the duplicated suit).
    found = Counter(stock) + Counter(marriage_pile)
    for hand in hands:
        found.update(hand)
    for pile in piles:
        found.update(pile)
    expected = Counter(deck(double))
    extra = sorted((c for c in found if found[c] > expected[c]), key=card_key)
    if extra:
        c = extra[0]
        raise ValueError(f"{c} appears {found[c]} times but the deck has {expected[c]} "
                         "(every card must be in exactly one place)")
    missing = sorted((expected - found).elements(), key=card_key)
    if missing:
        raise ValueError(f"{len(missing)} card(s) missing: {' '.join(missing[:8])}"
                         f"{' ...' if len(missing) > 8 else ''} (all 65 cards must be in the "
                         "hands, the stock, the piles or the marriage pile)")

    # Scores.
    scores = data.get("scores", [0] * players)
    _check(isinstance(scores, list | tuple) and len(scores) == players,
           f"scores must list {players} numbers")
    for points in scores:
        _check(_is_int(points) and points >= 0, f"scores must be whole numbers >= 0, "
               f"not {points!r}")
    scores = tuple(scores)

    # Turn and phase.
    phase = data.get("phase", "meld")
    _check(phase in PHASES, f"phase must be 'meld', 'discard' or 'over', not {phase!r}")
    raw_to_move = data.get("to_move")
    dealer = data.get("dealer")
    if dealer is None:
        dealer = (raw_to_move - 1) % players if _is_int(raw_to_move) else 0
    _check(_is_int(dealer) and 0 <= dealer < players,
           f"dealer must be a seat 0..{players - 1}, not {dealer!r}")
    shown_raw = data.get("shown", [])
    shown = tuple(_card_list(shown_raw if shown_raw is not None else [], "shown"))
    meld = data.get("meld")
    base = {"settings": settings, "dealer": dealer, "hands": tuple(hands), "stock": stock,
            "piles": tuple(piles), "marriage_pile": marriage_pile, "scores": scores,
            "deal": deal, "seed": seed}
    at_goal = [s for s, points in enumerate(scores) if points >= target]
    if phase == "over":
        _check(raw_to_move is None, "a finished game has to_move null")
        _check(len(at_goal) == 1, "a finished game has exactly one score at the goal "
               f"({target}), found {len(at_goal)}")
        state = State(seat=at_goal[0], phase="over", **base)
        given = data.get("result")
        if isinstance(given, Mapping) and "winner" in given:
            _check(given["winner"] == at_goal[0],
                   "the result's winner is not the player at the goal")
        return state
    _check(not at_goal, f"seat {at_goal[0] if at_goal else 0} has reached the goal "
           f"({target}): the phase must be 'over'")
    _check(_is_int(raw_to_move) and 0 <= raw_to_move < players,
           f"to_move must be a seat 0..{players - 1} in a running game, not {raw_to_move!r}")
    seat = raw_to_move
    _check(bool(hands[seat]), f"seat {seat} is to move but holds no cards")
    if phase == "meld":
        _check(not shown, "shown cards belong to phase 'discard' (after a meld)")
        _check(meld is None, "meld is set only in phase 'discard'")
        return State(seat=seat, phase="meld", **base)
    _check(meld in KINDS, f"phase 'discard' needs meld set to one of {', '.join(KINDS)}, "
           f"not {meld!r}")
    try:
        shape = _meld_shape(meld, [(c, False) for c in shown])
    except IllegalMove as exc:
        raise ValueError(f"the shown cards are not {_a(KIND_NAMES[meld])}: {exc}") from None
    if meld == "marriage":
        _check(not Counter(shown) - Counter(marriage_pile),
               "the married cards shown must be in the marriage pile")
    else:
        _check(not Counter(shown) - Counter(hands[seat]),
               f"the shown cards must be in the hand of seat {seat}")
    return State(seat=seat, phase="discard", shown=tuple(shape.cards), meld=meld, **base)


def _check_marriage_pile(cards: tuple[str, ...]) -> None:
    for card in cards:
        _check(CARD_RANK[card] in (KING, QUEEN),
               f"{card} cannot be in the marriage pile: only married kings and queens go there")
    for s in SUITS:
        _check(cards.count("K" + s) == cards.count("Q" + s),
               f"the marriage pile must hold kings and queens of {SUIT_NAMES[s]} in pairs")


REVEALING_EVENTS = (CardsDrawn, Dealt)
PRIVATE_EVENTS = (CardsDrawn,)  # (revealing to their ``seat`` only)
SHOWN_EVENTS = (Melded, Discarded)  # cards out of the ``seat``'s concealed hand
"""Events that bring hidden cards to light (a draw, a new deal): undo stops there."""
