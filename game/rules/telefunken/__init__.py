"""Telefunken, the South American contract rummy (Venezuelan form), as ``shared/rules/telefunken.md``.

Two packs and four jokers (108 cards), 2 to 6 players (4 by default), seven deals. Each deal
has a contract: the first meld a player puts down in that deal must be exactly it (one pure
trio; two trios; a cuarteto; two cuartetos; a quinteto; two quintetos; a trio and a run of
seven or more that goes out at once). After its contract a player may meld further groups
and lay off on the melds on the table. The deal ends when someone has no cards; the others
score penalty points for what they hold. Each player has 7 chips for the whole game and
spends one to buy a discard (with an extra stock card) before it has melded.

Glossary (names in this file follow it):

- card: text such as ``10H`` or ``QS`` (rank then suit), or ``JK`` for a joker; a natural is
  a card that is not a joker. The two packs give two copies of every natural, written alike,
  so hands and piles are multisets.
- value: a natural's place in a run, ``A`` 1 (or 14 when high), ``2`` 2 ... ``K`` 13.
- group: cards that may lie on the table: a set (3+ cards of one rank) or a run (3+
  consecutive cards of one suit, listed low to high), at most one joker in either.
- meld: a group on the table (``TableMeld``: its owner and cards), numbered 0, 1, ... in the
  order it was put down. ``fresh`` lists the melds put down in the current turn.
- contract: the groups a player's first meld of a deal must be, exactly (``CONTRACTS``).
- melded: a player has put down its contract in this deal (it may lay off, no longer buy).
- melding turn: the turn in which a player put down its contract; then it may lay off only
  on other players' melds.
- lay off: ``add`` cards to a meld, ``swap`` a run's end joker for the natural it stands for
  (the joker moves to either end), ``free`` a set's joker with two naturals of its rank.
- pack: the shuffled 108 cards before the cut (held in ``stock`` during phase ``cut``);
  block: the cards the cutter lifts; lower part: the rest; upcard: the first discard.
- stock: the face-down cards to draw, ``stock[0]`` drawn next; discard pile: its top last.
- offer: in phase ``buy``, the seats still to be asked after the seat to move.
- penalty: a card's points in a hand at the end of a deal (``penalty``); totals add up.
- phase: ``cut``, ``exchange`` (deal 6), ``draw``, ``buy``, ``play`` or ``over``.

Move notation and the position format are those of the spec. ``legal_moves`` lists every
legal move, always complete (no cap), in the spec's canonical spelling (sets before runs,
groups of a kind by their first card, ace lowest; ``group_order_key``):

- a deal-6 exchange lists every sub-multiset of the hand: at most 2**12 = 4096 strings (an
  11- or 12-card hand of distinct cards; duplicates make it fewer), built in a few ms;
- in phase ``play`` the meld finder (``find_groups``, ``find_contracts``,
  ``find_go_out_melds``) enumerates every contract meld, every single group and every
  lay-off. Real hands give tens to a few hundred moves. Deal 7's go-out melds are every
  exact cover of the hand (all but at most one card) by its groups that holds a trio and a
  run of 7+ (``covers.cover_graph``, spelt by ``covers.cover_texts``; ``go_out_moves``),
  sorted as text: a few ms for 11-14 cards. The largest hands (27 cards: 11 dealt, the cut
  bonus, seven buys, the draw) built for the most go-out melds (``tools/bench_go_out.py``,
  measured 2026-12-01 on the shared 2-core machine): 0.04-0.21 s of CPU for 1,500-39,000
  melds, and 0.33-0.41 s for the worst found, one suit nearly twice with all four jokers
  (407,974 melds). The search keeps its covers as a graph (a tail shared by many covers is
  found once) and spells each small tail once; it asks "can a run of seven still be made" of
  the runs of exactly seven only. ``legal_moves`` keeps the last two hands' lists (a copy is
  returned), so the table, the hints and the computer player asking again in one turn pay
  once.

``play`` accepts each listed move and harmless variants of it (letter case, blanks, a set's
cards or a meld's groups in another order, a redundant ``low``/``high``), which play exactly
as the listed move; moves are ASCII and numbers ASCII digits. It also accepts several groups
in one ``meld`` when they would be legal one after another (the spec says so); they go down
in the order those moves would put them.

Spec readings (see also the spec's own "Decision" notes):

- A joker at an end of a run may be swapped whenever it is at an end (the spec's "a joker
  that is no longer at an end cannot be moved"); there is no separate move counter.
- One ``add`` extends one end of a run (several cards, in run order); both ends take two
  moves. The ``low``/``high`` suffix is written when the added joker ends up at an end of
  the run or when the cards fit either end; ``play`` also accepts it when redundant.
- Two trios (or cuartetos, quintetos) of the same rank are a valid double contract.
- The exact-cut bonus is dealt from the top of the lifted block, then the upcard.
- In deal 6 the given cards are dealt back in turn order from the seat after the dealer,
  each seat receiving its whole count at once.
- Stakes: a deal nobody went out of pays nothing; with tied overall winners every
  non-winner pays 5 units to each winner.
- The stock is rebuilt from the discards at most ``MAX_REBUILDS`` (3) times in a deal
  (``rebuilds``); when a draw finds it empty once more, the deal ends with nobody out.
- A view has no ``seed`` and no ``shuffles`` (``HIDDEN_FIELDS``): they would let anyone
  repeat the engine's shuffles and read every hand.
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
from game.rules.telefunken.covers import cover_graph, cover_texts, exact_covers, no_collection

__all__ = [
    "ALL_CARDS", "CONTRACTS", "CONTRACT_NAMES", "DEAL_SIZE", "JOKER", "PRIVATE_EVENTS", "RANKS",
    "REVEALING_EVENTS", "SHOWN_EVENTS", "START_CHIPS", "SUITS",
    "Bought", "CardDrawn", "Cut", "DealEnded", "Dealt", "Discarded", "Exchanged",
    "ExchangeReturned", "GameOver", "JokerFreed", "JokerSwapped", "LaidOff", "Melded",
    "Passed", "Penalties", "Shuffled", "State", "StockRebuilt", "TableMeld", "TurnChanged",
    "UpcardTaken", "UpcardTurned", "WentOut",
    "HIDDEN_FIELDS", "MAX_REBUILDS", "REQUIRED_FIELDS",
    "card_key", "contract_text", "deal_stakes", "deck", "describe", "dump", "find_contracts", "find_groups",
    "find_go_out_melds", "go_out_moves", "group_kind", "group_order_key", "hand_penalty",
    "legal_moves", "load", "new_game", "penalty", "play", "play_events", "result", "to_move", "view",
]

# ---------------------------------------------------------------------------------------------
# Cards and tables

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
NATURALS = tuple(r + s for r in RANKS for s in SUITS)
ALL_CARDS = NATURALS + (JOKER,)
VALUE = {c: RANKS.index(c[:-1]) + 1 for c in NATURALS}
"""A natural's value, ace 1 (a run may also use it as 14)."""
SUIT_OF = {c: SUITS.index(c[-1]) for c in NATURALS}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings")
DEAL_SIZE = 11
START_CHIPS = 7
DEALS = 7
MIN_CUT, MAX_CUT = 4, 104
PHASES = ("cut", "exchange", "draw", "buy", "play", "over")
REQUIRED_FIELDS = ("deal", "dealer", "to_move", "phase", "hands", "stock", "discard")
"""Fields a position must have (``to_move`` may be null once the game is over)."""
MAX_REBUILDS = 3
"""The stock is rebuilt from the discards at most this often in one deal; when it runs out
once more, the deal ends with nobody out (so no deal goes on for ever)."""

CONTRACTS: dict[int, tuple[tuple[str, int], ...]] = {
    1: (("set", 3),),
    2: (("set", 3), ("set", 3)),
    3: (("set", 4),),
    4: (("set", 4), ("set", 4)),
    5: (("set", 5),),
    6: (("set", 5), ("set", 5)),
    7: (("set", 3), ("run", 7)),
}
"""Each deal's contract: (kind, size) groups; sets have exactly that size, the run at least."""
CONTRACT_NAMES = {1: "one pure trio", 2: "two trios", 3: "one cuarteto", 4: "two cuartetos",
                  5: "one quinteto", 6: "two quintetos",
                  7: "one trio and one run of 7 or more, going out"}
SET_NAMES = {3: "trio", 4: "cuarteto", 5: "quinteto"}


def card(value: int, suit: int) -> str:
    """The natural of run value 1..14 (14 is the ace) in suit index ``suit``."""
    return RANKS[(value - 1) % 13] + SUITS[suit]


def card_key(c: str) -> tuple[int, int]:
    """Sort key: rank (ace low), then suit S H D C; jokers last."""
    if c == JOKER:
        return (99, 9)
    return VALUE[c], SUIT_OF[c]


def deck() -> tuple[str, ...]:
    """The 108 cards in canonical order: every natural twice, four jokers."""
    return tuple(sorted(NATURALS * 2 + (JOKER,) * 4, key=card_key))


DECK = deck()
DECK_COUNT = Counter(DECK)


def penalty(c: str) -> int:
    """Penalty points of a card left in hand: 2-9 face value, 10-K 10, ace 11, joker 15."""
    if c == JOKER:
        return 15
    v = VALUE[c]
    return 11 if v == 1 else min(v, 10)


def hand_penalty(cards: Iterable[str]) -> int:
    return sum(penalty(c) for c in cards)


def contract_text(deal: int) -> str:
    return CONTRACT_NAMES[deal]


class TableMeld(NamedTuple):
    """A group on the table: who put it down and its cards (a run low to high)."""

    owner: int
    cards: tuple[str, ...]


# ---------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True)
class State:
    """A Telefunken position. Treat it as immutable: ``play`` returns a new one.

    ``seat`` is the seat to act (0 once over). ``hands`` are sorted by
    ``card_key``. In phase ``cut`` the stock holds the whole shuffled pack. ``offer`` and
    ``discarder`` are set in phase ``buy``; ``given`` in phase ``exchange``.
    """

    players: int
    deal: int
    dealer: int
    seat: int
    phase: str
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    discard: tuple[str, ...] = ()
    melds: tuple[TableMeld, ...] = ()
    fresh: tuple[int, ...] = ()
    melded: tuple[bool, ...] = ()
    chips: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    deal_winners: tuple[int | None, ...] = ()
    first_turn: bool = False
    offer: tuple[int, ...] | None = None
    discarder: int | None = None
    given: tuple[tuple[str, ...] | None, ...] | None = None
    shuffles: int = 0
    seed: int = 0
    rebuilds: int = 0

    @property
    def cutter(self) -> int:
        return (self.dealer - 1) % self.players


# ---------------------------------------------------------------------------------------------
# Events (what happened, in order, for the scenes to animate)


@dataclass(frozen=True)
class Shuffled:
    """A new deal: the pack was shuffled; ``cutter`` must cut."""

    deal: int
    dealer: int
    cutter: int


@dataclass(frozen=True)
class Cut:
    """``seat`` lifted ``lifted`` cards and kept the jokers ``kept`` from the block's bottom."""

    seat: int
    lifted: int
    kept: tuple[str, ...]


@dataclass(frozen=True)
class Dealt:
    """The deal: ``order`` lists the seats in the order single cards went to them."""

    deal: int
    dealer: int
    order: tuple[int, ...]
    counts: tuple[int, ...]


@dataclass(frozen=True)
class BonusCard:
    """The exact-cut bonus: the cutter got one more card from the lifted block."""

    seat: int


@dataclass(frozen=True)
class UpcardTurned:
    card: str


@dataclass(frozen=True)
class Exchanged:
    """Deal 6: ``seat`` gave back ``count`` cards face down (still in its hand until all chose)."""

    seat: int
    count: int


@dataclass(frozen=True)
class ExchangeReturned:
    """Deal 6: the given cards were shuffled and dealt back, ``counts[s]`` to seat ``s``."""

    counts: tuple[int, ...]


@dataclass(frozen=True)
class TurnChanged:
    """``seat`` now has a decision in ``phase`` (``buy``: it is offered the top discard)."""

    seat: int
    phase: str


@dataclass(frozen=True)
class CardDrawn:
    """``seat`` drew the top stock card; ``card`` is for that seat's eyes only."""

    seat: int
    card: str


@dataclass(frozen=True)
class UpcardTaken:
    """The first player took the upcard instead of drawing."""

    seat: int
    card: str


@dataclass(frozen=True)
class Bought:
    """``seat`` paid a chip (``chips`` left) for the discard ``card``; a CardDrawn follows."""

    seat: int
    card: str
    chips: int


@dataclass(frozen=True)
class Passed:
    """``seat`` declined to buy the discard."""

    seat: int


@dataclass(frozen=True)
class StockRebuilt:
    """The discard pile was shuffled into a new stock of ``count`` cards."""

    count: int


@dataclass(frozen=True)
class Melded:
    """``seat`` put down ``groups`` as melds numbered ``indices`` (``contract``: its first)."""

    seat: int
    groups: tuple[tuple[str, ...], ...]
    indices: tuple[int, ...]
    contract: bool


@dataclass(frozen=True)
class LaidOff:
    """``seat`` added ``cards`` to meld ``meld`` (``end`` low/high for a run)."""

    seat: int
    meld: int
    cards: tuple[str, ...]
    end: str | None


@dataclass(frozen=True)
class JokerSwapped:
    """``seat`` put ``card`` in place of run ``meld``'s end joker; the joker moved to ``end``."""

    seat: int
    meld: int
    card: str
    end: str


@dataclass(frozen=True)
class JokerFreed:
    """``seat`` added ``cards`` to set ``meld`` and took its joker into hand."""

    seat: int
    meld: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Discarded:
    seat: int
    card: str


@dataclass(frozen=True)
class WentOut:
    seat: int


@dataclass(frozen=True)
class Penalties:
    """The deal's penalty points per seat and the totals after them."""

    deal: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class DealEnded:
    """Deal ``deal`` is over; ``winner`` went out (None: the cards ran out). ``table`` is the
    position as the deal ended, scored (its totals with the deal's penalties), before the
    cards are gathered for the next deal: what a table shows under the deal's summary."""

    deal: int
    winner: int | None
    table: State | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class GameOver:
    result: dict


Event = (Shuffled | Cut | Dealt | BonusCard | UpcardTurned | Exchanged | ExchangeReturned
         | TurnChanged | CardDrawn | UpcardTaken | Bought | Passed | StockRebuilt | Melded
         | LaidOff | JokerSwapped | JokerFreed | Discarded | WentOut | Penalties | DealEnded
         | GameOver)

# (a buy shows nothing hidden: its card lay face up, and the stock card that comes with it is
# the CardDrawn after it, for the buyer's eyes only)
REVEALING_EVENTS = (Cut, Dealt, ExchangeReturned, CardDrawn, Penalties)
PRIVATE_EVENTS = (CardDrawn,)  # (revealing to their ``seat`` only)
# cards out of the ``seat``'s concealed hand, and a seat's answer to a discard (taking it,
# buying it or letting it go tells what that hand wants): a computer's stop Undo, which would
# otherwise let a person try discards until one is let go by everyone
SHOWN_EVENTS = (Melded, LaidOff, JokerSwapped, JokerFreed, Discarded, UpcardTaken, Bought, Passed)
"""Events that bring hidden cards to light: the cut and deal, draws and buys, and the end
of a deal (every hand's penalty is shown)."""


# ---------------------------------------------------------------------------------------------
# Contract API


def new_game(players: int | None = None, seed: int = 0, **options: Any) -> State:
    """Shuffle the pack for deal 1; the cutter (the seat before the dealer) must cut.

    Option ``dealer`` (default drawn from the seed). Raises ValueError for a player count
    outside 2..6 or an unknown or bad option.
    """
    players = 4 if players is None else players
    if not _is_int(players) or not 2 <= players <= 6:
        raise ValueError(f"Telefunken is for 2 to 6 players, not {players!r}")
    unknown = set(options) - {"dealer"}
    if unknown:
        raise ValueError(f"unknown Telefunken option(s): {', '.join(sorted(unknown))}")
    if not _is_int(seed):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    dealer = options.get("dealer")
    if dealer is None:
        dealer = random.Random(f"telefunken/{seed}/dealer").randrange(players)
    elif not _is_int(dealer) or not 0 <= dealer < players:
        raise ValueError(f"option dealer must be a seat 0..{players - 1}, not {dealer!r}")
    base = State(players=players, deal=1, dealer=dealer, seat=0, phase="cut",
                 hands=((),) * players, stock=(), chips=(START_CHIPS,) * players,
                 totals=(0,) * players, melded=(False,) * players, seed=seed)
    return _shuffle_for_deal(base, 1, dealer, [])


def to_move(state: State) -> int | None:
    """The seat whose decision it is (a buy offer included), or None once over."""
    return None if state.phase == "over" else state.seat


def result(state: State) -> dict | None:
    """None while running; else totals, winners (lowest total), deal winners and stakes."""
    if state.phase != "over":
        return None
    best = min(state.totals)
    winners = [s for s, t in enumerate(state.totals) if t == best]
    return {"totals": list(state.totals), "winners": winners,
            "deal_winners": list(state.deal_winners), "stakes": stakes(state)}


def deal_stakes(deal_winners: Sequence[int | None], players: int) -> list[int]:
    """Units won (+) or lost (-) by the deals ``deal_winners`` (each deal's winner, None for a
    deal nobody went out of): 1 from everyone to each deal's winner."""
    units = [0] * players
    for w in deal_winners:
        if w is None:
            continue
        for s in range(players):
            if s != w:
                units[s] -= 1
                units[w] += 1
    return units


def stakes(state: State) -> list[int]:
    """Units won (+) or lost (-) so far: 1 from everyone to each deal's winner, and at the
    end 5 from every non-winner to each overall winner."""
    n = state.players
    units = deal_stakes(state.deal_winners, n)
    if state.phase == "over":
        best = min(state.totals)
        winners = [s for s in range(n) if state.totals[s] == best]
        for w in winners:
            for s in range(n):
                if s not in winners:
                    units[s] -= 5
                    units[w] += 5
    return units


def legal_moves(state: State) -> list[str]:
    """Every legal move of the seat to act, in canonical spelling; empty once over.

    Phase ``play``: melds (the contract melds before melding, the go-out melds in deal 7,
    single groups afterwards), then lay-offs (``add``, ``swap``, ``free``), then discards.
    """
    phase = state.phase
    if phase == "over":
        return []
    if phase == "cut":
        return [f"cut {n}" for n in range(MIN_CUT, MAX_CUT + 1)]
    if phase == "buy":
        return ["buy", "pass"]
    if phase == "draw":
        return ["draw", "take"] if _may_take(state) else ["draw"]
    hand = state.hands[state.seat]
    if phase == "exchange":
        return [("exchange " + " ".join(sub)).strip() for sub in _sub_multisets(hand)]
    if state.deal == 7 and not state.melded[state.seat]:
        moves = list(_cached_go_out_moves(tuple(sorted(hand))))
    else:
        moves = [_meld_text(g) for g in _meld_options(state)]
    moves += _layoff_moves(state)
    moves += [f"discard {c}" for c in _distinct(hand)]
    return moves


def play(state: State, move: str) -> State:
    """Return the position after ``move``; ``state`` is left unchanged.

    Raises IllegalMove (a ValueError) saying why when the move is malformed or illegal.
    """
    return play_events(state, move)[0]


def play_events(state: State, move: str) -> tuple[State, list[Event]]:
    """Like ``play``, also returning the events in the order they happen.

    After the mover's action come the automatic steps: the deal after a cut, the buy offers
    after a discard, the next turn, scoring, the next deal. Raises IllegalMove when the move
    is malformed or illegal (the state is unchanged).
    """
    if state.phase == "over":
        raise IllegalMove("the game is over")
    if not isinstance(move, str):
        raise IllegalMove(f"a move must be text like 'discard 7C', not {type(move).__name__}")
    if not move.isascii():
        raise IllegalMove("a move is written in plain ASCII letters and digits, e.g. "
                          "'add 9D to 3' or 'cut 52'")
    words = move.split()
    if not words:
        raise IllegalMove("empty move")
    verb = words[0].lower()
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise IllegalMove(f"unknown move {_short(move.strip())!r}: use cut, exchange, draw, take, buy, "
                          "pass, meld, add, swap, free or discard")
    phases = _VERB_PHASES[verb]
    if state.phase not in phases:
        raise IllegalMove(f"'{verb}' is not possible now: {_phase_hint(state)}")
    return handler(state, words[1:])


def describe(state: State, move: str, names: Sequence[str] | None = None) -> str:
    """The move in words for a move log: "Seat 2 bought 7H (4 chips left)".

    Seats are "Seat 1".. unless ``names`` gives them. Raises IllegalMove when the move is
    not legal in ``state``.
    """
    new, events = play_events(state, move)
    who = _name(state.seat, names)
    verb = move.split()[0].lower()

    def meld_words(index: int) -> str:
        """A meld by whose it is and what it holds: "Seat 2's meld 7H 8H 9H"."""
        meld = state.melds[index]
        owner_name = _name(meld.owner, names)
        if meld.owner == state.seat:
            owner = "their own"
        else:
            owner = "your" if owner_name == "You" else f"{owner_name}'s"
        return f"{owner} meld {' '.join(meld.cards)}"

    text = f"{who} {move}"
    for e in events:
        if isinstance(e, Cut):
            kept = f", keeping {' '.join(e.kept)}" if e.kept else ""
            text = f"{who} cut {e.lifted} cards{kept}"
        elif isinstance(e, Exchanged):
            text = f"{who} gave back {e.count} card{'s' if e.count != 1 else ''}"
        elif isinstance(e, UpcardTaken):
            text = f"{who} took the upcard {e.card}"
        elif isinstance(e, Bought):
            text = f"{who} bought {e.card} ({e.chips} chip{'s' if e.chips != 1 else ''} left)"
        elif isinstance(e, Passed):
            text = f"{who} did not buy"
        elif isinstance(e, Melded):
            what = " | ".join(" ".join(g) for g in e.groups)
            text = f"{who} melded {what}" + (" (contract)" if e.contract else "")
        elif isinstance(e, LaidOff):
            text = f"{who} added {' '.join(e.cards)} to {meld_words(e.meld)}"
        elif isinstance(e, JokerSwapped):
            text = (f"{who} put {e.card} in place of the joker of {meld_words(e.meld)}, "
                    f"moving it {e.end}")
        elif isinstance(e, JokerFreed):
            text = f"{who} freed the joker of {meld_words(e.meld)} with {' '.join(e.cards)}"
        elif isinstance(e, Discarded):
            text = f"{who} discarded {e.card}"
    if verb == "draw":
        text = f"{who} drew from the stock"
    if any(isinstance(e, WentOut) for e in events):
        text += " and went out"
    over = [e for e in events if isinstance(e, GameOver)]
    if over:
        winners = over[0].result["winners"]
        text += "; game over, won by " + " and ".join(_name(w, names) for w in winners)
    return text


def dump(state: State) -> dict:
    """The position as JSON-safe data in the spec's format (plus ``result`` when over)."""
    data: dict[str, Any] = {
        "game": "telefunken",
        "players": state.players,
        "deal": state.deal,
        "dealer": state.dealer,
        "to_move": to_move(state),
        "phase": state.phase,
        "hands": [list(h) for h in state.hands],
        "stock": list(state.stock),
        "discard": list(state.discard),
        "melds": [{"owner": m.owner, "cards": list(m.cards)} for m in state.melds],
        "fresh": list(state.fresh),
        "melded": list(state.melded),
        "chips": list(state.chips),
        "totals": list(state.totals),
        "deal_winners": list(state.deal_winners),
        "first_turn": state.first_turn,
        "offer": None if state.offer is None else list(state.offer),
        "discarder": state.discarder,
        "given": None if state.given is None else [None if g is None else list(g)
                                                   for g in state.given],
        "shuffles": state.shuffles,
        "rebuilds": state.rebuilds,
        "seed": state.seed,
    }
    if state.phase == "over":
        data["result"] = result(state)
    return data


def view(state: State, seat: int) -> dict:
    """What ``seat`` may know: ``dump`` with other hands, given cards and the stock as counts.

    ``hands[s]`` stays a list for ``seat`` and becomes an int for every other seat;
    ``stock`` becomes the number of cards left; ``given[s]`` of another seat becomes its
    count (None while undecided); ``hand_counts`` lists every seat's count and ``seat``
    names the viewer. Melds, the discard pile and ``rebuilds`` are public. There is no
    ``seed`` and no ``shuffles``: with them anyone could shuffle the pack again as the
    engine did and read every hand and the stock. Raises ValueError for a bad seat.
    """
    if not _is_int(seat) or not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0..{state.players - 1}, not {seat!r}")
    data = dump(state)
    data["hands"] = [list(h) if s == seat else len(h) for s, h in enumerate(state.hands)]
    data["hand_counts"] = [len(h) for h in state.hands]
    data["stock"] = len(state.stock)
    if state.given is not None:
        data["given"] = [None if g is None else (list(g) if s == seat else len(g))
                         for s, g in enumerate(state.given)]
    data["seat"] = seat
    for secret in HIDDEN_FIELDS:
        data.pop(secret, None)
    return data


HIDDEN_FIELDS = ("seed", "shuffles")
"""Position fields a view leaves out: the shuffle state (the seed and the count of shuffles
that, with the seed, gives every shuffle's order)."""


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
        raise ValueError(f"malformed Telefunken position: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Groups (sets and runs) and the meld finder


def group_kind(cards: Sequence[str]) -> str:
    """``"set"`` or ``"run"`` for a valid group (a set's naturals share one rank)."""
    naturals = [c for c in cards if c != JOKER]
    return "set" if len({VALUE[c] for c in naturals}) == 1 else "run"


def run_low(cards: Sequence[str]) -> int:
    """The value of a valid run's first position (1 for an ace-low run)."""
    for i, c in enumerate(cards):
        if c != JOKER and VALUE[c] != 1:
            return VALUE[c] - i
    raise ValueError("not a run")  # pragma: no cover - a valid run has a non-ace natural


def check_group(cards: Sequence[str]) -> tuple[str, ...]:
    """The canonical form of ``cards`` as a set or run; IllegalMove saying why not.

    A set may be given in any order; a run low to high with ``JK`` at the position it
    fills (a run without a joker may be given in any order).
    """
    cards = list(cards)
    naturals = [c for c in cards if c != JOKER]
    if len(cards) < 3:
        raise IllegalMove(f"a set or run needs at least 3 cards, not {len(cards)}")
    if len(cards) - len(naturals) > 1:
        raise IllegalMove("at most one joker may be in any set or run")
    if len({VALUE[c] for c in naturals}) == 1:
        return _set_order(cards)
    return _check_run(cards)


def find_groups(hand: Iterable[str], *, min_size: int = 3, exact: int | None = None,
                pure: bool = False, runs: bool = True, sets: bool = True,
                run_min: int = 3) -> list[tuple[str, ...]]:
    """Every distinct set and run ``hand`` can form, canonical (sets first, then runs).

    ``exact`` limits sets to that size; ``pure`` asks for deal 1's pure trio (no joker,
    three suits); ``run_min`` is the shortest run listed.
    """
    counts = Counter(hand)
    jokers = counts.pop(JOKER, 0)
    out: list[tuple[str, ...]] = []
    if sets:
        out += _find_sets(counts, jokers, min_size, exact, pure)
    if runs and not pure:
        out += _find_runs(counts, jokers, max(run_min, min_size))
    return out


def find_contracts(hand: Iterable[str], deal: int) -> list[tuple[tuple[str, ...], ...]]:
    """Every way to put down exactly the contract of ``deal`` from ``hand`` (deals 1-6),
    or every go-out meld (deal 7), as tuples of canonical groups in canonical order (see
    ``group_order_key``), the list sorted by those keys."""
    hand = list(hand)
    if deal == 7:
        return find_go_out_melds(hand)
    size = CONTRACTS[deal][0][1]
    options = _canonical_groups(find_groups(hand, exact=size, pure=deal == 1, runs=False))
    if len(CONTRACTS[deal]) == 1:
        return [(g,) for g in options]
    counts = Counter(hand)
    out = []
    for i, a in enumerate(options):
        ca = Counter(a)
        for b in options[i:]:
            if not (ca + Counter(b)) - counts:
                out.append((a, b))
    return out


def find_go_out_melds(hand: Iterable[str],
                      limit: int | None = None) -> list[tuple[tuple[str, ...], ...]]:
    """Deal 7: every meld of a trio, a run of 7+ and further groups leaving at most one card.

    All of them, however many (no cap): an exact-cover search (``covers.exact_covers``) over
    the groups the hand can form. Each meld lists its groups in canonical order (sets before
    runs, each kind by first card, see ``group_order_key``) and the list is sorted by those
    keys. ``limit``, if given, keeps only the first ``limit`` melds of that list (for callers
    that want a sample; ``legal_moves`` never passes it).
    """
    groups, covers = _go_out_covers(hand)
    if limit is not None:
        covers = covers[:max(0, limit)]
    return [tuple(groups[i] for i in cover) for cover in covers]


def _go_out_covers(hand: Iterable[str], sort_each: bool = True
                   ) -> tuple[list[tuple[str, ...]], list[tuple[int, ...]]]:
    """The groups ``hand`` can form in canonical order, and deal 7's go-out melds as tuples
    of their indices: sorted tuples (so each meld's groups are in canonical order), the list
    sorted; with ``sort_each`` false, tuples in search order and the list unsorted."""
    groups, args = _go_out_search(hand)
    covers = exact_covers(*args, sort_each=sort_each)
    if sort_each:
        covers.sort()
    return groups, covers


def _go_out_search(hand: Iterable[str]) -> tuple[list[tuple[str, ...]], tuple]:
    """The groups ``hand`` can form in canonical order, and the arguments of the cover search
    for deal 7's go-out melds (``covers.cover_graph``)."""
    hand = list(hand)
    groups = _canonical_groups(find_groups(hand))
    needs = [(_TRIO if len(g) == 3 and group_kind(g) == "set" else 0)
             | (_RUN7 if len(g) >= 7 and group_kind(g) == "run" else 0) for g in groups]
    high = {g[-1] for g in groups if g[-1] != JOKER and VALUE[g[-1]] == 1
            and group_kind(g) == "run"}
    # a run of 7+ fits only if a run of exactly 7 does: those are the witnesses of _RUN7
    witnesses = [i for i, g in enumerate(groups) if needs[i] & _TRIO or len(g) == 7]
    return groups, (hand, groups, needs, _TRIO | _RUN7, 1, JOKER,
                    functools.partial(_search_order, high), witnesses)


def _search_order(high_aces: set[str], c: str) -> tuple[int, int]:
    """The order the go-out search takes cards in: by rank, then suit, with an ace that can
    end a run high after the kings (so its high runs are found at their first card, not at
    the ace; measured several times faster on hands with both ace-low and ace-high runs)."""
    return 14 if c in high_aces else VALUE[c], SUIT_OF[c]


@functools.lru_cache(maxsize=2)
def _cached_go_out_moves(hand: tuple[str, ...]) -> tuple[str, ...]:
    """``go_out_moves`` of a sorted hand, kept for the next calls: in one turn the table, the
    hints and the computer player all ask for the same list (a few ms to copy, even at
    400,000 moves, against up to a second or so to find them again)."""
    return tuple(go_out_moves(hand))


def go_out_moves(hand: Iterable[str]) -> list[str]:
    """Deal 7's go-out melds spelt as moves, each once, in canonical spelling, sorted as text.

    Every exact cover (``covers.cover_graph``) of the hand, but for at most one card, by
    groups it can form, with a trio and a run of seven or more among them; spelt from the
    graph of covers (``covers.cover_texts``: sets before runs, each kind in canonical order)."""
    groups, args = _go_out_search(hand)
    with no_collection():
        return cover_texts(cover_graph(*args), [" ".join(g) for g in groups],
                           [group_kind(g) == "set" for g in groups], "meld ")


_TRIO, _RUN7 = 1, 2
"""Requirement bits of deal 7's contract: a trio, a run of seven or more."""


def _find_sets(counts: Counter, jokers: int, min_size: int, exact: int | None,
               pure: bool) -> list[tuple[str, ...]]:
    out = []
    for v in range(1, 14):
        naturals = [(RANKS[v - 1] + s, counts.get(RANKS[v - 1] + s, 0)) for s in SUITS]
        if sum(n for _, n in naturals) + min(jokers, 1) < 3:
            continue
        ranges = [range(min(n, 1 if pure else n) + 1) for _, n in naturals]
        for choice in itertools.product(*ranges):
            chosen = [c for (c, _), k in zip(naturals, choice) for _ in range(k)]
            for j in (0, 1) if jokers and not pure else (0,):
                size = len(chosen) + j
                if size < max(3, min_size) or len(chosen) < 2:
                    continue
                if exact is not None and size != exact:
                    continue
                out.append(tuple(chosen) + (JOKER,) * j)
    return out


def _find_runs(counts: Counter, jokers: int, min_len: int) -> list[tuple[str, ...]]:
    out = []
    for s in range(4):
        held = [False] * 15
        for v in range(1, 14):
            if counts.get(card(v, s)):
                held[v] = True
        held[14] = held[1]
        if sum(held[1:14]) + min(jokers, 1) < 3:
            continue
        for low in range(1, 13):
            missing: list[int] = []
            for high in range(low, min(14, low + 12) + 1):
                if not held[high]:
                    missing.append(high)
                    if len(missing) > (1 if jokers else 0):
                        break
                length = high - low + 1
                if length < max(3, min_len):
                    continue
                naturals = [card(v, s) for v in range(low, high + 1)]
                if not missing:
                    out.append(tuple(naturals))
                    if jokers:
                        for i in range(length):
                            out.append(tuple(naturals[:i] + [JOKER] + naturals[i + 1:]))
                else:
                    i = missing[0] - low
                    out.append(tuple(naturals[:i] + [JOKER] + naturals[i + 1:]))
    return out


def _set_order(cards: Sequence[str]) -> tuple[str, ...]:
    naturals = sorted((c for c in cards if c != JOKER), key=lambda c: SUIT_OF[c])
    return tuple(naturals) + (JOKER,) * (len(cards) - len(naturals))


def _check_run(cards: list[str]) -> tuple[str, ...]:
    naturals = [c for c in cards if c != JOKER]
    if len({SUIT_OF[c] for c in naturals}) != 1:
        raise IllegalMove(f"{' '.join(cards)} is neither a set (one rank) nor a run (one suit)")
    if len({VALUE[c] for c in naturals}) != len(naturals):
        raise IllegalMove("a run holds each rank at most once")
    if len(cards) > 13:
        raise IllegalMove("a run holds each rank at most once (13 cards at most)")
    if _run_problem(cards) is None:
        return tuple(cards)
    if JOKER not in cards:
        low_ace = sorted(cards, key=lambda c: VALUE[c])
        high_ace = sorted(cards, key=lambda c: VALUE[c] if VALUE[c] != 1 else 14)
        for order in (low_ace, high_ace):
            if _run_problem(order) is None:
                return tuple(order)
    values = {VALUE[c] for c in naturals}
    if (1 in values or JOKER in cards) and 13 in values and 2 in values or _run_problem(
            cards) == "ace":
        raise IllegalMove("an ace is low (A 2 3) or high (Q K A), never in the middle: "
                          "K A 2 is not a run")
    raise IllegalMove(f"{' '.join(cards)} is not a run: list consecutive cards of one suit low "
                      "to high, with JK at the position it fills")


def _run_problem(cards: Sequence[str]) -> str | None:
    """None if ``cards`` (in order) is a run; "ace" or "gap" saying what is wrong."""
    low = None
    for i, c in enumerate(cards):
        if c != JOKER and VALUE[c] != 1:
            low = VALUE[c] - i
            break
    if low is None:
        return "gap"
    ace_bad = False
    for i, c in enumerate(cards):
        if c == JOKER:
            continue
        want = low + i
        if VALUE[c] == 1:
            ace_bad = ace_bad or want not in (1, 14)
        elif VALUE[c] != want:
            return "gap"
    if ace_bad or low < 1 or low + len(cards) - 1 > 14:
        return "ace"
    return None


def group_order_key(g: Sequence[str]) -> tuple:
    """Sort key of a canonical group in a meld: sets before runs, then by first card.

    A card compares by rank (ace lowest, A 2 ... K), then suit S H D C. A set's cards are in
    set order (its first card is its lowest suit, the joker last); a run's first card is the
    card its first position stands for (a leading joker counts as that card). Ties go on to
    the following cards (a natural before a joker standing for the same card), then length.
    """
    if group_kind(g) == "set":
        return (0, tuple(card_key(c) for c in g))
    low = run_low(g)
    s = SUIT_OF[next(c for c in g if c != JOKER)]
    return (1, tuple((low + i, s, c == JOKER) for i, c in enumerate(g)))


def _canonical_groups(groups: Iterable[Sequence[str]]) -> list[tuple[str, ...]]:
    """Canonical groups (as ``check_group`` gives them) in canonical meld order."""
    return sorted((tuple(g) for g in groups), key=group_order_key)


def _meld_text(groups: Sequence[Sequence[str]]) -> str:
    return "meld " + " | ".join(" ".join(g) for g in groups)


# ---------------------------------------------------------------------------------------------
# Options in phase play


def _melding_turn(state: State, seat: int) -> bool:
    """True if ``seat`` put down its contract in the current turn (all its melds fresh)."""
    own = [i for i, m in enumerate(state.melds) if m.owner == seat]
    return bool(own) and all(i in state.fresh for i in own)


def _meld_options(state: State) -> list[tuple[tuple[str, ...], ...]]:
    seat = state.seat
    hand = state.hands[seat]
    if not state.melded[seat]:
        return find_contracts(hand, state.deal)
    if state.deal == 7:
        return []
    return [(g,) for g in _canonical_groups(find_groups(hand))]


def _may_touch(state: State, index: int) -> bool:
    """Whether the seat to move may lay off on meld ``index`` now."""
    seat = state.seat
    if not state.melded[seat]:
        return False
    if _melding_turn(state, seat) and state.melds[index].owner == seat:
        return False
    return True


def _layoff_moves(state: State) -> list[str]:
    seat = state.seat
    if not state.melded[seat] or not state.melds:
        return []
    hand = state.hands[seat]
    counts = Counter(hand)
    jokers = counts.get(JOKER, 0)
    adds: list[str] = []
    swaps: list[str] = []
    frees: list[str] = []
    for i, m in enumerate(state.melds):
        if not _may_touch(state, i):
            continue
        has_joker = JOKER in m.cards
        if group_kind(m.cards) == "set":
            rank = RANKS[VALUE[next(c for c in m.cards if c != JOKER)] - 1]
            mine = [(rank + s, counts.get(rank + s, 0)) for s in SUITS]
            for choice in itertools.product(*(range(n + 1) for _, n in mine)):
                chosen = [c for (c, _), k in zip(mine, choice) for _ in range(k)]
                for j in (0, 1) if jokers and not has_joker else (0,):
                    if chosen or j:
                        adds.append(f"add {' '.join(chosen + [JOKER] * j)} to {i}")
                if has_joker and len(chosen) == 2:
                    frees.append(f"free {i} with {' '.join(chosen)}")
        else:
            adds += _run_adds(m.cards, i, counts, jokers and not has_joker)
            swaps += _swap_moves(m.cards, i, counts)
    return adds + swaps + frees


def _run_extensions(cards: Sequence[str], counts: Counter, joker_ok: bool,
                    end: str) -> list[tuple[str, ...]]:
    """Card sequences (in run order) that extend run ``cards`` at ``end``."""
    s = SUIT_OF[next(c for c in cards if c != JOKER)]
    low = run_low(cards)
    high = low + len(cards) - 1
    out: list[tuple[str, ...]] = []

    def grow(seq: list[str], value: int, joker_left: bool) -> None:
        if len(cards) + len(seq) >= 13 or not 1 <= value <= 14:
            return
        natural = card(value, s)
        nxt = value - 1 if end == "low" else value + 1
        options = []
        if counts.get(natural, 0):
            options.append((natural, joker_left))
        if joker_left:
            options.append((JOKER, False))
        for c, jl in options:
            new = seq + [c]
            out.append(tuple(reversed(new)) if end == "low" else tuple(new))
            grow(new, nxt, jl)

    grow([], low - 1 if end == "low" else high + 1, joker_ok)
    return out


def _run_adds(cards: Sequence[str], index: int, counts: Counter, joker_ok: bool) -> list[str]:
    low = _run_extensions(cards, counts, joker_ok, "low")
    high = _run_extensions(cards, counts, joker_ok, "high")
    both = set(low) & set(high)
    out = []
    for end, options in (("low", low), ("high", high)):
        for seq in options:
            outer = seq[0] if end == "low" else seq[-1]
            suffix = f" {end}" if seq in both or outer == JOKER else ""
            out.append(f"add {' '.join(seq)} to {index}{suffix}")
    return out


def _swap_moves(cards: Sequence[str], index: int, counts: Counter) -> list[str]:
    out = []
    for pos in _end_jokers(cards):
        natural = _joker_stands_for(cards, pos)
        if not counts.get(natural):
            continue
        replaced = list(cards)
        replaced[pos] = natural
        for end in _joker_ends(replaced):
            out.append(f"swap {natural} in {index} {end}")
    return out


def _end_jokers(cards: Sequence[str]) -> list[int]:
    return [p for p in (0, len(cards) - 1) if cards[p] == JOKER]


def _joker_stands_for(cards: Sequence[str], pos: int) -> str:
    s = SUIT_OF[next(c for c in cards if c != JOKER)]
    return card(run_low(cards) + pos, s)


def _joker_ends(run: Sequence[str]) -> list[str]:
    """The ends of a joker-free run where a joker may be added."""
    if len(run) >= 13:
        return []
    low = run_low(run)
    out = []
    if low - 1 >= 1:
        out.append("low")
    if low + len(run) <= 14:
        out.append("high")
    return out


def _may_take(state: State) -> bool:
    return state.first_turn and state.seat == (state.dealer + 1) % state.players and bool(
        state.discard)


# ---------------------------------------------------------------------------------------------
# Move handlers


def _play_cut(state: State, args: list[str]) -> tuple[State, list[Event]]:
    if len(args) != 1 or _number(args[0]) is None:
        raise IllegalMove("say how many cards to lift in digits 0-9, e.g. 'cut 52'")
    n = _number(args[0])
    if not MIN_CUT <= n <= min(MAX_CUT, len(state.stock) - 4):
        raise IllegalMove(f"the cut lifts between {MIN_CUT} and {MAX_CUT} cards, not "
                          f"{_short(args[0])}")
    return _deal(state, n)


def _play_exchange(state: State, args: list[str]) -> tuple[State, list[Event]]:
    cards = [_card(a) for a in args]
    hand = state.hands[state.seat]
    _check_held(cards, hand)
    cards.sort(key=card_key)
    given = list(state.given or (None,) * state.players)
    given[state.seat] = tuple(cards)
    events: list[Event] = [Exchanged(state.seat, len(cards))]
    new = replace(state, given=tuple(given))
    order = [(state.dealer + 1 + i) % state.players for i in range(state.players)]
    waiting = [s for s in order if given[s] is None]
    if waiting:
        events.append(TurnChanged(waiting[0], "exchange"))
        return replace(new, seat=waiting[0]), events
    # Everyone chose: shuffle the given cards and deal back as many as each gave.
    hands = [list(h) for h in state.hands]
    pool: list[str] = []
    for s in range(state.players):
        for c in given[s]:
            hands[s].remove(c)
        pool += given[s]
    rng = random.Random(f"telefunken/{state.seed}/{state.shuffles}")
    rng.shuffle(pool)
    for s in order:
        k = len(given[s])
        hands[s] += pool[:k]
        pool = pool[k:]
    new = replace(new, hands=tuple(tuple(sorted(h, key=card_key)) for h in hands), given=None,
                  shuffles=state.shuffles + 1, seat=order[0], phase="draw", first_turn=True)
    events.append(ExchangeReturned(tuple(len(g) for g in given)))
    events.append(TurnChanged(order[0], "draw"))
    return new, events


def _play_draw(state: State, args: list[str]) -> tuple[State, list[Event]]:
    if args:
        raise IllegalMove("'draw' takes no cards: it draws the top of the stock")
    if state.phase != "draw":
        raise IllegalMove("you have already drawn this turn")
    events: list[Event] = []
    new, got = _draw_cards(state, state.seat, 1, events)
    if got is None:
        return new, events
    return replace(new, phase="play", first_turn=False, fresh=()), events


def _play_take(state: State, args: list[str]) -> tuple[State, list[Event]]:
    if args:
        raise IllegalMove("'take' takes no cards: it takes the upcard")
    if not _may_take(state):
        raise IllegalMove("only the first player of a deal, on its first turn, may take the "
                          "upcard free; later the discard must be bought")
    c = state.discard[-1]
    hands = list(state.hands)
    hands[state.seat] = _sorted(hands[state.seat] + (c,))
    new = replace(state, hands=tuple(hands), discard=state.discard[:-1], phase="play",
                  first_turn=False, fresh=())
    return new, [UpcardTaken(state.seat, c)]


def _play_buy(state: State, args: list[str]) -> tuple[State, list[Event]]:
    if args:
        raise IllegalMove("'buy' takes no cards: it buys the top discard")
    seat = state.seat
    c = state.discard[-1]
    chips = list(state.chips)
    chips[seat] -= 1
    hands = list(state.hands)
    hands[seat] = _sorted(hands[seat] + (c,))
    nxt = (state.discarder + 1) % state.players
    new = replace(state, hands=tuple(hands), discard=state.discard[:-1], chips=tuple(chips),
                  offer=None, discarder=None)
    events: list[Event] = [Bought(seat, c, chips[seat])]
    new, got = _draw_cards(new, seat, 1, events)
    if got is None:
        return new, events
    events.append(TurnChanged(nxt, "draw"))
    return replace(new, seat=nxt, phase="draw", first_turn=False), events


def _play_pass(state: State, args: list[str]) -> tuple[State, list[Event]]:
    if args:
        raise IllegalMove("'pass' takes nothing after it")
    events: list[Event] = [Passed(state.seat)]
    if state.offer:
        events.append(TurnChanged(state.offer[0], "buy"))
        return replace(state, seat=state.offer[0], offer=state.offer[1:]), events
    nxt = (state.discarder + 1) % state.players
    events.append(TurnChanged(nxt, "draw"))
    return replace(state, seat=nxt, phase="draw", offer=None, discarder=None), events


def _play_meld(state: State, args: list[str]) -> tuple[State, list[Event]]:
    seat = state.seat
    text = " ".join(args)
    if not text.strip():
        raise IllegalMove("say which cards to meld, e.g. 'meld 7H 7D 7C'")
    groups = []
    for part in text.split("|"):
        cards = [_card(a) for a in part.split()]
        if not cards:
            raise IllegalMove("an empty group between '|' separators")
        groups.append(cards)
    _check_held([c for g in groups for c in g], state.hands[seat])
    canon = _canonical_groups(check_group(g) for g in groups)
    contract = not state.melded[seat]
    if contract:
        chosen = _check_contract(state, canon)
        if state.deal != 7:
            # the contract's groups first, then the further ones: the order of the legal
            # moves that put them down one after another
            canon = [canon[i] for i in chosen] + [g for i, g in enumerate(canon)
                                                  if i not in chosen]
    elif state.deal == 7:  # pragma: no cover - a deal-7 meld always ends the deal
        raise IllegalMove("in deal 7 the first meld goes out")
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], [c for g in canon for c in g])
    start = len(state.melds)
    melds = state.melds + tuple(TableMeld(seat, g) for g in canon)
    indices = tuple(range(start, len(melds)))
    melded = list(state.melded)
    melded[seat] = True
    new = replace(state, hands=tuple(hands), melds=melds, fresh=state.fresh + indices,
                  melded=tuple(melded))
    events: list[Event] = [Melded(seat, tuple(canon), indices, contract)]
    return _after_layoff(new, events)


def _check_contract(state: State, groups: list[tuple[str, ...]]) -> list[int]:
    """The indices (ascending) of the groups that make up the contract; IllegalMove if none.

    ``groups`` are canonical and in canonical order, so the choice does not depend on the
    order the player wrote them in.
    """
    deal = state.deal
    wanted = CONTRACTS[deal]
    name = CONTRACT_NAMES[deal]
    if deal == 7:
        left = len(state.hands[state.seat]) - sum(len(g) for g in groups)
        if left > 1:
            raise IllegalMove(f"in deal 7 you may meld only to go out: {left} cards would stay "
                              "in your hand (at most one, to discard)")
    reasons = []
    for chosen in itertools.permutations(range(len(groups)), len(wanted)):
        why = None
        for (kind, size), gi in zip(wanted, chosen):
            g = groups[gi]
            why = _contract_problem(deal, kind, size, g)
            if why:
                break
        if why is None:
            return sorted(chosen)
        reasons.append(why)
    if len(groups) < len(wanted):
        raise IllegalMove(f"the contract of deal {deal} is {name}: "
                          f"{len(wanted)} groups, not {len(groups)}")
    raise IllegalMove(f"the contract of deal {deal} is {name}: {reasons[0]}")


def _contract_problem(deal: int, kind: str, size: int, g: Sequence[str]) -> str | None:
    if group_kind(g) != kind:
        return f"{' '.join(g)} is a {group_kind(g)}, the contract needs a {kind}"
    if kind == "run":
        return None if len(g) >= size else f"the run needs 7 or more cards, not {len(g)}"
    if len(g) != size:
        return f"a {SET_NAMES[size]} is exactly {size} cards, not {len(g)}"
    if deal == 1:
        if JOKER in g:
            return "the trio must be pure, with no joker"
        suits = [c[-1] for c in g]
        if len(set(suits)) != 3:
            return "the trio must be pure, with three different suits"
    return None


def _play_add(state: State, args: list[str]) -> tuple[State, list[Event]]:
    seat = state.seat
    if "to" not in [a.lower() for a in args]:
        raise IllegalMove("write 'add <cards> to <meld number>', e.g. 'add 9D to 3'")
    k = [a.lower() for a in args].index("to")
    cards = [_card(a) for a in args[:k]]
    rest = args[k + 1:]
    if not cards:
        raise IllegalMove("say which cards to add")
    if not rest or len(rest) > 2:
        raise IllegalMove("write 'add <cards> to <meld number> [low|high]'")
    index = _meld_index(state, rest[0])
    end = rest[1].lower() if len(rest) == 2 else None
    if end is not None and end not in ("low", "high"):
        raise IllegalMove(f"the end is 'low' or 'high', not {rest[1]!r}")
    _check_touch(state, index)
    _check_held(cards, state.hands[seat])
    meld = state.melds[index]
    if JOKER in meld.cards and JOKER in cards or cards.count(JOKER) > 1:
        raise IllegalMove(f"meld {index} would hold two jokers: at most one joker per set or run")
    if group_kind(meld.cards) == "set":
        if end is not None:
            raise IllegalMove(f"meld {index} is a set: no 'low' or 'high'")
        value = VALUE[next(c for c in meld.cards if c != JOKER)]
        for c in cards:
            if c != JOKER and VALUE[c] != value:
                raise IllegalMove(f"{c} cannot be added to meld {index}: it is a set of "
                                  f"{RANK_PLURALS[value - 1]}")
        new_cards = _set_order(meld.cards + tuple(cards))
        placed = None
    else:
        suit = SUIT_OF[next(c for c in meld.cards if c != JOKER)]
        for c in cards:
            if c != JOKER and SUIT_OF[c] != suit:
                raise IllegalMove(f"{c} cannot be added to meld {index}: it is a run of "
                                  f"{SUIT_NAMES[SUITS[suit]]}")
        new_cards, placed = _place_on_run(meld.cards, cards, end, index)
    melds = list(state.melds)
    melds[index] = TableMeld(meld.owner, new_cards)
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], cards)
    new = replace(state, hands=tuple(hands), melds=tuple(melds))
    return _after_layoff(new, [LaidOff(seat, index, tuple(cards), placed)])


def _place_on_run(run: tuple[str, ...], cards: list[str], end: str | None,
                  index: int) -> tuple[tuple[str, ...], str]:
    options = []
    for side in ("low", "high"):
        candidate = list(cards) + list(run) if side == "low" else list(run) + list(cards)
        if len(candidate) <= 13 and _run_problem(candidate) is None:
            options.append((side, tuple(candidate)))
    if end is not None:
        chosen = [o for o in options if o[0] == end]
        if not chosen:
            raise IllegalMove(_run_need(run, cards, index, end))
        return chosen[0][1], end
    if not options:
        raise IllegalMove(_run_need(run, cards, index, None))
    if len(options) == 2 and options[0][1] != options[1][1]:
        raise IllegalMove(f"{' '.join(cards)} could go at either end of meld {index}: "
                          "add 'low' or 'high'")
    return options[0][1], options[0][0]


def _run_need(run: Sequence[str], cards: Sequence[str], index: int, end: str | None) -> str:
    s = SUITS[SUIT_OF[next(c for c in run if c != JOKER)]]
    low = run_low(run)
    high = low + len(run) - 1
    needs = []
    if low > 1 and end in (None, "low"):
        needs.append(card(low - 1, SUITS.index(s)))
    if high < 14 and end in (None, "high"):
        needs.append(card(high + 1, SUITS.index(s)))
    if not needs:
        return f"{' '.join(cards)} cannot be added to meld {index}: the run cannot grow there"
    return (f"{' '.join(cards)} cannot be added to meld {index}: the run needs "
            f"{' or '.join(needs)} next (cards listed in run order)")


def _play_swap(state: State, args: list[str]) -> tuple[State, list[Event]]:
    seat = state.seat
    if len(args) != 4 or args[1].lower() != "in" or args[3].lower() not in ("low", "high"):
        raise IllegalMove("write 'swap <card> in <meld number> low|high'")
    c = _card(args[0])
    index = _meld_index(state, args[2])
    end = args[3].lower()
    _check_touch(state, index)
    _check_held([c], state.hands[seat])
    run = state.melds[index].cards
    if group_kind(run) != "run":
        raise IllegalMove(f"meld {index} is a set: free its joker with two naturals instead")
    ends = _end_jokers(run)
    if not ends:
        if JOKER in run:
            raise IllegalMove(f"the joker of meld {index} is no longer at an end of the run: "
                              "it cannot be moved")
        raise IllegalMove(f"meld {index} has no joker")
    pos = next((p for p in ends if _joker_stands_for(run, p) == c), None)
    if pos is None:
        wants = _joker_stands_for(run, ends[0])
        raise IllegalMove(f"the joker of meld {index} stands for {wants}, not {c}")
    replaced = list(run)
    replaced[pos] = c
    if end not in _joker_ends(replaced):
        raise IllegalMove(f"the joker cannot move to the {end} end of meld {index}: no card "
                          "exists beyond it")
    new_run = ([JOKER] + replaced) if end == "low" else (replaced + [JOKER])
    melds = list(state.melds)
    melds[index] = TableMeld(state.melds[index].owner, tuple(new_run))
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], [c])
    new = replace(state, hands=tuple(hands), melds=tuple(melds))
    return _after_layoff(new, [JokerSwapped(seat, index, c, end)])


def _play_free(state: State, args: list[str]) -> tuple[State, list[Event]]:
    seat = state.seat
    if len(args) != 4 or args[1].lower() != "with":
        raise IllegalMove("write 'free <meld number> with <card> <card>'")
    index = _meld_index(state, args[0])
    cards = [_card(args[2]), _card(args[3])]
    _check_touch(state, index)
    meld = state.melds[index]
    if group_kind(meld.cards) != "set":
        raise IllegalMove(f"a joker cannot be taken from a run (meld {index}); only swapped "
                          "at an end")
    if JOKER not in meld.cards:
        raise IllegalMove(f"meld {index} has no joker")
    value = VALUE[next(c for c in meld.cards if c != JOKER)]
    for c in cards:
        if c == JOKER or VALUE[c] != value:
            raise IllegalMove(f"freeing the joker of meld {index} takes two natural "
                              f"{RANK_PLURALS[value - 1]}, not {c}")
    _check_held(cards, state.hands[seat])
    naturals = [c for c in meld.cards if c != JOKER]
    melds = list(state.melds)
    melds[index] = TableMeld(meld.owner, _set_order(naturals + cards))
    hands = list(state.hands)
    hands[seat] = _sorted(_remove(hands[seat], cards) + (JOKER,))
    new = replace(state, hands=tuple(hands), melds=tuple(melds))
    return _after_layoff(new, [JokerFreed(seat, index, tuple(_set_order(cards)))])


def _play_discard(state: State, args: list[str]) -> tuple[State, list[Event]]:
    seat = state.seat
    if len(args) != 1:
        raise IllegalMove("discard needs exactly one card, e.g. 'discard 9C'")
    c = _card(args[0])
    _check_held([c], state.hands[seat])
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], [c])
    new = replace(state, hands=tuple(hands), discard=state.discard + (c,), fresh=(),
                  first_turn=False)
    events: list[Event] = [Discarded(seat, c)]
    if not hands[seat]:
        return _end_deal(new, seat, events)
    n = state.players
    order = [(seat + i) % n for i in range(1, n)]
    buyers = [s for s in order if not new.melded[s] and new.chips[s] > 0]
    if buyers:
        events.append(TurnChanged(buyers[0], "buy"))
        return replace(new, seat=buyers[0], phase="buy", offer=tuple(buyers[1:]),
                       discarder=seat), events
    events.append(TurnChanged(order[0], "draw"))
    return replace(new, seat=order[0], phase="draw"), events


_HANDLERS = {"cut": _play_cut, "exchange": _play_exchange, "draw": _play_draw,
             "take": _play_take, "buy": _play_buy, "pass": _play_pass, "meld": _play_meld,
             "add": _play_add, "swap": _play_swap, "free": _play_free, "discard": _play_discard}
_VERB_PHASES = {"cut": ("cut",), "exchange": ("exchange",), "draw": ("draw", "play"),
                "take": ("draw",), "buy": ("buy",), "pass": ("buy",),
                "meld": ("play",), "add": ("play",), "swap": ("play",), "free": ("play",),
                "discard": ("play",)}


def _phase_hint(state: State) -> str:
    return {
        "cut": f"seat {state.seat} must cut the pack ('cut 4' to 'cut 104')",
        "exchange": "deal 6: choose cards to give back ('exchange 7H 9C' or 'exchange')",
        "draw": "draw first ('draw'" + (", or 'take' the upcard)" if _may_take(state) else ")"),
        "buy": f"seat {state.seat} is offered the discard: 'buy' or 'pass'",
        "play": "meld, lay off or discard",
    }.get(state.phase, "the game is over")


def _check_touch(state: State, index: int) -> None:
    seat = state.seat
    if not state.melded[seat]:
        raise IllegalMove("you must put down your contract before laying off on the table")
    if _melding_turn(state, seat) and state.melds[index].owner == seat:
        raise IllegalMove(f"meld {index} was put down this turn with your contract: in the "
                          "melding turn you may lay off only on other players' melds")


def _meld_index(state: State, text: str) -> int:
    index = _number(text)
    if index is None:
        raise IllegalMove(f"a meld number is written in digits 0-9: 0, 1, 2 ..., not "
                          f"{_short(text)!r}")
    if index >= len(state.melds):
        raise IllegalMove(f"there is no meld {_short(text)} on the table "
                          f"({len(state.melds)} melds)")
    return index


_MAX_DIGITS = 6
"""Longer numbers are never a meld or a cut (and are not converted at all)."""


def _number(text: str) -> int | None:
    """The whole number written in ASCII digits ``text``; a huge number as 10**6; None if
    ``text`` is anything else (a sign, a space, a digit of another script)."""
    if not text or not text.isascii() or not text.isdigit():
        return None
    if len(text.lstrip("0")) > _MAX_DIGITS:
        return 10 ** _MAX_DIGITS
    return int(text)


def _short(text: str) -> str:
    """``text`` cut down for a message."""
    return text if len(text) <= 12 else text[:8] + "..."


def _after_layoff(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """After a meld or lay-off: an empty hand goes out and ends the deal."""
    if not state.hands[state.seat]:
        return _end_deal(state, state.seat, events)
    return state, events


# ---------------------------------------------------------------------------------------------
# Automatic steps


def _shuffle_for_deal(state: State, deal: int, dealer: int, events: list[Event]) -> State:
    pack = list(DECK)
    random.Random(f"telefunken/{state.seed}/{state.shuffles}").shuffle(pack)
    n = state.players
    new = replace(state, deal=deal, dealer=dealer, seat=(dealer - 1) % n, phase="cut",
                  hands=((),) * n, stock=tuple(pack), discard=(), melds=(), fresh=(),
                  melded=(False,) * n, first_turn=False, offer=None, discarder=None,
                  given=None, shuffles=state.shuffles + 1, rebuilds=0)
    events.append(Shuffled(deal, dealer, new.seat))
    events.append(TurnChanged(new.seat, "cut"))
    return new


def _deal(state: State, lifted: int) -> tuple[State, list[Event]]:
    n = state.players
    pack = list(state.stock)
    block, lower = pack[:lifted], pack[lifted:]
    bottom = block[-3:]
    kept = [c for c in bottom if c == JOKER]
    block = block[:-3] + [c for c in bottom if c != JOKER]
    cutter = state.cutter
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[cutter] += kept
    need = DEAL_SIZE * n - len(kept)
    exact = len(lower) == need
    source = lower + block          # lower part first, then the lifted block
    pos = 0
    order = []
    seats = [(state.dealer + 1 + i) % n for i in range(n)]
    while any(len(hands[s]) < DEAL_SIZE for s in seats):
        for s in seats:
            if len(hands[s]) < DEAL_SIZE:
                hands[s].append(source[pos])
                order.append(s)
                pos += 1
    events: list[Event] = [Cut(cutter, lifted, tuple(kept)),
                           Dealt(state.deal, state.dealer, tuple(order),
                                 tuple(len(h) for h in hands))]
    if exact:
        hands[cutter].append(source[pos])
        pos += 1
        events.append(BonusCard(cutter))
    upcard = source[pos]
    pos += 1
    events.append(UpcardTurned(upcard))
    first = seats[0]
    new = replace(state, hands=tuple(tuple(sorted(h, key=card_key)) for h in hands),
                  stock=tuple(source[pos:]), discard=(upcard,), seat=first)
    if state.deal == 6:
        events.append(TurnChanged(first, "exchange"))
        return replace(new, phase="exchange", given=(None,) * n), events
    events.append(TurnChanged(first, "draw"))
    return replace(new, phase="draw", first_turn=True), events


def _draw_cards(state: State, seat: int, count: int,
                events: list[Event]) -> tuple[State, str | None]:
    """``seat`` draws from the stock, rebuilding it from the discards when empty.

    Returns the new state and the last card drawn, or (ended state, None) when the deal ends
    with nobody out: the stock is empty and so is the discard pile, or the stock has already
    been rebuilt ``MAX_REBUILDS`` times in this deal.
    """
    got = None
    for _ in range(count):
        if not state.stock:
            if not state.discard or state.rebuilds >= MAX_REBUILDS:
                return _end_deal(state, None, events)[0], None
            pile = list(state.discard)
            random.Random(f"telefunken/{state.seed}/{state.shuffles}").shuffle(pile)
            state = replace(state, stock=tuple(pile), discard=(), shuffles=state.shuffles + 1,
                            rebuilds=state.rebuilds + 1)
            events.append(StockRebuilt(len(pile)))
        got = state.stock[0]
        hands = list(state.hands)
        hands[seat] = _sorted(hands[seat] + (got,))
        state = replace(state, hands=tuple(hands), stock=state.stock[1:])
        events.append(CardDrawn(seat, got))
    return state, got


def _end_deal(state: State, winner: int | None,
              events: list[Event]) -> tuple[State, list[Event]]:
    if winner is not None:
        events.append(WentOut(winner))
    points = tuple(0 if s == winner else hand_penalty(h) for s, h in enumerate(state.hands))
    totals = tuple(t + p for t, p in zip(state.totals, points))
    events.append(Penalties(state.deal, points, totals))
    new = replace(state, totals=totals, deal_winners=state.deal_winners + (winner,),
                  fresh=(), offer=None, discarder=None, first_turn=False,
                  seat=winner if winner is not None else state.seat)
    events.append(DealEnded(state.deal, winner, new))
    if state.deal >= DEALS:
        new = replace(new, phase="over", seat=0)
        events.append(GameOver(result(new)))
        return new, events
    nxt = _shuffle_for_deal(new, state.deal + 1, (state.dealer + 1) % state.players, events)
    return nxt, events


# ---------------------------------------------------------------------------------------------
# Loading


def _load(data: Any) -> State:
    _check(isinstance(data, Mapping),
           f"a Telefunken position must be a JSON object, not {type(data).__name__}")
    game = data.get("game", "telefunken")
    _check(game == "telefunken", f"this is a {game!r} position, not a Telefunken one")
    missing = [k for k in REQUIRED_FIELDS if k not in data]
    _check(not missing, f"a Telefunken position needs the field(s) {', '.join(missing)} "
           f"(required: {', '.join(REQUIRED_FIELDS)})")
    raw_hands = data.get("hands")
    _check(isinstance(raw_hands, list | tuple),
           "hands must be a list with one list of cards per player")
    players = data.get("players", len(raw_hands))
    _check(_is_int(players) and 2 <= players <= 6, f"players must be 2 to 6, not {players!r}")
    _check(len(raw_hands) == players,
           f"hands lists {len(raw_hands)} hands but there are {players} players")
    seed = data.get("seed", 0)
    _check(_is_int(seed), f"seed must be a whole number, not {seed!r}")
    shuffles = data.get("shuffles", 0)
    _check(_is_int(shuffles) and shuffles >= 0, f"shuffles must be a whole number >= 0, "
           f"not {shuffles!r}")
    rebuilds = data.get("rebuilds", 0)
    _check(_is_int(rebuilds) and 0 <= rebuilds <= MAX_REBUILDS,
           f"rebuilds must be a whole number 0..{MAX_REBUILDS}, not {rebuilds!r}")
    deal = data["deal"]
    _check(_is_int(deal) and 1 <= deal <= DEALS, f"deal must be 1 to 7, not {deal!r}")
    dealer = data["dealer"]
    _check(_is_int(dealer) and 0 <= dealer < players,
           f"dealer must be a seat 0..{players - 1}, not {dealer!r}")

    hands = tuple(_sorted(_card_list(h, f"the hand of seat {s}")) for s, h in enumerate(raw_hands))
    stock = tuple(_card_list(data["stock"], "the stock"))
    discard = tuple(_card_list(data["discard"], "the discard pile"))
    raw_melds = data.get("melds", [])
    _check(isinstance(raw_melds, list | tuple), "melds must be a list")
    melds = []
    for i, m in enumerate(raw_melds):
        _check(isinstance(m, Mapping), f"meld {i} must be an object with owner and cards")
        owner = m.get("owner")
        _check(_is_int(owner) and 0 <= owner < players,
               f"meld {i} has owner {owner!r}, not a seat 0..{players - 1}")
        cards = _card_list(m.get("cards"), f"meld {i}")
        try:
            canon = check_group(cards)
        except IllegalMove as exc:
            raise ValueError(f"meld {i} is not a set or run: {exc}") from None
        if group_kind(canon) == "run" and tuple(cards) != canon:
            raise ValueError(f"meld {i}: a run is listed low to high with JK in place")
        melds.append(TableMeld(owner, canon))

    found = Counter(stock) + Counter(discard)
    for h in hands:
        found.update(h)
    for m in melds:
        found.update(m.cards)
    extra = sorted((c for c in found if found[c] > DECK_COUNT[c]), key=card_key)
    if extra:
        c = extra[0]
        raise ValueError(f"{c} appears {found[c]} times but the deck has {DECK_COUNT[c]} "
                         "(every card must be in exactly one place)")
    missing = sorted((DECK_COUNT - found).elements(), key=card_key)
    if missing:
        raise ValueError(f"{len(missing)} card(s) missing: {' '.join(missing[:8])}"
                         f"{' ...' if len(missing) > 8 else ''} (all 108 cards must be in the "
                         "hands, the stock, the discard pile or the melds)")

    owners = {m.owner for m in melds}
    melded = data.get("melded")
    if melded is None:
        melded = [s in owners for s in range(players)]
    _check(isinstance(melded, list | tuple) and len(melded) == players
           and all(isinstance(x, bool) for x in melded),
           f"melded must list {players} true/false values")
    for s in range(players):
        _check(melded[s] == (s in owners), f"melded[{s}] is {melded[s]} but seat {s} "
               f"{'has' if s in owners else 'has no'} melds on the table")
    chips = _int_list(data.get("chips", [START_CHIPS] * players), players, "chips",
                      0, START_CHIPS)
    totals = _int_list(data.get("totals", [0] * players), players, "totals", 0, None)
    raw_winners = data.get("deal_winners", [])
    _check(isinstance(raw_winners, list | tuple), "deal_winners must be a list")
    for w in raw_winners:
        _check(w is None or (_is_int(w) and 0 <= w < players),
               f"deal_winners holds {w!r}, not a seat or null")
    deal_winners = tuple(raw_winners)
    fresh = data.get("fresh", [])
    _check(isinstance(fresh, list | tuple) and all(_is_int(i) and 0 <= i < len(melds)
                                                   for i in fresh),
           "fresh must list meld numbers")
    fresh = tuple(sorted(set(fresh)))
    first_turn = data.get("first_turn", False)
    _check(isinstance(first_turn, bool), "first_turn must be true or false")
    phase = data["phase"]
    _check(phase in PHASES, f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    raw_to_move = data["to_move"]
    base = dict(players=players, deal=deal, dealer=dealer, hands=hands, stock=stock,
                discard=discard, melds=tuple(melds), melded=tuple(melded), chips=chips,
                totals=totals, deal_winners=deal_winners, seed=seed, shuffles=shuffles,
                rebuilds=rebuilds)

    if phase == "over":
        _check(raw_to_move is None, "a finished game has to_move null")
        _check(deal == DEALS and len(deal_winners) == DEALS,
               "a finished game has played all 7 deals (deal 7 and 7 deal_winners)")
        return State(seat=0, phase="over", **base)
    _check(len(deal_winners) == deal - 1,
           f"deal_winners must list the {deal - 1} finished deals, not {len(deal_winners)}")
    _check(_is_int(raw_to_move) and 0 <= raw_to_move < players,
           f"to_move must be a seat 0..{players - 1} in a running game, not {raw_to_move!r}")
    seat = raw_to_move
    if phase == "cut":
        _check(not any(hands) and not discard and not melds,
               "in phase 'cut' the whole pack is in the stock")
        _check(seat == (dealer - 1) % players,
               f"the cutter is the seat before the dealer, {(dealer - 1) % players}")
        return State(seat=seat, phase="cut", **base)
    _check(all(hands), "every player holds cards while a deal runs (an empty hand went out)")
    _check(bool(discard) or phase != "buy", "phase 'buy' needs a discard to buy")
    if deal == 7 and melds:
        _check(phase == "play" and all(m.owner == seat for m in melds)
               and fresh == tuple(range(len(melds))) and len(hands[seat]) == 1,
               "in deal 7 the first meld goes out: melds lie on the table only while their "
               "owner, holding one card, has still to discard it")
    if phase == "exchange":
        _check(deal == 6, "the exchange happens only in deal 6")
        _check(not melds, "no melds during the exchange")
        raw_given = data.get("given")
        _check(isinstance(raw_given, list | tuple) and len(raw_given) == players,
               f"given must list {players} entries (cards or null)")
        given = []
        for s, g in enumerate(raw_given):
            if g is None:
                given.append(None)
                continue
            cards = _card_list(g, f"given[{s}]")
            _check(not Counter(cards) - Counter(hands[s]),
                   f"the cards given by seat {s} must be in its hand")
            given.append(tuple(sorted(cards, key=card_key)))
        order = [(dealer + 1 + i) % players for i in range(players)]
        pending = [s for s in order if given[s] is None]
        _check(bool(pending) and pending[0] == seat and all(
            given[s] is None for s in order[order.index(seat):]),
            "in the exchange to_move is the first seat (from the dealer's next) that has "
            "not chosen")
        return State(seat=seat, phase="exchange", given=tuple(given), **base)
    if phase == "buy":
        discarder = data.get("discarder")
        _check(_is_int(discarder) and 0 <= discarder < players and discarder != seat,
               f"phase 'buy' needs discarder, a seat other than to_move, not {discarder!r}")
        offer = data.get("offer") or []
        _check(isinstance(offer, list | tuple) and all(_is_int(s) and 0 <= s < players
                                                       for s in offer),
               "offer must list seats")
        for s in (seat, *offer):
            _check(not melded[s] and chips[s] > 0 and s != discarder,
                   f"seat {s} cannot buy: it has melded, has no chips or discarded the card")
        _check(len(set(offer)) == len(offer) and seat not in offer,
               "offer lists each seat once")
        return State(seat=seat, phase="buy", offer=tuple(offer), discarder=discarder,
                     **base)
    if phase == "draw":
        if first_turn:
            _check(seat == (dealer + 1) % players,
                   "first_turn is true only for the seat after the dealer")
        return State(seat=seat, phase="draw", first_turn=first_turn, **base)
    # play
    for i in fresh:
        _check(melds[i].owner == seat, f"fresh meld {i} must belong to the seat to move")
    return State(seat=seat, phase="play", fresh=fresh, **base)


# ---------------------------------------------------------------------------------------------
# Helpers


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(ok: bool, message: str) -> None:
    """Raise ValueError(message) unless ``ok`` (load's validation step)."""
    if not ok:
        raise ValueError(message)


def _card_list(value: Any, what: str) -> list[str]:
    _check(isinstance(value, list | tuple), f"{what} must be a list of cards")
    for c in value:
        if not isinstance(c, str) or c not in DECK_COUNT:
            raise ValueError(f"unknown card {c!r} in {what}")
    return list(value)


def _int_list(value: Any, n: int, what: str, lo: int, hi: int | None) -> tuple[int, ...]:
    _check(isinstance(value, list | tuple) and len(value) == n,
           f"{what} must list {n} whole numbers")
    for x in value:
        _check(_is_int(x) and x >= lo and (hi is None or x <= hi),
               f"{what} must be whole numbers {lo}..{hi if hi is not None else ''}, not {x!r}")
    return tuple(value)


def _card(token: str) -> str:
    text = token.strip().upper()
    if text not in DECK_COUNT:
        raise IllegalMove(f"unknown card {_short(token)!r}: write rank then suit (10H, QS) or "
                          "JK")
    return text


def _check_held(cards: Sequence[str], hand: Sequence[str]) -> None:
    for c, wanted in Counter(cards).items():
        have = hand.count(c)
        if wanted > have:
            raise IllegalMove(f"{c} is not in your hand" if not have
                              else f"you hold only {have} {c}, not {wanted}")


def _sorted(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_key))


def _remove(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _distinct(cards: Iterable[str]) -> list[str]:
    return sorted(set(cards), key=card_key)


def _sub_multisets(hand: Sequence[str]) -> list[tuple[str, ...]]:
    counts = Counter(hand)
    distinct = _distinct(hand)
    out = []
    for choice in itertools.product(*(range(counts[c] + 1) for c in distinct)):
        out.append(tuple(c for c, k in zip(distinct, choice) for _ in range(k)))
    out.sort(key=lambda sub: (len(sub), [card_key(c) for c in sub]))
    return out


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {seat + 1}"
