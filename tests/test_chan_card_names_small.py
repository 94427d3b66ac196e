"""Chắn cards name themselves on a small window: at 960x540 the names printed at the foot of
the cards are 3-5 px tall, so the card under the pointer (in your hand, any gate, the shown
pairs, a winning hand laid out) has its name written in a label beside it, readable on the
screen, never over the card or the buttons, gone when the pointer leaves; never for a
face-down card; and a still pointer draws nothing more. So has a card of the winning pairs on
the results screen (the other games' results name nothing)."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs.components import CardFace, Transform
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.i18n import set_language
from game.rules import chan as rules
from game.session import Session
from game.totom_art import totom_size
from game.words.chan import card as card_name
from scenes import theme
from scenes.chan.table import WIN_PAUSE, won_pairs
from scenes.chan_table import ChanTable
from scenes.results import ResultsOverlay
from tests.test_chan_ui import open_table, position
from tests.test_chan_win_view import open_at_win

SMALL = (960, 540)
SCALE = 0.75  # the canvas (1280x720) in a 960x540 window
READABLE = 13  # on-screen pixels the name's letters stand tall, at the least


class Written:
    """The words ``theme.blit_text`` writes: (text, font size, box on the canvas)."""

    def __init__(self, monkeypatch) -> None:
        self.items: list[tuple[str, int, pygame.Rect]] = []
        real = theme.blit_text

        def spy(surface, text, pos, size, *args, **kwargs):
            box = real(surface, text, pos, size, *args, **kwargs)
            self.items.append((text, size, box))
            return box

        monkeypatch.setattr(theme, "blit_text", spy)

    def clear(self) -> None:
        self.items.clear()

    def labels(self, names: set[str]) -> list[tuple[str, int, pygame.Rect]]:
        """What was written that is a card's name alone (the log and prompts write whole
        sentences)."""
        return [item for item in self.items if item[0] in names]


ALL_NAMES = {card_name(f"{r}{s}") for r in "23456789" for s in "MSC"} | {card_name("CC")}


def card_rect(table: ChanTable, ent: int) -> pygame.Rect:
    t = esper.component_for_entity(ent, Transform)
    w, h = totom_size(table._width(table.sync.zone_of(ent)))
    return pygame.Rect(round(t.x - w / 2), round(t.y + t.dy - h / 2), w, h)


def point_at(drive, table: ChanTable, ent: int) -> None:
    """The pointer onto the uncovered strip of ``ent`` (the next card of a gate, a pair or
    the hand lies over its right part)."""
    zone = table.sync.zone_of(ent)
    if zone == "hand":
        drive.move(table.grip(ent), steps=3)
    else:
        box = card_rect(table, ent)
        drive.move((box.x + 6, box.centery), steps=3)
    drive.settle()
    drive.step(2)


def letters_height(app, box: pygame.Rect) -> int:
    """How many pixels tall the light letters inside the label ``box`` (canvas) stand in the
    picture a 960x540 window shows."""
    view = app.view(SMALL)
    shown = pygame.Rect(round(box.x * SCALE), round(box.y * SCALE), round(box.w * SCALE),
                        round(box.h * SCALE)).inflate(-4, -4)
    rows = [y for y in range(shown.top, shown.bottom)
            if any(min(view.get_at((x, y))[:3]) > 150 for x in range(shown.left, shown.right))]
    return (rows[-1] - rows[0] + 1) if rows else 0


def small_table(app, drive, seed: int = 5, want: str = "nocap") -> ChanTable:
    assert app.set_window_size(SMALL)
    assert app.window_scale() == pytest.approx(SCALE)
    return open_table(app, drive, position(seed, want))


def assert_named(app, drive, table, written, ent) -> pygame.Rect:
    """Point at ``ent``: one label writes its name, readable at 960x540, beside the card
    (not over it, nor over a button); returns the label's box."""
    code = table.sync.code_of(ent)
    written.clear()
    point_at(drive, table, ent)
    written.clear()
    app.draw(app.screen)
    labels = written.labels(ALL_NAMES)
    assert [text for text, _size, _box in labels] == [card_name(code)]
    _text, size, words_box = labels[0]
    assert size * SCALE >= READABLE  # the font, as the window shows it
    label = table._draw_card_name(app.screen)
    assert label is not None and label.contains(words_box)
    assert not label.colliderect(card_rect(table, ent))
    assert not any(label.colliderect(w.rect) for w in table.widgets.widgets)
    assert app.screen.get_rect().contains(label)
    assert letters_height(app, label) >= READABLE  # the letters themselves, on the screen
    return label


def test_a_hand_card_under_the_pointer_is_named_readably_at_960x540(app, drive, monkeypatch):
    table = small_table(app, drive)
    written = Written(monkeypatch)
    hand = table.sync.entities("hand")
    assert "draw" in table.move_buttons  # (a button above the hand: the label keeps off it)
    for _code, ent in (hand[0], hand[len(hand) // 2], hand[-1]):
        assert_named(app, drive, table, written, ent)
    drive.move((640, 300), steps=2)  # onto the felt: the label goes
    drive.step(2)
    written.clear()
    app.draw(app.screen)
    assert written.labels(ALL_NAMES) == [] and table.named is None


def test_gate_cards_and_the_live_card_are_named(app, drive, monkeypatch):
    table = small_table(app, drive)
    written = Written(monkeypatch)
    gates = [z for z, cards in table.sync.zones.items() if z.startswith("gate_") and cards]
    assert gates
    for zone in gates:
        assert_named(app, drive, table, written, table.sync.entities(zone)[0][1])
    live = table.live_entity()
    assert live is not None
    label = assert_named(app, drive, table, written, live)
    place = table._live_tag_place()
    from scenes.chan.panels import live_tag_rect

    assert place is not None and not label.colliderect(live_tag_rect(*place))


def test_shown_pairs_are_named(app, drive, monkeypatch):
    table = small_table(app, drive)
    written = Written(monkeypatch)
    zones = [z for z, cards in table.sync.zones.items() if z.startswith("exposed_") and cards]
    assert zones
    for zone in zones:
        cards = table.sync.entities(zone)
        assert_named(app, drive, table, written, cards[0][1])
        assert_named(app, drive, table, written, cards[-1][1])


def test_the_winning_hand_laid_out_is_named(app, drive, monkeypatch):
    assert app.set_window_size(SMALL)
    table = open_at_win(app, drive)
    written = Written(monkeypatch)
    win = table.sync.entities("win")
    assert len(win) == 20 and app.scenes.top is table
    assert_named(app, drive, table, written, win[0][1])
    assert_named(app, drive, table, written, win[-1][1])


def test_the_label_is_sized_for_the_window(app, drive, monkeypatch):
    """The label's words stand as tall on the screen whatever the window: larger on the
    canvas when it is shrunk (960x540), as large as needed at 1280x720, and grown with the
    table on a window that enlarges it (1920x1080, drawn again crisp there)."""
    assert app.set_window_size((1280, 720))
    table = open_table(app, drive, position(5, "nocap"))
    assert app.window_scale() == pytest.approx(1.0)
    written = Written(monkeypatch)
    ent = table.sync.entities("hand")[2][1]
    point_at(drive, table, ent)
    sizes = {}
    for window in ((1280, 720), SMALL, (1920, 1080)):
        written.clear()
        app.view(window)
        (_text, size, _box), = written.labels(ALL_NAMES)
        sizes[window] = size
    assert sizes[(1280, 720)] >= 17  # (13 px capitals)
    assert sizes[SMALL] * SCALE >= sizes[(1280, 720)]
    assert 14 <= sizes[(1920, 1080)] < sizes[(1280, 720)]


def test_no_face_down_card_is_named_between_people(app, monkeypatch):
    """Between people the hand under the cover lies face down: no name for it (nor for the
    stock); once its owner lifts the cover, its cards are named."""
    config = GameConfig("chan", (Seat("human"), Seat("human"), Seat("ai", "easy"),
                                 Seat("ai", "easy")), 11, {})
    app.set_window_size(SMALL)
    table = ChanTable(app, config, Session.new(config))
    app.scenes.reset(table, transition=None)
    drive = Driver(app)
    drive.settle()
    written = Written(monkeypatch)
    assert table.curtain
    hand = table.sync.entities("hand")
    for _code, ent in hand:
        assert not esper.component_for_entity(ent, CardFace).face_up
    for pos in [drive.center_of(e) for _c, e in hand[::4]] + [drive.center_of(table.stock_ent)]:
        drive.move(pos, steps=2)
        drive.step(2)
        written.clear()
        app.draw(app.screen)
        assert table.named is None and written.labels(ALL_NAMES) == []
        assert table._draw_card_name(app.screen) is None
    # a face-down card anywhere (turned over under the pointer) loses its name at once
    drive.lift_cover(table)
    ent = table.sync.entities("hand")[3][1]
    assert_named(app, drive, table, written, ent)
    esper.component_for_entity(ent, CardFace).face_up = False
    drive.step()
    written.clear()
    app.draw(app.screen)
    assert table.named is None and written.labels(ALL_NAMES) == []


def assert_still_and_named(app, drive, monkeypatch, name: str) -> None:
    """With the pointer still, 90 frames draw nothing and leave the screen as it was, and
    that kept frame shows the one label naming ``name``."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    drawn = app.draws
    drive.step(90)
    assert app.draws == drawn  # idle frames draw nothing
    assert pygame.image.tobytes(app.screen, "RGB") == shown
    written = Written(monkeypatch)
    app.draw(app.screen)  # ... and the frame kept on the screen shows the label
    assert [t for t, _s, _b in written.labels(ALL_NAMES)] == [name]
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_a_still_pointer_on_a_card_draws_nothing(app, drive, monkeypatch):
    table = small_table(app, drive)
    ent = table.sync.entities("hand")[4][1]
    point_at(drive, table, ent)
    for _ in range(120):  # the card rises under the pointer, then rests
        drawn = app.draws
        drive.step()
        if app.draws == drawn:
            break
    assert table.named == (ent, table.sync.code_of(ent))
    assert_still_and_named(app, drive, monkeypatch, card_name(table.named[1]))


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_the_name_is_the_cards_tổ_tôm_name_in_every_language(app, drive, monkeypatch, lang):
    set_language(lang)
    table = small_table(app, drive)
    written = Written(monkeypatch)
    ent = table.sync.entities("hand")[1][1]
    assert_named(app, drive, table, written, ent)


def results_at_win(app, drive) -> tuple[ChanTable, ResultsOverlay]:
    """A won deal's results open at 960x540, the pointer away from its cards."""
    assert app.set_window_size(SMALL)
    table = open_at_win(app, drive)
    drive.wait(WIN_PAUSE + 0.1)
    drive.settle()
    overlay = app.scenes.top
    assert isinstance(overlay, ResultsOverlay) and overlay.groups
    return table, overlay


def pair_cards(table: ChanTable, overlay: ResultsOverlay) -> list[tuple[str, pygame.Rect]]:
    """Each card of the winner's pairs on the results screen (code, box), as drawn: the
    images the overlay shows stand in those boxes on the screen."""
    codes = [c for pair in won_pairs(rules.result(table.state))[0] for c in pair]
    boxes = [box for box, _name in overlay._group_cards()]
    images = [image for group in overlay.groups for image in group]
    assert len(codes) == len(boxes) == len(images) == 20
    last = boxes[-1]  # (the last card lies whole on the screen)
    inside = last.inflate(-6, -6)  # (within the rounded corners)
    screen, image = overlay.app.screen, images[-1]
    assert all(max(abs(a - b) for a, b in zip(screen.get_at((x, y))[:3],
                                              image.get_at((x - last.x, y - last.y))[:3])) <= 3
               for x in range(inside.left, inside.right, 3)
               for y in range(inside.top, inside.bottom, 5))
    return list(zip(codes, boxes))


def test_a_pair_card_on_the_results_is_named_readably_at_960x540(app, drive, monkeypatch):
    table, overlay = results_at_win(app, drive)
    written = Written(monkeypatch)
    cards = pair_cards(table, overlay)
    for code, box in (cards[0], cards[7], cards[-1]):
        drive.move((box.x + 4, box.centery), steps=2)  # its strip the next card leaves
        written.clear()
        app.draw(app.screen)
        labels = written.labels(ALL_NAMES)
        assert [text for text, _size, _box in labels] == [card_name(code)]
        _text, size, words_box = labels[0]
        assert size * SCALE >= READABLE
        label = overlay._draw_card_name(app.screen)
        assert label is not None and label.contains(words_box)
        assert not label.colliderect(box)
        assert not any(label.colliderect(w.rect) for w in overlay.widgets.widgets)
        assert app.screen.get_rect().contains(label)
        assert letters_height(app, label) >= READABLE
    for pos in ((cards[0][1].x - 30, cards[0][1].centery),  # beside the pairs, then the table
                (overlay.table_rect.centerx, overlay.table_rect.bottom - 20)):
        drive.move(pos, steps=2)
        written.clear()
        app.draw(app.screen)
        assert written.labels(ALL_NAMES) == [] and overlay._draw_card_name(app.screen) is None


def test_a_still_pointer_on_a_results_card_draws_nothing(app, drive, monkeypatch):
    table, overlay = results_at_win(app, drive)
    code, box = pair_cards(table, overlay)[5]
    drive.move((box.x + 4, box.centery), steps=2)
    drive.step()
    assert_still_and_named(app, drive, monkeypatch, card_name(code))


def test_other_results_name_no_card(app, drive, monkeypatch):
    """Results showing card images without their names (another game's) write no label."""
    from game.totom_art import totom_image

    app.set_window_size(SMALL)
    overlay = ResultsOverlay(app, "You win", "", ["Seat"], [["Seat 1"]], lambda: None,
                             lambda: None, groups=[[totom_image("2M", 30), totom_image("2S", 30)]])
    app.scenes.reset(overlay, transition=None)
    drive.settle()
    written = Written(monkeypatch)
    for box, name in overlay._group_cards():
        assert name is None
        drive.move(box.center, steps=2)
        written.clear()
        app.draw(app.screen)
        assert written.labels(ALL_NAMES) == [] and overlay.named is None
