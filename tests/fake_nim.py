"""A tiny game that keeps the engine contract, for testing the game-agnostic layers.

Nim: a pile of counters; each turn a seat takes 1, 2 or 3; whoever takes the last wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import IllegalMove


@dataclass(frozen=True)
class State:
    pile: int
    to_move: int
    players: int = 2
    winner: int | None = None


@dataclass(frozen=True)
class Took:
    seat: int
    count: int


def new_game(players=None, seed=0, **options):
    return State(options.get("pile", 10), 0, players or 2)


def load(data):
    return State(data["pile"], data["to_move"], data.get("players", 2), data.get("winner"))


def dump(state):
    return {"game": "nim", "pile": state.pile, "to_move": state.to_move,
            "players": state.players, "winner": state.winner}


def legal_moves(state):
    if state.winner is not None:
        return []
    return [f"take {n}" for n in (1, 2, 3) if n <= state.pile]


def play_events(state, move):
    if move not in legal_moves(state):
        raise IllegalMove(f"{move!r} is not possible: the pile has {state.pile}")
    n = int(move.split()[1])
    pile = state.pile - n
    winner = state.to_move if pile == 0 else None
    nxt = (state.to_move + 1) % state.players
    return State(pile, nxt, state.players, winner), [Took(state.to_move, n)]


def play(state, move):
    return play_events(state, move)[0]


def to_move(state):
    return None if state.winner is not None else state.to_move


def result(state):
    return None if state.winner is None else {"winner": state.winner}


def view(state, seat):
    return dump(state)
