"""The results overlay shown when a game ends: the outcome, a score table, what next."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ecs.input import InputEvent
from scenes import theme
from scenes.base import Scene
from scenes.widgets import Button, WidgetGroup


class ResultsOverlay(Scene):
    name = "results"
    opaque = False

    def __init__(self, app, title: str, subtitle: str, header: list[str],
                 rows: list[list[str]], on_again: Callable[[], None],
                 on_menu: Callable[[], None], highlight_row: int | None = None) -> None:
        super().__init__(app)
        self.title, self.subtitle = title, subtitle
        self.header, self.rows = header, rows
        self.highlight_row = highlight_row
        self.panel = pygame.Rect(0, 0, 640, 300 + 44 * len(rows))
        self.panel.center = (app.size[0] // 2, app.size[1] // 2)
        bottom = self.panel.bottom - 82
        self.widgets = WidgetGroup([
            Button((self.panel.centerx - 250, bottom, 230, 56), "Play again", on_again,
                   primary=True),
            Button((self.panel.centerx + 20, bottom, 230, 56), "Menu", on_menu),
        ])

    def handle(self, event: InputEvent) -> None:
        self.widgets.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 150)
        theme.panel(surface, self.panel, alpha=250, edge=theme.GOLD)
        p = self.panel
        theme.blit_text(surface, self.title, (p.centerx, p.y + 28), 42, theme.GOLD, "serif",
                        anchor="midtop")
        theme.blit_text(surface, self.subtitle, (p.centerx, p.y + 88), 19, theme.INK_DIM,
                        anchor="midtop")
        columns = len(self.header)
        col_w = (p.width - 80) // columns
        y = p.y + 136
        for c, head in enumerate(self.header):
            theme.blit_text(surface, head, (p.x + 40 + col_w * c + col_w // 2, y), 17,
                            theme.GOLD, "bold", anchor="midtop")
        y += 34
        for r, row in enumerate(self.rows):
            band = pygame.Rect(p.x + 30, y - 6, p.width - 60, 38)
            if r == self.highlight_row:
                pygame.draw.rect(surface, (70, 58, 24), band, border_radius=8)
            for c, cell in enumerate(row):
                theme.blit_text(surface, cell, (p.x + 40 + col_w * c + col_w // 2, y), 20,
                                theme.INK, "bold" if c == 0 else "sans", anchor="midtop")
            y += 44
        self.widgets.draw(surface)
