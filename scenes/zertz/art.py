"""Procedural art for the Zertz board: metal rings, glass marbles, player pieces, the bag.

Everything is drawn once with pygame primitives and cached; marbles get a radial shade, a
rim and a specular highlight so they read as glass, pieces are flat enamel tokens.
"""

from __future__ import annotations

import functools
import math

import pygame

MARBLE_COLOURS = {
    "white": ((250, 250, 244), (196, 198, 190)),
    "grey": ((168, 172, 180), (92, 96, 106)),
    "black": ((86, 88, 98), (14, 14, 20)),
}
PIECE_COLOURS = {0: ((226, 70, 62), (140, 28, 26)), 1: ((70, 128, 226), (26, 58, 140))}


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


@functools.lru_cache(maxsize=8)
def ring(size: int = 64, marked: bool = False) -> pygame.Surface:
    """A bevelled metal ring lying on the felt."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    outer, inner = c - 2, c - 11
    pygame.draw.circle(surf, (0, 0, 0, 70), (c + 2, c + 3), outer)
    for i in range(outer - inner):
        t = i / max(1, outer - inner - 1)
        shade = _mix((222, 224, 228), (126, 130, 138), abs(t - 0.35) * 1.4)
        pygame.draw.circle(surf, shade, (c, c), outer - i, 2)
    pygame.draw.circle(surf, (14, 60, 40, 255), (c, c), inner)
    pygame.draw.circle(surf, (60, 64, 70), (c, c), inner, 1)
    pygame.draw.circle(surf, (250, 250, 250, 140), (c, c), outer, 1)
    if marked:  # where a marble starts: a faint line, not to be read as a highlight
        pygame.draw.circle(surf, (96, 118, 96), (c, c), inner - 4, 1)
    return surf


@functools.lru_cache(maxsize=8)
def marble(colour: str, radius: int = 21) -> pygame.Surface:
    """A glass marble: radial gradient, darker rim, soft highlight and a glint."""
    light, dark = MARBLE_COLOURS[colour]
    size = radius * 2 + 6
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surf, (0, 0, 0, 80), (c + 2, c + 3), radius)
    hx, hy = c - radius * 0.35, c - radius * 0.4
    for r in range(radius, 0, -1):
        t = r / radius
        color = _mix(light, dark, t ** 1.6)
        ox = (1 - t) * (hx - c)
        oy = (1 - t) * (hy - c)
        pygame.draw.circle(surf, color, (round(c + ox), round(c + oy)), r)
    pygame.draw.circle(surf, _mix(dark, (0, 0, 0), 0.3), (c, c), radius, 1)
    glow = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (255, 255, 255, 120),
                        pygame.Rect(round(hx - radius * 0.35), round(hy - radius * 0.25),
                                    round(radius * 0.7), round(radius * 0.5)))
    surf.blit(glow, (0, 0))
    pygame.draw.circle(surf, (255, 255, 255), (round(hx), round(hy)), max(2, radius // 7))
    # light passing through the glass shows at the bottom edge
    arc = pygame.Rect(c - radius + 3, c - radius + 3, radius * 2 - 6, radius * 2 - 6)
    pygame.draw.arc(surf, (*_mix(light, (255, 255, 255), 0.5), 150), arc, math.radians(200),
                    math.radians(340), 2)
    return surf


@functools.lru_cache(maxsize=4)
def piece(seat: int, radius: int = 21) -> pygame.Surface:
    """A player's token: a flat enamel disc with a raised rim and an inlaid star."""
    light, dark = PIECE_COLOURS[seat]
    size = radius * 2 + 6
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surf, (0, 0, 0, 90), (c + 2, c + 4), radius)
    pygame.draw.circle(surf, dark, (c, c + 2), radius)
    pygame.draw.circle(surf, light, (c, c), radius - 1)
    pygame.draw.circle(surf, _mix(light, dark, 0.45), (c, c), radius - 5, 2)
    points = []
    for k in range(10):
        r = (radius - 9) if k % 2 == 0 else (radius - 9) * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((c + r * math.cos(a), c + r * math.sin(a)))
    pygame.draw.polygon(surf, _mix(light, (255, 255, 255), 0.55), points)
    pygame.draw.arc(surf, (255, 255, 255, 160), pygame.Rect(c - radius + 3, c - radius + 3,
                    radius * 2 - 6, radius * 2 - 6), math.radians(40), math.radians(140), 2)
    return surf


@functools.lru_cache(maxsize=2)
def bag(width: int = 74, height: int = 62) -> pygame.Surface:
    """A drawstring cloth bag."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    body = pygame.Rect(4, 16, width - 8, height - 18)
    pygame.draw.ellipse(surf, (0, 0, 0, 80), body.move(2, 3))
    pygame.draw.ellipse(surf, (118, 70, 40), body)
    pygame.draw.ellipse(surf, (150, 96, 58), body.inflate(-14, -14).move(-4, -4))
    neck = pygame.Rect(width // 2 - 14, 6, 28, 16)
    pygame.draw.rect(surf, (118, 70, 40), neck, border_radius=6)
    pygame.draw.line(surf, (232, 184, 74), (neck.x - 2, neck.bottom - 2),
                     (neck.right + 2, neck.bottom - 2), 3)
    return surf
