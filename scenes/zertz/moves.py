"""Gestures into Zertz moves, and Zertz moves played as a person would.

``MoveInput`` (a part of ``scenes.zertz.table.ZertzTable``) turns a drop, or a click on a
piece then on its target, into ``place``/``take``/``put``, and explains in words what it
refuses: a drop on the wrong thing, on a removed ring or between the rings; a press on
anything that cannot be picked up (a marble that cannot be taken, the other player's or the
computer's supply, a placed piece, a captured marble, anything while it is not your turn).
``gesture_for``/``perform`` make the gestures of a move for tests, the tour, autoplay and
the monkey; ``tour`` shows the table's screens.
"""

from __future__ import annotations

import random

import esper

from ecs.components import Draggable, DropTarget, Transform
from ecs.input import topmost_at
from ecs.intents import ClickIntent
from game.catalog import GameConfig
from game.rules import zertz as rules
from game.session import Session
from scenes.zertz import layout as geo
from scenes.zertz import words

RING_RADIUS = 35  # a point this near a ring's centre is on the ring (removed or not)
GAP_DISTANCE = 60  # a point this near a ring's centre, on none, is between the rings


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

    def move_for_intent(self, intent) -> str | None:
        """A click on an empty ring with nothing chosen: your next piece goes there, or the
        drawn marble after a take (what else could the click mean); else nothing."""
        if not isinstance(intent, ClickIntent) or self.replay is not None:
            return None
        x, y = intent.pos
        down = getattr(self, "_down_at", None)  # a click: pressed there too (not a drag of
        if down is None or abs(down[0] - x) > 6 or abs(down[1] - y) > 6:  # something refused)
            return None
        ring = min(self.state.rings, key=lambda r: (self.layout[r].rect.centerx - x) ** 2
                   + (self.layout[r].rect.centery - y) ** 2, default=None)
        if ring is None or (self.layout[ring].rect.centerx - x) ** 2 + (
                self.layout[ring].rect.centery - y) ** 2 > RING_RADIUS ** 2:
            return None
        move = f"put {ring}" if self.state.phase == "put" else f"place {ring}"
        if self.rules.human_to_move() and self.legal() == ["pass"]:  # (the click did nothing
            self.app.toast(words.only_pass())  # and said nothing)
            return None
        return move if self.rules.human_to_move() and self.is_legal(move) else None

    def handle(self, event) -> None:
        if event.button == 1 and self.replay is None and not self.rules.over:
            if event.kind == "down":
                self._down_at = event.pos
                self._explain_refused_press(event.pos)
            elif event.kind == "up":
                self._explain_drop_on_nothing(event.pos)
        super().handle(event)

    def _presser(self) -> int | None:
        """The seat of the person at the screen: the only person, or between people the
        one to move (None when only the computer plays)."""
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        return self.state.seat if humans else None

    def _explain_refused_press(self, pos: tuple[int, int]) -> None:
        """A press on anything that cannot be picked up says why, as a refused drop does
        (not while something is held or selected: then the press says where that goes)."""
        if self.drag.held is not None:
            return
        ent = topmost_at(pos, Draggable)
        if ent is None or esper.component_for_entity(ent, Draggable).enabled:
            return
        if self.drag.selected is not None:
            # (a selection's click says where that goes; but a click on your own pieces
            # with the drawn marble chosen did nothing and said nothing, pt122)
            if (self.drag.selected == getattr(self, "drawn_ent", None)
                    and esper.component_for_entity(ent, Draggable).kind == "piece"
                    and self.state.phase == "put"):
                self.refuse(words.why_not(self.state, "place", ""), None)
            return
        reason = self._why_not_pressed(ent)
        if reason:
            self.refuse(reason, None)

    def _why_not_pressed(self, ent: int) -> str:
        """Why ``ent`` (a piece, a marble, the drawn marble) cannot be picked up now."""
        me = self._presser()
        if me is None:
            return ""
        drag = esper.component_for_entity(ent, Draggable)
        state = self.state
        if drag.kind == "piece":
            ring = next((r for r, e in self.piece_ents.items() if e == ent), None)
            if ring is not None:  # on the board: pieces never move
                return words.piece_stays(ring, None if drag.data == me
                                         else words.seat_name(drag.data))
            if drag.data != me:  # the other seat's supply
                owner = words.seat_name(drag.data)
                if not self.config.seats[drag.data].is_human:
                    return words.computers_pieces(owner)
                if state.phase == "put" and self.rules.human_to_move():  # (no place now)
                    return words.why_not(state, "place", "")  # first put the drawn marble
                return words.others_pieces(owner, words.seat_name(me))
        elif drag.kind == "marble" and self.ring_of(ent) is None:
            return words.captured_stays()  # a marble in a tray
        if not self.rules.human_to_move():
            return words.not_your_turn()
        if not self.rules.offering():
            return words.wait_for_the_table()
        ring = self.ring_of(ent)
        if ring is not None:
            return self.check(f"take {ring}")[1]
        if drag.kind == "piece" and state.phase == "put":
            return words.why_not(state, "place", "")  # first put the drawn marble
        return ""

    def _explain_drop_on_nothing(self, pos: tuple[int, int]) -> None:
        """A piece or marble let go (or a selection's click) on no ring: over a ring that
        has been removed say so; between the rings say where it goes. Elsewhere on the
        felt it glides back (a selection is let go) without a word."""
        ent = self.drag.held
        clicked = ent is None
        if clicked:
            ent = self.drag.selected
            if ent is None or topmost_at(pos, Draggable) is not None:
                return
        if not esper.entity_exists(ent) or self.drag.target_at(pos) is not None:
            return
        reason = self._why_not_there(ent, pos, clicked)
        if reason:
            self.refuse(reason, None)

    def _why_not_there(self, ent: int, pos: tuple[int, int], clicked: bool) -> str:
        kind = esper.component_for_entity(ent, Draggable).kind
        state = self.state
        x, y = pos

        def distance(ring: str) -> float:
            cx, cy = self.layout[ring].rect.center
            return ((cx - x) ** 2 + (cy - y) ** 2) ** 0.5

        near = min(rules.RINGS, key=distance)
        if near not in state.rings and distance(near) <= RING_RADIUS:
            if kind == "marble":
                return words.marble_onto_ring()
            return words.why_not(state, f"place {near}", "")  # the ring has been removed
        on_pieces = any(self.layout[f"supply_{seat}"].rect.collidepoint(pos) for seat in (0, 1))
        if kind == "marble" and on_pieces:
            # (dropped on the pieces' panel, read as "your tray": nothing said, pt95)
            return words.marble_onto_pieces()
        if on_pieces and not clicked:  # a piece or the drawn marble dropped on a pieces
            return words.drop_on_a_ring()  # panel went back without a word (pt115)
        if not clicked and geo.bag_panel(self.layout).collidepoint(pos):
            # (dropped on the bag it went back without a word, pt115; the drawn marble
            # let go there is only put back where it waits)
            if kind == "marble":
                return words.marble_into_bag()
            if kind == "piece":
                return words.drop_on_a_ring()
        if not clicked and any(self.layout[zone].rect.collidepoint(pos)
                               for zone in ("log", "status")):
            # (the move list and the status panel are no felt either: silent there, pt122)
            return words.marble_onto_pieces() if kind == "marble" else words.drop_on_a_ring()
        if clicked or distance(near) > GAP_DISTANCE:
            return ""  # a click beside the rings lets the selection go, as on bare felt
        return words.marble_onto_ring() if kind == "marble" else words.drop_on_a_ring()


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
