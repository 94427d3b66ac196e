"""A play-tester's findings at the Telefunken table (4 to 6 players): after Undo a panel
said what its seat had bought in the deal before; the move banners stood over the melds;
last-move tags stood across the rows of melds, past the hand's panel and over the meld
zone's cards; the seat that ended a deal stayed lit as the one to play."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken.moves import perform
from scenes.telefunken.table import TelefunkenTable
from tests.test_telefunken_playtest_s18 import OTHERS, load

CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})


def open_session(app, drive, session, config=CONFIG) -> TelefunkenTable:
    table = TelefunkenTable(app, config, session)
    app.scenes.reset(table, transition=None)
    drive.settle()
    return table


# -- 1. a buy's words in a panel belong to the deal it was made in -----------------------------

FIVE = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 4, 5, {})


def bought_last_deal(end: bool = True) -> Session:
    """Five players, deal 1: Seat 2 buys 9♠ (and a card from the stock), then you go out
    (``end``; else you are about to, with K♣). In deal 2 Seat 3 cuts, Seat 5 plays first
    and you are offered its discard before Seat 2: Seat 2's buy of deal 1 stays its last
    move in the session until then."""
    others = [h[:6] for h in OTHERS[:2]] + [OTHERS[2][:5], ["5H", "6D", "7S", "10C", "JD"]]
    state = load([["KC"]] + others, players=5,
                 melds=[{"owner": 0, "cards": ["QS", "QH", "QD"]}], phase="buy", to_move=1,
                 discard=("5D", "9S"), discarder=4, offer=[2, 3], stock_top=("8S", "QC"),
                 totals=[0] * 5, dealer=2)
    session = Session(FIVE, rules, state, state)
    for move in ["buy", "draw", "add QC to 0"] + ["discard KC"] * end:
        session.play(move)
    assert session.state.deal == (2 if end else 1)
    return session


def test_a_table_laid_out_in_a_new_deal_says_nothing_of_the_last_deals_buy(app, drive):
    """A game continued in deal 2: Seat 2's panel said "bought 9♠ +1 card", its buy of deal
    1 (a new deal begins with no marks, as the table played through it shows)."""
    from scenes.results import DealSummary

    table = open_session(app, drive, bought_last_deal(), FIVE)
    assert isinstance(app.scenes.top, DealSummary)  # (deal 1's, read again: session 33)
    app.scenes.top.close()
    drive.step(2)
    assert table.state.deal == 2 and table.state.phase == "cut"
    assert table._bought_words(1) is None
    assert not any(table.marks.marks.values())


def test_undo_in_a_new_deal_brings_back_no_buy_of_the_deal_before(app, drive):
    """You go out of deal 1 after Seat 2's buy. In deal 2 you pass on Seat 5's discard,
    then take it back: Seat 2's panel read "bought 9♠ +1 card", its buy of deal 1, where it
    had said nothing, and kept it through the moves after. Undo shows the panels as they
    were."""
    table = open_session(app, drive, bought_last_deal(end=False), FIVE)
    assert table._bought_words(1) is not None  # (deal 1: its buy is its last move)
    perform(drive, table, "discard KC")  # you go out
    drive.settle()
    app.scenes.top.close()  # the deal's summary
    for _ in range(3000):  # Seat 3 cuts, Seat 5 draws and discards: yours to buy or pass
        if table.mine and not table.animating:
            break
        drive.step()
    assert table.mine and table.state.deal == 2 and table.state.phase == "buy"
    assert table.session.last_turns()[1] == [0]  # (Seat 2's last turn: its buy of deal 1)
    shown = [table._bought_words(s) for s in range(5)]
    assert shown == [None] * 5
    perform(drive, table, "pass")
    drive.settle()
    table.undo()
    drive.settle()
    again = app.scenes.top
    assert again is not table and again.state.deal == 2 and again.state.phase == "buy"
    assert rules.to_move(again.state) == 0
    assert [again._bought_words(s) for s in range(5)] == shown


# -- 2. a move's banner stands beside the melds -----------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def seats(players: int) -> GameConfig:
    return GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * (players - 1),
                      players, {})


def open_state(app, drive, state) -> TelefunkenTable:
    config = seats(state.players)
    return open_session(app, drive, Session(config, rules, state, state), config)


def crowded(players: int, rows: int, long: bool = False):
    """Deal 2 with a row of melds for each of the first ``rows`` seats (two sets each, the
    first of six cards if ``long``), three cards in every hand."""
    from collections import Counter

    melds = []
    for s in range(rows):
        r, r2 = RANKS[(2 * s + 3) % 13], RANKS[(2 * s + 4) % 13]
        melds.append({"owner": s, "cards": [r + "S", r + "H", r + "D", r + "C"]
                      + [r + "S", r + "H"] * long})
        melds.append({"owner": s, "cards": [r2 + "S", r2 + "H", r2 + "C"]})
    used = Counter(c for m in melds for c in m["cards"]) + Counter(["5S"])
    pool = sorted((Counter(rules.deck()) - used).elements(), key=lambda c: (c == "JK", c))
    hands = [[pool.pop(0) for _ in range(3)] for _ in range(players)]
    return load(hands, players=players, melds=melds, deal=2, deal_winners=[1],
                totals=[0] * players)


def banner_drawn(table) -> pygame.Rect:
    """Where the banner shown now stands: what it changes of the table's picture."""
    banner = table.banner
    table.banner = None
    bare = pygame.Surface(table.app.size)
    table.draw(bare)
    table.banner = banner
    shown = pygame.Surface(table.app.size)
    table.draw(shown)
    diff = pygame.mask.from_threshold(shown, (0, 0, 0), (1, 1, 1, 255), bare, 1)
    diff.invert()  # (the pixels that differ)
    # (from_threshold with a surface: pixels of ``shown`` within the threshold of ``bare``)
    rects = diff.get_bounding_rects()
    assert rects
    return rects[0].unionall(rects[1:])


LONG_MESSAGE = ("2♣ does not fit Seat 2's set 8♠ 8♠ 8♥ 8♦ 8♣ joker: a set is all of one rank. "
                "Lay it off on a set of twos, or on a run of clubs.")
BANNERS = ["You made the contract", "Seat 3 made the contract",
           "You bought Q♠ and a card from the stock (5 chips left)"]


@pytest.mark.parametrize("players, rows, long, free", [
    (4, 3, False, True), (4, 4, True, True), (5, 5, False, True), (5, 5, True, False),
    (6, 4, True, True)])
def test_a_banner_covers_no_meld(app, drive, players, rows, long, free):
    """"You made the contract" and its like stood on the table's centre, over the second
    and third rows of melds (over the very meld announced). They stand on the table where
    they cover no meld, no row's label and no message. Five long rows in two columns of
    48 px cards (36 px in one column before: pt90) leave no place beside the message: the
    banner covers a tenth at most of what it would cover centred, and never the message."""
    from scenes.game_table import banner_box

    table = open_state(app, drive, crowded(players, rows, long))
    assert len(table._owner_rows) == rows
    app.toast("Your last move is taken back.")
    app.toasts[-1].age = 1.0
    x, bottom, widest = table.toast_place()
    from game.app import toast_size

    message = pygame.Rect((0, 0), toast_size(app.toasts[-1].text, widest))
    message.midbottom = (x, bottom)
    keep = list(table._meld_rects.values()) + [
        table.owner_label_rect(owner, y) for owner, y in table._owner_rows] + [message]
    panel = table.layout["table"].rect
    melds = list(table._meld_rects.values())

    def cards_under(box):
        return sum(box.clip(r).width * box.clip(r).height for r in melds)

    for text in BANNERS:
        table.banner = (text, 2.0)
        box = banner_drawn(table)
        assert panel.contains(box), (text, box)
        if free:
            assert box.collidelist(keep) == -1, (text, box)
        else:
            assert not box.colliderect(message), (text, box)
            assert cards_under(box) < cards_under(banner_box(text, panel)[0]) / 10, (text, box)
    app.toasts.clear()


@pytest.mark.parametrize("long", [False, True])
def test_where_every_place_covers_melds_the_banner_covers_least(app, drive, long):
    """Six rows of melds in two columns leave little room for a banner: it stands in the
    strip of felt below them, in a slimmer box, or covers as little of the cards as it can
    (the last row's feet), not the middle rows; never under the message shown."""
    from scenes.game_table import banner_box

    table = open_state(app, drive, crowded(6, 6, long))
    melds = list(table._meld_rects.values())

    def cards_under(box):
        return sum(box.clip(r).width * box.clip(r).height for r in melds)

    for text in BANNERS:
        table.banner = (text, 2.0)
        box = banner_drawn(table)
        centred = banner_box(text, table.layout["table"].rect)[0]
        assert table.layout["table"].rect.contains(box)
        assert cards_under(box) < cards_under(centred) / 10, (text, box)
        assert all(box.clip(r).height <= 6 for r in melds), (text, box)
    app.toast("Your last move is taken back.")
    app.toasts[-1].age = 1.0
    x, bottom, widest = table.toast_place()
    from game.app import toast_size

    message = pygame.Rect((0, 0), toast_size(app.toasts[-1].text, widest))
    message.midbottom = (x, bottom)
    for text in BANNERS:
        table.banner = (text, 2.0)
        box = banner_drawn(table)
        assert not box.colliderect(message), (text, box, message)
    app.toasts.clear()


def banner_panel(table, monkeypatch) -> pygame.Rect:
    """The box of the banner as the next frame draws it (its gold-edged panel)."""
    from scenes import theme

    boxes = []
    real = theme.panel
    monkeypatch.setattr(theme, "panel", lambda surface, rect, *a, **k: (
        boxes.append(pygame.Rect(rect)) if k.get("edge") == theme.GOLD else None,
        real(surface, rect, *a, **k))[1])
    table.draw(pygame.Surface(table.app.size))
    monkeypatch.setattr(theme, "panel", real)
    (box,) = [b for b in boxes if table.layout["table"].rect.contains(b)]
    return box


def test_a_message_coming_while_a_banner_is_shown_does_not_move_it(app, drive, monkeypatch):
    """(The banner keeps the place it came in: a message that comes, or goes, meanwhile
    does not make it jump about.)"""
    table = open_state(app, drive, crowded(5, 5))
    table.banner = (BANNERS[2], 2.0)
    drive.step(2)
    before = banner_panel(table, monkeypatch)
    assert before == banner_drawn(table)
    app.toast(LONG_MESSAGE, error=True)  # (it stands where the banner does)
    drive.step(3)
    assert table.banner is not None and app.toasts
    assert banner_panel(table, monkeypatch) == before
    app.toasts.clear()
    drive.step(3)
    assert banner_panel(table, monkeypatch) == before


def test_on_an_empty_table_the_banner_stands_in_the_middle_as_before(app, drive):
    from scenes.game_table import banner_box

    table = open_state(app, drive, crowded(5, 0))
    assert not table.state.melds
    for text in BANNERS:
        table.banner = (text, 2.0)
        box = banner_drawn(table)
        assert box == banner_box(text, table.layout["table"].rect)[0], text


# -- 3. last-move tags stay in their place ------------------------------------------------------

def tags_drawn(table, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    import scenes.marks as marks_module
    from tests.test_marks import record_calls

    drawn = record_calls(monkeypatch, marks_module, "_tag", keep=lambda text, rect: (text, rect))
    table.draw(pygame.Surface(table.app.size))
    return list(drawn)


def lay_off_on_every_row(table) -> None:
    """Each seat with melds lays off on the next one's first meld (its last card again)."""
    melds = table.state.melds
    owners = sorted({m.owner for m in melds})
    for k, seat in enumerate(owners):
        target = next(i for i, m in enumerate(melds) if m.owner == owners[(k + 1) % len(owners)])
        table.marks.moved(seat)
        table.mark_move(seat, [rules.LaidOff(seat, target, (melds[target].cards[-1],), None)])


@pytest.mark.parametrize("players, rows, long", [(4, 4, False), (4, 4, True), (5, 5, False),
                                                 (5, 5, True), (6, 6, False), (6, 6, True)])
def test_meld_tags_stay_within_their_rows_band(app, drive, monkeypatch, players, rows, long):
    """"Seat 5", "You"…: a lay-off's tag stood on its card's top or bottom edge, across the
    boundary with the row above or below, over the corner index of that row's cards (with
    five rows in one column, or two columns of three). Each tag stands on its own row, on
    the table, clear of every other row's cards, of every card's index and of the labels."""
    table = open_state(app, drive, crowded(players, rows, long))
    lay_off_on_every_row(table)
    drawn = tags_drawn(table, monkeypatch)
    assert len(drawn) == rows
    panel = table.layout["table"].rect
    readable = table.mark_keep_clear()
    from scenes.marks import covered

    for seat in range(rows):
        (box,) = table.marks.boxes(seat)
        label = table.seat_name(seat)
        tag = next(rect for text, rect in drawn if text == label)
        row = next(r for r in table._meld_rects.values() if r.colliderect(box))
        others = [r for r in table._meld_rects.values() if r.y != row.y]
        assert panel.contains(tag), (label, tag)
        assert tag.collidelist(others) == -1, (label, tag)
        assert row.top <= tag.top and tag.bottom <= row.bottom, (label, tag, row)
        assert covered(tag, readable) == 0, (label, tag)
        assert tag.colliderect(box)  # (on its card)


def your_buy(app, drive, players: int = 5):
    """You buy K♦ and the card from the stock is K♣: the two highest cards, at the right
    end of your hand."""
    hand = ["2D", "3C", "4H", "5S", "6D", "7C", "8H", "9S", "10D", "JC"]
    others = [["2H", "3H", "9C"], ["2S", "3S", "9H"], ["4D", "6C", "8D"], ["4C", "6S", "8C"],
              ["5D", "7D", "9D"]][:players - 1]
    state = load([hand] + others, players=players, phase="buy", to_move=0,
                 discard=("5H", "KD"), discarder=players - 1, offer=list(range(1, players - 1)),
                 stock_top=("KC", "8S"), deal=1)
    table = open_state(app, drive, state)
    perform(drive, table, "buy")
    drive.settle()
    table.banner = None
    return table


@pytest.mark.parametrize("players", [4, 5, 6])
def test_your_buys_tags_stay_on_the_hands_panel(app, drive, monkeypatch, players):
    """"+1 from the stock" on the rightmost card of the hand ran past the hand panel's right
    edge."""
    table = your_buy(app, drive, players)
    drawn = dict(tags_drawn(table, monkeypatch))
    assert set(drawn) == {"You bought", "+1 from the stock"}
    hand = table.layout["hand"].rect
    for text, rect in drawn.items():
        assert hand.contains(rect), (text, rect, hand)


def test_no_tag_stands_over_the_meld_zones_cards(app, drive, monkeypatch):
    """The bought K♦ and K♣ chosen for a meld: their tags stood over the small cards of the
    meld zone, one across the table's (lit) border above it. There the cards are outlined as
    far as they show, without words; back in the hand, the tags come back."""
    table = your_buy(app, drive)
    table.selected = ["KC", "2D", "KD"]  # (K♦ the last: nothing lies across it)
    table.show(instant=True)
    drive.settle()
    build = table.layout["build"].rect
    drawn = tags_drawn(table, monkeypatch)
    assert not any(rect.colliderect(build) for _text, rect in drawn), drawn
    from tests.test_marks import drawn_box

    boxes = table.marks.boxes(0)  # still outlined, each as far as it shows
    assert len(boxes) == 2
    for mark in table.marks.marks[0]:
        (ent,) = mark.entities
        assert table.sync.zone_of(ent) == "build"
        card = drawn_box(ent)
        (box,) = [b for b in boxes if b.colliderect(card) and card.contains(b)]
        if table.sync.code_of(ent) == "KC":  # (2♦ lies across it: its strip)
            assert box.width < card.width * 0.6, (box, card)
    table.clear_selection()
    drive.settle()
    assert {text for text, _rect in tags_drawn(table, monkeypatch)} == {
        "You bought", "+1 from the stock"}


def test_a_card_turning_over_is_not_outlined(app, drive):
    """A computer's discard turns face up on its way to the pile: its outline, around the
    sliver the card showed half-way, stood as two short lines over the pile's "Discards"."""
    from ecs.components import Transform

    table = open_state(app, drive, crowded(5, 0))
    table.mark_move(4, [rules.Discarded(4, "5S")])
    (ent,) = table.marks.marks[4][0].entities
    assert table.marks.boxes(4)
    import esper

    transform = esper.component_for_entity(ent, Transform)
    for squash in (0.02, 0.5, 0.9):
        transform.squash = squash
        assert table.marks.boxes(4) == [], squash
    transform.squash = 1.0
    assert table.marks.boxes(4)


# -- 4. once a deal is over nobody is to play -------------------------------------------------

def lit(table, monkeypatch) -> set[int]:
    """The seats drawn as the one to play now: an opponent's panel edged in gold, your line
    over the hand in gold."""
    from scenes import theme
    from scenes.telefunken import words

    panels, lines = [], []
    real_panel, real_text = theme.panel, theme.blit_text
    monkeypatch.setattr(theme, "panel", lambda surface, rect, *a, **k: (
        panels.append((pygame.Rect(rect), k.get("edge"))), real_panel(surface, rect, *a, **k)))
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, pos, size, colour, *a, **k: (
        lines.append((text, colour)), real_text(surface, text, pos, size, colour, *a, **k))[1])
    table.draw(pygame.Surface(table.app.size))
    monkeypatch.setattr(theme, "panel", real_panel)
    monkeypatch.setattr(theme, "blit_text", real_text)
    out = {s for s in range(table.players) if s != table.viewer
           and (table.opponent_zone(s), theme.GOLD) in panels}
    state = table.state
    you = words.you_line(table.seat_name(table.viewer), state.chips[table.viewer],
                         state.totals[table.viewer])
    if any(text.startswith(you[:12]) and colour == theme.GOLD for text, colour in lines):
        out.add(table.viewer)
    return out


def going_out(seat: int):
    """Deal 2: ``seat`` (melded) holds only K♣ and is to discard it, going out."""
    hands = [["2D", "9C", "QD", "7D"], ["4D", "6C", "8D"], ["4C", "6D", "8H"],
             ["4S", "6H", "8C"]]
    hands[seat] = ["KC"]
    melds = [{"owner": seat, "cards": ["QS", "QH", "QC"]}]
    return load(hands, melds=melds, deal=2, to_move=seat, deal_winners=[1],
                totals=[0, 0, 0, 0])


@pytest.mark.parametrize("seat", [1, 0])
def test_once_a_deal_is_over_nobody_is_to_play(app, drive, monkeypatch, seat):
    """The seat whose discard ended the deal stayed lit as the one to play (its panel's
    edge, or your line over the hand, in gold) until the summary opened: the deal's end
    stays on the table the while, its banner read first."""
    from scenes.results import DealSummary

    state = going_out(seat)
    session = Session(CONFIG, rules, state, state)
    table = TelefunkenTable(app, CONFIG, session)
    app.scenes.reset(table, transition=None)
    assert lit(table, monkeypatch) == {seat}  # (its turn: lit)
    if seat == 0:
        perform(drive, table, "discard KC")
    seen = []
    for _ in range(600):
        drive.step()
        if app.scenes.top is not table:
            break
        if table.ended_deal is not None and table.landing_seat() is None:
            seen.append(lit(table, monkeypatch))
    assert isinstance(app.scenes.top, DealSummary)
    assert seen and all(s == set() for s in seen), seen
