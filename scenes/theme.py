"""Look and feel shared by every screen: colours, bundled fonts, cached text, backgrounds.

All text goes through ``text()`` so each (string, size, colour, style) is rendered once.
The bundled DejaVu fonts cover Latin and Vietnamese (Chắn, Cạ, Ù, Thập thành).
"""

from __future__ import annotations

import functools

import pygame

from game.paths import FONTS

FELT = (24, 84, 58)
FELT_DARK = (12, 46, 32)
PANEL = (22, 30, 40)
PANEL_EDGE = (70, 86, 104)
INK = (243, 235, 221)
INK_DIM = (170, 176, 170)
INK_FAINT = (110, 118, 112)
GOLD = (232, 184, 74)
GOLD_DARK = (150, 110, 30)
RED = (206, 60, 60)
BLUE = (70, 130, 220)
SHADOW = (0, 0, 0)

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}


@functools.lru_cache(maxsize=64)
def font(size: int, style: str = "sans") -> pygame.font.Font:
    """A bundled font at ``size`` pixels; style is "sans", "bold" or "serif"."""
    return pygame.font.Font(str(FONTS / FONT_FILES[style]), size)


_text_cache: dict[tuple, pygame.Surface] = {}


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with ``pygame.quit``); the app calls this."""
    font.cache_clear()
    felt.cache_clear()
    _panel.cache_clear()
    _veil.cache_clear()
    _text_cache.clear()


def text(string: str, size: int, color: tuple[int, int, int] = INK,
         style: str = "sans") -> pygame.Surface:
    """Rendered text (antialiased, transparent background), cached."""
    key = (string, size, color, style)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = font(size, style).render(string, True, color)
        _text_cache[key] = surf
    return surf


def blit_text(surface: pygame.Surface, string: str, pos: tuple[float, float], size: int,
              color: tuple[int, int, int] = INK, style: str = "sans",
              anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    """Draw text with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    surf = text(string, size, color, style)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(text(string, size, SHADOW, style), rect.move(2, 2))
    surface.blit(surf, rect)
    return rect


def wrap(string: str, size: int, width: int, style: str = "sans") -> list[str]:
    """Split ``string`` into lines no wider than ``width`` pixels."""
    f = font(size, style)
    lines: list[str] = []
    for paragraph in string.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@functools.lru_cache(maxsize=8)
def felt(size: tuple[int, int], base: tuple[int, int, int] = FELT) -> pygame.Surface:
    """A table-felt background: radial light in the middle, darker edges, fine grain."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(base)
    glow = pygame.Surface(size, pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    steps = 28
    for i in range(steps):
        f = i / steps
        rx, ry = w * (0.95 - 0.8 * f), h * (0.95 - 0.8 * f)
        rect = pygame.Rect(0, 0, rx * 1.3, ry * 1.3)
        rect.center = (round(cx), round(cy))
        pygame.draw.ellipse(glow, (255, 255, 220, 4), rect)
    surf.blit(glow, (0, 0))
    edge = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(40):
        alpha = int(90 * (1 - i / 40) ** 2)
        pygame.draw.rect(edge, (0, 0, 0, alpha), pygame.Rect(i, i, w - 2 * i, h - 2 * i), 1)
    surf.blit(edge, (0, 0))
    grain = pygame.Surface(size, pygame.SRCALPHA)
    seed = 12345
    for _ in range(w * h // 60):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        x = seed % w
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        y = seed % h
        grain.set_at((x, y), (0, 0, 0, 22) if seed & 1 else (255, 255, 255, 12))
    surf.blit(grain, (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215,
          color: tuple[int, int, int] = PANEL, edge: tuple[int, int, int] = PANEL_EDGE,
          radius: int = 14) -> None:
    """A translucent rounded panel with a thin edge."""
    surface.blit(_panel(tuple(rect.size), alpha, color, edge, radius), rect.topleft)


@functools.lru_cache(maxsize=64)
def _panel(size: tuple[int, int], alpha: int, color: tuple[int, int, int],
           edge: tuple[int, int, int], radius: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*color, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), 1, border_radius=radius)
    return layer


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under a modal panel)."""
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))


@functools.lru_cache(maxsize=8)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    return veil
