"""Write the Zertz table layout ``assets/maps/zertz.tmx`` (a Tiled XML map, 1280x720 px).

    python tools/make_zertz_map.py [output.tmx]

Object layer ``rings``: one 64x64 rectangle per ring, centred on the ring, named like the
rules module's rings (a1..g4), with properties ``zone`` = "ring", ``marked`` (bool) and the
axial ``q``/``r``. Board centre (640, 392), neighbours 78 px apart, columns a..g left to
right (a1 bottom-left, a4 top-left, g1 bottom-right).
Object layer ``zones``: rectangles for the supplies, trays, bag, move log and status panel,
each named after its zone and with the same name in property ``zone``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.zertz import AXIAL, MARKED, RINGS

OUTPUT = Path(__file__).resolve().parent.parent / "assets" / "maps" / "zertz.tmx"
CENTRE = (640.0, 392.0)
SPACING = 78.0
RING_BOX = 64.0
ZONES = {
    "supply_0": (36, 120, 250, 160),
    "tray_0": (36, 300, 250, 190),
    "supply_1": (994, 120, 250, 160),
    "tray_1": (994, 300, 250, 190),
    "bag": (540, 16, 200, 64),
    "log": (36, 510, 250, 190),
    "status": (994, 510, 250, 190),
}


def ring_centre(q: int, r: int) -> tuple[float, float]:
    """Pixel centre of the ring at axial (q, r): flat columns, r growing upwards."""
    x = CENTRE[0] + q * SPACING * math.sqrt(3) / 2
    y = CENTRE[1] - (r + q / 2) * SPACING
    return x, y


def build_tmx() -> str:
    """The map as Tiled XML text."""
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": "80", "height": "45", "tilewidth": "16",
        "tileheight": "16", "infinite": "0", "nextlayerid": "3",
        "nextobjectid": str(len(RINGS) + len(ZONES) + 1),
    })
    object_ids = iter(range(1, len(RINGS) + len(ZONES) + 1))
    rings = ET.SubElement(root, "objectgroup", {"id": "1", "name": "rings"})
    for name in RINGS:
        q, r = AXIAL[name]
        x, y = ring_centre(q, r)
        box = (x - RING_BOX / 2, y - RING_BOX / 2, RING_BOX, RING_BOX)
        _add_object(rings, next(object_ids), name, box, [
            ("zone", "string", "ring"),
            ("marked", "bool", "true" if name in MARKED else "false"),
            ("q", "int", str(q)),
            ("r", "int", str(r)),
        ])
    zones = ET.SubElement(root, "objectgroup", {"id": "2", "name": "zones"})
    for name, box in ZONES.items():
        _add_object(zones, next(object_ids), name, box, [("zone", "string", name)])
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else OUTPUT
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(build_tmx(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


def _add_object(layer: ET.Element, object_id: int, name: str, box: tuple[float, ...],
                properties: list[tuple[str, str, str]]) -> None:
    x, y, w, h = box
    obj = ET.SubElement(layer, "object", {"id": str(object_id), "name": name, "x": _num(x),
                                          "y": _num(y), "width": _num(w), "height": _num(h)})
    props = ET.SubElement(obj, "properties")
    for prop, kind, value in properties:
        attrs = {"name": prop, "value": value}
        if kind != "string":
            attrs["type"] = kind
        ET.SubElement(props, "property", attrs)


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


if __name__ == "__main__":
    sys.exit(main())
