"""The score line of a Chắn deal's results ends the same way whatever the hand: "= 7 points"
(it read "= 7" with several features and "= 3 points" with one)."""

from __future__ import annotations

import pygame

from scenes.chan import panels


def test_the_score_line_always_ends_with_its_points():
    pygame.init()
    for features, score in ((["Ù xuông"], 2), (["Lèo"], 5), (["Ù chì", "Lèo"], 6),
                            (["Thập thành", "Lèo"], 17),
                            (["Tôm", "Tôm", "Lèo", "Ù chì", "Tám đỏ"], 13)):
        line = panels.score_words(features, score).replace("\u00a0", " ")
        assert line.startswith("Score: ")
        assert f"= {score} points" in line and line.count("=") == 1, line
        assert not line.endswith(f"= {score}")
