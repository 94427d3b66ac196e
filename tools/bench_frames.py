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
    parser.add_argument("--only", choices=["think"], help="run only the named benchmark")
    args = parser.parse_args()

    from game.app import App
    from game.driver import Driver
    from game.settings import Settings

    app = App(settings=Settings(), persist=False)
    driver = Driver(app)
    app.wait_for_ai = False  # the real window's behaviour: never wait for the computer
    print(f"Frame times at 1280x720, headless (SDL {os.environ['SDL_VIDEODRIVER']}), "
          f"{args.frames} frames each")
    if args.only is None:
        print(_summary("main menu", bench_menu(app, driver, args.frames)))
        print(_summary("stress table (110 cards)", bench_stress(app, driver, args.frames)))
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
