"""The application: window, main loop, input translation, settings, sounds and messages.

The table is drawn on a logical 1280x720 canvas; the window uses pygame's SCALED mode, so
it can be resized (or made fullscreen with F11) and SDL scales the canvas to fit, with
pointer positions mapped back to canvas pixels. ``App.step(dt)`` runs one frame (events,
update, draw, flip) and is what the main loop, the tour, the benchmarks and the scripted
test driver all call.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ecs.audio import SoundBank  # noqa: E402
from ecs.input import InputEvent  # noqa: E402
from game import TITLE  # noqa: E402
from game.settings import Settings, load_settings, save_settings  # noqa: E402
from scenes import theme  # noqa: E402
from scenes.manager import SceneManager  # noqa: E402

SIZE = (1280, 720)
FPS = 60


@dataclass
class Toast:
    text: str
    seconds: float
    error: bool = False
    age: float = 0.0


class App:
    """Owns the window and the scene stack."""

    size = SIZE

    def __init__(self, settings: Settings | None = None, settings_message: str | None = None,
                 persist: bool = True) -> None:
        pygame.init()
        theme.reset_caches()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.screen = pygame.display.set_mode(SIZE, pygame.SCALED | pygame.RESIZABLE)
        pygame.display.set_caption(f"{TITLE} — four tabletop games")
        pygame.key.set_repeat(350, 40)
        self.persist = persist
        if settings is None:
            settings, message = load_settings() if persist else (Settings(), None)
            settings_message = settings_message or message
        self.settings = settings
        self.sounds = SoundBank(settings.sound, settings.volume)
        self.scenes = SceneManager(self)
        self.toasts: list[Toast] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.pointer = (SIZE[0] // 2, SIZE[1] // 2)
        if settings.window_size != SIZE:
            self.set_window_size(settings.window_size)
        if settings.fullscreen:
            self.set_fullscreen(True)
        if settings_message:
            self.toast(settings_message, error=True, seconds=6)

    # -- lifecycle ---------------------------------------------------------------------
    def start(self) -> None:
        """Open the main menu."""
        from scenes.menu import MainMenu

        self.scenes.reset(MainMenu(self), transition=None)

    def run(self) -> None:
        """The main loop: one ``step`` per frame at up to 60 frames a second."""
        if not self.scenes.stack:
            self.start()
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1))
        from game.ai.worker import shutdown_shared_worker

        shutdown_shared_worker()  # the computer's process ends with the window
        pygame.quit()

    def step(self, dt: float) -> None:
        """One frame: translate events, update the top scene, draw, flip."""
        for raw in pygame.event.get():
            self._dispatch(raw)
        self.scenes.update(dt)
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [t for t in self.toasts if t.age < t.seconds]
        self.draw(self.screen)
        pygame.display.flip()
        self.frames += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.scenes.draw(surface)
        self._draw_toasts(surface)

    def quit(self) -> None:
        """Close the program after giving every scene the chance to save."""
        for scene in reversed(self.scenes.stack):
            scene.on_quit()
        self.running = False

    # -- services for scenes -----------------------------------------------------------
    def toast(self, text: str, seconds: float = 3.5, error: bool = False) -> None:
        """Show a short message at the bottom of the screen."""
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, seconds, error))

    def save_settings(self) -> None:
        self.sounds.configure(self.settings.sound, self.settings.volume)
        if self.persist:
            message = save_settings(self.settings)
            if message:
                self.toast(message, error=True)

    def set_fullscreen(self, on: bool) -> bool:
        """Switch fullscreen on or off; returns False (with a message) if impossible here."""
        is_full = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        if on == is_full:
            return True
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            self.toast("Fullscreen is not available on this display.", error=True)
            return False
        return True

    def set_window_size(self, size: tuple[int, int]) -> bool:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                window = pygame.Window.from_display_module()
            window.size = size
        except (pygame.error, AttributeError, ValueError):
            self.toast("The window size cannot be changed on this display.", error=True)
            return False
        return True

    # -- input -------------------------------------------------------------------------
    def _dispatch(self, raw: pygame.event.Event) -> None:
        event = self._translate(raw)
        if event is None:
            return
        if event.kind == "key" and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            if not self.set_fullscreen(self.settings.fullscreen):
                self.settings.fullscreen = False
            self.save_settings()
            return
        self.scenes.handle(event)

    def _translate(self, raw: pygame.event.Event) -> InputEvent | None:
        if raw.type == pygame.QUIT:
            self.quit()
            return None
        if raw.type == pygame.MOUSEMOTION:
            self.pointer = tuple(raw.pos)
            return InputEvent("move", self.pointer)
        if raw.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and raw.button in (1, 2, 3):
            self.pointer = tuple(raw.pos)
            kind = "down" if raw.type == pygame.MOUSEBUTTONDOWN else "up"
            return InputEvent(kind, self.pointer, button=raw.button)
        if raw.type == pygame.MOUSEWHEEL:
            return InputEvent("wheel", self.pointer, dy=int(raw.y))
        if raw.type == pygame.KEYDOWN:
            return InputEvent("key", self.pointer, key=raw.key, mod=raw.mod,
                              unicode=getattr(raw, "unicode", ""))
        return None

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        y = SIZE[1] - 24
        for toast in reversed(self.toasts):
            fade = min(1.0, toast.age / 0.15, max(0.0, (toast.seconds - toast.age) / 0.4))
            label = theme.text(toast.text, 19, theme.INK, "bold")
            box = label.get_rect()
            box.inflate_ip(40, 20)
            box.midbottom = (SIZE[0] // 2, y)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            color = (120, 34, 34) if toast.error else (26, 36, 48)
            pygame.draw.rect(layer, (*color, 235), layer.get_rect(), border_radius=12)
            pygame.draw.rect(layer, (*(theme.RED if toast.error else theme.GOLD), 255),
                             layer.get_rect(), 2, border_radius=12)
            layer.blit(label, label.get_rect(center=layer.get_rect().center))
            layer.set_alpha(round(255 * fade))
            surface.blit(layer, box)
            y = box.top - 8
