"""The Telefunken table, as the catalogue finds it (``scenes.<key>_table``): the scene lives
in the ``scenes.telefunken`` package (layout, legal index, gestures, words, panels, moves,
table); this module re-exports it with the hooks used by the catalogue, the setup scene,
the tour and autoplay."""

from __future__ import annotations

from game.catalog import GameConfig
from game.session import Session
from scenes.telefunken.layout import HAND_W, suit_key
from scenes.telefunken.moves import grip, perform, tour
from scenes.telefunken.table import TelefunkenTable

_grip = grip  # the name the older tests use

__all__ = ["HAND_W", "TelefunkenTable", "grip", "new_scene", "perform", "resume_scene",
           "suit_key", "tour"]


def new_scene(app, config: GameConfig) -> TelefunkenTable:
    return TelefunkenTable(app, config)


def resume_scene(app, config: GameConfig, data: dict) -> TelefunkenTable:
    return TelefunkenTable(app, config, Session.from_save(data, app.settings.undo_between_people))
