"""A set of card images on disk (one master PNG per code), scaled and cached for the table.

``CardImageSet`` serves both decks (``game.card_art`` for the standard deck,
``game.totom_art`` for the Tổ Tôm cards): ``image(code, width)`` returns the master
smooth-scaled to ``width`` pixels wide, keeping its ratio, converted with
``convert_alpha()`` when a display exists. Results are cached and shared: blit them, never
draw on them. ``origin(image)`` tells which card, at which width, an image it made shows
(so that a table can swap it for the same card in other colours). This module depends on
pygame only.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from pathlib import Path

import pygame


class CardImageSet:
    def __init__(self, folder: Path, codes: tuple[str, ...], master_size: tuple[int, int],
                 generator: str, code_help: str, cache_size: int = 1024,
                 what: str = "card image code") -> None:
        self.folder = folder
        self.codes = frozenset(codes)
        self.master_size = master_size
        self.generator = generator
        self.code_help = code_help
        self.what = what
        self._master = lru_cache(maxsize=None)(self._load_master)
        self._scaled = lru_cache(maxsize=cache_size)(self._scale)
        # every image made, while something holds it: image -> (code, width)
        self._made: weakref.WeakKeyDictionary[pygame.Surface, tuple[str, int]] = (
            weakref.WeakKeyDictionary())

    def size(self, width: int) -> tuple[int, int]:
        """The (width, height) of a card drawn ``width`` pixels wide."""
        width = int(width)
        return (width, max(1, round(width * self.master_size[1] / self.master_size[0])))

    def path(self, code: str) -> Path:
        """The PNG file holding the master image for ``code``."""
        self.check(code)
        return self.folder / f"{code}.png"

    def image(self, code: str, width: int) -> pygame.Surface:
        """The image for ``code`` scaled to ``width`` px wide.

        Raises ``KeyError`` for an unknown code and ``ValueError`` for a width below 1.
        """
        self.check(code)
        width = int(width)
        if width < 1:
            raise ValueError(f"card width must be at least 1 pixel, got {width}")
        return self._scaled(code, width, pygame.display.get_surface() is not None)

    def origin(self, image: pygame.Surface) -> tuple[str, int] | None:
        """The (code, width) ``image`` was made for by this set, or None if it was not made
        here (also after ``clear``, as long as the image is held somewhere)."""
        try:
            return self._made.get(image)
        except TypeError:  # not something a weak reference can point to
            return None

    def clear(self) -> None:
        """Forget all loaded and scaled images (e.g. after the display mode changed)."""
        self._master.cache_clear()
        self._scaled.cache_clear()

    def check(self, code: str) -> None:
        if code not in self.codes:
            raise KeyError(f"unknown {self.what} {code!r}: expected {self.code_help}")

    def _load_master(self, code: str) -> pygame.Surface:
        path = self.folder / f"{code}.png"
        if not path.is_file():
            raise FileNotFoundError(
                f"card image {path} is missing; regenerate it with: python {self.generator}")
        return pygame.image.load(str(path))

    def _scale(self, code: str, width: int, converted: bool) -> pygame.Surface:
        master = self._master(code)
        size = self.size(width)
        image = master.copy() if size == master.get_size() else pygame.transform.smoothscale(
            master, size)
        image = image.convert_alpha() if converted else image
        self._made[image] = (code, width)
        return image
