"""Replay of a finished game: the game's own table with no player input, stepped move by
move (from the seed and the move list) with Back / Next, the arrow keys, Home and End.

The replay is pushed over the scene that opened it (the results screen), so "Close replay"
goes back there. The bar's words follow the current language; in a right-to-left language
(Persian) it reads from the right: Start and Next stand on the right and the Left arrow key
steps forwards."""

from __future__ import annotations

import pygame

from game.catalog import GameConfig
from game.i18n import _, num
from game.session import Session
from scenes import theme
from scenes.widgets import Button, WidgetGroup


def start_replay(app, table_cls, config: GameConfig, moves: list[str], at: int = 0) -> None:
    """Show ``table_cls`` in replay mode at move ``at`` over the current scene.

    Closing the replay pops it, back to whatever opened it (the results screen); with an
    empty stack the menu is put below it first.
    """
    from scenes.menu import MainMenu

    table = replay_table(app, table_cls, config, moves, at)
    if not app.scenes.stack:
        app.scenes.reset(MainMenu(app), transition=None)
    app.scenes.push(table, transition="fade")


def replay_table(app, table_cls, config: GameConfig, moves: list[str], at: int):
    session = Session.new(config)
    for move in moves[:at]:
        session.play(move)
    return table_cls(app, config, session, replay=list(moves))


class ReplayControls:
    """The control bar a table shows in replay mode."""

    def __init__(self, table) -> None:
        self.table = table
        area = table.replay_rect()
        self.area = area
        w = (area.width - 38) // 2
        x1, x2 = area.x + 14, area.x + 24 + w
        y = area.y + 50

        def at(rect: tuple) -> pygame.Rect:  # read from the right in a right-to-left language
            return theme.mirror(rect, area)

        # in Persian the bar reads from the right: Start and Next stand on the right (the
        # Persian labels are words without arrows)
        rtl = theme.rtl()
        self.widgets = WidgetGroup([
            Button(at((x1, y, w, 38)), _("« Start"), self.first, size=16),
            Button(at((x2, y, w, 38)), _("◀ Back"), self.back, size=16),
            Button(at((x1, y + 44, w, 38)), _("Next ▶"), self.next, primary=True, size=16),
            Button(at((x2, y + 44, w, 38)), _("End »"), self.last, size=16),
            Button(at((x1, y + 88, area.width - 28, 38)), _("Close replay"), self.close,
                   size=16),
        ])
        self.keys = {pygame.K_SPACE: self.next, pygame.K_HOME: self.first,
                     pygame.K_END: self.last,
                     pygame.K_LEFT: self.next if rtl else self.back,
                     pygame.K_RIGHT: self.back if rtl else self.next}
        self._refresh()

    def _refresh(self) -> None:
        """Grey out what cannot move further; at the end, Close becomes the main button."""
        start, back, nxt, end, close = self.widgets.widgets
        at_start, at_end = self.position == 0, self.position >= self.total
        start.enabled = back.enabled = not at_start
        nxt.enabled = end.enabled = not at_end
        nxt.primary = not at_end
        close.primary = at_end

    @property
    def position(self) -> int:
        return len(self.table.session.moves)

    @property
    def total(self) -> int:
        return len(self.table.replay)

    def next(self) -> None:
        table = self.table
        if self.position < self.total and not table.animating:
            table.rules._apply(table.replay[self.position])

    def back(self) -> None:
        self._jump(self.position - 1)

    def first(self) -> None:
        self._jump(0)

    def last(self) -> None:
        self._jump(self.total)

    def _jump(self, at: int) -> None:
        at = max(0, min(self.total, at))
        if at == self.position:
            return
        table = self.table
        app = table.app
        app.scenes.replace(replay_table(app, type(table), table.config, table.replay, at),
                           transition=None)

    def close(self) -> None:
        self.table.app.scenes.pop(transition="fade")

    def handle(self, event) -> bool:
        self._refresh()
        if self.widgets.handle(event):
            return True
        if event.kind == "key" and event.key in self.keys:
            self.keys[event.key]()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        title = _("Replay · move {position} of {total}").format(position=num(self.position),
                                                                 total=num(self.total))
        theme.blit_text(surface, theme.fit(title, 18, self.area.width - 32, "bold"),
                        (theme.mirror_x(self.area.x + 16, self.area), self.area.y + 16), 18,
                        theme.GOLD, "bold", anchor=theme.align("topleft"))
        self.widgets.draw(surface)
