"""A deal's summary, once closed, is read: the save is named by the next deal and
Continue does not show that summary again (pt109: "end of deal 1" stood on the menu and
the summary came back after it had been closed, until the next deal's first move)."""

from __future__ import annotations

from game import saves
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.rules import zetema as rules
from game.session import Session
from game.storage import read_json
from scenes.menu import save_details
from scenes.results import DealSummary
from scenes.zetema_table import ZetemaTable
from tests.test_zetema_table import last_card_of_the_deal


def test_a_closed_summary_is_not_shown_again_and_the_save_names_the_next_deal(app):
    app.persist = True
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = last_card_of_the_deal(dealer=1)  # (the person plays first in deal 2)
    session = Session(config, rules, state, state)
    session.play("discard 9D")  # the deal's last card
    assert session.to_save()["deal_ended"] == 1
    drive = Driver(app)
    table = ZetemaTable(app, config, Session.from_save(session.to_save()))
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: isinstance(app.scenes.top, DealSummary), 120)
    summary = app.scenes.top
    assert isinstance(summary, DealSummary)
    drive.wait(1)
    drive.click(summary.widgets.widgets[0].rect.center)  # Continue: read
    drive.settle()
    assert app.scenes.top is table and len(table.session.moves) == len(session.moves)
    data = read_json(saves.autosave_path("zetema"))
    assert "deal_ended" not in data and data["summary_read"] is True
    [entry] = saves.list_saves()
    assert not entry.deal_ended and save_details(entry).startswith("deal 2")
    again = ZetemaTable(app, config, Session.from_save(data))  # Continue
    app.scenes.replace(again, transition=None)
    drive.step(30)
    assert not isinstance(app.scenes.top, DealSummary) and again.pending_summary is None
    assert again.ended_deal is None and again.state.deal == 2
    # a move after it: nothing of the summary is kept
    again.session.play(rules.legal_moves(again.session.state)[0])
    assert "summary_read" not in again.session.to_save()


def prompts_until_the_end(app, scores, end: str) -> tuple[ZetemaTable, list[str]]:
    """The computer at seat 0 holds the deal's last card (the person plays at seat 1): the
    meld zone's sentence at every frame until ``end`` stands with nothing moving, or the
    deal's summary opens. ``end`` is never said while that last card is on its way."""
    config = GameConfig("zetema", (Seat("ai", "easy"), Seat("human")), 3, {"double": "S"})
    state = last_card_of_the_deal(scores=scores, dealer=1)
    app.wait_for_ai = True
    drive = Driver(app)
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    said = []
    for _ in range(600):
        drive.step()
        if isinstance(app.scenes.top, DealSummary):
            break
        text = table.meld_prompt()
        said.append(text)
        if text == end:
            assert table.landing_seat() is None and table.leading_seat() is None
            if not table.animating and table.rules.over:
                break
    assert table.session.moves == ["discard 9D"]
    return table, said


def test_the_deal_is_said_over_only_once_its_last_card_has_landed(app):
    """"Deal 1 is over" stood in the meld zone while the computer's last discard was still
    to come (pt112): the zone tells that discard until it has landed."""
    _table, said = prompts_until_the_end(app, (40, 60), "Deal 1 is over")
    assert "Deal 1 is over" in said and said[0] != "Deal 1 is over"


def test_the_game_is_said_over_only_once_its_last_card_has_landed(app):
    """"Game over" stood in the meld zone before the computer's winning discard had even set
    off (pt113): the zone tells that discard until it has landed."""
    table, said = prompts_until_the_end(app, (295, 60), "Game over")  # the nines' zetema wins
    assert table.rules.over
    assert "Game over" in said and said[0] != "Game over"
