"""The random-input test: play the real program headless with random but plausible input.

    python tools/monkey.py zetema --seed 3 --minutes 10
    python tools/monkey.py all --seed 1 --events 5000

It starts the real app (SDL dummy drivers, a temporary ``PARLOUR_DATA_DIR``), opens GAME
from the main menu with random seats (people and computer, every level, hot seat), and posts
real pygame events through the app's own event loop (``App.step``): drags between cards,
zones and random points, click bursts while the table animates or the computer thinks,
every key the program knows (Esc, Ctrl+Z, H, F11, 1-4, Enter, arrows...), the wheel, window
resizes, pause-menu actions, quit to menu and Continue, and closing the program and starting
a new app on the same data directory. Part of the people's moves are chosen from the legal
moves (the easy AI or at random) and played through the table's own gestures (each table
module's ``perform``), so games progress and end. Half the times it opens Telefunken from the
menu it plants a save of a game a few moves before the end of deal 6 or of the game and
Continues it instead (seven deals are more than a run plays), so the last deal and the final
results are reached too.

After every frame it checks:

- no exception escaped the frame (recorded with its traceback; the program is then started
  again on the same data directory, as a player would);
- in a game between people at one screen, no face-up card of a concealed hand is drawn
  unless the person at the screen may see it (the cover was lifted by that person), and no
  hint is shown while the cover is up; ``scenes.leaks.hidden_card_leaks`` is consulted too
  when it exists;
- every game progresses: a game with no move for a long stretch of table time while input
  flows is reported as stuck.

It prints the events posted, moves made, games started and finished, exceptions (deduplicated,
with tracebacks), leaks and stuck games, and exits with status 1 if there was any exception,
leak or stuck game. A run is deterministic for a seed: one seeded ``random.Random`` chooses
everything, the game clock advances by a fixed ``dt`` per frame, the scripted driver makes
the frame on which the computer's move (or a hint) is due wait for the AI worker's answer
(``app.wait_for_ai``), ``random.SystemRandom`` (new seeds for "Play again") is replaced by a
seeded generator for the run, and nothing sleeps. ``--minutes``
bounds the run by wall-clock time (the run is then a prefix of the seed's sequence);
``--events`` bounds it by the number of events posted (fully reproducible).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
import warnings
import weakref
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES = ("zetema", "telefunken", "zertz", "chan")
CARD_GAMES = ("zetema", "telefunken", "chan")
DT = 1 / 60
LEAK_GRACE = 0.75       # seconds of game time a leak must last (a card turning over is not one)
LATE_START = 0.5        # chance that opening Telefunken from the menu resumes a planted late game
STUCK_SECONDS = 90.0    # seconds of table time with no move while input flows: a stuck game


class AIFailures(logging.Handler):
    """Catches the rules system's "AI for seat N failed" warnings (the AI raised or returned
    an illegal move and the first legal move was played instead): exceptions all the same."""

    def __init__(self, monkey: Monkey) -> None:
        super().__init__(logging.WARNING)
        self.monkey = monkey

    def emit(self, record: logging.LogRecord) -> None:
        args = record.args if isinstance(record.args, tuple) else ()
        error = args[1] if len(args) > 1 else None
        if isinstance(error, BaseException):
            key = "AI worker: " + exception_key(error)
            text = "".join(traceback.format_exception(error))
        elif isinstance(error, str) and error.strip():  # the worker's formatted traceback
            lines = [line.strip() for line in error.strip().splitlines() if line.strip()]
            where = next((line for line in reversed(lines) if line.startswith("File ")), "")
            key = f"AI worker: {lines[-1][:100]} ({where[:120]})"
            text = error
        else:
            key = "AI worker: " + record.getMessage()[:120]
            text = record.getMessage()
        self.monkey.report.add("exceptions", key, text, self.monkey.context())


class AppCrashed(Exception):
    """An exception escaped a frame of the app (already recorded)."""


# -- findings ----------------------------------------------------------------------------

@dataclass
class Finding:
    """One deduplicated problem: how often, the first full text and where it happened."""

    key: str
    text: str
    context: str
    count: int = 1


@dataclass
class Report:
    game: str
    seed: int
    events: int = 0
    frames: int = 0
    moves: int = 0          # moves played by anyone, in every game
    ui_moves: int = 0       # moves the monkey chose and played through the table's gestures
    refused: int = 0        # chosen legal moves the table did not accept
    games_started: int = 0
    games_finished: int = 0
    hotseat_games: int = 0
    restarts: int = 0       # program closed and started again (not after a crash)
    continues: int = 0
    late_starts: int = 0    # Telefunken games resumed from a planted save at deal 6 or 7
    wall_seconds: float = 0.0
    exceptions: dict[str, Finding] = field(default_factory=dict)
    leaks: dict[str, Finding] = field(default_factory=dict)
    stuck: dict[str, Finding] = field(default_factory=dict)
    monkey_errors: dict[str, Finding] = field(default_factory=dict)
    error_toasts: Counter = field(default_factory=Counter)
    refused_examples: list[str] = field(default_factory=list)
    leak_checker: str = "monkey"
    trace: int = 0          # a checksum of what happened, frame by frame (same seed, same trace)
    crisp_views: int | None = None  # --large-window: frames composed with crisp words

    @property
    def failed(self) -> bool:
        return bool(self.exceptions or self.leaks or self.stuck)

    def add(self, kind: str, key: str, text: str, context: str) -> bool:
        """Record a finding; True if it is new."""
        bucket: dict[str, Finding] = getattr(self, kind)
        if key in bucket:
            bucket[key].count += 1
            return False
        bucket[key] = Finding(key, text, context)
        return True

    def summary(self) -> str:
        lines = [
            f"monkey {self.game} seed {self.seed}: {self.events} events posted in {self.frames} "
            f"frames ({self.frames * DT:.0f} s of game time, {self.wall_seconds:.0f} s wall)",
            f"  moves made: {self.moves} ({self.ui_moves} chosen by the monkey and played through "
            f"the UI; {self.refused} refused by the table)",
            f"  games started: {self.games_started} ({self.hotseat_games} between people at one "
            f"screen), finished: {self.games_finished}; Continue: {self.continues}; late "
            f"starts: {self.late_starts}; program restarts: {self.restarts}",
            f"  leak check: {self.leak_checker}",
            f"  exceptions: {sum(f.count for f in self.exceptions.values())} "
            f"({len(self.exceptions)} distinct)",
            f"  leaks: {sum(f.count for f in self.leaks.values())} ({len(self.leaks)} distinct)",
            f"  stuck games: {len(self.stuck)}",
        ]
        if self.crisp_views is not None:
            lines.insert(4, f"  large window: {self.crisp_views} frames composed with crisp words")
        for title, bucket in (("EXCEPTION", self.exceptions), ("LEAK", self.leaks),
                              ("STUCK", self.stuck), ("monkey-side error (not the app's)",
                                                      self.monkey_errors)):
            for finding in bucket.values():
                lines.append("")
                lines.append(f"== {title} x{finding.count}: {finding.key}")
                lines.append(f"   first seen: {finding.context}")
                lines.extend("   " + line for line in finding.text.rstrip().splitlines())
        if self.refused_examples:
            lines.append("")
            lines.append("moves refused by the table (first few): " +
                         "; ".join(self.refused_examples[:6]))
        if self.error_toasts:
            lines.append("")
            lines.append("error messages shown (most common):")
            for text, n in self.error_toasts.most_common(8):
                lines.append(f"   {n:5d} x {text[:150]}")
        lines.append("")
        lines.append("RESULT: " + ("FAIL" if self.failed else "PASS"))
        return "\n".join(lines)


def exception_key(exc: BaseException) -> str:
    """Type, message head and the innermost frame in the project's code."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if str(ROOT) in f.filename and "tools/monkey.py" not in f.filename]
    where = ours[-1] if ours else (frames[-1] if frames else None)
    place = "?"
    if where is not None:
        try:
            name = str(Path(where.filename).resolve().relative_to(ROOT))
        except ValueError:
            name = where.filename
        place = f"{name}:{where.lineno} in {where.name}"
    message = str(exc).splitlines()[0][:80] if str(exc) else ""
    return f"{type(exc).__name__}({message}) at {place}"


# -- the hidden-card check ---------------------------------------------------------------

def _deck(game: str, dump: dict) -> Counter:
    if game == "zetema":
        from game.rules import zetema

        return Counter(zetema.deck(dump.get("double", "S")))
    if game == "telefunken":
        from game.rules import telefunken

        return Counter(telefunken.DECK)
    from game.rules.chan.cards import full_pack

    return Counter(full_pack())


def concealed_counts(game: str, dump: dict, allowed: int | None) -> tuple[Counter, Counter]:
    """(deck, hidden): the whole pack and the copies of each card the person at the screen
    (seat ``allowed``, or nobody) may not see: other seats' hands and the stock, less the
    cards a hand shows on purpose (Zetema's declared meld)."""
    hidden: Counter = Counter()
    for seat, hand in enumerate(dump.get("hands", [])):
        if seat != allowed and isinstance(hand, list):
            hidden.update(hand)
    if game == "zetema" and dump.get("shown") and dump.get("to_move") != allowed:
        hidden.subtract(Counter(dump["shown"]))
    stock = dump.get("stock")
    if isinstance(stock, list):
        hidden.update(stock)
    return _deck(game, dump), +hidden


def face_up_drawn(world) -> Counter:
    """Card codes drawn face up in ``world`` (a SceneWorld), by count."""
    import esper

    from ecs.components import CardFace, Sprite, Transform

    world.activate()
    shown: Counter = Counter()
    for _, (face, sprite, t) in esper.get_components(CardFace, Sprite, Transform):
        if face.face_up and sprite.visible and face.code and t.alpha > 0.5 and t.squash > 0.01:
            shown[face.code] += 1
    return shown


def hidden_excess(table, allowed: int | None, dump: dict | None = None) -> dict[str, int]:
    """Cards drawn face up on ``table`` beyond what seat ``allowed`` (or nobody) may see:
    code -> how many copies too many. Empty when nothing hidden is shown."""
    dump = dump if dump is not None else table.rules_module.dump(table.state)
    deck, hidden = concealed_counts(table.config.game, dump, allowed)
    if table.config.game == "telefunken":  # a discard bought this deal was seen bought (a
        # computer's flies face up from the pile into its panel)
        from scenes.leaks import bought_this_deal

        hidden = +(hidden - bought_this_deal(table, table.state))
    shown = face_up_drawn(table.world)
    return {code: n - (deck[code] - hidden[code]) for code, n in shown.items()
            if n > deck[code] - hidden[code]}


@dataclass
class SeatWatch:
    """What the monkey knows about one hot-seat table: who sits at the screen."""

    allowed: int | None = None     # the seat whose owner lifted the cover (may see its hand)
    lifted_since_start: bool = False
    prev_curtain: bool | None = None
    leak_time: float = 0.0
    leak_reported: bool = False
    theirs_time: float = 0.0
    theirs_reported: bool = False


# -- the monkey ----------------------------------------------------------------------------

class Monkey:
    def __init__(self, game: str, seed: int, data_dir: Path, max_events: int | None,
                 deadline: float | None, hotseat: str = "mixed",
                 log: Callable[[str], None] | None = None,
                 stuck_seconds: float = STUCK_SECONDS, large_window: bool = False) -> None:
        self.game = game
        self.large_window = large_window
        self.crisp_views = 0  # frames composed as a large window shows them (--large-window)
        self.stuck_seconds = stuck_seconds
        self.seed = seed
        self.rng = random.Random(seed)
        self.data_dir = data_dir
        self.max_events = max_events
        self.deadline = deadline
        self.hotseat = hotseat
        self.log = log or (lambda text: None)
        self.report = Report(game, seed)
        self.app = None
        self.drive = None
        self.watch: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # table -> watch
        self.progress: dict[tuple, tuple[int, float]] = {}  # game -> (moves, idle table time)
        self.stuck_reported: set[tuple] = set()
        self.finished: weakref.WeakSet = weakref.WeakSet()  # tables whose game was seen over
        self.seen_toasts: list = []  # the toasts on screen after the last frame (kept alive)
        self.started = time.monotonic()
        self._drawn_seen = -1
        self.next_game_hotseat = hotseat != "never"
        self.theirs = _their_leak_check()
        self.report.leak_checker = ("monkey + scenes.leaks (hidden_card_leaks, ghost_cards)"
                                    if self.theirs
                                    else "monkey (scenes.leaks not present)")
        self.current_action = ""

    # -- life of the program -----------------------------------------------------------
    def start_app(self) -> None:
        from game.app import App
        from game.driver import Driver

        monkey = self

        class MonkeyDriver(Driver):
            """The scripted-input driver, counting events and checking every frame."""

            def step(self, frames: int = 1) -> None:
                for _ in range(frames):
                    monkey.frame()

            def move(self, pos, steps: int = 1, frames_per_step: int = 1) -> None:
                monkey.report.events += steps
                super().move(pos, steps, frames_per_step)

            def press(self, pos=None, button: int = 1) -> None:
                monkey.report.events += 1
                super().press(pos, button)

            def release(self, pos=None, button: int = 1) -> None:
                monkey.report.events += 1
                super().release(pos, button)

            def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
                monkey.report.events += 2
                super().key(key, mod, unicode)

            def wheel(self, dy: int) -> None:
                monkey.report.events += 1
                super().wheel(dy)

        _reset_esper()
        self.app = App()
        self.app.start()
        self.drive = MonkeyDriver(self.app, DT)
        self.drive.pos = (640, 360)
        self.seen_toasts = list(self.app.toasts)

    def stop_app(self) -> None:
        import pygame

        _stop_ai_worker()  # as when the process ends: the computer's worker goes with it
        self.app = None
        self.drive = None
        _reset_esper()
        pygame.quit()

    def restart_app(self) -> None:
        self.stop_app()
        self.start_app()

    @property
    def done(self) -> bool:
        if self.max_events is not None and self.report.events >= self.max_events:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    # -- one frame and its checks ---------------------------------------------------------
    def frame(self) -> None:
        app = self.app
        try:
            app.step(DT)
        except Exception as exc:  # the finding this tool exists for
            text = "".join(traceback.format_exception(exc))
            self.report.add("exceptions", exception_key(exc), text, self.context())
            self.log(f"exception: {exception_key(exc)}")
            raise AppCrashed() from exc
        self.report.frames += 1
        self.check()
        table = self.table()
        top = type(app.scenes.top).__name__ if app.scenes.top else "-"
        moves = len(table.session.moves) if table is not None else -1
        last = table.session.moves[-1] if table is not None and moves > 0 else ""
        self.report.trace = zlib.crc32(f"{self.report.events}:{top}:{moves}:{last}".encode(),
                                       self.report.trace)

    def context(self) -> str:
        table = self.table()
        where = type(self.app.scenes.top).__name__ if self.app and self.app.scenes.top else "-"
        text = f"event {self.report.events}, frame {self.report.frames}, top scene {where}"
        if self.current_action:
            text += f", action {self.current_action}"
        if table is not None:
            seats = ", ".join(s.kind if s.kind == "human" else f"ai:{s.level}"
                              for s in table.config.seats)
            text += (f"; {table.config.game} seed {table.config.seed} seats [{seats}], "
                     f"{len(table.session.moves)} moves")
        return text

    def table(self):
        """The game table drawn this frame (below any overlays), or None."""
        from scenes.game_table import GameTable

        if self.app is None:
            return None
        stack = self.app.scenes.stack
        start = len(stack) - 1
        while start > 0 and not stack[start].opaque:
            start -= 1
        for scene in reversed(stack[max(0, start):]):
            if isinstance(scene, GameTable):
                return scene
        return None

    def check(self) -> None:
        from scenes.game_table import CardTable

        table = self.table()
        new_toasts = [t for t in self.app.toasts if not any(t is s for s in self.seen_toasts)]
        self.seen_toasts = list(self.app.toasts)
        for toast in new_toasts:
            if toast.error:
                self.report.error_toasts[toast.text] += 1
        if self.large_window and self.app.draws != self._drawn_seen:
            self._drawn_seen = self.app.draws
            self._check_crisp()
        if table is None or table.replay is not None:
            return
        session = table.session
        if session.result is not None and table not in self.finished:
            self.finished.add(table)
            self.report.games_finished += 1
        self._check_progress(table)
        if isinstance(table, CardTable) and len(session.humans) > 1 and session.result is None:
            self._check_hidden(table, new_toasts)

    def _check_crisp(self) -> None:
        """--large-window: every fifth frame drawn is composed as a 1920x1080 window shows
        it (the words noted on the canvas drawn again at its resolution, ``scenes.crisp``);
        the composing must leave the canvas exactly as drawn."""
        import pygame

        from scenes.crisp import CRISP, window_view

        if self._drawn_seen % 5:
            return
        before = pygame.image.tobytes(self.app.screen, "RGB")
        try:
            window_view(self.app.screen, (1920, 1080), CRISP.standing(), self.app.enlarged)
        except Exception as exc:  # noqa: BLE001 - a finding, like an exception in a frame
            self.report.add("exceptions", exception_key(exc),
                            "".join(traceback.format_exception(exc)), self.context())
            return
        self.crisp_views += 1
        if pygame.image.tobytes(self.app.screen, "RGB") != before:
            self.report.add("exceptions", "crisp: the window view changed the canvas",
                            "scenes.crisp.window_view left the canvas changed", self.context())

    def _check_progress(self, table) -> None:
        session = table.session
        config = table.config
        key = (config.game, config.seed, config.seats)  # one game, whatever resumed it
        moves, idle = self.progress.get(key, (len(session.moves), 0.0))
        if len(session.moves) != moves:
            self.report.moves += max(0, len(session.moves) - moves)
            idle = 0.0
        elif (self.app.scenes.top is table and self.app.scenes.transition is None
              and session.result is None):
            idle += DT
        self.progress[key] = (len(session.moves), idle)
        if idle >= self.stuck_seconds and key not in self.stuck_reported:
            self.stuck_reported.add(key)
            seat = session.to_move
            who = "?" if seat is None else session.config.seats[seat].kind
            legal = table.legal()
            self.report.add(
                "stuck", f"{table.config.game}: no move for {self.stuck_seconds:.0f} s "
                f"(to move: seat {seat}, {who})",
                f"phase/legal moves: {legal[:8]}{'...' if len(legal) > 8 else ''}; toasts: "
                f"{[t.text for t in self.app.toasts]}", self.context())

    def _check_hidden(self, table, new_toasts) -> None:
        w = self.watch.get(table)
        if w is None:  # a table rebuilt by Undo for the person at the screen, who plays on
            w = self.watch[table] = SeatWatch()  # with their cards in view (no cover)
            kept = getattr(table, "built_uncovered_for", None)
            if kept is not None:
                w.allowed, w.lifted_since_start = kept, True
        seats = table.config.seats
        seat = table.rules.to_move
        person = seat if seat is not None and seats[seat].is_human else None
        if person is not None and getattr(table, "played_for", lambda s: None)(person):
            person = None  # (a claim made for them unasked: the screen does not change hands;
            # it waits the computer's pauses, which at slow speed outlast LEAK_GRACE)
        if person is not None and person != w.allowed:
            w.allowed = None  # someone else's turn: the screen changes hands
        if w.prev_curtain and not table.curtain:
            w.allowed = table.viewer  # the cover was shown, then lifted
            w.lifted_since_start = True
        w.prev_curtain = table.curtain
        for toast in new_toasts:
            nothing = getattr(table, "nothing_to_hide", lambda: False)()  # (Telefunken's cut)
            if toast.text.startswith("Hint") and (table.curtain or (w.allowed is None
                                                                    and not nothing)):
                self.report.add("leaks", f"{table.config.game}: a hint for a hand is shown "
                                "before its owner lifted the pass-the-screen cover",
                                f"toast: {toast.text!r}; cover "
                                f"{'up' if table.curtain else 'down (never shown)'}",
                                self.context())
        if table.world is None or not table.world.alive:
            return
        if getattr(table, "ended_deal", None) is not None:  # a finished deal on show (its
            w.leak_time = 0.0  # summary to come): every hand's cards left are public now,
            return  # and the engine's seat to move is already the next deal's
        dump = table.rules_module.dump(table.state)
        excess = hidden_excess(table, w.allowed, dump)
        shown = table.shown_state() if hasattr(table, "shown_state") else table.state
        if excess and shown is not table.state:  # a computer's move waits out its lead: the
            # table still shows the position before it, whose public cards all have seen (a
            # Zetema computer's declared meld, still in the meld zone)
            before = hidden_excess(table, w.allowed, table.rules_module.dump(shown))
            excess = {c: min(n, before[c]) for c, n in excess.items() if c in before}
        if excess:
            w.leak_time += DT
        else:
            w.leak_time = 0.0
            w.leak_reported = False
        if excess and w.leak_time >= LEAK_GRACE and not w.leak_reported:
            w.leak_reported = True
            owners = sorted({s for s, hand in enumerate(dump["hands"])
                             if s != w.allowed and any(c in hand for c in excess)})
            if table.curtain:
                why = "face-up cards of a concealed hand drawn while the cover is up"
            elif not w.lifted_since_start:
                why = ("the table was (re)built in a game between people with a hand face up "
                       "and no cover (start, Continue or Undo)")
            elif w.allowed is None:
                why = ("the person at the screen changed and the next hand is face up without "
                       "the cover having been shown (lifted in the same frame?)")
            else:
                why = "face-up cards of another seat's hand drawn (left over on the table)"
            self.report.add(
                "leaks", f"{table.config.game}: {why}",
                f"cards {sorted(excess)} of seat(s) {[s + 1 for s in owners]} drawn face up; "
                f"viewer seat {table.viewer + 1}, cover {'up' if table.curtain else 'down'}, "
                f"person at the screen: "
                f"{'nobody yet' if w.allowed is None else f'seat {w.allowed + 1}'}",
                self.context())
        if self.theirs is not None:
            theirs = self.theirs(table)
            w.theirs_time = w.theirs_time + DT if theirs else 0.0
            if not theirs:
                w.theirs_reported = False
            elif w.theirs_time >= LEAK_GRACE and not w.theirs_reported:
                w.theirs_reported = True
                kinds = " and ".join(k for k, there in (
                    ("face-up cards of a concealed hand", any("hand" in t for t in theirs)),
                    ("ghost copies", any(t.startswith("ghost") for t in theirs))) if there)
                self.report.add("leaks", f"{table.config.game}: scenes.leaks reports {kinds}",
                                f"{theirs[:12]}; viewer seat {table.viewer + 1}, cover "
                                f"{'up' if table.curtain else 'down'}", self.context())

    # -- the run ---------------------------------------------------------------------------
    def run(self) -> Report:
        rules_log = logging.getLogger("ecs.rules_system")
        handler = AIFailures(self)
        rules_log.addHandler(handler)
        propagate, rules_log.propagate = rules_log.propagate, False
        from game.app import App

        window_scale = App.window_scale
        if self.large_window:  # every frame drawn as for a window 1.5 times the canvas
            App.window_scale = lambda app: 1.5  # (the dummy display then flips as ever)
        self.start_app()
        try:
            while not self.done:
                try:
                    self.act()
                except AppCrashed:
                    self.current_action = ""
                    self.restart_app()
                except Exception as exc:  # a mismatch in the monkey's own expectations
                    frames = traceback.extract_tb(exc.__traceback__)
                    self.report.add("monkey_errors", exception_key(exc),
                                    "".join(traceback.format_exception(exc))[-1500:],
                                    self.context())
                    del frames
                    self.current_action = ""
                if self.app is not None and not self.app.running:
                    self.report.restarts += 1
                    self.restart_app()
        finally:
            self.stop_app()
            rules_log.removeHandler(handler)
            rules_log.propagate = propagate
            App.window_scale = window_scale
            self.report.wall_seconds = time.monotonic() - self.started
        return self.report

    def act(self) -> None:
        from scenes.game_table import GameTable
        from scenes.menu import MainMenu
        from scenes.setup import SetupScene

        top = self.app.scenes.top
        if self.app.scenes.transition is not None and self.rng.random() < 0.7:
            self.do("wait", lambda: self.drive.step(self.rng.randint(1, 12)))
            return
        if isinstance(top, MainMenu):
            self.in_menu()
        elif isinstance(top, SetupScene):
            self.in_setup(top)
        elif isinstance(top, GameTable):
            self.at_table(top)
        else:
            self.in_overlay(top)

    def do(self, name: str, action: Callable[[], None]) -> None:
        self.current_action = name
        action()
        self.current_action = ""

    # -- screens -----------------------------------------------------------------------
    def in_menu(self) -> None:
        from game.layout import load_layout

        r = self.rng.random()
        menu = self.app.scenes.top
        if r < 0.55:
            game = self.pick_game()
            if game == "telefunken" and self.rng.random() < LATE_START:
                self.do("late start", lambda: self.late_start(menu))
                return
            if self.rng.random() < 0.5:
                self.do("open game tile", lambda: self.drive.click(
                    load_layout("menu")[game].rect.center))
            else:
                keys = [z.name for z in menu.layout.layer("tiles")]
                import pygame

                self.do("open game key", lambda: self.drive.key(pygame.K_1 + keys.index(game)))
            self.drive.step(self.rng.randint(0, 30))
        elif r < 0.75:
            button = next((w for w in menu.widgets.widgets
                           if getattr(w, "label", "").startswith("Continue")), None)
            if button is not None and button.enabled:
                self.report.continues += 1
                self.do("Continue", lambda: self.drive.click(button.rect.center))
                self.drive.step(self.rng.randint(0, 40))
            else:
                self.random_input()
        elif r < 0.85:
            self.click_widget(menu, avoid=("Quit",) if self.rng.random() < 0.8 else ())
        else:
            self.random_input()

    def late_start(self, menu) -> None:
        """Plant a save of a Telefunken game near its end and Continue it.

        Seven deals are far more than a run plays through the table, so without this the
        end of a Telefunken game (the last deal, the final results, the statistics) would
        never be reached. The easy computer player plays a whole game in every seat; the
        save holds the position a few moves before the end of deal 6 (a third of the time)
        or before the end of the game, with no moves, and the seats as configure would
        choose them."""
        from game.ai import telefunken as ai
        from game.rules import telefunken as rules
        from game.saves import write_autosave

        rng = self.rng
        players = rng.randint(2, 5)
        hotseat = self.hotseat == "always" or (self.hotseat == "mixed" and rng.random() < 0.4)
        people = (rng.sample(range(players), rng.randint(2, min(players, 3))) if hotseat
                  else [rng.randrange(players)])
        seats = [{"kind": "human" if s in people else "ai",
                  "level": rng.choice(("easy", "easy", "normal", "hard"))}
                 for s in range(players)]
        seed = rng.randint(1, 10**6)
        states = [rules.new_game(players, seed=seed)]
        play_rng = random.Random(seed)
        last_of_deal_6 = 0
        while rules.to_move(states[-1]) is not None:
            state = states[-1]
            if rules.dump(state)["deal"] <= 6:
                last_of_deal_6 = len(states) - 1
            states.append(rules.play(state, ai.choose(
                rules.view(state, rules.to_move(state)), rules.legal_moves(state), "easy",
                play_rng)))
        end = last_of_deal_6 if rng.random() < 1 / 3 else len(states) - 2
        state = states[max(0, end - rng.randint(0, 120))]
        del states
        position = rules.dump(state)
        write_autosave({"game": "telefunken",
                        "config": {"game": "telefunken", "seats": seats, "seed": seed,
                                   "options": {}},
                        "initial": position, "moves": [], "position": position})
        menu.resume()  # the menu lists the saves again: Continue now names this one
        button = next((w for w in menu.widgets.widgets
                       if getattr(w, "label", "").startswith("Continue")), None)
        if button is None or not button.enabled:
            return
        self.report.late_starts += 1
        self.report.games_started += 1
        if len(people) > 1:
            self.report.hotseat_games += 1
        self.drive.click(button.rect.center)
        self.drive.step(rng.randint(0, 30))

    def pick_game(self) -> str:
        return self.rng.choice(GAMES) if self.game == "all" else self.game

    def in_setup(self, setup) -> None:
        import pygame

        wanted = self.game == "all" or setup.info.key == self.game
        if not wanted:
            self.do("setup back", lambda: self.drive.key(pygame.K_ESCAPE))
            return
        if self.rng.random() < 0.08:
            self.random_input()
            return
        self.do("configure seats", lambda: self.configure(setup))

    def configure(self, setup) -> None:
        """Choose players, people and computers, levels, options and a seed by clicking."""
        import pygame

        rng, drive = self.rng, self.drive
        info = setup.info
        hotseat = self.next_game_hotseat
        self.next_game_hotseat = self.hotseat == "always" or (
            self.hotseat == "mixed" and rng.random() < 0.4)

        def widgets(label: str) -> list:
            return [w for w in setup.widgets.widgets if getattr(w, "label", "") == label]

        def cycle_to(label: str, index: int, value) -> None:
            for _ in range(12):
                found = widgets(label)
                if len(found) <= index or found[index].value == value:
                    return
                field, _, right = found[index]._boxes()
                drive.click(right.center)

        if info.min_players != info.max_players:
            cycle_to("Players", 0, rng.randint(info.min_players, min(info.max_players, 5)))
        players = setup.players
        if hotseat:
            people = rng.sample(range(players), rng.randint(2, min(players, 3)))
        else:
            people = [rng.randrange(players)]
        kinds = ["human" if s in people else "ai" for s in range(players)]
        for seat in range(players):
            cycle_to(info.seat_name(seat), 0, kinds[seat])
        for i, _ in enumerate(widgets("Level")):
            cycle_to("Level", i, rng.choice(("easy", "easy", "normal", "hard")))
        for opt in info.options:
            for _ in range(rng.randint(0, len(opt.choices))):
                found = widgets(opt.label)
                if found:
                    drive.click(found[0]._boxes()[2].center)
        drive.click(setup.seed_field._field().center)
        drive.type(str(rng.randint(1, 10**6)))
        if sum(1 for s in setup.seats[:setup.players] if s.is_human) > 1:
            self.report.hotseat_games += 1
        self.report.games_started += 1
        if rng.random() < 0.5:
            drive.click(setup.start_button.rect.center)
        else:
            drive.key(pygame.K_RETURN)  # leaves the seed field
            drive.key(pygame.K_RETURN)
        drive.step(rng.randint(0, 20))

    def in_overlay(self, scene) -> None:
        import pygame

        r = self.rng.random()
        if r < 0.55:
            avoid = ("Yes, reset all",) if self.rng.random() < 0.9 else ()
            self.click_widget(scene, avoid=avoid)
        elif r < 0.7:
            self.do("Esc", lambda: self.drive.key(pygame.K_ESCAPE))
        else:
            self.random_input()

    def at_table(self, table) -> None:
        rng = self.rng
        idle = not table.animating and self.app.scenes.transition is None
        human = table.replay is None and table.rules.human_to_move() and not table.rules.over
        r = rng.random()
        if human and idle and r < 0.45:
            self.do("play a legal move", lambda: self.play_move(table))
        elif r < 0.6:
            self.do("wait", lambda: self.drive.step(rng.randint(5, 60)))
        elif (table.animating or table.rules.thinking) and r < 0.75:
            self.do("click burst", self.click_burst)
        else:
            self.random_input(table)

    # -- playing -----------------------------------------------------------------------
    def play_move(self, table) -> None:
        from scenes.game_table import CardTable

        if isinstance(table, CardTable) and table.curtain:
            # mostly after the cover has stood its quiet moment (COVER_QUIET), now and then
            # too soon (that click must not lift it)
            self.drive.step(self.rng.randint(1, 75))
            self.drive.click(table.layout["hand"].rect.center)
            self.drive.step(self.rng.randint(1, 20))
            if self.app.scenes.top is not table:
                return
        if isinstance(table, CardTable) and not table.mine:
            return
        legal = table.legal()
        if not legal:
            return
        if self.rng.random() < 0.7:
            ai = importlib.import_module(f"game.ai.{table.config.game}")
            seat = table.rules.to_move
            view = table.rules_module.view(table.state, seat)
            move = ai.choose(view, list(legal), "easy", random.Random(self.rng.random()))
        else:
            move = self.rng.choice(legal)
        module = importlib.import_module(f"scenes.{table.config.game}_table")
        before = len(table.session.moves)
        session = table.session
        if hasattr(table, "clear_selection") and table.config.game == "telefunken":
            table.clear_selection()  # cards picked by random clicks leave the hand row
            self.drive.settle(60)
        if table.config.game == "zetema" and move.startswith("discard "):
            code = move.split()[1]  # after a meld the card sits in the meld zone
            ent = next(e for c, e in table.selection + table.shown + table.hand if c == code)
            self.drive.drag(self.drive.center_of(ent),
                            table.layout[f"pile_{code[:-1]}"].rect.center, steps=6)
        else:
            module.perform(self.drive, table, move)
        self.drive.settle(240)
        if len(session.moves) > before:
            self.report.ui_moves += 1
        elif self.app.scenes.top is table and table.session is session:
            self.report.refused += 1
            if len(self.report.refused_examples) < 20:
                toast = self.app.toasts[-1].text if self.app.toasts else ""
                where = " (hot seat)" if len(session.humans) > 1 else ""
                self.report.refused_examples.append(
                    f"{table.config.game}{where} {move!r}: {toast!r}")

    # -- random input ------------------------------------------------------------------
    def random_input(self, table=None) -> None:
        rng = self.rng
        choices: list[tuple[float, str, Callable[[], None]]] = [
            (4, "drag", lambda: self.random_drag(table)),
            (3, "click", lambda: self.drive.click(self.somewhere(table))),
            (2, "click burst", self.click_burst),
            (3, "key", self.random_key),
            (1, "wheel", lambda: (self.drive.move(self.somewhere(table)),
                                  self.drive.wheel(rng.choice((-3, -1, 1, 2, 5))))),
            (1, "resize", self.resize),
            (2, "widget", lambda: self.click_widget(self.app.scenes.top, act=False)),
            (0.6, "quit to menu and continue", self.quit_and_continue),
            (0.35, "close and restart the program", self.close_program),
            (1, "right click", lambda: self.drive.click(self.somewhere(table), button=3)),
        ]
        total = sum(w for w, _, _ in choices)
        pick = rng.random() * total
        for weight, name, action in choices:
            pick -= weight
            if pick <= 0:
                self.do(name, action)
                return

    def somewhere(self, table=None) -> tuple[int, int]:
        """A random point: on a card or piece, in a zone of the layout, or anywhere."""
        import esper

        from ecs.components import Sprite, Transform

        rng = self.rng
        r = rng.random()
        if table is not None and table.world is not None and table.world.alive and r < 0.5:
            table.world.activate()
            ents = [(t.x, t.y + t.dy) for _, (t, s) in esper.get_components(Transform, Sprite)
                    if s.visible]
            if ents:
                x, y = rng.choice(ents)
                return round(x + rng.uniform(-8, 8)), round(y + rng.uniform(-8, 8))
        layout = getattr(table, "layout", None) if table is not None else None
        if layout is not None and r < 0.8:
            zones = [z for z in getattr(layout, "zones", {}).values()] if hasattr(
                layout, "zones") else []
            if zones:
                rect = rng.choice(zones).rect
                return (rng.randint(rect.left, max(rect.left, rect.right - 1)),
                        rng.randint(rect.top, max(rect.top, rect.bottom - 1)))
        if rng.random() < 0.05:  # off the canvas now and then
            return rng.randint(-50, 1330), rng.randint(-50, 770)
        return rng.randint(0, 1279), rng.randint(0, 719)

    def random_drag(self, table) -> None:
        rng = self.rng
        start, end = self.somewhere(table), self.somewhere(table)
        self.drive.press(start)
        steps = rng.randint(1, 12)
        self.drive.move(end, steps=steps, frames_per_step=rng.choice((0, 1, 1, 2)))
        if rng.random() < 0.1:  # let go somewhere else after a pause
            self.drive.step(rng.randint(1, 30))
        self.drive.release(end if rng.random() < 0.9 else self.somewhere(table))

    def click_burst(self) -> None:
        import pygame

        rng = self.rng
        table = self.table()
        for _ in range(rng.randint(2, 8)):
            pos = self.somewhere(table)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
                self.report.events += 1
            if rng.random() < 0.5:
                self.drive.step()
        self.drive.step()

    def random_key(self) -> None:
        import pygame

        rng = self.rng
        keys = [(pygame.K_ESCAPE, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_z, 0),
                (pygame.K_h, 0), (pygame.K_F11, 0), (pygame.K_1, 0), (pygame.K_2, 0),
                (pygame.K_3, 0), (pygame.K_4, 0), (pygame.K_RETURN, 0), (pygame.K_KP_ENTER, 0),
                (pygame.K_SPACE, 0), (pygame.K_LEFT, 0), (pygame.K_RIGHT, 0),
                (pygame.K_HOME, 0), (pygame.K_END, 0), (pygame.K_BACKSPACE, 0),
                (pygame.K_TAB, 0), (pygame.K_a, 0), (pygame.K_7, 0), (pygame.K_p, 0),
                (pygame.K_UP, 0), (pygame.K_DOWN, 0), (pygame.K_TAB, pygame.KMOD_SHIFT)]
        weights = [3, 4, 1, 4, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
                   0.5, 0.5, 0.5]
        key, mod = rng.choices(keys, weights)[0]
        name = pygame.key.name(key)
        unicode = name if len(name) == 1 else ""
        self.drive.key(key, mod, unicode)
        if rng.random() < 0.3:  # the same key again at once (key repeat, impatience)
            self.drive.key(key, mod, unicode)

    def resize(self) -> None:

        rng = self.rng
        size = rng.choice([(1, 1), (40, 30), (320, 180), (640, 360), (800, 1200),
                           (1280, 720), (1920, 1080), (rng.randint(1, 2000), rng.randint(1, 1200))])
        self._resize_to(size)
        self.drive.step(rng.randint(1, 3))
        if size[0] * size[1] > 1280 * 720 and rng.random() < 0.8:
            # a big window costs SDL's software scaling a lot of time per frame: back soon
            self._resize_to((1280, 720))
            self.drive.step()

    def _resize_to(self, size: tuple[int, int]) -> None:
        """Resize the window (SDL keeps it at least 1280x720 in SCALED mode) and post the
        events a window manager would send."""
        import pygame

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                window = pygame.Window.from_display_module()
            window.size = size
        except (pygame.error, AttributeError, ValueError):
            pass
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=size[0], y=size[1]))
        self.report.events += 2

    def click_widget(self, scene, avoid: tuple[str, ...] = (), act: bool = True) -> None:
        """Click a random point inside one of the top scene's widgets."""
        found = list(getattr(getattr(scene, "widgets", None), "widgets", []))
        controls = getattr(scene, "replay_controls", None)
        if controls is not None:
            found += list(getattr(getattr(controls, "widgets", None), "widgets", []))
        found = [w for w in found if getattr(w, "label", "") not in avoid]
        if not found:
            self.random_input()
            return
        widget = self.rng.choice(found)
        rect = widget.rect
        pos = (self.rng.randint(rect.left, max(rect.left, rect.right - 1)),
               self.rng.randint(rect.top, max(rect.top, rect.bottom - 1)))
        self.do(f"click {getattr(widget, 'label', type(widget).__name__)!r}",
                lambda: self.drive.click(pos))
        if act:
            self.drive.step(self.rng.randint(0, 20))

    def quit_and_continue(self) -> None:
        """Pause, Quit to menu, then Continue (the save of the game just left)."""
        import pygame

        from scenes.game_table import GameTable
        from scenes.menu import MainMenu
        from scenes.pause import PauseMenu

        if not isinstance(self.app.scenes.top, GameTable):
            self.drive.key(pygame.K_ESCAPE)
            return
        self.drive.key(pygame.K_ESCAPE)
        self.drive.settle(120)
        pause = self.app.scenes.top
        if not isinstance(pause, PauseMenu):
            return
        button = next((w for w in pause.widgets.widgets if w.label == "Quit to menu"), None)
        if button is None:  # the pause menu is asking something (Restart?): say no
            self.drive.key(pygame.K_ESCAPE)
            return
        self.drive.click(button.rect.center)
        self.drive.settle(120)
        menu = self.app.scenes.top
        if isinstance(menu, MainMenu):
            button = next((w for w in menu.widgets.widgets
                           if getattr(w, "label", "").startswith("Continue")), None)
            if button is not None and button.enabled:
                self.report.continues += 1
                self.drive.click(button.rect.center)
                self.drive.step(self.rng.randint(0, 30))

    def close_program(self) -> None:
        """Close the window (QUIT) now, whatever is happening; a new app starts after."""
        import pygame

        pygame.event.post(pygame.event.Event(pygame.QUIT))
        self.report.events += 1
        self.drive.step()


def _their_leak_check() -> Callable | None:
    """``scenes.leaks`` (the tables' own check, from the hot-seat work) if it exists: a
    function listing its hidden-card leaks and ghost cards for a table."""
    try:
        module = importlib.import_module("scenes.leaks")
    except ImportError:
        return None
    leaks = getattr(module, "hidden_card_leaks", None)
    ghosts = getattr(module, "ghost_cards", lambda scene: [])
    if leaks is None:
        return None
    return lambda scene: leaks(scene) + [f"ghost copy {g}" for g in ghosts(scene)]


def _stop_ai_worker() -> None:
    try:
        from game.ai.worker import shutdown_shared_worker
    except ImportError:
        return
    shutdown_shared_worker()


def _reset_esper() -> None:
    from ecs.world import reset_all_worlds

    reset_all_worlds()


@contextlib.contextmanager
def _environment(data_dir: Path, seed: int) -> Iterator[None]:
    """Headless SDL, the data directory, and a seeded stand-in for ``random.SystemRandom``."""
    saved = {k: os.environ.get(k) for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER",
                                            "PARLOUR_DATA_DIR", "PYGAME_HIDE_SUPPORT_PROMPT")}
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["PARLOUR_DATA_DIR"] = str(data_dir)
    system_random = random.SystemRandom
    seeded = random.Random(seed * 31 + 7)
    random.SystemRandom = lambda *a, **k: random.Random(seeded.random())  # type: ignore
    try:
        yield
    finally:
        random.SystemRandom = system_random  # type: ignore[misc]
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def write_settings(data_dir: Path, rng: random.Random) -> None:
    """Start with fast or instant animation (so a run plays many moves) and, now and then,
    undo allowed between people."""
    import json

    data_dir.mkdir(parents=True, exist_ok=True)
    settings = {"version": 1, "animation": rng.choice(("fast", "fast", "instant")),
                "sound": rng.random() < 0.5, "volume": 0.5, "fullscreen": False,
                "window_size": [1280, 720], "undo_between_people": rng.random() < 0.5}
    (data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


def run_monkey(game: str, seed: int, minutes: float | None = None, events: int | None = None,
               data_dir: Path | None = None, hotseat: str = "mixed",
               log: Callable[[str], None] | None = None,
               stuck_seconds: float = STUCK_SECONDS, large_window: bool = False) -> Report:
    """Run the monkey on ``game`` ("all" for every game) and return its report."""
    if game != "all" and game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    if minutes is None and events is None:
        raise ValueError("give --minutes or --events")
    own_dir = data_dir is None
    path = Path(tempfile.mkdtemp(prefix="parlour-monkey-")) if own_dir else Path(data_dir)
    try:
        with _environment(path, seed):
            rng = random.Random(seed ^ 0x5EED)
            write_settings(path, rng)
            deadline = time.monotonic() + minutes * 60 if minutes is not None else None
            monkey = Monkey(game, seed, path, events, deadline, hotseat, log, stuck_seconds,
                            large_window)
            report = monkey.run()
            if large_window:
                report.crisp_views = monkey.crisp_views
            return report
    finally:
        if own_dir:
            shutil.rmtree(path, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=[*GAMES, "all"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, help="wall-clock minutes to run")
    parser.add_argument("--events", type=int, help="stop after this many events")
    parser.add_argument("--hotseat", choices=("mixed", "always", "never"), default="mixed",
                        help="games between people at one screen: the first game and about "
                        "40%% of the others (mixed), every game, or none")
    parser.add_argument("--data-dir", help="use this data directory (default: a fresh "
                        "temporary one, deleted afterwards)")
    parser.add_argument("--verbose", action="store_true", help="print findings as they come")
    parser.add_argument("--large-window", action="store_true",
                        help="draw every frame as for a window 1.5 times the canvas: the words "
                        "are noted and, every fifth frame, drawn again at that size "
                        "(scenes.crisp); the canvas must come out unchanged")
    args = parser.parse_args(argv)
    if args.minutes is None and args.events is None:
        args.minutes = 1.0
    report = run_monkey(args.game, args.seed, args.minutes, args.events,
                        Path(args.data_dir) if args.data_dir else None, args.hotseat,
                        print if args.verbose else None, large_window=args.large_window)
    print(report.summary())
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
