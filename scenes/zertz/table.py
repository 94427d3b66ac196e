"""The Zertz table scene: rings from the Tiled map, glass marbles, the players' pieces and trays.

Drag a piece from your supply onto an empty ring, a marble next to one of your pieces into
your tray, and after a take the marble drawn from the bag onto an empty ring; or click the
thing, then click where it goes. Legal targets glow while you hold something; an illegal
drop glides back and says why in plain words (a drop on a removed ring or between the
rings too), and so does a press on anything that cannot be picked up. The computer's moves
are animated step by step (``scenes.zertz.animation``) and each seat's last move stays
outlined in its colour (``scenes.marks``; a removed ring crossed out). Columns are lettered
and rows numbered as in the move log. H (or the Hint button) shows the move the hard AI
would make. Between two people the panels name the seats (no "you" on both) and the keys
line offers Ctrl+Z only when Undo between people is on. Messages stand above the board,
below the bag: they hide no ring, no tray and no button.

The parts: ``layout`` (geometry), ``sync`` (entities from the position), ``moves`` (input),
``animation``, ``words`` (every sentence, translated) and ``panels`` (what is drawn).
"""

from __future__ import annotations

import esper
import pygame

from ecs.components import DropTarget, Transform
from game.ai import zertz as zertz_ai
from game.app import TOAST_WIDEST, toast_size
from game.catalog import GameConfig
from game.i18n import N_, num, pgettext
from game.layout import load_layout
from game.rules import zertz as rules
from game.session import Session
from scenes import theme
from scenes.game_table import GameTable, fitting_size
from scenes.widgets import Button, WidgetGroup
from scenes.zertz import layout as geo
from scenes.zertz import panels, words
from scenes.zertz.animation import DRAWN_START_SCALE, PANEL_MARGIN, BoardMarks, MoveAnimation
from scenes.zertz.moves import MoveInput
from scenes.zertz.sync import BoardSync

MARK_COLOURS = ((255, 110, 96), (110, 170, 255))  # each seat's last move, outlined


SEAT_PANELS = ("supply_0", "tray_0", "supply_1", "tray_1")
END_PAUSE = 1.2  # seconds the finished board stays in view before the results open


class ZertzTable(MoveInput, MoveAnimation, BoardSync, GameTable):
    name = "zertz"
    rules_module = rules
    ai_module = zertz_ai
    # messages stand in the strip between the bag and the board's top ring (one line fits;
    # they hide no ring, no tray, no button), one at a time as at every table (older ones,
    # stacked above it, covered the bag's counts). A wide one ends above the side panels
    # (``toast_bottom``: a narrow one lower), where the strip between the bag's panel and the
    # side panels' turn outlines is 30 px high: their boxes hold their lines with 2 px above
    # and below (the usual 10 made 43 px, over the bag panel's lower edge)
    toast_pad = 2
    REVEALED_SINCE = N_("Nothing to undo: a marble has been drawn from the bag since your "
                        "last move.")

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        self.layout = load_layout("zertz")
        self.init_board()
        self._last_dropped = None
        self.marks = BoardMarks(lambda seat: MARK_COLOURS[seat], lambda: geo.panels(self.layout))
        self._ended_at: float | None = None  # table time the finished board came to rest

    # -- the end: the finished board a moment in view ------------------------------------
    def show_result(self) -> None:
        """The results open once the finished board has stood still a moment: they came
        within half a second of the last marble reaching its tray, before anyone saw the
        last count or why the game ended (pt77)."""
        if self._end_wait() > 0:
            self.result_shown = False  # (the base asks again next frame)
            return
        super().show_result()

    def _end_wait(self) -> float:
        """Seconds the finished board still stays in view (0 once it has, or at instant
        speed)."""
        if self._ended_at is None:
            self._ended_at = self.time
        return max(0.0, self.app.settings.anim(END_PAUSE) - (self.time - self._ended_at))

    @property
    def settling(self) -> bool:
        """The base's, and the finished board's moment in view (a test driver waits)."""
        return super().settling or (self.replay is None and self.rules.over
                                    and not self.animating and not self.result_shown
                                    and self._ended_at is not None and self._end_wait() > 0)

    # -- what may be touched, the buttons ----------------------------------------------
    def refresh(self) -> None:
        """Enable exactly the draggables the player to move may use; rebuild the buttons."""
        human = self.rules.offering()  # not before the move before has been shown
        legal = set(self.legal()) if human else set()
        self.enable_pieces(human, legal)
        buttons = self.comfort_buttons(self.layout["status"].rect)
        if legal == {"pass"}:  # Pass takes the place of Hint (Menu stays)
            label = pgettext("zertz", "Pass")
            buttons[1] = Button(buttons[1].rect, label, lambda: self.rules.submit("pass"),
                                primary=True, size=fitting_size((label,), buttons[1].size,
                                                                buttons[1].rect.width - 12))
            buttons[1].move = "pass"  # the gestures find it by its move, in any language
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    def language_changed(self) -> None:
        super_changed = getattr(super(), "language_changed", None)
        if callable(super_changed):
            super_changed()
        if getattr(self, "rules", None) is not None:
            self.refresh()  # the buttons' words
        if self.world is not None and self.world.alive:  # supplies and trays fill from the
            with self.world.active():  # side their captions read from
                self.arrange(0.0)

    def toast_bottom(self) -> int | None:
        """Where the newest message ends: one narrow enough to stand between the side panels
        stands centred between the bag's panel and the top ring, clear of that ring's glow (it
        takes a piece) and of its row number (a hint touched both); a wider one above the
        side panels and their turn outlines, below the bag's panel (``toast_pad``)."""
        toasts = self.app.toasts
        if not toasts:
            return None
        width, height = toast_size(toasts[-1].text, TOAST_WIDEST, self.toast_pad)
        room = self.layout["tray_1"].rect.left - self.layout["tray_0"].rect.right
        bag = geo.bag_panel(self.layout).bottom
        if width <= room - 2 * PANEL_MARGIN:
            glow = self.layout["d7"].rect.inflate(10, 10).top  # (``ecs.render``'s glow)
            number = min(y for n, (_x, y) in geo.row_label_spots(self.layout) if n == 7)
            clear = min(glow, round(number) - 9)  # (its 14 px digit, centred there)
            return clear - max(2, (clear - bag - height) // 2)
        # centred in the strip between the bag's panel and the side panels' turn outlines
        outlines = min(self.layout[zone].rect.top for zone in SEAT_PANELS) - 3
        return outlines - max(0, (outlines - bag - height) // 2)

    # -- hint --------------------------------------------------------------------------
    def show_hint(self, move: str) -> list[int]:
        verb, _sep, ring = move.partition(" ")
        seat = self.state.seat
        self.app.toast(words.hint(self.state, move))
        ring_ent = [self.ring_ents[ring]] if ring in self.ring_ents else []
        if verb == "place":
            return self.supply_ents[seat][-1:] + ring_ent
        if verb == "take":
            return [self.marble_ents[ring]] if ring in self.marble_ents else []
        if verb == "put":
            return ([self.drawn_ent] if self.drawn_ent is not None else []) + ring_ent
        return []

    def hinted_place(self) -> pygame.Rect | None:
        if self.hint is not None and self.hint[0].startswith("take "):
            return self.layout[f"tray_{self.state.seat}"].rect
        return None

    # -- the end -----------------------------------------------------------------------
    def _you(self) -> int | None:
        """The seat of the one person playing the computer (the results speak of "you"),
        else None."""
        if not self._solo_human():
            return None
        return next((s for s in (0, 1) if self.config.seats[s].is_human), None)

    def result_summary(self):
        res = rules.result(self.state)
        solo = self._solo_human()
        you = self._you()
        rows = [[words.result_name(s, solo and self.config.seats[s].is_human),
                 num(res["points"][s])]
                + [num(n) for n in self.state.captured[s]] for s in (0, 1)]
        return (words.result_title(res, you), words.result_reason(self.state, res, you),
                words.result_header(), rows, res["winner"])

    # -- drawing -----------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        self.draw_base(surface, tuple((tuple(rect), alpha) for rect, alpha in
                                      panels.panel_rects(self.layout)),
                       lambda base: panels.draw_panels(base, self.layout))
        panels.draw_backgrounds(surface, self.layout, self.drawn_waiting(), lambda: self.time)

    def redraw_key(self) -> tuple:
        """The table's, and whether the drawn marble waits at its place (its pulsing ring
        is part of the background: it must come back when the marble glides back there)."""
        return (*super().redraw_key(), self.drawn_waiting())

    def drawn_out(self) -> bool:
        """The marble drawn from the bag has begun to come out (it waits, small, at the
        bag while the take before it is shown)."""
        if self.state.phase != "put" or self.drawn_ent is None:
            return False
        return esper.component_for_entity(self.drawn_ent, Transform).scale > DRAWN_START_SCALE

    def drawn_waiting(self) -> bool:
        """The marble drawn from the bag has come out and waits to be put."""
        if self.state.phase != "put" or self.drawn_ent is None:
            return False
        t = esper.component_for_entity(self.drawn_ent, Transform)
        x, y = self.drawn_spot()
        return t.scale > 0.9 and abs(t.x - x) < 2 and abs(t.y - y) < 2

    def draw_overlay(self, surface: pygame.Surface) -> None:
        state = self.state
        hot_seat = len(self.session.humans) > 1
        shown = self.shown_state(until_landed=True)  # (a tray counts a marble once it is in)
        leaving = self.shown_state()  # (a computer's piece leaves its supply as it sets off:
        for seat in (0, 1):  # its panel said "10 pieces left" beside nine drawn)
            cfg = self.config.seats[seat]
            panels.draw_player(surface, self.layout, seat, shown, cfg.is_human, cfg.level,
                               active=shown.phase != "over" and seat == self.shown_seat(),
                               hot_seat=hot_seat, supply_left=leaving.supply[seat])
        panels.draw_bag(surface, self.layout, state, self.drawn_out())
        self.draw_log(surface)
        if self.replay is None:  # the replay controls use the status panel
            self._draw_status(surface)
        self.widgets.draw(surface)

    def landing(self) -> bool:
        """A person's turn has come but the move before it is still being shown."""
        return self.rules.human_to_move() and not self.rules.offering()

    def shown_seat(self) -> int:
        """The seat the table shows as acting: the mover while its move is still shown (a
        take's mover also puts the drawn marble next: it was named the other seat)."""
        seat = self.state.seat
        if self.shown_state(until_landed=True) is not self.state:
            return self.landing_seat()  # (a computer's move still landing, the last one too)
        if self.state.phase == "over" or not self.landing():
            return seat
        mover = self.landing_seat()
        return mover if mover is not None else seat

    def status_words(self) -> tuple[str, str]:
        """The status panel's headline and text: whose move, and what may be done now (on
        the computer's turn, what was done last; at the end, why the game ended)."""
        state = self.shown_state(until_landed=True)  # (the end told once the last move landed)
        seat = self.shown_seat()
        mode = ("mine" if self.rules.offering() else "moving" if self.landing()
                or state is not self.state else "thinking")
        title = words.status_title(state, words.seat_name(seat), mode, self._solo_human(),
                                   self.replay is not None, own=seat in self.session.humans)
        if state.phase == "over":
            res = rules.result(state)
            return title, words.result_reason(state, res, self._you()) if res else ""
        if mode == "mine":
            return title, words.prompt(state, self.legal())
        # the last move the log tells: once its pieces have landed (it said "Blue placed a
        # piece on b4" with the piece still in the tray, pt68)
        told = self.told_log()
        return title, told[-1] if told else ""

    def _draw_status(self, surface: pygame.Surface) -> None:
        rect = self.layout["status"].rect
        title, text = self.status_words()
        over = self.shown_state(until_landed=True).phase == "over"
        dot = theme.GOLD if over else panels.SEAT_COLOURS[self.shown_seat()]
        panels.draw_status(surface, rect, title, text, dot, self.status_foot())

    def status_foot(self) -> str:
        """The status panel's last line: the ring under the pointer, else the keys."""
        hovered = next((name for name, ent in self.ring_ents.items()
                        if esper.has_component(ent, DropTarget)
                        and esper.component_for_entity(ent, DropTarget).rect.collidepoint(
                            self.input.pos)), None)
        if hovered:
            return words.ring_line(hovered)
        if self.shown_state(until_landed=True).phase == "over":  # (nothing to hint or undo)
            return words.keys_line(False, False)
        return words.keys_line(self.session.undo_allowed(), bool(self.session.humans))

    def _solo_human(self) -> bool:
        return len(self.session.humans) == 1

    def mark_keep_clear(self) -> list[pygame.Rect]:
        """A "took · put" tag stands at its own ring, as clear as it can of the other rings
        (those with a piece or marble count twice: it covered a neighbour's piece) and of the
        board's labels (counted twice); over an empty ring it seemed to name that one. It
        stays next to its ring and off the panels (``BoardMarks``)."""
        tagged = [m.rect for marks in self.marks.marks.values() for m in marks
                  if m.label and m.rect is not None]
        if not tagged:
            return []
        state = self.state
        filled = set(state.pieces) | set(state.marbles)
        out = []
        for ring in state.rings:
            rect = self.layout[ring].rect
            if not any(rect.colliderect(t) for t in tagged):
                out += [rect.inflate(4, 4)] * (2 if ring in filled else 1)
        for marks in self.marks.marks.values():  # the other marks (a removed ring's cross)
            out += [m.rect for m in marks if m.rect is not None and not m.label]
        for _, (x, y) in geo.column_label_spots(self.layout):
            out += [pygame.Rect(x - 7, y, 14, 18)] * 2
        for _, (x, y) in geo.row_label_spots(self.layout):
            out += [pygame.Rect(x - 7, y - 9, 14, 18)] * 2
        return out

    def seat_name(self, seat: int) -> str:
        """A seat by its colour (Red, Blue), as the table names them."""
        return words.seat_name(seat)

