"""Hover: marks the topmost Hoverable under the pointer and eases its raise offset."""

from __future__ import annotations

from collections.abc import Callable

import esper

from ecs.components import Hoverable, Transform
from ecs.input import InputSystem, topmost_at


class HoverSystem(esper.Processor):
    """Keeps ``Hoverable.hovered`` true for exactly the topmost hoverable under the pointer."""

    priority = 90

    def __init__(self, input_system: InputSystem,
                 suspended: Callable[[], bool] = lambda: False) -> None:
        self.input = input_system
        self.suspended = suspended  # e.g. while something is being dragged: nothing hovers

    def process(self, dt: float, rate: float | None = None) -> None:
        """Mark what the pointer is over and ease each raise towards its goal (``rate``:
        the share of the way gone this frame; 1 puts each raise where it goes at once)."""
        over = None if self.suspended() else topmost_at(self.input.pos, Hoverable)
        rate = min(1.0, dt * 18.0) if rate is None else rate
        for ent, (hover, transform) in esper.get_components(Hoverable, Transform):
            hover.hovered = ent == over
            goal = -hover.raise_px if hover.hovered else 0.0
            if transform.dy != goal:
                transform.dy += (goal - transform.dy) * rate
                if abs(goal - transform.dy) < 0.3:
                    transform.dy = goal
