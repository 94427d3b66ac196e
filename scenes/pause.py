"""The pause menu, drawn over a table: Resume, Restart, Rules, Settings, Quit to menu.

While it is open the table below gets no updates (its clock and its AI stop). Restart asks
first (the game in progress would be lost) and then deals anew, unless the player chose the
seed at setup, when the same cards come again.
"""

from __future__ import annotations

import pygame

from ecs.input import InputEvent
from game.i18n import _, num
from scenes import theme
from scenes.base import Scene
from scenes.widgets import Button, WidgetGroup

PANEL_W, PANEL_H = 420, 470  # the menu's panel (asking to confirm Restart, as tall as needed)


class PauseMenu(Scene):
    name = "pause"
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.panel = pygame.Rect(0, 0, PANEL_W, PANEL_H)
        self.confirming = False
        self._build()

    def _build(self, answered: bool = False) -> None:
        """The panel and its buttons; ``answered``: back from the Restart question (a
        keyboard's focus goes to Restart again)."""
        height = PANEL_H
        if self.confirming:  # the panel as tall as the question needs (it kept the
            # menu's height: a large empty space above the buttons)
            lines = self._warning()
            rows = sum(len(theme.wrap(line, 20, PANEL_W - 40)) for line in lines)
            height = 120 + 28 * rows + 6 * len(lines) + 24 + 150
        self.panel = pygame.Rect(0, 0, PANEL_W, height)
        self.panel.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        x, w = self.panel.x + 60, self.panel.width - 120
        y = self.panel.y + 100
        old = getattr(self, "widgets", None)
        self.widgets = WidgetGroup(keys="arrows")
        if self.confirming:
            y = self.panel.bottom - 150
            self.widgets.add(Button((x, y, w, 52), _("Restart"), self.restart_confirmed,
                                    primary=True, hotkey=pygame.K_RETURN))
            cancel = self.widgets.add(Button((x, y + 64, w, 52), _("Cancel"),
                                             self.cancel_restart))
            self.widgets.take_focus(old, to=cancel)  # (the safe answer first)
            return
        entries = [(_("Resume"), self.resume_game, True), (_("Restart"), self.restart, False),
                   (_("Rules"), self.rules, False), (_("Settings"), self.settings, False),
                   (_("Quit to menu"), self.quit_to_menu, False)]
        buttons = [self.widgets.add(Button((x, y + i * 64, w, 52), label, action,
                                           primary=primary,
                                           hotkey=pygame.K_RETURN if primary else None))
                   for i, (label, action, primary) in enumerate(entries)]  # (Enter resumes,
        # as Esc does)
        self.widgets.take_focus(old, to=buttons[1] if answered else None)

    def language_changed(self) -> None:
        self._build()

    def resume_game(self) -> None:
        self.app.scenes.pop(transition="fade")

    def restart(self) -> None:
        """Ask first: the game in progress would be lost."""
        self.confirming = True
        self._build()

    def cancel_restart(self) -> None:
        self.confirming = False
        self._build(answered=True)

    def restart_confirmed(self) -> None:
        self.app.scenes.pop(transition=None)
        while (self.table in self.app.scenes.stack  # (a deal's summary paused over goes too)
               and self.app.scenes.top is not self.table):
            self.app.scenes.pop(transition=None)
        self.table.restart()

    def rules(self) -> None:
        from scenes.rules_viewer import RulesViewer

        self.app.scenes.push(RulesViewer(self.app, getattr(self.table, "game_key", None)),
                             transition="fade")

    def settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app), transition="fade")

    def quit_to_menu(self) -> None:
        """To the main menu; from a finished game as its results' Menu button leaves (a
        sitting's next game saved with the running totals, ``to_menu``: Quit to menu over a
        won Chắn hand lost them)."""
        from scenes.menu import MainMenu

        self.table.on_quit()
        if self._game_over() and hasattr(self.table, "to_menu"):
            self.table.to_menu()
            return
        self.app.scenes.reset(MainMenu(self.app), transition="slide")

    def handle(self, event: InputEvent) -> None:
        if self.widgets.handle(event):
            return
        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            if self.confirming:
                self.cancel_restart()
            else:
                self.resume_game()

    def _game_over(self) -> bool:
        """Is the table's game over (a table without rules, the sandbox's, never is)?"""
        return getattr(getattr(self.table, "rules", None), "over", False)

    def _warning(self) -> list[str]:
        """What Restart would do: the game in progress lost, and which cards come."""
        config = getattr(self.table, "config", None)
        same = config is not None and config.fixed_seed
        marbles = getattr(self.table, "game_key", "") == "zertz"
        if same and marbles:
            again = _("The same marbles from the bag again (seed {seed}).").format(
                seed=num(config.seed))
        elif same:
            again = _("The same cards again (seed {seed}).").format(seed=num(config.seed))
        else:
            again = (_("A new game with a new draw from the bag.") if marbles
                     else _("A new game with new cards."))
        # (a replay, a game already over, or one nobody has moved in yet loses nothing: it
        # said a game would be lost, pt106)
        session = getattr(self.table, "session", None)
        in_play = (getattr(self.table, "replay", None) is None and not self._game_over()
                   and (session is None or bool(session.moves)))
        lines = [_("The game in progress will be lost."), again] if in_play else [again]
        counts = getattr(self.table, "abandoning_counts", None)
        if in_play and callable(counts) and counts():
            lines.insert(1, _("It counts as a loss in your statistics."))
        games = getattr(config, "sitting_games", 0)
        if games:  # (kept: a newcomer read "lost" as the sitting's total too, pt78)
            lines.append(_("The running total of the games before it is kept."))
        return lines

    def needs_redraw(self) -> bool:
        """Its picture changes only with input, which redraws anyway: idle, it draws
        nothing (it drew sixty frames a second)."""
        return self.widgets.needs_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, theme.VEIL_PAUSE)
        theme.panel(surface, self.panel, alpha=255)
        title = _("Restart?") if self.confirming else _("Paused")
        theme.blit_text(surface, title, (self.panel.centerx, self.panel.y + 32), 40,
                        theme.GOLD, "serif", anchor="midtop")
        if self.confirming:
            y = self.panel.y + 120
            for line in self._warning():
                for part in theme.wrap(line, 20, self.panel.width - 40):
                    theme.blit_text(surface, part, (self.panel.centerx, y), 20, theme.INK,
                                    anchor="midtop")
                    y += 28
                y += 6
        self.widgets.draw(surface)
