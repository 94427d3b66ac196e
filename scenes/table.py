"""The base of every table scene: its own ECS world and the generic systems, wired up.

A table gets input, hover, drag-and-drop, tween and audio processors in a fresh esper world,
a render system, Esc for the pause menu and the hooks every game table shares
(``restart``, ``on_quit``). Game tables subclass it, build their entities from the rules
state and their Tiled layout, and add their rules system.
"""

from __future__ import annotations

import esper
import pygame

from ecs.audio import AudioSystem
from ecs.drag import DragDropSystem
from ecs.hover import HoverSystem
from ecs.input import InputEvent, InputSystem
from ecs.intents import IntentQueue
from ecs.render import RenderSystem
from ecs.tween import TweenSystem, is_animating
from ecs.world import SceneWorld
from scenes import theme
from scenes.base import Scene


class TableScene(Scene):
    name = "table"
    game_key: str | None = None

    def __init__(self, app) -> None:
        super().__init__(app)
        self.world: SceneWorld | None = None
        self.time = 0.0

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.world = SceneWorld(self.name)
        self.queue = IntentQueue()
        self.input = InputSystem()
        self.drag = DragDropSystem(self.input, self.queue, self.validate)
        self.hover = HoverSystem(self.input, lambda: self.drag.held is not None)
        self.tweens = TweenSystem(self._speed)
        self.audio = AudioSystem(self.app.sounds)
        self.render = RenderSystem()
        for proc in (self.input, self.hover, self.drag, self.tweens, self.audio):
            esper.add_processor(proc)
        self.build()

    def resume(self) -> None:
        if self.world is not None:
            self.world.activate()

    def exit(self) -> None:
        if self.world is not None:
            self.world.destroy()

    # -- for subclasses ----------------------------------------------------------------
    def build(self) -> None:
        """Create the table's entities (called once the world and systems exist)."""

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        """Would ``target`` accept ``entity``? (ok, reason for the player)."""
        return True, ""

    def restart(self) -> None:
        """Start the same game again (pause menu)."""

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(self.app.size), (0, 0))

    def draw_above_pieces(self, surface: pygame.Surface) -> None:
        """Drawn over the entities, under the HUD (e.g. the last-move marks)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """HUD drawn above the entities (scores, turn indicator, buttons)."""

    # -- frame -------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return is_animating()

    def handle(self, event: InputEvent) -> None:
        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        self.input.feed(event)

    def open_pause(self) -> None:
        from scenes.pause import PauseMenu

        self.drag.cancel_all()
        self.app.scenes.push(PauseMenu(self.app, self), transition="fade")

    def update(self, dt: float) -> None:
        self.time += dt
        self.world.activate()
        esper.process(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        if self.world is not None and self.world.alive:
            self.world.activate()
            self.render.draw(surface)
            self.draw_above_pieces(surface)
        self.draw_overlay(surface)

    def _speed(self) -> float:
        return self.app.settings.anim(1.0)
