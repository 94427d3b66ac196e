"""A card-table sandbox: the generic ECS systems at work without any game's rules.

Not a game and not in the menu: it is the test bed of the drag-and-drop, tween and render
systems (used by the tests, the tour and ``tools/bench_frames.py``). Click the stock to
deal a card into the hand (it flips on the way); drag a hand card onto the pile of its
suit or onto the discard pile; a card dropped on another suit's pile is refused and glides
back with the reason. ``stress=True`` fills the table with 110 cards in constant motion.
"""

from __future__ import annotations

import random

import esper
import pygame

from ecs.components import CardFace, Draggable, DropTarget, Hoverable, Sprite, Transform, ZOrder
from ecs.intents import ClickIntent, DropIntent, RejectedDrop
from ecs.tween import animate, flip, move_to
from game.card_art import CARD_CODES, card_image
from game.i18n import _, num
from game.layout import load_layout
from scenes import theme
from scenes.crisp import CRISP
from scenes.fan import fan, stack
from scenes.table import TableScene

CARD_W = 90
SUIT_NAMES = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class SandboxTable(TableScene):
    name = "sandbox"

    def __init__(self, app, seed: int = 1, stress: bool = False, deal: int = 10) -> None:
        super().__init__(app)
        self.layout = load_layout("sandbox")
        self.rng = random.Random(seed)
        self.stress = stress
        self.initial_deal = deal
        self.stock: list[int] = []
        self.hand: list[int] = []
        self.piles: dict[str, list[int]] = {}
        self.message = ""
        self.back = card_image("back", CARD_W)

    # -- building ----------------------------------------------------------------------
    def build(self) -> None:
        for zone in self.layout.layer("piles"):
            self.piles[zone.name] = []
            if zone.name != "stock":
                esper.create_entity(DropTarget(zone.rect.copy(), zone.name, zone.props["suit"]))
        esper.create_entity(DropTarget(self.layout["hand"].rect.copy(), "hand", "hand"))
        codes = list(CARD_CODES)
        if self.stress:
            codes = codes * 2 + ["JK"] * 6
        self.rng.shuffle(codes)
        positions = stack(self.layout["stock"].rect, len(codes), (0.12, -0.18))
        for i, (code, (x, y)) in enumerate(zip(codes, positions)):
            ent = esper.create_entity(
                Transform(x, y), Sprite(self.back), ZOrder(i),
                CardFace(card_image(code, CARD_W), self.back, face_up=False, code=code),
                Draggable(enabled=False, data=code), Hoverable(),
            )
            self.stock.append(ent)
        if self.stress:
            for ent in self.stock:
                self._wander(ent)
        else:
            for k in range(min(self.initial_deal, len(self.stock))):
                self.deal_one(delay=0.07 * k)

    def restart(self) -> None:
        self.app.scenes.replace(SandboxTable(self.app, self.rng.randrange(10**6), self.stress),
                                transition="fade")

    # -- actions -----------------------------------------------------------------------
    def deal_one(self, delay: float = 0.0) -> None:
        """Move the top stock card into the hand, flipping it face up."""
        if not self.stock:
            self.message = _("The stock is empty.")
            return
        ent = self.stock.pop()
        self.hand.append(ent)
        esper.component_for_entity(ent, Draggable).enabled = True
        esper.component_for_entity(ent, Hoverable).raise_px = 14
        flip(ent, 0.3, face_up=True, delay=delay)  # (the tweens scale it by the speed)
        self.audio.request("deal")
        self.layout_hand(delay)

    def layout_hand(self, delay: float = 0.0) -> None:
        spots = fan(self.layout["hand"].rect, len(self.hand), CARD_W, arc=6)
        for i, (ent, (x, y, angle)) in enumerate(zip(self.hand, spots)):
            esper.component_for_entity(ent, ZOrder).z = 1000 + i
            move_to(ent, x, y, 0.35, delay=delay)
            animate(ent, "angle", angle, 0.35, delay=delay)

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        code = esper.component_for_entity(entity, Draggable).data
        drop = esper.component_for_entity(target, DropTarget)
        if drop.data == "hand":
            return entity in self.hand, _("that card is not yours to take back")
        if entity not in self.hand:
            return False, _("only cards from your hand can be played")
        if drop.data == "any" or code.endswith(drop.data):
            return True, ""
        return False, _("only {suit} cards go on this pile").format(suit=SUIT_NAMES[drop.data])

    def _drop(self, intent: DropIntent) -> None:
        ent = intent.entity
        self.drag.settle(ent)
        if intent.target_name == "hand":
            self.layout_hand()
            return
        self.hand.remove(ent)
        pile = self.piles[intent.target_name]
        pile.append(ent)
        esper.component_for_entity(ent, Draggable).enabled = False
        esper.component_for_entity(ent, Hoverable).raise_px = 0
        esper.component_for_entity(ent, ZOrder).z = 200 + len(pile)
        zone = self.layout[intent.target_name].rect
        x, y = stack(zone, len(pile), (0.0, -1.2))[-1]
        move_to(ent, x, y, 0.25)
        animate(ent, "angle", self.rng.uniform(-4, 4), 0.25)
        self.audio.request("place")
        self.layout_hand()

    def _wander(self, ent: int) -> None:
        area = self.layout["play"].rect.union(self.layout["hand"].rect)
        x = self.rng.uniform(area.left, area.right)
        y = self.rng.uniform(60, area.bottom - 40)
        duration = self.rng.uniform(0.6, 1.6)
        move_to(ent, x, y, duration, on_done=lambda e=ent: self._wander(e))
        animate(ent, "angle", self.rng.uniform(-30, 30), duration)
        if self.rng.random() < 0.4:
            flip(ent, 0.4)
        if not self.drag.held == ent:
            esper.component_for_entity(ent, Draggable).enabled = True

    # -- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for intent in self.queue.drain():
            if isinstance(intent, DropIntent):
                self._drop(intent)
            elif isinstance(intent, RejectedDrop):
                reason = intent.reason
                self.message = _("{reason}.").format(reason=reason[:1].upper() + reason[1:])
                self.app.toast(self.message, error=True)
                self.audio.request("error")
            elif isinstance(intent, ClickIntent) and intent.entity in self.stock:
                self.deal_one()

    def draw_background(self, surface: pygame.Surface) -> None:
        kept = getattr(self, "_background", None)  # static: drawn once (again when the
        if kept is None or kept[1] != CRISP.on:  # window starts or stops enlarging words)
            mark = CRISP.mark()
            self._draw_static(surface)
            self._background = (surface.copy(), CRISP.on, CRISP.since(mark))
            return
        surface.blit(kept[0], (0, 0))
        CRISP.extend(kept[2])

    def _draw_static(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        for zone in self.layout.layer("piles"):
            if zone.name == "stock":
                continue
            pygame.draw.rect(surface, (255, 255, 255), zone.rect.inflate(-8, -8), 2,
                             border_radius=10)
            label = zone.name.replace("pile_", "")
            label = SUIT_NAMES.get(label, _("Discard") if label == "discard" else label.capitalize())
            theme.blit_text(surface, label, (zone.rect.centerx, zone.rect.bottom + 8), 18,
                            theme.INK_DIM, "bold", anchor="midtop")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        title = _("Card table sandbox — click the stock to deal, drag cards onto the pile of "
                  "their suit")
        theme.blit_text(surface, theme.fit(title, 17, self.app.size[0] - 48),
                        (theme.mirror_x(24, surface.get_rect()), 16), 17, theme.INK_DIM,
                        anchor=theme.align("topleft"))
        theme.blit_text(surface, _("Stock {count}").format(count=num(len(self.stock))),
                        (135, 250), 16, theme.INK, "bold", anchor="midtop")

    def language_changed(self) -> None:
        self._background = None  # the piles' names are drawn on it
