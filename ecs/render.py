"""Rendering: draws the current world's sprites in z order onto a surface.

Reads components only (it never changes them). Rotated, scaled or squashed images are
cached so a table of 100+ cards costs only the blits; angles are rounded to ``ANGLE_STEP``
(``TURNING_ANGLE_STEP`` while a sprite's angle changes from frame to frame, which looks the
same in motion and exactly the same once it rests; a card turning over meanwhile is its
rotated image narrowed). Lifted entities (being dragged) get a
soft shadow and grow slightly, and a scene may draw them after its panels and words
(``draw(defer_lifted=True)``, then ``draw_lifted``); active drop targets glow while something
is held or selected; ``Selected`` and ``Glow`` entities get an outline.
"""

from __future__ import annotations

import esper
import pygame

from ecs.components import CardFace, DrawOrderClock, DropTarget, Glow, Selected, Sprite, Transform, ZOrder
from ecs.tween import FLIGHT_Z

VALID_FILL = (255, 214, 92, 46)
VALID_EDGE = (255, 214, 92)
HOVER_FILL = (255, 232, 150, 90)
SELECT_EDGE = (120, 200, 255)
CHOSEN_RING_GAP = 5  # px between a chosen round piece and its ring
GLOW_OUTSIDE = 4  # px a glow stands outside a chosen card's edge
CHOSEN_RING_EDGE = (24, 32, 28)  # the dark edge of that ring
LIFT_SCALE = 0.07
SHADOW_OFFSET = (7, 11)
SMOOTH_AFTER = 12  # uses before a cached rotation is redone smoothly
ANGLE_STEP = 2  # degrees: rotations are drawn (and cached) to the nearest step
TURNING_ANGLE_STEP = 4  # degrees: the step while a sprite's angle changes from frame to frame


GLOWS_KEPT = 96  # drop targets' glows kept (each size, lit or hovered, shape)
_glows: dict[tuple, pygame.Surface] = {}


def _glow(size: tuple[int, int], hovered: bool, shape: str) -> pygame.Surface:
    """The glow of a valid drop target of ``size`` (its rect grown by 10), kept for every
    table of the process (a new table's targets are mostly the last one's)."""
    key = (tuple(size), hovered, shape)
    glow = _glows.get(key)
    if glow is None:
        if len(_glows) >= GLOWS_KEPT:
            _glows.clear()
        glow = pygame.Surface(size, pygame.SRCALPHA)
        local = glow.get_rect()
        fill = HOVER_FILL if hovered else VALID_FILL
        edge = 4 if hovered else 2
        if shape == "circle":
            radius = min(local.size) // 2
            pygame.draw.circle(glow, fill, local.center, radius)
            pygame.draw.circle(glow, VALID_EDGE, local.center, radius, edge)
        else:
            pygame.draw.rect(glow, fill, local, border_radius=12)
            pygame.draw.rect(glow, VALID_EDGE, local, edge, border_radius=12)
        _glows[key] = glow
    return glow


class RenderSystem:
    """Draws sprites by z; call ``draw(surface)`` once per frame after the processors ran.

    The sorted draw list is kept between frames and rebuilt only when the world's entities or
    components change (esper hands out a new query result then) or a ``ZOrder.z`` or
    ``Sprite.visible`` changes (``DrawOrderClock``). Each sprite remembers what it was drawn
    with last frame; a sprite at rest reuses its image and place without any work, a turning
    one whose coarse angle holds reuses its image and only moves it. Plain
    blits go out in batches through ``Surface.fblits``.
    """

    def __init__(self, cache_limit: int = 3000) -> None:
        # entry: [source image (kept alive so its id() is not reused), result, uses]
        self._cache: dict[tuple, list] = {}
        self._shadows: dict[tuple, pygame.Surface] = {}
        self._coarse: dict[tuple, list] = {}  # [source image, result] at TURNING_ANGLE_STEP
        self._cleared = 0  # how often ``_cache`` was emptied
        self._limit = cache_limit
        self.turning_step = TURNING_ANGLE_STEP
        self.select_edge = SELECT_EDGE  # the outline of a ``Selected`` entity
        self.transforms = 0  # images scaled or rotated so far (for tests and benchmarks)
        self._rows: list | None = None  # esper's query result the draw list was built from
        self._tick = -1
        self._order: list[tuple] = []
        # entity -> [signature, image, left, top, settled, (image, (left, top)), turning
        # image's key or None, (width, height), (scale, squash as rounded for the cache, the
        # cache entry counted last frame: (fine angle, clearing, entry) or None)]; settled:
        # no smooth upgrade or finer angle pending
        self._memo: dict[int, list] = {}
        self.rebuilds = 0  # how often the draw list was sorted (for tests and benchmarks)
        self._targets_drawn: dict[int, tuple] = {}  # drop target -> how its glow was drawn
        self._deferred: list[tuple] = []  # lifted sprites kept for ``draw_lifted``

    def draw(self, surface: pygame.Surface, defer_lifted: bool = False) -> None:
        """Draw every sprite; with ``defer_lifted``, lifted ones (a card in the hand, a
        marble the computer lifts) and those on their way above the table (``glide``) wait
        for ``draw_lifted``, so that the scene can draw its panels and words first and the
        held or flying thing stays above them."""
        self._deferred = []
        rows = esper.get_components(Transform, Sprite, ZOrder)
        if rows is not self._rows or DrawOrderClock.tick != self._tick:
            self._rebuild(rows)
        batch: list[tuple] = []
        memo = self._memo
        seen = self._targets_drawn
        for item in self._order:
            if item[0] == 0:
                drop = item[2]
                seen[item[1]] = (drop.active, drop.valid, drop.hovered, tuple(drop.rect),
                                 drop.shape)
                if drop.active and drop.valid:
                    batch.append(self._target(drop))
                continue
            _, ent, transform, sprite, face, glow, selected, flying = item
            image = sprite.image if face is None else (face.front if face.face_up else face.back)
            lift = transform.lift
            alpha = transform.alpha
            sig = (image, transform.x, transform.y, transform.dy, transform.angle,
                   transform.scale, transform.squash, lift, alpha)
            entry = memo.get(ent)
            if entry is None or entry[0] != sig or not entry[4]:
                entry = self._place(ent, sig, entry)
            img = entry[1]
            if img is None:
                continue
            if lift > 0.01 or alpha < 254.5 or glow is not None or selected or (
                    flying and defer_lifted):
                if (lift > 0.01 or flying) and defer_lifted:
                    self._deferred.append((entry, transform, sprite.shape == "circle", glow,
                                           selected))
                    continue
                if batch:
                    surface.fblits(batch)
                    batch = []
                self._draw_special(surface, entry, transform, sprite.shape == "circle", glow,
                                   selected)
            else:
                batch.append(entry[5])
        if batch:
            surface.fblits(batch)

    def draw_lifted(self, surface: pygame.Surface) -> None:
        """Draw the lifted sprites ``draw(defer_lifted=True)`` kept back, in their order."""
        for item in self._deferred:
            self._draw_special(surface, *item)
        self._deferred = []

    def changed(self) -> bool:
        """Would ``draw`` now draw anything differently from the last time? (A sprite's
        image, place, angle, size, lift or alpha; a drop target's glow; the draw order;
        entities or components added or removed; a smoother image still to come.)"""
        rows = esper.get_components(Transform, Sprite, ZOrder)
        if rows is not self._rows or DrawOrderClock.tick != self._tick:
            return True
        memo, seen = self._memo, self._targets_drawn
        for item in self._order:
            if item[0] == 0:
                drop = item[2]
                if seen.get(item[1]) != (drop.active, drop.valid, drop.hovered,
                                         tuple(drop.rect), drop.shape):
                    return True
                continue
            _, ent, transform, sprite, face, _glow, _selected, _flying = item
            entry = memo.get(ent)
            if entry is None or not entry[4]:
                return True
            image = sprite.image if face is None else (face.front if face.face_up else face.back)
            if entry[0] != (image, transform.x, transform.y, transform.dy, transform.angle,
                            transform.scale, transform.squash, transform.lift, transform.alpha):
                return True
        return False

    def drawn(self, ent: int) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The image an entity was last drawn with and its top-left (None if not drawn)."""
        entry = self._memo.get(ent)
        if entry is None or entry[1] is None:
            return None
        return entry[1], (entry[2], entry[3])

    def _rebuild(self, rows: list) -> None:
        """Sort the draw list again (after entities, components, z or visibility changed)."""
        self._rows = rows
        self._tick = DrawOrderClock.tick
        self.rebuilds += 1
        faces = dict(esper.get_component(CardFace))
        glows = dict(esper.get_component(Glow))
        selected = {ent for ent, _ in esper.get_component(Selected)}
        items: list[tuple] = []
        for ent, (transform, sprite, order) in rows:
            if sprite.visible:
                items.append((order.z, 1, ent, transform, sprite))
        for ent, drop in esper.get_component(DropTarget):
            order = esper.try_component(ent, ZOrder)
            items.append(((order.z if order else -1.0) - 0.001, 0, ent, drop, None))
        items.sort(key=_z_key)
        self._order = [
            (0, ent, first) if kind == 0 else
            (1, ent, first, sprite, faces.get(ent), glows.get(ent), ent in selected,
             z >= FLIGHT_Z)
            for z, kind, ent, first, sprite in items
        ]
        live = {item[1] for item in self._order}
        for ent in [e for e in self._memo if e not in live]:
            del self._memo[ent]

    def _place(self, ent: int, sig: tuple, last: list | None) -> list:
        """Work out (and remember) the drawn image and top-left of a sprite; ``last`` is what
        it was drawn with in the previous frame."""
        image, x, y, dy, angle, scale, squash, lift = sig[:8]
        turning = last is not None and last[0][4] != angle
        coarse = None
        if turning and self.turning_step > ANGLE_STEP:
            step = self.turning_step
            coarse = (image, (round(angle / step) * step) % 360, scale, squash, lift)
            if coarse == last[6]:  # the same turning image as last frame: only its place moves
                fine = (round(angle / ANGLE_STEP) * ANGLE_STEP) % 360
                sized, narrowed, counted = last[8]
                if counted is not None and counted[0] == fine and counted[1] == self._cleared:
                    _count_use(counted[2], fine)  # the same cache entry as last frame
                elif fine or sized != 1.0 or narrowed != 1.0:  # counted as ``_transformed_settled``
                    last[8] = (sized, narrowed,
                               (fine, self._cleared, self._use(image, fine, sized, narrowed)))
                img = last[1]
                w, h = last[7]
                left, top = round(x - w / 2), round(y + dy - h / 2)
                # (not final: at rest its finer angle is asked for; an upright image made in
                # the first turning frame said it was)
                last[0], last[2], last[3], last[4], last[5] = sig, left, top, False, (
                    img, (left, top))
                return last
        sized = scale * (1.0 + LIFT_SCALE * lift)
        img, settled = self._transformed_settled(image, angle, sized, squash, turning)
        if img is None:
            entry = [sig, None, 0, 0, settled, None, None, (0, 0), None]
        else:
            w, h = img.get_size()
            left, top = round(x - w / 2), round(y + dy - h / 2)
            entry = [sig, img, left, top, settled, (img, (left, top)), coarse, (w, h),
                     (round(sized, 2) if sized != 1.0 else sized,
                      round(abs(squash), 2) if squash != 1.0 else squash, None)]
        self._memo[ent] = entry
        return entry

    # -- pieces ------------------------------------------------------------------------
    def _draw_special(self, surface: pygame.Surface, entry: list, transform: Transform,
                      round_: bool, glow: Glow | None, selected: bool) -> None:
        """A sprite that needs more than a plain blit: shadow, translucency or outlines."""
        img, left, top = entry[1], entry[2], entry[3]
        w, h = img.get_size()
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
        faded = transform.alpha < 254.5
        for k, (color, width, on, chosen) in enumerate((
                (glow.color if glow else None, glow.width if glow else 0, glow is not None, False),
                (self.select_edge, 4, selected, round_))):
            if not on or transform.alpha < 0.5:
                continue
            grow = CHOSEN_RING_GAP if chosen else 0
            if k == 0 and selected and not round_:
                grow = GLOW_OUTSIDE  # a hint's glow on a chosen card stands outside its chosen
                # edge (drawn after it on the same box, that edge hid the glow: pt92)
            rect = pygame.Rect(left - 3 - grow, top - 3 - grow, w + 6 + 2 * grow, h + 6 + 2 * grow)
            # a translucent piece's outline fades with it (a card fading in from a seat's
            # panel showed its outline alone, an empty frame over the panel)
            canvas = pygame.Surface(rect.size, pygame.SRCALPHA) if faded else surface
            at = canvas.get_rect() if faded else rect
            if chosen:  # a chosen marble or piece: a ring a little outside it, edged dark
                # (a light outline on its edge hardly showed on a white marble)
                radius = min(w, h) // 2 + grow
                pygame.draw.circle(canvas, CHOSEN_RING_EDGE, at.center, radius + 2, width + 4)
                pygame.draw.circle(canvas, color, at.center, radius, width)
            elif round_:
                pygame.draw.circle(canvas, color, at.center, min(w, h) // 2, width)
            else:
                pygame.draw.rect(canvas, color, at, width, border_radius=10)
            if faded:
                canvas.set_alpha(int(transform.alpha))
                surface.blit(canvas, rect.topleft)

    def _target(self, drop: DropTarget) -> tuple[pygame.Surface, tuple[int, int]]:
        """The glow of an active, valid drop target and where it goes."""
        rect = drop.rect.inflate(10, 10)
        return _glow(rect.size, drop.hovered, drop.shape), rect.topleft

    def warm_targets(self) -> None:
        """Make the glows of the world's drop targets as they stand, lit and hovered (a
        table does it before it opens: the frame that first lifted a card made them, 5-10
        ms for a table's large targets)."""
        for _, drop in esper.get_component(DropTarget):
            size = drop.rect.inflate(10, 10).size
            for hovered in (False, True):
                _glow(size, hovered, drop.shape)

    def _transformed(self, image: pygame.Surface, angle: float, scale: float,
                     squash: float, turning: bool = False) -> pygame.Surface | None:
        """The image scaled, squashed and rotated, from the cache when possible."""
        return self._transformed_settled(image, angle, scale, squash, turning)[0]

    def _transformed_settled(self, image: pygame.Surface, angle: float, scale: float,
                             squash: float, turning: bool = False
                             ) -> tuple[pygame.Surface | None, bool]:
        """The image scaled, squashed and rotated, and whether it is final.

        Angles are rounded to ``ANGLE_STEP``. A first request uses the fast, unsmoothed
        rotation (cards in motion rarely show the same angle twice); an image requested again
        a few times (a card at rest, tilted in a fan) is upgraded to the smooth rotation.
        A ``turning`` sprite (its angle changed since the last frame) is drawn at the coarser
        ``TURNING_ANGLE_STEP``; its request still counts towards the upgrade of the
        ``ANGLE_STEP`` image as if that had been drawn (which is made only when needed), so
        a sprite coming to rest looks exactly as it would have without the coarse step.
        "Final" means no upgrade or finer angle is pending, so a sprite at rest can keep
        the image without asking again.
        """
        fine = (round(angle / ANGLE_STEP) * ANGLE_STEP) % 360
        if scale != 1.0:
            scale = round(scale, 2)
        if squash != 1.0:
            squash = round(abs(squash), 2)
        if fine == 0 and scale == 1.0 and squash == 1.0:
            return image, True
        if squash <= 0.01 or scale <= 0.01:
            return None, True
        entry = self._use(image, fine, scale, squash)
        if turning and self.turning_step > ANGLE_STEP:
            coarse = (round(angle / self.turning_step) * self.turning_step) % 360
            return self._coarse_image(image, coarse, scale, squash), False
        if entry[1] is None:
            if entry[2] >= SMOOTH_AFTER and fine:
                self.transforms += 1
                entry[1] = pygame.transform.rotozoom(self._scaled(image, scale, squash), fine, 1.0)
            else:
                # the same fast rotation, made while turning
                rough = self._coarse.get((id(image), fine, scale)) if squash == 1.0 else None
                if rough is not None and rough[0] is image:
                    entry[1] = rough[1]
                else:
                    self.transforms += 1
                    img = self._scaled(image, scale, squash)
                    entry[1] = pygame.transform.rotate(img, fine) if fine else img
        return entry[1], entry[2] >= SMOOTH_AFTER or not fine

    def _use(self, image: pygame.Surface, fine: int, scale: float, squash: float) -> list:
        """The cache entry of ``image`` at ``fine`` degrees, ``scale`` and ``squash`` (rounded),
        made if missing, with this request counted towards its smooth upgrade."""
        key = (id(image), fine, scale, squash)
        entry = self._cache.get(key)
        if entry is not None and entry[0] is image:
            _count_use(entry, fine)
        else:
            if len(self._cache) > self._limit:
                self._cache.clear()
                self._cleared += 1
            entry = self._cache[key] = [image, None, 1]
        return entry

    def _coarse_image(self, image: pygame.Surface, angle: int, scale: float,
                      squash: float) -> pygame.Surface:
        """The fast rotation at a ``TURNING_ANGLE_STEP`` angle (cached apart, never upgraded
        to the smooth rotation: a turning sprite changes image again within a few frames).

        A card that turns over while it turns (a squash below 1) is its rotated image
        narrowed as a whole (smoothly: a plain scale left its border dashed), not kept
        (each squash shows once): half the cost of a new rotation. It then turns over on an
        upright axis rather than on its own, as if seen in perspective; a still frame shows
        the lean, the six frames of a half turn do not (a play-tester saw it only in still
        frames)."""
        if squash != 1.0:
            whole = self._coarse_image(image, angle, scale, 1.0)
            w, h = whole.get_size()
            self.transforms += 1
            return pygame.transform.smoothscale(whole, (max(1, round(w * squash)), h))
        if angle == 0 and scale == 1.0:
            return image
        key = (id(image), angle, scale)
        entry = self._coarse.get(key)
        if entry is not None and entry[0] is image:
            return entry[1]
        if len(self._coarse) > self._limit:
            self._coarse.clear()
        self.transforms += 1
        img = self._scaled(image, scale, 1.0)
        if angle:
            img = pygame.transform.rotate(img, angle)
        self._coarse[key] = [image, img]
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


def _count_use(entry: list, fine: int) -> None:
    """One more request of a cached image (``RenderSystem._cache``'s ``[source, result,
    uses]``): at ``SMOOTH_AFTER`` uses a rotated one is made again, smoothly, when next
    drawn."""
    entry[2] += 1
    if entry[2] == SMOOTH_AFTER and fine:
        entry[1] = None  # the smooth rotation replaces the fast one when next drawn


def _z_key(item: tuple) -> tuple[float, int]:
    return item[0], item[1]
