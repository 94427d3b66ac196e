"""Frame-time benchmark, headless at 1280x720: ``python tools/bench_frames.py``.

(a) the main menu with the pointer sweeping over the tiles, (b) a stress table with 110
cards in motion (moving, turning, flipping) and one card dragged by scripted input; 600
frames each, timing the whole frame (events, update, draw, flip). Prints mean, p50 and p99
in milliseconds and frames per second, then the start-up time (process start to the first
menu frame, median of several runs of ``python -m game --bench-startup``).
Targets on the 2-core reference machine: p99 under 8 ms; start-up under 1.5 s.
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
os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp(prefix="parlour-bench-"))


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
    args = parser.parse_args()

    from game.app import App
    from game.driver import Driver
    from game.settings import Settings

    app = App(settings=Settings(), persist=False)
    driver = Driver(app)
    print(f"Frame times at 1280x720, headless (SDL {os.environ['SDL_VIDEODRIVER']}), "
          f"{args.frames} frames each")
    print(_summary("main menu", bench_menu(app, driver, args.frames)))
    print(_summary("stress table (110 cards)", bench_stress(app, driver, args.frames)))
    bench_startup(args.startup_runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
