"""The Telefunken table speaks a player's words: cards as the table shows them (7♥, never
"7H"), melds by whose they are and what they hold (never "meld 0"), refusals that explain,
and every word in Persian and Vietnamese too, fitting where it is drawn."""

from __future__ import annotations

import random
import re

import pytest

from game import i18n
from game.i18n import _
from game.rules import telefunken as rules
from game.session import Session
from game.words.telefunken import describe
from scenes import theme
from scenes.telefunken import layout, words
from scenes.telefunken.moves import grip
from scenes.telefunken_table import TelefunkenTable
from tests.test_telefunken_table import CONFIG, OTHERS, position

CODE = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])[SHDC](?!\w)|\bJK\b|\bmeld \d+(?![\d♠♥♦♣])")
ENGLISH = re.compile(r"\b(the|your|meld|melds|discard|draw|turn|with|and|cards?|run|set|"
                     r"contract|deal|stock|joker|buy|You|Seat|bought|added)\b")
HAND = ["7S", "2D", "5C", "9H", "JH", "AC", "4H", "6S"]
MELDS = [{"owner": 1, "cards": ["7H", "7D", "7C"]}, {"owner": 0, "cards": ["KC", "KH", "KD"]},
         {"owner": 2, "cards": ["4D", "5D", "6D"]}]


@pytest.fixture
def open_table(app, drive):
    def make(state):
        table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
        app.scenes.push(table, transition=None)
        drive.settle()
        return table
    return make


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def laid_out():
    others = [OTHERS[0][:8], OTHERS[1][:8], OTHERS[2]]
    return position([HAND] + others, melds=MELDS, melded=[True, True, True, False])


def names() -> list[str]:
    return [_("You")] + [_("Seat {number}").format(number=i18n.num(s + 1)) for s in (1, 2, 3)]


def test_the_log_names_cards_and_melds_as_the_table_shows_them():
    state = laid_out()
    line = describe(state, "add 7S to 0", names())
    assert line == "You added 7♠ to Seat 2's set 7♥ 7♦ 7♣"
    assert describe(state, "discard 2D", names()) == "You discarded 2♦"
    session = Session.new(CONFIG)
    rng = random.Random(3)
    while session.result is None and len(session.moves) < 300:
        legal = rules.legal_moves(session.state)
        lay = [m for m in legal if m.startswith(("add", "meld", "swap", "free"))]
        session.play(rng.choice(lay or legal))
    assert any("'s " in line or "your " in line for line in session.log)
    for line in session.log:
        assert not CODE.search(line), line


def test_a_refused_lay_off_says_why_in_words(open_table, app, drive):
    table = open_table(laid_out())
    ent = next(e for c, e in table.sync.entities("hand") if c == "9H")
    rect = table._meld_rects[2]
    drive.drag(grip(table, ent), rect.center, steps=6)
    drive.settle()
    assert table.session.moves == []
    text = app.toasts[-1].text
    assert text == "9♥ does not fit Seat 3's run 4♦ 5♦ 6♦.", text
    assert not CODE.search(text)


def test_a_lay_off_before_the_contract_is_explained(open_table, app, drive):
    state = position([HAND] + OTHERS[:2] + [OTHERS[2]], melds=MELDS[:1],
                     melded=[False, True, False, False])
    table = open_table(state)
    ent = next(e for c, e in table.sync.entities("hand") if c == "7S")
    drive.drag(grip(table, ent), table._meld_rects[0].center, steps=6)
    drive.settle()
    assert table.session.moves == []
    assert "contract first" in app.toasts[-1].text


def test_hints_name_cards_and_melds():
    state = laid_out()
    assert words.hint(state, "add 7S to 0", names()) == "Hint: lay 7♠ off on Seat 2's set 7♥ 7♦ 7♣."
    assert words.hint(state, "discard JH", names()) == "Hint: discard J♥."
    assert not CODE.search(words.hint(state, "meld 7H 7D 7C | 4D 5D 6D", names()))


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_prompt_refusal_and_log_are_translated(lang):
    state = laid_out()
    english = (words.play_prompt(state, 0), words.layoff_refusal(state, 0, ["9H"], 2, names()),
               describe(state, "add 7S to 0", names()), words.hint(state, "add 7S to 0", names()),
               words.bought(names()[1], "9S", 3), words.deal_title(2, None))
    i18n.set_language(lang)
    translated = (words.play_prompt(state, 0), words.layoff_refusal(state, 0, ["9H"], 2, names()),
                  describe(state, "add 7S to 0", names()), words.hint(state, "add 7S to 0", names()),
                  words.bought(names()[1], "9S", 3), words.deal_title(2, None))
    for en, text in zip(english, translated):
        assert text != en and text.strip()
        assert not ENGLISH.search(text), text
        assert not CODE.search(text), text
    assert "7♠" in translated[2] and "9♥" in translated[1]


@pytest.mark.parametrize("lang", ["en", "fa", "vi"])
def test_the_table_words_fit_where_they_are_drawn(lang, app):
    """Prompts in two lines of the build zone, buttons at a readable size, captions in
    their panels: for every deal, in every language."""
    i18n.set_language(lang)
    from game.layout import load_layout

    zones = load_layout("telefunken")
    build = zones["build"].rect
    width = build.right - 100 - layout.build_text_left(build, 0)
    problems = []
    state = laid_out()
    from dataclasses import replace
    for deal in range(1, 8):
        for melded in (False, True):
            s = replace(state, deal=deal, melded=(melded, True, True, False))
            for text in (words.play_prompt(s, 0), words.selection_prompt(s, 0, ["7H", "7D", "7S"], None),
                         words.selection_prompt(s, 0, ["10H"], None),
                         words.selection_prompt(s, 0, ["10H", "10D"], None),
                         words.selection_prompt(s, 0, ["4H", "5H", "6H"], None),
                         words.layoff_refusal(s, 0, ["9H"], 2, names())):
                if len(theme.wrap(text, 15, width, "bold")) > 2:
                    problems.append(text)
        if len(theme.wrap(words.contract(deal), 14, zones["contract"].rect.width - 24)) > 2:
            problems.append(words.contract(deal))
    for key in words.BUTTONS:
        if theme.text_width(words.button(key), 11, "bold") > 110:
            problems.append(words.button(key))
    for text in (_("Discards"), _("Stock · {count}").format(count=i18n.num(108))):
        if theme.text_width(text, 13, "bold") > zones["discard"].rect.width - 8:
            problems.append(text)
    strip = layout.cut_strip(zones["table"].rect)
    if theme.text_width(words.cut_instruction(104), 16, "bold") > strip.width:
        problems.append(words.cut_instruction(104))
    if theme.text_width(_("Penalties by deal"), 16, "bold") > zones["scores"].rect.width - 24:
        problems.append(_("Penalties by deal"))
    assert not problems, problems


def test_laying_off_on_your_own_fresh_meld_is_explained():
    state = position([HAND] + [OTHERS[0][:8], OTHERS[1][:8], OTHERS[2]], melds=MELDS,
                     melded=[True, True, True, False], fresh=[1])
    text = words.layoff_refusal(state, 0, ["KS"], 1, names())
    assert text.startswith("You put K♥ K♦ K♣ down this turn with your contract")
    assert not CODE.search(text)


def test_one_chosen_card_is_told_where_it_may_go():
    state = laid_out()
    assert words.selection_prompt(state, 0, ["9H"], None).startswith(
        "9♥: click the discard pile to end your turn, a lit meld to lay it off")
    assert "at least three" in words.selection_prompt(state, 0, ["9H", "JH"], None)


def test_a_change_of_language_relabels_the_open_table(open_table, app):
    from scenes.settings import set_app_language

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                                discard=("5S", "9S"), discarder=3, offer=[1, 2]))
    assert "Buy (1 chip)" in {w.label for w in table.widgets.widgets}
    set_app_language(app, "vi")
    labels = {w.label for w in table.widgets.widgets}
    assert "Mua (1 chip)" in labels and "Bỏ qua" in labels


def test_cards_that_make_no_group_are_not_called_a_run():
    """Any three or more cards that were not a set were called "A run": the build zone now
    checks the group before naming it."""
    from dataclasses import replace

    state = laid_out()
    for melded in (False, True):
        s = replace(state, deal=2, melded=(melded, True, True, False))
        for chosen in (["AH", "4D", "5S"], ["JS", "JD", "JC", "4D"], ["JK", "3D", "3D", "JS"]):
            text = words.selection_prompt(s, 0, chosen, None)
            assert "not a set or a run" in text, (chosen, text)
    fresh = replace(state, deal=2, melded=(False, True, True, False))
    assert words.selection_prompt(fresh, 0, ["4H", "5H", "6H"], None).startswith("A run, but")
    assert words.selection_prompt(fresh, 0, ["4H", "4D", "4S"], None).startswith("A set, but")


def test_deal_1_says_what_makes_a_trio_pure():
    from dataclasses import replace

    s = replace(laid_out(), deal=1, melded=(False, True, True, False))
    assert "no joker" in words.selection_prompt(s, 0, ["JS", "JD", "JK"], None)
    assert "three different suits" in words.selection_prompt(s, 0, ["JS", "JD", "JD"], None)


@pytest.mark.parametrize("lang", ["en", "fa", "vi"])
def test_the_deal_7_rule_is_told_whole_in_every_language(lang, app):
    """It was cut after two lines ("…and go out in the same") and said "going out" twice."""
    from dataclasses import replace

    from game.layout import load_layout
    from scenes.telefunken.table import prompt_lines

    i18n.set_language(lang)
    build = load_layout("telefunken")["build"].rect
    s = replace(laid_out(), deal=7, melded=(False, False, False, False))
    for chosen in (["AH", "AD", "AD"], ["2H", "3H", "4H", "5H"]):
        text = words.selection_prompt(s, 0, chosen, None)
        width = build.right - 100 - layout.build_text_left(build, len(chosen))
        _size, lines = prompt_lines(text, width)
        assert " ".join(lines).replace("  ", " ").split() == text.split()  # nothing cut


def test_a_prompt_too_long_for_two_lines_is_drawn_whole_in_smaller_type():
    from scenes.telefunken.table import prompt_lines

    text = "word " * 60
    size, lines = prompt_lines(text.strip(), 500)
    assert size == 12 and len(lines) == 3
    size, lines = prompt_lines("a short sentence", 500)
    assert size == 15 and lines == ["a short sentence"]
