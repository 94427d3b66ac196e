"""The hand's sort buttons have keys: R (By rank) and S (By suit) in Zetema and Telefunken,
G (the grouping, round its modes) in Chắn; a keyboard-only player could not sort (s40)."""

from __future__ import annotations

import pygame

from scenes.telefunken import layout as telefunken_layout
from tests.test_chan_table import table as chan_table  # noqa: F401 - a fixture
from tests.test_cover_recap import chan_cover  # noqa: F401 - a fixture
from tests.test_telefunken_playtest_s18 import OTHERS, load
from tests.test_telefunken_playtest_s18 import open_table as open_telefunken
from tests.test_zetema_table import open_table, position  # noqa: F401 - a fixture


def test_zetema_s_sorts_by_suit_and_r_by_rank(open_table, drive):  # noqa: F811
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    assert [c for c, _ in table.hand] == ["2H", "4S", "5C", "7C", "9D", "JS", "KH"]
    drive.key(pygame.K_s)
    assert [c for c, _ in table.hand] == ["4S", "JS", "2H", "KH", "9D", "5C", "7C"]
    assert table.sort_mode == "suit"
    drive.key(pygame.K_r)
    assert [c for c, _ in table.hand] == ["2H", "4S", "5C", "7C", "9D", "JS", "KH"]
    assert table.sort_mode == "rank" and table.session.moves == []


def test_telefunken_s_sorts_by_suit_and_r_by_rank(app, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_telefunken(app, drive, load([hand] + OTHERS, phase="draw", deal=2))
    drive.key(pygame.K_s)
    assert table.sort_mode == "suit"
    assert table._hand_order() == sorted(hand, key=telefunken_layout.suit_key)
    drive.key(pygame.K_r)
    assert table.sort_mode == "rank"
    assert table._hand_order() != sorted(hand, key=telefunken_layout.suit_key)
    assert table.session.moves == []


def test_chan_g_changes_the_grouping(app, drive, chan_table):  # noqa: F811
    assert chan_table.mode == "pairs"
    seen = []
    for _ in range(3):
        drive.key(pygame.K_g)
        seen.append(chan_table.mode)
    assert seen == ["rank", "suit", "pairs"]


def test_chans_group_button_and_key_wait_for_the_cover_to_lift(drive, chan_cover):  # noqa: F811
    """Between people G under the cover changed the Group button's label (pt145): the
    button is not on the cover, as Zetema's and Telefunken's sorting is not."""
    table = chan_cover
    mode = table.mode
    assert not any(w.label.startswith("Group") for w in table.widgets.widgets)
    drive.key(pygame.K_g)
    assert table.mode == mode
