"""Clicks and drops on the Zetema table turned into moves (or into a selection, or a refusal
that says why).

Meld: a click moves a card between the hand and the meld zone (a drag into the zone does
the same); a king or queen on its pile may join the zone for a marriage. Discard: a drag
onto the pile of the card's rank, or a click on a shown card (after a marriage any card)
and then its lit pile; a single hand card in the meld zone and a click on its pile, too.
A click on a pile card that may not be taken, or a drag from it, says why (the card does
not lift).
While cards are clicked out of the hand its slots stay put, so the next click lands on the
card that was under the pointer; the hand closes up once the pointer leaves its band
(``hand_band``), or when the meld zone is cleared or the hand changes (a meld, a discard,
a draw). A card dragged into the meld zone leaves its slot empty the same way: the hand
holds still while the pointer comes back down to it (``_follow_pointer``), and closes up
if the pointer goes up to the piles instead, or leaves the hand again. A king or queen
taken from its pile into the meld zone goes back there with a click on it, Esc, Clear, a
click on the bare felt (which takes every card of the zone back, as Clear does), or a drop
on its own pile.
``ZetemaGestures`` is mixed into ``ZetemaTable``.
"""

from __future__ import annotations

from collections import Counter

import esper
import pygame

from ecs.components import CardFace, Draggable, DropTarget, Transform
from ecs.drag import DRAG_THRESHOLD
from ecs.input import topmost_at
from ecs.intents import ClickIntent
from game.rules import zetema as rules
from scenes.zetema import layout, words
from scenes.zetema.layout import MELD_W

ZONE_LIT = 1.5  # seconds the meld zone's words stay lit after the greyed Meld is pressed


class ZetemaGestures:
    """Input -> moves for the Zetema table (mixed into ``ZetemaTable``)."""

    # -- the meld zone -----------------------------------------------------------------
    def toggle(self, ent: int) -> None:
        """Move a card between the hand and the meld zone (the selection); an older refusal
        goes (it said "it holds 2 cards" on, the zone holding one: pt82)."""
        if not self._may_select():
            return
        self.drop_refusals(older_only=True)
        self._zone_lit_until = 0.0  # (the zone's words lit by Meld were about the cards before)
        for pair in self.hand:
            if pair[1] == ent:
                self._out_of_hand(pair)
                self.selection.append(pair)
                break
        else:
            for pair in self.selection:
                if pair[1] == ent:
                    self.selection.remove(pair)
                    if pair[0].endswith(rules.PILE):
                        self.back_to_pile(pair)  # (gliding there, a last-move mark with it)
                        break
                    self._back_in_hand(pair)
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
        meld = rules.classify(tokens) if tokens else None
        if meld is None:
            single = len(tokens) == 1 and not tokens[0].endswith(rules.PILE) and self.is_legal(
                f"discard {tokens[0]}")
            return None, words.selection_prompt(tokens, single)
        move = meld.move
        title = words.meld_title(meld.kind, meld.points, len(tokens) // 2)
        if self.is_legal(move):
            return move, title
        try:
            rules.play(self.state, move)
        except ValueError as exc:
            return None, words.meld_not_now(meld.kind, meld.points, str(exc))
        return move, title

    def confirm_meld(self) -> None:
        """Meld pressed: the combination chosen is declared; greyed, it says why not (a click
        on it said nothing, pt91). What it says is about the cards chosen: it goes as a card
        is taken back or added, as a refusal does ("7♦: click its lit pile…" stayed after
        Clear, nothing chosen and no pile lit, pt157)."""
        move, why = self.selection_meld()
        if move is not None:
            self.rules.submit(move)
            return
        if (why and why == self.meld_prompt() and self.banner is None
                and not (self.selection and why == words.not_yet(len(self.selection)))):
            # the zone already says it: its words light up (a message said them again word
            # for word just above, where no room was left it stood over a full pile's foot
            # and its tag, pt160)
            self._zone_lit_until = self.time + ZONE_LIT
            return
        if why and self.selection and why == words.not_yet(len(self.selection)):
            why = f"{why}. {words.combinations_help()}"  # (what would)
            self.app.toast(why, seconds=5.0)
        elif why:
            self.app.toast(why, seconds=2.5)
        self._refusals.add(why)  # (``toggle`` drops it with the refusals)

    def clear_selection(self) -> None:
        for pair in list(self.selection):
            self.toggle(pair[1])
        self._thaw_hand()  # (an action elsewhere: the hand closes up)

    def back_to_pile(self, pair: tuple[str, int]) -> None:
        """A king or queen of the meld zone taken from its pile goes back to its place there,
        the same card: the mark of the seat that discarded it (its last move) stays on it."""
        code = pair[0].removesuffix(rules.PILE)
        rank = rules.CARD_RANK[code]
        want = list(self.state.piles[rank])  # (the pile as the table shows it: without the
        for token, _ in self.selection:      # cards of that pile still in the meld zone)
            other = token.removesuffix(rules.PILE)
            if token.endswith(rules.PILE) and other in want:
                want.remove(other)
        pile = self.piles[rank]
        at = next((i for i, (c, _) in enumerate(pile) if i >= len(want) or c != want[i]),
                  len(pile))
        pile.insert(at, (code, pair[1]))

    def _take_from_pile(self, ent: int, token: str) -> None:
        """A king or queen leaves its pile for the meld zone (a marriage)."""
        for pile in self.piles:
            for pair in pile:
                if pair[1] == ent:
                    pile.remove(pair)
                    self.selection.append((token, ent))
                    self._resize(ent, token, MELD_W)

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
        """One card of the hand in the meld zone may be clicked onto its pile; with more
        there, a pile clicked says to leave only the card to discard (it said nothing, or,
        on a pile's card, that the card stays on its pile)."""
        if (len(self.selection) > 1 and self.mine and self.replay is None
                and not any(t.endswith(rules.PILE) for t, _ in self.selection)):
            why = words.one_to_discard(len(self.selection))
            return {target: (False, why if drop.name != "marriage" else words.marriage_pile())
                    for target, drop in esper.get_component(DropTarget)
                    if drop.name.startswith("pile_") or drop.name == "marriage"}
        if len(self.selection) != 1 or self.selection[0][0].endswith(rules.PILE):
            return {}
        ent = self.selection[0][1]
        return {target: self.validate(ent, target) for target, drop in
                esper.get_component(DropTarget)
                if drop.name.startswith("pile_") or drop.name == "marriage"}

    def clear_own_selection(self) -> bool:
        if self.selection_key() is None:
            return False
        self.clear_selection()
        return True

    def _freeze_hand(self, coming_back: bool = False) -> None:
        """Keep the hand's slots while cards are clicked out of it and back; ``coming_back``:
        a card was just dragged out of it into the meld zone, and the pointer, up there,
        has still to come back down to the hand (``_follow_pointer``)."""
        if self._frozen is None and self._hand_spots:
            self._frozen = Counter(self.state.hands[self.viewer])
        self._coming_back = coming_back and self._frozen is not None

    def _follow_pointer(self, pos: tuple[int, int]) -> None:
        """The pointer moved while the hand holds still: it closes up once the pointer
        leaves the hand's band, as after a click. After a card dragged into the meld zone
        the pointer starts above the band: the hand holds still on its way back down to it
        (over the meld zone, the panels beside it) and closes up if it goes up to the piles
        instead. While a card of the hand is dragged nothing moves under it: where it is let
        go decides (into the zone: the hand holds still; onto a pile: the hand changes)."""
        held = self.drag.held
        if held is not None and any(e == held for _, e in self.hand):
            return
        if self.hand_band().collidepoint(pos):
            self._coming_back = False
            return
        meld = self.layout["meld"].rect
        way_back = pygame.Rect(0, meld.y, self.app.size[0], max(self.app.size[1], meld.bottom)
                               - meld.y)
        if not (self._coming_back and way_back.collidepoint(pos)):
            self._thaw_hand()

    def hand_band(self) -> pygame.Rect:
        """Where the pointer keeps the hand still: the hand's panel and the strip of the
        table beside and below it (the log, the buttons). Moving over it from card to card,
        or aside to read the log, no card slides under the pointer; going up to the meld
        zone or the piles, the hand closes up."""
        hand = self.layout["hand"].rect
        return pygame.Rect(0, hand.y, self.app.size[0], max(hand.bottom, self.app.size[1])
                           - hand.y)

    def _thaw_hand(self) -> None:
        self._coming_back = False
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
            reason = verdict[2] if verdict is not None else self.pile_card_refusal(ent)
            if reason:
                self.refuse(reason, intent)
            return None
        self._take_from_pile(ent, token)
        self.audio.request("click")
        self.layout_all(0.2)
        self.refresh()
        return None

    def pile_card_refusal(self, ent: int) -> str:
        """Why a card lying on its rank pile does not come out of it now ("wait for your
        turn" on another's turn), or "" (a king or queen that may join the meld zone; a
        replay, the cover, a game over: nothing to say)."""
        token = self._token(ent)
        if (token is None or not token.endswith(rules.PILE) or self.replay is not None
                or self.curtain or self.rules.over):
            return ""
        if self.rules.to_move != self.viewer:
            return words.wait_your_turn()  # (said quietly, as for a click on another's turn)
        if rules.CARD_RANK[token.removesuffix(rules.PILE)] not in (rules.QUEEN, rules.KING):
            return words.only_royals_from_piles(token)
        if self.mine and self.state.phase != "meld":
            return words.already_declared(self.state)
        return ""

    def watch_pile_press(self, event) -> None:
        """A drag that starts on a pile card that may not be taken (a 3♠; a king once the
        combination is declared): the card stays down (it does not lift) and the drag says
        why at once, as a click on the card does; letting go then does nothing (it was taken
        for a click where it was let go, on a card of the hand there)."""
        if event.kind == "down":
            self._pile_press = None
            self._swallow_click = False
            if (event.button != 1 or self.drag.selected is not None or self.world is None
                    or not self.world.alive):
                return
            self.world.activate()
            ent = topmost_at(event.pos, Draggable)
            if (ent is not None and not esper.component_for_entity(ent, Draggable).enabled
                    and any(e == ent for pile in self.piles for _, e in pile)
                    and self.lit_verdict(event.pos) is None):
                self._pile_press = (ent, event.pos)
        elif event.kind == "move" and self._pile_press is not None:
            ent, (x, y) = self._pile_press
            if (event.pos[0] - x) ** 2 + (event.pos[1] - y) ** 2 < DRAG_THRESHOLD ** 2:
                return
            self._pile_press = None
            reason = self.pile_card_refusal(ent) if esper.entity_exists(ent) else ""
            if reason:
                self._swallow_click = True
                self.refuse(reason, None)
        elif event.kind == "up":
            self._pile_press = None

    # -- drops and clicks -> moves -------------------------------------------------------
    def _token(self, ent: int) -> str | None:
        for token, e in self.hand + self.selection:
            if e == ent:
                return token
        for pile in self.piles:
            for code, e in pile:
                if e == ent:
                    return code + rules.PILE
        return None

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        drop = esper.component_for_entity(target, DropTarget)
        token = self._token(entity)
        if token is None:
            return False, words.not_yours()
        if not self.rules.human_to_move() or self.curtain:
            return drop.name == "hand" and token in (t for t, _ in self.hand), \
                words.wait_your_turn()
        if self.drag.selected == entity and drop.name in ("hand", "meld"):
            return False, ""  # a card chosen by a click goes to a pile, nowhere else
        if drop.name == "hand":
            return not token.endswith(rules.PILE), words.stays_on_pile(token)
        if drop.name == "meld":
            if self.state.phase != "meld":
                return False, words.already_declared(self.state)
            if token.endswith(rules.PILE) and rules.CARD_RANK[token.removesuffix(rules.PILE)] \
                    not in (rules.QUEEN, rules.KING):
                return False, words.only_royals_from_piles(token)
            return True, ""
        if drop.name == "marriage":  # (a card let go there glided back without a word: pt82)
            return False, words.marriage_pile()
        if token.endswith(rules.PILE):
            if self._own_pile(entity, token, drop):
                return True, ""  # back to its pile from the meld zone, as a click sends it
            return False, words.pile_card_only_for_marriage(token)
        if rules.CARD_RANK[token] != drop.data:
            partner = self._pile_partner(token, drop.data)
            if partner is not None:  # (a king dropped on the queens' pile to marry: it said
                return False, words.marry_from_pile(token, partner)  # only "the K pile", pt130)
            return False, words.wrong_pile(token)
        ok, reason = self.check(f"discard {token}")
        return ok, "" if ok else words.discard_refusal(self.state, token, reason)

    def _pile_partner(self, token: str, rank: int) -> str | None:
        """The queen (or king) on the pile of ``rank`` that a king (or queen) of the hand
        would marry now, if a marriage of the two is open; else None."""
        own = rules.CARD_RANK[token]
        if {own, rank} != {rules.KING, rules.QUEEN} or self.state.phase != "meld":
            return None
        for move in self.legal():
            cards = move.split()[2:] if move.startswith("meld marriage ") else []
            if token in cards:
                partner = next((c for c in cards if c.endswith(rules.PILE)), None)
                if partner is not None and rules.CARD_RANK[partner.removesuffix(rules.PILE)] == rank:
                    return partner.removesuffix(rules.PILE)
        return None

    def move_for_drop(self, entity: int, target: int) -> str | None:
        drop = esper.component_for_entity(target, DropTarget)
        token = self._token(entity)
        self.drag.settle(entity)
        if drop.name == "meld":
            if any(e == entity for _, e in self.selection):
                self.layout_all(0.2)
                return None
            if token is not None and token.endswith(rules.PILE):
                self._take_from_pile(entity, token)
                self.layout_all(0.2)
                self.refresh()
                return None
            if self._may_select() and any(e == entity for _, e in self.hand):
                self._freeze_hand(coming_back=True)  # (as a click into the zone would)
            self.toggle(entity)
            return None
        if drop.name == "hand":
            self._reorder(entity)
            return None
        if token is not None and self._own_pile(entity, token, drop):
            self.toggle(entity)  # (``back_to_pile``: its place there, its last-move mark)
            return None
        self._leaving = entity  # (of two alike in the hand, this one goes: ``reconcile``)
        return f"discard {token}"

    def _not_to_discard(self, ent: int) -> str:
        """Why the card ``ent`` of your hand, clicked once you have declared a combination,
        may not be discarded (it is not one you showed), or "". Such a click chooses
        nothing (a card you showed is chosen by it, to be clicked onto its pile): it says
        what a drag of that card onto its pile says."""
        token = self._token(ent)
        if (not self.mine or self.state.phase != "discard" or token is None
                or token.endswith(rules.PILE) or not any(e == ent for _, e in self.hand)):
            return ""
        ok, reason = self.check(f"discard {token}")
        return "" if ok else words.discard_refusal(self.state, token, reason)

    def _own_pile(self, entity: int, token: str, drop: DropTarget) -> bool:
        """Is ``drop`` the rank pile the meld zone's pile card ``entity`` was taken from?"""
        return (token.endswith(rules.PILE) and drop.name.startswith("pile_")
                and rules.CARD_RANK[token.removesuffix(rules.PILE)] == drop.data
                and any(e == entity for t, e in self.selection if t == token))

    def _reorder(self, entity: int) -> None:
        """A hand card dropped inside the hand: move it to where it was let go. A card of
        the meld zone dropped there goes back to the hand: in a sorted hand to its place in
        the order, in a hand in your own order where it was let go."""
        pair = next((p for p in self.hand + self.selection if p[1] == entity), None)
        if pair is None:
            return
        if pair in self.selection:
            self.toggle(entity)
            if self.sort_mode != "custom" or pair not in self.hand:
                return
        x = esper.component_for_entity(entity, Transform).x
        self._frozen = None
        self.hand.remove(pair)
        self.hand.insert(layout.hand_index(self.layout["hand"].rect, len(self.hand), x), pair)
        self.sort_mode = "custom"
        self.layout_all(0.2)

    def move_for_intent(self, intent) -> str | None:
        if not isinstance(intent, ClickIntent):
            return None
        if self._swallow_click:  # the release of a drag refused as it began
            self._swallow_click = False
            return None
        if self.lift_curtain(intent.pos, self.layout["hand"].rect):
            self.reconcile()
            return None
        if not self.mine and self.replay is None and not self.curtain and not self.rules.over:
            if self.rules.to_move != self.viewer and self._waits_for_turn(intent):
                self.refuse(words.wait_your_turn(), intent)  # a click on another's turn
                return None
            if (self.rules.to_move == self.viewer and intent.entity is not None
                    and any(e == intent.entity for _, e in self.hand + self.selection)):
                # your turn, but the move before it is still being shown (a zetema's
                # banner): the click was taken by nothing and said nothing (pt62)
                self.refuse(words.landing(), intent)
                return None
        if intent.entity is not None and (
                any(e == intent.entity for _, e in self.hand + self.selection)):
            reason = self._not_to_discard(intent.entity)
            if reason:  # (after a flush, a card not shown: a drag onto its pile says why)
                self.refuse(reason, intent)
                return None
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
        rank = next((r for r in rules.RANKS if self.layout[f"pile_{r}"].rect.collidepoint(
            intent.pos)), None)
        if (rank is not None and self.mine and not self.selection and self.drag.selected is None
                and self.replay is None
                and not self.curtain and not self.rules.over):
            self.refuse(words.pile_how(rank), intent)  # (a pile clicked, nothing chosen)
            return None
        # a click on the bare felt takes the meld zone's cards back, as Clear does (it left
        # them there; a click on the felt drops a choice in Zertz and Chắn); one on a panel
        # (a near miss beside a card of the hand or the zone) leaves them
        if self.on_bare_felt(intent.pos):
            self.clear_own_selection()
        return None

    def _waits_for_turn(self, intent) -> bool:
        """Does a click on another's turn say "Wait for your turn"? On a card of the table
        (the hand's, a pile's, the meld zone's), the stock, or anywhere on your hand's panel:
        the slot a card just discarded left (the hand keeps its slots while the pointer is
        over it) and the room between two cards said nothing, a card beside them did, and
        which one a click hit depended on the window's size (pt157)."""
        return ((intent.entity is not None and (self._token(intent.entity) is not None
                                                or intent.entity == self.stock_ent))
                or self.layout["hand"].rect.collidepoint(intent.pos))

    def on_bare_felt(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on the bare felt: on no card, no panel (the piles, the stock, the
        marriage pile, the meld zone, the hand, the log, the score sheet, the buttons' row,
        a seat's panel) and no button?"""
        panels = [self.layout[name].rect for name in (
            *(f"pile_{rank}" for rank in rules.RANKS), "stock", "marriage", "log", "meld",
            "hand", "sheet", "status")]
        panels += [self.opponent_zone(seat) for seat in range(self.players)
                   if seat != self.viewer]
        panels += [widget.rect for widget in self.widgets.widgets]
        return (not any(rect.collidepoint(pos) for rect in panels)
                and topmost_at(pos, CardFace) is None)
