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


def test_a_joker_laid_off_on_a_run_says_which_card_it_is():
    """A play-tester read "You added joker to Seat 4's run 3♠…7♠" and could not tell at
    which end the joker went, nor what it stood for; on a set there is nothing to tell."""
    others = [OTHERS[0][:8], OTHERS[1][:8], OTHERS[2]]
    state = position([["JK"] + HAND[1:]] + others, melds=MELDS,
                     melded=[True, True, True, False])
    assert describe(state, "add JK to 2 high", names()) == (
        "You added joker to Seat 3's run 4♦ 5♦ 6♦ (the joker as 7♦)")
    assert describe(state, "add JK to 2 low", names()) == (
        "You added joker to Seat 3's run 4♦ 5♦ 6♦ (the joker as 3♦)")
    assert describe(state, "add JK to 0", names()) == "You added joker to Seat 2's set 7♥ 7♦ 7♣"
    i18n.set_language("vi")
    line = describe(state, "add JK to 2 high", names())
    assert "7♦" in line and not ENGLISH.search(line), line


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
    assert text == "9♥ does not fit Seat 3's run 4♦ 5♦ 6♦: a run is all of one suit.", text
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
    assert words.hint(state, "add 7S to 0", names()) == ("Hint: lay 7♠ off on Seat 2's set 7♥ 7♦ "
                                                         "7♣. Cards put down no longer count "
                                                         "against you.")
    assert words.hint(state, "discard JH", names()).startswith("Hint: discard J♥.")
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
        if key in ("no_buys", "buys_again"):  # (across the actions panel, under the row)
            if theme.text_width(words.button(key), 12, "bold") > zones["actions"].rect.width - 28:
                problems.append(words.button(key))
        elif theme.text_width(words.button(key), 11, "bold") > 110:
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
    # (no meld lit for it: the lay-off is not offered in words either)
    assert words.selection_prompt(state, 0, ["8S"], None, lit=False) == (
        "8♠: click the discard pile to end your turn, or choose more cards")


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
            if melded:
                assert "not a set or a run" in text, (chosen, text)
            else:  # (before the contract of two trios they may be its start: it says so)
                assert "A run" not in text and "two trios" in text, (chosen, text)
    fresh = replace(state, deal=2, melded=(False, True, True, False))
    assert words.selection_prompt(fresh, 0, ["4H", "5H", "6H"], None).startswith("A run, but")
    assert words.selection_prompt(fresh, 0, ["4H", "4D", "4S"], None).startswith(
        "Half of your contract (two trios)")


def test_one_set_of_a_two_set_contract_is_called_half_of_it():
    """"A set, but your first meld this deal must be the contract: two trios" did not say
    what was missing (pt63, with 4♥ 4♥ 4♦ in deal 2)."""
    from dataclasses import replace

    state = laid_out()
    for deal, chosen, contract in ((2, ["4H", "4H", "4D"], "two trios"),
                                   (4, ["9S", "9D", "9C", "JK"], "two cuartetos"),
                                   (6, ["QS", "QD", "QC", "QH", "QH"], "two quintetos")):
        s = replace(state, deal=deal, melded=(False, True, True, False))
        assert words.selection_prompt(s, 0, chosen, None) == (
            f"Half of your contract ({contract}): choose the cards of the other set too, then "
            "meld both at once")
    # a set short of the contract's: what the contract is made of ("one cuarteto" alone was
    # read as a refusal, pt142)
    for deal, chosen, said in (
            (4, ["4H", "4D", "4S"], "A set of 3, short of the contract: a cuarteto is four "
                                    "cards of one rank (one may be a joker)"),
            (3, ["4H", "4D", "4S"], "A set of 3, short of the contract: a cuarteto is four "
                                    "cards of one rank (one may be a joker)"),
            (5, ["4H", "4D", "4S", "4C"], "A set of 4, short of the contract: a quinteto is "
                                          "five cards of one rank (one may be a joker)")):
        s = replace(state, deal=deal, melded=(False, True, True, False))
        assert words.selection_prompt(s, 0, chosen, None) == said, deal
    # a set larger than the contract's: the contract is named, as before
    s = replace(state, deal=3, melded=(False, True, True, False))
    assert words.selection_prompt(s, 0, ["4H", "4D", "4S", "4C", "4S"], None).startswith(
        "A set, but")


def test_deal_1_says_what_makes_a_trio_pure():
    from dataclasses import replace

    s = replace(laid_out(), deal=1, melded=(False, True, True, False))
    assert "no joker" in words.selection_prompt(s, 0, ["JS", "JD", "JK"], None)
    assert words.selection_prompt(s, 0, ["JS", "JD", "JD"], None).endswith(
        "three different suits, and J♦ is chosen twice")  # (Q♠ Q♠ taken for Q♣ Q♠, pt108)


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


def _empty_stock(rebuilds: int):
    from collections import Counter

    hands = [HAND] + OTHERS
    rest = list((Counter(rules.deck()) - Counter(c for h in hands for c in h)).elements())
    return rules.load({"players": 4, "deal": 2, "dealer": 3, "to_move": 0, "phase": "draw",
                       "hands": [list(h) for h in hands], "stock": [], "discard": rest,
                       "melds": [], "rebuilds": rebuilds, "deal_winners": [1]})


def test_a_draw_from_an_empty_stock_is_told_as_it_happened():
    """The deal that ended on a fourth empty stock was logged "Seat 2 drew from the stock"
    (nothing was drawn), and a rebuilt stock went unsaid."""
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    assert describe(_empty_stock(0), "draw", names) == (
        "You drew from a new stock (the discards, shuffled)")
    ended = describe(_empty_stock(rules.MAX_REBUILDS), "draw", names)
    assert ended == "You found the stock empty once too often: the deal ends with nobody out"


def test_the_stock_says_how_many_reshuffles_are_left(open_table, monkeypatch):
    from tests.test_marks import record_calls

    table = open_table(_empty_stock(1))
    said = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, _rect: text)
    table.draw_overlay(table.app.screen)
    assert "2 reshuffles left" in said


def test_giving_no_card_back_in_deal_6_says_so():
    """ "Seat 2 gave back 0 cards" read oddly."""
    state = rules.new_game(4, seed=3)
    for _step in range(3000):
        if state.phase == "exchange":
            break
        state = rules.play(state, rules.legal_moves(state)[0])
    assert state.phase == "exchange"
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    who = names[state.seat]
    assert describe(state, "exchange", names) == f"{who} gave no card back"
    some = next(m for m in rules.legal_moves(state) if len(m.split()) == 3)
    assert describe(state, some, names) == f"{who} gave back 2 cards"


def test_a_card_that_fits_no_way_is_refused_for_that_not_for_the_turn():
    """A J dragged onto your own kings in the turn you made the contract was refused with
    "this turn you may lay off only on other players' melds": the J never fits kings."""
    melds = [{"owner": 0, "cards": ["KS", "KH", "JK"]}, {"owner": 1, "cards": ["7H", "7D", "7C"]}]
    state = position([["JH", "KD", "2D", "5C"]] + OTHERS, melds=melds,
                     melded=[True, True, False, False],
                     fresh=[0])
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    assert words.layoff_refusal(state, 0, ["JH"], 0, names).startswith("J♥ does not fit")
    assert "only on other players' melds" in words.layoff_refusal(state, 0, ["KD"], 0, names)


def test_prompts_say_only_what_is_true_now():
    """Two chosen cards were told "a lit meld takes them" with no meld lit; A♠ A♣ with two
    jokers was "4 cards: not a set or a run"; after the go-out meld of deal 7 the prompt
    still offered lay-offs and more melds."""
    state = laid_out()
    lit = words.selection_prompt(state, 0, ["9H", "JH"], None, lit=True)
    unlit = words.selection_prompt(state, 0, ["9H", "JH"], None, lit=False)
    assert "a lit meld takes them" in lit and "lit" not in unlit
    assert unlit == "9♥ J♥: a set or a run needs at least three cards"
    assert words.selection_prompt(state, 0, ["AS", "AC", "JK", "JK"], None) == (
        "At most one joker may be in a set or run")
    seven = position([["5C"]] + OTHERS, deal=7, melds=[{"owner": 0, "cards": [
        "KS", "KH", "KD"]}], melded=[True, False, False, False],
        deal_winners=[0, 1, 2, 3, 0, 1], fresh=[0])
    assert words.play_prompt(seven, 0) == "Discard your last card to go out."


def test_after_the_contract_the_prompt_offers_only_others_melds():
    """Right after the contract the prompt said "lay off on any meld", and a lay-off on your
    own new melds was then refused."""
    melds = [{"owner": 0, "cards": ["KS", "KH", "KD"]}, {"owner": 1, "cards": ["7H", "7D", "7C"]}]
    fresh = position([["JH", "2D", "5C"]] + OTHERS, melds=melds,
                     melded=[True, True, False, False], fresh=[0])
    assert words.play_prompt(fresh, 0).startswith("Lay off on other players' melds")
    later = position([["JH", "2D", "5C"]] + OTHERS, melds=melds,
                     melded=[True, True, False, False])
    assert words.play_prompt(later, 0).startswith("Lay off on any meld")


def test_the_score_table_reads_from_the_right_in_persian(app):
    """In Persian the running score table kept the deal numbers at the left and the seats'
    columns from the left, while the rest of the table read from the right."""
    import pygame

    from scenes.telefunken import panels

    state = position([HAND] + OTHERS)
    rect = pygame.Rect(1006, 110, 258, 436)
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    surface = pygame.Surface((1280, 720))
    for lang in ("en", "fa"):
        i18n.set_language(lang)
        totals = panels.draw_scores(surface, rect, state, [(10, 20, 30, 40)], names)
        first_right = totals[0].centerx > totals[1].centerx
        assert first_right == (lang == "fa"), lang
        assert all(rect.contains(t) for t in totals)
    i18n.set_language("en")


def test_four_of_a_kind_in_deal_1_is_told_the_contract_is_exactly_three():
    """Four jacks chosen in deal 1 were told "the contract: one pure trio", which reads as if
    four of a kind were one."""
    state = position([["JS", "JH", "JD", "JC", "2D"]] + OTHERS)
    text = words.selection_prompt(state, 0, ["JS", "JH", "JD", "JC"], None)
    assert text == ("A set, but your first meld this deal must be a pure trio: exactly three "
                    "cards of one rank in three suits")


def test_an_exact_cut_of_yours_speaks_to_you():
    """"An exact cut! You gets a bonus card" was shown after every exact cut of the person."""
    assert words.bonus(_("You")) == "An exact cut! You get a bonus card"
    assert words.bonus("Seat 3") == "An exact cut! Seat 3 gets a bonus card"


def test_a_buy_says_it_brings_a_card_from_the_stock_and_an_exact_cut_its_bonus(app):
    """"You bought Q♦ (6 chips left)": the card from the stock that came with it appeared in
    the hand unexplained; an exact cut's bonus card was said only in a passing banner."""
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=3, offer=[1, 2])
    assert describe(state, "buy", names) == (
        "You bought 9♠ and a card from the stock (6 chips left)")
    assert words.bought("Seat 2", "9S", 1) == (
        "Seat 2 bought 9♠ and a card from the stock (1 chip left)")
    pack = [c for c in rules.deck() if c != "JK"] + ["JK"] * 4
    from tests.test_telefunken_rules import position as json_position

    cut = rules.load(json_position([[], [], [], []], discard=(), phase="cut", deal=1, dealer=0,
                                   to_move=3, stock=pack))
    assert describe(cut, "cut 64", names) == (
        "Seat 4 cut 64 cards: an exact cut, and a bonus card")
    assert describe(cut, "cut 63", names) == "Seat 4 cut 63 cards"


def test_an_empty_stock_shows_a_faint_card(open_table):
    """At 0 cards the stock showed a full face-down card (it stays to be clicked: drawing
    shuffles the discards in)."""
    import esper

    from ecs.components import Sprite, Transform
    from scenes.telefunken.table import EMPTY_STOCK_ALPHA

    table = open_table(_empty_stock(1))
    table.world.activate()
    assert esper.component_for_entity(table.stock_ent, Sprite).visible
    assert esper.component_for_entity(table.stock_ent, Transform).alpha == EMPTY_STOCK_ALPHA
    table = open_table(laid_out())
    table.world.activate()
    assert esper.component_for_entity(table.stock_ent, Transform).alpha == 255


def test_a_press_on_the_discard_after_the_draw_is_told_how_to_discard():
    """After melding, a press on the discard pile (meaning to discard) said "Once you have
    melded this deal you may no longer buy the discard"."""
    state = laid_out()
    assert state.melded[0] and state.phase == "play" and state.seat == 0
    assert words.pile_refusal(state, 0) == (
        "You have drawn: meld if you can, then discard a card onto this pile")


def test_a_lay_off_on_the_seats_own_meld_names_the_seat_once():
    """"Seat 1 added 10♦ to Seat 1's set …" (pt58): its own set now."""
    others = [OTHERS[0][:7] + ["7S"], OTHERS[1][:8], OTHERS[2]]
    state = position([HAND[1:] + ["3S"]] + others, melds=MELDS, melded=[True, True, True, False],
                     to_move=1)
    assert "add 7S to 0" in rules.legal_moves(state)
    assert describe(state, "add 7S to 0", names()) == "Seat 2 added 7♠ to their own set 7♥ 7♦ 7♣"
    i18n.set_language("vi")
    line = describe(state, "add 7S to 0", names())
    assert "7♠" in line and not ENGLISH.search(line), line


def test_a_pass_names_the_card_let_go():
    """"Seat 4 did not buy" said nothing of what was let go: the log read like noise between
    the discards (a play-tester); it names the card now."""
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=3, offer=[1, 2])
    assert describe(state, "pass", names) == "You did not buy 9♠"
    after = rules.play(state, "pass")
    assert describe(after, "pass", names) == "Seat 2 did not buy 9♠"


def test_in_persian_a_cut_never_sets_two_numbers_side_by_side():
    """"جایگاه ۳ ۳۶ کارت برش زد": the seat's number and the count read as one number (pt143).
    The count comes after the verb, apart from the name."""
    from tests.test_telefunken_rules import position as json_position

    pack = [c for c in rules.deck() if c != "JK"] + ["JK"] * 4
    cut = rules.load(json_position([[], [], [], []], discard=(), phase="cut", deal=1, dealer=0,
                                   to_move=3, stock=pack))
    with i18n.speaking("fa"):
        names = [i18n._("Seat {number}").format(number=i18n.num(n)) for n in (1, 2, 3, 4)]
        for move in ("cut 64", "cut 36"):
            text = describe(cut, move, names)
            assert re.search(r"[0-9۰-۹]\s+[0-9۰-۹]", text) is None, text
