"""The scene stack and its animated transitions.

``push`` puts a scene on top (the pause menu over a table), ``pop`` removes the top,
``replace`` swaps the top, ``reset`` empties the stack down to one scene. Each change can
animate: "fade" (the new frame fades in over a snapshot of the old one) or "slide" (the old
frame slides out to the left while the new one slides in from the right; reversed when
going back). Transitions last 0.3 s scaled by the animation speed setting and are skipped
at "instant". Pointer input is ignored while a slide runs (the new scene is not where it
will be) and during the first third of a fade (``FADE_INPUT_FROM``); then the new scene,
already in place and mostly shown, takes it (a click on the pause menu 0.2 s after Esc was
lost).

Only the top scene gets input and updates, so the scenes beneath a see-through top (a table
under the pause menu or the results) keep their picture: it is drawn once into a cached
frame (``under``) and blitted, until the stack changes; a scene uncovered by a see-through
one fading out (Resume) starts updating again once the fade is over. ``needs_redraw`` tells the app
whether this frame would show anything new (a transition, a stack change, the top scene's
own answer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ecs.input import InputEvent
from scenes import pictures
from scenes.base import Scene

if TYPE_CHECKING:
    from game.app import App

TRANSITION_TIME = 0.3
FADE_INPUT_FROM = 1 / 3  # of a fade's progress: from here the new scene takes pointer input


class Transition:
    def __init__(self, style: str, old: pygame.Surface, duration: float, reverse: bool) -> None:
        self.style = style
        self.old = old
        self.duration = duration
        self.reverse = reverse
        self.elapsed = 0.0
        self.holds_top = False  # the top waits for it to end (a see-through scene popped)

    @property
    def progress(self) -> float:
        return min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


class SceneManager:
    def __init__(self, app: App) -> None:
        self.app = app
        self.stack: list[Scene] = []
        self.transition: Transition | None = None
        self._frame = pygame.Surface(app.size)
        self._under: pygame.Surface | None = None  # the scenes beneath the top, drawn
        self._under_for: tuple | None = None  # ... for these scenes (None: stale)
        self._under_own: pygame.Surface | None = None  # the surface ``under`` is drawn in
        self._pictures: list[pygame.Surface] = []  # for transitions' pictures of the old frame
        self._under_shared = False  # ``under`` is for now a transition's picture of the old
        # frame (drawn while the scene beneath was the top): drawn again when it ends
        self.under_version = 0  # grows with every new ``under`` picture
        self.drawing_over: int | None = None  # while the top is drawn over ``under``: its version
        self._changed = True  # the stack changed since the last frame was drawn

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    @property
    def scratch(self) -> pygame.Surface:
        """A canvas-sized surface to draw on off screen (a scene drawing itself once
        before it opens, to make its images); what is drawn there is not kept."""
        return self._frame

    # -- stack operations ------------------------------------------------------------
    def push(self, scene: Scene, transition: str | None = "fade") -> None:
        old = self._begin(transition, reverse=False)
        if self.top is not None:
            self.top.pause()
        self.stack.append(scene)
        if old is not None and not scene.opaque:
            # the picture the stack showed stands for the new top's ``under`` while the
            # fade runs, and is drawn again after it, with the scene beneath no longer the
            # top (drawing a table twice made the frame that opens its results the slowest)
            self._under = old
            self._under_for = self._under_key()
            self._under_shared = True
            self.under_version += 1
        self.app.scenes_changed()
        scene.enter()
        scene.resume()
        scene.prepare(self._frame)

    def pop(self, transition: str | None = "fade") -> Scene | None:
        if not self.stack:
            return None
        if len(self.stack) > 1 and not self.stack[-1].opaque:
            # the scene beneath shows in the fading picture as it will stand after the fade
            # (a card the pointer left for Resume came down beneath it, but the picture
            # fading out still showed it raised: a ghost above it, pt158)
            self.stack[-2].uncovering()
            self._under_for = None
        self._begin(transition, reverse=True)
        scene = self.stack.pop()
        scene.pause()
        scene.exit()
        # the scene it uncovers waits for the fade: what moves on in it (a card in flight
        # when the pause menu opened) showed twice, frozen in the fading picture and already
        # further on beneath it (a ghost beside the card after Resume)
        if self.transition is not None:
            self.transition.holds_top = not scene.opaque
        self.app.scenes_changed()
        if self.top is not None:
            self.top.resume()
            # its buttons lit as the pointer stands now, not as when it was covered (after
            # Close replay, Replay kept its hover while Enter pressed Play again: pt77, pt81)
            widgets = getattr(self.top, "widgets", None)
            if hasattr(widgets, "hover_at"):
                inside = getattr(self.app, "pointer_inside", True)
                widgets.hover_at(tuple(self.app.pointer) if inside else None)
        return scene

    def replace(self, scene: Scene, transition: str | None = "slide") -> None:
        self._begin(transition, reverse=False)
        anew = False
        if self.stack:
            old = self.stack.pop()
            old.pause()
            old.exit()
            anew = type(old) is type(scene)  # the same screen anew (Undo, a replay's step,
            if anew:  # Restart): its messages stay ("… taken back.")
                self.app.scenes_changed(old, scene)
        self.stack.append(scene)
        if not anew:  # another screen (the setup's table): the old one's messages go (the
            self.app.scenes_changed()  # setup's word on the seed stood over the table, pt119)
        scene.enter()
        scene.resume()
        scene.prepare(self._frame)

    def reset(self, scene: Scene, transition: str | None = "slide", reverse: bool = True) -> None:
        """Empty the stack (exiting every scene, top first) and start over with ``scene``."""
        self._begin(transition, reverse=reverse)
        while self.stack:
            old = self.stack.pop()
            old.pause()
            old.exit()
        self.stack.append(scene)
        self.app.scenes_changed()
        scene.enter()
        scene.resume()
        scene.prepare(self._frame)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    # -- frame -----------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        t = self.transition
        if t is not None and event.kind in ("down", "up", "wheel") and not (
                t.style == "fade" and t.progress >= FADE_INPUT_FROM):
            return
        if self.top is not None:
            self.top.handle(event)

    def invalidate(self) -> None:
        """Everything must be drawn afresh (a new language, a new look)."""
        self._under_for = None
        self._changed = True

    def needs_redraw(self) -> bool:
        if self._changed or self.transition is not None:
            return True
        top = self.top
        return top is None or top.needs_redraw()

    def update(self, dt: float) -> None:
        if self.transition is not None:
            self.transition.elapsed += dt
            if self.transition.done:
                self.transition = None
                self._changed = True  # the scene's own picture is still to be drawn once
        held = self.transition is not None and self.transition.holds_top
        if self.top is not None and not held:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self._changed = False
        if self.transition is None:
            self.draw_stack(surface)
            return
        t = self.transition
        p = t.progress
        eased = 1 - (1 - p) ** 3
        if t.style == "slide":
            width = surface.get_width()
            self.draw_stack(self._frame)
            sign = -1 if t.reverse else 1
            surface.fill((0, 0, 0))
            surface.blit(t.old, (round(-sign * eased * width), 0))
            surface.blit(self._frame, (round(sign * (1 - eased) * width), 0))
        else:
            self.draw_stack(self._frame)
            surface.blit(t.old, (0, 0))
            self._frame.set_alpha(round(255 * eased))
            surface.blit(self._frame, (0, 0))
            self._frame.set_alpha(None)

    def draw_stack(self, surface: pygame.Surface) -> None:
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        if start < 0:
            surface.fill((0, 0, 0))
            return
        scenes = self.stack[start:]
        if len(scenes) > 1:
            key = tuple(id(scene) for scene in scenes[:-1])
            provisional = self._under_shared and self.transition is None
            if self._under is None or self._under_for != key or provisional:
                if self._under is None or self._under_shared:
                    # (never into a transition's picture of the old frame; into the stack's
                    # own surface, made once: a new one costs the frame that draws it first
                    # a page fault for each of its pages, 6-17 ms here, as a fade ends)
                    self._under = self._own_under()
                    self._under_shared = False
                for scene in scenes[:-1]:
                    scene.draw_frame(self._under)
                self._under_for = key
                self.under_version += 1
            surface.blit(self._under, (0, 0))
            self.drawing_over = self.under_version
        try:
            scenes[-1].draw_frame(surface)
        finally:
            self.drawing_over = None

    def _begin(self, style: str | None, reverse: bool) -> pygame.Surface | None:
        """Start the transition (if any) and mark the stack as changing. Returns the
        picture of the old frame when it is the stack's own drawing (no transition was
        under way, none of the frame's messages on it), else None."""
        from game.saves import flush_saves

        flush_saves()  # a scene change (the pause menu too) waits for the save in progress
        duration = self.app.settings.anim(TRANSITION_TIME)
        stack_picture = None
        if style is None or duration <= 0 or not self.stack:
            self.transition = None
        else:
            old = self._free_picture()
            if self.transition is not None:
                self.draw(old)
            else:
                self.draw_stack(old)
                stack_picture = old
            self.transition = Transition(style, old, duration, reverse)
        self.invalidate()  # the stack is about to change
        return stack_picture

    def stock_pictures(self) -> None:
        """Make the stack's own canvas-sized surfaces now (two for transitions' pictures,
        one for ``under``), touched, so that no frame of a game pays for their pages (a table
        calls it as it opens: its pause menu and results open with a fade over it)."""
        size = self.app.size
        self._pictures = [p for p in self._pictures if p.get_size() == size]
        while len(self._pictures) < 2:
            self._pictures.append(pictures.touched(size, self._frame))
        self._own_under()

    def _own_under(self) -> pygame.Surface:
        """The stack's own surface for ``under`` (made, touched, once per canvas size)."""
        if self._under_own is None or self._under_own.get_size() != self.app.size:
            self._under_own = pictures.touched(self.app.size, self._frame)
        return self._under_own

    def _free_picture(self) -> pygame.Surface:
        """A canvas-sized surface for a transition's picture of the old frame: one of the
        stack's own that neither ``under`` nor the transition under way shows, else a new one
        (kept: a new surface costs the frame that draws it first a page fault for each of
        its pages, 6-17 ms here, and the results open with a fade at the end of a deal)."""
        busy = (self._under, self.transition.old if self.transition is not None else None)
        for picture in self._pictures:
            if all(picture is not b for b in busy) and picture.get_size() == self.app.size:
                return picture
        picture = pygame.Surface(self.app.size)
        self._pictures = [p for p in self._pictures if p.get_size() == self.app.size][-2:]
        self._pictures.append(picture)
        return picture

    def _under_key(self) -> tuple:
        """The scenes beneath the top that ``draw_stack`` draws into ``under``."""
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        return tuple(id(scene) for scene in self.stack[max(start, 0):-1])
