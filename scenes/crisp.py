"""Crisp text on a large window: the words of a frame drawn again at the window's resolution.

Everything is drawn on the 1280x720 canvas, which SDL scales to the window (``game.app``);
enlarged, its small text would blur. While the window shows the canvas enlarged
(``CRISP.on``), every text a scene draws straight onto the screen through ``scenes.theme``
(``CRISP.blit``) is noted with the canvas pixels under it before and after (``Note``). When
the frame is shown, a note whose pixels are still as it left them (nothing was drawn over
the words since: a dragged card, a dimming veil) stands; the picture is then the canvas
enlarged *without* those words, and the words drawn again from the font at the enlarged size,
in place. Words drawn over (or into other surfaces, or translucent) stay as the canvas has
them. ``window_view`` composes such a picture in software (the tour's screenshots, tests);
``WindowPresenter`` does the same with the window's renderer on the real screen.

Kept pictures that hold words (a table's background, kept between frames) keep their notes
too: ``mark``/``since`` take them out of a frame, ``extend`` puts them back into a later one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

ON_ABOVE = 1.05  # the window's scale of the canvas from which words are drawn again
_CACHE_LIMIT = 1500


@dataclass
class Note:
    """Words drawn on the screen this frame: ``key`` names them for ``scenes.theme``
    (string, size, colour, style[, "rtl-run"]); ``rect`` is where the whole image stands on
    the canvas, ``area`` the part of it inside the surface's clip (what was drawn); ``before``
    and ``after`` the canvas pixels of ``area`` before and after the words."""

    key: tuple
    rect: pygame.Rect
    area: pygame.Rect
    before: pygame.Surface
    after: pygame.Surface
    after_bytes: bytes = b""
    placed: tuple | None = None  # (scale, box, what ``Enlarged.placed`` gave), remembered

    def standing(self, screen: pygame.Surface) -> bool:
        """Are the words still on the screen as drawn (nothing drawn over them since)?"""
        if not self.after_bytes:
            self.after_bytes = pygame.image.tobytes(self.after, "RGB")
        return pygame.image.tobytes(screen.subsurface(self.area), "RGB") == self.after_bytes


class CrispText:
    """The notes of the frame being drawn (see the module's docstring)."""

    def __init__(self) -> None:
        self.on = False
        self.screen: pygame.Surface | None = None
        self.notes: list[Note] = []
        self.scale = 1.0

    def begin(self, screen: pygame.Surface, scale: float) -> None:
        """A new frame is drawn on ``screen``, shown at ``scale`` times its size."""
        self.screen = screen
        self.scale = scale
        self.on = scale > ON_ABOVE
        self.notes = []

    def blit(self, surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect,
             key: tuple) -> None:
        """Draw the words ``image`` (``key``) at ``rect`` on ``surface``, noting them if they
        go onto the screen of a frame shown enlarged."""
        if not self.on or surface is not self.screen or image.get_alpha() not in (None, 255):
            surface.blit(image, rect)
            return
        area = rect.clip(surface.get_clip())
        if not area.width or not area.height:
            return
        before = surface.subsurface(area).copy()
        surface.blit(image, rect)
        self.notes.append(Note(key, pygame.Rect(rect), area, before,
                               surface.subsurface(area).copy()))

    def mark(self) -> int:
        return len(self.notes)

    def since(self, mark: int) -> list[Note]:
        """The notes taken since ``mark`` (words now part of a picture kept for later)."""
        return self.notes[mark:]

    def extend(self, notes: list[Note]) -> None:
        """A kept picture is drawn again: its words are in this frame as well."""
        if self.on:
            self.notes.extend(notes)

    def standing(self) -> list[Note]:
        """The notes whose words nothing has covered since they were drawn."""
        if not self.on or self.screen is None:
            return []
        return [n for n in self.notes if n.standing(self.screen)]


CRISP = CrispText()


# -- placing the words on the window -------------------------------------------------------
def fitted(canvas_size: tuple[int, int], window: tuple[int, int]) -> tuple[float, pygame.Rect]:
    """The scale of the canvas in a window of that size, and where it stands (letterboxed,
    centred: as SDL's renderer places a logical size)."""
    cw, ch = canvas_size
    scale = min(window[0] / cw, window[1] / ch)
    w, h = min(window[0], round(cw * scale)), min(window[1], round(ch * scale))
    return scale, pygame.Rect((window[0] - w) // 2, (window[1] - h) // 2, w, h)


class Enlarged:
    """The words of notes rendered at a scale, cached (``render(key, size)`` renders the
    words of ``key`` at a font size: ``scenes.theme.render_key``)."""

    def __init__(self, render: Callable[[tuple, int], pygame.Surface]) -> None:
        self.render = render
        self._cache: dict[tuple, pygame.Surface] = {}

    def image(self, key: tuple, scale: float, size: tuple[int, int]) -> pygame.Surface:
        """The words at ``scale``, exactly as wide as ``size`` (the canvas image's size)
        scaled, to the pixel: a font's widths do not scale exactly (a line can come out a
        per cent or two wider or narrower), and words placed side by side (a paragraph's
        lines, the rules viewer's words) must keep their places and gaps, so the rendering
        is squeezed or stretched by those few per cent."""
        ck = (key, round(scale, 3))
        img = self._cache.get(ck)
        if img is None:
            if len(self._cache) > _CACHE_LIMIT:
                self._cache.clear()
            img = self.render(key, max(1, round(key[1] * scale)))
            want = max(1, round(size[0] * scale))
            if abs(img.get_width() - want) > 1:
                img = pygame.transform.smoothscale(img, (want, img.get_height()))
            self._cache[ck] = img
        return img

    def placed(self, note: Note, scale: float, box: pygame.Rect
               ) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
        """The enlarged words of ``note``, the window rect they go to, and the part of the
        image drawn (only what the canvas showed of them: ``note.area``)."""
        kept = note.placed
        if kept is not None and kept[0] == scale and kept[1] == box:
            return kept[2]
        img = self.image(note.key, scale, note.rect.size)
        cx = box.x + (note.rect.x + note.rect.width / 2) * scale
        cy = box.y + (note.rect.y + note.rect.height / 2) * scale
        dest = img.get_rect(center=(round(cx), round(cy)))
        shown = pygame.Rect(round(box.x + note.area.x * scale), round(box.y + note.area.y * scale),
                            round(note.area.width * scale), round(note.area.height * scale))
        if note.area == note.rect:
            shown = shown.union(dest)  # the whole image (it may be a pixel wider)
        part = dest.clip(shown)
        area = part.move(-dest.x, -dest.y)
        note.placed = (scale, pygame.Rect(box), (img, part, area))
        return img, part, area


def erase(screen: pygame.Surface, notes: list[Note]) -> None:
    """Put back the pixels under the words of ``notes`` (the latest first)."""
    for note in reversed(notes):
        screen.blit(note.before, note.area)


def restore(screen: pygame.Surface, notes: list[Note]) -> None:
    """Draw the words of ``notes`` back as ``erase`` found them."""
    for note in notes:
        screen.blit(note.after, note.area)


def window_view(canvas: pygame.Surface, size: tuple[int, int], notes: list[Note],
                enlarged: Enlarged) -> pygame.Surface:
    """What a window of ``size`` shows: the canvas scaled to fit (smoothly, as SDL's linear
    filter does), centred with black bars, and the standing ``notes`` drawn again crisp."""
    scale, box = fitted(canvas.get_size(), size)
    view = pygame.Surface(size)
    view.fill((0, 0, 0))
    if scale <= ON_ABOVE:
        notes = []
    erase(canvas, notes)
    try:
        view.blit(pygame.transform.smoothscale(canvas, box.size), box)
    finally:
        restore(canvas, notes)
    for note in notes:
        img, part, area = enlarged.placed(note, scale, box)
        view.blit(img, part, area)
    return view


class WindowPresenter:
    """Shows a frame on the real window through the window's own renderer (the one pygame's
    SCALED mode made): the canvas without the standing words, scaled by SDL, then the words
    drawn at the window's resolution. Build it with the display's window; ``present`` raises
    ``pygame.error`` when the renderer cannot do it (the caller then flips as usual)."""

    def __init__(self, window, canvas_size: tuple[int, int],
                 enlarged: Enlarged) -> None:
        from pygame._sdl2.video import Renderer, Texture

        self._texture_type = Texture
        self.window = window
        self.renderer = Renderer.from_window(window)
        self.canvas_size = canvas_size
        self.canvas = Texture(self.renderer, canvas_size, streaming=True)
        self.enlarged = enlarged
        self._textures: dict[int, tuple[pygame.Surface, object]] = {}

    def _texture(self, img: pygame.Surface):
        kept = self._textures.get(id(img))
        if kept is None or kept[0] is not img:
            if len(self._textures) > _CACHE_LIMIT:
                self._textures.clear()
            kept = (img, self._texture_type.from_surface(self.renderer, img))
            self._textures[id(img)] = kept
        return kept[1]

    def present(self, screen: pygame.Surface, notes: list[Note]) -> None:
        size = tuple(self.window.size)
        scale, box = fitted(self.canvas_size, size)
        erase(screen, notes)
        try:
            self.canvas.update(screen)
        finally:
            restore(screen, notes)
        renderer = self.renderer
        renderer.draw_color = (0, 0, 0, 255)
        renderer.clear()
        renderer.blit(self.canvas, pygame.Rect((0, 0), self.canvas_size))
        renderer.logical_size = size  # window pixels: the words land on whole pixels
        try:
            for note in notes:
                img, part, area = self.enlarged.placed(note, scale, box)
                if part.width and part.height:
                    renderer.blit(self._texture(img), part, area)
        finally:
            renderer.logical_size = self.canvas_size
        renderer.present()
