"""Input: the small set of pointer and key events scenes and systems understand.

The app turns raw pygame events into ``InputEvent``s (positions already in canvas pixels);
a table scene feeds the pointer ones to its ``InputSystem``, which hands each frame's batch
to the hover and drag-and-drop systems. Positions come from the events themselves, never
from ``pygame.mouse.get_pos()``, so scripted input behaves exactly like a real mouse.
"""

from __future__ import annotations

from dataclasses import dataclass

import esper

from ecs.components import Sprite, Transform, ZOrder


@dataclass(frozen=True)
class InputEvent:
    """kind: "move", "down", "up", "wheel", "key"."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    key: int = 0
    mod: int = 0
    unicode: str = ""
    dy: int = 0


class InputSystem(esper.Processor):
    """Collects pointer events between frames and exposes them as this frame's batch."""

    priority = 100

    def __init__(self) -> None:
        self._pending: list[InputEvent] = []
        self.events: list[InputEvent] = []
        self.pos: tuple[int, int] = (-1, -1)

    def feed(self, event: InputEvent) -> None:
        if event.kind in ("move", "down", "up"):
            self._pending.append(event)

    @property
    def pending(self) -> list[InputEvent]:
        """Pointer events fed since the last frame, not yet processed."""
        return self._pending

    def process(self, dt: float) -> None:
        self.events, self._pending = self._pending, []
        for event in self.events:
            self.pos = event.pos


def pointer_now(app) -> tuple[int, int]:
    """Where the app's pointer stands on the canvas now, ``(-1, -1)`` when it is outside the
    window (for an ``InputSystem`` whose scene was covered while the pointer moved)."""
    return tuple(app.pointer) if getattr(app, "pointer_inside", True) else (-1, -1)


def entity_rect(transform: Transform, sprite: Sprite) -> tuple[float, float, float, float]:
    """The entity's drawn box (left, top, width, height), ignoring rotation."""
    w, h = sprite.image.get_size()
    w *= transform.scale * abs(transform.squash)
    h *= transform.scale
    return transform.x - w / 2, transform.y + transform.dy - h / 2, w, h


def hit(transform: Transform, sprite: Sprite, pos: tuple[int, int]) -> bool:
    """Is ``pos`` on the entity? A card being turned over (squashed to a sliver half-way)
    is hit over its whole width: it is still there, and a card pressed while it turns (a hand
    coming up from under the cover) was missed."""
    w, h = sprite.image.get_size()
    w *= transform.scale
    h *= transform.scale
    left, top = transform.x - w / 2, transform.y + transform.dy - h / 2
    return left <= pos[0] < left + w and top <= pos[1] < top + h


def topmost_at(pos: tuple[int, int], *required: type) -> int | None:
    """The highest-z visible entity under ``pos`` that has all ``required`` components."""
    best, best_z = None, float("-inf")
    for ent, (transform, sprite, order) in esper.get_components(Transform, Sprite, ZOrder):
        if not sprite.visible or order.z <= best_z:
            continue
        if required and not all(esper.has_component(ent, c) for c in required):
            continue
        if hit(transform, sprite, pos):
            best, best_z = ent, order.z
    return best
