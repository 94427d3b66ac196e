"""Zetema: the score sheet. Its gold name is the seat to play, as the meld zone names it; a
heading stands where each new deal begins, as in the move log."""

from __future__ import annotations

import random

import scenes.zetema.panels as panels_module
from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import zetema as rules
from game.session import Session
from game.words.zetema import score_reason
from scenes import theme
from scenes.zetema import words
from scenes.zetema_table import ZetemaTable, perform
from tests.test_marks import record_calls
from tests.test_zetema_marriages import start

H, AI = Seat("human"), Seat("ai", "easy")


def gold_on_the_sheet(app, table, monkeypatch) -> list[str]:
    """The seats' names drawn in gold on the score sheet, in a real drawing of the table."""
    calls: list = []
    real = panels_module.blit_line

    def recording(surface, string, rect, y, size, color, *args, **kwargs):
        calls.append((string, rect, color))
        return real(surface, string, rect, y, size, color, *args, **kwargs)

    monkeypatch.setattr(panels_module, "blit_line", recording)
    app.draw(app.screen)
    monkeypatch.undo()
    names = {table.seat_name(s) for s in range(table.players)}
    return [text for text, rect, colour in calls
            if rect == table.sheet_rect() and text in names and colour == theme.GOLD]


def test_the_sheet_lights_the_seat_the_meld_zone_says_is_to_play(app, monkeypatch):
    """Three people and the computer: while Seat 3's discard landed the sheet already lit
    Seat 4, and while the computer's landed ("Seat 4 to play") it lit Seat 1. Frame by
    frame the sheet's gold name is the one of "… to play", as on the seats' panels."""
    hands = [["KC", "QC", "3C", "9D", "10H", "6C", "AH"],
             ["7D", "3H", "5C", "8S", "9S", "JS", "2H"],
             ["KS", "3D", "4C", "8C", "9C", "JC", "7H"],
             ["7S", "2D", "4D", "8D", "9H", "JD", "10D"]]
    table, drive = start(app, (H, H, H, AI), hands, to_move=2)
    if table.curtain:
        drive.lift_cover(table)
    perform(drive, table, "discard 3D")
    seen, told = set(), set()
    for _ in range(150):
        drive.step()
        prompt = table.meld_prompt().replace("\u00a0", " ")
        if prompt.endswith(" to play"):
            who = prompt.removesuffix(" to play")
            seen.add(who)
            assert gold_on_the_sheet(app, table, monkeypatch) == [who], prompt
        else:
            told.add(prompt)
    # (Seat 3's discard is told as it lands, under Seat 4's cover; then the computer plays,
    # then Seat 1)
    assert {"Seat 4", "Seat 1"} <= seen and "Seat 3 discarded 3♦" in told
    assert len(table.session.moves) == 2


def two_deals() -> tuple[GameConfig, Session]:
    """A game of three seats into its second deal, with a score in each deal."""
    config = GameConfig("zetema", (H, AI, AI), 7, {"double": "S"})
    session = Session.new(config)
    rng = random.Random(3)
    deals: set[int] = set()
    while deals != {1, 2}:
        moves = rules.legal_moves(session.state)
        deal = session.state.deal
        events = session.play(rng.choice([m for m in moves if m.startswith("meld")] or moves))
        deals |= {deal for e in events or () if isinstance(e, rules.Scored)}
    return config, session


def sheet_rows_drawn(app, table, monkeypatch) -> list[str]:
    """The sheet's rows below its seats as drawn (words, not the points beside), top down."""
    drawn = record_calls(monkeypatch, panels_module, "blit_line")
    app.draw(app.screen)
    monkeypatch.undo()
    sheet = table.sheet_rect()
    top = sheet.y + 34 + 20 * table.players
    rows = [(rect.y, text) for text, rect in drawn if sheet.contains(rect) and rect.y > top
            and not text.startswith(("+", "wheel"))]
    return [text for _, text in sorted(rows)]


def test_the_sheet_has_a_heading_where_a_new_deal_begins(app, drive, monkeypatch):
    """The move log said "— Deal 2 —" where the second deal began; the score sheet ran on
    from the first deal's entries into the second's. Now it says so there too, between the
    first deal's last entry and the second's first."""
    config, session = two_deals()
    table = ZetemaTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle(1200)
    assert {e[3] for e in table.sheet} == {1, 2}
    expected = []
    for row in table.sheet_lines():
        if isinstance(row, str):
            expected.append(row)
        else:
            expected.append(words.sheet_line(table.seat_name(row[0]), score_reason(row[2])))
    assert expected.count("— Deal 2 —") == 1 and "— Deal 1 —" not in expected
    at = expected.index("— Deal 2 —")
    assert table.sheet[at - 1][3] == 1 and table.sheet[at][3] == 2  # (rows: one heading)
    shown = sheet_rows_drawn(app, table, monkeypatch)
    assert "— Deal 2 —" in shown[1:-1]  # with entries above and below it
    assert shown == expected[len(expected) - len(shown):]


def test_the_deal_heading_reads_from_the_right_in_persian(app, drive, monkeypatch):
    i18n.set_language("fa")
    config, session = two_deals()
    table = ZetemaTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle(1200)
    drawn = record_calls(monkeypatch, panels_module, "blit_line")
    app.draw(app.screen)
    sheet = table.sheet_rect()
    (heading,) = [rect for text, rect in drawn if text == words.deal_heading(2)]
    assert words.deal_heading(2) == "— دست ۲ —"
    assert sheet.contains(heading) and heading.right == sheet.right - 12


def test_the_sheet_heads_a_new_deal_as_soon_as_it_is_in_play(app, drive):
    """"— Deal 2 —" came only with the deal's first score: right after the deal's summary the
    sheet said nothing of the new deal (a play-tester looked for it)."""
    config = GameConfig("zetema", (H, AI, AI), 7, {"double": "S"})
    session = Session.new(config)
    rng = random.Random(3)
    while session.state.deal < 2:
        moves = rules.legal_moves(session.state)
        session.play(rng.choice([m for m in moves if m.startswith("meld")] or moves))
    from scenes.results import DealSummary

    table = ZetemaTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle(600)
    if isinstance(app.scenes.top, DealSummary):  # (deal 1's, read again if it just ended)
        app.scenes.top.close()
        drive.settle(600)
    assert table.sheet and {e[3] for e in table.sheet} == {1}
    assert table.sheet_lines()[-1] == "— Deal 2 —"
