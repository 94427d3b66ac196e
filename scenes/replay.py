"""Replay of a finished game: the game's own table with no player input, stepped move by
move (from the seed and the move list) with Back / Next, the arrow keys, Home and End, or
played on by itself (Play, or P: each move once the one before has landed and stood a
moment; Pause, P again, a step back or a jump stops it).

The replay is pushed over the scene that opened it (the results screen), so "Close replay"
goes back there (so does Esc). The bar's words follow the current language; in a
right-to-left language (Persian) it reads from the right: Start and Next stand on the right
and the Left arrow key steps forwards."""

from __future__ import annotations

import pygame

from game.catalog import GameConfig
from game.i18n import _, num
from game.session import Session
from scenes import theme
from scenes.widgets import Button, WidgetGroup


def start_replay(app, table_cls, config: GameConfig, moves: list[str], at: int = 0,
                 initial=None, timed=(), unasked=()) -> None:
    """Show ``table_cls`` in replay mode at move ``at`` over the current scene; the moves
    are played from ``initial`` (the game's starting position as its save holds it), by
    default the new game of ``config``; ``timed``: the moves the clock made, ``unasked``:
    those the table made for a person (their log lines say so, as in the game).

    Closing the replay pops it, back to whatever opened it (the results screen); with an
    empty stack the menu is put below it first.
    """
    from scenes.menu import MainMenu

    table = replay_table(app, table_cls, config, moves, at, initial, timed, unasked)
    if not app.scenes.stack:
        app.scenes.reset(MainMenu(app), transition=None)
    app.scenes.push(table, transition="fade")


def replay_table(app, table_cls, config: GameConfig, moves: list[str], at: int, initial=None,
                 timed=(), unasked=()):
    session = Session.new(config)
    if initial is not None:  # (a game resumed from a save that starts elsewhere: Telefunken
        session = Session(config, session.rules, initial, initial)  # at deal 6, say)
    session.timed = set(timed)  # (all of the game's: a jump forward keeps them)
    session.unasked = set(unasked)
    for move in moves[:at]:
        session.play(move)
    return table_cls(app, config, session, replay=list(moves))


TALL = 176  # the bar's height with two rows of two buttons, Play and Close below them
LOW = 120   # ... with the four in one row (a card table's corner)
PLAY_PAUSE = 0.8  # seconds a move stands, once landed, before Play makes the next (at the
PLAY_PAUSE_LEAST = 0.6  # normal animation speed; scaled with it, but never under this)


class ReplayControls:
    """The control bar a table shows in replay mode."""

    def __init__(self, table, playing: bool = False) -> None:
        self.table = table
        self.playing = playing  # Play pressed: the moves follow by themselves
        self._stood = 0.0  # seconds the last move has stood landed, while playing
        area = table.replay_rect()
        self.area = area

        def at(rect: tuple) -> pygame.Rect:  # read from the right in a right-to-left language
            return theme.mirror(rect, area)

        # in Persian the bar reads from the right: Start and Next stand on the right (the
        # Persian labels are words without arrows)
        rtl = theme.rtl()
        labels = (_("« Start"), _("◀ Back"), _("Next ▶"), _("End »"))
        actions = (self.first, self.back, self.next, self.last)
        # Play and Close share the row below; Play's width holds Pause too
        plays = (_("Play ▶"), _("Pause"))
        close_label = _("Close replay")
        if area.height >= TALL:  # two rows of two, Play and Close below
            w = (area.width - 38) // 2
            x1, x2 = area.x + 14, area.x + 24 + w
            y = area.y + 50
            spots = [(x1, y), (x2, y), (x1, y + 44), (x2, y + 44)]
            size = _fitting((*labels, *plays, close_label), w - 16)  # one size for all six
            buttons = [Button(at((x, yy, w, 38)), label, action, size=size)
                       for (x, yy), label, action in zip(spots, labels, actions)]
            play, close = at((x1, y + 88, w, 38)), at((x2, y + 88, w, 38))
        else:  # a low bar (a card table's corner): the four in one row, Play and Close below
            w = (area.width - 28 - 3 * 6) // 4
            size = _fitting(labels, w - 10)
            y = area.y + max(0, (area.height - LOW) // 2) + 36
            buttons = [Button(at((area.x + 14 + k * (w + 6), y, w, 36)), label, action,
                              size=size)
                       for k, (label, action) in enumerate(zip(labels, actions))]
            half = (area.width - 28 - 6) // 2
            play = at((area.x + 14, y + 42, half, 36))
            close = at((area.x + 20 + half, y + 42, area.width - 34 - half, 36))
        buttons[2].primary = True
        bottom = _fitting((*plays, close_label), min(play.width, close.width) - 16)
        self.play_button = Button(play, plays[1] if playing else plays[0], self.toggle_play,
                                  size=bottom, hotkey=pygame.K_p)
        self._plays = plays
        self.widgets = WidgetGroup([*buttons, self.play_button,
                                    Button(close, close_label, self.close, size=bottom)], keys="tab")
        # Esc closes the replay, as its Close button (it opened the pause menu, with Restart,
        # over a finished game's replay)
        self.keys = {pygame.K_ESCAPE: self.close, pygame.K_SPACE: self.next,
                     pygame.K_HOME: self.first, pygame.K_END: self.last,
                     pygame.K_LEFT: self.next if rtl else self.back,
                     pygame.K_RIGHT: self.back if rtl else self.next}
        self._refresh()

    def _refresh(self) -> None:
        """Grey out what cannot move further; at the end, Close becomes the main button."""
        start, back, nxt, end, play, close = self.widgets.widgets
        at_start, at_end = self.position == 0, self.position >= self.total
        if at_end:
            self.playing = False
        start.enabled = back.enabled = not at_start
        nxt.enabled = end.enabled = play.enabled = not at_end
        nxt.primary = not at_end
        close.primary = at_end
        play.label = self._plays[1] if self.playing else self._plays[0]

    @property
    def position(self) -> int:
        return len(self.table.session.moves)

    @property
    def total(self) -> int:
        return len(self.table.replay)

    def next(self) -> None:
        """The next move; one still moving lands at once first (a quick click counts). A
        deal that has ended stays on the table for a step of its own: the next step deals
        the next one (a card table's ``ended_deal``, its ``next_deal``), the move after it
        the step after."""
        table = self.table
        if self.position < self.total:
            if table.animating:
                table.tweens.finish_all()
            if getattr(table, "ended_deal", None) is not None:
                table.next_deal()
                return
            table.rules._apply(table.replay[self.position])

    def toggle_play(self) -> None:
        """Play on from here by itself, or stop (Pause)."""
        self.playing = not self.playing and self.position < self.total
        self._stood = 0.0
        self._refresh()

    def update(self, dt: float) -> None:
        """While playing: the next move once the last has landed and stood a moment."""
        if not self.playing:
            return
        if self.table.animating:
            self._stood = 0.0
            return
        self._stood += dt
        settings = self.table.app.settings
        if self._stood >= max(PLAY_PAUSE_LEAST, settings.anim(PLAY_PAUSE)):
            self._stood = 0.0
            self.next()
            self._refresh()

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
        app.scenes.replace(replay_table(app, type(table), table.config, table.replay, at,
                                        table.session.initial, table.session.timed,
                                        table.session.unasked),
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
        if (event.kind == "key" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and not event.mod & pygame.KMOD_ALT):
            # Enter presses the lit (gold) button, as on a table: Next, at the end Close
            # (it did nothing here, pt77)
            (self.close if self.position >= self.total else self.next)()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        title = _("Replay · move {position} of {total}").format(position=num(self.position),
                                                                 total=num(self.total))
        if self.area.height >= TALL:
            top = 16
        else:  # its own panel: it stands in a corner of a card table
            theme.panel(surface, self.area, alpha=235)
            top = max(0, (self.area.height - LOW) // 2) + 8
        size = 18  # smaller before it is cut ("Replay · move 30 of 228" in 260 px)
        while size > 14 and theme.text_width(title, size, "bold") > self.area.width - 32:
            size -= 1
        theme.blit_text(surface, theme.fit(title, size, self.area.width - 32, "bold"),
                        (theme.mirror_x(self.area.x + 16, self.area), self.area.y + top), size,
                        theme.GOLD, "bold", anchor=theme.align("topleft"))
        self.widgets.draw(surface)


def _fitting(labels, width: int, size: int = 16) -> int:
    """The largest size up to ``size`` (down to 11) at which every label fits ``width``."""
    while size > 11 and max(theme.text_width(t, size, "bold") for t in labels) > width:
        size -= 1
    return size
