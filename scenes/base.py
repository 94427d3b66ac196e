"""The Scene base class: lifecycle hooks, input, update and draw.

Lifecycle (as in Tuxemon's state manager): ``enter`` once when the scene joins the stack,
``resume`` whenever it becomes the top (also right after ``enter``), ``pause`` when another
scene covers it or before it leaves, ``exit`` once when it leaves. Only the top scene gets
input and ``update``; ``draw`` must not change the scene's state. A scene with
``opaque = False`` (the pause menu) is drawn over the scene beneath it.

Redrawing: after ``update`` the app asks the top scene ``needs_redraw()``; when it says no
(and no input, message, transition or scene change calls for a frame) the frame draws
nothing and keeps the last picture on screen. The default is "always redraw": a scene that
does not know what changes its picture never goes stale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ecs.input import InputEvent, pointer_now

if TYPE_CHECKING:
    from game.app import App


class Scene:
    opaque = True
    name = "scene"
    works_ahead = False  # while it is on top, idle frames do the work of ``scenes.warmup``

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene joined the stack."""

    def resume(self) -> None:
        """The scene became the top of the stack."""

    def pause(self) -> None:
        """Another scene covers this one (or it is about to leave)."""

    def uncovering(self) -> None:
        """The see-through scene over this one is about to go: show now what will show once
        it has gone (hover as the pointer stands), so that a fading picture of the two and
        the scene beneath it agree."""

    def exit(self) -> None:
        """The scene left the stack for good."""

    def handle(self, event: InputEvent) -> None:
        """React to one input event (only called on the top scene)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only called on the top scene)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never changes state."""

    def draw_frame(self, surface: pygame.Surface) -> None:
        """Draw for the screen (the scene manager calls this; a scene may note what its
        picture was drawn from)."""
        self.draw(surface)

    def prepare(self, surface: pygame.Surface) -> None:
        """Called once the scene has joined the stack, before its transition: make what its
        first frame would make (images, texts, sounds), so that frame costs no more than
        the others. ``surface`` is a scratch canvas."""

    def needs_redraw(self) -> bool:
        """Would this frame's picture differ from the last one drawn (input aside: the app
        redraws after any input anyway)? True unless the scene knows better."""
        return True

    def on_quit(self) -> None:
        """The window is closing (save what must be saved)."""


class HoverFollowsPointer:
    """Mixed into a scene with an ECS world, an ``input`` system and a ``hover`` system (a
    table, the menu): when it comes back (``resume``) or the see-through scene over it is
    about to go (``uncovering``), hover is worked out for the pointer where it stands, each
    raise already where it goes."""

    def uncovering(self) -> None:
        if self.world is not None and self.world.alive:
            with self.world.active():
                self.hover_now()

    def hover_now(self) -> None:
        """Hover as the pointer stands now: the card under the pointer when the pause menu
        opened stayed raised under a pointer gone to Resume, until it moved (pt150), then
        through the fade (pt153), then in the fading picture of the pause menu over the
        table (a ghost raised above the card come down, pt158)."""
        self.input.pos = pointer_now(self.app)
        self.hover.process(0.0, rate=1.0)
