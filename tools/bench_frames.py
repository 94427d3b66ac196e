"""Frame-time benchmark, headless at 1280x720: ``python tools/bench_frames.py``.

(a) the main menu with the pointer sweeping over the tiles, (b) a stress table with 110
cards in motion (moving, turning, flipping) and one card dragged by scripted input; 600
frames each, timing the whole frame (events, update, draw, flip). Prints mean, p50 and p99
in milliseconds and frames per second, then the start-up time (process start to the first
menu frame, median of several runs of ``python -m game --bench-startup``).
(c) "table while hard thinks": a Zertz table and a Telefunken table (one person, computer
players at hard) with the pointer moving over the table while the hard AI decides the
position's move again and again, back to back, for the whole run (``--think-frames``, paced
at 60 frames a second like the real loop, after 30 unmeasured frames), in
the AI worker process (as the game does) and, for comparison, on a thread in the window's
process (as it used to); plus the same table idle. The worker is started and ready before
the timing begins. ``--only think`` runs only (c).
Targets on the 2-core reference machine: p99 under 8 ms (menu, stress table), under 16.7 ms
while hard thinks; start-up under 1.5 s.

Then the stress table against the raw floor, in CPU time of the main thread
(``time.thread_time``), interleaved frame by frame in the same process so the ratio holds on
a noisy machine: the floor is a bare pygame loop blitting the same 110 card images at the
same places and flipping. Target: stress p99 within 1.3x the floor's p99. Then the same
table with every card stopped where it stands (no per-card animation work) against the floor
again: what the rest of the frame costs beyond the floor. ``--stress-floor`` runs only that part.

(d) idle tables (``--only idle``): each game's table, opened with a seeded game, settled
with the person to move and no message shown, then ``--idle-frames`` frames with no input:
CPU per frame and how many frames drew. Target: under 0.5 ms CPU a frame.
(e) scripted play (``--only play``): each game's table opened with a slide from the menu,
every seat played by the computer (easy) at normal animation speed, the pointer wandering,
the autosave on its writer thread, paced at 60 frames a second for ``--play-frames``
frames: wall and CPU time of every frame, including the table's first frame and the frames
of each autosave. Targets: p99 under 8 ms, no frame over 16.7 ms.
(f) you against the computer (``--only seated``): each game with a person in the first
seat, whose moves (an easy player's choices) are dragged with the mouse, against easy
computer players, for ``--seated-frames`` frames (deal summaries closed by a click): the
CPU time of every frame, the person's included, with every seat's last move marked and
tagged as in a real game (the all-computer run of (e) covers only a deal's first moves).
Targets as for (e).
"""

from __future__ import annotations

import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if "PARLOUR_DATA_DIR" not in os.environ:  # (the AI worker process re-runs this module's top)
    os.environ["PARLOUR_DATA_DIR"] = tempfile.mkdtemp(prefix="parlour-bench-")


def _summary(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p50 = ms[len(ms) // 2]
    p99 = ms[min(len(ms) - 1, math.ceil(len(ms) * 0.99) - 1)]
    mean = statistics.fmean(ms)
    return (f"{name:<28} frames {len(ms):4d}  mean {mean:6.2f} ms  p50 {p50:6.2f} ms  "
            f"p99 {p99:6.2f} ms  max {ms[-1]:6.2f} ms  {1000 / mean:7.0f} fps")


def bench_menu(app, driver, frames: int) -> list[float]:
    from game.layout import load_layout

    app.start()
    driver.settle()
    tiles = [z.rect.center for z in load_layout("menu").layer("tiles")]
    times = []
    for i in range(frames):
        x = 60 + (i * 7) % 1160
        y = tiles[0][1] + 60 * math.sin(i / 15)
        import pygame

        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, round(y)),
                                             rel=(7, 0), buttons=(0, 0, 0)))
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t0)
    return times


def bench_stress(app, driver, frames: int) -> list[float]:
    import esper
    import pygame

    from ecs.components import CardFace, Transform, Tweens
    from scenes.sandbox_table import SandboxTable

    table = SandboxTable(app, seed=11, stress=True)
    app.scenes.reset(table, transition=None)
    driver.step(30)
    cards = [e for e, _ in esper.get_component(CardFace)]
    assert len(cards) == 110, len(cards)
    held = cards[-1]
    t = esper.component_for_entity(held, Transform)
    driver.press((round(t.x), round(t.y)))
    times = []
    moving_min = len(cards)
    for i in range(frames):
        x = 640 + 400 * math.cos(i / 40)
        y = 360 + 200 * math.sin(i / 30)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),
                                             rel=(1, 1), buttons=(1, 0, 0)))
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t0)
        if i % 50 == 0:
            moving = sum(1 for e in cards if esper.component_for_entity(e, Tweens).items)
            moving_min = min(moving_min, moving)
    assert table.drag.held == held, "the dragged card was dropped during the benchmark"
    print(f"  (stress table: {len(cards)} cards, at least {moving_min} tweening at each sample, "
          "1 dragged)")
    return times


THINK_TABLES = {
    # game: (seats, seed, moves played before the measured position)
    "zertz": (("human", "ai"), 3, ["place d4", "place c3"]),
    "telefunken": (("human", "ai", "ai", "ai"), 5, []),
}


def bench_thinking(app, driver, game: str, frames: int, mode: str) -> tuple[list[float], str]:
    """Frames of a table while ``mode`` ("process", "thread" or "idle") keeps hard thinking."""
    import importlib

    import pygame

    from game.ai.worker import AIWorker, shared_worker
    from game.catalog import GameConfig, Seat
    from game.session import Session

    kinds, seed, moves = THINK_TABLES[game]
    config = GameConfig(game, tuple(Seat(k, "hard") for k in kinds), seed, {})
    session = Session.new(config)
    for move in moves:
        session.play(move)
    table_class = {"zertz": "ZertzTable", "telefunken": "TelefunkenTable"}[game]
    table = getattr(importlib.import_module(f"scenes.{game}_table"), table_class)(
        app, config, session)
    app.scenes.reset(table, transition=None)
    driver.settle()
    table.rules.paused = True  # the table's own computer waits: the bench keeps one thinking
    rules, ai = session.rules, importlib.import_module(f"game.ai.{game}")
    view, legal = rules.view(session.state, rules.to_move(session.state)), rules.legal_moves(
        session.state)
    worker = shared_worker() if mode == "process" else AIWorker(use_process=False)
    if mode == "process":
        worker.probe().done.wait(60)  # started and ready: boot time is not measured here
    for _ in range(30):  # first frames of a new table (caches): not measured
        app.step(1 / 60)
    decision, decided, think_times, asked_at = None, 0, [], 0.0
    times = []
    next_frame = time.perf_counter()
    for i in range(frames):
        next_frame += 1 / 60  # paced like the real loop (clock.tick(60))
        pause = next_frame - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        else:
            next_frame = time.perf_counter()
        if mode != "idle" and (decision is None or decision.done.is_set()):
            if decision is not None:
                decided += 1
                think_times.append(time.perf_counter() - asked_at)
            asked_at = time.perf_counter()
            decision = worker.submit(ai, view, legal, "hard", 1000 + i)
        x = 200 + (i * 5) % 880
        y = 560 + 40 * math.sin(i / 12)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, round(y)),
                                             rel=(5, 0), buttons=(0, 0, 0)))
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t0)
    if decision is not None:
        decision.cancel()
    note = ""
    if think_times:
        note = (f"{decided} hard decisions, mean {statistics.fmean(think_times) * 1000:.0f} ms "
                f"each")
    return times, note


# -- stress table against the raw floor (CPU time of the main thread) --------------------------
def _cpu_summary(name: str, times: list[float]) -> tuple[str, float, float]:
    ms = sorted(t * 1000 for t in times)
    p50 = ms[len(ms) // 2]
    p99 = ms[min(len(ms) - 1, math.ceil(len(ms) * 0.99) - 1)]
    line = (f"{name:<30} frames {len(ms):4d}  CPU mean {statistics.fmean(ms):6.2f} ms  "
            f"p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {ms[-1]:6.2f} ms")
    return line, p50, p99


def _floor_frame(screen, background, blits: list[tuple]) -> None:
    """One frame of the raw floor: a bare pygame loop, no ECS, no caches, no Python per card
    beyond the blit call: clear with the background, blit each card image, flip."""
    import pygame

    screen.blit(background, (0, 0))
    for image, pos in blits:
        screen.blit(image, pos)
    pygame.display.flip()


def _drag_along(i: int) -> None:
    """Post the pointer's motion of frame ``i`` of the stress table (the held card's way)."""
    import pygame

    x = 640 + 400 * math.cos(i / 40)
    y = 360 + 200 * math.sin(i / 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),
                                         rel=(1, 1), buttons=(1, 0, 0)))


def _faces_at(parts: list[tuple]) -> list[tuple]:
    """The raw floor's blits: each card's unrotated face (or back) at its place now."""
    blits = []
    for tr, face in parts:
        image = face.front if face.face_up else face.back
        w, h = image.get_size()
        blits.append((image, (round(tr.x - w / 2), round(tr.y + tr.dy - h / 2))))
    return blits


def _stress_and_floor(app, i: int, parts: list[tuple], screen, background,
                      stress: list[float], floor: list[float]) -> None:
    """Frame ``i`` of the stress table (the pointer dragging on), then the raw floor of its
    cards' faces where they are now; each one's CPU time appended to its list."""
    clock = time.thread_time
    _drag_along(i)
    t0 = clock()
    app.step(1 / 60)
    stress.append(clock() - t0)
    blits = _faces_at(parts)
    t0 = clock()
    _floor_frame(screen, background, blits)
    floor.append(clock() - t0)


def bench_stress_vs_floor(app, driver, frames: int) -> tuple[float, float]:
    """The stress table and the raw floor, interleaved frame by frame in this process.

    Each stress frame is ``app.step`` (events, tweens, hover, drag, render, flip) timed with
    ``time.thread_time`` (CPU of the main thread, so other load on the machine counts less).
    Right after it, the raw floor draws the same 110 card images (the unrotated faces the
    cards show, same sizes) at the places the stress cards have in that frame, over a
    full-canvas background, and flips: what pygame alone costs for those pixels. A second
    floor, "as drawn", blits the very surfaces the renderer blitted for the cards in that
    frame (rotated, squashed or lifted, same sizes and places), so the gap to it is the
    per-frame work beyond the pixels. Returns (stress p99, floor p99) in ms and prints the
    summaries and the ratios.
    """
    import esper

    from ecs.components import CardFace, Transform, Tweens, ZOrder
    from ecs.render import SMOOTH_AFTER
    from scenes.sandbox_table import SandboxTable

    table = SandboxTable(app, seed=11, stress=True)
    app.scenes.reset(table, transition=None)
    driver.step(30)
    cards = [e for e, _ in esper.get_component(CardFace)]
    assert len(cards) == 110, len(cards)
    order = sorted(cards, key=lambda e: esper.component_for_entity(e, ZOrder).z)
    parts = [(esper.component_for_entity(e, Transform), esper.component_for_entity(e, CardFace))
             for e in order]
    held = cards[-1]
    t = esper.component_for_entity(held, Transform)
    driver.press((round(t.x), round(t.y)))
    screen = app.screen
    background = screen.copy()
    background.fill((30, 90, 60))
    stress, floor, drawn_floor = [], [], []
    render = table.render
    replay = getattr(render, "drawn", None)
    moving_min = len(cards)
    clock = time.thread_time
    for i in range(frames):
        _stress_and_floor(app, i, parts, screen, background, stress, floor)
        if replay is not None:
            as_drawn = [d for d in (replay(e) for e in order) if d is not None]
            t0 = clock()
            _floor_frame(screen, background, as_drawn)
            drawn_floor.append(clock() - t0)
        if i % 50 == 0:
            moving = sum(1 for e in cards if esper.component_for_entity(e, Tweens).items)
            moving_min = min(moving_min, moving)
    assert table.drag.held == held, "the dragged card was dropped during the benchmark"
    # The same table with every card stopped where it is (its tweens dropped: no tween or
    # placement work per card; rotated and squashed images as they were) and the one card
    # still dragged, against the floor again: what the frame costs beyond the floor before
    # any per-card animation work (the rotated images' larger rects, the felt, the words,
    # events, hover and drag).
    for e in cards:
        esper.component_for_entity(e, Tweens).items = []
    still, still_floor = [], []
    driver.step(2 * SMOOTH_AFTER)  # (resting images are redone smoothly once, on their 12th use)
    for i in range(frames, frames + frames // 2):
        _stress_and_floor(app, i, parts, screen, background, still, still_floor)
    line_s, _, s99 = _cpu_summary("stress table (110 cards)", stress)
    line_f, _, f99 = _cpu_summary("raw floor (same 110 images)", floor)
    print(f"  (stress table: {len(cards)} cards, at least {moving_min} tweening at each sample, "
          "1 dragged; raw floor interleaved frame by frame)")
    print(line_s)
    print(line_f)
    if drawn_floor:
        line_d, _, d99 = _cpu_summary("raw floor, images as drawn", drawn_floor)
        print(line_d)
    print(f"stress p99 / floor p99 = {s99 / f99:.2f}x  (target within 1.3x)")
    if drawn_floor:
        print(f"stress p99 / floor-as-drawn p99 = {s99 / d99:.2f}x")
    line_t, _, t99 = _cpu_summary("stress table, cards stopped", still)
    line_tf, _, tf99 = _cpu_summary("raw floor beside it", still_floor)
    print(line_t)
    print(line_tf)
    print(f"stopped p99 / floor p99 = {t99 / tf99:.2f}x  (no per-card animation work at all)")
    return s99, f99


# -- idle tables and scripted play ------------------------------------------------------------
def _games() -> list[str]:
    from game.catalog import GAMES

    return [info.key for info in GAMES if info.available]


def bench_idle(app, driver, game: str, frames: int) -> tuple[list[float], int]:
    """CPU time of the frames of ``game``'s table at rest (the person to move, no message)."""
    from game.catalog import default_config, table_module

    scene = table_module(game).new_scene(app, default_config(game, seed=2026))
    app.scenes.reset(scene, transition=None)
    driver.settle(1200)
    quiet = 0
    for _ in range(3000):  # until the person is to move and 30 frames in a row drew nothing
        drawn = app.draws
        driver.step()
        quiet = quiet + 1 if app.draws == drawn and scene.rules.offering() else 0
        if quiet >= 30:
            break
    drawn = app.draws
    times = []
    clock = time.thread_time
    for _ in range(frames):
        t0 = clock()
        app.step(1 / 60)
        times.append(clock() - t0)
    return times, app.draws - drawn


def bench_results(app, driver, frames: int) -> tuple[list[float], list[float]]:
    """CPU per frame of the results overlay over a table: at rest, and with the pointer
    moving over it (every frame drawn)."""
    import pygame

    from scenes.results import ResultsOverlay

    overlay = ResultsOverlay(app, "Seat 2 wins", "by 120 points", ["Seat", "Points"],
                             [[f"Seat {n}", str(100 * n)] for n in range(1, 5)], lambda: None,
                             lambda: None, highlight_row=1,
                             log=[f"Seat {n % 4 + 1} plays move {n}" for n in range(120)],
                             on_replay=lambda: None)
    app.scenes.push(overlay, transition=None)
    driver.step(5)
    clock = time.thread_time
    rest, moving = [], []
    for _ in range(frames):
        t0 = clock()
        app.step(1 / 60)
        rest.append(clock() - t0)
    for i in range(frames):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + (i * 7) % 880, 560),
                                             rel=(7, 0), buttons=(0, 0, 0)))
        t0 = clock()
        app.step(1 / 60)
        moving.append(clock() - t0)
    app.scenes.pop(transition=None)
    return rest, moving


def bench_play(app, driver, game: str, frames: int) -> tuple[list[float], list[float], int, int,
                                                         list[float], list[int]]:
    """A game between computer players from the table's first frame (a slide from the menu),
    paced like the real loop; returns (wall times, CPU times, autosaves written, moves,
    CPU time of ``display.flip`` per frame, the frames on which a move was saved)."""
    import pygame

    from game.catalog import GameConfig, Seat, default_config, table_module
    from game.saves import flush_saves, save_writer
    from scenes.menu import MainMenu

    base = default_config(game, seed=7)
    config = GameConfig(game, tuple(Seat("ai", "easy") for _ in base.seats), 7, base.options)
    app.scenes.reset(MainMenu(app), transition=None)
    driver.settle()
    app.step(1 / 60)
    flush_saves()
    written = save_writer().written
    persist, app.persist = app.persist, True  # autosaves on (into the bench's own data dir)
    scene = table_module(game).new_scene(app, config)
    app.scenes.reset(scene, transition="slide", reverse=False)
    wall, cpu, flips, saved_on = [], [], [], []
    real_flip = pygame.display.flip

    def timed_flip() -> None:
        c = time.thread_time()
        real_flip()
        flips[-1] += time.thread_time() - c

    pygame.display.flip = timed_flip
    next_frame = time.perf_counter()
    for i in range(frames):
        flips.append(0.0)
        moves = len(scene.session.moves)
        next_frame += 1 / 60
        pause = next_frame - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        else:
            next_frame = time.perf_counter()
        x = 640 + 500 * math.cos(i / 70)
        y = 400 + 250 * math.sin(i / 45)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),
                                             rel=(1, 1), buttons=(0, 0, 0)))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - t0)
        if len(scene.session.moves) != moves:
            saved_on.append(i)
    pygame.display.flip = real_flip
    flush_saves()
    app.persist = persist
    moves = len(scene.session.moves)
    return wall, cpu, save_writer().written - written, moves, flips, saved_on


def bench_seated(app, driver, game: str, frames: int) -> tuple[list[float], int]:
    """You against computer players (easy): the person's moves played with the mouse (an
    easy choice, dragged as a person would), the computer's answered at normal animation
    speed, a deal summary closed as a person would, for ``frames`` frames (several deals; a
    game that ends is followed by a new one, the next seed):
    the CPU time of every frame drawn, the person's included. Every seat's last move is
    marked and tagged all along, as in a real game. Returns (CPU times, moves)."""
    import importlib
    import random

    from game.catalog import GameConfig, Seat, default_config, table_module
    from scenes.results import DealSummary, ResultsOverlay

    rules = importlib.import_module(f"game.rules.{game}")
    ai = importlib.import_module(f"game.ai.{game}")
    module = importlib.import_module(f"scenes.{game}_table")
    cpu: list[float] = []
    moves = 0
    table = None
    real_step = app.step

    def timed_step(dt: float) -> None:
        c0 = time.thread_time()
        real_step(dt)
        cpu.append(time.thread_time() - c0)

    app.step = timed_step
    rng = random.Random(7)
    seed = 7
    try:
        while len(cpu) < frames:
            if table is None or isinstance(driver.scene, ResultsOverlay):  # (again, next seed)
                if table is not None:
                    moves += len(table.session.moves)
                base = default_config(game, seed=seed)
                seats = (Seat("human"),) + tuple(Seat("ai", "easy") for _ in base.seats[1:])
                table = table_module(game).new_scene(app, GameConfig(game, seats, seed,
                                                                     base.options))
                app.scenes.reset(table, transition=None)
                driver.settle()
                seed += 1
            elif isinstance(driver.scene, DealSummary):
                driver.click(driver.scene.widgets.widgets[0].rect.center)
                driver.settle()
            elif table.rules.offering() and not table.animating and not app.toasts:
                seat = rules.to_move(table.state)
                move = ai.choose(rules.view(table.state, seat), rules.legal_moves(table.state),
                                 "easy", rng)
                module.perform(driver, table, move)
            else:
                driver.step()
                if app.toasts and all(t.age > 0.5 for t in app.toasts):
                    app.toasts.clear()
    finally:
        app.step = real_step
    return cpu[:frames], moves + len(table.session.moves)


def bench_startup(runs: int) -> None:
    internal, wall = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "game", "--bench-startup"], cwd=ROOT,
                             capture_output=True, text=True, env=os.environ, timeout=60)
        wall.append(time.perf_counter() - t0)
        match = re.search(r"startup: (\d+) ms", out.stdout)
        if not match:
            print("startup run failed:", out.stdout, out.stderr)
            return
        internal.append(int(match.group(1)))
    print(f"{'startup (process start -> first menu frame)':<44} median "
          f"{statistics.median(internal):5.0f} ms  max {max(internal):5.0f} ms  "
          f"(whole process incl. exit: median {statistics.median(wall) * 1000:5.0f} ms; {runs} runs)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument("--think-frames", type=int, default=300)
    parser.add_argument("--idle-frames", type=int, default=300)
    parser.add_argument("--play-frames", type=int, default=900)
    parser.add_argument("--seated-frames", type=int, default=1500)
    parser.add_argument("--only", choices=["think", "idle", "play", "seated"],
                        help="run only the named benchmark")
    parser.add_argument("--stress-floor", action="store_true",
                        help="only the stress table against the raw floor (CPU time)")
    args = parser.parse_args()

    from game.app import App
    from game.driver import Driver
    from game.settings import Settings

    app = App(settings=Settings(), persist=False)
    # SDL's dummy display says its desktop is 1024x768, so the window starts shrunk to 1024x576
    # and every flip would downscale the canvas in software (about 2 ms more a frame); a
    # desktop of 1280x720 or more (the usual case) shows the canvas at its own size.
    app.set_window_size(app.size)
    driver = Driver(app, show=True)  # every frame flipped, as in a window
    app.wait_for_ai = False  # the real window's behaviour: never wait for the computer
    app.wait_for_disk = False  # ... nor for the disk
    if args.stress_floor:
        print(f"CPU time of the main thread per frame at 1280x720, headless, {args.frames} frames")
        bench_stress_vs_floor(app, driver, args.frames)
        return 0
    if args.only in ("idle", None):
        print(f"idle tables: CPU time of the main thread per frame, {args.idle_frames} frames "
              "each, no input")
        for game in _games():
            times, drawn = bench_idle(app, driver, game, args.idle_frames)
            line, _, p99 = _cpu_summary(f"{game}: idle", times)
            print(f"{line}  drawn {drawn}  (target mean and p99 under 0.5 ms)")
        rest, moving = bench_results(app, driver, args.idle_frames)
        print(_cpu_summary("results overlay: at rest", rest)[0])
        print(_cpu_summary("results overlay: pointer moving", moving)[0])
        if args.only:
            return 0
    if args.only in ("play", None):
        print(f"scripted play: computer players (easy), normal animation speed, from the "
              f"table's first frame, {args.play_frames} frames paced at 60 fps")
        for game in _games():
            wall, cpu, saves, moves, flips, saved_on = bench_play(app, driver, game,
                                                                  args.play_frames)
            over = sum(1 for t in wall if t > 1 / 60)
            print(_summary(f"{game}: play (wall)", wall) + f"  >16.7 ms: {over}  first "
                  f"{wall[0] * 1000:.2f} ms  ({moves} moves, {saves} autosaves)")
            around = [cpu[j] for i in saved_on for j in range(i - 1, i + 3) if 0 <= j < len(cpu)]
            print(_cpu_summary(f"{game}: play (CPU)", cpu)[0] + f"  first {cpu[0] * 1000:.2f} ms"
                  f"  around autosaves max {max(around, default=0) * 1000:.2f} ms")
            print(_cpu_summary(f"{game}: play (CPU but flip)",
                               [c - f for c, f in zip(cpu, flips)])[0])
        if args.only:
            return 0
    if args.only in ("seated", None):
        print(f"you against the computer (easy): your moves by the mouse, "
              f"{args.seated_frames} frames, CPU time of the main thread")
        for game in _games():
            cpu, moves = bench_seated(app, driver, game, args.seated_frames)
            over = sum(1 for t in cpu if t > 1 / 60)
            print(_cpu_summary(f"{game}: seated", cpu)[0] + f"  >16.7 ms: {over}  ({moves} moves)")
        if args.only:
            return 0
    print(f"Frame times at 1280x720, headless (SDL {os.environ['SDL_VIDEODRIVER']}), "
          f"{args.frames} frames each")
    if args.only is None:
        print(_summary("main menu", bench_menu(app, driver, args.frames)))
        print(_summary("stress table (110 cards)", bench_stress(app, driver, args.frames)))
        print("CPU time of the main thread per frame, the stress table against the raw floor:")
        bench_stress_vs_floor(app, driver, args.frames)
    print(f"table while hard thinks ({args.think_frames} frames each):")
    for game in THINK_TABLES:
        for mode in ("idle", "process", "thread"):
            times, note = bench_thinking(app, driver, game, args.think_frames, mode)
            label = {"idle": "idle", "process": "hard in worker", "thread": "hard on thread"}[mode]
            over = sum(1 for t in times if t > 1 / 60)
            print(_summary(f"{game}: {label}", times) + f"  >16.7 ms: {over}"
                  + (f"  ({note})" if note else ""))
    from game.ai.worker import shutdown_shared_worker

    shutdown_shared_worker()
    if args.only is None:
        bench_startup(args.startup_runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
