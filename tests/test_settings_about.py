"""The Settings screen says at its foot what the row under the pointer does (a row such as
"Undo between people" explained nothing, pt83); away from the rows it names the file the
changes are saved to."""

from __future__ import annotations

import pytest

from game import i18n
from scenes import theme
from scenes.settings import ABOUT, SettingsScene


def foot(app, monkeypatch, scene) -> list[str]:
    drawn = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, *a, **k: (
        drawn.append(text), real(surface, text, *a, **k))[1])
    scene.draw(app.screen)
    monkeypatch.undo()
    return drawn


def test_the_row_under_the_pointer_is_explained_at_the_foot(app, drive, monkeypatch):
    scene = SettingsScene(app)
    app.scenes.push(scene, transition=None)
    drive.settle()
    undo = next(w for w in scene.widgets.widgets if getattr(w, "label", "") ==
                "Undo between people")
    drive.move((undo.rect.x + 20, undo.rect.centery))  # over its label
    assert scene.about == scene.widgets.widgets.index(undo)
    drawn = foot(app, monkeypatch, scene)
    assert drawn[-1] == ("Between people, Undo takes a move back; at cards, until the next "
                         "person lifts the cover.")
    assert not scene.needs_redraw()  # said once; idle again
    done = scene.widgets.widgets[-1]
    drive.move(done.rect.center)  # off the rows: the file again
    assert foot(app, monkeypatch, scene)[-1].startswith("Changes are saved to")


@pytest.mark.parametrize("lang", ["en", "fa", "vi"])
def test_every_row_has_its_words_and_they_fit(app, lang):
    i18n.set_language(lang)
    try:
        scene = SettingsScene(app)
        assert len(ABOUT) == len(scene.widgets.widgets) - 1  # every row but Done
        for text in ABOUT:
            said = i18n._(text)
            assert lang == "en" or said != text
            assert theme.text_width(said, 13) <= scene.panel.width - 24, said
    finally:
        i18n.set_language("en")
