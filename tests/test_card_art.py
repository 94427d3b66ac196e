"""The bundled playing-card images, their loader and the generator that draws them."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import card_art

GENERATOR = ROOT / "tools" / "make_cards.py"
MASTER = (200, 280)


def test_codes() -> None:
    assert len(card_art.CARD_CODES) == 52
    assert len(set(card_art.CARD_CODES)) == 52
    assert card_art.CARD_CODES[:13] == (
        "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS",
    )
    assert [c[-1] for c in card_art.CARD_CODES[::13]] == ["S", "H", "D", "C"]
    assert card_art.ALL_IMAGES == card_art.CARD_CODES + ("JK", "back")


@pytest.mark.parametrize("code", card_art.ALL_IMAGES)
def test_image_file(code: str) -> None:
    path = card_art.ASSETS_DIR / f"{code}.png"
    assert path.is_file(), f"missing {path}; run tools/make_cards.py"
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


def test_faces_are_distinct() -> None:
    blobs = {
        pygame.image.tobytes(pygame.image.load(str(card_art.image_path(code))), "RGBA")
        for code in card_art.ALL_IMAGES
    }
    assert len(blobs) == len(card_art.ALL_IMAGES)


@pytest.mark.parametrize("width", [90, 80, 100, 200, 37])
def test_card_image_size(width: int) -> None:
    img = card_art.card_image("QH", width)
    assert img.get_size() == card_art.card_size(width)
    assert img.get_width() == width
    assert abs(img.get_height() / width - 1.4) < 0.03


def test_card_size() -> None:
    assert card_art.card_size(200) == (200, 280)
    assert card_art.card_size(90) == (90, 126)
    assert card_art.card_size(100) == (100, 140)


def test_card_image_is_cached() -> None:
    a = card_art.card_image("10S", 90)
    assert card_art.card_image("10S", 90) is a
    assert card_art.card_image("10S", 91) is not a
    assert card_art.card_image("back", 90).get_size() == (90, 126)
    assert card_art.card_image("JK", 90).get_size() == (90, 126)


def test_card_image_converts_once_display_exists() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        img = card_art.card_image("AS", 64)
        assert img.get_size() == (64, 90)
        assert img.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()
        card_art.clear_cache()


@pytest.mark.parametrize("bad", ["ZZ", "1S", "AX", "as", "", "T S", "Back"])
def test_unknown_code(bad: str) -> None:
    with pytest.raises(KeyError, match="unknown card image code"):
        card_art.card_image(bad, 90)


def test_bad_width() -> None:
    with pytest.raises(ValueError):
        card_art.card_image("AS", 0)


def test_generator_writes_all_images(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = tmp_path / "cards"
    sheet = tmp_path / "sheet.png"
    result = subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(out), "--sheet", str(sheet)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stderr
    written = sorted(p.name for p in out.glob("*.png"))
    assert written == sorted(f"{code}.png" for code in card_art.ALL_IMAGES)
    for code in card_art.ALL_IMAGES:
        assert pygame.image.load(str(out / f"{code}.png")).get_size() == MASTER
    assert sheet.is_file()
    # What it drew matches the committed assets. Allow a little anti-aliasing noise, since
    # pygame's smoothscale and FreeType may round differently on other machines.
    for code in ("AS", "10H", "QD", "KC", "JK", "back"):
        fresh = pygame.image.tobytes(pygame.image.load(str(out / f"{code}.png")), "RGBA")
        committed = pygame.image.tobytes(
            pygame.image.load(str(card_art.image_path(code))), "RGBA")
        diff = sum(abs(a - b) for a, b in zip(fresh, committed)) / len(fresh)
        assert diff < 1.5, f"{code}.png differs from the generator's output; regenerate it"


def test_generator_is_deterministic() -> None:
    sys.path.insert(0, str(GENERATOR.parent))
    try:
        import make_cards
    finally:
        sys.path.remove(str(GENERATOR.parent))
    pygame.font.init()
    for code in ("7D", "KS", "JK", "back"):
        first = pygame.image.tobytes(make_cards.make_image(code), "RGBA")
        assert pygame.image.tobytes(make_cards.make_image(code), "RGBA") == first
