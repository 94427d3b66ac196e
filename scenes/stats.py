"""Statistics: for each game, results against the computer per AI level, with a bar chart.

Played, won, lost, drawn, best score, current and longest win streak; a stacked bar per
level (won / drawn / lost). "Reset" asks for confirmation before clearing everything.
"""

from __future__ import annotations

import pygame

from ecs.input import InputEvent
from game.catalog import GAMES, LEVELS
from game.i18n import N_, _, num
from game.saves import flush_saves
from game.stats import LEVEL_WORDS, empty_record, load_stats, reset_stats
from game.storage import StorageError
from scenes import theme
from scenes.base import Scene
from scenes.widgets import Button, WidgetGroup

WON, DRAWN, LOST = (86, 170, 96), (190, 170, 90), (190, 80, 70)
COLUMN_WIDTHS = (120, 90, 80, 80, 80, 90, 90, 90)  # at least; wider for longer words
COLUMN_GAP = 14  # the least space between a word and the next column


BEST_MEANS = {
    "zetema": N_("Best: your highest final score."),
    "telefunken": N_("Best: your lowest penalty total (the lower, the better)."),
    "zertz": N_("Best: your most points in a game."),
    "chan": N_("Best: your largest settlement in a deal (three times the score when you win; "
               "below zero, what you paid)."),
}
"""What the "Best" column holds in each game."""


class StatsScene(Scene):
    name = "stats"
    opaque = False

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(70, 40, app.size[0] - 140, app.size[1] - 80)
        self.keys = [g.key for g in GAMES]
        self.game = game if game in self.keys else self.keys[0]
        self.tabs = []
        x = self.panel.x + 40
        for g in GAMES:
            self.tabs.append((g.key, pygame.Rect(x, self.panel.y + 20, 170, 42)))
            x += 180
        self.confirming = False
        flush_saves()  # the last game's count, written on the writer thread
        self.data, message = load_stats()
        if message:
            app.toast(message, error=True, lasting=True)
        self._build()

    def _build(self, answered: bool = False) -> None:
        """The buttons; ``answered``: back from the Reset question (a keyboard's focus goes
        to Reset… again)."""
        p = self.panel
        old = getattr(self, "widgets", None)
        if self.confirming:
            self.widgets = WidgetGroup([
                Button(theme.mirror((p.centerx - 230, p.bottom - 70, 220, 50), p),
                       _("Yes, reset all"), self._reset, size=18),
                Button(theme.mirror((p.centerx + 10, p.bottom - 70, 220, 50), p), _("Keep them"),
                       self._cancel, primary=True, size=18),
            ], keys="tab")
            self.widgets.take_focus(old, to=self.widgets.widgets[1])  # (the safe answer)
            return
        self.widgets = WidgetGroup([
            Button(theme.mirror((p.x + 40, p.bottom - 70, 200, 50), p), _("Reset…"),
                   self._ask, size=18),
            Button(theme.mirror((p.right - 200, p.bottom - 70, 160, 50), p), _("Back"),
                   self.close, primary=True, size=18),
        ], keys="tab")
        self.widgets.take_focus(old, to=self.widgets.widgets[0] if answered else None)

    def language_changed(self) -> None:
        self._build()

    def toast_bottom(self) -> int:
        """Messages stand inside the panel, level with its buttons (they lay across its
        bottom edge)."""
        return self.panel.bottom - 20

    def toast_span(self) -> tuple[int, int]:
        """... between Reset and Back."""
        return self.panel.centerx, self.panel.width - 2 * 260

    def _ask(self) -> None:
        self.confirming = True
        self._build()

    def _cancel(self) -> None:
        self.confirming = False
        self._build(answered=True)

    def _reset(self) -> None:
        self.confirming = False
        self._build(answered=True)
        if self.app.saves_shared:  # (the file is the other window's too)
            self.app.toast(_("Nothing was reset: another Parlour window uses the same saves, "
                             "and this one writes nothing."), error=True)
            return
        try:
            flush_saves()
            reset_stats()
        except StorageError as exc:
            self.app.storage_failed(_("The statistics could not be reset"), exc)
            return
        self.data = {}
        self.app.toast(_("Statistics reset."))

    def close(self) -> None:
        self.app.scenes.pop(transition="fade")

    def records(self) -> dict[str, dict]:
        game = self.data.get(self.game, {})
        return {level: game.get(level, empty_record()) for level in LEVELS}

    def handle(self, event: InputEvent) -> None:
        if self.widgets.handle(event):
            return
        if event.kind == "down" and event.button == 1:
            for key, rect in self.tabs:
                if theme.mirror(rect, self.panel).collidepoint(event.pos):
                    self.game = key
        elif event.kind == "key":
            if event.key == pygame.K_ESCAPE:
                self._cancel() if self.confirming else self.close()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                # the next tab lies to the right, or to the left where the tabs read right
                # to left
                ahead = pygame.K_LEFT if theme.rtl() else pygame.K_RIGHT
                i = self.keys.index(self.game) + (1 if event.key == ahead else -1)
                self.game = self.keys[i % len(self.keys)]

    def needs_redraw(self) -> bool:
        """Its picture changes only with input, which redraws anyway: idle, it draws
        nothing (it drew sixty frames a second)."""
        return self.widgets.needs_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 175)
        theme.panel(surface, self.panel, alpha=255)
        p = self.panel
        for key, rect in self.tabs:
            title = next(g.title for g in GAMES if g.key == key)
            rect = theme.mirror(rect, p)
            pygame.draw.rect(surface, (176, 124, 34) if key == self.game else (40, 52, 66), rect,
                             border_radius=10)
            theme.blit_text(surface, title, rect.center, 19, theme.INK, "bold", anchor="center")
        # the screen's name, beside the tabs (every other screen has a title, pt109)
        end = theme.mirror(pygame.Rect(p.right - 40, 0, 0, 0), p).x
        theme.blit_text(surface, _("Statistics"), (end, self.tabs[0][1].centery), 34, theme.GOLD,
                        "serif", anchor="midright" if not theme.rtl() else "midleft")
        records = self.records()
        x0, y0 = p.x + 40, p.y + 90
        lead = theme.align("topleft")
        theme.blit_text(surface, _("One person against the computer, by level of the strongest "
                                   "opponent"),
                        (theme.mirror_x(x0, p), y0), 16, theme.INK_DIM, anchor=lead)
        y = y0 + 36 + 36 * len(LEVELS)
        for text, size, colour, style, rect in self.table_cells(records):
            theme.blit_text(surface, text, rect.topleft, size, colour, style)
        # (Chắn's best was read as a deal score); kept left of the chart (in Vietnamese the
        # line ran on under the chart's first bar: pt54)
        note = theme.wrap(_(BEST_MEANS[self.game]), 15, 740) + theme.wrap(_(
            "A game left unfinished by Restart, or by Start over its saved game, counts as "
            "lost."), 15, 740)
        for i, line in enumerate(note):
            theme.blit_text(surface, line, (theme.mirror_x(x0, p), y + 44 + 20 * i), 15,
                            theme.INK_FAINT, anchor=lead)
        y += 20 * (len(note) - 1)  # (what follows goes below its last line)
        self._chart(surface, theme.mirror((x0 + 760, y0 + 30, p.right - x0 - 800, 200), p),
                    records)
        if not any(r["played"] for r in records.values()):
            theme.blit_text(surface, _("No finished games against the computer yet (games "
                                       "between people are not counted)."),
                            (theme.mirror_x(x0, p), y + 84), 17, theme.INK_FAINT, anchor=lead)
        if self.confirming:
            theme.blit_text(surface, _("Reset the statistics of every game? This cannot be undone."),
                            (p.centerx, p.bottom - 96), 18, theme.RED, "bold",
                            anchor="midbottom")
        self.widgets.draw(surface)

    def table_cells(self, records: dict) -> list[tuple[str, int, tuple, str, pygame.Rect]]:
        """The table's headings and cells as drawn: (text, size, colour, style, rect). A
        column is as wide as its longest word needs ("Bình thường"), at least its usual
        width, so that no word runs into the next column."""
        p = self.panel
        x0, y0 = p.x + 40, p.y + 90
        rows = [[(head, 16, theme.GOLD, "bold") for head in self.headings()]]
        for level in LEVELS:
            r = records[level]
            cells = [_(LEVEL_WORDS[level])] + [
                num(v) for v in (r["played"], r["won"], r["lost"], r["drawn"])] + [
                "—" if r["best"] is None else num(r["best"]), num(r["streak"]), num(r["longest"])]
            rows.append([(cell, 17, theme.INK, "bold" if i == 0 else "sans")
                         for i, cell in enumerate(cells)])
        widths = [max(w, *(theme.text_width(row[i][0], row[i][1], row[i][3]) + COLUMN_GAP
                           for row in rows))
                  for i, w in enumerate(COLUMN_WIDTHS)]
        out = []
        for r, row in enumerate(rows):
            y = y0 + 36 * (r + 1)
            x = x0
            for (text, size, colour, style), w in zip(row, widths):
                rect = theme.text(text, size, colour, style).get_rect(topleft=(x, y))
                if theme.rtl():
                    rect.right = round(theme.mirror_x(x, p))
                out.append((text, size, colour, style, rect))
                x += w
        return out

    @staticmethod
    def headings() -> list[str]:
        return [_("Level"), _("Played"), _("Won"), _("Lost"), _("Drawn"), _("Best"),
                _("Streak"), _("Longest")]

    def _chart(self, surface: pygame.Surface, rect: pygame.Rect, records: dict) -> None:
        """A stacked bar per level: won, drawn, lost, scaled to the most played level."""
        top = max(1, max(r["played"] for r in records.values()))
        bar_w = min(60, (rect.width - 40) // len(LEVELS))
        base = rect.bottom
        pygame.draw.line(surface, theme.INK_FAINT, (rect.x, base), (rect.right, base), 1)
        for i, level in enumerate(LEVELS):
            r = records[level]
            x = rect.x + 20 + i * (rect.width - 40) // len(LEVELS)
            if theme.rtl():  # the first level on the right
                x = rect.x + rect.right - x - bar_w
            y = base
            for count, colour in ((r["won"], WON), (r["drawn"], DRAWN), (r["lost"], LOST)):
                h = round((rect.height - 30) * count / top)
                if h:
                    pygame.draw.rect(surface, colour, (x, y - h, bar_w, h))
                    y -= h
            theme.blit_text(surface, _(LEVEL_WORDS[level]), (x + bar_w // 2, base + 6), 14,
                            theme.INK_DIM, anchor="midtop")
            theme.blit_text(surface, num(r["played"]), (x + bar_w // 2, y - 4), 14, theme.INK,
                            anchor="midbottom")
        ly = rect.bottom + 32
        for label, colour in ((_("won"), WON), (_("drawn"), DRAWN), (_("lost"), LOST)):
            if theme.rtl():
                pygame.draw.rect(surface, colour, (rect.right - 34, ly, 14, 14))
                theme.blit_text(surface, label, (rect.right - 40, ly - 1), 14, theme.INK_DIM,
                                anchor="topright")
            else:
                pygame.draw.rect(surface, colour, (rect.x + 20, ly, 14, 14))
                theme.blit_text(surface, label, (rect.x + 40, ly - 1), 14, theme.INK_DIM)
            ly += 20
