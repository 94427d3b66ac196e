"""What the person's gestures on the Telefunken table mean: drags and clicks become moves.

Drag a card of your hand into the build zone (or click it) to choose it for a meld; drop
the chosen cards on the table to meld them or on a meld to lay them off (or swap a run's
joker, or free a set's joker); drag a card onto the discard pile to end your turn; drag the
offered discard into your hand to take or buy it. Every drag can be clicks instead: with
cards chosen, the places they may go light up and a click there plays them. The cut is a
drag along the pack. Refusals say why in the player's words (``words``): a card that does not
fit a meld, and the build zone's cards that no card added could make a meld (dropped on the
table, or the greyed Meld button clicked). While cards are out of the hand in the build zone
the hand holds still, each leaving its gap (``TelefunkenTable.toggle``), until the meld is
put down, the zone cleared or the hand changes.
"""

from __future__ import annotations

import esper

from ecs import tween
from ecs.components import Draggable, DropTarget, Transform, ZOrder
from ecs.input import topmost_at
from ecs.intents import ClickIntent
from game.rules import telefunken as rules
from scenes.game_table import sentence
from scenes.marks import drawn_box
from scenes.telefunken import layout, words
from scenes.telefunken.legal_index import LegalIndex


class Gestures:
    """Mixed into ``TelefunkenTable`` (which provides the state, sync, layout, ...)."""

    # -- the legal moves by their cards ------------------------------------------------
    def _legal_index(self) -> LegalIndex:
        key = id(self.state)
        if self._index[0] != key:
            self._index = (key, LegalIndex(self.legal()))
        return self._index[1]

    def _meld_of(self, cards: list[str]) -> str | None:
        """The legal meld of exactly ``cards``; once you have melded (not in deal 7), also
        two new melds chosen together, put down as one move."""
        index = self._legal_index()
        move = index.meld_of(cards)
        if move is None and self.state.melded[self.viewer] and self.state.deal != 7:
            move = index.melds_of(cards)
        return move

    def _meld_with(self, code: str | None, zone: str | None) -> str | None:
        """The legal meld made by the selection plus the dragged card (if from the hand)."""
        return self._meld_of(self.selected + ([code] if zone == "hand" and code else []))

    def _layoff_moves(self, cards: list[str], meld: int, x: float | None = None) -> list[str]:
        """The lay-offs of ``cards`` on ``meld``, the one a drop there makes first: where
        the same cards free the set's joker or join it, a drop on the joker frees it and a
        drop elsewhere on the set lays them off; else the hint's where it is one of them (it
        said "lay 5♥ 5♣ off", and the drop freed the set's joker, pt117), else freeing a
        joker, then the end nearer ``x``."""
        rect = self._meld_rects.get(meld)
        low = None if x is None else (rect is not None and x < rect.centerx)
        moves = self._legal_index().layoffs(cards, meld, low)
        placed = (x is not None and moves and moves[0].startswith("free ")
                  and any(m.startswith("add ") for m in moves))
        if placed and not self._on_joker(meld, x):
            # on the joker they free it, elsewhere on the set they are laid off (freeing it
            # anywhere took a player by surprise, pt121; ``_say_free_or_add`` tells the
            # other way)
            moves.sort(key=lambda m: m.startswith("free "))
        hinted = self.hint[0] if self.hint is not None else None
        if hinted in moves[1:] and not (placed and hinted.startswith("free ")
                                        != moves[0].startswith("free ")):
            # (not over where the cards were put: a hinted lay-off dropped on the joker
            # laid them off, saying that on the joker they would have freed it, pt142)
            moves.remove(hinted)
            moves.insert(0, hinted)
        return moves

    def _on_joker(self, meld: int, x: float) -> bool:
        """Whether the card of meld ``meld`` seen at ``x`` is its joker: the topmost whose
        box spans ``x`` (the next card lies over a card's right side: the nearest centre
        put the joker half a card to the right of where it shows, pt126), else the nearest."""
        return self.meld_card_at(meld, x) == rules.JOKER

    def meld_card_at(self, meld: int, x: float) -> str | None:
        """The code of the card of meld ``meld`` seen at ``x`` (see ``_on_joker``)."""
        cards = []
        for code, ent in self.sync.entities(f"meld_{meld}"):
            box = drawn_box(ent)
            if box is not None:
                cards.append((code, box, esper.component_for_entity(ent, ZOrder).z))
        if not cards:
            return None
        under = [card for card in cards if card[1].left <= x < card[1].right]
        if under:
            return max(under, key=lambda card: card[2])[0]
        return min(cards, key=lambda card: abs(card[1].centerx - x))[0]

    # -- refusals in words -------------------------------------------------------------
    def _layoff_verdict(self, cards: list[str], meld: int) -> tuple[bool, str]:
        if self._layoff_moves(cards, meld):
            return True, ""
        return False, words.layoff_refusal(self.state, self.viewer, cards, meld, self.names())

    def _discard_verdict(self, code: str) -> tuple[bool, str]:
        if self.is_legal(f"discard {code}"):
            return True, ""
        return False, words.discard_refusal(self.state, self.viewer, code)

    def _taking_verdict(self) -> tuple[bool, str]:
        move = "take" if self.is_legal("take") else "buy"
        if self.is_legal(move):
            return True, ""
        return False, words.phase_refusal(self.state, self.viewer) or words.engine_words(
            self.check(move)[1])

    def not_now(self) -> str:
        """Why the hand cannot be played from now, when it is not yours to play: the turn
        is another seat's, or it is yours but the move before it is still landing (not
        "Wait for your turn" on your own turn)."""
        if (self.rules.human_to_move() and self.rules.to_move == self.viewer
                and not self.curtain and self.replay is None):
            return words.landing()
        return words.wait()

    # -- drops -------------------------------------------------------------------------
    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        drop = esper.component_for_entity(target, DropTarget)
        zone = self.sync.zone_of(entity)
        code = self.sync.code_of(entity)
        if entity == self.stock_ent:  # the top card of the stock, drawn by a drag
            if drop.name == "hand":
                return (True, "") if self.is_legal("draw") else (
                    False, words.phase_refusal(self.state, self.viewer) or words.wait())
            return False, words.refusal("stock_to_hand")
        if self.drag.selected == entity and drop.name != "hand":
            return False, ""  # the discard chosen by a click goes into the hand, nowhere else
        if drop.name in ("hand", "build") and zone in ("hand", "build"):
            return True, ""
        if drop.name == "stock":  # nothing goes onto the stock: say where a card may go
            return False, words.refusal("not_on_stock")
        if not self.mine:
            return False, self.not_now()
        if zone == "discard":
            if drop.name == "hand":
                return self._taking_verdict()
            return False, words.refusal("not_in_hand")
        if drop.name == "discard":
            return self._discard_verdict(code)
        if drop.name == "table":
            if self._meld_with(code, zone):
                return True, ""
            first = words.phase_refusal(self.state, self.viewer)
            if not first and zone == "hand" and self.state.phase == "play":
                return True, ""  # not a meld yet: the card joins the meld zone's cards
            if not first and zone == "build" and self.state.phase == "play":
                return False, self.meld_refusal()  # (the meld zone's cards: say why not)
            return False, first or words.refusal("no_meld")
        if drop.name.startswith("meld:"):
            return self._layoff_verdict(self.selected if zone == "build" else [code], drop.data)
        return False, words.refusal("nowhere")

    def move_for_drop(self, entity: int, target: int) -> str | None:
        drop = esper.component_for_entity(target, DropTarget)
        zone = self.sync.zone_of(entity)
        code = self.sync.code_of(entity)
        self.drag.settle(entity)
        if entity == self.stock_ent:
            return self._stock_dropped()
        if zone == "discard":
            return "take" if self.is_legal("take") else "buy"
        if drop.name == "discard":
            if code in self.selected:
                self.selected.remove(code)
            return f"discard {code}"
        if drop.name == "table":
            move = self._meld_with(code, zone)
            if (move is not None and zone == "hand"
                    and self._legal_index().grows(self.selected + [code])):
                # a meld more cards could still lengthen (three of a run of four): laid down
                # now, the fourth could not join it this turn; it waits, the table lit
                self.toggle(entity)
                self.app.toast(words.could_grow())
                return None
            if move is None and zone == "hand":  # the start of a meld: gathered with the
                self.toggle(entity)  # cards of the meld zone, where the rest joins it
                self._say_gathered(code)
                return None
            self.selected = []
            return move
        if drop.name.startswith("meld:"):
            cards = list(self.selected) if zone == "build" else [code]
            x = esper.component_for_entity(entity, Transform).x
            if self.input.pos[0] >= 0:  # (the joker is where the pointer lets go)
                x = self.input.pos[0]
            moves = self._layoff_moves(cards, drop.data, x)
            if moves:
                for c in cards:
                    if c in self.selected:
                        self.selected.remove(c)
                self._say_joker_end(moves)
                self._say_free_or_add(moves)
                return moves[0]
            return None
        if drop.name == "build" and zone == "hand":
            self.toggle(entity)
        elif drop.name == "hand" and zone == "build":
            self.toggle(entity)
        elif drop.name == "hand" and zone == "hand":
            self._reorder(entity, code)
        return None

    def _say_gathered(self, code: str) -> None:
        """A card dropped on the table joined the meld zone: it waits there for the rest of
        its meld, or, if no card added makes the zone's cards a meld, the zone's reason (it
        said "add the rest" while the zone said no trio could come of them). The last such
        message goes: the newest speaks for the zone's cards as they are."""
        said = self._gathered_said
        self.app.toasts = [t for t in self.app.toasts if t.text not in said]
        stuck = self.stuck_words()
        if stuck:
            self.refuse(stuck, None)
            text = sentence(stuck)  # (as the refusal reads)
        else:
            text = words.gathered(words.cards([code]))
            self.app.toast(text)
        self._gathered_said = {text}

    def stuck_words(self) -> str | None:
        """Why no card added to the meld zone's cards can make a meld you may put down now
        (the zone's own sentence: its contract is there among more cards, or the rules
        rule them out, ``words.dead_end``); None while more cards might."""
        state, cards = self.state, self.selected
        dead = words.dead_end(state, self.viewer, cards)
        if dead is None and (state.melded[self.viewer] or state.deal == 7
                             or self._legal_index().meld_within(cards) is None):
            return None
        _move, text = self.selection_move()
        return text if len(cards) > 1 else dead

    def meld_refusal(self) -> str:
        """Why the meld zone's cards cannot be put down as they are (dropped on the table,
        or the greyed Meld button clicked): the zone's own sentence."""
        cards = self.selected
        if not cards:
            return words.refusal("choose_meld")
        if len(cards) < 3:
            return words.dead_end(self.state, self.viewer, cards) or words.too_few(cards)
        return self.selection_move()[1]

    def _reorder(self, entity: int, code: str) -> None:
        self._frozen = None
        x = esper.component_for_entity(entity, Transform).x
        slots = [s[0] for s in self._slots["hand"]]
        index = self.order.index(code) if code in self.order else 0
        self.order.pop(index)
        new = sum(1 for k, sx in enumerate(slots) if k != index and sx < x)
        self.order.insert(new, code)
        self.sort_mode = "custom"
        self._custom_deal[self.viewer] = self.state.deal
        self.show()

    def _stock_dropped(self) -> str:
        """The stock's top card let go over the hand: the pack stays where it lies and the
        drawn card comes from where the pointer let go of it."""
        t = esper.component_for_entity(self.stock_ent, Transform)
        self._drawn_from = (t.x, t.y)
        self.place_stock()
        return "draw"

    def explain_pile_press(self, pos: tuple[int, int]) -> bool:
        """A press on the top discard while it cannot be taken says why (a drag of it did
        nothing and said nothing); True if it did."""
        cards = self.sync.entities("discard")
        if (not cards or self.replay is not None or self.curtain or self.selected
                or self.drag.selected is not None):
            return False  # (with cards chosen, a click on the pile discards them)
        ent = cards[-1][1]
        if topmost_at(pos, Draggable) != ent or esper.component_for_entity(ent, Draggable).enabled:
            return False
        self.refuse(words.pile_refusal(self.state, self.viewer), None)
        return True

    # -- clicks ------------------------------------------------------------------------
    def move_for_intent(self, intent) -> str | None:
        if not isinstance(intent, ClickIntent):
            return None
        if self.lift_curtain(intent.pos, self.layout["hand"].rect):
            self.show()
            return None
        on_stock = intent.entity == self.stock_ent or self._off_the_stock(intent)
        if on_stock and self.mine and self.is_legal("draw"):
            return "draw"
        if on_stock and self.replay is None and not self.curtain:
            if self.is_legal("draw") and self.rules.to_move == self.viewer:
                # your draw, the move before it still landing: not "Draw first: click the
                # stock" (pt139); while its cards fly (a buy's), the draw is made once they
                # have landed (the wait was said for a frame, the click lost: pt156)
                if self.animating:
                    self.queue_draw()
                else:
                    self.refuse(words.landing(), intent)
            else:
                self.refuse(words.phase_refusal(self.state, self.viewer)  # (a wait is quiet)
                            or words.refusal("drawn_already"), intent)
            return None
        if intent.entity is not None and self.sync.zone_of(intent.entity) in ("hand", "build"):
            self.toggle(intent.entity)  # (the hand keeps its slots meanwhile: ``toggle``)
            return None
        verdict = self.lit_verdict(intent.pos)
        if verdict is not None:
            target, ok, reason = verdict
            if ok:
                return self._move_for_click(target, intent.pos)
            if reason:
                self.refuse(reason, intent)
                return None
        # a click on nothing leaves the build zone as it is (a near miss beside a card would
        # throw away the meld being built): Esc and the Clear button empty it
        return None

    def _off_the_stock(self, intent) -> bool:
        """Did a click on the stock meet a card flying off it (a buy's card from the stock
        on its way to a hand or a panel, which lies over the stock a moment)? It is a click
        on the stock: taken as one on your own card it said "Draw first: click the stock"
        (session 40), on a computer's it did nothing at all."""
        ent = intent.entity
        return (ent is not None and ent != self.stock_ent and tween.travelling(ent)
                and self.layout["stock"].rect.collidepoint(intent.pos))

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
                out[target] = self._discard_verdict(self.selected[0]) if len(
                    self.selected) == 1 else (False, words.refusal("one_card"))
            elif drop.name == "table":  # (unlit: a click on it says why, as a drop does)
                ok = self._meld_with(None, "build") is not None
                out[target] = (ok, "" if ok else self.meld_refusal())
            elif drop.name.startswith("meld:"):
                out[target] = self._layoff_verdict(self.selected, drop.data)
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
            self._say_joker_end(moves)
            self._say_free_or_add(moves)
        if move is not None:
            self.selected = []
        return move

    def _say_joker_end(self, moves: list[str]) -> None:
        """A joker swapped where it could go to either end of its run (``moves``: the choices,
        the one played first): say which end it went to and how to send it to the other (the
        half of the run the card was dropped on chooses, which nothing showed)."""
        if moves and moves[0].startswith("swap ") and any(
                m.startswith("swap ") and m != moves[0] for m in moves[1:]):
            self.app.toast(words.joker_end(moves[0].endswith(" low")))

    def _say_free_or_add(self, moves: list[str]) -> None:
        """Cards that could free a set's joker or join the set (``moves``: the choices, the
        one played first): say how to make the other."""
        if not moves:
            return
        freed = moves[0].startswith("free ")
        if any(m.startswith("add " if freed else "free ") for m in moves[1:]):
            self.app.toast(words.free_or_add(freed))

    def clear_own_selection(self) -> bool:
        if not self.selected:
            return False
        self.clear_selection()
        return True

    # -- the cut: a drag along the pack ------------------------------------------------
    def cut_strip(self):
        return layout.cut_strip(self.layout["table"].rect)

    def cut_choices(self) -> list[int]:
        if not self.mine or self.state.phase != "cut":  # (no scan of a long list per frame)
            return []
        return sorted(int(m.split()[1]) for m in self.legal() if m.startswith("cut "))

    def cancel_cut(self) -> bool:
        """Esc during the drag along the pack: the cut marker goes back where it was and
        nothing is cut; True if a cut was being dragged."""
        if not self._cutting:
            return False
        self._cutting = False
        self.cut_at = getattr(self, "_cut_before", self.cut_at)
        self.refresh()
        return True

    def cancel_selection(self) -> bool:
        return self.cancel_cut() or super().cancel_selection()

    def _on_canvas(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` inside the window's picture? A button let go outside the window comes
        with a position outside the canvas (the app passes it on as it is)."""
        w, h = self.app.size
        return 0 <= pos[0] < w and 0 <= pos[1] < h

    def _cut_at_x(self, x: float) -> int:
        choices = self.cut_choices()
        strip = self.cut_strip()
        t = min(1.0, max(0.0, (x - strip.x) / strip.width))
        return choices[round(t * (len(choices) - 1))]

    def handle_cut(self, event) -> bool:
        """A press on the pack, a drag along it and the release cut there; True if used."""
        choices = self.cut_choices()
        if not choices or event.kind not in ("down", "move", "up"):
            return False
        strip = self.cut_strip()
        if event.kind == "move" and not self._cutting:
            # the pointer over the pack: the marker follows it, as in a drag, so that a click
            # cuts where the marker shows (it stood at the Lift's count, and the click cut
            # at the pointer, pt100); off the pack, the count chosen before comes back
            before = self._hover_before
            if strip.collidepoint(event.pos) and self._on_canvas(event.pos):
                if before is None:
                    self._hover_before = self.cut_at
                self.cut_at = self._cut_at_x(event.pos[0])
                self.refresh()
            elif before is not None:
                self.cut_at, self._hover_before = before, None
                self.refresh()
            return False
        if event.kind == "down" and self._cutting:
            self.cancel_cut()  # a press while cutting: the release was missed (a menu took it)
        if event.kind == "down" and event.button == 1 and strip.collidepoint(event.pos):
            before = self._hover_before
            self._cutting, self._cut_before = True, self.cut_at if before is None else before
            self._hover_before = None
        if not self._cutting:
            return False
        if not self._on_canvas(event.pos):
            # the pointer left the window: the marker stands where it stood before the drag,
            # and letting go out there cuts nothing (as Esc; it cut the fewest cards)
            if event.kind == "up":
                self.cancel_cut()
            else:
                self.cut_at = getattr(self, "_cut_before", self.cut_at)
                self.refresh()
            return True
        self.cut_at = self._cut_at_x(event.pos[0])
        if event.kind == "up":
            self._cutting = False
            self.rules.submit(f"cut {self.cut_at}")
        else:
            self.refresh()
        return True

