"""The tour: visit every screen headless and save one PNG per screen.

Run with ``python -m game --tour DIR`` (or ``python tools/tour.py DIR``). It drives the
real program with the scripted-input driver: clicks the menu tiles, opens the settings,
the rules viewer, the sandbox table mid-drag, the pause menu and every available game
table with a seeded game in progress. Settings and saves go to a temporary directory, so
the tour never touches the player's files.

Every game table is also saved as a window of each size in ``WINDOW_SIZES`` shows it
(``NN_table_<game>_<step>@960x540.png``): the 1280x720 canvas scaled to fit that window,
keeping its shape, with bars on the long side, and its words drawn again at the window's
resolution, as the window does (``App.view``, ``scenes.crisp``). The dummy video driver keeps
no window pixels to read back, so the picture is composed in software.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((960, 540), (1920, 1080))
"""Window sizes every game table is also shown at, besides the canvas's own 1280x720."""


def run_tour(out_dir: str | os.PathLike, lang: str | None = None,
             sizes: tuple[tuple[int, int], ...] = WINDOW_SIZES) -> list[Path]:
    """Save every screen into ``out_dir``, in ``lang`` (en, fa, vi) when given; each game
    table also as a window of each of ``sizes`` shows it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="parlour-tour-") as data:
        old = os.environ.get("PARLOUR_DATA_DIR")
        os.environ["PARLOUR_DATA_DIR"] = data
        try:
            if lang:
                from game.settings import Settings, save_settings

                save_settings(Settings(language=lang))
            return _tour(out, sizes)
        finally:
            if old is None:
                os.environ.pop("PARLOUR_DATA_DIR", None)
            else:
                os.environ["PARLOUR_DATA_DIR"] = old


def _tour(out: Path, sizes: tuple[tuple[int, int], ...] = WINDOW_SIZES) -> list[Path]:
    import pygame

    from game.app import App
    from game.catalog import GAMES, default_config, table_module
    from game.driver import Driver
    from game.layout import load_layout
    from scenes.menu import zone_rect
    from scenes.rules_viewer import RulesViewer
    from scenes.sandbox_table import SandboxTable
    from scenes.settings import SettingsScene

    written: list[Path] = []
    app = App()
    app.start()
    drive = Driver(app)

    def shot(name: str) -> None:
        drive.settle()
        drive.step(2)
        number = len({p.name.split("_", 1)[0] for p in written}) + 1
        path = out / f"{number:02d}_{name}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)
        if name.startswith("table_"):
            for size in sizes:
                path = out / f"{number:02d}_{name}@{size[0]}x{size[1]}.png"
                pygame.image.save(app.view(size), str(path))
                written.append(path)

    menu = load_layout("menu")
    drive.move((20, 700))
    shot("menu")
    drive.move(zone_rect(menu["zertz"]).center, steps=4)
    shot("menu_hover")
    for info in GAMES:
        drive.click(zone_rect(menu[info.key]).center)
        shot(f"setup_{info.key}")
        drive.key(pygame.K_ESCAPE)
        drive.settle()
    drive.click(zone_rect(menu["settings"]).center)
    shot("settings")
    drive.key(pygame.K_ESCAPE)
    for info in GAMES:
        app.scenes.push(RulesViewer(app, info.key), transition=None)
        shot(f"rules_{info.key}")
        if info.key == "chan":
            drive.wheel(-12)
            shot("rules_chan_scrolled")
        app.scenes.pop(transition=None)

    sandbox = SandboxTable(app, seed=7)
    app.scenes.push(sandbox, transition=None)
    shot("sandbox_table")
    card = sandbox.hand[3]
    start = drive.center_of(card)
    drive.press(start)
    drive.move((start[0] + 60, start[1] - 260), steps=8)
    shot("sandbox_dragging")
    drive.release()
    drive.settle()
    drive.key(pygame.K_ESCAPE)
    shot("pause_menu")
    app.scenes.push(SettingsScene(app), transition=None)
    shot("settings_over_pause")
    app.scenes.pop(transition=None)
    drive.key(pygame.K_ESCAPE)
    drive.settle()

    for info in GAMES:
        if not info.available:
            continue
        module = table_module(info.key)
        scene = module.new_scene(app, default_config(info.key, seed=2026))
        app.scenes.reset(scene, transition=None)
        drive.settle(1200)
        if hasattr(module, "tour"):
            for name in module.tour(app, drive):
                shot(f"table_{info.key}_{name}")
        else:
            shot(f"table_{info.key}")
        _replay_and_stats(app, drive, shot, info.key)
    app.quit()
    return written


def _replay_and_stats(app, drive, shot, key: str) -> None:
    """After a game's tour: its finished game replayed, then the statistics scene."""
    import pygame

    from scenes.results import ResultsOverlay
    from scenes.stats import StatsScene

    if isinstance(app.scenes.top, ResultsOverlay):
        from game import i18n

        replay = next(w for w in app.scenes.top.widgets.widgets if w.label == i18n._("Replay"))
        drive.click(replay.rect.center)
        drive.settle()
        for _ in range(6):
            drive.key(pygame.K_SPACE)  # the next move in any reading direction
            drive.settle()
        shot(f"replay_{key}")
    app.scenes.push(StatsScene(app, key), transition=None)
    shot(f"statistics_{key}")
    app.scenes.pop(transition=None)
