"""The Chắn table: your long Tổ Tôm cards grouped in pairs, three other seats around you,
every seat's gate with the live card, the exposed pairs, the stock.

Capture: drag the live card onto the card of your hand it pairs with (only legal partners
light up). Discard: drag a card of your hand onto your gate. Reveal: click the stock (or
Draw). "Ù!", "Chíu!", "Decline" and "Pass" appear only when they are legal for you, and the
computer waits for your answer. Chíu interruptions are announced (who took what from whose
gate); a win lays the ten pairs out on the results screen with the score's arithmetic and
the settlement.
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
    Glow,
    Hoverable,
    Sprite,
    Transform,
    ZOrder,
)
from ecs.intents import ClickIntent
from ecs.tween import flip, move_to
from game.ai import chan as chan_ai
from game.catalog import GameConfig
from game.layout import load_layout
from game.rules import chan as rules
from game.session import Session
from game.totom_art import totom_image, totom_size
from scenes import theme
from scenes.card_sync import CardSync
from scenes.game_table import CardTable
from scenes.widgets import Button, WidgetGroup

HAND_W, GATE_W, EXPOSED_W = 44, 34, 28
AI_LEAD = 0.35
MODES = ("pairs", "rank", "suit")
LIVE_GLOW = (255, 214, 92)


def group_hand(cards: list[str], mode: str = "pairs") -> list[list[str]]:
    """The hand in groups for display: Chắn pairs, then Cạ pairs, then singles ("pairs");
    or one group per rank ("rank") or per suit ("suit")."""
    order = sorted(cards, key=_card_key)
    if mode == "rank":
        groups: dict[str, list[str]] = {}
        for c in order:
            groups.setdefault("CC" if c == "CC" else c[0], []).append(c)
        return list(groups.values())
    if mode == "suit":
        by_suit: dict[str, list[str]] = {}
        for c in sorted(cards, key=lambda c: ("MSCX".index(c[-1] if c != "CC" else "X"), c)):
            by_suit.setdefault("CC" if c == "CC" else c[-1], []).append(c)
        return list(by_suit.values())
    left = Counter(order)
    chan_pairs, ca_pairs = [], []
    for face in sorted(left, key=_card_key):
        while left[face] >= 2:
            left[face] -= 2
            chan_pairs.append([face, face])
    singles = sorted(left.elements(), key=_card_key)
    used: set[int] = set()
    for i, a in enumerate(singles):
        if i in used or a == "CC":
            continue
        for j in range(i + 1, len(singles)):
            b = singles[j]
            if j not in used and b != "CC" and b[0] == a[0] and b[-1] != a[-1]:
                used |= {i, j}
                ca_pairs.append([a, b])
                break
    rest = [c for i, c in enumerate(singles) if i not in used]
    return chan_pairs + ca_pairs + [[c] for c in rest]


def _card_key(card: str) -> tuple[int, int]:
    if card == "CC":
        return (10, 0)
    return (int(card[0]), "MSC".index(card[-1]))


class ChanTable(CardTable):
    name = "chan"
    rules_module = rules
    ai_module = chan_ai
    ai_delay = 0.7

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        self.layout = load_layout("chan")
        self.mode = "pairs"
        self.sync = CardSync(totom_image)
        self.stock_ent: int | None = None
        self._source: dict[str, tuple[float, float]] = {}
        self._slots: dict[str, list[tuple[float, float, float, float]]] = {}

    # -- building ----------------------------------------------------------------------
    def build_table(self) -> None:
        self.drag.click_select = False
        stock = self.layout["stock"].rect
        self.stock_ent = esper.create_entity(
            Transform(stock.centerx, stock.centery + 10), Sprite(totom_image("back", 34)),
            ZOrder(5), Hoverable())
        esper.create_entity(DropTarget(self.layout["gate_0"].rect.copy(), "gate", "gate"))
        self.first_viewer()
        self.show(instant=True)
        if not self.session.moves and self.replay is None:
            self.deal_animation()

    def deal_animation(self) -> None:
        """The hand flies out of the stock card by card, turning face up as it lands."""
        stock = self.layout["stock"].rect.center
        for i, (_, ent) in enumerate(self.sync.entities("hand")):
            t = esper.component_for_entity(ent, Transform)
            x, y = t.x, t.y
            t.x, t.y = stock
            esper.component_for_entity(ent, CardFace).face_up = False
            move_to(ent, x, y, 0.35, delay=0.04 * i)
            flip(ent, 0.25, face_up=not self.curtain, delay=0.04 * i + 0.3)
        self.audio.request("deal")

    # -- helpers -----------------------------------------------------------------------
    def seat_zone(self, seat: int) -> int:
        """The table position (0 bottom, 1 right, 2 top, 3 left) of ``seat``."""
        return (seat - self.viewer) % 4

    def zone(self, kind: str, seat: int) -> pygame.Rect:
        return self.layout[f"{kind}_{self.seat_zone(seat)}"].rect

    def live_entity(self) -> int | None:
        live = self.state.live
        if live is None:
            return None
        cards = self.sync.entities(f"gate_{live.gate}")
        return cards[-1][1] if cards and cards[-1][0] == live.card else None

    # -- the picture -------------------------------------------------------------------
    def wanted(self) -> dict[str, list[str]]:
        state = self.state
        zones: dict[str, list[str]] = {}
        res = rules.result(state)
        winner = res["winner"] if res else None
        for seat in range(4):
            zones[f"gate_{seat}"] = list(state.gates[seat])
            if seat != winner:
                zones[f"exposed_{seat}"] = [c for group in state.exposed[seat] for c in group]
        if winner is not None:
            zones["win"] = [c for pair in res["pairs"] for c in pair]
        if winner != self.viewer:
            groups = group_hand(list(state.hands[self.viewer]), self.mode)
            zones["hand"] = [c for g in groups for c in g]
        return zones

    def show(self, instant: bool = False, lead: float = 0.0) -> None:
        wanted = self.wanted()
        self._compute_slots(wanted)
        self.sync.sync(wanted, self._slot, self._width, self._from, self._to,
                       delay=lead, instant=instant, face_up=self._face_up)
        self._after_sync()

    def _width(self, zone: str) -> int:
        if zone == "hand":
            return HAND_W
        if zone.startswith("gate"):
            return GATE_W
        if zone == "win":
            return 40
        return EXPOSED_W

    def _face_up(self, zone: str) -> bool:
        return zone != "hand" or not self.curtain

    def _from(self, zone: str, code: str) -> tuple[float, float]:
        if zone in self._source:
            return self._source[zone]
        if zone in ("hand", "win"):
            return self.layout["stock"].rect.center
        return self.zone("seat", int(zone.split("_")[1])).center

    def _to(self, zone: str, code: str) -> tuple[float, float]:
        return self.layout["stock"].rect.center

    def _slot(self, zone: str, index: int, count: int) -> tuple[float, float, float, float]:
        return self._slots[zone][index]

    def _compute_slots(self, wanted: dict[str, list[str]]) -> None:
        self._slots = {}
        state = self.state
        for zone, cards in wanted.items():
            if zone == "hand":
                groups = group_hand(list(state.hands[self.viewer]), self.mode)
                self._slots[zone] = self._hand_slots(groups)
            elif zone.startswith("gate_"):
                seat = int(zone.split("_")[1])
                self._slots[zone] = self._row(self.zone("gate", seat), len(cards), GATE_W, 300)
            elif zone.startswith("exposed_"):
                seat = int(zone.split("_")[1])
                self._slots[zone] = self._pairs(self.zone("exposed", seat),
                                                [len(g) for g in state.exposed[seat]],
                                                EXPOSED_W, 200)
            elif zone == "win":
                res = rules.result(state)
                area = pygame.Rect(300, 190, 680, 170)
                self._slots[zone] = self._pairs(area, [len(p) for p in res["pairs"]], 40, 800)

    def _hand_slots(self, groups: list[list[str]]) -> list[tuple[float, float, float, float]]:
        rect = self.layout["hand"].rect
        inner, outer = 22.0, 38.0
        n = sum(len(g) for g in groups)
        width = HAND_W + inner * (n - len(groups)) + outer * max(0, len(groups) - 1)
        if width > rect.width - 20:
            scale = (rect.width - 20 - HAND_W) / max(1.0, width - HAND_W)
            inner, outer = inner * scale, outer * scale
            width = rect.width - 20
        x = rect.centerx - width / 2 + HAND_W / 2
        y = rect.bottom - totom_size(HAND_W)[1] / 2 - 6
        out = []
        for group in groups:
            for k, _ in enumerate(group):
                out.append((x, y, 0.0, 600 + len(out)))
                x += inner if k < len(group) - 1 else outer
        return out

    def _row(self, rect: pygame.Rect, count: int, width: int, z: float):
        step = min(width * 0.62, (rect.width - width - 12) / max(1, count - 1))
        x0 = rect.x + 8 + width / 2
        y = rect.centery
        return [(x0 + i * step, y, 0.0, z + i) for i in range(count)]

    def _pairs(self, rect: pygame.Rect, sizes: list[int], width: int, z: float):
        """Groups of 2 or 4 cards side by side, wrapping into rows inside ``rect``."""
        height = totom_size(width)[1]
        overlap = width * 0.55
        out = []
        x, y = rect.x + 6 + width / 2, rect.y + 4 + height / 2
        for size in sizes:
            span = width + overlap * (size - 1)
            if x - width / 2 + span > rect.right - 4 and out:
                x = rect.x + 6 + width / 2
                y += min(height + 4, max(30, (rect.height - height) / 1.5))
            for k in range(size):
                out.append((x + k * overlap, y, 0.0, z + len(out)))
            x += span + 6
        return out

    def visible_rect(self, index: int) -> pygame.Rect:
        """The part of hand card ``index`` not covered by the next card (drop target, grip)."""
        slots = self._slots["hand"]
        x, y, _, _ = slots[index]
        w, h = totom_size(HAND_W)
        left = x - w / 2
        right = slots[index + 1][0] - w / 2 if index + 1 < len(slots) else x + w / 2
        return pygame.Rect(round(left), round(y - h / 2), max(4, round(right - left)), h)

    def grip(self, ent: int) -> tuple[float, float]:
        """Where to press to pick up a card of the hand (its uncovered strip)."""
        cards = self.sync.entities("hand")
        index = next(i for i, (_, e) in enumerate(cards) if e == ent)
        return self.visible_rect(index).center

    def _after_sync(self) -> None:
        """Drop targets on hand cards, what may be dragged, the live card's glow."""
        for ent, _ in list(esper.get_component(Glow)):
            if self.hint is None or ent not in self.hint[1]:
                esper.remove_component(ent, Glow)
        live = self.live_entity()
        if live is not None and self.state.phase in ("respond", "revealed", "claim"):
            esper.add_component(live, Glow(LIVE_GLOW, 3))
        for zone, cards in self.sync.zones.items():
            for i, (code, ent) in enumerate(cards):
                drag = esper.component_for_entity(ent, Draggable)
                drag.enabled = False
                esper.component_for_entity(ent, Hoverable).raise_px = 0
                if zone == "hand":
                    rect = self.visible_rect(i)
                    target = esper.try_component(ent, DropTarget)
                    if target is None:
                        esper.add_component(ent, DropTarget(rect, f"hand:{i}", code))
                    else:
                        target.rect, target.name, target.data = rect, f"hand:{i}", code
                    drag.enabled = self.replay is None and not self.curtain
                    esper.component_for_entity(ent, Hoverable).raise_px = 10 if self.mine else 0
                else:
                    esper.try_remove_component(ent, DropTarget)
        if live is not None and self.mine and any(
                m.startswith(("chan ", "ca ")) for m in self.legal()):
            esper.component_for_entity(live, Draggable).enabled = True
        self.refresh()

    # -- input -> moves ----------------------------------------------------------------
    def _capture_move(self, partner: str) -> str:
        live = self.state.live.card
        return f"chan {live}" if partner == live else f"ca {live} {partner}"

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        drop = esper.component_for_entity(target, DropTarget)
        zone = self.sync.zone_of(entity)
        code = self.sync.code_of(entity)
        if not self.mine:
            return False, "wait for your turn"
        if entity == self.live_entity():
            if not drop.name.startswith("hand:"):
                return False, "drop the live card on the card of your hand it pairs with"
            return self.check(self._capture_move(drop.data))
        if zone == "hand":
            if drop.name != "gate":
                return False, "drop a card on your gate to discard it"
            return self.check(f"discard {code}")
        return False, "that card cannot be moved"

    def move_for_drop(self, entity: int, target: int) -> str | None:
        drop = esper.component_for_entity(target, DropTarget)
        self.drag.settle(entity)
        if entity == self.live_entity():
            return self._capture_move(drop.data)
        return f"discard {self.sync.code_of(entity)}"

    def move_for_intent(self, intent) -> str | None:
        if not isinstance(intent, ClickIntent):
            return None
        if self.lift_curtain(intent.pos, self.layout["hand"].rect):
            self.show()
            return None
        if intent.entity == self.stock_ent and self.mine and "draw" in self.legal():
            return "draw"
        return None

    # -- events -> animation -----------------------------------------------------------
    def animate(self, seat: int, move: str, events: list) -> None:
        human = self.config.seats[seat].is_human
        lead = 0.0 if human else self.app.settings.anim(AI_LEAD)
        self._source = {}
        for event in events:
            if isinstance(event, rules.Revealed):
                self._source[f"gate_{event.seat}"] = self.layout["stock"].rect.center
                self.audio.request("deal")
            elif isinstance(event, rules.Captured):
                self.audio.request("capture")
            elif isinstance(event, rules.Discarded):
                self.audio.request("place")
            elif isinstance(event, rules.ChiuClaimed):
                whose = "their own" if event.gate == event.seat else (
                    "your" if self.seat_name(event.gate) == "You" else
                    f"{self.seat_name(event.gate)}'s")
                who = self.seat_name(event.seat)
                self.banner = (f"Chíu! {who} takes {rules.card_name(event.card)} from "
                               f"{whose} gate", 2.4)
                self.hold(1.6)
                self.audio.request("capture")
            elif isinstance(event, rules.Won):
                self.banner = (f"Ù! {self.seat_name(event.seat)} wins", 2.0)
                self.audio.request("score")
            elif isinstance(event, rules.StockExhausted):
                self.banner = ("The stock is empty: the deal is a draw", 2.4)
        if self.viewer_changing():
            self.show(lead=lead)  # the move lands as its player saw it, then the hand goes
            self.pick_viewer()
        self.show(lead=lead)

    def hide_hand(self) -> None:
        self.sync.clear("hand")

    # -- buttons -----------------------------------------------------------------------
    def refresh(self) -> None:
        buttons = self.comfort_buttons(self.layout["status"].rect)
        if self.mine:
            area = self.layout["claims"].rect
            labels = []
            for move in self.legal():
                if move == "u":
                    labels.append(("Ù!", move, True))
                elif move.startswith("chiu "):
                    labels.append(("Chíu!", move, True))
                elif move in ("decline", "pass", "draw"):
                    labels.append((move.capitalize(), move, False))
            w = 104
            x = area.centerx - (len(labels) * (w + 8) - 8) / 2
            for label, move, primary in labels:
                buttons.append(Button((x, area.y + 4, w, 46), label,
                                      lambda m=move: self.rules.submit(m), primary=primary,
                                      size=18))
                x += w + 8
        hand = self.layout["hand"].rect
        buttons.append(Button((hand.right - 104, hand.y - 2, 100, 28),
                              f"Group: {self.mode}", self.regroup, size=13))
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    def regroup(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.show()

    def show_hint(self, move: str) -> list[int]:
        """Toast the hinted move in words and return what to highlight (works for every
        kind of move, with or without cards: draw, pass, decline and Ù name none)."""
        verb, *cards = move.split()
        hand = self.sync.entities("hand")
        live = self.live_entity()
        if verb == "discard" and cards:
            self.app.toast(f"Hint: discard {rules.card_name(cards[0])}.")
            return [e for c, e in hand if c == cards[0]][:1]
        if verb in ("chan", "ca") and cards:
            partner = cards[0] if verb == "chan" else cards[-1]
            self.app.toast(f"Hint: take the live card with {rules.card_name(partner)}.")
            return ([live] if live else []) + [e for c, e in hand if c == partner][:1]
        if verb == "chiu":
            card = cards[0] if cards else (self.state.live.card if self.state.live else "")
            self.app.toast(f"Hint: chíu — claim {rules.card_name(card)} with the three of it "
                           "in your hand." if card else "Hint: chíu.")
            return ([live] if live else []) + [e for c, e in hand if c == card][:3]
        words = {"u": "declare Ù!", "draw": "pass it and reveal a stock card",
                 "pass": "leave the card for the next seat", "decline": "decline the claim"}
        self.app.toast(f"Hint: {words.get(verb, move)}.")
        if verb == "draw" and self.stock_ent is not None:
            return [self.stock_ent]
        return [live] if live is not None and verb in ("pass", "decline") else []

    def result_summary(self):
        res = rules.result(self.state)
        winner = res["winner"]
        if winner is None:
            title, subtitle = "A draw", "The stock ran out: nobody pays."
        else:
            who = self.seat_name(winner)
            title = "You win — Ù!" if who == "You" else f"{who} wins"
            feats = ", ".join(res["features"])
            subtitle = f"{feats}: {res['arithmetic']}" if res["arithmetic"] else feats
        rows = []
        for s in range(4):
            level = "" if self.config.seats[s].is_human else f" (AI {self.config.seats[s].level})"
            pay = res["settlement"][s]
            rows.append([self.seat_name(s) + level, f"{pay:+d}",
                         "winner" if s == winner else ("pays" if winner is not None else "—")])
        return title, subtitle, ["Player", "Settlement", ""], rows, winner

    def result_groups(self) -> list[list[pygame.Surface]]:
        res = rules.result(self.state)
        return [[totom_image(c, 30) for c in pair] for pair in (res or {}).get("pairs", [])]

    # -- frame -------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        live = self.state.live
        for seat in range(4):
            for kind in ("exposed", "gate"):
                rect = self.zone(kind, seat)
                glow = kind == "gate" and live is not None and live.gate == seat
                theme.panel(surface, rect, alpha=80 if kind == "gate" else 60,
                            edge=theme.GOLD if glow else theme.PANEL_EDGE, radius=10)
        for name in ("log", "stock"):
            theme.panel(surface, self.layout[name].rect, alpha=110)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        state = self.state
        stock = self.layout["stock"].rect
        theme.blit_text(surface, f"Stock · {len(state.stock)}", (stock.centerx, stock.y + 4),
                        14, theme.INK, "bold", anchor="midtop")
        for seat in range(4):
            self._draw_seat(surface, seat)
        self.draw_log(surface)
        self._draw_prompt(surface)
        self.draw_curtain(surface, self.layout["hand"].rect)
        self.widgets.draw(surface)
        self.draw_banner(surface, (640, 300), 30)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        rect = self.zone("seat", seat)
        state = self.state
        active = state.phase != "over" and state.seat == seat
        theme.panel(surface, rect, alpha=190, edge=theme.GOLD if active else theme.PANEL_EDGE,
                    radius=10)
        cfg = self.config.seats[seat]
        who = self.seat_name(seat) + ("" if cfg.is_human else f" · AI {cfg.level}")
        if seat == state.dealer:
            who += " · D"
        theme.blit_text(surface, who, (rect.x + 10, rect.centery), 14, theme.INK, "bold",
                        anchor="midleft")
        count = len(state.hands[seat])
        theme.blit_text(surface, f"{count} cards", (rect.right - 10, rect.centery), 14,
                        theme.GOLD, "bold", anchor="midright")
        if active and not cfg.is_human:
            dots = "." * (1 + int(self.time * 3) % 3)
            theme.blit_text(surface, dots, (rect.right - 80, rect.centery), 16, theme.INK_FAINT,
                            anchor="midright")

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        state = self.state
        if state.phase == "over" or not self.mine:
            if state.phase != "over" and self.replay is None:
                text = f"{self.seat_name(state.seat)} to play"
            else:
                return
        else:
            live = state.live
            card = rules.card_name(live.card) if live else ""
            text = {
                "open": "You deal first: discard a card onto your gate",
                "respond": f"Take {card} (drag it onto its partner) or Draw",
                "revealed": f"Take {card}, or Pass it to the next seat",
                "discard": "Discard a card onto your gate",
                "claim": f"A claim on {card}: answer",
            }.get(state.phase, "")
        theme.blit_text(surface, text, (640, self.layout["claims"].rect.y - 6), 16, theme.INK,
                        "bold", anchor="midbottom")


# -- module hooks used by the catalogue, the setup scene, the tour and autoplay -----------

def new_scene(app, config: GameConfig) -> ChanTable:
    return ChanTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> ChanTable:
    return ChanTable(app, config, Session.from_save(data, app.settings.undo_between_people))


def perform(drive, table: ChanTable, move: str) -> None:
    """Play ``move`` as a person would: a drag, a click on the stock or a button."""
    verb, *cards = move.split()
    if verb in ("chan", "ca"):
        partner = cards[0] if verb == "chan" else cards[1]
        target = next(e for c, e in table.sync.entities("hand") if c == partner)
        drive.drag(drive.center_of(table.live_entity()), table.grip(target), steps=6)
        return
    if verb == "discard":
        ent = next(e for c, e in table.sync.entities("hand") if c == cards[0])
        drive.drag(table.grip(ent), table.layout["gate_0"].rect.center, steps=6)
        return
    if verb == "draw":
        drive.click(drive.center_of(table.stock_ent))
        return
    label = {"u": "Ù!", "chiu": "Chíu!", "pass": "Pass", "decline": "Decline"}[verb]
    button = next(w for w in table.widgets.widgets if w.label == label)
    drive.click(button.rect.center)


def tour(app, drive):
    """Screens for the tour: the deal, a capture being dragged, mid-deal, the end."""
    table = app.scenes.top
    yield "start"
    rng = random.Random(5)
    session = Session.new(table.config)
    while len(session.moves) < 24 and session.result is None:
        moves = rules.legal_moves(session.state)
        if rules.to_move(session.state) == 0 and len(session.moves) > 10:
            if any(m.startswith(("chan", "ca")) for m in moves):
                break
        session.play(rng.choice(moves))
    mid = ChanTable(app, table.config, session)
    app.scenes.reset(mid, transition=None)
    drive.settle(1200)
    captures = [m for m in mid.legal() if m.startswith(("chan ", "ca "))] if mid.mine else []
    if captures:
        verb, *cards = captures[0].split()
        partner = cards[0] if verb == "chan" else cards[1]
        target = next(e for c, e in mid.sync.entities("hand") if c == partner)
        drive.press(drive.center_of(mid.live_entity()))
        drive.move(mid.grip(target), steps=8)
        yield "capturing"
        drive.release()
        drive.settle()
    yield "midgame"
