"""Rules texts: the Markdown subset, glyph coverage, and the scrolling viewer."""

from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from game.catalog import GAMES
from game.paths import FONTS, RULES_TEXTS
from scenes import markdown
from scenes.rules_viewer import RulesViewer, rules_text
from scenes.theme import FONT_FILES


def test_parse_blocks():
    text = ("# Title\n\nSome **bold** text\ncontinues here.\n\n## Part\n- one\n- two\n"
            "1. first\n2. second\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    kinds = [(b.kind, b.text) for b in markdown.parse(text)]
    assert kinds[:3] == [("h1", "Title"), ("p", "Some **bold** text continues here."),
                         ("h2", "Part")]
    assert [k for k, _ in kinds[3:]] == ["bullet", "bullet", "number", "number", "table"]
    table = markdown.parse(text)[-1]
    assert table.rows == [["a", "b"], ["1", "2"]]


def test_layout_wraps_within_the_width():
    pygame.init()
    pieces, height = markdown.layout("word " * 400, 300)
    assert height > 300
    assert all(p.x + p.surface.get_width() <= 300 + 1 for p in pieces if p.surface)


def test_punctuation_after_bold_words_is_not_spaced_off():
    pygame.init()
    pieces, _ = markdown.layout("Say **Chi Chi**. Then **Ù xuông**, scores 2.", 2000)
    words = [p for p in pieces if p.surface]
    # pieces: Say | Chi | Chi | . | Then | Ù | xuông | , | scores | 2.
    dot, comma = words[3], words[7]
    assert dot.x == words[2].x + words[2].surface.get_width()
    assert comma.x == words[6].x + words[6].surface.get_width()
    # ordinary words keep their space
    assert words[1].x > words[0].x + words[0].surface.get_width()
    assert words[4].x > dot.x + dot.surface.get_width()


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_every_rules_text_exists_and_renders_without_missing_glyphs(info):
    path = RULES_TEXTS / f"{info.key}.md"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# ")
    assert len(text.split()) > 300
    pygame.freetype.init()
    for style in ("sans", "bold"):
        font = pygame.freetype.Font(str(FONTS / FONT_FILES[style]), 18)
        missing = {ch for ch in set(text) if ch.isprintable() and ch != " "
                   and font.get_metrics(ch)[0] is None}
        assert not missing, f"{path.name} uses characters the font lacks: {missing}"


def test_font_covers_vietnamese_names():
    pygame.freetype.init()
    for style in FONT_FILES:
        font = pygame.freetype.Font(str(FONTS / FONT_FILES[style]), 18)
        for ch in "Chắn Cạ Ù Thập thành Tổ Tôm Nhị Vạn Cửu Sách Chíu ù Bạch thủ":
            assert ch == " " or font.get_metrics(ch)[0] is not None, (style, ch)


def test_missing_rules_file_gives_an_explanation(monkeypatch, tmp_path):
    import scenes.rules_viewer as viewer

    monkeypatch.setattr(viewer, "RULES_TEXTS", tmp_path)
    assert "missing" in rules_text("zertz")


def test_viewer_scrolls_with_wheel_keys_and_thumb(app, drive):
    viewer = RulesViewer(app, "chan")
    app.scenes.push(viewer, transition=None)
    drive.step()
    assert viewer.max_scroll > 0
    drive.wheel(-3)
    assert viewer.scroll == pytest.approx(180)
    drive.wheel(5)
    assert viewer.scroll == 0  # clamped at the top
    drive.key(pygame.K_END)
    assert viewer.scroll == viewer.max_scroll
    drive.key(pygame.K_PAGEUP)
    assert viewer.scroll == pytest.approx(viewer.max_scroll - (viewer.view.height - 40))
    drive.key(pygame.K_HOME)
    thumb = viewer._thumb()
    drive.drag(thumb.center, (thumb.centerx, viewer.view.bottom + 50), steps=4)
    assert viewer.scroll == pytest.approx(viewer.max_scroll)


def test_viewer_tabs_switch_games(app, drive):
    viewer = RulesViewer(app, "zertz")
    app.scenes.push(viewer, transition=None)
    drive.step()
    drive.wheel(-2)
    tab = dict(viewer.tabs)["telefunken"]
    drive.click(tab.center)
    assert viewer.game == "telefunken" and viewer.scroll == 0
    assert viewer.pieces[0].heading == "Telefunken"
    drive.key(pygame.K_RIGHT)
    assert viewer.game == "zertz"


def test_rules_reachable_from_the_menu(app, drive):
    from game.layout import load_layout

    drive.click(load_layout("menu")["rules"].rect.center)
    drive.settle()
    assert isinstance(drive.scene, RulesViewer)


def test_the_scrollbar_stands_on_the_left_in_persian_and_still_scrolls(app, drive):
    from game import i18n

    english = RulesViewer(app, "chan")
    english_thumb = english._thumb()
    assert english_thumb.x > english.view.right  # right of the text in English
    i18n.set_language("fa")
    try:
        viewer = RulesViewer(app, "chan")
        app.scenes.push(viewer, transition=None)
        drive.step()
        thumb = viewer._thumb()
        assert thumb.right < viewer.view.x  # left of the text, which is flush right
        assert thumb.x - viewer.panel.x == viewer.panel.right - english_thumb.right
        assert viewer.view.x - viewer.panel.x == viewer.panel.right - english.view.right
        drive.drag(thumb.center, (thumb.centerx, viewer.view.bottom + 50), steps=4)
        assert viewer.scroll == pytest.approx(viewer.max_scroll)
        drive.click((thumb.centerx, viewer.view.y + 5))  # a click on the track pages up
        assert viewer.scroll == pytest.approx(viewer.max_scroll - viewer.view.height)
    finally:
        i18n.set_language("en")


def test_persian_rules_write_numbers_in_persian_digits_but_keep_latin_names(app):
    from game import i18n
    from scenes.rules_viewer import local_digits

    text = ("1. **۳۷** 37 rings, F11, d4, `discard 7C`, 10♥, 2 تا 6\n"
            "2) then\n| a | 6 | 1 |\n")
    fa = local_digits(text, "fa")
    assert "۳۷ rings, F11, d4, `discard 7C`, \u206610♥\u2069, ۲ تا ۶" in fa  # (a card's name
    # as the cards print it, left to right: "4♦" read "♦۴" in a Persian sentence)
    assert "| a | ۶ | ۱ |" in fa
    assert local_digits(text, "en") == text and local_digits(text, "vi") == text
    blocks = markdown.parse(fa)
    assert [b.kind for b in blocks[:2]] == ["number", "number"]  # still numbered lines
    assert [b.marker for b in blocks[:2]] == ["1.", "2)"]
    # and in the real Persian rules, every number outside a Latin name is Persian
    i18n.set_language("fa")
    try:
        shown = rules_text("zertz")
        drawn = []
        real = markdown.theme.text
        markdown.theme.text = lambda string, *a, **k: drawn.append(string) or real(string, *a, **k)
        try:
            markdown.layout(fa, 600, rtl=True)
        finally:
            markdown.theme.text = real
    finally:
        i18n.set_language("en")
    assert "۳۷" in shown and "37" not in shown
    assert "۱." in drawn and "۲)" in drawn  # the numbered lines' markers, drawn in Persian


def test_in_persian_the_arrow_keys_follow_the_tabs_right_to_left(app, drive):
    """The tabs read right to left in Persian: Right stepped to the next game, to the left."""
    from game import i18n
    from scenes.stats import StatsScene

    i18n.set_language("fa")
    try:
        viewer = RulesViewer(app, "telefunken")
        app.scenes.push(viewer, transition=None)
        drive.step()
        drive.key(pygame.K_LEFT)
        assert viewer.game == "zertz"
        drive.key(pygame.K_RIGHT)
        assert viewer.game == "telefunken"
        stats_scene = StatsScene(app)
        app.scenes.push(stats_scene, transition=None)
        drive.step()
        first = stats_scene.game
        drive.key(pygame.K_LEFT)
        assert stats_scene.keys.index(stats_scene.game) == stats_scene.keys.index(first) + 1
    finally:
        i18n.set_language("en")


def test_in_persian_a_card_keeps_its_latin_digits_left_to_right_in_the_rules(app):
    """The Persian rules drew "4♦ 5♦ 6♦" as "♦۴ ♦۵ ♦۶": Persian digits, the suit on the
    wrong side. A card's name is written as the cards print it, each left to right, as the
    README says; other numbers stay Persian."""
    from scenes import theme
    from scenes.rules_viewer import local_digits

    fa = local_digits("مثل 4♦ 5♦ 6♦ و 10♥، ۳ جوکر 4", "fa")
    assert fa == "مثل ⁦4♦⁩ ⁦5♦⁩ ⁦6♦⁩ و ⁦10♥⁩، ۳ جوکر ۴"
    runs = [run for run, rtl in theme.bidi_runs(fa) if not rtl and run[-1] in "♠♥♦♣"]
    assert runs == ["10♥", "6♦", "5♦", "4♦"]  # (drawn right to left: 4♦ first, rightmost)
    markdown.layout(fa, 300, rtl=True)  # (the marks themselves are not drawn: it drew them)


def test_in_persian_groups_of_cards_are_parted_by_a_bar_not_a_dot():
    from game import i18n
    from game.words.telefunken import groups_text

    assert groups_text([["7H", "7D"], ["4D", "5D"]]) == "7♥ 7♦  ·  4♦ 5♦"
    i18n.set_language("fa")
    try:
        assert "  |  " in groups_text([["7H", "7D"], ["4D", "5D"]])
    finally:
        i18n.set_language("en")


def test_a_rules_paragraph_never_ends_on_a_word_alone(app):
    """The rules' paragraphs ended "… của / nó." (pt104): the last word alone takes the last
    word of the line before with it, where they fit; the lines are as many."""
    from scenes import theme

    text = "aaa bbb ccc ddd eee fff ggg hhh."
    size = markdown.STYLES["body"][0]
    for more in range(10):  # (seven words fit on a line: the eighth alone)
        width = theme.text_width("aaa bbb ccc ddd eee fff ggg", size) + more
        pieces, _height = markdown.layout(text, width)
        rows: dict[int, int] = {}
        for piece in pieces:
            rows[piece.y] = rows.get(piece.y, 0) + 1
        counts = [rows[y] for y in sorted(rows)]
        assert counts == [6, 2], (width, counts)


def test_persian_telefunken_rules_write_card_ranks_as_the_cards_print_them():
    """The Persian rules wrote the run "4♦ 5♦ 6♦" as the cards print it but "(آس ۲ ۳)" and
    "دو ۷ دل" in Persian digits beside it (pt143): the sets' and runs' examples are cards."""
    from scenes.rules_viewer import local_digits

    text = local_digits((RULES_TEXTS / "fa" / "telefunken.md").read_text(encoding="utf-8"),
                        "fa")
    examples = [line for line in text.splitlines() if line.startswith(("- **گروه:**",
                                                                       "- **دنباله:**"))]
    assert len(examples) == 2
    for line in examples:
        assert not any("۰" <= ch <= "۹" for ch in line), line
