"""The application: window, main loop, input translation, settings, sounds and messages.

The table is drawn on a logical 1280x720 canvas; the window uses pygame's SCALED mode with
fractional scaling and a smooth filter (``_SCALING_HINTS``), so the window can be resized
to any size down to ``MIN_WINDOW`` (or made fullscreen with F11) and SDL scales the canvas
up or down to fit, keeping its aspect (letterbox bars on the long side), with pointer
positions mapped back to canvas pixels. ``App.step(dt)`` runs one frame (events,
update, draw, flip) and is what the main loop, the tour, the benchmarks and the scripted
test driver all call.

A frame draws and flips only when its picture would change: after any event, while a message
is shown or the "Not saving" mark changes, during a transition or a scene change, or when the
top scene says so (``Scene.needs_redraw``). Otherwise the last frame stays on the screen and
in ``screen`` untouched (``draws`` counts the frames drawn). While nothing is drawn the main
loop does a piece of the work the menus queued ahead for the first table
(``scenes.warmup``), or with none left sleeps in ``pygame.event.wait`` (up to
``IDLE_WAIT_MS``) and wakes at once on input.
Autosaves are written by a writer thread (``game.saves``); each frame delivers its outcomes
("Not saving" or "Saving works again") on this thread.

Messages (``toast``) stand at the foot of the screen or where the top scene says, the newest
lowest; a passing one gives way to newer ones. A report (``report``: each damaged file found
at start) never does: reports wait their turn, come in as room is made above the messages
shown, and their time runs only while they are on the screen, so that every one is read.
"""

from __future__ import annotations

import logging
import os
import warnings
from dataclasses import dataclass

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ecs.audio import SoundBank  # noqa: E402
from ecs.input import InputEvent  # noqa: E402
from game import TITLE  # noqa: E402
from game.card_art import set_four_colour  # noqa: E402
from game.i18n import _, is_rtl, on_change, set_language  # noqa: E402
from game.instance_lock import take_lock  # noqa: E402
from game.paths import data_dir  # noqa: E402
from game.settings import MIN_WINDOW_SIZE, Settings, load_settings, settings_path  # noqa: E402
from game.storage import StorageError, write_json_atomic  # noqa: E402
from scenes import theme  # noqa: E402
from scenes.crisp import CRISP, Enlarged, WindowPresenter, fitted, window_view  # noqa: E402
from scenes.manager import SceneManager  # noqa: E402
from scenes.warmup import Warmup  # noqa: E402

SIZE = (1280, 720)
TOAST_WIDEST = SIZE[0] - 160  # a message's box at most (unless the scene says)
TOAST_FADE_IN = 0.15  # seconds a message takes to fade in
MIN_WINDOW = MIN_WINDOW_SIZE
FPS = 60
IDLE_WAIT_MS = 50  # the longest nap of an idle main loop between looks at the scene

# Read by pygame's set_mode (SCALED): a true value means fractional scaling, so the canvas
# fills any window size instead of the largest whole multiple with black borders; and SDL's
# own hint picks a smooth (linear) filter for that scaling.
_SCALING_HINTS = {"SDL_HINT_RENDER_SCALE_QUALITY": "1", "SDL_RENDER_SCALE_QUALITY": "linear"}


@dataclass(eq=False)
class Toast:
    text: str
    seconds: float
    error: bool = False
    age: float = 0.0
    patient: bool = False  # a report that must be read: it is never pushed out by newer
    # messages, and its time runs only while it is drawn (one that does not fit waits)
    drawn: bool = False  # drawn on the last frame
    heeded: bool = False  # a report: the person has touched the mouse or keyboard since it
    # was first drawn (until then it stands, faded in, however long nobody is there)
    scene: object = None  # the scene on top when it was said: its message goes with it
    lasting: bool = False  # a problem (a file not written): it stays whatever scene comes

    def waiting(self) -> bool:
        """A report faded in and standing until somebody touches something (``heeded``)."""
        return self.patient and not self.heeded and self.age >= TOAST_FADE_IN


def set_caption() -> None:
    """The window's title in the current language: "Parlour — four tabletop games"."""
    pygame.display.set_caption(f"{TITLE} — {_('four tabletop games')}")


class App:
    """Owns the window and the scene stack."""

    size = SIZE

    def __init__(self, settings: Settings | None = None, settings_message: str | None = None,
                 persist: bool = True) -> None:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            # a second App in one process (tests, the monkey's restarts): start from a fresh
            # display, since set_mode on a SCALED window smaller than the canvas crashes SDL
            pygame.display.quit()
        pygame.init()
        theme.reset_caches()
        for name, value in _SCALING_HINTS.items():
            os.environ.setdefault(name, value)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.screen = pygame.display.set_mode(SIZE, pygame.SCALED | pygame.RESIZABLE)
        window = self.window
        if window is not None:
            # SCALED makes the canvas size the window's minimum; allow smaller windows
            window.minimum_size = MIN_WINDOW
        pygame.key.set_repeat(350, 40)
        self.persist = persist
        self.not_saving: str | None = None  # why nothing can be saved, while that lasts
        self.not_saving_reason: str | None = None  # ... without the file's name
        start_messages: list[str] = []
        # another window on the same saves: this one reads them but writes nothing
        shared = persist and take_lock(data_dir()) is None
        if settings is None:
            settings, message = load_settings() if persist else (Settings(), None)
            settings_message = settings_message or message
        self.settings = settings
        set_language(settings.language)  # the language of every word on screen
        set_caption()  # (and the window's title: again whenever the language changes)
        on_change(set_caption)
        set_four_colour(settings.four_colour)  # the colours of the playing cards' suits
        self.saves_shared = shared
        if shared:
            self.persist = False
            self.not_saving = "another window"
            start_messages = [_("Parlour is already open in another window with the same "
                                "saves: this window plays without saving games, settings or "
                                "statistics.")]
        elif persist:
            start_messages = check_files_at_start()
        self.sounds = SoundBank(settings.sound, settings.volume)
        self.scenes = SceneManager(self)
        # what the first table would make as it opens, made on idle frames of the menus
        # (``run`` does it instead of napping; scripted runs step the app and never do)
        self.warmup = Warmup()
        self.toasts: list[Toast] = []
        self.reports: list[Toast] = []  # reports waiting their turn to be shown (``report``)
        self.last_game: str | None = None  # the game of the last table opened (Statistics)
        self.hand_orders: dict[str, str] = {}  # game -> the hand's order chosen (sort, group)
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.draws = 0  # frames actually drawn and flipped
        self.show_frames = True  # flip each drawn frame to the window (a script may not:
        # ``Driver(show=False)`` inspects the canvas, ``screen``, which is what would be shown)
        self.wait_for_disk = True  # the main loop (``run``) sets False: saves never hold a frame
        self._shown: tuple | None = None  # (toasts, Not saving) as last drawn
        self.pointer = (SIZE[0] // 2, SIZE[1] // 2)
        self.pointer_inside = True  # the pointer is over the window (WINDOWLEAVE: not)
        self.enlarged = Enlarged(theme.render_key)  # words drawn again on a large window
        self._presenter: WindowPresenter | bool | None = None  # made when first needed
        self._window_size_unsaved = False  # the window was resized by hand since the last save
        self.set_window_size(fit_to_desktop(settings.window_size))
        if settings.fullscreen:
            self.set_fullscreen(True)
        for message in ([settings_message] if settings_message else []) + start_messages:
            self.report(message)

    @property
    def window(self):
        """The display's window, fetched afresh: no handle outlives the display it came from."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _display_window()

    # -- lifecycle ---------------------------------------------------------------------
    def start(self) -> None:
        """Open the main menu."""
        from scenes.menu import MainMenu

        self.scenes.reset(MainMenu(self), transition=None)

    def run(self) -> None:
        """The main loop: one ``step`` per frame at up to 60 frames a second."""
        from game.saves import flush_saves

        if not self.scenes.stack:
            self.start()
        self.wait_for_disk = False
        woke: list[pygame.event.Event] = []
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            drawn = self.draws
            self.step(min(dt, 0.1), woke)
            woke = []
            if self.draws == drawn and self.running:  # idle: work ahead, or nap until input
                if (self.warmup.pending() and self.scenes.top is not None
                        and self.scenes.top.works_ahead and not pygame.event.peek()):
                    self.warmup.step()
                    continue
                event = pygame.event.wait(IDLE_WAIT_MS)
                if event.type != pygame.NOEVENT:
                    woke.append(event)
        flush_saves()
        if self._window_size_unsaved:
            self.save_settings()  # a size set by hand, kept for the next start
        from game.ai.worker import shutdown_shared_worker

        shutdown_shared_worker()  # the computer's process ends with the window
        pygame.quit()

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: translate events, update the top scene, draw and flip if anything
        changed. ``events`` come before pygame's queue (the one that woke an idle loop)."""
        from game.saves import deliver_saves

        raws = [*(events or ()), *pygame.event.get()]
        for raw in raws:
            self._dispatch(raw)
        self.scenes.update(dt)
        self._admit_reports()
        for toast in self.toasts:
            if not toast.patient:
                toast.age += dt
            elif toast.drawn and not toast.waiting():
                toast.age = toast.age + dt if toast.heeded else min(toast.age + dt, TOAST_FADE_IN)
        self.toasts = [t for t in self.toasts if t.age < t.seconds]
        deliver_saves()
        if self.must_draw(bool(raws)):
            CRISP.begin(self.screen, self.window_scale())
            self.draw(self.screen)
            if self.show_frames:
                self.present()
            self.draws += 1
        self.frames += 1

    def window_scale(self) -> float:
        """How many times the canvas is enlarged in the window (below 1: shrunk)."""
        try:
            size = pygame.display.get_window_size()
        except pygame.error:
            return 1.0
        return fitted(SIZE, size)[0] if size[0] and size[1] else 1.0

    def present(self) -> None:
        """Show the frame drawn on ``screen``: flipped as pygame does, or, on a window that
        enlarges it, with its words drawn again at the window's resolution
        (``scenes.crisp``). If the window's renderer cannot do that, the frame is flipped
        and words stay as the canvas has them from then on (said once in the log)."""
        notes = CRISP.standing()
        if notes and self._presenter is None and pygame.display.get_driver() != "dummy":
            try:
                self._presenter = WindowPresenter(self.window, SIZE, self.enlarged)
            except Exception as exc:  # noqa: BLE001 - any failure: flip as before
                self._presenter = False
                _log_once(f"crisp text is off: the window's renderer is unavailable ({exc!r})")
        if notes and self._presenter:
            try:
                self._presenter.present(self.screen, notes)
                return
            except Exception as exc:  # noqa: BLE001 - any failure: flip as before
                self._presenter = False
                _log_once(f"crisp text is off: the window's renderer failed ({exc!r})")
        pygame.display.flip()

    def view(self, size: tuple[int, int]) -> pygame.Surface:
        """The frame drawn now as a window of ``size`` shows it (the canvas scaled to fit,
        with bars, and enlarged words drawn crisp): the tour's screenshots of window sizes."""
        CRISP.begin(self.screen, fitted(SIZE, size)[0])
        self.draw(self.screen)
        return window_view(self.screen, size, CRISP.standing(), self.enlarged)

    def must_draw(self, had_events: bool = False) -> bool:
        """Would this frame's picture differ from the one on the screen?"""
        shown = (tuple(id(t) for t in self.toasts), self.not_saving)
        return (had_events or any(not t.waiting() for t in self.toasts) or shown != self._shown
                or self.scenes.needs_redraw())

    def draw(self, surface: pygame.Surface) -> None:
        self._shown = (tuple(id(t) for t in self.toasts), self.not_saving)
        self.scenes.draw(surface)
        if self.not_saving is not None:
            self._draw_not_saving(surface)
        self._draw_toasts(surface)

    def quit(self, ask: bool = True) -> None:
        """Close the program after giving every scene the chance to save. A game whose save
        still cannot be written (a full disk) would be lost: unless ``ask`` is False, the
        program asks first (``scenes.quit_warning``); closing the window again quits."""
        from game.saves import deliver_saves, flush_saves, unwritten_games, write_unwritten
        from scenes.quit_warning import QuitWarning

        if self.persist and self.not_saving is not None:
            self.save_settings()  # (a change made while the disk refused it: tried again)
        for scene in reversed(self.scenes.stack):
            scene.on_quit()
        flush_saves()  # the last save is on the disk before the window closes
        deliver_saves()
        write_unwritten()  # a game kept in memory with no table left to save it (the menu)
        games = unwritten_games()
        if ask and games and not isinstance(self.scenes.top, QuitWarning):
            self.scenes.push(QuitWarning(self, games), transition="fade")
            return
        self.running = False

    # -- services for scenes -----------------------------------------------------------
    def toast(self, text: str, seconds: float = 3.5, error: bool = False,
              lasting: bool = False) -> None:
        """Show a short message at the bottom of the screen (the newest three at most: an
        older passing message gives way; a report, ``report``, never does). It belongs to
        the scene on top: when another scene comes over it or replaces it, the message
        goes (``scenes_changed``), unless it is ``lasting`` (a problem to be read)."""
        others = [t for t in self.toasts if t.text != text]
        passing = [t for t in others if not t.patient][-2:]
        self.toasts = [t for t in others if t.patient or t in passing]
        self.toasts.append(Toast(text, seconds, error, scene=self.scenes.top, lasting=lasting))

    def scenes_changed(self, replaced=None, by=None) -> None:
        """Another scene is on top: the messages of the scenes it covers or replaced go (the
        setup's word on a greyed option stood over the rules opened from it, the results'
        over the menu, pt101); reports and lasting problems stay. A scene ``replaced`` by
        another (the same screen anew: Undo's table) hands its messages ``by`` it."""
        for toast in self.toasts:
            if replaced is not None and toast.scene is replaced:
                toast.scene = by
        top = by if replaced is not None else self.scenes.top
        self.toasts = [t for t in self.toasts
                       if t.patient or t.lasting or t.scene is None or t.scene is top]

    def report(self, text: str, seconds: float = 8.0) -> None:
        """Report a problem that must be read (a damaged file found at start): it waits its
        turn and is shown, for ``seconds`` on screen, once the reports before it have gone
        or there is room for it beside them. However many there are, none is dropped. Its
        time runs only once the mouse or keyboard has been touched since it appeared: a
        person who started the program and looked away finds it still there."""
        if any(t.text == text for t in (*self.toasts, *self.reports)):
            return
        self.reports.append(Toast(text, seconds, error=True, patient=True))
        if not self.toasts:
            self._admit_reports()

    def _admit_reports(self) -> None:
        """Show waiting reports, in order, as long as each fits beside the messages shown
        (the first of them whenever nothing else is shown)."""
        while self.reports:
            if self.toasts:
                candidate = [*self.toasts, self.reports[0]]
                if len(self._toast_places(candidate)) < len(candidate):
                    return
            self.toasts.append(self.reports.pop(0))

    def storage_failed(self, what: str, exc: StorageError) -> None:
        """A file could not be written: say it once, in words; then keep a mark in view.

        Later failures (every move of a game, say) only keep the "Not saving" mark shown,
        until a write succeeds again (``storage_ok``).
        """
        if self.not_saving is None:
            self.toast(_("{what}: {problem}. Play goes on; a “Not saving” mark stays on "
                         "the screen until saving works again.").format(what=what, problem=exc),
                       error=True, seconds=9, lasting=True)
        self.not_saving = str(exc)
        self.not_saving_reason = getattr(exc, "reason", None) or self.not_saving

    def storage_ok(self) -> None:
        """A file was written: the "Not saving" mark goes (with a word if it was shown)."""
        if self.not_saving is not None:
            self.not_saving = self.not_saving_reason = None
            self.toast(_("Saving works again."))

    def save_settings(self) -> None:
        """Apply the sound settings and write the settings file, on the writer thread (the
        F11 key saves during play too); outcomes as for the autosave."""
        from game.saves import deliver_saves, flush_saves, save_in_background

        self.sounds.configure(self.settings.sound, self.settings.volume)
        self._window_size_unsaved = False
        if not self.persist:
            return
        data = self.settings.to_json()
        what = _("Settings are not being saved")

        def outcome(error: BaseException | None) -> None:
            if error is None:
                self.storage_ok()
            else:
                self.storage_failed(what, error if isinstance(error, StorageError)
                                    else StorageError(type(error).__name__))

        save_in_background("settings", lambda: write_json_atomic(settings_path(), data), outcome)
        if self.wait_for_disk:
            flush_saves()
            deliver_saves()

    def set_fullscreen(self, on: bool) -> bool:
        """Switch fullscreen on or off; returns False (with a message) if impossible here.
        Leaving fullscreen gives the window back the size it had (resized by hand or not)."""
        is_full = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        if on == is_full:
            return True
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            self.toast(_("Fullscreen is not available on this display."), error=True)
            return False
        if not on:
            self._restore_window_size()
        return True

    def _restore_window_size(self) -> None:
        """The window back at the remembered size after fullscreen. The switch gives the
        window SCALED's minimum size again (the canvas's, 1280x720), which would refuse a
        smaller remembered size and the person's own resizing: it is lowered first."""
        window = self.window
        size = fit_to_desktop(tuple(self.settings.window_size))
        if window is not None:
            try:
                window.minimum_size = MIN_WINDOW
                if tuple(window.size) != size:
                    window.size = size
            except (pygame.error, ValueError):
                pass  # the platform keeps its own idea of the size: nothing lost

    def window_resized(self, size: tuple[int, int]) -> None:
        """The person resized the window by hand: remember that size (Settings shows it, the
        next start and the way back from fullscreen use it)."""
        if self.screen.get_flags() & pygame.FULLSCREEN or self.settings.fullscreen:
            return
        size = (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))
        if size != tuple(self.settings.window_size):
            self.settings.window_size = size
            self._window_size_unsaved = True

    def set_window_size(self, size: tuple[int, int]) -> bool:
        try:
            window = self.window
            if window is None:
                raise pygame.error("no window")
            window.size = size
        except (pygame.error, AttributeError, ValueError):
            self.toast(_("The window size cannot be changed on this display."), error=True)
            return False
        return True

    # -- input -------------------------------------------------------------------------
    def _dispatch(self, raw: pygame.event.Event) -> None:
        event = self._translate(raw)
        if event is None:
            return
        for toast in self.toasts:  # somebody is there: the reports shown can be read
            toast.heeded = toast.heeded or toast.drawn
        if event.kind == "key" and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            if not self.set_fullscreen(self.settings.fullscreen):
                self.settings.fullscreen = False
            self.save_settings()
            return
        self.scenes.handle(event)

    def _translate(self, raw: pygame.event.Event) -> InputEvent | None:
        if raw.type == pygame.QUIT:
            self.quit()
            return None
        resized = raw.type == getattr(pygame, "WINDOWRESIZED", -1)
        if resized or raw.type == getattr(pygame, "WINDOWSIZECHANGED", -1):
            if resized:  # (by the person: SIZECHANGED comes for the program's own changes too)
                self.window_resized((raw.x, raw.y))
            if pygame.mouse.get_focused():  # the pointer stands elsewhere on the new canvas:
                self.pointer = tuple(pygame.mouse.get_pos())  # hover follows without a move
                return InputEvent("move", self.pointer)  # (Zertz named a ring left behind;
                # at start a motion mapped for the window's first size lifted the Zertz
                # tile with the pointer on Quit: pt79, pt81)
            return None
        if raw.type == getattr(pygame, "WINDOWLEAVE", -1):
            self.pointer_inside = False  # (a pointer resting on something stopped resting)
            return None
        if raw.type == getattr(pygame, "WINDOWENTER", -1):
            self.pointer_inside = True
            return None
        if raw.type == pygame.MOUSEMOTION:
            self.pointer = tuple(raw.pos)
            self.pointer_inside = True
            return InputEvent("move", self.pointer)
        if raw.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and raw.button in (1, 2, 3):
            self.pointer = tuple(raw.pos)
            kind = "down" if raw.type == pygame.MOUSEBUTTONDOWN else "up"
            return InputEvent(kind, self.pointer, button=raw.button)
        if raw.type == pygame.MOUSEWHEEL:
            return InputEvent("wheel", self.pointer, dy=int(raw.y))
        if raw.type == pygame.KEYDOWN:
            return InputEvent("key", self.pointer, key=raw.key, mod=raw.mod,
                              unicode=getattr(raw, "unicode", ""))
        return None

    def not_saving_box(self) -> pygame.Rect | None:
        """Where the "Not saving" mark stands: where the table shown says it covers nothing
        (``not_saving_spot``: an anchor of the mark's box and its point; under the pause
        menu too), else in the top-right corner, above the tables' panels (right to left,
        the top-left); never on the panel of a scene over the table (Settings opened from
        Chắn's pause menu had it on its Animation speed, pt158: the corner then, over the
        dimmed table, whose spot the panel covers). None: not shown (while a slide changes
        the screen: it stood still over the table sliding away, then on the menu's tiles,
        then jumped to the corner, pt158; or where every place is on a panel)."""
        if self.scenes.transition is not None and self.scenes.transition.style == "slide":
            return None
        box = theme.text(_("Not saving"), 12, theme.INK, "bold").get_rect().inflate(24, 6)
        spot = None
        over = []  # the panels of the scenes over the one that gives the spot
        for scene in reversed(self.scenes.stack):  # (the table under the pause menu or
            # Settings still shows: there too the corner is its seat's panel, pt146)
            where = getattr(scene, "not_saving_spot", None)
            spot = where() if callable(where) else None
            if spot is not None or scene.opaque:
                break
            panel = getattr(scene, "panel", None)
            if isinstance(panel, pygame.Rect):
                over.append(panel)
        if spot is not None:
            setattr(box, *spot)
            if box.collidelist(over) < 0:
                return box
        if is_rtl():  # the corner where a right-to-left reader's eye starts
            box.topleft = (4, 1)
        else:
            box.topright = (SIZE[0] - 4, 1)
        return box if box.collidelist(over) < 0 else None

    def _draw_not_saving(self, surface: pygame.Surface) -> None:
        """The small red "Not saving" mark (``not_saving_box``)."""
        label = theme.text(_("Not saving"), 12, theme.INK, "bold")
        box = self.not_saving_box()
        if box is None:
            return
        pygame.draw.rect(surface, (120, 34, 34), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, theme.RED, box, 1, border_radius=box.height // 2)
        pygame.draw.circle(surface, (255, 120, 110), (box.x + 8, box.centery), 3)
        theme.put(surface, label, label.get_rect(midleft=(box.x + 15, box.centery)))

    def _toast_places(self, toasts: list[Toast]) -> list[tuple[Toast, list, pygame.Rect]]:
        """Where ``toasts`` stand, newest first: (toast, its lines, its box) for each that
        is shown. The top scene may say where messages hide nothing it needs (a card table:
        above the hand); otherwise they stand at the bottom of the screen, the newest lowest.
        An older message that no longer fits above the newer ones waits unseen."""
        top = self.scenes.top
        anchor = getattr(top, "toast_bottom", None)
        y = anchor() if callable(anchor) else None
        y = SIZE[1] - 24 if y is None else y
        room = getattr(top, "toast_room", None)  # how many may stand at once
        span = getattr(top, "toast_span", None)  # (centre x, widest box)
        centre, widest = (span() if callable(span) else None) or (SIZE[0] // 2, TOAST_WIDEST)
        pad = getattr(top, "toast_pad", TOAST_PAD)  # (a narrow strip: less)
        places = []
        for toast in list(reversed(toasts))[:room]:
            # (a problem to be read whole: "…until saving works again" lost its end, pt109)
            most = REPORT_LINES if toast.patient or toast.lasting else 4
            lines = toast_lines(toast.text, widest, most)
            box = pygame.Rect((0, 0), toast_size(toast.text, widest, pad, most))
            box.midbottom = (centre, y)
            if box.top < 4 and toast is not toasts[-1]:
                break  # older messages that no longer fit above the newer ones wait unseen
            places.append((toast, lines, box))
            y = box.top - 8
        return places

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        pad = getattr(self.scenes.top, "toast_pad", TOAST_PAD)
        for toast in self.toasts:
            toast.drawn = False
        for toast, lines, box in self._toast_places(self.toasts):
            toast.drawn = True
            fade = min(1.0, toast.age / TOAST_FADE_IN, max(0.0, (toast.seconds - toast.age) / 0.4))
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            color = (120, 34, 34) if toast.error else (26, 36, 48)
            pygame.draw.rect(layer, (*color, 235), layer.get_rect(), border_radius=12)
            pygame.draw.rect(layer, (*(theme.RED if toast.error else theme.GOLD), 255),
                             layer.get_rect(), 2, border_radius=12)
            places, ly = [], pad
            for label in lines:
                places.append(label.get_rect(midtop=(box.width // 2, ly)))
                ly += label.get_height()
            opaque = fade >= 1.0  # words drawn onto the screen itself may be drawn crisp
            if not opaque:
                for label, place in zip(lines, places):
                    layer.blit(label, place)
            layer.set_alpha(round(255 * fade))
            surface.blit(layer, box)
            if opaque:
                for label, place in zip(lines, places):
                    theme.put(surface, label, place.move(box.topleft))


def _log_once(message: str) -> None:
    """A warning in the log about the window, once per message."""
    if message not in _LOGGED:
        _LOGGED.add(message)
        logging.getLogger(__name__).warning("%s", message)


_LOGGED: set[str] = set()


def _display_window():
    """The display module's window (for its size and minimum size), or None if unavailable."""
    try:
        return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


# What a window's title bar and a taskbar take of a desktop's height. None of its width: a
# window as wide as the screen is usual (a maximised one; a 1920x1080 window on a 1920x1200
# screen), and a margin there made such a window, set by hand, come back as 1904x1071.
DESKTOP_MARGIN = (0, 80)


def toast_lines(text: str, widest: int, most: int = 4) -> list[pygame.Surface]:
    """A message's lines as drawn (at most ``most``) in a box at most ``widest`` pixels
    wide."""
    return [theme.text(line, 19, theme.INK, "bold")
            for line in theme.wrap(text, 19, widest - 40, "bold")[:most]]


REPORT_LINES = 6
"""The most lines of a report (``App.report``): a settings file with every value wrong is
reported in five, and its last words say where the file went."""


TOAST_PAD = 10
"""The margin above and below a message's lines (a scene may ask for less: ``toast_pad``)."""


def toast_size(text: str, widest: int, pad: int = TOAST_PAD, most: int = 4) -> tuple[int, int]:
    """The size of a message's box: its lines (at most ``most``), 20 px beside them and
    ``pad`` above and below."""
    lines = toast_lines(text, widest, most)
    return (max(label.get_width() for label in lines) + 40,
            sum(label.get_height() for label in lines) + 2 * pad)


def desktop_size() -> tuple[int, int] | None:
    """The room a window has on the first desktop (its size less ``DESKTOP_MARGIN``: a
    1920x1080 window on a 1920x1080 screen would hide its bottom under the title bar), or
    None when the display cannot say."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    return sizes[0][0] - DESKTOP_MARGIN[0], sizes[0][1] - DESKTOP_MARGIN[1]


def fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size``, shrunk (keeping 16:9) to fit the desktop when it is larger."""
    desktop = desktop_size()
    if desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1]):
        return size
    scale = min(desktop[0] / size[0], desktop[1] / size[1])
    w = max(MIN_WINDOW[0], int(size[0] * scale))
    return w, w * SIZE[1] // SIZE[0]


def check_files_at_start() -> list[str]:
    """Before the first frame: remove interrupted saves' temporary files, move an old single
    save to its game's file, and read every save, the statistics and the remembered setups
    once, so that a damaged file is reported once (and set aside) now. Returns the messages.
    Never raises."""
    from game.last_setup import check_last_setup
    from game.paths import data_dir
    from game.saves import check_saves_at_start
    from game.stats import load_stats
    from game.storage import clean_stale_temps

    messages: list[str] = []
    try:
        clean_stale_temps(data_dir())
        messages.extend(check_saves_at_start())
        for message in (load_stats()[1], check_last_setup()):
            if message:
                messages.append(message)
    except Exception as exc:  # noqa: BLE001 - the program starts whatever is on disk
        messages.append(_("The saved files could not all be checked ({problem}).")
                        .format(problem=type(exc).__name__))
    for message in messages:  # (also in the log: the banners fade, and with them the names
        logging.getLogger(__name__).warning("%s", message)  # of the files set aside, pt134)
    return messages
