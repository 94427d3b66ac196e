"""Tweening: eased animation of Transform attributes (move, scale, rotate, fade, flip).

``TweenSystem`` advances every entity's tweens each frame, scaled by the animation speed
setting (at "instant" every tween completes on the next frame). Helper functions start
common animations; a card flip is a horizontal squash to 0, the face swapped at the middle,
and back to full width.
"""

from __future__ import annotations

from collections.abc import Callable

import esper
import pytweening

from ecs.components import CardFace, Transform, Tween, Tweens

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
        finished: list[Callable[[], None]] = []
        for _ent, (tweens, transform) in esper.get_components(Tweens, Transform):
            if not tweens.items:
                continue
            keep: list[Tween] = []
            for tween in list(tweens.items):
                if factor <= 0:
                    done = True
                    value = tween.end
                else:
                    tween.elapsed += dt / factor
                    if tween.elapsed < tween.delay:
                        keep.append(tween)
                        continue
                    if tween.start is None:
                        tween.start = getattr(transform, tween.attr)
                    span = max(tween.duration, 1e-6)
                    t = min(1.0, (tween.elapsed - tween.delay) / span)
                    done = t >= 1.0
                    eased = (tween.ease or ease_out)(t)
                    value = tween.start + (tween.end - tween.start) * eased
                setattr(transform, tween.attr, value)
                if done:
                    if tween.on_done:
                        finished.append(tween.on_done)
                else:
                    keep.append(tween)
            tweens.items = keep
        # callbacks run after the sweep, so tweens they start begin cleanly next frame
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


def is_animating() -> bool:
    """True while any entity of the current world has a running tween."""
    return any(t.items for _, t in esper.get_component(Tweens))
