"""The rules viewer: a game's rules with tabs and scrolling, in the current language.

The text is ``assets/rules/<lang>/<game>.md`` when that file exists (Persian and
Vietnamese), else the English ``assets/rules/<game>.md``; a Persian text is laid out
right to left. A change of language reloads it (``language_changed``).

Scroll with the wheel, the scrollbar, the arrow keys, Page Up/Down, Home/End; switch game
with the tabs (or Left/Right). Opened from the menu ("How to play"), a setup screen and
the pause menu; Esc or Back returns.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from ecs.input import InputEvent
from game import i18n
from game.catalog import GAMES
from game.i18n import _, num
from game.paths import RULES_TEXTS
from scenes import markdown, theme
from scenes.base import Scene
from scenes.widgets import Button, WidgetGroup

SCROLL_STEP = 60


def rules_path(key: str, lang: str | None = None) -> Path:
    """The rules file of a game in ``lang`` (default: the current language) when there is
    one, else the English file."""
    lang = lang or i18n.language()
    if lang != "en":
        local = RULES_TEXTS / lang / f"{key}.md"
        if local.is_file():
            return local
    return RULES_TEXTS / f"{key}.md"


def rules_text(key: str, lang: str | None = None) -> str:
    """The rules text of a game, or a short explanation if the file is missing. Numbers are
    written as the language writes them (``local_digits``)."""
    path = rules_path(key, lang)
    try:
        return local_digits(path.read_text(encoding="utf-8"), lang or i18n.language())
    except OSError:
        return _("# Rules\n\nThe rules text for this game is missing ({file}).").format(
            file=path.name)


_NUMBER = re.compile(r"(?<![A-Za-z0-9_])[0-9]+(?![A-Za-z0-9_♠♥♦♣])")
_LIST_MARKER = re.compile(r"^(\s*)([0-9]+)([.)] )", re.MULTILINE)
_CARD = re.compile(r"(?<![A-Za-z0-9_])(?:10|[2-9AJQK])[♠♥♦♣]")


def local_digits(text: str, lang: str) -> str:
    """A rules text with its numbers in the language's digits (Persian: ۰–۹), except where
    the digits belong to a Latin name (a key such as F11, a ring such as d4, a move such as
    ``discard 7C``), to a card's name (written as the cards print them, "10♥", and kept
    left to right: "4♦" read "♦۴" in a Persian sentence) or start a numbered line (the
    markdown reader needs those; they are converted when drawn)."""
    if i18n.digits("0", lang) == "0":
        return text
    text = _CARD.sub(lambda m: theme.isolate(m.group(0)), text)
    markers: list[str] = []

    def keep_marker(match: re.Match) -> str:
        markers.append(match.group(2))
        return f"{match.group(1)}{chr(0xE000 + len(markers) - 1)}{match.group(3)}"

    text = _LIST_MARKER.sub(keep_marker, text)
    text = _NUMBER.sub(lambda m: i18n.digits(m.group(0), lang), text)
    return re.sub("[\ue000-\uefff]", lambda m: markers[ord(m.group(0)) - 0xE000], text)


class RulesViewer(Scene):
    name = "rules"
    opaque = False

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(70, 40, app.size[0] - 140, app.size[1] - 80)
        self._place()
        self.keys = [g.key for g in GAMES]
        self.game = game if game in self.keys else self.keys[0]
        self.scroll = 0.0
        self._thumb_drag: float | None = None
        self.tabs: list[tuple[str, pygame.Rect]] = []
        tab_w = 170
        x = self.panel.x + 40
        for g in GAMES:
            self.tabs.append((g.key, pygame.Rect(x, self.panel.y + 20, tab_w, 42)))
            x += tab_w + 10
        self._build()
        self._load()

    def _build(self) -> None:
        self.widgets = WidgetGroup([
            Button(theme.mirror((self.panel.right - 200, self.panel.bottom - 66, 160, 48),
                                self.panel), _("Back"), self.close, primary=True),
        ], keys="tab")

    def _place(self) -> None:
        """The text's area; the scrollbar beside it on the side the lines end (the right in
        English, the left in Persian, where the text is flush right)."""
        self.view = theme.mirror((self.panel.x + 40, self.panel.y + 78, self.panel.width - 100,
                                  self.panel.height - 160), self.panel)

    def language_changed(self) -> None:
        self._place()
        self._build()
        self._load()

    def _load(self) -> None:
        text = rules_text(self.game)
        rtl = theme.has_rtl(text[:2000])
        self.pieces, self.height = markdown.layout(text, self.view.width, rtl=rtl)
        self.scroll = 0.0

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.height - self.view.height)

    def scroll_to(self, value: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll, value))

    def select(self, key: str) -> None:
        if key != self.game:
            self.game = key
            self._load()

    def close(self) -> None:
        self.app.scenes.pop(transition="fade")

    def _thumb(self) -> pygame.Rect | None:
        if self.max_scroll <= 0:
            return None
        x = self.view.x - 28 if theme.rtl() else self.view.right + 18  # mirrored in Persian
        track = pygame.Rect(x, self.view.y, 10, self.view.height)
        h = max(40, round(track.height * self.view.height / self.height))
        y = track.y + round((track.height - h) * self.scroll / self.max_scroll)
        return pygame.Rect(track.x, y, track.width, h)

    def handle(self, event: InputEvent) -> None:
        if self.widgets.handle(event):
            return
        if event.kind == "wheel":
            self.scroll_to(self.scroll - event.dy * SCROLL_STEP)
        elif event.kind == "down" and event.button == 1:
            for key, rect in self.tabs:
                if theme.mirror(rect, self.panel).collidepoint(event.pos):
                    self.select(key)
                    return
            thumb = self._thumb()
            if thumb and thumb.inflate(16, 0).collidepoint(event.pos):
                self._thumb_drag = event.pos[1] - thumb.y
            elif thumb and pygame.Rect(thumb.x - 8, self.view.y, 26,
                                       self.view.height).collidepoint(event.pos):
                page = self.view.height * (1 if event.pos[1] > thumb.y else -1)
                self.scroll_to(self.scroll + page)
        elif event.kind == "move" and self._thumb_drag is not None:
            thumb = self._thumb()
            if thumb:
                span = self.view.height - thumb.height
                y = event.pos[1] - self._thumb_drag - self.view.y
                self.scroll_to(self.max_scroll * max(0, min(span, y)) / max(1, span))
        elif event.kind == "up":
            self._thumb_drag = None
        elif event.kind == "key":
            steps = {pygame.K_DOWN: SCROLL_STEP, pygame.K_UP: -SCROLL_STEP,
                     pygame.K_PAGEDOWN: self.view.height - 40,
                     pygame.K_PAGEUP: -(self.view.height - 40), pygame.K_SPACE: self.view.height - 40}
            if event.key in steps:
                self.scroll_to(self.scroll + steps[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                # the next tab lies to the right, or to the left where the tabs read right
                # to left
                ahead = pygame.K_LEFT if theme.rtl() else pygame.K_RIGHT
                i = self.keys.index(self.game) + (1 if event.key == ahead else -1)
                self.select(self.keys[i % len(self.keys)])
            elif event.key == pygame.K_ESCAPE:
                self.close()

    def needs_redraw(self) -> bool:
        """Its picture changes only with input, which redraws anyway: idle, it draws
        nothing (it drew sixty frames a second)."""
        return self.widgets.needs_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 170)
        theme.panel(surface, self.panel, alpha=255)
        for key, rect in self.tabs:
            title = next(g.title for g in GAMES if g.key == key)
            rect = theme.mirror(rect, self.panel)
            active = key == self.game
            pygame.draw.rect(surface, (176, 124, 34) if active else (40, 52, 66), rect,
                             border_radius=10)
            theme.blit_text(surface, title, rect.center, 19, theme.INK, "bold", anchor="center")
        clip = surface.get_clip()
        surface.set_clip(self.view)
        top = round(self.scroll)
        ox, oy = self.view.x, self.view.y - top
        for piece in self.pieces:
            if piece.y > top + self.view.height or piece.y < top - 200:
                continue
            if piece.rect is not None:
                surface.fill(piece.color, piece.rect.move(ox + piece.x, oy + piece.y))
            elif piece.surface is not None:
                theme.put(surface, piece.surface, (ox + piece.x, oy + piece.y))
        surface.set_clip(clip)
        thumb = self._thumb()
        if thumb:
            track = pygame.Rect(thumb.x, self.view.y, thumb.width, self.view.height)
            pygame.draw.rect(surface, (40, 50, 62), track, border_radius=5)
            pygame.draw.rect(surface, theme.GOLD, thumb, border_radius=5)
        pct = 100 if self.max_scroll == 0 else round(100 * self.scroll / self.max_scroll)
        # (Left and Right turn to the next game's rules: the footer did not say so, pt132)
        hint = _("Wheel, ↑↓ or Page Up/Down to scroll · ←→ another game · {percent}%").format(
            percent=num(pct))
        theme.blit_text(surface, hint, (theme.mirror_x(self.view.x, self.panel),
                                        self.panel.bottom - 42), 14, theme.INK_FAINT,
                        anchor=theme.align("midleft"))
        self.widgets.draw(surface)
