"""Messages stand where they hide nothing the player needs: never over the hand."""

from __future__ import annotations

import importlib

import pygame
import pytest

from game.catalog import default_config


def toast_boxes(app, *texts: str, error: bool = True) -> list[pygame.Rect]:
    """Draw a frame with these messages, fully shown, on black; the boxes drawn."""
    app.toasts.clear()
    for text in texts:
        app.toast(text, error=error)
    for toast in app.toasts:
        toast.age = 1.0  # fully shown
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()


def toast_box(app) -> pygame.Rect:
    """Draw a frame with one message and find the message's box."""
    return toast_boxes(app, "That card cannot go there.")[0]


@pytest.mark.parametrize("game", ["zetema", "telefunken", "chan"])
def test_messages_never_cover_the_hand(app, drive, game):
    module = importlib.import_module(f"scenes.{game}_table")
    table = module.new_scene(app, default_config(game, seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    box = toast_box(app)
    assert box.bottom <= table.layout["hand"].rect.top
    assert box.top >= 0


def test_without_a_table_messages_stand_at_the_bottom(app, drive):
    from scenes.settings import SettingsScene

    app.scenes.push(SettingsScene(app), transition=None)  # (it says nothing of messages)
    drive.settle()
    box = toast_box(app)
    assert box.bottom >= app.size[1] - 30


def test_messages_stacked_up_never_run_off_the_top(app, drive):
    """Three messages at once on the Zertz table (H, Ctrl+Z and a click while the computer
    thinks): the oldest stood half above the window. An older message that does not fit
    waits unseen; the newest is always shown."""
    module = importlib.import_module("scenes.zertz_table")
    table = module.new_scene(app, default_config("zertz", seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    boxes = toast_boxes(app, "Wait for your turn, then ask for a hint.",
                        "Nothing to undo: a marble has been drawn from the bag since your last "
                        "move.", "Wait for your turn.", error=False)
    assert boxes and min(b.top for b in boxes) >= 0
    # only the newest stands, below the bag's panel (stacked above it, the older ones
    # covered the bag's counts)
    from scenes.zertz import layout as geo

    assert len(boxes) == 1 and boxes[0].bottom == table.toast_bottom()
    assert boxes[0].top > table.layout["bag"].rect.y + 40  # the counts stay readable
    assert boxes[0].bottom > geo.bag_panel(table.layout).bottom


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_long_refusal_stays_within_the_meld_zone_beside_its_buttons(app, drive, lang):
    """Zetema: "Nothing to undo: ..." ran past the meld zone's panel, and a hint covered
    its Clear button; Telefunken's messages keep within the melds' table."""
    from game import i18n
    from scenes.zetema.layout import MELD_BUTTONS_W

    i18n.set_language(lang)
    try:
        module = importlib.import_module("scenes.zetema_table")
        table = module.new_scene(app, default_config("zetema", seed=4))
        app.scenes.push(table, transition=None)
        drive.settle()
        box = toast_boxes(app, i18n._(table.REVEALED_SINCE))[0]
        zone = table.layout["meld"].rect
        free = pygame.Rect(zone.x, zone.y, zone.width - MELD_BUTTONS_W, zone.height)
        if lang == "fa":
            free.right = zone.right
        assert free.left <= box.left and box.right <= free.right, (box, free)
        assert box.bottom <= zone.bottom  # (it hung over the panel's bottom edge)
        module = importlib.import_module("scenes.telefunken_table")
        table = module.new_scene(app, default_config("telefunken", seed=4))
        app.scenes.push(table, transition=None)
        drive.settle()
        box = toast_boxes(app, "Nothing to undo: " + "cards have been drawn or shown " * 4)[0]
        melds = table.layout["table"].rect
        assert melds.left <= box.left and box.right <= melds.right
    finally:
        i18n.set_language("en")


def test_messages_on_the_menu_hide_none_of_its_buttons(app, drive):
    """Two damaged files reported at start: their messages stood at the foot of the menu,
    over Continue, How to play and Statistics. They stand above the tiles, over the title."""
    from scenes.menu import MainMenu

    menu = MainMenu(app)
    app.scenes.reset(menu, transition=None)
    drive.settle()
    boxes = toast_boxes(
        app, "Settings reset to defaults: settings.json is damaged (not valid JSON); it was set "
        "aside as settings.json.bad-20261203-053216.",
        "The saved Chắn game could not be read: autosave-chan.json is damaged (not valid "
        "JSON); it was set aside as autosave-chan.json.bad-20261203-053217.")
    assert len(boxes) == 2 and min(b.top for b in boxes) >= 0
    buttons = [w.rect for w in menu.widgets.widgets]
    tiles = [zone.rect for zone in menu.layout.layer("tiles")]
    assert buttons and tiles
    assert not any(box.colliderect(r) for box in boxes for r in buttons + tiles)


def test_a_message_on_the_menu_that_fits_between_tiles_and_buttons_stands_there(app, drive):
    """The second window's message at start stood over the title and its subtitle (the
    subtitle showed through the box): a message that fits in the band between the tiles
    and the buttons stands there and covers nothing."""
    from scenes.menu import MainMenu

    menu = MainMenu(app)
    app.scenes.reset(menu, transition=None)
    drive.settle()
    boxes = toast_boxes(
        app, "Parlour is already open in another window with the same saves: this window "
        "plays without saving games, settings or statistics.")
    assert len(boxes) == 1 and boxes[0].height > 40  # two lines
    covered = [menu.layout["title"].rect, *(w.rect for w in menu.widgets.widgets),
               *(zone.rect for zone in menu.layout.layer("tiles"))]
    assert not any(boxes[0].colliderect(r) for r in covered)


@pytest.mark.parametrize("game", ["zetema", "telefunken", "chan", "zertz"])
def test_a_problem_that_stays_is_shown_whole_at_every_table(app, drive, game):
    """"Your Zetema game is not being saved: … a “Not saving” mark stays in the corner until
    saving" lost its last words in the meld zone's narrow box (pt109): a problem to be read
    (``lasting``) has the lines a report has."""
    from game.app import REPORT_LINES, TOAST_WIDEST
    from game.storage import StorageError
    from scenes import theme

    module = importlib.import_module(f"scenes.{game}_table")
    table = module.new_scene(app, default_config(game, seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toasts.clear()
    app.storage_failed("Your Zetema game is not being saved",
                       StorageError("autosave-zetema.json could not be written (the disk is full)"))
    [(toast, lines, _box)] = app._toast_places(app.toasts)
    span = getattr(table, "toast_span", None)
    widest = span()[1] if callable(span) and span() else TOAST_WIDEST
    wrapped = theme.wrap(toast.text, 19, widest - 40, "bold")
    assert len(wrapped) <= REPORT_LINES and len(lines) == len(wrapped)
    # (it said the mark stays "in the corner": at Chắn's table, and six at Zetema or
    # Telefunken, it stands on the table nearby)
    assert "on the screen until saving works again" in toast.text


@pytest.mark.parametrize("game", ["zetema", "telefunken", "zertz", "chan"])
def test_a_report_on_the_setup_stands_clear_of_its_buttons(app, drive, game):
    """A report carried from the menu (statistics reset at start) covered the lower half of
    Back, Rules and Start (pt109): messages stand above that row."""
    from game.catalog import BY_KEY
    from scenes.setup import SetupScene

    setup = SetupScene(app, BY_KEY[game])
    app.scenes.push(setup, transition=None)
    drive.settle()
    app.toasts.clear()
    app.toast("Some statistics were reset: Zertz (Easy): Played, Won, Lost not valid, reset; "
              "unknown entry 'chess'; it was set aside as stats.json.bad-20261205-135215.",
              error=True, lasting=True)
    [(_toast, _lines, box)] = app._toast_places(app.toasts)
    row = [w.rect for w in setup.widgets.widgets if w.rect.top >= setup.panel.bottom - 80]
    assert len(row) == 3 and not any(box.colliderect(r) for r in row)
    assert setup.panel.contains(box)  # (a word ran past both the dialog's sides, pt111)



# the zones the "Not saving" mark may stand in (their free part: the meld zone's top corner,
# the penalty table's foot)
NOT_SAVING_ROOM = {"zetema": {"meld"}, "telefunken": {"scores"}}


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("game, players", [("zetema", None), ("zetema", 6), ("telefunken", None),
                                           ("telefunken", 6), ("zertz", None), ("chan", None)])
def test_the_not_saving_mark_covers_no_panel_of_a_table(app, drive, game, players, lang):
    """The "Not saving" mark in the screen's corner stood over Chắn's Seat 2 card count
    (Seat 4's name right to left), and six at Zetema or Telefunken, over the last seat's
    panel: at every table it stands clear of the panels drawn."""
    from game.i18n import speaking

    with speaking(lang):
        module = importlib.import_module(f"scenes.{game}_table")
        table = module.new_scene(app, default_config(game, players=players, seed=4))
        app.scenes.push(table, transition=None)
        drive.settle()
        box = app.not_saving_box()
        zones = {name: zone.rect for name, zone in table.layout.zones.items()
                 if not name.startswith("opp_") and name not in NOT_SAVING_ROOM.get(game, ())}
        if hasattr(table, "opponent_zone"):  # (the seats' panels, as drawn)
            for seat in range(len(table.config.seats)):
                if seat != table.viewer:
                    zones[f"seat {seat}"] = table.opponent_zone(seat)
    assert app.screen.get_rect().contains(box)
    assert [name for name, rect in zones.items() if box.colliderect(rect)] == []


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_over_a_tables_pause_menu_the_not_saving_mark_keeps_the_tables_spot(app, drive, lang):
    """The pause menu over Chắn's table put the mark back in the corner, over the dimmed
    Seat 2's card count (pt146): it keeps the table's spot. Settings over it, whose panel
    covers that spot, had it on its Animation speed (pt158): the mark is then clear of
    Settings' panel, in the corner over the dimmed table."""
    from game.i18n import speaking
    from scenes.pause import PauseMenu
    from scenes.settings import SettingsScene

    with speaking(lang):
        module = importlib.import_module("scenes.chan_table")
        table = module.new_scene(app, default_config("chan", seed=4))
        app.scenes.push(table, transition=None)
        drive.settle()
        at_table = app.not_saving_box()
        app.scenes.push(PauseMenu(app, table), transition=None)
        assert app.not_saving_box() == at_table
        settings = SettingsScene(app)
        app.scenes.push(settings, transition=None)
        over_settings = app.not_saving_box()
        assert over_settings is not None and not over_settings.colliderect(settings.panel)
    assert not at_table.colliderect(table.layout["seat_1"].rect)
