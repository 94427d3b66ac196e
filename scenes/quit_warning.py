"""The question asked when the program is closed while a game could not be saved.

A game whose save could not be written (a full or read-only disk) is kept in memory for
Continue (``game.saves.keep_unwritten``), but only while the program runs: quitting lost it
without a word (pt109). So closing the window, or Quit on the menu, first tries to save once
more; if a game is still unwritten this panel asks: Back (to make room on the disk and try
again), or Quit anyway. Closing the window again while it asks quits.
"""

from __future__ import annotations

import pygame

from ecs.input import InputEvent
from game.catalog import BY_KEY
from game.i18n import _
from scenes import theme
from scenes.base import Scene
from scenes.widgets import Button, WidgetGroup

PANEL_W = 560
TEXT = 20  # the size of the panel's words
LINE = 28  # ... and the step between their lines


class QuitWarning(Scene):
    name = "quit_warning"
    opaque = False

    def __init__(self, app, games: list[str]) -> None:
        super().__init__(app)
        self.games = list(games)
        self._build()

    def lines(self) -> list[str]:
        """What is at stake: each game not saved, why, and what to do."""
        # why, in words of no one file: the last failure was often the settings' own, tried
        # again as the program quits ("settings.json could not be written", said of a
        # game, pt158)
        problem = self.app.not_saving_reason or self.app.not_saving
        out = []
        for key in self.games:
            title = BY_KEY[key].title if key in BY_KEY else key
            if problem:
                out.append(_("Your {game} game could not be saved: {problem}. If you quit now, "
                             "it is lost.").format(game=title, problem=problem))
            else:
                out.append(_("Your {game} game could not be saved. If you quit now, it is "
                             "lost.").format(game=title))
        out.append(_("Free some disk space (or make the save folder writable), then quit "
                     "again: the game is saved as you quit."))
        return out

    def _build(self) -> None:
        rows = sum(len(theme.wrap(line, TEXT, PANEL_W - 48)) for line in self.lines())
        height = 100 + LINE * rows + 8 * len(self.lines()) + 24 + 140
        self.panel = pygame.Rect(0, 0, PANEL_W, height)
        self.panel.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        x, w = self.panel.x + 80, self.panel.width - 160
        y = self.panel.bottom - 140
        self.widgets = WidgetGroup(keys="arrows")
        self.widgets.add(Button((x, y, w, 52), _("Back"), self.back, primary=True,
                                hotkey=pygame.K_RETURN))
        self.widgets.add(Button((x, y + 64, w, 52), _("Quit anyway"), self.quit_anyway))

    def language_changed(self) -> None:
        self._build()

    def back(self) -> None:
        self.app.scenes.pop(transition="fade")

    def quit_anyway(self) -> None:
        self.app.quit(ask=False)

    def handle(self, event: InputEvent) -> None:
        if self.widgets.handle(event):
            return
        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            self.back()

    def needs_redraw(self) -> bool:
        return self.widgets.needs_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, theme.VEIL_PAUSE)
        theme.panel(surface, self.panel, alpha=255)
        theme.blit_text(surface, _("Quit without saving?"), (self.panel.centerx, self.panel.y + 30),
                        34, theme.GOLD, "serif", anchor="midtop")
        y = self.panel.y + 100
        for line in self.lines():
            for part in theme.wrap(line, TEXT, self.panel.width - 48):
                theme.blit_text(surface, part, (self.panel.centerx, y), TEXT, theme.INK,
                                anchor="midtop")
                y += LINE
            y += 8
        self.widgets.draw(surface)
