"""The Zertz board: rings from the Tiled map, glass marbles, the players' pieces and trays.

Drag a piece from your supply onto an empty ring, a marble next to one of your pieces into
your tray, and after a take the marble drawn from the bag onto an empty ring; or click the
thing, then click where it goes. Legal targets glow while you hold something; an illegal
drop glides back with the engine's reason, and pressing a marble that cannot be taken says
why. AI moves are animated the same way, the AI's pick glowing briefly first and each step
of a take (the marble to the tray, the rings vanishing, the marble out of the bag, the put)
shown after the one before has landed. Each seat's last move stays outlined in its colour
(``scenes.marks``): the ring placed on or put on, dashed where a marble was taken or a ring
removed. Columns are lettered and rows numbered as in the move log. H (or the Hint button)
shows the move the hard AI would make.
"""

from __future__ import annotations

import math
import random

import esper
import pygame

from ecs.components import Draggable, DropTarget, Glow, Hoverable, Sprite, Transform, ZOrder
from ecs.input import topmost_at
from ecs.tween import animate, ease_out_back, move_to
from game.ai import zertz as zertz_ai
from game.catalog import GameConfig
from game.layout import load_layout
from game.rules import zertz as rules
from game.session import Session
from scenes import theme, zertz_art
from scenes.game_table import GameTable
from scenes.marks import LastMoves
from scenes.widgets import Button, WidgetGroup

SEAT_COLOURS = (theme.RED, theme.BLUE)
MARK_COLOURS = ((255, 110, 96), (110, 170, 255))  # each seat's last move, outlined
REASONS = {"six": "{name} collected all six {colour} marbles.",
           "bag": "The bag ran out: the higher total of captured marbles wins.",
           "passes": "Neither player could move: the higher total wins."}
AI_LEAD = 0.4  # seconds the AI's pick glows before it moves
MOVE_TIME = 0.4  # a piece or marble gliding to its place
STEP_PAUSE = 0.35  # between the steps of the computer's move, and before its next move
RING_TIME = 0.45  # a removed ring shrinking away
DRAW_TIME = 0.35  # the drawn marble coming out of the bag
TRAY_SCALE = 0.8  # captured marbles are a little smaller in the tray
TRAY_MARBLE_DY = 27  # a tray row's marbles sit this far below its caption

Z_RING, Z_BOARD, Z_TRAY, Z_SUPPLY, Z_DRAWN = 0, 10, 20, 30, 40


class ZertzTable(GameTable):
    name = "zertz"
    rules_module = rules
    ai_module = zertz_ai

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        self.layout = load_layout("zertz")
        self.ring_ents: dict[str, int] = {}
        self.marble_ents: dict[str, int] = {}
        self.piece_ents: dict[str, int] = {}
        self.supply_ents: list[list[int]] = [[], []]
        self.tray_ents: list[list[tuple[str, int]]] = [[], []]
        self.drawn_ent: int | None = None
        self._last_dropped: int | None = None
        self.marks = LastMoves(lambda seat: MARK_COLOURS[seat])

    # -- building ----------------------------------------------------------------------
    def build_table(self) -> None:
        state = self.state
        for zone in self.layout.layer("rings"):
            ent = esper.create_entity(
                Transform(*zone.rect.center), ZOrder(Z_RING),
                Sprite(zertz_art.ring(64, bool(zone.props.get("marked"))), shape="circle"),
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
                self.supply_ents[seat].append(self._new_piece(seat, self.layout[f"supply_{seat}"]
                                                              .rect.center))
            for colour, count in zip(rules.COLOURS, state.captured[seat]):
                for _ in range(count):
                    ent = self._new_marble(colour, tray.center, Z_TRAY)
                    esper.component_for_entity(ent, Transform).scale = TRAY_SCALE
                    self.tray_ents[seat].append((colour, ent))
        for ring, colour in state.marbles.items():
            self.marble_ents[ring] = self._new_marble(colour, self.ring_center(ring), Z_BOARD)
        for ring, seat in state.pieces.items():
            ent = self._new_piece(seat, self.ring_center(ring))
            esper.component_for_entity(ent, ZOrder).z = Z_BOARD
            self.piece_ents[ring] = ent
        if state.drawn is not None:
            self.drawn_ent = self._new_marble(state.drawn, self.drawn_spot(), Z_DRAWN,
                                              kind="drawn")
        self.arrange(duration=0.0)

    def _new_marble(self, colour: str, pos, z: float, kind: str = "marble") -> int:
        return esper.create_entity(Transform(*pos), Sprite(zertz_art.marble(colour),
                                                           shape="circle"), ZOrder(z),
                                   Draggable(enabled=False, kind=kind, data=colour),
                                   Hoverable())

    def _new_piece(self, seat: int, pos) -> int:
        return esper.create_entity(Transform(*pos), Sprite(zertz_art.piece(seat), shape="circle"),
                                   ZOrder(Z_SUPPLY), Draggable(enabled=False, kind="piece",
                                                               data=seat), Hoverable())

    # -- geometry ----------------------------------------------------------------------
    def ring_center(self, ring: str) -> tuple[int, int]:
        return self.layout[ring].rect.center

    def supply_spot(self, seat: int, index: int) -> tuple[float, float]:
        rect = self.layout[f"supply_{seat}"].rect
        return rect.x + 33 + (index % 5) * 46, rect.y + 84 + (index // 5) * 48

    def tray_spot(self, seat: int, colour: str, index: int) -> tuple[float, float]:
        rect = self.layout[f"tray_{seat}"].rect
        row = rules.COLOURS.index(colour)
        return rect.x + 30 + index * 36, self.tray_row_y(seat, row) + TRAY_MARBLE_DY

    def tray_row_y(self, seat: int, row: int) -> int:
        """The y of a tray row's caption ("grey (×2)   1/6"); its marbles sit below it."""
        return self.layout[f"tray_{seat}"].rect.y + 42 + row * 50

    def row_label_spots(self) -> list[tuple[int, tuple[float, float]]]:
        """Where the row numbers go: before the first and after the last ring of each row.

        Ring d4 is the 4th ring of column d counted from the bottom; the rings with one
        number form a line that falls from column a to d and rises from d to g, so each
        number is written at both ends of its line, along the board's left and right edges.
        """
        spots = []
        a1, b1 = self.ring_center("a1"), self.ring_center("b1")
        dx, dy = (b1[0] - a1[0]) * 0.62, (b1[1] - a1[1]) * 0.62
        for number in range(1, 8):
            row = sorted(r for r in rules.RINGS if int(r[1:]) == number)
            first, last = self.ring_center(row[0]), self.ring_center(row[-1])
            spots.append((number, (first[0] - dx, first[1] - dy)))
            spots.append((number, (last[0] + dx, last[1] - dy)))
        return spots

    def drawn_spot(self) -> tuple[float, float]:
        rect = self.layout["bag"].rect
        return rect.right + 40, rect.centery

    def bag_spot(self) -> tuple[float, float]:
        rect = self.layout["bag"].rect
        return rect.x + 40, rect.centery

    # -- state helpers -----------------------------------------------------------------
    # -- input -> moves ----------------------------------------------------------------
    def _move_for(self, entity: int, target: int) -> tuple[str | None, str]:
        drag = esper.component_for_entity(entity, Draggable)
        drop = esper.component_for_entity(target, DropTarget)
        seat = self.state.seat
        if not self.rules.human_to_move():
            return None, "wait for your turn"
        if drop.data == "ring":
            if drag.kind == "piece":
                return f"place {drop.name}", ""
            if drag.kind == "drawn":
                return f"put {drop.name}", ""
            return None, "a marble you take goes into your tray"
        if drag.kind != "marble":
            return None, "only captured marbles go into a tray"
        if drop.data != seat:
            return None, f"that is {rules.SEAT_NAMES[drop.data]}'s tray"
        ring = next((r for r, e in self.marble_ents.items() if e == entity), None)
        return (f"take {ring}", "") if ring else (None, "that marble is not on the board")

    def handle(self, event) -> None:
        if event.kind == "down" and event.button == 1 and self.replay is None:
            self._explain_refused_press(event.pos)
        super().handle(event)

    def _explain_refused_press(self, pos: tuple[int, int]) -> None:
        """A press on a marble that cannot be taken says why, as a refused drop does."""
        if not self.rules.offering() or self.drag.held is not None:
            return
        ent = topmost_at(pos, Draggable)
        ring = next((r for r, e in self.marble_ents.items() if e == ent), None)
        if ring is None or esper.component_for_entity(ent, Draggable).enabled:
            return
        ok, reason = self.check(f"take {ring}")
        if not ok:
            self.refuse(reason, None)

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

    # -- events -> animation -----------------------------------------------------------
    def animate(self, seat: int, move: str, events: list) -> None:
        """Show a move step by step. The computer's pick glows first (``AI_LEAD``), then each
        step (the marble into the tray, the rings vanishing, the marble out of the bag) comes
        after the one before has landed, ``STEP_PAUSE`` apart, and the next move waits
        until the last step has been seen. Times are tween seconds (the animation speed
        setting scales them; nothing waits at instant). Each seat's last move is marked."""
        human = self.config.seats[seat].is_human
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
                self.marks.place(seat, self._ring_rect(event.ring), shape="circle")
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
                if event.ring not in removed:  # a vanished ring is marked as removed below
                    self.marks.place(seat, self._ring_rect(event.ring), shape="circle",
                                     dashed=True)
                landed = lead + MOVE_TIME
            elif isinstance(event, rules.RingRemoved):
                ent = self.ring_ents[event.ring]
                esper.remove_component(ent, DropTarget)
                sprite = esper.component_for_entity(ent, Sprite)
                start = landed + gap
                animate(ent, "scale", 0.2, RING_TIME, delay=start)
                animate(ent, "alpha", 0, RING_TIME, delay=start,
                        on_done=lambda s=sprite: setattr(s, "visible", False))
                self.marks.place(seat, self._ring_rect(event.ring), shape="circle", dashed=True)
                if event.ring == removed[-1]:
                    landed = start + RING_TIME  # the rings of one take vanish together
            elif isinstance(event, rules.MarbleDrawn):
                ent = self._new_marble(event.colour, self.bag_spot(), Z_DRAWN, kind="drawn")
                t = esper.component_for_entity(ent, Transform)
                t.scale = 0.2
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
                self.marks.place(seat, self._ring_rect(event.ring), shape="circle")
                landed = lead + MOVE_TIME
            elif isinstance(event, rules.Passed):
                self.app.toast(f"{rules.SEAT_NAMES[event.seat]} cannot move and passes.")
            elif isinstance(event, rules.GameOver):
                self.audio.request("score")
        self.arrange(delay=lead)
        if not human:  # the next move waits until this one has been seen
            self.hold(landed + STEP_PAUSE)

    def _ring_rect(self, ring: str) -> pygame.Rect:
        return self.layout[ring].rect

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
        t = esper.component_for_entity(ent, Transform)
        if duration <= 0:
            t.x, t.y = spot
        elif (t.x, t.y) != spot and self.drag.held != ent:
            move_to(ent, spot[0], spot[1], duration, delay=delay)

    def refresh(self) -> None:
        """Enable exactly the draggables the player to move may use; rebuild the buttons."""
        human = self.rules.human_to_move()
        legal = set(self.legal()) if human else set()
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
        if self.drawn_ent is not None:
            esper.component_for_entity(self.drawn_ent, Draggable).enabled = human and (
                phase == "put")
        status = self.layout["status"].rect
        buttons = self.comfort_buttons(status)
        if legal == {"pass"}:
            buttons[2] = Button(buttons[2].rect, "Pass", lambda: self.rules.submit("pass"),
                                primary=True, size=18)
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    # -- hint --------------------------------------------------------------------------
    def show_hint(self, move: str) -> list[int]:
        verb, _, ring = move.partition(" ")
        seat = self.state.seat
        ring_ent = [self.ring_ents[ring]] if ring in self.ring_ents else []
        if verb == "place":
            self.app.toast(f"Hint: place a piece on {ring}.")
            return self.supply_ents[seat][-1:] + ring_ent
        if verb == "take":
            marble = self.state.marbles.get(ring, "")
            self.app.toast(f"Hint: take the {marble} marble on {ring}.".replace("  ", " "))
            return [self.marble_ents[ring]] if ring in self.marble_ents else []
        if verb == "put":
            self.app.toast(f"Hint: put the marble on {ring}.")
            return ([self.drawn_ent] if self.drawn_ent is not None else []) + ring_ent
        self.app.toast("Hint: you can only pass." if verb == "pass" else f"Hint: {move}.")
        return []

    def result_summary(self):
        res = rules.result(self.state)
        names = rules.SEAT_NAMES
        if res["winner"] is None:
            title = "A draw"
        else:
            title = f"{names[res['winner']]} wins"
            if self._solo_human():
                title = "You win!" if self.config.seats[res["winner"]].is_human else "You lose"
        reason = REASONS[res["reason"]]
        if res["reason"] == "six":
            colour = rules.COLOURS[max(range(3), key=lambda i: self.state.captured[
                res["winner"]][i])]
            reason = reason.format(name=names[res["winner"]], colour=colour)
        elif res["winner"] is None:
            reason = "Equal points and equal marbles."
        rows = [[names[s] + (" (you)" if self.config.seats[s].is_human else ""),
                 str(res["points"][s]), str(res["marbles"][s]),
                 " ".join(f"{n}{c[0].upper()}" for c, n in zip(rules.COLOURS,
                                                               self.state.captured[s]))]
                for s in (0, 1)]
        return title, reason, ["Player", "Points", "Marbles", "W G B"], rows, res["winner"]

    # -- drawing -----------------------------------------------------------------------
    def draw_overlay(self, surface: pygame.Surface) -> None:
        state = self.state
        for seat in (0, 1):
            self._draw_player(surface, seat, state)
        self._draw_bag(surface, state)
        self.draw_log(surface)
        self._draw_status(surface, state)
        self.widgets.draw(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        for seat in (0, 1):
            for zone in (f"supply_{seat}", f"tray_{seat}"):
                theme.panel(surface, self.layout[zone].rect, alpha=150)
        for zone in ("log", "status"):
            theme.panel(surface, self.layout[zone].rect, alpha=170)
        for letter in "abcdefg":  # column letters under the board, as in the move log
            bottom = self.layout[f"{letter}1"].rect
            theme.blit_text(surface, letter, (bottom.centerx, bottom.bottom + 4), 14,
                            theme.INK_FAINT, "bold", anchor="midtop")
        for number, pos in self.row_label_spots():
            theme.blit_text(surface, str(number), pos, 14, theme.INK_FAINT, "bold",
                            anchor="center")
        bag = self.layout["bag"].rect
        theme.panel(surface, pygame.Rect(bag.x - 60, bag.y - 4, bag.width + 160, bag.height + 8),
                    alpha=120)
        if self.state.phase == "put":
            x, y = self.drawn_spot()
            pulse = 3 * (1 + math.sin(self.time * 5))
            pygame.draw.circle(surface, theme.GOLD, (round(x), round(y)), round(27 + pulse), 3)

    def _draw_player(self, surface, seat: int, state) -> None:
        supply = self.layout[f"supply_{seat}"].rect
        tray = self.layout[f"tray_{seat}"].rect
        name = rules.SEAT_NAMES[seat]
        who = "you" if self.config.seats[seat].is_human else (
            f"AI · {self.config.seats[seat].level}")
        active = state.phase != "over" and state.seat == seat
        if active:
            pygame.draw.rect(surface, SEAT_COLOURS[seat], supply.union(tray).inflate(6, 6), 3,
                             border_radius=16)
        pygame.draw.circle(surface, SEAT_COLOURS[seat], (supply.x + 22, supply.y + 24), 9)
        theme.blit_text(surface, f"{name} ({who})", (supply.x + 38, supply.y + 24), 19,
                        theme.INK, "bold", anchor="midleft")
        theme.blit_text(surface, f"{state.supply[seat]} pieces in supply",
                        (supply.x + 38, supply.y + 44), 14, theme.INK_DIM, anchor="midleft")
        points = state.points(seat)
        theme.blit_text(surface, f"Captured · {points} point{'s' if points != 1 else ''}",
                        (tray.x + 16, tray.y + 12), 17, theme.INK, "bold")
        for row, colour in enumerate(rules.COLOURS):  # a caption above each row of marbles
            n = state.captured[seat][row]
            y = self.tray_row_y(seat, row)
            theme.blit_text(surface, f"{colour} (×{rules.VALUES[colour]})", (tray.x + 16, y),
                            13, theme.INK_DIM if n else theme.INK_FAINT, anchor="midleft")
            theme.blit_text(surface, f"{n}/6", (tray.right - 12, y), 14,
                            theme.GOLD if n >= 5 else theme.INK_DIM, "bold", anchor="midright")

    def _draw_bag(self, surface, state) -> None:
        rect = self.layout["bag"].rect
        image = zertz_art.bag()
        surface.blit(image, image.get_rect(center=self.bag_spot()))
        hidden = state.bag[1:] if state.phase == "put" else state.bag
        x = rect.x + 84
        theme.blit_text(surface, f"Bag · {len(hidden)}", (x, rect.y + 4), 15, theme.INK, "bold")
        for colour in rules.COLOURS:
            icon = pygame.transform.smoothscale(zertz_art.marble(colour), (18, 18))
            surface.blit(icon, (x, rect.y + 28))
            theme.blit_text(surface, str(hidden.count(colour)), (x + 21, rect.y + 37), 15,
                            theme.INK, anchor="midleft")
            x += 40

    def _draw_status(self, surface, state) -> None:
        rect = self.layout["status"].rect
        if self.replay is not None:
            return  # the replay controls use this panel
        if self.replay is not None:
            text, sub = "Replay", ""
        elif state.phase == "over":
            text, sub = "Game over", ""
        else:
            name = rules.SEAT_NAMES[state.seat]
            seat = self.config.seats[state.seat]
            if seat.is_human:
                text = f"{name} to move" if not self._solo_human() else "Your move"
                sub = {"act": "Place a piece or take a marble",
                       "put": f"Put the {state.drawn} marble on an empty ring"}[state.phase]
                if self.legal() == ["pass"]:
                    sub = "No move is possible: pass"
            else:
                text = f"{name} is thinking…"
                sub = ""
        pygame.draw.circle(surface, SEAT_COLOURS[state.seat] if state.phase != "over" else
                           theme.GOLD, (rect.x + 22, rect.y + 26), 10)
        theme.blit_text(surface, text, (rect.x + 40, rect.y + 26), 19, theme.INK, "bold",
                        anchor="midleft")
        for i, line in enumerate(theme.wrap(sub, 15, rect.width - 30)[:3]):
            theme.blit_text(surface, line, (rect.x + 16, rect.y + 52 + i * 20), 15,
                            theme.INK_DIM)
        hovered = next((name for name, ent in self.ring_ents.items()
                        if esper.has_component(ent, DropTarget)
                        and esper.component_for_entity(ent, DropTarget).rect.collidepoint(
                            self.input.pos)), None)
        hint = f"Ring {hovered}" if hovered else "H hint · Ctrl+Z undo · Esc menu"
        theme.blit_text(surface, hint, (rect.x + 16, rect.bottom - 80), 13, theme.INK_FAINT)

    def _solo_human(self) -> bool:
        return sum(s.is_human for s in self.config.seats) == 1


# -- module hooks used by the catalogue, the setup scene and the tour ---------------------

def new_scene(app, config: GameConfig) -> ZertzTable:
    return ZertzTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> ZertzTable:
    """The table of a saved game (raises ValueError if the save does not replay)."""
    return ZertzTable(app, config, Session.from_save(data, app.settings.undo_between_people))


def replay_scene(app, config: GameConfig, session: Session, moves: list[str]) -> ZertzTable:
    return ZertzTable(app, config, session, replay=moves)


def tour(app, drive):
    """Screens for the tour: a fresh board, mid-game, a drag in progress, a put, the end."""
    from game.catalog import Seat

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
    mid = ZertzTable(app, config, _session_at(config, state))
    app.scenes.reset(mid, transition=None)
    drive.settle()
    yield "midgame"
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


def _session_at(config: GameConfig, state: rules.State) -> Session:
    """A session starting from an arbitrary position (tests and the tour)."""
    return Session(config, rules, state, state)


def gesture_for(table: ZertzTable, move: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a person would press and release to play ``move`` (autoplay and tests)."""
    verb, _, ring = move.partition(" ")
    seat = table.state.seat
    if verb == "place":
        return _centre(table.supply_ents[seat][-1]), table.ring_center(ring)
    if verb == "take":
        return _centre(table.marble_ents[ring]), table.layout[f"tray_{seat}"].rect.center
    if verb == "put" and table.drawn_ent is not None:
        return _centre(table.drawn_ent), table.ring_center(ring)
    button = next(w for w in table.widgets.widgets if w.label == "Pass")
    return button.rect.center, button.rect.center


def _centre(ent: int) -> tuple[float, float]:
    t = esper.component_for_entity(ent, Transform)
    return t.x, t.y + t.dy


def perform(drive, table: ZertzTable, move: str) -> None:
    """Play ``move`` the way a person would (a drag, or the Pass button)."""
    start, end = gesture_for(table, move)
    if start == end:
        drive.click(start)
    else:
        drive.drag(start, end, steps=6)
