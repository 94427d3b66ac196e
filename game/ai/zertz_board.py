"""A compact Zertz board for search: every ring set is a 37-bit integer.

``Board`` follows ``game.rules.zertz`` move for move (a test checks it) but plays several
times faster: rings on the board, marbles of each colour, each seat's pieces and the rings
next to each seat's pieces are bitmasks (bit ``i`` is ``rules.RINGS[i]``), so legality,
ring removal and the evaluation's counts are a few integer operations.

The bag order is hidden from the AI: a board holds the bag as counts per colour, and a take
goes to phase ``DRAW`` (a chance node: the search calls ``draw(colour)`` for each colour
still in the bag) before the taker puts the drawn marble (phase ``PUT``).

Move codes: ``kind << 6 | ring index`` with kinds ``PASS, PLACE, TAKE, PUT``.
"""

from __future__ import annotations

from game.rules import zertz as rules

N = len(rules.RINGS)
ALL = (1 << N) - 1
NB: tuple[int, ...] = tuple(
    sum(1 << rules.RING_INDEX[n] for n in rules.NEIGHBOURS[r]) for r in rules.RINGS)
"""Ring index -> bitmask of its hex neighbours."""
NB_LIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(rules.RING_INDEX[n] for n in rules.NEIGHBOURS[r]) for r in rules.RINGS)

ACT, PUT, DRAW, OVER = range(4)
PASS, PLACE, TAKE, PUT_MOVE = range(4)
VERBS = ("pass", "place", "take", "put")
COLOUR_CODE = {c: i + 1 for i, c in enumerate(rules.COLOURS)}  # white 1, grey 2, black 3
SIX = rules.MARBLES_PER_COLOUR


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Board:
    """A search position; ``play``/``draw`` return new boards.

    ``m`` holds the marble masks per colour code (index 0 unused), ``pc`` each seat's piece
    mask, ``adj`` the rings next to each seat's pieces, ``cap`` the marbles each seat took per
    colour, ``pts`` their points, ``bag`` the counts left per colour; ``drawn`` is the colour
    code of the marble to put (phase ``PUT``).
    """

    __slots__ = ("adj", "bag", "cap", "drawn", "m", "on", "passes", "pc", "phase", "pts",
                 "seat", "supply", "winner")

    on: int
    m: tuple[int, int, int, int]
    pc: tuple[int, int]
    adj: tuple[int, int]
    supply: tuple[int, int]
    cap: tuple[tuple[int, int, int], tuple[int, int, int]]
    pts: tuple[int, int]
    bag: tuple[int, int, int]
    seat: int
    phase: int
    drawn: int
    passes: int
    winner: int | None

    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.on = self.on
        new.m = self.m
        new.pc = self.pc
        new.adj = self.adj
        new.supply = self.supply
        new.cap = self.cap
        new.pts = self.pts
        new.bag = self.bag
        new.seat = self.seat
        new.phase = self.phase
        new.drawn = self.drawn
        new.passes = self.passes
        new.winner = self.winner
        return new

    # -- derived sets ---------------------------------------------------------------------

    def marbles(self) -> int:
        m = self.m
        return m[1] | m[2] | m[3]

    def empty(self) -> int:
        m = self.m
        return self.on & ~(m[1] | m[2] | m[3] | self.pc[0] | self.pc[1])

    def colour_at(self, i: int) -> int:
        bit = 1 << i
        m = self.m
        return 1 if m[1] & bit else 2 if m[2] & bit else 3 if m[3] & bit else 0

    # -- moves ----------------------------------------------------------------------------

    def moves(self) -> list[int]:
        """Legal moves as codes, in the rules' canonical order (places, then takes)."""
        if self.phase == PUT:
            return [PUT_MOVE << 6 | i for i in bits(self.empty())]
        if self.phase != ACT:
            return []
        seat = self.seat
        out = [PLACE << 6 | i for i in bits(self.empty())] if self.supply[seat] > 0 else []
        takes = self.marbles() & self.adj[seat]
        if takes:
            out += [TAKE << 6 | i for i in bits(takes)]
        return out or [PASS]

    def play(self, move: int) -> Board:
        kind, i = move >> 6, move & 63
        new = self.copy()
        seat = self.seat
        if kind == PLACE:
            bit = 1 << i
            if seat == 0:
                new.pc = (self.pc[0] | bit, self.pc[1])
                new.adj = (self.adj[0] | NB[i], self.adj[1])
                new.supply = (self.supply[0] - 1, self.supply[1])
            else:
                new.pc = (self.pc[0], self.pc[1] | bit)
                new.adj = (self.adj[0], self.adj[1] | NB[i])
                new.supply = (self.supply[0], self.supply[1] - 1)
            new.seat = 1 - seat
            new.passes = 0
        elif kind == PUT_MOVE:
            m = list(self.m)
            m[self.drawn] |= 1 << i
            new.m = (0, m[1], m[2], m[3])
            new.drawn = 0
            new.phase = ACT
            new.seat = 1 - seat
            new.passes = 0
        elif kind == TAKE:
            bit = 1 << i
            colour = self.colour_at(i)
            m = list(self.m)
            m[colour] &= ~bit
            new.m = (0, m[1], m[2], m[3])
            on = self.on
            filled = m[1] | m[2] | m[3] | self.pc[0] | self.pc[1]
            candidates = bit | (NB[i] & on & ~filled)
            for x in bits(candidates):
                if not NB[x] & filled:
                    on &= ~(1 << x)
            new.on = on
            tray = list(self.cap[seat])
            tray[colour - 1] += 1
            t = (tray[0], tray[1], tray[2])
            new.cap = (t, self.cap[1]) if seat == 0 else (self.cap[0], t)
            new.pts = ((self.pts[0] + colour, self.pts[1]) if seat == 0
                       else (self.pts[0], self.pts[1] + colour))
            new.passes = 0
            if t[colour - 1] >= SIX:
                new.phase, new.winner = OVER, seat
            elif not (self.bag[0] or self.bag[1] or self.bag[2]):
                new.phase, new.winner = OVER, tie_break(new)
            else:
                new.phase = DRAW
        else:
            new.passes = self.passes + 1
            if new.passes >= 2:
                new.phase, new.winner = OVER, tie_break(new)
            else:
                new.seat = 1 - seat
        return new

    def draw(self, colour: int) -> Board:
        """The taker draws ``colour`` (1..3) from the bag: phase put."""
        new = self.copy()
        b = list(self.bag)
        b[colour - 1] -= 1
        new.bag = (b[0], b[1], b[2])
        new.drawn = colour
        new.phase = PUT
        return new

    def key(self) -> tuple:
        """Everything that decides the game from here (for the transposition table)."""
        m = self.m
        return (self.on, m[1], m[2], m[3], self.pc[0], self.pc[1], self.seat, self.phase,
                self.drawn, self.passes, self.supply, self.cap)


def tie_break(board: Board) -> int | None:
    """The winner of a game ended by the bag or by passes (None: a draw)."""
    p0, p1 = board.pts
    if p0 != p1:
        return 0 if p0 > p1 else 1
    n0, n1 = sum(board.cap[0]), sum(board.cap[1])
    if n0 != n1:
        return 0 if n0 > n1 else 1
    return None


def from_view(view: dict) -> Board:
    """Build a board from a ``view`` (bag order unknown: counts only).

    A full ``dump`` is accepted too; only the counts of its bag are used.
    """
    b = Board.__new__(Board)
    on = 0
    for name in view["rings"]:
        on |= 1 << rules.RING_INDEX[name]
    b.on = on
    m = [0, 0, 0, 0]
    for name, colour in view["marbles"].items():
        m[COLOUR_CODE[colour]] |= 1 << rules.RING_INDEX[name]
    b.m = (0, m[1], m[2], m[3])
    pc, adj = [0, 0], [0, 0]
    for name, seat in view["pieces"].items():
        i = rules.RING_INDEX[name]
        pc[seat] |= 1 << i
        adj[seat] |= NB[i]
    b.pc = (pc[0], pc[1])
    b.adj = (adj[0], adj[1])
    b.supply = (view["supply"][0], view["supply"][1])
    cap = [tuple(tray[c] for c in rules.COLOURS) for tray in view["captured"]]
    b.cap = (cap[0], cap[1])  # type: ignore[assignment]
    b.pts = tuple(sum(n * v for n, v in zip(tray, (1, 2, 3))) for tray in cap)  # type: ignore
    phase = view.get("phase", "act")
    bag, drawn = view["bag"], view.get("drawn")
    if isinstance(bag, list):  # a full dump: use the counts only, as a view would give them
        if phase == "put":
            bag, drawn = bag[1:], bag[0]
        bag = {c: bag.count(c) for c in rules.COLOURS}
    b.bag = (bag["white"], bag["grey"], bag["black"])
    b.passes = view.get("passes", 0)
    b.winner = None
    if phase == "over":
        b.phase, b.seat, b.drawn = OVER, 0, 0
        b.winner = view["result"]["winner"]
    else:
        b.seat = view["to_move"]
        b.phase = PUT if phase == "put" else ACT
        b.drawn = COLOUR_CODE[drawn] if phase == "put" else 0
    return b


def encode(move: str) -> int:
    """A move in notation as a move code (kind << 6 | ring index)."""
    words = move.split()
    kind = VERBS.index(words[0])
    return kind << 6 | (rules.RING_INDEX[words[1]] if len(words) > 1 else 0)


def decode(move: int) -> str:
    """A move code in notation."""
    kind, i = move >> 6, move & 63
    return "pass" if kind == PASS else f"{VERBS[kind]} {rules.RINGS[i]}"
