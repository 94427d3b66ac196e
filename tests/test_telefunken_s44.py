"""Telefunken, from play-testers' findings (session 44): the tags on the cards of your hand
stand clear of one another, the hint's outlines pass under the tags, a seat's tag on a meld
keeps off the next meld, the cover's recap tells your own buys, and a click on the stock
that meets a card flying off it is a click on the stock."""

from __future__ import annotations

import itertools
from dataclasses import replace

import esper
import pygame

import scenes.marks as marks_module
from ecs import tween
from ecs.components import Sprite
from ecs.input import topmost_at
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.game_table import HINT_COLOUR
from scenes.marks import drawn_box
from scenes.telefunken.moves import perform
from tests.test_marks import record_calls
from tests.test_telefunken_buys import HAND as BUY_HAND
from tests.test_telefunken_buys import PEOPLE, play_as_person
from tests.test_telefunken_table import OTHERS, position
from tests.test_telefunken_two_buys import CONFIG, drawn_by, open_session, tagged, wait_for

HAND = ["AC", "3H", "3C", "7H", "8H", "9H", "QC", "2D", "4H", "6S"]


def hand_tags(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """(words, rect) of every last-move tag drawn from now on."""
    return record_calls(monkeypatch, marks_module, "_tag")


def two_buys_and_a_draw(app, drive):
    """You buy 4♠ and 4♦ before your turn (the stock's 5♥ and 5♣ come with them), then draw
    5♠: four tagged cards side by side in your hand, 4♦ 5♠ 5♥ 5♣."""
    state = position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("3D", "4S"), discarder=1, offer=[], chips=[7, 0, 0, 0])
    front = ("5H", "JS", "5C", "JD", "5S")  # (the buys' cards, the others' draws, yours)
    rest = list(state.stock)
    for card in front:
        rest.remove(card)
    state = replace(state, stock=(*front, *rest))
    table = open_session(app, drive, Session(CONFIG, rules, state, state))
    play_as_person(drive, table, "buy")
    wait_for(drive, table, lambda: table.rules.to_move == 0)
    play_as_person(drive, table, "buy")
    while table.state.phase != "draw" or table.rules.to_move != 0:
        wait_for(drive, table, lambda: table.rules.to_move == 0)
        if table.state.phase == "buy":
            play_as_person(drive, table, "pass")
    assert drawn_by(drive, table) == "5S"
    return table


def test_the_tags_of_four_cards_side_by_side_stand_clear_of_one_another(app, drive,
                                                                         monkeypatch):
    """Two buys' cards and the card drawn, side by side: "new" stood over the end of "+1
    from the stock", placed last where every spot on its card covered a tag placed before
    it (pt155). Now every tag of the hand is readable, each on its own card."""
    table = two_buys_and_a_draw(app, drive)
    assert sorted(label for label, _ in tagged(table, 0)) == [
        "+1 from the stock", "+1 from the stock", "You bought", "You bought", "new"]
    tags = hand_tags(monkeypatch)
    drive.step(2)
    hand = table.layout["hand"].rect
    drawn = [(text, rect) for text, rect in tags[-6:] if hand.contains(rect)]
    assert len(drawn) == 5, drawn
    for (a, ra), (b, rb) in itertools.combinations(drawn, 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    for mark in table.marks.marks[0]:  # each over its own card
        box = table.marks.hand_box(mark.entities[0])
        rect = next(r for text, r in drawn if text == mark.label and box.inflate(8, 8).left
                    <= r.centerx <= box.inflate(8, 8).right)
        assert rect is not None


def hint_in(app, rect: pygame.Rect) -> int:
    """How many pixels of ``rect`` on the screen are the hint's green."""
    return sum(tuple(app.screen.get_at((x, y)))[:3] == HINT_COLOUR
               for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))


def test_the_hints_outline_of_a_card_of_your_hand_passes_under_its_tag(app, drive,
                                                                        monkeypatch):
    """A hint to discard the card you drew: its outline cut through the "new" tag (pt155).
    The outline stands round the card, the tag over it whole."""
    table = two_buys_and_a_draw(app, drive)
    table._apply_hint("discard 5S")
    tags = hand_tags(monkeypatch)
    drive.step(2)
    (strip,) = table.hinted_strips()
    new = next(rect for text, rect in reversed(tags) if text == "new")
    assert new.colliderect(strip.inflate(6, 6))  # (the outline runs where the tag is)
    assert hint_in(app, new) == 0
    assert hint_in(app, strip.inflate(6, 6)) > 0  # still outlined


def test_the_hints_outline_of_a_meld_passes_under_a_seats_tag_on_it(app, drive, monkeypatch):
    """A hint to lay 4♣ off on Seat 2's run 5♣ 6♣ joker 8♣, where Seat 3 has just laid
    off the 8♣: its tag, kept off the joker's strip, stands out past the meld's end, and
    the meld's outline crossed it (pt155)."""
    melds = [{"owner": 0, "cards": ["7H", "7D", "7C"]},
             {"owner": 1, "cards": ["5C", "6C", "JK", "8C"]},
             {"owner": 2, "cards": ["4S", "4H", "4D"]}]
    hands = [["4C", "2D", "9H", "JH", "KS", "AC", "6H", "7S"], OTHERS[0][:8],
             OTHERS[1][:7], OTHERS[2][:8]]
    state = position(hands, melds=melds, melded=[True, True, True, False], to_move=0)
    table = open_session(app, drive, Session(CONFIG, rules, state, state))
    table.mark_move(2, [rules.LaidOff(2, 1, ("8C",), None)])
    assert "add 4C to 1" in table.legal()
    table._apply_hint("add 4C to 1")
    tags = hand_tags(monkeypatch)
    drive.step(2)
    outline = table.hinted_meld().inflate(12, 12)
    seat = [rect for text, rect in tags if text == table.seat_name(2)][-1]
    assert seat.clipline(outline.topright, outline.bottomright)  # (the outline runs there)
    assert hint_in(app, seat) == 0
    assert hint_in(app, outline) > 0  # still outlined


def test_a_seat_tag_on_a_card_laid_off_at_a_melds_right_end_keeps_off_the_next_meld(
        app, drive, monkeypatch):
    """Seat 3 lays Q♦ off at the right end of Seat 2's Q♠ Q♥ joker, the set 10♠ 10♥ 10♣
    beside it: the tag, kept off the joker's strip (pt90), slid right over the tens
    (pt155). It stays within its own meld's space, on its card."""
    melds = [{"owner": 0, "cards": ["7H", "7D", "7C"]},
             {"owner": 1, "cards": ["QS", "QH", "JK"]},
             {"owner": 1, "cards": ["10S", "10H", "10C"]},
             {"owner": 2, "cards": ["4S", "4H", "4D"]}]
    hands = [["2D", "5C", "9H", "JH", "KS", "AC", "6S"], OTHERS[0][:8],
             ["QD", *OTHERS[1][:7]], OTHERS[2][:8]]
    state = position(hands, melds=melds, melded=[True, True, True, False], to_move=2)
    session = Session(CONFIG, rules, state, state)
    session.play("add QD to 1")
    table = open_session(app, drive, session)
    assert [c for c, _ in table.sync.entities("meld_1")][-1] == "QD"
    tens = table._meld_rects[2]
    assert tens.y == table._meld_rects[1].y  # (side by side on Seat 2's row)
    tags = hand_tags(monkeypatch)
    table.mark_move(2, [rules.LaidOff(2, 1, ("QD",), None)])
    drive.step(2)
    (tag,) = [rect for text, rect in tags[-4:] if text == table.seat_name(2)][-1:]
    assert not tag.colliderect(tens), (tag, tens)
    assert tag.colliderect(table.marks.boxes(2)[0].inflate(8, 8))  # on its own card still


def test_the_covers_recap_lists_your_own_buys_since_your_last_turn(app, drive):
    """Between people, Seat 2 bought Q♠ out of turn, then let Seat 4's A♠ go: under the
    cover when the screen came back to it (Seat 1's discard offered), "Since your last
    move:" began after that pass, and its buy (the two cards come into its hand) was not
    told (pt155). It is now; the pass, as before, is not."""
    state = position([BUY_HAND, OTHERS[0][:10], OTHERS[1], OTHERS[2][:10]], phase="buy",
                     to_move=1, discard=("5S", "QS"), discarder=2, offer=[],
                     chips=[7, 7, 0, 0])
    session = Session(PEOPLE, rules, state, state)
    for move in ("buy", "draw", "discard AS", "pass", "pass", "draw"):
        session.play(move)
    session.play(f"discard {session.state.hands[0][0]}")
    assert rules.to_move(session.state) == 1
    table = open_session(app, drive, session, PEOPLE)
    assert table.curtain and table.viewer == 1
    heading, lines = table.cover_recap()
    assert heading == "Since your last move:"
    numbers = [line.split(". ", 1)[0] for line in lines]
    assert numbers[0] == "1" and "bought Q♠" in lines[0], lines  # the buy, told first
    assert "5" not in numbers, lines  # (its own pass, move 5, as before: not repeated)
    assert numbers[1:] == ["2", "3", "4", "6", "7"], lines  # (the others' moves between:
    # listed since pt156)


def press_where_a_card_flies_off_the_stock(drive, table, frames: int = 200) -> int:
    """Click the stock at a point where a card flying off it lies over it, in the very frame
    the card is there (it stays a moment only); the card clicked."""
    stock = table.layout["stock"].rect
    for _ in range(frames):
        for ent in [e for e, _s in esper.get_component(Sprite) if tween.travelling(e)]:
            box = drawn_box(ent)
            over = box.clip(stock) if box is not None else None
            if over and over.width > 4 and over.height > 4:
                pos = over.center
                if topmost_at(pos) == ent:
                    drive.pos = pos  # (no motion first: that would take a frame)
                    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
                    drive.step()
                    return ent
        drive.step()
    raise AssertionError("no card flew off the stock")


def said_by(monkeypatch, table) -> list[str]:
    """What the table refuses from now on, and why."""
    said: list[str] = []
    real = table.refuse
    monkeypatch.setattr(table, "refuse",
                        lambda reason, intent=None: said.append(reason) or real(reason, intent))
    return said


def test_a_click_on_the_stock_meeting_your_buys_card_is_a_click_on_the_stock(app, drive,
                                                                              monkeypatch):
    """You buy Q♠ as the next to play; the card from the stock that comes with it leaves
    the stock over its corner: a click on the stock that met it was a click on a card of
    your hand, and said "Draw first: click the stock" (session 40)."""
    state = position([BUY_HAND, *OTHERS], phase="buy", to_move=0, discard=("5S", "QS"),
                     discarder=3, offer=[], chips=[7, 0, 0, 0])
    table = open_session(app, drive, Session(CONFIG, rules, state, state))
    said = said_by(monkeypatch, table)
    perform(drive, table, "buy")
    ent = press_where_a_card_flies_off_the_stock(drive, table)
    assert table.sync.zone_of(ent) == "hand"  # (the buy's card from the stock)
    drive.step(2)
    assert not any(reason.startswith("Draw first") for reason in said), said
    drive.settle(900)  # (the draw is made once the buy has landed: pt156)
    assert table.session.moves[-1] == "draw", (said, table.session.moves)


def test_a_click_on_the_stock_meeting_a_computers_buy_card_is_not_lost(app, drive,
                                                                        monkeypatch):
    """Seat 2, a computer, buys the 9♦ you let go as the next to play: a click on the stock
    that met its card from the stock, flying to its panel, did nothing and said nothing."""
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "normal"),) * 3, 4, {})
    app.wait_for_ai = True
    seat2 = ["9S", "9C", "2C", "3C", "KD", "QH", "4S", "6H", "8C", "10S", "JC"]
    state = position([BUY_HAND, seat2, *OTHERS[1:]], phase="buy", to_move=0,
                     discard=("5S", "9D"), discarder=3, offer=[1], chips=[7, 7, 0, 0])
    table = open_session(app, drive, Session(config, rules, state, state))
    said = said_by(monkeypatch, table)
    perform(drive, table, "pass")
    ent = press_where_a_card_flies_off_the_stock(drive, table)
    assert table.sync.zone_of(ent) is None  # (not a card of yours: the computer's)
    drive.step(2)
    assert table.session.moves[:2] == ["pass", "buy"]
    drive.settle(900)  # (the draw is made once the buy has landed: pt156)
    assert table.session.moves[-1] == "draw", (said, table.session.moves)

