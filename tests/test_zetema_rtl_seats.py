"""Zetema in Persian: the seats after you run along the top row from the right end."""

from __future__ import annotations

from game import i18n
from tests.test_zetema_marriages import AI as COMPUTER
from tests.test_zetema_marriages import H, start
from tests.test_zetema_s20 import HAND, OTHER


def test_in_persian_the_top_row_reads_from_the_right(app):
    """Persian reads right to left: the seats after you run along the top row from the right
    end (they ran from the left, as in English), their panels mirrored."""
    table, drive = start(app, (H, COMPUTER, COMPUTER, COMPUTER), [HAND, OTHER,
                                                                  ["AS", "2S", "3S", "4S", "5S",
                                                                   "6S", "7S"],
                                                                  ["2C", "3C", "4C", "6C", "7C",
                                                                   "8C", "9C"]])
    english = [table.opponent_zone(seat).centerx for seat in (1, 2, 3)]
    assert english[0] < english[1] < english[2]
    i18n.set_language("fa")
    persian = [table.opponent_zone(seat).centerx for seat in (1, 2, 3)]
    assert persian[0] > persian[1] > persian[2]
    assert persian[0] == app.size[0] - english[0]
