"""Play whole games through the real UI with scripted mouse input: ``python tools/autoplay.py``.

From the main menu it clicks the game's tile, sets the computer's level in the setup
screen, starts, and then plays the person's side with real drags chosen by an AI policy
(default: easy), letting the computer answer, until the results screen. It saves
screenshots along the way and prints the outcome. Headless unless DISPLAY is set and
``--window`` is given.

    python tools/autoplay.py zertz --level hard --seed 3 --shots /tmp/autoplay
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["zertz", "zetema", "chan", "telefunken"])
    parser.add_argument("--players", type=int, help="number of seats (default: the game's)")
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    parser.add_argument("--policy", default="easy", choices=["easy", "normal", "hard"],
                        help="the AI level that chooses the person's moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", help="directory for screenshots")
    parser.add_argument("--window", action="store_true", help="use the real display")
    args = parser.parse_args(argv)
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp(prefix="parlour-autoplay-"))

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import importlib

    import pygame

    from game.app import App
    from game.driver import Driver
    from game.i18n import _
    from game.layout import load_layout
    from scenes.game_table import GameTable
    from scenes.menu import zone_rect
    from scenes.results import DealSummary, ResultsOverlay
    from scenes.setup import SetupScene

    rules = importlib.import_module(f"game.rules.{args.game}")
    ai = importlib.import_module(f"game.ai.{args.game}")
    module = importlib.import_module(f"scenes.{args.game}_table")

    app = App()
    app.start()
    drive = Driver(app)
    drive.settle()
    shots = Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)

    def shot(name: str) -> None:
        if shots:
            pygame.image.save(app.screen, str(shots / f"{args.game}_{args.level}_{name}.png"))

    drive.click(zone_rect(load_layout("menu")[args.game]).center)  # mirrored in Persian
    drive.settle()
    setup = drive.scene
    assert isinstance(setup, SetupScene)
    def widget(label):
        return next((w for w in setup.widgets.widgets if getattr(w, "label", "") == _(label)),
                    None)

    def choose(label, value, widget_now) -> None:
        """Click the choice's field until it shows ``value``; every option at most once (a
        value it never shows is an error, not an endless loop)."""
        choice = widget_now()
        for _click in range(len(choice.options) if choice is not None else 0):
            if choice.value == value:
                return
            drive.click(choice.field.center)
            choice = widget_now()
        if choice is not None and choice.value != value:
            raise SystemExit(f"autoplay: the setup offers no {label} {value!r}")

    if args.players:
        choose("player count", args.players, lambda: widget("Players"))
    levels = [w for w in setup.widgets.widgets if getattr(w, "label", "") == _("Level")]
    for level in levels:
        choose("level", args.level, lambda level=level: level)
    choose("first player", args.seed % 2, lambda: widget("Who starts"))
    drive.click(setup.seed_field.rect.center)
    drive.type(str(args.seed))
    drive.click(setup.start_button.rect.center)
    drive.settle()
    if isinstance(drive.scene, SetupScene) and drive.scene.replacing is not None:
        drive.click(drive.scene.ask.widgets[0].rect.center)  # "Start new game" over a saved
        drive.settle()  # one (a run left in the data folder)
    table = drive.scene
    assert isinstance(table, GameTable)
    shot("start")
    rng = random.Random(args.seed)
    frames = 0
    midgame_shot = False
    while not isinstance(drive.scene, ResultsOverlay):
        frames += 1
        if frames > 200_000:
            print("gave up: the game did not finish")
            return 1
        if isinstance(drive.scene, DealSummary):  # between deals: Continue, as a person would
            button = drive.scene.widgets.widgets[0]
            drive.click(button.rect.center)
            drive.settle()
            continue
        state = table.state  # (what the table shows: a deal that ended has no move left
        legal = rules.legal_moves(state) if rules.to_move(state) is not None else []  # in it)
        if table.rules.offering() and legal and not table.animating and not drive.app.toasts:
            seat = rules.to_move(state)
            move = ai.choose(rules.view(state, seat), legal, args.policy, rng)
            before = len(table.session.moves)
            module.perform(drive, table, move)
            drive.settle()
            if len(table.session.moves) == before:
                print(f"the drag for {move!r} was not accepted")
                return 1
            if len(table.session.moves) >= 12 and not midgame_shot:
                midgame_shot = True
                shot("midgame")
        else:
            drive.step()
            if drive.app.toasts and all(t.age > 0.5 for t in drive.app.toasts):
                drive.app.toasts.clear()
    drive.settle()
    shot("result")
    res = rules.result(table.state)
    you = 0
    winners = res["winners"] if "winners" in res else (
        [] if res.get("winner") is None else [res["winner"]])
    outcome = "draw" if not winners else ("won" if you in winners else "lost")
    details = {k: v for k, v in res.items() if k not in ("winner", "winners", "pairs")}
    print(f"{args.game} vs {args.level}: person (policy {args.policy}) {outcome}; {details}; "
          f"{len(table.session.moves)} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
