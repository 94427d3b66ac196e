"""Continue: turn the autosave file back into a running table, or explain why not."""

from __future__ import annotations

from game.catalog import BY_KEY, GameConfig, table_module
from game.saves import read_autosave
from game.storage import StorageError, set_aside


def resume_saved_game(app) -> bool:
    """Push the saved game's table scene; on any problem show a message and return False."""
    from game.saves import autosave_path

    try:
        data = read_autosave()
    except FileNotFoundError:
        app.toast("There is no saved game.")
        return False
    except StorageError as exc:
        app.toast(f"Sorry: {exc}.", error=True, seconds=6)
        return False
    try:
        config = GameConfig.from_json(data.get("config", {}))
        if not BY_KEY[config.game].available:
            raise ValueError(f"{BY_KEY[config.game].title} is not available in this version")
        scene = table_module(config.game).resume_scene(app, config, data)
    except (ValueError, KeyError, TypeError, AttributeError, ImportError) as exc:
        set_aside(autosave_path())
        app.toast(f"Sorry: the saved game could not be resumed ({exc}); it was set aside.",
                  error=True, seconds=6)
        return False
    app.scenes.push(scene, transition="slide")
    return True
