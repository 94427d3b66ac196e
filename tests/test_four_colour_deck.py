"""Four-colour suits (Settings): the playing cards' diamonds drawn blue and clubs green.

A play-tester at 960 x 540 took ♣ for ♠ and ♦ for ♥ (the index corners are small there).
The setting is kept in settings.json (off by default, off for an older file, a wrong value
reported and replaced), and applies at once: every card image asked for afterwards, the
cards of a table open under the pause menu, the menu's tiles.
"""

from __future__ import annotations

import json

import esper
import pygame
import pytest

from ecs.components import CardFace, Sprite
from game import card_art
from game.catalog import GameConfig, Seat
from game.settings import Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def two_colours_afterwards():
    """The colours are the program's (like its language): each test ends with two."""
    yield
    card_art.set_four_colour(False)


def green_pixels(image: pygame.Surface) -> int:
    """Pixels of a clubs green (far greener than red and blue: not the standard deck's
    dark green robes, nor the queen's flower stem)."""
    count = 0
    for x in range(image.get_width()):
        for y in range(image.get_height()):
            r, g, b, a = image.get_at((x, y))
            count += a > 200 and g - r > 90 and g - b > 50
    return count


def blue_pixels(image: pygame.Surface) -> int:
    """Pixels of a diamonds blue (not the standard deck's navy robes or back)."""
    count = 0
    for x in range(image.get_width()):
        for y in range(image.get_height()):
            r, g, b, a = image.get_at((x, y))
            count += a > 200 and b - r > 110 and b - g > 60
    return count


# -- settings.json ---------------------------------------------------------------------------

def test_the_setting_round_trips_through_settings_json(data_dir):
    assert Settings().four_colour is False  # off by default
    assert save_settings(Settings(four_colour=True, animation="fast")) is None
    assert json.loads(settings_path().read_text(encoding="utf-8"))["four_colour"] is True
    loaded, message = load_settings()
    assert message is None
    assert loaded.four_colour is True and loaded.animation == "fast"
    assert save_settings(Settings(four_colour=False)) is None
    assert load_settings()[0].four_colour is False


def test_an_older_file_without_it_loads_as_off(data_dir):
    data_dir.mkdir(parents=True)
    old = {"animation": "slow", "sound": True, "volume": 0.5, "fullscreen": False,
           "window_size": [1280, 720], "undo_between_people": True, "language": "en",
           "telefunken_cut": "auto", "version": 1}
    settings_path().write_text(json.dumps(old), encoding="utf-8")
    settings, message = load_settings()
    assert message is None  # nothing to complain about
    assert settings.four_colour is False
    assert settings.animation == "slow" and settings.telefunken_cut == "auto"


@pytest.mark.parametrize("value", ["yes", 1, 0, None, [], {}, "true"],
                         ids=lambda v: type(v).__name__ + str(v)[:6])
def test_a_wrong_value_is_reported_and_replaced_by_off(data_dir, value):
    data = Settings(animation="fast", undo_between_people=True).to_json()
    data["four_colour"] = value
    data_dir.mkdir(parents=True)
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    settings, message = load_settings()
    assert settings.four_colour is False
    assert settings.animation == "fast" and settings.undo_between_people is True  # kept
    assert message and "four-colour suits must be on or off" in message
    assert any(p.name.startswith("settings.json.bad-") for p in data_dir.iterdir())
    assert load_settings() == (settings, None)  # said once


def test_the_switch_in_settings_is_saved_and_taken_at_the_next_start(data_dir):
    from game.app import App
    from game.saves import flush_saves
    from scenes.settings import FOUR_COLOUR, SettingsScene

    app = App()
    app.start()
    scene = SettingsScene(app)
    app.scenes.push(scene, transition=None)
    switch = scene.widgets.widgets[FOUR_COLOUR]
    switch.on_change(True)
    assert flush_saves()
    assert json.loads(settings_path().read_text(encoding="utf-8"))["four_colour"] is True
    card_art.set_four_colour(False)
    again = App()
    assert again.settings.four_colour is True and card_art.four_colour()
    assert again.toasts == []


def test_the_app_takes_the_colours_of_its_settings():
    from game.app import App

    App(settings=Settings(four_colour=True), persist=False)
    assert card_art.four_colour()
    assert green_pixels(card_art.card_image("5C", 90)) > 20
    App(settings=Settings(), persist=False)
    assert not card_art.four_colour()
    assert green_pixels(card_art.card_image("5C", 90)) == 0


# -- the images ------------------------------------------------------------------------------

@pytest.mark.parametrize("width", [90, 48, 200])
def test_with_four_colours_clubs_are_green_and_diamonds_blue(width):
    card_art.set_four_colour(False)
    clubs, diamonds = card_art.card_image("5C", width), card_art.card_image("5D", width)
    for image in (clubs, diamonds):
        assert green_pixels(image) == 0 and blue_pixels(image) == 0
    card_art.set_four_colour(True)
    clubs4, diamonds4 = card_art.card_image("5C", width), card_art.card_image("5D", width)
    assert clubs4 is not clubs and diamonds4 is not diamonds  # not the cached two colours
    assert green_pixels(clubs4) > 3 and blue_pixels(clubs4) == 0
    assert blue_pixels(diamonds4) > 3 and green_pixels(diamonds4) == 0
    assert clubs4.get_size() == clubs.get_size() == card_art.card_size(width)
    card_art.set_four_colour(False)  # and back: the two colours again
    assert green_pixels(card_art.card_image("5C", width)) == 0
    assert blue_pixels(card_art.card_image("5D", width)) == 0


def test_every_club_and_diamond_changes_the_rest_stay():
    card_art.set_four_colour(True)
    for code in card_art.CARD_CODES:
        image = card_art.card_image(code, 70)
        if code.endswith("C"):
            assert green_pixels(image) > 3, code
        elif code.endswith("D"):
            assert blue_pixels(image) > 3, code
        else:  # spades, hearts: the standard deck's very images
            card_art.set_four_colour(False)
            assert card_art.card_image(code, 70) is image, code
            card_art.set_four_colour(True)
    for code in ("JK", "back"):
        image = card_art.card_image(code, 70)
        card_art.set_four_colour(False)
        assert card_art.card_image(code, 70) is image
        card_art.set_four_colour(True)


def test_an_image_handed_out_before_is_restyled_to_the_colours_drawn_now():
    card_art.set_four_colour(False)
    old_club, old_spade = card_art.card_image("9C", 64), card_art.card_image("9S", 64)
    card_art.set_four_colour(True)
    new_club = card_art.restyled(old_club)
    assert new_club is card_art.card_image("9C", 64) and green_pixels(new_club) > 3
    assert card_art.restyled(old_spade) is old_spade
    card_art.clear_cache()  # (the display changed): still known, still restyled
    assert green_pixels(card_art.restyled(old_club)) > 3
    other = pygame.Surface((64, 90))
    assert card_art.restyled(other) is other  # not a playing card: as it is
    card_art.set_four_colour(False)
    assert green_pixels(card_art.restyled(new_club)) == 0


def test_the_generator_draws_the_bundled_four_colour_cards(tmp_path):
    """``tools/make_cards.py --four-colour`` writes the 26 diamonds and clubs, as bundled."""
    import os
    import subprocess
    import sys

    root = card_art.ASSETS_DIR.parent.parent.parent
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = tmp_path / "four"
    result = subprocess.run(
        [sys.executable, str(root / "tools" / "make_cards.py"), "--four-colour", "--out",
         str(out)], cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    written = sorted(p.name for p in out.glob("*.png"))
    assert written == sorted(f"{code}.png" for code in card_art.FOUR_COLOUR_CODES)
    bundled = sorted(p.name for p in card_art.FOUR_COLOUR_DIR.glob("*.png"))
    assert bundled == written
    for code in ("AD", "10C", "QD", "KC", "JC"):
        fresh = pygame.image.tobytes(pygame.image.load(str(out / f"{code}.png")), "RGBA")
        kept = pygame.image.tobytes(
            pygame.image.load(str(card_art.FOUR_COLOUR_DIR / f"{code}.png")), "RGBA")
        diff = sum(abs(a - b) for a, b in zip(fresh, kept)) / len(fresh)
        assert diff < 1.5, f"{code}.png differs from the generator's output; regenerate it"
    sys.path.insert(0, str(root / "tools"))
    try:
        import make_cards
    finally:
        sys.path.remove(str(root / "tools"))
    assert card_art.FOUR_COLOUR_INK == {"D": make_cards.BLUE, "C": make_cards.GREEN}


def test_a_suit_drawn_apart_from_the_art_can_match_it():
    assert card_art.four_colour_ink("C") is None and card_art.four_colour_ink("D") is None
    card_art.set_four_colour(True)
    assert card_art.four_colour_ink("C") == card_art.FOUR_COLOUR_INK["C"]
    assert card_art.four_colour_ink("D", on_dark=True) == card_art.FOUR_COLOUR_INK_ON_DARK["D"]
    assert card_art.four_colour_ink("S") is None and card_art.four_colour_ink("H") is None


# -- applied at once -------------------------------------------------------------------------

def turn_on_under_the_pause_menu(app, drive, table) -> None:
    """Esc, Settings, a click on the Four-colour suits switch, Done, Resume."""
    from scenes.pause import PauseMenu
    from scenes.settings import FOUR_COLOUR, SettingsScene

    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert isinstance(app.scenes.top, PauseMenu)
    settings = SettingsScene(app)
    app.scenes.push(settings, transition=None)
    drive.settle()
    switch = settings.widgets.widgets[FOUR_COLOUR]
    assert switch.label == "Four-colour suits" and switch.value is False
    drive.click(switch._switch().center)
    drive.settle()
    assert app.settings.four_colour is True and card_art.four_colour()
    assert app.settings.to_json()["four_colour"] is True  # what is saved
    app.scenes.pop(transition=None)  # Settings
    app.scenes.pop(transition=None)  # the pause menu
    drive.settle()
    drive.step(2)
    assert app.scenes.top is table


def faces_by_suit(table) -> dict[str, list[tuple[str, pygame.Surface, pygame.Surface | None]]]:
    """The table's card entities by suit: (code, face image, image drawn last frame)."""
    out: dict[str, list] = {"C": [], "D": [], "S": [], "H": []}
    table.world.activate()
    for ent, face in esper.get_component(CardFace):
        if face.code[-1:] in out and face.face_up:
            drawn = table.render.drawn(ent)
            out[face.code[-1]].append((face.code, face.front, drawn and drawn[0]))
            sprite = esper.component_for_entity(ent, Sprite)  # no image of other colours
            assert card_art.restyled(sprite.image) is sprite.image, face.code
    return out


def assert_four_colours(cards) -> None:
    assert cards["C"] and cards["D"], "the position should show clubs and diamonds"
    for code, front, drawn in cards["C"]:
        assert green_pixels(front) > 3, code
        if drawn is not None:
            assert green_pixels(drawn) > 3, code
    for code, front, drawn in cards["D"]:
        assert blue_pixels(front) > 3, code
        if drawn is not None:
            assert blue_pixels(drawn) > 3, code
    for code, front, _drawn in cards["S"] + cards["H"]:
        assert green_pixels(front) == 0 and blue_pixels(front) == 0, code


def assert_two_colours(cards) -> None:
    for suit in "CDSH":
        for code, front, _drawn in cards[suit]:
            assert green_pixels(front) == 0 and blue_pixels(front) == 0, code


def test_a_zetema_table_under_the_pause_menu_shows_four_colours_when_resumed(app, drive):
    from game.rules import zetema as rules
    from game.session import Session
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import CONFIG, position

    state = position(["5C", "5D", "9S", "KH", "JC", "QD", "2C"], ["3H", "4S", "6D"],
                     piles={"7": ["7C", "7D"], "8": ["8S"], "10": ["10D", "10H"]},
                     marriage=["QC", "KC"])
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    before = faces_by_suit(table)
    assert_two_colours(before)
    turn_on_under_the_pause_menu(app, drive, table)
    after = faces_by_suit(table)
    assert_four_colours(after)
    # the hand, the piles and the marriage pile all changed
    shown = {code for suit in "CD" for code, _f, _d in after[suit]}
    assert {"5C", "5D", "JC", "QD", "2C", "7C", "7D", "10D", "QC", "KC"} <= shown
    # and the picture on the screen: a hand club's image as drawn there is green
    club = next(e for c, e in table.hand if c == "5C")
    image, topleft = table.render.drawn(club)
    assert green_pixels(app.screen.subsurface(pygame.Rect(topleft, image.get_size()).clip(
        app.screen.get_rect()))) > 3


def test_a_telefunken_table_under_the_pause_menu_shows_four_colours_when_resumed(app, drive):
    from game.rules import telefunken as rules
    from game.session import Session
    from scenes.telefunken_table import TelefunkenTable
    from tests.test_telefunken_table import OTHERS, position

    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    hand = ["7S", "2D", "5C", "9H", "JD", "AC", "4H", "6S"]
    melds = [{"owner": 1, "cards": ["7H", "7D", "7C"]}, {"owner": 0, "cards": ["KC", "KH", "KD"]}]
    others = [OTHERS[0][:8], OTHERS[1], OTHERS[2]]
    state = position([hand] + others, melds=melds, melded=[True, True, False, False],
                     discard=("5S", "3D"))
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    assert_two_colours(faces_by_suit(table))
    turn_on_under_the_pause_menu(app, drive, table)
    after = faces_by_suit(table)
    assert_four_colours(after)
    shown = {code for suit in "CD" for code, _f, _d in after[suit]}
    assert {"2D", "5C", "JD", "AC", "7D", "7C", "KC", "KD", "3D"} <= shown
    club = next(e for c, e in table.sync.entities("hand") if c == "5C")
    image, topleft = table.render.drawn(club)
    assert green_pixels(app.screen.subsurface(pygame.Rect(topleft, image.get_size()).clip(
        app.screen.get_rect()))) > 3


def test_new_cards_of_a_table_after_the_switch_come_in_four_colours(app, drive):
    """A table opened after the switch (and its cards dealt later) uses the new colours."""
    from game.rules import zetema as rules
    from game.session import Session
    from scenes.settings import set_card_colours
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import CONFIG, position

    set_card_colours(app, True)
    state = position(["5C", "5D", "9S"], ["3H", "4S", "6D"])
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    assert_four_colours(faces_by_suit(table))


def test_the_menu_tile_showing_cards_changes_at_once(app, drive):
    """The Telefunken tile shows a queen of diamonds: it turns blue while Settings is open
    over the menu (drawn behind it)."""
    from scenes.settings import FOUR_COLOUR, SettingsScene

    menu = app.scenes.top
    tile = menu.tiles["telefunken"]
    menu.world.activate()
    before = blue_pixels(esper.component_for_entity(tile, Sprite).image)
    settings = SettingsScene(app)
    app.scenes.push(settings, transition=None)
    drive.settle()
    drive.click(settings.widgets.widgets[FOUR_COLOUR]._switch().center)
    drive.settle()
    menu.world.activate()
    after = blue_pixels(esper.component_for_entity(tile, Sprite).image)
    assert after > before + 20


def test_suits_drawn_apart_from_the_cards_follow_the_colours():
    """A Zetema pile's suit badges and Telefunken's cards left in a summary colour their
    suits as the cards do: with four colours a green 2♣ had a black ♣ badge."""
    from types import SimpleNamespace

    from game import card_art
    from scenes.telefunken.panels import cards_left

    event = SimpleNamespace(totals=[0])
    try:
        card_art.set_four_colour(True)
        (line,) = cards_left(event, [["5C", "5D", "5S"]])
        assert line[0][1] == card_art.four_colour_ink("C", on_dark=True)
        assert line[1][1] == card_art.four_colour_ink("D", on_dark=True)
        assert line[0][1] != line[2][1]
        card_art.set_four_colour(False)
        (line,) = cards_left(event, [["5C", "5D", "5S"]])
        assert line[0][1] == line[2][1]  # clubs as spades again
    finally:
        card_art.set_four_colour(False)



def test_a_zetema_piles_suit_badge_takes_the_four_colours():
    from game import card_art
    from scenes.zetema.panels import CARD_BLACK, badge_ink

    try:
        card_art.set_four_colour(True)
        assert badge_ink("2C") == card_art.four_colour_ink("C") != CARD_BLACK
        assert badge_ink("2S") == CARD_BLACK
    finally:
        card_art.set_four_colour(False)
    assert badge_ink("2C") == CARD_BLACK


def test_an_open_deal_summary_takes_the_new_colours(app):
    """Four colours turned off over an open Telefunken summary: its cards left kept their
    green clubs and blue diamonds while the table beneath turned red and black."""
    from types import SimpleNamespace

    from game import card_art
    from scenes.results import DealSummary
    from scenes.telefunken.panels import cards_left

    event = SimpleNamespace(totals=[0])
    try:
        card_art.set_four_colour(True)
        summary = DealSummary(app, "Deal 1", "", ["Player", "Deal"], [["You", "5"]],
                              details=lambda: cards_left(event, [["5C"]]))
        green = summary.details[0][0][1]
        card_art.set_four_colour(False)
        summary.card_faces_changed()
        assert summary.details[0][0][1] != green
        assert summary.details == cards_left(event, [["5C"]])
    finally:
        card_art.set_four_colour(False)
