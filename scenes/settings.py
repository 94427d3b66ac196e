"""Settings: language, animation speed, sound on/off and volume, fullscreen, window size
(only sizes that fit the desktop are offered; the fullscreen toggle follows F11), undo
between people, the Telefunken cut and buy offers' timer, four-colour suits.

A new language applies at once: every scene on the stack that has ``language_changed`` (the
settings themselves, the menu or pause menu below, ...) rebuilds its widgets in it. So do
the four-colour suits: every scene on the stack that has ``card_faces_changed`` (a card
table, even under the pause menu; the menu's tiles) shows its playing cards in the new
colours.

Changes apply at once and are saved to ``settings.json`` in the data directory, but for the
window size: the size stepped to is shown in its row and the window takes it when Settings
close (Done, Esc, or the program closing). Resizing the window scales the whole canvas, so
whatever the pointer was about to click moved: a window resized at each click took the row's
arrow from under a still pointer (960 × 540 to 1024 × 576 moved it 46 px right), and one
resized as the pointer left the row moved Done from under a pointer heading for it, whose
click turned on the Four-colour switch instead. The language row is one button per language,
each named in its own words, across the whole row (``Segments``): switching to or from
Persian mirrors every other row, but leaves each language where it was under the pointer (a
row of arrows beside a label, mirrored, took the arrow from under a still pointer, whose next
click fell on the label; a row that kept its direction until the pointer left it confused
three play-testers). A second window on the same saves saves nothing: its footer
says so instead of naming the file. While the pointer is over a row, the footer says what
that row does (``ABOUT``). Drawn over the screen it was opened from (menu or pause
menu); Esc or Back returns.
"""

from __future__ import annotations

import pygame

from ecs.input import InputEvent
from game import card_art, i18n
from game.app import desktop_size, fit_to_desktop
from game.i18n import N_, _, num
from game.settings import (
    ANIMATION_SPEEDS,
    TELEFUNKEN_BUY_TIMERS,
    TELEFUNKEN_CUTS,
    WINDOW_SIZES,
    settings_path,
)
from scenes import theme
from scenes.base import Scene
from scenes.widgets import Button, Choice, Segments, Slider, Toggle, WidgetGroup

SPEED_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
               "instant": N_("Instant")}
CUT_NAMES = {"hand": N_("By hand"), "auto": N_("Automatically")}
BUY_TIMER_NAMES = {"10": N_("Pass after 10 s"), "5": N_("Pass after 5 s"),
                   "wait": N_("Wait for me")}
ROW = 48  # the distance between two rows of settings (ten rows above the Done button)
# what each row does, said at the panel's foot while the pointer is over the row (a row
# like "Undo between people" explained nothing, pt83); by the row's widget index
ABOUT = (
    N_("How fast cards and marbles move; Instant shows each move at once."),
    N_("Sound effects on or off."),
    N_("How loud the sound effects are."),
    N_("Fill the whole screen; F11 switches it anywhere in the program."),
    N_("The window's size (the tables are scaled to fit it); it changes when Settings close."),
    N_("Between people, Undo takes a move back; at cards, until the next person lifts the cover."),
    N_("The language of the whole program: screens, rules, the move log."),
    N_("Telefunken's cut before each deal: made by you with the mouse, or for you at once."),
    N_("Zetema's and Telefunken's cards: clubs green, diamonds blue, no two suits alike."),
    N_("How long a Telefunken discard offered to you waits before it is passed for you."),
)


def set_app_language(app, lang: str) -> None:
    """Switch the whole program to ``lang`` now: save it and re-lay out every open scene."""
    app.settings.language = lang
    i18n.set_language(lang)
    app.toasts = []  # worded in the old language
    app.save_settings()
    _tell_scenes(app, "language_changed")


def set_card_colours(app, four_colour: bool) -> None:
    """Draw the playing cards' suits in four colours (or two) now: save it and show every
    card of the open scenes in the new colours."""
    app.settings.four_colour = four_colour
    card_art.set_four_colour(four_colour)
    app.save_settings()
    _tell_scenes(app, "card_faces_changed")


def _tell_scenes(app, hook: str) -> None:
    """Call ``hook`` on every open scene that has it, then draw them all again (the scenes
    behind the Settings screen show the change at once)."""
    for scene in list(app.scenes.stack):
        method = getattr(scene, hook, None)
        if method is not None:
            method()
    app.scenes.invalidate()


def fits_desktop(size: tuple[int, int]) -> bool:
    """A window of ``size`` fits the desktop (True where the desktop is not known)."""
    desktop = desktop_size()
    return desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1])


def window_sizes_that_fit() -> list[tuple[int, int]]:
    """The window sizes offered: those that fit the desktop (at least the smallest), and
    the largest 16:9 window the desktop has room for when it is larger than all of them
    (a 1600x1000 screen has no room for 1600x900 under its title bar, but for 1584x891)."""
    sizes = [size for size in WINDOW_SIZES if fits_desktop(size)] or [WINDOW_SIZES[0]]
    largest = fit_to_desktop(WINDOW_SIZES[-1])
    if largest[0] > sizes[-1][0] * 1.05 and fits_desktop(largest):
        sizes.append(largest)
    return sizes


FULLSCREEN = 3  # index of the fullscreen toggle among the widgets (Language is drawn first,
# listed after the older ones so that their indices stay)
VOLUME = 2  # index of the volume slider (greyed while the sound is off)
WINDOW_SIZE = 4  # index of the window-size choice
FOUR_COLOUR = 8  # index of the four-colour suits toggle
BUY_TIMER = 9  # index of the Telefunken buy offers' timer (the row under the cut's)
LANGUAGE = 6  # index of the language row


class SettingsScene(Scene):
    name = "settings"
    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 700, 680)
        self.panel.center = (app.size[0] // 2, app.size[1] // 2)
        # the window size stepped to, which the window takes when Settings close
        # (``_apply_window_size``)
        self._pending_size: tuple[int, int] | None = None
        self.about: int | None = None  # the row under the pointer, whose use the foot says
        self._about_changed = False
        self._build()

    def _build(self) -> None:
        # the language under a still pointer stays lit when the screen is rebuilt in it
        # (the buttons stand where they stood; pt67 saw the highlight go until it moved)
        old = getattr(self, "widgets", None)
        hover = old.widgets[LANGUAGE].hover if old is not None and old.widgets else None
        s = self.app.settings
        x, y, w = self.panel.x + 50, self.panel.y + 96, self.panel.width - 100
        sizes = window_sizes_that_fit()
        current = self._size_shown = self._window_size()
        if current not in sizes:  # set by dragging the window's edge (or maximising it):
            sizes = sorted(sizes + [current])  # offered as it is (it said the largest size)
        chosen = self._pending_size or current
        self.widgets = WidgetGroup([
            Choice((x, y + 1 * ROW, w, 42), _("Animation speed"),
                   [(k, _(SPEED_NAMES[k])) for k in ANIMATION_SPEEDS], s.animation,
                   self._set_animation, label_width=250),
            Toggle((x, y + 2 * ROW, w, 42), _("Sound"), s.sound, self._set_sound, label_width=250),
            Slider((x, y + 3 * ROW, w, 42), _("Volume"), s.volume, self._set_volume,
                   enabled=s.sound, label_width=250),  # (greyed while the sound is off)
            Toggle((x, y + 4 * ROW, w, 42), _("Fullscreen (F11)"), s.fullscreen,
                   self._set_fullscreen, label_width=250),
            Choice((x, y + 5 * ROW, w, 42), _("Window size"),
                   [(size, _("{width} × {height}").format(width=num(size[0]),
                                                          height=num(size[1])))
                    for size in sizes],
                   chosen, self._set_window_size, label_width=250, wrap=False),
            Toggle((x, y + 6 * ROW, w, 42), _("Undo between people"), s.undo_between_people,
                   self._set_undo, label_width=250),
            Segments((x, y, w, 42), list(i18n.LANGUAGES.items()), s.language,
                     self._set_language),
            Choice((x, y + 7 * ROW, w, 42), _("Telefunken cut"),
                   [(k, _(CUT_NAMES[k])) for k in TELEFUNKEN_CUTS], s.telefunken_cut,
                   self._set_cut, label_width=250),
            Toggle((x, y + 9 * ROW, w, 42), _("Four-colour suits"), s.four_colour,
                   self._set_four_colour, label_width=250),
            Choice((x, y + 8 * ROW, w, 42), _("Telefunken buy offers"),
                   [(k, _(BUY_TIMER_NAMES[k])) for k in TELEFUNKEN_BUY_TIMERS],
                   s.telefunken_buy_timer, self._set_buy_timer, label_width=250),
            Button((self.panel.centerx - 110, self.panel.bottom - 92, 220, 54), _("Done"),
                   self.close, primary=True),
        ], keys="arrows")
        self.widgets.widgets[LANGUAGE].hover = hover
        self.widgets.take_focus(old)  # (a choice made by the keyboard rebuilt the screen)

    def language_changed(self) -> None:
        self._build()

    def _set_language(self, value: str) -> None:
        set_app_language(self.app, value)

    def _set_animation(self, value: str) -> None:
        self.app.settings.animation = value
        self.app.save_settings()

    def _set_sound(self, value: bool) -> None:
        self.app.settings.sound = value
        self.app.save_settings()
        self.widgets.widgets[VOLUME].enabled = value
        if value:
            self.app.sounds.play("click")

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = round(value, 2)
        self.app.save_settings()

    def _set_fullscreen(self, value: bool) -> None:
        ok = self.app.set_fullscreen(value)
        self.app.settings.fullscreen = value and ok
        self.widgets.widgets[FULLSCREEN].value = self.app.settings.fullscreen
        self.app.save_settings()

    def _window_size(self) -> tuple[int, int]:
        """The window's size: the remembered one (a size set by dragging the window's edge
        or maximising it is remembered as it is), or, when that is larger than the whole
        desktop, the size the window was given at the start to fit it."""
        size = tuple(self.app.settings.window_size)
        try:
            screens = pygame.display.get_desktop_sizes()
        except pygame.error:
            screens = []
        if screens and (size[0] > screens[0][0] or size[1] > screens[0][1]):
            return fit_to_desktop(size)
        return size

    def _set_window_size(self, value: tuple[int, int]) -> None:
        """A size stepped to with the row's arrows: shown at once, taken by the window when
        Settings close (nothing on this screen moves meanwhile, however many sizes it steps
        through and wherever the pointer goes next)."""
        self._pending_size = value

    def _apply_window_size(self) -> None:
        """The window takes the size stepped to, if any, and it is remembered."""
        value, self._pending_size = self._pending_size, None
        if value is not None and self.app.set_window_size(value):
            self.app.settings.window_size = value
            self.app.save_settings()

    def _set_undo(self, value: bool) -> None:
        self.app.settings.undo_between_people = value
        self.app.save_settings()
        for scene in self.app.scenes.stack:  # the game under the pause menu obeys at once
            session = getattr(scene, "session", None)
            if session is not None and hasattr(session, "undo_between_people"):
                session.undo_between_people = value

    def _set_cut(self, value: str) -> None:
        self.app.settings.telefunken_cut = value
        self.app.save_settings()

    def _set_buy_timer(self, value: str) -> None:
        self.app.settings.telefunken_buy_timer = value
        self.app.save_settings()

    def _set_four_colour(self, value: bool) -> None:
        set_card_colours(self.app, value)

    def close(self) -> None:
        self.app.scenes.pop(transition="fade")

    def exit(self) -> None:
        self._apply_window_size()

    def on_quit(self) -> None:
        if self._pending_size is not None:  # remembered for the next start
            self.app.settings.window_size = self._pending_size
            self.app.save_settings()

    def handle(self, event: InputEvent) -> None:
        if event.kind in ("move", "down"):
            rows = self.widgets.widgets[:len(ABOUT)]
            about = next((i for i, w in enumerate(rows) if w.rect.collidepoint(event.pos)), None)
            if about != self.about:
                self.about, self._about_changed = about, True
        if self.widgets.handle(event):
            return
        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            self.close()

    def needs_redraw(self) -> bool:
        """Its picture changes only with input, which redraws anyway: idle, it draws
        nothing (it drew sixty frames a second)."""
        return self.widgets.needs_redraw() or self._about_changed

    def draw(self, surface: pygame.Surface) -> None:
        self.widgets.widgets[FULLSCREEN].value = self.app.settings.fullscreen  # F11 may change it
        if self._window_size() != self._size_shown:  # the window was resized by hand while
            self._pending_size = None  # this screen was open: its size is offered and shown
            self._build()  # at once (rather than a size stepped to before)
        theme.dim(surface, 185)
        theme.panel(surface, self.panel, alpha=255)
        theme.blit_text(surface, _("Settings"), (self.panel.centerx, self.panel.y + 30), 38,
                        theme.GOLD, "serif", anchor="midtop")
        self.widgets.draw(surface)
        self._about_changed = False
        if self.about is not None:  # what the row under the pointer does
            theme.blit_text(surface, theme.fit(_(ABOUT[self.about]), 13, self.panel.width - 24),
                            (self.panel.centerx, self.panel.bottom - 17), 13, theme.INK,
                            anchor="midbottom")
            return
        theme.blit_text(surface, self.footer(), (self.panel.centerx, self.panel.bottom - 18), 12,
                        theme.INK_FAINT, anchor="midbottom")

    def footer(self) -> str:
        """The line at the panel's foot: where the changes are saved, or, in a second window
        on the same saves (which saves nothing), that they last as long as this window, or,
        while files cannot be written, that they apply but are not saved, and why."""
        width = self.panel.width - 24
        if getattr(self.app, "saves_shared", False):
            return theme.fit(_("Changes apply to this window only: another Parlour window uses "
                               "the same saves."), 12, width)
        problem = getattr(self.app, "not_saving", None)
        if problem is not None:  # (it promised "Changes are saved to …" meanwhile, pt109)
            # why, not which file: a game's autosave that failed was named here (pt146)
            problem = getattr(self.app, "not_saving_reason", None) or problem
            return theme.fit(_("Changes apply now but cannot be saved: {problem}").format(
                problem=problem), 12, width)
        return saved_to(str(settings_path()), width)


def saved_to(path: str, width: int, size: int = 12) -> str:
    """"Changes are saved to <path>" in ``width`` pixels: a long path loses its start
    ("…/data/settings.json"), never the file's name."""
    def line(shown: str) -> str:
        return _("Changes are saved to {path}").format(path=theme.isolate(shown))

    cut = 0
    while cut < len(path) - 1 and theme.text_width(line(("…" if cut else "") + path[cut:]),
                                                    size) > width:
        cut += 1
    return line(("…" if cut else "") + path[cut:])
