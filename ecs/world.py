"""One esper world per scene.

esper keeps its state in the module (``switch_world``/``delete_world``); ``SceneWorld`` wraps
that so a scene can activate its world when it becomes current and delete it when it ends.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import esper

_counter = itertools.count(1)


class SceneWorld:
    """A named esper world owned by one scene."""

    def __init__(self, prefix: str) -> None:
        self.name = f"{prefix}-{next(_counter)}"
        self.alive = True
        self.activate()

    def activate(self) -> None:
        esper.switch_world(self.name)

    @contextmanager
    def active(self) -> Iterator[None]:
        """This world current inside the ``with`` block, the one current before it after
        (work on a scene's world from outside its frame: a language or a setting changed
        under another scene)."""
        previous = esper.current_world
        self.activate()
        try:
            yield
        finally:
            esper.switch_world(previous)

    def destroy(self) -> None:
        """Delete the world (switching to the default world first, as esper requires)."""
        if not self.alive:
            return
        self.alive = False
        if esper.current_world == self.name:
            esper.switch_world("default")
        try:
            esper.delete_world(self.name)
        except (KeyError, PermissionError):
            pass


def reset_all_worlds() -> None:
    """Back to esper's default world, empty, with every other world and processor gone
    (between tests, and between the random-input tool's program restarts)."""
    esper.switch_world("default")
    for name in list(esper.list_worlds()):
        if name != "default":
            esper.delete_world(name)
    esper.clear_database()
    for proc in list(esper._processors):
        esper.remove_processor(type(proc))
