"""The name of a card under the pointer, written in a label next to it (Chắn's tables and
results screen use it).

Chắn's cards print their Vietnamese name along their foot (``game.totom_art``): on a window
smaller than the canvas those words are a few pixels tall (about 5 px in the hand at 960x540,
3 px on the cards of the gates and shown pairs). While the pointer rests on a face-up card of
the table (your hand, any gate, the live card, shown pairs, a winning hand laid out), the
table writes that card's name (``game.words.chan.card``: the Tổ Tôm name in every language)
in a label beside it (``draw``; so does the results screen for the winner's pairs,
``scenes.results``): above the card (slid along its top if need be), else at its side
(the reading side first), else below it, else one of those a little moved; never over
the card itself, and over the buttons and the words it must keep clear of (on the table:
the seats' name panels, the boxes' captions, the last-move tags, the Moves panel) only if
no place is free of them. The label's words
are sized for the window's scale (``font_size``): ``SCREEN_PX`` pixels on the screen (its
capitals and tall letters 13 px) on a window that shrinks the canvas; on one that enlarges
it they grow with the table from ``MIN_PX`` on the canvas (drawn again crisp there,
``scenes.crisp``).
"""

from __future__ import annotations

import math

import pygame

from scenes import theme

SCREEN_PX = 18  # the label's font size on the screen (its tall letters stand 13 px)
MIN_PX = 14  # on the canvas, at the least (a large window enlarges it with the table)
MAX_PX = 36  # on the canvas, at the most (the smallest window, 640x360, needs 36)
GAP = 4  # between the card and its label
STYLE = "bold"


def font_size(scale: float) -> int:
    """The canvas font size that a window showing the canvas at ``scale`` (1.0 at 1280x720,
    0.75 at 960x540, 1.5 at 1920x1080) shows ``SCREEN_PX`` pixels tall, kept between
    ``MIN_PX`` and ``MAX_PX``."""
    if not scale or scale <= 0 or not math.isfinite(scale):
        return SCREEN_PX
    return min(MAX_PX, max(MIN_PX, math.ceil(SCREEN_PX / scale - 1e-9)))


def label_size(name: str, size: int) -> tuple[int, int]:
    """The (width, height) of the label writing ``name`` at font ``size``."""
    img = theme.text(name, size, theme.INK, STYLE)
    return img.get_width() + size, img.get_height() + max(4, size // 4)


def place(card: pygame.Rect, size: tuple[int, int], avoid: list[pygame.Rect],
          bounds: pygame.Rect, soft: list[pygame.Rect] = ()) -> pygame.Rect:
    """Where a label of ``size`` stands next to ``card``: the first of above (or above slid
    along the card's top, clear of what it crossed), beside (the reading side first), below
    (or slid likewise) that stays inside ``bounds`` and covers neither the card nor
    any of ``avoid``; else the first of those moved a little (``NUDGES``, the nearest
    first) that does; failing that, the one covering the least of ``avoid``, never the
    card. ``soft``: things it may cover at a fifth of the cost (``SOFT``): the buttons over
    your hand, which the label of a hand card stands over only while the pointer is on the
    card, rather than over the names of the cards beside it (pt153)."""
    w, h = size
    foot = card.bottom - card.height // 8  # beside the card: level with its printed name
    spots = {"above": {"midbottom": (card.centerx, card.top - GAP)},
             "right": {"midleft": (card.right + GAP, foot)},
             "left": {"midright": (card.left - GAP, foot)},
             "below": {"midtop": (card.centerx, card.bottom + GAP)}}
    order = ["above", "left", "right", "below"] if theme.rtl() else [
        "above", "right", "left", "below"]
    inside = bounds.inflate(-4, -4)
    starts = []
    for name in order:
        box = pygame.Rect(0, 0, w, h)
        (anchor, pos), = spots[name].items()
        setattr(box, anchor, pos)
        starts.append(box)
        if name in ("above", "below"):  # ... slid along the card's edge, clear of what it
            # crossed, while it still stands over (or under) the card: the label of the
            # hand's last card crossed the Moves panel's edge (pt150) or went beside the card
            starts += _slid(box.clamp(inside), card, [*avoid, *soft])
    best, best_cost = None, None
    for dx, dy in ((0, 0),) + NUDGES:
        for start in starts:
            box = start.move(dx, dy).clamp(inside)
            cost = sum(_overlap(box, avoid[k]) for k in box.collidelistall(avoid))
            cost += SOFT * sum(_overlap(box, soft[k]) for k in box.collidelistall(soft))
            if box.colliderect(card):
                cost += 10 ** 9
            if cost == 0:
                return box
            if best_cost is None or cost < best_cost:
                best, best_cost = box, cost
    return best


SOFT = 0.2  # what covering a ``soft`` pixel costs, against 1 for the others


# the moves tried when no place beside the card is free (a seat's name panel above it, a
# last-move tag beside it): up to 24 px each way, the nearest first
NUDGES = tuple(sorted(((dx, dy) for dx in range(-24, 25, 6) for dy in range(-24, 25, 6)
                       if (dx, dy) != (0, 0)), key=lambda d: (abs(d[0]) + abs(d[1]), d)))


def _slid(box: pygame.Rect, card: pygame.Rect, avoid: list[pygame.Rect]) -> list[pygame.Rect]:
    """``box`` moved sideways just clear of each of ``avoid`` it crosses, where it then
    still spans part of the card's width."""
    out = []
    for k in box.collidelistall(avoid):
        other = avoid[k]
        for left in (other.left - 1 - box.width, other.right + 1):
            if left < card.right and left + box.width > card.left:
                out.append(box.move(left - box.x, 0))
    return out


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def draw(surface: pygame.Surface, name: str, card: pygame.Rect, avoid: list[pygame.Rect],
         scale: float, soft: list[pygame.Rect] = ()) -> pygame.Rect:
    """Draw the label naming a card (``name``) beside ``card`` for a window showing the
    canvas at ``scale`` (``avoid``, ``soft``: as for ``place``); return its box."""
    size = font_size(scale)
    box = place(card, label_size(name, size), avoid, surface.get_rect(), soft)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=box.height // 3)
    pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=box.height // 3)
    theme.blit_text(surface, name, box.center, size, theme.INK, STYLE, anchor="center")
    return box
