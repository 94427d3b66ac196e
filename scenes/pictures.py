"""Canvas-sized pictures kept for reuse: a table's kept background, the results' still frame.

A new canvas-sized surface (1280x720, 3.6 MB) costs the frame that first draws in it a page
fault for each of its 900 pages: 2.5 ms of CPU on this machine at best, 6-17 ms in the
middle of a table's opening slide or as the results open. A scene that keeps such a picture
takes one here before its first frame (``take``: a spare one, else a new one touched at
once) and gives it back when it leaves the stack (``give_back``), for the next scene.
"""

from __future__ import annotations

import pygame

SPARES_KEPT = 3  # at most this many spare pictures are held
_spares: list[pygame.Surface] = []


def touched(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A new surface of ``size`` in ``like``'s pixel format, filled: its pages made now."""
    picture = pygame.Surface(size, 0, like)
    picture.fill((0, 0, 0))
    return picture


def _fits(picture: pygame.Surface, size: tuple[int, int], like: pygame.Surface) -> bool:
    return picture.get_size() == tuple(size) and picture.get_bitsize() == like.get_bitsize()


def take(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A surface of ``size`` in ``like``'s pixel format, its pages already made: a spare one
    if there is one, else a new one (``touched``; what it shows is to be drawn over)."""
    for i, picture in enumerate(_spares):
        if _fits(picture, size, like):
            return _spares.pop(i)
    return touched(size, like)


def stock(size: tuple[int, int], like: pygame.Surface, count: int = 1) -> None:
    """Make sure ``count`` spare pictures of ``size`` are at hand (made now, before a
    transition, rather than in the frame that would first need one)."""
    have = sum(1 for p in _spares if _fits(p, size, like))
    for _ in range(min(count, SPARES_KEPT) - have):
        give_back(touched(size, like))


def give_back(picture: pygame.Surface | None) -> None:
    """``picture`` is no longer drawn or shown by its scene: keep it for the next one."""
    if picture is not None and len(_spares) < SPARES_KEPT and all(
            p is not picture for p in _spares):
        _spares.append(picture)
