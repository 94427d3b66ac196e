"""Telefunken with five or six seats at the table: six rows of melds (one per seat) ran
off the foot of the table panel, Seat 6's row over the prompt below, even with the
smallest cards. When no card width keeps one column of rows on the table, the rows stand
in two columns, each with its own strip of owner labels; with one column fitting (two to
four players, nearly always) the table looks exactly as before."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import esper
import pygame
import pytest

from ecs.components import CardFace, DropTarget, Transform
from game import i18n
from game.card_art import card_size
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken import layout
from scenes.telefunken.moves import perform
from scenes.telefunken.table import TelefunkenTable

TABLE = pygame.Rect(260, 110, 730, 300)  # the table zone of the 1280 × 720 screen


# -- today's layout (before the two columns), to compare with ---------------------------------

def one_column(rect: pygame.Rect, melds, owners_order: list[int]):
    """The layout as it was: one column of rows, the cards shrinking through MELD_WIDTHS,
    the last try taken even when it ran off the table."""
    for card_w in layout.MELD_WIDTHS:
        slots, rects, rows = {}, {}, []
        _, h = card_size(card_w)
        step = card_w * layout.MELD_STEP
        by_owner: dict[int, list[int]] = {}
        for i, meld in enumerate(melds):
            by_owner.setdefault(meld.owner, []).append(i)
        gap = 8 if card_w == layout.TABLE_W else 5
        y = rect.y + 26 + h / 2
        bottom = 0
        for owner in [o for o in owners_order if o in by_owner]:
            rows.append((owner, y))
            x = rect.x + layout.OWNER_LABEL_W
            for i in by_owner[owner]:
                n = len(melds[i].cards)
                width = card_w + step * (n - 1)
                if x + width > rect.right - 6:
                    x = rect.x + layout.OWNER_LABEL_W
                    y += h + gap - 2
                slots[f"meld_{i}"] = [(x + card_w / 2 + k * step, y, 0.0, 300 + k)
                                      for k in range(n)]
                rects[i] = pygame.Rect(round(x), round(y - h / 2), round(width), h)
                x += width + 12
            bottom = round(y + h / 2)
            y += h + gap
        if bottom <= rect.bottom - 4:
            break
    return slots, rects, rows, card_w, bottom


def fake_melds(sizes_per_seat: list[list[int]]):
    return [SimpleNamespace(owner=seat, cards=["2C"] * n)
            for seat, sizes in enumerate(sizes_per_seat) for n in sizes]


def random_tables(players: int, count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        melds = [SimpleNamespace(owner=seat, cards=["2C"] * rng.choice([3, 3, 4, 5, 7, 8, 10, 13]))
                 for seat in range(players) for _ in range(rng.choice([0, 1, 1, 2, 3, 4]))]
        rng.shuffle(melds)
        first = rng.randrange(players)
        yield melds, [(first + k) % players for k in range(players)]


@pytest.mark.parametrize("rect", [TABLE, pygame.Rect(260, 110, 730, 250),
                                  pygame.Rect(200, 100, 900, 420)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_where_one_column_fits_the_layout_is_todays(rect, players):
    """Where one column of rows fits (two to four players nearly always; five or six with
    few melds), every slot, box, row and card width as before, unless two columns hold
    larger cards (rows of 32 px cards stood beside an empty half table, pt90): then two
    columns, of cards as large as fit."""
    compared = 0
    for melds, owners in random_tables(players, 120, seed=players):
        slots, rects, rows, card_w, bottom = one_column(rect, melds, owners)
        if bottom > rect.bottom - 4:
            continue  # (it did not fit: the case of the two columns)
        placed = layout.meld_slots(rect, melds, owners)
        if len(placed.columns) == 2:
            assert placed.card_w > card_w and placed.bottom <= rect.bottom - 4
            continue
        assert placed.slots == slots
        assert placed.meld_rects == rects
        assert placed.owner_rows == rows
        assert placed.card_w == card_w
        assert placed.columns == [rect]
        assert all(placed.owner_left[owner] == rect.x for owner, _y in rows)
        compared += 1
    assert compared >= (70 if players <= 4 else 10)


# -- five and six seats: every meld on the table, apart, beside its label ---------------------

DEAL_1 = [[3], [3, 3], [3, 3, 3], [4], [4, 3], [4, 4, 3], [5, 4], [3, 4, 4]]
DEAL_7 = [[3, 7], [3, 8], [3, 9], [7], [3, 10], [3, 7, 3], [3, 7, 4]]  # (runs of 7 or more)


def mixes(menu: list[list[int]], players: int, count: int, seed: int):
    """Every seat with one choice of ``menu`` (each seat alike), then ``count`` mixes."""
    for choice in menu:
        yield [choice] * players
    rng = random.Random(seed)
    for _ in range(count):
        yield [rng.choice(menu) for _ in range(players)]


def label_strip(placed, owner: int, y: float) -> pygame.Rect:
    """Where a row's label may stand: the label strip of its column, a line high."""
    return pygame.Rect(placed.owner_left[owner] + 8, round(y) - 10, layout.OWNER_LABEL_W - 14, 20)


def check_rows(placed, melds, rect: pygame.Rect, labels: dict[int, pygame.Rect]) -> None:
    """Every meld inside ``rect``, no two melds or labels overlapping, each label in the
    strip left of its own row, in the same column, at the height of the row's first meld;
    the owners in their order down the first column, then down the second."""
    boxes = list(placed.meld_rects.values()) + list(labels.values())
    for k, box in enumerate(boxes):
        assert rect.contains(box), box
        assert box.collidelist(boxes[k + 1:]) == -1, box
    assert len(placed.meld_rects) == len(melds)
    for owner, y in placed.owner_rows:
        column = next(c for c in placed.columns if c.x == placed.owner_left[owner])
        label = labels[owner]
        mine = [placed.meld_rects[i] for i, m in enumerate(melds) if m.owner == owner]
        first = mine[0]
        assert first.centery == pytest.approx(y, abs=1) == label.centery
        assert column.x <= label.x and label.right <= first.x
        for box in mine:
            assert column.x + layout.OWNER_LABEL_W <= box.x and box.right <= column.right
            assert box.y >= first.y  # (a row wraps downwards, in its own column)
        others = [o for o, _y in placed.owner_rows if o != owner]
        for other in others:  # no one else's meld in this row's band left of the label's reach
            for i, m in enumerate(melds):
                if m.owner == other:
                    assert not placed.meld_rects[i].colliderect(
                        pygame.Rect(column.x, first.y, column.width, first.height))


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("menu", [DEAL_1, DEAL_7], ids=["deal1", "deal7"])
def test_five_and_six_seats_rows_stay_on_the_table(players, menu):
    for sizes in mixes(menu, players, 40, seed=players):
        if players == 6 and sizes.count([3, 7, 3]) + sizes.count([3, 7, 4]) > 2:
            continue  # (past what fits: ``test_beyond_two_columns_the_least_spill``)
        melds = fake_melds(sizes)
        owners = list(range(players))
        placed = layout.meld_slots(TABLE, melds, owners)
        labels = {owner: label_strip(placed, owner, y) for owner, y in placed.owner_rows}
        check_rows(placed, melds, TABLE, labels)
        if len(placed.columns) == 2:  # (left column first, in the seats' order)
            assert [o for o, _y in placed.owner_rows] == owners


def test_six_seats_one_meld_each_two_columns_of_the_largest_cards():
    """The screenshot's table: six rows of one trio, 32 px cards, ran off the table; now
    three rows in each half, the cards at full size."""
    melds = fake_melds([[3]] * 6)
    _slots, _rects, _rows, card_w, bottom = one_column(TABLE, melds, list(range(6)))
    assert card_w == layout.MELD_WIDTHS[-1] and bottom > TABLE.bottom  # (the old fault)
    placed = layout.meld_slots(TABLE, melds, list(range(6)))
    assert placed.card_w == layout.TABLE_W
    assert [placed.owner_left[o] for o in range(6)] == [TABLE.x] * 3 + [TABLE.centerx] * 3
    assert placed.bottom <= TABLE.bottom - 4


def test_five_seats_in_one_column_of_small_cards_go_to_two_columns_of_larger_ones():
    """The play-tester's five-seat table (pt90): one column of rows fitted only with 36 px
    cards (32 px a trio later), the right half of the table empty; two columns hold 44 px
    cards, every meld apart beside its label."""
    melds = fake_melds([[3], [4, 3], [3, 3, 3], [4, 4, 3], [4, 3]])
    _slots, _rects, _rows, card_w, bottom = one_column(TABLE, melds, list(range(5)))
    assert card_w == 36 and bottom <= TABLE.bottom - 4
    placed = layout.meld_slots(TABLE, melds, list(range(5)))
    assert len(placed.columns) == 2 and placed.card_w == 44
    labels = {owner: label_strip(placed, owner, y) for owner, y in placed.owner_rows}
    check_rows(placed, melds, TABLE, labels)
    assert [o for o, _y in placed.owner_rows] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("long_row", [[3, 10, 10, 10, 4], [7, 7, 7, 7, 7]])
def test_five_seats_with_a_wrapped_row_two_columns(long_row):
    """Five seats, one of them with a row long enough to wrap: six rows of the smallest
    cards ran off the table; in two columns they stay on it."""
    sizes = [long_row] + [[3, 4]] * 4
    melds = fake_melds(sizes)
    assert one_column(TABLE, melds, list(range(5)))[4] > TABLE.bottom - 4  # (the old fault)
    placed = layout.meld_slots(TABLE, melds, list(range(5)))
    assert len(placed.columns) == 2
    labels = {owner: label_strip(placed, owner, y) for owner, y in placed.owner_rows}
    check_rows(placed, melds, TABLE, labels)


def test_beyond_two_columns_the_least_spill():
    """Six seats each with a trio, a run of 7 and a trio wrap into two rows even with the
    smallest cards: nothing fits, the two columns of smallest cards spill least."""
    melds = fake_melds([[3, 7, 3]] * 6)
    placed = layout.meld_slots(TABLE, melds, list(range(6)))
    one = one_column(TABLE, melds, list(range(6)))
    assert placed.card_w == layout.MELD_WIDTHS[-1] and len(placed.columns) == 2
    assert TABLE.bottom - 4 < placed.bottom < one[4]


# -- at the table ------------------------------------------------------------------------------

M = SimpleNamespace


def meld(owner, cards):
    return {"owner": owner, "cards": cards}


SIX_TRIOS = [meld(0, ["QS", "QH", "QC"]), meld(1, ["8S", "8H", "8C"]),
             meld(2, ["4S", "4H", "4D", "4C"]), meld(3, ["10S", "10H", "10D"]),
             meld(4, ["JS", "JH", "JC"]), meld(5, ["KS", "KH", "KC"])]
RUNS = [meld(0, ["QS", "QH", "QC"]), meld(0, ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]),
        meld(1, ["8S", "8H", "8C"]), meld(1, ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]),
        meld(2, ["4S", "4H", "4D"]), meld(2, ["5D", "6D", "7D", "8D", "9D", "10D", "JD"]),
        meld(3, ["10S", "10H", "10D"]), meld(3, ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]),
        meld(4, ["JS", "JH", "JC"]), meld(4, ["JK", "9S", "10S", "JS", "QS", "KS", "AS"]),
        meld(5, ["KS", "KH", "KC"]), meld(5, ["JK", "9H", "10H", "JH", "QH", "KH", "AH"])]
HAND = ["2D", "9C", "KD", "7D"]


def position(players: int, melds, deal: int):
    """Your hand ``HAND``, three cards in each other hand, the melds on the table."""
    used = Counter(HAND) + Counter(["5D"]) + Counter(c for m in melds for c in m["cards"])
    rest = list((Counter(rules.deck()) - used).elements())
    hands = [HAND] + [rest[3 * k:3 * k + 3] for k in range(players - 1)]
    rest = rest[3 * (players - 1):]
    data = {"players": players, "deal": deal, "dealer": players - 1, "to_move": 0,
            "phase": "play", "hands": hands, "stock": rest, "discard": ["5D"],
            "melds": list(melds), "first_turn": False,
            "melded": [any(m["owner"] == s for m in melds) for s in range(players)],
            "deal_winners": [1] * (deal - 1)}
    return rules.load(data)


def open_table(app, drive, players: int, melds, deal: int) -> TelefunkenTable:
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * (players - 1),
                        players, {})
    state = position(players, melds, deal)
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.reset(table, transition=None)
    drive.settle()
    return table


CASES = [(6, SIX_TRIOS, 2), (5, SIX_TRIOS[:5], 2), (6, RUNS, 6), (5, RUNS[:10], 6),
         (6, SIX_TRIOS + [meld(0, ["AS", "AH", "AD"]), meld(3, ["6S", "6H", "6D", "6C"])], 2)]


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("players, melds, deal", CASES)
def test_at_the_table_every_row_and_label_on_the_table(app, drive, language, players, melds,
                                                        deal):
    i18n.set_language(language)
    table = open_table(app, drive, players, melds, deal)
    zone = table.layout["table"].rect
    placed = SimpleNamespace(meld_rects=table._meld_rects, owner_rows=table._owner_rows,
                             owner_left=table._owner_left, columns=table._meld_columns)
    labels = {owner: table.owner_label_rect(owner, y) for owner, y in table._owner_rows}
    check_rows(placed, [M(**m) for m in melds], zone, labels)
    assert len(table._owner_rows) == players
    # the cards themselves stand in their meld's box (settled), above the prompt panel
    for i in range(len(melds)):
        for _code, ent in table.sync.entities(f"meld_{i}"):
            t = esper.component_for_entity(ent, Transform)
            assert table._meld_rects[i].collidepoint(t.x, t.y)
    assert max(r.bottom for r in table._meld_rects.values()) < table.layout["build"].rect.top
    # what messages and last-move tags keep clear of: the labels where they are drawn
    clear = table.toast_keep_clear()
    for label in labels.values():
        assert any(c.contains(label) for c in clear)
    # a meld's drop target is its box
    targets = {d.name: d.rect for e, d in esper.get_component(DropTarget)
               if esper.has_component(e, CardFace) and d.name.startswith("meld:")}
    assert targets == {f"meld:{i}": r.inflate(6, 6) for i, r in table._meld_rects.items()}


def test_a_card_is_laid_off_on_a_meld_of_the_second_column(app, drive):
    table = open_table(app, drive, 6, SIX_TRIOS, 2)
    assert table._meld_rects[5].x > table.layout["table"].rect.centerx  # (Seat 6's kings)
    assert "add KD to 5" in rules.legal_moves(table.state)
    perform(drive, table, "add KD to 5")
    drive.settle()
    assert sorted(table.state.melds[5].cards) == sorted(["KS", "KH", "KC", "KD"])
    assert table._meld_rects[5].right <= table.layout["table"].rect.right - 6
