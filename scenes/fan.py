"""Card arrangements: where each card of a hand, pile or row goes inside a zone."""

from __future__ import annotations

import pygame


def fan(zone: pygame.Rect, count: int, card_w: int, max_step: float | None = None,
        arc: float = 0.0) -> list[tuple[float, float, float]]:
    """Centres and angles (x, y, degrees) for ``count`` cards spread across ``zone``.

    Cards overlap just enough to fit; the step never exceeds ``max_step`` (default: a card
    width plus a small gap). ``arc`` tilts the outer cards by up to that many degrees and
    drops them a little, like a hand held in the fingers.
    """
    if count <= 0:
        return []
    max_step = card_w + 8 if max_step is None else max_step
    step = max_step if count == 1 else min(max_step, (zone.width - card_w) / (count - 1))
    width = card_w + step * (count - 1)
    x0 = zone.centerx - width / 2 + card_w / 2
    out = []
    for i in range(count):
        t = 0.0 if count == 1 else (i / (count - 1)) * 2 - 1
        angle = -t * arc
        drop = abs(t) ** 2 * arc * 1.2
        out.append((x0 + i * step, zone.centery + drop, angle))
    return out


def stack(zone: pygame.Rect, count: int, offset: tuple[float, float] = (0.25, -0.35)
          ) -> list[tuple[float, float]]:
    """Centres for a neat stack (each card nudged by ``offset`` to show thickness)."""
    return [(zone.centerx + i * offset[0], zone.centery + i * offset[1]) for i in range(count)]
