"""The Zertz table's panels where a play-tester found them misleading or cramped: a tray's
"5/6" in gold ("one more wins") only while the sixth marble can still be had; the status
panel's hovered-ring line standing apart from the prompt above it."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import zertz as rules
from game.session import Session
from scenes import theme
from scenes.zertz import panels, words
from scenes.zertz_table import ZertzTable
from tests.test_i18n import drawn_text

HOT_SEAT = GameConfig("zertz", (Seat("human"), Seat("human")), 7, {"first": 0})


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def open_table(app, drive, state) -> ZertzTable:
    table = ZertzTable(app, HOT_SEAT, Session(HOT_SEAT, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def count_colours(table, monkeypatch) -> dict[str, list[tuple[int, int, int]]]:
    """The colours each tray count ("5/6") is drawn in, on a drawing of the table."""
    drawn: dict[str, list] = {}
    real = theme.blit_text

    def recording(surface, string, pos, size, colour, *args, **kwargs):
        drawn.setdefault(string, []).append(tuple(colour))
        return real(surface, string, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    table.draw(table.app.screen)
    return drawn


@pytest.mark.parametrize("blue_black,gold", [(0, True), (1, False)])
def test_five_of_six_is_gold_only_while_the_sixth_can_be_had(app, drive, monkeypatch,
                                                             blue_black, gold):
    """Red holds five black: gold while the sixth is on the board or in the bag, not when
    Blue already holds it (six black is out of Red's reach)."""
    marbles = {"a1": "white", "g4": "grey"} | ({} if blue_black else {"g1": "black"})
    bag = ["white"] * 4 + ["grey"] * 5
    state = rules.load({"marbles": marbles, "pieces": {"a2": 0, "d4": 1}, "to_move": 0,
                        "captured": [{"black": 5}, {"black": blue_black, "white": 1}],
                        "bag": bag})
    table = open_table(app, drive, state)
    colours = count_colours(table, monkeypatch)
    five = colours[words.of_six(5)]
    assert five == [theme.GOLD if gold else theme.INK_DIM]


@pytest.mark.parametrize("lang", ("en", "fa"))
def test_the_hovered_ring_line_stands_apart_from_the_prompt_and_the_buttons(app, drive,
                                                                            monkeypatch, lang):
    """A three-line prompt's last line stood as close to the "Ring d7" line as to its own
    lines, and that line nearly touched the buttons."""
    i18n.set_language(lang)
    state = rules.load({"marbles": {"a1": "black", "a4": "black", "g1": "grey", "g4": "white"},
                        "pieces": {"b4": 1, "d4": 0, "b2": 1}, "to_move": 0,
                        "bag": ["white"] * 5 + ["grey"] * 5 + ["black"] * 4})
    table = open_table(app, drive, state)
    drive.move(table.ring_center("d7"))
    drive.step(2)
    title, prompt = table.status_words()
    size, lines = panels.prompt_lines(prompt, table.layout["status"].rect.width - 30)
    assert len(lines) == 3
    texts = dict(drawn_text(table, monkeypatch))
    last, foot = texts[lines[-1]], texts[words.ring_line("d7")]
    pitch = texts[lines[1]].top - texts[lines[0]].top
    assert foot.top - last.top >= pitch + 6  # clearly not one more line of the prompt
    buttons = min(w.rect.top for w in table.widgets.widgets)
    assert foot.bottom <= buttons - 2


@pytest.mark.parametrize("lang", ("en", "fa"))
def test_a_message_stands_clear_of_the_bag_panel_and_the_top_ring(app, drive, lang):
    """A message (one that fits between the side panels) covered the bag panel's edge."""
    from scenes.zertz import art
    from scenes.zertz import layout as geo
    from tests.test_zertz_words import toast_box

    i18n.set_language(lang)
    state = rules.load({"marbles": {"a1": "white", "a4": "grey", "g1": "black", "g4": "white"},
                        "pieces": {"a2": 0, "d4": 1}, "to_move": 0,
                        "bag": ["black"] * 5 + ["white"] * 4 + ["grey"] * 5})
    table = open_table(app, drive, state)
    ring = pygame.mask.from_surface(art.ring(64, False), 60).get_bounding_rects()[0]
    seven = next(pygame.Rect(x - 6, y - 9, 12, 18) for n, (x, y)
                 in geo.row_label_spots(table.layout) if n == 7)  # the top ring's number
    for text in (words.passes(words.seat_name(0)), words.piece_into_tray(),
                 words.others_pieces(words.seat_name(0), words.seat_name(1)),
                 words.hint(table.state, "place b2")):
        box = toast_box(app, text)
        assert box.top > geo.bag_panel(table.layout).bottom, text  # (its last row: its edge)
        assert box.bottom <= table.layout["d7"].rect.top + ring.top, text  # the ring as drawn
        # ... and its glow while it takes a piece, and its number (a hint touched both)
        assert box.bottom < table.layout["d7"].rect.inflate(10, 10).top, text
        assert not box.colliderect(seven), text
        for zone in ("supply_0", "supply_1"):  # (and their turn outlines)
            assert not box.colliderect(table.layout[zone].rect.inflate(8, 8)), (text, zone)


@pytest.mark.parametrize("lang", ("en", "fa", "vi"))
def test_a_wide_message_overlaps_no_panel(app, drive, lang):
    """A message too wide for the strip between the side panels stands above them, in the
    36 px strip below the bag's panel: its box covered that panel's lower edge (43 px
    high); it is as tall as that strip allows now (``toast_pad``) and hides no ring."""
    from scenes.zertz import layout as geo
    from tests.test_zertz_words import SIX_PLACED, toast_box

    i18n.set_language(lang)
    table = open_table(app, drive, rules.load(SIX_PLACED))
    wide = (table.check("take g4")[1], words.only_pass(), words.drawn_into_tray(),
            words.piece_stays("d4", words.seat_name(1)), i18n._(table.REVEALED_SINCE))
    seats = ("supply_0", "tray_0", "supply_1", "tray_1")  # (a turn's outline stands 3 px out)
    keep_clear = geo.panels(table.layout) + [table.layout[z].rect.inflate(6, 6) for z in seats]
    keep_clear += [table.layout[r].rect.inflate(-4, -4) for r in rules.RINGS]
    above_the_side_panels = 0
    for text in wide:
        box = toast_box(app, text)
        assert not [p for p in keep_clear if p.colliderect(box.inflate(0, 2))], (text, box)
        assert box.top > geo.bag_panel(table.layout).bottom, text  # (a pixel between)
        above_the_side_panels += box.width > (table.layout["tray_1"].rect.left
                                              - table.layout["tray_0"].rect.right)
    assert above_the_side_panels >= 2, lang  # (the wide ones are wide)
