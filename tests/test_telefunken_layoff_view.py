"""A card laid off on a set shows at the set's right end: the engine keeps a set sorted by
suit, so the card landed in the middle (or at the left) of the meld's fan, mostly under its
neighbour, and its last-move mark was an outline without the seat's tag; a computer's lay-off
was easy to miss. Only the drawing order changes (the engine's melds are untouched), the
other cards of the set stay where they were, a run keeps its rank order, and a table laid
out afresh (Undo, a saved game) shows the sets as they stood. And a computer's banner waits
for its cards: "Seat 2 bought 9♠" stood on the table while the card still lay on the pile."""

from __future__ import annotations

import esper
import pygame

from ecs.components import Transform
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken import layout
from scenes.telefunken_table import TelefunkenTable, perform
from tests.test_marks import drawn_box, record_calls
from tests.test_telefunken_table import CONFIG, OTHERS, position

YOURS = ["2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
SEAT_2 = ["7S", "4D", "2C", "3C", "9D", "KD", "QH", "4S"]  # (seat 1: "Seat 2" on the screen)
SET = ["7H", "7D", "7C"]  # the engine keeps it in suit order: spades, hearts, diamonds, clubs
RUN = ["5D", "6D", "7D"]


def open_state(app, drive, state):
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def computers_turn(app, drive):
    """Seat 2 (a computer) has drawn; on the table your set of sevens and Seat 3's run."""
    melds = [{"owner": 0, "cards": SET}, {"owner": 2, "cards": RUN},
             {"owner": 1, "cards": ["QS", "QH", "QD"]}]
    state = position([YOURS, SEAT_2, OTHERS[1][:8], OTHERS[2][:8]], melds=melds,
                     melded=[True, True, True, False], to_move=1)
    return open_state(app, drive, state)


def meld_cards(table, index: int) -> list[tuple[str, int]]:
    return list(table.sync.entities(f"meld_{index}"))


def places(cards) -> dict[int, tuple[float, float]]:
    out = {}
    for _code, ent in cards:
        t = esper.component_for_entity(ent, Transform)
        out[ent] = (t.x, t.y)
    return out


def tags_drawn(app, table, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    import scenes.marks as marks_module

    tags = record_calls(monkeypatch, marks_module, "_tag")
    table.draw(pygame.Surface(app.size))
    return tags


def test_a_computers_lay_off_on_a_set_shows_whole_at_its_right_end_with_its_tag(
        app, drive, monkeypatch):
    table = computers_turn(app, drive)
    before = meld_cards(table, 0)
    assert [c for c, _ in before] == SET
    where = places(before)
    table.rules._apply("add 7S to 0")  # the computer's lay-off, through the normal move path
    drive.settle()
    assert table.state.melds[0].cards == ("7S", "7H", "7D", "7C")  # the engine's order
    after = meld_cards(table, 0)
    assert [c for c, _ in after] == SET + ["7S"]
    assert after[:3] == before  # the set's own cards keep their entities ...
    assert places(after[:3]) == where  # ... and their places
    new = after[-1][1]
    box = drawn_box(new)
    assert places([after[-1]])[new][0] == max(x for x, _y in places(after).values())
    for _code, ent in after[:-1]:  # nothing of the set lies over the new card: it shows whole
        assert drawn_box(ent).right < box.right
    tags = tags_drawn(app, table, monkeypatch)
    assert any(text == table.seat_name(1) and rect.colliderect(box.inflate(8, 8))
               for text, rect in tags), tags
    drive.step(90)  # nothing moves while nothing happens
    assert places(after) == places(meld_cards(table, 0))
    table.rules._apply("discard KD")  # the computer's turn goes on elsewhere: the set stays
    drive.settle()
    assert meld_cards(table, 0) == after and places(after) == places(meld_cards(table, 0))


def test_a_lay_off_on_a_run_keeps_its_rank_order_beside_a_set_grown_at_its_end(app, drive):
    """(A card's place in a run means something: 4♦ goes below 5♦, not to the right end.)"""
    table = computers_turn(app, drive)
    run_before = meld_cards(table, 1)
    table.rules._apply("add 7S to 0")
    drive.settle()
    low = next(m for m in table.legal() if m.startswith("add 4D to 1"))
    table.rules._apply(low)
    drive.settle()
    assert [c for c, _ in meld_cards(table, 0)] == SET + ["7S"]
    run = meld_cards(table, 1)
    assert [c for c, _ in run] == ["4D"] + RUN == list(table.state.melds[1].cards)
    assert run[1:] == run_before
    xs = [esper.component_for_entity(e, Transform).x for _c, e in run]
    assert xs == sorted(xs)


def test_your_lay_offs_by_a_drop_on_a_set_go_to_its_right_end(app, drive, monkeypatch):
    """The set's box still takes the drop and the lay-off is still found by its cards with
    the set drawn in its own order; each card goes to the right end, tagged "You" (the set
    is Seat 3's)."""
    melds = [{"owner": 2, "cards": SET}, {"owner": 0, "cards": RUN}]
    state = position([YOURS + ["7S", "7H"], SEAT_2[1:], OTHERS[1][:8], OTHERS[2][:8]],
                     melds=melds, melded=[True, False, True, False], to_move=0)
    table = open_state(app, drive, state)
    before = meld_cards(table, 0)
    for card, grown in (("7S", SET + ["7S"]), ("7H", SET + ["7S", "7H"])):
        perform(drive, table, f"add {card} to 0")  # dragged onto the set's box
        drive.settle()
        assert table.session.moves[-1] == f"add {card} to 0"
        after = meld_cards(table, 0)
        assert [c for c, _ in after] == grown and after[:-1] == before
        before = after
    assert table.state.melds[0].cards == ("7S", "7H", "7H", "7D", "7C")
    tags = tags_drawn(app, table, monkeypatch)
    box = drawn_box(after[-1][1])
    assert any(text == "You" and rect.colliderect(box.inflate(8, 8)) for text, rect in tags)


def test_a_freed_joker_leaves_the_set_and_the_two_cards_go_to_its_right_end(app, drive):
    melds = [{"owner": 1, "cards": ["JH", "JD", "JK"]}, {"owner": 0, "cards": ["KC", "KH", "KD"]}]
    state = position([["JS", "JC", "9S", "2S", "3H"]] + OTHERS, melds=melds,
                     melded=[True, True, False, False])
    table = open_state(app, drive, state)
    before = meld_cards(table, 0)
    assert [c for c, _ in before] == ["JH", "JD", "JK"]
    perform(drive, table, "free 0 with JS JC")
    drive.settle()
    assert table.state.melds[0].cards == ("JS", "JH", "JD", "JC")
    after = meld_cards(table, 0)
    assert [c for c, _ in after] == ["JH", "JD", "JS", "JC"] and after[:2] == before[:2]
    marked = [m for m in table.marks.marks[0] if m.label == "You"]
    assert [sorted(table.sync.code_of(e) for e in m.entities) for m in marked] == [["JC", "JS"]]


def test_a_table_laid_out_afresh_shows_the_sets_as_they_stood(app, drive):
    """Undo, Continue from a save or a step of a replay build the table again: the card laid
    off stays at the set's right end (it jumped back into the middle) and keeps its tag."""
    table = computers_turn(app, drive)
    table.rules._apply("add 7S to 0")
    drive.settle()
    table.rules._apply("discard KD")
    drive.settle()
    shown = [c for c, _ in meld_cards(table, 0)]
    assert shown == SET + ["7S"]
    again = TelefunkenTable(app, CONFIG, table.session)  # as Undo builds it
    app.scenes.replace(again, transition=None)
    drive.settle()
    assert [c for c, _ in meld_cards(again, 0)] == shown
    seven = meld_cards(again, 0)[-1][1]
    (laid,) = [m for m in again.marks.marks[1] if seven in m.entities]
    assert laid.entities == (seven,) and laid.label == again.seat_name(1)
    saved = Session.from_save(table.session.to_save())
    loaded = TelefunkenTable(app, CONFIG, saved)  # as Continue builds it
    app.scenes.replace(loaded, transition=None)
    drive.settle()
    assert [c for c, _ in meld_cards(loaded, 0)] == shown


def test_the_drawing_order_of_a_meld_follows_the_game_move_by_move():
    """(``layout.meld_orders``: what a table laid out afresh shows.)"""
    a = position([YOURS, SEAT_2, OTHERS[1][:8], OTHERS[2][:8]],
                 melds=[{"owner": 0, "cards": SET}, {"owner": 1, "cards": RUN}],
                 melded=[True, True, False, False], to_move=1)
    b = rules.play(a, "add 7S to 0")
    c = rules.play(b, next(m for m in rules.legal_moves(b) if m.startswith("add 4D to 1")))
    assert layout.meld_orders([a, b, c]) == {0: SET + ["7S"], 1: ["4D"] + RUN}
    # a new deal: the melds are gone, and a set put down later at the same place is drawn
    # in the engine's order, whatever stood there before
    empty = position([YOURS, SEAT_2, OTHERS[1][:8], OTHERS[2][:8]], melded=[False] * 4)
    later = position([YOURS, SEAT_2, OTHERS[1][:8], OTHERS[2][:8]],
                     melds=[{"owner": 1, "cards": ["7S", "7C", "7H"]}],
                     melded=[False, True, False, False])
    assert layout.meld_orders([a, b, empty, later]) == {0: ["7S", "7H", "7C"]}
    assert layout.meld_order(SET + ["7S"], ("7S", "7H", "7C")) == ["7S", "7H", "7C"]


def test_a_computers_buy_is_announced_as_the_card_leaves_the_pile(app, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H"]
    state = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=1,
                     discard=("5S", "9S"), discarder=0, offer=[2, 3])
    table = open_state(app, drive, state)
    bought = table.sync.entities("discard")[-1][1]
    t = esper.component_for_entity(bought, Transform)
    on_pile = (t.x, t.y)
    table.rules._apply("buy")  # the computer's decision, through the normal move path
    shown = None
    for frame in range(120):
        if table.banner is not None:
            shown = frame
            break
        drive.step()
    assert shown is not None and table.banner[0].startswith("Seat 2 bought 9♠")
    assert shown > 0  # not with the move, before anything moved
    assert not esper.entity_exists(bought) or (t.x, t.y) != on_pile
