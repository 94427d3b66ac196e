"""The Persian and Vietnamese rules texts: present, complete, shaped like the English, and drawable.

Each ``assets/rules/<lang>/<game>.md`` must follow the English text's structure (same level-2 and
level-3 headings count, same tables with the same number of rows), be of comparable length,
use only characters the bundled DejaVu fonts cover, and be written in the language's own script.
"""

from __future__ import annotations

import re
import unicodedata

import pygame.freetype
import pytest
from fontTools.ttLib import TTFont

from game.catalog import GAMES
from game.paths import FONTS, RULES_TEXTS
from scenes import markdown

LANGS = ("fa", "vi")
FONT_NAMES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
CASES = [(lang, info.key) for lang in LANGS for info in GAMES]
ZWNJ = "\u200c"


def _text(lang: str, game: str) -> str:
    return (RULES_TEXTS / lang / f"{game}.md").read_text(encoding="utf-8")


def _english(game: str) -> str:
    return (RULES_TEXTS / f"{game}.md").read_text(encoding="utf-8")


def _heading_count(text: str, marks: str) -> int:
    return sum(1 for line in text.splitlines() if line.startswith(marks + " "))


def _tables(text: str) -> list[tuple[int, int]]:
    """(rows, columns) of every table, in order."""
    return [(len(b.rows or []), len((b.rows or [[]])[0])) for b in markdown.parse(text) if b.kind == "table"]


def test_every_game_has_both_translations():
    assert {info.key for info in GAMES} == {"zetema", "telefunken", "zertz", "chan"}
    for lang, game in CASES:
        assert (RULES_TEXTS / lang / f"{game}.md").is_file(), f"missing {lang}/{game}.md"


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_structure_follows_the_english_text(lang, game):
    text, english = _text(lang, game), _english(game)
    assert text.startswith("# ")
    assert _heading_count(text, "#") == 1
    assert _heading_count(text, "##") == _heading_count(english, "##")
    assert _heading_count(text, "###") == _heading_count(english, "###")
    assert _tables(text) == _tables(english)
    assert len(text.split()) > 0.5 * len(english.split())
    # every table row is complete (no cell lost to a stray pipe)
    for block in markdown.parse(text):
        if block.kind == "table":
            assert len({len(row) for row in block.rows}) == 1, block.rows


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_every_character_is_covered_by_the_fonts(lang, game):
    text = _text(lang, game)
    chars = {ch for ch in text if ch not in " \n"}
    pygame.freetype.init()
    for name in FONT_NAMES:
        font = pygame.freetype.Font(str(FONTS / name), 18)
        cmap = TTFont(str(FONTS / name)).getBestCmap()
        missing = {ch for ch in chars if font.get_metrics(ch)[0] is None or ord(ch) not in cmap}
        assert not missing, f"{lang}/{game}.md: {name} lacks {sorted(f'U+{ord(c):04X}' for c in missing)}"


def test_the_fonts_carry_the_zero_width_non_joiner():
    """Persian writes ZWNJ inside words (می‌کند); DejaVu maps it to an empty glyph of no width."""
    pygame.freetype.init()
    for name in FONT_NAMES:
        assert ord(ZWNJ) in TTFont(str(FONTS / name)).getBestCmap()
        metrics = pygame.freetype.Font(str(FONTS / name), 18).get_metrics(ZWNJ)[0]
        assert metrics is not None and metrics[4] == 0  # no advance
    assert any(ZWNJ in _text("fa", game) for game in ("zetema", "zertz"))


@pytest.mark.parametrize("game", [info.key for info in GAMES])
def test_persian_texts_are_in_persian_script(game):
    text = _text("fa", game)
    letters = [ch for ch in text if ch.isalpha()]
    arabic = [ch for ch in letters if "\u0600" <= ch <= "\u06ff"]
    # Chắn keeps its Vietnamese terms, so its share of Latin letters is larger
    assert len(arabic) > (0.75 if game == "chan" else 0.85) * len(letters)
    # Persian letters, not their Arabic look-alikes (ي ك ة), and no control characters but ZWNJ
    assert not set(text) & {"\u064a", "\u0643", "\u0629"}
    assert all(ch in "\n" + ZWNJ or unicodedata.category(ch)[0] != "C" for ch in text)
    assert ZWNJ + " " not in text and " " + ZWNJ not in text  # ZWNJ only between letters


@pytest.mark.parametrize("game", [info.key for info in GAMES])
def test_vietnamese_texts_are_in_vietnamese(game):
    text = _text("vi", game)
    assert unicodedata.is_normalized("NFC", text)  # precomposed letters, as the font draws them
    for word in ("của", "được", "người", "và"):
        assert re.search(rf"\b{word}\b", text, re.IGNORECASE), word


def test_chan_terms_stay_vietnamese_in_every_language():
    terms = (
        "Chắn",
        "Cạ",
        "chíu",
        "Ù",
        "Tôm",
        "Lèo",
        "Bạch thủ",
        "Thiên khai",
        "Thập thành",
        "dịch",
        "Chi Chi",
        "Vạn",
        "Sách",
        "Văn",
    )
    for lang in LANGS:
        text = _text(lang, "chan")
        for term in terms:
            assert term.lower() in text.lower(), (lang, term)


@pytest.mark.parametrize("lang,game", [("en", info.key) for info in GAMES] + CASES)
def test_the_texts_name_the_menus_and_settings_by_their_labels(lang, game):
    """The rules name the pause menu's buttons and the setting that allows Undo between
    people by the labels the program shows in that language (the Vietnamese texts called
    the setting "Đi lại giữa người chơi", a label no screen shows)."""
    from game import i18n
    from game.i18n import _

    text = _english(game) if lang == "en" else _text(lang, game)
    with i18n.speaking(lang):
        labels = [_("Undo between people"), _("Resume"), _("Restart"), _("Rules"),
                  _("Settings"), _("Quit to menu")]
    missing = [label for label in labels if label not in text]
    assert not missing, missing


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_telefunken_names_the_hand_order_buttons_by_their_labels(lang):
    """"Sort them ... with the sort button": the table has two buttons, By rank and By
    suit; the texts name them by the labels shown in that language."""
    from game import i18n
    from game.i18n import _

    text = _english("telefunken") if lang == "en" else _text(lang, "telefunken")
    with i18n.speaking(lang):
        labels = [_("By rank"), _("By suit")]
    assert all(f"**{label}**" in text for label in labels), labels


@pytest.mark.parametrize("lang,let_go", [("en", "letting a card go by marks nothing"),
                                         ("fa", "گذشتن از یک کارت نشانی نمی‌گذارد"),
                                         ("vi", "bỏ qua một quân bài thì không để lại dấu")])
def test_chan_says_letting_a_card_go_by_leaves_no_tag(lang, let_go):
    """The texts said a tag names the player who "took it or let it go by": the table
    marks nothing on a card let go by (README, ``mark_move``)."""
    text = _english("chan") if lang == "en" else _text(lang, "chan")
    assert let_go in text
    assert "took it or let it go by" not in text and "یا از آن گذشته است" not in text
