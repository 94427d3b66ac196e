"""Components: plain dataclasses holding data, no behaviour.

Coordinates are in canvas pixels (the logical 1280x720 table); ``Transform.x/y`` is the
centre of the entity. ``ZOrder.z`` orders drawing (higher on top) and hit-testing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame


@dataclass(slots=True)
class Transform:
    """Where and how an entity is drawn.

    ``squash`` is a horizontal scale used for card flips; ``lift`` (0..1) raises the entity
    off the table (bigger, with a shadow) while it is dragged; ``dy`` is a small visual offset
    (hover raise) that does not change the entity's logical place.
    """

    x: float
    y: float
    angle: float = 0.0
    scale: float = 1.0
    squash: float = 1.0
    alpha: float = 255.0
    lift: float = 0.0
    dy: float = 0.0


class DrawOrderClock:
    """Counts changes of draw order: ``tick`` grows whenever a ``ZOrder.z`` or a
    ``Sprite.visible`` takes a new value, so the render system can keep its sorted draw list
    between frames and re-sort only after such a change (adding or removing components is
    seen through esper's query cache instead)."""

    tick = 0


@dataclass
class Sprite:
    """An image to draw, centred on the Transform; ``shape`` ("rect" or "circle") shapes its
    shadow and outlines."""

    image: pygame.Surface
    visible: bool = True
    shape: str = "rect"

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "visible" and self.__dict__.get("visible", not value) != value:
            DrawOrderClock.tick += 1
        object.__setattr__(self, name, value)


@dataclass
class ZOrder:
    z: float = 0.0
    resting: float | None = None  # while it glides above the table (``ecs.tween.glide``): its z at rest

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "z" and self.__dict__.get(name, None) != value:
            DrawOrderClock.tick += 1
        object.__setattr__(self, name, value)


@dataclass
class CardFace:
    """A two-sided object: the render system shows ``front`` when ``face_up`` else ``back``."""

    front: pygame.Surface
    back: pygame.Surface
    face_up: bool = True
    code: str = ""


@dataclass(slots=True)
class Tween:
    """Animate one Transform attribute from ``start`` (None: current value) to ``end``.

    ``delay`` seconds pass before it starts; ``ease`` maps 0..1 to 0..1; ``on_start`` runs
    once when the delay is over and it begins; ``on_done`` runs once when it finishes (used to
    chain, e.g. the second half of a flip).
    """

    attr: str
    end: float
    duration: float
    start: float | None = None
    ease: Callable[[float], float] | None = None
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    on_start: Callable[[], None] | None = None


@dataclass
class Tweens:
    """All running tweens of one entity."""

    items: list[Tween] = field(default_factory=list)


@dataclass
class Draggable:
    """The entity can be picked up. ``kind`` and ``data`` describe it to the validator."""

    enabled: bool = True
    kind: str = "card"
    data: Any = None


@dataclass
class DropTarget:
    """A place things can be dropped on; ``rect`` in canvas pixels.

    ``valid``/``reason`` are set by the drag-and-drop system while something is held.
    """

    rect: pygame.Rect
    name: str
    data: Any = None
    shape: str = "rect"
    valid: bool = False
    active: bool = False
    hovered: bool = False
    reason: str = ""


@dataclass
class Hoverable:
    """The entity reacts to the pointer: ``hovered`` is kept up to date by the hover system;
    ``raise_px`` lifts it that many pixels while hovered."""

    hovered: bool = False
    raise_px: float = 0.0
    glow: bool = False


@dataclass
class Clickable:
    """A click on the entity emits a ClickIntent carrying ``action`` and ``data``."""

    action: str
    data: Any = None
    enabled: bool = True


@dataclass
class Selected:
    """Marks the entity chosen by click-to-select (the render system outlines it)."""


@dataclass
class Decoration:
    """Marks an entity that only adorns a move (a meld's "+30" rising, a zetema's flash):
    its tweens say nothing about whether the move has reached the table (``moving_pieces``)."""


@dataclass
class Held:
    """Marks the entity being dragged. A scene that lays its pieces out again meanwhile
    leaves it in the hand and writes its new place into ``home`` (x, y, z; z None: as
    before the drag): where it goes back to if the drop is refused."""

    home: tuple[float, float, float | None] | None = None


@dataclass
class Glow:
    """Draw a coloured glow around the entity (hints, the AI's pick, selection)."""

    color: tuple[int, int, int] = (255, 215, 90)
    width: int = 4
