"""Scripted input: drive the real app with real pygame events and a fixed clock.

The driver posts genuine mouse and key events into pygame's queue and steps the app's own
frame function (``App.step``) with a fixed ``dt``, so tests and the tour exercise the real
event loop, scenes and systems. Positions are canvas pixels. Under the driver's clock the
computer's thinking takes no frame time: the frame on which an AI move (or a hint) is due
waits for the AI worker's answer (``app.wait_for_ai``), so scripts do not depend on the
machine's speed. On the headless (dummy) display the driver draws every frame on the canvas
(``app.screen``) as the real loop does but does not flip it to the window (unless made with
``show=True``, as the frame bench is): nothing can see that window, and its flip scales the
canvas in software (about 3 ms a frame, a quarter of the suite's time).
"""

from __future__ import annotations

import math

import esper
import pygame

from ecs.components import Sprite, Transform


class Driver:
    def __init__(self, app, dt: float = 1 / 60, show: bool | None = None) -> None:
        self.app = app
        app.wait_for_ai = True
        app.show_frames = show if show is not None else pygame.display.get_driver() != "dummy"
        self.dt = dt
        self.pos = (0, 0)
        self.buttons = (0, 0, 0)

    # -- time --------------------------------------------------------------------------
    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(self.dt)

    def wait(self, seconds: float) -> None:
        """Step the frames of ``seconds`` (at least one)."""
        self.step(max(1, math.ceil(seconds / self.dt - 1e-9)))

    def step_until(self, done, max_frames: int = 600) -> bool:
        """Step frames until ``done()`` is true (checked before each), at most ``max_frames``;
        whether it came true."""
        for _ in range(max_frames):
            if done():
                return True
            self.step()
        return bool(done())

    def lift_cover(self, table) -> None:
        """Click the cover over the hand between people, once it has stood long enough to
        take a click (``scenes.game_table.COVER_QUIET``), and let the cards come up."""
        from scenes.game_table import COVER_QUIET

        self.step(2)  # the cover's first frame on screen
        self.wait(COVER_QUIET)
        self.click(table.layout["hand"].rect.center)
        self.settle()

    def settle(self, max_frames: int = 600) -> int:
        """Step until no transition or tween is running and the top scene is not about to
        show something by itself (``settling``: a table opening its results over a few
        frames, or a deal's summary waiting for a banner to be read), or ``max_frames``;
        return frames."""
        from ecs.tween import is_animating

        for n in range(max_frames):
            if (self.app.scenes.transition is None and not is_animating()
                    and not getattr(self.app.scenes.top, "settling", False)):
                return n
            self.step()
        return max_frames

    # -- mouse -------------------------------------------------------------------------
    def move(self, pos: tuple[float, float], steps: int = 1, frames_per_step: int = 1) -> None:
        start = self.pos
        for i in range(1, steps + 1):
            x = round(start[0] + (pos[0] - start[0]) * i / steps)
            y = round(start[1] + (pos[1] - start[1]) * i / steps)
            rel = (x - self.pos[0], y - self.pos[1])
            self.pos = (x, y)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=self.pos, rel=rel,
                                                 buttons=self.buttons))
            self.step(frames_per_step)

    def press(self, pos: tuple[float, float] | None = None, button: int = 1) -> None:
        if pos is not None:
            self.move(pos)
        self.buttons = tuple(1 if i == button - 1 else b for i, b in enumerate(self.buttons))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos,
                                             button=button))
        self.step()

    def release(self, pos: tuple[float, float] | None = None, button: int = 1) -> None:
        if pos is not None:
            self.move(pos)
        self.buttons = tuple(0 if i == button - 1 else b for i, b in enumerate(self.buttons))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.pos, button=button))
        self.step()

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        self.press(pos, button)
        self.release(pos, button)

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 10) -> None:
        self.press(start)
        self.move(end, steps)
        self.release(end)

    def wheel(self, dy: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False))
        self.step()

    # -- keys --------------------------------------------------------------------------
    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, scancode=0))
        self.step()

    def type(self, text: str) -> None:
        for ch in text:
            self.key(pygame.key.key_code(ch) if ch.isalnum() else 0, unicode=ch)

    # -- inspection --------------------------------------------------------------------
    @property
    def scene(self):
        return self.app.scenes.top

    def center_of(self, ent: int) -> tuple[float, float]:
        t = esper.component_for_entity(ent, Transform)
        return (t.x, t.y + t.dy)

    def entities(self, *components: type) -> list[int]:
        return [ent for ent, _ in esper.get_components(*components)] if components else []

    def visible(self, ent: int) -> bool:
        sprite = esper.try_component(ent, Sprite)
        return sprite is not None and sprite.visible

    def screenshot(self, path) -> None:
        pygame.image.save(self.app.screen, str(path))
