"""Write the Chắn table layout ``assets/maps/chan.tmx`` (Tiled XML, 1280x720 px).

    python tools/make_chan_map.py [output.tmx]

Object layer ``zones``: for each seat ``seat_N`` (name panel), ``exposed_N`` (its exposed
pairs) and ``gate_N`` (its gate); seat 0 is the person at the bottom, seat 1 on the right,
seat 2 at the top, seat 3 on the left (the turn goes round in that order). Each opponent's
three zones sit together in its own place; yours are your name panel over your shown pairs
left of your hand, and your gate above your hand. Also ``stock``, ``claims`` (the prompt
and the answer buttons, beside your gate), ``hand``, ``arrange`` (the hand-grouping
button), ``log`` and ``status``. Each object's name is its zone and its ``zone`` property
says what kind of zone it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tmx_zones import zones_tmx  # noqa: E402

OUTPUT = Path(__file__).resolve().parent.parent / "assets" / "maps" / "chan.tmx"

ZONES: list[tuple[str, str, tuple[int, int, int, int]]] = [
    # you, at the bottom: your name panel over your shown pairs (left), your gate over your
    # hand, the prompt and the answer buttons beside your gate; your panel has two lines, as
    # the side seats' have (on one line a computer dealer's level and "thinking" had no room)
    ("seat_0", "seat", (10, 430, 276, 44)),
    ("exposed_0", "exposed", (10, 478, 276, 234)),
    ("gate_0", "gate", (296, 430, 340, 126)),
    ("claims", "claims", (646, 430, 344, 126)),
    ("hand", "hand", (290, 558, 700, 158)),
    # the seat on your right: its name, its shown pairs and its gate in one column
    ("seat_1", "seat", (994, 6, 276, 46)),
    ("exposed_1", "exposed", (994, 56, 276, 236)),
    ("gate_1", "gate", (994, 296, 276, 130)),
    # the seat opposite, along the top
    ("seat_2", "seat", (296, 6, 688, 36)),
    ("exposed_2", "exposed", (296, 46, 340, 156)),
    ("gate_2", "gate", (644, 46, 340, 156)),
    # the seat on your left
    ("seat_3", "seat", (10, 6, 276, 46)),
    ("exposed_3", "exposed", (10, 56, 276, 236)),
    ("gate_3", "gate", (10, 296, 276, 130)),
    ("stock", "stock", (570, 226, 140, 150)),
    ("arrange", "arrange", (1000, 432, 270, 30)),
    ("log", "log", (1000, 466, 270, 180)),
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
