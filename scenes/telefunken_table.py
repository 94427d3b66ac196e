"""The Telefunken table: seven deals of contract rummy with chips to buy discards.

Your hand is fanned at the bottom (sort by rank or suit, or drag a card within the hand to
move it). The cutter chooses where to cut; on your turn click the stock (or Draw), take the
free upcard on the first turn, or buy the top discard for a chip when it is offered (Buy /
Pass). To meld, click cards (or drag them into the build zone): the zone says what they
make, and Meld puts down the legal meld they form (your contract first, then single
groups). Drop a card on a meld on the table to lay it off or swap it for a run's joker;
select two naturals and drop them on a set to free its joker. Drag a card onto the discard
pile to end your turn. Every drag can be clicks instead: with cards selected, the places
they may go light up (the discard pile for one card, the melds they lay off on, the table
when they form a meld) and a click there plays them; click the offered discard and then
your hand to take or buy it. Esc or a click on nothing cancels a selection. The legal
moves are indexed once per position, so a selection stays quick even when a deal-7 hand
can go out in hundreds of thousands of ways. The deal, contract and chips stay in view; the score table shows
every deal's penalties.
"""

from __future__ import annotations

import random
from collections import Counter

import esper
import pygame

from ecs.components import (
    CardFace,
    Draggable,
    DropTarget,
    Hoverable,
    Selected,
    Sprite,
    Transform,
    ZOrder,
)
from ecs.intents import ClickIntent
from game.ai import telefunken as telefunken_ai
from game.card_art import card_image, card_size
from game.catalog import GameConfig
from game.layout import load_layout
from game.rules import telefunken as rules
from game.session import Session
from scenes import theme
from scenes.card_sync import CardSync
from scenes.fan import fan
from scenes.game_table import CardTable
from scenes.widgets import Button, Choice, WidgetGroup

HAND_W, TABLE_W, BUILD_W, PILE_W = 78, 48, 44, 70
AI_LEAD = 0.35
PHASE_WORDS = {"cut": "cut the pack", "exchange": "choose cards to give back",
               "draw": "draw", "buy": "decide on the discard", "play": "meld or discard"}


class TelefunkenTable(CardTable):
    name = "telefunken"
    rules_module = rules
    ai_module = telefunken_ai
    ai_delay = 0.6
    toast_zone = ("table", "bottom", -6)  # messages over the melds, not the prompt or hand

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        self.layout = load_layout("telefunken")
        self.players = len(config.seats)
        self.sort_mode = "rank"
        self.order: list[str] = []       # the viewer's hand, left to right
        self.selected: list[str] = []    # cards moved to the build zone
        self.sync = CardSync(card_image)
        self.stock_ent: int | None = None
        self.penalties: list[tuple[int, ...]] = []
        self.cut_at: int | None = None
        self._slots: dict[str, list[tuple[float, float, float, float]]] = {}
        self._meld_rects: dict[int, pygame.Rect] = {}
        self._source: dict[str, tuple[float, float]] = {}
        # the legal melds and lay-offs by their cards, built once per position
        self._index: tuple[int, dict[int, list[str]], dict[tuple, list[str]], dict] = (
            -1, {}, {}, {})
        self._frozen: list[str] | None = None  # the hand's order while its slots are kept

    # -- building ----------------------------------------------------------------------
    def build_table(self) -> None:
        self.drag.click_select = self._click_selects
        self.drag.cancel_on_miss = True
        stock = self.layout["stock"].rect
        self.stock_ent = esper.create_entity(
            Transform(stock.centerx, stock.centery + 8), Sprite(card_image("back", PILE_W)),
            ZOrder(5), Hoverable())
        for name in ("discard", "build", "hand", "table"):
            esper.create_entity(DropTarget(self.layout[name].rect.copy(), name, name))
        self.penalties = self._penalties_from_session()
        self.first_viewer()
        self.show(instant=True)

    def _penalties_from_session(self) -> list[tuple[int, ...]]:
        out = []
        state = self.session.initial
        for move in self.session.moves:
            state, events = rules.play_events(state, move)
            out += [e.points for e in events if isinstance(e, rules.Penalties)]
        return out

    # -- helpers -----------------------------------------------------------------------
    def opponent_zone(self, seat: int) -> pygame.Rect:
        order = [(self.viewer + k) % self.players for k in range(1, self.players)]
        return self.layout[f"opp_{order.index(seat) + 1}"].rect

    def seat_origin(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self.layout["hand"].rect.center
        return self.opponent_zone(seat).center

    # -- the picture -------------------------------------------------------------------
    def _hand_order(self) -> list[str]:
        """The viewer's hand in display order (kept across moves), less the selection."""
        hand = Counter(self.state.hands[self.viewer])
        sel = Counter(self.selected)
        if sel - hand:
            self.selected = []
            sel = Counter()
        rest = hand - sel
        order: list[str] = []
        for code in self.order:
            if rest[code] > 0:
                rest[code] -= 1
                order.append(code)
        order += sorted(rest.elements(), key=rules.card_key)
        if self.sort_mode == "rank":
            order.sort(key=rules.card_key)
        elif self.sort_mode == "suit":
            order.sort(key=_suit_key)
        self.order = order
        return order

    def wanted(self) -> dict[str, list[str]]:
        state = self.state
        zones = {"hand": self._hand_order(), "build": list(self.selected),
                 "discard": list(state.discard[-4:])}
        for i, meld in enumerate(state.melds):
            zones[f"meld_{i}"] = list(meld.cards)
        return zones

    def show(self, instant: bool = False, lead: float = 0.0) -> None:
        wanted = self.wanted()
        self._compute_slots(wanted)
        self.sync.sync(wanted, lambda z, i, n: self._slots[z][i], self._width, self._from,
                       self._to, delay=lead, instant=instant,
                       face_up=lambda z: z not in ("hand", "build") or not self.curtain)
        self._after_sync()

    def _width(self, zone: str) -> int:
        return {"hand": HAND_W, "build": BUILD_W, "discard": PILE_W}.get(zone, TABLE_W)

    def _from(self, zone: str, code: str) -> tuple[float, float]:
        if zone in self._source:
            return self._source[zone]
        return self.layout["stock"].rect.center

    def _to(self, zone: str, code: str) -> tuple[float, float]:
        return self._source.get("sink", self.layout["stock"].rect.center)

    def _compute_slots(self, wanted: dict[str, list[str]]) -> None:
        self._slots = {}
        hand = self.layout["hand"].rect.inflate(-16, -44)
        if self._frozen is not None and Counter(wanted["hand"]) - Counter(self._frozen):
            self._frozen = None  # a card the kept slots do not know: lay out afresh
        full = self._frozen if self._frozen is not None else wanted["hand"]
        spots = fan(hand, len(full), HAND_W, max_step=HAND_W + 4, arc=5)
        slots = [(x, y + 16, a, 600 + i) for i, (x, y, a) in enumerate(spots)]
        free = list(range(len(full)))
        self._slots["hand"] = []
        for code in wanted["hand"]:  # each card keeps its slot of the kept order
            k = next(k for k in free if full[k] == code)
            free.remove(k)
            self._slots["hand"].append(slots[k])
        build = self.layout["build"].rect
        self._slots["build"] = [(build.x + 16 + BUILD_W / 2 + i * (BUILD_W * 0.55),
                                 build.centery, 0.0, 500 + i)
                                for i in range(len(wanted["build"]))]
        pile = self.layout["discard"].rect
        n = len(wanted["discard"])
        self._slots["discard"] = [(pile.centerx + (i - n + 1) * 3, pile.centery + 8 + (
            i - n + 1) * 2, (i * 37) % 9 - 4, 100 + i) for i in range(n)]
        self._meld_rects = {}
        table = self.layout["table"].rect
        _, h = card_size(TABLE_W)
        step = TABLE_W * 0.45
        rows: dict[int, list[int]] = {}
        for i, meld in enumerate(self.state.melds):
            rows.setdefault(meld.owner, []).append(i)
        y = table.y + 26 + h / 2
        self._owner_labels: list[tuple[int, float]] = []
        for owner in sorted(rows, key=lambda s: (s - self.viewer) % self.players):
            self._owner_labels.append((owner, y))
            x = table.x + 96
            for i in rows[owner]:
                cards = wanted[f"meld_{i}"]
                width = TABLE_W + step * (len(cards) - 1)
                if x + width > table.right - 6:
                    x = table.x + 96
                    y += h + 6
                self._slots[f"meld_{i}"] = [(x + TABLE_W / 2 + k * step, y, 0.0, 300 + k)
                                            for k in range(len(cards))]
                self._meld_rects[i] = pygame.Rect(round(x), round(y - h / 2), round(width), h)
                x += width + 12
            y += h + 8

    def _after_sync(self) -> None:
        for ent, _ in list(esper.get_component(DropTarget)):
            if esper.has_component(ent, CardFace):
                esper.remove_component(ent, DropTarget)
        for i, rect in self._meld_rects.items():
            cards = self.sync.entities(f"meld_{i}")
            if cards:
                esper.add_component(cards[0][1], DropTarget(rect.inflate(6, 6), f"meld:{i}", i))
        for zone, cards in self.sync.zones.items():
            for code, ent in cards:
                drag = esper.component_for_entity(ent, Draggable)
                drag.enabled = (zone in ("hand", "build") and self.replay is None
                                and not self.curtain)
                if zone == "discard" and (code, ent) == cards[-1]:
                    drag.enabled = self.mine and any(map(self.is_legal, ("take", "buy")))
                esper.component_for_entity(ent, Hoverable).raise_px = (
                    10 if zone == "hand" and self.mine else 0)
                if zone == "build":  # the chosen cards wear the selected outline
                    esper.add_component(ent, Selected())
                elif self.drag.selected != ent:
                    esper.try_remove_component(ent, Selected)
        # an empty stock is rebuilt from the discards when drawn from: keep it clickable
        esper.component_for_entity(self.stock_ent, Sprite).visible = bool(
            self.state.stock) or (self.mine and self.is_legal("draw"))
        self.refresh()

    # -- selection and melds -----------------------------------------------------------
    def toggle(self, ent: int) -> None:
        zone = self.sync.zone_of(ent)
        code = self.sync.code_of(ent)
        if code is None or not self.mine or self.state.phase not in ("play", "exchange"):
            return
        if zone == "hand":
            self.selected.append(code)
        elif zone == "build" and code in self.selected:
            self.selected.remove(code)
        self.audio.request("click")
        self.show()

    def selection_move(self) -> tuple[str | None, str]:
        """The legal meld (or exchange) the selection makes, and a sentence about it."""
        state = self.state
        if state.phase == "exchange":
            move = " ".join(["exchange", *sorted(self.selected, key=rules.card_key)])
            if self.check(move)[0]:
                return move, f"Give back {len(self.selected)} card(s)"
            return None, "Choose the cards to give back"
        if not self.selected:
            if state.phase != "play":
                return None, "Click cards or drag them here to form a meld"
            if not state.melded[self.viewer]:
                return None, (f"Meld your contract ({rules.contract_text(state.deal)}) if you can: "
                              "click its cards or drag them here. Then discard to end your turn.")
            return None, ("Lay off on any meld (click a card, then the meld), meld more, "
                          "then discard to end your turn.")
        move = self._meld_of(self.selected)
        if move is not None:
            return move, "Meld: " + move[5:].replace(" | ", "  |  ")
        kind = rules.group_kind(self.selected) if len(self.selected) >= 3 else None
        if kind and kind != "none":
            return None, f"A {kind}, but not a meld you can put down now"
        return None, f"{len(self.selected)} card(s): not a meld you can put down now"

    def _meld_with(self, code: str | None, zone: str | None) -> str | None:
        """The legal meld made by the selection plus the dragged card (if from the hand)."""
        cards = self.selected + ([code] if zone == "hand" and code else [])
        return self._meld_of(cards)

    def _legal_index(self) -> tuple[int, dict[int, list[str]], dict[tuple, list[str]], dict]:
        """The legal melds bucketed by their number of cards, and the lay-offs (add, swap,
        free) by (meld, sorted cards), built once per position: a deal-7 hand with jokers may
        go out in hundreds of thousands of ways, far too many to scan on every click."""
        key = id(self.state)
        if self._index[0] != key:
            sizes: dict[int, list[str]] = {}
            lay: dict[tuple, list[str]] = {}
            for move in self.legal():
                if move.startswith("meld "):  # cards = spaces - bars ("meld a b | c")
                    sizes.setdefault(move.count(" ") - move.count("|"), []).append(move)
                    continue
                parts = move.split()
                verb = parts[0]
                if verb == "add" and "to" in parts:
                    at = parts.index("to")
                    lay.setdefault((int(parts[at + 1]), tuple(sorted(parts[1:at]))), []).append(
                        move)
                elif verb == "swap":
                    lay.setdefault((int(parts[3]), (parts[1],)), []).append(move)
                elif verb == "free":
                    lay.setdefault((int(parts[1]), tuple(sorted(parts[3:]))), []).append(move)
            self._index = (key, sizes, lay, {})
        return self._index

    def _meld_of(self, cards: list[str]) -> str | None:
        """The (first) legal meld made of exactly ``cards``; melds of one size are keyed by
        their cards the first time a selection of that size asks."""
        _, sizes, _, parsed = self._legal_index()
        table = parsed.get(len(cards))
        if table is None:
            table = parsed[len(cards)] = {
                tuple(sorted(p for p in m.split()[1:] if p != "|")): m
                for m in reversed(sizes.get(len(cards), []))}  # the first listed wins
        return table.get(tuple(sorted(cards)))

    def confirm(self) -> None:
        move, _ = self.selection_move()
        if move is not None:
            self.selected = []
            self.rules.submit(move)

    def clear_selection(self) -> None:
        self.selected = []
        self.show()

    # -- input -> moves ----------------------------------------------------------------
    def _layoff_moves(self, cards: list[str], meld: int, x: float | None = None) -> list[str]:
        """Legal lay-offs of ``cards`` on ``meld`` (add, swap, free), nearest end first."""
        out = list(self._legal_index()[2].get((meld, tuple(sorted(cards))), []))
        if len(out) > 1:  # freeing a joker before adding the same two naturals
            rect = self._meld_rects.get(meld)
            low = x is not None and rect is not None and x < rect.centerx
            out.sort(key=lambda m: (not m.startswith("free"), x is not None and (
                m.endswith("low") != low)))
        return out

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        drop = esper.component_for_entity(target, DropTarget)
        zone = self.sync.zone_of(entity)
        code = self.sync.code_of(entity)
        if self.drag.selected == entity and drop.name != "hand":
            return False, ""  # the discard chosen by a click goes into the hand, nowhere else
        if drop.name in ("hand", "build") and zone in ("hand", "build"):
            return True, ""
        if not self.mine:
            return False, "wait for your turn"
        if zone == "discard":
            if drop.name == "hand":
                move = "take" if self.is_legal("take") else "buy"
                return self.check(move)
            return False, "drag the discard into your hand to take or buy it"
        if drop.name == "discard":
            return self.check(f"discard {code}")
        if drop.name == "table":
            return (True, "") if self._meld_with(code, zone) else (
                False, "select the cards of a meld you can put down, then drop them here")
        if drop.name.startswith("meld:"):
            cards = self.selected if zone == "build" else [code]
            moves = self._layoff_moves(cards, drop.data)
            return (True, "") if moves else (False, "those cards do not fit that meld now")
        return False, "that cannot go there"

    def move_for_drop(self, entity: int, target: int) -> str | None:
        drop = esper.component_for_entity(target, DropTarget)
        zone = self.sync.zone_of(entity)
        code = self.sync.code_of(entity)
        self.drag.settle(entity)
        if zone == "discard":
            return "take" if self.is_legal("take") else "buy"
        if drop.name == "discard":
            if code in self.selected:
                self.selected.remove(code)
            return f"discard {code}"
        if drop.name == "table":
            move = self._meld_with(code, zone)
            self.selected = []
            return move
        if drop.name.startswith("meld:"):
            cards = list(self.selected) if zone == "build" else [code]
            x = esper.component_for_entity(entity, Transform).x
            moves = self._layoff_moves(cards, drop.data, x)
            if moves:
                for c in cards:
                    if c in self.selected:
                        self.selected.remove(c)
                return moves[0]
            return None
        if drop.name == "build" and zone == "hand":
            self.toggle(entity)
        elif drop.name == "hand" and zone == "build":
            self.toggle(entity)
        elif drop.name == "hand" and zone == "hand":
            self._reorder(entity, code)
        return None

    def _reorder(self, entity: int, code: str) -> None:
        self._frozen = None
        x = esper.component_for_entity(entity, Transform).x
        slots = [s[0] for s in self._slots["hand"]]
        index = self.order.index(code) if code in self.order else 0
        self.order.pop(index)
        new = sum(1 for k, sx in enumerate(slots) if k != index and sx < x)
        self.order.insert(new, code)
        self.sort_mode = "custom"
        self.show()

    def move_for_intent(self, intent) -> str | None:
        if not isinstance(intent, ClickIntent):
            return None
        if self.lift_curtain(intent.pos, self.layout["hand"].rect):
            self.show()
            return None
        if intent.entity == self.stock_ent and self.mine and self.is_legal("draw"):
            return "draw"
        if intent.entity is not None and self.sync.zone_of(intent.entity) in ("hand", "build"):
            if self.layout["hand"].rect.collidepoint(intent.pos) and self._frozen is None:
                self._frozen = list(self.order)  # keep the slots while cards are clicked
            self.toggle(intent.entity)
            return None
        verdict = self.lit_verdict(intent.pos)
        if verdict is not None:
            target, ok, reason = verdict
            if ok:
                return self._move_for_click(target, intent.pos)
            if reason:
                self.refuse(reason, intent)
                return None
        if intent.entity is None or self.sync.zone_of(intent.entity) is None:
            self.clear_own_selection()  # a click on nothing cancels the selection
        return None

    # -- click-to-move -----------------------------------------------------------------
    def _click_selects(self, ent: int) -> bool:
        """A click selects the top discard while it may be taken or bought (then a click on
        the hand takes it); a click on a hand card moves it into the build zone instead."""
        cards = self.sync.entities("discard")
        return bool(cards) and cards[-1][1] == ent and self.mine and any(
            self.is_legal(m) for m in ("take", "buy"))

    def selection_key(self) -> tuple | None:
        if not (self.mine and self.state.phase == "play" and self.selected):
            return None
        return tuple(self.selected)

    def selection_verdicts(self) -> dict[int, tuple[bool, str]]:
        """Where the selected cards may go: the discard pile (one card), a meld they lay off
        on, the table (when they form a meld you can put down)."""
        out: dict[int, tuple[bool, str]] = {}
        for target, drop in esper.get_component(DropTarget):
            if drop.name == "discard":
                out[target] = self.check(f"discard {self.selected[0]}") if len(
                    self.selected) == 1 else (False, "discard one card: select only that one")
            elif drop.name == "table":
                out[target] = (self._meld_with(None, "build") is not None, "")
            elif drop.name.startswith("meld:"):
                out[target] = (True, "") if self._layoff_moves(self.selected, drop.data) else (
                    False, "those cards do not fit that meld now")
        return out

    def _move_for_click(self, target: int, pos: tuple[int, int]) -> str | None:
        """The move a click on a lit target makes with the selected cards."""
        drop = esper.component_for_entity(target, DropTarget)
        cards = list(self.selected)
        if drop.name == "discard":
            move = f"discard {cards[0]}"
        elif drop.name == "table":
            move = self._meld_with(None, "build")
        else:
            moves = self._layoff_moves(cards, drop.data, pos[0])
            move = moves[0] if moves else None
        if move is not None:
            self.selected = []
        return move

    def clear_own_selection(self) -> bool:
        if not self.selected:
            return False
        self.clear_selection()
        return True

    # -- the cut: drag along the pack ---------------------------------------------------
    def cut_strip(self) -> pygame.Rect:
        table = self.layout["table"].rect
        return pygame.Rect(table.x + 40, table.centery - 40, table.width - 80, 80)

    def cut_choices(self) -> list[int]:
        if not self.mine or self.state.phase != "cut":  # (no scan of a long list per frame)
            return []
        return sorted(int(m.split()[1]) for m in self.legal() if m.startswith("cut "))

    def _cut_at_x(self, x: float) -> int:
        choices = self.cut_choices()
        strip = self.cut_strip()
        t = min(1.0, max(0.0, (x - strip.x) / strip.width))
        return choices[round(t * (len(choices) - 1))]

    def handle(self, event) -> None:
        if (event.kind == "move" and self._frozen is not None
                and not self.layout["hand"].rect.collidepoint(event.pos)):
            self._frozen = None  # the pointer left the hand: close up the gaps
            self.show()
        choices = self.cut_choices()
        if choices and event.kind in ("down", "move", "up"):
            strip = self.cut_strip()
            if event.kind == "down" and event.button == 1 and strip.collidepoint(event.pos):
                self._cutting = True
            if getattr(self, "_cutting", False):
                self.cut_at = self._cut_at_x(event.pos[0])
                if event.kind == "up":
                    self._cutting = False
                    self.rules.submit(f"cut {self.cut_at}")
                else:
                    self.refresh()
                return
        super().handle(event)

    def _draw_cut(self, surface: pygame.Surface) -> None:
        choices = self.cut_choices()
        if not choices:
            return
        strip = self.cut_strip()
        back = card_image("back", 40)
        pack = len(self.state.stock)
        for k in range(0, pack, 2):  # the pack seen edge-on, spread along the table
            x = strip.x + k * (strip.width - 40) / max(1, pack - 1)
            surface.blit(back, (round(x), strip.y + 4))
        at = self.cut_at if self.cut_at in choices else choices[len(choices) // 2]
        x = strip.x + strip.width * choices.index(at) / max(1, len(choices) - 1)
        pygame.draw.line(surface, theme.GOLD, (x, strip.y - 8), (x, strip.bottom + 8), 4)
        theme.blit_text(surface, f"Drag along the pack and let go to cut: lift {at} cards",
                        (strip.centerx, strip.y - 14), 16, theme.INK, "bold",
                        anchor="midbottom")

    # -- events -> animation -----------------------------------------------------------
    def animate(self, seat: int, move: str, events: list) -> None:
        human = self.config.seats[seat].is_human
        lead = 0.0 if human else self.app.settings.anim(AI_LEAD)
        self._frozen = None  # the hand's content changes: lay it out afresh
        origin = self.seat_origin(seat)
        self._source = {f"meld_{i}": origin for i in range(len(self.state.melds))}
        self._source["discard"] = origin
        self._source["sink"] = origin
        for event in events:
            if isinstance(event, (rules.CardDrawn, rules.Dealt)):
                self.audio.request("deal")
            elif isinstance(event, rules.Bought):
                self.banner = (f"{self.seat_name(event.seat)} bought {event.card} "
                               f"({event.chips} chip{'s' if event.chips != 1 else ''} left)", 1.8)
                self.audio.request("capture")
            elif isinstance(event, rules.Cut):
                kept = f", keeping {' '.join(event.kept)}" if event.kept else ""
                self.banner = (f"{self.seat_name(event.seat)} cut {event.lifted} cards{kept}", 1.8)
            elif isinstance(event, rules.BonusCard):
                self.banner = (f"An exact cut! {self.seat_name(event.seat)} gets a bonus card", 2.0)
            elif isinstance(event, rules.Melded):
                self.audio.request("score")
                if event.contract:
                    self.banner = (f"{self.seat_name(event.seat)} made the contract", 1.6)
                if event.seat != self.viewer:
                    self.hold(1.2)  # let the person see the computer's melds
            elif isinstance(event, (rules.LaidOff, rules.JokerSwapped, rules.JokerFreed)):
                self.audio.request("place")
            elif isinstance(event, rules.Discarded):
                self.audio.request("place")
            elif isinstance(event, rules.WentOut):
                self.banner = (f"{self.seat_name(event.seat)} went out!", 2.0)
            elif isinstance(event, rules.Penalties):
                self.penalties.append(event.points)
                self.audio.request("score")
                out = next((e.seat for e in events if isinstance(e, rules.WentOut)), None)
                title = (f"Deal {event.deal}: {self.seat_name(out)} went out" if out is not None
                         else f"Deal {event.deal}: nobody went out")
                rows = [[self.seat_name(p), str(event.points[p]), str(event.totals[p])]
                        for p in sorted(range(self.players), key=lambda p: event.totals[p])]
                if event.deal < 7:
                    self.summarise(title, "Penalty points for the cards left in hand",
                                   ["Player", "This deal", "Total"], rows, count_up=True)
            elif isinstance(event, rules.Shuffled):
                self.banner = (f"Deal {event.deal}: {rules.contract_text(event.deal)}", 2.4)
                self.selected, self.order = [], []
        if self.viewer_changing():
            self.show(lead=lead)  # the move lands as its player saw it, then the hand goes
            self.pick_viewer()
        self.show(lead=lead)
        self.mark_move(seat, events)

    def mark_move(self, seat: int, events: list) -> None:
        """Outline what ``seat`` did until it plays again (``scenes.marks``)."""
        name, mark = self.seat_name(seat), self.marks.cards
        for event in events:
            if isinstance(event, rules.Discarded):
                mark(seat, self.sync, "discard", [event.card], name)
            elif isinstance(event, rules.Melded):
                for index, group in zip(event.indices, event.groups):
                    mark(seat, self.sync, f"meld_{index}", group, name)
            elif isinstance(event, (rules.LaidOff, rules.JokerFreed)):
                mark(seat, self.sync, f"meld_{event.meld}", event.cards, name)
            elif isinstance(event, rules.Bought):
                if seat == self.viewer:
                    mark(seat, self.sync, "hand", [event.card], f"{name} bought")
                else:
                    self.marks.place(seat, self.opponent_zone(seat), f"{name} bought")

    def hide_hand(self) -> None:
        self.sync.clear("hand")
        self.sync.clear("build")
        self.selected, self.order = [], []

    # -- buttons -----------------------------------------------------------------------
    def refresh(self) -> None:
        buttons = self.comfort_buttons(self.layout["status"].rect)
        legal = {m for m in ("draw", "take", "buy", "pass") if self.is_legal(m)} if (
            self.mine) else set()
        area = self.layout["actions"].rect
        row: list[tuple[str, object, bool]] = []
        if "draw" in legal:
            row.append(("Draw", lambda: self.rules.submit("draw"), False))
        if "take" in legal:
            row.append(("Take upcard", lambda: self.rules.submit("take"), True))
        if "buy" in legal:
            row.append(("Buy (1 chip)", lambda: self.rules.submit("buy"), True))
        if "pass" in legal:
            row.append(("Pass", lambda: self.rules.submit("pass"), False))
        cuts = self.cut_choices()
        if cuts:
            if self.cut_at not in cuts:
                self.cut_at = cuts[len(cuts) // 2]
            buttons.append(Choice((area.x + 8, area.y + 6, area.width - 16, 36), "Lift",
                                  [(n, f"{n} cards") for n in cuts], self.cut_at,
                                  lambda v: setattr(self, "cut_at", v), label_width=60))
            row.append(("Cut", lambda: self.rules.submit(f"cut {self.cut_at}"), True))
        if self.mine and self.state.phase in ("play", "exchange"):
            move, _ = self.selection_move()
            label = "Give back" if self.state.phase == "exchange" else "Meld"
            row.append((label, self.confirm, move is not None))
        w = (area.width - 16 - 8 * (len(row) - 1)) // max(1, len(row))
        y = area.bottom - 46 if cuts else area.y + 24
        for k, (label, action, primary) in enumerate(row):
            enabled = not (label in ("Meld", "Give back") and not primary)
            buttons.append(Button((area.x + 8 + k * (w + 8), y, w, 42), label, action,
                                  enabled=enabled, primary=primary or label == "Meld", size=15))
        hand = self.layout["hand"].rect
        for i, mode in enumerate(("rank", "suit")):
            buttons.append(Button((hand.right - 172 + i * 86, hand.y + 4, 82, 28), f"By {mode}",
                                  lambda m=mode: self.sort(m), size=13))
        if self.selected:
            build = self.layout["build"].rect
            buttons.append(Button((build.right - 90, build.y + 6, 80, 28), "Clear",
                                  self.clear_selection, size=13))
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    def sort(self, mode: str) -> None:
        self.sort_mode = mode
        self._frozen = None
        self.show()

    def show_hint(self, move: str) -> list[int]:
        parts = move.split()
        hand = self.sync.entities("hand") + self.sync.entities("build")
        self.app.toast(f"Hint: {hint_words(move)}.")
        ents: list[int] = []
        for token in parts[1:]:
            match = next((e for c, e in hand if c == token and e not in ents), None)
            if match is not None:
                ents.append(match)
        if parts[0] in ("take", "buy") and self.sync.entities("discard"):
            ents.append(self.sync.entities("discard")[-1][1])
        if parts[0] == "draw":
            ents.append(self.stock_ent)
        return ents

    def result_summary(self):
        res = rules.result(self.state) or {}
        totals = res.get("totals", list(self.state.totals))
        winners = res.get("winners", [])
        if len(winners) == 1 and self.config.seats[winners[0]].is_human and len(
                self.session.humans) == 1:
            title = "You win!"
        elif winners:
            title = " and ".join(self.seat_name(w) for w in winners) + (
                " win" if len(winners) > 1 else " wins")
        else:
            title = "Game over"
        order = sorted(range(self.players), key=lambda s: totals[s])
        stakes = res.get("stakes", [0] * self.players)
        rows = [[self.seat_name(s) + ("" if self.config.seats[s].is_human else
                                      f" ({self.config.seats[s].level})"),
                 str(totals[s]), str(sum(1 for w in res.get("deal_winners", []) if w == s)),
                 f"{stakes[s]:+d}"] for s in order]
        best = order.index(winners[0]) if winners else None
        return title, ("Lowest total after seven deals wins. Stakes: 1 unit from everyone for "
                       "each deal won, 5 from everyone to the winner."), [
            "Player", "Penalty", "Deals won", "Stakes"], rows, best

    # -- frame -------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        for name in ("stock", "discard", "contract", "log", "table", "build", "hand",
                     "scores", "actions"):
            theme.panel(surface, self.layout[name].rect, alpha=60 if name == "hand" else 105)
        table = self.layout["table"].rect
        for owner, y in getattr(self, "_owner_labels", []):
            theme.blit_text(surface, self.seat_name(owner), (table.x + 10, y), 14,
                            theme.GOLD, "bold", anchor="midleft")
        if not self.state.melds:
            theme.blit_text(surface, "No melds on the table yet", table.center, 16,
                            theme.INK_FAINT, anchor="center")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        state = self.state
        stock = self.layout["stock"].rect
        theme.blit_text(surface, f"Stock · {len(state.stock)}", (stock.centerx, stock.y + 4), 13,
                        theme.INK, "bold", anchor="midtop")
        pile = self.layout["discard"].rect
        theme.blit_text(surface, "Discards", (pile.centerx, pile.y + 4), 13, theme.INK_DIM,
                        "bold", anchor="midtop")
        self._draw_contract(surface)
        self._draw_cut(surface)
        for seat in range(self.players):
            if seat != self.viewer:
                self._draw_opponent(surface, seat)
        self._draw_scores(surface)
        self.draw_log(surface)
        build = self.layout["build"].rect
        _, text = self.selection_move() if self.mine and self.state.phase in (
            "play", "exchange") else (None, self._waiting_text())
        left = build.x + 16 + (BUILD_W + BUILD_W * 0.55 * (len(self.selected) - 1) + 12
                               if self.selected else 0)
        lines = theme.wrap(text, 15, build.right - 100 - left)
        for i, line in enumerate(lines[:2]):
            theme.blit_text(surface, line, (left, build.centery - 10 * len(lines[:2]) + 20 * i),
                            15, theme.INK, "bold")
        hand = self.layout["hand"].rect
        theme.blit_text(surface, f"{self.seat_name(self.viewer)} · {state.chips[self.viewer]} "
                        f"chips · {state.totals[self.viewer]} points", (hand.x + 12, hand.y + 10),
                        15, theme.GOLD if state.seat == self.viewer else theme.INK, "bold")
        self.draw_curtain(surface, self.layout["hand"].rect)
        self.widgets.draw(surface)
        self.draw_banner(surface, (625, 260), 30)

    def _waiting_text(self) -> str:
        state = self.state
        if state.phase == "over":
            return "Game over"
        if self.replay is not None:
            return "Replay"
        if self.mine:
            return f"Your turn: {PHASE_WORDS.get(state.phase, 'play')}"
        if state.seat == self.viewer and not self.curtain:
            return ""  # the last move is still reaching the table: nothing to ask yet
        return f"{self.seat_name(state.seat)} to {PHASE_WORDS.get(state.phase, 'play')}"

    def _draw_contract(self, surface: pygame.Surface) -> None:
        rect = self.layout["contract"].rect
        state = self.state
        theme.blit_text(surface, f"Deal {min(state.deal, 7)} of 7", (rect.x + 12, rect.y + 8), 16,
                        theme.GOLD, "bold")
        for i, line in enumerate(theme.wrap(rules.contract_text(min(state.deal, 7)), 14,
                                            rect.width - 24)[:2]):
            theme.blit_text(surface, line, (rect.x + 12, rect.y + 32 + 18 * i), 14, theme.INK)
        chips = state.chips[self.viewer]
        for k in range(rules.START_CHIPS):
            colour = theme.GOLD if k < chips else (60, 66, 74)
            pygame.draw.circle(surface, colour, (rect.x + 20 + k * 22, rect.bottom - 14), 8)
            pygame.draw.circle(surface, (40, 30, 10), (rect.x + 20 + k * 22, rect.bottom - 14), 8,
                               1)

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        rect = self.opponent_zone(seat)
        state = self.state
        active = state.phase != "over" and state.seat == seat
        theme.panel(surface, rect, alpha=170, edge=theme.GOLD if active else theme.PANEL_EDGE)
        cfg = self.config.seats[seat]
        who = self.seat_name(seat) + ("" if cfg.is_human else f" · AI {cfg.level}")
        theme.blit_text(surface, who, (rect.x + 10, rect.y + 8), 14, theme.INK, "bold")
        back = card_image("back", 28)
        count = len(state.hands[seat])
        for k in range(min(count, 14)):
            surface.blit(back, (rect.x + 10 + k * 9, rect.y + 32))
        theme.blit_text(surface, f"{count} cards", (rect.right - 10, rect.y + 30), 13,
                        theme.INK_DIM, anchor="topright")
        theme.blit_text(surface, f"{state.chips[seat]} chips", (rect.right - 10, rect.y + 48), 13,
                        theme.GOLD, anchor="topright")
        theme.blit_text(surface, f"{state.totals[seat]} pts", (rect.right - 10, rect.y + 66), 13,
                        theme.INK_DIM, anchor="topright")
        if state.melded[seat]:
            theme.blit_text(surface, "contract made", (rect.x + 10, rect.bottom - 16), 12,
                            theme.GOLD)

    def _draw_scores(self, surface: pygame.Surface) -> None:
        rect = self.layout["scores"].rect
        theme.blit_text(surface, "Penalties by deal", (rect.x + 12, rect.y + 8), 16, theme.GOLD,
                        "bold")
        n = self.players
        col = (rect.width - 54) / n
        y = rect.y + 36
        for s in range(n):
            name = "You" if self.seat_name(s) == "You" else f"S{s + 1}"
            theme.blit_text(surface, name, (rect.x + 54 + col * s + col / 2, y), 13, theme.INK,
                            "bold", anchor="midtop")
        for d in range(7):
            y += 22
            current = d + 1 == self.state.deal
            theme.blit_text(surface, f"{d + 1}", (rect.x + 14, y), 13,
                            theme.GOLD if current else theme.INK_DIM, "bold")
            if d < len(self.penalties):
                for s, points in enumerate(self.penalties[d]):
                    theme.blit_text(surface, str(points), (rect.x + 54 + col * s + col / 2, y),
                                    13, theme.INK, anchor="midtop")
        y += 30
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + 10, y - 4), (rect.right - 10, y - 4))
        theme.blit_text(surface, "Σ", (rect.x + 14, y), 14, theme.GOLD, "bold")
        for s in range(n):
            theme.blit_text(surface, str(self.state.totals[s]), (rect.x + 54 + col * s + col / 2,
                            y), 14, theme.GOLD, "bold", anchor="midtop")


def hint_words(move: str) -> str:
    """A move in words for a hint: "lay 7H off on meld 3", "buy the discard (1 chip)"."""
    parts = move.split()
    verb, rest = (parts[0], parts[1:]) if parts else ("", [])
    fixed = {"draw": "draw from the stock", "take": "take the upcard",
             "buy": "buy the discard (1 chip)", "pass": "let the discard go"}
    if verb in fixed:
        return fixed[verb]
    try:
        if verb == "cut":
            return f"cut the pack, lifting {rest[0]} cards"
        if verb == "discard":
            return f"discard {rest[0]}"
        if verb == "meld":
            return "meld " + " ".join(rest).replace(" | ", "  and  ")
        if verb == "exchange":
            return "give back " + " ".join(rest)
        if verb == "add":
            at = rest.index("to")
            end = " at the low end" if rest[-1] == "low" else ""
            return f"lay {' '.join(rest[:at])} off on meld {int(rest[at + 1]) + 1}{end}"
        if verb == "swap":
            return f"swap {rest[0]} for the joker of meld {int(rest[2]) + 1}"
        if verb == "free":
            return f"free the joker of meld {int(rest[0]) + 1} with {' '.join(rest[2:])}"
    except (IndexError, ValueError):
        pass
    return move


def _suit_key(card: str) -> tuple[int, int]:
    if card == rules.JOKER:
        return (9, 0)
    return (rules.SUIT_OF[card], rules.VALUE[card])


# -- module hooks used by the catalogue, the setup scene, the tour and autoplay -----------

def new_scene(app, config: GameConfig) -> TelefunkenTable:
    return TelefunkenTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> TelefunkenTable:
    return TelefunkenTable(app, config, Session.from_save(data,
                                                          app.settings.undo_between_people))


def perform(drive, table: TelefunkenTable, move: str) -> None:
    """Play ``move`` as a person would: clicks, drags and the action buttons."""
    parts = move.split()
    verb = parts[0]

    def press(label: str) -> None:
        button = next(w for w in table.widgets.widgets if getattr(w, "label", "") == label)
        drive.click(button.rect.center)

    if verb == "cut":
        choices = table.cut_choices()
        strip = table.cut_strip()
        index = choices.index(int(parts[1]))
        x = strip.x + strip.width * index / max(1, len(choices) - 1)
        drive.drag((strip.x + 2, strip.centery), (x, strip.centery), steps=6)
        return
    if verb == "draw":
        drive.click(drive.center_of(table.stock_ent))
        return
    if verb in ("take", "buy", "pass"):
        press({"take": "Take upcard", "buy": "Buy (1 chip)", "pass": "Pass"}[verb])
        return
    if verb == "discard":
        ent = next(e for c, e in table.sync.entities("hand") if c == parts[1])
        drive.drag(_grip(table, ent), table.layout["discard"].rect.center, steps=6)
        return
    cards = {"meld": [p for p in parts[1:] if p != "|"], "exchange": parts[1:],
             "add": parts[1:parts.index("to")] if "to" in parts else [],
             "swap": parts[1:2], "free": parts[3:]}[verb]
    table.clear_selection()
    drive.settle()
    for code in cards:
        ent = next(e for c, e in table.sync.entities("hand") if c == code)
        drive.click(_grip(table, ent))
        drive.settle()
    if verb in ("meld", "exchange"):
        press("Meld" if verb == "meld" else "Give back")
        return
    meld = int(parts[parts.index("to") + 1]) if verb == "add" else int(
        parts[3] if verb == "swap" else parts[1])
    rect = table._meld_rects[meld]
    x = rect.x + 8 if move.endswith("low") else rect.right - 8
    ent = table.sync.entities("build")[0][1]
    drive.drag(drive.center_of(ent), (x, rect.centery), steps=6)


def _grip(table: TelefunkenTable, ent: int) -> tuple[float, float]:
    """A point on the uncovered part of a hand card (its left strip)."""
    t = esper.component_for_entity(ent, Transform)
    return t.x - HAND_W / 2 + 8, t.y + t.dy


def tour(app, drive):
    """Screens for the tour: the cut, a deal under way, melds on the table."""
    table = app.scenes.top
    yield "start"
    rng = random.Random(2)
    session = Session.new(table.config)
    melds = 0
    while len(session.moves) < 400 and session.result is None:
        moves = rules.legal_moves(session.state)
        meld_moves = [m for m in moves if m.startswith(("meld", "add"))]
        session.play(rng.choice(meld_moves or [m for m in moves if not m.startswith("exchange")]
                                or moves))
        melds = len(session.state.melds)
        if melds >= 4 and rules.to_move(session.state) == 0 and session.state.phase == "play":
            break
    mid = TelefunkenTable(app, table.config, session)
    app.scenes.reset(mid, transition=None)
    drive.settle(1200)
    yield "melds_on_the_table"
    mid.sort("suit")
    drive.settle()
    hand = mid.sync.entities("hand")
    if hand and mid.mine:
        drive.click(_grip(mid, hand[0][1]))
        drive.click(_grip(mid, hand[1][1]))
        drive.settle()
        yield "cards_selected"
