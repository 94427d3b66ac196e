"""Gestures into Zertz moves, and Zertz moves played as a person would.

``MoveInput`` (a part of ``scenes.zertz.table.ZertzTable``) turns a drop, or a click on a
piece then on its target, into ``place``/``take``/``put``, and explains in words what it
refuses: a drop on the wrong thing, or a press on a marble that cannot be taken.
``gesture_for``/``perform`` make the gestures of a move for tests, the tour, autoplay and
the monkey; ``tour`` shows the table's screens.
"""

from __future__ import annotations

import random

import esper

from ecs.components import Draggable, DropTarget, Transform
from ecs.input import topmost_at
from game.catalog import GameConfig
from game.rules import zertz as rules
from game.session import Session
from scenes.zertz import words


class MoveInput:
    """What a drop or a press on the board means, and why not when it means nothing."""

    def _move_for(self, entity: int, target: int) -> tuple[str | None, str]:
        """(the move, "") for a drop of ``entity`` on ``target``, or (None, why not)."""
        drag = esper.component_for_entity(entity, Draggable)
        drop = esper.component_for_entity(target, DropTarget)
        seat = self.state.seat
        if not self.rules.human_to_move():
            return None, words.not_your_turn()
        if drop.data == "ring":
            if drag.kind == "piece":
                return f"place {drop.name}", ""
            if drag.kind == "drawn":
                return f"put {drop.name}", ""
            return None, words.marble_onto_ring()
        if drag.kind == "piece":
            return None, words.piece_into_tray()
        if drag.kind != "marble":
            return None, words.drawn_into_tray()
        if drop.data != seat:
            return None, words.wrong_tray(words.seat_name(drop.data))
        ring = self.ring_of(entity)
        return (f"take {ring}", "") if ring else (None, words.marble_gone())

    def check(self, move: str) -> tuple[bool, str]:
        """(True, "") if ``move`` is legal now, else (False, why not in plain words)."""
        ok, reason = super().check(move)
        return (ok, "") if ok else (False, words.why_not(self.state, move, reason))

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        move, reason = self._move_for(entity, target)
        return (False, reason) if move is None else self.check(move)

    def move_for_drop(self, entity: int, target: int) -> str | None:
        move, reason = self._move_for(entity, target)
        if move is None:
            self.refuse(reason, None)
            self.drag.glide_back(entity)
            return None
        self._last_dropped = entity
        return move

    def handle(self, event) -> None:
        if event.kind == "down" and event.button == 1 and self.replay is None:
            self._explain_refused_press(event.pos)
        super().handle(event)

    def _explain_refused_press(self, pos: tuple[int, int]) -> None:
        """A press on a marble that cannot be taken says why, as a refused drop does (not
        while something is selected: then the press says where that goes)."""
        if (not self.rules.offering() or self.drag.held is not None
                or self.drag.selected is not None):
            return
        ent = topmost_at(pos, Draggable)
        ring = self.ring_of(ent)
        if ring is None or esper.component_for_entity(ent, Draggable).enabled:
            return
        ok, reason = self.check(f"take {ring}")
        if not ok:
            self.refuse(reason, None)


# -- gestures for tests, the tour, autoplay and the monkey -----------------------------------

def gesture_for(table, move: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a person would press and release to play ``move`` (autoplay and tests)."""
    verb, _, ring = move.partition(" ")
    seat = table.state.seat
    if verb == "place":
        return _centre(table.supply_ents[seat][-1]), table.ring_center(ring)
    if verb == "take":
        return _centre(table.marble_ents[ring]), table.layout[f"tray_{seat}"].rect.center
    if verb == "put" and table.drawn_ent is not None:
        return _centre(table.drawn_ent), table.ring_center(ring)
    button = next(w for w in table.widgets.widgets if getattr(w, "move", None) == "pass")
    return button.rect.center, button.rect.center


def _centre(ent: int) -> tuple[float, float]:
    t = esper.component_for_entity(ent, Transform)
    return t.x, t.y + t.dy


def perform(drive, table, move: str, by: str = "drag") -> None:
    """Play ``move`` the way a person would: a drag (or, ``by="click"``, a click on the
    piece or marble and then on where it goes), or the Pass button."""
    start, end = gesture_for(table, move)
    if start == end:
        drive.click(start)
    elif by == "click":
        drive.click(start)
        drive.click(end)
    else:
        drive.drag(start, end, steps=6)


def session_at(config: GameConfig, state: rules.State) -> Session:
    """A session starting from an arbitrary position (tests and the tour)."""
    return Session(config, rules, state, state)


def tour(app, drive):
    """Screens for the tour: a fresh board, mid-game, a drag in progress, a put, a piece
    selected for click-to-move (its rings lit), a refusal, the end."""
    from game.catalog import Seat
    from scenes.zertz.table import ZertzTable

    yield "start"
    rng = random.Random(4)
    state = app.scenes.top.state
    for ply in range(60):  # a seeded opening, played through the engine, up to a position
        moves = rules.legal_moves(state)  # where the player to move can take a marble
        takes = [m for m in moves if m.startswith("take")]
        if ply >= 12 and takes and state.phase == "act":
            break
        state = rules.play(state, rng.choice(takes if ply < 8 and takes else moves))
    seats = [Seat("ai", "normal"), Seat("ai", "normal")]
    seats[state.seat] = Seat("human")
    config = GameConfig("zertz", tuple(seats), 2026, {"first": None})
    mid = ZertzTable(app, config, session_at(config, state))
    app.scenes.reset(mid, transition=None)
    drive.settle()
    yield "midgame"
    if mid.supply_ents[state.seat]:
        drive.click(drive.center_of(mid.supply_ents[state.seat][-1]))
        yield "piece_selected"
        drive.click(mid.ring_center(next(iter(state.marbles))))  # a ring with a marble
        drive.settle()
        drive.step(3)
        yield "refused_on_occupied_ring"
        mid.cancel_selection()
    takes = [m for m in mid.legal() if m.startswith("take")]
    if takes:
        ring = takes[0].split()[1]
        drive.press(drive.center_of(mid.marble_ents[ring]))
        drive.move(mid.layout[f"tray_{state.seat}"].rect.center, steps=10)
        yield "dragging_marble"
        drive.release()
        drive.settle()
        yield "put_drawn_marble"
    elif mid.supply_ents[state.seat]:
        ring = next(m.split()[1] for m in mid.legal() if m.startswith("place"))
        drive.press(drive.center_of(mid.supply_ents[state.seat][-1]))
        drive.move(mid.ring_center(ring), steps=10)
        yield "dragging_piece"
        drive.release()
    # a whole seeded game; its last move is played on the table by the person, so the
    # results screen, its log, the replay and the statistics are all real
    end = rules.new_game(2, seed=config.seed)
    moves: list[str] = []
    last_mover = 0
    while rules.result(end) is None:
        last_mover = end.seat
        moves.append(rng.choice(rules.legal_moves(end)))
        end = rules.play(end, moves[-1])
    seats = [Seat("ai", "normal"), Seat("ai", "normal")]
    seats[last_mover] = Seat("human")
    final = GameConfig("zertz", tuple(seats), config.seed, {})
    session = Session.new(final)
    for move in moves[:-1]:
        session.play(move)
    over = ZertzTable(app, final, session)
    app.scenes.reset(over, transition=None)
    drive.settle()
    over.rules.submit(moves[-1])
    drive.settle()
    drive.step(3)
    drive.settle()
    yield "game_over"
