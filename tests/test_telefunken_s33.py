"""Telefunken, from play-testers' findings (session 33): Continue on a game saved over a
deal's summary shows the deal's end and its summary again before the next deal goes on."""

from __future__ import annotations

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.results import DealSummary
from scenes.telefunken_table import TelefunkenTable
from tests.test_telefunken_rules import OTHERS, position


def test_continue_after_quitting_over_a_deals_summary_shows_it_again(app, drive):
    """You went out with 9♠ and quit to the menu over the summary; Continue dealt on (the
    computer cut and played) and the summary never came back (pt82, in Zetema: Telefunken
    did the same)."""
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 5, {})
    hand = ["7H", "7D", "7C", "8H", "8D", "8C", "9S"]
    state = rules.load(position([hand] + OTHERS, deal=2, deal_winners=[1], dealer=2))
    session = Session(config, rules, state, state)
    session.play(next(m for m in rules.legal_moves(state) if m.startswith("meld") and "|" in m))
    session.play("discard 9S")  # out: deal 2 is over, the save is continued
    assert session.state.deal == 3
    moves = len(session.moves)
    table = TelefunkenTable(app, config, Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 200)
    summary = app.scenes.top
    assert isinstance(summary, DealSummary)
    assert summary.rows[summary.highlight_row][0] == "You"  # who went out, on its band
    assert table.ended_deal is not None and table.state.deal == 2
    drive.wait(3)
    assert len(table.session.moves) == moves  # nothing behind the summary
    summary.close()
    drive.step(2)
    assert app.scenes.top is table and table.banner and table.banner[0].startswith("Deal 3")
    # after Continue the next deal goes on (the computer cuts)
    drive.step_until(lambda: len(table.session.moves) > moves, 2400)
    assert len(table.session.moves) > moves and table.state is table.rules.state


def test_a_save_left_over_a_deals_summary_is_labelled_with_that_deals_end(tmp_path, monkeypatch):
    """A game quit over deal 2's summary was offered as "deal 3, 12 moves" (pt96, pt102):
    the save names the deal that ended, and the menu says "end of deal 2"; once the next
    deal has a move, its number again."""
    from game import saves
    from game.storage import write_json_atomic
    from scenes.menu import save_details

    monkeypatch.setattr(saves, "data_dir", lambda: tmp_path)
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 5, {})
    hand = ["7H", "7D", "7C", "8H", "8D", "8C", "9S"]
    state = rules.load(position([hand] + OTHERS, deal=2, deal_winners=[1], dealer=2))
    session = Session(config, rules, state, state)
    session.play(next(m for m in rules.legal_moves(state) if m.startswith("meld") and "|" in m))
    session.play("discard 9S")  # out: deal 2 is over
    assert session.to_save()["deal_ended"] == 2
    write_json_atomic(saves.autosave_path("telefunken"), session.to_save())
    [entry] = saves.list_saves()
    assert entry.deal == 2 and entry.deal_ended
    assert save_details(entry) == "end of deal 2"  # (with its moves, cut on Continue)
    session.play(rules.legal_moves(session.state)[0])  # the next deal's first move (the cut)
    assert "deal_ended" not in session.to_save()
    write_json_atomic(saves.autosave_path("telefunken"), session.to_save())
    [entry] = saves.list_saves()
    assert save_details(entry) == "deal 3, 3 moves"


def test_each_deals_cut_starts_from_the_middle(app, drive):
    """Deal 5's cutter found the marker where deal 4's cutter had cut (pt102): the next deal's
    cut starts from the middle of the pack again."""
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 5, {})
    hand = ["7H", "7D", "7C", "8H", "8D", "8C", "9S"]
    state = rules.load(position([hand] + OTHERS, deal=2, deal_winners=[1], dealer=2))
    session = Session(config, rules, state, state)
    session.play(next(m for m in rules.legal_moves(state) if m.startswith("meld") and "|" in m))
    session.play("discard 9S")
    table = TelefunkenTable(app, config, Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 200)
    table.cut_at = 5  # (where the last cut was made)
    app.scenes.top.close()
    drive.step(2)
    assert table.ended_deal is None and table.state.phase == "cut"
    assert table.cut_at is None  # (the cut's row, for a person, then starts at the middle)


def test_between_people_continue_over_a_deals_end_shows_the_hand_shown_as_it_ended(app, drive):
    """Between people, Seat 2 went out and the game was quit over the summary: Continue
    showed Seat 1's hand face up under it, where the table had shown Seat 2's (empty) hand
    as the deal ended (pt102)."""
    seats = (Seat("human"), Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"))
    config = GameConfig("telefunken", seats, 5, {})
    hand = ["7H", "7D", "7C", "8H", "8D", "8C", "9S"]
    hands = [OTHERS[0], hand, OTHERS[1], OTHERS[2]]
    state = rules.load(position(hands, deal=2, deal_winners=[1], dealer=2, to_move=1))
    session = Session(config, rules, state, state)
    session.play(next(m for m in rules.legal_moves(state) if m.startswith("meld") and "|" in m))
    session.play("discard 9S")  # Seat 2 is out
    table = TelefunkenTable(app, config, Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 200)
    assert isinstance(app.scenes.top, DealSummary)
    assert table.viewer == 1 and not table.curtain
    assert table.sync.entities("hand") == []  # no hand of Seat 1's under the summary


def test_between_people_continue_over_a_computers_going_out_keeps_the_cover(app, drive):
    """A computer went out: as the deal ended the next person's hand stood under the cover
    ("Deal 2: Seat 3 went out"); after Continue Seat 1's cards lay face up there (pt118)."""
    seats = (Seat("human"), Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"))
    config = GameConfig("telefunken", seats, 5, {})
    hand = ["7H", "7D", "7C", "8H", "8D", "8C", "9S"]
    hands = [OTHERS[0], OTHERS[1], hand, OTHERS[2]]
    state = rules.load(position(hands, deal=2, deal_winners=[1], dealer=1, to_move=2))
    session = Session(config, rules, state, state)
    session.play(next(m for m in rules.legal_moves(state) if m.startswith("meld") and "|" in m))
    session.play("discard 9S")  # Seat 3, a computer, is out
    table = TelefunkenTable(app, config, Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 200)
    assert isinstance(app.scenes.top, DealSummary)
    assert table.curtain and table.curtain_words().startswith("Deal 2: Seat 3 went out")
