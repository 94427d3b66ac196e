""""Group: pairs" at the Chắn table: three identical cards and a same-rank card of another
suit show as a Chắn and a Cạ side by side (4 Vạn ×3 with 4 Sách is 4M4M + 4M4S), not a
triple and a loose single; a third with no such partner stays with its pair."""

from __future__ import annotations

import pygame

from scenes.chan.layout import group_hand, hand_slots


def test_a_third_card_pairs_with_a_card_of_another_suit():
    assert group_hand(["4M", "4M", "4M", "4S", "2C", "9S", "9S"]) == [
        ["4M", "4M"], ["4M", "4S"], ["9S", "9S"], ["2C"]]
    assert group_hand(["5M", "5C", "5M", "5M", "7S", "7C"]) == [
        ["5M", "5M"], ["5M", "5C"], ["7S", "7C"]]


def test_no_card_is_left_loose_when_it_could_pair():
    """Loose cards of another suit pair among themselves first; three of each of two suits
    give two Chắn and a Cạ between them; a third with no partner stays with its pair."""
    assert group_hand(["4M", "4M", "4M", "4S", "4C"]) == [["4M", "4M", "4M"], ["4S", "4C"]]
    assert group_hand(["4M", "4M", "4M", "4S", "4S", "4S"]) == [
        ["4M", "4M"], ["4M", "4S"], ["4S", "4S"]]
    assert group_hand(["9S", "2M", "9S", "5C", "9S"]) == [["9S", "9S", "9S"], ["2M"], ["5C"]]


def test_the_hand_shows_the_pair_and_the_ca_as_two_groups_side_by_side():
    groups = group_hand(["4M", "4M", "4M", "4S", "2C"])
    slots = hand_slots(pygame.Rect(290, 558, 700, 158), groups)
    xs = [x for x, _y, _a, _z in slots]
    steps = [round(b - a) for a, b in zip(xs, xs[1:], strict=False)]
    assert steps == [27, 44, 27, 44]  # close within a group, apart between groups
