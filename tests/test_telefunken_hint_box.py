"""On a crowded table the rows of melds stand in two columns; a message (a hint above all,
long and shown until the next move) stood over the melds of one column when the other left
free felt at its foot: it stood centred or against the table's right edge only. It now
also tries the edges of each column, and stands over no meld where there is room."""

from __future__ import annotations

import pytest

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken_table import TelefunkenTable
from tests.test_telefunken_playtest_s18 import load

# five seats, four with melds: two rows in each column, the left column's short, the right
# column's second row wrapped to a second line
MELDS = [{"owner": 0, "cards": ["6C", "7C", "8C", "9C", "10C", "JC", "QC"]},
         {"owner": 1, "cards": ["KD", "KS", "KC", "KC", "KD", "KH"]},
         {"owner": 3, "cards": ["AD", "AC", "AH", "AS"]},
         {"owner": 4, "cards": ["AD", "2D", "3D", "4D", "5D", "6D", "7D"]},
         {"owner": 4, "cards": ["10S", "10D", "10C", "10H", "10D", "10S"]}]
HANDS = [["JH", "JK", "4C"], ["9H", "JK", "9H"], ["2S", "3D", "JD"], ["JK", "AS", "2S"],
         ["QH", "7D", "JS"]]


def open_crowded(app, drive) -> TelefunkenTable:
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 4, 5, {})
    state = load(HANDS, players=5, melds=MELDS, deal=2, totals=[0] * 5)
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


@pytest.mark.parametrize("move", ["add 4C JK to 0", "add JK to 2", "discard 4C"])
def test_a_hint_on_a_two_column_table_covers_no_meld(app, drive, move):
    table = open_crowded(app, drive)
    assert len(table._meld_columns) == 2 and move in table.legal()
    left, right = table._meld_columns
    rows = [r for r in table._meld_rects.values()]
    assert max(r.bottom for r in rows if r.right <= left.right) < max(
        r.bottom for r in rows if r.left >= right.left)  # (the left column is shorter)
    table._apply_hint(move)
    [(_toast, _lines, box)] = app._toast_places(app.toasts)
    labels = [table.owner_label_rect(owner, y) for owner, y in table._owner_rows]
    assert table.layout["table"].rect.contains(box)
    assert box.collidelist(rows + labels) == -1, (app.toasts[-1].text, box)


def test_a_message_stands_in_free_felt_away_from_the_edges(app):
    """Free felt only between melds, neither centred nor at an edge: the message stands
    there, over nothing, rather than over melds centred."""
    import pygame

    from scenes.telefunken.table import toast_place, toast_size

    area = pygame.Rect(264, 116, 722, 288)
    text = "Hint: lay 10♣ off on Seat 4's set 10♠ 10♥ 10♦ 10♣."
    melds = [pygame.Rect(264, 116, 722, 150),  # full rows above
             pygame.Rect(264, 266, 140, 138),  # and at the foot: left ...
             pygame.Rect(860, 266, 126, 138)]  # ... and right, a gap of 456 px between
    x, bottom, widest = toast_place(text, area, melds, area.centerx - 200)
    box = pygame.Rect(0, 0, *toast_size(text, widest))
    box.midbottom = (x, bottom)
    assert area.contains(box) and box.collidelist(melds) == -1, box
