"""Settings screen, play-test findings:

1. A second window on the same saves (``app.saves_shared``) saves nothing: its footer said
   "Changes are saved to …/settings.json" all the same.
2. Switching the language to or from Persian mirrored the rows at once, so the language row's
   arrow moved from under a still pointer: a second click at the same place fell on the
   label and the language stayed. The row keeps its layout until the pointer leaves it.
"""

from __future__ import annotations

import pytest

from game import i18n
from scenes import theme
from scenes.settings import SettingsScene, set_app_language

ORDER = list(i18n.LANGUAGES)  # en, fa, vi: the order the arrows step through


def language_row(scene):
    return next(w for w in scene.widgets.widgets
                if [v for v, _ in getattr(w, "options", [])] == ORDER)


def direction(row) -> bool:
    """The reading direction the row is laid out in (right to left: True)."""
    return getattr(row, "rtl", theme.rtl())


def drawn_footer(app, drive, monkeypatch) -> str:
    """The words drawn at the foot of the Settings panel."""
    scene = app.scenes.top
    drawn = []
    real = theme.blit_text

    def spy(surface, text, pos, *args, **kwargs):
        drawn.append((text, pos))
        return real(surface, text, pos, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", spy)
    scene.draw(app.screen)
    monkeypatch.setattr(theme, "blit_text", real)
    return next(text for text, pos in drawn if pos[1] == scene.panel.bottom - 18)


def open_settings(app, drive) -> SettingsScene:
    scene = SettingsScene(app)
    app.scenes.push(scene, transition=None)
    drive.settle()
    return scene


# -- 1. the footer ------------------------------------------------------------------------------

def test_a_window_sharing_the_saves_says_its_changes_are_not_saved(app, drive, monkeypatch):
    app.saves_shared = True
    app.persist = False
    open_settings(app, drive)
    footer = drawn_footer(app, drive, monkeypatch)
    assert footer == ("Changes apply to this window only: another Parlour window uses the "
                      "same saves.")
    drive.step(2)  # draws without trouble


def test_the_usual_footer_names_the_settings_file(app, drive, monkeypatch):
    assert app.saves_shared is False
    open_settings(app, drive)
    footer = drawn_footer(app, drive, monkeypatch)
    assert footer.startswith("Changes are saved to ") and "settings.json" in footer


# -- 2. the language row's arrows stay under a still pointer ----------------------------------

def arrow(scene, forward: bool) -> tuple[int, int]:
    """The screen point of the language row's arrow that steps forward (or back) now."""
    row = language_row(scene)
    _, left, right = row._boxes()
    forward_box = left if direction(row) else right
    back_box = right if direction(row) else left
    return (forward_box if forward else back_box).center


@pytest.mark.parametrize("start", ["en", "fa", "vi"])
@pytest.mark.parametrize("forward", [True, False])
def test_clicks_at_one_place_keep_stepping_through_the_languages(app, drive, start, forward):
    set_app_language(app, start)
    scene = open_settings(app, drive)
    spot = arrow(scene, forward)
    step = 1 if forward else -1
    expected = ORDER.index(start)
    for _ in range(4):  # through a right-to-left language and out of it, twice
        drive.click(spot)
        expected = (expected + step) % len(ORDER)
        assert app.settings.language == i18n.language() == ORDER[expected]
        assert arrow(scene, forward) == spot  # still under the pointer
        drive.step(1)


def test_the_row_follows_the_language_once_the_pointer_leaves_it(app, drive):
    scene = open_settings(app, drive)
    spot = arrow(scene, True)
    drive.click(spot)  # English -> Persian
    assert i18n.language() == "fa"
    row = language_row(scene)
    assert direction(row) is False  # kept as it was under the pointer
    assert row.label == "زبان"  # in the new language already
    drive.move((spot[0], row.rect.bottom + 30))  # off the row
    row = language_row(scene)
    assert direction(row) is True
    assert row._boxes()[0].x == row.rect.x  # mirrored: the field left of the label
    drive.click(arrow(scene, True))  # its forward arrow, now on the left
    assert i18n.language() == "vi"
    row = language_row(scene)
    assert direction(row) is True  # kept (right to left) while the pointer stays
    drive.move((10, 10))
    assert direction(language_row(scene)) is False


def test_settings_opened_again_lay_the_row_out_in_the_language(app, drive):
    scene = open_settings(app, drive)
    drive.click(arrow(scene, True))  # English -> Persian, the pointer still on the row
    scene.close()
    drive.settle()
    again = open_settings(app, drive)
    assert direction(language_row(again)) is True
