"""Widget labels fit their column in every language: a label too long for its
``label_width`` is drawn smaller (then cut with "…"), never under its switch or field
(a Vietnamese settings label, "Đi lại khi nhiều người chơi", ran under its switch)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.settings import Settings
from scenes import theme
from scenes.widgets import LABEL_GAP, LABEL_SMALLEST, Toggle
from tests.test_i18n import drawn_text


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def drawn_labels(widget, monkeypatch) -> list[pygame.Rect]:
    """The rects of the texts ``widget`` draws that are (part of) its label."""
    label = widget.label.rstrip("…")
    return [rect for string, rect in drawn_text(widget, monkeypatch)
            if string == widget.label or (string.endswith("…") and label.startswith(
                string[:-1]))]


@pytest.mark.parametrize("lang", ("en", "fa", "vi"))
def test_every_settings_label_keeps_clear_of_its_field(lang, monkeypatch):
    from game.app import App
    from scenes.settings import SettingsScene

    app = App(settings=Settings(language=lang), persist=False)
    app.start()
    scene = SettingsScene(app)
    for widget in scene.widgets.widgets:
        if not getattr(widget, "label", "") or not hasattr(widget, "label_width"):
            continue
        rects = drawn_labels(widget, monkeypatch)
        assert len(rects) == 1, (widget.label, rects)
        column = (pygame.Rect(widget.rect.right - widget.label_width, 0, widget.label_width, 1)
                  if theme.rtl() else pygame.Rect(widget.rect.x, 0, widget.label_width, 1))
        rect = rects[0]
        if theme.rtl():  # the field is on the label's left
            inside = column.x + LABEL_GAP <= rect.x and rect.right <= column.right
        else:
            inside = column.x <= rect.x and rect.right <= column.right - LABEL_GAP
        assert inside, (lang, widget.label, rect, column)


def test_a_long_label_shrinks_then_is_cut(app, monkeypatch):
    fits = Toggle((100, 100, 500, 42), "Sound", True, lambda v: None, label_width=250)
    long = Toggle((100, 100, 500, 42), "Undo between the people at this one screen",
                  True, lambda v: None, label_width=250)
    huge = Toggle((100, 100, 500, 42), "word " * 30, True, lambda v: None, label_width=250)
    assert drawn_labels(fits, monkeypatch)[0].height > drawn_labels(long, monkeypatch)[0].height
    for widget in (long, huge):
        rect = drawn_labels(widget, monkeypatch)[0]
        assert rect.right <= 100 + 250 - LABEL_GAP
    assert theme.text_width("word " * 30, LABEL_SMALLEST) > 250  # so it was cut
