"""The bundled Tổ Tôm card images, their loader, the subset font and the generator."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import totom_art

GENERATOR = ROOT / "tools" / "make_totom_cards.py"
FONT = ROOT / "assets" / "fonts" / "TotomSubset.otf"
FONT_LICENCE = ROOT / "assets" / "fonts" / "LICENSE-TotomSubset.txt"
MASTER = (96, 300)
CJK_USED = "二三四五六七八九萬索文"


def test_codes() -> None:
    codes = totom_art.TOTOM_CODES
    assert len(codes) == 25 and len(set(codes)) == 25
    assert codes[:8] == ("2M", "3M", "4M", "5M", "6M", "7M", "8M", "9M")
    assert codes[8:16] == tuple(f"{r}S" for r in range(2, 10))
    assert codes[16:24] == tuple(f"{r}C" for r in range(2, 10))
    assert codes[-1] == "CC"
    assert totom_art.RED_CODES == {"8M", "9M", "8S", "9S", "CC"}
    assert totom_art.ALL_IMAGES == codes + ("back",)


def test_codes_match_the_rules_engine() -> None:
    """The notation is the one of the Chắn rules (ranks 2..9 in M S C, plus CC)."""
    faces = {f"{r}{s}" for s in "MSC" for r in range(2, 10)} | {"CC"}
    assert set(totom_art.TOTOM_CODES) == faces


@pytest.mark.parametrize("code", totom_art.ALL_IMAGES)
def test_image_file(code: str) -> None:
    path = totom_art.ASSETS_DIR / f"{code}.png"
    assert path.is_file(), f"missing {path}; run tools/make_totom_cards.py"
    img = pygame.image.load(str(path))
    assert img.get_size() == MASTER
    assert img.get_flags() & pygame.SRCALPHA
    w, h = img.get_size()
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (1, 1), (w - 2, h - 2)):
        assert img.get_at((x, y)).a == 0, f"{code}: corner pixel {(x, y)} is not transparent"
    # the face itself is opaque, and the border is dark
    assert img.get_at((w // 2, h // 2)).a == 255
    edge = img.get_at((w // 2, 0))
    assert edge.a == 255 and max(edge.r, edge.g, edge.b) < 120


def _red_share(img: pygame.Surface, top: int, bottom: int) -> float:
    """The share of strongly red pixels in rows top..bottom."""
    red = total = 0
    for y in range(top, bottom):
        for x in range(0, img.get_width(), 2):
            c = img.get_at((x, y))
            total += 1
            if c.a == 255 and c.r > 150 and c.g < 90 and c.b < 90:
                red += 1
    return red / total


@pytest.mark.parametrize("code", totom_art.TOTOM_CODES)
def test_red_cards_are_red_in_the_top_part(code: str) -> None:
    """What shows of a card in a fan (its top 150 px) tells red from black at a glance."""
    img = pygame.image.load(str(totom_art.image_path(code)))
    share = _red_share(img, 0, 150)
    if code in totom_art.RED_CODES:
        assert share > 0.08, f"{code} should look red: {share:.3f}"
    else:
        assert share < 0.005, f"{code} should not look red: {share:.3f}"


def test_faces_are_distinct() -> None:
    blobs = {
        pygame.image.tobytes(pygame.image.load(str(totom_art.image_path(code))), "RGBA")
        for code in totom_art.ALL_IMAGES
    }
    assert len(blobs) == len(totom_art.ALL_IMAGES)


@pytest.mark.parametrize("width", [44, 48, 56, 96, 37])
def test_totom_image_size(width: int) -> None:
    img = totom_art.totom_image("8S", width)
    assert img.get_size() == totom_art.totom_size(width)
    assert img.get_width() == width
    assert abs(img.get_height() / width - 300 / 96) < 0.05


def test_totom_size() -> None:
    assert totom_art.totom_size(96) == (96, 300)
    assert totom_art.totom_size(48) == (48, 150)
    assert totom_art.totom_size(44) == (44, 138)
    assert totom_art.totom_size(56) == (56, 175)


def test_totom_image_is_cached() -> None:
    a = totom_art.totom_image("CC", 48)
    assert totom_art.totom_image("CC", 48) is a
    assert totom_art.totom_image("CC", 49) is not a
    assert totom_art.totom_image("back", 48).get_size() == (48, 150)
    totom_art.clear_cache()
    assert totom_art.totom_image("CC", 48) is not a


@pytest.mark.parametrize("code", ["1M", "ZZ", "10S", "AS", "cc", ""])
def test_unknown_code(code: str) -> None:
    with pytest.raises(KeyError, match="Tổ Tôm card code"):
        totom_art.totom_image(code, 48)


def test_bad_width() -> None:
    with pytest.raises(ValueError):
        totom_art.totom_image("2M", 0)


def test_converted_with_a_display() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        img = totom_art.totom_image("5C", 50)
        assert img.get_size() == (50, 156)
        assert img.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()
        totom_art.clear_cache()


def test_red_helper() -> None:
    assert totom_art.is_red("9M") and totom_art.is_red("CC")
    assert not totom_art.is_red("7M") and not totom_art.is_red("9C")


# -- the subset font ------------------------------------------------------------------------


def _num_glyphs(path: Path) -> int:
    """numGlyphs from the font's 'maxp' table, read without fontTools."""
    data = path.read_bytes()
    (num_tables,) = struct.unpack(">H", data[4:6])
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"maxp":
            return struct.unpack(">H", data[offset + 4: offset + 6])[0]
    raise AssertionError("no maxp table")


def test_subset_font_is_small_and_covers_the_cards() -> None:
    """Checked with pygame only (the test extra does not install fontTools)."""
    assert FONT.is_file()
    assert FONT.stat().st_size < 200_000
    assert _num_glyphs(FONT) <= 20  # a real subset, nothing like a full CJK font
    pygame.font.init()
    font = pygame.font.Font(str(FONT), 40)
    for ch, (min_x, max_x, min_y, max_y, _adv) in zip(CJK_USED, font.metrics(CJK_USED)):
        assert max_x > min_x and max_y > min_y, f"subset font lacks {ch}"
    for ch, box in zip("一紅A", font.metrics("一紅A")):
        assert box[:4] == (0, 0, 0, 0), f"{ch} should not be in the subset"


def test_subset_font_cmap() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ttlib.TTFont(str(FONT))
    cmap = font.getBestCmap()
    missing = [ch for ch in CJK_USED if ord(ch) not in cmap]
    assert not missing, f"subset font lacks {missing}"
    assert set(cmap) == {ord(ch) for ch in CJK_USED}
    assert len(font.getGlyphOrder()) == len(CJK_USED) + 1  # and .notdef


def test_subset_font_is_renamed_and_licensed() -> None:
    text = FONT_LICENCE.read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Totom Subset" in text and "Noto Serif CJK" in text
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ttlib.TTFont(str(FONT))
    assert font["name"].getDebugName(1) == "Totom Subset"
    for name_id in (1, 3, 4, 6):
        value = font["name"].getDebugName(name_id) or ""
        assert "Noto" not in value and "Source" not in value, (name_id, value)
    assert "OFL" in (font["name"].getDebugName(14) or "")


def test_generator_uses_the_same_characters() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_totom_cards
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert set(make_totom_cards.CJK_TEXT) == set(CJK_USED)
    assert make_totom_cards.TOTOM_CODES == totom_art.TOTOM_CODES
    assert make_totom_cards.RED_CODES == totom_art.RED_CODES


def test_pygame_renders_the_subset_font() -> None:
    pygame.font.init()
    font = pygame.font.Font(str(FONT), 40)
    for ch in CJK_USED:
        ink = font.render(ch, True, (0, 0, 0)).get_bounding_rect()
        assert ink.w > 15 and ink.h > 15, ch


# -- the generator --------------------------------------------------------------------------


def test_generator_writes_all_images(tmp_path: Path) -> None:
    out = tmp_path / "cards"
    sheet = tmp_path / "sheet.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(out), "--sheet", str(sheet)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    files = sorted(p.name for p in out.glob("*.png"))
    assert len(files) == 26
    assert set(files) == {f"{code}.png" for code in totom_art.ALL_IMAGES}
    for code in ("2M", "CC", "back"):
        assert pygame.image.load(str(out / f"{code}.png")).get_size() == MASTER
    assert sheet.is_file()
    # the committed images are the generator's output (allowing for tiny differences in
    # font rasterisation between FreeType versions)
    for code in ("7S", "9M", "CC", "back"):
        new = pygame.image.tobytes(pygame.image.load(str(out / f"{code}.png")), "RGBA")
        old = pygame.image.tobytes(pygame.image.load(str(totom_art.image_path(code))), "RGBA")
        mean_diff = sum(abs(a - b) for a, b in zip(new, old)) / len(old)
        assert mean_diff < 2.0, f"{code} differs from the generator's output ({mean_diff:.2f})"
