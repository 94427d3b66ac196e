"""Several damaged files at one start, and the words of their messages (play-test 8).

Every damaged file found at start is reported on screen, however many there are: reports
wait their turn (``App.report``) instead of being pushed out by the next one or expiring
unseen behind the two that fit above the menu's tiles. A report in Persian or Vietnamese
gives its reason in that language: a rules engine's or the game catalogue's English words
("unknown ring 'zz9'", "unknown game in saved configuration") stay in the log (and in the
English message). A volume that is not a number is said to be one.
"""

from __future__ import annotations

import gettext
import json
import re

import pygame
import pytest

from game import i18n
from game.app import App
from game.catalog import default_config
from game.driver import Driver
from game.i18n import speaking
from game.saves import autosave_path
from game.session import Session
from game.settings import parse_settings, settings_path
from scenes import theme


def _save(game: str, seed: int = 3) -> dict:
    return {"version": 1, **Session.new(default_config(game, seed=seed)).to_save()}


class Screen:
    """What a player reads: the messages whose words were put on the screen, frame by frame
    (the lines ``theme.put`` draws while the app draws its messages: only a message fully
    faded in is drawn so, and one that does not fit is not drawn at all)."""

    def __init__(self, monkeypatch) -> None:
        self.frames: list[list[str]] = []
        self._lines: list[str] | None = None
        real_put, real_draw = theme.put, App._draw_toasts

        def put(surface, image, where):
            kept = theme._text_keys.get(id(image))
            if self._lines is not None and kept is not None and kept[0] is image:
                self._lines.append(kept[1][0])
            return real_put(surface, image, where)

        def draw(app, surface):
            self._lines = []
            texts = [t.text for t in app.toasts]
            try:
                real_draw(app, surface)
            finally:
                words = " ".join(self._lines)
                self.frames.append([t for t in texts if t in words])
                self._lines = None

        monkeypatch.setattr(theme, "put", put)
        monkeypatch.setattr(App, "_draw_toasts", draw)

    def seen(self) -> dict[str, int]:
        """Each message read, with the number of frames it stood whole on the screen, in
        order of first appearance."""
        counts: dict[str, int] = {}
        for frame in self.frames:
            for text in frame:
                counts[text] = counts.get(text, 0) + 1
        return counts


def _start(seconds: float = 45.0, then=None) -> tuple[App, Driver]:
    """The program started, with somebody at the screen moving the mouse for ``seconds``
    (a report waits for a touch of the mouse or keyboard before its time runs)."""
    app = App()  # the real program, headless: every file read at start
    app.start()
    drive = Driver(app)
    if then is not None:
        drive.step(2)
        then(app, drive)
    for frame in range(round(seconds * 60)):
        drive.move((640 + frame % 2, 700))
    return app, drive


def _four_damaged(data_dir) -> None:
    """The play-tester's start: three damaged saves and a settings file that is a list."""
    data_dir.mkdir(parents=True)
    half = json.dumps(_save("zetema"))
    autosave_path("zetema").write_text(half[: len(half) // 2], encoding="utf-8")
    autosave_path("chan").write_bytes(bytes(range(256)) * 3)
    autosave_path("zertz").write_bytes(b"")
    settings_path().write_text("[1,2,3]", encoding="utf-8")


FOUR = {"settings": "Some settings were reset to defaults", "zetema": "saved Zetema game",
        "chan": "saved Chắn game", "zertz": "saved Zertz game"}


def _each_shown(seen: dict[str, int], words: dict[str, str]) -> dict[str, str]:
    """The one text shown for each file (by words it holds), shown at least 5 s."""
    found = {}
    for key, part in words.items():
        texts = [t for t in seen if part in t]
        assert len(texts) == 1, (key, list(seen))
        assert seen[texts[0]] >= 5 * 60, (key, seen[texts[0]])  # long enough to be read
        found[key] = texts[0]
    return found


def test_four_damaged_files_at_one_start_are_each_shown_in_turn(data_dir, monkeypatch):
    """Only the Chắn and Zetema messages appeared: the settings one was pushed out by the
    third, and Zertz's waited unseen above them until it expired with them."""
    _four_damaged(data_dir)
    screen = Screen(monkeypatch)
    app, _drive = _start()
    shown = _each_shown(screen.seen(), FOUR)
    assert len(screen.seen()) == 4  # nothing else, nothing twice
    for key, text in shown.items():
        name = "settings.json" if key == "settings" else f"autosave-{key}.json"
        aside = "The file as it was is kept as" if key == "settings" else "set aside as"
        assert f"{aside} {name}.bad-" in text
        assert [p for p in data_dir.iterdir() if p.name.startswith(name + ".bad-")]
    # the first is shown at once (the settings file, read first), the others as room is made
    first = next(frame for frame in screen.frames if frame)
    assert shown["settings"] in first
    assert max(len(frame) for frame in screen.frames) == 2  # two stand over the tiles
    assert app.toasts == [] and app.reports == []  # all read, all gone


def test_reports_never_run_off_the_screen_nor_over_the_tiles(data_dir):
    """Each report that stands over the menu stands between the screen's top and the tiles."""
    _four_damaged(data_dir)
    app = App()
    app.start()
    drive = Driver(app)
    menu = app.scenes.top
    tiles_top = min(zone.rect.top for zone in menu.layout.layer("tiles"))
    for frame in range(30 * 60):
        drive.move((640 + frame % 2, 700))  # (somebody there: the reports' time runs)
        for _toast, _lines, box in app._toast_places(app.toasts):
            if _toast.drawn:
                assert box.top >= 4 and box.bottom <= tiles_top
        if not app.toasts and not app.reports:
            break
    assert not app.reports


def test_reports_outwait_a_quick_player_and_passing_messages(data_dir, monkeypatch):
    """Opening a game's setup at once and meeting three passing messages there: every
    report is still shown, at the setup's foot."""
    _four_damaged(data_dir)
    screen = Screen(monkeypatch)

    def hurry(app, drive):
        drive.key(pygame.K_1)  # Zetema's setup
        drive.settle()
        for word in ("one", "two", "three"):
            app.toast(f"A passing message {word}.")
        drive.step()

    app, _drive = _start(then=hurry)
    assert type(app.scenes.top).__name__ == "SetupScene"
    _each_shown(screen.seen(), FOUR)


def test_the_tester_s_vietnamese_start_reports_all_three_in_vietnamese(data_dir, monkeypatch):
    """Telefunken save ``[]``, Zetema save ``{"game": "zetema", "version": 1}`` and settings
    with a volume "loud": the settings message never came, and Zetema's said "unknown game
    in saved configuration" in English."""
    data_dir.mkdir(parents=True)
    autosave_path("telefunken").write_text("[]", encoding="utf-8")
    autosave_path("zetema").write_text('{"game": "zetema", "version": 1}', encoding="utf-8")
    settings_path().write_text(json.dumps({"version": 1, "language": "vi", "volume": "loud",
                                           "animation": 7}), encoding="utf-8")
    screen = Screen(monkeypatch)
    _start()
    with speaking("vi"):
        words = {"settings": i18n._("Some settings were reset to defaults: {problems}. The "
                                    "file as it was is kept as {file}.").split(":")[0],
                 "telefunken": i18n._("the saved {game} game").format(game="Telefunken"),
                 "zetema": i18n._("the saved {game} game").format(game="Zetema")}
        words = {k: v[:1].upper() + v[1:] for k, v in words.items()}
        number = i18n._("volume must be a number between 0 and 1")
        missing = i18n._("its seats and options are missing")
    shown = _each_shown(screen.seen(), words)
    assert number in shown["settings"]
    assert missing in shown["zetema"]
    assert "unknown game" not in shown["zetema"] and "configuration" not in shown["zetema"]


# -- no English reason in another language -----------------------------------------------------

def _pseudo_persian(monkeypatch) -> None:
    """Persian with a stand-in for any message its catalogue does not have yet (new words
    wait for their translators): what is left in Latin letters is then English that did not
    go through ``_()``."""

    class StandIn(gettext.NullTranslations):
        def gettext(self, message):
            return " ".join(["ترجمه", *re.findall(r"\{\w+\}", message)])

    real = i18n.translations

    def translations(lang):
        found = real(lang)
        if lang == "fa":
            found.add_fallback(StandIn())
        return found

    monkeypatch.setattr(i18n, "translations", translations)


def _latin_words(text: str) -> list[str]:
    """English words in a Persian message, leaving out file names and the games' titles."""
    text = re.sub(r"[\w.-]+\.json(\.bad-[\d-]+)?", "", text)
    for title in ("Zetema", "Telefunken", "Zertz", "Chắn", "JSON", "UTF-8"):
        text = text.replace(title, "")
    return re.findall(r"[A-Za-z]{2,}", text)


ENGINE_SAVES = {
    # a move no Zertz board has: "the saved moves do not replay (unknown ring 'zz9')"
    "zertz": (lambda d: d.update(moves=["place zz9"], position=None), "zz9"),
    # "the saved starting position is damaged (a Chắn position must be a JSON object, not list)"
    "chan": (lambda d: d.update(initial=[], position=None), "JSON object"),
}


@pytest.mark.parametrize("lang", ["fa", "vi", "en"])
@pytest.mark.parametrize("game", list(ENGINE_SAVES))
def test_a_save_that_does_not_replay_is_reported_at_start_with_english_detail_only_in_english(
        data_dir, monkeypatch, game, lang):
    """The check at start read such a save as sound: the menu offered Continue ("Zetema,
    deal 2, 73 moves", pt56), which then refused it. Its moves are replayed at start now."""
    from game.saves import list_saves
    from scenes.resume import resume_saved_game

    _pseudo_persian(monkeypatch)
    data_dir.mkdir(parents=True)
    damage, detail = ENGINE_SAVES[game]
    data = _save(game)
    damage(data)
    autosave_path(game).write_text(json.dumps(data), encoding="utf-8")
    settings_path().write_text(json.dumps({"version": 1, "language": lang}), encoding="utf-8")
    app = App()
    app.start()
    drive = Driver(app)
    drive.step(2)
    said = [t.text for t in (*app.toasts, *app.reports)]
    assert len(said) == 1, said
    text = said[0]
    assert f"{autosave_path(game).name}.bad-" in text  # set aside, and said
    assert list_saves() == []  # so Continue offers nothing
    assert resume_saved_game(app) is False
    if lang == "en":
        assert detail in text  # the detail helps in English
    else:
        assert detail not in text and "(" not in text
        with speaking(lang):
            main = i18n._("the saved moves do not replay ({reason})" if game == "zertz" else
                          "the saved starting position is damaged ({reason})")
        assert main.split("(")[0].strip() in text
    if lang == "fa":
        assert _latin_words(text) == [], text


@pytest.mark.parametrize("lang", ["fa", "vi", "en"])
def test_a_damaged_setup_in_a_save_is_reported_at_start_in_the_player_s_language(
        data_dir, monkeypatch, lang):
    """The game catalogue's English ("Zetema needs 2–6 players", "unknown game in saved
    configuration") stood in Persian and Vietnamese sentences."""
    _pseudo_persian(monkeypatch)
    data_dir.mkdir(parents=True)
    for game, config in (("zetema", {"game": "zetema", "seats": "three"}),
                         ("zertz", {"game": "chess"})):
        data = _save(game)
        data["config"] = config
        autosave_path(game).write_text(json.dumps(data), encoding="utf-8")
    settings_path().write_text(json.dumps({"version": 1, "language": lang}), encoding="utf-8")
    app, _drive = _start(seconds=1)
    said = [t.text for t in (*app.toasts, *getattr(app, "reports", ()))]
    assert len(said) == 2
    with speaking(lang):
        damaged = i18n._("its seats and options are damaged")
    for text in said:
        assert damaged in text
        english = "needs" in text or "unknown game" in text
        assert english == (lang == "en"), text
        if lang == "fa":
            assert _latin_words(text) == [], text


def test_a_volume_that_is_not_a_number_is_said_to_be_one():
    """"loud" was told "volume must be between 0 and 1", as if it were a number."""
    for value in ("loud", True, None, [0.5], {"level": 1}):
        assert parse_settings({"volume": value})[1] == [
            "volume must be a number between 0 and 1"], value
    for value in (3, -0.5, 1.01):
        assert parse_settings({"volume": value})[1] == ["volume must be between 0 and 1"]
    assert parse_settings({"volume": 0.25})[0].volume == 0.25


def test_a_report_waits_for_somebody_to_touch_the_mouse_or_keyboard(data_dir):
    """Four damaged files at start: a play-tester who took screenshots 5 s apart without
    touching anything found two reports come and gone unread. A report now stands, faded
    in, until the mouse or keyboard is touched; then its 8 s run. Standing still, it draws
    no frames."""
    _four_damaged(data_dir)
    app = App()
    app.start()
    drive = Driver(app)
    drive.wait(60)  # nobody there for a minute
    first = [t.text for t in app.toasts]
    assert len(first) == 2 and all(t.drawn and t.age <= 0.2 for t in app.toasts)
    assert not app.must_draw()  # the picture stands: nothing to redraw
    drive.move((600, 600))  # somebody is back
    drive.wait(5)
    assert [t.text for t in app.toasts] == first  # still there, being read
    drive.wait(3.5)
    assert not set(first) & {t.text for t in app.toasts}  # read, gone
    assert app.toasts  # the next ones have come, and wait in turn
    drive.wait(30)
    assert app.toasts and all(t.age <= 0.2 for t in app.toasts)
