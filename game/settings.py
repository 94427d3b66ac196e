"""Player settings: animation speed, sound, volume, fullscreen, window size, language, how
a person cuts the Telefunken pack, how long a Telefunken buy offer waits for a person, and
the playing cards' four-colour suits.

Stored as JSON in the data directory (``settings.json``). Reading never fails: a missing
file gives the defaults; a damaged file or bad values give the defaults (field by field
where possible) together with one message for the UI to show once, and the file is set
aside (renamed) so that nothing is lost and the message does not come back.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.i18n import LANGUAGES, _, speaking, system_language
from game.paths import data_dir
from game.storage import StorageError, read_json, set_aside, set_aside_note, write_json_atomic

ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}
"""Animation speed name -> multiplier applied to every animation's duration."""

TELEFUNKEN_CUTS: tuple[str, ...] = ("hand", "auto")
"""How a person's cut of the Telefunken pack is made: by hand (dragging along the pack) or
automatically (the table makes it for them)."""

TELEFUNKEN_BUY_TIMERS: dict[str, float | None] = {"10": 10.0, "5": 5.0, "wait": None}
"""How long a discard offered to a person to buy (Telefunken) waits for their answer before
it is passed for them, in seconds counted while the offer is in view (None: until they
answer)."""

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (960, 540), (1024, 576), (1152, 648), (1280, 720), (1366, 768), (1440, 810), (1600, 900),
    (1920, 1080), (2560, 1440))
"""The window sizes Settings offers (those that fit the desktop, and the largest that does)."""

MIN_WINDOW_SIZE = (640, 360)  # the smallest window (a size set by hand may be anything from
MAX_WINDOW_SIZE = (16384, 16384)  # here up to this)


@dataclass
class Settings:
    """What the player chose in the Settings scene."""

    animation: str = "normal"
    sound: bool = True
    volume: float = 0.7
    fullscreen: bool = False
    window_size: tuple[int, int] = field(default=(1280, 720))
    undo_between_people: bool = False  # offer undo in games between several people
    language: str = "en"  # a key of game.i18n.LANGUAGES; the first start takes the system's
    telefunken_cut: str = "hand"  # one of TELEFUNKEN_CUTS
    telefunken_buy_timer: str = "10"  # a key of TELEFUNKEN_BUY_TIMERS
    four_colour: bool = False  # the playing cards' diamonds blue and clubs green

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


def _is_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def parse_settings(data: object) -> tuple[Settings, list[str]]:
    """Build Settings from decoded JSON; return them with a list of problems found.

    Every field is checked whatever type it holds (a list, an object, null, a huge number):
    a bad value gives that field's default and a problem, never an exception.
    """
    problems: list[str] = []
    settings = Settings()
    if not isinstance(data, dict):
        return settings, [_("the settings file does not hold a settings object")]
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool):
        problems.append(_("unknown settings version {value}").format(value=_short(version)))
    if "animation" in data:
        _choose(data, settings, "animation", ANIMATION_SPEEDS, _("unknown animation speed {value}"),
                problems)
    for key, words in (("sound", _("sound must be on or off")),
                       ("fullscreen", _("fullscreen must be on or off")),
                       ("undo_between_people", _("undo between people must be on or off")),
                       ("four_colour", _("four-colour suits must be on or off"))):
        if key in data:
            if isinstance(data[key], bool):
                setattr(settings, key, data[key])
            else:
                problems.append(words)
    if "telefunken_cut" in data:
        _choose(data, settings, "telefunken_cut", TELEFUNKEN_CUTS, _("unknown way to cut {value}"),
                problems)
    if "telefunken_buy_timer" in data:
        _choose(data, settings, "telefunken_buy_timer", TELEFUNKEN_BUY_TIMERS,
                _("unknown buy timer {value}"), problems)
    if "volume" in data:
        volume = data["volume"]
        if _is_number(volume) and 0 <= volume <= 1:
            settings.volume = float(volume)
        elif _is_number(volume):
            problems.append(_("volume must be between 0 and 1"))
        else:  # "loud", true, a list: not a number at all
            problems.append(_("volume must be a number between 0 and 1"))
    if "window_size" in data:
        size = data["window_size"]
        if (isinstance(size, list) and len(size) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in size)
                and all(MIN_WINDOW_SIZE[k] <= size[k] <= MAX_WINDOW_SIZE[k] for k in (0, 1))):
            settings.window_size = (size[0], size[1])
        else:
            problems.append(_("unsupported window size {value}").format(value=_short(size)))
    if "language" in data:
        _choose(data, settings, "language", LANGUAGES, _("unknown language {value}"), problems)
    else:  # a file from before languages existed: the system's language, as at a first start
        settings.language = system_language()
    return settings, problems


def _choose(data: dict, settings: Settings, key: str, allowed, words: str,
            problems: list[str]) -> None:
    """Take ``data[key]`` if it is one of the ``allowed`` names, else note the problem
    (``words`` with the value in its ``{value}``)."""
    value = data[key]
    if isinstance(value, str) and value in allowed:
        setattr(settings, key, value)
    else:
        problems.append(words.format(value=_short(value)))


def _short(value: object) -> str:
    """A value for a message: its repr, cut short (a file may hold megabytes in one field)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 24 else text[:20] + "…"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings file; return (settings, message for the player or None).

    Never raises. A file that cannot be read or parsed, or that is not a settings object,
    gives the defaults; a file with bad values keeps its good ones. Either way the file is
    set aside (renamed, never deleted) so the player hears about it once, and the cleaned
    settings are written back when possible.
    """
    path = path or settings_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return Settings(language=system_language()), None
    except StorageError as exc:
        with speaking(system_language()):
            return Settings(), _("Settings reset to defaults: {problem}; {note}.").format(
                problem=exc, note=set_aside_note(path))
    try:
        settings, problems = parse_settings(data)
    except Exception as exc:  # noqa: BLE001 - a last guard: bad input never crashes
        settings, problems = Settings(), [type(exc).__name__]
    if not problems:
        return settings, None
    with speaking(settings.language):  # the message in the language the settings name
        try:
            problems = parse_settings(data)[1]  # again, now worded in that language
        except Exception as exc:  # noqa: BLE001
            problems = [_("the file could not be understood ({problem})").format(
                problem=type(exc).__name__)]
        moved = set_aside(path)
        if moved is None:
            message = _("Some settings were reset to defaults: {problems}; {note}.").format(
                problems="; ".join(problems),
                note=_("it could not be renamed, so it stays as {file}").format(file=path.name))
        else:  # ("…; it was set aside as …" read as if the last value named had been)
            message = _("Some settings were reset to defaults: {problems}. The file as it "
                        "was is kept as {file}.").format(problems="; ".join(problems),
                                                         file=moved.name)
    if not path.exists():
        try:
            write_json_atomic(path, settings.to_json())
        except StorageError:
            pass
    return settings, message


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; return an error message for the player, or None on success."""
    try:
        write_json_atomic(path or settings_path(), settings.to_json())
    except StorageError as exc:
        return _("Settings could not be saved: {problem}.").format(problem=exc)
    return None
