"""Settings: animation speed, sound on/off and volume, fullscreen, window size (only sizes
that fit the desktop are offered; the fullscreen toggle follows F11).

Changes apply at once and are saved to ``settings.json`` in the data directory. Drawn over
the screen it was opened from (menu or pause menu); Esc or Back returns.
"""

from __future__ import annotations

import pygame

from ecs.input import InputEvent
from game.app import desktop_size
from game.settings import ANIMATION_SPEEDS, WINDOW_SIZES, settings_path
from scenes import theme
from scenes.base import Scene
from scenes.widgets import Button, Choice, Slider, Toggle, WidgetGroup


def window_sizes_that_fit() -> list[tuple[int, int]]:
    """The window sizes offered: those that fit the desktop (at least the smallest)."""
    desktop = desktop_size()
    sizes = [size for size in WINDOW_SIZES
             if desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1])]
    return sizes or [WINDOW_SIZES[0]]


class SettingsScene(Scene):
    name = "settings"
    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 700, 580)
        self.panel.center = (app.size[0] // 2, app.size[1] // 2)
        s = app.settings
        x, y, w = self.panel.x + 50, self.panel.y + 100, self.panel.width - 100
        sizes = window_sizes_that_fit()
        current = tuple(s.window_size) if tuple(s.window_size) in sizes else sizes[-1]
        self.widgets = WidgetGroup([
            Choice((x, y, w, 42), "Animation speed",
                   [(k, k.capitalize()) for k in ANIMATION_SPEEDS], s.animation,
                   self._set_animation, label_width=250),
            Toggle((x, y + 62, w, 42), "Sound", s.sound, self._set_sound, label_width=250),
            Slider((x, y + 124, w, 42), "Volume", s.volume, self._set_volume, label_width=250),
            Toggle((x, y + 186, w, 42), "Fullscreen (F11)", s.fullscreen, self._set_fullscreen,
                   label_width=250),
            Choice((x, y + 248, w, 42), "Window size",
                   [(size, f"{size[0]} × {size[1]}") for size in sizes],
                   current, self._set_window_size, label_width=250),
            Toggle((x, y + 310, w, 42), "Undo between people", s.undo_between_people,
                   self._set_undo, label_width=250),
            Button((self.panel.centerx - 110, self.panel.bottom - 96, 220, 54), "Done",
                   self.close, primary=True),
        ])

    def _set_animation(self, value: str) -> None:
        self.app.settings.animation = value
        self.app.save_settings()

    def _set_sound(self, value: bool) -> None:
        self.app.settings.sound = value
        self.app.save_settings()
        if value:
            self.app.sounds.play("click")

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = round(value, 2)
        self.app.save_settings()

    def _set_fullscreen(self, value: bool) -> None:
        ok = self.app.set_fullscreen(value)
        self.app.settings.fullscreen = value and ok
        self.widgets.widgets[3].value = self.app.settings.fullscreen
        self.app.save_settings()

    def _set_window_size(self, value: tuple[int, int]) -> None:
        if self.app.set_window_size(value):
            self.app.settings.window_size = value
            self.app.save_settings()

    def _set_undo(self, value: bool) -> None:
        self.app.settings.undo_between_people = value
        self.app.save_settings()

    def close(self) -> None:
        self.app.scenes.pop(transition="fade")

    def handle(self, event: InputEvent) -> None:
        if self.widgets.handle(event):
            return
        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        self.widgets.widgets[3].value = self.app.settings.fullscreen  # F11 may have changed it
        theme.dim(surface, 185)
        theme.panel(surface, self.panel, alpha=255)
        theme.blit_text(surface, "Settings", (self.panel.centerx, self.panel.y + 36), 38,
                        theme.GOLD, "serif", anchor="midtop")
        self.widgets.draw(surface)
        theme.blit_text(surface, f"Saved in {settings_path()}",
                        (self.panel.centerx, self.panel.bottom - 18), 12, theme.INK_FAINT,
                        anchor="midbottom")
