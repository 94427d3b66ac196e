"""From the Zertz position to entities on the table: rings, marbles, pieces, the supplies,
the trays and the marble drawn from the bag; where idle pieces rest; what may be picked up.

``BoardSync`` is a part of ``scenes.zertz.table.ZertzTable`` (a mixin): it keeps the maps
from rings to entities that the animation and the input use.
"""

from __future__ import annotations

import esper

from ecs.components import Draggable, DropTarget, Held, Hoverable, Sprite, Transform, ZOrder
from ecs.tween import move_to
from game.rules import zertz as rules
from scenes.zertz import art
from scenes.zertz import layout as geo
from scenes.zertz.layout import TRAY_SCALE, Z_BOARD, Z_DRAWN, Z_RING, Z_SUPPLY, Z_TRAY

SELECT_WHITE = (246, 242, 230)  # a chosen piece or marble's outline (the seats are red, blue)


class BoardSync:
    """Entities of the board, built from ``self.state`` and kept in step with it."""

    def init_board(self) -> None:
        self.ring_ents: dict[str, int] = {}
        self.marble_ents: dict[str, int] = {}
        self.piece_ents: dict[str, int] = {}
        self.supply_ents: list[list[int]] = [[], []]
        self.tray_ents: list[list[tuple[str, int]]] = [[], []]
        self.drawn_ent: int | None = None

    def build_table(self) -> None:
        state = self.state
        self.drag.cancel_on_miss = True  # a click on bare felt drops a selection
        # a chosen piece or marble is outlined in white: blue is Blue's (its last move)
        self.render.select_edge = SELECT_WHITE
        for zone in self.layout.layer("rings"):
            ent = esper.create_entity(
                Transform(*zone.rect.center), ZOrder(Z_RING),
                Sprite(art.ring(64, bool(zone.props.get("marked"))), shape="circle"),
            )
            self.ring_ents[zone.name] = ent
            if zone.name in state.rings:
                esper.add_component(ent, DropTarget(zone.rect.inflate(6, 6), zone.name, "ring",
                                                   shape="circle"))
            else:
                esper.component_for_entity(ent, Sprite).visible = False
        for seat in (0, 1):
            tray = self.layout[f"tray_{seat}"].rect
            esper.create_entity(DropTarget(tray.copy(), f"tray_{seat}", seat))
            for _ in range(state.supply[seat]):
                self.supply_ents[seat].append(self.new_piece(seat, self.layout[f"supply_{seat}"]
                                                             .rect.center))
            for colour, count in zip(rules.COLOURS, state.captured[seat]):
                for _ in range(count):
                    ent = self.new_marble(colour, tray.center, Z_TRAY)
                    esper.component_for_entity(ent, Transform).scale = TRAY_SCALE
                    self.tray_ents[seat].append((colour, ent))
        for ring, colour in state.marbles.items():
            self.marble_ents[ring] = self.new_marble(colour, self.ring_center(ring), Z_BOARD)
        for ring, seat in state.pieces.items():
            ent = self.new_piece(seat, self.ring_center(ring))
            esper.component_for_entity(ent, ZOrder).z = Z_BOARD
            self.piece_ents[ring] = ent
        if state.drawn is not None:
            self.drawn_ent = self.new_marble(state.drawn, self.drawn_spot(), Z_DRAWN,
                                             kind="drawn")
        self.arrange(duration=0.0)

    def new_marble(self, colour: str, pos, z: float, kind: str = "marble") -> int:
        return esper.create_entity(Transform(*pos), Sprite(art.marble(colour), shape="circle"),
                                   ZOrder(z), Draggable(enabled=False, kind=kind, data=colour),
                                   Hoverable())

    def new_piece(self, seat: int, pos) -> int:
        return esper.create_entity(Transform(*pos), Sprite(art.piece(seat), shape="circle"),
                                   ZOrder(Z_SUPPLY), Draggable(enabled=False, kind="piece",
                                                               data=seat), Hoverable())

    # -- geometry (the table's own names for ``scenes.zertz.layout``) -----------------
    def ring_center(self, ring: str) -> tuple[int, int]:
        return geo.ring_center(self.layout, ring)

    def supply_spot(self, seat: int, index: int) -> tuple[float, float]:
        return geo.supply_spot(self.layout, seat, index)

    def tray_spot(self, seat: int, colour: str, index: int) -> tuple[float, float]:
        return geo.tray_spot(self.layout, seat, colour, index)

    def tray_row_y(self, seat: int, row: int) -> int:
        return geo.tray_row_y(self.layout, seat, row)

    def row_label_spots(self) -> list[tuple[int, tuple[float, float]]]:
        return geo.row_label_spots(self.layout)

    def drawn_spot(self) -> tuple[float, float]:
        return geo.drawn_spot(self.layout)

    def bag_spot(self) -> tuple[float, float]:
        return geo.bag_spot(self.layout)

    def ring_of(self, ent: int | None) -> str | None:
        """The ring a marble entity stands on, or None."""
        return next((r for r, e in self.marble_ents.items() if e == ent), None)

    # -- resting places and what may be touched ---------------------------------------
    def arrange(self, duration: float = 0.3, delay: float = 0.0) -> None:
        """Move supply pieces and tray marbles to their canonical spots."""
        for seat in (0, 1):
            for i, ent in enumerate(self.supply_ents[seat]):
                self._place(ent, self.supply_spot(seat, i), duration, delay)
            counts = {c: 0 for c in rules.COLOURS}
            for colour, ent in self.tray_ents[seat]:
                spot = self.tray_spot(seat, colour, counts[colour])
                counts[colour] += 1
                t = esper.component_for_entity(ent, Transform)
                if duration == 0:
                    t.x, t.y = spot

    def _place(self, ent: int, spot, duration: float, delay: float) -> None:
        held = esper.try_component(ent, Held)
        if held is not None:  # in the person's hand: it stays there, with a new home
            held.home = (spot[0], spot[1], None)
            return
        t = esper.component_for_entity(ent, Transform)
        if duration <= 0:
            t.x, t.y = spot
        elif (t.x, t.y) != spot:
            move_to(ent, spot[0], spot[1], duration, delay=delay)

    def enable_pieces(self, human: bool, legal: set[str]) -> None:
        """Exactly the pieces and marbles the person to move may use can be picked up."""
        phase = self.state.phase
        seat = self.state.seat
        for s in (0, 1):
            for ent in self.supply_ents[s]:
                esper.component_for_entity(ent, Draggable).enabled = (
                    human and phase == "act" and s == seat
                    and any(m.startswith("place ") for m in legal))
                esper.component_for_entity(ent, Hoverable).raise_px = 4 if (
                    human and s == seat and phase == "act") else 0
        for ring, ent in self.marble_ents.items():
            esper.component_for_entity(ent, Draggable).enabled = f"take {ring}" in legal
            esper.component_for_entity(ent, Draggable).kind = "marble"
        for ent in self.piece_ents.values():
            esper.component_for_entity(ent, Draggable).enabled = False
            esper.component_for_entity(ent, Hoverable).raise_px = 0
        for s in (0, 1):  # captured marbles stay in their trays (the one just taken too)
            for _colour, ent in self.tray_ents[s]:
                esper.component_for_entity(ent, Draggable).enabled = False
        if self.drawn_ent is not None:
            esper.component_for_entity(self.drawn_ent, Draggable).enabled = human and (
                phase == "put")
