"""Zetema, from a play-tester's findings (session 33): a card let go on the Marriages pile, or
a chosen card clicked onto it, says how marriages get there (it glided back without a word,
while the README promises that a drop on a pile says why)."""

from __future__ import annotations

import pytest

from tests.test_zetema_marriages import AI, H, start

MARRIAGE_WORDS = ("Only declared marriages go to the Marriages pile: put a king and a queen "
                  "of one suit in the meld zone and press Meld.")


def toasts(app) -> list[str]:
    return [t.text for t in app.toasts]


def test_a_card_dropped_on_the_marriages_pile_says_how_marriages_get_there(app):
    table, drive = start(app, (H, AI), [["KH", "QH", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    king = next(e for c, e in table.hand if c == "KH")
    app.toasts.clear()
    drive.drag(drive.center_of(king), table.layout["marriage"].rect.center, steps=8)
    drive.settle()
    assert toasts(app)[-1] == MARRIAGE_WORDS
    assert table.session.moves == [] and [c for c, _ in table.hand].count("KH") == 1


def test_a_chosen_card_clicked_onto_the_marriages_pile_says_so_too(app):
    table, drive = start(app, (H, AI), [["KH", "QH", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    for code in ("KH", "QH"):  # the marriage in the meld zone, then its pile clicked
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    assert sorted(c for c, _ in table.selection) == ["KH", "QH"]
    app.toasts.clear()
    drive.click(table.layout["marriage"].rect.center)
    drive.settle()
    assert toasts(app) == [MARRIAGE_WORDS]
    assert table.session.moves == [] and sorted(c for c, _ in table.selection) == ["KH", "QH"]
    app.toasts.clear()
    drive.click(drive.center_of(next(e for c, e in table.selection if c == "QH")))
    drive.settle()  # one card left in the zone: the same words
    drive.click(table.layout["marriage"].rect.center)
    drive.settle()
    assert toasts(app) == [MARRIAGE_WORDS]


def test_after_an_undo_the_log_keeps_the_line_before_the_move_taken_back(app):
    """You discarded and pressed Ctrl+Z at once: while your card glided home, the line of the
    computer's move before yours went from the log, and came back once it had landed (pt82)."""
    import pygame

    from scenes.zetema_table import perform

    table, drive = start(app, (H, AI), [["5H", "6H", "8D", "9C"], ["7D", "3H", "6C", "8S"]])
    perform(drive, table, "discard 9C")
    for _ in range(40):  # the computer's answer
        drive.wait(0.5)
        if table.rules.to_move == 0 and not table.animating:
            break
    drive.settle(900)
    assert table.rules.to_move == 0 and len(table.session.moves) >= 2
    before = list(table.session.log)
    code = next(c for c, _ in table.hand)
    perform(drive, table, f"discard {code}", by="click")
    drive.step(2)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    for _ in range(20):  # every frame while the cards glide back
        drive.step()
        table = app.scenes.top
        assert table.session.log == before and table.told_log() == before


def test_a_refusal_stands_clear_of_the_meld_zones_cards_and_goes_when_they_change(app):
    """A♠ and 2♠ in the meld zone, the 2 pile clicked: the refusal ("it holds 2 cards: click
    the others…") stood over those two cards, and after A♠ was clicked back it stood on,
    saying "2 cards" of a zone holding one (pt82). It stands above the zone now, and goes
    when the zone changes."""
    from tests.test_zetema_table import pile_centre

    table, drive = start(app, (H, AI), [["AS", "2S", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    for code in ("AS", "2S"):
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    app.toasts.clear()
    drive.click(pile_centre(table, "2"))
    drive.step(3)
    (toast, _lines, box), = app._toast_places(app.toasts)
    assert toast.text.startswith("To discard, leave only that card in the meld zone")
    zone = table.layout["meld"].rect
    assert box.bottom <= zone.top
    cards = [drive.center_of(e) for _, e in table.selection]
    assert not any(box.collidepoint(c) for c in cards)
    drive.click(drive.center_of(next(e for c, e in table.selection if c == "AS")))
    drive.step(2)
    assert [c for c, _ in table.selection] == ["2S"] and app.toasts == []


@pytest.mark.parametrize("who_deals", [0, 1])
def test_continue_after_quitting_over_a_deals_summary_shows_it_again(app, who_deals):
    """Quit to the menu over "Deal 1 is over", then Continue: the next deal was under way,
    the computer's moves made, and the summary never came back (pt82). The table built on
    such a save shows the ended deal and its summary again, and deals on once it is
    closed."""
    from collections import Counter

    from game.catalog import GameConfig, Seat
    from game.driver import Driver
    from game.rules import zetema as rules
    from game.session import Session
    from scenes.results import DealSummary
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import last_card_of_the_deal

    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = last_card_of_the_deal(dealer=who_deals)
    session = Session(config, rules, state, state)
    session.play("discard 9D")  # the deal's last card, then the save is continued
    assert session.state.deal == 2 and session.result is None
    moves = len(session.moves)
    drive = Driver(app)
    table = ZetemaTable(app, Session.from_save(session.to_save()).config,
                        Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 120)
    summary = app.scenes.top
    assert isinstance(summary, DealSummary) and summary.title == "Deal 1 is over"
    drive.wait(3)
    assert len(table.session.moves) == moves  # nobody plays on under it
    assert table.hand == [] and sum(len(p) for p in table.piles) == 65
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.settle()
    assert app.scenes.top is table and table.state is table.rules.state
    assert Counter(c for c, _ in table.hand) == Counter(table.state.hands[0])


def test_between_people_continue_over_a_deals_end_deals_on_under_the_cover(app):
    from game.catalog import GameConfig, Seat
    from game.driver import Driver
    from game.rules import zetema as rules
    from game.session import Session
    from scenes.results import DealSummary
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import last_card_of_the_deal

    config = GameConfig("zetema", (Seat("human"), Seat("human")), 3, {"double": "S"})
    state = last_card_of_the_deal()
    session = Session(config, rules, state, state)
    session.play("discard 9D")
    drive = Driver(app)
    table = ZetemaTable(app, config, Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 120)
    assert isinstance(app.scenes.top, DealSummary)
    assert table.hand == []  # (no hand under the summary: nothing to cover)
    drive.wait(1)
    drive.click(app.scenes.top.widgets.widgets[0].rect.center)
    drive.settle()
    assert app.scenes.top is table and table.curtain
    assert table.viewer == table.rules.to_move


def test_the_covers_recap_at_a_new_deal_says_where_it_began(app):
    """At a new deal the cover's "Since your last move" ran on from the last deal's moves
    with no word of the new deal, where the move log has "— Deal 2 —" (pt117)."""
    from game.catalog import GameConfig, Seat
    from game.driver import Driver
    from game.rules import zetema as rules
    from game.session import Session
    from scenes.results import DealSummary
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import last_card_of_the_deal

    config = GameConfig("zetema", (Seat("human"), Seat("human")), 3, {"double": "S"})
    state = last_card_of_the_deal()
    session = Session(config, rules, state, state)
    session.play("discard 9D")  # deal 1 ends
    drive = Driver(app)
    table = ZetemaTable(app, config, Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 120)
    drive.wait(1)
    drive.click(app.scenes.top.widgets.widgets[0].rect.center)
    drive.settle()
    assert table.curtain and table.state.deal == 2
    heading, lines = table.cover_recap()
    assert lines and lines[-1] == "— Deal 2 —"
    assert lines[-2].startswith(f"{len(table.session.moves)}. ")  # after the last deal's end
