"""The move log is worded when shown, from the moves: a change of language re-words all of it,
saves keep moves only, a game without a words module falls back to its engine's English."""

from __future__ import annotations

import json

import pytest

import game.session as session_module
from game import i18n
from game.catalog import GameConfig, Seat
from game.i18n import _
from game.session import Session
from scenes import theme
from scenes.zertz_table import ZertzTable

ZERTZ = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 5, {"first": 0})
ZETEMA = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def worded(monkeypatch):
    """A words module for every game: "<first word of the move> by <name>" in the
    current language ("Hint" stands for any translated word)."""
    calls = []

    def describe(before, move, names):
        calls.append(names)
        return f"{_('Hint')}: {move} ({names[before.seat if hasattr(before, 'seat') else 0]})"

    monkeypatch.setattr(session_module, "describer", lambda key: describe)
    return calls


def test_a_change_of_language_rewords_the_whole_log(worded):
    s = Session.new(ZERTZ)
    s.play("place d4")
    s.play(s.rules.legal_moves(s.state)[0])
    english = list(s.log)
    assert english[0] == "Hint: place d4 (Red)"
    i18n.set_language("vi")
    assert s.log[0] == "Gợi ý: place d4 (Đỏ)"  # the same move, re-worded, seat name too
    assert len(s.log) == 2 and s.log != english
    i18n.set_language("fa")
    assert s.log[0].startswith("راهنما: ")
    i18n.set_language("en")
    assert s.log == english


def test_the_log_follows_undo_and_is_not_in_the_save(worded):
    config = GameConfig("zertz", (Seat("human"), Seat("human")), 5, {"first": 0})
    s = Session.new(config, undo_between_people=True)
    s.play("place d4")
    s.play(s.rules.legal_moves(s.state)[0])
    assert len(s.log) == 2
    s.undo()
    assert len(s.log) == len(s.moves) == 1
    data = s.to_save()
    assert "log" not in data and "Hint" not in json.dumps(data)
    i18n.set_language("vi")
    back = Session.from_save(json.loads(json.dumps(data)))
    assert back.log == ["Gợi ý: place d4 (Đỏ)"]  # worded from the moves, in today's language


def test_the_words_module_gets_the_seat_names_in_the_players_language(worded):
    i18n.set_language("vi")
    s = Session.new(ZETEMA)
    s.play(s.rules.legal_moves(s.state)[0])
    s.log  # noqa: B018 - worded when read
    assert worded[-1] == ["Bạn", "Ghế 2"]
    i18n.set_language("fa")
    assert Session.new(ZETEMA).seat_names() == ["شما", "جایگاه ۲"]
    assert Session.new(ZETEMA).seat_names(translated=False) == ["You", "Seat 2"]


def test_without_a_words_module_the_engine_speaks_english_with_cards_as_shown():
    i18n.set_language("vi")
    s = Session.new(ZETEMA)
    while not any(ch in "♠♥♦♣" for line in s.log for ch in line):
        s.play(s.rules.legal_moves(s.state)[0])
        assert len(s.log) < 50
    line = next(line for line in s.log if any(ch in "♠♥♦♣" for ch in line))
    assert "Bạn" not in line  # an English sentence keeps English names, not a mixture
    assert not any(code in line for code in ("2S", "3S", "KH"))


def test_a_failing_words_module_falls_back_to_the_engine(monkeypatch):
    def broken(before, move, names):
        raise KeyError("not written yet")

    monkeypatch.setattr(session_module, "describer", lambda key: broken)
    s = Session.new(ZERTZ)
    s.play("place d4")
    assert s.log == ["Red placed a piece on d4"]


def log_drawn(table, monkeypatch) -> list[str]:
    seen = []
    original = theme.blit_text

    def record(surface, string, *args, **kwargs):
        seen.append(string)
        return original(surface, string, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", record)
    table.draw_log(table.app.screen)
    monkeypatch.setattr(theme, "blit_text", original)
    return seen


def test_the_table_log_is_reworded_when_the_language_changes(app, drive, worded, monkeypatch):
    table = ZertzTable(app, ZERTZ)
    app.scenes.push(table, transition=None)
    drive.settle()
    seat = table.state.seat
    drive.drag(drive.center_of(table.supply_ents[seat][-1]), table.ring_center("d4"))
    drive.settle()
    drawn = log_drawn(table, monkeypatch)
    assert "Moves" in drawn and "1. Hint: place d4 (Red)" in drawn
    i18n.set_language("fa")
    for scene in app.scenes.stack:
        getattr(scene, "language_changed", lambda: None)()
    drive.step(2)
    drawn = log_drawn(table, monkeypatch)
    assert "حرکت‌ها" in drawn and "Moves" not in drawn
    assert "۱. راهنما: place d4 (قرمز)" in drawn  # number, words and seat name in Persian
    labels = {getattr(w, "label", "") for w in table.widgets.widgets}
    assert {"واگرد", "راهنما", "منو"} <= labels and not labels & {"Undo", "Hint", "Menu"}


def test_the_log_never_shows_an_entry_without_its_start(app, drive, monkeypatch):
    """Long entries wrap onto two lines; the log showed the last lines that fit, so its top
    line could be the second half of an entry ("2's gate with Ngũ Vạn: a Chắn")."""
    from scenes.game_table import CONTINUED

    table = ZertzTable(app, ZERTZ)
    app.scenes.push(table, transition=None)
    drive.settle()
    width = table.log_rect().width - 28
    long = "Red placed a piece on d4 and then thought about it for a long while, twice"
    for shift in range(4):  # whatever the parity of the lines, the top one starts an entry
        table.session.log[:] = ["short"] * shift + [long] * 30
        lines = table._log_lines(width)
        assert any(line.startswith(CONTINUED) for line in lines)
        drawn = [s for s in log_drawn(table, monkeypatch) if s in lines]
        assert drawn and not drawn[0].startswith(CONTINUED)
        assert drawn == lines[-len(drawn):]  # the newest lines, in order


@pytest.mark.parametrize("lang", ("en", "fa"))
def test_an_entrys_indented_lines_fit_the_log_too(app, drive, lang):
    """A wrapped entry's later lines were wrapped to the log's width and then indented: in
    Persian they ran past the panel's left border (a take that removed two rings)."""
    from scenes.game_table import CONTINUED

    i18n.set_language(lang)
    try:
        table = ZertzTable(app, ZERTZ)
        app.scenes.push(table, transition=None)
        drive.settle()
        entry = _("{name} took the {colour} marble on {ring} — rings {removed} removed").format(
            name=_("Red"), colour=_("white"), ring="c3", removed="c3, c4")
        table.session.log[:] = [entry, entry + " " + entry] * 3
        for width in range(150, 262, 4):  # wherever the lines break
            lines = table._log_lines(width)
            assert any(line.startswith(CONTINUED) for line in lines)
            assert all(theme.text_width(line, 13) <= width for line in lines), [
                (width, theme.text_width(line, 13), line) for line in lines]
    finally:
        i18n.set_language("en")
