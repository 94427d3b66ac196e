"""Work done ahead while the menus wait for the person: what the first table of a process
would otherwise make as Start is clicked.

A process's first Start paused 0.3-0.45 s on an idle machine (over a second on a busy one)
before the table slid in: the table's modules imported, the sound effects synthesised, the
felt, the veils and the canvas-sized pictures made, every card image it may show loaded and
scaled. The second Start took 10-15 ms. So the main menu and the setup screen queue those
pieces of work here (``ahead``), and the main loop does one of them on each frame that drew
nothing and had no input (``App.run``: instead of napping), the screen meanwhile unchanged.
Each piece is small (a module, a sound, a dozen card images: a few ms to a few tens of ms),
is done once per process, and a piece that fails is dropped (the table makes it as before).
The chosen game's pieces go first: the setup screen's game, on the menu the latest saved
game's. Scripted runs (tests, the tour, the random-input run) step the app themselves and
never do this: what they show is the same either way.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterable

from game.catalog import GAMES as CATALOGUE
from scenes import pictures, theme

log = logging.getLogger(__name__)

Unit = tuple[str, Callable[[], "Iterable[Unit] | None"]]  # (key, work; it may bring more)

GAMES = tuple(info.key for info in CATALOGUE)  # (in the menu's order)
IMAGES_PER_UNIT = 12  # card images made in one piece of work (about 1 ms each)


class Warmup:
    """A queue of pieces of work, each done at most once per process."""

    def __init__(self) -> None:
        self._queue: list[Unit] = []
        self._done: set[str] = set()

    def ahead(self, units: Iterable[Unit], first: bool = False) -> None:
        """Queue ``units`` not done yet; ``first``: before the others (those already queued
        move up), else after them (those already queued stay where they are)."""
        units = [(key, work) for key, work in units if key not in self._done]
        keys = {key for key, _ in units}
        if first:
            self._queue = units + [u for u in self._queue if u[0] not in keys]
        else:
            queued = {key for key, _ in self._queue}
            self._queue += [u for u in units if u[0] not in queued]

    def pending(self) -> bool:
        return bool(self._queue)

    def step(self) -> str | None:
        """Do the next piece of work; its key (None if there was none)."""
        if not self._queue:
            return None
        key, work = self._queue.pop(0)
        self._done.add(key)
        try:
            more = work()
        except Exception as exc:  # noqa: BLE001 - ahead of time only: the table makes it later
            log.info("warm-up of %s skipped: %r", key, exc)
            return key
        if more:
            self.ahead(more, first=True)
        return key

    def finish(self) -> None:
        """Do every piece of work queued (and those they bring)."""
        while self.step() is not None:
            pass


def common(app) -> list[Unit]:
    """What every table makes as it opens: the sounds, the felt, the veils of the pause menu,
    summaries and results, and the canvas-sized pictures (``scenes.pictures``)."""
    from ecs.audio import EFFECTS

    size, screen = app.size, app.screen
    units: list[Unit] = [(f"sound {name}", lambda name=name: app.sounds.warm([name]))
                         for name in EFFECTS]
    units.append((f"felt {size}", lambda: theme.felt(size) and None))
    units += [(f"veil {size} {alpha}", lambda alpha=alpha: theme.warm_veil(size, alpha))
              for alpha in theme.VEILS]
    units += [(f"picture {size} {n}", lambda n=n: pictures.stock(size, screen, n))
              for n in (1, 2)]
    units.append((f"stack pictures {size}", app.scenes.stock_pictures))
    return units


def modules(key: str) -> list[Unit]:
    """A game's table modules, leaf first, one a piece (the whole table in one import took
    100-230 ms; the largest module alone takes about 40)."""
    names = [f"game.rules.{key}"] + [f"game.rules.{other}" for other in GAMES if other != key]
    names += ["game.ai.worker", "ecs.rules_system", "scenes.game_table", "game.ai.determinize",
              f"game.ai.{key}", f"scenes.{key}.table", f"scenes.{key}_table"]
    return [(f"import {name}", lambda name=name: importlib.import_module(name) and None)
            for name in names]


def game(key: str) -> list[Unit]:
    """A game's table modules, then (once they are in) its card images."""
    return modules(key) + [(f"images {key}", lambda: _images(key))]


def _images(key: str) -> list[Unit]:
    """Import the game's table; the pieces that make its card images (``warm_images``)."""
    from game.catalog import table_module

    module = table_module(key)
    table = next((getattr(module, name) for name in getattr(module, "__all__", ())
                  if name.endswith("Table")), None)
    if table is None:
        return []
    units: list[Unit] = []
    for image, codes, widths in table.warm_images():
        pairs = [(code, width) for width in widths for code in codes]
        for start in range(0, len(pairs), IMAGES_PER_UNIT):
            chunk = pairs[start:start + IMAGES_PER_UNIT]
            units.append((f"images {key} {image.__name__} {chunk[0]} {len(chunk)}",
                          lambda image=image, chunk=chunk: _make(image, chunk)))
    return units


def _make(image: Callable[[str, int], object], chunk: list[tuple[str, int]]) -> None:
    for code, width in chunk:
        image(code, width)


def menu_units(app, first: str | None) -> list[Unit]:
    """The main menu's queue: what every table makes, the latest saved game's table
    (``first``: Continue opens it) with its card images, the other games' modules."""
    rest = [unit for key in GAMES if key != first for unit in modules(key)]
    return common(app) + (game(first) if first in GAMES else []) + rest
