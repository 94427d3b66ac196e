"""Rendering: draws the current world's sprites in z order onto a surface.

Reads components only (it never changes them). Rotated, scaled or squashed images are
cached so a table of 100+ cards costs only the blits. Lifted entities (being dragged) get a
soft shadow and grow slightly; active drop targets glow while something is held or
selected; ``Selected`` and ``Glow`` entities get an outline.
"""

from __future__ import annotations

import esper
import pygame

from ecs.components import CardFace, DropTarget, Glow, Selected, Sprite, Transform, ZOrder

VALID_FILL = (255, 214, 92, 46)
VALID_EDGE = (255, 214, 92)
HOVER_FILL = (255, 232, 150, 90)
SELECT_EDGE = (120, 200, 255)
LIFT_SCALE = 0.07
SHADOW_OFFSET = (7, 11)
SMOOTH_AFTER = 12  # uses before a cached rotation is redone smoothly
ANGLE_STEP = 2  # degrees: rotations are drawn (and cached) to the nearest step


class RenderSystem:
    """Draws sprites by z; call ``draw(surface)`` once per frame after the processors ran."""

    def __init__(self, cache_limit: int = 3000) -> None:
        # entry: [source image (kept alive so its id() is not reused), result, uses]
        self._cache: dict[tuple, list] = {}
        self._shadows: dict[tuple, pygame.Surface] = {}
        self._glows: dict[tuple, pygame.Surface] = {}
        self._limit = cache_limit

    def draw(self, surface: pygame.Surface) -> None:
        items: list[tuple] = []
        for ent, (transform, sprite, order) in esper.get_components(Transform, Sprite, ZOrder):
            if sprite.visible:
                items.append((order.z, 1, ent, transform, sprite))
        for ent, drop in esper.get_component(DropTarget):
            if drop.active and drop.valid:
                order = esper.try_component(ent, ZOrder)
                items.append(((order.z if order else -1.0) - 0.001, 0, ent, drop, None))
        items.sort(key=_z_key)
        faces = dict(esper.get_component(CardFace))
        glows = dict(esper.get_component(Glow))
        selected = {ent for ent, _ in esper.get_component(Selected)}
        for _, kind, ent, first, sprite in items:
            if kind == 0:
                self._draw_target(surface, first)
                continue
            face = faces.get(ent)
            image = sprite.image if face is None else (face.front if face.face_up else face.back)
            self._draw_sprite(surface, first, image, glows.get(ent), ent in selected,
                              sprite.shape == "circle")

    # -- pieces ------------------------------------------------------------------------
    def _draw_sprite(self, surface: pygame.Surface, transform: Transform, image: pygame.Surface,
                     glow: Glow | None, selected: bool, round_: bool) -> None:
        scale = transform.scale * (1.0 + LIFT_SCALE * transform.lift)
        img = self._transformed(image, transform.angle, scale, transform.squash)
        if img is None:
            return
        w, h = img.get_size()
        cx, cy = transform.x, transform.y + transform.dy
        left, top = round(cx - w / 2), round(cy - h / 2)
        if transform.lift > 0.01:
            shadow = self._shadow((w, h), round_)
            shadow.set_alpha(int(90 * transform.lift * transform.alpha / 255))
            surface.blit(shadow, (left + round(SHADOW_OFFSET[0] * transform.lift),
                                  top + round(SHADOW_OFFSET[1] * transform.lift)))
        if transform.alpha < 254.5:
            img.set_alpha(max(0, int(transform.alpha)))
            surface.blit(img, (left, top))
            img.set_alpha(255)
        else:
            surface.blit(img, (left, top))
        for color, width, on in ((glow.color if glow else None, glow.width if glow else 0,
                                  glow is not None), (SELECT_EDGE, 4, selected)):
            if not on:
                continue
            rect = pygame.Rect(left - 3, top - 3, w + 6, h + 6)
            if round_:
                pygame.draw.circle(surface, color, rect.center, min(w, h) // 2, width)
            else:
                pygame.draw.rect(surface, color, rect, width, border_radius=10)

    def _draw_target(self, surface: pygame.Surface, drop: DropTarget) -> None:
        rect = drop.rect.inflate(10, 10)
        key = (rect.size, drop.hovered, drop.shape)
        glow = self._glows.get(key)
        if glow is None:
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = glow.get_rect()
            fill = HOVER_FILL if drop.hovered else VALID_FILL
            edge = 4 if drop.hovered else 2
            if drop.shape == "circle":
                radius = min(local.size) // 2
                pygame.draw.circle(glow, fill, local.center, radius)
                pygame.draw.circle(glow, VALID_EDGE, local.center, radius, edge)
            else:
                pygame.draw.rect(glow, fill, local, border_radius=12)
                pygame.draw.rect(glow, VALID_EDGE, local, edge, border_radius=12)
            self._glows[key] = glow
        surface.blit(glow, rect.topleft)

    def _transformed(self, image: pygame.Surface, angle: float, scale: float,
                     squash: float) -> pygame.Surface | None:
        """The image scaled, squashed and rotated, from the cache when possible.

        A first request uses the fast, unsmoothed rotation (cards in motion rarely show the
        same angle twice); an image requested again a few frames running (a card at rest,
        tilted in a fan) is upgraded to the smooth rotation.
        """
        angle = (round(angle / ANGLE_STEP) * ANGLE_STEP) % 360
        scale = round(scale, 2)
        squash = round(abs(squash), 2)
        if angle == 0 and scale == 1.0 and squash == 1.0:
            return image
        if squash <= 0.01 or scale <= 0.01:
            return None
        key = (id(image), angle, scale, squash)
        entry = self._cache.get(key)
        if entry is not None and entry[0] is image:
            entry[2] += 1
            if entry[2] == SMOOTH_AFTER and angle:
                entry[1] = pygame.transform.rotozoom(self._scaled(image, scale, squash), angle, 1.0)
            return entry[1]
        if len(self._cache) > self._limit:
            self._cache.clear()
        img = self._scaled(image, scale, squash)
        if angle:
            img = pygame.transform.rotate(img, angle)
        self._cache[key] = [image, img, 1]
        return img

    @staticmethod
    def _scaled(image: pygame.Surface, scale: float, squash: float) -> pygame.Surface:
        w, h = image.get_size()
        size = (max(1, round(w * scale * squash)), max(1, round(h * scale)))
        return image if size == (w, h) else pygame.transform.smoothscale(image, size)

    def _shadow(self, size: tuple[int, int], round_: bool = False) -> pygame.Surface:
        shadow = self._shadows.get((size, round_))
        if shadow is None:
            shadow = pygame.Surface(size, pygame.SRCALPHA)
            if round_:
                pygame.draw.circle(shadow, (0, 0, 0, 255), shadow.get_rect().center,
                                   min(size) // 2 - 3)
            else:
                pygame.draw.rect(shadow, (0, 0, 0, 255), shadow.get_rect(),
                                 border_radius=max(4, size[0] // 12))
            self._shadows[(size, round_)] = shadow
        return shadow


def _z_key(item: tuple) -> tuple[float, int]:
    return item[0], item[1]
