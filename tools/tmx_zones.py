"""Write a Tiled map of named rectangular zones (one object layer ``zones``), 1280x720 px.

Shared by the table layout generators (``make_zetema_map.py``, ``make_telefunken_map.py``,
``make_chan_map.py``): each object's name is its zone and its properties say what it is.
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

Zone = tuple[str, tuple[int, int, int, int], dict]  # name, (x, y, w, h), properties


def zones_tmx(zones: list[Zone]) -> str:
    """The Tiled XML text of a 1280x720 map holding ``zones`` as rectangles."""
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": "80", "height": "45", "tilewidth": "16",
        "tileheight": "16", "infinite": "0", "nextlayerid": "2",
        "nextobjectid": str(len(zones) + 1),
    })
    group = ET.SubElement(root, "objectgroup", {"id": "1", "name": "zones"})
    for oid, (name, (x, y, w, h), props) in enumerate(zones, 1):
        obj = ET.SubElement(group, "object", {"id": str(oid), "name": name, "x": str(x),
                                              "y": str(y), "width": str(w), "height": str(h)})
        properties = ET.SubElement(obj, "properties")
        for key, value in props.items():
            attrs = {"name": key, "value": str(value)}
            if isinstance(value, int) and not isinstance(value, bool):
                attrs["type"] = "int"
            ET.SubElement(properties, "property", attrs)
    ET.indent(root, " ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
