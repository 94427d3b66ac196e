"""Zetema: what the table says follows what is on it.

1. You and two computers: the line at the top of the meld zone said "Seat 2 to play" and
   Seat 2's panel "thinking…" while Seat 2's own discard was still flying to its pile, and
   "Seat 2 to play" while your discard was. Now, while a move's cards are landing, the line
   tells that move ("Seat 2 discarded 9♣"), no panel says "thinking", and the next seat is
   named "to play … thinking" once the move before it has landed. Before a computer's card
   sets off (the move's lead, its panel still holding the card) the line still says "Seat 2
   to play" and its panel "thinking…": with six seats it told the discard first.
2. The move log broke "(از پایل K)" ("(from the K pile)": where a king taken back for a
   marriage came from) over two lines in Persian; a short parenthesised phrase now stays on
   one line, in every language.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

import scenes.zetema.panels as panels_module
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.i18n import set_language
from game.rules import zetema as rules
from game.session import Session
from game.words.zetema import pile_card
from scenes import theme
from scenes.game_table import CONTINUED
from scenes.zetema.panels import gliding
from scenes.zetema_table import ZetemaTable, perform

H, AI = Seat("human"), Seat("ai", "easy")
NBSP = "\u00a0"

# no combination in any hand, before or after the draw: every move is a discard
HANDS = [["2C", "4D", "6H", "8S", "10C", "QD"],
         ["3C", "5D", "7H", "9S", "JC", "KD", "AH"],
         ["2H", "4S", "6C", "8D", "10H", "QS"]]


def three_seats(app, hands=HANDS, to_move=1, piles=None, moves=()):
    config = GameConfig("zetema", (H, AI, AI), 3, {"double": "S"})
    piles = {r: list((piles or {}).get(r, [])) for r in rules.RANKS}
    used = Counter(c for h in hands for c in h) + Counter(c for p in piles.values() for c in p)
    stock = list((Counter(rules.deck("S")) - used).elements())
    state = rules.load({"players": 3, "dealer": 0, "to_move": to_move, "phase": "meld",
                        "hands": [list(h) for h in hands], "stock": stock, "piles": piles,
                        "marriage_pile": [], "scores": [0, 0, 0]})
    session = Session(config, rules, state, state)
    for move in moves:
        session.play(move)
    drive = Driver(app)
    table = ZetemaTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table, drive


def plain(text: str) -> str:
    return text.replace(NBSP, " ")


def thinking_drawn(app, table, monkeypatch) -> tuple[int, ...]:
    """The seats whose panels a real drawing of the table writes "thinking…" in."""
    calls: list = []
    real = panels_module.blit_line

    def recording(surface, string, rect, *args, **kwargs):
        calls.append((string, rect))
        return real(surface, string, rect, *args, **kwargs)

    monkeypatch.setattr(panels_module, "blit_line", recording)
    app.draw(app.screen)
    monkeypatch.undo()
    return tuple(s for text, rect in calls if text.startswith("thinking")
                 for s in range(table.players)
                 if s != table.viewer and table.opponent_zone(s) == rect)


def discard_in_flight(table) -> bool:
    """The last move's card is still on its way to its pile."""
    card = table.session.moves[-1].split()[1]
    pile = table.piles[rules.CARD_RANK[card]]
    return any(c == card and gliding(e) for c, e in pile)


def follow_the_move(app, drive, table, monkeypatch, moves: int):
    """Step until the ``moves``-th move is made; then through its lead and flight, and the
    frames after it has landed until the next move: (what was said before its card set off,
    while it flew, once it had landed), each a list of (line, thinking seats)."""
    for _ in range(600):
        if len(table.session.moves) >= moves:
            break
        drive.step()
    assert len(table.session.moves) == moves
    lead, flying, landed = [], [], []
    for _ in range(600):
        table.world.activate()
        if len(table.session.moves) > moves:
            break
        said = (plain(table.meld_prompt()), thinking_drawn(app, table, monkeypatch))
        if table.leading_seat() is not None:
            assert not flying, "the lead came back"
            lead.append(said)
        elif discard_in_flight(table):
            assert not landed, "the card took off again"
            flying.append(said)
        elif not table.animating:
            landed.append(said)
            if table.mine:
                break
        drive.step()
    return lead, flying, landed


def test_the_line_tells_a_computers_discard_until_it_lands_then_names_the_next(
        app, monkeypatch):
    table, drive = three_seats(app)
    assert plain(table.meld_prompt()) == "Seat 2 to play"
    assert thinking_drawn(app, table, monkeypatch) == (1,)
    # Seat 2 (a computer) discards: it still thinks for the move's lead, then its card
    # flies; then Seat 3 (a computer) thinks
    lead, flying, landed = follow_the_move(app, drive, table, monkeypatch, 1)
    move = table.session.moves[0]
    assert move.startswith("discard ")
    told = f"Seat 2 discarded {pile_card(move.split()[1])}"
    assert len(lead) > 10 and set(lead) == {("Seat 2 to play", (1,))}, set(lead)
    assert len(flying) > 10  # Normal speed: a visible while
    assert set(flying) == {(told, ())}, set(flying)
    assert landed and set(landed) == {("Seat 3 to play", (2,))}, set(landed)
    # Seat 3 discards: its card flies; then it is your turn (nobody thinks)
    lead, flying, landed = follow_the_move(app, drive, table, monkeypatch, 2)
    move = table.session.moves[1]
    assert move.startswith("discard ")
    told = f"Seat 3 discarded {pile_card(move.split()[1])}"
    assert lead and set(lead) == {("Seat 3 to play", (2,))}, set(lead)
    assert len(flying) > 10 and set(flying) == {(told, ())}, set(flying)
    assert table.mine and landed[-1] == (
        "No combination to declare: discard a card onto the pile of its rank", ())
    assert all(line != "Seat 3 to play" for line, _ in landed)


def test_the_line_tells_your_discard_until_it_lands_then_names_the_computer(app, monkeypatch):
    table, drive = three_seats(app, to_move=0, hands=[HANDS[1], HANDS[0], HANDS[2]])
    assert table.mine
    perform(drive, table, "discard 9S")
    assert table.session.moves == ["discard 9S"]
    lead, flying, landed = follow_the_move(app, drive, table, monkeypatch, 1)
    assert not lead  # (a person's move has none)
    assert len(flying) > 10 and set(flying) == {("You discarded 9♠", ())}, set(flying)
    assert landed and set(landed) == {("Seat 2 to play", (1,))}, set(landed)


def marriage_logged(app, language: str) -> tuple[ZetemaTable, str]:
    """Your marriage of K♦ taken back from the K pile and Q♦, in the log; the phrase that
    says where the king came from ("(from the K pile)"), in ``language``."""
    set_language(language)
    hands = [["QD", "3C", "5H", "7S", "9D", "JC", "2S"], ["2C", "4D", "6H", "8S", "10C", "JD"],
             HANDS[2]]
    table, _drive = three_seats(app, hands=hands, to_move=0, piles={"K": ["KD"]},
                                moves=["meld marriage KD@pile QD"])
    phrase = pile_card("KD@pile")
    return table, phrase[phrase.index("("):]


@pytest.mark.parametrize("language", ["fa", "en", "vi"])
def test_the_pile_a_king_came_from_stays_on_one_line_of_the_log(app, language):
    table, phrase = marriage_logged(app, language)
    entry = table.session.log[-1]
    assert phrase in entry
    room = theme.text_width(phrase, 13) + theme.text_width(CONTINUED, 13)
    widths = range(room + 1, 420)
    for width in widths:  # (the log's own width among them)
        lines = table._log_lines(width)
        assert any(phrase in plain(line) for line in lines), (width, lines)
    assert table.log_rect().width - 28 in widths


def test_a_short_parenthesised_group_wraps_as_one_a_long_one_at_its_spaces(app):
    text = "Seat 2 declared a straight (2♥ 3♠ 4♦ 5♣ 6♥ 7♥) and (from the K pile) too"
    width = theme.text_width("Seat 2 declared a straight (2♥", 13)
    lines = theme.wrap(text, 13, width)
    assert any("(from the K pile)" in line for line in lines), lines
    assert not any("(2♥ 3♠ 4♦ 5♣ 6♥ 7♥)" in ln for ln in lines)  # six cards: broken as before
    assert all(theme.text_width(ln, 13) <= width for ln in lines)
    assert " ".join(lines) == text
    narrow = theme.text_width("(from the", 13)  # too narrow for the group: broken after all
    assert " ".join(theme.wrap(text, 13, narrow)) == text


def test_the_persian_log_draws_the_pile_phrase_on_one_line(app, monkeypatch):
    """The Persian table with the marriage in its log, drawn: the line that holds "(از" also
    holds its ")" (at the log's own width it was "…K♦ (از" over "پایل K) و Q♦…")."""
    table, phrase = marriage_logged(app, "fa")
    drawn = []
    real = theme.blit_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    app.draw(app.screen)
    monkeypatch.undo()
    assert [text for text in drawn if phrase in text]
    assert not [text for text in drawn if re.search(r"\((?![^)]*\))", text)], drawn


@pytest.mark.parametrize("text", [
    "Bắt đầu trận mới ở đây thì trận đã lưu sẽ mất.",
    "Hint: take Tam Văn with your Tam Sách as a Cạ.",
    "You hold three Lục Vạn: press Chíu! to claim it."])
def test_a_wrapped_paragraph_never_ends_on_a_word_alone(app, text):
    """"… sẽ / mất." left one word alone on the last line (pt101): it takes the last word of
    the line before, in as many lines, each within the width."""
    for width in range(theme.text_width(text, 16) // 3, theme.text_width(text, 16)):
        lines = theme.wrap(text, 16, width)
        if any(theme.text_width(word, 16) > width for word in text.split()):
            continue
        assert " ".join(lines) == text
        assert all(theme.text_width(ln, 16) <= width for ln in lines), (width, lines)
        plain = theme._measure  # (greedy, as before: the count of lines is unchanged)
        greedy, line = [], ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and plain(trial, 16, "sans") > width:
                greedy.append(line)
                line = word
            else:
                line = trial
        greedy.append(line)
        assert len(lines) == len(greedy), (width, lines, greedy)
        if len(lines) > 1 and " " not in lines[-1]:
            before = lines[-2].split(" ")
            assert len(before) < 3 or theme.text_width(
                f"{before[-1]} {lines[-1]}", 16) > width, (width, lines)


def test_a_group_kept_whole_on_the_last_line_is_not_a_word_alone(app):
    """"(6 chips left)" on the last line took "stock" down with it: "card from the / stock
    (6 chips left)" (the tour's Telefunken log). A group of words is not a word alone."""
    text = "card from the stock (6 chips left)"
    width = theme.text_width("card from the stock", 13)
    assert theme.wrap(text, 13, width) == ["card from the stock", "(6 chips left)"]


@pytest.mark.parametrize("text", [
    "Blue took the black marble on e5 — rings d6, e6 removed",
    "آبی مهرهٔ سیاه روی e5 را برداشت — حلقهٔ g2 حذف شد"])
def test_no_wrapped_line_begins_with_a_dash(app, text):
    """A Zertz log line wrapped in Persian began its second line with "—" (pt107): the dash
    stays at the end of the line before, at every width that breaks there."""
    broke = 0
    for width in range(theme.text_width(text, 15) // 3, theme.text_width(text, 15)):
        lines = theme.wrap(text, 15, width)
        assert " ".join(lines) == text
        assert not any(line.startswith("—") for line in lines), (width, lines)
        broke += any(line.endswith("—") for line in lines)
    assert broke  # (some widths break right after it)
