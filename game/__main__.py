"""Command line: ``python -m game`` (or ``parlour``) opens the main menu.

Options:
  --tour DIR        run headless, visit every screen, save one PNG per screen into DIR
  --lang LANG       with --tour: the language of the screens (en, fa, vi)
  --bench-startup   print the time from process start to the first menu frame, then exit
  --sandbox         open the card-table sandbox (the ECS test bed) instead of the menu
"""

from __future__ import annotations

import argparse
import os
import sys
import time

_T0 = time.perf_counter()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def process_age() -> float:
    """Seconds since this process started (Linux: from /proc; elsewhere since import)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _T0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour", description="Parlour: four tabletop games")
    parser.add_argument("--tour", metavar="DIR", help="save a screenshot of every screen to DIR")
    parser.add_argument("--lang", choices=("en", "fa", "vi"),
                        help="with --tour: the language of the screens (default: the system's)")
    parser.add_argument("--bench-startup", action="store_true",
                        help="print the time to the first menu frame and exit")
    parser.add_argument("--sandbox", action="store_true", help="open the card-table sandbox")
    args = parser.parse_args(argv)

    if args.tour:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.tour import run_tour

        written = run_tour(args.tour, lang=args.lang)
        print(f"tour: wrote {len(written)} screenshots to {args.tour}")
        return 0

    from game.app import App

    app = App()
    if args.sandbox:
        from scenes.sandbox_table import SandboxTable

        app.scenes.reset(SandboxTable(app), transition=None)
    else:
        app.start()
    if args.bench_startup:
        app.step(0.0)
        elapsed = process_age()
        print(f"startup: {elapsed * 1000:.0f} ms from process start to the first menu frame")
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
