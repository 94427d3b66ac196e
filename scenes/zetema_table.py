"""The Zetema table: your hand, the other seats, the stock, 13 rank piles, the marriage pile,
the meld zone and the score sheet.

Meld: click cards (or drag them into the meld zone) to select them; the zone names the
combination and its points, and Meld declares it. A king or queen lying in the K or Q pile
can be clicked or dragged into the zone for a marriage. Discard: drag a card onto the pile
of its rank (only that pile accepts it; after a meld only the shown cards can go), or click
it and then its lit pile (a single card in the meld zone and a click on its pile, too).
Esc or a click on nothing cancels a selection. While you click cards into the zone the
rest of the hand stays where it is; it closes up once the pointer leaves the hand. Sort your hand by
rank or suit, or drag a card within the hand to move it. Everything the other seats do is
animated: draws, melds, discards, and a flourish when a zetema lands.
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
from ecs.tween import animate, ease_out_back, flip, move_to
from game.ai import zetema as zetema_ai
from game.card_art import card_image
from game.catalog import GameConfig
from game.layout import load_layout
from game.rules import zetema as rules
from game.session import Session
from scenes import theme
from scenes.card_sync import hide_now, remove_now
from scenes.fan import fan
from scenes.game_table import CardTable
from scenes.widgets import Button, WidgetGroup

HAND_W = 90
PILE_W = 64
MELD_W = 76
PILE_STEP = 22
AI_LEAD = 0.35
KIND_TITLES = {"straight": "Straight", "flush": "Flush", "straightflush": "Straight flush",
               "assembly": "Assembly", "marriage": "Marriage"}

Z_PILE, Z_MARRIAGE, Z_STOCK, Z_MELD, Z_HAND, Z_FLY, Z_FX = 100, 200, 300, 400, 500, 900, 950


class ZetemaTable(CardTable):
    name = "zetema"
    rules_module = rules
    ai_module = zetema_ai
    ai_delay = 0.6

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        self.layout = load_layout("zetema")
        self.back = card_image("back", HAND_W)
        self.players = len(config.seats)
        self.sort_mode = "rank"
        self.hand: list[tuple[str, int]] = []       # the viewer's hand, left to right
        self.selection: list[tuple[str, int]] = []  # tokens in the meld zone ("QH@pile")
        self.shown: list[tuple[str, int]] = []      # shown meld cards (another seat's, or
        self.piles: list[list[tuple[str, int]]] = [[] for _ in rules.RANKS]
        self.marriage: list[tuple[str, int]] = []
        self.stock_ent: int | None = None
        self.sheet: list[tuple[int, int, str, int]] = []  # (seat, points, reason, deal)
        self.sheet_scroll = 0
        self.shown_label = ""
        self._hand_spots: dict[int, tuple[float, float, float, float]] = {}  # x, y, angle, z
        self._frozen: Counter | None = None  # the hand's content while its slots are kept

    # -- building ----------------------------------------------------------------------
    def build_table(self) -> None:
        self.drag.click_select = self._click_selects
        self.drag.cancel_on_miss = True
        for i, rank in enumerate(rules.RANKS):
            rect = self.layout[f"pile_{rank}"].rect
            esper.create_entity(DropTarget(rect.copy(), f"pile_{rank}", i))
        esper.create_entity(DropTarget(self.layout["meld"].rect.copy(), "meld", "meld"))
        esper.create_entity(DropTarget(self.layout["hand"].rect.copy(), "hand", "hand"))
        self.stock_ent = esper.create_entity(
            Transform(self.layout["stock"].rect.centerx, self.layout["stock"].rect.centery + 10),
            Sprite(card_image("back", PILE_W + 6)),
            ZOrder(Z_STOCK))
        self.sheet = self._sheet_from_session()
        self._deal_before = self.state.deal
        self.first_viewer()
        self.reconcile(instant=True)
        if not self.session.moves and self.replay is None:
            stock = self.layout["stock"].rect.center
            for i, (_, ent) in enumerate(self.hand):  # the deal: out of the stock, face up
                t = esper.component_for_entity(ent, Transform)
                x, y = t.x, t.y
                t.x, t.y = stock
                esper.component_for_entity(ent, CardFace).face_up = False
                move_to(ent, x, y, 0.35, delay=0.08 * i)
                flip(ent, 0.25, face_up=not self.curtain, delay=0.08 * i + 0.3)
            self.audio.request("deal")

    def _sheet_from_session(self) -> list[tuple[int, int, str]]:
        """Every scoring event of the game so far, replayed from the session's moves."""
        sheet = []
        state = self.session.initial
        for move in self.session.moves:
            deal = state.deal
            state, events = rules.play_events(state, move)
            sheet += [(e.seat, e.points, e.reason, deal) for e in events
                      if isinstance(e, rules.Scored)]
        return sheet

    # -- helpers -----------------------------------------------------------------------
    def opponent_zone(self, seat: int) -> pygame.Rect:
        """Where another seat sits: the top zones in turn order after the viewer."""
        order = [(self.viewer + k) % self.players for k in range(1, self.players)]
        index = order.index(seat) if seat in order else 0
        return self.layout[f"opp_{index + 1}"].rect

    def seat_origin(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self.layout["hand"].rect.center
        return self.opponent_zone(seat).center

    def _card(self, code: str, pos, width: int, face_up: bool, z: float) -> int:
        plain = code.removesuffix(rules.PILE)
        ent = esper.create_entity(
            Transform(*pos), Sprite(card_image(plain, width)), ZOrder(z),
            CardFace(card_image(plain, width), card_image("back", width), face_up, plain),
            Draggable(enabled=False, kind="card", data=code), Hoverable())
        return ent

    def _kill_later(self, ent: int, pos, delay: float = 0.0) -> None:
        move_to(ent, pos[0], pos[1], 0.4, delay=delay,
                on_done=lambda: esper.entity_exists(ent) and esper.delete_entity(ent))

    # -- reconcile: make the table show exactly the state ------------------------------
    def reconcile(self, instant: bool = False, source=None, lead: float = 0.0,
                  mover: int | None = None) -> None:
        """Create, remove and move card entities until the table matches the state.

        New hand cards come from the stock (flipping face up); cards arriving on a pile come
        from the meld zone or the hand when ``mover`` is the viewer, else from ``source``
        (where the seat that played them sits); cards that left fly to where they went.
        """
        state = self.state
        stock_pos = self.layout["stock"].rect.center
        origin = source or stock_pos
        duration = 0.0 if instant else 0.35
        ours = self.rules.to_move == self.viewer
        # 1. the meld zone: our shown cards, our selection, or nothing of ours
        if state.phase == "discard" and state.seat == self.viewer and state.meld != "marriage":
            self._sync_zone(list(state.shown), stock_pos)
        elif not (ours and state.phase == "meld"):
            for pair in self.selection:
                if pair[0].endswith(rules.PILE):
                    esper.delete_entity(pair[1])
                else:
                    self.hand.append(pair)
            self.selection = []
        # 2. the piles and the marriage pile (cards we hold in the zone stay "on the pile")
        pool = (self.selection + self.shown + self.hand) if mover == self.viewer else self.shown
        for rank, cards in enumerate(state.piles):
            want = list(cards)
            for token, _ in self.selection:
                code = token.removesuffix(rules.PILE)
                if token.endswith(rules.PILE) and rules.CARD_RANK[code] == rank and code in want:
                    want.remove(code)
            self.piles[rank] = self._sync_list(self.piles[rank], want, origin, PILE_W,
                                               instant, lead, pool)
        self.marriage = self._sync_list(self.marriage, list(state.marriage_pile), origin,
                                        PILE_W, instant, lead, pool)
        # 3. the shown cards of another seat's meld
        if state.phase == "discard" and state.seat != self.viewer and state.meld != "marriage":
            if not self.shown:
                zone = self.opponent_zone(state.seat).center
                self.shown = [(c, self._card(c, zone, MELD_W, True, Z_MELD))
                              for c in state.shown]
        else:
            for _, ent in self.shown:  # back into that seat's hand: face down at once
                hide_now(ent)
                self._kill_later(ent, origin)
            self.shown = []
        # 4. the viewer's hand (minus what sits in the meld zone)
        remaining = Counter(state.hands[self.viewer])
        remaining.subtract(Counter(t for t, _ in self.selection if not t.endswith(rules.PILE)))
        keep: list[tuple[str, int]] = []
        for code, ent in self.hand:
            if remaining[code] > 0:
                remaining[code] -= 1
                keep.append((code, ent))
            else:
                remove_now(ent)
        for code, count in remaining.items():
            for _ in range(max(0, count)):
                ent = self._card(code, stock_pos, HAND_W, instant and not self.curtain, Z_HAND)
                keep.append((code, ent))
                if not instant and not self.curtain:
                    flip(ent, 0.3, face_up=True, delay=lead + 0.1)
        self.hand = keep
        if self._frozen is not None and self._frozen != Counter(state.hands[self.viewer]):
            self._frozen = None
        if self.sort_mode != "custom":
            self.sort_hand(self.sort_mode, relayout=False)
        self.layout_all(duration, lead)
        self.refresh()

    def _sync_zone(self, tokens: list[str], stock_pos) -> None:
        """Make the selection hold exactly ``tokens`` (reusing hand/selection entities)."""
        pool = self.selection + self.hand
        chosen: list[tuple[str, int]] = []
        for token in tokens:
            match = next((p for p in pool if p[0] == token and p not in chosen), None)
            if match is None:
                match = (token, self._card(token, stock_pos, MELD_W, True, Z_MELD))
            chosen.append(match)
        self.hand = [p for p in self.hand if p not in chosen]
        for p in self.selection:
            if p not in chosen:
                self.hand.append(p)
        self.selection = chosen

    def _sync_list(self, have: list[tuple[str, int]], want: list[str], origin, width: int,
                   instant: bool, lead: float, pool: list[tuple[str, int]]
                   ) -> list[tuple[str, int]]:
        """Match a pile's entities to ``want``; arriving cards come from ``pool`` if there."""
        if [c for c, _ in have] == want:
            return have
        left = list(have)
        out: list[tuple[str, int]] = []
        for code in want:
            match = next((p for p in left if p[0] == code), None)
            if match is not None:
                left.remove(match)
            else:
                moving = next((p for p in pool if p[0].removesuffix(rules.PILE) == code), None)
                if moving is not None:
                    pool.remove(moving)
                    for group in (self.selection, self.shown, self.hand):
                        if moving in group:
                            group.remove(moving)
                    self._resize(moving[1], code, width)
                    match = (code, moving[1])
                else:
                    ent = self._card(code, origin, width, instant, Z_FLY)
                    if not instant:
                        flip(ent, 0.3, face_up=True, delay=lead)
                    match = (code, ent)
            out.append(match)
        for _, ent in left:  # taken from this pile (for a marriage) or cleared (new deal)
            if not any(ent == e for _, e in self.selection + self.shown):
                hide_now(ent)
                self._kill_later(ent, self.layout["stock"].rect.center)
        return out

    def _resize(self, ent: int, code: str, width: int) -> None:
        plain = code.removesuffix(rules.PILE)
        face = esper.component_for_entity(ent, CardFace)
        face.front, face.back = card_image(plain, width), card_image("back", width)
        esper.component_for_entity(ent, Sprite).image = face.front

    def layout_all(self, duration: float = 0.35, delay: float = 0.0) -> None:
        """Tween every card entity to its place."""
        if self._frozen is not None and any(e not in self._hand_spots for _, e in self.hand):
            self._frozen = None  # a card the kept slots do not know: lay out afresh
        if self._frozen is None:
            hand_zone = self.layout["hand"].rect.inflate(-20, -40)
            spots = fan(hand_zone, len(self.hand), HAND_W, max_step=HAND_W + 6, arc=5)
            self._hand_spots = {ent: (x, y + 14, angle, Z_HAND + i)
                                for i, ((_, ent), (x, y, angle)) in enumerate(zip(self.hand, spots))}
        for code, ent in self.hand:
            x, y, angle, z = self._hand_spots[ent]
            self._resize_if(ent, code, HAND_W)
            self._go(ent, x, y, z, duration, delay, angle)
        zone = self.layout["meld"].rect
        cards = self.selection + self.shown
        meld_spots = fan(pygame.Rect(zone.x + 10, zone.y + 36, zone.width - 190,
                                     zone.height - 40), len(cards), MELD_W, MELD_W + 6)
        for i, ((code, ent), (x, y, _)) in enumerate(zip(cards, meld_spots)):
            self._resize_if(ent, code, MELD_W)
            self._go(ent, x, y, Z_MELD + i, duration, delay)
        for rank, pile in enumerate(self.piles):
            rect = self.layout[f"pile_{rules.RANKS[rank]}"].rect
            for i, (code, ent) in enumerate(pile):
                self._resize_if(ent, code, PILE_W)
                self._go(ent, rect.centerx, rect.y + 72 + i * PILE_STEP, Z_PILE + rank * 8 + i,
                         duration, delay)
        rect = self.layout["marriage"].rect
        for i, (code, ent) in enumerate(self.marriage):
            self._resize_if(ent, code, PILE_W)
            self._go(ent, rect.centerx + (i % 8) * 2, rect.centery + 16 - (i % 8) * 2,
                     Z_MARRIAGE + i, duration, delay, angle=(i * 7) % 11 - 5)
        if self.stock_ent is not None:
            esper.component_for_entity(self.stock_ent, Sprite).visible = bool(self.state.stock)

    def _resize_if(self, ent: int, code: str, width: int) -> None:
        face = esper.component_for_entity(ent, CardFace)
        if face.front.get_width() != width:
            self._resize(ent, code, width)

    def _go(self, ent: int, x: float, y: float, z: float, duration: float, delay: float,
            angle: float = 0.0) -> None:
        if self.drag.held == ent:
            return
        esper.component_for_entity(ent, ZOrder).z = z
        t = esper.component_for_entity(ent, Transform)
        if duration <= 0:
            t.x, t.y, t.angle = x, y, angle
        else:
            move_to(ent, x, y, duration, delay=delay)
            animate(ent, "angle", angle, duration, delay=delay)

    # -- the hand ----------------------------------------------------------------------
    def sort_hand(self, mode: str, relayout: bool = True) -> None:
        self.sort_mode = mode
        if relayout:
            self._frozen = None
        if mode == "rank":
            self.hand.sort(key=lambda p: rules.card_key(p[0]))
        elif mode == "suit":
            self.hand.sort(key=lambda p: (rules.CARD_SUIT[p[0]], rules.CARD_RANK[p[0]]))
        if relayout:
            self.layout_all(0.25)

    def toggle(self, ent: int) -> None:
        """Move a card between the hand and the meld zone (the selection)."""
        if not self._may_select():
            return
        for pair in self.hand:
            if pair[1] == ent:
                self.hand.remove(pair)
                self.selection.append(pair)
                break
        else:
            for pair in self.selection:
                if pair[1] == ent:
                    self.selection.remove(pair)
                    if pair[0].endswith(rules.PILE):
                        esper.delete_entity(ent)  # back onto its pile (re-created there)
                        self.reconcile()
                        return
                    self.hand.append(pair)
                    if self.sort_mode != "custom":
                        self.sort_hand(self.sort_mode, relayout=False)
                    break
        self.audio.request("click")
        self.layout_all(0.2)
        self.refresh()

    def _may_select(self) -> bool:
        return self.mine and self.state.phase == "meld"

    def selection_meld(self) -> tuple[str | None, str]:
        """(the legal move the selection declares, or None; a sentence about it)."""
        tokens = [t for t, _ in self.selection]
        if not tokens:
            return None, "Click cards or drag them here to declare a combination"
        meld = rules.classify(tokens)
        if meld is None:
            if len(tokens) == 1 and not tokens[0].endswith(rules.PILE) and self.is_legal(
                    f"discard {tokens[0]}"):
                return None, "1 card: click its lit pile to discard it, or add cards"
            return None, f"{len(tokens)} card{'s' if len(tokens) != 1 else ''}: " \
                         "not a combination yet"
        move = meld.move
        title = f"{KIND_TITLES[meld.kind]} · {meld.points} points"
        if move in self.legal():
            return move, title
        try:
            rules.play(self.state, move)
        except ValueError as exc:
            return None, f"{title} — {exc}"
        return move, title

    def confirm_meld(self) -> None:
        move, _ = self.selection_meld()
        if move is not None:
            self.rules.submit(move)

    def clear_selection(self) -> None:
        for pair in list(self.selection):
            self.toggle(pair[1])

    # -- click-to-move -----------------------------------------------------------------
    def _click_selects(self, ent: int) -> bool:
        """Which clicks select a card to be clicked onto a pile: in the discard phase, a
        shown card (or after a marriage any hand card). Meld-phase clicks move cards into
        the meld zone instead."""
        if not self.mine or self.state.phase != "discard":
            return False
        group = self.hand if self.state.meld == "marriage" else self.selection
        return any(e == ent for _, e in group)

    def selection_key(self) -> tuple | None:
        if not (self.mine and self.state.phase == "meld" and self.selection):
            return None
        return tuple(t for t, _ in self.selection)

    def selection_verdicts(self) -> dict[int, tuple[bool, str]]:
        """One card of the hand in the meld zone may be clicked onto its pile."""
        if len(self.selection) != 1 or self.selection[0][0].endswith(rules.PILE):
            return {}
        ent = self.selection[0][1]
        return {target: self.validate(ent, target) for target, drop in
                esper.get_component(DropTarget) if drop.name.startswith("pile_")}

    def clear_own_selection(self) -> bool:
        if self.selection_key() is None:
            return False
        self.clear_selection()
        return True

    def _freeze_hand(self) -> None:
        """Keep the hand's slots while cards are clicked out of it and back."""
        if self._frozen is None and self._hand_spots:
            self._frozen = Counter(self.state.hands[self.viewer])

    def _thaw_hand(self) -> None:
        if self._frozen is not None:
            self._frozen = None
            if self.sort_mode != "custom":
                self.sort_hand(self.sort_mode, relayout=False)
            self.layout_all(0.25)

    def _pile_click(self, ent: int, intent) -> str | None:
        """A king or queen clicked on its pile: it joins the meld zone for a marriage, unless
        the one card selected is of that rank (then this is a click to discard it there)."""
        token = self._token(ent)
        verdict = self.lit_verdict(intent.pos)
        if verdict is not None and verdict[1]:
            return f"discard {self.selection[0][0]}"
        if token is None or not token.endswith(rules.PILE) or not self._may_select() or (
                rules.CARD_RANK[token.removesuffix(rules.PILE)] not in (rules.QUEEN, rules.KING)):
            if verdict is not None and verdict[2]:
                self.refuse(verdict[2], intent)
            return None
        for pile in self.piles:
            for pair in pile:
                if pair[1] == ent:
                    pile.remove(pair)
                    self.selection.append((token, ent))
                    self._resize(ent, token, MELD_W)
        self.audio.request("click")
        self.layout_all(0.2)
        self.refresh()
        return None

    # -- input -> moves ----------------------------------------------------------------
    def _token(self, ent: int) -> str | None:
        for token, e in self.hand + self.selection:
            if e == ent:
                return token
        for _rank, pile in enumerate(self.piles):
            for code, e in pile:
                if e == ent:
                    return code + rules.PILE
        return None

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        drop = esper.component_for_entity(target, DropTarget)
        token = self._token(entity)
        if token is None:
            return False, "that card is not yours to move"
        if not self.rules.human_to_move() or self.curtain:
            return drop.name == "hand" and token in (t for t, _ in self.hand), \
                "wait for your turn"
        if self.drag.selected == entity and drop.name in ("hand", "meld"):
            return False, ""  # a card chosen by a click goes to a pile, nowhere else
        if drop.name == "hand":
            return not token.endswith(rules.PILE), "that card belongs on its pile"
        if drop.name == "meld":
            if self.state.phase != "meld":
                return False, "you have already declared this turn"
            if token.endswith(rules.PILE) and rules.CARD_RANK[token[:-5]] not in (
                    rules.QUEEN, rules.KING):
                return False, "only kings and queens can be taken from the piles"
            return True, ""
        if token.endswith(rules.PILE):
            return False, "a card taken from a pile can only go into a marriage"
        rank = drop.data
        code = token
        if rules.CARD_RANK[code] != rank:
            return False, f"{code} goes on the pile of its rank ({code[:-1]})"
        return self.check(f"discard {code}")

    def move_for_drop(self, entity: int, target: int) -> str | None:
        drop = esper.component_for_entity(target, DropTarget)
        token = self._token(entity)
        self.drag.settle(entity)
        if drop.name == "meld":
            if any(e == entity for _, e in self.selection):
                self.layout_all(0.2)
                return None
            if token is not None and token.endswith(rules.PILE):
                for _rank, pile in enumerate(self.piles):
                    for pair in pile:
                        if pair[1] == entity:
                            pile.remove(pair)
                            self.selection.append((token, entity))
                            self._resize(entity, token, MELD_W)
                self.layout_all(0.2)
                self.refresh()
                return None
            self.toggle(entity)
            return None
        if drop.name == "hand":
            self._reorder(entity)
            return None
        return f"discard {token}"

    def _reorder(self, entity: int) -> None:
        """A hand card dropped inside the hand: move it to where it was let go."""
        pair = next((p for p in self.hand + self.selection if p[1] == entity), None)
        if pair is None:
            return
        if pair in self.selection:
            self.toggle(entity)
            return
        x = esper.component_for_entity(entity, Transform).x
        self._frozen = None
        self.hand.remove(pair)
        slots = fan(self.layout["hand"].rect.inflate(-20, -40), len(self.hand) + 1, HAND_W,
                    max_step=HAND_W + 6)
        step = slots[1][0] - slots[0][0] if len(slots) > 1 else 0
        index = sum(1 for sx, _, _ in slots[1:] if sx - step / 2 < x)
        self.hand.insert(index, pair)
        self.sort_mode = "custom"
        self.layout_all(0.2)

    def move_for_intent(self, intent) -> str | None:
        if isinstance(intent, ClickIntent):
            if self.lift_curtain(intent.pos, self.layout["hand"].rect):
                self.reconcile()
                return None
            if intent.entity is not None and (
                    any(e == intent.entity for _, e in self.hand + self.selection)):
                if self.layout["hand"].rect.collidepoint(intent.pos):
                    self._freeze_hand()
                self.toggle(intent.entity)
                return None
            if intent.entity is not None and any(
                    e == intent.entity for pile in self.piles for _, e in pile):
                return self._pile_click(intent.entity, intent)
            verdict = self.lit_verdict(intent.pos)
            if verdict is not None:
                target, ok, reason = verdict
                if ok:
                    return f"discard {self.selection[0][0]}"
                if reason:
                    self.refuse(reason, intent)
                    return None
            target = self.drag.target_at(intent.pos)
            meld_zone = target is not None and esper.component_for_entity(
                target, DropTarget).name == "meld"
            if intent.entity is None and not meld_zone:
                self.clear_own_selection()  # a click on nothing cancels the selection
        return None

    # -- events -> animation -----------------------------------------------------------
    def animate(self, seat: int, move: str, events: list) -> None:
        deal = self._deal_before
        self._deal_before = self.state.deal
        human = self.config.seats[seat].is_human
        lead = 0.0 if human else self.app.settings.anim(AI_LEAD)
        source = self.seat_origin(seat)
        for event in events:
            if isinstance(event, rules.Scored):
                self.sheet.append((event.seat, event.points, event.reason, deal))
                self.sheet_scroll = 0
            if isinstance(event, rules.Melded):
                self.audio.request("score")
                words = KIND_TITLES[event.kind].lower()
                self.shown_label = f"{self.seat_name(event.seat)}: {words} for {event.points}"
                zone = self.layout["meld"].rect
                self._float_points(event.points, zone.centerx, zone.y + 70)
                if event.seat != self.viewer:
                    self._flash(self.opponent_zone(event.seat))
                    self.hold(1.6)  # let the person read the computer's meld
            elif isinstance(event, rules.Discarded):
                self.audio.request("place")
            elif isinstance(event, rules.Zetema):
                plural = rules.RANK_PLURALS[rules.RANK_INDEX[event.rank]]
                self.banner = (f"Zetema of {plural}!  +{event.points}", 2.2)
                self.audio.request("score")
                self._pop_points(event.rank, event.points)
            elif isinstance(event, rules.CardsDrawn):
                self.audio.request("deal")
                if event.seat != self.viewer:
                    for k in range(event.count):
                        ent = self._card("back", self.layout["stock"].rect.center, PILE_W,
                                         False, Z_FLY + k)
                        self._kill_later(ent, self.opponent_zone(event.seat).center,
                                         delay=lead + 0.05 * k)
            elif isinstance(event, rules.DealEnded):
                self.banner = (f"Deal {event.deal} is over: a new deal", 2.0)
                self._deal_summary(event.deal)
                for pair in [p for pile in self.piles for p in pile] + self.marriage:
                    hide_now(pair[1])  # gathered face down: the new deal reuses the cards
                    self._kill_later(pair[1], self.layout["stock"].rect.center)
                self.piles = [[] for _ in rules.RANKS]
                self.marriage = []
            elif isinstance(event, rules.TurnChanged):
                self.shown_label = "" if self.state.phase != "discard" else self.shown_label
            elif isinstance(event, rules.GameOver):
                self.audio.request("score")
        if self.viewer_changing():
            # the move lands as its player saw it, then that hand leaves the table
            self.reconcile(source=source, lead=lead, mover=seat)
            self.pick_viewer()
        self.reconcile(source=source, lead=lead, mover=seat)
        for event in events:  # what the seat did stays outlined until it plays again
            if isinstance(event, rules.Discarded):
                pile = self.piles[rules.CARD_RANK[event.card]]
                self.marks.entities(seat, [e for c, e in pile if c == event.card][-1:],
                                    self.seat_name(seat))
            elif isinstance(event, rules.Melded):
                shown = self.selection if seat == self.viewer else self.shown
                self.marks.entities(seat, [e for _, e in shown], self.seat_name(seat))

    def hide_hand(self) -> None:
        for _, ent in self.hand + self.selection:
            remove_now(ent)
        self.hand, self.selection = [], []

    def _flash(self, rect: pygame.Rect) -> None:
        ent = esper.create_entity(Transform(*rect.center), Sprite(_frame(rect.size)),
                                  ZOrder(Z_FX))
        animate(ent, "alpha", 0, 0.9, on_done=lambda: esper.delete_entity(ent))

    def _pop_points(self, rank: str, points: int) -> None:
        rect = self.layout[f"pile_{rank}"].rect
        self._float_points(points, rect.centerx, rect.y + 60)

    def _float_points(self, points: int, x: float, y: float) -> None:
        """The points of a meld or a zetema pop up and float away."""
        label = theme.text(f"+{points}", 34, theme.GOLD, "serif")
        ent = esper.create_entity(Transform(x, y, scale=0.3), Sprite(label), ZOrder(Z_FX))
        animate(ent, "scale", 1.0, 0.4, ease_out_back)
        animate(ent, "y", y - 50, 1.4)
        animate(ent, "alpha", 0, 0.6, delay=1.0, on_done=lambda: esper.delete_entity(ent))

    def _deal_summary(self, deal: int) -> None:
        rows = []
        for s in sorted(range(self.players), key=lambda s: -self.state.scores[s]):
            got = [(p, r) for seat, p, r, d in self.sheet if seat == s and d == deal]
            rows.append([self.seat_name(s), f"+{sum(p for p, _ in got)}",
                         str(len([1 for _, r in got if r.startswith("zetema")])),
                         str(self.state.scores[s])])
        self.summarise(f"Deal {deal} is over", f"Nobody has reached {self.state.settings.target}"
                       " yet: scores carry over to the next deal",
                       ["Player", "This deal", "Zetemas", "Total"], rows)

    # -- buttons and what may be dragged -----------------------------------------------
    def refresh(self) -> None:
        mine = self.mine
        phase = self.state.phase
        shown_only = phase == "discard" and self.state.meld != "marriage"
        for _, ent in self.hand:  # always draggable: to reorder, or to play when allowed
            esper.component_for_entity(ent, Draggable).enabled = (
                self.replay is None and not self.curtain)
            esper.component_for_entity(ent, Hoverable).raise_px = 12 if mine and not (
                shown_only) else 0
            if self.curtain:
                hide_now(ent)
            else:
                esper.component_for_entity(ent, CardFace).face_up = True
        chosen = mine and phase == "meld"  # the meld zone holds the cards the person chose
        for _token, ent in self.selection:
            esper.component_for_entity(ent, Draggable).enabled = mine
            if chosen:
                esper.add_component(ent, Selected())
            elif self.drag.selected != ent:
                esper.try_remove_component(ent, Selected)
        for _, ent in self.hand:
            if self.drag.selected != ent:
                esper.try_remove_component(ent, Selected)
        for rank, pile in enumerate(self.piles):  # kings and queens may join a marriage
            for _, ent in pile:
                if self.drag.selected != ent:
                    esper.try_remove_component(ent, Selected)
                esper.component_for_entity(ent, Draggable).enabled = (
                    mine and phase == "meld" and rank in (rules.QUEEN, rules.KING))
        buttons = self.comfort_buttons(self.layout["status"].rect)
        zone = self.layout["meld"].rect
        move, _ = self.selection_meld()
        if mine and phase == "meld":
            buttons.append(Button((zone.right - 170, zone.y + 40, 156, 46), "Meld",
                                  self.confirm_meld, enabled=move is not None, primary=True,
                                  size=18))
            buttons.append(Button((zone.right - 170, zone.y + 94, 156, 42), "Clear",
                                  self.clear_selection, enabled=bool(self.selection), size=16))
        hand = self.layout["hand"].rect
        for i, mode in enumerate(("rank", "suit")):
            buttons.append(Button((hand.right - 172 + i * 86, hand.y + 2, 82, 30),
                                  f"By {mode}", lambda m=mode: self.sort_hand(m), size=14))
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    def show_hint(self, move: str) -> list[int]:
        parts = move.split()
        if parts[0] == "discard" and len(parts) > 1:
            code = parts[1]
            self.app.toast(f"Hint: discard {code} on its pile.")
            ents = [e for c, e in self.hand + self.selection if c == code][:1]
            return ents
        if parts[0] != "meld" or len(parts) < 2:
            self.app.toast(f"Hint: {move}.")
            return []
        kind, tokens = parts[1], parts[2:]
        self.app.toast(f"Hint: meld a {KIND_TITLES.get(kind, kind).lower()} "
                       f"({' '.join(t.replace(rules.PILE, ' from the pile') for t in tokens)}).")
        ents: list[int] = []
        pool = self.hand + self.selection + [p for pile in self.piles for p in pile]
        for token in tokens:
            code = token.removesuffix(rules.PILE)
            match = next((e for c, e in pool if c == code and e not in ents), None)
            if match is not None:
                ents.append(match)
        return ents

    def result_summary(self):
        res = rules.result(self.state)
        winner = res["winner"]
        if winner is None:
            title = "Game over"
        elif self.config.seats[winner].is_human and len(self.session.humans) == 1:
            title = "You win!"
        else:
            title = f"Seat {winner + 1} wins"
        goal = self.state.settings.target
        subtitle = f"First to {goal} points · {self.state.deal} deal" + (
            "s" if self.state.deal != 1 else "")
        order = sorted(range(self.players), key=lambda s: -res["scores"][s])
        rows = []
        for s in order:
            melds = sum(p for seat, p, r, _ in self.sheet if seat == s and not r.startswith(
                "zetema"))
            zetemas = sum(p for seat, p, r, _ in self.sheet if seat == s and r.startswith(
                "zetema"))
            who = self.seat_name(s) + ("" if self.config.seats[s].is_human else
                                       f" ({self.config.seats[s].level})")
            rows.append([who, str(res["scores"][s]), str(melds), str(zetemas)])
        return title, subtitle, ["Player", "Score", "Melds", "Zetemas"], rows, (
            order.index(winner) if winner is not None else None)

    # -- frame -------------------------------------------------------------------------
    def handle(self, event) -> None:
        if (event.kind == "move" and self._frozen is not None
                and not self.layout["hand"].rect.collidepoint(event.pos)):
            self._thaw_hand()  # the pointer left the hand: close up the gaps
        if event.kind == "wheel" and self.layout["sheet"].rect.collidepoint(event.pos):
            self.sheet_scroll = max(0, self.sheet_scroll + event.dy)
            return
        super().handle(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        for i, rank in enumerate(rules.RANKS):
            rect = self.layout[f"pile_{rank}"].rect
            theme.panel(surface, rect, alpha=70, radius=10)
            count = len(self.state.piles[i])
            dead = rank in ("Q", "K") and self.state.married
            color = theme.GOLD if count == 4 else (theme.INK_FAINT if dead else theme.INK_DIM)
            theme.blit_text(surface, rank, (rect.x + 8, rect.y + 4), 16, theme.INK, "bold")
            theme.blit_text(surface, f"{count}/5", (rect.right - 8, rect.y + 6), 13, color,
                            "bold", anchor="topright")
        for name in ("stock", "marriage", "log", "sheet", "meld", "hand"):
            theme.panel(surface, self.layout[name].rect, alpha=110 if name != "hand" else 60)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        state = self.state
        stock = self.layout["stock"].rect
        theme.blit_text(surface, f"Stock · {len(state.stock)}", (stock.centerx, stock.y + 4),
                        14, theme.INK, "bold", anchor="midtop")
        marriage = self.layout["marriage"].rect
        theme.blit_text(surface, f"Marriages · {len(state.marriage_pile) // 2}",
                        (marriage.centerx, marriage.y + 4), 14, theme.INK_DIM, "bold",
                        anchor="midtop")
        for seat in range(self.players):
            if seat != self.viewer:
                self._draw_opponent(surface, seat)
        self._draw_meld_zone(surface)
        self._draw_sheet(surface)
        self.draw_log(surface)
        hand = self.layout["hand"].rect
        label = f"{self.seat_name(self.viewer)} · {state.scores[self.viewer]} points"
        theme.blit_text(surface, label, (hand.x + 12, hand.y + 8), 16,
                        theme.GOLD if state.seat == self.viewer else theme.INK, "bold")
        self.draw_curtain(surface, self.layout["hand"].rect)
        self.widgets.draw(surface)
        self.draw_banner(surface, (self.app.size[0] // 2, 372), 38)

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        rect = self.opponent_zone(seat)
        active = self.state.phase != "over" and self.state.seat == seat
        theme.panel(surface, rect, alpha=170, edge=theme.GOLD if active else theme.PANEL_EDGE)
        count = len(self.state.hands[seat])
        back = card_image("back", 34)
        for k in range(count):
            surface.blit(back, (rect.x + 10 + k * 14, rect.y + 34))
        level = self.config.seats[seat]
        who = self.seat_name(seat) + ("" if level.is_human else f" · AI {level.level}")
        theme.blit_text(surface, who, (rect.x + 10, rect.y + 8), 15, theme.INK, "bold")
        theme.blit_text(surface, f"{self.state.scores[seat]}", (rect.right - 10, rect.y + 6),
                        22, theme.GOLD, "serif", anchor="topright")
        theme.blit_text(surface, f"{count} card{'s' if count != 1 else ''}",
                        (rect.right - 10, rect.bottom - 8), 13, theme.INK_DIM,
                        anchor="bottomright")
        if active and not self.config.seats[seat].is_human:
            dots = "." * (1 + int(self.time * 3) % 3)
            theme.blit_text(surface, f"thinking{dots}", (rect.x + 150, rect.y + 60), 13,
                            theme.INK_FAINT)

    def _draw_meld_zone(self, surface: pygame.Surface) -> None:
        zone = self.layout["meld"].rect
        state = self.state
        if state.phase == "over":
            text = "Game over"
        elif self.replay is not None:
            text = self.shown_label or "Replay"
        elif self.shown or (state.phase == "discard" and state.seat != self.viewer):
            text = self.shown_label
        elif self.rules.to_move == self.viewer and self.config.seats[self.viewer].is_human:
            if state.phase == "discard":
                text = ("Discard one of the shown cards onto its pile"
                        if state.meld != "marriage" else "Discard any card onto its pile")
            else:
                _, text = self.selection_meld()
        else:
            text = f"{self.seat_name(state.seat)} to play"
        theme.blit_text(surface, text, (zone.x + 12, zone.y + 8), 16, theme.INK, "bold")

    def _draw_sheet(self, surface: pygame.Surface) -> None:
        rect = self.layout["sheet"].rect
        goal = self.state.settings.target
        theme.blit_text(surface, "Score sheet", (rect.x + 12, rect.y + 8), 16, theme.GOLD, "bold")
        theme.blit_text(surface, f"goal {goal} · deal {self.state.deal}", (rect.right - 12,
                        rect.y + 10), 13, theme.INK_DIM, anchor="topright")
        y = rect.y + 34
        for seat in range(self.players):
            score = self.state.scores[seat]
            width = rect.width - 110
            bar = pygame.Rect(rect.x + 96, y + 4, round(width * min(1, score / goal)), 10)
            pygame.draw.rect(surface, (40, 52, 66), (rect.x + 96, y + 4, width, 10),
                             border_radius=5)
            if bar.width:
                pygame.draw.rect(surface, theme.GOLD, bar, border_radius=5)
            theme.blit_text(surface, self.seat_name(seat), (rect.x + 12, y), 14,
                            theme.INK if seat != self.state.seat else theme.GOLD, "bold")
            theme.blit_text(surface, str(score), (rect.x + 92, y), 14, theme.INK,
                            anchor="topright")
            y += 20
        y += 6
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + 10, y), (rect.right - 10, y))
        visible = max(1, (rect.bottom - y - 10) // 18)
        self.sheet_scroll = min(self.sheet_scroll, max(0, len(self.sheet) - visible))
        end = len(self.sheet) - self.sheet_scroll
        rows = self.sheet[max(0, end - visible):end]
        if len(self.sheet) > visible:
            theme.blit_text(surface, f"wheel: {len(self.sheet)} entries", (rect.right - 12,
                            rect.bottom - 16), 11, theme.INK_FAINT, anchor="topright")
        for seat, points, reason, _ in rows:
            y += 18
            theme.blit_text(surface, f"{self.seat_name(seat)}: {reason}", (rect.x + 12, y), 13,
                            theme.INK_DIM)
            theme.blit_text(surface, f"+{points}", (rect.right - 12, y), 13, theme.GOLD,
                            anchor="topright")


def _frame(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*theme.GOLD, 255), surf.get_rect(), 4, border_radius=14)
    return surf


# -- module hooks used by the catalogue, the setup scene and the tour ---------------------

def new_scene(app, config: GameConfig) -> ZetemaTable:
    return ZetemaTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> ZetemaTable:
    return ZetemaTable(app, config, Session.from_save(data, app.settings.undo_between_people))


def tour(app, drive):
    """Screens for the tour: the opening, a selection being named, mid-game, the end."""
    table = app.scenes.top
    yield "start"
    melds = [m for m in table.legal() if m.startswith("meld")]
    if melds and table.rules.human_to_move():
        for token in melds[0].split()[2:]:
            ent = next((e for c, e in table.hand if c == token), None)
            if ent is not None:
                drive.click(drive.center_of(ent))
        drive.settle()
        yield "meld_selected"
        table.clear_selection()
    rng = random.Random(8)
    session = Session.new(table.config)
    while len(session.moves) < 40 and session.result is None:
        moves = rules.legal_moves(session.state)
        session.play(rng.choice([m for m in moves if m.startswith("meld")] or moves))
    mid = ZetemaTable(app, table.config, session)
    app.scenes.reset(mid, transition=None)
    drive.settle(1200)
    if mid.rules.human_to_move():
        code, ent = mid.hand[0]
        drive.press(drive.center_of(ent))
        pile = mid.layout[f"pile_{code[:-1]}"].rect.center
        drive.move(pile, steps=8)
        yield "dragging_to_pile"
        drive.release()
        drive.settle()
    else:
        yield "midgame"


def perform(drive, table: ZetemaTable, move: str) -> None:
    """Play ``move`` the way a person would: clicks and the Meld button, or a drag."""
    parts = move.split()
    if parts[0] == "discard":
        code = parts[1]
        ent = next(e for c, e in table.hand + table.selection if c == code)
        drive.drag(drive.center_of(ent), table.layout[f"pile_{code[:-1]}"].rect.center, steps=6)
        return
    table.clear_selection()
    drive.settle()
    for token in parts[2:]:
        if token.endswith(rules.PILE):
            code = token.removesuffix(rules.PILE)
            pile = table.piles[rules.CARD_RANK[code]]
            ent = next(e for c, e in reversed(pile) if c == code)
            x, y = drive.center_of(ent)
            top = y - esper.component_for_entity(ent, Sprite).image.get_height() / 2
            drive.drag((x, top + PILE_STEP / 2), table.layout["meld"].rect.center, steps=6)
        else:
            ent = next(e for c, e in table.hand if c == token)
            drive.click(drive.center_of(ent))
        drive.settle()
    button = next(w for w in table.widgets.widgets if w.label == "Meld")
    drive.click(button.rect.center)
