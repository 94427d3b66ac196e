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

Four-colour suits (a setting, ``set_four_colour``): the diamonds are drawn blue and the
clubs green, so that no two suits share a colour. Their art lives in
``assets/cards/standard4/`` (``tools/make_cards.py --four-colour``: only those 26 cards; the
spades, hearts, joker and back are the standard deck's). Each deck has its own cache, so an
image asked for after the switch is never one of the other colours; ``restyled(image)``
gives, for an image handed out earlier, the same card at the same width as it is drawn
now (a table swaps its cards' images with it).

This module depends on pygame only.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.card_images import CardImageSet

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets" / "cards" / "standard"
FOUR_COLOUR_DIR = ASSETS_DIR.parent / "standard4"  # the four-colour deck's diamonds and clubs

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
CARD_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
ALL_IMAGES: tuple[str, ...] = CARD_CODES + ("JK", "back")

FOUR_COLOUR_SUITS = ("D", "C")  # the suits drawn in other colours in the four-colour deck
FOUR_COLOUR_CODES: tuple[str, ...] = tuple(rank + suit for suit in FOUR_COLOUR_SUITS
                                           for rank in RANKS)

MASTER_SIZE = (200, 280)
_CODE_HELP = (f"a rank ({' '.join(RANKS)}) followed by a suit ({' '.join(SUITS)}), or 'JK' or "
              "'back'")
_IMAGES = CardImageSet(ASSETS_DIR, ALL_IMAGES, MASTER_SIZE, "tools/make_cards.py", _CODE_HELP)
_FOUR = CardImageSet(FOUR_COLOUR_DIR, FOUR_COLOUR_CODES, MASTER_SIZE,
                     "tools/make_cards.py --four-colour", _CODE_HELP)
_four_colour = False


def set_four_colour(on: bool) -> bool:
    """Draw the diamonds blue and the clubs green from now on (or not); True if that
    changed anything."""
    global _four_colour
    changed, _four_colour = _four_colour != bool(on), bool(on)
    return changed


def four_colour() -> bool:
    """Are the suits drawn in four colours?"""
    return _four_colour


FOUR_COLOUR_INK = {"D": (0, 84, 196), "C": (0, 128, 56)}
"""The four-colour deck's diamonds and clubs as the card art draws them (``BLUE`` and
``GREEN`` in ``tools/make_cards.py``): for a suit drawn in words on a card-like face."""
FOUR_COLOUR_INK_ON_DARK = {"D": (112, 160, 255), "C": (96, 200, 128)}
"""The same colours made light enough to read on a dark panel."""


def four_colour_ink(suit: str, on_dark: bool = False) -> tuple[int, int, int] | None:
    """The colour of ``suit`` ("D" or "C") while the suits are drawn in four colours, for a
    suit symbol drawn apart from the card art (a badge, a card named in words) so that it
    matches the cards; None for the other suits, or with four colours off (the caller's own
    red or black)."""
    if not _four_colour:
        return None
    return (FOUR_COLOUR_INK_ON_DARK if on_dark else FOUR_COLOUR_INK).get(suit)


def _deck(code: str) -> CardImageSet:
    """The image set ``code`` is drawn from now."""
    _IMAGES.check(code)
    return _FOUR if _four_colour and code in _FOUR.codes else _IMAGES


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
    """The PNG file holding the master image for ``code`` (in the colours drawn now)."""
    return _deck(code).path(code)


def card_image(code: str, width: int) -> pygame.Surface:
    """The image for ``code`` ("AS" .. "KC", "JK" or "back") scaled to ``width`` px wide.

    Raises ``KeyError`` for an unknown code and ``ValueError`` for a width below 1.
    The returned Surface is shared through a cache; treat it as read-only. The diamonds
    and clubs come in the four-colour deck's colours while ``four_colour()``.
    """
    return _deck(code).image(code, width)


def restyled(image: pygame.Surface) -> pygame.Surface:
    """For an image ``card_image`` handed out (in either colours): the same card at the
    same width as it is drawn now; any other image (a Tổ Tôm card, a picture) as it is."""
    for deck in (_IMAGES, _FOUR):
        made = deck.origin(image)
        if made is not None:
            return card_image(*made)
    return image


def clear_cache() -> None:
    """Forget all loaded and scaled images (e.g. after the display mode changed)."""
    _IMAGES.clear()
    _FOUR.clear()
