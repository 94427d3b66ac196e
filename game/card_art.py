"""Images of the standard deck of playing cards, scaled for the table.

The art is drawn by ``tools/make_cards.py`` and lives in ``assets/cards/standard/`` as one
200x280 px PNG per image: ``AS.png`` .. ``KC.png`` for the 52 cards (rank codes
A 2 3 4 5 6 7 8 9 10 J Q K followed by a suit code S H D C -- the notation of the rules
engines), ``JK.png`` for the joker and ``back.png`` for the card back.

``card_image(code, width)`` returns the image smooth-scaled to ``width`` pixels wide (the
height keeps the 5:7 ratio). Results are cached per ``(code, width)``, so the same Surface
object is handed out again and again: blit it, but do not draw on it. When a display
surface exists the images are converted with ``convert_alpha()`` for fast blitting;
before ``pygame.display.set_mode`` they are returned unconverted.

This module depends on pygame only.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.card_images import CardImageSet

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets" / "cards" / "standard"

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
CARD_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
ALL_IMAGES: tuple[str, ...] = CARD_CODES + ("JK", "back")

MASTER_SIZE = (200, 280)
_IMAGES = CardImageSet(
    ASSETS_DIR, ALL_IMAGES, MASTER_SIZE, "tools/make_cards.py",
    f"a rank ({' '.join(RANKS)}) followed by a suit ({' '.join(SUITS)}), or 'JK' or 'back'")


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) of a card drawn ``width`` pixels wide (5:7 ratio)."""
    return _IMAGES.size(width)


def index_corner(card: pygame.Rect) -> pygame.Rect:
    """The index (rank over suit) in a card's top-left corner: a third of the card's width
    across, 63% of its width down (the art's index notch, ``tools/make_cards.py``)."""
    return pygame.Rect(card.x, card.y, round(card.width * 0.34), round(card.width * 0.63))


def foot_corner(card: pygame.Rect) -> pygame.Rect:
    """The index drawn again, upside down, in a card's bottom-right corner."""
    corner = index_corner(card)
    corner.bottomright = card.bottomright
    return corner


def image_path(code: str) -> Path:
    """The PNG file holding the master image for ``code``."""
    return _IMAGES.path(code)


def card_image(code: str, width: int) -> pygame.Surface:
    """The image for ``code`` ("AS" .. "KC", "JK" or "back") scaled to ``width`` px wide.

    Raises ``KeyError`` for an unknown code and ``ValueError`` for a width below 1.
    The returned Surface is shared through a cache; treat it as read-only.
    """
    return _IMAGES.image(code, width)


def clear_cache() -> None:
    """Forget all loaded and scaled images (e.g. after the display mode changed)."""
    _IMAGES.clear()
