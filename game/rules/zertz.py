"""Zertz, the seed's variant: collect marbles from a shrinking board of 37 rings.

This is NOT the published GIPF-project Zertz (no jumping captures, no ring removal by choice);
it is the variant of ``shared/rules/zertz.md``. Two players (seat 0 Red, seat 1 Blue) each
own 10 pieces. On a turn a player either places a piece on an empty ring or takes a marble
next to one of their pieces. After a take the vacated ring and its empty neighbours are
removed when no filled neighbour is left; then, while the bag is not empty, the taker draws
its next marble and puts it on an empty ring of their choice. Whoever holds all six marbles
of one colour wins at once; otherwise, when a take happens with the bag already empty or both
players pass in a row, the higher total value (white 1, grey 2, black 3) wins, then the
larger number of marbles, else the game is a draw.

Glossary (names in this file follow it):

- ring: one of the 37 board cells, named ``a1``..``g4`` (column letter for axial ``q`` from
  -3 to 3, row number counted from 1 at the lowest ``r`` of the column). A removed ring is
  gone for good; ``rings`` is the set still on the board.
- marble: a white, grey or black ball on a ring, in the bag or in a tray.
- piece: a player's own token on a ring (Red's or Blue's); the ``supply`` is how many pieces
  a player still has off the board.
- tray / captured: the marbles a player has taken, counted per colour.
- bag: the marbles not yet drawn, in draw order (``bag[0]`` is drawn next).
- filled: a ring holding a marble or a piece; empty: a ring on the board holding neither.
- place: put a piece from supply on an empty ring (``place d4``).
- take: remove a marble next to one of your pieces into your tray (``take d4``).
- put: after a take, put the marble drawn from the bag on an empty ring (``put d4``,
  phase ``put``; the marble is ``bag[0]`` until it is put).
- pass: the only move of a player with no legal action; two passes in a row end the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules import IllegalMove

__all__ = [
    "AXIAL",
    "COLOURS",
    "MARKED",
    "NEIGHBOURS",
    "RINGS",
    "SEAT_NAMES",
    "VALUES",
    "GameOver",
    "MarbleDrawn",
    "MarblePut",
    "MarbleTaken",
    "Passed",
    "PiecePlaced",
    "RingRemoved",
    "Settings",
    "State",
    "TurnChanged",
    "describe",
    "dump",
    "legal_moves",
    "load",
    "new_game",
    "play",
    "play_events",
    "result",
    "to_move",
    "view",
]

# ---------------------------------------------------------------------------------------------
# Geometry and components (as data)

RADIUS = 3
COLUMNS = "abcdefg"
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _build_geometry() -> tuple[tuple[str, ...], dict[str, tuple[int, int]]]:
    names: list[str] = []
    axial: dict[str, tuple[int, int]] = {}
    for q in range(-RADIUS, RADIUS + 1):
        low, high = max(-RADIUS, -RADIUS - q), min(RADIUS, RADIUS - q)
        for r in range(low, high + 1):
            name = f"{COLUMNS[q + RADIUS]}{r - low + 1}"
            names.append(name)
            axial[name] = (q, r)
    return tuple(names), axial


RINGS, AXIAL = _build_geometry()
"""``RINGS``: the 37 ring names in canonical order a1..a4, b1..b5, ..., g1..g4.
``AXIAL``: ring name -> axial coordinates (q, r)."""

RING_INDEX: dict[str, int] = {name: i for i, name in enumerate(RINGS)}
_BY_AXIAL = {qr: name for name, qr in AXIAL.items()}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    name: tuple(sorted(
        (_BY_AXIAL[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in _BY_AXIAL),
        key=RING_INDEX.__getitem__,
    ))
    for name, (q, r) in AXIAL.items()
}
"""Ring name -> names of its on-board hex neighbours (3 at a corner, 4 on an edge, else 6)."""

_PLACE = {r: f"place {r}" for r in RINGS}
_TAKE = {r: f"take {r}" for r in RINGS}
_PUT = {r: f"put {r}" for r in RINGS}
_CANONICAL: dict[str, tuple[str, str | None]] = {"pass": ("pass", None)}
for _verb, _spelled in (("place", _PLACE), ("take", _TAKE), ("put", _PUT)):
    _CANONICAL.update({text: (_verb, ring) for ring, text in _spelled.items()})

MARKED = ("a1", "a4", "g1", "g4")
"""The marked corner rings, filled from the bag at setup in this order."""

COLOURS = ("white", "grey", "black")
VALUES = {"white": 1, "grey": 2, "black": 3}
MARBLES_PER_COLOUR = 6
PIECES_PER_PLAYER = 10
SEAT_NAMES = ("Red", "Blue")
PHASES = ("act", "put", "over")
REASONS = ("six", "bag", "passes")


@dataclass(frozen=True)
class Settings:
    """Options of a new game: ``first`` is the starting seat (None: random from the seed)."""

    first: int | None = None


# ---------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, eq=True)
class State:
    """A Zertz position. Treat it as immutable: ``play`` returns a new one.

    ``marbles`` maps ring -> colour and ``pieces`` ring -> seat; ``captured`` holds per seat
    the counts (white, grey, black). ``seat`` is the seat to decide (0 once the game is
    over); ``phase`` is ``act``, ``put`` or ``over``; ``reason`` is set when over.
    """

    rings: frozenset[str]
    marbles: Mapping[str, str]
    pieces: Mapping[str, int]
    supply: tuple[int, int]
    captured: tuple[tuple[int, int, int], tuple[int, int, int]]
    bag: tuple[str, ...]
    seat: int
    phase: str = "act"
    passes: int = 0
    seed: int = 0
    reason: str | None = None

    __hash__ = None  # type: ignore[assignment]  # mappings inside: compare, don't hash

    @property
    def drawn(self) -> str | None:
        """The marble about to be put (phase ``put``), else None."""
        return self.bag[0] if self.phase == "put" else None

    def is_empty(self, ring: str) -> bool:
        """True when ``ring`` is on the board and holds neither a marble nor a piece."""
        return ring in self.rings and ring not in self.marbles and ring not in self.pieces

    def points(self, seat: int) -> int:
        """Total value of the marbles in ``seat``'s tray."""
        return sum(n * VALUES[c] for n, c in zip(self.captured[seat], COLOURS))


# ---------------------------------------------------------------------------------------------
# Events (what happened, in order, for the scenes to animate)


@dataclass(frozen=True)
class PiecePlaced:
    seat: int
    ring: str


@dataclass(frozen=True)
class MarbleTaken:
    seat: int
    ring: str
    colour: str


@dataclass(frozen=True)
class RingRemoved:
    ring: str


@dataclass(frozen=True)
class MarbleDrawn:
    seat: int
    colour: str


@dataclass(frozen=True)
class MarblePut:
    seat: int
    ring: str
    colour: str


@dataclass(frozen=True)
class Passed:
    seat: int


@dataclass(frozen=True)
class TurnChanged:
    seat: int


@dataclass(frozen=True)
class GameOver:
    result: dict


Event = (PiecePlaced | MarbleTaken | RingRemoved | MarbleDrawn | MarblePut | Passed
         | TurnChanged | GameOver)


# ---------------------------------------------------------------------------------------------
# Contract API


def new_game(players: int | None = None, seed: int = 0, **options: Any) -> State:
    """Start a game: shuffle the bag from ``seed``, fill a1, a4, g1, g4, pick the first seat.

    Option ``first`` (0 or 1) chooses the starting seat; omitted or None, it is drawn from
    the seed. Raises ValueError for a player count other than 2 or an unknown/bad option.
    """
    if players is not None and players != 2:
        raise ValueError(f"Zertz is for 2 players, not {players}")
    unknown = set(options) - {"first"}
    if unknown:
        raise ValueError(f"unknown Zertz option(s): {', '.join(sorted(unknown))}")
    if not _is_int(seed):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    settings = Settings(first=options.get("first"))
    if settings.first is not None and (not _is_int(settings.first) or settings.first not in (0, 1)):
        raise ValueError(f"option first must be 0 or 1, not {settings.first!r}")
    rng = random.Random(seed)
    bag = [c for c in COLOURS for _ in range(MARBLES_PER_COLOUR)]
    rng.shuffle(bag)
    first = settings.first if settings.first is not None else rng.randrange(2)
    marbles = dict(zip(MARKED, bag[: len(MARKED)]))
    return State(
        rings=frozenset(RINGS),
        marbles=marbles,
        pieces={},
        supply=(PIECES_PER_PLAYER, PIECES_PER_PLAYER),
        captured=((0, 0, 0), (0, 0, 0)),
        bag=tuple(bag[len(MARKED):]),
        seat=first,
        seed=seed,
    )


def to_move(state: State) -> int | None:
    """The seat whose decision it is, or None once the game is over."""
    return None if state.phase == "over" else state.seat


def result(state: State) -> dict | None:
    """None while running; else ``{"winner", "reason", "points", "marbles"}`` (see spec)."""
    if state.phase != "over":
        return None
    points = [state.points(0), state.points(1)]
    marbles = [sum(state.captured[0]), sum(state.captured[1])]
    if state.reason == "six":
        winner = _six_holder(state.captured)
    else:
        winner = _tie_break(points, marbles)
    return {"winner": winner, "reason": state.reason, "points": points, "marbles": marbles}


def legal_moves(state: State) -> list[str]:
    """Every legal move of the seat to act, canonical and ordered (places, then takes).

    Within a kind the rings follow ``RINGS`` order. In phase ``put`` only ``put <ring>``
    moves; ``pass`` only when nothing else is legal; an empty list once the game is over.
    """
    if state.phase == "over":
        return []
    rings, marbles, pieces = state.rings, state.marbles, state.pieces
    if state.phase == "put":
        return [_PUT[r] for r in RINGS if r in rings and r not in marbles and r not in pieces]
    seat = state.seat
    moves: list[str] = []
    if state.supply[seat] > 0:
        moves = [_PLACE[r] for r in RINGS if r in rings and r not in marbles and r not in pieces]
    near: set[str] = set()
    for ring, owner in pieces.items():
        if owner == seat:
            near.update(NEIGHBOURS[ring])
    if near:
        moves += [_TAKE[r] for r in sorted(near.intersection(marbles), key=RING_INDEX.__getitem__)]
    return moves or ["pass"]


def play(state: State, move: str) -> State:
    """Return the position after ``move``; ``state`` is left unchanged.

    Raises IllegalMove (a ValueError) saying why when the move is malformed or illegal.
    """
    return play_events(state, move)[0]


def play_events(state: State, move: str) -> tuple[State, list[Event]]:
    """Like ``play``, also returning the events in the order they happen.

    Raises IllegalMove (a ValueError) saying why when the move is malformed or illegal.
    """
    verb, ring = _parse(state, move)
    seat = state.seat
    other = 1 - seat
    if verb == "pass":
        passes = state.passes + 1
        if passes >= 2:
            new = _evolve(state, passes=2, phase="over", reason="passes", seat=0)
            return new, [Passed(seat), GameOver(result(new))]
        new = _evolve(state, passes=passes, seat=other)
        return new, [Passed(seat), TurnChanged(other)]

    if verb == "place":
        pieces = dict(state.pieces)
        pieces[ring] = seat
        supply = list(state.supply)
        supply[seat] -= 1
        new = _evolve(state, pieces=pieces, supply=(supply[0], supply[1]), seat=other,
                      passes=0)
        return new, [PiecePlaced(seat, ring), TurnChanged(other)]

    if verb == "put":
        colour = state.bag[0]
        marbles = dict(state.marbles)
        marbles[ring] = colour
        new = _evolve(state, marbles=marbles, bag=state.bag[1:], seat=other, phase="act",
                      passes=0)
        return new, [MarblePut(seat, ring, colour), TurnChanged(other)]

    # take
    colour = state.marbles[ring]
    marbles = dict(state.marbles)
    del marbles[ring]
    removed = _isolated_after_take(state.rings, marbles, state.pieces, ring)
    rings = state.rings - removed
    captured = [list(state.captured[0]), list(state.captured[1])]
    captured[seat][COLOURS.index(colour)] += 1
    captured_t = (tuple(captured[0]), tuple(captured[1]))
    events: list[Event] = [MarbleTaken(seat, ring, colour)]
    events += [RingRemoved(r) for r in sorted(removed, key=RING_INDEX.__getitem__)]
    common = {"rings": frozenset(rings), "marbles": marbles, "captured": captured_t,
              "passes": 0}
    if max(captured_t[seat]) >= MARBLES_PER_COLOUR:
        new = _evolve(state, phase="over", reason="six", seat=0, **common)
        events.append(GameOver(result(new)))
    elif not state.bag:
        new = _evolve(state, phase="over", reason="bag", seat=0, **common)
        events.append(GameOver(result(new)))
    else:
        new = _evolve(state, phase="put", **common)
        events.append(MarbleDrawn(seat, state.bag[0]))
    return new, events


def describe(state: State, move: str) -> str:
    """The move in words for a move log, from the mover's side: "Red placed a piece on e5".

    Raises IllegalMove when the move is not legal in ``state``.
    """
    events = play_events(state, move)[1]
    who = SEAT_NAMES[state.seat]
    verb, ring = _parse(state, move)
    if verb == "pass":
        return f"{who} passed"
    if verb == "place":
        return f"{who} placed a piece on {ring}"
    if verb == "put":
        return f"{who} put the {state.bag[0]} marble on {ring}"
    text = f"{who} took the {state.marbles[ring]} marble on {ring}"
    removed = [e.ring for e in events if isinstance(e, RingRemoved)]
    if len(removed) == 1:
        text += f" — ring {removed[0]} removed"
    elif removed:
        text += f" — rings {', '.join(removed)} removed"
    return text


def dump(state: State) -> dict:
    """The position as JSON-safe data (the spec's format plus game, seed, result when over)."""
    data: dict[str, Any] = {
        "game": "zertz",
        "seed": state.seed,
        "rings": [r for r in RINGS if r in state.rings],
        "marbles": {r: state.marbles[r] for r in RINGS if r in state.marbles},
        "pieces": {r: state.pieces[r] for r in RINGS if r in state.pieces},
        "supply": list(state.supply),
        "captured": [dict(zip(COLOURS, state.captured[s])) for s in (0, 1)],
        "bag": list(state.bag),
        "to_move": to_move(state),
        "phase": state.phase,
        "passes": state.passes,
    }
    if state.phase == "over":
        data["result"] = result(state)
    return data


def view(state: State, seat: int) -> dict:
    """What ``seat`` may know: ``dump`` with the bag order hidden.

    ``bag`` becomes counts per colour of the marbles still in the bag and ``bag_count`` their
    number. In phase ``put`` the drawn marble is public: it is given as ``drawn`` and no longer
    counted in the bag; otherwise ``drawn`` is None. There is no ``seed``: the bag's order
    could be rebuilt from it. Raises ValueError for a bad seat.
    """
    if seat not in (0, 1) or isinstance(seat, bool):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    data = dump(state)
    del data["seed"]
    drawn = state.drawn
    hidden = state.bag[1:] if drawn is not None else state.bag
    data["bag"] = {c: hidden.count(c) for c in COLOURS}
    data["bag_count"] = len(hidden)
    data["drawn"] = drawn
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
        raise ValueError(f"malformed Zertz position: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Helpers


def _evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace`` for the engine's own fields, without its checks (fast)."""
    new = object.__new__(State)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _next_to_own(state: State, ring: str, seat: int) -> bool:
    pieces = state.pieces
    return any(pieces.get(n) == seat for n in NEIGHBOURS[ring])


def _isolated_after_take(rings: frozenset[str], marbles: Mapping[str, str],
                         pieces: Mapping[str, int], vacated: str) -> set[str]:
    """Rings removed after the marble on ``vacated`` left (``marbles`` already without it).

    Candidates are the vacated ring and its empty neighbours; each goes when none of its
    on-board neighbours holds a marble or a piece.
    """
    def filled(r: str) -> bool:
        return r in marbles or r in pieces

    candidates = [vacated] + [n for n in NEIGHBOURS[vacated] if n in rings and not filled(n)]
    return {c for c in candidates
            if not any(n in rings and filled(n) for n in NEIGHBOURS[c])}


def _six_holder(captured: tuple[tuple[int, ...], ...]) -> int | None:
    holders = [s for s in (0, 1) if max(captured[s]) >= MARBLES_PER_COLOUR]
    return holders[0] if len(holders) == 1 else None


def _tie_break(points: list[int], marbles: list[int]) -> int | None:
    if points[0] != points[1]:
        return 0 if points[0] > points[1] else 1
    if marbles[0] != marbles[1]:
        return 0 if marbles[0] > marbles[1] else 1
    return None


BLANKS = " \t\n\r\f\v"
"""The blanks a move's words may be separated by. Letter case and extra blanks are the only
variants of a legal move that ``play`` accepts."""


def _parse(state: State, move: Any) -> tuple[str, str | None]:
    """Check ``move`` against ``state``; return (verb, ring) or raise IllegalMove."""
    if state.phase == "over":
        raise IllegalMove("the game is over")
    if not isinstance(move, str):
        raise IllegalMove(f"a move must be text like 'place d4', not {type(move).__name__}")
    known = _CANONICAL.get(move)
    if known is not None:              # a move as legal_moves spells it: no reading needed
        return _check_move(state, *known)
    if not (move.isascii() and move.isprintable()) and (
            not move.isascii() or any(ch < " " and ch not in BLANKS for ch in move)
            or "\x7f" in move):
        raise IllegalMove(f"a move is plain text of letters, digits and blanks, not {move!r}")
    words = move.lower().split()
    if not words:
        raise IllegalMove("empty move: use place, take, put or pass")
    verb, args = words[0], words[1:]
    if verb not in ("place", "take", "put", "pass"):
        raise IllegalMove(f"unknown move {move.strip()!r}: use place, take, put or pass")
    if verb == "pass":
        if args:
            raise IllegalMove("'pass' takes no ring")
    elif len(args) != 1:
        raise IllegalMove(f"'{verb}' needs exactly one ring, e.g. '{verb} d4'")
    ring = args[0] if args else None
    if ring is not None:
        if ring not in RING_INDEX:
            raise IllegalMove(f"unknown ring {ring!r}")
    return _check_move(state, verb, ring)


def _check_move(state: State, verb: str, ring: str | None) -> tuple[str, str | None]:
    """Check a well-formed move (verb, known ring or None) against ``state``."""
    if ring is not None:
        if ring not in state.rings:
            raise IllegalMove(f"ring {ring} has been removed")
    if state.phase == "put":
        if verb != "put":
            raise IllegalMove(f"first put the drawn {state.bag[0]} marble on an empty ring")
        if not state.is_empty(ring):
            raise IllegalMove(f"{ring} is not empty")
        return verb, ring
    if verb == "put":
        raise IllegalMove("there is no drawn marble to put: place a piece or take a marble")
    if verb == "pass":
        if legal_moves(state) != ["pass"]:
            raise IllegalMove("you cannot pass while you have a legal move")
        return verb, None
    if verb == "place":
        if state.supply[state.seat] <= 0:
            raise IllegalMove("you have no pieces left")
        if not state.is_empty(ring):
            raise IllegalMove(f"{ring} is not empty")
        return verb, ring
    if ring not in state.marbles:
        raise IllegalMove(f"there is no marble on {ring}")
    if not _next_to_own(state, ring, state.seat):
        raise IllegalMove(f"no piece of yours is next to {ring}")
    return verb, ring


def _check(ok: bool, message: str) -> None:
    """Raise ValueError(message) unless ``ok`` (load's validation step)."""
    if not ok:
        raise ValueError(message)


def _require(data: Mapping, key: str) -> Any:
    if key not in data:
        raise ValueError(f"missing required field {key!r}")
    return data[key]


def _ring_name(name: Any, what: str) -> str:
    if not isinstance(name, str) or name not in RING_INDEX:
        raise ValueError(f"unknown ring {name!r} in {what}")
    return name


def _load(data: Any) -> State:
    _check(isinstance(data, Mapping),
           f"a Zertz position must be a JSON object, not {type(data).__name__}")
    game = data.get("game", "zertz")
    if game != "zertz":
        raise ValueError(f"this is a {game!r} position, not a Zertz one")

    # Rings still on the board.
    raw_rings = data.get("rings", list(RINGS))
    _check(isinstance(raw_rings, list | tuple), "rings must be a list of ring names")
    rings = [_ring_name(r, "rings") for r in raw_rings]
    if len(set(rings)) != len(rings):
        raise ValueError("a ring is listed twice in rings")
    ring_set = frozenset(rings)

    # Marbles and pieces on the board.
    raw_marbles = _require(data, "marbles")
    _check(isinstance(raw_marbles, Mapping), "marbles must map ring names to colours")
    marbles: dict[str, str] = {}
    for ring, colour in raw_marbles.items():
        _ring_name(ring, "marbles")
        if colour not in COLOURS:
            raise ValueError(f"unknown marble colour {colour!r} on {ring}")
        if ring not in ring_set:
            raise ValueError(f"marble on removed ring {ring}")
        marbles[ring] = colour
    raw_pieces = _require(data, "pieces")
    _check(isinstance(raw_pieces, Mapping), "pieces must map ring names to seats (0 or 1)")
    pieces: dict[str, int] = {}
    for ring, owner in raw_pieces.items():
        _ring_name(ring, "pieces")
        if not _is_int(owner) or owner not in (0, 1):
            raise ValueError(f"the piece on {ring} must belong to seat 0 or 1, not {owner!r}")
        if ring not in ring_set:
            raise ValueError(f"piece on removed ring {ring}")
        if ring in marbles:
            raise ValueError(f"{ring} holds both a piece and a marble")
        pieces[ring] = owner

    # Supply of pieces.
    on_board = [sum(1 for s in pieces.values() if s == seat) for seat in (0, 1)]
    for seat in (0, 1):
        if on_board[seat] > PIECES_PER_PLAYER:
            raise ValueError(f"{SEAT_NAMES[seat]} has {on_board[seat]} pieces on the board "
                             f"(at most {PIECES_PER_PLAYER})")
    _check(data.get("supply", []) is not None, "supply must be a list of two numbers, not null "
           "(leave the field out for the default)")
    raw_supply = data.get("supply")
    if raw_supply is None:
        supply = (PIECES_PER_PLAYER - on_board[0], PIECES_PER_PLAYER - on_board[1])
    else:
        if not isinstance(raw_supply, list | tuple) or len(raw_supply) != 2:
            raise ValueError("supply must be a list of two numbers")
        for seat, n in enumerate(raw_supply):
            if not _is_int(n) or not 0 <= n <= PIECES_PER_PLAYER:
                raise ValueError(f"supply of {SEAT_NAMES[seat]} must be 0..{PIECES_PER_PLAYER}, "
                                 f"not {n!r}")
            if n + on_board[seat] != PIECES_PER_PLAYER:
                raise ValueError(f"{SEAT_NAMES[seat]} has {on_board[seat]} pieces on the board "
                                 f"and {n} in supply; they must add up to {PIECES_PER_PLAYER}")
        supply = (raw_supply[0], raw_supply[1])

    # Trays.
    _check(data.get("captured", []) is not None, "captured must be a list of two colour "
           "counts, not null (leave the field out for the default)")
    raw_captured = data.get("captured")
    if raw_captured is None:
        captured = ((0, 0, 0), (0, 0, 0))
    else:
        if not isinstance(raw_captured, list | tuple) or len(raw_captured) != 2:
            raise ValueError("captured must be a list of two colour counts")
        trays = []
        for seat, tray in enumerate(raw_captured):
            _check(isinstance(tray, Mapping),
                   f"captured of {SEAT_NAMES[seat]} must map colours to counts")
            for colour in tray:
                if colour not in COLOURS:
                    raise ValueError(f"unknown marble colour {colour!r} in captured")
            counts = tuple(tray.get(c, 0) for c in COLOURS)
            for n in counts:
                if not _is_int(n) or n < 0:
                    raise ValueError(f"captured counts must be whole numbers >= 0, not {n!r}")
            trays.append(counts)
        captured = (trays[0], trays[1])

    # Bag.
    raw_bag = _require(data, "bag")
    _check(isinstance(raw_bag, list | tuple), "bag must be a list of colours")
    for colour in raw_bag:
        if colour not in COLOURS:
            raise ValueError(f"unknown marble colour {colour!r} in the bag")
    bag = tuple(raw_bag)

    # Conservation of marbles.
    for i, colour in enumerate(COLOURS):
        total = (sum(1 for c in marbles.values() if c == colour)
                 + captured[0][i] + captured[1][i] + bag.count(colour))
        if total != MARBLES_PER_COLOUR:
            raise ValueError(f"there must be {MARBLES_PER_COLOUR} {colour} marbles in all "
                             f"(board + captured + bag), found {total}")

    # Turn, phase, passes, seed.
    phase = data.get("phase", "act")
    if phase not in PHASES:
        raise ValueError(f"phase must be 'act', 'put' or 'over', not {phase!r}")
    raw_to_move = _require(data, "to_move")
    passes = data.get("passes", 0)
    if not _is_int(passes) or not 0 <= passes <= 2:
        raise ValueError(f"passes must be 0, 1 or 2, not {passes!r}")
    seed = data.get("seed", 0)
    if not _is_int(seed):
        raise ValueError(f"seed must be a whole number, not {seed!r}")

    holders = [s for s in (0, 1) if max(captured[s]) >= MARBLES_PER_COLOUR]
    if len(holders) == 2:
        raise ValueError("both players hold six marbles of a colour")
    base = {"rings": ring_set, "marbles": marbles, "pieces": pieces, "supply": supply,
            "captured": captured, "bag": bag, "seed": seed}

    if holders or phase == "over":
        if phase == "over" and raw_to_move is not None:
            raise ValueError("a finished game has to_move null")
        if holders:
            reason = "six"
        else:
            given = data.get("result")
            reason = given.get("reason") if isinstance(given, Mapping) else None
            if reason is None:
                reason = "passes" if passes == 2 else "bag" if not bag else None
            if reason not in ("bag", "passes"):
                raise ValueError("phase 'over' but the game has not ended: nobody holds six, "
                                 "the bag is not empty and nobody passed twice")
            if reason == "bag" and bag:
                raise ValueError("the game cannot have ended by the bag while it holds marbles")
        if reason == "passes":
            passes = 2
        state = State(seat=0, phase="over", passes=passes, reason=reason, **base)
        given = data.get("result")
        if (isinstance(given, Mapping) and "winner" in given
                and given["winner"] != result(state)["winner"]):
            raise ValueError("the result's winner does not match the captured marbles")
        return state

    if not _is_int(raw_to_move) or raw_to_move not in (0, 1):
        raise ValueError(f"to_move must be 0 or 1 in a running game, not {raw_to_move!r}")
    if passes == 2:
        raise ValueError("two passes in a row end the game, but phase is not 'over'")
    if phase == "put":
        if not bag:
            raise ValueError("phase 'put' needs a marble in the bag to put")
        if not any(r not in marbles and r not in pieces for r in ring_set):
            raise ValueError("phase 'put' needs an empty ring to put the marble on")
        if passes:
            raise ValueError("phase 'put' follows a take, so passes must be 0")
    return State(seat=raw_to_move, phase=phase, passes=passes, **base)


REVEALING_EVENTS = (MarbleDrawn,)
"""Events that bring hidden information to light (the bag's next marble): undo stops there."""
