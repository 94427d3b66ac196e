"""Languages (issue 13): catalogues, glyphs, right-to-left shaping, layout of the shell screens
in every language, and switching language while screens are open."""

from __future__ import annotations

import types

import pygame
import pygame.freetype
import pytest

from game import i18n
from game.catalog import BY_KEY, GAMES, GameConfig, Seat
from game.paths import FONTS
from game.settings import Settings, load_settings, parse_settings, save_settings
from scenes import theme
from scenes.widgets import Button, Choice, Hotspot, Segments, Slider, TextField, Toggle
from tools import catalogues

LANGS = ("en", "fa", "vi")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def lang_app(lang: str):
    from game.app import App

    app = App(settings=Settings(language=lang), persist=False)
    app.start()
    return app


# -- catalogues -------------------------------------------------------------------------------

def test_every_module_with_messages_is_a_source_of_the_catalogues():
    """A module's words reach the catalogues only if it is listed in ``SOURCES``: the
    message of a damaged last_setup.json was written in English in every language."""
    root = catalogues.ROOT
    found = {str(path.relative_to(root)) for folder in ("game", "scenes", "ecs")
             for path in (root / folder).rglob("*.py")
             if catalogues.extract((str(path.relative_to(root)),))}
    assert sorted(found - set(catalogues.SOURCES)) == []


@pytest.mark.parametrize("lang", catalogues.LANGS)
def test_every_message_has_a_translation_with_the_same_placeholders(lang):
    messages = catalogues.extract()
    assert len(messages) > 80 and "Settings" in messages and "{count} move" in messages
    assert catalogues.problems(lang, messages) == []  # also: the .mo matches its .po


def test_the_check_catches_fuzzy_missing_and_wrong_placeholders(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path)
    messages = {m.msgid: m for m in (catalogues.Message("Seat {number}"),
                                     catalogues.Message("Quit"),
                                     catalogues.Message("Back"),
                                     catalogues.Message("{count} move", "{count} moves"))}
    entries = [catalogues.Entry("Seat {number}", strings=["Ghế {so}"]),
               catalogues.Entry("Quit", strings=["Thoát"], fuzzy=True),
               catalogues.Entry("{count} move", "{count} moves", strings=["{count} nước đi"])]
    path = catalogues.po_path("vi")
    path.parent.mkdir(parents=True)
    path.write_text(catalogues.write_po("vi", messages, entries), encoding="utf-8")
    found = "\n".join(catalogues.problems("vi", messages))
    assert "placeholders" in found and "Seat {number}" in found
    assert "fuzzy 'Quit'" in found and "untranslated 'Back'" in found
    assert "not up to date" in found
    catalogues.mo_path("vi").write_bytes(catalogues.compile_lang("vi"))
    assert "not up to date" not in "\n".join(catalogues.problems("vi", messages))
    assert "{count} move" not in found  # Vietnamese has one plural form: one string is enough


def test_the_compiled_catalogues_are_read_by_gettext_with_their_plural_rules():
    i18n.set_language("fa")
    assert i18n._("Settings") == "تنظیمات"
    assert i18n.ngettext("{count} move", "{count} moves", 5) == "{count} حرکت"
    i18n.set_language("vi")
    assert i18n._("Settings") == "Cài đặt"
    assert i18n.ngettext("{count} move", "{count} moves", 1) == "{count} nước đi"
    i18n.set_language("en")
    assert i18n.ngettext("{count} move", "{count} moves", 1) == "{count} move"
    assert i18n.ngettext("{count} move", "{count} moves", 2) == "{count} moves"
    i18n.set_language("xx")
    assert i18n.language() == "en"


def catalogue_text(lang: str) -> str:
    entries = catalogues.parse_po(catalogues.po_path(lang).read_text(encoding="utf-8"))
    return "".join(s for e in entries if e.msgid for s in e.strings)


@pytest.mark.parametrize("lang", LANGS)
def test_the_fonts_have_a_glyph_for_every_character_of_the_catalogue(lang):
    pygame.freetype.init()
    text = (catalogue_text(lang) if lang != "en" else "".join(catalogues.extract()))
    text += "".join(i18n.LANGUAGES.values()) + i18n.num(1234567890, lang)
    chars = {ch for ch in text if ch.isprintable() and ch not in " " + theme.LRI + theme.PDI}
    for style, file in theme.FONT_FILES.items():
        font = pygame.freetype.Font(str(FONTS / file), 20)
        # Persian asked for in "serif" is drawn in Sans Bold (theme._style_for)
        wanted = {ch for ch in chars if theme._style_for(ch, style) == style}
        missing = {ch for ch in wanted if font.get_metrics(ch)[0] is None}
        assert not missing, (lang, style, missing)


# -- numbers, the system language, the setting ------------------------------------------------

def test_numbers_are_written_with_persian_digits_in_persian():
    assert i18n.num(2026, "fa") == "۲۰۲۶"
    assert i18n.num(2026, "vi") == "2026" and i18n.num(7, "en") == "7"
    i18n.set_language("fa")
    assert BY_KEY["telefunken"].players_text == "۲ تا ۶ بازیکن"
    assert BY_KEY["zertz"].seat_name(1) == "آبی (جایگاه ۲)"


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "fa_IR.UTF-8"}, "fa"), ({"LANG": "vi_VN.UTF-8"}, "vi"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "de:vi", "LANG": "de_DE.UTF-8"}, "vi"),
    ({"LC_ALL": "fa_IR", "LANG": "vi_VN"}, "fa"), ({"LC_MESSAGES": "vi", "LANG": "fa_IR"}, "vi"),
])
def test_the_first_start_takes_the_system_language_when_we_speak_it(env, lang, monkeypatch):
    assert i18n.system_language(env) == lang
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    settings, message = load_settings()  # no file yet: a first start
    assert settings.language == lang and message is None


def test_the_language_is_saved_and_a_bad_one_is_reported(monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert save_settings(Settings(language="vi")) is None
    assert load_settings()[0].language == "vi"
    settings, problems = parse_settings({"language": "klingon", "volume": 0.5})
    assert settings.language == "en" and settings.volume == 0.5
    assert problems == ['unknown language "klingon"']
    assert parse_settings({"language": ["fa"]})[1]


# -- right to left ------------------------------------------------------------------------------

def test_a_persian_word_is_shaped_with_joined_letters():
    pygame.init()
    word = "سلام"
    joined = theme.text(word, 30)
    letters = [theme.font(30).render(ch, True, theme.INK) for ch in word]
    isolated = sum(s.get_width() for s in letters)
    assert joined.get_width() != isolated  # joined forms are narrower than isolated ones
    strip = pygame.Surface((isolated, joined.get_height()), pygame.SRCALPHA)
    x = isolated
    for surf in letters:  # the isolated letters, placed right to left
        x -= surf.get_width()
        strip.blit(surf, (x, 0))
    a = pygame.image.tobytes(joined, "RGBA")
    b = pygame.image.tobytes(pygame.transform.smoothscale(strip, joined.get_size()), "RGBA")
    assert a != b


def test_a_persian_list_of_isolated_cards_reads_left_to_right_in_one_block():
    """Each card is its own isolate inside the list's isolate: the inner marks split the
    list, which came out backwards with its joker glued on ("ژوکر3♥ 3♠ 2♣")."""
    from game import i18n
    from scenes.telefunken import words as telefunken_words

    i18n.set_language("fa")
    try:
        cards = telefunken_words.cards(["2H", "2D", "2C", "3S", "3H", "JK"])
    finally:
        i18n.set_language("en")
    runs = theme.bidi_runs("ترکیب " + cards + ": «زمین بگذار» را بزنید")
    assert runs == [(": «زمین بگذار» را بزنید", True), ("2♥ 2♦ 2♣ 3♠ 3♥ ", False),
                    ("جوکر", True), ("ترکیب ", True)]


def test_a_mixed_persian_and_number_string_keeps_its_order():
    # "move 12 of 40": read from the right, 12 comes first and each number keeps its digits
    runs = theme.bidi_runs("حرکت ۱۲ از ۴۰")
    assert [r for r, rtl in runs if not rtl] == ["۴۰", "۱۲"]  # drawn left to right on screen
    assert runs[-1] == ("حرکت ", True)
    # Latin names stay readable inside Persian, and a path stays in one piece
    assert theme.bidi_runs("بازی تازهٔ Zetema")[0] == ("Zetema", False)
    assert ("/tmp/a-1/settings.json", False) in theme.bidi_runs(
        "ذخیره در " + theme.isolate("/tmp/a-1/settings.json"))
    assert theme.bidi_runs("English only 12") == [("English only 12", False)]
    # on screen: the number is left of the word it follows
    pygame.init()
    surf = theme.text("حرکت ۱۲", 30)
    word_w = theme._rtl_font(30, "sans").size("حرکت ")[0]
    digits_w = theme.font(30).size("۱۲")[0]
    assert surf.get_width() == word_w + digits_w
    alone = pygame.Surface((digits_w, surf.get_height()), pygame.SRCALPHA)
    alone.blit(theme.font(30).render("۱۲", True, theme.INK), (0, 0))
    left_part = surf.subsurface((0, 0, digits_w, surf.get_height()))
    assert pygame.image.tobytes(left_part, "RGBA") == pygame.image.tobytes(alone, "RGBA")


def test_persian_titles_asked_for_in_serif_are_drawn_in_a_font_that_has_them():
    assert theme._style_for("تنظیمات", "serif") == "bold"
    assert theme._style_for("Cài đặt", "serif") == "serif"


def test_a_persian_rules_text_is_laid_out_from_the_right():
    from scenes import markdown

    pygame.init()
    pieces, _ = markdown.layout("# قوانین\n\nبازی Chắn با **۱۰۰** کارت.\n\n- یک\n", 600, rtl=True)
    words = [p for p in pieces if p.surface is not None]
    heading = words[0]
    assert heading.x + heading.surface.get_width() == 600  # flush right
    line = sorted((p for p in words if p.y == words[1].y), key=lambda p: p.x)
    assert line[-1].x + line[-1].surface.get_width() == 600  # flush right
    first = theme.run_text("بازی ", 18, theme.INK, "sans", rtl=True)
    assert line[-1].surface.get_size() == first.get_size()  # the first word read is rightmost
    latin = theme.text("Chắn", 18)
    assert line[-2].surface.get_size() == latin.get_size()  # then the game's name
    assert line[0].x == 600 - sum(p.surface.get_width() for p in line)  # no gaps, no overlap
    bullet = next(p for p in words if p.y > line[0].y)
    assert bullet.x > 500


def test_widgets_mirror_in_persian():
    i18n.set_language("fa")
    choice = Choice((100, 100, 500, 40), "زبان", [(1, "یک"), (2, "دو")], 1, lambda v: None)
    field, left, right = choice._boxes()
    assert field.x == 100 and field.right == 380  # the label stands on the right
    from ecs.input import InputEvent

    choice.handle(InputEvent("down", pos=left.center, button=1))
    assert choice.value == 2  # the left arrow goes forward when reading from the right
    slider = Slider((100, 200, 500, 40), "صدا", 0.0, lambda v: None)
    track = slider._track()
    slider.handle(InputEvent("down", pos=(track.right - track.width // 4, track.centery),
                             button=1))
    assert slider.value == pytest.approx(0.25, abs=0.01)  # filled from the right
    i18n.set_language("en")
    assert Choice((100, 100, 500, 40), "x", [(1, "a")], 1, lambda v: None)._boxes()[0].x == 320


# -- switching language -------------------------------------------------------------------------

def test_switching_language_relays_out_every_open_screen():
    from game.driver import Driver
    from scenes.menu import MainMenu
    from scenes.settings import SettingsScene

    app = lang_app("en")
    drive = Driver(app)
    drive.settle()
    menu = app.scenes.top
    assert isinstance(menu, MainMenu)
    app.scenes.push(SettingsScene(app), transition=None)
    settings = app.scenes.top
    languages = next(w for w in settings.widgets.widgets if isinstance(w, Segments))
    field = next(w for w in settings.widgets.widgets if getattr(w, "label", "") ==
                 "Window size")._boxes()[0]
    drive.click(languages.boxes()[1].center)  # English -> فارسی
    assert app.settings.language == "fa" and i18n.language() == "fa"
    labels = {getattr(w, "label", None) for w in settings.widgets.widgets}
    assert "اندازهٔ پنجره" in labels and "Window size" not in labels
    new_field = next(w for w in settings.widgets.widgets
                     if getattr(w, "label", "") == "اندازهٔ پنجره")._boxes()[0]
    assert new_field.x < field.x  # now the field is left of the label
    assert {w.label for w in menu.widgets.widgets} >= {"تنظیمات", "خروج", "ادامه"}
    drive.step(2)  # draws in Persian without trouble
    languages = next(w for w in settings.widgets.widgets if isinstance(w, Segments))
    drive.click(languages.boxes()[2].center)  # Tiếng Việt
    assert i18n.language() == "vi" and "Cài đặt" in {w.label for w in menu.widgets.widgets}
    app.scenes.stack.clear()


# -- no overflow in any language ----------------------------------------------------------------

def widget_problems(widget) -> list[str]:
    found = []
    if isinstance(widget, Hotspot):
        return found  # (the keyboard's stop on a menu tile: it draws nothing)
    if isinstance(widget, Button):
        if theme.text_width(widget.label, widget.size, "bold") > widget.rect.width - 12:
            found.append(f"button {widget.label!r}")
        if widget.note and theme.text_width(widget.note, 13) > widget.rect.width - 8:
            found.append(f"note {widget.note!r}")
        return found
    if isinstance(widget, Segments):
        return [f"option {text!r}" for (_, text), box in zip(widget.options, widget.boxes(),
                                                             strict=True)
                if theme.text_width(text, 19, "bold") > box.width - 16]
    label_w = getattr(widget, "label_width", 0)
    if theme.text_width(widget.label, 20) > label_w - 10:
        found.append(f"label {widget.label!r}")
    if isinstance(widget, Choice):
        field = widget._boxes()[0]
        for _, text in widget.options:
            if theme.text_width(text, 19, "bold") > field.width - 2 * field.height:
                found.append(f"option {text!r}")
    if isinstance(widget, Toggle):
        word = max((i18n._("On"), i18n._("Off")), key=lambda w: theme.text_width(w, 18))
        if theme.text_width(word, 18) + 14 + 64 > widget.rect.width - label_w:
            found.append(f"toggle word {word!r}")
    if isinstance(widget, TextField) and theme.text_width(widget.placeholder, 19) > (
            widget._field().width - 24):
        found.append(f"placeholder {widget.placeholder!r}")
    return found


def drawn_text(scene, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every text a scene draws, with its rectangle."""
    seen = []
    original = theme.blit_text

    def record(surface, string, pos, size, *args, **kwargs):
        rect = original(surface, string, pos, size, *args, **kwargs)
        seen.append((string, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", record)
    scene.draw(pygame.display.get_surface())
    monkeypatch.setattr(theme, "blit_text", original)
    return seen


def shell_screens(app):
    """Every shell screen in its fullest state (most seats, every seat a computer, ...)."""
    from scenes.pause import PauseMenu
    from scenes.results import DealSummary, ResultsOverlay
    from scenes.rules_viewer import RulesViewer
    from scenes.settings import SettingsScene
    from scenes.setup import SetupScene
    from scenes.stats import StatsScene

    for info in GAMES:
        setup = SetupScene(app, info)
        setup.players = info.max_players
        setup.seats = [Seat("human")] + [Seat("ai", "hard")] * (info.max_players - 1)
        setup._build()
        yield f"setup {info.key}", setup
    yield "settings", SettingsScene(app)
    table = types.SimpleNamespace(config=GameConfig("zetema", (Seat("human"), Seat()), 987654321,
                                                    fixed_seed=True), game_key="zetema")
    pause = PauseMenu(app, table)
    yield "pause", pause
    confirm = PauseMenu(app, table)
    confirm.restart()
    yield "pause confirming", confirm
    stats = StatsScene(app, "chan")
    yield "statistics", stats
    asking = StatsScene(app, "chan")
    asking._ask()
    yield "statistics asking", asking
    yield "rules", RulesViewer(app, "zertz")
    yield "results", ResultsOverlay(app, "You win!", "", ["Player", "Points"],
                                    [["You", "12"]], lambda: None, lambda: None,
                                    log=["a move"] * 80, on_replay=lambda: None)
    yield "deal summary", DealSummary(app, "Deal 1", "", ["Player"], [["You"]])


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_of_the_shell_screens_overflows(lang, monkeypatch):
    from game.layout import load_layout
    from scenes import menu as menu_module

    app = lang_app(lang)
    problems = []
    menu = app.scenes.top
    for widget in menu.widgets.widgets:
        problems += [f"menu: {p}" for p in widget_problems(widget)]
    for _, rect in drawn_text(menu, monkeypatch):
        if not app.screen.get_rect().contains(rect):
            problems.append(f"menu: text outside the screen at {rect}")
    tiles = load_layout("menu").layer("tiles")
    for zone in tiles:  # the blurb's lines end above the player count
        info = BY_KEY[zone.name]
        w, h = zone.rect.size
        lines = theme.wrap(info.blurb_text, 16, w - 36)
        bottom = 150 + 10 + 16 + 46 + 21 * (len(lines) - 1) + theme.text(lines[-1], 16).get_height()
        if bottom > h - 76 or len(lines) > 3:
            problems.append(f"tile {info.key}: blurb of {len(lines)} lines")
        for word in (info.players_text, i18n._("New game"), i18n._("Play")):
            if theme.text_width(word, 16, "bold") > w - 80:
                problems.append(f"tile {info.key}: {word!r}")
    for name, scene in shell_screens(app):
        app.scenes.push(scene, transition=None)
        for widget in scene.widgets.widgets:
            problems += [f"{name}: {p}" for p in widget_problems(widget)]
        panel = scene.panel
        for string, rect in drawn_text(scene, monkeypatch):
            if not panel.contains(rect) and string:
                problems.append(f"{name}: {string!r} leaves the panel ({rect} not in {panel})")
        app.scenes.pop(transition=None)
    from scenes.stats import COLUMN_WIDTHS, StatsScene

    for head, width in zip(StatsScene.headings(), COLUMN_WIDTHS):
        if theme.text_width(head, 16, "bold") > width - 8:
            problems.append(f"statistics: heading {head!r}")
    hint = i18n._("F11 fullscreen  ·  {first}–{last} open a game")
    assert menu_module.zone_rect(tiles[0]).x < 640 if lang != "fa" else True
    assert theme.text_width(hint, 14) < 600
    assert not problems, "\n".join(problems)
    app.scenes.stack.clear()


def test_the_menu_reads_from_the_right_in_persian():
    from game.layout import load_layout
    from scenes.menu import zone_rect

    layout = load_layout("menu")
    first = layout.layer("tiles")[0]
    assert zone_rect(first).x < 640
    i18n.set_language("fa")
    assert zone_rect(first).x > 640  # Zetema, the first game, on the right
    assert zone_rect(layout["continue"]).right > 1000


def test_rules_follow_the_language_with_english_as_fallback(tmp_path, monkeypatch):
    import scenes.rules_viewer as viewer

    (tmp_path / "fa").mkdir()
    (tmp_path / "zertz.md").write_text("# Zertz\n\nEnglish.", encoding="utf-8")
    (tmp_path / "fa" / "zertz.md").write_text("# زرتز\n\nفارسی.", encoding="utf-8")
    monkeypatch.setattr(viewer, "RULES_TEXTS", tmp_path)
    assert "English" in viewer.rules_text("zertz", "en")
    assert "فارسی" in viewer.rules_text("zertz", "fa")
    assert "English" in viewer.rules_text("zertz", "vi")  # no Vietnamese file: English
    i18n.set_language("fa")
    assert "فارسی" in viewer.rules_text("zertz")


def test_the_tour_takes_a_language(monkeypatch, tmp_path):
    import game.__main__ as main_module
    import game.tour as tour

    seen = {}

    def fake_tour(out, *sizes):
        seen["language"] = load_settings()[0].language
        return []

    monkeypatch.setattr(tour, "_tour", fake_tour)
    assert main_module.main(["--tour", str(tmp_path / "shots"), "--lang", "fa"]) == 0
    assert seen["language"] == "fa"
    assert main_module.main(["--tour", str(tmp_path / "shots"), "--lang", "vi"]) == 0
    assert seen["language"] == "vi"


# -- the Chắn table and its end screen ----------------------------------------------------------

def chan_positions():
    """Chắn deals played at random to the moments whose words are longest: the dealer's first
    discard, a live card you cannot take (the reason why), a capture to make, a claim, a
    discard after a capture, and a finished deal (the end screen)."""
    import random

    from game.rules import chan as rules
    from game.session import Session

    seats = (Seat("human"),) + (Seat("ai", "hard"),) * 3
    wanted = {"open", "cannot", "take", "claim", "discard"}
    found = {}
    for seed in range(1, 40):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", seats, seed, {}))
        while session.result is None and wanted - set(found):
            state = session.state
            legal = rules.legal_moves(state)
            if rules.to_move(state) == 0:
                kind = (state.phase if state.phase in ("open", "claim", "discard") else
                        "take" if any(m.startswith(("chan ", "ca ")) for m in legal) else
                        "cannot" if state.live is not None else None)
                if kind in wanted and kind not in found:
                    found[kind] = Session.from_save(session.to_save(), True)
            session.play(rng.choice(legal))
        if not wanted - set(found):
            break
    rng = random.Random(35)
    session = Session.new(GameConfig("chan", seats, 35, {}))
    while session.result is None:
        legal = rules.legal_moves(session.state)
        session.play("u" if "u" in legal else rng.choice(legal))
    found["end"] = session
    return found


def drawn_pills(table, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The dealer's badge and the live card's tag the Chắn table draws, with their boxes."""
    from scenes.chan import panels

    pills = []
    originals = {kind: getattr(panels, kind) for kind in ("badge", "live_tag")}

    def recorder(kind):
        def record(*args, **kwargs):
            rect = originals[kind](*args, **kwargs)
            pills.append((kind, rect))
            return rect
        return record

    for kind in originals:
        monkeypatch.setattr(panels, kind, recorder(kind))
    table.draw(pygame.display.get_surface())
    for kind, original in originals.items():
        monkeypatch.setattr(panels, kind, original)
    return pills


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_of_the_chan_table_or_its_end_screen_overflows(lang, monkeypatch):
    from game.driver import Driver
    from scenes.chan import panels
    from scenes.chan_table import ChanTable
    from scenes.results import ResultsOverlay

    app = lang_app(lang)
    drive = Driver(app)
    problems = []
    positions = chan_positions()
    assert set(positions) == {"open", "cannot", "take", "claim", "discard", "end"}
    for name, session in positions.items():
        table = ChanTable(app, session.config, session)
        app.scenes.reset(table, transition=None)
        drive.settle(1200)
        if name != "end":
            assert table.mine, name
            lay = table.layout
            zones = [lay[f"{kind}_{z}"].rect for kind in ("seat", "gate", "exposed")
                     for z in range(4)] + [lay[k].rect for k in ("stock", "claims", "log")]
            for string, rect in drawn_text(table, monkeypatch):
                home = [z for z in zones if z.collidepoint(rect.center)]
                if not app.screen.get_rect().contains(rect):
                    problems.append(f"{name}: {string!r} leaves the screen")
                elif home and not home[0].inflate(2, 2).contains(rect):
                    problems.append(f"{name}: {string!r} leaves its box ({rect} in {home[0]})")
            for kind, rect in drawn_pills(table, monkeypatch):
                home = [z for z in zones if z.collidepoint(rect.center)]
                if not home or not home[0].contains(rect):
                    problems.append(f"{name}: the {kind} pill {rect} leaves its box")
            for widget in table.widgets.widgets:
                problems += [f"{name}: {p}" for p in widget_problems(widget)]
            lines, _, _ = panels.prompt_lines(table.prompt_text(), lay["claims"].rect, 46)
            if lines[-1].endswith("…"):
                problems.append(f"{name}: the prompt is cut: {table.prompt_text()!r}")
            continue
        drive.step(5)
        drive.settle()
        overlay = app.scenes.top
        assert isinstance(overlay, ResultsOverlay)
        for widget in overlay.widgets.widgets:
            problems += [f"end: {p}" for p in widget_problems(widget)]
        if len(theme.wrap(overlay.subtitle, 18, overlay.table_rect.width - 20)) > 2:
            problems.append(f"end: the summary takes more than its two lines: {overlay.subtitle!r}")
        col_w = (overlay.table_rect.width - 20) // max(1, len(overlay.header))
        cells = [(c, 17, "bold") for c in overlay.header] + [
            (c, 20, "bold" if i == 0 else "sans") for row in overlay.rows for i, c in enumerate(row)]
        for cell, size, style in cells:  # as the results screen draws them
            if theme.text_width(cell, size, style) > col_w - 6:
                problems.append(f"end: cell {cell!r} wider than its column")
        for string, rect in drawn_text(overlay, monkeypatch):
            if string and not overlay.panel.contains(rect):
                problems.append(f"end: {string!r} leaves the panel")
    from scenes.chan import words

    seat, other = (i18n._("Seat {number}").format(number=i18n.num(n)) for n in (2, 3))
    for banner in (words.chiu_banner(seat, False, "9M", other, False, False),
                   words.chiu_banner(seat, False, "9M", other, False, True),
                   words.chiu_banner(seat, False, "9M", seat, True, False, passed_on=True),
                   words.win_banner(seat, False), words.stock_empty()):
        if theme.text_width(banner, 30, "serif") + 50 > 1240:  # the banner's box on the table
            problems.append(f"banner {banner!r} wider than the table")
# -- the Zetema table in every language ---------------------------------------------------------

def zetema_screens(app, drive):
    """The Zetema table at its fullest: six seats (computers at the hardest level, three-digit
    scores, a long score sheet), nothing chosen (the longest prompt), cards chosen that make
    nothing, a combination named, the discard after it, another seat's combination shown."""
    from collections import Counter

    from game.rules import zetema as rules
    from game.session import Session
    from scenes.zetema import words as zetema_words
    from scenes.zetema_table import ZetemaTable

    config = GameConfig("zetema", (Seat("human"),) + (Seat("ai", "hard"),) * 5, 5, {"double": "S"})
    hand = ["2H", "3C", "4H", "5D", "6H", "7S"]
    rest = list((Counter(rules.deck("S")) - Counter(hand)).elements())
    others = [rest[i * 5:(i + 1) * 5] for i in range(5)]
    rest = rest[25:]
    piles = {"9": [c for c in rest if c[:-1] == "9"][:4]}
    stock = list((Counter(rest) - Counter(piles["9"])).elements())

    def table_at(state):
        table = ZetemaTable(app, config, Session(config, rules, state, state))
        app.scenes.reset(table, transition=None)
        drive.settle()
        # a long score sheet: every seat declares, again and again
        table.sheet = [(s % 6, 130, "assembly of queens", 1) for s in range(30)]
        return table

    state = rules.load({"players": 6, "dealer": 5, "to_move": 0, "phase": "meld",
                        "hands": [hand] + others, "stock": stock, "piles": piles,
                        "scores": [195, 188, 177, 166, 155, 144]})
    table = table_at(state)
    yield "nothing chosen", table
    for code in ("2H", "4H"):
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
    drive.move((640, 250))
    yield "cards that make nothing", table
    for code in ("3C", "5D", "6H", "7S"):
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
    drive.move((640, 250))
    yield "a straight named", table
    table.confirm_meld()
    drive.settle()
    yield "discard after a meld", table
    other = rules.load({"players": 6, "dealer": 5, "to_move": 1, "phase": "discard",
                        "meld": "straight", "shown": hand,
                        "hands": [others[0], hand] + others[1:], "stock": stock, "piles": piles,
                        "scores": [195, 188, 177, 166, 155, 144]})
    table = table_at(other)
    table.shown_label = zetema_words.shown_label(table.seat_name(1), "straightflush", hand, 50)
    yield "another seat's meld", table


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_of_the_zetema_table_overflows(lang, monkeypatch):
    from game.driver import Driver

    app = lang_app(lang)
    app.settings.animation = "instant"
    drive = Driver(app)
    problems = []
    for name, table in zetema_screens(app, drive):
        zones = [z.rect for z in table.layout.zones.values()]
        buttons = [w for w in table.widgets.widgets if isinstance(w, Button)]
        for widget in buttons:
            problems += [f"{name}: {p}" for p in widget_problems(widget)]
        table.banner = None
        for string, rect in drawn_text(table, monkeypatch):
            if not string.strip():
                continue
            home = [z for z in zones if z.collidepoint(rect.center)]
            if not home:
                problems.append(f"{name}: {string!r} outside every panel at {rect}")
            elif not any(z.contains(rect) for z in home):
                problems.append(f"{name}: {string!r} leaves its panel ({rect} in {home[0]})")
            if any(rect.colliderect(b.rect) and string != b.label for b in buttons):
                problems.append(f"{name}: {string!r} under a button at {rect}")
    assert not problems, "\n".join(problems)
    app.scenes.stack.clear()


def test_a_word_can_be_translated_per_game_with_a_context():
    """Chắn's "Draw" turns a stock card ("Lật nọc"), Telefunken's takes one ("Bốc"): msgctxt."""
    assert "chan\x04Draw" in catalogues.extract() and "Draw" in catalogues.extract()
    try:
        i18n.set_language("vi")
        assert i18n.pgettext("chan", "Draw") == "Lật nọc"
        assert i18n._("Draw") == "Bốc"
        assert i18n.npgettext("chan", "{count} card", "{count} cards", 3) == "{count} quân"
    finally:
        i18n.set_language("en")
    assert i18n.pgettext("chan", "Draw") == "Draw"


def test_a_sentence_said_of_you_has_its_own_translation_where_verbs_agree():
    """Persian verbs agree with the person: "You drew from the stock" and "Seat 2 drew from
    the stock" are two sentences there (the log spoke in verbless phrases instead). A sentence
    marked ``Y_`` is extracted plain and in the context "you"; English says both alike."""
    from game.rules import telefunken as t
    from game.words import telefunken as words

    messages = catalogues.extract()
    assert "{name} drew from the stock" in messages
    assert "you\x04{name} drew from the stock" in messages
    assert "you\x04{player} discarded {card}" in messages     # (Zetema's too)
    state = t.new_game(3, seed=1)
    while state.phase != "draw":
        state = t.play(state, t.legal_moves(state)[0])
    seat = state.seat
    names = ["Seat 1", "Seat 2", "Seat 3"]
    assert words.describe(state, "draw", names) == f"Seat {seat + 1} drew from the stock"
    you_names = list(names)
    you_names[seat] = "You"
    assert words.describe(state, "draw", you_names) == "You drew from the stock"
    try:
        i18n.set_language("fa")
        theirs = words.describe(state, "draw", names)
        you_names[seat] = i18n._("You")
        yours = words.describe(state, "draw", you_names)
        assert yours != theirs.replace(names[seat], you_names[seat])   # another verb form
        assert i18n._("You") in yours
        assert i18n.Y_(False, "{name} went out!") != i18n.Y_(True, "{name} went out!")
    finally:
        i18n.set_language("en")
    assert i18n.Y_(True, "{name} went out!") == i18n.Y_(False, "{name} went out!")


def test_no_persian_message_uses_the_middle_dot():
    """A middle dot between numbers reads as the Persian zero (۰): "۷ · ۰" looks like "۷۰".
    Persian messages separate with "،" or "؛" instead."""
    entries = catalogues.parse_po(catalogues.po_path("fa").read_text(encoding="utf-8"))
    dotted = [e.msgid for e in entries if e.msgid and any("·" in s for s in e.strings)]
    assert not dotted, dotted


def test_the_results_table_reads_from_the_right_in_persian(app, monkeypatch):
    """The player's column comes first in reading order: on the right in Persian."""
    from scenes.results import ResultsOverlay

    for lang in ("en", "fa"):
        i18n.set_language(lang)
        try:
            overlay = ResultsOverlay(app, "Title", "", ["Player", "Points"], [["Ana", "12"]],
                                     lambda: None, lambda: None)
            written = dict(drawn_text(overlay, monkeypatch))
        finally:
            i18n.set_language("en")
        if lang == "en":
            assert written["Ana"].centerx < written["12"].centerx
        else:
            assert written["Ana"].centerx > written["12"].centerx


def test_a_settings_file_problem_is_told_in_the_language_it_names(tmp_path):
    """{"language": "vi", "volume": 7}: the message about the volume is Vietnamese, although
    the language was not switched on yet when the file was read."""
    path = tmp_path / "settings.json"
    path.write_text('{"version": 1, "language": "vi", "volume": 7}', encoding="utf-8")
    settings, message = load_settings(path)
    assert settings.language == "vi" and settings.volume == Settings().volume
    assert message.startswith("Một số cài đặt đã về mặc định") and "âm lượng" in message
    assert i18n.language() == "en"  # nothing switched behind the player's back


def test_statistics_problems_are_told_in_the_language(tmp_path):
    from game.stats import load_stats

    path = tmp_path / "stats.json"
    path.write_text('{"nonsense": {}}', encoding="utf-8")
    try:
        i18n.set_language("fa")
        _games, message = load_stats(path)
    finally:
        i18n.set_language("en")
    assert message.startswith("آمار از نو شروع شد") or message.startswith("بخشی از آمار"), message


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_an_engine_reason_never_reaches_a_player_in_english(lang):
    """A table's last resort (the engine's English reason) becomes a sentence of the language;
    the reasons the Zetema table knows keep their detail."""
    from scenes.zetema import words as zetema_words

    reason = "each marriage needs at least one card from your hand: KS QS are both on piles"
    try:
        i18n.set_language(lang)
        assert i18n.engine_text("a strange engine reason") == i18n._("This move is not allowed now.")
        assert "strange" not in i18n.engine_text("a strange engine reason")
        text = zetema_words.meld_not_now("marriage", 20, reason)
        assert "needs" not in text and i18n._("each marriage needs at least one card from your hand") in text
    finally:
        i18n.set_language("en")
    assert i18n.engine_text("a strange engine reason") == "a strange engine reason"


def test_a_window_size_reads_right_to_left_in_persian():
    """"۱۲۸۰ × ۷۲۰" (numbers only) was laid out left to right: a Persian reader read
    720 × 1280. The width now stands at the right, read first."""
    from game import i18n
    from scenes import theme

    i18n.set_language("fa")
    try:
        label = i18n._("{width} × {height}").format(width=i18n.num(1280), height=i18n.num(720))
        runs = theme.bidi_runs(label)
        assert [text.strip() for text, _ in runs] == ["۷۲۰", "×", "۱۲۸۰"]
    finally:
        i18n.set_language("en")
    assert theme.bidi_runs("1280 × 720") == [("1280 × 720", False)]


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_every_hint_begins_with_the_hint_buttons_word(lang):
    """Persian hints began "راهنمایی:" in Chắn and Zertz and "راهنما:" (the button's word)
    in the other games."""
    import re
    from pathlib import Path

    po = Path(__file__).parent.parent / "game" / "locale" / lang / "LC_MESSAGES" / "parlour.po"
    text = po.read_text(encoding="utf-8")
    button = re.search(r'\nmsgid "Hint"\nmsgstr "([^"]*)"', text).group(1)
    hints = re.findall(r'\nmsgid "Hint: [^"]*"\nmsgstr "([^"]*)"', text)
    assert len(hints) > 10
    assert all(h.startswith(button + ":") for h in hints), [h for h in hints
                                                            if not h.startswith(button + ":")]


def test_persian_groups_of_cards_keep_the_tables_order():
    """Two groups read right to left, the second first, unlike the table and the meld zone."""
    from game import i18n
    from scenes.telefunken import words as telefunken_words

    i18n.set_language("fa")
    try:
        both = telefunken_words.groups([["JH", "JD", "JK"], ["AH", "AD", "AC"]])
    finally:
        i18n.set_language("en")
    runs = theme.bidi_runs("ترکیب " + both)
    shown = "".join(text for text, _ in runs)
    assert shown.index("A♥") > shown.index("J♥")  # the first group left, as on the table
    assert runs[-1] == ("ترکیب ", True)


def test_persian_cards_left_in_a_deal_summary_read_left_to_right(app, monkeypatch):
    """The summary's cards left in a hand came out backwards in Persian (5♦ 5♦ 3♦ 3♠)."""
    from game import i18n
    from scenes import results

    placed = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda s, text, pos, *a, **k: (
        placed.append((text, pos[0])), real(s, text, pos, *a, **k))[1])
    i18n.set_language("fa")
    try:
        results._draw_words(pygame.Surface((800, 60)), [("3♠", theme.INK), ("3♦", theme.RED),
                                                         ("5♦", theme.RED)], (400, 10), 700)
    finally:
        i18n.set_language("en")
    assert [t for t, _ in sorted(placed, key=lambda p: p[1])] == ["3♠", "3♦", "5♦"]


def test_a_wrapped_persian_line_keeps_a_list_of_cards_together(app):
    """A meld in the log broke after "8♠ 8♣", its joker alone on the next line."""
    cards = theme.isolate("8♠ 8♣ جوکر")
    line = "۸۴. جایگاه ۲: زمین گذاشتن " + cards + " و تمام"
    width = theme.text_width("۸۴. جایگاه ۲: زمین گذاشتن 8♠ 8♣", 13) + 4
    lines = theme.wrap(line, 13, width)
    assert any(cards in part for part in lines), lines
    # a list wider than the whole line still breaks
    long = theme.isolate(" ".join(["10♠"] * 40))
    assert len(theme.wrap("زمین " + long, 13, 200)) > 2


def test_a_gain_of_nothing_has_no_sign():
    """The stakes of a deal showed "+۰" (+0) for a seat that neither won nor paid."""
    import pathlib

    from game.i18n import signed

    assert (signed(3), signed(-2), signed(0)) == ("+3", "-2", "0")
    assert i18n.digits(signed(0), "fa") == "۰"
    root = pathlib.Path(__file__).resolve().parent.parent
    for path in root.glob("scenes/**/*.py"):  # every sign shown by ``signed``
        assert ":+d}" not in path.read_text(encoding="utf-8"), path


def test_no_persian_yeh_carries_a_kasra():
    """ی followed by a kasra (the ezafe written out, "بی‌بیِ هم‌خال") is drawn by the font
    with the two dots of Arabic ي (pt88); Persian leaves the ezafe unwritten there."""
    from pathlib import Path

    po = Path(__file__).resolve().parent.parent / "game/locale/fa/LC_MESSAGES/parlour.po"
    rules = Path(__file__).resolve().parent.parent / "assets/rules/fa"
    texts = [po.read_text(encoding="utf-8")] + [p.read_text(encoding="utf-8")
                                                for p in rules.glob("*.md")]
    assert not any("\u06cc\u0650" in text for text in texts)


def test_vietnamese_quotes_words_with_curly_quotes():
    """The Vietnamese Chắn rules quoted the buttons «Lật nọc», «Bỏ lại» beside “Đi lại (nhiều
    người)” (pt143): Vietnamese quotes with “ ”. (« Đầu and Cuối » are arrows, not quotes.)"""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    texts = [(root / "game/locale/vi/LC_MESSAGES/parlour.po").read_text(encoding="utf-8")] + [
        p.read_text(encoding="utf-8") for p in (root / "assets/rules/vi").glob("*.md")]
    assert not any(re.search(r"«\S[^»\n]*»", text) for text in texts)


@pytest.mark.parametrize("text", [
    "Hint: add 8♠ to the group of Seat 3 (8♠ 8♥ 8♦) and then discard",
    "راهنما: 8♠ را به گروه جایگاه ۳ (8♠ 8♥ 8♦) اضافه کنید و سپس دور بیندازید",
])
def test_a_line_never_begins_with_the_number_of_a_seat(app, text):
    """A wrapped hint ended a line with «جایگاه» and began the next with «۳» (pt88)."""
    from scenes import theme

    for width in range(120, 420, 6):
        lines = theme.wrap(text, 16, width)
        assert not any(line.split(" ")[0][:1].isdigit() and i > 0
                       and line.split(" ")[0] in ("3", "۳") for i, line in enumerate(lines)), lines


def test_a_single_marriage_in_persian_has_no_stray_number():
    """"جایگاه ۲ ۱ ازدواجِ K♥ و Q♥…": the singular said "1 marriage", read as a second number
    beside the seat's (pt107). Like English's "a marriage of", it has none; two have theirs."""
    from game.words.zetema import marriages_phrase

    i18n.set_language("fa")
    try:
        one = marriages_phrase(["KH", "QH"])
        assert one.startswith("ازدواجِ") and "۱" not in one
        assert marriages_phrase(["KH", "QH", "KS", "QS"]).startswith("۲ ")
    finally:
        i18n.set_language("en")


def test_the_check_lets_a_plurals_singular_leave_out_only_its_number(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path)
    messages = {m.msgid: m for m in (catalogues.Message("a marriage of {pairs}",
                                                        "{count} marriages: {pairs}"),
                                     catalogues.Message("{count} move", "{count} moves"))}
    entries = [catalogues.Entry("a marriage of {pairs}", "{count} marriages: {pairs}",
                                strings=["ازدواجِ {pairs}", "{count} ازدواجِ {pairs}"]),
               catalogues.Entry("{count} move", "{count} moves", strings=["حرکت", "{count} حرکت"])]
    path = catalogues.po_path("fa")
    path.parent.mkdir(parents=True)
    path.write_text(catalogues.write_po("fa", messages, entries), encoding="utf-8")
    found = "\n".join(catalogues.problems("fa", messages))
    assert "a marriage of" not in found  # (its singular has no number in English either)
    assert "placeholders [] != ['count'] in '{count} move'" in found
