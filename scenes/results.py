"""The results overlay shown when a game ends: outcome, score table, the full move log,
and what next (play again: Enter; replay the game; back to the menu). Esc opens the table's
pause menu over it, as over a deal's summary (it went to the menu at once, and a player who
meant to close the results or to look at the table lost the game's replay: pt161, pt163;
the pause menu's Quit to menu leaves as the Menu button does). The move list
scrolls by the wheel and by the arrow, page, Home and End keys, showing whole entries only.

The titles, rows and log come translated (or not yet) from the table; the overlay's own
words go through the catalogues. Right to left, the log stands on the left of the table.

Both overlays change only on input (or, for a summary counting up, with its count): they
tell the app so (``needs_redraw``). Everything of the results but its buttons is drawn
once over the frozen table beneath (the scene manager's cached ``under`` picture) and kept
as a picture, redrawn when the table beneath, the log's scroll or the language changes.
Its words are laid out and rendered before its first frame (``prepare``, which the scene
manager calls as it pushes the results; ``_layout`` keeps them): that frame cost 13-25 ms
more than the others laying them out.

A game may name the card images of its groups (``card_names``, set by the table: Chắn's
cards print their names a few pixels tall on a small window); the card under the pointer
then has its name written in a label beside it (``scenes.card_name_label``), drawn over the
kept picture, clear of the results' words and buttons where there is room (above the card it
covered the score line); from the first frame when the results open under a resting pointer."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ecs.input import InputEvent
from game.i18n import _, num, signed
from scenes import card_name_label as names
from scenes import pictures, theme
from scenes.base import Scene
from scenes.crisp import CRISP
from scenes.widgets import Button, WidgetGroup

LINE = 17
BAND = (70, 58, 24)  # behind the highlighted row

Words = tuple[tuple, pygame.Rect]
"""Words as they stand on the results: (what ``theme.blit_text`` draws them from: text,
position, size, colour, style, anchor; the box they fill)."""


def _words(string: str, pos: tuple[float, float], size: int,
           color: tuple[int, int, int] = theme.INK, style: str = "sans",
           anchor: str = "topleft") -> Words:
    """``string`` placed as ``theme.blit_text`` draws it, and rendered now: the theme keeps
    the image, so drawing the words later renders nothing."""
    image = theme.text(string, size, color, style)
    box = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    return (string, pos, size, color, style, anchor), box


def _put(surface: pygame.Surface, words: list[Words]) -> None:
    for (string, pos, size, color, style, anchor), _box in words:
        theme.blit_text(surface, string, pos, size, color, style, anchor=anchor)


SUBTITLE_LINES = 3  # at most, under the results' title (two at the usual size)
NAME_ROOM = 14  # more room under the cards of a result's groups, for the label naming one


class OverTable:
    """An overlay standing over a table (the results, a deal's summary): Esc opens the table's
    pause menu over it, and Resume comes back to it."""

    app: object

    def _table(self):
        """The table this overlay stands over (None if none)."""
        return next((s for s in reversed(self.app.scenes.stack[:-1])
                     if hasattr(s, "open_pause")), None)

    def pause_game(self) -> None:
        """The pause menu of the table below, over this overlay."""
        from scenes.pause import PauseMenu

        table = self._table()
        if table is not None:
            self.app.scenes.push(PauseMenu(self.app, table), transition="fade")


class ResultsOverlay(OverTable, Scene):
    name = "results"
    opaque = False

    def __init__(self, app, title: str, subtitle: str, header: list[str],
                 rows: list[list[str]], on_again: Callable[[], None],
                 on_menu: Callable[[], None], highlight_row: int | None = None,
                 log: list[str] | None = None,
                 on_replay: Callable[[], None] | None = None,
                 groups: list[list[pygame.Surface]] | None = None,
                 headings: dict[int, str] | None = None,
                 again_words: Callable[[], str] | None = None) -> None:
        super().__init__(app)
        self.again_words = again_words or (lambda: _("Play again"))  # (in the language now)
        self.title, self.subtitle = title, subtitle
        self.header, self.rows = header, rows
        self.highlight_row = highlight_row
        self.log = list(log or [])
        self.headings = dict(headings or {})  # before the log's entry n (from 0): "— Deal 2 —"
        self.groups = groups or []  # card images shown in groups (e.g. a winning hand)
        self.card_names: list[list[str]] = []  # the name of each image of ``groups``, if told
        self.named: int | None = None  # the card under the pointer (in ``_group_cards``)
        self._pointer_seen = False  # a pointer event came since the results opened
        extra = max((g.get_height() for group in self.groups for g in group), default=0)
        # (under the cards, room for the label naming one: above them stand the score lines,
        # beside them the other cards, where it crowded the words or read as naming them,
        # pt153)
        self.extra = extra + 16 + NAME_ROOM if extra else 0
        self.panel = pygame.Rect(0, 0, 1040, max(440, 330 + 44 * len(rows) + self.extra))
        self.panel.center = (app.size[0] // 2, app.size[1] // 2)
        self.table_rect = pygame.Rect(self.panel.x + 30, self.panel.y + 20, 620,
                                      self.panel.height - 120)
        self.log_rect = pygame.Rect(self.table_rect.right + 20, self.panel.y + 24,
                                    self.panel.right - self.table_rect.right - 50,
                                    self.panel.height - 130)
        self.table_rect = theme.mirror(self.table_rect, self.panel)
        self.log_rect = theme.mirror(self.log_rect, self.panel)
        self.scroll = 0  # lines scrolled up from the end
        self.age = 0.0  # seconds shown (Enter plays again only after SUMMARY_KEYS_AFTER)
        self._static: pygame.Surface | None = None  # the frame but for the buttons
        self._static_for: tuple | None = None
        self._static_notes: list = []  # the words in the kept picture (``scenes.crisp``)
        # the words laid out (``_layout``): the titles and table's, the log's, and for what
        self._table_words: tuple[list[Words], pygame.Rect | None] = ([], None)
        self._table_for: tuple | None = None
        self._log_words: list[Words] = []
        self._log_for: tuple | None = None
        self._actions = (on_again, on_replay, on_menu)
        self._build()
        self._lines = self._wrap_log()

    def _build(self) -> None:
        on_again, on_replay, on_menu = self._actions
        bottom = self.panel.bottom - 82
        x = self.panel.x + 40

        def at(rect: tuple) -> pygame.Rect:
            return theme.mirror(rect, self.panel)

        buttons = [Button(at((x, bottom, 200, 56)), self.again_words(), on_again, primary=True,
                          hotkey=pygame.K_RETURN)]
        if on_replay is not None:
            buttons.append(Button(at((x + 220, bottom, 200, 56)), _("Replay"), on_replay))
        buttons.append(Button(at((x + 440 if on_replay else x + 220, bottom, 200, 56)),
                              _("Menu"), on_menu))
        self.widgets = WidgetGroup(buttons, keys="tab")

    # the app's messages (Ctrl+Z: "The game is over: nothing to undo.") stand in the panel's
    # free corner under the list of moves, beside the buttons: at the foot of the screen
    # they lay across the panel's bottom edge (pt95)
    toast_room = 1

    def toast_span(self) -> tuple[int, int]:
        buttons = [w.rect for w in self.widgets.widgets]
        if theme.rtl():
            lo, hi = self.panel.left + 12, min(r.left for r in buttons) - 12
        else:
            lo, hi = max(r.right for r in buttons) + 12, self.panel.right - 12
        return (lo + hi) // 2, hi - lo

    def toast_bottom(self) -> int:
        return self.panel.bottom - 18

    def exit(self) -> None:
        pictures.give_back(self._static)  # (for the next results or table)
        self._static = self._static_for = None

    def language_changed(self) -> None:
        self._build()
        self._static_for = None
        self._table_for = self._log_for = None  # laid out again, in the new language

    def needs_redraw(self) -> bool:
        return False  # only input changes it (and the app redraws after input)

    def update(self, dt: float) -> None:
        self.age += dt

    def resume(self) -> None:
        super().resume()
        self.age = 0.0  # shown again (back from the replay): Enter waits again (pt99)

    @property
    def laid_out(self) -> bool:
        """Whether the words are laid out and rendered (``lay_out``)."""
        return self._table_for == (theme.rtl(),) and self._log_for == (self.scroll, theme.rtl())

    def lay_out(self) -> None:
        """The words laid out and rendered now (a table does it a frame before it opens the
        results, so that no frame does all the work)."""
        self._layout()

    def prepare(self, surface: pygame.Surface) -> None:
        """Before the first frame (the scene manager calls it as the results open): the words
        laid out and rendered, the veil, the panel and the buttons drawn once on the scratch
        ``surface``, so that the first frame only blits what is made."""
        self._layout()
        if self._static is None:  # (its pages made now: the first frame only draws in it)
            self._static = pictures.take(self.app.size, surface)
        theme.dim(surface, theme.VEIL_RESULTS)
        theme.panel(surface, self.panel, alpha=255, edge=theme.GOLD)
        self.widgets.draw(surface)

    def _wrap_log(self) -> list[str]:
        lines: list[str] = []
        for n, entry in enumerate(self.log, 1):
            if n - 1 in self.headings:
                lines.append(self.headings[n - 1])
            lines.extend(theme.wrap_hanging(_("{number}. {move}").format(number=num(n),
                                                                         move=entry), 13,
                                            self.log_rect.width - 24, WRAPPED))
        return lines

    def handle(self, event: InputEvent) -> None:
        if event.kind in ("move", "down", "up"):
            self.named = self._card_at(event.pos)
            self._pointer_seen = True
        if (event.kind == "key" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.age < SUMMARY_KEYS_AFTER):
            return  # (Enter pressed to go on as the game ended played again at once: the
            # results were never seen, pt98; a click on Play again still does)
        if self.widgets.handle(event):
            return
        from scenes.game_table import is_undo_key  # (the table's module imports this one)

        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            self.pause_game()  # (as over a deal's summary; it went to the menu at once)
        elif is_undo_key(event):  # (it said nothing over the results, while it spoke before
            self.app.toast(_("The game is over: nothing to undo."))  # they opened: pt89)
        elif event.kind == "wheel" and self.log_rect.collidepoint(event.pos):
            self._scroll_by(event.dy * 3)
        elif event.kind == "key" and event.key in (pygame.K_HOME, pygame.K_END):
            self._scroll_by(len(self._lines) if event.key == pygame.K_HOME else -len(self._lines))
        elif event.kind == "key" and event.key in SCROLL_KEYS:
            step = SCROLL_KEYS[event.key]
            if abs(step) > 1:  # a page: all the visible lines but one
                step = (1 if step > 0 else -1) * (self._visible() - 1)
            self._scroll_by(step)

    def _visible(self) -> int:
        """How many lines of the move list stand in its box."""
        return (self.log_rect.height - 40) // LINE

    def _scroll_by(self, lines: int) -> None:
        """Scroll the move list ``lines`` up (negative: down), within its ends."""
        self.scroll = max(0, min(len(self._lines) - self._visible(), self.scroll + lines))

    def draw(self, surface: pygame.Surface) -> None:
        under = self.app.scenes.drawing_over  # the cached picture beneath, if drawn over it
        key = (under, self.scroll, theme.rtl(), CRISP.on)
        if under is not None and self._static is not None and self._static_for == key:
            surface.blit(self._static, (0, 0))
            CRISP.extend(self._static_notes)  # its words, drawn crisp on a large window
        else:
            mark = CRISP.mark()
            self._draw_static(surface)
            if under is not None:
                if self._static is None:
                    self._static = pictures.take(self.app.size, surface)
                self._static.blit(surface, (0, 0))
                self._static_for = key
                self._static_notes = CRISP.since(mark)
        self.widgets.draw(surface)
        self._draw_card_name(surface)

    def _draw_card_name(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The name of the card under the pointer in a label beside it (``names``), above
        all else, sized for the window's scale; none when no named card is under it. Before
        any pointer event here (the results opened under a pointer at rest) the card is the
        one under the app's pointer: named from the first frame, not the first move."""
        cards = self._group_cards()
        named = self.named if self._pointer_seen else self._card_at(self.app.pointer)
        if named is None or named >= len(cards) or cards[named][1] is None:
            return None
        rect, name = cards[named]
        return names.draw(surface, name, rect, self.keep_clear(named), CRISP.scale)

    def keep_clear(self, named: int | None = None) -> list[pygame.Rect]:
        """What the card's label covers only where no place is free of it: the results'
        words (title, score lines, table) and the move list's box, the buttons, and the
        group cards but the card ``named`` (the index of the one under the pointer)."""
        words, _band = self._layout()[0]
        cards = [rect for i, (rect, _name) in enumerate(self._group_cards()) if i != named]
        return ([box for _args, box in words] + [self.log_rect]
                + [w.rect for w in self.widgets.widgets] + cards)

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        """Which named card image lies under ``pos`` (the topmost: the next card of a group
        lies over the right part of the one before), or None."""
        cards = self._group_cards()
        return next((i for i in reversed(range(len(cards)))
                     if cards[i][1] is not None and cards[i][0].collidepoint(pos)), None)

    def _group_cards(self) -> list[tuple[pygame.Rect, str | None]]:
        """Each card image of the groups where ``_draw_groups`` puts it, in drawing order,
        with its name (``card_names``; None when not told)."""
        t = self.table_rect
        y = t.y + 122
        widths = [g[0].get_width() * (1 + 0.6 * (len(g) - 1)) for g in self.groups if g]
        gap = 8
        x = t.centerx - (sum(widths) + gap * (len(widths) - 1)) / 2
        out = []
        for i, group in enumerate(self.groups):
            if not group:
                continue
            told = self.card_names[i] if i < len(self.card_names) else []
            for k, image in enumerate(group):
                rect = image.get_rect(topleft=(round(x + k * image.get_width() * 0.6), y))
                out.append((rect, told[k] if k < len(told) else None))
            x += group[0].get_width() * (1 + 0.6 * (len(group) - 1)) + gap
        return out

    def _draw_static(self, surface: pygame.Surface) -> None:
        """The veil, panel, titles, score table and log: all but the buttons."""
        theme.dim(surface, theme.VEIL_RESULTS)
        theme.panel(surface, self.panel, alpha=255, edge=theme.GOLD)
        (words, band), log = self._layout()
        if band is not None:
            pygame.draw.rect(surface, BAND, band, border_radius=8)
        if self.groups:
            self._draw_groups(surface)
        _put(surface, words)
        pygame.draw.rect(surface, (16, 22, 30), self.log_rect, border_radius=10)
        _put(surface, log)

    def _draw_groups(self, surface: pygame.Surface) -> None:
        images = [image for group in self.groups for image in group]
        for image, (rect, _name) in zip(images, self._group_cards()):
            surface.blit(image, rect)

    def _layout(self) -> tuple[tuple[list[Words], pygame.Rect | None], list[Words]]:
        """((the title's, score lines' and table's words, the highlighted row's band), the
        move list's words), rendered and placed: made once (``prepare``), the list's again
        when it scrolls, both again in another language."""
        if self._table_for != (theme.rtl(),):
            self._table_words, self._table_for = self._lay_out_table(), (theme.rtl(),)
        if self._log_for != (self.scroll, theme.rtl()):
            self._log_words, self._log_for = self._lay_out_log(), (self.scroll, theme.rtl())
        return self._table_words, self._log_words

    def _lay_out_table(self) -> tuple[list[Words], pygame.Rect | None]:
        t = self.table_rect
        out = [_words(self.title, (t.centerx, t.y + 10), 42, theme.GOLD, "serif",
                      anchor="midtop")]
        size, step = 18, 24
        lines = theme.wrap(self.subtitle, size, t.width - 20)
        if len(lines) > 2:  # three lines, smaller: the third was lost (a Chắn win's score,
            size, step = 16, 20  # under its features wrapped over two lines)
            lines = theme.wrap(self.subtitle, size, t.width - 20)
        for i, line in enumerate(lines[:SUBTITLE_LINES]):
            out.append(_words(line, (t.centerx, t.y + 70 + step * i), size, theme.INK_DIM,
                              anchor="midtop"))
        columns = max(1, len(self.header))
        widths = column_widths(self.header, self.rows, t.width - 20)
        lefts = [sum(widths[:c]) for c in range(columns)]

        def col_x(c: int) -> int:  # the player's column first in reading order (right in Persian)
            centre = lefts[c] + widths[c] // 2
            return t.x + 10 + (t.width - 20 - centre if theme.rtl() else centre)

        y = t.y + 132 + self.extra
        for c, head in enumerate(self.header):
            out.append(_words(head, (col_x(c), y), 17, theme.GOLD, "bold", anchor="midtop"))
        y += 34
        band = None
        for r, row in enumerate(self.rows):
            if r == self.highlight_row:
                band = pygame.Rect(t.x, y - 6, t.width, 38)
            for c, cell in enumerate(row):
                out.append(_words(cell, (col_x(c), y), 20, theme.INK,
                                  "bold" if c == 0 else "sans", anchor="midtop"))
            y += 44
        return out, band

    def _lay_out_log(self) -> list[Words]:
        rect = self.log_rect
        lead = theme.align("topleft")
        start = rect.right - 12 if theme.rtl() else rect.x + 12
        out = [_words(_("All moves ({count})").format(count=num(len(self.log))),
                      (start, rect.y + 10), 16, theme.GOLD, "bold", anchor=lead)]
        visible = self._visible()
        end = len(self._lines) - self.scroll
        while end < len(self._lines) and self._lines[end].startswith(WRAPPED) and end > 1:
            end -= 1  # whole entries only at the bottom too: no entry cut after its first line
        first = max(0, end - visible)
        while 0 < first < end and self._lines[first].startswith(WRAPPED):
            first += 1  # whole entries only: an entry's second half alone ("removed") lies
        y = rect.y + 36
        for line in self._lines[first:end]:
            out.append(_words(line, (start, y), 13, theme.INK_DIM, anchor=lead))
            y += LINE
        if len(self._lines) > visible:
            end = rect.x + 10 if theme.rtl() else rect.right - 10
            out.append(_words(_("wheel to scroll"), (end, rect.y + 12), 12, theme.INK_FAINT,
                              anchor=theme.align("topright")))
        return out


WRAPPED = "    "  # the indent of a log entry's wrapped lines
SCROLL_KEYS = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 2, pygame.K_PAGEDOWN: -2}
"""Keys that scroll the move list: a line, or (±2) a page."""


SUMMARY_KEYS_AFTER = 1.5  # seconds a deal's summary stands before Enter or Space closes it
# (0.6 s: an Enter pressed to draw as the computers ended the deal closed it unread, pt88)


class DealSummary(OverTable, Scene):
    """Between deals: who did what in the deal just played; Continue (Enter, Space) resumes
    the game, Esc opens the table's pause menu over it."""

    name = "deal-summary"
    opaque = False

    def __init__(self, app, title: str, subtitle: str, header: list[str],
                 rows: list[list[str]], count_up: bool = False,
                 details: list[list[tuple[str, tuple]]] | None = None,
                 reword=None, last: bool = False, highlight_row: int | None = None) -> None:
        super().__init__(app)
        self.last = last  # the game's last deal: its button leads to the results
        self.highlight_row = highlight_row  # the deal's winner, on a band
        self.title, self.subtitle, self.header, self.rows = title, subtitle, header, rows
        self._reword = reword  # () -> (title, subtitle, header, rows) in the language now
        # under each row, a line of coloured words (the cards left in a hand), or none;
        # given as a function, made again when the cards' colours change (four colours)
        self._details_of = details if callable(details) else None
        details = details() if callable(details) else details
        self.details = details if details and any(details) else None
        self.row_h = 62 if self.details else 40
        self.count_time = app.settings.anim(1.2) if count_up else 0.0
        self.age = 0.0
        self._drawn: tuple | None = None  # the numbers as last drawn
        self.panel = pygame.Rect(0, 0, 840 if self.details else 720,
                                 250 + self.row_h * len(rows))
        self.panel.center = (app.size[0] // 2, app.size[1] // 2)
        self._build()

    def _build(self) -> None:
        self.widgets = WidgetGroup([
            Button((self.panel.centerx - 130, self.panel.bottom - 74, 260, 54),
                   _("See the results") if self.last else _("Continue"), self.close,
                   primary=True, hotkey=pygame.K_RETURN),
        ], keys="tab")

    def language_changed(self) -> None:
        """Its words in the new language (Settings over it, from the pause menu): they kept
        the language of the deal's end under a table and log in the new one."""
        if self._reword is not None:
            self.title, self.subtitle, self.header, self.rows = self._reword()
        self.card_faces_changed()  # (the cards left are worded too: "joker")
        self._drawn = None
        self._build()

    def card_faces_changed(self) -> None:
        """The suits' colours changed (Settings over the summary): the cards left, coloured
        as the cards, are made again (they kept the colours of the summary's opening)."""
        if self._details_of is not None and self.details is not None:
            self.details = self._details_of()
            self._drawn = None

    def close(self) -> None:
        self.app.scenes.pop(transition="fade")

    def update(self, dt: float) -> None:
        self.age += dt

    def needs_redraw(self) -> bool:
        return self._counted() != self._drawn

    def _counted(self) -> tuple:
        return tuple(self.cell(cell) for row in self.rows for cell in row[1:])

    def cell(self, text: str) -> str:
        """A number counted up from zero while the summary opens."""
        if self.count_time <= 0 or self.age >= self.count_time:
            return text
        try:
            value = int(text)
        except ValueError:
            return text
        counted = round(value * self.age / self.count_time)
        if text[:1] in "+-":  # (stakes keep their sign as they count: "+2", not "2")
            return signed(counted)
        return num(counted)  # (Persian digits in Persian)

    def handle(self, event: InputEvent) -> None:
        if (event.kind == "key" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                  pygame.K_SPACE)
                and self.age < SUMMARY_KEYS_AFTER):
            return  # (an Enter meant for the table, pressed as the deal ended, closed the
            # summary unread: pt64; a click on Continue still closes it)
        if self.widgets.handle(event):
            return
        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            self.pause_game()  # Esc pauses, as everywhere at a table: closing the summary dealt
            return  # the next hand behind the player's back
        if event.kind == "key" and event.key == pygame.K_SPACE:
            self.close()
            return
        table = self._table()
        if table is not None and hasattr(table, "summary_key"):
            table.summary_key(event)  # (Ctrl+Z, H: why they do nothing here)

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = self._counted()
        theme.dim(surface, theme.VEIL_SUMMARY)
        p = self.panel
        theme.panel(surface, p, alpha=255, edge=theme.GOLD)
        theme.blit_text(surface, self.title, (p.centerx, p.y + 22), 34, theme.GOLD, "serif",
                        anchor="midtop")
        theme.blit_text(surface, self.subtitle, (p.centerx, p.y + 74), 17, theme.INK_DIM,
                        anchor="midtop")
        col_w = (p.width - 60) // max(1, len(self.header))
        columns = len(self.header)

        def centre(c: int) -> int:  # the first column at the reading side (right in Persian)
            return p.x + 30 + col_w * (columns - 1 - c if theme.rtl() else c) + col_w // 2

        y = p.y + 112
        for c, head in enumerate(self.header):
            theme.blit_text(surface, head, (centre(c), y), 16, theme.GOLD, "bold",
                            anchor="midtop")
        for r, row in enumerate(self.rows):
            y += 40 if r == 0 else self.row_h
            details = self.details[r] if self.details and r < len(self.details) else None
            if r == self.highlight_row:  # (the deal's winner stood third, unmarked: pt80)
                pygame.draw.rect(surface, BAND, (p.x + 20, y - 7, p.width - 40,
                                                 self.row_h - 6 if details else 36),
                                 border_radius=6)
            for c, cell in enumerate(row):
                theme.blit_text(surface, self.cell(cell) if c else cell, (centre(c), y), 18,
                                theme.INK, "bold" if c == 0 else "sans", anchor="midtop")
            if details:
                _draw_words(surface, details, (p.centerx, y + 26), p.width - 60)
        self.widgets.draw(surface)


def column_widths(header: list[str], rows: list[list[str]], width: int) -> list[int]:
    """The results table's columns in ``width`` pixels: equal when every heading and cell
    fits its share, else each column as wide as its widest words need, the room left
    shared out ("Ghế 2 (Bình thường)" ran over the panel's edge in an equal column)."""
    columns = max(1, len(header))
    equal = width // columns
    need = []
    for c in range(columns):
        words = [theme.text_width(header[c], 17, "bold")] if c < len(header) else []
        words += [theme.text_width(row[c], 20, "bold" if c == 0 else "sans")
                  for row in rows if c < len(row)]
        need.append(max(words, default=0) + 16)
    if all(n <= equal for n in need):
        return [equal] * columns
    total = sum(need)
    if total >= width:
        return [n * width // total for n in need]
    extra = (width - total) // columns
    return [n + extra for n in need]


def _draw_words(surface: pygame.Surface, words: list[tuple[str, tuple]],
                midtop: tuple[int, int], width: int) -> None:
    """A line of words (cards left in a hand), each in its colour, centred at ``midtop``;
    a smaller size when it would be wider than ``width``. Cards read left to right in every
    language, as the table lays them out (in Persian they came out backwards)."""
    gap = 10
    for size in (16, 15, 14, 13, 12):
        widths = [theme.text_width(text, size, "bold") for text, _ in words]
        total = sum(widths) + gap * (len(words) - 1)
        if total <= width:
            break
    x = midtop[0] - total / 2
    for (text, colour), w in zip(words, widths):
        theme.blit_text(surface, text, (round(x), midtop[1]), size, colour, "bold")
        x += w + gap
