"""The Chắn table, as the catalogue finds it (``scenes.<key>_table``): the scene lives in
the ``scenes.chan`` package (layout, prompts, panels, moves, table); this module re-exports
it with the hooks used by the catalogue, the setup scene, the tour and autoplay."""

from __future__ import annotations

from game.catalog import GameConfig
from game.session import Session
from scenes.chan.layout import MODES, group_hand
from scenes.chan.moves import perform, tour
from scenes.chan.table import ChanTable

__all__ = ["MODES", "ChanTable", "group_hand", "new_scene", "perform", "resume_scene", "tour"]


def new_scene(app, config: GameConfig) -> ChanTable:
    return ChanTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> ChanTable:
    return ChanTable(app, config, Session.from_save(data, app.settings.undo_between_people))
