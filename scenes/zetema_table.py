"""The Zetema table, as the catalogue finds it (``scenes.<key>_table``): the scene lives in
the ``scenes.zetema`` package (layout, sync, gestures, words, panels, moves, table); this
module re-exports it with the hooks used by the catalogue, the setup scene, the tour and
autoplay."""

from __future__ import annotations

from game.catalog import GameConfig
from game.session import Session
from scenes.zetema.layout import HAND_W, MELD_W, PILE_STEP, PILE_W
from scenes.zetema.moves import perform, tour
from scenes.zetema.table import ZetemaTable

__all__ = ["HAND_W", "MELD_W", "PILE_STEP", "PILE_W", "ZetemaTable", "new_scene", "perform",
           "resume_scene", "tour"]


def new_scene(app, config: GameConfig) -> ZetemaTable:
    return ZetemaTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> ZetemaTable:
    return ZetemaTable(app, config, Session.from_save(data, app.settings.undo_between_people))
