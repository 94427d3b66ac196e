"""The Zetema table's cards made to match the state: the viewer's hand, the meld zone (the
cards chosen or shown), the 13 rank piles and the marriage pile, each pair ``(code, entity)``.

``ZetemaSync`` is mixed into the table scene: ``reconcile`` creates, removes and moves card
entities until the table shows exactly the state, animating what arrives from where it
came (the stock, the seat that played, the meld zone); ``layout_all`` tweens every card to
its slot (``scenes.zetema.layout``).
"""

from __future__ import annotations

from collections import Counter

import esper

from ecs.components import CardFace, Draggable, Held, Hoverable, Sprite, Transform, Tweens, ZOrder
from ecs.tween import animate, ease_in, flip, glide, move_to
from game.card_art import card_image
from game.rules import zetema as rules
from scenes import theme
from scenes.card_sync import cancel_move, hide_now, remove_now
from scenes.zetema import layout
from scenes.zetema.layout import HAND_W, MARRIAGE_W, MELD_W, PILE_W, Z_FLY, Z_HAND, Z_MELD

Pair = tuple[str, int]


class ZetemaSync:
    """State -> entities for the Zetema table (mixed into ``ZetemaTable``)."""

    hand: list[Pair]
    selection: list[Pair]
    shown: list[Pair]
    piles: list[list[Pair]]
    marriage: list[Pair]
    _zone_leaving: tuple[int, ...]

    def _card(self, code: str, pos, width: int, face_up: bool, z: float) -> int:
        plain = code.removesuffix(rules.PILE)
        return esper.create_entity(
            Transform(*pos), Sprite(card_image(plain, width)), ZOrder(z),
            CardFace(card_image(plain, width), card_image("back", width), face_up, plain),
            Draggable(enabled=False, kind="card", data=code), Hoverable())

    def _kill_later(self, ent: int, pos, delay: float = 0.0, fade: bool = False) -> None:
        """Send a card to ``pos`` and remove it there; ``fade``: it fades out on the second
        half of the way (into an opponent's panel, whose words are drawn over cards)."""
        move_to(ent, pos[0], pos[1], 0.4, delay=delay,
                on_done=lambda: esper.entity_exists(ent) and esper.delete_entity(ent))
        if fade:
            animate(ent, "alpha", 0.0, 0.2, ease_in, delay=delay + 0.2)

    # -- the hand's own order ------------------------------------------------------------
    def _out_of_hand(self, pair: Pair) -> None:
        """``pair`` leaves the hand for the meld zone. ``_home`` keeps the hand's order with
        the cards out in the meld zone at their places in it, so that in a hand in your own
        order each comes back where it was (``_back_in_hand``)."""
        self._home = self._home_order()
        self.hand.remove(pair)

    def _home_order(self) -> list[int]:
        """``_home`` as the hand is now: kept while the hand still runs in its order, else
        made again from the hand, the meld zone's cards after the nearest card that stood
        before them (the hand sorted, reordered or drawn to since)."""
        hand = [e for _, e in self.hand]
        kept = set(hand)
        if [e for e in self._home if e in kept] == hand:
            return self._home
        out = {e for _, e in self.selection}
        home = list(hand)
        for i, e in enumerate(self._home):
            if e in out:  # (still out: after the nearest card before it still here)
                before = next((b for b in reversed(self._home[:i]) if b in home), None)
                home.insert(0 if before is None else home.index(before) + 1, e)
        return home

    def _back_in_hand(self, pair: Pair) -> None:
        """``pair`` comes back to the hand from the meld zone: sorted in, or, in a hand in
        your own order, to its place (after the nearest card that stood before it and is
        in the hand). It went to the hand's end."""
        ent = pair[1]
        if self.sort_mode != "custom" or ent not in self._home:
            self.hand.append(pair)
            return
        ents = [e for _, e in self.hand]
        i = self._home.index(ent)
        before = next((b for b in reversed(self._home[:i]) if b in ents), None)
        self.hand.insert(0 if before is None else ents.index(before) + 1, pair)

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
        ours = self.rules.to_move == self.viewer
        returned: list[Pair] = []  # the meld zone's cards of the hand, back in the hand
        # 1. the meld zone: our shown cards, our selection, or nothing of ours
        if state.phase == "discard" and state.seat == self.viewer and state.meld != "marriage":
            self._sync_zone(list(state.shown), stock_pos)
            self._zone_shows_meld = True
        elif not (ours and state.phase == "meld") or getattr(self, "_zone_shows_meld", False):
            # (a meld's shown cards go back to the hand when its turn ends, also when the
            # same seat plays again at once after a zetema: they stayed as a selection)
            self._zone_shows_meld = False
            chosen, self.selection = self.selection, []
            for pair in chosen:
                if not pair[0].endswith(rules.PILE):
                    self._back_in_hand(pair)
                    returned.append(pair)
                elif self._still_on_pile(pair[0]):  # (chosen, then a discard was made: the
                    self.back_to_pile(pair)        # same card back, its last-move mark on it)
                else:  # married: the marriage pile's card comes below
                    esper.delete_entity(pair[1])
        # 2. the piles and the marriage pile (cards we hold in the zone stay "on the pile")
        pool = self._pool(returned) if mover == self.viewer else self.shown
        taken: list[Pair] = []  # the cards that left a pile (another seat's marriage took
        # them): they fly from there to the marriage pile (they went face down to the stock
        # as its panel still said "thinking", and came again out of the panel)
        for rank, codes in enumerate(state.piles):
            want = list(codes)
            for token, _ in self.selection:
                code = token.removesuffix(rules.PILE)
                if token.endswith(rules.PILE) and rules.CARD_RANK[code] == rank and code in want:
                    want.remove(code)
            self.piles[rank] = self._sync_list(self.piles[rank], want, origin, PILE_W,
                                               instant, lead, pool, taken)
        self.marriage = self._sync_list(self.marriage, list(state.marriage_pile), origin,
                                        MARRIAGE_W, instant, lead, taken + pool)
        self._gather([p for p in taken if p not in self.marriage])
        # 3. the shown cards of another seat's meld
        showing = None
        if state.phase == "discard" and state.seat != self.viewer and state.meld != "marriage":
            showing = (state.seat, list(state.shown))
        elif state.phase == "over" and getattr(self, "_final_meld", None) is not None:
            showing = self._final_meld  # (the meld that won the game)
        if showing is not None:
            if not self.shown:
                zone = self.opponent_zone(showing[0]).center
                self.shown = [(c, self._card(c, zone, MELD_W, True, Z_MELD))
                              for c in showing[1]]
                for _, ent in self.shown if not instant else ():
                    # out of the seat's panel, fading in on their way (they lay face up on
                    # it while it said "thinking", the meld seen before it was made)
                    esper.component_for_entity(ent, Transform).alpha = 0.0
                    animate(ent, "alpha", 255.0, 0.2, delay=lead)
        else:
            self._zone_leaving = tuple(ent for _, ent in self.shown)  # (in the zone a while)
            for _, ent in self.shown:  # back into that seat's hand, face down, as its move
                # sets off (they flew while its panel still said "thinking")
                if lead > 0:
                    self.after_lead(lambda e=ent: esper.entity_exists(e) and hide_now(e))
                else:
                    hide_now(ent)
                self._kill_later(ent, origin, delay=lead)
            self.shown = []
        # 4. the viewer's hand (minus what sits in the meld zone)
        remaining = Counter(state.hands[self.viewer])
        remaining.subtract(Counter(t for t, _ in self.selection if not t.endswith(rules.PILE)))
        keep: list[Pair] = []
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
        own = None if self.hand else self._own_orders.get(self.viewer)
        own = own[1] if own is not None and own[0] == state.deal else None
        self.hand = keep
        if self._frozen is not None and self._frozen != Counter(state.hands[self.viewer]):
            self._frozen = None
        if self.sort_mode != "custom":
            self.sort_hand(self.sort_mode, relayout=False)
        elif own:  # the screen back to a person whose hand is in their own order
            self.hand = in_order(self.hand, own)
        self.layout_all(0.0 if instant else 0.35, lead)
        self.refresh()

    def _pool(self, returned: list[Pair]) -> list[Pair]:
        """Where the viewer's card arriving on a pile comes from, the likeliest first: the
        card let go on the pile (``_leaving``), the meld zone's cards (also those gone back
        to the hand as the turn ended: the card clicked into the zone and then onto its
        pile is among them), then the hand. Of two alike (the doubled suit), the one played
        goes; its twin in the hand kept its place (the twin flew to the pile and the card
        played went to the hand's end)."""
        leaving, self._leaving = self._leaving, None
        pool = [p for p in self.hand + self.selection if p[1] == leaving]
        for group in (returned, self.selection, self.shown, self.hand):
            pool += [p for p in group if p not in pool]
        return pool

    def _still_on_pile(self, token: str) -> bool:
        """Whether the state still has the pile card ``token`` on its pile beyond those the
        table shows there (it was chosen for the meld zone, not married)."""
        code = token.removesuffix(rules.PILE)
        rank = rules.CARD_RANK[code]
        shown = sum(c == code for c, _ in self.piles[rank])
        return self.state.piles[rank].count(code) > shown

    def _sync_zone(self, tokens: list[str], stock_pos) -> None:
        """Make the selection hold exactly ``tokens`` (reusing hand/selection entities)."""
        pool = self.selection + self.hand
        chosen: list[Pair] = []
        for token in tokens:
            match = next((p for p in pool if p[0] == token and p not in chosen), None)
            if match is None:
                match = (token, self._card(token, stock_pos, MELD_W, True, Z_MELD))
            chosen.append(match)
        for p in [p for p in self.hand if p in chosen]:
            self._out_of_hand(p)
        for p in self.selection:
            if p not in chosen:
                self._back_in_hand(p)
        self.selection = chosen

    def _sync_list(self, have: list[Pair], want: list[str], origin, width: int,
                   instant: bool, lead: float, pool: list[Pair],
                   taken: list[Pair] | None = None) -> list[Pair]:
        """Match a pile's entities to ``want``; arriving cards come from ``pool`` if there.
        Cards that left go to ``taken`` if given (the caller places them), else they go."""
        if [c for c, _ in have] == want:
            return have
        stock_pos = self.layout["stock"].rect.center
        left = list(have)
        out: list[Pair] = []
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
                    if not lead:  # (else as it sets off: ``layout_all``)
                        self._resize(moving[1], code, width)
                    match = (code, moving[1])
                else:
                    ent = self._card(code, origin, width, instant, Z_FLY)
                    if not instant:
                        flip(ent, 0.3, face_up=True, delay=lead)
                        if origin != stock_pos:  # out of a seat's panel, whose words are
                            # drawn over cards: it fades in on its way out
                            esper.component_for_entity(ent, Transform).alpha = 0.0
                            animate(ent, "alpha", 255.0, 0.2, delay=lead)
                    match = (code, ent)
            out.append(match)
        left = [p for p in left if not any(p[1] == e for _, e in self.selection + self.shown)]
        if taken is not None:  # taken from this pile (for a marriage) or cleared (new deal)
            taken += left
        else:
            self._gather(left)
        return out

    def _gather(self, pairs: list[Pair]) -> None:
        """Cards that left the table's places (a new deal gathers them): face down, to the
        stock, and gone."""
        for _, ent in pairs:
            hide_now(ent)
            self._kill_later(ent, self.layout["stock"].rect.center)

    def _resize(self, ent: int, code: str, width: int) -> None:
        plain = code.removesuffix(rules.PILE)
        face = esper.component_for_entity(ent, CardFace)
        face.front, face.back = card_image(plain, width), card_image("back", width)
        esper.component_for_entity(ent, Sprite).image = face.front

    def _resize_if(self, ent: int, code: str, width: int, delay: float = 0.0) -> None:
        """The card at ``width``; with a ``delay`` (a computer's move waiting out its lead)
        once it sets off: it shrank or grew where it lay while its panel said "thinking"."""
        face = esper.component_for_entity(ent, CardFace)
        if face.front.get_width() == width:
            return
        if delay > 0:
            self.after_lead(lambda: esper.entity_exists(ent) and self._resize_if(ent, code, width))
        else:
            self._resize(ent, code, width)

    # -- every card to its place -------------------------------------------------------
    def layout_all(self, duration: float = 0.35, delay: float = 0.0) -> None:
        """Tween every card entity to its place."""
        if self._frozen is not None and any(e not in self._hand_spots for _, e in self.hand):
            self._frozen = None  # a card the kept slots do not know: lay out afresh
        if self._frozen is None:
            slots = layout.hand_slots(self.layout["hand"].rect, len(self.hand))
            self._hand_spots = {ent: slot for (_, ent), slot in zip(self.hand, slots)}
        for code, ent in self.hand:
            x, y, angle, z = self._hand_spots[ent]
            self._resize_if(ent, code, HAND_W, delay)
            self._go(ent, x, y, z, duration, delay, angle)
        cards = meld_order(self.selection + self.shown)
        for (code, ent), (x, y, _, z) in zip(cards, layout.meld_slots(self.layout["meld"].rect,
                                                                     len(cards), theme.rtl())):
            self._resize_if(ent, code, MELD_W, delay)
            self._go(ent, x, y, z, duration, delay)
        for rank, pile in enumerate(self.piles):
            rect = self.layout[f"pile_{rules.RANKS[rank]}"].rect
            for i, (code, ent) in enumerate(pile):
                x, y, angle, z = layout.pile_slot(rect, rank, i)
                self._resize_if(ent, code, PILE_W, delay)
                self._go(ent, x, y, z, duration, delay)
        rect = self.layout["marriage"].rect
        for i, (code, ent) in enumerate(self.marriage):
            x, y, angle, z = layout.marriage_slot(rect, i, len(self.marriage))
            self._resize_if(ent, code, MARRIAGE_W, delay)
            self._go(ent, x, y, z, duration, delay, angle=angle)
        if self.stock_ent is not None:
            esper.component_for_entity(self.stock_ent, Sprite).visible = bool(self.state.stock)

    def _go(self, ent: int, x: float, y: float, z: float, duration: float, delay: float,
            angle: float = 0.0) -> None:
        held = esper.try_component(ent, Held)
        if held is not None:  # in the person's hand: it stays there, with a new home
            held.home = (x, y, z)
            return
        t = esper.component_for_entity(ent, Transform)
        tweens = esper.try_component(ent, Tweens)
        if (abs(t.x - x) < 0.5 and abs(t.y - y) < 0.5 and abs(t.angle - angle) < 0.5
                and not (tweens and any(w.attr in ("x", "y", "angle") for w in tweens.items))):
            # already there, at rest: no glide (a pile's counter counts it as landed)
            esper.component_for_entity(ent, ZOrder).z = z
            return
        if duration <= 0:
            esper.component_for_entity(ent, ZOrder).z = z
            cancel_move(ent)
            t.x, t.y, t.angle = x, y, angle
        else:  # on its way it passes over the cards at rest, and lands on its pile
            glide(ent, x, y, duration, angle=angle, z=z, delay=delay)

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

    def hide_hand(self) -> None:
        if self.sort_mode == "custom" and self.hand + self.selection:
            # the person's own order, laid out again when the screen comes back to them
            # (between people it came back sorted by rank, pt103)
            self._own_orders[self.viewer] = (self.state.deal, self._hand_codes())
        for _, ent in self.hand + self.selection:
            remove_now(ent)
        self.hand, self.selection = [], []


def in_order(pairs: list[Pair], codes: list[str]) -> list[Pair]:
    """``pairs`` in the order of ``codes`` (those not among them after, as they came)."""
    rest = list(pairs)
    ordered = []
    for code in codes:
        match = next((p for p in rest if p[0] == code), None)
        if match is not None:
            rest.remove(match)
            ordered.append(match)
    return ordered + rest


def meld_order(pairs: list[Pair]) -> list[Pair]:
    """The meld zone's cards in card order, an ace after a king (a straight read "J 10 J 10
    9 8" in the order the cards were clicked, and 10 J Q K A should not start with the A)."""
    codes = [code.removesuffix(rules.PILE) for code, _ in pairs]
    ace_high = any(rules.CARD_RANK[c] == rules.RANKS.index("K") for c in codes)

    def key(pair: Pair) -> tuple[int, int]:
        code = pair[0].removesuffix(rules.PILE)
        rank = rules.CARD_RANK[code]
        return (len(rules.RANKS) if ace_high and rank == 0 else rank), rules.CARD_SUIT[code]

    return sorted(pairs, key=key)
