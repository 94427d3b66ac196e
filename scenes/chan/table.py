"""The Chắn table scene: your long Tổ Tôm cards grouped in pairs at the bottom, your gate
above them and your shown pairs beside them; each other seat's name, gate and shown pairs
together in its own place; the stock in the middle.

Capture: drag the live card onto the card of your hand it pairs with, or click it and then
that card (only legal partners light up). Discard: drag a card of your hand onto your gate,
or click it and then the gate. Esc, a right click, a click on nothing or any move made
another way (a button, the stock, another seat's move) cancels a selection. A stock card
that wins your hand, put together with a card of yours it pairs with (either gesture),
declares Ù where that capture is not legal (a capture allowed beside the win stays the
gesture's move, as the prompt offers it); nowhere else does a gesture win.
Reveal: click the stock (or Draw). "Ù!", "Chíu!", "Decline" and "Pass" appear only when
they are legal for you, and the computer waits for your answer. The prompt beside your gate
says what is legal now and, when the live card cannot be taken, why. Chíu interruptions are
announced; a win lays the ten pairs out in one row across the middle (the card won on taken
out of its gate, the stock's card and count put away, the banner below the row; banners are
drawn above cards in flight), lets it lie still a moment (``WIN_PAUSE``) and then shows it on
the results screen (that card framed) with each feature's base and dịch, the score's
arithmetic and the settlement. Last-move tags stay inside the box their cards lie in
(``tags``). The face-up card under the pointer has its name written in a label beside it,
readable on a small window (``scenes.card_name_label``); so has a card of the winning pairs
on the results screen. A winning hand's cards are face up from their first frame (a
computer's hidden ones come out of its panel); messages (a refusal, a hint) stand between
the side seats' gates, wrapped, over none of them (``toast_span``).
"""

from __future__ import annotations

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
    Tweens,
    ZOrder,
)
from ecs.input import entity_rect
from ecs.intents import ClickIntent
from ecs.tween import animate, flip, move_to, travelling
from game.ai import chan as chan_ai
from game.catalog import GameConfig
from game.layout import load_layout
from game.rules import chan as rules
from game.rules.chan.cards import is_pair
from game.session import Session
from game.totom_art import ALL_IMAGES, totom_image, totom_size
from scenes import card_name_label as names
from scenes import theme
from scenes.card_sync import CardSync, flipping
from scenes.chan import claims, layout, panels, prompts, words
from scenes.chan.layout import EXPOSED_W, GATE_W, HAND_W, MODES, RESULTS_W, WIN_W, group_hand
from scenes.chan.tags import ChanMarks
from scenes.crisp import CRISP
from scenes.game_table import AI_LEAD, SYSTEM_REASONS, CardTable, PerViewer, banner_at
from scenes.widgets import Button, WidgetGroup

WIN_PAUSE = 1.6  # seconds a winning hand lies still on the table before the results open
LIVE_GLOW = (255, 214, 92)
TOAST_CLEAR = 6  # px between a message and the side seats' gates
TAKING_PHASES = ("respond", "revealed", "claim")


def won_pairs(res: dict) -> tuple[list[list[str]], int | None]:
    """A win's pairs with the card won on (a stock card, the chíu's) last in its pair (the
    last pair holding it), and that pair's index (None if there is no such card)."""
    pairs = [list(pair) for pair in res.get("pairs", [])]
    won = res.get("card")
    index = next((i for i in range(len(pairs) - 1, -1, -1) if won in pairs[i]), None)
    if index is not None:
        pair = pairs[index]
        pair.pop(len(pair) - 1 - pair[::-1].index(won))
        pair.append(won)
    return pairs, index


def own_reveal(before, seat: int, event) -> bool:
    """Is the card ``seat`` leaves (a ``CardPassed`` event) the stock card it revealed into
    its own gate? (Not a card another seat put there: the previous seat's, or the discard of
    a chíu out of turn that took its revealed card's place.) ``before``: the position the
    move was made in."""
    live = getattr(before, "live", None)
    return (live is not None and event.gate == seat and live.gate == seat
            and live.card == event.card and live.source == "stock")


# the keys of the move buttons: Ù!, Chíu! (the first one shown), Draw, Pass, Decline
MOVE_KEYS = {"u": pygame.K_u, "chiu": pygame.K_c, "draw": pygame.K_d, "pass": pygame.K_p,
             "decline": pygame.K_n}


class ChanTable(CardTable):
    name = "chan"
    mode = PerViewer("pairs")  # the order of the hand at the screen, per person
    rules_module = rules
    ai_module = chan_ai
    ai_delay = 0.7
    toast_zone = ("stock", "bottom", 50)  # messages between the stock and your gate

    def toast_span(self) -> tuple[int, int]:
        """(centre x, widest box) of the app's messages: between the side seats' gates, a
        little clear of each (a long refusal, nearly the screen's width, stood over them);
        a long one wraps onto more lines instead."""
        left, right = self.layout["gate_3"].rect.right, self.layout["gate_1"].rect.left
        return (left + right) // 2, right - left - 2 * TOAST_CLEAR

    def not_saving_spot(self) -> tuple[str, tuple[int, int]]:
        """The "Not saving" mark on the felt beside the stock, below the top seat's gate
        (the screen's corner is Seat 2's card count, Seat 4's name right to left)."""
        below = self.layout["gate_2"].rect.bottom + 4
        if theme.rtl():
            return "topleft", (self.layout["exposed_2"].rect.x, below)
        return "topright", (self.layout["gate_2"].rect.right, below)

    def toast_bottom(self) -> int | None:
        """Between the stock and your gate; a message that comes while a banner stands
        keeps clear of it, below it (Ctrl+Z just after your Ù! hid "Ù! You win"), and stays
        there when the banner goes."""
        bottom = super().toast_bottom()
        banner = self.banner_at_message()
        if banner is None or bottom is None:
            return bottom
        from game.app import toast_size

        height = toast_size(self.app.toasts[-1].text, self.toast_span()[1])[1]
        if bottom - height < banner.bottom + 6 and bottom > banner.top - 6:
            return banner.bottom + 8 + height
        return bottom

    def banner_box_now(self) -> pygame.Rect | None:
        """The box of the banner shown now (``draw_banner`` at ``banner_spot``)."""
        return None if self.banner is None else banner_at(self.banner[0],
                                                          *self.banner_spot())[0]

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        self._played_for: tuple | None = None  # (state, the claim made for a person in it)
        # a computer's move gave another person the next decision (a claim out of turn,
        # asked): the screen turns to them once its cards have landed (``_turn_if_landed``)
        self._turn_when_landed = False
        super().__init__(app, config, session, replay)
        self.layout = load_layout("chan")
        self.sync = CardSync(totom_image)
        self.stock_ent: int | None = None
        self._source: dict[str, tuple[float, float]] = {}
        self._slots: dict[str, list[layout.Slot]] = {}
        self.move_buttons: dict[str, Button] = {}  # verb (u, chiu, draw...) -> its button
        # tags inside their own box, on their own card, clear of the "live card" pill
        self.marks = ChanMarks(self.tag_region, self.captions, self.card_rects,
                               self.live_pill)
        self.win_wait = 0.0  # seconds the win just made stays in view once its cards are still
        # the face-up card under the pointer, (entity, code), whose name is written beside it
        # (kept up to date by ``update``: a change redraws, a still pointer draws nothing)
        self.named: tuple[int, str] | None = None

    # -- building ----------------------------------------------------------------------
    @classmethod
    def warm_images(cls) -> list:
        return [(totom_image, ALL_IMAGES, (HAND_W, GATE_W, EXPOSED_W, WIN_W, RESULTS_W))]

    def build_table(self) -> None:
        # every drag may also be done by click, then click: on your turn (a card chosen on
        # another's was dropped again without a word)
        self.drag.click_select = lambda ent: self.mine
        # the live card chosen, a click on a card of your hand that makes no pair with it
        # says why, as the drop does (it chose that card instead, without a word: pt78)
        self.drag.refusal_click = lambda chosen, pressed: (
            chosen == self.live_entity() and self.sync.zone_of(pressed) == "hand")
        stock = self.layout["stock"].rect
        self.stock_ent = esper.create_entity(
            Transform(stock.centerx, stock.centery + 10), Sprite(totom_image("back", 34)),
            ZOrder(5), Hoverable())
        # where a discard goes: your gate, or after a chíu out of turn the claimed card's
        self.gate_target = esper.create_entity(
            DropTarget(self.layout["gate_0"].rect.copy(), "gate", "gate"))
        # your own gate while the discard goes elsewhere: a drop there says where it goes
        self.own_gate_target = esper.create_entity(DropTarget(pygame.Rect(0, 0, 0, 0),
                                                              "own_gate", "own_gate"))
        # the other seats' gates: a card of your hand let go there says where a discard
        # goes (it glided back without a word: pt54)
        self.other_gate_targets = [esper.create_entity(DropTarget(
            pygame.Rect(0, 0, 0, 0), "other_gate", seat)) for seat in range(len(self.config.seats))]
        self.first_viewer()
        self.show(instant=True)
        if not self.session.moves and self.replay is None and not self.by_undo:
            self.deal_animation()  # (Undo back to the start: the cards are in hand already)

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

    def hand_entity(self, code: str) -> int | None:
        return next((e for c, e in self.sync.entities("hand") if c == code), None)

    # -- the picture -------------------------------------------------------------------
    def wanted(self) -> dict[str, list[str]]:
        state = self.state
        zones: dict[str, list[str]] = {}
        res = rules.result(state)
        winner = res["winner"] if res else None
        taken = self._won_from_gate(res)
        for seat in range(4):
            zones[f"gate_{seat}"] = list(state.gates[seat])
            if seat == taken:  # the winning card went from that gate into the winning hand
                zones[f"gate_{seat}"].pop()
            if seat != winner:
                zones[f"exposed_{seat}"] = [c for group in state.exposed[seat] for c in group]
        if winner is not None:  # the card won on last in its pair: on top, whole
            zones["win"] = [c for pair in won_pairs(res)[0] for c in pair]
        if winner != self.viewer:
            groups = group_hand(list(state.hands[self.viewer]), self.mode)
            zones["hand"] = [c for g in groups for c in g]
        return zones

    def _won_from_gate(self, res: dict | None) -> int | None:
        """The gate whose live card the winner took to win (Ù on a stock card), or None. The
        rules leave that card lying in its gate and count it in the winning hand too; the
        table shows it once, in the hand."""
        live = self.state.live
        if (not res or res["winner"] is None or res.get("how") not in ("stock", "own")
                or live is None or live.card != res.get("card")):
            return None
        gate = self.state.gates[live.gate]
        return live.gate if gate and gate[-1] == live.card else None

    def win_area(self) -> pygame.Rect:
        """Where a winning hand is laid out: across the middle of the table, between the
        side seats' boxes and below the top seat's, in one row over the stock's place (the
        stock's card, box and count make way for it)."""
        left, right = self.layout["exposed_2"].rect, self.layout["gate_2"].rect
        top = max(left.bottom, right.bottom) + 20
        return pygame.Rect(left.x, top, right.right - left.x, totom_size(WIN_W)[1])

    @property
    def won(self) -> bool:
        res = rules.result(self.state)
        return bool(res) and res["winner"] is not None

    def show(self, instant: bool = False, lead: float = 0.0) -> None:
        wanted = self.wanted()
        self._compute_slots(wanted)
        widths = dict(self.sync.widths)  # (each card's width before this sync)
        self.sync.sync(wanted, self._slot, self._width, self._from, self._to,
                       delay=lead, instant=instant, face_up=self._face_up)
        self._win_face_up()
        if not instant:
            self._win_grows(widths, lead)
        boxes = [] if instant else [self.zone("seat", seat) for seat in range(4)]  # (placed
        # at once, as after Undo or Continue: nothing comes out of a panel, nothing fades in;
        # every card shown on the table vanished for a frame after each Undo)
        for _zone, ent, start in self.sync.arrived:  # out of a seat's hidden hand: it comes
            if any(box.collidepoint(start) for box in boxes):  # into sight as it leaves the
                t = esper.component_for_entity(ent, Transform)  # panel (it showed dimmed
                t.alpha = 0.0  # under the panel's words)
                animate(ent, "alpha", 255.0, 0.2, delay=lead + 0.1)
        self._after_sync()

    def _win_face_up(self) -> None:
        """A winning hand is face up from its first frame: a card of it that came out of a
        hidden hand (a computer's, or yours under the cover) is turned up at once, its flip
        cancelled (the sync made it face down and turned it over on its way: the winner's
        cards lay a moment face down on the stock's place before the row spread)."""
        for _code, ent in self.sync.entities("win"):
            face = esper.component_for_entity(ent, CardFace)
            if face.face_up and not flipping(ent):
                continue
            tweens = esper.try_component(ent, Tweens)
            if tweens is not None:
                tweens.items = [t for t in tweens.items if t.attr != "squash"]
            esper.component_for_entity(ent, Transform).squash = 1.0
            face.face_up = True

    def _win_grows(self, widths: dict[int, int], lead: float) -> None:
        """A card on its way into a winning hand's row from a box of the table (shown pairs,
        a gate, your hand) keeps its size until it sets off and grows on its way: made
        larger at once, it waited in its box for the move's lead, under the box's caption
        ("Pairs shown", pt147). ``widths``: each card's width before the sync."""
        for _code, ent in self.sync.entities("win"):
            old = widths.get(ent)
            if old and old != WIN_W and travelling(ent):
                esper.component_for_entity(ent, Transform).scale = old / WIN_W
                animate(ent, "scale", 1.0, 0.35, delay=lead)

    def _width(self, zone: str) -> int:
        if zone == "hand":
            return HAND_W
        if zone.startswith("gate"):
            return GATE_W
        if zone == "win":
            return WIN_W
        return EXPOSED_W

    def _face_up(self, zone: str) -> bool:
        return zone != "hand" or not self.curtain

    def _from(self, zone: str, code: str) -> tuple[float, float]:
        if zone in self._source:
            return self._source[zone]
        if zone == "win":  # out of the winner's hidden hand: from its panel, face up (it
            # comes into sight as it leaves the panel, ``show``)
            return self.zone("seat", rules.result(self.state)["winner"]).center
        if zone == "hand":
            return self.layout["stock"].rect.center
        return self.zone("seat", int(zone.split("_")[1])).center

    def _to(self, zone: str, code: str) -> tuple[float, float]:
        return self.layout["stock"].rect.center

    def _slot(self, zone: str, index: int, count: int) -> layout.Slot:
        return self._slots[zone][index]

    def _compute_slots(self, wanted: dict[str, list[str]]) -> None:
        self._slots = {}
        self._laid_rtl = theme.rtl()  # (the shown pairs run from the reading side)
        state = self.state
        for zone, cards in wanted.items():
            if zone == "hand":
                groups = group_hand(list(state.hands[self.viewer]), self.mode)
                self._slots[zone] = layout.hand_slots(self.layout["hand"].rect, groups)
            elif zone.startswith("gate_"):
                seat = int(zone.split("_")[1])
                self._slots[zone] = layout.row(self.zone("gate", seat), len(cards), GATE_W, 300)
            elif zone.startswith("exposed_"):
                seat = int(zone.split("_")[1])
                self._slots[zone] = layout.pairs(layout.inner(self.zone("exposed", seat)),
                                                 [len(g) for g in state.exposed[seat]],
                                                 EXPOSED_W, 200, theme.rtl())
            elif zone == "win":
                res = rules.result(state)
                self._slots[zone] = layout.win_row(self.win_area(), [len(p) for p in res["pairs"]],
                                                   WIN_W, 800)

    def visible_rect(self, index: int) -> pygame.Rect:
        """The part of hand card ``index`` not covered by the next card (drop target, grip)."""
        return layout.visible_rect(self._slots["hand"], index)

    def grip(self, ent: int) -> tuple[float, float]:
        """Where to press to pick up a card of the hand (its uncovered strip)."""
        cards = self.sync.entities("hand")
        index = next(i for i, (_, e) in enumerate(cards) if e == ent)
        return self.visible_rect(index).center

    def _after_sync(self) -> None:
        """Drop targets on hand cards, what may be dragged, the live card's glow; the stock's
        card makes way for a winning hand, and goes with the stock's last card ("Stock · 0"
        stood over a card back)."""
        if self.stock_ent is not None and esper.entity_exists(self.stock_ent):
            esper.component_for_entity(self.stock_ent, Sprite).visible = (
                not self.won and bool(self.state.stock))
        for ent, _ in list(esper.get_component(Glow)):
            if self.hint is None or ent not in self.hint[1]:
                esper.remove_component(ent, Glow)
        live = self.live_entity()
        if live is not None and self.state.phase in TAKING_PHASES:
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
        # the live card may always be picked up on your turn: a refused capture explains itself;
        # and a card of your hand may be put onto it (drag, or click it and then the live card)
        if live is not None and self.mine and self.state.phase in TAKING_PHASES:
            esper.component_for_entity(live, Draggable).enabled = True
            gate = f"gate_{self.state.live.gate}"
            x, y, _angle, _z = self._slots[gate][-1]
            w, h = totom_size(self._width(gate))
            rect = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h).inflate(6, 6)
            esper.add_component(live, DropTarget(rect, "live", self.state.live.card))
        self.refresh()

    # -- input -> moves ----------------------------------------------------------------
    def _capture_move(self, partner: str) -> str:
        live = self.state.live.card
        return f"chan {live}" if partner == live else f"ca {live} {partner}"

    def _gesture_move(self, partner: str) -> str:
        """The move of a gesture putting the live card and your ``partner`` together: that
        capture when it is legal; else, when the live card wins your hand (Ù is legal) and
        ``partner`` pairs with it, the win (the card is taken into the winning hand); else
        the capture, refused with its reason. (A capture the rules allow beside the win is
        made as the prompt offers it: the drag it describes; Ù is its button.) Likewise a
        chíu, with ``partner`` one of your three of the live card, where the rules offer the
        chíu and no capture of it (out of turn); beside a capture or a win it is its button."""
        move = self._capture_move(partner)
        live = self.state.live.card
        if not self.is_legal(move):
            if self.is_legal("u") and is_pair(live, partner):
                return "u"
            if partner == live and self.is_legal(f"chiu {live}"):
                return f"chiu {live}"
        return move

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        drop = esper.component_for_entity(target, DropTarget)
        zone = self.sync.zone_of(entity)
        code = self.sync.code_of(entity)
        if not self.mine:
            return False, words.wait_turn()
        if entity == self.live_entity():
            if not drop.name.startswith("hand:"):
                return False, self._live_hint()
            return self._judge(self._gesture_move(drop.data))
        if zone == "hand":
            gate = prompts.discard_gate(self.state)
            if drop.name in ("own_gate", "other_gate") and gate != self.viewer:
                # after a chíu out of turn the discard goes to the claimed card's gate (on a
                # third seat's gate it said to drop it on your own: pt59)
                return False, words.discard_after_chiu(self.seat_name(gate))
            if drop.name == "live":  # the partner put onto the live card: the same capture
                return self._judge(self._gesture_move(code))
            if drop.name != "gate":
                return False, self._hand_card_hint(code)
            return self._judge(f"discard {code}")
        return False, words.cannot_move()

    def _judge(self, move: str) -> tuple[bool, str]:
        """(True, "") if ``move`` is legal now, else (False, why not in the player's words)."""
        if self.is_legal(move):
            return True, ""
        return False, self._why(move)

    def _why(self, move: str) -> str:
        """Why ``move`` is not legal now, in the player's words; a capture refused while the
        live card wins your hand says so (it read "it can only win on a stock card" of the
        stock card that wins)."""
        if move.startswith(("chan ", "ca ")) and self.is_legal("u"):
            return words.wins_hand(self.state.live.card)
        return prompts.why(self.state, move) or words.cannot_move()

    def _hand_card_hint(self, code: str) -> str:
        """A card of your hand put anywhere but a gate or the live card, or clicked again
        once chosen: what it can do now (discard it; or, offered the live card, take that
        card with it, or why it cannot)."""
        live = self.state.live
        if live is None or any(m.startswith("discard ") for m in self.legal()):
            return words.discard_on_gate()
        move = self._gesture_move(code)
        if move == "u":  # (click the live card, or drag your card onto it: the win)
            return words.wins_hand(live.card)
        if move.startswith("chiu "):
            return words.chiu_with(live.card)
        if self.is_legal(move):
            return words.take_with(live.card, code, move.startswith("chan "))
        return self._why(move)

    def _live_hint(self) -> str:
        """What to do with the live card: where it goes, or why it cannot be taken."""
        face = self.state.live.card
        if prompts.captures(self.legal()):
            return words.drop_live_on_partner(face)
        if self.is_legal("u"):
            return words.wins_hand(face)
        if self.state.phase == "claim":  # a chíu offered: not "you cannot take it"
            return prompts.claim_answer(self.state, self.legal())
        why = prompts.why_not_take(self.state)
        return f"{words.cannot_take(face)} {why}" if why else words.cannot_take_now(face)

    def refuse(self, reason: str, intent) -> None:
        """Refusals in the player's words: the rules system's own few are worded by the base
        (a Chắn game is one deal: "the deal is over"), an engine message gets card names (the
        table's own reasons come translated)."""
        if reason == "the game is over":
            reason = words.deal_over()
        elif reason not in SYSTEM_REASONS:
            reason = prompts.player_words(reason)
        super().refuse(reason, intent)

    def move_for_drop(self, entity: int, target: int) -> str | None:
        drop = esper.component_for_entity(target, DropTarget)
        self.drag.settle(entity)
        if entity == self.live_entity():
            return self._gesture_move(drop.data)
        if drop.name == "live":
            return self._gesture_move(self.sync.code_of(entity))
        return f"discard {self.sync.code_of(entity)}"

    def move_for_intent(self, intent) -> str | None:
        if not isinstance(intent, ClickIntent):
            return None
        if self.lift_curtain(intent.pos, self.layout["hand"].rect):
            self.show()
            return None
        if (intent.entity is not None and self.sync.zone_of(intent.entity) == "hand"
                and self.rules.to_move != self.viewer and self.replay is None
                and not self.curtain and not self.rules.over):
            self.refuse("wait for your turn", intent)  # (said quietly)
            return None
        draw = intent.entity == self.stock_ent and self.mine and "draw" in self.legal()
        if self.drag.selected is not None:  # a click elsewhere cancels the selection
            self.drag.deselect()
            if not draw:  # ... and a click on the stock still reveals a card
                return None
        return "draw" if draw else None

    def handle(self, event) -> None:
        selected = self.drag.selected
        if event.kind == "key" and event.key == pygame.K_ESCAPE and selected is not None:
            self.drag.deselect()  # Esc cancels a selection before it opens the menu
            return
        if event.kind == "down" and event.button == 1 and selected is not None:
            self._reselect(event.pos, selected)
        if event.kind == "down" and event.button == 1 and self.drag.held is None:
            older = self._older_gate_card(event.pos)
            if older is not None:  # (it did nothing, without a word: pt89)
                self.app.toast(words.older_gate_card(older), seconds=2.5)
        if (event.kind == "up" and event.button == 1 and self.drag.held is not None
                and self.drag.held == self.live_entity() and not self._over_target(event.pos)):
            self.refuse(self._live_hint(), None)  # dropped on nothing: still say why
        super().handle(event)

    def _live_untakeable(self) -> bool:
        """Is it your turn to answer a live card with no capture, win or chíu of it open?"""
        if (self.live_entity() is None or not self.mine
                or self.state.phase not in TAKING_PHASES):
            return False
        legal = self.legal()
        return not (prompts.captures(legal) or "u" in legal
                    or any(m.startswith("chiu ") for m in legal))

    def _older_gate_card(self, pos: tuple[int, int]) -> str | None:
        """The face of the gate card pressed at ``pos`` on your turn to take, when it is not
        the live card (only the live card can be taken); None otherwise."""
        live = self.live_entity()
        if not self.mine or live is None or self.state.phase not in TAKING_PHASES:
            return None
        for seat in range(4):
            cards = self.sync.entities(f"gate_{seat}")
            for code, ent in reversed(cards):  # the newest card lies on top
                if self._card_rect(ent).collidepoint(pos):
                    return None if ent == live else words.card(code)
        return None

    def _reselect(self, pos: tuple[int, int], selected: int) -> None:
        """With a hand card selected, a press on another card of yours selects that card
        instead of trying to drop the first one on it; so does a press on the live card,
        unless the selected card takes it (then the press makes that capture)."""
        if self.sync.zone_of(selected) != "hand":
            return
        live = self.live_entity()
        if live is not None and self.is_legal(self._gesture_move(self.sync.code_of(selected))):
            live = None
        for ent in [e for _, e in self.sync.entities("hand")] + ([live] if live else []):
            if ent == selected or not esper.component_for_entity(ent, Draggable).enabled:
                continue
            rect = (esper.component_for_entity(ent, DropTarget).rect
                    if esper.has_component(ent, DropTarget) else self._card_rect(ent))
            if rect.collidepoint(pos):
                self.drag.deselect()
                return

    def _card_rect(self, ent: int, width: int = GATE_W) -> pygame.Rect:
        t = esper.component_for_entity(ent, Transform)
        w, h = totom_size(width)
        return pygame.Rect(round(t.x - w / 2), round(t.y - h / 2), w, h)

    def _over_target(self, pos: tuple[int, int]) -> bool:
        return any(d.rect.collidepoint(pos) for _, d in esper.get_component(DropTarget))

    # -- events -> animation -----------------------------------------------------------
    def animate(self, seat: int, move: str, events: list) -> None:
        # a card chosen for click-to-move is let go once any move is made (a button, the
        # stock, another seat's move): the position it was chosen in is gone
        self.drag.deselect()
        human = self.config.seats[seat].is_human
        lead = 0.0 if self.paced_as_person(seat) else AI_LEAD  # (a delay of the tweens: they
        # scale it by the speed)
        self._source = {}
        made_for = bool(self.session.befores) and (  # (a claim made for its person, unasked)
            self._claim_made_for(self.session.befores[-1]) == move)
        if any(isinstance(e, rules.Won) for e in events):
            # (as after a person's move: a refusal saying "press Ù!" stood over "Ù! You win")
            self.drop_refusals()
        for event in events:
            if isinstance(event, rules.Revealed):
                self._source[f"gate_{event.seat}"] = self.layout["stock"].rect.center
                self.audio.request("deal")
            elif isinstance(event, rules.Captured):
                self.audio.request("capture")
            elif isinstance(event, rules.Discarded):
                self.audio.request("place")
            elif isinstance(event, rules.ChiuClaimed):
                before = self.session.befores[-1] if self.session.befores else None
                banner = words.chiu_banner(
                    self.seat_name(event.seat), self.is_you(event.seat), event.card,
                    self.seat_name(event.gate), event.gate == event.seat,
                    self.is_you(event.gate), passed_on=before is not None
                    and before.live is not None and before.live.source == "discard")
                self._announce(words.made_for(banner) if made_for else banner)
                self.hold(1.6)
                self.audio.request("capture")
            elif isinstance(event, rules.Won):
                banner = words.win_banner(self.seat_name(event.seat), self.is_you(event.seat))
                self._announce(words.made_for(banner) if made_for else banner)
                self.win_wait = self.app.settings.anim(WIN_PAUSE)
                self.audio.request("score")
            elif isinstance(event, rules.StockExhausted):
                self.banner = (words.stock_empty(), 2.4)
        if self.viewer_changing():
            self.show(lead=lead)  # the move lands as its player saw it, then the hand goes
            if not human and self.hot_seat and self.curtain:
                # (under the cover no hand shows: the cover passes once the computer's cards
                # have landed; it passed to the claimer while the computer still "thought"
                # and the card claimed was not yet in its gate, pt74)
                self._turn_when_landed = True
                self.mark_move(seat, events)
                return
            self.pick_viewer()
        self.show(lead=lead)
        self.mark_move(seat, events)

    def _turn_if_landed(self) -> None:
        """The screen turns to the person a computer's move gave the next decision, once
        that move's cards have landed."""
        if not self._turn_when_landed or self.animating:
            return
        self._turn_when_landed = False
        if self.viewer_changing():
            self.pick_viewer()
            self.show()

    def cover_waits(self) -> bool:
        return self._turn_when_landed

    def _announce(self, text: str) -> None:
        """A move's banner (a chíu, a win), shown as its cards set off (``after_lead``):
        it came while the computer's panel still said "thinking"."""
        def show() -> None:
            self.banner = (text, 2.4)
        self.after_lead(show)

    def mark_move(self, seat: int, events: list) -> None:
        """Outline what ``seat`` just did until its next turn: the card it put in a gate,
        the pair it took (captured card and partner), the four of a chíu. A card in a gate
        carries the mark of the seat that put it there (its discard, the stock card it
        revealed) whoever leaves it afterwards: a seat letting a card go by marks nothing on
        it. Tags stay off the cards' bottom edge while the top has room: the cards' names
        are printed there."""
        name = self.seat_name(seat)
        before = self.restoring if self.restoring is not None else (
            self.session.befores[-1] if self.session.befores else None)

        def mark(seat, sync, zone, codes, label):
            return self.marks.cards(seat, sync, zone, codes, label, tag_at="top_far")

        for event in events:
            if isinstance(event, rules.Discarded):
                mark(seat, self.sync, f"gate_{event.gate}", [event.card], name)
            elif isinstance(event, rules.CardPassed):
                # a card left for the next seat keeps the tag of the seat that put it there
                # (a pass marks nothing on it: it showed the passer's tag or the discarder's
                # depending on what else each had in view); a seat leaving the stock card it
                # revealed marks it again (a claim decided by another seat between the
                # reveal and the pass began its turn anew, and took its marks away)
                if own_reveal(before, seat, event):
                    mark(seat, self.sync, f"gate_{event.gate}", [event.card], name)
            elif isinstance(event, rules.Revealed):
                mark(seat, self.sync, f"gate_{event.seat}", [event.card], name)
            elif isinstance(event, rules.Captured):
                # the card taken from a gate loses the mark of the seat that put it there
                self.marks.taken_over(seat, mark(seat, self.sync, f"exposed_{seat}",
                                                 [event.card, event.partner], name))
            elif isinstance(event, rules.ChiuClaimed):
                self.marks.taken_over(seat, mark(seat, self.sync, f"exposed_{seat}",
                                                 [event.card] * 4, name))
            elif isinstance(event, rules.Won):
                # the winning hand is the winner's: no other seat's mark follows a card into
                # it (the card revealed into a gate and won on); the winning card is marked,
                # and only it: nor does the winner's own mark of this turn follow its cards
                # there (after a chíu ù the four's outline and tag came along, a second
                # outline and tag on the set around the one of the card won on)
                win = [e for _, e in self.sync.entities("win")]
                self.marks.forget(win, list(self.marks.marks))
                if event.card is not None:
                    mark(seat, self.sync, "win", [event.card], name)

    def hide_hand(self) -> None:
        self.sync.clear("hand")

    def is_you(self, seat: int) -> bool:
        """``seat`` is the only person at the screen (called "You")."""
        return self.config.seats[seat].is_human and len(self.session.humans) == 1

    # -- buttons -----------------------------------------------------------------------
    def refresh(self) -> None:
        gate = prompts.discard_gate(self.state) if self.mine else self.viewer
        esper.component_for_entity(self.gate_target, DropTarget).rect = self.zone(
            "gate", gate).copy()
        esper.component_for_entity(self.own_gate_target, DropTarget).rect = (
            self.zone("gate", self.viewer).copy() if gate != self.viewer
            else pygame.Rect(0, 0, 0, 0))
        for seat, target in enumerate(self.other_gate_targets):
            esper.component_for_entity(target, DropTarget).rect = (
                self.zone("gate", seat).copy() if seat not in (gate, self.viewer)
                else pygame.Rect(0, 0, 0, 0))
        buttons = self.comfort_buttons(self.layout["status"].rect)
        self.move_buttons = {}
        if self.mine:
            area = self.layout["claims"].rect
            legal = self.legal()
            # lit (and pressed by Enter): Ù! and Chíu!, and Draw or Pass when it is the only
            # move there is (Enter did nothing where Draw was all you could do, pt61; where a
            # card could be taken, drawing would pass it up: not lit)
            labels = [(words.button(m), m, m == "u" or m.startswith("chiu ")
                       or (len(legal) == 1 and m in ("pass", "draw")))
                      for m in legal if m in ("u", "decline", "pass", "draw") or m.startswith("chiu ")]
            w = 104
            size = 18
            while size > 13 and max((theme.text_width(label, size, "bold")
                                     for label, _m, _p in labels), default=0) > w - 14:
                size -= 1
            x = area.centerx - (len(labels) * (w + 8) - 8) / 2
            for label, move, primary in labels:
                verb = move.split()[0]
                button = Button((x, area.bottom - 42, w, 40), label,
                                lambda m=move: self.rules.submit(m), primary=primary, size=size,
                                hotkey=None if verb in self.move_buttons else MOVE_KEYS.get(verb))
                button.move = move  # (the hinted move's button is outlined: ``hinted_button``)
                buttons.append(button)
                self.move_buttons.setdefault(verb, button)
                x += w + 8
        arrange = self.layout["arrange"].rect
        if not self.curtain:  # (not on the cover, as Zetema's and Telefunken's sorting)
            buttons.append(Button(arrange, words.group_button(self.mode), self.regroup, size=13,
                                  hotkey=pygame.K_g))
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    def language_changed(self) -> None:
        """The language changed while the table is open: rebuild the buttons (every other
        word of the table is read from the catalogue when it is drawn), and lay the shown
        pairs out from the new reading side (they stayed where the old language had them,
        their tags already moved, until the next move: pt150), at once where nothing moves
        (the table may be under Settings), else once the move under way has landed."""
        parent = getattr(super(), "language_changed", None)
        if callable(parent):
            parent()
        self.refresh()
        if self.world is not None and self.world.alive:
            with self.world.active():
                self._follow_reading_side()

    def _follow_reading_side(self) -> None:
        """Cards laid out for the other reading side (the language changed) go to their
        places now. While a move is under way (it may be frozen under the pause menu) the
        shown pairs at rest go at once (they stayed on the old side until after Resume,
        pt151) and the rest once it has landed (``update``)."""
        if getattr(self, "_laid_rtl", theme.rtl()) == theme.rtl():
            return
        if not self.animating:
            self.show(instant=True)
            return
        self._compute_slots(self.wanted())
        self._laid_rtl = not theme.rtl()  # (the rest still to be laid out once it has landed)
        for zone, cards in self.sync.zones.items():
            new = self._slots.get(zone) if zone.startswith("exposed_") else None
            if new is None or len(new) != len(cards):
                continue  # (a pair on its way there: its zone waits for the landing)
            for (_code, ent), (x, y, _angle, _z) in zip(cards, new):
                if not travelling(ent):
                    t = esper.component_for_entity(ent, Transform)
                    t.x, t.y = x, y

    def nothing_to_undo(self) -> str:
        """Why Undo does nothing now: right after your own chíu, the chíu (it showed three
        cards of your hand), not "cards have been drawn or shown"."""
        session = self.session
        if (session.result is None and session.undo_blocked_by_reveal and session.moves
                and session.moves[-1].startswith("chiu")
                and rules.to_move(session.befores[-1]) == self.viewer):
            # (between people the one pressing Ctrl+Z under the claimer's cover may be
            # another, pt66: "your hand" was not theirs; with the claimer's cards in view it
            # is theirs, pt69)
            return words.chiu_not_undone(self.seat_name(self.viewer)
                                         if self.hot_seat and self.curtain else None)
        if session.result is None and session.undo_blocked_by_reveal and session.moves:
            # the last move a computer leaving a card (it stopped Undo: ``rules.SHOWN_EVENTS``):
            # "cards have been drawn or shown" was not so
            before = session.befores[-1]
            seat = rules.to_move(before)
            if (session.moves[-1] == "pass" and seat is not None
                    and not self.config.seats[seat].is_human and before.live is not None):
                return words.left_not_undone(self.session.seat_names()[seat], before.live.card)
        return super().nothing_to_undo()

    def regroup(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.remember_hand_order(self.mode)
        self.show()

    def show_hint(self, move: str) -> list[int]:
        """Toast the hinted move in words and return what to highlight (works for every
        kind of move, with or without cards: draw, pass, decline and Ù name none)."""
        verb, *cards = move.split()
        hand = self.sync.entities("hand")
        live = self.live_entity()
        self.app.toast(words.hint(move, self.state.live.card if self.state.live else None))
        if verb == "discard" and cards:
            return [e for c, e in hand if c == cards[0]][:1]
        if verb in ("chan", "ca") and cards:
            partner = cards[0] if verb == "chan" else cards[-1]
            return ([live] if live else []) + [e for c, e in hand if c == partner][:1]
        if verb == "chiu":
            card = cards[0] if cards else (self.state.live.card if self.state.live else "")
            return ([live] if live else []) + [e for c, e in hand if c == card][:3]
        if verb == "draw" and self.stock_ent is not None:
            return [self.stock_ent]
        # (Ù! on the live card glows it too, as Pass and Chíu! do: it stood unmarked, pt99)
        return [live] if live is not None and verb in ("pass", "decline", "u") else []

    def hinted_place(self) -> pygame.Rect | None:
        """The gate a hinted discard goes to: after a chíu out of turn, the gate of the seat
        whose card was claimed (it outlined your own, which refused the card, pt127)."""
        if self.hint is not None and self.hint[0].startswith("discard "):
            return self.zone("gate", prompts.discard_gate(self.state))
        return None

    sitting_money = True  # the running totals are the settlements

    def sitting_total_title(self, n: int) -> str:
        return words.sitting_total(n)

    def play_again_words(self) -> str:
        return words.play_again()

    def sitting_points(self) -> list[int]:
        return list((rules.result(self.state) or {}).get("settlement", [0] * 4))

    def update(self, dt: float) -> None:
        if not self.animating:
            self.win_wait = max(0.0, self.win_wait - dt)
        super().update(dt)
        live = self.live_entity()
        if live is not None and self.drag.selected == live and self._live_untakeable():
            # a live card nothing of yours can take, clicked: say why at once and choose
            # nothing (it was chosen, outlined, without a word until a hand card was clicked,
            # pt132; a drag of it still says why where it is dropped)
            self.drag.deselect()
            self.refuse(self._live_hint(), None)
        self._turn_if_landed()
        self._follow_reading_side()
        self.named = self.card_under_pointer()

    def card_under_pointer(self) -> tuple[int, str] | None:
        """The card under the pointer whose name the table writes beside it, (entity, code):
        a card of the table lying face up, at rest (not on its way, not turning, not held);
        never a face-down card (the stock, a hand under the cover)."""
        if self.drag.held is not None:
            return None
        over = next((e for e, h in esper.get_component(Hoverable) if h.hovered), None)
        if over is None or over == self.stock_ent:
            return None
        zone, code = self.sync.zone_of(over), self.sync.code_of(over)
        if zone is None or code is None or (zone == "hand" and self.curtain):
            return None
        face = esper.try_component(over, CardFace)
        sprite = esper.try_component(over, Sprite)
        if (face is None or not face.face_up or face.code != code or sprite is None
                or not sprite.visible or flipping(over) or travelling(over)
                or esper.component_for_entity(over, Transform).alpha < 200):
            return None
        return over, code

    def show_result(self) -> None:
        """The results open once a win just made has lain still a moment (its hand across
        the middle, the card won on marked): they faded in over the cards still moving."""
        if self.win_wait > 0:
            self.result_shown = False  # (the base asks again next frame)
            return
        super().show_result()
        from scenes.results import ResultsOverlay

        overlay = self.app.scenes.top
        if isinstance(overlay, ResultsOverlay):  # its pairs named under the pointer there too
            overlay.card_names = [[words.card(c) for c in pair]
                                  for pair in won_pairs(rules.result(self.state) or {})[0]]

    def result_summary(self):
        res = rules.result(self.state)
        winner = res["winner"]
        if winner is None:
            title, subtitle = words.result_title(None, False), words.draw_subtitle()
        else:
            title = words.result_title(self.seat_name(winner), self.is_you(winner))
            subtitle = panels.win_subtitle(res["features"], res["score"])
        rows = []
        for s in range(4):
            seat = self.config.seats[s]
            name = self.seat_name(s)
            if not seat.is_human:
                name = words.seat_with_level(name, panels.level_name(seat.level))
            points, what = panels.settlement_cells(res, s)
            rows.append([name, points, what])
        return title, subtitle, words.result_header(), rows, winner

    def result_groups(self) -> list[list[pygame.Surface]]:
        """The winning hand's pairs for the results screen; the card won on (a stock card,
        the chíu's) stands last in its pair, whole, framed in gold."""
        res = rules.result(self.state) or {}
        pairs, framed = won_pairs(res)
        out = []
        for i, pair in enumerate(pairs):
            images = [totom_image(c, RESULTS_W) for c in pair]
            if i == framed:
                images[-1] = panels.framed(images[-1])
            out.append(images)
        return out

    # -- frame -------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        zones = [(kind, self.zone(kind, seat)) for seat in range(4) for kind in ("exposed", "gate")]
        stock = None if self.won else self.layout["stock"].rect  # (a winning hand lies across
        # the stock's place)
        log = self.layout["log"].rect

        def panels(base: pygame.Surface) -> None:
            for kind, rect in zones:
                theme.panel(base, rect, alpha=80 if kind == "gate" else 60, radius=10)
            if stock is not None:
                theme.panel(base, stock, alpha=110)
            theme.panel(base, log, alpha=110)

        self.draw_base(surface, (tuple(tuple(rect) for _, rect in zones),
                                 stock and tuple(stock), tuple(log)), panels)

    def lit_gate(self) -> int | None:
        """The gate edged and labelled in gold: the live card's while the card is there (or
        picked up from there) and the deal goes on. Not while it is still on its way (a
        gate was gold for a second or so with no live card in it yet, pt147; its label too,
        pt151), nor once the deal is over (won: its card is in the win's row; drawn: the
        last gate stayed gold behind the results, pt151)."""
        if rules.result(self.state) is not None:
            return None
        ent = self.live_entity()
        return self.state.live.gate if ent is not None and not travelling(ent) else None

    def draw_under_pieces(self, surface: pygame.Surface) -> None:
        """The lit gate (``lit_gate``) edged in gold, over its panel's edge (opaque)."""
        gate = self.lit_gate()
        if gate is not None:
            pygame.draw.rect(surface, theme.GOLD, self.zone("gate", gate), 1, border_radius=10)

    def replay_rect(self) -> pygame.Rect:
        """In a replay the bar stands beside your gate, where the prompt and the claim
        buttons are in play (the log keeps its height)."""
        return self.layout["claims"].rect

    def log_rect(self) -> pygame.Rect:
        """The log's text area: inside its panel with room to spare, so that wrapped lines
        never touch the border (the panel is the layout's ``log`` zone)."""
        return self.layout["log"].rect.inflate(-16, -4)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if not self.won:  # (a winning hand lies across the stock's place: no count)
            theme.blit_text(surface, *self._stock_label())
        for seat in range(4):
            self._draw_seat(surface, seat)
        self._draw_live_tag(surface)
        self.draw_log(surface)
        self._draw_prompt(surface)
        self.draw_curtain(surface, self.layout["hand"].rect)
        self.widgets.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_banner(surface, *self.banner_spot())  # above the
        # cards in flight
        self._draw_card_name(surface)

    def _draw_card_name(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The name of the card under the pointer in a label beside it (``names``), above
        all else, sized for the window's scale; only while the table is the top scene (not
        under the pause menu or the results) and the card is still face up there."""
        named = self.named
        if named is None or self.app.scenes.top is not self or named != self.card_under_pointer():
            return None
        ent, code = named
        zone = self.sync.zone_of(ent)
        t = esper.component_for_entity(ent, Transform)
        w, h = totom_size(self._width(zone))
        card = pygame.Rect(round(t.x - w / 2), round(t.y + t.dy - h / 2), w, h)
        buttons = [widget.rect for widget in self.widgets.widgets]
        in_hand = zone == "hand"
        # a hand card's label covers the buttons over the hand rather than the cards beside
        # it (read as naming them, pt153): those it covers only while the pointer is on the
        # card, away from them
        avoid, soft = ([], buttons) if in_hand else (buttons, [])
        if in_hand:
            avoid += self._names("hand", 1.0)  # (the whole row)
        # the seats' panels (name, who plays it, card count), the boxes' captions and the
        # last-move tags drawn this frame
        avoid += [self.zone("seat", seat) for seat in range(len(self.config.seats))]
        avoid += self.captions() + self.marks.tags_drawn
        avoid.append(self.layout["log"].rect)  # (the Moves panel: a label of the hand's last
        # card crossed its edge, pt150)
        if self.replay_controls is not None:
            avoid.append(self.replay_controls.area)
        place = self._live_tag_place()
        if place is not None:
            avoid.append(panels.live_tag_rect(*place))
        if self.hint is not None:  # the cards the hint lights (the label hid its outline)
            avoid += [self._card_rect(e, self._width(self.sync.zone_of(e)))
                      for e in self.hint[1] if e != ent and esper.entity_exists(e)
                      and self.sync.zone_of(e) is not None]
        return names.draw(surface, words.card(code), card, avoid, CRISP.scale, soft)

    def banner_spot(self) -> tuple[tuple[int, int], int]:
        """(centre, size) of the banner: ``banner_center``, a little smaller at a win."""
        return self.banner_center(), 28 if self.won else 30

    def banner_center(self) -> tuple[int, int]:
        """Where a banner stands: over the stock, or below a winning hand laid across it
        (above your gate), so that it hides none of its cards."""
        if not self.won:
            return 640, 300
        return 640, (self.win_area().bottom + self.zone("gate", self.viewer).top) // 2

    def _stock_label(self) -> tuple:
        """The stock's count (text, place, size, colour, style, anchor): at the top of its
        box."""
        stock = self.layout["stock"].rect
        return (words.stock(len(self.state.stock)), (stock.centerx, stock.y + 6), 14, theme.INK,
                "bold", "midtop")

    def stock_label_rect(self) -> pygame.Rect | None:
        """Where the stock's count is written (None at a win: it is not written, the
        winning hand lies across the stock's place and the banner below it)."""
        if self.won:
            return None
        text, pos, size, _colour, style, anchor = self._stock_label()
        h = theme.text(text, size, theme.INK, style).get_height()
        box = pygame.Rect(0, 0, theme.text_width(text, size, style), h)
        setattr(box, anchor, (round(pos[0]), round(pos[1])))
        return box

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        state = self.state
        active = state.phase != "over" and self.acting_seat() == seat
        cfg = self.config.seats[seat]
        level = "" if cfg.is_human else panels.level_words(cfg.level)
        thinking = 1 + int(self.time * 3) % 3 if active and self.thinking_seat() == seat else 0
        shown = self.shown_state()
        res = rules.result(shown)  # a winning hand lies in the middle: its seat holds none
        count = 0 if res and res["winner"] == seat else len(shown.hands[seat])
        panels.seat_panel(surface, self.zone("seat", seat), self.seat_name(seat), level,
                          count, seat == state.dealer, active, thinking,
                          short_level="" if cfg.is_human else panels.level_name(cfg.level))
        mine = self.seat_zone(seat) == 0 and cfg.is_human
        lit = self.lit_gate() == seat
        panels.box_label(surface, self.zone("gate", seat), words.gate_label(mine), lit,
                         right=True)
        panels.box_label(surface, self.zone("exposed", seat), words.pairs_label(mine),
                         right=theme.rtl())  # (where its words begin, pt107)

    def mark_keep_clear(self) -> list[pygame.Rect]:
        """The gate and exposed-pair labels of every seat, the seats' panels (drawn above the
        marks, they would hide a tag), the "live card" tag, the shown pairs' cards below their
        top edge (a tag stands on its own pair's top edge, over no other card), and the names
        along the foot of each gate's cards and of a winning hand's."""
        out = self.captions()
        for seat in range(len(self.config.seats)):
            out.append(self.zone("seat", seat))
            for _code, ent in self.sync.entities(f"exposed_{seat}"):
                card = self._card_rect(ent, EXPOSED_W)
                out.append(pygame.Rect(card.x, card.y + 5, card.width, card.height - 5))
            out += self._names(f"gate_{seat}")
        out += self._names("win")
        place = self._live_tag_place()
        if place is not None:  # (listed twice: a tag steps a little farther from its card
            out += [panels.live_tag_rect(*place)] * 2  # rather than touch the pill)
        return out

    def captions(self) -> list[pygame.Rect]:
        """Where the gates' and shown pairs' captions are written ("Gate", "Shown pairs":
        ``panels.box_label``), every seat's."""
        out = []
        for seat in range(len(self.config.seats)):
            mine = self.seat_zone(seat) == 0 and self.config.seats[seat].is_human
            out.append(panels.box_label_rect(self.zone("gate", seat), words.gate_label(mine), True))
            out.append(panels.box_label_rect(self.zone("exposed", seat), words.pairs_label(mine),
                                             theme.rtl()))
        return out

    def _names(self, zone: str, share: float = 0.0) -> list[pygame.Rect]:
        """The strip along the foot of a row of cards where their names are printed (22 px
        tall, or ``share`` of the cards' height)."""
        cards = [self._card_rect(e, self._width(zone)) for _, e in self.sync.entities(zone)]
        if not cards:
            return []
        row = cards[0].unionall(cards[1:])
        tall = round(cards[0].height * share) if share else 22
        return [pygame.Rect(row.x, row.bottom - tall, row.width, tall)]

    def card_rects(self) -> list[pygame.Rect]:
        """Where the cards on the table are drawn now (gates, shown pairs, a winning hand;
        not your hand, nor a card on its way): a last-move tag stands on none but its own.
        (A tag made way for a card flying past and came back: a new pair's tag jumped to its
        foot and back over the name of its card as a discard left, pt147.)"""
        out = []
        for zone, cards in self.sync.zones.items():
            if zone == "hand":
                continue
            for _code, ent in cards:
                sprite = esper.try_component(ent, Sprite)
                if sprite is not None and sprite.visible and not travelling(ent):
                    t = esper.component_for_entity(ent, Transform)
                    out.append(pygame.Rect(*(round(v) for v in entity_rect(t, sprite))))
        return out

    def live_pill(self) -> list[pygame.Rect]:
        """The "live card" pill, where it is shown: no last-move tag covers it (it stands
        on the same card's top edge: the tag goes to the card's foot)."""
        place = self._live_tag_place()
        return [] if place is None else [panels.live_tag_rect(*place)]

    def tag_region(self, box: pygame.Rect) -> pygame.Rect | None:
        """The box a last-move tag of the outline ``box`` stays inside: the gate or shown
        pairs its cards lie in, or the winning hand's row (with the strip above it)."""
        boxes = [self.zone(kind, seat) for seat in range(4) for kind in ("gate", "exposed")]
        if self.won:
            area = self.win_area()
            boxes.append(pygame.Rect(area.x, area.y - 20, area.width, area.height + 20))
        return next((b for b in boxes if b.collidepoint(box.center)), None)

    def _live_tag_place(self) -> tuple[float, float, pygame.Rect] | None:
        """Where the "live card" tag stands (its centre x, the card's top, the gate), if shown."""
        ent = self.live_entity()
        if (ent is None or self.state.phase not in TAKING_PHASES or self.drag.held == ent
                or travelling(ent)):  # (on its way from the stock: it is live once it lands)
            return None
        t = esper.component_for_entity(ent, Transform)
        return (t.x, t.y + t.dy - totom_size(GATE_W)[1] / 2,
                self.zone("gate", self.state.live.gate))

    def _draw_live_tag(self, surface: pygame.Surface) -> None:
        place = self._live_tag_place()
        if place is not None:
            panels.live_tag(surface, *place)

    # -- a computer's claim out of turn: nothing shows it unless it is made ----------------
    def quiet_move(self, seat: int, move: str) -> bool:
        """A computer's declined claim: its log line is not told (it would show three of the
        card in its hand), it is played without the computer's pauses, and Undo does not
        name it (after a discard one of them could have claimed, "Your last move and the
        move after it are taken back" told that a computer held three of it)."""
        return move == "decline"

    # -- a person's claim out of turn between people: made unasked (scenes.chan.claims) ---
    def played_for(self, seat: int) -> str | None:
        """Between people, the claim made for a person offered one out of their turn
        (passing them the screen, or making the seat to play wait for their answer, would
        show everyone that they hold three of the card, or win on it): ``claims.played_for``;
        none if the game was set up to ask (setup's "Claims out of turn: Asked")."""
        return self._claim_made_for(self.state)

    def _claim_made_for(self, state) -> str | None:
        """The claim made unasked for its person in ``state`` (``played_for``), kept for
        the last position asked about."""
        if not self.hot_seat or self.config.options.get("claims") == "ask":
            return None  # (set up to be asked: the screen goes to the claimer, as alone)
        known = self._played_for
        if known is None or known[0] is not state:
            known = self._played_for = (state, claims.played_for(state, self.session.humans))
        return known[1]

    def next_viewer(self) -> int | None:
        """As every card table, but while a claim is made for a person unasked the screen
        goes where it would go without the claim (not to the claimer)."""
        seat = self.rules.to_move
        if seat is not None and self.played_for(seat) is not None:
            return claims.screen_goes_to(self.state, self.session.humans)
        return super().next_viewer()

    def curtain_words(self) -> str:
        """Over a claim out of turn asked of a person (between people, "Claims out of turn:
        Asked"), the cover says why the screen came to them while another seat's turn
        stands (it said only "click here to see your cards", pt83)."""
        state = self.state
        if (state.phase == "claim" and state.seat == self.viewer
                and self.played_for(state.seat) is None and state.resume is not None
                and state.resume.seat != self.viewer):
            return words.claim_cover(self.seat_name(self.viewer))
        return super().curtain_words()

    def seat_shown_to_act(self) -> int:
        """In a claim out of turn that nobody is asked about at the screen (a computer's, or
        a person's made unasked between people), the seat whose turn it is (the claimer's
        panel lit up "thinking" after a discard it held three of, though it then declined:
        pt54)."""
        state = self.state
        if (state.phase == "claim" and state.resume is not None
                and (not self.config.seats[state.seat].is_human
                     or self.played_for(state.seat) is not None)):
            return state.resume.seat
        return state.seat

    def acting_seat(self) -> int:
        """The seat the table shows as acting, named by the prompt ("Seat 3 to play…") and
        lit on its panel (saying "thinking" if a computer's): a computer's whose move is
        still on its way to the table (the prompt named the next seat while its discard
        flew, before the log told it), else the seat to move. (The prompt followed the move
        landing and the panels the seat to move: they named two seats at once.)"""
        landing = self.landing_seat()
        if (landing is not None and landing != self.state.seat
                and not self.config.seats[landing].is_human):
            return landing
        return self.seat_shown_to_act()

    def prompt_text(self) -> str:
        """The prompt beside your gate: what the legal moves allow now, or who is playing."""
        state = self.state
        if state.phase == "over":
            return ""
        if not self.mine:
            if self.replay is not None:
                return ""
            if self.curtain:
                return words.lift_cover(self.viewer)
            return words.to_play(self.seat_name(self.acting_seat()))
        legal = self.legal()
        text = prompts.prompt(state, legal, self.seat_name(prompts.discard_gate(state)))
        # (what leaving the live card costs, where the box has room for it)
        return panels.prompt_with(text, prompts.leave_warning(state, legal),
                                  self.layout["claims"].rect, self._prompt_below())

    def _prompt_below(self) -> int:
        """The room the prompt's box keeps free at its foot: its buttons'."""
        buttons = self.mine and any(m in ("u", "decline", "pass", "draw") or
                                    m.startswith("chiu") for m in self.legal())
        return 46 if buttons else 0

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        text = self.prompt_text()
        if not text:
            return
        area = self.layout["claims"].rect
        x, anchor = ((area.right - 6, "topright") if theme.rtl() else (area.x + 6, "topleft"))
        lines, size, step = panels.prompt_lines(text, area, self._prompt_below())
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (x, area.y + 1 + step * i), size,
                            theme.INK if self.mine else theme.INK_DIM, anchor=anchor)
