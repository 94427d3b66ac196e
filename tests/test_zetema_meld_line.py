"""Zetema's meld zone: its one line of words over the cards stands clear of a card lifted
12 px under the pointer and of a last move's outline (they touched its foot, pt67)."""

from __future__ import annotations

from scenes import theme
from scenes.zetema.layout import meld_slots
from tests.test_zetema_marriages import AI, H, start
from tests.test_zetema_s20 import HAND, OTHER

LIFT = 12  # a card of yours lifted under the pointer
OUTLINE = 4  # a last move's outline stands this far outside its card


def test_the_line_over_the_meld_zones_cards_keeps_clear_of_them(app):
    table, drive = start(app, (H, AI), [HAND, OTHER])
    drive.click(drive.center_of(next(e for c, e in table.hand if c == "KH")))
    drive.settle()
    assert table.selection  # (cards in the zone: the line goes over them, the whole width)
    zone = table.layout["meld"].rect
    x, y, _angle, _z = meld_slots(zone, 1)[0]
    card_top = y - 106 / 2  # (a meld card is 76 x 106)
    for text in ("K♥: choose a queen of hearts too", "Discard one of the cards you showed "
                 "onto the pile of its rank"):
        lines, size, top, _step = table.meld_zone_lines(text)
        assert len(lines) == 1
        bottom = top + theme.text(lines[0], size, theme.INK, "bold").get_height()
        assert bottom <= card_top - max(LIFT, OUTLINE), (text, bottom, card_top)
