"""The Scene base class: lifecycle hooks, input, update and draw.

Lifecycle (as in Tuxemon's state manager): ``enter`` once when the scene joins the stack,
``resume`` whenever it becomes the top (also right after ``enter``), ``pause`` when another
scene covers it or before it leaves, ``exit`` once when it leaves. Only the top scene gets
input and ``update``; ``draw`` must not change the scene's state. A scene with
``opaque = False`` (the pause menu) is drawn over the scene beneath it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ecs.input import InputEvent

if TYPE_CHECKING:
    from game.app import App


class Scene:
    opaque = True
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene joined the stack."""

    def resume(self) -> None:
        """The scene became the top of the stack."""

    def pause(self) -> None:
        """Another scene covers this one (or it is about to leave)."""

    def exit(self) -> None:
        """The scene left the stack for good."""

    def handle(self, event: InputEvent) -> None:
        """React to one input event (only called on the top scene)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only called on the top scene)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never changes state."""

    def on_quit(self) -> None:
        """The window is closing (save what must be saved)."""
