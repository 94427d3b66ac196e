"""Telefunken, from play-testers' findings (session 44, second round): a click on the stock
while a buy's cards still fly draws once they have landed; a seat's tag stands on the card
laid off; the tags of a crowded hand each over its own card."""

from __future__ import annotations

import itertools

import pygame

import scenes.marks as marks_module
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken.moves import perform
from scenes.telefunken.table import TAG_GAP
from scenes.telefunken_table import TelefunkenTable
from tests.test_marks import record_calls
from tests.test_telefunken_s44 import two_buys_and_a_draw
from tests.test_telefunken_table import OTHERS, position

CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
HAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]


def offered_to_you(app, drive) -> TelefunkenTable:
    """Seat 4 has discarded 9♠; you play next and may buy it."""
    state = position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def buy_then_click_the_stock(drive, table) -> None:
    perform(drive, table, "buy")
    drive.step(6)  # 0.1 s: the bought card and the stock's card still fly
    assert table.session.moves == ["buy"] and table.animating
    drive.click(drive.center_of(table.stock_ent))
    drive.step(2)


def test_a_click_on_the_stock_right_after_your_buy_draws_once_the_cards_land(app, drive):
    """The click said "Wait until the last move has reached the table." for a frame and did
    nothing: the player had to click again (pt156). The draw is made once the buy has
    landed, for you, and once only."""
    table = offered_to_you(app, drive)
    buy_then_click_the_stock(drive, table)
    assert table.session.moves == ["buy"]  # (not yet: the buy's cards still fly)
    drive.settle(900)
    assert table.session.moves == ["buy", "draw"]
    assert table.state.phase == "play" and table.rules.to_move == 0
    drive.step(60)
    assert table.session.moves == ["buy", "draw"]


def test_a_waiting_draw_is_dropped_by_undo(app, drive):
    table = offered_to_you(app, drive)
    buy_then_click_the_stock(drive, table)
    table.undo()
    drive.settle(900)
    table = drive.scene
    assert "draw" not in table.session.moves


def test_a_waiting_draw_is_dropped_by_the_pause_menu(app, drive):
    table = offered_to_you(app, drive)
    buy_then_click_the_stock(drive, table)
    drive.key(pygame.K_ESCAPE)
    drive.settle(900)
    drive.key(pygame.K_ESCAPE)  # (Resume)
    drive.settle(900)
    assert drive.scene is table
    assert table.session.moves == ["buy"]


def test_a_seat_tag_on_a_card_laid_off_beside_a_joker_stands_on_that_card(app, drive,
                                                                           monkeypatch):
    """Seat 4 adds 6♠ to the right end of your set 6♠ 6♣ joker: every spot on the 6♠ covered
    a little of the joker's strip or an index, and the tag stood over the set's top-left
    corner, past its left edge, the outlined 6♠ without one (pt156). It stands on the 6♠."""
    melds = [{"owner": 0, "cards": ["6S", "6C", "JK"]}, {"owner": 0, "cards": ["7S", "7H", "7C"]},
             {"owner": 1, "cards": ["8S", "8H", "8C"]}, {"owner": 3, "cards": ["JS", "JD", "JC"]}]
    hands = [["2D", "5C", "10C", "JH", "KS", "AC", "6H"], OTHERS[0][:8], OTHERS[1][:7],
             ["6S", *OTHERS[2][:7]]]
    state = position(hands, melds=melds, melded=[True, True, False, True], to_move=3)
    session = Session(CONFIG, rules, state, state)
    session.play("add 6S to 0")
    table = TelefunkenTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert [c for c, _ in table.sync.entities("meld_0")] == ["6S", "6C", "JK", "6S"]
    tags = record_calls(monkeypatch, marks_module, "_tag")
    table.mark_move(3, [rules.LaidOff(3, 0, ("6S",), None)])
    drive.step(2)
    (card,) = table.marks.boxes(3)
    tag = [rect for text, rect in tags if text == table.seat_name(3)][-1]
    assert card.left <= tag.centerx <= card.right, (tag, card)
    assert tag.colliderect(card.inflate(8, 8))


def test_each_tag_of_a_crowded_hand_stands_over_its_own_cards_strip(app, drive, monkeypatch):
    """Two buys' cards and the card drawn side by side in a hand of fifteen: "new" stood
    more over the next card than its own, "+1 from the stock" on the border of two cards,
    and two tags touched (pt156). Each tag's middle is over its own card's strip, and the
    tags stand TAG_GAP apart."""
    table = two_buys_and_a_draw(app, drive)
    assert len(table.state.hands[0]) == 15
    tags = record_calls(monkeypatch, marks_module, "_tag")
    drive.step(2)
    hand = table.layout["hand"].rect
    drawn = [rect for _text, rect in tags[-6:] if hand.contains(rect)]
    assert len(drawn) == 5
    for a, b in itertools.combinations(drawn, 2):
        assert not a.inflate(2 * TAG_GAP, 2 * TAG_GAP).colliderect(b), (a, b)
    for mark in table.marks.marks[0]:
        strip = table.marks.hand_box(mark.entities[0])
        assert any(strip.left <= r.centerx <= strip.right and abs(r.centery - strip.centery)
                   < strip.height for r in drawn), (mark.label, strip, drawn)


def test_where_no_tag_can_be_centred_on_its_card_none_stands_over_another(app, drive,
                                                                           monkeypatch):
    """With seventeen cards and four tags no plan centred on the cards was found, and the
    tags placed one by one stood over each other ("You bou|You bought", pt159): the last
    plan lets each stand anywhere along its own card's edges, none over another."""
    from scenes.telefunken import table as table_module

    real = table_module.fit_tags
    asked: list[int] = []  # the gaps asked for in the plan being made
    longest = [0]

    def centred_fails(lists, taken, gap=0, **kw):
        if gap == table_module.TAG_GAP and (not asked or asked[-1] == 0):
            asked.clear()  # (a new plan: its first attempt)
        asked.append(gap)
        longest[0] = max(longest[0], len(asked))
        return None if len(asked) <= 4 else real(lists, taken, gap, **kw)

    monkeypatch.setattr(table_module, "fit_tags", centred_fails)
    table = two_buys_and_a_draw(app, drive)
    tags = record_calls(monkeypatch, marks_module, "_tag")
    table._redraw = True
    drive.step(2)
    hand = table.layout["hand"].rect
    drawn = [rect for _text, rect in tags[-6:] if hand.contains(rect)]
    assert longest[0] == 5 and len(drawn) == 5
    for a, b in itertools.combinations(drawn, 2):
        assert not a.colliderect(b), (a, b)


def test_the_upcard_you_take_is_tagged_in_your_hand_as_a_draw_is(app, drive):
    """A card drawn from the stock is tagged "new" in your hand; the upcard taken in its
    place on the first turn had no tag (pt156). It is tagged "taken", until your next move."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand] + OTHERS, phase="draw", first_turn=True, discard=("QS",))
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    assert "take" in table.legal()
    perform(drive, table, "take")
    drive.settle()
    assert table.session.moves == ["take"]
    queen = next(e for c, e in table.sync.entities("hand") if c == "QS")
    assert [(m.label, m.entities) for m in table.marks.marks[0]] == [("taken", (queen,))]
    perform(drive, table, "discard 2D")
    drive.settle()
    assert all(m.label != "taken" for m in table.marks.marks.get(0, []))
