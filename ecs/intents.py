"""Intents: what the player meant, as produced by the input-side systems.

The drag-and-drop system turns pointer gestures into intents; a scene (or its rules system)
drains the queue once per frame and decides what they mean for its game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DropIntent:
    """``entity`` was dropped on the target ``target`` (an entity with DropTarget)."""

    entity: int
    target: int
    target_name: str
    data: Any = None
    target_data: Any = None
    by_click: bool = False


@dataclass(frozen=True)
class ClickIntent:
    """A press and release without movement on ``entity`` (None: on nothing)."""

    entity: int | None
    pos: tuple[int, int]
    action: str | None = None
    data: Any = None


@dataclass(frozen=True)
class RejectedDrop:
    """A drop on a target that refused it; ``reason`` is a sentence for the player."""

    entity: int
    target_name: str | None
    reason: str


@dataclass(frozen=True)
class DragStarted:
    entity: int


class IntentQueue:
    """A plain FIFO of intents, shared by the systems of one scene."""

    def __init__(self) -> None:
        self._items: list[Any] = []

    def put(self, intent: Any) -> None:
        self._items.append(intent)

    def drain(self) -> list[Any]:
        items, self._items = self._items, []
        return items

    def __len__(self) -> int:
        return len(self._items)
