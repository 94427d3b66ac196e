"""Images of the Tổ Tôm cards used by Chắn, scaled for the table.

The art is drawn by ``tools/make_totom_cards.py`` and lives in ``assets/cards/totom/`` as one
96x300 px PNG per image (the long, narrow shape of real Tổ Tôm cards): ``2M.png`` ..
``9M.png`` (Vạn), ``2S.png`` .. ``9S.png`` (Sách), ``2C.png`` .. ``9C.png`` (Văn) and
``CC.png`` (Chi Chi) -- the notation of the Chắn rules engine -- plus ``back.png``.

Each face shows its rank numeral over its suit character in the top part of the card (so
an overlapping fan still shows them), an ornament per suit in the middle and the
Vietnamese name at the bottom. The red cards (``RED_CODES``: 8M 9M 8S 9S CC) have red
characters, a red frame and a red seal.

``totom_image(code, width)`` returns the image smooth-scaled to ``width`` pixels wide (the
height keeps the 96:300 ratio, see ``totom_size``). Results are cached per
``(code, width)``, so the same Surface object is handed out again and again: blit it, but
do not draw on it. When a display surface exists the images are converted with
``convert_alpha()`` for fast blitting; before ``pygame.display.set_mode`` they are
returned unconverted.

This module depends on pygame only.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.card_images import CardImageSet

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets" / "cards" / "totom"

SUITS = ("M", "S", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9")
TOTOM_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS) + ("CC",)
RED_CODES: frozenset[str] = frozenset({"8M", "9M", "8S", "9S", "CC"})
ALL_IMAGES: tuple[str, ...] = TOTOM_CODES + ("back",)

MASTER_SIZE = (96, 300)
_IMAGES = CardImageSet(
    ASSETS_DIR, ALL_IMAGES, MASTER_SIZE, "tools/make_totom_cards.py",
    f"a rank ({' '.join(RANKS)}) followed by a suit ({' '.join(SUITS)}), "
    "or 'CC' (Chi Chi) or 'back'", cache_size=512, what="Tổ Tôm card code")


def totom_size(width: int) -> tuple[int, int]:
    """The (width, height) of a Tổ Tôm card drawn ``width`` pixels wide (96:300 ratio)."""
    return _IMAGES.size(width)


def is_red(code: str) -> bool:
    """Whether ``code`` is one of the red cards (8M 9M 8S 9S CC)."""
    return code in RED_CODES


def image_path(code: str) -> Path:
    """The PNG file holding the master image for ``code``."""
    return _IMAGES.path(code)


def totom_image(code: str, width: int) -> pygame.Surface:
    """The image for ``code`` ("2M" .. "9C", "CC" or "back") scaled to ``width`` px wide.

    Raises ``KeyError`` for an unknown code and ``ValueError`` for a width below 1.
    The returned Surface is shared through a cache; treat it as read-only.
    """
    return _IMAGES.image(code, width)


def clear_cache() -> None:
    """Forget all loaded and scaled images (e.g. after the display mode changed)."""
    _IMAGES.clear()
