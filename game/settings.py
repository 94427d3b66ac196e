"""Player settings: animation speed, sound, volume, fullscreen and window size.

Stored as JSON in the data directory (``settings.json``). Reading never fails: a missing
file gives the defaults; a damaged file or unknown values give the defaults (field by field
where possible) together with one message for the UI to show once.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.paths import data_dir
from game.storage import StorageError, read_json, set_aside, write_json_atomic

ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}
"""Animation speed name -> multiplier applied to every animation's duration."""

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080))


@dataclass
class Settings:
    """What the player chose in the Settings scene."""

    animation: str = "normal"
    sound: bool = True
    volume: float = 0.7
    fullscreen: bool = False
    window_size: tuple[int, int] = field(default=(1280, 720))
    undo_between_people: bool = False  # offer undo in games between several people

    def anim(self, seconds: float) -> float:
        """Scale an animation duration by the speed setting (0 at "instant")."""
        return seconds * ANIMATION_SPEEDS.get(self.animation, 1.0)

    def to_json(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["version"] = 1
        return data


def settings_path() -> Path:
    return data_dir() / "settings.json"


def parse_settings(data: object) -> tuple[Settings, list[str]]:
    """Build Settings from decoded JSON; return them with a list of problems found."""
    problems: list[str] = []
    settings = Settings()
    if not isinstance(data, dict):
        return settings, ["the settings file does not hold a settings object"]
    anim = data.get("animation", settings.animation)
    if anim in ANIMATION_SPEEDS:
        settings.animation = anim
    else:
        problems.append(f"unknown animation speed {anim!r}")
    sound = data.get("sound", settings.sound)
    if isinstance(sound, bool):
        settings.sound = sound
    else:
        problems.append("sound must be on or off")
    volume = data.get("volume", settings.volume)
    if isinstance(volume, (int, float)) and not isinstance(volume, bool) and 0 <= volume <= 1:
        settings.volume = float(volume)
    else:
        problems.append("volume must be between 0 and 1")
    full = data.get("fullscreen", settings.fullscreen)
    if isinstance(full, bool):
        settings.fullscreen = full
    else:
        problems.append("fullscreen must be on or off")
    undo = data.get("undo_between_people", settings.undo_between_people)
    if isinstance(undo, bool):
        settings.undo_between_people = undo
    else:
        problems.append("undo between people must be on or off")
    size = data.get("window_size", list(settings.window_size))
    if isinstance(size, (list, tuple)) and tuple(size) in WINDOW_SIZES:
        settings.window_size = tuple(size)  # type: ignore[assignment]
    else:
        problems.append(f"unsupported window size {size!r}")
    return settings, problems


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings file; return (settings, message for the player or None).

    Never raises: a damaged file is set aside and the defaults are used.
    """
    path = path or settings_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return Settings(), None
    except StorageError as exc:
        set_aside(path)
        return Settings(), f"Settings reset to defaults: {exc}."
    settings, problems = parse_settings(data)
    if problems:
        return settings, "Some settings were reset to defaults: " + "; ".join(problems) + "."
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; return an error message for the player, or None on success."""
    try:
        write_json_atomic(path or settings_path(), settings.to_json())
    except StorageError as exc:
        return f"Settings could not be saved: {exc}."
    return None
