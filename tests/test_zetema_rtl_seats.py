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


def test_the_top_row_stands_centred_whatever_the_number_of_seats(app):
    """The top row has room for five other seats; fewer stood at its left end, half the row
    empty at the right (pt117, a 5-seat game). They now stand centred on the table, in
    either reading direction, the gaps between them as before."""
    table, drive = start(app, (H, COMPUTER, COMPUTER, COMPUTER), [HAND, OTHER,
                                                                  ["AS", "2S", "3S", "4S", "5S",
                                                                   "6S", "7S"],
                                                                  ["2C", "3C", "4C", "6C", "7C",
                                                                   "8C", "9C"]])
    middle = app.size[0] // 2
    for language in ("en", "fa"):
        i18n.set_language(language)
        zones = sorted((table.opponent_zone(seat) for seat in (1, 2, 3)), key=lambda r: r.x)
        assert abs((zones[0].x + zones[-1].right) / 2 - middle) <= 2
        assert zones[1].x - zones[0].right == zones[2].x - zones[1].right == 12

