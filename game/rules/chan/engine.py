"""Chắn rules engine: state, events and the contract functions (see the package docstring)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from game.rules import IllegalMove
from game.rules.chan.cards import (
    CHICHI,
    COPIES,
    FACE_INDEX,
    FACES,
    PACK_SIZE,
    SUITS,
    card_name,
    forms_ca,
    normalise,
    rank_of,
    sort_faces,
)
from game.rules.chan.hands import (
    MIN_CHAN,
    Win,
    best_win,
    holds_ca,
    settlement,
    waiting,
)

PLAYERS = 4
DEALER_CARDS = 20
HAND_CARDS = 19
STOCK_CARDS = PACK_SIZE - DEALER_CARDS - (PLAYERS - 1) * HAND_CARDS  # 23
PHASES = ("open", "respond", "revealed", "discard", "claim", "over")
SOURCES = ("discard", "stock")
SEAT_NAMES = ("You", "AI 1", "AI 2", "AI 3")
VERBS = ("u", "chiu", "chan", "ca", "discard", "draw", "pass", "decline")
BAN_KINDS = ("no_discard", "no_take", "no_ca")


# ---------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True)
class Bans:
    """A seat's bans: faces it may not discard nor use in a Cạ (restriction 3), faces it may
    not take (restriction 4) and ranks it may not capture as Cạ (restriction 6)."""

    no_discard: frozenset[str] = frozenset()
    no_take: frozenset[str] = frozenset()
    no_ca: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Live:
    """The live card: the top card of gate ``gate``, a discard or a revealed stock card."""

    gate: int
    card: str
    source: str  # "discard" or "stock" (JSON key "from")


@dataclass(frozen=True)
class Resume:
    """The ordinary decision pending behind claims or an out-of-turn chíu's discard:
    ``seat`` responds to the previous gate (``respond``) or decides on its own (``revealed``)."""

    seat: int
    phase: str

    @property
    def gate(self) -> int:
        """The gate whose live card this decision is about."""
        return (self.seat - 1) % PLAYERS if self.phase == "respond" else self.seat


@dataclass(frozen=True)
class Outcome:
    """How the deal ended: ``winner`` None for a stock run out (a draw)."""

    winner: int | None
    how: str | None = None
    card: str | None = None
    score: int = 0
    features: tuple[str, ...] = ()
    arithmetic: str = ""
    pairs: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class State:
    """A Chắn position. Treat it as immutable: ``play`` returns a new one.

    ``hands`` are the concealed cards (canonical order), ``exposed`` the exposed groups
    (taken card first), ``gates`` each seat's gate (top last), ``stock`` the stock (next
    card first). ``seat`` is the seat to decide; ``resume`` the ordinary decision waiting
    behind claims or an out-of-turn chíu; ``discarded`` each seat's discarded faces.
    """

    dealer: int
    seat: int
    phase: str
    hands: tuple[tuple[str, ...], ...]
    exposed: tuple[tuple[tuple[str, ...], ...], ...]
    gates: tuple[tuple[str, ...], ...]
    live: Live | None
    stock: tuple[str, ...]
    initial: tuple[tuple[str, ...], ...]
    bans: tuple[Bans, ...]
    dead: tuple[bool, ...] = (False,) * PLAYERS
    claims: tuple[int, ...] = ()
    discarded: tuple[frozenset[str], ...] = (frozenset(),) * PLAYERS
    resume: Resume | None = None
    seed: int = 0
    outcome: Outcome | None = None

    def holding(self, seat: int) -> int:
        """Cards ``seat`` holds, concealed plus exposed."""
        return len(self.hands[seat]) + sum(len(g) for g in self.exposed[seat])


# ---------------------------------------------------------------------------------------------
# Events (what happened, in order, for the scenes to animate)


@dataclass(frozen=True)
class Dealt:
    """The deal: ``dealer`` got 20 cards, the others 19, ``stock`` cards remain."""

    dealer: int
    hand_sizes: tuple[int, ...]
    stock: int


@dataclass(frozen=True)
class DeadHand:
    """The dealer has neither a legal opening discard nor a heavenly win."""

    seat: int


@dataclass(frozen=True)
class Revealed:
    """``seat`` turned the top stock card face up into its own gate."""

    seat: int
    card: str


@dataclass(frozen=True)
class CardPassed:
    """``seat`` left the live ``card`` in gate ``gate`` (``draw`` or ``pass``)."""

    seat: int
    card: str
    gate: int


@dataclass(frozen=True)
class Captured:
    """``seat`` took ``card`` from gate ``gate`` with ``partner`` from its hand
    (``kind`` "chan" or "ca"); the pair is exposed."""

    seat: int
    card: str
    partner: str
    gate: int
    kind: str


@dataclass(frozen=True)
class ChiuClaimed:
    """``seat`` took ``card`` from the gate of seat ``gate`` (from whom) with three of its
    own and exposed all four; ``out_of_turn`` when it interrupted another seat's decision."""

    seat: int
    card: str
    gate: int
    out_of_turn: bool


@dataclass(frozen=True)
class Discarded:
    """``seat`` discarded ``card`` into gate ``gate`` (another seat's gate after a chíu)."""

    seat: int
    card: str
    gate: int


@dataclass(frozen=True)
class Declined:
    """``seat`` declined its claim (win or chíu) on the live ``card``."""

    seat: int
    card: str


@dataclass(frozen=True)
class BanAdded:
    """A new ban for ``seat``: ``kind`` is no_discard/no_take (a face) or no_ca (a rank)."""

    seat: int
    kind: str
    value: str | int


@dataclass(frozen=True)
class Won:
    """``seat`` declared Ù: ``how`` is stock/own/chiu/heaven; the score and its features."""

    seat: int
    card: str | None
    how: str
    score: int
    features: tuple[str, ...]
    arithmetic: str
    pairs: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class StockExhausted:
    """``seat`` chose ``draw`` with an empty stock: the deal is a draw."""

    seat: int


@dataclass(frozen=True)
class Settled:
    """Each seat's gain (the winner) or payment (negative)."""

    settlement: tuple[int, ...]
    result: dict = field(compare=False, hash=False, default_factory=dict)


@dataclass(frozen=True)
class TurnChanged:
    """``seat`` now has a decision in ``phase`` (a claim offer when phase is "claim")."""

    seat: int
    phase: str


Event = (Dealt | DeadHand | Revealed | CardPassed | Captured | ChiuClaimed | Discarded
         | Declined | BanAdded | Won | StockExhausted | Settled | TurnChanged)

REVEALING_EVENTS = (Revealed, ChiuClaimed)
# cards out of the ``seat``'s concealed hand, and a seat's leaving the live card (it tells
# what that hand does not want): a computer's stop Undo (after your chíu, your discard left by
# the seat it went to could be taken back, and another one tried)
SHOWN_EVENTS = (Captured, Discarded, CardPassed)
"""Events that bring hidden cards to light (a stock card, three concealed cards)."""


# ---------------------------------------------------------------------------------------------
# Contract API


def new_game(players: int | None = None, seed: int = 0, **options: Any) -> State:
    """Shuffle the pack from ``seed`` and deal: 20 cards to the dealer, 19 to the others.

    Option ``dealer`` (0..3) picks the dealer; omitted or None, it is drawn from the seed.
    Raises ValueError for a player count other than 4 or an unknown/bad option.
    """
    if players is not None and players != PLAYERS:
        raise ValueError(f"Chắn is for {PLAYERS} players, not {players}")
    unknown = set(options) - {"dealer"}
    if unknown:
        raise ValueError(f"unknown Chắn option(s): {', '.join(sorted(unknown))}")
    if not _is_int(seed):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    dealer = options.get("dealer")
    if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < PLAYERS):
        raise ValueError(f"option dealer must be 0..{PLAYERS - 1}, not {dealer!r}")
    rng = random.Random(seed)
    pack = [f for f in FACES for _ in range(COPIES)]
    rng.shuffle(pack)
    if dealer is None:
        dealer = rng.randrange(PLAYERS)
    hands: list[tuple[str, ...]] = [()] * PLAYERS
    at = 0
    for i in range(PLAYERS):
        seat = (dealer + i) % PLAYERS
        size = DEALER_CARDS if i == 0 else HAND_CARDS
        hands[seat] = sort_faces(pack[at:at + size])
        at += size
    state = State(
        dealer=dealer, seat=dealer, phase="open", hands=tuple(hands),
        exposed=((),) * PLAYERS, gates=((),) * PLAYERS, live=None, stock=tuple(pack[at:]),
        initial=tuple(hands), bans=(Bans(),) * PLAYERS, seed=seed,
    )
    return _mark_dead_dealer(state)


def deal_events(state: State) -> list[Event]:
    """The events of the deal that produced ``state`` (for the table's deal animation)."""
    events: list[Event] = [Dealt(state.dealer, tuple(len(h) for h in state.initial),
                                 len(state.stock))]
    if state.dead[state.dealer]:
        events.append(DeadHand(state.dealer))
    if state.phase != "over":
        events.append(TurnChanged(state.seat, state.phase))
    return events


def to_move(state: State) -> int | None:
    """The seat whose decision it is, or None once the deal is over."""
    return None if state.phase == "over" else state.seat


def result(state: State) -> dict | None:
    """None while running; else winner, score, features and settlement (see the spec).

    Extra keys: ``how`` (stock, own, chiu, heaven or None), ``card`` (the winning card),
    ``arithmetic`` (the score in words) and ``pairs`` (the winning arrangement).
    """
    if state.phase != "over" or state.outcome is None:
        return None
    out = state.outcome
    if out.winner is None:
        return {"winner": None, "score": 0, "features": [], "settlement": [0] * PLAYERS,
                "how": None, "card": None, "arithmetic": "", "pairs": []}
    return {
        "winner": out.winner,
        "score": out.score,
        "features": list(out.features) or ["Ù xuông"],
        "settlement": settlement(out.winner, out.score, PLAYERS),
        "how": out.how,
        "card": out.card,
        "arithmetic": out.arithmetic,
        "pairs": [list(p) for p in out.pairs],
    }


def legal_moves(state: State) -> list[str]:
    """Every legal move of the seat to act, canonical and ordered.

    Order: ``u``, ``chiu``, ``chan``, ``ca`` (by partner), then ``draw``/``pass``/``decline``,
    then discards in card order. Empty once the deal is over.
    """
    return list(_moves_of(state))


def _moves_of(state: State) -> tuple[str, ...]:
    """``legal_moves`` of ``state``, worked out once per state object (``play`` asks again)."""
    moves = state.__dict__.get(_MOVES_KEY)
    if moves is None:
        moves = tuple(_legal_moves(state))
        object.__setattr__(state, _MOVES_KEY, moves)
    return moves


def _legal_moves(state: State) -> list[str]:
    phase, seat = state.phase, state.seat
    if phase == "over":
        return []
    dead = state.dead[seat]
    if phase == "open":
        if dead:
            return ["draw"]
        moves = ["u"] if _heaven_win(state) else []
        return moves + [f"discard {f}" for f in _discards(state, seat)]
    if phase == "discard":
        moves = ["u"] if _chiu_win_now(state) else []
        return moves + [f"discard {f}" for f in _discards(state, seat, _ca_rank_just_taken(state))]
    live = state.live
    assert live is not None
    if phase == "claim":
        return _claim_moves(state, seat) + ["decline"]
    closing = "draw" if phase == "respond" else "pass"
    if dead:
        return [closing]
    moves = []
    if live.source == "stock" and _stock_win(state, seat) is not None:
        moves.append("u")
    if _chiu_ok(state, seat, live.card):
        moves.append(f"chiu {live.card}")
    moves += _capture_moves(state, seat, live.card)
    moves.append(closing)
    return moves


def play(state: State, move: str) -> State:
    """Return the position after ``move``; ``state`` is left unchanged.

    Raises IllegalMove (a ValueError) saying why when the move is malformed or illegal.
    """
    return play_events(state, move)[0]


def play_events(state: State, move: str) -> tuple[State, list[Event]]:
    """Like ``play``, also returning the events in the order they happen.

    Raises IllegalMove (a ValueError) saying why when the move is malformed or illegal.
    """
    verb, cards = _parse(state, move)
    seat = state.seat
    events: list[Event] = []
    if verb == "u":
        new = _win(state, events)
    elif verb == "discard":
        new = _discard(state, cards[0], events)
    elif verb == "draw":
        new = _draw(state, events)
    elif verb == "pass":
        new = _pass(state, events)
    elif verb == "decline":
        events.append(Declined(seat, state.live.card))
        new = _next_claim(state, list(state.claims))
    elif verb == "chiu":
        new = _chiu(state, events)
    else:
        new = _capture(state, verb, cards[1] if verb == "ca" else cards[0], events)
    if new.phase != "over":
        events.append(TurnChanged(new.seat, new.phase))
    return new, events


def describe(state: State, move: str, names: Iterable[str] | None = None) -> str:
    """The move in words for a move log: "AI 1 took Ngũ Vạn with Ngũ Sách as a Cạ".

    ``names`` gives the seats' names (default "You", "AI 1", "AI 2", "AI 3"). Raises
    IllegalMove when the move is not legal in ``state``.
    """
    seat_names = list(names) if names is not None else list(SEAT_NAMES)
    if len(seat_names) < PLAYERS:
        seat_names += [f"Seat {i + 1}" for i in range(len(seat_names), PLAYERS)]
    verb, cards = _parse(state, move)
    new, events = play_events(state, move)
    who = seat_names[state.seat]

    def show(face: str) -> str:
        return card_name(face)

    def gate(g: int) -> str:
        if g == state.seat:
            return "their own gate"
        return "your gate" if seat_names[g] == "You" else f"{seat_names[g]}'s gate"

    live = state.live
    if verb == "u":
        won = next(e for e in events if isinstance(e, Won))
        if won.how == "heaven":
            how = "with the dealt hand"
        elif won.how == "chiu":
            how = f"right after the chíu of {show(won.card)}"
        elif won.how == "own":
            how = f"on {show(won.card)} from their own gate"
        else:
            how = f"on {show(won.card)} revealed by {seat_names[live.gate]}"
        return (f"{who} declared Ù {how}: {', '.join(won.features) or 'Ù xuông'} "
                f"— {won.arithmetic}")
    if verb == "discard":
        disc = next(e for e in events if isinstance(e, Discarded))
        where = "" if disc.gate == state.seat else f" into {gate(disc.gate)}"
        return f"{who} discarded {show(cards[0])}{where}"
    if verb in ("draw", "pass"):
        shown = next((e for e in events if isinstance(e, Revealed)), None)
        if verb == "pass":
            return f"{who} passed {show(live.card)}"
        if shown is None:
            return f"{who} passed and found the stock empty: the deal is a draw"
        if live is None:
            return f"{who} (a dead hand) revealed {show(shown.card)}"
        return f"{who} passed {show(live.card)} and revealed {show(shown.card)}"
    if verb == "decline":
        return f"{who} declined the claim on {show(live.card)}"
    if verb == "chiu":
        return f"{who} chíu'd {show(live.card)} from {gate(live.gate)}"
    kind = "a Chắn" if verb == "chan" else "a Cạ"
    partner = cards[0] if verb == "chan" else cards[1]
    return f"{who} took {show(live.card)} from {gate(live.gate)} with {card_name(partner)} as {kind}"


def dump(state: State) -> dict:
    """The position as JSON-safe data: the spec's format plus ``discarded``, ``resume``
    (when set), ``win`` and ``result`` (when over)."""
    data: dict[str, Any] = {
        "game": "chan",
        "dealer": state.dealer,
        "to_move": to_move(state),
        "phase": state.phase,
        "hands": [list(h) for h in state.hands],
        "exposed": [[list(g) for g in groups] for groups in state.exposed],
        "gates": [list(g) for g in state.gates],
        "live": (None if state.live is None else
                 {"gate": state.live.gate, "card": state.live.card, "from": state.live.source}),
        "stock": list(state.stock),
        "initial": [list(h) for h in state.initial],
        "bans": [_dump_bans(b) for b in state.bans],
        "dead": list(state.dead),
        "claims": list(state.claims),
        "discarded": [list(sort_faces(d)) for d in state.discarded],
        "seed": state.seed,
    }
    if state.resume is not None:
        data["resume"] = {"seat": state.resume.seat, "phase": state.resume.phase}
    if state.phase == "over":
        out = state.outcome
        if out is not None and out.winner is not None and out.how is not None:
            data["win"] = {"seat": out.winner, "how": out.how, "card": out.card}
        data["result"] = result(state)
    return data


def view(state: State, seat: int) -> dict:
    """What ``seat`` may know: ``dump`` with other seats' concealed cards as counts.

    ``hands[s]`` becomes a count for every other seat (``hand_counts`` has all counts),
    ``stock`` becomes its count (also ``stock_count``), other seats' ``initial`` hands and
    ``no_discard`` bans (they tell what a seat holds) become None, and ``claims`` (who else
    may claim) become None, and ``seed`` (it fixes the deal) is left out. ``seat`` is the
    viewer.
    Raises ValueError for a bad seat.
    """
    if not _is_int(seat) or not 0 <= seat < PLAYERS:
        raise ValueError(f"seat must be 0..{PLAYERS - 1}, not {seat!r}")
    data = dump(state)
    data["hand_counts"] = [len(h) for h in state.hands]
    data["hands"] = [list(h) if s == seat else len(h) for s, h in enumerate(state.hands)]
    data["initial"] = [list(h) if s == seat else None for s, h in enumerate(state.initial)]
    for s, bans in enumerate(data["bans"]):
        if s != seat:
            bans["no_discard"] = None
    data["stock"] = len(state.stock)
    data["stock_count"] = len(state.stock)
    data["claims"] = None
    del data["seed"]
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
        raise ValueError(f"malformed Chắn position: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Rules: what a seat may do


_RANK = {f: rank_of(f) for f in FACES}
"""Face -> rank (0 for Chi Chi, a group of its own)."""


class _Facts(NamedTuple):
    """What the rules ask about a concealed hand, worked out once per distinct hand."""

    count: Counter  # face -> copies (read only: shared between calls)
    odd_faces: tuple[str, ...]  # the faces held an odd number of times, in FACES order
    odd: tuple[int, ...]  # the groups holding an odd number of cards, ascending
    chan: int  # the Chắn its identical pairs make


@lru_cache(maxsize=2048)
def _facts(hand: tuple[str, ...]) -> _Facts:
    """The hand's counts, odd faces and groups and Chắn (memoised: hands recur in a deal)."""
    count = Counter(hand)
    odd_faces = tuple(f for f in FACES if count.get(f, 0) % 2)
    odd_in: dict[int, int] = {}
    for f in odd_faces:
        odd_in[_RANK[f]] = odd_in.get(_RANK[f], 0) + 1
    odd = tuple(sorted(g for g, n in odd_in.items() if n % 2))
    return _Facts(count, odd_faces, odd, sum(n // 2 for n in count.values()))


def _discards(state: State, seat: int, barred_rank: int | None = None) -> list[str]:
    """Faces ``seat`` may discard: an odd count in hand (restriction 2), not barred by
    restriction 3, and not of ``barred_rank`` (restriction 7)."""
    banned = state.bans[seat].no_discard
    return [f for f in _facts(state.hands[seat]).odd_faces if f not in banned
            and (barred_rank is None or _RANK[f] != barred_rank)]


def _has_discard(count: Mapping[str, int], banned: frozenset[str], barred_rank: int | None,
                 less: str | None = None, removed: int = 1) -> bool:
    """A face of ``count`` (less ``removed`` copies of ``less``) may be discarded."""
    for f, n in count.items():
        if f == less:
            n -= removed
        if n % 2 and f not in banned and (barred_rank is None or _RANK[f] != barred_rank):
            return True
    return False


def _capture_moves(state: State, seat: int, card: str) -> list[str]:
    """The ``chan``/``ca`` captures of the live ``card`` open to ``seat`` (restrictions 1-8)."""
    if state.dead[seat]:
        return []
    bans = state.bans[seat]
    if card in bans.no_take:
        return []
    facts = _facts(state.hands[seat])
    hand = facts.count
    moves = []
    if hand.get(card):
        if _has_discard(hand, bans.no_discard, None, card):
            moves.append(f"chan {card}")
        return moves  # restriction 1: holding the face, only Chắn
    rank = _RANK[card]
    if (card == CHICHI or rank in bans.no_ca or card in bans.no_discard
            or holds_ca(hand, rank) or len(facts.odd) == 1):  # waiting on one card
        return moves
    for suit in SUITS:
        partner = f"{rank}{suit}"
        if partner == card or not hand.get(partner, 0) % 2 or partner in bans.no_discard:
            continue
        if _has_discard(hand, bans.no_discard, rank, partner):
            moves.append(f"ca {card} {partner}")
    return moves


def _chiu_ok(state: State, seat: int, card: str) -> bool:
    """``seat`` may chíu ``card``: three in hand, not barred, and a discard or win after."""
    if state.dead[seat] or card in state.bans[seat].no_take:
        return False
    hand = _facts(state.hands[seat]).count
    if hand.get(card) != 3:
        return False
    if _has_discard(hand, state.bans[seat].no_discard, None, card, 3):
        return True
    return _chiu_win(state, seat, card) is not None


def _chiu_win(state: State, seat: int, card: str) -> Win | None:
    """The win ``seat`` would have right after chíu'ing ``card`` (its hand holds three)."""
    hand = [c for c in state.hands[seat] if c != card]
    exposed = state.exposed[seat] + ((card,) * 4,)
    return best_win(hand, exposed, card, how="chiu", initial=state.initial[seat],
                    barred=state.bans[seat].no_discard)


def _chiu_win_now(state: State) -> Win | None:
    """In the discard phase right after a chíu: the claimant's win, if its cards win."""
    seat = state.seat
    groups = state.exposed[seat]
    if not groups or len(groups[-1]) != 4 or state.dead[seat]:
        return None
    return best_win(state.hands[seat], groups, groups[-1][0], how="chiu",
                    initial=state.initial[seat], barred=state.bans[seat].no_discard)


def _stock_win(state: State, seat: int) -> Win | None:
    """``seat``'s win on the live stock card (Ù chì when it lies in its own gate)."""
    live = state.live
    if live is None or live.source != "stock" or state.dead[seat]:
        return None
    if state.holding(seat) != HAND_CARDS:
        return None
    facts = _facts(state.hands[seat])
    card = live.card
    # Quick rejections (best_win would find no win): the card must make every group even
    # and the Chắn must reach six.
    if facts.odd != (_RANK[card],):
        return None
    exposed_chan = sum(2 if len(g) == 4 else g[0] == g[1] for g in state.exposed[seat])
    if facts.chan + facts.count.get(card, 0) % 2 + exposed_chan < MIN_CHAN:
        return None
    how = "own" if live.gate == seat else "stock"
    return best_win(state.hands[seat], state.exposed[seat], live.card, how=how,
                    initial=state.initial[seat], barred=state.bans[seat].no_discard)


def _heaven_win(state: State) -> Win | None:
    seat = state.dealer
    if state.phase != "open" or state.dead[seat] or state.exposed[seat]:
        return None
    return best_win(state.hands[seat], (), None, how="heaven", initial=state.initial[seat])


def _claim_moves(state: State, seat: int) -> list[str]:
    """What ``seat`` may claim on the live card out of turn: ``u`` and/or ``chiu X``.

    Priority first: while a seat still to ask (``claims``) has a win on the card, no chíu of
    it is offered; the chíu holder is asked again after every win has been decided.
    """
    live = state.live
    moves = []
    if live.source == "stock" and _stock_win(state, seat) is not None:
        moves.append("u")
    if not _win_pending(state, state.claims) and _chiu_ok(state, seat, live.card):
        moves.append(f"chiu {live.card}")
    return moves


def _win_pending(state: State, seats: Iterable[int]) -> bool:
    """Some of ``seats`` (other seats still to be asked) has a win on the live stock card."""
    if state.live is None or state.live.source != "stock":
        return False
    return any(_stock_win(state, s) is not None for s in seats)


def _ca_rank_just_taken(state: State) -> int | None:
    """Restriction 7: in the discard phase after a Cạ capture, the rank of that Cạ."""
    groups = state.exposed[state.seat]
    if state.phase == "discard" and groups and len(groups[-1]) == 2 and forms_ca(*groups[-1]):
        return rank_of(groups[-1][0])
    return None


# ---------------------------------------------------------------------------------------------
# Rules: carrying out a move


def _win(state: State, events: list[Event]) -> State:
    seat = state.seat
    if state.phase == "open":
        win, how, card = _heaven_win(state), "heaven", None
    elif state.phase == "discard":
        win, how = _chiu_win_now(state), "chiu"
        card = state.exposed[seat][-1][0]
    else:
        win = _stock_win(state, seat)
        how = "own" if state.live.gate == seat else "stock"
        card = state.live.card
    assert win is not None
    outcome = Outcome(seat, how, card, win.score, win.features, win.arithmetic, win.pairs)
    new = _evolve(state, phase="over", claims=(), resume=None, outcome=outcome)
    events.append(Won(seat, card, how, win.score, win.features, win.arithmetic, win.pairs))
    events.append(Settled(tuple(settlement(seat, win.score, PLAYERS)), result(new)))
    return new


def _discard(state: State, card: str, events: list[Event]) -> State:
    seat = state.seat
    if state.phase == "discard" and state.resume is not None:
        ordinary = state.resume  # out-of-turn chíu: the discard replaces the chíu'd card
    else:
        ordinary = Resume((seat + 1) % PLAYERS, "respond")
    gate = ordinary.gate
    events.append(Discarded(seat, card, gate))
    hand = list(state.hands[seat])
    hand.remove(card)
    bans = state.bans[seat]
    discarded = state.discarded[seat] | {card}
    no_take = bans.no_take | {card}
    if card not in bans.no_take:
        events.append(BanAdded(seat, "no_take", card))
    no_ca = bans.no_ca
    rank = rank_of(card)
    if rank and rank not in no_ca and sum(1 for f in discarded if rank_of(f) == rank) >= 2:
        no_ca = no_ca | {rank}
        events.append(BanAdded(seat, "no_ca", rank))
    new = _evolve(
        state,
        hands=_put(state.hands, seat, tuple(hand)),
        gates=_put(state.gates, gate, state.gates[gate] + (card,)),
        bans=_put(state.bans, seat, Bans(bans.no_discard, no_take, no_ca)),
        discarded=_put(state.discarded, seat, discarded),
        live=Live(gate, card, "discard"),
    )
    return _card_live(new, ordinary, discarder=seat)


def _draw(state: State, events: list[Event]) -> State:
    seat = state.seat
    if state.phase == "respond":
        state = _passing(state, events)
    if not state.stock:
        events.append(StockExhausted(seat))
        new = _evolve(state, phase="over", claims=(), resume=None, outcome=Outcome(None))
        events.append(Settled((0,) * PLAYERS, result(new)))
        return new
    card = state.stock[0]
    new = _evolve(state, stock=state.stock[1:],
                  gates=_put(state.gates, seat, state.gates[seat] + (card,)),
                  live=Live(seat, card, "stock"))
    events.append(Revealed(seat, card))
    return _card_live(new, Resume(seat, "revealed"), discarder=None)


def _pass(state: State, events: list[Event]) -> State:
    state = _passing(state, events)
    nxt = (state.seat + 1) % PLAYERS
    return _evolve(state, phase="respond", seat=nxt)


def _passing(state: State, events: list[Event]) -> State:
    """The seat to act leaves the live card; declining a possible Chắn bans that face."""
    seat, live = state.seat, state.live
    events.append(CardPassed(seat, live.card, live.gate))
    bans = state.bans[seat]
    if f"chan {live.card}" in _capture_moves(state, seat, live.card):
        if live.card not in bans.no_discard:
            events.append(BanAdded(seat, "no_discard", live.card))
        bans = Bans(bans.no_discard | {live.card}, bans.no_take, bans.no_ca)
        state = _evolve(state, bans=_put(state.bans, seat, bans))
    return state


def _capture(state: State, verb: str, partner: str, events: list[Event]) -> State:
    seat, live = state.seat, state.live
    events.append(Captured(seat, live.card, partner, live.gate, verb))
    hand = list(state.hands[seat])
    hand.remove(partner)
    bans = state.bans[seat]
    if verb == "ca" and partner not in bans.no_take:
        events.append(BanAdded(seat, "no_take", partner))
        bans = Bans(bans.no_discard, bans.no_take | {partner}, bans.no_ca)
    new = _evolve(
        state,
        hands=_put(state.hands, seat, tuple(hand)),
        exposed=_put(state.exposed, seat, state.exposed[seat] + ((live.card, partner),)),
        gates=_put(state.gates, live.gate, state.gates[live.gate][:-1]),
        bans=_put(state.bans, seat, bans),
        live=None, phase="discard", claims=(), resume=None,
    )
    return new


def _chiu(state: State, events: list[Event]) -> State:
    seat, live = state.seat, state.live
    card = live.card
    if state.phase == "claim":
        ordinary = state.resume
        out_of_turn = ordinary.seat != seat
    else:
        ordinary, out_of_turn = None, False
    hand = tuple(c for c in state.hands[seat] if c != card)
    new = _evolve(
        state,
        hands=_put(state.hands, seat, hand),
        exposed=_put(state.exposed, seat, state.exposed[seat] + ((card,) * 4,)),
        gates=_put(state.gates, live.gate, state.gates[live.gate][:-1]),
        live=None, phase="discard", claims=(),
        resume=ordinary if out_of_turn else None,
    )
    events.append(ChiuClaimed(seat, card, live.gate, out_of_turn))
    return new


def _card_live(state: State, ordinary: Resume, discarder: int | None) -> State:
    """A card just became live: offer the claims on it in priority order, then ``ordinary``.

    Claims: wins (on a stock card only) in seat order from the gate's owner, then the chíu
    (at most one seat can hold three copies). A chíu holder whose win comes last is asked
    both at once; one whose win comes before other wins is asked again for its chíu after
    them. The ordinary decision takes over the claims of its own seat that would come last
    (they are offered in its phase instead).
    """
    live = state.live
    order = [(live.gate + i) % PLAYERS for i in range(PLAYERS)]
    queue = []
    if live.source == "stock":
        queue = [s for s in order if _stock_win(state, s) is not None]
    queue += [s for s in order if s != discarder and not (queue and queue[-1] == s)
              and _chiu_ok(state, s, live.card)]
    while queue and queue[-1] == ordinary.seat:
        queue.pop()
    state = _evolve(state, resume=ordinary, claims=())
    return _next_claim(state, queue)


def _next_claim(state: State, queue: list[int]) -> State:
    """Offer the next pending claim in ``queue``, or hand over to the ordinary decision."""
    while queue:
        seat = queue.pop(0)
        offer = _evolve(state, phase="claim", seat=seat, claims=tuple(queue))
        if _claim_moves(offer, seat):
            return offer
    ordinary = state.resume
    return _evolve(state, phase=ordinary.phase, seat=ordinary.seat, claims=(), resume=None)


def _mark_dead_dealer(state: State) -> State:
    """In the open phase, a dealer with no opening discard and no heavenly win is dead."""
    d = state.dealer
    if state.phase == "open" and not state.dead[d]:
        if not _discards(state, d) and _heaven_win(state) is None:
            return _evolve(state, dead=_put(state.dead, d, True))
    return state


# ---------------------------------------------------------------------------------------------
# Move parsing and the reasons a move is illegal


def _parse(state: State, move: Any) -> tuple[str, tuple[str, ...]]:
    """Check ``move`` against ``state``; return (verb, cards) or raise IllegalMove."""
    if state.phase == "over":
        raise IllegalMove("the deal is over")
    if not isinstance(move, str):
        raise IllegalMove(f"a move must be text like 'discard 5M', not {type(move).__name__}")
    words = move.strip().split()
    if not words:
        raise IllegalMove("empty move: use discard, chan, ca, draw, pass, chiu, u or decline")
    verb = words[0].lower() if words[0].isascii() else ""
    if verb not in VERBS:
        raise IllegalMove(f"unknown move {move.strip()!r}: use discard, chan, ca, draw, pass, "
                          "chiu, u or decline")
    cards = []
    for word in words[1:]:
        face = normalise(word) if word.isascii() else None
        if face is None:
            raise IllegalMove(f"unknown card {word!r}: cards are written like 5M, 8S, 7C or CC")
        cards.append(face)
    wanted = {"u": 0, "draw": 0, "pass": 0, "decline": 0, "discard": 1, "chan": 1, "chiu": 1,
              "ca": 2}[verb]
    if len(cards) != wanted:
        example = {0: verb, 1: f"{verb} 5M", 2: "ca 5M 5S"}[wanted]
        raise IllegalMove(f"'{verb}' takes {wanted or 'no'} card{'s' if wanted != 1 else ''}, "
                          f"e.g. '{example}'")
    live = state.live
    if verb == "ca" and live is not None and cards[1] == live.card and cards[0] != live.card:
        cards.reverse()  # the live card first, the hand card second
    canonical = " ".join([verb] + cards)
    if canonical not in _moves_of(state):
        raise IllegalMove(_why_illegal(state, verb, cards))
    return verb, tuple(cards)


def _why_illegal(state: State, verb: str, cards: list[str]) -> str:
    """A plain-words reason why ``verb cards`` is not legal (it is known not to be)."""
    phase, seat, live = state.phase, state.seat, state.live
    hand = Counter(state.hands[seat])
    bans = state.bans[seat]
    dead = state.dead[seat]
    if dead and verb not in ("draw", "pass"):
        return "a dead hand may only draw and pass"
    if phase == "claim" and verb not in ("u", "chiu", "decline"):
        return "you are being offered a claim: answer with u, chiu or decline"
    if phase in ("open", "discard") and verb not in ("discard", "u"):
        return "you must discard a card now" + (" (or declare u)" if phase == "open" else "")
    if verb == "decline":
        return "there is no claim to decline"
    if verb == "draw":
        return "you have already revealed a card: capture it or pass"
    if verb == "pass":
        return "to leave the live card, draw (pass it and reveal a stock card)"
    if verb == "u":
        if phase == "discard":
            return "you can only declare u right after a chíu that completes your hand"
        if phase == "open":
            return "the dealt hand does not win (no Thiên ù)"
        if live is not None and live.source != "stock":
            return "you cannot win on a discard: only on a revealed stock card or by a chíu"
        return f"{card_name(live.card)} does not complete a winning hand for you"
    if verb == "discard":
        card = cards[0]
        if phase not in ("open", "discard"):
            return "you may discard only after a capture (or as the dealer's first move)"
        if not hand[card]:
            return f"you do not hold {card}"
        if hand[card] % 2 == 0:
            return f"{card} would split an identical pair in your hand (restriction 2)"
        if card in bans.no_discard:
            return (f"you declined {card} as a Chắn earlier: you may not discard it "
                    "(restriction 3)")
        ca_rank = _ca_rank_just_taken(state)
        if ca_rank is not None and rank_of(card) == ca_rank:
            return (f"you just captured a Cạ of rank {ca_rank}: you may not discard a card of "
                    "that rank this turn (restriction 7)")
        return f"you cannot discard {card} now"
    # chan, ca, chiu: take the live card (respond, revealed or claim: a card is live)
    card = cards[0]
    if card != live.card:
        return f"the live card is {live.card}, not {card}"
    if verb == "chiu":
        if hand[card] != 3:
            return f"you need three {card} in your hand to chíu"
        if card in bans.no_take:
            return _no_take_reason(state, seat, card)
        return f"chíu on {card} would leave you no legal discard (restriction 8)"
    if verb == "ca" and (card == CHICHI or cards[1] == CHICHI):
        return "Chi Chi forms no Cạ, only a Chắn"
    if verb == "ca" and not forms_ca(card, cards[1]):
        return f"{card} and {cards[1]} do not form a Cạ (same rank, different suits)"
    if card in bans.no_take:
        return _no_take_reason(state, seat, card)
    if verb == "chan":
        if not hand[card]:
            return f"you hold no {card} to make a Chắn"
        return f"taking {card} as a Chắn would leave you no legal discard (restriction 8)"
    partner = cards[1]
    if not hand[partner]:
        return f"you do not hold {partner}"
    if hand[card]:
        return f"you hold {card}: you must take it as a Chắn (restriction 1)"
    if hand[partner] % 2 == 0:
        return f"{partner} would split an identical pair in your hand (restriction 2)"
    for face in (card, partner):
        if face in bans.no_discard:
            return (f"you declined {face} as a Chắn earlier: you may not use it in a Cạ "
                    "(restriction 3)")
    rank = rank_of(card)
    if holds_ca(hand, rank):
        return f"your hand already holds a Cạ of rank {rank} (restriction 5)"
    if waiting(hand):
        return ("your hand waits on one card: it may not capture a Cạ; it wins only on a "
                "stock card (restriction 5)")
    if rank in bans.no_ca:
        return (f"you have discarded two suits of rank {rank}: you may not capture a Cạ of "
                "that rank (restriction 6)")
    return "that Cạ would leave you no legal discard (restriction 8)"


def _no_take_reason(state: State, seat: int, card: str) -> str:
    """Why ``seat`` may not take ``card`` (restriction 4): it discarded that face, or played
    it from its hand into a Cạ (the one that happened)."""
    if card in state.discarded[seat]:
        return f"you discarded {card} earlier: you may not take it (restriction 4)"
    if any(len(g) == 2 and g[0] != g[1] and g[1] == card for g in state.exposed[seat]):
        return f"you played {card} into a Cạ earlier: you may not take it (restriction 4)"
    return f"you discarded {card} or played it into a Cạ: you may not take it (restriction 4)"


# ---------------------------------------------------------------------------------------------
# Loading


def _load(data: Any) -> State:
    _check(isinstance(data, Mapping),
           f"a Chắn position must be a JSON object, not {type(data).__name__}")
    game = data.get("game", "chan")
    _check(game == "chan", f"this is a {game!r} position, not a Chắn one")

    dealer = _require(data, "dealer")
    _check(_is_int(dealer) and 0 <= dealer < PLAYERS, f"dealer must be 0..3, not {dealer!r}")
    phase = _require(data, "phase")
    _check(phase in PHASES, f"phase must be one of {', '.join(PHASES)}, not {phase!r}")

    hands = _seat_lists(_require(data, "hands"), "hands")
    exposed = _load_exposed(data.get("exposed"))
    gates = _seat_lists(data.get("gates", [[]] * PLAYERS), "gates")
    stock = tuple(_cards(_require(data, "stock"), "stock"))

    # Conservation: every card exactly once.
    total = Counter(stock)
    for s in range(PLAYERS):
        total.update(hands[s])
        total.update(gates[s])
        for g in exposed[s]:
            total.update(g)
    for face in FACES:
        _check(total[face] == COPIES,
               f"there must be {COPIES} {face} in all (hands, exposed, gates, stock), "
               f"found {total[face]}")

    live = _load_live(data.get("live"), gates)
    initial = _load_initial(data.get("initial"), hands, dealer)
    bans = _load_bans(data.get("bans"))
    dead = data.get("dead", [False] * PLAYERS)
    _check(isinstance(dead, list | tuple) and len(dead) == PLAYERS
           and all(isinstance(d, bool) for d in dead), "dead must be a list of four true/false")
    for s in range(PLAYERS):
        _check(not dead[s] or s == dealer, f"only the dealer can be a dead hand, not seat {s}")
    claims = data.get("claims", [])
    _check(isinstance(claims, list | tuple) and all(_is_int(c) and 0 <= c < PLAYERS
                                                    for c in claims)
           and len(set(claims)) == len(claims), "claims must be a list of distinct seats 0..3")
    seed = data.get("seed", 0)
    _check(_is_int(seed), f"seed must be a whole number, not {seed!r}")
    discarded = _load_discarded(data.get("discarded"), bans, exposed)
    resume = _load_resume(data.get("resume"))

    to_move_raw = _require(data, "to_move")
    base = dict(dealer=dealer, hands=tuple(hands), exposed=exposed, gates=tuple(gates),
                live=live, stock=stock, initial=initial, bans=bans, dead=tuple(dead),
                discarded=discarded, seed=seed)

    if phase == "over":
        _check(to_move_raw is None, "a finished deal has to_move null")
        state = State(seat=dealer, phase="over", **base)
        return _evolve(state, outcome=_load_outcome(data, state))
    _check(_is_int(to_move_raw) and 0 <= to_move_raw < PLAYERS,
           f"to_move must be a seat 0..3 in a running deal, not {to_move_raw!r}")
    seat = to_move_raw

    # Card counts: 19 each; 20 for the seat about to discard, the dealer at the open and a
    # dead dealer.
    for s in range(PLAYERS):
        held = len(hands[s]) + sum(len(g) for g in exposed[s])
        want = HAND_CARDS
        if (phase == "discard" and s == seat) or (phase == "open" and s == dealer) or dead[s]:
            want = DEALER_CARDS
        _check(held == want, f"seat {s} holds {held} cards (concealed plus exposed); "
                             f"it should hold {want} in phase {phase}")

    if phase == "open":
        _check(seat == dealer, "in the open phase the dealer is to move")
        _check(live is None, "in the open phase there is no live card yet")
        resume = None
    elif phase == "discard":
        _check(live is None, "in the discard phase the captured card has left its gate: "
                             "live must be null")
        _check(bool(exposed[seat]), "the discard phase follows a capture, but the seat to "
                                    "move has no exposed pair")
        if resume is not None:
            _check(resume.seat != seat, "resume cannot name the seat that is discarding")
    else:
        _check(live is not None, f"phase {phase} needs a live card")
        if phase == "respond":
            _check(live.gate == (seat - 1) % PLAYERS,
                   f"in the respond phase the live card lies in the previous seat's gate "
                   f"({(seat - 1) % PLAYERS}), not in gate {live.gate}")
            resume = None
        elif phase == "revealed":
            _check(live.gate == seat, "in the revealed phase the live card lies in the "
                                      "gate of the seat to move")
            resume = None
        else:  # claim
            if resume is None:
                resume = (Resume(live.gate, "revealed") if live.source == "stock"
                          else Resume((live.gate + 1) % PLAYERS, "respond"))
            _check(resume.gate == live.gate, "resume must name a decision on the live card's "
                                             "gate")
    if phase != "claim":
        claims = []
        if phase != "discard":
            resume = None
    state = State(seat=seat, phase=phase, claims=tuple(claims), resume=resume, **base)
    state = _mark_dead_dealer(state)
    if phase == "claim":
        _check(bool(_claim_moves(state, seat)),
               f"phase claim, but seat {seat} has no win or chíu to claim on {live.card}")
    if phase in ("discard", "open") and not state.dead[seat]:
        _check(legal_moves(state) != [], f"seat {seat} has no legal discard in phase {phase}")
    return state


def _load_outcome(data: Mapping, state: State) -> Outcome:
    """The outcome of a finished position, checked against the cards.

    With the engine's ``win`` record the win is recomputed from it; without one, a
    ``result`` naming a winner is checked by finding how that seat's cards can have won
    (19 held cards and the live stock card, a chíu set just exposed, or the dealer's dealt
    20). A stated ``result`` must then agree with the cards: winner, score, features (in any
    order; a plain win may list ``Ù xuông`` or nothing), settlement, ``how`` and ``card``.
    """
    win = data.get("win")
    given = data.get("result")
    _check(given is None or isinstance(given, Mapping), "result must be null or an object")
    if win is not None:
        _check(isinstance(win, Mapping), "win must be null or {seat, how, card}")
        outcome = _declared_win(state, win.get("seat"), win.get("how"), win.get("card"))
    elif given is not None and given.get("winner") is not None:
        winner = given.get("winner")
        _check(_is_int(winner) and 0 <= winner < PLAYERS,
               f"result winner must be a seat 0..3 or null, not {winner!r}")
        how, card = _how_won(state, winner)
        outcome = _declared_win(state, winner, how, card)
    else:
        _check(not state.stock, "phase over without a winner needs an empty stock (a draw)")
        outcome = Outcome(None)
    if given is not None:
        _check_result(given, _evolve(state, outcome=outcome))
    return outcome


def _how_won(state: State, seat: int) -> tuple[str, str | None]:
    """How ``seat`` of a finished position can have won, from the cards it holds."""
    held = state.holding(seat)
    if held == HAND_CARDS:
        live = state.live
        _check(live is not None and live.source == "stock",
               f"seat {seat} holds {held} cards: its win needs the winning stock card live")
        return ("own" if live.gate == seat else "stock"), live.card
    _check(held == DEALER_CARDS, f"seat {seat} holds {held} cards: a winner holds "
                                 f"{HAND_CARDS} and wins on a stock card, or {DEALER_CARDS}")
    groups = state.exposed[seat]
    if groups and len(groups[-1]) == 4:
        return "chiu", groups[-1][0]
    _check(not groups and seat == state.dealer,
           f"seat {seat} holds {held} cards but neither just chíu'd nor was dealt them")
    return "heaven", None


def _declared_win(state: State, seat: Any, how: Any, card: Any) -> Outcome:
    """The outcome of ``seat``'s win ``how`` on ``card``; ValueError unless the cards give it."""
    _check(_is_int(seat) and 0 <= seat < PLAYERS, f"win seat must be 0..3, not {seat!r}")
    _check(how in ("stock", "own", "chiu", "heaven"), f"unknown kind of win {how!r}")
    _check(not state.dead[seat], f"seat {seat} is a dead hand: it cannot win")
    if how == "heaven":
        _check(seat == state.dealer and not state.exposed[seat]
               and not any(state.gates), "Thiên ù is the dealer's win before any card is played")
        card = None
        result_win = best_win(state.hands[seat], (), None, how=how, initial=state.initial[seat])
    elif how == "chiu":
        groups = state.exposed[seat]
        _check(bool(groups) and len(groups[-1]) == 4 and groups[-1][0] == card,
               "a chíu win needs the chíu set as the winner's last exposed group")
        result_win = best_win(state.hands[seat], groups, card, how=how,
                              initial=state.initial[seat], barred=state.bans[seat].no_discard)
    else:
        live = state.live
        _check(live is not None and live.card == card and live.source == "stock",
               "a win on a stock card needs that card as the live stock card")
        _check((how == "own") == (live.gate == seat),
               "Ù chì ('own') is a win on the stock card in the winner's own gate, 'stock' on "
               "another seat's")
        result_win = best_win(state.hands[seat], state.exposed[seat], card, how=how,
                              initial=state.initial[seat], barred=state.bans[seat].no_discard)
    _check(result_win is not None, f"seat {seat}'s cards do not make the declared win")
    return Outcome(seat, how, card, result_win.score, result_win.features,
                   result_win.arithmetic, result_win.pairs)


def _check_result(given: Mapping, state: State) -> None:
    """A stated ``result`` must be the one ``state``'s outcome gives."""
    actual = result(state)
    for key in ("winner", "score", "settlement", "how", "card"):
        if key in given:
            _check(given[key] == actual[key],
                   f"the stated result's {key} {given[key]!r} is not what the cards give "
                   f"({actual[key]!r})")
    if "features" in given:
        features = given["features"]
        _check(isinstance(features, list) and all(isinstance(f, str) for f in features),
               "result features must be a list of names")
        want = Counter(f for f in actual["features"] if f != "Ù xuông")
        _check(Counter(f for f in features if f != "Ù xuông") == want,
               f"the stated features {features} are not what the cards give "
               f"({actual['features']})")


def _check(ok: bool, message: str) -> None:
    """Raise ValueError(message) unless ``ok`` (load's validation step)."""
    if not ok:
        raise ValueError(message)


def _require(data: Mapping, key: str) -> Any:
    if key not in data:
        raise ValueError(f"missing required field {key!r}")
    return data[key]


def _cards(raw: Any, what: str) -> list[str]:
    _check(isinstance(raw, list | tuple), f"{what} must be a list of cards")
    out = []
    for c in raw:
        face = c if isinstance(c, str) and c in FACE_INDEX else None
        _check(face is not None, f"unknown card {c!r} in {what}")
        out.append(face)
    return out


def _seat_lists(raw: Any, what: str) -> list[tuple[str, ...]]:
    _check(isinstance(raw, list | tuple) and len(raw) == PLAYERS,
           f"{what} must be a list of four card lists")
    if what == "gates":
        return [tuple(_cards(r, f"{what}[{i}]")) for i, r in enumerate(raw)]
    return [sort_faces(_cards(r, f"{what}[{i}]")) for i, r in enumerate(raw)]


def _load_exposed(raw: Any) -> tuple[tuple[tuple[str, ...], ...], ...]:
    if raw is None:
        return ((),) * PLAYERS
    _check(isinstance(raw, list | tuple) and len(raw) == PLAYERS,
           "exposed must be a list of four lists of pairs")
    seats = []
    for s, groups in enumerate(raw):
        _check(isinstance(groups, list | tuple), f"exposed[{s}] must be a list of pairs")
        out = []
        for g in groups:
            cards = _cards(g, f"exposed[{s}]")
            ok = ((len(cards) == 2 and (cards[0] == cards[1] or forms_ca(*cards)))
                  or (len(cards) == 4 and len(set(cards)) == 1))
            _check(ok, f"exposed group {cards} of seat {s} is neither a Chắn, a Cạ nor a "
                       "chíu set")
            out.append(tuple(cards))
        seats.append(tuple(out))
    return tuple(seats)


def _load_live(raw: Any, gates: list[tuple[str, ...]]) -> Live | None:
    if raw is None:
        return None
    _check(isinstance(raw, Mapping), "live must be null or {gate, card, from}")
    gate, card, source = raw.get("gate"), raw.get("card"), raw.get("from", "discard")
    _check(_is_int(gate) and 0 <= gate < PLAYERS, f"live gate must be 0..3, not {gate!r}")
    _check(isinstance(card, str) and card in FACE_INDEX, f"unknown live card {card!r}")
    _check(source in SOURCES, f"live from must be 'discard' or 'stock', not {source!r}")
    _check(bool(gates[gate]) and gates[gate][-1] == card,
           f"the live card {card} must be the top card of gate {gate}")
    return Live(gate, card, source)


def _load_initial(raw: Any, hands: list[tuple[str, ...]],
                  dealer: int) -> tuple[tuple[str, ...], ...]:
    if raw is None:
        return tuple(hands)
    initial = _seat_lists(raw, "initial")
    for s, h in enumerate(initial):
        _check(len(h) <= DEALER_CARDS, f"initial[{s}] holds {len(h)} cards (at most 20)")
    total = Counter(c for h in initial for c in h)
    for face, n in total.items():
        _check(n <= COPIES, f"the initial hands hold {n} {face} (at most {COPIES})")
    for s, (dealt, hand) in enumerate(zip(initial, hands)):
        missing = Counter(hand) - Counter(dealt)
        _check(not missing, f"seat {s} holds {', '.join(sort_faces(missing.elements()))} "
                            f"concealed that initial[{s}] lacks: cards enter a hand only at "
                            "the deal")
    return tuple(initial)


def _load_bans(raw: Any) -> tuple[Bans, ...]:
    if raw is None:
        return (Bans(),) * PLAYERS
    _check(isinstance(raw, list | tuple) and len(raw) == PLAYERS,
           "bans must be a list of four objects")
    out = []
    for s, b in enumerate(raw):
        _check(isinstance(b, Mapping), f"bans[{s}] must be an object")
        no_discard = frozenset(_cards(b.get("no_discard", []) or [], f"bans[{s}].no_discard"))
        no_take = frozenset(_cards(b.get("no_take", []) or [], f"bans[{s}].no_take"))
        ranks = b.get("no_ca", []) or []
        _check(isinstance(ranks, list | tuple), f"bans[{s}].no_ca must be a list of ranks")
        no_ca = set()
        for r in ranks:
            value = int(r) if isinstance(r, str) and r.isdigit() else r
            _check(_is_int(value) and 2 <= value <= 9, f"unknown rank {r!r} in bans[{s}].no_ca")
            no_ca.add(value)
        out.append(Bans(no_discard, no_take, frozenset(no_ca)))
    return tuple(out)


def _load_discarded(raw: Any, bans: tuple[Bans, ...],
                    exposed: tuple[tuple[tuple[str, ...], ...], ...]) -> tuple[frozenset, ...]:
    if raw is None:
        # Derived: the faces a seat may not take, less those it played into an exposed Cạ.
        out = []
        for s in range(PLAYERS):
            played = {g[1] for g in exposed[s] if len(g) == 2 and g[0] != g[1]}
            out.append(frozenset(bans[s].no_take - played))
        return tuple(out)
    _check(isinstance(raw, list | tuple) and len(raw) == PLAYERS,
           "discarded must be a list of four card lists")
    return tuple(frozenset(_cards(r, f"discarded[{i}]")) for i, r in enumerate(raw))


def _load_resume(raw: Any) -> Resume | None:
    if raw is None:
        return None
    _check(isinstance(raw, Mapping), "resume must be null or {seat, phase}")
    seat, phase = raw.get("seat"), raw.get("phase")
    _check(_is_int(seat) and 0 <= seat < PLAYERS, f"resume seat must be 0..3, not {seat!r}")
    _check(phase in ("respond", "revealed"),
           f"resume phase must be 'respond' or 'revealed', not {phase!r}")
    return Resume(seat, phase)


# ---------------------------------------------------------------------------------------------
# Helpers


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_MOVES_KEY = "_legal_moves"
"""The attribute under which a state keeps its legal moves once worked out (not a field)."""


def _evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace`` for ``State``, without re-running ``__init__`` (play's hot path).

    ``changes`` must name fields; the copy does not inherit the cached legal moves.
    """
    new = object.__new__(State)
    attrs = new.__dict__
    attrs.update(state.__dict__)
    attrs.pop(_MOVES_KEY, None)
    attrs.update(changes)
    return new


def _put(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _dump_bans(bans: Bans) -> dict:
    return {"no_discard": list(sort_faces(bans.no_discard)),
            "no_take": list(sort_faces(bans.no_take)),
            "no_ca": sorted(bans.no_ca)}
