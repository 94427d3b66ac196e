"""The base of every table scene: its own ECS world and the generic systems, wired up.

A table gets input, hover, drag-and-drop, tween and audio processors in a fresh esper world,
a render system, Esc for the pause menu and the hooks every game table shares
(``restart``, ``on_quit``). Game tables subclass it, build their entities from the rules
state and their Tiled layout, and add their rules system.

Redrawing (``needs_redraw``): a table at rest keeps its last picture. It redraws when a
tween runs, a card is held, a sprite's image, place, angle, alpha or a drop target's glow
changed (``RenderSystem.changed``), an attribute of the table, its rules system, session or
buttons changed since the last drawing (``redraw_key``: a move arrived, a hint, a banner
counting down, a selection), or the last drawing read ``self.time`` (something that moves
with the clock: a pulse, "thinking..." dots, the hint's turning arc). Input, messages and
scene changes redraw through the app and the scene manager.

The background (felt, panels, labels: ``draw_background``, opaque over the whole canvas)
depends on the same things: drawn twice in a row for the same ``redraw_key`` (and without
reading the clock) it is kept as a picture and blitted while the key holds (cards gliding
over an unchanged table); a new key, a resume or the clock draws it afresh.

Playing cards drawn in other colours (Settings' four-colour suits, ``card_faces_changed``):
every card of the table takes the image of the same card in the new colours at once, also
under the pause menu and the Settings screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import esper
import pygame

from ecs.audio import AudioSystem
from ecs.components import CardFace, Sprite
from ecs.drag import DragDropSystem
from ecs.hover import HoverSystem
from ecs.input import InputEvent, InputSystem
from ecs.intents import IntentQueue
from ecs.render import RenderSystem
from ecs.tween import TweenSystem, is_animating
from ecs.world import SceneWorld
from game.card_art import restyled
from game.i18n import language
from scenes import pictures, theme
from scenes.base import HoverFollowsPointer, Scene
from scenes.crisp import CRISP

# attributes that change without changing the picture (the clock is watched by its reads)
# (countdowns, watched only as running or not by ``redraw_key``: the rules system's ``_rested``,
# a table's ``hold_time`` and ``_lead_left`` changed every frame while the computer thought or
# its move waited, so no table's background was kept during the computer's turns)
_UNWATCHED = frozenset({"_time", "_drawing", "_time_read", "_drawn_key", "_redraw", "_waited",
                        "_rested", "_carried", "hold_time", "_lead_left", "_kept_background",
                        "_background_key", "_bases",
                        "_background_for", "_background_last", "_kept_notes"})
_PLAIN = (int, float, str, bool, type(None), tuple, frozenset)
# what the background is drawn from, where a frame's picture needs more: a move's banner
# (words, seconds left) is drawn above the background, fading by its seconds, and Telefunken's
# banner to come (banner, seconds to wait) is counted down before it stands; the backgrounds
# read only the banners' words and whether they stand (they were redrawn at every frame of a
# banner, most frames of a game against the computer, while those countdowns were watched)
_BACKGROUND_FOLD = {"banner": lambda banner: banner[0] if isinstance(banner, tuple) else banner,
                    "_banner_later": lambda later: later[0] if isinstance(later, tuple) else later}
BASES_KEPT = 2  # felt-and-panels pictures a table keeps (``TableScene.draw_base``)


def _snapshot(obj: object, fold: dict | None = None) -> tuple:
    """The values (plain ones) or identities (the rest) of ``obj``'s attributes; ``fold``:
    attributes watched through a function of their value instead (``_BACKGROUND_FOLD``)."""
    attrs = getattr(obj, "__dict__", None)
    if attrs is None:
        return (id(obj),)
    if fold:
        attrs = {k: (fold[k](v) if k in fold else v) for k, v in attrs.items()}
    return tuple(v if type(v) in _PLAIN else id(v)
                 for k, v in attrs.items() if k not in _UNWATCHED)


class TableScene(HoverFollowsPointer, Scene):
    name = "table"
    game_key: str | None = None
    _drawing = False  # inside draw_frame: reads of ``time`` mean the picture moves with it
    _time_read = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.world: SceneWorld | None = None
        self.time = 0.0
        self._drawn_key: tuple | None = None
        self._background_key: tuple | None = None  # ``_drawn_key`` as the background sees it
        self._redraw = True
        self._kept_background: pygame.Surface | None = None  # the background kept as a picture
        self._background_for: tuple | None = None  # ... drawn for this key
        self._background_last: tuple | None = None  # the key of the last background drawn
        self._kept_notes: list = []  # the words in the kept background (``scenes.crisp``)
        self._bases: dict[tuple, pygame.Surface] = {}  # ``draw_base``'s pictures, by key

    @property
    def time(self) -> float:
        """Seconds the table has been running (its update clock)."""
        if self._drawing:
            self._time_read = True
        return self._time

    @time.setter
    def time(self, value: float) -> None:
        self._time = value

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.world = SceneWorld(self.name)
        self.queue = IntentQueue()
        self.input = InputSystem()
        self.drag = DragDropSystem(self.input, self.queue, self.validate,
                                   bounds=tuple(self.app.size))
        self.hover = HoverSystem(self.input, lambda: self.drag.held is not None)
        self.tweens = TweenSystem(self._speed)
        self.audio = AudioSystem(self.app.sounds)
        self.render = RenderSystem()
        for proc in (self.input, self.hover, self.drag, self.tweens, self.audio):
            esper.add_processor(proc)
        self.build()

    def prepare(self, surface: pygame.Surface) -> None:
        """The felt, the sounds, every card image the table may show (``warm_images``) and
        one drawing off screen (rotations, texts)."""
        theme.felt(self.app.size)
        if self._kept_background is None:
            self._kept_background = pictures.take(self.app.size, surface)
        # what the pause menu, a deal's summary and the results draw over the table, made now:
        # a canvas-sized surface made in a frame costs it a page fault per page (the frames
        # that opened the first results of a game took 17-37 ms)
        pictures.stock(self.app.size, surface)
        self.app.scenes.stock_pictures()
        for alpha in theme.VEILS:
            theme.warm_veil(self.app.size, alpha)
        self.app.sounds.warm()
        for image, codes, widths in self.warm_images():
            for width in widths:
                for code in codes:
                    image(code, width)
        if self.world is not None and self.world.alive:
            self.world.activate()
            self.render.warm_targets()
            self.draw_frame(surface)
            self._redraw = True

    def resume(self) -> None:
        self._redraw = True
        self._background_for = self._background_last = None  # settings may have changed
        if self.world is not None:
            self.world.activate()
            self.hover_now()

    def exit(self) -> None:
        pictures.give_back(self._kept_background)  # (for the next table's background)
        self._kept_background = None
        for base in self._bases.values():
            pictures.give_back(base)
        self._bases = {}
        self._background_for = self._background_last = None
        if self.world is not None:
            self.world.destroy()

    def card_faces_changed(self) -> None:
        """The playing cards are drawn in other colours now (four-colour suits): every
        card entity of the table (its faces and its sprite: in the hand, on the piles, in
        the melds, on its way) takes the same card's image in the new colours, in this
        table's world (the Settings screen may be on top). Other images stay as they are."""
        if self.world is None or not self.world.alive:
            return
        with self.world.active():
            for _ent, face in esper.get_component(CardFace):
                face.front, face.back = restyled(face.front), restyled(face.back)
            for _ent, sprite in esper.get_component(Sprite):
                sprite.image = restyled(sprite.image)
        self._redraw = True
        self._background_for = self._background_last = None

    # -- for subclasses ----------------------------------------------------------------
    def build(self) -> None:
        """Create the table's entities (called once the world and systems exist)."""

    @classmethod
    def warm_images(cls) -> list[tuple[Callable[[str, int], pygame.Surface], Iterable[str],
                                       Iterable[int]]]:
        """The card images the table may show during play, as (image function, codes,
        widths): made in ``prepare``, before the table slides in, so that no frame of play
        waits for a card to be loaded and scaled (a few ms each); the menus make them ahead
        (``scenes.warmup``), so they depend on nothing but the class."""
        return []

    def validate(self, entity: int, target: int) -> tuple[bool, str]:
        """Would ``target`` accept ``entity``? (ok, reason for the player)."""
        return True, ""

    def restart(self) -> None:
        """Start the same game again (pause menu)."""

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(self.app.size), (0, 0))

    def draw_base(self, surface: pygame.Surface, key: tuple,
                  draw: Callable[[pygame.Surface], None]) -> None:
        """The felt with what ``draw(surface)`` puts on it (the table's panels: pixels that
        depend on ``key`` alone), blitted as one opaque picture kept for ``key`` (the last
        ``BASES_KEPT`` keys). A background drawn afresh (a move changed its words) then
        costs one blit where its translucent panels cost 0.5-1.1 ms."""
        size = tuple(self.app.size)
        felt = theme.felt(size)
        full = (key, size, id(felt))
        base = self._bases.get(full)
        if base is None:
            if len(self._bases) >= BASES_KEPT:
                oldest = next(iter(self._bases))
                base = self._bases.pop(oldest)
                if base.get_size() != size:
                    base = None
            if base is None:
                base = pictures.take(size, surface)
            base.blit(felt, (0, 0))
            draw(base)
            self._bases[full] = base
        surface.blit(base, (0, 0))

    def draw_under_pieces(self, surface: pygame.Surface) -> None:
        """Drawn over the background and under the entities, every frame (what follows the
        pieces, which the kept background does not: Chắn's gold edge on the live card's
        gate, once the card lies there)."""

    def draw_above_pieces(self, surface: pygame.Surface) -> None:
        """Drawn over the entities, under the HUD (e.g. the last-move marks)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """HUD drawn above the entities (scores, turn indicator, buttons)."""

    # -- frame -------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return is_animating()

    def handle(self, event: InputEvent) -> None:
        if event.kind == "key" and event.key == pygame.K_ESCAPE:
            self.let_go_first()
            if self.drag.held is not None:  # Esc while dragging: the card goes home
                self.drag.cancel_all()
                return
            self.open_pause()
            return
        self.input.feed(event)

    def let_go_first(self) -> None:
        """A key pressed in the frame the held thing was let go, after the release: the
        drop is made first and stands (the key then acts as with nothing in hand)."""
        if self.drag.held is not None and any(e.kind == "up" for e in self.input.pending):
            self.update(0.0)

    def open_pause(self) -> None:
        from scenes.pause import PauseMenu

        self.drag.cancel_all()
        self.app.scenes.push(PauseMenu(self.app, self), transition="fade")

    def update(self, dt: float) -> None:
        self.time += dt
        self.world.activate()
        esper.process(dt)

    def redraw_key(self) -> tuple:
        """What the table's own drawing (panels, prompts, buttons) depends on, beyond its
        sprites: the table's attributes, its rules system's, its session's and its buttons'
        (values of plain ones, identities of the rest: a new state, a new hint), the
        language and the settings."""
        parts = [_snapshot(self), (language(),), _snapshot(self.app.settings),
                 (self.__dict__.get("hold_time", 0.0) > 0,
                  self.__dict__.get("_lead_left", 0.0) > 1e-9)]
        for name in ("rules", "session"):
            part = self.__dict__.get(name)
            if part is not None:
                parts.append(_snapshot(part))
        widgets = self.__dict__.get("widgets")
        for widget in getattr(widgets, "widgets", ()):
            parts.append(_snapshot(widget))
        return tuple(parts)

    def needs_redraw(self) -> bool:
        if self._redraw or self._time_read or self.world is None or not self.world.alive:
            return True
        self.world.activate()
        if is_animating() or self.drag.held is not None or self.render.changed():
            return True
        return self.redraw_key() != self._drawn_key

    def draw_frame(self, surface: pygame.Surface) -> None:
        self._drawn_key = self.redraw_key()
        # (``redraw_key`` begins with the table's own attributes: so does this one)
        self._background_key = (_snapshot(self, _BACKGROUND_FOLD), *self._drawn_key[1:])
        self._redraw = False
        self._time_read = False
        self._drawing = True
        try:
            self.draw(surface)
        finally:
            self._drawing = False

    def _draw_background_kept(self, surface: pygame.Surface) -> None:
        """``draw_background``, or its picture kept from an earlier frame with the same key
        (only while drawing for the screen: ``draw_frame``)."""
        key = (self._background_key, CRISP.on) if self._drawing else None
        if key is None:
            self.draw_background(surface)
            return
        if self._background_for == key and self._kept_background is not None:
            surface.blit(self._kept_background, (0, 0))
            CRISP.extend(self._kept_notes)  # its words, to be drawn crisp on a large window
            return
        mark = CRISP.mark()
        self.draw_background(surface)
        if self._time_read:  # a background that moves with the clock is never kept
            self._background_last = None
            return
        if self._background_last == key:  # the same twice in a row: worth keeping
            if self._kept_background is None:
                self._kept_background = surface.copy()
            else:
                self._kept_background.blit(surface, (0, 0))
            self._background_for = key
            self._kept_notes = CRISP.since(mark)
        self._background_last = key

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_background_kept(surface)
        self.draw_under_pieces(surface)
        alive = self.world is not None and self.world.alive
        if alive:
            self.world.activate()
            self.render.draw(surface, defer_lifted=True)
            self.draw_above_pieces(surface)
        self.draw_overlay(surface)
        if alive:  # a card in the hand stays above the panels and words it passes over
            self.render.draw_lifted(surface)

    def _speed(self) -> float:
        return self.app.settings.anim(1.0)
