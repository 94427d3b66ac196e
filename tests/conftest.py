"""Shared fixtures: headless SDL, a private data directory, a clean esper, an app + driver."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# a first start picks the system's language: keep the suite's screens in English everywhere
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_name, None)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Iterator[Path]:
    """Every test gets its own data directory (settings, saves) under tmp_path."""
    path = tmp_path / "data"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(path))
    from game import saves

    saves._unwritten.clear()  # (games kept in memory, their files not written: not carried over)
    yield path
    saves._unwritten.clear()


@pytest.fixture(autouse=True)
def english_afterwards():
    """Each test ends in English, whatever language it switched to (an App takes the
    language of its settings): the next test's words would be another language's."""
    yield
    from game import i18n

    if i18n.language() != "en":
        i18n.set_language("en")


@pytest.fixture(autouse=True)
def clean_esper():
    """Each test starts and ends with only esper's default world, empty."""
    yield
    from ecs.world import reset_all_worlds

    reset_all_worlds()


@pytest.fixture(autouse=True)
def fonts_live_afterwards():
    """A test whose window closed (``pygame.quit``) leaves no dead fonts behind: the next
    test that only calls ``pygame.init()`` (no App, which forgets them itself) got "Invalid
    font" from the theme's remembered ones."""
    yield
    import pygame

    if not pygame.font.get_init():
        from scenes import theme

        theme.reset_caches()


@pytest.fixture
def app():
    from game.app import App
    from game.settings import Settings

    application = App(settings=Settings(), persist=False)
    application.start()
    yield application
    application.scenes.stack.clear()


@pytest.fixture
def drive(app):
    from game.driver import Driver

    driver = Driver(app)
    driver.settle()
    return driver
