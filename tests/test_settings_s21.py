"""Settings screen, play-test findings:

1. A second window on the same saves (``app.saves_shared``) saves nothing: its footer said
   "Changes are saved to …/settings.json" all the same.
2. Switching the language to or from Persian mirrored the rows at once, so the language row's
   arrow moved from under a still pointer: a second click at the same place fell on the
   label and the language stayed. (Then the row kept its layout until the pointer left it,
   which confused three play-testers.) The row is now a button per language across the
   whole row, which stands alike in every direction.
"""

from __future__ import annotations

import pytest

from game import i18n
from scenes import theme
from scenes.settings import SettingsScene, set_app_language

ORDER = list(i18n.LANGUAGES)  # en, fa, vi: the order of the row's buttons


def language_row(scene):
    return next(w for w in scene.widgets.widgets
                if [v for v, _ in getattr(w, "options", [])] == ORDER)


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


def test_while_files_cannot_be_written_the_footer_says_changes_are_not_saved(app, drive,
                                                                             monkeypatch):
    """It promised "Changes are saved to …/settings.json" on a read-only disk (pt109)."""
    from game.storage import StorageError

    app.persist = True
    app.storage_failed("Settings are not being saved",
                       StorageError("settings.json could not be written (read-only)"))
    open_settings(app, drive)
    footer = drawn_footer(app, drive, monkeypatch)
    assert footer == ("Changes apply now but cannot be saved: settings.json could not be "
                      "written (read-only)")
    app.storage_ok()
    assert drawn_footer(app, drive, monkeypatch).startswith("Changes are saved to ")


# -- 2. the languages stay under a still pointer ----------------------------------------------

def spots(scene) -> dict[str, tuple[int, int]]:
    """Where each language's button stands now (its centre on the canvas)."""
    row = language_row(scene)
    return {value: box.center for (value, _), box in zip(row.options, row.boxes(), strict=True)}


def test_each_language_is_a_button_named_in_its_own_words(app, drive):
    scene = open_settings(app, drive)
    row = language_row(scene)
    assert [name for _, name in row.options] == ["English", "فارسی", "Tiếng Việt"]
    assert row.value == "en"
    for language in ("fa", "vi", "en"):
        drive.click(spots(scene)[language])
        assert app.settings.language == i18n.language() == language
        assert language_row(scene).value == language


@pytest.mark.parametrize("start", ["en", "fa", "vi"])
def test_every_language_stays_where_it_was_when_the_screen_turns_its_direction(app, drive,
                                                                              start):
    """The other rows mirror for Persian; the language buttons stand where they stood, so a
    second click at the same place (a double click) keeps the language just chosen."""
    set_app_language(app, start)
    scene = open_settings(app, drive)
    before = spots(scene)
    for language in ORDER:
        drive.click(before[language])
        assert theme.rtl() is (language == "fa")
        assert spots(scene) == before
        drive.click(before[language])  # again, at the same place
        assert app.settings.language == i18n.language() == language
        drive.step(1)


def test_a_press_let_go_on_another_language_picks_nothing(app, drive):
    """As a button's click: a press on English let go over فارسی (a change of mind) keeps
    the language (it picked English on the press, pt67)."""
    set_app_language(app, "vi")
    scene = open_settings(app, drive)
    at = spots(scene)
    drive.press(at["en"])
    drive.release(at["fa"])
    assert app.settings.language == i18n.language() == "vi"
    drive.press(at["en"])
    drive.release(at["en"])
    assert app.settings.language == i18n.language() == "en"


def test_the_language_just_picked_stays_lit_under_the_still_pointer(app, drive):
    scene = open_settings(app, drive)
    at = spots(scene)
    drive.move(at["fa"])
    drive.press()  # (no motion with the press or the release: the pointer stays still)
    drive.release()  # the screen is built again in Persian
    row = language_row(scene)
    assert i18n.language() == "fa" and row.hover == ORDER.index("fa")


def test_while_a_game_cannot_be_saved_the_footer_says_why_not_which_file(app, drive,
                                                                         monkeypatch, tmp_path):
    """A game's autosave that failed was named as the reason settings are not saved
    ("…: autosave-zertz.json could not be written (permission was refused)", pt146)."""
    from game import storage

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refused)
    try:
        storage.write_json_atomic(tmp_path / "autosave-zertz.json", {"moves": []})
    except storage.StorageError as exc:
        failure = exc
    assert "autosave-zertz.json" in str(failure) and failure.reason == "permission was refused"
    app.persist = True
    app.storage_failed("Your Zertz game is not being saved", failure)
    open_settings(app, drive)
    footer = drawn_footer(app, drive, monkeypatch)
    assert footer == "Changes apply now but cannot be saved: permission was refused"
    app.storage_ok()
    assert app.not_saving_reason is None
    assert drawn_footer(app, drive, monkeypatch).startswith("Changes are saved to ")
