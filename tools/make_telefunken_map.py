"""Write the Telefunken table layout ``assets/maps/telefunken.tmx`` (Tiled XML, 1280x720 px).

    python tools/make_telefunken_map.py [output.tmx]

Object layer ``zones``: ``opp_1``..``opp_5`` (the other seats across the top), ``stock``,
``discard``, ``contract`` (deal, contract and chips), ``log``, ``table`` (the melds, grouped
by owner), ``build`` (cards picked for a meld), ``hand``, ``scores`` (the seven deals),
``actions`` (draw, buy, pass, meld buttons) and ``status`` (undo, hint, menu).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tmx_zones import zones_tmx  # noqa: E402

OUTPUT = Path(__file__).resolve().parent.parent / "assets" / "maps" / "telefunken.tmx"

ZONES: list[tuple[str, str, tuple[int, int, int, int]]] = (
    [(f"opp_{i + 1}", "opponent", (16 + i * 252, 8, 240, 92)) for i in range(5)] + [
        ("stock", "stock", (16, 110, 110, 140)),
        ("discard", "discard", (136, 110, 110, 140)),
        ("contract", "contract", (16, 258, 230, 96)),
        ("log", "log", (16, 362, 230, 350)),
        ("table", "table", (260, 110, 730, 300)),
        ("build", "build", (260, 418, 730, 84)),
        ("hand", "hand", (260, 508, 730, 206)),
        ("scores", "scores", (1004, 110, 260, 436)),
        ("actions", "actions", (1004, 552, 260, 92)),
        ("status", "status", (1004, 650, 260, 62)),
    ])


def build_tmx() -> str:
    return zones_tmx([(name, rect, {"zone": kind,})
                      for name, kind, rect in ZONES])


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else OUTPUT
    out.write_text(build_tmx(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
