"""Telefunken's buy offer to a person has a timer (Settings' "Telefunken buy offers": 10 s,
5 s or wait): when it runs out the table passes for them and says so; it counts only while
the offer is in view (not under the pause menu; under the pass-the-screen cover it has not
begun), stands still
while the pointer rests on Buy or the discard pile, stops for good once a card is lifted,
and shows the time left as a bar along the Pass button."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from game.settings import TELEFUNKEN_BUY_TIMERS, parse_settings
from scenes import theme
from scenes.telefunken_table import TelefunkenTable
from tests.test_telefunken_table import CONFIG, OTHERS, position

HAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]


def offer_state():
    """Seat 4 discarded 9♠; you (seat 1) are offered it first, seats 2 and 3 after you."""
    return position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                    discard=("5S", "9S"), discarder=3, offer=[1, 2])


def open_offer(app, drive, config: GameConfig = CONFIG, timer: str = "10",
               touched: bool = True) -> TelefunkenTable:
    app.settings.telefunken_buy_timer = timer
    state = offer_state()
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.move((5, 5))  # the pointer away from the pile and the buttons
    if touched:
        drive.key(pygame.K_LSHIFT)  # somebody is at the table: offers are timed
    return table


def button(table, key: str):
    return next(w for w in table.widgets.widgets if getattr(w, "key", None) == key)


def test_the_offer_is_passed_for_you_when_its_ten_seconds_run_out(app, drive):
    table = open_offer(app, drive)
    chips = table.state.chips[0]
    drive.wait(9.5)
    assert table.session.moves == [] and table.state.phase == "buy" and table.state.seat == 0
    drive.wait(0.6)
    assert table.session.moves[:1] == ["pass"]
    assert table.state.chips[0] == chips and "9S" not in table.state.hands[0]
    assert any(t.text == "Time is up: you let 9♠ go. For more time: Settings, “Telefunken "
               "buy offers”." for t in app.toasts)  # (the first time: where more time is had)


def test_the_log_says_the_clock_passed_and_a_save_keeps_it(app, drive):
    table = open_offer(app, drive)
    drive.wait(10.1)
    assert table.session.moves[:1] == ["pass"]
    assert table.session.log[0] == "You did not buy 9♠ (time ran out)"
    data = table.session.to_save()
    assert data["timed"] == [0]
    again = Session.from_save(data)
    assert again.log[0] == "You did not buy 9♠ (time ran out)"
    data["timed"] = [0, 99, "x", True, -1]  # what does not fit is left out
    assert Session.from_save(data).timed == {0}
    del data["timed"]  # an older save: nothing was timed
    assert Session.from_save(data).log[0] == "You did not buy 9♠"


def test_a_replay_says_the_clock_passed_as_the_game_did(app, drive):
    from scenes.replay import replay_table

    table = open_offer(app, drive)
    drive.wait(10.1)
    moves = list(table.session.moves)
    shown = replay_table(app, TelefunkenTable, table.config, moves, 0, table.session.initial,
                         table.session.timed)
    app.scenes.push(shown, transition=None)
    drive.settle()
    shown.replay_controls._jump(len(moves))  # a step forward keeps the game's marks
    drive.settle()
    assert app.scenes.top.session.log[0] == "You did not buy 9♠ (time ran out)"


def test_a_pass_of_your_own_is_not_marked_and_undo_forgets_the_mark(app, drive):
    config = CONFIG
    state = offer_state()
    session = Session(config, rules, state, state)
    session.play("pass")
    assert session.log[0] == "You did not buy 9♠" and session.timed == set()
    session.mark_timed()
    assert session.log[0] == "You did not buy 9♠ (time ran out)"
    session.undo()
    assert session.timed == set() and session.log == []
    session.play("pass")
    assert session.log[0] == "You did not buy 9♠" and "timed" not in session.to_save()


def test_five_seconds_and_wait_for_me(app, drive):
    table = open_offer(app, drive, timer="5")
    drive.wait(4.8)
    assert table.session.moves == []
    drive.wait(0.3)
    assert table.session.moves[:1] == ["pass"]
    app.scenes.stack.clear()
    table = open_offer(app, drive, timer="wait")
    drive.wait(40)
    assert table.session.moves == [] and table.state.phase == "buy" and table.state.seat == 0
    assert table._offer_timer.left(table.state, table.offer_seconds()) is None  # no bar


def test_the_pointer_on_the_discard_pile_or_buy_holds_the_time(app, drive):
    table = open_offer(app, drive)
    drive.wait(6)
    drive.move(table.layout["discard"].rect.center)
    drive.wait(20)
    drive.move(button(table, "buy").rect.center)
    drive.wait(20)
    assert table.session.moves == []  # 46 s, 6 of them counted
    drive.move((5, 5))
    drive.wait(3.8)
    assert table.session.moves == []
    drive.wait(0.4)
    assert table.session.moves[:1] == ["pass"]


def test_a_lifted_card_stops_the_timer_for_good(app, drive):
    table = open_offer(app, drive)
    drive.wait(3)
    pile = table.layout["discard"].rect.center
    drive.press(pile)
    drive.move((pile[0] + 40, pile[1] + 60), steps=4)
    drive.release()  # (dropped on the felt: the card goes back to the pile)
    drive.settle()
    drive.move((5, 5))
    drive.wait(30)
    assert table.session.moves == [] and table.state.phase == "buy"


def test_the_pause_menu_holds_the_time(app, drive):
    table = open_offer(app, drive)
    drive.wait(8)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert app.scenes.top is not table
    drive.wait(30)
    assert table.session.moves == []
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert app.scenes.top is table
    drive.wait(1.5)  # (the 2 s left wait for the game to go on)
    assert table.session.moves == []
    drive.wait(0.6)
    assert table.session.moves[:1] == ["pass"]


def test_between_people_the_time_runs_only_once_the_cover_is_lifted(app, drive):
    config = GameConfig("telefunken", (Seat("human"), Seat("human")) + (Seat("ai", "easy"),) * 2,
                        4, {})
    app.settings.telefunken_buy_timer = "5"
    before = position([OTHERS[0], HAND] + [OTHERS[1], OTHERS[2][:10]], phase="play", to_move=0)
    table = TelefunkenTable(app, config, Session(config, rules, before, before))
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.lift_cover(table)
    table.rules.submit("discard 9D")  # seat 1's discard: seat 2 (a person) is offered it
    drive.settle()
    assert table.state.phase == "buy" and table.state.seat == 1 and table.curtain
    drive.wait(20)
    assert table.state.phase == "buy" and table.state.seat == 1  # nobody saw it yet
    drive.lift_cover(table)
    drive.move((5, 5))
    drive.wait(4.5)
    assert table.state.phase == "buy" and table.state.seat == 1
    drive.wait(0.7)
    assert table.session.moves[-1] == "pass"
    # (the next person's cover may stand already: the seat is named, not "you", pt76)
    assert any(t.text.startswith("Time is up: Seat 2 let 9♦ go.") for t in app.toasts)


def test_the_bar_on_pass_drains(app, drive):
    table = open_offer(app, drive)
    drive.step()
    rect = button(table, "pass").rect
    track_y = rect.bottom - 6
    left, right = (rect.x + 12, track_y), (rect.right - 12, track_y)
    screen = app.screen
    assert tuple(screen.get_at(left))[:3] == theme.INK and tuple(screen.get_at(right))[:3] == theme.INK
    drive.wait(5)
    assert 0.45 < table._offer_timer.left(table.state, 10.0) < 0.55
    assert tuple(screen.get_at(left))[:3] == theme.INK
    assert tuple(screen.get_at(right))[:3] == theme.GOLD_DARK  # the right half drained


@pytest.mark.parametrize("value", ["10", "5", "wait"])
def test_the_setting_is_read_back(value):
    settings, problems = parse_settings({"telefunken_buy_timer": value})
    assert settings.telefunken_buy_timer == value and problems == []
    assert value in TELEFUNKEN_BUY_TIMERS


@pytest.mark.parametrize("bad", ["7", 10, None, ["5"]])
def test_a_bad_timer_in_the_file_gives_the_default_and_a_message(bad):
    settings, problems = parse_settings({"telefunken_buy_timer": bad})
    assert settings.telefunken_buy_timer == "10" and len(problems) == 1
    assert "buy timer" in problems[0]


def test_the_settings_row_sets_and_saves_it(app, drive):
    from scenes.settings import BUY_TIMER, SettingsScene

    scene = SettingsScene(app)
    app.scenes.push(scene, transition=None)
    drive.settle()
    row = scene.widgets.widgets[BUY_TIMER]
    assert row.value == "10"
    drive.click(row._boxes()[2].center)  # the right arrow: the next choice
    assert app.settings.telefunken_buy_timer == "5"
    drive.click(row._boxes()[2].center)
    assert app.settings.telefunken_buy_timer == "wait"


def test_a_held_offer_draws_no_frames(app, drive):
    """While the time counts the bar moves (every frame is drawn); held by the pointer on
    the pile, the table draws nothing more until something changes."""
    table = open_offer(app, drive)
    drive.step(2)
    assert table.needs_redraw()
    drive.move(table.layout["discard"].rect.center)
    drive.step(40)  # (the card under the pointer rises)
    assert not table.needs_redraw()


def test_the_offer_says_who_plays_next(app, drive):
    """pt72 thought three times it played next after an offer: the prompt says who does."""
    table = open_offer(app, drive)  # seat 4 discarded: you (seat 1) play next
    assert table._waiting_text() == (
        "Yours to decide: buy the discard for a chip, or pass (you play next)")
    app.scenes.stack.clear()
    state = position([HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=1, offer=[3])  # seat 2's discard
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table._waiting_text() == (
        "Yours to decide: buy the discard for a chip, or pass (Seat 3 plays next)")


def test_a_pointer_left_on_the_pile_before_the_offer_does_not_hold_it(app, drive):
    """After a discard by drag the pointer stays on the pile: it held every offer after
    it, with no sign (pt76). Only a pointer moved there during the offer holds the time."""
    app.settings.telefunken_buy_timer = "10"
    state = offer_state()
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    table._touched = True  # (somebody is at the table: a key pressed would be an event)
    table.input.pos = table.layout["discard"].rect.center  # resting there as the offer came
    drive.step()
    assert table._offer_timer.state is table.state and not table._offer_timer.held
    drive.wait(10.2)
    assert table.session.moves[:1] == ["pass"]


def test_a_pointer_that_left_the_window_holds_nothing(app, drive):
    """Warped out of the window from Buy, the pointer's last place held the time for good
    (pt76): once it has left the window, it holds nothing."""
    table = open_offer(app, drive)
    drive.move(button(table, "buy").rect.center)
    drive.wait(3)
    assert table.session.moves == [] and table._offer_timer.held
    app._translate(pygame.event.Event(pygame.WINDOWLEAVE))
    assert not app.pointer_inside
    drive.wait(10.1)
    assert table.session.moves[:1] == ["pass"]
    app._translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert app.pointer_inside


def test_the_bar_is_grey_while_held(app, drive):
    table = open_offer(app, drive)
    drive.wait(1)
    rect = button(table, "pass").rect
    spot = (rect.x + 12, rect.bottom - 6)
    assert tuple(app.screen.get_at(spot))[:3] == theme.INK
    drive.move(table.layout["discard"].rect.center)
    drive.step(2)
    assert tuple(app.screen.get_at(spot))[:3] == theme.INK_FAINT


def test_no_offer_is_timed_before_anybody_touched_the_table(app, drive):
    """A newcomer who opened a table and sat reading it saw their first offer passed for
    them (pt79). Until a click or a key at the table, an offer waits, with no bar; the
    pointer moving over the table is not enough (reading, hovering cards)."""
    table = open_offer(app, drive, touched=False)
    drive.move((640, 400), steps=30)
    drive.wait(30)
    assert table.session.moves == [] and table.state.phase == "buy"
    assert table._offer_timer.left(table.state, table.offer_seconds()) is None  # no bar
    drive.click((5, 5))  # a click on the felt: somebody is there
    drive.wait(9.5)
    assert table.session.moves == []
    drive.wait(0.6)
    assert table.session.moves[:1] == ["pass"]
    table.undo()  # Undo builds a new table: the person is still there
    drive.settle()
    undone = app.scenes.top
    assert undone is not table and undone.state.phase == "buy" and undone._touched


def test_a_shorter_time_set_mid_offer_keeps_the_share_left(app, drive):
    """10 s set to 5 s with 6 s of the offer gone passed it the moment the game went on
    (pt80): the share of the time left is kept (4 of 10 s: 2 of 5 s)."""
    table = open_offer(app, drive)
    drive.wait(6)
    app.settings.telefunken_buy_timer = "5"
    drive.wait(1.8)
    assert table.session.moves == []
    assert 0.0 < table._offer_timer.left(table.state, table.offer_seconds()) < 0.1
    drive.wait(0.4)
    assert table.session.moves[:1] == ["pass"]


def test_only_the_first_timed_pass_says_where_more_time_is_had(app, drive):
    table = open_offer(app, drive, timer="5")
    drive.wait(5.2)
    assert table.session.moves[:1] == ["pass"]
    assert [t.text for t in app.toasts if t.text.startswith("Time is up")] == [
        "Time is up: you let 9♠ go. For more time: Settings, “Telefunken buy offers”."]
    app.toasts.clear()
    table.undo()  # the offer again, on a new table: said once is enough
    drive.settle()
    again = app.scenes.top
    assert again.state.phase == "buy" and again._told_more_time
    drive.move((6, 6))
    drive.wait(5.2)
    assert [t.text for t in app.toasts if t.text.startswith("Time is up")] == [
        "Time is up: you let 9♠ go."]


def test_the_bar_keeps_its_share_under_the_pause_menu_when_the_time_changes(app, drive):
    """Changed in Settings under the pause menu, the time's share left showed wrong on the
    frame the menu faded out (pt81): the bar shows the share as last counted."""
    table = open_offer(app, drive)
    drive.wait(6)
    share = table._offer_timer.left(table.state, table.offer_seconds())
    app.settings.telefunken_buy_timer = "5"  # (as Settings under the pause menu would)
    assert table._offer_timer.left(table.state, table.offer_seconds()) == pytest.approx(share)
