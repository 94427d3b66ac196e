"""The Zertz layout map (assets/maps/zertz.tmx) agrees with the rules module's geometry."""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402
import pytmx  # noqa: E402

from game.rules import zertz as z  # noqa: E402

MAP = Path(__file__).resolve().parent.parent / "assets" / "maps" / "zertz.tmx"
SPACING = 78
ZONES = {
    "supply_0": (36, 120, 250, 160),
    "tray_0": (36, 300, 250, 190),
    "supply_1": (994, 120, 250, 160),
    "tray_1": (994, 300, 250, 190),
    "bag": (540, 16, 200, 64),
    "log": (36, 510, 250, 190),
    "status": (994, 510, 250, 190),
}


@pytest.fixture(scope="module")
def tiled() -> pytmx.TiledMap:
    return pytmx.TiledMap(str(MAP))


@pytest.fixture(scope="module")
def centres(tiled) -> dict[str, tuple[float, float]]:
    layer = tiled.get_layer_by_name("rings")
    return {o.name: (o.x + o.width / 2, o.y + o.height / 2) for o in layer}


def test_map_size(tiled):
    assert tiled.orientation == "orthogonal"
    assert (tiled.width, tiled.height, tiled.tilewidth, tiled.tileheight) == (80, 45, 16, 16)


def test_exactly_the_rules_rings(tiled):
    objects = list(tiled.get_layer_by_name("rings"))
    assert sorted(o.name for o in objects) == sorted(z.RINGS)
    for o in objects:
        assert o.properties["zone"] == "ring"
        assert (o.width, o.height) == (64, 64)
        assert (o.properties["q"], o.properties["r"]) == z.AXIAL[o.name]


def test_marked_exactly_on_the_corners(tiled):
    marked = {o.name for o in tiled.get_layer_by_name("rings") if o.properties["marked"]}
    assert marked == set(z.MARKED)
    assert all(isinstance(o.properties["marked"], bool)
               for o in tiled.get_layer_by_name("rings"))


def test_board_orientation(centres):
    assert centres["d4"] == pytest.approx((640, 392))
    a1, a4, g1 = centres["a1"], centres["a4"], centres["g1"]
    assert a1[0] < centres["d4"][0] < g1[0]  # a on the left, g on the right
    assert a4[1] < a1[1]  # a4 above a1
    assert g1[1] > centres["g4"][1]  # g1 bottom-right


def test_map_neighbours_match_the_rules(centres):
    for name, (x, y) in centres.items():
        near = {other for other, (ox, oy) in centres.items()
                if other != name and math.hypot(ox - x, oy - y) < 1.1 * SPACING}
        assert near == set(z.NEIGHBOURS[name]), name


def test_rings_fit_on_the_screen(tiled):
    for o in tiled.get_layer_by_name("rings"):
        assert 0 <= o.x and o.x + o.width <= 1280
        assert 0 <= o.y and o.y + o.height <= 720


def test_zones(tiled):
    zones = {o.name: o for o in tiled.get_layer_by_name("zones")}
    assert set(zones) == set(ZONES)
    for name, (x, y, w, h) in ZONES.items():
        o = zones[name]
        assert (o.x, o.y, o.width, o.height) == (x, y, w, h)
        assert o.properties["zone"] == name


def test_generator_output_is_up_to_date():
    from tools.make_zertz_map import build_tmx

    assert MAP.read_text(encoding="utf-8") == build_tmx()
