"""What the shared table base says and draws, in every language: Undo/Hint/Menu (the hint's
dots in place of its word while it is worked out), the undo refusals, the hot-seat cover,
seat names; and the file messages."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.storage import StorageError, read_json
from scenes import theme
from scenes.chan_table import ChanTable
from scenes.game_table import CardTable
from scenes.zertz_table import ZertzTable

ZERTZ = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 21, {"first": 0})
LANGS = ("en", "fa", "vi")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def open_table(app, drive, cls=ZertzTable, config=ZERTZ):
    table = cls(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def comfort(table):
    return [w for w in table.widgets.widgets
            if w.on_click in (table.undo, table.ask_hint, table.open_pause)]


@pytest.mark.parametrize("lang", LANGS)
def test_undo_hint_and_menu_are_translated_and_fit_their_buttons(app, drive, lang):
    i18n.set_language(lang)
    table = open_table(app, drive)
    undo, hint, menu = comfort(table)
    words = {"en": ("Undo", "Hint", "Menu"), "fa": ("واگرد", "راهنما", "منو"),
             "vi": ("Đi lại", "Gợi ý", "Menu")}[lang]
    assert (undo.label, hint.label, menu.label) == words
    for button in (undo, hint, menu):
        assert theme.text_width(button.label, button.size, "bold") <= button.rect.width - 12
    if lang == "fa":  # read from the right: Undo first, on the right
        assert undo.rect.x > hint.rect.x > menu.rect.x
    else:
        assert undo.rect.x < hint.rect.x < menu.rect.x
    table._hint_decision = object()  # a hint being worked out: dots instead of the word
    table._label_hint_button()
    assert hint.label == ""
    table._hint_decision = None
    table._label_hint_button()
    assert hint.label == words[1]


def test_the_undo_refusal_is_said_in_the_players_language(app, drive):
    i18n.set_language("vi")
    open_table(app, drive)
    app.toasts.clear()
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # nothing played yet
    assert [t.text for t in app.toasts] == ["Chưa có gì để đi lại."]


def test_the_hot_seat_cover_names_the_seat_in_the_players_language(app, drive, monkeypatch):
    i18n.set_language("fa")
    config = GameConfig("chan", (Seat("human"),) * 4, 2, {})
    table = open_table(app, drive, ChanTable, config)
    assert table.curtain
    said = []
    original = theme.blit_text

    def record(surface, string, *args, **kwargs):
        said.append(string)
        return original(surface, string, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", record)
    app.draw(app.screen)
    seat = table.viewer + 1
    assert f"جایگاه {i18n.num(seat)}: برای دیدن کارت‌هایتان اینجا کلیک کنید" in said
    app.toasts.clear()
    drive.key(pygame.K_h)
    assert [t.text for t in app.toasts] == [
        "اول پوشش را بردارید: برای دیدن کارت‌هایتان روی آن کلیک کنید."]


def test_seat_names_follow_the_language(app, drive):
    config = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 2, {})
    table = open_table(app, drive, ChanTable, config)
    assert isinstance(table, CardTable)
    assert [table.seat_name(s) for s in range(2)] == ["You", "Seat 2"]
    i18n.set_language("fa")
    assert [table.seat_name(s) for s in range(2)] == ["شما", "جایگاه ۲"]
    i18n.set_language("vi")
    assert [table.seat_name(s) for s in range(2)] == ["Bạn", "Ghế 2"]


def test_file_messages_are_in_the_players_language(tmp_path):
    empty = tmp_path / "settings.json"
    empty.write_text("", encoding="utf-8")
    i18n.set_language("fa")
    with pytest.raises(StorageError) as caught:
        read_json(empty)
    assert str(caught.value) == "settings.json آسیب دیده است (خالی است)"
    i18n.set_language("vi")
    with pytest.raises(StorageError) as caught:
        read_json(empty)
    assert str(caught.value) == "settings.json bị hỏng (tệp trống)"


def test_the_not_saving_mark_and_its_messages_speak_persian(app, drive):
    """The window's own words (issue 13): the failure message, the "Not saving" mark (in the
    top-left corner for a right-to-left reader) and "Saving works again"."""
    try:
        i18n.set_language("fa")
        app.storage_failed(i18n._("Saving the game"), StorageError("disk full"))
        assert "ذخیره نمی‌شود" in app.toasts[-1].text and "Play goes on" not in app.toasts[-1].text
        app.toasts.clear()
        drive.step(2)
        screen = pygame.display.get_surface()
        left = screen.subsurface((0, 0, 200, 20)).copy()
        right = screen.subsurface((screen.get_width() - 200, 0, 200, 20)).copy()
        reds = [sum(1 for x in range(200) for y in range(20) if s.get_at((x, y))[:3] == (120, 34, 34))
                for s in (left, right)]
        assert reds[0] > 50 and reds[1] == 0, reds  # the mark stands at the left in Persian
        app.storage_ok()
        assert app.toasts[-1].text == "ذخیره دوباره کار می‌کند."
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_the_rules_systems_own_refusals_are_translated(app, drive, lang):
    """A move offered while the computer is to move: "Wait for your turn." in the language."""
    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 3, {"first": 1})
    table = ZertzTable(app, config)
    app.scenes.reset(table, transition=None)
    drive.step()
    try:
        i18n.set_language(lang)
        assert not table.rules.human_to_move()
        table.rules.submit("pass")
        text = app.toasts[-1].text
        assert text == i18n._("Wait for your turn.") and text != "Wait for your turn."
        assert not app.toasts[-1].error  # said quietly in every language
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_move_logs_scroll_note_fits_beside_its_heading(app, lang):
    """The Persian "wheel: older moves" was cut ("…") beside "Moves" in Zetema's log."""
    from game.layout import load_layout

    i18n.set_language(lang)
    used = theme.text_width(i18n._("Moves"), 16, "bold") + 24
    note = i18n._("wheel: older moves")
    for game in ("zetema", "telefunken", "chan", "zertz"):
        zones = load_layout(game)
        if "log" in zones:
            assert theme.text_width(note, 12) <= zones["log"].rect.width - 26 - used, game
