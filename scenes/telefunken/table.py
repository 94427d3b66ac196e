"""The Telefunken table scene: seven deals of contract rummy with chips to buy discards.

Your hand is fanned at the bottom (sort by rank or suit, or drag a card within the hand to
move it). The cutter chooses where to cut (or, with the setting "Telefunken cut:
automatically", the person's cut is made for them through the same move); on your turn
click the stock (or Draw), take the free upcard on the first turn, or buy the top discard
for a chip when it is offered (Buy / Pass; the offer's timer is ``offer_timer``). To meld,
click cards (or drag them into the build zone): the zone says what they make, and Meld
puts down the legal meld they form.
What gestures mean is in ``gestures``, the words in ``words``, the panels in ``panels``,
where cards go in ``layout``. The deal, contract and chips stay in view; the score sheet
shows every deal's penalties.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace

import esper
import pygame

from ecs import tween
from ecs.components import (
    CardFace,
    Draggable,
    DropTarget,
    Glow,
    Hoverable,
    Selected,
    Sprite,
    Transform,
    ZOrder,
)
from game import i18n
from game.ai import telefunken as telefunken_ai
from game.app import toast_size
from game.card_art import ALL_IMAGES, card_image, card_size, foot_corner, index_corner
from game.catalog import GameConfig
from game.i18n import N_, _, ngettext, num
from game.layout import load_layout, row_zone
from game.rules import telefunken as rules
from game.session import Session
from game.settings import TELEFUNKEN_BUY_TIMERS
from game.words.telefunken import with_stock_card
from scenes import theme
from scenes.card_sync import CardSync
from scenes.game_table import (
    AI_LEAD,
    BANNER_MARGIN,
    BANNER_PAD,
    HINT_COLOUR,
    SORT_KEYS,
    CardTable,
    PerViewer,
    banner_box,
)
from scenes.marks import LastMoves, drawn_box
from scenes.telefunken import layout, panels, words
from scenes.telefunken.gestures import Gestures
from scenes.telefunken.layout import PILE_W
from scenes.telefunken.offer_timer import OfferTimer, draw_bar
from scenes.widgets import Button, Choice, WidgetGroup

# seconds: an offer's button (Buy, Pass, Take, Draw) come where a button stood takes a click
# only after this long without a press on it (a click meant for what stood there, or for
# what the person expected there, landed on Buy as the offer came: a chip spent). Not
# scaled by the animation speed, as the cover's ``COVER_QUIET``: it waits for a hand, not a
# card's flight
BUTTON_QUIET = 0.35
QUIET_KEYS = ("draw", "take", "buy", "pass",  # the buttons that come with another's move
              "no_buys", "buys_again")
STOCK_CARD_AFTER = 0.25  # a buy's card from the stock leaves this long after the bought card
HINT_READ = 3.0  # seconds a buy offer's time waits once a hint's advice on it has come
EMPTY_STOCK_ALPHA = 110  # the stock card drawn faint while the stock is empty (still drawn from)
SORT_W = 100  # px, each of the hand's sort buttons (By rank, By suit)


def auto_cut(state, choices: list[int]) -> int:
    """The cut made for a person who cuts automatically: drawn from the game's seed and the
    deal (the same game cuts the same way again), never the same fixed place."""
    return random.Random(f"telefunken-cut-{state.seed}-{state.deal}").choice(choices)


def fitting_size(label: str, size: int, width: int) -> int:
    """The largest text size up to ``size`` (at least 10) at which ``label`` fits ``width``."""
    while size > 10 and theme.text_width(label, size, "bold") > width:
        size -= 1
    return size


class QuietButton(Button):
    """A button that ignores presses until ``quiet_until`` on the table's ``clock``; a press
    meanwhile is taken (nothing under it gets it) and starts the quiet again: a burst of
    clicks as it comes does not reach it, as the cover between people
    (``scenes.game_table.COVER_QUIET``)."""

    def __init__(self, *args, clock, quiet_until: float = float("-inf"),
                 on_hush=lambda until: None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.clock = clock
        self.quiet_until = quiet_until
        self.on_hush = on_hush  # told the new end of the quiet (kept when rebuilt)

    def quiet(self) -> float:
        """Seconds left before a press counts (0: it does now)."""
        return max(0.0, self.quiet_until - self.clock())

    def handle(self, event) -> bool:
        if (self.quiet() > 0 and self.enabled and event.kind == "down" and event.button == 1
                and self.rect.collidepoint(event.pos)):
            self.quiet_until = self.clock() + BUTTON_QUIET
            self.on_hush(self.quiet_until)
            self._pressed = False
            return True
        return super().handle(event)


def deal_end_view(ended: rules.DealEnded, mover: int) -> rules.State | None:
    """The table as a deal ended, shown under its summary (the engine has gathered the
    cards and dealt the next deal already): the position the engine gives with the deal's
    end (``DealEnded.table``: melds, lay-offs and discard where they went, every other hand
    as it was left, the totals with the deal's penalties), as a turn of ``mover``, who made
    the last move. None if the event has no position (the table then shows the next deal
    at once)."""
    if ended.table is None:
        return None
    return replace(ended.table, phase="play", seat=mover)


class TelefunkenMarks(LastMoves):
    """The table's last-move marks. A tagged mark on a card of your hand (a buy's two cards:
    "You bought", "+1 from the stock") is outlined where its card shows, the strip left of
    the next card of the fan (``hand_box``), and keeps its tag, on its own card
    (``LastMoves.whole``). (Outlined whole, the box took in most of the next card too: of
    9♠ 9♦ side by side both looked bought. Drawn as any card partly covered, it lost its
    tag, which would stand on the newer card: in the fan that happened wherever the next
    card lay level with it.) The seats' colours (``scenes.marks.SEAT_COLOURS``) are none of
    the gold the table lights things in. ``hand()``: the entities of the cards of your hand
    on the screen. Where a tag may stand is the table's to say (``narrow(label, box, spots)``:
    ``TelefunkenTable.tag_room``; none: the outline stands without it)."""

    def __init__(self, hand, narrow=lambda label, box, spots: spots, keep_seen=list) -> None:
        super().__init__(whole=lambda mark: bool(mark.label and mark.entities)
                         and set(mark.entities) <= set(hand()))
        self.hand = hand
        self.narrow = narrow
        self.keep_seen = keep_seen  # what no tag may hide where another place is free
        self._seen: list[pygame.Rect] | None = None  # ... looked at once a drawing
        self._planned: dict[tuple, pygame.Rect] = {}  # the hand's tags' places this drawing
        self._plan_key: tuple | None = None  # (found again only when the hand's tags move)
        self._plan: list[pygame.Rect] | None = None

    def draw(self, surface: pygame.Surface, keep_clear=(), hidden=()) -> None:
        self._seen = None  # (the first tag of this drawing looks, the others reuse it)
        self._planned = {}  # (``plan_hand_tags`` asks ``tag_spots`` for the places of old)
        self._planned = self.plan_hand_tags(surface.get_rect(), keep_clear, hidden)
        super().draw(surface, keep_clear, hidden)

    def plan_hand_tags(self, bounds: pygame.Rect, keep_clear=(),
                       hidden=()) -> dict[tuple, pygame.Rect]:
        """Where the tags on cards of your hand stand, found together: each on its own
        card, none over another, the first in drawing order as near its best spot as the
        rest allow (``(label, box)``: spot). Placed one by one, each where it covered
        nothing as it came, the last had no free spot left: with a buy's two cards, a
        second buy's and the card drawn side by side, "new" stood over the end of "+1 from
        the stock" (pt155). Empty for fewer than two tags, or where no such places exist
        (the tags are then placed one by one, each covering least)."""
        hidden = set(hidden)
        tags = []  # (key, box, mark) in drawing order (seat by seat, the oldest mark first)
        for marks in self.marks.values():
            for mark in marks:
                if (not self.whole(mark) or hidden & set(mark.entities)
                        or any(map(tween.travelling, mark.entities))):
                    continue
                box = self._box(mark)
                if box is None:
                    continue
                outline = box.inflate(8, 8)  # (as ``LastMoves.draw`` gives it)
                tags.append(((mark.label, tuple(outline)), box, mark))
        if len(tags) < 2:
            return {}
        key = (tuple(k for k, _, _ in tags), tuple(tuple(r) for r in keep_clear))
        if self._plan_key != key:  # (the places looked for only when the tags move)
            self._plan_key = key
            self._plan = None
            places = [(box, self.tag_spots(mark.label, box.inflate(8, 8), mark.tag_at, bounds))
                      for _, box, mark in tags]
            # over the card's own strip, nearest its middle first (on either edge: in the
            # fan a strip is narrower than a tag, and a tag slid along the top stood more
            # over the next card than its own, "new" on the border of two K♦, pt156), apart
            # by TAG_GAP; else as far as the outline's edge, then touching; else anywhere
            # along its card's edges, none over another (pt155's plan: with 17 cards and
            # four tags none of the others was found, and two "You bought" placed one by
            # one stood over each other, pt159)
            for inset, gap in ((None, TAG_GAP), (0, TAG_GAP), (-4, TAG_GAP), (-4, 0),
                               (float("-inf"), 0)):
                # (``inset``: how far in from the strip's sides a tag's middle stands; None:
                # a quarter of it, the middle half first)
                lists = [sorted((s for s in spots if abs(s.centerx - box.centerx) <= (
                                 box.width // 4 if inset is None else box.width / 2 - inset)),
                                key=lambda s, box=box: abs(s.centerx - box.centerx))
                         for box, spots in places]
                self._plan = fit_tags(lists, list(keep_clear), gap)
                if self._plan is not None:
                    break
        return {k: spot for (k, _, _), spot in zip(tags, self._plan or ())}

    def tag_avoids(self, taken: list[pygame.Rect], label: str, box: pygame.Rect,
                   bounds: pygame.Rect) -> list[pygame.Rect]:
        if self._seen is None:
            self._seen = self.keep_seen()
        return taken + self._seen

    def tag_spots(self, label: str, box: pygame.Rect, edge: str,
                  bounds: pygame.Rect) -> list[pygame.Rect]:
        planned = self._planned.get((label, tuple(box)))
        if planned is not None:
            return [planned]
        return self.narrow(label, box, super().tag_spots(label, box, edge, bounds))

    def _box(self, mark, pieces=None, whole: bool = False) -> pygame.Rect | None:
        """As ``LastMoves``, but a card turning over (a computer's discard turning face up
        on its way from its panel to the pile) is not outlined until it has turned: its
        outline, around the sliver it showed, stood as two short lines over the pile's
        header; and a tagged card of your hand is outlined where it shows (``hand_box``)."""
        if mark.rect is None and any(_turning(e) for e in mark.entities):
            return None
        if mark.rect is None and self.whole(mark):
            boxes = [b for b in map(self.hand_box, mark.entities) if b is not None]
            return boxes[0].unionall(boxes[1:]) if boxes else None
        return super()._box(mark, pieces, whole)

    def hand_box(self, ent: int) -> pygame.Rect | None:
        """The card ``ent`` of your hand as far as it shows: its box less what the cards
        of the fan drawn over it cover from either side (however high each stands: the fan
        is an arc, and a card under the pointer rises), or None if it is not drawn."""
        box = drawn_box(ent)
        if box is None:
            return None
        z = esper.component_for_entity(ent, ZOrder).z if esper.has_component(ent, ZOrder) else 0
        for other in self.hand():
            order = esper.try_component(other, ZOrder) if esper.entity_exists(other) else None
            rect = drawn_box(other) if other != ent and order and order.z > z else None
            if rect is None or rect.right <= box.left or rect.left >= box.right:
                continue
            if rect.left > box.left:  # lying across its right side
                box.width = rect.left - box.left
            elif rect.right < box.right:  # ... or its left side
                box.width, box.left = box.right - rect.right, rect.right
            else:
                return None  # (wholly under another)
        return box


def fit_tags(spots: list[list[pygame.Rect]], taken: list[pygame.Rect], gap: int = 0,
             budget: int = 4000) -> list[pygame.Rect] | None:
    """One spot of each list (best first) such that no two of them, nor any of them and
    ``taken``, overlap (two of them stand ``gap`` pixels apart at least): the earlier
    lists' choices kept as good as the later ones allow (a search through the spots, in
    order). None if there is none, or none found within ``budget`` spots looked at."""
    chosen: list[pygame.Rect] = []
    left = [budget]

    def place(k: int) -> bool:
        if k == len(spots):
            return True
        for spot in spots[k]:
            left[0] -= 1
            if left[0] < 0:
                return False
            if (spot.collidelist(taken) == -1
                    and spot.inflate(2 * gap, 2 * gap).collidelist(chosen) == -1):
                chosen.append(spot)
                if place(k + 1):
                    return True
                chosen.pop()
        return False

    return chosen if place(0) else None


def _turning(ent: int) -> bool:
    """Is the card ``ent`` being turned over (squashed across, ``tween.flip``)?"""
    transform = esper.try_component(ent, Transform) if esper.entity_exists(ent) else None
    return transform is not None and transform.squash < 0.999


class TelefunkenTable(Gestures, CardTable):
    name = "telefunken"
    sort_mode = PerViewer("rank")  # the order of the hand at the screen, per person
    rules_module = rules
    ai_module = telefunken_ai
    ai_delay = 0.6
    last_deal_summary = True  # (the seventh deal's cards left, then the results)
    # (a computer's answer to a discard stops Undo too: ``rules.SHOWN_EVENTS``)
    REVEALED_SINCE = N_("Nothing to undo: since your last move, cards have been drawn or shown, "
                        "or another player has answered a discard.")
    REVEALED_SINCE_SEAT = N_("Nothing to undo: since {seat}'s last move, cards have been drawn "
                             "or shown, or another player has answered a discard.")
    DRAWN = N_("Nothing to undo: a card drawn from the stock stays drawn.")
    # (messages stand on the table, over none of its melds, not the prompt or the hand:
    # ``toast_place``)

    def nothing_to_undo(self) -> str:
        """Why Undo does nothing now: right after your own draw from the stock, the draw
        (pt72 read the general words as about "your last move cards")."""
        session = self.session
        if (session.result is None and session.undo_blocked_by_reveal and session.moves
                and session.moves[-1] == "draw"
                and rules.to_move(session.befores[-1]) == self.viewer):
            return _(self.DRAWN)
        return super().nothing_to_undo()

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        self.layout = load_layout("telefunken")
        self.marks = TelefunkenMarks(self._hand_cards, self.tag_room, self.joker_strips)
        self.players = len(config.seats)
        self.order: list[str] = []       # the viewer's hand, left to right
        self.selected: list[str] = []    # cards moved to the build zone
        self.sync = CardSync(card_image)
        self.stock_ent: int | None = None
        self.stock_base: int | None = None
        self.penalties: list[tuple[int, ...]] = []
        self.cut_at: int | None = None
        self._cutting = False
        self._hover_before: int | None = None  # the cut chosen before the pointer came over the pack
        self._banner_after_summary: tuple[str, float] | None = None
        # a move's banner and the seconds until its cards set off (``_announce``)
        self._banner_later: tuple[tuple[str, float], float] | None = None
        self._auto_cut_for: int | None = None  # the position whose cut was made automatically
        self._slots: dict[str, list[layout.Slot]] = {}
        self._meld_rects: dict[int, pygame.Rect] = {}
        self._owner_rows: list[tuple[int, float]] = []
        # the left edge of the column holding each owner's row (two columns of rows on a
        # crowded table, ``layout.meld_slots``), and the columns
        self._owner_left: dict[int, int] = {}
        self._meld_columns: list[pygame.Rect] = []
        # the rows' labels where the cards have come to rest, (owner, y, left): while the
        # melds re-flow, a label whose row moved waits for its cards (for a frame "Seat 3"
        # stood beside Seat 6's cards and Seat 5 had none, pt115, pt116)
        self._labels_settled: frozenset[tuple[int, float, int]] = frozenset()
        self._meld_w = layout.TABLE_W  # the meld cards' width (they shrink on a crowded table)
        # each meld's cards as drawn, left to right (a set's new cards at its right end:
        # ``layout.meld_order``); the engine's order of a set is not the table's
        self._meld_order: dict[int, list[str]] = {}
        # seat -> (the cards it bought in its last turn, their panel's mark, how many cards
        # from the stock came with them)
        self._bought: dict[int, tuple[tuple[str, ...], object, int]] = {}
        self._source: dict[str, tuple[float, float]] = {}
        self._index: tuple = (-1, None)  # (position id, LegalIndex)
        self._drawn_from: tuple[float, float] | None = None  # a draw made by a drag: from here
        # the hand's cards (code, entity) in slot order while their slots are kept
        self._frozen: list[tuple[str, int]] | None = None
        self._gathered_said: set[str] = set()  # the last "waits in the meld zone" message
        # the table as the last deal ended, shown until its summary is closed (then its
        # cards are gathered into the pack for the next deal): ``deal_end_view``
        self.ended_deal: rules.State | None = None
        self._toast_place: tuple | None = None  # (what it was placed for, the place)
        self._banner_place: tuple | None = None  # (the same for the banner)
        # your buys' marks (seat -> [{"bought": mark, "stock": mark}], a buy's after the
        # buys of the turn it goes on, ``goes_on``) and which copies of identical cards they
        # were on in the positions Undo can go back to (id(state) -> (state, seat,
        # [{key: (code, k) or None}])): ``_remember_twins``, kept through Undo
        self._buy_marks: dict[int, list[dict[str, object]]] = {}
        self._twins: dict[int, tuple] = {}  # (handed on by Undo: ``undone_from``)
        # a hand in the person's own order (cards dragged about): that order before each of
        # their moves (move index -> (seat, cards)), handed on by Undo, which lays it out
        # again (it came back sorted by rank: pt55)
        self._orders: dict[int, tuple[int, list[str]]] = {}
        # the deal each person's own order was made in (person -> deal): a new deal's hand
        # takes their last chosen sort again (it came by rank, and Continue showed it by
        # the sort chosen: pt72)
        self._custom_deal: dict[int, int] = {}
        # a person's own order as the screen went to another (between people), laid out
        # again when it comes back to them (it came back by rank, pt103)
        self._own_orders: dict[int, list[str]] = {}
        # the last move was the person's own draw from the stock (``move_shown``)
        self._own_draw = False
        # a click on the stock while the move before the person's draw still flew (a
        # buy's cards): (seat, the position clicked in), drawn once it has landed
        # (``_draw_when_landed``); any other position (a move, Undo, a new deal) drops it
        self._queued_draw: tuple[int, object] | None = None
        # the action row's buttons now (key -> (where, until when a press is ignored)), and
        # the last row shown with any (``_quiet_times``)
        self._row_shown: dict[str, tuple[tuple, float]] = {}
        self._row_stood: list[tuple[str, pygame.Rect]] = []
        self._offer_timer = OfferTimer()  # how long the person's buy offer has stood
        self._hint_came: tuple[object, float] | None = None  # the position and the time
        # (``self.time``) a hint's advice came in
        # somebody has clicked or pressed a key at this table: until then an offer waits
        # (a newcomer reading the table saw their first offer passed for them: pt79)
        self._touched = False
        self._told_more_time = False  # a timed pass has said where more time is had

    # -- building ----------------------------------------------------------------------
    @classmethod
    def warm_images(cls) -> list:
        return [(card_image, ALL_IMAGES,
                 (layout.HAND_W, layout.TABLE_W, layout.BUILD_W, layout.PILE_W)),
                (card_image, ("back",), (28, 40))]

    def build_table(self) -> None:
        self.drag.click_select = self._click_selects
        self.drag.cancel_on_miss = True
        # the pack beneath its top card, which may be dragged off into the hand
        self.stock_base = esper.create_entity(
            Transform(*self._stock_home()), Sprite(card_image("back", PILE_W)), ZOrder(4))
        self.stock_ent = esper.create_entity(
            Transform(*self._stock_home()), Sprite(card_image("back", PILE_W)),
            ZOrder(5), Hoverable(), Draggable(enabled=False))
        for name in ("discard", "build", "hand", "table", "stock"):  # (the stock only says
            esper.create_entity(DropTarget(self.layout[name].rect.copy(), name, name))  # no)
        self.penalties = self._penalties_from_session()
        # laid out afresh, the sets stand as they were shown while the game was played
        if not self._continue_over_a_deals_end():
            self.first_viewer()
        last = self.ended_deal if self.ended_deal is not None else self.session.state
        self._meld_order = layout.meld_orders(self.session.befores + [last])
        self.show(instant=True)

    def _summarise_deal(self, event: rules.Penalties, events: list) -> None:
        """The deal's summary (the seventh deal's too, before the results: its cards left
        and penalties were never shown, the results give only the totals), from the events
        of the move that ended it (the last move of the session)."""
        out = next((e.seat for e in events if isinstance(e, rules.WentOut)), None)
        before = self.session.befores[-1] if self.session.befores else None
        hands = [() if p == out or before is None else before.hands[p]
                 for p in range(self.players)]  # (only the one out has played)
        winners = self.rules.state.deal_winners  # (this deal's winner included)

        def reword(e=event, o=out, w=winners):  # (in the language of the moment)
            return panels.deal_summary(e, o, self.names(), w)

        self.summarise(*reword(), count_up=True, reword=reword,
                       details=lambda e=event, h=hands: panels.cards_left(e, h),
                       highlight=panels.summary_row(event, out))

    def _continue_over_a_deals_end(self) -> bool:
        """Continue on a save whose last move ended a deal: that deal's end stands on the
        table under its summary again, and the next deal comes when it is closed, as at the
        deal's end (quit over the summary, the next deal went on without it, pt82)."""
        events = self.deal_ended_unread() or ()
        ended = next((e for e in events if isinstance(e, rules.DealEnded)), None)
        penalties = next((e for e in events if isinstance(e, rules.Penalties)), None)
        if ended is None or penalties is None or ended.deal >= rules.DEALS:
            return False
        last_mover = rules.to_move(self.session.befores[-1])
        shown = deal_end_view(ended, last_mover)
        if shown is None:
            return False
        self.ended_deal = shown
        person = self.person_from(last_mover)
        if person is not None:  # the hand under the summary is the one shown as the deal
            self.viewer = person  # ended (the one who went out: none), not Seat 1's (pt102)
        if self.hot_seat and last_mover not in self.session.humans:
            self.raise_cover()  # a computer went out: the next person's hand stood under
            # the cover ("Deal 1: Seat 3 went out"), and came face up after Continue (pt118)
        if self.replay is None:  # (a replay jumped there: its next step deals the next deal)
            self._summarise_deal(penalties, events)
        shuffled = next((e for e in events if isinstance(e, rules.Shuffled)), None)
        if shuffled is not None:
            self._banner_after_summary = (words.new_deal(shuffled.deal), 2.4)
        return True

    def move_shown(self) -> bool:
        """Has the last move reached the table, so that a person's decision may be offered
        (``RulesSystem.shown``)? Once nothing moves; but a card you drew from the stock is
        yours as soon as the engine has it: its flight into your hand holds nothing up (a
        card dragged onto the pile at once was thrown back, "Wait for your turn", on your
        own turn). Any other move (another seat's, a buy, a draw that shuffled the
        discards into a new stock) still waits until it has landed."""
        return self._own_draw or not self.animating

    def _card_width(self, zone: str) -> int:
        return self._meld_w if zone.startswith("meld_") else layout.card_width(zone)

    def _stock_home(self) -> tuple[int, int]:
        stock = self.layout["stock"].rect
        return stock.centerx, stock.centery + 5

    def place_stock(self) -> None:
        """The pack back in its place, at rest (after its top card was dragged off)."""
        t = esper.component_for_entity(self.stock_ent, Transform)
        (t.x, t.y), t.lift = self._stock_home(), 0.0
        esper.component_for_entity(self.stock_ent, ZOrder).z = 5

    def _penalties_from_session(self) -> list[tuple[int, ...]]:
        out = []
        state = self.session.initial
        for move in self.session.moves:
            state, events = rules.play_events(state, move)
            out += [e.points for e in events if isinstance(e, rules.Penalties)]
        return out

    @property
    def state(self):
        """What the table shows: the engine's position, or the last deal as it ended while
        its summary is still to be read (the engine has shuffled for the next one)."""
        return self.ended_deal if self.ended_deal is not None else self.rules.state

    @property
    def mine(self) -> bool:
        return self.ended_deal is None and super().mine  # (a deal over: nothing to do)

    def resume(self) -> None:
        super().resume()
        if (self.ended_deal is not None and self.pending_summary is None
                and self.replay is None  # (a replay's next step deals the next deal)
                and self.world is not None and self.world.alive):
            self.next_deal()
        if self.pending_summary is None:  # (not yet: the summary still to open keeps it)
            banner, self._banner_after_summary = self._banner_after_summary, None
            if banner is not None:
                self.banner = banner  # (back from the deal's summary: the next deal begins)

    def next_deal(self) -> None:
        """The last deal's summary was closed: its cards are gathered into the pack, the
        next deal's table comes (the cut), and whose hand is shown follows the turn."""
        self.ended_deal = None
        self.summary_read()
        self._mover = None  # (the last deal's last mover is not the one to act now)
        self.marks.clear()  # a new deal: nobody has played in it yet (a panel still
        self._bought.clear()  # said "bought 9♥" with a new hand of 11 cards)
        self.selected, self.order, self._frozen = [], [], None
        self.cut_at = None  # (each cut starts from the middle: the next cutter's began where
        # the last deal's cutter had cut, pt102)
        self._source = {"sink": self.layout["stock"].rect.center}
        self.pick_viewer()
        if self.curtain and self.nothing_to_hide():  # no hand before the cut: the cover of
            self.curtain = False  # the last deal's end asked "Seat 1: click here to see your
            # cards" through a computer's cut, then named the right person once dealt (the
            # new hands always come under a cover of their own)
        self.show()
        if self.replay is not None:  # (no summary: the next deal is announced now)
            banner, self._banner_after_summary = self._banner_after_summary, None
            if banner is not None:
                self.banner = banner

    def language_changed(self) -> None:
        self._banner_later = None  # worded in the old language (as the banner shown)
        super().language_changed()  # (the marks' tags name the seats)
        self.refresh()

    # -- helpers -----------------------------------------------------------------------
    def _hand_cards(self) -> list[int]:
        """The entities of the cards of the hand on the screen (a mark on them is outlined
        where its card shows, tag and all: ``TelefunkenMarks``). Not those chosen from it
        into the meld zone, where the small cards lie close: there a marked card is
        outlined as far as it shows, as any card partly covered, and its tag comes back
        with it to the hand (its outline and tag stood over the zone's other cards and the
        table's lit border)."""
        return [e for _, e in self.sync.entities("hand")]

    def names(self) -> list[str]:
        return [self.seat_name(s) for s in range(self.players)]

    def opponent_zone(self, seat: int) -> pygame.Rect:
        """The panel of another seat. Play goes counter-clockwise (the next seat sits on the
        right), so along the top row the next seat is on the right, the one before you on
        the left: the row reads as the table seen from your chair."""
        order = [(self.viewer + k) % self.players for k in range(1, self.players)]
        return row_zone(self.layout, "opp", len(order) - order.index(seat), len(order))

    def draw_above_pieces(self, surface: pygame.Surface) -> None:
        # a buying seat's panel outline follows its panel (between people the panels turn
        # with the person at the screen); at the screen, its panel is not shown
        aside = []  # (marks, index, mark): the panel of the seat at the screen, not drawn
        for seat, (_card, mark, _extra) in self._bought.items():
            marks = self.marks.marks.get(seat, [])
            index = next((i for i, m in enumerate(marks) if m is mark), None)
            if index is None:
                continue
            if seat == self.viewer:
                aside.append((marks, index, marks.pop(index)))
            else:
                mark.rect = pygame.Rect(self.opponent_zone(seat))
        super().draw_above_pieces(surface)
        for marks, index, mark in reversed(aside):  # kept for when the panels turn again
            marks.insert(index, mark)
        # the hint's outlines stand over the marks' (a mark's outline round a hinted card
        # of the fan would hide it) but pass under their tags: they cut through "new",
        # "You bought" and the seats' names (pt155)
        hinted, strips = self.hinted_meld(), self.hinted_strips()
        if hinted is None and not strips:
            return
        bounds = surface.get_rect()
        tags = [r.inflate(2, 2).clip(bounds) for r in self.marks.tags_drawn]  # (their rims)
        under = [(r, surface.subsurface(r).copy()) for r in tags if r.width and r.height]
        if hinted is not None:  # the meld a hint lays off on, swaps or frees a joker of:
            # outlined too (only the card in your hand was, pt94)
            pygame.draw.rect(surface, HINT_COLOUR, hinted.inflate(12, 12), 3, border_radius=10)
        for box in strips:
            pygame.draw.rect(surface, HINT_COLOUR, box.inflate(6, 6), 4, border_radius=8)
        for rect, pixels in under:
            surface.blit(pixels, rect)

    def _apply_hint(self, move: str) -> None:
        """As every table, but a hinted card of your hand is outlined where it shows (the
        strip the next card of the fan leaves, ``hinted_strips``), not glowing around its
        whole box: outlined whole, the glow ran over the next card, which looked hinted too
        (pt92, pt94)."""
        super()._apply_hint(move)
        if self.hint is not None:
            self._hint_came = (self.state, self.time)
            hand = {e for _, e in self.sync.entities("hand")}
            for ent in self.hint[1]:
                if ent in hand:
                    esper.try_remove_component(ent, Glow)

    def hinted_strips(self) -> list[pygame.Rect]:
        """Where the hinted cards of your hand show (``TelefunkenMarks.hand_box``)."""
        if self.hint is None:
            return []
        hand = {e for _, e in self.sync.entities("hand")}
        boxes = [self.marks.hand_box(e) for e in self.hint[1] if e in hand]
        return [b for b in boxes if b is not None]

    def hinted_meld(self) -> pygame.Rect | None:
        """The box of the meld the hint shown names (a lay-off, a swap, a freed joker)."""
        if self.hint is None:
            return None
        parts = self.hint[0].split()
        try:
            if parts[0] == "add":
                index = int(parts[parts.index("to") + 1])
            elif parts[0] == "swap":    # "swap 5D in 2 low"
                index = int(parts[3])
            elif parts[0] == "free":
                index = int(parts[1])
            else:
                return None
        except (ValueError, IndexError):
            return None
        return self._meld_rects.get(index)

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
        # while the hand holds still, its order is that of its kept slots: a card back from
        # the meld zone has its place in it (not the hand's end, where it went at the thaw)
        home = [code for code, _ in self._frozen] if self._frozen is not None else (
            self.order or self._own_orders.get(self.viewer, []))
        for code in home:
            if rest[code] > 0:
                rest[code] -= 1
                order.append(code)
        order += sorted(rest.elements(), key=rules.card_key)
        if (self.sort_mode == "custom"
                and self._custom_deal.get(self.viewer, self.state.deal) != self.state.deal):
            self.sort_mode = self.hand_order("rank")  # (a new deal: the sort last chosen)
        if self.sort_mode == "rank":
            order.sort(key=rules.card_key)
        elif self.sort_mode == "suit":
            order.sort(key=layout.suit_key)
        self.order = order
        return order

    def wanted(self) -> dict[str, list[str]]:
        state = self.state
        zones = {"hand": self._hand_order(), "build": list(self.selected),
                 "discard": list(state.discard[-4:])}
        for i, meld in enumerate(state.melds):
            zones[f"meld_{i}"] = layout.meld_order(self._meld_order.get(i), meld.cards)
        return zones

    def show(self, instant: bool = False, lead: float = 0.0) -> None:
        wanted = self.wanted()
        self._meld_order = {i: wanted[f"meld_{i}"] for i in range(len(self.state.melds))}
        self._compute_slots(wanted)
        self.sync.sync(wanted, lambda z, i, n: self._slots[z][i], self._card_width, self._from,
                       self._to, delay=lead, instant=instant,
                       face_up=lambda z: z not in ("hand", "build") or not self.curtain,
                       shown_leaving=self._shown_leaving)
        self._after_sync()

    def _shown_leaving(self, zone: str, code: str) -> bool:
        """A discard bought or taken into another seat's hand flies there face up (everybody
        saw it taken) and fades into its panel; cards gathered into the pack at the end of a
        deal turn face down."""
        return zone == "discard" and self._source.get("sink") != self.layout["stock"].rect.center

    def _from(self, zone: str, code: str) -> tuple[float, float] | None:
        discard = self.state.discard
        if zone == "discard" and discard and code != discard[-1]:
            return None  # uncovered when the top card was bought: it lay under it
        if zone in self._source:
            return self._source[zone]
        return self.layout["stock"].rect.center

    def _to(self, zone: str, code: str) -> tuple[float, float] | None:
        if zone == "discard" and code in self.state.discard:
            return None  # buried under a new discard (the pile shows its top four)
        return self._source.get("sink", self.layout["stock"].rect.center)

    def _compute_slots(self, wanted: dict[str, list[str]]) -> None:
        if not layout.frozen_fits(self._frozen, wanted["hand"]):
            self._frozen = None  # a card the kept slots do not know: lay out afresh
        # your melds first; between people the rows keep seat order (from the viewer they
        # jumped up and down at every hand-over)
        first = 0 if self.hot_seat else self.viewer
        owners = [(first + k) % self.players for k in range(self.players)]
        placed = layout.meld_slots(self.layout["table"].rect, self.state.melds, owners)
        self._slots = placed.slots
        self._meld_rects = placed.meld_rects
        self._owner_rows = placed.owner_rows
        self._owner_left = placed.owner_left
        self._meld_columns = placed.columns
        self._meld_w = placed.card_w
        ents = self.sync.planned(wanted)["hand"] if self._frozen is not None else None
        self._slots["hand"] = layout.hand_slots(self.layout["hand"].rect, wanted["hand"],
                                                self._frozen, ents)
        self._slots["build"] = layout.build_slots(self.layout["build"].rect, len(wanted["build"]))
        self._slots["discard"] = layout.pile_slots(self.layout["discard"].rect,
                                                   len(wanted["discard"]))

    def _after_sync(self) -> None:
        for ent, _drop in list(esper.get_component(DropTarget)):
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
        may_draw = self.mine and self.is_legal("draw") and self.replay is None
        esper.component_for_entity(self.stock_ent, Sprite).visible = bool(
            self.state.stock) or may_draw
        # ... faint while empty: there is no card in it until the discards are shuffled in
        esper.component_for_entity(self.stock_ent, Transform).alpha = (
            255 if self.state.stock else EMPTY_STOCK_ALPHA)
        esper.component_for_entity(self.stock_base, Sprite).visible = len(self.state.stock) > 1
        esper.component_for_entity(self.stock_ent, Draggable).enabled = (
            may_draw and not self.curtain)
        self.refresh()

    # -- selection and melds -----------------------------------------------------------
    def log_joins(self, first: int, second: int) -> bool:
        """The buy offers of one discard let go one after another are one line of the move
        list (three lines a discard buried the plays: pt128); not those let go for a
        person by the table or the clock (their line says so)."""
        session = self.session
        if second != first + 1 or second >= len(session.befores):
            return False
        for i in (first, second):
            if (session.moves[i] != "pass" or i in session.unasked or i in session.timed):
                return False
        a, b = session.befores[first], session.befores[second]
        return a.deal == b.deal and a.discard == b.discard

    def recap_also(self, own: list[int]) -> set[int]:
        """Your own buys since your last turn are told under the cover too: made out of
        turn, the recap began after a later pass (or after the buy itself, your last
        move), and the two cards it brought into your hand were never told (pt155). Not
        those of a deal over (the hand they came into is gone). From the first of them on,
        every other seat's move is told too (they were left out between your buys: "24.
        Seat 3 bought A♦", "27. Seat 3 bought Q♣", "32. Seat 1 did not buy J♠", pt156);
        your own passes are not repeated."""
        befores, moves = self.session.befores, self.session.moves
        turn = max((i for i in own if befores[i].phase != "buy"), default=-1)
        deal = self.session.state.deal
        buys = [i for i in own if i > turn and moves[i] == "buy" and befores[i].deal == deal]
        if not buys:
            return set()
        mine = set(own)
        return {i for i in range(buys[0], len(moves)) if i not in mine or i in buys}

    def joined_log_entry(self, moves: list[int]) -> str:
        befores = self.session.befores
        return words.passed_together([self.seat_name(befores[i].seat) for i in moves],
                                     befores[moves[0]].discard[-1])

    def toggle(self, ent: int) -> None:
        zone = self.sync.zone_of(ent)
        code = self.sync.code_of(ent)
        if code is None:
            return
        if not self.mine or self.state.phase not in ("play", "exchange"):
            if self.replay is None and not self.curtain:  # say why the card stays
                self.refuse(words.phase_refusal(self.state, self.viewer) or self.not_now(),
                            None)
            return
        if zone == "hand":
            if self._frozen is None:  # the hand holds still while cards are out of it
                self._frozen = list(self.sync.entities("hand"))
            self.selected.append(code)
        elif zone == "build" and code in self.selected:
            self.selected.remove(code)
            if not self.selected:  # (all back in their slots: nothing more to keep)
                self._thaw()
        self.sync.leaving = {ent}  # of two identical cards, the one clicked moves
        self.audio.request("click")
        self.show()

    def selection_move(self) -> tuple[str | None, str]:
        """The legal meld (or exchange) the selection makes, and a sentence about it."""
        state = self.state
        if state.phase == "exchange":
            move = " ".join(["exchange", *sorted(self.selected, key=rules.card_key)])
            legal = self.check(move)[0]
            return (move if legal else None), words.exchange_prompt(len(self.selected), legal)
        if not self.selected:
            return None, words.play_prompt(state, self.viewer)
        move = self._meld_of(self.selected)
        lit = len(self.selected) <= 2 and state.melded[self.viewer] and any(
            self._layoff_moves(self.selected, i) for i in range(len(state.melds)))
        within = None
        if move is None and not state.melded[self.viewer] and state.deal != 7:
            within = self._legal_index().meld_within(self.selected)
        return move, words.selection_prompt(state, self.viewer, self.selected, move, lit, within)

    def confirm(self) -> None:
        move, _text = self.selection_move()
        if move is not None:
            self.selected = []
            self.rules.submit(move)
        elif self.state.phase == "play":  # the greyed Meld button clicked: say why
            self.refuse(self.meld_refusal(), None)

    def clear_selection(self) -> None:
        self.selected = []
        self._thaw()  # the cards are back, each in its place
        self.show()

    def _thaw(self) -> None:
        """The hand no longer holds still: laid out afresh in the order of its kept slots
        (with the cards back from the meld zone where they stood)."""
        if self._frozen is not None:
            self.order = [code for code, _ in self._frozen]
            self._frozen = None

    # -- input ---------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.kind in ("down", "key"):
            self._touched = True
        if self.ended_deal is not None and self.replay is not None:
            super().handle(event)  # (a replay's bar answers: its next step deals on; it
            return  # stood stuck on a deal's end, pt105)
        if self.ended_deal is not None and event.kind not in ("key", "wheel"):
            return  # the deal is over: its summary comes, then the next deal
        if (self.ended_deal is not None and event.kind == "key"
                and event.key != pygame.K_ESCAPE):
            return
        if self.handle_cut(event):
            return
        if event.kind == "down" and event.button == 1 and self.explain_pile_press(event.pos):
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.animating:
            self._labels_settled = frozenset(self._row_labels())
        if self._banner_later is not None:  # counted as the cards' delays are (scaled by
            banner, wait = self._banner_later  # the animation speed), shown the frame after
            if wait <= 0:  # it ran out: by then the cards have set off
                self._announce_due()
            else:
                self._banner_later = (banner, wait - dt / max(self._speed(), 1e-6))
        self._cut_automatically()
        self._draw_when_landed()
        self._time_the_offer(dt)

    def _announce(self, banner: tuple[str, float], lead: float) -> None:
        """Show a move's banner when its cards set off, ``lead`` seconds from now (a
        computer's move waits that long before its cards move): it said "Seat 2 bought 9♠"
        while the card still lay on the pile."""
        if lead > 0:
            self._banner_later = (banner, lead)
        else:
            self._banner_later = None
            self.banner = banner

    def _announce_due(self) -> None:
        """The banner waiting for its move's cards to set off is shown now."""
        if self._banner_later is not None:
            self.banner, self._banner_later = self._banner_later[0], None

    def queue_draw(self) -> None:
        """The person clicked the stock for their draw while the move before it (a buy's
        cards) still flew: it is drawn once that move has landed (the click said
        "Wait until the last move has reached the table." for a frame and was lost, pt156)."""
        self._queued_draw = (self.viewer, self.rules.state)

    def _draw_when_landed(self) -> None:
        """Make the draw ``queue_draw`` kept, once the table lets the person play: for the
        seat that clicked, in the position it clicked in, the table in front."""
        if self._queued_draw is None:
            return
        seat, state = self._queued_draw
        if (state is not self.rules.state or seat != self.viewer or self.ended_deal is not None
                or self.rules.to_move != seat or not self.is_legal("draw")):
            self._queued_draw = None  # (a move, Undo, a new deal, the game's end came)
        elif self.mine and self.app.scenes.top is self:
            self._queued_draw = None
            self.rules.submit("draw")

    def open_pause(self) -> None:
        self._queued_draw = None  # (a click before the pause is not acted on after it)
        super().open_pause()

    def undo(self) -> None:
        self._queued_draw = None  # (Undo pressed after the click: even if it undid nothing)
        super().undo()

    def _cut_automatically(self) -> None:
        """With "Cut the deck: automatically", the person's cut is made for them, through
        the normal move (animated, announced and logged like any cut)."""
        if getattr(self.app.settings, "telefunken_cut", "hand") != "auto" or self.replay is not None:
            return
        if self.animating or not self.mine or self.state.phase != "cut":
            return
        if self._auto_cut_for == id(self.state) or self.app.scenes.top is not self:
            return
        choices = self.cut_choices()
        if choices:
            self._auto_cut_for = id(self.state)
            self.cut_at = auto_cut(self.state, choices)
            # (made for the person: Undo does not stop at it, where it was made again at once)
            self.rules.submit(f"cut {self.cut_at}", unasked=True)

    def offer_seconds(self) -> float | None:
        """The seconds a discard offered to the person waits for their answer (Settings'
        "Telefunken buy offers"; None: until they answer, and always in a replay)."""
        if self.replay is not None:
            return None
        return TELEFUNKEN_BUY_TIMERS.get(getattr(self.app.settings, "telefunken_buy_timer", "10"))

    def _time_the_offer(self, dt: float) -> None:
        """Count the person's buy offer while it is in view (``scenes.telefunken.offer_timer``);
        when its time runs out, pass for them and say so."""
        offered = (self.mine and self.state.phase == "buy" and self.is_legal("pass")
                   and self.ended_deal is None and self._touched)
        pos = self.input.pos
        weighing = offered and getattr(self.app, "pointer_inside", True) and (
            self.layout["discard"].rect.collidepoint(pos) or any(
                getattr(w, "key", None) == "buy" and w.rect.collidepoint(pos)
                for w in self.widgets.widgets))
        seat = self.viewer
        if self._offer_timer.tick(self.state, dt, self.offer_seconds(), offered=offered,
                                  shown=self.app.scenes.top is self, moving=self.animating,
                                  lifted=self.drag.held is not None, pointer=pos,
                                  weighing=weighing, hinting=offered and self._hinting()):
            card = self.state.discard[-1] if self.state.discard else None
            if self.rules.submit("pass"):
                self.session.mark_timed()  # the log says the clock passed
            if self.hot_seat:  # (the next person's cover may stand already: named, not "you")
                said = _("Time is up: {seat} let {card} go.").format(
                    seat=self.seat_name(seat), card=words.cards([card])) if card else _(
                    "Time is up: {seat} passed.").format(seat=self.seat_name(seat))
            else:
                said = _("Time is up: you let {card} go.").format(
                    card=words.cards([card])) if card else _("Time is up: you passed.")
            if not self._told_more_time:  # the first time, where more time is had (pt80)
                self._told_more_time = True
                said += " " + _("For more time: Settings, “{row}”.").format(
                    row=_("Telefunken buy offers"))
                self.app.toast(said, seconds=5)
            else:
                self.app.toast(said, seconds=2.5)

    def _hinting(self) -> bool:
        """Is a hint for the position on show being worked out (asked, or to be asked once
        your card has landed), or has its advice come less than ``HINT_READ`` seconds ago
        (and still stands)? A buy offer's time waits meanwhile: the hint's dots took 2-3 s
        of its 10, and the time ran out before the person could act on it (pt164). Once
        the hint has come (or a move or Undo dropped it) the time goes on."""
        state = self.state
        if (self.hint_pending and self._hint_for is state) or self._hint_on_landing is state:
            return True
        return (self.hint is not None and self._hint_came is not None
                and self._hint_came[0] is state and self.time - self._hint_came[1] < HINT_READ)

    def _draw_offer_timer(self, surface: pygame.Surface) -> None:
        """The time left to answer the offer, as a bar draining along the Pass button."""
        share = self._offer_timer.left(self.state, self.offer_seconds())
        if share is None:
            return
        if self._offer_timer.counting:  # the bar moves with the clock: drawn every frame
            _now = self.time  # (read while drawing; held still, it is drawn no more)
        for widget in self.widgets.widgets:
            if getattr(widget, "key", None) == "pass":
                draw_bar(surface, widget.rect, share, self._offer_timer.held)

    # -- events -> animation -----------------------------------------------------------
    def animate(self, seat: int, move: str, events: list) -> None:
        human = self.config.seats[seat].is_human
        lead = 0.0 if self.paced_as_person(seat) else AI_LEAD  # (a delay of the tweens: they
        # scale it by the speed)
        # your draw from the stock, and nothing more: your turn goes on at once
        self._own_draw = (human and move == "draw" and self.rules.to_move == seat
                          and all(isinstance(e, rules.CardDrawn) for e in events))
        self._frozen = None  # the hand's content changes: lay it out afresh
        ended = next((e for e in events if isinstance(e, rules.DealEnded)), None)
        if ended is not None and ended.deal < rules.DEALS:
            # the deal's end stays on the table under its summary; the next deal's table
            # comes when the summary is closed (``resume``); in a replay at the next step
            # (the next deal came at once: the card that went out never seen, pt104)
            self.ended_deal = deal_end_view(ended, seat)
        origin = self.seat_origin(seat)
        self._source = {f"meld_{i}": origin for i in range(len(self.state.melds))}
        self._source["discard"] = origin
        # cards leaving the table go to the seat that took them (a buy, the upcard), but at
        # the end of a deal everything is gathered into the pack for the next shuffle
        new_deal = any(isinstance(e, rules.Shuffled) for e in events)
        self._source["sink"] = self.layout["stock"].rect.center if new_deal else origin
        if self._drawn_from is not None and move == "draw":
            self._source["hand"] = self._drawn_from  # where the dragged top card was let go
        self._drawn_from = None
        name = self.seat_name
        self._announce_due()  # (an earlier move's banner still waiting: its cards have landed)
        said = None  # the move's banner, shown as its cards set off (``_announce``)
        for event in events:
            if isinstance(event, (rules.CardDrawn, rules.Dealt)):
                self.audio.request("deal")
            elif isinstance(event, rules.Bought):
                said = (words.bought(name(event.seat), event.card, event.chips,
                                     with_stock_card(events)), 2.2)
                self.audio.request("capture")
                if event.seat != self.viewer and with_stock_card(events):
                    self._fly_stock_card(origin, lead)
            elif isinstance(event, rules.Cut):
                said = (words.cut(name(event.seat), event.lifted, event.kept), 1.8)
            elif isinstance(event, rules.BonusCard):
                said = (words.bonus(name(event.seat)), 2.0)
            elif isinstance(event, rules.Melded):
                self.audio.request("score")
                if event.contract:
                    said = (words.made_contract(name(event.seat)), 1.6)
                if event.seat != self.viewer:
                    self.hold(1.2)  # let the person see the computer's melds
            elif isinstance(event, (rules.LaidOff, rules.JokerSwapped, rules.JokerFreed,
                                    rules.Discarded)):
                self.audio.request("place")
            elif isinstance(event, rules.WentOut):
                said = (words.went_out(name(event.seat)), 2.0)
            elif isinstance(event, rules.Penalties):
                self.penalties.append(event.points)
                self.audio.request("score")
                self._summarise_deal(event, events)
            elif isinstance(event, rules.Shuffled):
                banner = (words.new_deal(event.deal), 2.4)
                if self.pending_summary is not None or self.ended_deal is not None:
                    # the last deal's summary comes first (in a replay, its last table):
                    self._banner_after_summary = banner  # the next deal is announced after it
                else:
                    said = banner
                if self.ended_deal is None:  # (else once the summary is closed)
                    self.selected, self.order = [], []
                    self.marks.clear()  # a new deal: nobody has played in it yet (a panel
                    self._bought.clear()  # still said "bought 9♥" with a new hand of 11)
        if said is not None:
            self._announce(said, lead)
        if any(isinstance(e, rules.StockRebuilt) for e in events):
            self._pile_to_stock(events, lead)
        # between people everybody has read the last deal's summary and watched the cut: the
        # new hand comes under the cover, even for the person who moved last
        dealt = any(isinstance(e, rules.Dealt) for e in events)
        cover_anew = dealt and self.hot_seat and not self.rules.over
        other_hand = False
        if (self.viewer_changing() and self.ended_deal is None) or cover_anew:
            self.show(lead=lead)  # the move lands as its player saw it, then the hand goes
            if cover_anew:
                self.hide_hand()
                self.first_viewer()
            else:
                other_hand = self.pick_viewer()
        self.show(lead=lead)
        if other_hand:  # every seat's last move marked again, this one included: the new
            # viewer's own (a buy) marks cards of the hand just laid out (between people a
            # buyer who did not play next found its hand without them)
            self.restore_marks()
        else:
            self.mark_move(seat, events)

    def _pile_to_stock(self, events: list, lead: float) -> None:
        """The discards shuffled into a new stock go there face down, off the pile before
        the move's cards are laid out, and the seats' marks on them go: the card then drawn
        from the new stock flew in from the pile, the very discard, its "Seat 3" tag and
        all (pt164). A discard bought as the stock ran out (the top card, its buyer's
        stock card shuffled in after it) goes to its buyer as ever."""
        pile = [e for _, e in self.sync.entities("discard")]
        if any(isinstance(e, rules.Bought) for e in events):
            pile = pile[:-1]
        self.marks.drop(pile, list(self.marks.marks))
        self.sync.send_off("discard", pile, self._stock_home(), delay=lead)

    def mark_move(self, seat: int, events: list) -> None:
        """Outline what ``seat`` did until it plays again (``scenes.marks``). Cards added to
        a seat's own meld row are not tagged: the row's label already names the seat (and a
        tag there would stand over the row above); cards laid off on another seat's meld
        are tagged with the name of the seat that laid them off."""
        if self.restoring is not None and self.restoring.deal != self.state.deal:
            return  # (marked again on a table laid out afresh: a move of an earlier deal
            # marks nothing, a deal begins with no marks (``next_deal``); after Undo Seat
            # 2's panel said "bought 2♠ +1 card", its buy of the deal before)
        name, mark = self.seat_name(seat), self._mark_meld_cards
        melds = self.state.melds
        if seat == self.viewer and seat in self.marks.marks:  # (a card drawn is "new" only
            # until your next move)
            self.marks.marks[seat] = [m for m in self.marks.marks[seat] if m.label not in (
                words.drawn_tag(), words.taken_tag())]
        if any(isinstance(e, (rules.JokerFreed, rules.JokerSwapped)) for e in events):
            # a joker taken off a meld into the hand leaves the meld's outline behind
            held = [e for zone in ("hand", "build") for _, e in self.sync.entities(zone)]
            self.marks.drop(held, [s for s in self.marks.marks if s != self.viewer])
        for event in events:
            if isinstance(event, rules.Discarded):
                pile = self.sync.entities("discard")
                at = len(self.restoring.discard) if self.restoring is not None else -1
                if at >= 0:
                    # marked again (Continue, Undo, the hand passed between people): the
                    # very card, where a later discard of its twin lies above it (both
                    # seats' tags stood on the top card), and only if it never left the pile
                    # since (bought or taken: a twin discarded later onto its place got this
                    # seat's tag). The pile shows only the top cards of the discards
                    # (``wanted``): the card's place among them counts from the bottom of
                    # those shown (counted among all discards, a card discarded onto four
                    # or more lost its mark)
                    k = at - (len(self.state.discard) - len(pile))
                    # (while a deal's end is shown, the session is at the next deal: the
                    # position last shown is the deal's end, its discards all there)
                    since = self.restoring_after
                    if self.ended_deal is not None:
                        since = since[:-1] + [self.ended_deal]
                    if (0 <= k < len(pile) and pile[k][0] == event.card
                            and all(len(s.discard) > at for s in since)):
                        self.marks.entities(seat, [pile[k][1]], name)
                else:
                    self.marks.cards(seat, self.sync, "discard", [event.card], name)
            elif isinstance(event, rules.Melded):
                for index, group in zip(event.indices, event.groups):
                    mark(seat, index, group)
            elif isinstance(event, (rules.LaidOff, rules.JokerFreed)):
                own = event.meld < len(melds) and melds[event.meld].owner == seat
                mark(seat, event.meld, event.cards, "" if own else name)
            elif isinstance(event, rules.JokerSwapped):  # the card put in the joker's place
                own = event.meld < len(melds) and melds[event.meld].owner == seat
                mark(seat, event.meld, [event.card], "" if own else name)
            elif (isinstance(event, (rules.CardDrawn, rules.UpcardTaken))
                  and seat == self.viewer and self.config.seats[seat].is_human
                  and not any(isinstance(e, rules.Bought) for e in events)):
                # your draw from the stock is tagged "new" until your next move: it slid into
                # the sorted hand unmarked, and a person chose the wrong cards (pt137); the
                # upcard taken instead is tagged "taken" (it had no tag: pt156)
                if self.restoring is None:
                    drawn_ent = self._hand_card(event.card, True)
                else:
                    held = Counter(self.restoring.hands[seat])
                    drawn_ent = self._copy((event.card, held[event.card]))
                if drawn_ent is not None:
                    self.marks.entities(seat, [drawn_ent], words.drawn_tag() if isinstance(
                        event, rules.CardDrawn) else words.taken_tag())
            elif isinstance(event, rules.Bought):
                drawn = next((e.card for e in events if isinstance(e, rules.CardDrawn)), None)
                if seat == self.viewer:  # (rebuilt after Undo or Continue, the card may
                    # have left the hand since, melded or discarded: then there is no mark)
                    earlier = self._turns_buys(seat)
                    card, extra = self._buy_cards(seat, event.card, drawn, len(earlier))
                    bought = self.marks.entities(seat, [card], words.bought_tag(name))
                    self.marks.taken_over(seat, bought)
                    stock = None
                    if drawn is not None:  # the card from the stock that came with it
                        stock = self.marks.entities(seat, [extra], words.stock_card_tag())
                    self._buy_marks[seat] = earlier + [{"bought": bought, "stock": stock}]
                else:  # its panel is outlined; the panel itself says what it bought
                    # (and the discarder's tag does not fly along with the card)
                    self.marks.drop([e for c, e in self.sync.departed if c == event.card],
                                    [s for s in self.marks.marks if s != seat])
                    cards, mark, extras = self._bought.get(seat, ((), None, 0))
                    if not any(m is mark for m in self.marks.marks.get(seat, [])):
                        # (else a buy going on the turn of an earlier one, ``goes_on``: the
                        # panel says both)
                        self.marks.place(seat, self.opponent_zone(seat))
                        cards, mark, extras = (), self.marks.marks[seat][-1], 0
                    self._bought[seat] = (cards + (event.card,), mark,
                                          extras + (drawn is not None))

    def _mark_meld_cards(self, seat: int, index: int, codes, label: str = "") -> None:
        """Mark the cards ``codes`` a move put in the meld ``index``: of identical cards
        there, the copies that came with this move, counted from the left (a set's new cards
        stand at its right end, ``layout.meld_order``): after the copies the meld held
        before it. As it lands those are its last copies; marked again on a table laid out
        afresh (Continue, Undo) where a later move put a twin to their right (two J♣ laid
        off one after the other), both marks stood on the right one and the first was
        lost."""
        before = self.restoring if self.restoring is not None else (
            self.session.befores[-1] if self.session.befores else None)
        held = Counter(before.melds[index].cards if before is not None
                       and index < len(before.melds) else ())
        cards = self.sync.entities(f"meld_{index}")
        ents: list[int] = []
        for code in codes:
            copies = [e for c, e in cards if c == code]
            k = held[code]
            held[code] += 1
            if k < len(copies) and copies[k] not in ents:
                ents.append(copies[k])
            else:  # (the meld changed since: its last copy not marked yet)
                ents += [e for e in reversed(copies) if e not in ents][:1]
        self.marks.entities(seat, ents, label)

    def _turns_buys(self, seat: int) -> list[dict[str, object]]:
        """The marks of ``seat``'s buys of its turn shown now (a second buy goes on the
        first's turn: ``goes_on``); none once a new turn took them."""
        shown = self.marks.marks.get(seat, [])
        return [buy for buy in self._buy_marks.get(seat, [])
                if any(m is mark for mark in buy.values() for m in shown)]

    def _buy_cards(self, seat: int, card: str, drawn: str | None, nth: int = 0
                   ) -> tuple[int | None, int | None]:
        """The cards of your hand to mark for your buy of ``card`` (and ``drawn``, the card
        from the stock that came with it; ``nth``: the buys of the turn before it): as it
        lands, the ones that just came. Marked again
        on a table laid out afresh (Undo), the very copies that wore the tags when this
        position was last shown, if it was (``_remember_twins``: of twins, the left one kept
        "You bought" and a tag left with its card melded does not come back on its twin);
        else (a saved game continued) the copies in the order they came into the hand:
        those held before the buy, then the bought card, then the card from the stock."""
        if self.restoring is None:
            bought = self._hand_card(card, False)
            return bought, (self._hand_card(drawn, True, (bought,)) if drawn else None)
        state = self.session.state
        memory = self._twins.get(id(state))
        if (memory is not None and memory[0] is state and memory[1] == seat
                and nth < len(memory[2])):
            where = memory[2][nth]
            return self._copy(where["bought"]), self._copy(where["stock"])
        held = Counter(self.restoring.hands[seat])
        bought = self._copy((card, held[card]))
        extra = self._copy((drawn, held[drawn] + (drawn == card)), (bought,)) if drawn else None
        return bought, extra

    def _copies(self, code: str) -> list[int]:
        """Your cards of ``code`` (hand and meld zone) in the order they came onto the table
        (their entities'): the order of twins in a hand laid out afresh, left to right, and
        in a hand as it was played (the cards held first, then a card taken from the pile,
        then one drawn), whichever of them is in the meld zone or was moved in the hand."""
        held = list(self.sync.entities("hand")) + list(self.sync.entities("build"))
        return sorted(e for c, e in held if c == code)

    def _copy(self, copy: tuple[str, int] | None, besides=()) -> int | None:
        """The ``copy`` = (code, k) of your cards: the k-th card of that code (``_copies``),
        else the last one not in ``besides``; None for None."""
        if copy is None:
            return None
        code, k = copy
        ents = self._copies(code)
        if k < len(ents):
            return ents[k]
        return next((e for e in reversed(ents) if e not in besides), None)

    def _remember_twins(self, state) -> None:
        """Remember which of your cards wear your buy's tags in ``state`` (shown now), as
        (code, k): the k-th card of that code (``_copies``), or None where the tag is gone
        (its card melded, laid off or discarded). A table laid out afresh on this position
        (Undo) marks the same copies of identical cards (``_buy_cards``): it marked the last
        copy, so after Undo "You bought" stood on the twin that had come from the stock.
        Only the positions Undo can go back to are kept."""
        seat = self.viewer
        buys = self._buy_marks.get(seat)
        if not buys or self.curtain:
            return
        shown = self.marks.marks.get(seat, [])
        wheres: list[dict[str, tuple[str, int] | None]] = []
        for marks in buys:
            where: dict[str, tuple[str, int] | None] = {}
            for key, mark in marks.items():
                if mark is None or not any(m is mark for m in shown):
                    where[key] = None
                    continue
                ent = mark.entities[0]
                code = self.sync.code_of(ent)
                if code is None or ent not in self._copies(code):
                    return  # (not on a card of the hand now: nothing known)
                where[key] = (code, self._copies(code).index(ent))
            wheres.append(where)
        alive = {id(snap.state) for snap in self.session.snapshots} | {id(self.session.state)}
        self._twins = {k: v for k, v in self._twins.items() if k in alive}
        self._twins[id(state)] = (state, seat, wheres)

    def _after_move(self, seat: int, move: str, events: list) -> None:
        if self.config.seats[seat].is_human and seat == self.viewer and self.session.befores:
            # the position Undo goes back to, as it is still shown
            self._remember_twins(self.session.befores[-1])
            if self.sort_mode == "custom" and self.replay is None:
                # the hand as it stood (the cards out in the meld zone at their places)
                order = ([code for code, _ in self._frozen] if self._frozen is not None
                         else self.order + self.selected)
                self._orders[len(self.session.moves) - 1] = (seat, order)
        if move.startswith("meld "):  # "… waits in the meld zone: add the rest" is over
            said = self._gathered_said | {words.could_grow()}
            self._gathered_said = set()
            self.app.toasts = [t for t in self.app.toasts if t.text not in said]
        super()._after_move(seat, move, events)

    def keeps_marks(self, move: str) -> bool:
        """A pass on a buy offer leaves the seat's marks: a person who bought out of turn,
        the next person then at the screen, first saw their hand again at another offer or
        at their turn, and the pass between had taken the tags of their buy (pt149)."""
        return move == "pass"

    def goes_on(self, previous: str, move: str) -> bool:
        """A buy and the buyer's turn after it are one turn, whoever moved between (its own
        moves since were passes): a second buy before that turn goes on the first one's
        (only the second buy's tags stayed: pt152), and so does the draw that begins the
        turn, so that the buys' cards keep their tags through the buyer's turn, as those of
        a buy by the seat to play next, whose draw follows at once, always did (a buy made
        earlier lost them at the draw: pt155)."""
        return previous == "buy" and move in ("buy", "draw")

    def restore_marks(self) -> None:
        # (marked again on the same cards, a change of language: the tags stay where they
        # are; laid out afresh, the memory handed over by ``undo`` tells which twin)
        if self.world is not None and self.sync.zones:
            self._remember_twins(self.session.state)
        super().restore_marks()

    def undone_from(self, old: TelefunkenTable) -> None:
        self._twins = old._twins  # which twin wore which tag, in the positions gone back to
        self._orders = old._orders
        self._custom_deal = old._custom_deal
        self._own_orders = old._own_orders
        self._touched = old._touched
        self._told_more_time = old._told_more_time
        self.take_orders_from(old)  # (each person's, pt104)
        back = self._orders.get(len(self.session.moves))  # the hand in the person's own
        if back is None and old.sort_mode == "custom":  # order, as it stood
            back = (old.viewer, old.order)
        if back is not None and back[0] == self.viewer:
            self.sort_mode = "custom"
            self.order = list(back[1])

    def _hand_card(self, code: str, from_stock: bool, besides=()) -> int | None:
        """The card ``code`` in your hand that a buy brought (not one of ``besides``): of
        twins, the one that flew in from the stock (``from_stock``) or the one that came
        from the pile; the last copy if none did (the hand was laid out afresh)."""
        arrived = {e for zone, e, _start in self.sync.arrived if zone == "hand"}
        ents = [e for c, e in self.sync.entities("hand") if c == code and e not in besides]
        return ([e for e in ents if (e in arrived) == from_stock] or ents or [None])[-1]

    def _fly_stock_card(self, to: tuple[float, float], lead: float) -> None:
        """The card from the stock that comes with a buy into a hand not on the screen: a
        card back leaves the stock just after the bought card and fades into the buyer's
        panel (its face is the buyer's secret)."""
        delay = lead + STOCK_CARD_AFTER
        ent = esper.create_entity(Transform(*self._stock_home()),
                                  Sprite(card_image("back", PILE_W)), ZOrder(4.5))
        tween.animate(ent, "alpha", 0.0, 0.2, tween.ease_in, delay=delay + 0.2)
        tween.glide(ent, *to, 0.4, delay=delay,
                    on_done=lambda: esper.entity_exists(ent) and esper.delete_entity(ent))

    def next_viewer(self) -> int | None:
        """As every card table (the person to move, or the next person to act while the
        computer moves), but while a discard is offered the next to act are the seats still
        to be offered it and then the one to draw, not the seats in turn: a person who let
        the discard go and draws next kept their hand through the computer's decision (the
        cover went up for another person, then again for them)."""
        seat, state = self.rules.to_move, self.state
        if seat is None or state.phase != "buy" or (
                self.config.seats[seat].is_human and not self.declines_buys(seat)):
            return super().next_viewer()
        # (a person who chose "No buys this deal" is passed for where they sit: the screen
        # does not go to them for it, pt102)
        drawer = (state.discarder + 1) % state.players
        for later in [s for s in state.offer or () if not self.declines_buys(s)] + [drawer]:
            if self.config.seats[later].is_human:
                return later
        return self.person_from(drawer)

    # -- "No buys this deal": a person's standing Pass ----------------------------------
    def declines_buys(self, seat: int) -> bool:
        """Has the person at ``seat`` chosen "No buys this deal" in this deal (the choice
        stands in ``Session.standing`` by the index of the Pass it was made with)?"""
        at = self.session.standing.get(seat)
        return (at is not None and at < len(self.session.befores)
                and self.session.befores[at].deal == self.state.deal)

    def played_for(self, seat: int) -> str | None:
        """A discard offered to a person who chose "No buys this deal" is passed for them,
        unasked, with the computer's pauses (``RulesSystem.played_for``)."""
        if (self.replay is None and self.state.phase == "buy" and self.state.seat == seat
                and self.config.seats[seat].is_human and self.declines_buys(seat)):
            return "pass"
        return None

    def standing_choice(self) -> str | None:
        """The button of the person's standing choice, if any (under the action row): "No
        buys this deal" while a discard is offered to them; "Offer me buys again" at the
        start of their turn (the draw) once they chose it."""
        if not self.mine:
            return None
        if self.state.phase == "buy" and self.is_legal("buy") and self.is_legal("pass"):
            return "no_buys"
        if self.state.phase == "draw" and self.declines_buys(self.viewer):
            return "buys_again"
        return None

    def _no_more_buys(self) -> None:
        """ "No buys this deal": pass on this discard, and on every one offered to the person
        for the rest of the deal (their Undo of this Pass takes the choice back too)."""
        seat, at = self.viewer, len(self.session.moves)
        self.session.standing[seat] = at  # (before the move: its autosave keeps it)
        if not self.rules.submit("pass"):
            del self.session.standing[seat]
            return
        self.app.toast(words.no_buys_said(self.seat_name(seat) if self.hot_seat else None),
                       seconds=4)

    def _buys_again(self) -> None:
        """ "Offer me buys again": the person's standing Pass is taken back."""
        self.session.standing.pop(self.viewer, None)
        self.autosave()
        self.app.toast(words.buys_again_said())
        self.refresh()

    def nothing_to_hide(self) -> bool:
        return self.state.phase == "cut"

    def hide_hand(self) -> None:
        if self.sort_mode == "custom" and self.order:
            self._own_orders[self.viewer] = self.order + self.selected
        self.sync.clear("hand")
        self.sync.clear("build")
        self.selected, self.order = [], []

    # -- buttons -----------------------------------------------------------------------
    def refresh(self) -> None:
        buttons = self.comfort_buttons(self.layout["status"].rect)
        if self.ended_deal is not None:  # under the deal's summary there is nothing to hint
            for button in buttons:
                if button.on_click == self.ask_hint:
                    button.enabled = button.answers_disabled = False
        legal = {m for m in ("draw", "take", "buy", "pass") if self.is_legal(m)} if (
            self.mine) else set()
        area = self.layout["actions"].rect
        row: list[tuple[str, object, bool]] = []
        # lit (gold, and pressed by Enter): the move that commits to nothing, Draw and Pass;
        # Take upcard and Buy are the player's own choice (Enter bought a card at every
        # offer, spending a chip, for a newcomer pressing it to go on: pt63)
        if "draw" in legal:
            row.append(("draw", lambda: self.rules.submit("draw"), True))
        if "take" in legal:
            row.append(("take", lambda: self.rules.submit("take"), False))
        if "buy" in legal:
            row.append(("buy", lambda: self.rules.submit("buy"), False))
        if "pass" in legal:
            row.append(("pass", lambda: self.rules.submit("pass"), True))
        cuts = self.cut_choices()
        if not cuts:  # the cut made (by the drag, Enter or Cut), no drag along the pack goes
            # on, nor a count kept while the pointer was over it (a cut made by Enter during
            # the drag left it going: the next Esc went to ending it, and the pause menu
            # opened only at the second, pt95)
            self._cutting, self._hover_before = False, None
        if cuts:
            if self.cut_at not in cuts:
                self.cut_at = cuts[len(cuts) // 2]
            buttons.append(Choice((area.x + 8, area.y + 6, area.width - 16, 36), words.button("lift"),
                                  [(n, words.lift_option(n)) for n in cuts], self.cut_at,
                                  lambda v: setattr(self, "cut_at", v), label_width=60))
            row.append(("cut", lambda: self.rules.submit(f"cut {self.cut_at}"), True))
        if self.mine and self.state.phase in ("play", "exchange"):
            move, _text = self.selection_move()
            key = "exchange" if self.state.phase == "exchange" else "meld"
            row.append((key, self.confirm, move is not None))
        w = (area.width - 16 - 8 * (len(row) - 1)) // max(1, len(row))
        choice = self.standing_choice()
        y, h = (area.bottom - 46, 42) if cuts else (area.y + 24, 42) if choice is None else (
            area.y + 8, 40)  # (room beneath for the standing choice's button)
        spots = [(key, pygame.Rect(area.x + 8 + k * (w + 8), y, w, h))
                 for k, (key, _action, _primary) in enumerate(row)]
        standing = [] if choice is None else [(choice, pygame.Rect(
            area.x + 8, y + h + 6, area.width - 16, area.bottom - y - h - 12))]
        quiet = self._quiet_times(spots + standing)
        for key, rect in standing:  # "No buys this deal" under Buy and Pass, or "Offer me
            # buys again" under Draw: a quieter button, across the panel; come where the last
            # row's Draw stood, it takes no click for a moment either (``QuietButton``)
            label = words.button(key)
            buttons.append(QuietButton(rect, label, self._no_more_buys if key == "no_buys"
                                       else self._buys_again,
                                       size=fitting_size(label, 13, rect.width - 12),
                                       clock=lambda: self.time, quiet_until=quiet[key],
                                       on_hush=lambda until, k=key: self._hush(k, until)))
        for (key, action, primary), (_key, rect) in zip(row, spots, strict=True):
            enabled = not (key in ("meld", "exchange") and not primary)
            label = words.button(key)
            button = QuietButton(rect, label, action, enabled=enabled,
                                 primary=primary or key == "meld",
                                 size=fitting_size(label, 15, w - 12),
                                 clock=lambda: self.time, quiet_until=quiet[key],
                                 on_hush=lambda until, k=key: self._hush(k, until))
            button.answers_disabled = key == "meld"  # (greyed, a click says why: ``confirm``)
            button.key = key
            # the move it makes (the hinted one is outlined: ``hinted_button``); a cut's is
            # the cut shown in Lift (a hinted cut sets it)
            button.move = {"cut": f"cut {self.cut_at}", "meld": None, "exchange": None}.get(key, key)
            buttons.append(button)
        hand = self.layout["hand"].rect
        for i, mode in enumerate(("rank", "suit") if not self.curtain else ()):  # not on the cover
            label = words.button(mode)
            # (on the left where the words read right to left, as Zetema's; wide enough for
            # "بر اساس رتبه", drawn small and touching both edges at 82 px, pt107)
            rect = pygame.Rect(hand.right - 4 - 2 * SORT_W - 6 + i * (SORT_W + 6), hand.y + 4,
                               SORT_W, 28)
            buttons.append(Button(theme.mirror(rect, hand), label, lambda m=mode: self.sort(m),
                                  size=fitting_size(label, 13, SORT_W - 8), hotkey=SORT_KEYS[mode]))
        if self.selected:
            build = self.layout["build"].rect
            label = words.button("clear")
            buttons.append(Button((build.right - 90, build.y + 6, 80, 28), label,
                                  self.clear_selection, size=fitting_size(label, 13, 72)))
        self.widgets = WidgetGroup(buttons if self.replay is None else [])

    def _quiet_times(self, spots: list[tuple[str, pygame.Rect]]) -> dict[str, float]:
        """Until when each of the action row's buttons (key, where) ignores presses
        (``QuietButton``): an offer's button (``QUIET_KEYS``) that comes now where a button
        of the row stood before (the last row shown: the Pass just pressed, the Draw or Meld
        of the person's last turn) for ``BUTTON_QUIET`` seconds; one that was there already
        keeps its time, and one coming where no button has stood (the first of the table)
        takes clicks at once."""
        shown, out = self._row_shown, {}
        for key, rect in spots:
            was = shown.get(key)
            if was is not None and was[0] == tuple(rect):
                out[key] = was[1]
            elif key in QUIET_KEYS and rect.collidelist([r for _k, r in self._row_stood]) != -1:
                out[key] = self.time + BUTTON_QUIET
            else:
                out[key] = float("-inf")
        self._row_shown = {key: (tuple(rect), out[key]) for key, rect in spots}
        if spots:
            self._row_stood = spots
        return out

    def _hush(self, key: str, until: float) -> None:
        """A press on the row's button ``key`` while it was quiet: it stays quiet until
        ``until`` (also when the buttons are made again meanwhile)."""
        if key in self._row_shown:
            self._row_shown[key] = (self._row_shown[key][0], until)
        # (the click did nothing: say why, so that the button does not look dead)
        self.app.toast(_("{button} has only just appeared: press it again if you mean "
                         "it.").format(button=words.button(key)), seconds=2.0)  # (a click or Enter)

    def sort(self, mode: str) -> None:
        self.sort_mode = mode
        self.remember_hand_order(mode)
        self._frozen = None
        self.show()

    def show_hint(self, move: str) -> list[int]:
        parts = move.split()
        hand = self.sync.entities("hand") + self.sync.entities("build")
        self.app.toast(words.hint(self.state, move, self.names()))
        ents: list[int] = []
        for token in parts[1:]:
            match = next((e for c, e in hand if c == token and e not in ents), None)
            if match is not None:
                ents.append(match)
        if parts[0] in ("take", "buy") and self.sync.entities("discard"):
            ents.append(self.sync.entities("discard")[-1][1])
        if parts[0] == "draw":
            ents.append(self.stock_ent)
        if parts[0] == "cut" and len(parts) == 2 and parts[1].isdigit():
            # the Lift choice and the pack's marker stand at the hinted cut: Cut (or Enter)
            # makes it (the hint named a number and showed nothing, pt92)
            # (not while the marker follows a drag along the pack: it jumped away from the
            # pointer, and Enter then cut where the hint said, pt95)
            if int(parts[1]) in self.cut_choices() and not self._cutting:
                self.cut_at = int(parts[1])
                self.refresh()
        return ents

    def hinted_place(self) -> pygame.Rect | None:
        if self.hint is not None and self.hint[0].startswith("discard "):
            return self.layout["discard"].rect
        return None

    sitting_money = True  # the running totals are the stakes

    def sitting_points(self) -> list[int]:
        return list((rules.result(self.state) or {}).get("stakes", [0] * self.players))

    def result_order(self) -> list[int]:
        return panels.result_order(self.state)

    def result_summary(self):
        seats = self.config.seats
        alone = [s for s in range(self.players) if seats[s].is_human]
        you = alone[0] if len(alone) == 1 and len(self.session.humans) == 1 else None
        levels = [None if seats[s].is_human else words.level(seats[s].level)
                  for s in range(self.players)]
        return panels.result_summary(self.state, self.names(), levels, you)

    # -- frame -------------------------------------------------------------------------
    def replay_rect(self) -> pygame.Rect:
        """In a replay the bar takes the corner of the action buttons (there are none)."""
        return self.layout["actions"].rect.union(self.layout["status"].rect)

    def draw_background(self, surface: pygame.Surface) -> None:
        zones = [(name, self.layout[name].rect) for name in (
            "stock", "discard", "contract", "log", "table", "build", "hand", "scores", "actions")]

        def panels(base: pygame.Surface) -> None:
            for name, rect in zones:
                theme.panel(base, rect, alpha=60 if name == "hand" else 105)

        self.draw_base(surface, tuple(tuple(rect) for _, rect in zones), panels)
        table = self.layout["table"].rect
        for column in self._meld_columns[1:]:  # two columns of rows: a faint line between
            pygame.draw.line(surface, theme.PANEL_EDGE, (column.x, column.y + 14),
                             (column.x, column.bottom - 14))
        for owner, y in self.labels_shown():
            label = theme.fit(self.seat_name(owner), 14, layout.OWNER_LABEL_W - 14, "bold")
            theme.put(surface, theme.text(label, 14, theme.GOLD, "bold"),
                      self.owner_label_rect(owner, y))
        if not self.state.melds and self.banner is None and self._banner_later is None:
            # (not under a banner: its fading box showed the words through it, pt72)
            theme.blit_text(surface, _("No melds on the table yet"), table.center, 16,
                            theme.INK_FAINT, anchor="center")

    def lit_seat(self) -> int | None:
        """The seat shown as the one to play (its panel edged in gold, or your line over
        the hand in gold): the seat to move, but while a move is reaching the table the
        seat that made it, as the prompt names it (``_waiting_text``: the next seat was lit
        while the prompt still named the one whose discard flew); nobody once the game is
        over, or a deal (its end stays on the table until its summary is closed: the seat
        that went out was lit the while, as if to play again), once its last move has
        landed."""
        state, landing = self.state, self.landing_seat()
        if state.phase == "over" or (self.ended_deal is not None and landing is None):
            return None
        return state.seat if landing is None else landing

    def labels_shown(self) -> list[tuple[int, float]]:
        """The meld rows' labels drawn now, (owner, y): while cards move, not those whose
        row moved (each comes once the cards are there, ``_labels_settled``)."""
        moving = self.animating
        return [(owner, y) for owner, y, left in self._row_labels()
                if not moving or (owner, y, left) in self._labels_settled]

    def _row_labels(self) -> list[tuple[int, float, int]]:
        """Each meld row's label as laid out now: (owner, y, the column's left edge)."""
        table_x = self.layout["table"].rect.x
        return [(owner, y, self._owner_left.get(owner, table_x)) for owner, y in self._owner_rows]

    def owner_label_rect(self, owner: int, y: float) -> pygame.Rect:
        """Where a meld row's label (the owner's name) is drawn: in the label strip at the
        left of the row's column (the table's left, or its middle for the second column of
        a crowded table)."""
        left = self._owner_left.get(owner, self.layout["table"].rect.x)
        label = theme.fit(self.seat_name(owner), 14, layout.OWNER_LABEL_W - 14, "bold")
        rect = theme.text(label, 14, theme.GOLD, "bold").get_rect()
        if theme.rtl():
            rect.midright = (left + layout.OWNER_LABEL_W - 8, round(y))
        else:
            rect.midleft = (left + 10, round(y))
        return rect

    # -- messages ------------------------------------------------------------------------
    def not_saving_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Six at the table, the screen's corner is the last seat's panel: the "Not saving"
        mark stands in the score table's free foot instead."""
        if self.players < 6:
            return None
        rect = self.layout["scores"].rect
        return "bottomright", (rect.right - 6, rect.bottom - 6)

    def toast_bottom(self) -> int | None:
        return self.toast_place()[1]

    def toast_span(self) -> tuple[int, int] | None:
        centre, _bottom, widest = self.toast_place()
        return centre, widest

    def toast_place(self) -> tuple[int, int, int]:
        """(centre x, bottom, widest box) of the newest message: on the table, over none of
        its melds, their tags and labels (``toast_keep_clear``), as wide as such a place
        allows (wrapped in up to four lines), as low as it may stand (by the prompt and the
        hand), centred or against the table's right edge (the melds start at its left), or
        wherever else it covers nothing (two columns of rows on a crowded table: under the
        shorter one, or beside a column's shorter rows). The bottom of the table while the
        rows leave it free; with a row of melds for each of four seats, beside them (it
        stood over the bottom row, its melds and label). If no place is free, the one that
        covers least."""
        table = self.layout["table"].rect
        if not self.app.toasts:
            return table.centerx, table.bottom - 6, table.width - 2 * TOAST_MARGIN
        text = self.app.toasts[-1].text
        banner = self.banner_at_message()  # (left in view: it hid "You bought J♥ …")
        clear = self.toast_keep_clear() + ([banner] if banner is not None else [])
        hinted = self.hinted_meld()
        if hinted is not None and self._hint_toast is self.app.toasts[-1]:
            # a hint's words cover the meld they name last of all (they stood on it, its
            # joker hidden, on a full table: pt94): it weighs more than the rest
            clear += [hinted] * HINTED_MELD_WEIGHT
        key = (text, tuple(tuple(r) for r in clear), i18n.language())
        if self._toast_place is not None and self._toast_place[0] == key:
            return self._toast_place[1]
        place = toast_place(text, table.inflate(-2 * TOAST_MARGIN, -12), clear,
                            table.centerx)
        self._toast_place = (key, place)
        return place

    def banner_box_now(self) -> pygame.Rect | None:
        """Where the banner shown now stands (None without one, or not placed yet: it is
        then placed clear of the message, ``place_banner``)."""
        if self.banner is None:
            return None
        if not self.state.melds:
            return banner_box(self.banner[0], self.layout["table"].rect)[0]
        return self._banner_place[1][0] if self._banner_place is not None else None

    def toast_keep_clear(self) -> list[pygame.Rect]:
        """What a message must leave in view on the table: every meld with its last-move
        outline and the tag above it, the rows' labels, the pack spread for the cut with
        its words, the words of an empty table."""
        out = [pygame.Rect(r.x - 7, r.y - 22, r.width + 14, r.height + 29)
               for r in self._meld_rects.values()]
        out += [self.owner_label_rect(owner, y).inflate(8, 4) for owner, y in self._owner_rows]
        if self.cut_choices():
            strip = self.cut_strip()
            out.append(pygame.Rect(strip.x, strip.y - 34, strip.width, strip.height + 46))
        if not self.state.melds:
            empty = theme.text(_("No melds on the table yet"), 16, theme.INK_FAINT)
            out.append(empty.get_rect(center=self.layout["table"].rect.center).inflate(8, 8))
        return out

    def mark_keep_clear(self) -> list[pygame.Rect]:
        """What last-move tags must leave readable: the meld rows' labels and every meld
        card's index (the top-left corner each card shows beside the next one, and the last
        card's upside-down index at its foot, which a tag on the row below would cover)."""
        out: list[pygame.Rect] = []
        if not any(self.marks.marks.values()):
            return out
        out += [self.owner_label_rect(owner, y) for owner, y in self._owner_rows]
        w = self._meld_w
        h = card_size(w)[1]
        step = w * layout.MELD_STEP
        for rect in self._meld_rects.values():
            n = max(1, round((rect.width - w) / step) + 1)
            for k in range(n):
                corner = index_corner(pygame.Rect(round(rect.x + k * step), rect.y, w, h))
                if k < n - 1:  # covered by the next card but for its left strip
                    corner.width = min(corner.width, round(step))
                out.append(corner)
            out.append(foot_corner(pygame.Rect(rect.right - w, rect.y, w, h)))
        return out

    def joker_strips(self) -> list[pygame.Rect]:
        """The part of each joker in a meld that shows (a strip beside the next card, or the
        whole card at the meld's end): a tag on a card laid off next to it stood over it,
        and the joker, squeezed to its strip, was lost from sight (pt90)."""
        strips = []
        for i in self._meld_rects:
            cards = self.sync.entities(f"meld_{i}")
            for k, (code, ent) in enumerate(cards):
                if code != rules.JOKER:
                    continue
                box = drawn_box(ent)
                if box is None:
                    continue
                after = drawn_box(cards[k + 1][1]) if k + 1 < len(cards) else None
                if after is not None and after.x > box.x:
                    box.width = after.x - box.x
                strips.append(box)
        return strips

    def tag_room(self, label: str, box: pygame.Rect,
                 spots: list[pygame.Rect]) -> list[pygame.Rect]:
        """Of the ``spots`` (best first) where a last-move tag of the outline ``box`` may
        stand, those that keep it in its place, and on the melds more of them. On the melds
        it stands on its own row: across the row's waist first, just below the cards'
        indices, then lower on the row, then on the mark's edge (``spots``) where that keeps
        ``ROW_CLEARANCE`` from every other row (a tag on a row's edge stood over the cards
        of the row above or below, over their index), always on the row's column of the
        table, and off the melds beside its own where it can be; in your hand, within the
        hand's panel (a tag on the rightmost card ran past its edge); on the pile, within
        its panel. None in the meld zone, where the small cards lie close: the outline
        stands there without its words (they stood over the zone's cards and the table's
        lit border) and the tag comes back with the card to the hand."""
        inner = box.inflate(-8, -8)  # (the marked cards: the outline stands 4 px out)
        centre = inner.center
        if self.layout["build"].rect.collidepoint(centre):
            return []
        for zone in ("hand", "discard"):
            rect = self.layout[zone].rect
            if rect.collidepoint(centre):
                return [s for s in spots if rect.contains(s)]
        rows = [r for r in self._meld_rects.values() if r.colliderect(inner)]
        if not rows:
            return spots
        row = max(rows, key=lambda r: r.clip(inner).width * r.clip(inner).height)
        column = next((c for c in self._meld_columns if c.collidepoint(row.center)),
                      self.layout["table"].rect).inflate(-4, -4)
        others = [r.inflate(0, 2 * ROW_CLEARANCE) for r in self._meld_rects.values()
                  if r.y != row.y]
        size = spots[0].size if spots else (0, 0)
        waist = min(row.y + index_corner(pygame.Rect(0, 0, self._meld_w, 1)).height + 1,
                    row.bottom - size[1])
        inside = []
        for top in dict.fromkeys((waist, row.bottom - size[1])):
            spot = pygame.Rect((0, 0), size)
            spot.midtop = (inner.centerx, top)
            inside += [spot] + [spot.move(d * k, 0) for k in range(4, size[0] + 5, 4)
                                for d in (1, -1)]
        kept = [s for s in inside + spots if column.contains(s) and s.collidelist(others) == -1]
        # ... and off the melds beside its own on the row, where a place is (a tag on a card
        # laid off at a meld's right end, kept off the joker beside it, slid over the next
        # meld's cards: pt155)
        beside = [r for r in self._meld_rects.values() if r.y == row.y and r != row]
        kept = [s for s in kept if s.collidelist(beside) == -1] or kept
        # ... and over its own cards: where every spot there covered a little of something
        # kept in sight (the joker's strip beside a card laid off, a card's index), the tag
        # took a spot that covered nothing, slid along the row's top to the meld's corner,
        # away from the card it named (pt156)
        return [s for s in kept if inner.left <= s.centerx <= inner.right] or kept

    def draw_overlay(self, surface: pygame.Surface) -> None:
        state = self.state
        stock = self.layout["stock"].rect
        theme.blit_text(surface, _("Stock · {count}").format(count=num(len(state.stock))),
                        (stock.centerx, stock.y + 4), 13, theme.INK, "bold", anchor="midtop")
        if state.phase not in ("cut", "over"):  # how often an empty stock is made anew
            left = rules.MAX_REBUILDS - state.rebuilds
            note = ngettext("{count} reshuffle left", "{count} reshuffles left", left).format(
                count=num(left)) if left else _("no reshuffle left")
            theme.blit_text(surface, theme.fit(note, 11, stock.width - 8),
                            (stock.centerx, stock.bottom - 2), 11,
                            theme.INK_DIM if left else theme.GOLD, anchor="midbottom")
        pile = self.layout["discard"].rect
        theme.blit_text(surface, _("Discards"), (pile.centerx, pile.y + 4), 13, theme.INK_DIM,
                        "bold", anchor="midtop")
        panels.draw_contract(surface, self.layout["contract"].rect, state, self.viewer,
                             self.seat_name(state.dealer),
                             self.seat_name(self.viewer) if len(self.session.humans) > 1 else "")
        choices = self.cut_choices()
        if choices:
            panels.draw_cut(surface, self.cut_strip(), len(state.stock), choices, self.cut_at)
        names = self.names()
        lit = self.lit_seat()
        shown = self.shown_state()  # (a computer's move still to leave: as before it)
        for seat in range(self.players):
            if seat != self.viewer:
                cfg = self.config.seats[seat]
                who = words.opponent_line(names[seat], None if cfg.is_human else cfg.level)
                panels.draw_opponent(surface, self.opponent_zone(seat), shown, seat, who,
                                     self._bought_words(seat), active=seat == lit)
        panels.draw_scores(surface, self.layout["scores"].rect, state, self.penalties, names)
        self.draw_log(surface)
        self._draw_prompt(surface)
        hand = self.layout["hand"].rect
        line = words.you_line(names[self.viewer], state.chips[self.viewer], state.totals[self.viewer])
        x, anchor = (hand.right - 12, "topright") if theme.rtl() else (hand.x + 12, "topleft")
        theme.blit_text(surface, theme.fit(line, 15, hand.width - 2 * SORT_W - 40, "bold"),
                        (x, hand.y + 10), 15, theme.GOLD if lit == self.viewer else theme.INK,
                        "bold", anchor=anchor)
        self.draw_curtain(surface, self.layout["hand"].rect)
        self.widgets.draw(surface)
        self._draw_offer_timer(surface)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # the banner above the cards in flight too ("You bought 9♥ …" stood under a
        # computer's meld on its way), on the table and never wider than it
        if self.banner is None:
            self._banner_place = None  # (the next banner is placed afresh)
        self.draw_banner(surface, within=self.layout["table"].rect)

    def place_banner(self, text: str, within: pygame.Rect
                     ) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """A move's banner stands on the table where it covers none of the melds, their
        tags and labels, nor the message shown as it comes (``banner_place``): it stood on
        the table's centre, over the second and third rows, even over the meld it
        announced. It stays there while it is shown (a message that comes or goes
        meanwhile does not move it), unless the melds move. Centred on an empty table, as
        before."""
        cutting = self.cut_choices()  # the pack spread for your cut, and its instruction:
        # the new deal's banner stood over both for its 2.4 s ("Deal 2: two trios")
        if not self.state.melds and not cutting:
            return banner_box(text, within)
        clear = self.toast_keep_clear() + (
            [self.cut_strip().inflate(0, 2 * CUT_WORDS_ABOVE)] if cutting else [])
        key = (text, tuple(within), tuple(tuple(r) for r in clear), i18n.language())
        if self._banner_place is None or self._banner_place[0] != key:
            message = []
            if self.app.toasts:  # (the newest message, where it stands: over the banner)
                x, bottom, widest = self.toast_place()
                box = pygame.Rect((0, 0), toast_size(self.app.toasts[-1].text, widest))
                box.midbottom = (x, bottom)
                message.append(box)
            self._banner_place = (key, banner_place(text, within, clear, message))
        return self._banner_place[1]

    def _ended_words(self) -> str:
        """What the table says while the last deal's end is shown: who went out of it."""
        out = self.ended_deal.deal_winners[-1] if self.ended_deal.deal_winners else None
        return words.deal_title(self.ended_deal.deal,
                                None if out is None else self.seat_name(out))

    def curtain_words(self) -> str:
        """Over a deal that has ended the cover says so (the next hand is dealt after the
        summary; nothing under it is to be looked at now)."""
        if self.ended_deal is not None:
            return self._ended_words()
        if (self.state.phase == "buy" and self.state.seat == self.viewer
                and self.played_for(self.viewer) is None):
            # (why the screen came: every cover said only "click here to see your cards",
            # an offer's as a turn's, pt137)
            return _("{seat}: the discard is yours to buy or pass; click here to see your "
                     "cards").format(seat=self.seat_name(self.viewer))
        return super().curtain_words()

    def _bought_words(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        """What ``seat`` bought, while that is still its last move (its mark stands)."""
        cards, mark, extra = self._bought.get(seat, ((), None, 0))
        if not cards or not any(m is mark for m in self.marks.marks.get(seat, [])):
            return None
        return words.bought_card(cards, extra), self.marks.colour(seat)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        """The build zone's sentence: what the selection makes, or what to do now."""
        build = self.layout["build"].rect
        if self.mine and self.state.phase in ("play", "exchange"):
            _move, text = self.selection_move()
        else:
            text = self._waiting_text()
        left = layout.build_text_left(build, len(self.selected))
        width = build.right - 100 - left
        size, lines = prompt_lines(text, width)
        step = size + 5
        x, anchor = (build.right - 100, "topright") if theme.rtl() else (left, "topleft")
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (x, build.centery - step * len(lines) / 2 + step * i),
                            size, theme.INK, "bold", anchor=anchor)

    def _waiting_text(self) -> str:
        state = self.state
        if state.phase == "over":
            return words.waiting("over", "", False)
        if self.ended_deal is not None:  # "Deal 2: Seat 3 went out"
            return self._ended_words()
        if self.replay is not None:
            return _("Replay")
        seat = self.landing_seat()
        if seat is not None and seat != state.seat:
            # another seat's move is still landing: the line names it until it has (it named
            # the next seat while the discard flew, before the log told it), with the phase
            # that move was made in, as its panel is lit (``lit_seat``), even when you are
            # next (the line said nothing while Seat 4's panel was lit)
            if seat == self.viewer and self.config.seats[seat].is_human:
                return ""
            told = self.landing_words() if self.curtain and self.leading_seat() is None else ""
            if told:  # above the next person's cover: the move itself ("Seat 1 to decide on
                # the discard" over "Seat 3: click here…" read as Seat 1's turn still)
                return told
            return words.waiting(self.session.befores[-1].phase, self.seat_name(seat), False)
        if not self.mine and state.seat == self.viewer and not self.curtain:
            return ""  # the last move is still reaching the table: nothing to ask yet
        phase = state.phase
        if phase == "draw" and self.mine and self.is_legal("take"):
            phase = "draw_or_take"  # the first turn of a deal: the upcard is free
        if phase == "cut" and self.hot_seat:  # no cover asks for the person: name them
            return words.waiting(phase, self.seat_name(state.seat), False)
        text = words.waiting(phase, self.seat_name(state.seat), self.mine)
        if phase == "buy" and self.mine and state.discarder is not None:
            # who plays next (pt72 thought three times it was them: the panels read 4, 3, 2)
            drawer = (state.discarder + 1) % state.players
            text = words.next_to_play(text, self.seat_name(drawer), drawer == self.viewer)
        return text


HINTED_MELD_WEIGHT = 4  # the meld a hint names counts this many times more under its words
CUT_WORDS_ABOVE = 40  # px above the spread pack its instruction takes, and a gap (kept clear below too)
TOAST_MARGIN = 4  # a message stands this far inside the table's panel, across
TOAST_NARROWEST = 240  # ... and is at least this wide
TOAST_STEP = 20  # the widths tried, from the table's down, differ by this much


def toast_place(text: str, area: pygame.Rect, clear: list[pygame.Rect],
                centre: int) -> tuple[int, int, int]:
    """(centre x, bottom, widest) of the message ``text`` inside ``area``, covering none of
    ``clear``: in the fewest lines (never more than four: the fifth would be lost), then
    as low as it may stand, then as wide as it may be, centred on ``centre`` before against
    the area's right edge, before anywhere else along that line, nearest ``centre`` (two
    columns of melds: a hint stood over one column's melds, tried only centred and against
    the right edge, where the other left free felt); where every place covers some of
    ``clear``, the one that covers least (of those centred and against the right edge)."""
    best: tuple | None = None  # (order, place)
    widest = area.width
    while widest >= TOAST_NARROWEST:
        lines = len(theme.wrap(text, 19, widest - 40, "bold"))
        if lines > 4 or (best is not None and best[0][:2] < (0, lines)):
            break  # (narrower, more lines still: a place found already is better)
        w, h = toast_size(text, widest)
        for bottom in range(area.bottom, area.top + h - 1, -4):
            xs = [centre, area.right - (w + 1) // 2]
            xs += [x for x in free_xs(area, clear, w, bottom - h, bottom, centre)
                   if x not in xs][:1]
            for side, x in enumerate(xs):
                box = pygame.Rect(0, 0, w, h)
                box.midbottom = (x, bottom)
                if not area.contains(box):
                    continue
                cover = 0
                for k in box.collidelistall(clear):
                    over = box.clip(clear[k])
                    cover += over.width * over.height
                order = (cover, lines, -bottom, -widest, side)
                if best is None or order < best[0]:
                    best = (order, (x, bottom, widest))
        if best is not None and best[0][:3] == (0, lines, -area.bottom):
            break  # (free at the very bottom in as few lines: none better)
        widest -= TOAST_STEP
    return best[1] if best is not None else (centre, area.bottom, area.width)


def free_xs(area: pygame.Rect, clear: list[pygame.Rect], w: int, top: int, bottom: int,
            centre: int) -> list[int]:
    """The centres x of boxes ``w`` wide from ``top`` to ``bottom`` inside ``area`` that
    cover none of ``clear``, one in each gap between them (its nearest to ``centre``),
    nearest ``centre`` first."""
    blocked = sorted((r.left, r.right) for r in clear if r.top < bottom and r.bottom > top
                     and r.width > 0 and r.height > 0)
    xs, left = [], area.left
    for start, end in [*blocked, (area.right, area.right)]:
        if start - left >= w:
            xs.append(min(max(centre, left + w // 2), start - (w + 1) // 2))
        left = max(left, end)
    return sorted(xs, key=lambda x: abs(x - centre))


TAG_GAP = 4  # pixels at least between two tags on your hand (their rims touched: pt156)
ROW_CLEARANCE = 3  # a tag on the melds stands at least this far from another row's cards
BANNER_NARROWEST = 260  # a banner moved off the melds is made at least this wide
BANNER_STEP = 40  # ... the widths tried, from the table's down, differ by this much
BANNER_GRAIN = (8, 4)  # the places tried lie this far apart, across and down
BANNER_COARSE = (24, 12)  # ... and, where none is free, the places weighed for least cover


def banner_place(text: str, within: pygame.Rect, clear: list[pygame.Rect],
                 over: list[pygame.Rect] = ()) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """(box, lines' images) of the banner ``text`` on the panel ``within`` (inside its
    margin), covering none of ``clear`` nor ``over`` (drawn over the banner: a message):
    as ``banner_box`` makes it if such a place lets it be as wide, else another shape
    (``banner_shapes``: narrower, in more lines or smaller words, never cut short), as
    near the panel's centre as it may stand; where every place covers some of them, the
    one that covers least (``over`` counting ``OVER_WEIGHT`` times: what it covers of the
    banner's own words is lost), the wider, the nearer of equals."""
    area = within.inflate(-2 * BANNER_MARGIN, -2 * BANNER_MARGIN)
    covered, above = (_mask(area, rects) for rects in (clear, over))
    shapes: list = []  # (made as the free places are looked for: the first may do)
    free = _free_place(area, within, _kept(banner_shapes(text, within, area), shapes),
                       [*clear, *over])
    if free is not None:
        return free
    best = None  # ((cover, narrowed, distance), box, images)
    for narrowed, (box, images) in enumerate(shapes):
        shape = pygame.mask.Mask(box.size, fill=True)
        gx, gy = BANNER_COARSE  # (the centred place among them)
        for x in range((area.width - box.width) // 2 % gx, area.width - box.width + 1, gx):
            for y in range((area.height - box.height) // 2 % gy, area.height - box.height + 1,
                           gy):
                cover = covered.overlap_area(shape, (x, y)) + OVER_WEIGHT * (
                    above.overlap_area(shape, (x, y)) if over else 0)
                dx = area.x + x + box.width / 2 - within.centerx
                dy = area.y + y + box.height / 2 - within.centery
                order = (cover, narrowed, dx * dx + dy * dy)
                if best is None or order < best[0]:
                    best = (order, pygame.Rect(area.x + x, area.y + y, *box.size), images)
        if best is not None and best[0][0] == 0:
            break  # (free: a narrower banner would only be smaller)
    if best is None:
        return banner_box(text, within)
    return best[1], best[2]


OVER_WEIGHT = 4  # a banner under a message: each pixel covered counts this many times


def _kept(items: Iterable, into: list) -> Iterator:
    """``items`` one by one, each also put in ``into``."""
    for item in items:
        into.append(item)
        yield item


def _free_place(area: pygame.Rect, within: pygame.Rect, shapes: Iterable,
                rects: list[pygame.Rect]) -> tuple[pygame.Rect, list[pygame.Surface]] | None:
    """The first shape that has a place covering none of ``rects``, at its place nearest the
    panel's centre (of the places ``banner_place`` tries), or None. The places are tried
    nearest first, each against the rects at once (``collidelist``): weighing every place's
    cover pixel by pixel cost 15-150 ms."""
    gx, gy = BANNER_GRAIN
    for box, images in shapes:
        w, h = box.size
        cx, cy = within.centerx - area.x - w / 2, within.centery - area.y - h / 2
        spots = sorted(((x - cx) ** 2 + (y - cy) ** 2, x, y)
                       for x in range((area.width - w) // 2 % gx, area.width - w + 1, gx)
                       for y in range((area.height - h) // 2 % gy, area.height - h + 1, gy))
        place = pygame.Rect(0, 0, w, h)
        for _d, x, y in spots:
            place.topleft = (area.x + x, area.y + y)
            if place.collidelist(rects) == -1:
                return place, images
    return None


def _mask(area: pygame.Rect, rects: list[pygame.Rect]) -> pygame.mask.Mask:
    """The pixels of ``area`` under any of ``rects``, as a mask of its size."""
    mask = pygame.mask.Mask(area.size)
    for rect in rects:
        part = rect.clip(area)
        if part.width and part.height:
            mask.draw(pygame.mask.Mask(part.size, fill=True), (part.x - area.x, part.y - area.y))
    return mask


def banner_shapes(text: str, within: pygame.Rect, area: pygame.Rect):
    """The shapes the banner ``text`` on the panel ``within`` may take, best first, each
    (box, lines' images) with its box at the origin: as ``banner_box`` makes it, then
    narrower in steps down to ``BANNER_NARROWEST`` (``narrow_banner``: more lines, smaller
    words) while its words stay whole, then in one slim line (less room above and below
    it: a strip of felt under the last row of melds holds it) that fits ``area``."""
    yield banner_box(text, within)
    last = None
    for width in range(area.width - BANNER_STEP, BANNER_NARROWEST - 1, -BANNER_STEP):
        made = narrow_banner(text, width)
        if made is None:
            break  # (narrower, its words would be cut short)
        if last is None or made[0].size != last:
            last = made[0].size
            yield made
    for size in SLIM_BANNER:
        made = narrow_banner(text, area.width, ((size, 1),), SLIM_PAD)
        if made is not None:
            yield made


# a narrowed banner: (size, most lines), tried in turn
NARROW_BANNER = ((30, 1), (28, 1), (26, 1), (24, 1), (26, 2), (24, 2), (22, 2), (20, 2),
                 (22, 3), (20, 3))
SLIM_BANNER = (24, 22, 20)  # the sizes of a slim banner's one line, tried in turn
SLIM_PAD = (40, 10)  # ... and the room beside and above and below its words


def narrow_banner(text: str, width: int, forms=NARROW_BANNER, pad=BANNER_PAD
                  ) -> tuple[pygame.Rect, list[pygame.Surface]] | None:
    """The banner ``text`` in a box at most ``width`` wide, and its lines' images: of the
    ``forms`` (size, most lines), the first that holds it whole (by default one line from
    30 down to 24, else two from 26 down to 20, else three at 22 or 20), its words and
    ``pad`` more; None if none does."""
    room = width - pad[0]
    for size, most in forms:
        lines = [text] if most == 1 else theme.wrap(text, size, room, "serif")
        if len(lines) <= most and all(theme.text_width(line, size, "serif") <= room
                                      for line in lines):
            images = [theme.text(line, size, theme.GOLD, "serif") for line in lines]
            step = max(img.get_height() for img in images)
            box = pygame.Rect(0, 0, max(img.get_width() for img in images) + pad[0],
                              step * len(images) + pad[1])
            return box, images
    return None


def prompt_lines(text: str, width: int) -> tuple[int, list[str]]:
    """The build zone's sentence in whole: two lines at the largest size from 15 down to
    12 that holds it, else three at 12 (the last cut with an ellipsis if even that is not
    enough). Returns (size, lines)."""
    for size in (15, 14, 13, 12):
        lines = theme.wrap(text, size, width, "bold")
        if len(lines) <= 2:
            return size, lines
    lines = theme.wrap(text, 12, width, "bold")
    if len(lines) > 3:
        lines = lines[:2] + [theme.fit(" ".join(lines[2:]), 12, width, "bold")]
    return 12, lines
