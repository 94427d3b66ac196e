"""Where things live: the bundled assets and the user's data directory.

The data directory follows platform conventions: ``$XDG_DATA_HOME/parlour`` (default
``~/.local/share/parlour``) on Linux and other Unixes, ``~/Library/Application Support/Parlour``
on macOS and ``%APPDATA%\\Parlour`` on Windows. ``PARLOUR_DATA_DIR`` overrides all of them
(tests and the tour use it to keep away from the real files); a leading ``~`` in it is
expanded and a relative path is made absolute, so the files stay in one place whatever the
working directory.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FONTS = ASSETS / "fonts"
MAPS = ASSETS / "maps"
RULES_TEXTS = ASSETS / "rules"


def data_dir() -> Path:
    """Return the directory for settings, saves and statistics (not created here)."""
    override = os.environ.get("PARLOUR_DATA_DIR")
    if override:
        return Path(override).expanduser().resolve()
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / "Parlour"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Parlour"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "parlour"
