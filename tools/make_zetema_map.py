"""Write the Zetema table layout ``assets/maps/zetema.tmx`` (Tiled XML, 1280x720 px).

    python tools/make_zetema_map.py [output.tmx]

Object layer ``zones``: ``opp_1``..``opp_5`` (the other seats, across the top),
``pile_A``..``pile_K`` (the 13 rank piles, with property ``rank``), ``stock``, ``marriage``
(the marriage pile), ``log``, ``meld`` (the meld zone), ``hand``, ``sheet`` (the score
sheet) and ``status`` (turn buttons). Each object's name is its zone and its ``zone``
property says what kind of zone it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tmx_zones import zones_tmx  # noqa: E402

OUTPUT = Path(__file__).resolve().parent.parent / "assets" / "maps" / "zetema.tmx"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def zones() -> list[tuple[str, str, tuple[int, int, int, int], dict]]:
    out = []
    for i in range(5):
        out.append((f"opp_{i + 1}", "opponent", (16 + i * 252, 8, 240, 96), {}))
    for i, rank in enumerate(RANKS):
        out.append((f"pile_{rank}", "pile", (16 + i * 96, 114, 90, 204), {"rank": rank}))
    out += [
        ("stock", "stock", (16, 332, 110, 128), {}),
        ("marriage", "marriage", (136, 332, 110, 128), {}),
        ("log", "log", (16, 470, 230, 242), {}),
        ("meld", "meld", (260, 332, 730, 150), {}),
        ("hand", "hand", (260, 492, 730, 220), {}),
        ("sheet", "sheet", (1004, 332, 260, 312), {}),
        ("status", "status", (1004, 650, 260, 62), {}),
    ]
    return out


def build_tmx() -> str:
    return zones_tmx([(name, rect, {"zone": kind, **props}) for name, kind, rect, props in zones()])


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else OUTPUT
    out.write_text(build_tmx(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
