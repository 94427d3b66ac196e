"""Screen layouts from Tiled maps (``assets/maps/*.tmx``), read with pytmx.

A map's object layers name the zones of a screen (tiles, buttons, hands, piles, trays,
rings...). Each object becomes a ``Zone`` with its rectangle in canvas pixels and its custom
properties. Scenes place their pieces from these zones, so a layout is changed by editing
the map in Tiled, not the code.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import pygame
import pytmx

from game.paths import MAPS


@dataclass(frozen=True)
class Zone:
    name: str
    rect: pygame.Rect
    layer: str
    props: dict = field(default_factory=dict)

    @property
    def center(self) -> tuple[int, int]:
        return self.rect.center


@dataclass
class Layout:
    name: str
    size: tuple[int, int]
    zones: dict[str, Zone]
    layers: dict[str, list[Zone]]

    def __getitem__(self, name: str) -> Zone:
        try:
            return self.zones[name]
        except KeyError:
            raise KeyError(f"layout {self.name!r} has no zone {name!r}") from None

    def __contains__(self, name: str) -> bool:
        return name in self.zones

    def layer(self, name: str) -> list[Zone]:
        return self.layers.get(name, [])


@functools.lru_cache(maxsize=16)
def load_layout(name: str) -> Layout:
    """Read ``assets/maps/<name>.tmx``.

    Raises FileNotFoundError if the map is missing, ValueError if it cannot be parsed.
    """
    path = MAPS / f"{name}.tmx"
    if not path.exists():
        raise FileNotFoundError(f"no layout map {path}")
    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises assorted errors on bad XML
        raise ValueError(f"layout map {path.name} could not be read: {exc}") from exc
    zones: dict[str, Zone] = {}
    layers: dict[str, list[Zone]] = {}
    for group in tmx.objectgroups:
        items = layers.setdefault(group.name, [])
        for obj in group:
            rect = pygame.Rect(round(obj.x), round(obj.y), round(obj.width), round(obj.height))
            zone = Zone(obj.name or f"{group.name}-{obj.id}", rect, group.name,
                        dict(obj.properties))
            items.append(zone)
            zones[zone.name] = zone
    size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
    return Layout(name, size, zones, layers)


def row_zone(layout: Layout, prefix: str, index: int, used: int) -> pygame.Rect:
    """The rect of zone ``{prefix}_{index}`` of a row of zones ``{prefix}_1``, ``{prefix}_2``...
    of which only the first ``used`` are taken: those are moved along the row so that
    together they stand centred under the whole row's span (two opponents across the top
    stood at its left end, half the row empty at the right)."""
    row = [layout[f"{prefix}_{i}"].rect for i in range(1, len(layout.zones) + 1)
           if f"{prefix}_{i}" in layout]
    used = max(1, min(used, len(row)))
    shift = ((row[-1].right - row[0].x) - (row[used - 1].right - row[0].x)) // 2
    return layout[f"{prefix}_{index}"].rect.move(shift, 0)
