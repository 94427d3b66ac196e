"""Write the Chắn table layout ``assets/maps/chan.tmx`` (Tiled XML, 1280x720 px).

    python tools/make_chan_map.py [output.tmx]

Object layer ``zones``: for each seat ``seat_N`` (name panel), ``exposed_N`` (its exposed
pairs) and ``gate_N`` (its gate); seat 0 is the person at the bottom, seat 1 on the right,
seat 2 at the top, seat 3 on the left (the turn goes round in that order). Also ``stock``,
``claims`` (claim buttons), ``hand``, ``log`` and ``status``. Each object's name is its zone
and its ``zone`` property says what kind of zone it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tmx_zones import zones_tmx  # noqa: E402

OUTPUT = Path(__file__).resolve().parent.parent / "assets" / "maps" / "chan.tmx"

ZONES: list[tuple[str, str, tuple[int, int, int, int]]] = [
    ("seat_0", "seat", (10, 428, 270, 34)),
    ("exposed_0", "exposed", (10, 466, 270, 246)),
    ("gate_0", "gate", (300, 424, 680, 120)),
    ("hand", "hand", (290, 548, 700, 168)),
    ("seat_1", "seat", (1010, 92, 260, 34)),
    ("exposed_1", "exposed", (1010, 130, 260, 150)),
    ("gate_1", "gate", (1010, 286, 260, 140)),
    ("seat_2", "seat", (300, 6, 680, 34)),
    ("exposed_2", "exposed", (300, 44, 330, 146)),
    ("gate_2", "gate", (650, 44, 330, 146)),
    ("seat_3", "seat", (10, 92, 260, 34)),
    ("exposed_3", "exposed", (10, 130, 260, 150)),
    ("gate_3", "gate", (10, 286, 260, 140)),
    ("stock", "stock", (575, 200, 130, 150)),
    ("claims", "claims", (420, 358, 440, 56)),
    ("log", "log", (1000, 436, 270, 208)),
    ("status", "status", (1000, 650, 270, 62)),
]


def build_tmx() -> str:
    return zones_tmx([(name, rect, {"zone": kind,
        **({"seat": int(name.split("_")[1])} if "_" in name else {})})
                      for name, kind, rect in ZONES])


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else OUTPUT
    out.write_text(build_tmx(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
