"""The Zetema table scene: your hand at the bottom, the other seats along the top, the 13
rank piles, the stock, the marriage pile, the meld zone, the move log and the score sheet.

Meld: click cards (or drag them into the meld zone) to choose them; the zone names the
combination and its points, or says why the cards make none yet, and Meld declares it. A
king or queen lying in the K or Q pile can be clicked or dragged into the zone for a
marriage (and clicked, or dragged onto its pile, to send it back). Discard: drag a card
onto the pile of its rank, or click it and then its lit pile (see
``scenes.zetema.gestures``). Sort your hand by rank or suit, or drag a card within
the hand to move it. Everything the other seats do is animated: draws, melds, discards,
and a flourish when a zetema lands. The parts: ``layout``, ``sync``, ``gestures``,
``words`` and ``panels`` of this package.
"""

from __future__ import annotations

from collections import Counter

import esper
import pygame

from ecs.components import (
    CardFace,
    Decoration,
    Draggable,
    DropTarget,
    Hoverable,
    Selected,
    Sprite,
    Transform,
    ZOrder,
)
from ecs.input import entity_rect
from ecs.tween import animate, ease_out_back, flip, move_to
from game.ai import zetema as zetema_ai
from game.card_art import ALL_IMAGES, card_image, index_corner
from game.catalog import GameConfig
from game.layout import load_layout, row_zone
from game.rules import zetema as rules
from game.session import Session
from game.words import zetema as zetema_words
from scenes import theme
from scenes.card_sync import flipping, hide_now
from scenes.game_table import (
    AI_LEAD,
    SORT_KEYS,
    CardTable,
    PerViewer,
    deal_over_no_undo,
    is_undo_key,
    whole_names,
)
from scenes.marks import LastMoves
from scenes.widgets import Button, WidgetGroup
from scenes.zetema import layout, words
from scenes.zetema.gestures import ZetemaGestures
from scenes.zetema.layout import MELD_BUTTONS_W, PILE_RISE, PILE_W, Z_FLY, Z_FX, Z_STOCK
from scenes.zetema.panels import ZetemaPanels, gliding
from scenes.zetema.sync import ZetemaSync, in_order

POINTS_RISE = 50  # px a meld's or a zetema's points rise as they pop up


class ZetemaMarks(LastMoves):
    """Last-move marks whose tags on the marriage pile stay on its zone (``zone()``), above
    the row of its suits: at five marriages the last one lies near the zone's right edge,
    and a wider tag (a Persian one, a long name) stood across it. A pile card taken into
    the meld zone (``aside()``) shows no mark there: another seat's outline and tag among
    the cards you chose were stale and looked like the selection's outline. The mark
    stays, and shows again when the card goes back to its pile."""

    def __init__(self, zone, aside=lambda: ()) -> None:
        super().__init__()
        self.zone = zone
        self.aside = aside

    def draw(self, surface: pygame.Surface, keep_clear=(), hidden=()) -> None:
        super().draw(surface, keep_clear, [*hidden, *self.aside()])

    def tag_spots(self, label: str, box: pygame.Rect, edge: str,
                  bounds: pygame.Rect) -> list[pygame.Rect]:
        spots = super().tag_spots(label, box, edge, bounds)
        zone = self.zone()
        if not zone.collidepoint(box.center):
            return spots
        # (a tag at a marriage's foot stands just above the row of the suits, whole)
        row = layout.marriage_suits_row(zone)
        spots = [s.move(0, row.top - 1 - s.bottom) if s.colliderect(row) else s for s in spots]
        return [s for s in spots if zone.contains(s)] or spots


class ZetemaTable(ZetemaSync, ZetemaGestures, ZetemaPanels, CardTable):
    name = "zetema"
    sort_mode = PerViewer("rank")  # the order of the hand at the screen, per person
    rules_module = rules
    ai_module = zetema_ai
    ai_delay = 0.6

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        self.layout = load_layout("zetema")
        self.marks = ZetemaMarks(lambda: self.layout["marriage"].rect, lambda: [
            e for t, e in self.selection if t.endswith(rules.PILE)])
        self.back = card_image("back", layout.HAND_W)
        self.players = len(config.seats)
        self.hand: list[tuple[str, int]] = []       # the viewer's hand, left to right
        self.fresh: list[int] = []  # the cards of it just drawn, tagged "new" (pt120)
        self._fresh_landed: frozenset[int] = frozenset()  # ... those landed in it (tagged;
        # plain values: the picture is kept while they stand, ``scenes.table._snapshot``)
        self.selection: list[tuple[str, int]] = []  # tokens in the meld zone ("QH@pile")
        self.shown: list[tuple[str, int]] = []      # another seat's shown meld cards
        self._zone_leaving: tuple[int, ...] = ()  # ... on their way back to its panel
        self._above_for = None  # the message placed above the meld zone (it stays there)
        self._zone_lit_until = 0.0  # the meld zone's words lit until then (0: not lit)
        self._final_meld: tuple[int, list[str]] | None = None  # (seat, cards) of another
        # seat's meld that ended the game, shown as its melds are
        self.piles: list[list[tuple[str, int]]] = [[] for _ in rules.RANKS]
        self.marriage: list[tuple[str, int]] = []
        self._landed: tuple[int, ...] = ()  # each pile's cards at rest (its counter shows it)
        self._married_landed = 0  # the marriage pile's cards at rest (its label counts them)
        self._at_rest: tuple[frozenset[int], ...] = ()  # the cards counted so, each pile's,
        # then the marriage pile's (``_rest``; plain values: the picture is kept while they
        # stand, ``scenes.table._snapshot``)
        # cards drawn from the stock still flying into another seat's panel: (seat, moves
        # then, entity); its count takes each in as it lands (``panel_count``)
        self._arriving: tuple[tuple[int, int, int], ...] = ()
        # zetemas whose fifth card is still on its way: (event, moves then, when): told
        # once it lies on its pile, its counter at 5/5 (the banner came with "4/5" on it)
        self._zetemas_due: list[tuple[object, int, float]] = []
        # a computer's meld whose cards are still on their way (to the meld zone, or the
        # marriage pile): (event, moves then, when): told once they lie there, its points,
        # score and score sheet line with it (they came as its cards set off, pt151)
        self._melds_due: list[tuple[object, int, float]] = []
        self.stock_ent: int | None = None
        self.sheet: list[tuple[int, int, str, int]] = []  # (seat, points, reason, deal)
        self._sheet_shown: int | None = None  # lines shown while a move's are untold
        self.sheet_scroll = 0
        self.shown_label = ""
        self.chosen_at_hint: list[str] = []  # the meld zone's cards when the hint came
        self._hand_spots: dict[int, layout.Slot] = {}
        self._frozen = None  # the hand's content (a Counter) while its slots are kept
        self._coming_back = False  # ... after a drag into the meld zone, until the pointer
        # is back over the hand (``_follow_pointer``)
        self._leaving: int | None = None  # the card let go on a pile (of two alike, it goes)
        self._home: list[int] = []  # the hand's order with the meld zone's cards in it
        # the person's own order before each of their moves (move index -> (seat, cards)),
        # and the one to lay out again after an Undo (``undone_from``)
        self._orders: dict[int, tuple[int, list[str]]] = {}
        self._order_back: tuple[int, list[str]] | None = None
        # a person's own order as the screen went to another (between people): (deal,
        # cards), laid out again when it comes back to them in that deal
        self._own_orders: dict[int, tuple[int, list[str]]] = {}
        self._pile_press: tuple | None = None  # (card, where) pressed on a pile, not taken
        self._swallow_click = False  # the click a refused drag from a pile ends with
        # the table as the last deal ended (shown until its summary is closed; then the
        # piles are gathered and the next deal comes out of the stock)
        self.ended_deal: rules.State | None = None

    # -- building ----------------------------------------------------------------------
    @classmethod
    def warm_images(cls) -> list:
        return [(card_image, ALL_IMAGES, (layout.HAND_W, PILE_W, layout.MELD_W)),
                (card_image, ("back",), (PILE_W + 6, 34)),
                (card_image, [rank + suit for rank in "KQ" for suit in rules.SUITS],
                 (layout.MARRIAGE_W,))]

    def build_table(self) -> None:
        self.drag.click_select = self._click_selects
        self.drag.cancel_on_miss = True
        for i, rank in enumerate(rules.RANKS):
            rect = self.layout[f"pile_{rank}"].rect
            esper.create_entity(DropTarget(rect.copy(), f"pile_{rank}", i))
        esper.create_entity(DropTarget(self.layout["meld"].rect.copy(), "meld", "meld"))
        # (nothing goes there by hand: a card let go on it is told how marriages get there)
        esper.create_entity(DropTarget(self.layout["marriage"].rect.copy(), "marriage", "marriage"))
        esper.create_entity(DropTarget(self.layout["hand"].rect.copy(), "hand", "hand"))
        self.stock_ent = esper.create_entity(
            Transform(self.layout["stock"].rect.centerx, self.layout["stock"].rect.centery + 10),
            Sprite(card_image("back", PILE_W + 6)),
            ZOrder(Z_STOCK))
        self.sheet = self._sheet_from_session()
        ended = next((e for e in self.deal_ended_unread() or () if isinstance(e, rules.DealEnded)),
                     None)
        if ended is not None and ended.table is not None:  # (Continue over a deal's end: its
            if self.replay is None:  # summary comes again, over the piles as they lay; the
                self.deal_summary(ended.deal)  # next deal after it, as at the deal's end; in
            self.ended_deal = ended.table  # a replay, the next step deals it)
        else:
            self.first_viewer()
        self.reconcile(instant=True)
        if self._order_back is not None and self._order_back[0] == self.viewer:
            self._follow_order(self._order_back[1])
        if not self.session.moves and self.replay is None and not self.by_undo:
            self._deal_in()  # (Undo back to the deal's start: the cards are in hand already)

    # -- the hand's own order through Undo -----------------------------------------------
    def _after_move(self, seat: int, move: str, events: list) -> None:
        if seat == self.viewer and self.sort_mode == "custom" and self.replay is None:
            # the person's own order as the move was made (Undo gives it back)
            self._orders[len(self.session.moves) - 1] = (seat, self._hand_codes())
        super()._after_move(seat, move, events)

    def undone_from(self, old: ZetemaTable) -> None:
        """Undo built this table: a hand in the person's own order comes back in that order
        as it was before the move taken back (it came back sorted by rank)."""
        self._orders = old._orders
        self._own_orders = old._own_orders
        self.take_orders_from(old)  # (each person's: between people the move taken back
        # may be the last person's, whose order went with them, pt104)
        back = self._orders.get(len(self.session.moves))
        if back is None and old.sort_mode == "custom":
            back = (old.viewer, old._hand_codes())
        self._order_back = back

    def _hand_codes(self) -> list[str]:
        """The hand's cards in the person's order, those out in the meld zone at their
        places in it (``_home``)."""
        cards = {e: c for c, e in self.hand + self.selection if not c.endswith(rules.PILE)}
        order = [e for e in self._home_order() if e in cards]
        order += [e for e in cards if e not in order]
        return [cards[e] for e in order]

    def _follow_order(self, codes: list[str]) -> None:
        """Lay the hand out in the order of ``codes`` (cards not among them at its end)."""
        self.hand = in_order(self.hand, codes)
        self.layout_all(0.0)

    def _deal_in(self) -> None:
        """The viewer's hand comes out of the stock one card after another, turning up."""
        stock = self.layout["stock"].rect.center
        for i, (_, ent) in enumerate(self.hand):
            t = esper.component_for_entity(ent, Transform)
            x, y = t.x, t.y
            t.x, t.y = stock
            esper.component_for_entity(ent, CardFace).face_up = False
            move_to(ent, x, y, 0.35, delay=0.08 * i)
            if not self.curtain:  # (under the cover it stays down; lifting it turns it up)
                flip(ent, 0.25, face_up=True, delay=0.08 * i + 0.3)
        self.audio.request("deal")

    @property
    def state(self):
        """What the table shows: the engine's state, or the last deal as it ended while
        that deal's summary is still to be read (the engine has dealt the next one)."""
        return self.ended_deal if self.ended_deal is not None else self.rules.state

    def resume(self) -> None:
        super().resume()
        if (self.ended_deal is not None and self.pending_summary is None
                and self.replay is None  # (a replay's next step deals the next deal)
                and self.world is not None and self.world.alive):
            self.next_deal()

    def next_deal(self) -> None:
        """The last deal's summary was closed: its piles are gathered, the next deal comes
        out of the stock (between people, the next person's hand behind the cover)."""
        self.ended_deal = None
        self.summary_read()
        self._mover = None  # (the last deal's last mover is not the one to play now)
        self.marks.clear()  # a new deal: nobody has played in it yet
        self.banner = (words.new_deal_banner(self.state.deal), 1.6)
        self.shown_label = ""
        if self.hot_seat:  # everybody read the summary: the next hand comes under the cover
            self.hide_hand()
            self.first_viewer()
        else:
            self.pick_viewer()
        self.reconcile(instant=True)
        self.fresh = self._fresh_from_session()  # (the first seat's draw of the new deal)
        self._deal_in()
        self.refresh()  # (the hand's cards being dealt stay face down until they arrive)

    def _sheet_from_session(self) -> list[tuple[int, int, str, int]]:
        """Every scoring event of the game so far, replayed from the session's moves."""
        sheet = []
        state = self.session.initial
        for move in self.session.moves:
            deal = state.deal
            state, events = rules.play_events(state, move)
            sheet += [(e.seat, e.points, e.reason, deal) for e in events
                      if isinstance(e, rules.Scored)]
        return sheet

    def language_changed(self) -> None:
        """Buttons carry words and Persian mirrors the meld zone: build them again in the
        new language, in this table's world (the Settings screen may be on top)."""
        parent = getattr(super(), "language_changed", None)
        if callable(parent):
            parent()
        if self.world is None or not self.world.alive:
            return
        with self.world.active():
            self.layout_all(0.0)
            self.refresh()

    # -- where seats sit ---------------------------------------------------------------
    def opponent_zone(self, seat: int) -> pygame.Rect:
        """Where another seat sits: the top zones in turn order after the viewer, read from
        the reading side (in Persian the next seat is at the right end)."""
        index = layout.opponent_index(self.viewer, seat, self.players)
        return theme.mirror(row_zone(self.layout, "opp", index, self.players - 1),
                            pygame.Rect((0, 0), self.app.size))

    def seat_origin(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self.layout["hand"].rect.center
        return self.opponent_zone(seat).center

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
            elif not flipping(ent):  # (a card being dealt turns up as it arrives)
                esper.component_for_entity(ent, CardFace).face_up = True
        chosen = mine and phase == "meld"  # the meld zone holds the cards the person chose
        for _token, ent in self.selection:
            esper.component_for_entity(ent, Draggable).enabled = mine
            if chosen:
                esper.add_component(ent, Selected())
            elif self.drag.selected != ent:
                esper.try_remove_component(ent, Selected)
        for _, ent in self.hand + self.marriage:  # (a marriage's cards come from the zone)
            if self.drag.selected != ent:
                esper.try_remove_component(ent, Selected)
        for rank, pile in enumerate(self.piles):  # kings and queens may join a marriage
            for i, (code, ent) in enumerate(pile):
                if self.drag.selected != ent:
                    esper.try_remove_component(ent, Selected)
                takable = mine and phase == "meld" and rank in (rules.QUEEN, rules.KING)
                esper.component_for_entity(ent, Draggable).enabled = takable
                # a card you discarded came from your hand, which rises under the pointer:
                # on the pile only a king or queen that would marry a card of your hand
                # rises, a little (risen 12 px onto the card beneath, it left 3 px of that
                # card out of its outline: the two read as one, pt103); the first one no
                # higher than the pile's header (the card left under the pointer when the
                # one above it was taken covered "Q 1/5")
                rise = PILE_RISE if i else min(PILE_RISE, self._pile_headroom(rank))
                esper.component_for_entity(ent, Hoverable).raise_px = rise if (
                    takable and self._marries_hand(code)) else 0
        buttons = self.comfort_buttons(self.layout["status"].rect)
        zone = self.layout["meld"].rect
        move, _ = self.selection_meld()
        if mine and phase == "meld":
            meld = theme.mirror(pygame.Rect(zone.right - 170, zone.y + 40, 156, 46), zone)
            clear = theme.mirror(pygame.Rect(zone.right - 170, zone.y + 94, 156, 42), zone)
            buttons.append(Button(meld, words.meld_button(), self.confirm_meld,
                                  enabled=move is not None, primary=True, size=18))
            buttons[-1].answers_disabled = True  # (greyed, a click says why: ``confirm_meld``)
            buttons[-1].move = move  # (outlined once the cards chosen declare a hinted meld:
            # ``hinted_button``; it never was, pt100)
            buttons.append(Button(clear, words.clear_button(), self.clear_selection,
                                  enabled=bool(self.selection), size=16))
        hand = self.layout["hand"].rect
        width = (self.sort_buttons_width() - 6) // 2
        for i, mode in enumerate(("rank", "suit") if not self.curtain else ()):  # not on the cover
            rect = pygame.Rect(hand.right - self.sort_buttons_width() - 4 + i * (width + 6),
                               hand.y + 2, width, 30)
            buttons.append(Button(theme.mirror(rect, hand), words.sort_label(mode),
                                  lambda m=mode: self.sort_by(m), size=14,
                                  hotkey=SORT_KEYS[mode]))
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    def _marries_hand(self, code: str) -> bool:
        """Would the king or queen ``code`` of a pile marry a card of the viewer's hand?"""
        partner = ("Q" if rules.CARD_RANK[code] == rules.KING else "K") + code[1:]
        return partner in self.state.hands[self.viewer]

    def _pile_headroom(self, rank: int) -> int:
        """How far the first card of a rank pile may rise and leave the header readable."""
        rect = self.layout[f"pile_{rules.RANKS[rank]}"].rect
        top = layout.pile_slot(rect, rank, 0)[1] - card_image("QS", PILE_W).get_height() / 2
        return max(0, int(top) - max(box.bottom for box in self.pile_header(rank)) - 2)

    def sort_by(self, mode: str) -> None:
        """A sort button: the hand in that order, kept for the tables built later."""
        self.remember_hand_order(mode)
        self.sort_hand(mode)

    def show_hint(self, move: str) -> list[int]:
        """The hint's cards light up and its words stand at the top of the meld zone, for as
        long as it is shown (a message there covered the cards in the zone), or until the
        person chooses cards."""
        self.chosen_at_hint = sorted(t for t, _ in self.selection)
        parts = move.split()
        if parts[0] == "discard" and len(parts) > 1:
            return [e for c, e in self.hand + self.selection if c == parts[1]][:1]
        if parts[0] != "meld" or len(parts) < 2:
            return []
        ents: list[int] = []
        for token in parts[2:]:
            # a king or queen "from the pile" is the pile's (or, taken already, the meld
            # zone's) copy, never the hand's twin (the spades are doubled: the hand's Q♠ was
            # outlined for "Q♠ (from the Q pile)", pt96)
            code = token.removesuffix(rules.PILE)
            if token.endswith(rules.PILE):
                pool = [(t, e) for t, e in self.selection if t == token] + [
                    (c, e) for c, e in reversed(self.piles[rules.CARD_RANK[code]])]
            else:
                pool = self.hand + [(t, e) for t, e in self.selection if t == token]
            match = next((e for c, e in pool if c.removesuffix(rules.PILE) == code
                          and e not in ents), None)
            if match is not None:
                ents.append(match)
        return ents

    # -- frame -------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.ended_deal is not None and self.replay is not None:
            super().handle(event)  # (a replay's bar answers: its next step deals on; it
            return  # stood stuck on a deal's end, pt105)
        if self.ended_deal is not None and not (event.kind == "key"
                                               and event.key == pygame.K_ESCAPE):
            if is_undo_key(event):  # (it said nothing at all)
                self.app.toast(deal_over_no_undo(self.ended_deal.deal))
            return  # the deal is over: its summary comes, then the next deal
        if event.kind == "down":
            self._leaving = None
        if event.kind == "move" and self._frozen is not None:
            self._follow_pointer(event.pos)  # the pointer left the hand: close up the gaps
        if event.kind == "wheel" and self.layout["sheet"].rect.collidepoint(event.pos):
            self.sheet_scroll = max(0, self.sheet_scroll + event.dy)
            return
        self.watch_pile_press(event)
        super().handle(event)

    # -- events -> animation -----------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._zone_lit_until and self.time >= self._zone_lit_until:
            self._zone_lit_until = 0.0
        if self.world is not None and self.world.alive:
            rows = [*self.piles, self.marriage]
            before = self._at_rest if len(self._at_rest) == len(rows) else (frozenset(),) * len(
                rows)
            self._at_rest = tuple(_rest(row, old) for row, old in zip(rows, before))
            self._landed = tuple(len(rest) for rest in self._at_rest[:-1])
            self._married_landed = len(self._at_rest[-1])
            self._arriving = tuple(a for a in self._arriving if esper.entity_exists(a[2]))
            self._fresh_landed = frozenset(e for e in self.fresh
                                           if e in self._fresh_landed or not gliding(e))
        if self._melds_due:
            due, self._melds_due = self._melds_due, []
            for event, moves, since in due:
                if len(self.session.moves) < moves:
                    continue  # (taken back meanwhile)
                if self.time - since < 2.0 and any(
                        gliding(ent) for _, ent in self.shown + self.marriage):
                    self._melds_due.append((event, moves, since))
                else:
                    self._tell_meld(event)
        if self._zetemas_due:
            due, self._zetemas_due = self._zetemas_due, []
            for event, moves, since in due:
                if len(self.session.moves) < moves:
                    continue  # (taken back meanwhile)
                pile = self.piles[rules.RANKS.index(event.rank)]
                if (self.replay is None and self.time - since < 2.0
                        and any(gliding(ent) for _, ent in pile)):
                    self._zetemas_due.append((event, moves, since))
                else:
                    self._announce_zetema(event)

    def summary_ready(self) -> bool:
        """A deal's summary also waits for the zetema of its last card to be told."""
        return super().summary_ready() and not self._zetemas_due

    def result_ready(self) -> bool:
        """The results also wait until a computer's winning meld has been told and read,
        as its other melds are (the next move waits for them: ``hold``)."""
        return (super().result_ready() and self.hold_time <= 0 and not self._zetemas_due
                and not self._melds_due)

    def animate(self, seat: int, move: str, events: list) -> None:
        before = self.session.befores[-1]  # the state this move was played in
        held_before = {e for _, e in self.hand}
        if seat == self.viewer:
            self.fresh = []  # (the cards drawn are "new" until the person's own move)
        deal = before.deal
        lead = 0.0 if self.paced_as_person(seat) else AI_LEAD  # (a delay of the tweens: they
        # scale it by the speed)
        source = self.seat_origin(seat)
        drawn: list = []  # (shown once the hand at the screen is the next one: see below)
        # a computer's meld is written on the score sheet once its cards have landed
        # (``_melds_due``), a zetema once its card has (``_zetemas_due``), as they are told
        # and their points pop up (they came as the cards set off, pt151); other moves' lines
        # as their cards set off (``after_lead``)
        told_on_landing = (not self.paced_as_person(seat) and any(
            isinstance(e, rules.Melded) for e in events)) or (self.replay is None and any(
                isinstance(e, rules.Zetema) for e in events))
        self._sheet_shown = len(self.sheet)
        if not told_on_landing:
            self.after_lead(self._show_sheet)
        # a computer's meld that wins the game stays shown in the meld zone (the position
        # after it holds no shown cards: they were never seen, pt148)
        final = next((e for e in events if isinstance(e, rules.Melded)
                      and e.kind != "marriage" and e.seat != self.viewer), None)
        self._final_meld = ((final.seat, list(final.cards)) if final is not None and any(
            isinstance(e, rules.GameOver) for e in events) else None)
        for event in events:
            if isinstance(event, rules.Scored):
                self.sheet.append((event.seat, event.points, event.reason, deal))
                self.sheet_scroll = 0
            if isinstance(event, rules.Melded):
                if told_on_landing:
                    self.after_lead(lambda e=event: self._melds_due.append(
                        (e, len(self.session.moves), self.time)))
                else:
                    self._tell_meld(event)
            elif isinstance(event, rules.Discarded):
                self.audio.request("place")
            elif isinstance(event, rules.Zetema):
                self.after_lead(lambda e=event: self._tell_zetema(e))
            elif isinstance(event, rules.CardsDrawn):
                self.audio.request("deal")
                drawn.append(event)
            elif isinstance(event, rules.DealEnded):
                self.deal_summary(event.deal)
                if self.pending_summary is None:  # (a replay) else the summary says it: the
                    # banner faded through the summary opening over it, words across words
                    self.banner = (words.deal_over_banner(event.deal), 2.0)
                if self.pending_summary is not None or (self.replay is not None and not any(
                        isinstance(e, rules.GameOver) for e in events)):
                    # the deal's end stays on the table until its summary is closed (in a
                    # replay until the next step: the new deal came at once, the last
                    # discard never seen landing, pt104)
                    self.ended_deal = event.table  # (piles as they lay, no hand left)
                    break
                for pair in [p for pile in self.piles for p in pile] + self.marriage:
                    hide_now(pair[1])  # gathered face down: the new deal reuses the cards
                    self._kill_later(pair[1], self.layout["stock"].rect.center)
                self.piles = [[] for _ in rules.RANKS]
                self.marriage = []
            elif isinstance(event, rules.TurnChanged):
                self.shown_label = "" if self.state.phase != "discard" else self.shown_label
            elif isinstance(event, rules.GameOver):
                self.audio.request("score")
        if self.viewer_changing() and self.ended_deal is None:
            # the move lands as its player saw it, then that hand leaves the table
            self.reconcile(source=source, lead=lead, mover=seat)
            self.pick_viewer()
        # cards drawn into another seat's hand fly into its panel where it stands now (the
        # panels turn with the person at the screen: they flew to where it stood before)
        for event in drawn:
            if event.seat != self.viewer:
                for k in range(event.count):
                    ent = self._card("back", self.layout["stock"].rect.center, PILE_W,
                                     False, Z_FLY + k)
                    self._kill_later(ent, self.opponent_zone(event.seat).center,
                                     delay=lead + 0.05 * k, fade=True)
                    self._arriving += ((event.seat, len(self.session.moves), ent),)
        self.reconcile(source=source, lead=lead, mover=seat)
        self.mark_move(seat, events)
        for event in drawn:
            if event.seat == self.viewer and self.replay is None:
                self.fresh = fresh_cards(self.hand, event.cards, held_before)

    def restore_marks(self) -> None:
        """The marks again, and the "new" tags of the cards the person to play drew at the
        start of this turn (they went with Undo and Continue, pt127)."""
        super().restore_marks()
        self.fresh = self._fresh_from_session()

    def _fresh_from_session(self) -> list[int]:
        if self.replay is not None or self.state.seat != self.viewer:
            return []
        drawn = [e for e in self.last_move_events()
                 if isinstance(e, rules.CardsDrawn) and e.seat == self.viewer]
        return fresh_cards(self.hand, drawn[-1].cards, set()) if drawn else []

    def landing_words(self) -> str:
        """The move on its way, as the log will tell it; a discard making a zetema without
        the zetema, which comes with its banner as the card lies on its pile (the meld zone
        told it while the card flew, pt154)."""
        if not any(isinstance(e, rules.Zetema) for e in self.last_move_events()):
            return super().landing_words()
        session = self.session
        names = session.seat_names()
        return whole_names(zetema_words.discarded_only(session.befores[-1], session.moves[-1],
                                                       names), names)

    def last_move_events(self) -> list:
        """The events of the session's last move, played again once per move (the "new"
        tags and the prompt's "you play again" read them); [] before the first move."""
        session = self.session
        key = (len(session.moves), session.moves[-1] if session.moves else "")
        cached = getattr(self, "_last_events", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        events: list = []
        if session.moves and len(session.befores) == len(session.moves):
            try:
                events = rules.play_events(session.befores[-1], session.moves[-1])[1]
            except ValueError:
                events = []
        self._last_events = (key, events)
        return events

    def mark_move(self, seat: int, events: list) -> None:
        """What the seat did stays outlined until it plays again: the card it discarded
        (on its pile), a marriage on the marriage pile, the cards of the meld it showed
        (until one of them is discarded:
        the others are back in the hand, and the meld's outline and tag would follow them
        there, or stand a second time on the discard)."""
        for event in events:
            if isinstance(event, rules.Discarded):
                rank = rules.CARD_RANK[event.card]
                pile = self.piles[rank]
                # (marks restored while the card is in the meld zone: the mark goes with
                # it, and back to the pile with it)
                card = self._restored_discard(rank, event) or [
                    e for c, e in pile if c == event.card][-1:] or [
                    e for t, e in self.selection if t == event.card + rules.PILE][-1:]
                self.marks.forget(card, [seat])
                # the tag at the card's foot: its top edge lies over the corners (rank and
                # suit) of the cards beneath it on the pile; where the foot lies over an
                # index it moves aside (``mark_keep_clear``)
                self.marks.entities(seat, card, self.seat_name(seat), tag_at="bottom")
            elif isinstance(event, rules.Melded) and event.kind != "marriage":
                if self.state.phase != "discard" or self.state.seat != seat:
                    continue  # (restored after its discard: the zone holds other cards now)
                shown = self.selection if seat == self.viewer else self.shown
                self.marks.entities(seat, [e for _, e in shown], self.seat_name(seat))
            elif isinstance(event, rules.MarriagePiled):  # the married pair, on its pile
                married = [e for c, e in self.marriage if c in event.cards][-len(event.cards):]
                # a king or queen taken from its pile leaves the mark of the seat that threw
                # it there (its outline and tag followed it onto the marriage pile, pt154)
                self.marks.drop(married, [s for s in self.marks.marks if s != seat])
                self.marks.entities(seat, married, self.seat_name(seat))

    def _restored_discard(self, rank: int, event) -> list[int]:
        """Marked again (Undo, Continue, the view turned between people): the very card
        discarded, by its place on the pile, if the pile beneath and up to it lies as it did
        since. By its name, the pile's last card of that name: a twin discarded on it later
        (the spades are doubled) carried both seats' tags and the card beneath none, pt95."""
        if self.restoring is None or not self.restoring_after:
            return []
        since = list(self.restoring_after)
        if self.ended_deal is not None:  # (the session is at the next deal already)
            since = since[:-1] + [self.ended_deal]
        k = event.pile_count - 1
        laid = since[0].piles[rank][:k + 1]
        pile = self.piles[rank]
        if (len(laid) == k + 1 and all(s.piles[rank][:k + 1] == laid for s in since)
                and len(pile) == len(self.state.piles[rank])  # (none of it in the meld zone)
                and k < len(pile) and pile[k][0] == event.card):
            return [pile[k][1]]
        return []

    def mark_keep_clear(self) -> list[pygame.Rect]:
        """What last-move tags must leave readable: the piles' headers (rank, count), the
        marriage pile's label, the meld zone's line of words over the cards shown in it
        (a meld's tag stood on "...you showed...": it goes to the cards' bottom edge), a
        card chosen to be discarded (raised, it covered the tag) and every pile card's
        index: the strip a covered card shows above the next one, the top card's corner
        (rank over suit). A tag at a discard's foot lies on the cards above it; over one of
        these it slides aside, or goes to the card's top edge."""
        out: list[pygame.Rect] = []
        if not any(self.marks.marks.values()):
            return out
        zone = self.layout["marriage"].rect  # its label ("Marriages · 2") over the heap
        out.append(pygame.Rect(zone.x, zone.y, zone.width, layout.MARRIAGE_LABEL_H))
        out.append(layout.marriage_suits_row(zone))  # (and the row of its suits below)
        zone = self.layout["meld"].rect  # its prompt: while cards are in the zone one line,
        out.append(pygame.Rect(zone.x, zone.y, zone.width, 35))  # or two smaller ones
        chosen = self.drag.selected  # a card chosen to be discarded, raised over the tags
        if chosen is not None and esper.entity_exists(chosen):
            out.append(pygame.Rect(*(round(v) for v in entity_rect(
                esper.component_for_entity(chosen, Transform),
                esper.component_for_entity(chosen, Sprite)))))
        for i in range(len(rules.RANKS)):
            out += self.pile_header(i)
            boxes = [pygame.Rect(*(round(v) for v in entity_rect(
                esper.component_for_entity(e, Transform), esper.component_for_entity(e, Sprite))))
                for _, e in self.piles[i] if esper.entity_exists(e)]
            for box, above in zip(boxes, boxes[1:] + [None]):
                corner = index_corner(box)
                if above is not None:  # covered: what shows of it above the next card
                    corner.width = box.width
                    corner.height = max(0, min(corner.height, above.top - box.top))
                out.append(corner)
        return out

    def _flash(self, rect: pygame.Rect) -> None:
        ent = esper.create_entity(Transform(*rect.center), Sprite(_frame(rect.size)),
                                  ZOrder(Z_FX), Decoration())
        animate(ent, "alpha", 0, 0.9, on_done=lambda: esper.delete_entity(ent))

    def _show_sheet(self) -> None:
        self._sheet_shown = None  # every line of the score sheet shown

    def _tell_meld(self, event) -> None:
        """A meld told: the meld zone names it, its points pop up, a computer's panel
        flashes."""
        self.audio.request("score")
        self._show_sheet()
        self.shown_label = words.shown_label(self.seat_name(event.seat), event.kind,
                                             event.cards, event.points)
        self._float_points(event.points, *self.meld_points_spot())
        if event.seat != self.viewer:
            self.hold(1.6)  # let the person read the computer's meld
            self._flash(self.opponent_zone(event.seat))

    def _tell_zetema(self, event) -> None:
        """A zetema is told once its fifth card lies on the pile (``update``; two seconds
        at most after its move set off)."""
        self._zetemas_due.append((event, len(self.session.moves), self.time))

    def _announce_zetema(self, event) -> None:
        """A zetema told: its banner, its points popping up from the pile, its score sheet
        line and its score."""
        self.banner = (words.zetema_banner(event.rank, event.points,
                                           self.seat_name(event.seat)), 2.2)
        self.audio.request("score")
        self._show_sheet()
        self._pop_points(event.rank, event.points)

    def _pop_points(self, rank: str, points: int) -> None:
        """A zetema's points pop up over its pile and rise to just under the pile's header
        (they rose onto it: "+15" over "5/5" and the rank, both unreadable)."""
        rect = self.layout[f"pile_{rank}"].rect
        header = max(box.bottom for box in self.pile_header(rules.RANKS.index(rank)))
        height = theme.text(words.points_gain(points), 34, theme.GOLD, "serif").get_height()
        self._float_points(points, rect.centerx, header + 2 + POINTS_RISE + (height + 1) // 2)

    def meld_points_spot(self) -> tuple[int, int]:
        """Where a meld's points pop up (and rise 50 px from): in the meld zone's column of
        Meld and Clear (gone once a meld is declared), below the one line of words that may
        reach into it. The zone's words never stand lower in that column, nor do its
        messages (they rose from the zone's middle over its prompt)."""
        zone = self.layout["meld"].rect
        column = theme.mirror(pygame.Rect(zone.right - MELD_BUTTONS_W, zone.y, MELD_BUTTONS_W,
                                          zone.height), zone)
        return column.centerx, zone.y + 110

    def _float_points(self, points: int, x: float, y: float) -> int:
        """The points of a meld or a zetema pop up and float away (the entity)."""
        label = theme.text(words.points_gain(points), 34, theme.GOLD, "serif")
        ent = esper.create_entity(Transform(x, y, scale=0.3), Sprite(label), ZOrder(Z_FX),
                                  Decoration())
        animate(ent, "scale", 1.0, 0.4, ease_out_back)
        animate(ent, "y", y - POINTS_RISE, 1.4)
        animate(ent, "alpha", 0, 0.6, delay=1.0, on_done=lambda: esper.delete_entity(ent))
        return ent


def _frame(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*theme.GOLD, 255), surf.get_rect(), 4, border_radius=14)
    return surf


def fresh_cards(hand: list[tuple[str, int]], drawn, held_before: set[int]) -> list[int]:
    """The entities of ``hand`` ((code, entity) pairs) that are the cards just ``drawn``:
    of each code drawn, the cards not held before first (a twin already held stays
    untagged)."""
    wanted = Counter(drawn)
    ordered = sorted(hand, key=lambda card: card[1] in held_before)
    out = []
    for code, ent in ordered:
        if wanted[code] > 0:
            wanted[code] -= 1
            out.append(ent)
    return out


def _rest(cards: list[tuple[str, int]], before: frozenset[int]) -> frozenset[int]:
    """The entities of a pile's ``cards`` counted as lying there: those at rest, and those
    counted last frame that only move within it (a pile spread again as a king or queen
    under another card left it for a marriage: its counter showed one card too few, pt154);
    a card on its way in counts once it lands."""
    return frozenset(ent for _, ent in cards if ent in before or not gliding(ent))
