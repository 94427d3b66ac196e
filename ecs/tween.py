"""Tweening: eased animation of Transform attributes (move, scale, rotate, fade, flip).

``TweenSystem`` advances every entity's tweens each frame, scaled by the animation speed
setting (at "instant" every tween completes on the next frame). Helper functions start
common animations; a card flip is a horizontal squash to 0, the face swapped at the middle,
and back to full width.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import esper
import pytweening

from ecs.components import CardFace, Decoration, Transform, Tween, Tweens, ZOrder

ease_out = pytweening.easeOutCubic
ease_in_out = pytweening.easeInOutQuad
ease_out_back = pytweening.easeOutBack
ease_in = pytweening.easeInQuad
linear = pytweening.linear


class TweenSystem(esper.Processor):
    """Advances tweens. ``speed`` returns the duration multiplier (0 = instant)."""

    priority = 40

    def __init__(self, speed: Callable[[], float] = lambda: 1.0) -> None:
        self.speed = speed

    def process(self, dt: float) -> None:
        factor = self.speed()
        if factor <= 0:
            self._finish_all()
            return
        step = dt / factor
        finished: list[Callable[[], None]] = []
        for _ent, (tweens, transform) in esper.get_components(Tweens, Transform):
            items = tweens.items
            if not items:
                continue
            keep: list[Tween] | None = None  # made only when a tween ends this frame
            last_t = -1.0  # tweens started together (x, y, angle of a move) share one easing
            last_ease = eased = None
            i = 0
            for tween in items:
                elapsed = tween.elapsed = tween.elapsed + step
                delay = tween.delay
                if elapsed < delay:
                    if keep is not None:
                        keep.append(tween)
                    i += 1
                    continue
                start = tween.start
                if start is None:
                    start = tween.start = getattr(transform, tween.attr)
                    if tween.on_start:
                        finished.append(tween.on_start)
                duration = tween.duration
                t = (elapsed - delay) / (duration if duration > 1e-6 else 1e-6)
                if t > 1.0:
                    t = 1.0
                ease = tween.ease or ease_out
                if t != last_t or ease is not last_ease:
                    eased = ease(t)
                    last_t, last_ease = t, ease
                setattr(transform, tween.attr, start + (tween.end - start) * eased)
                if t < 1.0:
                    if keep is not None:
                        keep.append(tween)
                else:
                    if keep is None:
                        keep = items[:i]
                    if tween.on_done:
                        finished.append(tween.on_done)
                i += 1
            if keep is not None:
                tweens.items = keep
        # callbacks (starts and ends, in the order they happened) run after the sweep, so
        # tweens they start begin cleanly next frame
        for callback in finished:
            callback()

    def finish_all(self) -> None:
        """Every running tween jumps to its end, and so do the ones their endings start
        (a flip's second half), a few rounds at most."""
        for _ in range(8):
            self._finish_all()
            if not is_animating():
                return

    def _finish_all(self) -> None:
        """Instant speed: every tween jumps to its end value and finishes."""
        finished: list[Callable[[], None]] = []
        for _ent, (tweens, transform) in esper.get_components(Tweens, Transform):
            if not tweens.items:
                continue
            for tween in tweens.items:
                setattr(transform, tween.attr, tween.end)
                if tween.start is None and tween.on_start:
                    finished.append(tween.on_start)
                if tween.on_done:
                    finished.append(tween.on_done)
            tweens.items = []
        for callback in finished:
            callback()


def animate(
    ent: int,
    attr: str,
    end: float,
    duration: float,
    ease: Callable[[float], float] = ease_out,
    delay: float = 0.0,
    on_done: Callable[[], None] | None = None,
) -> Tween:
    """Start a tween of ``Transform.<attr>`` towards ``end``, replacing one on the same attr."""
    tweens = esper.try_component(ent, Tweens)
    if tweens is None:
        tweens = Tweens()
        esper.add_component(ent, tweens)
    tweens.items = [t for t in tweens.items if t.attr != attr]
    tween = Tween(attr, float(end), duration, ease=ease, delay=delay, on_done=on_done)
    tweens.items.append(tween)
    return tween


def move_to(
    ent: int,
    x: float,
    y: float,
    duration: float = 0.3,
    ease: Callable[[float], float] = ease_out,
    delay: float = 0.0,
    on_done: Callable[[], None] | None = None,
) -> None:
    """Glide the entity's centre to (x, y)."""
    animate(ent, "x", x, duration, ease, delay)
    animate(ent, "y", y, duration, ease, delay, on_done)


FLIGHT_Z = 50_000.0  # added to the z of a gliding entity while it travels (held: 100,000)
FLIGHT_STEP = 1_000.0  # ... and this much more per 100 px of its way (z at rest stays below)


def flight_z(rest: float, distance: float) -> float:
    """The draw order of an entity on its way: above everything at rest, and the farther it
    goes, the higher (a discard leaving the hand passes over the hand cards closing up
    behind it, which travel a slot each); entities on like ways keep their order at rest."""
    return rest + FLIGHT_Z + FLIGHT_STEP * min(40, round(distance / 100))


def resting_z(order: ZOrder) -> float:
    """An entity's z at rest, also while it glides above the table."""
    return order.resting if order.resting is not None and order.z >= FLIGHT_Z else order.z


def glide(ent: int, x: float, y: float, duration: float, angle: float | None = None,
          z: float | None = None, delay: float = 0.0, ease: Callable[[float], float] = ease_out,
          on_done: Callable[[], None] | None = None, above: float = 0.0) -> None:
    """Move an entity to (x, y) (and ``angle``) above everything at rest on its way.

    It keeps its present place in the draw order while it waits for its ``delay``, rises
    (``flight_z``, and ``above`` more) when it starts moving (at once if it is already on
    its way) and settles at ``z`` (default: its z at rest) when it lands: a card thrown
    onto a pile passes over the hand and the other piles, not under them, and lands on top
    of its own pile.
    """
    order = esper.try_component(ent, ZOrder)
    if order is None:
        move_to(ent, x, y, duration, ease, delay, on_done)
        if angle is not None:
            animate(ent, "angle", angle, duration, ease, delay)
        return
    rest = resting_z(order) if z is None else z
    order.resting = rest
    tweens = esper.try_component(ent, Tweens)
    travelling = tweens is not None and any(
        t.attr in ("x", "y") and t.start is not None for t in tweens.items)
    t = esper.component_for_entity(ent, Transform)
    high = flight_z(rest, math.hypot(x - t.x, y - t.y)) + above

    def rise() -> None:
        order.z = high

    def land() -> None:
        order.z = rest
        order.resting = None
        if on_done is not None:
            on_done()

    if travelling or delay <= 0:
        order.z = high  # (waiting for its delay it keeps its place in the order where it lies:
        # the card a computer takes from a gate stayed under the card above it there)
    animate(ent, "x", x, duration, ease, delay).on_start = rise
    animate(ent, "y", y, duration, ease, delay, land)
    if angle is not None:
        animate(ent, "angle", angle, duration, ease, delay)


def flip(ent: int, duration: float = 0.3, face_up: bool | None = None, delay: float = 0.0,
         on_done: Callable[[], None] | None = None) -> None:
    """Turn a card over: squash to zero width, swap the face, widen again."""
    face = esper.component_for_entity(ent, CardFace)
    target = (not face.face_up) if face_up is None else face_up

    def middle() -> None:
        face.face_up = target
        animate(ent, "squash", 1.0, duration / 2, ease_out, on_done=on_done)

    animate(ent, "squash", 0.0, duration / 2, ease_in, delay, on_done=middle)


def cancel(ent: int) -> None:
    tweens = esper.try_component(ent, Tweens)
    if tweens is not None:
        tweens.items.clear()


def travelling(ent: int) -> bool:
    """Is the entity on its way somewhere (a move under way or waiting for its delay)?"""
    tweens = esper.try_component(ent, Tweens) if esper.entity_exists(ent) else None
    return tweens is not None and any(t.attr in ("x", "y") for t in tweens.items)


def is_animating() -> bool:
    """True while any entity of the current world has a running tween."""
    return any(t.items for _, t in esper.get_component(Tweens))


def moving_pieces() -> bool:
    """True while a tween runs on an entity that is not a ``Decoration``: the pieces of a
    move are still on their way."""
    return any(t.items and not esper.has_component(e, Decoration)
               for e, t in esper.get_component(Tweens))
