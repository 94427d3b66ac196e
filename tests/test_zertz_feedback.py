"""What the Zertz table says and shows where a play-tester found it silent or unclear, played
through real mouse events: a press on something that cannot be picked up (the other
player's or the computer's supply, a placed piece, a captured marble), a drop on a removed
ring or between the rings, a take and a put on one ring, and the words between two people
(no "you" on both panels, no Ctrl+Z when Undo between people is off)."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs.components import Transform
from game.catalog import GameConfig, Seat
from game.rules import zertz as rules
from game.session import Session
from scenes.zertz import words
from scenes.zertz.table import MARK_COLOURS
from scenes.zertz_table import ZertzTable, perform
from tests.test_i18n import drawn_text

HOT_SEAT = GameConfig("zertz", (Seat("human"), Seat("human")), 7, {"first": 0})
VS_AI = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 7, {"first": 0})
MARBLES = {"a1": "white", "a4": "grey", "g1": "black", "g4": "white"}


def position(**data) -> rules.State:
    """A position with the bag holding every marble that is neither on the board nor
    captured (so the totals add up), its order fixed."""
    data.setdefault("marbles", MARBLES)
    data.setdefault("to_move", 0)
    held = {c: 6 for c in rules.COLOURS}
    for colour in data["marbles"].values():
        held[colour] -= 1
    for tray in data.get("captured", []):
        for colour, n in tray.items():
            held[colour] -= n
    data.setdefault("bag", [c for c in ("grey", "black", "white") for _ in range(held[c])])
    return rules.load(data)


def open_table(app, drive, state, config=HOT_SEAT) -> ZertzTable:
    table = ZertzTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    app.toasts.clear()
    return table


def said(app) -> list[str]:
    return [t.text for t in app.toasts if t.error]


def unchanged(table, state) -> None:
    assert table.state == state and table.session.moves == []


def at_rest(ent) -> tuple[float, float, float]:
    t = esper.component_for_entity(ent, Transform)
    return t.x, t.y, t.lift


# -- 1. presses that did nothing and said nothing --------------------------------------------

def test_between_people_a_press_on_the_other_supply_or_a_placed_piece_says_why(app, drive):
    state = position(pieces={"e3": 0, "b1": 1}, to_move=1)  # Blue to move
    table = open_table(app, drive, state)
    red = table.supply_ents[0][-1]
    rest = at_rest(red)
    drive.press(drive.center_of(red))
    drive.move(table.ring_center("d4"), steps=6)
    assert table.drag.held is None  # Red's piece is not lifted...
    assert said(app) == ["Those are Red's pieces: place one of yours (Blue)."]  # ...and why
    drive.release()
    drive.settle()
    assert at_rest(red) == rest
    unchanged(table, state)
    app.toasts.clear()
    drive.click(table.ring_center("e3"))
    assert said(app) == ["Red's piece on e3 stays there: placed pieces never move."]
    app.toasts.clear()
    drive.click(table.ring_center("b1"))
    assert said(app) == ["Your piece on b1 stays there: placed pieces never move."]
    drive.settle()
    unchanged(table, state)
    assert table.drag.selected is None


def test_against_the_computer_a_press_on_its_supply_says_the_computer_places_them(app, drive):
    state = position(pieces={"e3": 1}, to_move=0)
    table = open_table(app, drive, state, VS_AI)
    drive.click(drive.center_of(table.supply_ents[1][-1]))
    assert said(app) == ["Those are Blue's pieces: the computer places them."]
    app.toasts.clear()
    drive.click(table.ring_center("e3"))
    assert said(app) == ["Blue's piece on e3 stays there: placed pieces never move."]
    drive.settle()
    unchanged(table, state)


def test_a_press_on_a_captured_marble_or_a_piece_before_the_put_says_why(app, drive):
    state = position(pieces={"a2": 0, "d4": 1}, captured=[{"black": 1}, {}])
    table = open_table(app, drive, state)
    drive.click(drive.center_of(table.tray_ents[0][0][1]))
    assert said(app) == ["A captured marble stays in its Captured panel."]
    perform(drive, table, "take a1")
    drive.settle()
    just_taken = table.tray_ents[0][-1][1]
    for _ in range(2):  # the marble just taken is as captured as the others, click after click
        app.toasts.clear()
        drive.click(drive.center_of(just_taken))
        assert said(app) == ["A captured marble stays in its Captured panel."]
        assert table.drag.selected is None
    app.toasts.clear()
    after_take = table.state
    drive.click(drive.center_of(table.supply_ents[0][-1]))
    assert said(app) == [f"First put the {after_take.drawn} marble from the bag on an empty "
                         "ring."]
    drive.settle()
    assert table.state == after_take


def test_between_people_the_other_supply_pressed_in_the_put_step_says_put_first(app, drive):
    """A play-tester pressed Red's supply while Blue had to put the drawn marble and read
    "Those are Red's pieces: place one of yours (Blue)", though Blue could place nothing."""
    state = position(pieces={"b1": 1, "e3": 0}, to_move=1)  # Blue, next to a1
    table = open_table(app, drive, state)
    perform(drive, table, "take a1")
    drive.settle()
    after_take = table.state
    assert after_take.phase == "put" and after_take.seat == 1
    app.toasts.clear()
    drive.press(drive.center_of(table.supply_ents[0][-1]))
    drive.move(table.ring_center("d4"), steps=6)
    drive.release()
    drive.settle()
    assert said(app) == [f"First put the {after_take.drawn} marble from the bag on an empty "
                         "ring."]
    assert table.state == after_take


# -- 2. drops where the eye expects a ring -----------------------------------------------------

def _put_with_c3_removed(app, drive):
    rings = [r for r in rules.RINGS if r != "c3"]
    state = position(rings=rings, pieces={"a2": 0, "d4": 1}, phase="put")
    table = open_table(app, drive, state)
    assert table.drag.target_at(table.ring_center("c3")) is None  # only felt there
    return table, state


def test_the_drawn_marble_dropped_on_a_removed_ring_says_the_ring_is_gone(app, drive):
    table, state = _put_with_c3_removed(app, drive)
    drawn = table.drawn_ent
    spot = table.drawn_spot()
    drive.drag(drive.center_of(drawn), table.ring_center("c3"))
    assert said(app) == ["Ring c3 has been taken off the board."]
    drive.settle()
    unchanged(table, state)
    t = esper.component_for_entity(drawn, Transform)
    assert (t.x, t.y) == pytest.approx(spot, abs=1)
    app.toasts.clear()  # click-to-move says the same, and lets the marble go
    drive.click(drive.center_of(drawn))
    drive.click(table.ring_center("c3"))
    assert said(app) == ["Ring c3 has been taken off the board."]
    drive.settle()
    unchanged(table, state)
    assert table.drag.selected is None


def test_a_drop_between_the_rings_says_where_it_goes(app, drive):
    table, state = _put_with_c3_removed(app, drive)
    (x4, y4), (x5, y5) = table.ring_center("d4"), table.ring_center("d5")
    gap = ((x4 + x5) // 2, (y4 + y5) // 2)
    assert table.drag.target_at(gap) is None
    drive.drag(drive.center_of(table.drawn_ent), gap)
    assert said(app) == ["Drop it on an empty ring."]
    drive.settle()
    unchanged(table, state)
    app.toasts.clear()
    far = (table.layout["status"].rect.x - 30, table.layout["status"].rect.y)  # bare felt
    drive.drag(drive.center_of(table.drawn_ent), far)
    drive.settle()
    assert said(app) == []  # far from the board it just glides back
    unchanged(table, state)


def test_a_piece_or_a_marble_dropped_on_the_bag_says_where_it_goes(app, drive):
    """A piece or a marble being taken, dropped on the bag's panel, went back without a word
    (pt115). The drawn marble let go there is only put back where it waits: silent."""
    from scenes.zertz import layout as geo

    state = position(pieces={"a2": 0, "d4": 1})
    table = open_table(app, drive, state)
    bag = geo.bag_panel(table.layout).center
    drive.drag(drive.center_of(table.supply_ents[0][-1]), bag)
    drive.settle()
    assert said(app) == ["Drop it on an empty ring."]
    unchanged(table, state)
    app.toasts.clear()
    drive.drag(drive.center_of(table.marble_ents["a1"]), bag)
    drive.settle()
    assert said(app) == ["A marble you take goes into your Captured panel, not back into "
                         "the bag."]
    unchanged(table, state)
    perform(drive, table, "take a1")
    drive.settle()
    after_take = table.state
    app.toasts.clear()
    drive.drag(drive.center_of(table.drawn_ent), geo.bag_spot(table.layout))
    drive.settle()
    assert said(app) == [] and table.state == after_take


def test_a_drop_on_the_move_list_or_the_status_says_where_it_goes(app, drive):
    """The move list and the status panel are no felt: a piece or a marble being taken let
    go there went back without a word (pt122)."""
    state = position(pieces={"a2": 0, "d4": 1})
    table = open_table(app, drive, state)
    for zone in ("log", "status"):
        app.toasts.clear()
        drive.drag(drive.center_of(table.supply_ents[0][-1]), table.layout[zone].rect.center)
        drive.settle()
        assert said(app) == ["Drop it on an empty ring."]
        app.toasts.clear()
        drive.drag(drive.center_of(table.marble_ents["a1"]), table.layout[zone].rect.center)
        drive.settle()
        assert said(app) == ["A marble you take goes into your Captured panel, under your "
                             "pieces."]
        unchanged(table, state)


def test_a_click_on_your_pieces_with_the_drawn_marble_chosen_says_put_it_first(app, drive):
    """With the drawn marble chosen (click-then-click), a click on your own pieces did
    nothing and said nothing (pt122)."""
    table = open_table(app, drive, position(pieces={"a2": 0, "d4": 1}))
    perform(drive, table, "take a1")
    drive.settle()
    after_take = table.state
    drive.click(drive.center_of(table.drawn_ent))
    assert table.drag.selected == table.drawn_ent
    app.toasts.clear()
    drive.click(drive.center_of(table.supply_ents[0][-1]))
    drive.settle()
    assert said(app) == [f"First put the {after_take.drawn} marble from the bag on an empty "
                         "ring."]
    assert table.state == after_take


def test_a_removed_ring_is_crossed_out_not_drawn_as_a_dashed_ring(app, drive):
    # Red's piece on b1 takes a1's marble: a2 (whose only filled neighbour was a1) goes
    state = position(rings=["a1", "a2", "b1", "b2", "d4", "d5", "g4"],
                     marbles={"a1": "white", "d4": "grey"}, pieces={"b1": 0, "d5": 1})
    table = open_table(app, drive, state)
    perform(drive, table, "take a1")
    drive.settle()
    assert "a2" not in table.state.rings
    frame = pygame.Surface(app.size)
    table.draw(frame)
    x, y = table.ring_center("a2")
    red = MARK_COLOURS[0]
    assert frame.get_at((x, y))[:3] == red  # the cross's centre
    circle = {frame.get_at((round(x + 36 * c), round(y + 36 * s)))[:3]
              for c, s in ((1, 0), (0, 1), (-1, 0), (0.8, 0.6), (-0.6, 0.8), (0.6, -0.8))}
    assert red not in circle  # no ring-sized outline where the ring was


# -- 3. a take and a put on one ring ---------------------------------------------------------

def took_and_put(app, drive, pieces: dict, landed: bool = True):
    """A table where Red took the marble of a1 and put the drawn one back there (the put
    landed, or ``landed=False``: one frame after it)."""
    table = open_table(app, drive, position(pieces=pieces))
    perform(drive, table, "take a1")
    drive.settle()
    perform(drive, table, "put a1")
    if landed:
        drive.settle()
    else:
        drive.step()
    return table


def test_a_take_and_a_put_on_the_same_ring_are_both_marked(app, drive):
    table = took_and_put(app, drive, {"a2": 0, "d4": 1})
    assert table.session.moves == ["take a1", "put a1"]
    centre = table.ring_center("a1")
    marks = [(m.rect.center, m.dashed, m.label) for m in table.marks.marks[0]]
    assert [m for m in marks if m[0] == centre] == [(centre, False, "took · put")]
    table.restore_marks()  # as after Undo, Continue or a change of language
    assert [(m.rect.center, m.dashed, m.label) for m in table.marks.marks[0]] == marks
    perform(drive, table, "place e3")  # Blue's turn: Red's marks stay as they were
    drive.settle()
    assert [(m.rect.center, m.dashed, m.label) for m in table.marks.marks[0]] == marks
    assert [m.label for m in table.marks.marks[1]] == [""]


def test_a_put_elsewhere_keeps_the_dashed_take_and_no_tag(app, drive):
    state = position(pieces={"a2": 0, "d4": 1})
    table = open_table(app, drive, state)
    perform(drive, table, "take a1")
    drive.settle()
    perform(drive, table, "put e5")
    drive.settle()
    marks = {(m.rect.center, m.dashed, m.label) for m in table.marks.marks[0]}
    assert (table.ring_center("a1"), True, "") in marks
    assert (table.ring_center("e5"), False, "") in marks


# -- 4. the words between two people ---------------------------------------------------------

def _texts(table, monkeypatch) -> list[str]:
    return [text for text, _rect in drawn_text(table, monkeypatch)]


def test_between_people_the_panels_name_the_seats_and_not_you(app, drive, monkeypatch):
    hot = open_table(app, drive, position(pieces={"a2": 0, "d4": 1}))
    texts = _texts(hot, monkeypatch)
    assert "Red" in texts and "Blue" in texts and "you" not in texts
    app.scenes.pop(transition=None)
    solo = open_table(app, drive, position(pieces={"a2": 0, "d4": 1}), VS_AI)
    assert _texts(solo, monkeypatch).count("you") == 1  # beside the only person's name


def test_the_keys_line_offers_ctrl_z_only_when_undo_is_on(app, drive, monkeypatch):
    assert not app.settings.undo_between_people  # the default
    hot = open_table(app, drive, position(pieces={"a2": 0, "d4": 1}))
    texts = _texts(hot, monkeypatch)
    assert "H hint · Esc menu" in texts and not any("Ctrl+Z" in t for t in texts)
    app.scenes.pop(transition=None)
    app.settings.undo_between_people = True
    hot = open_table(app, drive, position(pieces={"a2": 0, "d4": 1}))
    assert "H hint · Ctrl+Z undo · Esc menu" in _texts(hot, monkeypatch)
    app.scenes.pop(transition=None)
    app.settings.undo_between_people = False
    solo = open_table(app, drive, position(pieces={"a2": 0, "d4": 1}), VS_AI)
    assert "H hint · Ctrl+Z undo · Esc menu" in _texts(solo, monkeypatch)


def test_the_new_words_are_worded_by_the_words_module():
    assert words.keys_line(False) == "H hint · Esc menu"
    assert words.who_plays(True, "", hot_seat=True) == ""
    assert words.who_plays(True, "") == "you"


def test_the_drawn_marbles_ring_comes_back_after_a_refused_drop(app, drive):
    """The pulsing gold ring around the marble drawn from the bag is part of the table's
    kept background: it went with the marble and did not come back when it glided home."""
    from scenes import theme

    table, _state = _put_with_c3_removed(app, drive)
    x, y = table.drawn_spot()

    def ring_shown() -> bool:  # gold on the ring's radius (27-33 px, it pulses), right of it
        return any(max(abs(a - b) for a, b in zip(app.screen.get_at((round(x) + r, round(y)))[:3],
                                                  theme.GOLD)) < 40 for r in range(26, 36))

    drive.step(3)
    assert ring_shown()
    drive.drag(drive.center_of(table.drawn_ent), (40, 40))  # on bare felt: back it goes
    drive.settle()
    drive.step(3)
    assert table.drawn_waiting() and ring_shown()


def test_a_ring_taken_from_and_then_removed_by_the_other_seat_is_crossed_out(app, drive):
    state = position(pieces={"a2": 0, "d4": 1})
    table = open_table(app, drive, state)
    table.marks.moved(1)
    table.mark_move(1, [rules.MarbleTaken(1, "g1", "white")])  # Blue took from g1 ...
    table.marks.moved(0)
    table.mark_move(0, [rules.RingRemoved("g1")])  # ... then Red's move took g1 away
    rect = table.layout["g1"].rect
    assert [(m.shape, m.dashed) for m in table.marks.marks[1] if m.rect == rect] == [
        ("cross", False)]
    assert [(m.shape, m.dashed) for m in table.marks.marks[0] if m.rect == rect] == [
        ("cross", False)]


def test_the_took_put_tag_leaves_the_neighbouring_pieces_and_labels_in_view(app, drive,
                                                                            monkeypatch):
    """The tag covered Blue's piece on the next ring, and the row and column labels."""
    import scenes.marks as marks_module
    from scenes.zertz import layout as geo
    from tests.test_marks import record_calls

    table = took_and_put(app, drive, {"a2": 0, "a3": 1, "d4": 1})  # Blue's piece above a2
    drawn = record_calls(monkeypatch, marks_module, "_tag")
    table.draw(pygame.Surface(app.size))
    (tag,) = [rect for label, rect in drawn if label == "took · put"]
    for ring in ("a2", "a3"):  # the rings with pieces next to it stay clear
        assert not tag.colliderect(table.layout[ring].rect), ring
    for ring in table.state.rings - {"a1"}:  # ... and it stands on no other ring
        over = tag.clip(table.layout[ring].rect)
        assert over.width * over.height < tag.width * tag.height // 10, ring
    for _, (x, y) in geo.row_label_spots(table.layout) + geo.column_label_spots(table.layout):
        assert not tag.collidepoint(x, y)


def test_the_took_put_tag_waits_for_the_put_marble_to_land(app, drive, monkeypatch):
    """The tag stood on the ring while the drawn marble was still on its way from the bag
    (pt62): it comes as the marble lands, as a card's tag does."""
    import scenes.marks as marks_module
    from ecs.tween import travelling
    from tests.test_marks import record_calls

    table = took_and_put(app, drive, {"a2": 0, "d4": 1}, landed=False)
    marble = table.marble_ents["a1"]
    assert travelling(marble)  # on its way to a1
    drawn = record_calls(monkeypatch, marks_module, "_tag")
    table.draw(pygame.Surface(app.size))
    assert [label for label, _ in drawn if label == "took · put"] == []
    drive.settle()
    assert not travelling(marble)
    drawn.clear()
    table.draw(pygame.Surface(app.size))
    assert [label for label, _ in drawn if label == "took · put"] == ["took · put"]
