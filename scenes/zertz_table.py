"""The Zertz table, as the catalogue finds it (``scenes.<key>_table``): the scene lives in
the ``scenes.zertz`` package (layout, sync, moves, animation, words, panels, table); this
module re-exports it with the hooks used by the catalogue, the setup scene, the tour,
autoplay and the monkey."""

from __future__ import annotations

from game.catalog import GameConfig
from game.session import Session
from scenes.zertz.moves import gesture_for, perform, session_at, tour
from scenes.zertz.table import ZertzTable

_session_at = session_at  # the name tests and tools used before the package

__all__ = ["ZertzTable", "gesture_for", "new_scene", "perform", "replay_scene", "resume_scene",
           "session_at", "tour"]


def new_scene(app, config: GameConfig) -> ZertzTable:
    return ZertzTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> ZertzTable:
    """The table of a saved game (raises ValueError if the save does not replay)."""
    return ZertzTable(app, config, Session.from_save(data, app.settings.undo_between_people))


def replay_scene(app, config: GameConfig, session: Session, moves: list[str]) -> ZertzTable:
    return ZertzTable(app, config, session, replay=moves)
