"""Drag-and-drop and click-to-select, for any game.

Press on a Draggable and move a few pixels: the entity lifts (a little larger, with a
shadow), follows the pointer and every DropTarget is asked once, through the scene's
``validator(entity, target) -> (ok, reason)``, whether it would accept it; the valid ones
glow. Release over a valid target: a ``DropIntent`` is queued and the scene decides where
the entity goes. Release over a refusing target: a ``RejectedDrop`` with the reason is
queued and the entity glides back; release elsewhere: it just glides back.

Without movement a press-release is a click (so is a drag let go within ``SHAKY_CLICK``
of where it began, over the target it began over; a press on something not draggable, or on
bare felt, is a click only if let go on the same thing or within ``DRAG_THRESHOLD`` of it:
pressed beside a card in the meld zone and let go over a pile, the pile's card was taken as
if clicked): with ``click_select`` on, a click on a
Draggable selects it (targets glow as during a drag) and a following click on a valid target
drops it there; other clicks become ``ClickIntent``s. ``click_select`` may also be a
predicate ``(entity) -> bool`` choosing per card (a hand card a click moves into a meld zone,
a pile card a click selects); then a click on a card it declines drops the selection.
With ``cancel_on_miss`` a click on nothing (no card, no drop target) drops the selection.
``refusal_click`` (a predicate ``(selected, pressed) -> bool``) makes a click on another
card over a target that refuses the selected one with a reason that refusal instead (a
``RejectedDrop``, the selection kept): a Chắn live card chosen, then a hand card that
makes no pair with it, chose the hand card without a word (pt78) where a drop said why.

A scene that keeps a selection of its own (several cards chosen for a meld) lights the
targets it would accept with ``show_targets`` and finds what a click hit with ``target_at``.

An entity may be removed from the world under a gesture (a table re-synced, the turn passed):
a press, drag or selection whose entity is gone is cancelled quietly, with no intent.
"""

from __future__ import annotations

from collections.abc import Callable

import esper

from ecs.components import Clickable, Draggable, DropTarget, Held, Selected, Transform, ZOrder
from ecs.input import InputSystem, topmost_at
from ecs.intents import ClickIntent, DragStarted, DropIntent, IntentQueue, RejectedDrop
from ecs.tween import animate, cancel, move_to, resting_z

DRAG_THRESHOLD = 6  # pixels of movement before a press becomes a drag
SHAKY_CLICK = 2 * DRAG_THRESHOLD  # a drag let go this near its start, over the target it
# began over, is a click that shook (a pile's king, pressed and let go 6 px aside, was
# refused as if dropped back on its pile)
HELD_Z = 100_000.0

Validator = Callable[[int, int], tuple[bool, str]]
ClickSelect = bool | Callable[[int], bool]


def _accept_all(entity: int, target: int) -> tuple[bool, str]:
    return True, ""


class DragDropSystem(esper.Processor):
    priority = 80

    def __init__(
        self,
        input_system: InputSystem,
        queue: IntentQueue,
        validator: Validator = _accept_all,
        click_select: ClickSelect = True,
        cancel_on_miss: bool = False,
        bounds: tuple[int, int] | None = None,
    ) -> None:
        self.input = input_system
        # the canvas's (width, height): a held thing follows the pointer only as far as the
        # edge (dragged out of the window, a card was drawn nowhere until it came back, pt115)
        self.bounds = bounds
        self.queue = queue
        self.validator = validator
        self.click_select = click_select
        self.cancel_on_miss = cancel_on_miss
        self.refusal_click: Callable[[int, int], bool] | None = None
        self.held: int | None = None
        self.selected: int | None = None
        self._press_ent: int | None = None
        self._press_pos: tuple[int, int] | None = None
        self._grab = (0.0, 0.0)
        self._drag_from: tuple[tuple[int, int], int | None] = ((0, 0), None)  # press, target
        self._origin: dict[int, tuple[float, float, float]] = {}

    # -- frame -------------------------------------------------------------------------
    def process(self, dt: float) -> None:
        for event in self.input.events:
            self._forget_vanished()
            if event.kind == "down" and event.button == 1:
                self._press(event.pos)
            elif event.kind == "down" and event.button == 3:
                self.deselect()
            elif event.kind == "move":
                self._move(event.pos)
            elif event.kind == "up" and event.button == 1:
                self._release(event.pos)

    # -- public helpers for scenes -----------------------------------------------------
    def glide_back(self, ent: int, duration: float = 0.25) -> None:
        """Send an entity back to where its last drag started (after a refused move)."""
        origin = self._origin.pop(ent, None)
        if origin is None or not esper.entity_exists(ent):
            return
        x, y, z = origin
        order = esper.try_component(ent, ZOrder)

        def land() -> None:
            if order is not None:
                order.z = z

        animate(ent, "lift", 0.0, duration)
        move_to(ent, x, y, duration, on_done=land)

    def _let_go(self, ent: int) -> None:
        """The entity is no longer held: if the scene laid it out anew meanwhile, its way
        back leads to that new place."""
        held = esper.try_component(ent, Held)
        if held is None:
            return
        if held.home is not None and ent in self._origin:
            x, y, z = held.home
            self._origin[ent] = (x, y, self._origin[ent][2] if z is None else z)
        esper.remove_component(ent, Held)

    def settle(self, ent: int) -> None:
        """Forget a finished drag's origin (the scene has placed the entity)."""
        self._origin.pop(ent, None)

    def deselect(self) -> None:
        if self.selected is not None and esper.entity_exists(self.selected):
            esper.try_remove_component(self.selected, Selected)
        self.selected = None
        if self.held is None:
            self._clear_targets()

    def show_targets(self, verdicts: dict[int, tuple[bool, str]]) -> None:
        """Light the drop targets for a selection the scene keeps itself: ``verdicts`` maps a
        target to (accepts, reason); targets not named are unlit. Ignored while a card is held
        or selected here (their own targets are shown)."""
        if self.held is not None or self.selected is not None:
            return
        for target, drop in esper.get_component(DropTarget):
            drop.valid, drop.reason = verdicts.get(target, (False, ""))
            drop.active = True
            drop.hovered = False

    def hide_targets(self) -> None:
        """Unlight every target (the scene's own selection is gone)."""
        if self.held is None and self.selected is None:
            self._clear_targets()

    def reevaluate(self) -> None:
        """Judge every target again for what is held or selected (the position changed)."""
        ent = self.held if self.held is not None else self.selected
        if ent is not None and esper.entity_exists(ent):
            self._evaluate_targets(ent)

    def target_at(self, pos: tuple[int, int]) -> int | None:
        """The drop target under ``pos`` (the smallest, where they nest), or None."""
        return self._target_at(pos)

    def _selects(self, ent: int) -> bool:
        if callable(self.click_select):
            return bool(self.click_select(ent))
        return bool(self.click_select)

    def _forget_vanished(self) -> None:
        """Cancel, without a word, any gesture whose entity has left the world."""
        if self.held is not None and not esper.entity_exists(self.held):
            self._origin.pop(self.held, None)
            self.held = None
            self._press_ent = self._press_pos = None
            self._clear_targets()
        if self.selected is not None and not esper.entity_exists(self.selected):
            self.selected = None
            if self.held is None:
                self._clear_targets()
        if self._press_ent is not None and not esper.entity_exists(self._press_ent):
            self._press_ent = self._press_pos = None
        for ent in [e for e in self._origin if not esper.entity_exists(e)]:
            del self._origin[ent]

    def cancel_all(self) -> None:
        """Drop whatever is held back home and clear the selection (e.g. the turn changed)."""
        if self.held is not None:
            held = self.held
            self.held = None
            if esper.entity_exists(held):
                self._let_go(held)
            self.glide_back(held)
        self._press_ent = self._press_pos = None
        self.deselect()

    # -- gestures ----------------------------------------------------------------------
    def _press(self, pos: tuple[int, int]) -> None:
        self._press_pos = pos
        ent = topmost_at(pos, Draggable)
        if ent is not None and not esper.component_for_entity(ent, Draggable).enabled:
            ent = None
        self._press_ent = ent

    def _move(self, pos: tuple[int, int]) -> None:
        if self.held is not None:
            transform = esper.component_for_entity(self.held, Transform)
            x, y = pos
            if self.bounds is not None:
                x, y = min(max(x, 0), self.bounds[0] - 1), min(max(y, 0), self.bounds[1] - 1)
            transform.x = x + self._grab[0]
            transform.y = y + self._grab[1]
            self._mark_hovered(pos)
            return
        if self._press_ent is None or self._press_pos is None:
            return
        dx, dy = pos[0] - self._press_pos[0], pos[1] - self._press_pos[1]
        if dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD:
            self._start_drag(self._press_ent, self._press_pos)
            self._move(pos)

    def _release(self, pos: tuple[int, int]) -> None:
        if self.held is not None:
            self._finish_drag(pos)
        elif self._press_pos is not None:
            self._click(pos)
        self._press_ent = self._press_pos = None

    def _start_drag(self, ent: int, press: tuple[int, int]) -> None:
        self.deselect()
        transform = esper.component_for_entity(ent, Transform)
        order = esper.try_component(ent, ZOrder)
        cancel(ent)
        # (caught on its way, ``glide``: it goes back to its resting place in the order)
        z = resting_z(order) if order else 0.0
        self._origin[ent] = (transform.x, transform.y, z)
        self._grab = (transform.x - press[0], transform.y - press[1])
        if order is not None:
            order.z = HELD_Z
        animate(ent, "lift", 1.0, 0.12)
        self.held = ent
        self._drag_from = (press, self._target_at(press))
        esper.add_component(ent, Held())
        self._evaluate_targets(ent)
        self.queue.put(DragStarted(ent))

    def _finish_drag(self, pos: tuple[int, int]) -> None:
        ent, self.held = self.held, None
        assert ent is not None
        if not esper.entity_exists(ent):  # removed under the pointer: nothing to drop
            self._origin.pop(ent, None)
            self._clear_targets()
            return
        self._let_go(ent)
        target = self._target_at(pos)
        (x, y), start = self._drag_from
        if target == start and (pos[0] - x) ** 2 + (pos[1] - y) ** 2 < SHAKY_CLICK ** 2:
            self.glide_back(ent)  # a click that shook: back in place, and taken as a click
            self._clear_targets()
            self._click(pos)
            return
        # judged again now: the position may have changed since the card was picked up
        # (the computer moved, the person's turn came)
        self._deliver(ent, target, by_click=False, evaluate=True)
        self._clear_targets()

    def _click(self, pos: tuple[int, int]) -> None:
        if self._press_ent is None and not self._same_place(self._press_pos, pos):
            return  # pressed on one thing (or bare felt), let go on another: no click
        if self.selected is not None and self._press_ent == self.selected:
            self.deselect()  # the chosen thing clicked again: let go of it (whatever target
            return  # lies beneath it: a marble's ring, a hand card's own drop target)
        if self.selected is not None:
            target = self._target_at(pos)
            drop = esper.try_component(target, DropTarget) if target is not None else None
            press = self._press_ent
            if (self.refusal_click is not None and press is not None and press != self.selected
                    and drop is not None and not drop.valid and drop.reason
                    and esper.entity_exists(self.selected)
                    and self.refusal_click(self.selected, press)):
                self.queue.put(RejectedDrop(self.selected, drop.name, drop.reason))
                return  # (said; the selection stays for a click on the right target)
            if (self.click_select and press is not None and press != self.selected
                    and not (drop is not None and drop.valid)):
                # another card (a Zertz marble you may take, over its ring) over an unlit
                # target: select it, or let go (it was dropped there and refused)
                target = None
                if not self._selects(press):
                    self.deselect()
            elif (self.cancel_on_miss and drop is not None and press != self.selected
                    and esper.entity_exists(self.selected)):
                ok, reason = self.validator(self.selected, target)
                if not ok and not reason:  # a target with nothing to say: a miss
                    self.deselect()
                    target = None
            if target is not None and esper.entity_exists(self.selected):
                ent = self.selected
                if drop is not None:
                    drop.valid, drop.reason = self.validator(ent, target)
                    if not drop.valid and drop.reason:  # refused, with a reason: said, and
                        # the selection stays for a click on the right target (a Zertz
                        # piece clicked onto an occupied ring was let go, pt100)
                        self.queue.put(RejectedDrop(ent, drop.name, drop.reason))
                        return
                self.deselect()
                transform = esper.component_for_entity(ent, Transform)
                order = esper.try_component(ent, ZOrder)
                self._origin[ent] = (transform.x, transform.y, order.z if order else 0.0)
                self._deliver(ent, target, by_click=True, evaluate=True)
                return
        if self._press_ent is not None and self._selects(self._press_ent):
            self.deselect()
            self.selected = self._press_ent
            esper.add_component(self._press_ent, Selected())
            self._evaluate_targets(self._press_ent)
            return
        if self.selected is not None and (
                (self._press_ent is not None and callable(self.click_select))
                or (self.cancel_on_miss and self._press_ent is None and topmost_at(pos) is None)):
            self.deselect()
        clicked = self._press_ent if self._press_ent is not None else topmost_at(pos)
        click = esper.try_component(clicked, Clickable) if clicked is not None else None
        if click is not None and not click.enabled:
            click = None
        self.queue.put(
            ClickIntent(clicked, pos, click.action if click else None, click.data if click else None)
        )

    def _same_place(self, press: tuple[int, int] | None, pos: tuple[int, int]) -> bool:
        """Were ``press`` and ``pos`` on the same spot (within ``DRAG_THRESHOLD``) or the
        same thing (the topmost entity and the drop target under each)?"""
        if press is None:
            return True
        dx, dy = pos[0] - press[0], pos[1] - press[1]
        if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
            return True
        return topmost_at(press) == topmost_at(pos) and self._target_at(press) == self._target_at(pos)

    def _deliver(self, ent: int, target: int | None, by_click: bool, evaluate: bool = False) -> None:
        drop = esper.try_component(target, DropTarget) if target is not None else None
        if drop is None or not esper.entity_exists(ent):
            self.glide_back(ent)
            return
        if evaluate:
            drop.valid, drop.reason = self.validator(ent, target)
        if drop.valid:
            order = esper.try_component(ent, ZOrder)
            origin = self._origin.get(ent)
            if order is not None and origin is not None and not by_click:
                order.z = origin[2]
            animate(ent, "lift", 0.0, 0.15)
            drag = esper.component_for_entity(ent, Draggable)
            self.queue.put(DropIntent(ent, target, drop.name, drag.data, drop.data, by_click))
        else:
            self.queue.put(RejectedDrop(ent, drop.name, drop.reason or "that cannot go there"))
            self.glide_back(ent)

    # -- targets -----------------------------------------------------------------------
    def _evaluate_targets(self, ent: int) -> None:
        for target, drop in esper.get_component(DropTarget):
            drop.valid, drop.reason = self.validator(ent, target)
            drop.active = True
            drop.hovered = False

    def _clear_targets(self) -> None:
        for _, drop in esper.get_component(DropTarget):
            drop.active = drop.valid = drop.hovered = False

    def _target_at(self, pos: tuple[int, int]) -> int | None:
        best, best_area = None, None
        for target, drop in esper.get_component(DropTarget):
            if drop.rect.collidepoint(pos):
                area = drop.rect.width * drop.rect.height
                if best_area is None or area < best_area:
                    best, best_area = target, area
        return best

    def _mark_hovered(self, pos: tuple[int, int]) -> None:
        over = self._target_at(pos)
        for target, drop in esper.get_component(DropTarget):
            drop.hovered = target == over
