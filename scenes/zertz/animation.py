"""A Zertz move shown on the table, step by step, and each seat's last move marked.

The computer's pick glows first (``AI_LEAD``), then each step of its move (the marble into
the tray, the rings vanishing, the marble out of the bag, the put) comes after the one
before has landed, ``STEP_PAUSE`` apart, and its next move waits until the last step has
been seen. Times are tween seconds (the animation speed setting scales them; nothing waits
at instant). Each seat's last move stays marked (``mark_move``; ``BoardMarks`` keeps a
"took · put" tag next to its own ring and off the panels).
``MoveAnimation`` is a part of ``scenes.zertz.table.ZertzTable`` (a mixin).
"""

from __future__ import annotations

from collections.abc import Callable

import esper
import pygame

from ecs.components import Draggable, DropTarget, Glow, Sprite, Transform, ZOrder
from ecs.tween import animate, ease_out_back, move_to
from game.rules import zertz as rules
from scenes import theme
from scenes.marks import LastMoves
from scenes.zertz import words
from scenes.zertz.layout import TRAY_SCALE, Z_BOARD, Z_DRAWN, Z_TRAY

AI_LEAD = 0.4  # seconds the AI's pick glows before it moves
MOVE_TIME = 0.4  # a piece or marble gliding to its place
STEP_PAUSE = 0.35  # between the steps of the computer's move, and before its next move
RING_TIME = 0.45  # a removed ring shrinking away
DRAW_TIME = 0.35  # the drawn marble coming out of the bag
DRAWN_START_SCALE = 0.2  # its size at the bag as it waits to come out


PANEL_MARGIN = 6  # a tag stays this far from a panel (a seat's turn outline stands 3 px out)


class BoardMarks(LastMoves):
    """The last-move marks of a Zertz table: a tag ("took · put") stands on the top or bottom
    edge of its ring's outline, covering a third of it at least (slid farther it stood
    beside the next ring and seemed to name that one), clear of every panel (``panels()``;
    a Persian tag, wider, slid onto the captured-marbles panel)."""

    def __init__(self, colour: Callable[[int], tuple[int, int, int]],
                 panels: Callable[[], list[pygame.Rect]]) -> None:
        super().__init__(colour)
        self.panels = panels

    def tag_spots(self, label: str, box: pygame.Rect, edge: str,
                  bounds: pygame.Rect) -> list[pygame.Rect]:
        spots = super().tag_spots(label, box, edge, bounds)
        panels = [p.inflate(2 * PANEL_MARGIN, 2 * PANEL_MARGIN) for p in self.panels()]
        clear = [s for s in spots if s.collidelist(panels) == -1]
        near = [s for s in clear if s.clip(box).width >= box.width // 3]
        return near or clear or spots


class MoveAnimation:
    """Turns a move's events into tweens of the board's entities, and marks the move."""

    _last_dropped: int | None = None  # the entity a person just dropped (it settles there)

    def animate(self, seat: int, move: str, events: list) -> None:
        human = self.paced_as_person(seat)  # (a replay's steps too)
        lead = 0.0 if human else AI_LEAD
        gap = 0.0 if human else STEP_PAUSE
        dropped, self._last_dropped = self._last_dropped, None
        if dropped is not None:
            self.drag.settle(dropped)
        landed = lead  # when the step shown so far has landed
        removed = [e.ring for e in events if isinstance(e, rules.RingRemoved)]
        for event in events:
            if isinstance(event, rules.PiecePlaced):
                ent = dropped if dropped in self.supply_ents[seat] else self.supply_ents[seat][-1]
                self.supply_ents[seat].remove(ent)
                self.piece_ents[event.ring] = ent
                esper.component_for_entity(ent, ZOrder).z = Z_BOARD + 1
                self._glow_then_move(ent, self.ring_center(event.ring), lead)
                self.audio.request("place")
                landed = lead + MOVE_TIME
            elif isinstance(event, rules.MarbleTaken):
                ent = self.marble_ents.pop(event.ring)
                slot = sum(1 for c, _ in self.tray_ents[seat] if c == event.colour)
                self.tray_ents[seat].append((event.colour, ent))
                esper.component_for_entity(ent, ZOrder).z = Z_TRAY + 5
                self._glow_then_move(ent, self.tray_spot(seat, event.colour, slot), lead,
                                     roll=True)
                animate(ent, "scale", TRAY_SCALE, MOVE_TIME, delay=lead)
                self.audio.request("capture")
                landed = lead + MOVE_TIME
            elif isinstance(event, rules.RingRemoved):
                ent = self.ring_ents[event.ring]
                esper.remove_component(ent, DropTarget)
                sprite = esper.component_for_entity(ent, Sprite)
                start = landed + gap
                animate(ent, "scale", 0.2, RING_TIME, delay=start)
                animate(ent, "alpha", 0, RING_TIME, delay=start,
                        on_done=lambda s=sprite: setattr(s, "visible", False))
                if event.ring == removed[-1]:
                    landed = start + RING_TIME  # the rings of one take vanish together
            elif isinstance(event, rules.MarbleDrawn):
                ent = self.new_marble(event.colour, self.bag_spot(), Z_DRAWN, kind="drawn")
                t = esper.component_for_entity(ent, Transform)
                t.scale = DRAWN_START_SCALE
                x, y = self.drawn_spot()
                start = landed + (gap or 0.15)
                move_to(ent, x, y, DRAW_TIME, ease_out_back, delay=start)
                animate(ent, "scale", 1.0, DRAW_TIME, ease_out_back, delay=start)
                self.drawn_ent = ent
                landed = start + DRAW_TIME
            elif isinstance(event, rules.MarblePut):
                ent = self.drawn_ent
                self.drawn_ent = None
                self.marble_ents[event.ring] = ent
                esper.component_for_entity(ent, Draggable).kind = "marble"
                esper.component_for_entity(ent, ZOrder).z = Z_BOARD
                self._glow_then_move(ent, self.ring_center(event.ring), lead)
                self.audio.request("place")
                landed = lead + MOVE_TIME
            elif isinstance(event, rules.Passed):
                self.app.toast(words.passes(words.seat_name(event.seat)))
            elif isinstance(event, rules.GameOver):
                self.audio.request("score")
        # (marked as its pieces set off: a computer's outline stood on the ring it was going
        # to while the marble still glowed in the bag's slot, telling the move, pt106)
        self.after_lead(lambda: self.mark_move(seat, events))
        self.arrange(delay=lead)
        if not human:  # the next move waits until this one has been seen
            self.hold(landed + STEP_PAUSE)

    def mark_move(self, seat: int, events: list) -> None:
        """Outline what ``seat`` did until its next turn: the ring it placed or put on, and
        dashed the ring it took a marble from; a ring it removed is crossed out where it
        stood (a "cross" mark: a dashed circle there would read as a ring still standing;
        a take mark of any seat on that ring becomes a cross too).
        A put on the ring the same turn took from is one solid outline tagged "took · put"
        (the two outlines would coincide and the take would be lost)."""
        removed = {e.ring for e in events if isinstance(e, rules.RingRemoved)}
        for event in events:
            if isinstance(event, rules.PiecePlaced):
                self.marks.place(seat, self.layout[event.ring].rect, shape="circle")
            elif isinstance(event, rules.MarblePut):
                rect = self.layout[event.ring].rect
                marks = self.marks.marks.get(seat, [])
                took_here = [m for m in marks if m.dashed and m.rect == rect]
                for mark in took_here:
                    marks.remove(mark)
                arriving = self.marble_ents.get(event.ring)  # (its tag waits for it to land)
                self.marks.place(seat, rect, words.took_and_put() if took_here else "",
                                 shape="circle", arriving=() if arriving is None else (arriving,))
            elif isinstance(event, rules.MarbleTaken) and event.ring not in removed:
                self.marks.place(seat, self.layout[event.ring].rect, shape="circle",
                                 dashed=True)
            elif isinstance(event, rules.RingRemoved):
                rect = self.layout[event.ring].rect
                for marks in self.marks.marks.values():  # another seat's take from it too
                    for mark in marks:
                        if mark.rect == rect and mark.dashed:
                            mark.shape, mark.dashed = "cross", False
                self.marks.place(seat, rect, shape="cross")

    def _glow_then_move(self, ent: int, pos, lead: float, roll: bool = False) -> None:
        duration = MOVE_TIME
        if lead > 0:
            esper.add_component(ent, Glow(theme.GOLD, 4))
            animate(ent, "lift", 0.0, lead, on_done=lambda: esper.entity_exists(ent)
                    and esper.try_remove_component(ent, Glow))
        move_to(ent, pos[0], pos[1], duration, delay=lead)
        if roll:
            t = esper.component_for_entity(ent, Transform)
            t.angle = 0
            animate(ent, "angle", -360, duration, delay=lead)
