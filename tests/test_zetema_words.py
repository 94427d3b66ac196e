"""Zetema in words a player understands (issues 11 and 13): no card codes or internal numbers
in any message, refusals that say why (derived from the position), prompts derived from the
legal moves, and the same messages in Persian and Vietnamese."""

from __future__ import annotations

import re

import esper
import pytest

from ecs.components import DropTarget
from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import zetema as rules
from game.session import Session
from game.words import describer
from game.words import zetema as log_words
from scenes.zetema import words
from scenes.zetema.panels import fit_lines
from scenes.zetema_table import ZetemaTable
from tests.test_zetema_table import hand_ent, pile_centre, position

CODE = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])[SHDC](?!\w)|@pile|meld \d|\bmeld (straight|flush|"
                  r"assembly|marriage)|\(\d+\)")
ENGLISH = re.compile(r"\b(the|pile|card|cards|discard|discarded|onto|rank|your|goes|after|hint|"
                     r"zetema of|points?|declared|straight|flush|marriage|combination|to play)\b",
                     re.IGNORECASE)
STRAIGHT = ["2H", "3C", "4H", "5D", "6H", "7S", "KS"]
OTHER = ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def no_codes(text: str) -> None:
    assert text and not CODE.search(text), text


def plain(text: str) -> str:
    """The text without the isolates that keep cards left to right in Persian."""
    return text.replace(log_words.LRI, "").replace(log_words.PDI, "")


def not_english(text: str, english: str) -> None:
    assert text != english
    found = ENGLISH.search(plain(text))
    assert found is None, (text, found)


# -- the move log ----------------------------------------------------------------------------

def test_the_log_names_cards_as_shown_and_melds_by_kind_and_cards():
    assert describer("zetema") is log_words.describe
    state = position(STRAIGHT, OTHER, piles={"Q": ["QS"]})
    meld = "meld straight 2H 3C 4H 5D 6H 7S"
    assert meld in rules.legal_moves(state)
    line = log_words.describe(state, meld, ["You", "Seat 2"])
    assert line == "You declared a straight (2♥ 3♣ 4♥ 5♦ 6♥ 7♠) for 10 points"
    line = log_words.describe(state, "discard KS", ["You", "Seat 2"])
    assert line == "You discarded K♠"
    marriage = position(["KS", "2C", "4H", "5D", "6H", "7S", "9C"], OTHER, piles={"Q": ["QS"]})
    line = log_words.describe(marriage, "meld marriage KS QS@pile", ["You", "Seat 2"])
    assert line == "You declared a marriage of K♠ and Q♠ (from the Q pile) for 10 points"
    no_codes(line)


def test_a_zetema_in_the_log_names_the_rank_and_its_points():
    state = position(["9D", "2C"], ["3H"], piles={"9": ["9S", "9S", "9H", "9C"]})
    line = log_words.describe(state, "discard 9D", ["You", "Seat 2"])
    assert line == "You discarded 9♦: zetema of nines, 5 points"
    no_codes(line)


def test_the_score_sheet_reasons_read_as_words():
    assert log_words.score_reason("zetema of sevens") == "Zetema of sevens"
    assert log_words.score_reason("assembly of kings") == "Assembly of kings"
    assert log_words.score_reason("2 marriages") == "2 marriages"
    assert log_words.score_reason("marriage") == "Marriage"
    assert log_words.score_reason("straight flush") == "Straight flush"


# -- prompts derived from the legal moves ----------------------------------------------------

def test_the_prompt_follows_the_legal_moves():
    with_meld = position(STRAIGHT, OTHER)
    assert any(m.startswith("meld") for m in rules.legal_moves(with_meld))
    assert "declare a combination" in words.turn_prompt(with_meld, rules.legal_moves(with_meld))
    without = position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"], OTHER)
    assert not any(m.startswith("meld") for m in rules.legal_moves(without))
    assert words.turn_prompt(without, rules.legal_moves(without)).startswith(
        "No combination to declare")
    after = rules.play(with_meld, "meld straight 2H 3C 4H 5D 6H 7S")
    assert words.turn_prompt(after, rules.legal_moves(after)) == (
        "Discard one of the cards you showed onto the pile of its rank")


def test_chosen_cards_that_make_nothing_say_why():
    assert words.selection_problem(["7S", "7H"]) == "2 of the sevens: an assembly needs all five"
    assert words.selection_problem(["KH", "QS"]) == (
        "K♥ and Q♠ do not pair up by suit: a marriage is a king and a queen of the same suit")
    assert words.selection_problem(["KH@pile", "QH@pile"]) == (
        "K♥ (from the K pile) and Q♥ (from the Q pile): one of the two must come from your hand")
    assert words.selection_problem(["2H", "3C", "4H", "5D", "9H", "7S"]).startswith("Six cards")
    assert words.selection_problem(["2H", "9C"]) == "2 cards: not a combination yet"


def test_every_refused_marriage_names_its_actual_problem():
    """K♠ from the K pile with both Q♠ "do not pair up by suit", the meld zone said: all
    three are spades, the problem is two queens for one king."""
    problem = words.selection_problem
    assert problem(["KS@pile", "QS", "QS"]) == "Too many queens: Q♠ and Q♠ for K♠ (from the K pile)"
    assert problem(["KS", "QS", "KS"]) == "Too many kings: K♠ and K♠ for Q♠"
    assert problem(["KS", "QS", "KH"]) == "K♥ has no partner: a marriage needs Q♥ with it"
    assert problem(["KS", "QH", "QD"]) == (
        "K♠, Q♥ and Q♦ do not pair up by suit: a marriage is a king and a queen of the same suit")
    assert problem(["QD@pile"]) == "Q♦ (from the Q pile) needs K♦ from your hand to make a marriage"
    for tokens in (["KS@pile", "QS", "QS"], ["KS", "QS", "KH"], ["QD@pile"]):
        no_codes(problem(tokens))


def test_other_refused_combinations_name_their_actual_problem():
    """Six hearts with a king taken from its pile were "neither in sequence nor of one suit",
    four kings and one from the pile "needed its partner"; a run round the corner was not in
    sequence at all."""
    problem = words.selection_problem
    assert problem(["2H", "3H", "4H", "5H", "6H", "KH@pile"]) == (
        "K♥ (from the K pile) can only go into a marriage")
    assert problem(["KS", "KS", "KH", "KD", "KC@pile"]) == (
        "K♣ (from the K pile) can only go into a marriage")
    assert problem(["QH", "KH", "AH", "2C", "3D", "4S"]) == (
        "A straight cannot go round the corner (K A 2): the ace is high (9 10 J Q K A) or low "
        "(A 2 3 4 5 6)")
    assert problem(["10H", "JC", "QH", "KD", "AH", "9S"]) is not None  # (a straight: no problem)
    assert problem(["2H", "3C", "4H", "5D", "9H", "7S"]).startswith("Six cards, but neither")
    # the five of a rank and one more: an assembly but for that card (pt96)
    assert problem(["8S", "8S", "8H", "8D", "8C", "KS"]) == (
        "An assembly is the five eights alone: take the other card out")


def test_hints_name_cards_as_shown():
    assert words.hint("discard 7S") == "Hint: discard 7♠ onto the pile of its rank."
    text = words.hint("meld marriage KH QH@pile")
    assert text == "Hint: declare a marriage of K♥ and Q♥ (from the Q pile)."
    text = words.hint("meld straightflush 2H 3H 4H 5H 6H 7H")
    assert text == "Hint: declare a straight flush (2♥ 3♥ 4♥ 5♥ 6♥ 7♥)."
    for move in ("discard 10D", "meld assembly 7S 7S 7H 7D 7C", "meld flush 2C 5C 7C 9C JC KC"):
        no_codes(words.hint(move))


# -- refusals through the real event loop ------------------------------------------------------

@pytest.fixture
def open_table(app, drive):
    app.settings.animation = "instant"
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})

    def make(state):
        table = ZetemaTable(app, config, Session(config, rules, state, state))
        app.scenes.push(table, transition=None)
        drive.settle()
        return table
    return make


def test_a_card_dropped_on_another_pile_says_where_it_goes(open_table, app, drive):
    table = open_table(position(STRAIGHT, OTHER))
    drive.drag(drive.center_of(hand_ent(table, "7S")), pile_centre(table, "8"))
    drive.settle()
    assert table.session.moves == []
    assert app.toasts[-1].text == "7♠ goes on the pile of its rank, the 7 pile."
    no_codes(app.toasts[-1].text)


def test_after_a_meld_a_refused_discard_lists_the_shown_cards(open_table, app, drive):
    table = open_table(position(STRAIGHT, OTHER))
    table.rules.submit("meld straight 2H 3C 4H 5D 6H 7S")
    drive.settle()
    assert table.state.phase == "discard"
    assert table.meld_prompt() == "Discard one of the cards you showed onto the pile of its rank"
    drive.drag(drive.center_of(hand_ent(table, "KS")), pile_centre(table, "K"))
    drive.settle()
    assert table.state.phase == "discard"
    text = app.toasts[-1].text
    assert text == ("After your straight, the discard must be one of the cards you showed: "
                    "2♥ 3♣ 4♥ 5♦ 6♥ 7♠.")
    no_codes(text)


def test_a_card_of_a_pile_other_than_a_king_or_queen_stays_there(open_table):
    table = open_table(position(STRAIGHT, OTHER, piles={"9": ["9S"]}))
    nine = table.piles[rules.RANK_INDEX["9"]][0][1]
    meld = next(t for t, d in esper.get_component(DropTarget) if d.name == "meld")
    assert table.validate(nine, meld) == (
        False, "9♠ stays on its pile: only kings and queens may be taken back, for a marriage")


def test_the_meld_zone_names_the_problem_of_a_king_from_its_pile_with_two_queens(open_table,
                                                                                 drive):
    """The play-tester's marriage: K♠ dragged out of the K pile, both Q♠ clicked."""
    table = open_table(position(["QS", "QS", "2C", "4H", "5D", "6H", "9C"], OTHER,
                                piles={"K": ["KS"]}))
    king = table.piles[rules.RANK_INDEX["K"]][0][1]
    x, y = drive.center_of(king)
    drive.drag((x, y - 30), table.layout["meld"].rect.center, steps=6)
    drive.settle()
    for _ in range(2):
        drive.click(drive.center_of(hand_ent(table, "QS")))
        drive.settle()
    assert sorted(t for t, _ in table.selection) == ["KS@pile", "QS", "QS"]
    assert table.meld_prompt() == "Too many queens: Q♠ and Q♠ for K♠ (from the K pile)"
    zone = table.layout["meld"].rect  # on the one line above the chosen cards, whole
    assert fit_lines(table.meld_prompt(), zone.width - 24, (16, 15, 14, 13), 1)[0] == [
        table.meld_prompt()]


def test_a_click_or_a_drag_on_a_pile_card_that_may_not_be_taken_says_why(open_table, app,
                                                                         drive):
    """Dragging the 3♠ out of its pile did nothing and said nothing (nor did a click)."""
    table = open_table(position(STRAIGHT, OTHER, piles={"3": ["3S"]}))
    three = table.piles[rules.RANK_INDEX["3"]][0][1]
    said = "3♠ stays on its pile: only kings and queens may be taken back, for a marriage."
    drive.click(drive.center_of(three))
    drive.settle()
    assert app.toasts[-1].text == said and app.toasts[-1].error
    assert table.selection == [] and table.session.moves == []
    app.toasts.clear()
    start = drive.center_of(three)
    drive.press(start)
    drive.move(table.layout["meld"].rect.center, steps=6)
    assert [t.text for t in app.toasts] == [said]  # said as the drag begins
    assert drive.center_of(three) == start and table.drag.held is None  # it does not lift
    drive.move(drive.center_of(hand_ent(table, "7S")), steps=4)
    drive.release()  # over a card of the hand: that is no click on it
    drive.settle()
    assert table.selection == [] and table.session.moves == []
    assert [t.text for t in app.toasts] == [said]
    assert drive.center_of(three) == start


def test_a_king_on_its_pile_after_a_declaration_says_why_it_stays(open_table, app, drive):
    table = open_table(position(STRAIGHT, OTHER, piles={"K": ["KH"]}))
    table.rules.submit("meld straight 2H 3C 4H 5D 6H 7S")
    drive.settle()
    king = table.piles[rules.RANK_INDEX["K"]][0][1]
    drive.click(drive.center_of(king))
    drive.settle()
    assert app.toasts[-1].text == ("You have declared a combination this turn (one per turn): "
                                   "now discard one of the cards you showed.")
    assert table.state.phase == "discard" and len(table.session.moves) == 1


# -- Persian and Vietnamese --------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_prompt_refusal_hint_and_log_come_out_translated(lang):
    state = position(STRAIGHT, OTHER, piles={"Q": ["QS"]})
    legal = rules.legal_moves(state)
    english = {
        "prompt": words.turn_prompt(state, legal),
        "refusal": words.wrong_pile("7S"),
        "shown": words.discard_refusal(rules.play(state, "meld straight 2H 3C 4H 5D 6H 7S"),
                                       "KS", ""),
        "hint": words.hint("discard 7S"),
        "log": log_words.describe(state, "meld straight 2H 3C 4H 5D 6H 7S", ["A", "B"]),
        "discard": log_words.describe(state, "discard KS", ["A", "B"]),
        "sheet": log_words.score_reason("zetema of sevens"),
        "title": words.meld_title("straightflush", 50),
    }
    i18n.set_language(lang)
    names = ["X", "Y"]
    translated = {
        "prompt": words.turn_prompt(state, legal),
        "refusal": words.wrong_pile("7S"),
        "shown": words.discard_refusal(rules.play(state, "meld straight 2H 3C 4H 5D 6H 7S"),
                                       "KS", ""),
        "hint": words.hint("discard 7S"),
        "log": log_words.describe(state, "meld straight 2H 3C 4H 5D 6H 7S", names),
        "discard": log_words.describe(state, "discard KS", names),
        "sheet": log_words.score_reason("zetema of sevens"),
        "title": words.meld_title("straightflush", 50),
    }
    for key, text in translated.items():
        not_english(text, english[key])
        no_codes(plain(text))
    assert "7♠" in plain(translated["refusal"]) and "K♠" in plain(translated["discard"])
    assert "2♥ 3♣ 4♥ 5♦ 6♥ 7♠" in plain(translated["log"])
    if lang == "fa":
        assert "۵۰" in translated["title"]  # numbers in Persian digits
        assert translated["refusal"].count(log_words.LRI) == 1  # 7♠ stays left to right


@pytest.mark.parametrize("lang", ["en", "fa", "vi"])
def test_a_card_taken_from_a_pile_is_named_with_its_pile_alike_everywhere(lang):
    """"declare a marriage (K♦ from the pile Q♦)" read as if K♦ came from a "pile Q♦": the
    hint, the log and the meld zone name the card with its pile, "K♦ (from the K pile)",
    then its partner."""
    state = position(["QD", "2C", "4H", "5D", "6H", "7S", "9C"],
                     ["3H", "3D", "6S", "8C", "10H", "QS", "AC"], piles={"K": ["KD"]})
    move = "meld marriage KD@pile QD"
    assert move in rules.legal_moves(state)
    i18n.set_language(lang)
    from_pile = log_words.pile_card("KD@pile")
    pair = i18n._("{king} and {queen}").format(king=from_pile, queen=log_words.card("QD"))
    hint = words.hint(move)
    line = log_words.describe(state, move, ["A", "B"])
    zone = words.selection_problem(["KD@pile"])
    assert pair in hint and pair in line and from_pile in zone
    assert plain(from_pile).startswith("K♦ (")
    assert re.search(r"(?<!\w)K(?!\w)", plain(from_pile)[2:])  # the pile, by its letter
    for text in (hint, line, zone):
        no_codes(plain(text))
    if lang == "en":
        assert hint == "Hint: declare a marriage of K♦ (from the K pile) and Q♦."
        assert line == "A declared a marriage of K♦ (from the K pile) and Q♦ for 10 points"
        assert zone == "K♦ (from the K pile) needs Q♦ from your hand to make a marriage"
        two = log_words.meld_phrase("marriage", ["KS", "QS", "KD@pile", "QD"])
        assert two == "2 marriages: K♠ and Q♠; K♦ (from the K pile) and Q♦"
    else:
        not_english(plain(from_pile).replace("K♦", ""), "(from the K pile)")
        not_english(line, "A declared a marriage of K♦ (from the K pile) and Q♦ for 10 points")


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_the_table_speaks_the_language_chosen_while_it_is_open(open_table, app, drive, lang):
    table = open_table(position(STRAIGHT, OTHER))
    assert {"Meld", "Clear", "By rank", "By suit"} <= {w.label for w in table.widgets.widgets}
    english = table.meld_prompt()
    drive.click(drive.center_of(hand_ent(table, "2H")))
    drive.settle()
    zone = table.layout["meld"].rect
    assert drive.center_of(table.selection[0][1])[0] < zone.centerx
    i18n.set_language(lang)
    esper.switch_world("default")  # the Settings screen on top: another world is current
    table.language_changed()  # as the Settings screen tells every open scene
    assert esper.current_world == "default"
    table.world.activate()
    meld = next(w for w in table.widgets.widgets if w.on_click == table.confirm_meld)
    chosen_x = drive.center_of(table.selection[0][1])[0]
    if lang == "fa":  # read from the right: the chosen cards first, the buttons at the end
        assert chosen_x > zone.centerx and meld.rect.centerx < zone.centerx
    else:
        assert chosen_x < zone.centerx and meld.rect.centerx > zone.centerx
    drive.click(drive.center_of(table.selection[0][1]))  # back into the hand
    drive.settle()
    labels = {w.label for w in table.widgets.widgets}
    assert i18n.pgettext("zetema", "Meld") in labels and i18n._("By suit") in labels
    assert not labels & {"Meld", "Clear", "By rank", "By suit"}
    not_english(table.meld_prompt(), english)
    drive.drag(drive.center_of(hand_ent(table, "7S")), pile_centre(table, "8"))
    drive.settle()
    text = app.toasts[-1].text
    not_english(text, "7♠ goes on the pile of its rank, the 7 pile.")
    assert "7♠" in plain(text)
    drive.drag(drive.center_of(hand_ent(table, "7S")), pile_centre(table, "7"))
    drive.settle()
    assert table.session.moves[0] == "discard 7S"
    not_english(table.session.log[0], "You discarded 7♠")
