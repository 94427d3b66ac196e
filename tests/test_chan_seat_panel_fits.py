"""A Chắn seat's one-line panel keeps its words apart: with a computer in the bottom seat,
"computer, Easy" and the "Dealer" badge ran over the card count ("Dealer" over "15 cards")."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import i18n
from scenes.chan import panels


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
@pytest.mark.parametrize("rect", [pygame.Rect(10, 432, 276, 36),  # a narrow one-line panel
                                  pygame.Rect(10, 430, 276, 44),  # the bottom seat's (two lines)
                                  pygame.Rect(296, 6, 688, 36),  # the top seat's
                                  pygame.Rect(994, 6, 276, 46)])  # a side seat's (two lines)
def test_the_panel_s_words_and_badge_never_overlap(lang, rect):
    pygame.init()
    i18n.set_language(lang)
    surface = pygame.Surface((1280, 720))
    checked = 0
    for name, level, count, thinking in itertools.product(
            ("Seat 1", "You", "A rather long player name"),
            ("", panels.level_words("easy"), panels.level_words("normal")),
            (0, 8, 15, 20), (0, 3)):
        drawn = panels.seat_panel(surface, rect, name, level, count, True, bool(thinking),
                                  thinking)
        assert "dealer" in drawn and "count" in drawn and "name" in drawn
        boxes = list(drawn.values())
        for a, b in itertools.combinations(boxes, 2):
            assert not a.colliderect(b), (name, level, count, drawn)
        assert all(rect.contains(box) for box in boxes), (name, level, count, drawn)
        checked += 1
    assert checked == 72
