"""The Zertz table's words (issues 11 and 13): prompts from the legal moves, refusals in plain
words, the move log, the end of the game, all in English, Persian and Vietnamese without
English left over or text overflowing its panel; messages standing where they hide nothing."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import zertz as rules
from game.session import Session
from game.words import zertz as log_words
from scenes import theme
from scenes.zertz import panels, words
from scenes.zertz_table import ZertzTable, perform
from tests.test_i18n import drawn_text

LANGS = ("en", "fa", "vi")
HOT_SEAT = GameConfig("zertz", (Seat("human"), Seat("human")), 7, {"first": 0})
VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "normal")), 7, {"first": 0})
CODES = re.compile(r"\b(place|take|put) [a-g][1-7]\b|×|\(restriction")
ALLOWED_LATIN = re.compile(r"\b[a-g][1-7]\b|\bH\b|Ctrl\+Z|Esc")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def at(config, state):
    return Session(config, rules, state, state)


def no_english(text: str) -> bool:
    """Nothing Latin is left in a Persian text but ring names and key names."""
    return not re.search(r"[A-Za-z]{2,}", ALLOWED_LATIN.sub("", text))


ENGLISH_WORDS = {"the", "marble", "marbles", "ring", "piece", "pieces", "bag", "points", "more",
                 "tray", "you", "your", "take", "place", "put", "pass", "wins", "red", "blue",
                 "white", "grey", "black", "empty", "next", "only", "when"}


def no_english_words(text: str) -> bool:
    """No word of the English messages is left in a translation (Vietnamese is Latin too)."""
    return not ENGLISH_WORDS & {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


def open_table(app, drive, state=None, config=HOT_SEAT):
    scene = ZertzTable(app, config, at(config, state) if state is not None else None)
    app.scenes.push(scene, transition=None)
    drive.settle()
    return scene


SIX_PLACED = {"marbles": {"a1": "white", "a4": "grey", "g1": "black", "g4": "white"},
              "pieces": {"a2": 0, "d4": 1}, "to_move": 0,
              "bag": ["black"] * 5 + ["white"] * 4 + ["grey"] * 5}


# -- the prompt comes from the moves that are legal now ----------------------------------------

def test_the_prompt_follows_the_legal_moves():
    start = rules.load(SIX_PLACED)
    both = words.prompt(start, rules.legal_moves(start))
    assert "Place a piece" in both and "take a marble" in both
    far = rules.load({**SIX_PLACED, "pieces": {"d4": 0, "d5": 1}})  # no marble by Red's piece
    assert not any(m.startswith("take") for m in rules.legal_moves(far))
    assert words.prompt(far, rules.legal_moves(far)).startswith("Place a piece on an empty ring")
    empty = rules.load({**SIX_PLACED, "pieces": {"a2": 0, "b1": 0, "c1": 0, "c2": 0, "d1": 0,
                                                 "d2": 0, "e1": 0, "e2": 0, "f1": 0, "f2": 0,
                                                 "d4": 1}, "supply": [0, 9]})
    assert words.prompt(empty, rules.legal_moves(empty)).startswith("Take a marble")
    put = rules.play(start, "take a1")
    assert words.prompt(put, rules.legal_moves(put)) == (
        f"Put the {put.drawn} marble from the bag on an empty ring.")
    assert "Pass" in words.prompt(start, ["pass"])


# -- refusals and the log in plain words, translated ---------------------------------------------

def test_refusals_name_rings_and_say_why_in_every_language(app, drive):
    table = open_table(app, drive, rules.load(SIX_PLACED))
    english = {}
    for lang in LANGS:
        i18n.set_language(lang)
        said = {
            "occupied": table.check("place a1")[1],
            "far marble": table.check("take g4")[1],
            "wrong tray": words.wrong_tray(words.seat_name(1)),
            "prompt": words.prompt(table.state, table.legal()),
            "log": log_words.describe(table.state, "take a1", ["Red", "Blue"]),
        }
        for key, text in said.items():
            assert text and not CODES.search(text), (lang, key, text)
            if lang == "en":
                english[key] = text
                continue
            assert text != english[key] and no_english_words(text), (lang, key, text)
            if lang == "fa":
                assert theme.has_rtl(text) and no_english(text), (key, text)
        assert "a1" in said["occupied"] and "g4" in said["far marble"]
        assert "a1" in said["log"]
    assert english["occupied"] == "Ring a1 already holds a marble: choose an empty ring."
    assert english["far marble"] == ("You can take the white marble on g4 only when one of "
                                     "your pieces stands next to it.")


def test_a_refused_drop_explains_itself_in_the_players_language(app, drive):
    i18n.set_language("vi")
    table = open_table(app, drive, rules.load(SIX_PLACED))
    perform(drive, table, "place a1")  # a marble stands there
    drive.settle()
    assert table.state.pieces == {"a2": 0, "d4": 1}
    assert app.toasts[-1].error and app.toasts[-1].text == "Vòng a1 đã có bi: hãy chọn một vòng trống."


def test_the_move_log_is_worded_in_the_language_and_names_the_removed_rings():
    state = rules.load({"rings": ["a1", "a2", "b1", "b2", "d4", "d5", "g4"],
                        "marbles": {"a1": "white", "d4": "grey"}, "pieces": {"b1": 0, "d5": 1},
                        "bag": ["black"] * 6 + ["white"] * 5 + ["grey"] * 5, "to_move": 0})
    names = ["Red", "Blue"]
    assert log_words.describe(state, "take a1", names) == (
        "Red took the white marble on a1 — ring a2 removed")
    assert log_words.describe(state, "place b2", names) == "Red placed a piece on b2"
    assert log_words.describe(rules.play(state, "take a1"), "put b2", names) == (
        "Red put the black marble on b2")
    i18n.set_language("fa")
    assert log_words.describe(state, "take a1", names) == (
        "قرمز گوی سفید روی a1 را برداشت — حلقهٔ a2 حذف شد")
    i18n.set_language("vi")
    assert log_words.describe(state, "place b2", names) == "Đỏ đặt một quân vào b2"
    with pytest.raises(ValueError):
        log_words.describe(state, "take g4", names)


def test_pressing_a_marble_while_a_piece_is_selected_says_only_where_the_piece_cannot_go(
        app, drive):
    table = open_table(app, drive, rules.load(SIX_PLACED))
    drive.click(drive.center_of(table.supply_ents[0][-1]))
    assert table.drag.selected is not None
    app.toasts.clear()
    drive.click(table.ring_center("g4"))  # a marble that Red could not take
    drive.settle()
    assert [t.text for t in app.toasts] == ["Ring g4 already holds a marble: choose an empty ring."]


def test_click_then_click_takes_a_marble_and_puts_the_drawn_one(app, drive):
    table = open_table(app, drive, rules.load(SIX_PLACED))
    colour = table.state.marbles["a1"]
    perform(drive, table, "take a1", by="click")
    drive.settle()
    assert table.state.phase == "put" and table.state.captured[0][rules.COLOURS.index(colour)] == 1
    drawn = table.state.drawn
    perform(drive, table, "put c3", by="click")
    drive.settle()
    assert table.state.marbles["c3"] == drawn and table.state.seat == 1


# -- the end of the game -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_result_says_why_with_the_numbers_and_fits_its_table(app, drive, lang, monkeypatch):
    i18n.set_language(lang)
    state = rules.load({"marbles": {"a1": "black"}, "pieces": {"a2": 0},
                        "captured": [{"white": 3, "grey": 2, "black": 4},
                                     {"white": 3, "grey": 4, "black": 1}],
                        "bag": [], "to_move": 0})
    table = open_table(app, drive, state, VS_AI)
    table.rules.submit("take a1")
    drive.settle()
    drive.step(3)
    drive.settle()
    title, reason, header, rows, winner = table.result_summary()
    assert winner == 0 and len(header) == len(rows[0]) == 5
    assert i18n.num(22) in reason and i18n.num(14) in reason  # 3 + 4 + 15 points against 14
    if lang == "en":
        assert title == "You win!" and reason == "The bag ran out: you have more points (22 to 14)."
        assert header == ["Player", "Points", "White", "Grey", "Black"]
        assert rows[0] == ["Red (you)", "22", "3", "2", "5"]
    else:
        assert title != "You win!" and no_english_words(reason)
        assert lang != "fa" or no_english(reason)
    overlay = app.scenes.top
    col_w = (overlay.table_rect.width - 20) // len(header)
    for head in header:
        assert theme.text_width(head, 17, "bold") < col_w - 8, head
    for row in rows:
        assert theme.text_width(row[0], 20, "bold") <= col_w - 4, row[0]
    assert len(theme.wrap(reason, 18, overlay.table_rect.width - 20)) <= 2


def test_equal_points_are_decided_by_marbles_and_said_so():
    res = {"winner": 1, "reason": "passes", "points": [6, 6], "marbles": [3, 4]}
    text = words.result_reason(None, res)
    assert text == ("Neither player could move, with equal points (6 each): Blue has more "
                    "marbles (4 to 3).")
    draw = {"winner": None, "reason": "bag", "points": [6, 6], "marbles": [3, 3]}
    assert words.result_reason(None, draw) == "The bag ran out: equal points and equal marbles."


def test_the_reason_of_your_win_against_the_computer_says_you():
    """"You won!" stood over "The bag ran out: Red has more points" (pt97): against the
    computer your win is said of you, in every language."""
    res = {"winner": 0, "reason": "bag", "points": [20, 13], "marbles": [9, 7]}
    assert words.result_reason(None, res, 0) == "The bag ran out: you have more points (20 to 13)."
    assert words.result_reason(None, res, 1) == "The bag ran out: Red has more points (20 to 13)."
    tie = {"winner": 0, "reason": "passes", "points": [6, 6], "marbles": [4, 3]}
    assert "you have more marbles (4 to 3)" in words.result_reason(None, tie, 0)
    for lang in ("fa", "vi"):
        with i18n.speaking(lang):
            mine, theirs = words.result_reason(None, res, 0), words.result_reason(None, res, 1)
            assert mine != theirs and words.seat_name(0) not in mine, (lang, mine)


# -- every word on the table fits, in every language ------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_no_word_of_the_table_leaves_its_panel(app, drive, lang, monkeypatch):
    i18n.set_language(lang)
    state = rules.load({**SIX_PLACED, "captured": [{"white": 1, "grey": 2, "black": 1},
                                                   {"black": 1}],
                        "bag": ["black"] * 3 + ["white"] * 3 + ["grey"] * 3})
    for config in (VS_AI, GameConfig("zertz", (Seat("ai", "normal"), Seat("human")), 7, {})):
        table = open_table(app, drive, state, config)
        panels_of = [table.layout[z].rect for z in ("supply_0", "tray_0", "supply_1", "tray_1",
                                                     "status", "log")]
        panels_of.append(panels.geo.bag_panel(table.layout))
        problems = []
        texts = drawn_text(table, monkeypatch)
        assert len(texts) > 20
        for string, rect in texts:
            if not string or re.fullmatch(r"[a-g]|[1-7]", string):
                continue  # the board's letters and numbers stand beside the rings
            if not any(p.contains(rect) for p in panels_of):
                problems.append((string, rect))
            if lang == "fa" and theme.has_rtl(string):
                assert no_english(string), string
        assert not problems, problems
        app.scenes.pop(transition=None)


def test_the_words_follow_a_change_of_language_while_the_table_is_open(app, drive):
    marbles = ("a1", "a4", "g1", "g4")
    near = {n for m in marbles for n in rules.NEIGHBOURS[m]}
    far = [r for r in rules.RINGS if r not in near and r not in marbles][:10]
    state = rules.load({"marbles": dict.fromkeys(marbles, "white"),
                        "pieces": dict.fromkeys(far, 0), "supply": [0, 10],
                        "bag": ["white", "white"] + ["grey"] * 6 + ["black"] * 6, "to_move": 0})
    table = open_table(app, drive, state)
    assert any(w.label == "Pass" for w in table.widgets.widgets)
    i18n.set_language("fa")
    table.language_changed()
    drive.step(2)
    button = next(w for w in table.widgets.widgets if getattr(w, "move", None) == "pass")
    assert button.label == "پاس"
    assert table.status_words()[1] == "نه می‌توانید مهره بگذارید نه گوی بردارید: «پاس» را بزنید."
    perform(drive, table, "pass")
    assert table.state.passes == 1


# -- where messages stand ------------------------------------------------------------------------

def toast_box(app, text: str) -> pygame.Rect:
    app.toasts.clear()
    app.toast(text, error=True)
    for toast in app.toasts:
        toast.age = 1.0
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()[0]


@pytest.mark.parametrize("lang", LANGS)
def test_messages_stand_between_the_bag_and_the_board(app, drive, lang):
    i18n.set_language(lang)
    table = open_table(app, drive, rules.load(SIX_PLACED))
    longest = max((table.check("take g4")[1], words.wrong_tray(words.seat_name(1)),
                   words.hint(table.state, "take a1")), key=lambda t: theme.text_width(t, 19))
    box = toast_box(app, longest)
    layout = table.layout
    keep_clear = [layout[r].rect.inflate(-4, -4) for r in rules.RINGS]
    keep_clear += [layout[z].rect for z in ("supply_0", "tray_0", "supply_1", "tray_1", "log",
                                            "status")]
    assert not [r for r in keep_clear if r.colliderect(box)], (box, longest)
    drawn_x, drawn_y = table.drawn_spot()
    assert box.top >= drawn_y + 21  # below the marble drawn from the bag
    assert box.top > table.layout["bag"].rect.y + 40  # the bag's counts stay readable


# -- the prompt tells the truth while the computer's move is still shown ------------------------

def test_your_move_is_said_only_once_the_computers_move_has_landed(app, drive):
    from ecs.components import Draggable

    state = rules.load({
        "marbles": {"a1": "white", "c3": "grey", "g4": "black"},
        "pieces": {"b1": 0, "c4": 1, "c5": 1, "c6": 1, "b5": 1, "d7": 1, "e6": 1, "f5": 1,
                   "g3": 1, "f4": 1, "e5": 1},
        "supply": [9, 0], "to_move": 1,
        "bag": ["white"] * 5 + ["grey"] * 5 + ["black"] * 5,
    })  # Blue, the computer, has no pieces left: it takes c3, then puts the drawn marble
    app.settings.animation = "normal"
    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 5, {"first": 0})
    table = open_table(app, drive, state, config)
    for _ in range(900):
        if len(table.session.moves) == 2:
            break
        drive.step()
    assert table.rules.human_to_move() and table.animating  # the put is still gliding
    title, text = table.status_words()
    # the put is told once it has landed, as the log tells it (it said "Blue put the
    # grey marble on a1" with the marble still by the bag, pt68): the take before it
    assert title == "Blue is moving…" and text.startswith("Blue took the ")
    drive.step()
    assert not any(esper_enabled(e, Draggable) for e in table.supply_ents[0])
    drive.settle()
    for _ in range(60):  # and the short pause after it (the computer's hold)
        if table.rules.offering():
            break
        drive.step()
    assert table.status_words()[0] == "Your move"
    assert all(esper_enabled(e, Draggable) for e in table.supply_ents[0])


def test_a_take_between_people_names_its_mover_while_it_lands(app, drive):
    """Red's take glided to the tray while the line said "Blue is moving…" with Blue's
    colour, though Red puts the drawn marble next."""
    from scenes.zertz import panels

    state = rules.load({"marbles": {"a1": "black"}, "pieces": {"a2": 0},
                        "bag": ["white"] * 6 + ["grey"] * 6 + ["black"] * 5, "to_move": 0})
    app.settings.animation = "normal"
    config = GameConfig("zertz", (Seat("human"), Seat("human")), 5, {"first": 0})
    table = open_table(app, drive, state, config)
    drive.drag(drive.center_of(table.marble_ents["a1"]), table.layout["tray_0"].rect.center)
    assert table.session.moves == ["take a1"] and table.state.phase == "put"
    seen = set()
    while table.animating:
        title, _ = table.status_words()
        seen.add((title, table.shown_seat()))
        drive.step()
    assert seen and seen <= {("Red is moving…", 0), ("Red to move", 0)}
    drive.settle()
    assert table.status_words()[0] == "Red to move" and table.shown_seat() == 0
    assert panels.SEAT_COLOURS[table.shown_seat()] == panels.SEAT_COLOURS[0]


def test_your_own_take_landing_says_your_move_alone_at_the_table(app, drive):
    """Alone against the computer, your own take glided to the tray under "Red is
    moving…": it read as if the computer had taken over your seat (pt77)."""
    state = rules.load({"marbles": {"a1": "black"}, "pieces": {"a2": 0},
                        "bag": ["white"] * 6 + ["grey"] * 6 + ["black"] * 5, "to_move": 0})
    app.settings.animation = "normal"
    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 5, {"first": 0})
    table = open_table(app, drive, state, config)
    drive.drag(drive.center_of(table.marble_ents["a1"]), table.layout["tray_0"].rect.center)
    assert table.session.moves == ["take a1"] and table.state.phase == "put"
    seen = set()
    while table.animating:
        seen.add(table.status_words()[0])
        drive.step()
    assert seen == {"Your move"}


def test_the_bag_counts_the_drawn_marble_until_it_comes_out(app, drive, monkeypatch):
    """The bag's counts dropped as the take was made, half a second before the drawn
    marble came out of the bag: they told its colour early (pt77)."""
    from scenes.zertz import panels

    state = rules.load({"marbles": {"a1": "black"}, "pieces": {"a2": 0},
                        "bag": ["grey"] + ["white"] * 6 + ["grey"] * 5 + ["black"] * 5,
                        "to_move": 0})
    app.settings.animation = "normal"
    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 5, {"first": 0})
    table = open_table(app, drive, state, config)
    titles = []
    real = panels.words.bag_title
    monkeypatch.setattr(panels.words, "bag_title", lambda n: (titles.append(n), real(n))[1])
    drive.drag(drive.center_of(table.marble_ents["a1"]), table.layout["tray_0"].rect.center)
    assert table.session.moves == ["take a1"] and table.state.phase == "put"
    assert not table.drawn_out()
    titles.clear()
    drive.step()
    assert titles and set(titles) == {17}  # the drawn marble still in the bag
    drive.settle()
    assert table.drawn_out()
    titles.clear()
    drive.move((700, 300))
    assert titles and set(titles) == {16}


def esper_enabled(ent, component) -> bool:
    import esper

    return esper.component_for_entity(ent, component).enabled


def test_the_put_is_lit_only_once_the_drawn_marble_is_out_of_the_bag(app, drive):
    app.settings.animation = "normal"
    table = open_table(app, drive, rules.load(SIX_PLACED))
    perform(drive, table, "take a1")
    assert table.state.phase == "put" and not table.drawn_waiting()  # still in the bag
    drive.settle()
    assert table.drawn_waiting()
    x, y = table.drawn_spot()
    frame = pygame.Surface(app.size)
    table.draw(frame)
    ring = {frame.get_at((round(x) + dx, round(y) - 28 - dy))[:3] for dx in range(-3, 4)
            for dy in range(0, 8)}
    assert theme.GOLD in ring


@pytest.mark.parametrize("lang", LANGS)
def test_every_headline_and_caption_fits_without_being_cut(lang):
    """The panels cut what does not fit with "…": nothing of ours may need it."""
    from game.layout import load_layout

    pygame.font.init()
    i18n.set_language(lang)
    layout = load_layout("zertz")
    status = layout["status"].rect
    state = rules.load(SIX_PLACED)
    for seat in (0, 1):
        name = words.seat_name(seat)
        for mode in ("mine", "moving", "thinking"):
            for solo in (True, False):
                title = words.status_title(state, name, mode, solo, False)
                assert theme.text_width(title, 19, "bold") <= status.width - 50, title
        supply = layout[f"supply_{seat}"].rect
        for human, level in ((True, ""), (False, "easy"), (False, "normal"), (False, "hard")):
            used = theme.text_width(name, 19, "bold") + theme.text_width(
                words.who_plays(human, level), 14)
            assert used <= supply.width - 38 - 20, (name, level)
        assert theme.text_width(words.supply_line(10), 14) <= supply.width - 50
        tray = layout[f"tray_{seat}"].rect
        assert theme.text_width(words.captured_title(88), 17, "bold") <= tray.width - 30
        for colour in rules.COLOURS:
            assert theme.text_width(words.tray_caption(colour), 13) <= tray.width - 80
    assert theme.text_width(words.keys_line(), 13) <= status.width - 30
    assert theme.text_width(words.bag_title(18), 15, "bold") <= 150
    for legal in (["place a2", "take a1"], ["place a2"], ["take a1"], ["pass"]):
        size, lines = panels.prompt_lines(words.prompt(state, legal), status.width - 30)
        assert len(lines) <= panels.PROMPT_LINES and len(theme.wrap(
            words.prompt(state, legal), size, status.width - 30)) <= panels.PROMPT_LINES
