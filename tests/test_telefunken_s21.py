"""A play-tester's findings at the Telefunken table (hot seat: seats 1 and 2 people, seat 3 the
computer): the deal's summary kept its Vietnamese words after the language was changed to
English from the pause menu over it; a person's discard lost its last-move outline and tag
when the pile held four cards or more (after a meld or lay-offs, and a computer's discard
after Undo); a click meant for Draw landed on the Buy button of an offer that came just then,
spending a chip."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes import theme
from scenes.settings import set_app_language
from scenes.telefunken import words
from scenes.telefunken.moves import press
from scenes.telefunken.table import BUTTON_QUIET, TelefunkenTable
from tests.test_telefunken_playtest_s18 import load

H = Seat("human")
CONFIG = GameConfig("telefunken", (H, H, Seat("ai", "easy")), 3, {})
PILE = ("5S", "6S", "7S", "8S", "10C", "JC")  # more discards than the pile shows (four)


def open_table(app, drive, state) -> TelefunkenTable:
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.reset(table, transition=None)
    drive.settle()
    return table


def texts_drawn(scene, app, monkeypatch) -> list[str]:
    """Every text ``scene`` draws on a frame."""
    drawn: list[str] = []
    real = theme.blit_text

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", record)
    scene.draw(pygame.Surface(app.size))
    monkeypatch.setattr(theme, "blit_text", real)
    return drawn


# -- 1. the deal's summary follows a change of language ----------------------------------------

def going_out() -> rules.State:
    """Deal 1: Seat 1 (melded) holds only K♣ and is to discard it, going out."""
    hands = [["KC"], ["4D", "6C", "8D", "2H"], ["4C", "6D", "8H", "JS", "JK"]]
    return load(hands, players=3, melds=[{"owner": 0, "cards": ["QS", "QH", "QC"]}],
                to_move=0, totals=[0, 0, 0])


def summary_of(app, drive, table):
    from scenes.results import DealSummary

    for _ in range(900):
        if isinstance(app.scenes.top, DealSummary):
            break
        drive.step()
    assert isinstance(app.scenes.top, DealSummary)
    drive.settle()
    return app.scenes.top


ENGLISH = ("Deal 1: Seat 1 went out", "Penalty points for the cards left in hand",
           ["Player", "This deal", "Total", "Stakes so far"])


def assert_english(summary, app, monkeypatch) -> None:
    assert (summary.title, summary.subtitle, summary.header) == ENGLISH
    assert sorted(row[0] for row in summary.rows) == ["Seat 1", "Seat 2", "Seat 3"]
    drawn = texts_drawn(summary, app, monkeypatch)
    for text in (*ENGLISH[:2], *ENGLISH[2], "Seat 1", "Seat 2", "Seat 3", "Continue"):
        assert text in drawn, (text, drawn)
    assert not any("Ván" in t or "Ghế" in t or "Người" in t for t in drawn), drawn


def test_the_open_summary_changes_language_with_the_table(app, drive, monkeypatch):
    """Esc over the summary of deal 1 in Vietnamese, Settings, English, Done, Resume: the
    table, log and Continue turned English but the summary's title, subtitle, headings and
    seat names stayed Vietnamese."""
    set_app_language(app, "vi")
    table = open_table(app, drive, going_out())
    table.rules.submit("discard KC")
    summary = summary_of(app, drive, table)
    assert summary.title == i18n._("Deal {deal}: {name} went out").format(
        deal=i18n.num(1), name=i18n._("Seat {number}").format(number=i18n.num(1)))
    assert summary.title.startswith("Ván 1")  # (the summary opens in Vietnamese)
    assert ("Ghế 1", ("KC",)) in marked(table, 0)  # the last discard, tagged on the pile
    summary.pause_game()  # Esc: the pause menu over the summary, then Settings
    drive.settle()
    set_app_language(app, "en")
    app.scenes.pop(transition=None)  # Resume: back to the summary
    drive.settle()
    assert app.scenes.top is summary
    assert_english(summary, app, monkeypatch)
    # the table under it too, the discard that ended the deal still tagged (the tag went:
    # made again, it was looked for among the next deal's discards)
    assert ("Seat 1", ("KC",)) in marked(table, 0), marked(table, 0)


def test_a_summary_still_to_open_comes_in_the_new_language(app, drive, monkeypatch):
    """(The language changed while the deal's last banner was read, before the summary
    opened: it opened in the old language.)"""
    set_app_language(app, "vi")
    table = open_table(app, drive, going_out())
    table.rules.submit("discard KC")
    for _ in range(300):
        drive.step()
        if table.pending_summary is not None:
            break
    assert table.pending_summary is not None and table.pending_summary[0].startswith("Ván")
    set_app_language(app, "en")
    assert_english(summary_of(app, drive, table), app, monkeypatch)


# -- 2. a person's discard keeps its outline after a meld or lay-offs -------------------------

def marked(table, seat: int) -> list[tuple[str, tuple[str | None, ...]]]:
    table.world.activate()
    return [(m.label, tuple(table.sync.code_of(e) for e in m.entities))
            for m in table.marks.marks.get(seat, [])]


@pytest.mark.parametrize("moves", [
    ["meld 9S 9H 9C", "discard KD"],
    ["add 10D to 1", "add 9D to 0", "discard 3S"],
])
def test_a_persons_discard_after_melding_keeps_its_outline(app, drive, moves):
    """Seat 1 melded (or laid off) and discarded onto a pile of four or more: the meld was
    outlined but not the discard that ended the turn (the hand passed to Seat 2, the marks
    were made again, and the discard was looked for at its place among all the discards,
    past the four the pile shows)."""
    if moves[0].startswith("meld"):
        hands = [["9S", "9H", "9C", "KD", "3S"], ["2H", "3H", "9D", "5C"],
                 ["2S", "3C", "4H", "5D"]]
        melds = []
    else:
        hands = [["10D", "9D", "3S", "KD"], ["2H", "3H", "4D", "5C"], ["2S", "3C", "4H", "5D"]]
        melds = [{"owner": 0, "cards": ["9S", "9H", "9C"]},
                 {"owner": 1, "cards": ["10S", "10H", "10C"]}]
    table = open_table(app, drive, load(hands, players=3, melds=melds, discard=PILE))
    drive.lift_cover(table)
    for move in moves:
        assert move in table.legal(), (move, table.legal())
        table.rules.submit(move)
        drive.settle()
    assert table.viewer == 1 and table.curtain  # (the hand passed to Seat 2)
    card = moves[-1].split()[1]
    top_code, top = table.sync.entities("discard")[-1]
    assert top_code == card
    assert ("Seat 1", (card,)) in marked(table, 0), marked(table, 0)
    mark = next(m for m in table.marks.marks[0] if m.entities == (top,))
    assert table.marks._box(mark) is not None  # (outlined on the pile)
    assert len(marked(table, 0)) == len(moves)  # the meld or lay-offs, and the discard


def test_the_computers_discard_keeps_its_outline_after_undo(app, drive):
    """Seat 3 discarded 7♣ onto a long pile; Seat 1 let it go (Pass) and took that back:
    the table made again by Undo lost Seat 3's tag on the 7♣."""
    app.settings.undo_between_people = True
    hands = [["2H", "3H", "9D", "5C", "KD"], ["4D", "6C", "8D", "QH"],
             ["7C", "2S", "3C", "4H", "5D"]]
    table = open_table(app, drive, load(hands, players=3, to_move=2, discard=PILE))
    table.rules._apply("discard 7C")  # the computer's decision, through the normal move path
    drive.settle()
    assert ("Seat 3", ("7C",)) in marked(table, 2)  # (marked as it landed)
    drive.lift_cover(table)
    press(drive, table, "pass")
    drive.settle()
    assert table.session.moves == ["discard 7C", "pass"] and table.viewer == 1
    table.undo()
    drive.settle()
    table = app.scenes.top
    assert table.session.moves == ["discard 7C"]
    assert ("Seat 3", ("7C",)) in marked(table, 2), marked(table, 2)
    top = table.sync.entities("discard")[-1][1]
    assert [m.entities for m in table.marks.marks[2]] == [(top,)]


# -- 3. an offer's Buy button that has just come takes no click ---------------------------------

def offered_again() -> rules.State:
    """Seat 2 (melded: it buys nothing) has discarded 9S; Seat 1 is offered it; Seat 3, the
    computer, draws next (melded too): once Seat 1 passes, the computer draws and discards,
    and its discard is offered to Seat 1 at once."""
    hands = [["2H", "3H", "9D", "5C", "KD", "7H", "JD"], ["4D", "6C", "8D", "QH"],
             ["2S", "3C", "4H", "5D", "6D", "8C", "10H"]]
    melds = [{"owner": 1, "cards": ["9C", "9H", "9S"]},
             {"owner": 2, "cards": ["QS", "QD", "QC"]}]
    return load(hands, players=3, melds=melds, phase="buy", to_move=0, discard=PILE,
                discarder=1, offer=[])


def buy_button(table):
    label = words.button("buy")
    return next((w for w in table.widgets.widgets if getattr(w, "label", "") == label), None)


def pass_then_offer(app, drive) -> TelefunkenTable:
    """Seat 1 passes (its Buy and Pass stood in the row); the frame the computer's discard
    is offered to it, with the Buy button where Draw (or Buy) stood."""
    table = open_table(app, drive, offered_again())
    drive.lift_cover(table)
    assert buy_button(table) is not None and buy_button(table).quiet() == 0  # (none stood)
    press(drive, table, "pass")
    for _ in range(900):
        drive.step()
        if len(table.session.moves) >= 3 and buy_button(table) is not None:
            break
    assert table.state.phase == "buy" and table.rules.to_move == 0 and table.mine
    assert table.session.moves[:2] == ["pass", "draw"], table.session.moves
    return table


def test_a_click_as_the_buy_button_comes_buys_nothing(app, drive):
    table = pass_then_offer(app, drive)
    moves, chips = list(table.session.moves), table.state.chips[0]
    app.toasts.clear()
    drive.click(buy_button(table).rect.center)  # (meant for Draw)
    drive.step(2)
    assert table.session.moves == moves and table.state.chips[0] == chips
    assert [t.text for t in app.toasts] == [  # (it said nothing: the button looked dead)
        f"{buy_button(table).label} has only just appeared: press it again if you mean it."]
    assert table.state.phase == "buy" and table.rules.to_move == 0  # still offered
    drive.wait(BUTTON_QUIET)  # a moment later, the click is meant
    drive.click(buy_button(table).rect.center)
    drive.settle()
    assert table.session.moves == moves + ["buy"] and table.state.chips[0] == chips - 1


def test_clicks_in_a_burst_keep_the_buy_button_quiet(app, drive):
    """As the cover between people: each press while it is quiet starts the quiet again (a
    person still clicking as the offer comes does not buy on the third click)."""
    table = pass_then_offer(app, drive)
    moves = list(table.session.moves)
    for _ in range(3):
        drive.click(buy_button(table).rect.center)
        drive.wait(BUTTON_QUIET * 0.6)
    assert table.session.moves == moves
    drive.wait(BUTTON_QUIET)
    drive.click(buy_button(table).rect.center)
    drive.settle()
    assert table.session.moves == moves + ["buy"]


def test_ctrl_z_and_h_over_the_summary_say_why_they_do_nothing(app, drive):
    """(The tester: with the deal summary open, Ctrl+Z and H did nothing and said nothing.)"""
    table = open_table(app, drive, going_out())
    table.rules.submit("discard KC")
    summary_of(app, drive, table)
    app.toasts.clear()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.key(pygame.K_h)
    assert [t.text for t in app.toasts] == ["Nothing to undo: deal 1 is over.",
                                            "Deal 1 is over: Continue deals the next one."]
