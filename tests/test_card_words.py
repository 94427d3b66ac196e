"""Cards in words as the table shows them (3♠, not 3S), in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.card_words import LRI, PDI, card_text, cards_text, join_list, pretty_cards
from game.catalog import GameConfig, Seat
from game.session import Session


def test_card_codes_become_rank_and_suit_symbol():
    assert pretty_cards("You discarded 3S") == "You discarded 3♠"
    assert (pretty_cards("Seat 2 melded 10H JH QH | 7C 7D JK")
            == "Seat 2 melded 10♥ J♥ Q♥ | 7♣ 7♦ joker")
    assert pretty_cards("Seat 3 bought AD (4 chips left)") == "Seat 3 bought A♦ (4 chips left)"
    # words that merely look like codes are left alone
    assert pretty_cards("Seat 2 did not buy; ASK QSX") == "Seat 2 did not buy; ASK QSX"


def test_the_zetema_log_shows_suit_symbols():
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    session = Session.new(config)
    while not any(ch in "♠♥♦♣" for line in session.log for ch in line):
        session.play(session.rules.legal_moves(session.state)[0])
        assert len(session.log) < 50
    assert not any(code in line for line in session.log for code in ("2S", "3S", "KH"))


# -- per language -----------------------------------------------------------------------------


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def test_one_card_and_a_list_of_cards_in_english():
    assert card_text("10H") == "10♥" and card_text("KS") == "K♠" and card_text("JK") == "joker"
    assert card_text("XX") == "XX"  # not a card: left as it is
    assert cards_text(["3S", "4S", "5S"]) == "3♠, 4♠ and 5♠"
    assert cards_text(["QD", "JK"]) == "Q♦ and joker"
    assert cards_text(["AC"]) == "A♣" and cards_text([]) == ""


def test_vietnamese_joins_with_va_and_names_the_joker(language):
    language("vi")
    assert cards_text(["3S", "4S", "5S"]) == "3♠, 4♠ và 5♠"
    assert card_text("JK") == "phăng teo"
    assert pretty_cards("meld 7C 7D JK") == "meld 7♣ 7♦ phăng teo"


def test_persian_keeps_the_ranks_printed_on_the_cards_as_one_block(language):
    language("fa")
    assert card_text("10H") == f"{LRI}10♥{PDI}"  # Latin rank as printed, not ۱۰
    assert card_text("JK") == "جوکر"
    listed = cards_text(["3S", "4S", "5S"])
    assert listed == f"{LRI}3♠{PDI}، {LRI}4♠{PDI} و {LRI}5♠{PDI}"
    assert join_list(["الف", "ب"]) == "الف و ب"


def test_a_card_reads_as_on_the_table_inside_a_persian_sentence(language):
    from scenes import theme

    language("fa")
    sentence = f"شما {cards_text(['3S', '10H'])} را انداختید"
    runs = theme.bidi_runs(sentence)
    latin = [text for text, rtl in runs if not rtl]
    assert latin == ["10♥", "3♠"]  # each card one left-to-right block: "3♠", never "♠3"
    # the first card named is drawn rightmost (read first), the second to its left
    assert [text for text, _ in runs].index("3♠") > [text for text, _ in runs].index("10♥")
    assert LRI not in "".join(text for text, _ in runs)  # the marks are never drawn
    # without the isolates, the suit of "3♠" would be drawn on the wrong side of the rank
    plain = [text for text, rtl in theme.bidi_runs("شما 3♠ را انداختید") if not rtl]
    assert plain == ["3"]


def test_a_persian_word_inside_a_card_list_reads_right_to_left():
    """The card list is kept left to right inside a Persian sentence; the joker's name in it
    (ژوکر) was drawn letter by letter from the left, reversed (رکوژ)."""
    from scenes import theme

    sentence = "افزودن " + theme.isolate("7♥ 8♥ ژوکر 9♥") + " به گروه"
    assert theme.bidi_runs(sentence) == [(" به گروه", True), ("7♥ 8♥ ", False), ("ژوکر", True),
                                         (" 9♥", False), ("افزودن ", True)]
    # a path or a name with no Persian in it stays one left-to-right block, as before
    assert theme.bidi_runs("سلام " + theme.isolate("C:/x/y")) == [("C:/x/y", False),
                                                                  ("سلام ", True)]


def test_brackets_around_latin_words_in_a_persian_sentence_pair_up():
    """A pair of brackets takes one direction (Unicode's rule N0): the opening bracket of
    "… است (Thiên ù): Ù!" joined the Latin run after it and was drawn mirrored at its far
    end, two closing brackets on screen (pt97)."""
    from scenes import theme

    assert theme.bidi_runs("شما برنده است (Thiên ù): Ù! را بزنید.") == [
        ("! را بزنید.", True), ("Ù", False), ("): ", True), ("Thiên ù", False),
        ("شما برنده است (", True)]
    assert theme.bidi_runs("کرده‌اید (Ù chì): 12 + 3 می‌شود") == [
        (" می‌شود", True), ("12 + 3", False), ("): ", True), ("Ù chì", False),
        ("کرده‌اید (", True)]
    # Latin before the bracket and only Latin inside: the pair reads left to right
    assert theme.bidi_runs("Seat 2 (Normal) برد") == [(" برد", True), ("Seat 2 (Normal)", False)]
    # Persian inside: right to left
    assert theme.bidi_runs("شما (Thập thành 12 و Ù chì 3) بردید") == [
        (") بردید", True), ("Ù chì 3", False), (" و ", True), ("Thập thành 12", False),
        ("شما (", True)]


def test_persian_names_the_joker_one_way():
    """The card said "ژوکر", the rules, the seed text and the joker messages "جوکر"."""
    from tools import catalogues

    entries = catalogues.parse_po(catalogues.po_path("fa").read_text(encoding="utf-8"))
    assert not [e.msgid for e in entries if any("ژوکر" in s for s in e.strings)]
    rules_text = (Path(__file__).resolve().parent.parent / "assets" / "rules" / "fa"
                  / "telefunken.md").read_text(encoding="utf-8")
    assert "جوکر" in rules_text and "ژوکر" not in rules_text
