"""Zetema, a hand in your own order: a card clicked or dragged into the meld zone and back
comes back to its place (it went to the hand's end), several at once each to theirs; the
cards of a combination shown this turn go back to their places when the turn ends; a card
dragged from the meld zone onto the hand goes where it was let go."""

from __future__ import annotations

import esper

from ecs.components import Transform
from tests.test_zetema_marriages import AI, H, start
from tests.test_zetema_s20 import OTHER
from tests.test_zetema_table import pile_centre

ORDER = ["QH", "5H", "10D", "KH", "6H", "8D", "10C"]  # the person's own order


def own_order(app, hand=ORDER):
    table, drive = start(app, (H, AI), [sorted(hand), OTHER])
    arrange(table, drive, hand)
    return table, drive


def arrange(table, drive, order) -> None:
    """The hand at the screen laid out in ``order``, as after dragging cards about."""
    table.world.activate()
    by_code = {c: (c, e) for c, e in table.hand}
    table.hand = [by_code[c] for c in order]
    table.sort_mode = "custom"
    table.layout_all(0.0)
    drive.settle()


def codes(pairs) -> list[str]:
    return [c for c, _ in pairs]


def entity(table, code: str) -> int:
    return next(e for c, e in table.hand + table.selection if c == code)


def test_a_card_clicked_into_the_meld_zone_and_back_keeps_its_place(app):
    table, drive = own_order(app)
    drive.click(drive.center_of(entity(table, "10D")))
    drive.settle()
    assert codes(table.selection) == ["10D"]
    drive.click(drive.center_of(entity(table, "10D")))
    drive.settle()
    assert codes(table.hand) == ORDER
    table.clear_selection()  # (the hand closes up: still in that order)
    drive.settle()
    assert codes(table.hand) == ORDER
    xs = [esper.component_for_entity(e, Transform).x for _, e in table.hand]
    assert xs == sorted(xs)


def test_several_cards_back_in_any_order_each_to_its_place(app):
    table, drive = own_order(app)
    for code in ("QH", "KH", "5H"):
        drive.click(drive.center_of(entity(table, code)))
        drive.settle()
    assert codes(table.hand) == ["10D", "6H", "8D", "10C"]
    for code in ("KH", "QH", "5H"):  # back in another order
        drive.click(drive.center_of(entity(table, code)))
        drive.settle()
    assert codes(table.hand) == ORDER


def test_clear_puts_every_card_back_in_place(app):
    table, drive = own_order(app)
    for code in ("5H", "6H", "8D"):
        drive.click(drive.center_of(entity(table, code)))
        drive.settle()
    table.clear_selection()
    drive.settle()
    assert codes(table.hand) == ORDER


def test_a_combination_shown_comes_back_to_its_places_when_the_turn_ends(app):
    """A straight declared from a hand in your own order, then one of its cards discarded:
    the other five come back from the meld zone each to its place (they came back at the
    hand's end, after the card kept in the hand)."""
    own = ["9D", "5H", "KS", "6C", "7C", "10H", "8D"]
    table, drive = own_order(app, own)
    for code in ("5H", "6C", "7C", "8D", "9D", "10H"):
        drive.click(drive.center_of(entity(table, code)))
        drive.settle()
    assert table.selection_meld()[0] == "meld straight 5H 6C 7C 8D 9D 10H"
    table.confirm_meld()
    drive.settle()
    assert codes(table.hand) == ["KS"]
    drive.click(drive.center_of(entity(table, "5H")))
    drive.click(pile_centre(table, "5"))
    assert table.session.moves[-1] == "discard 5H"
    drive.settle()
    assert codes(table.hand)[:6] == ["9D", "KS", "6C", "7C", "10H", "8D"]


def test_a_card_dragged_from_the_meld_zone_onto_the_hand_goes_where_it_is_let_go(app):
    table, drive = own_order(app)
    drive.click(drive.center_of(entity(table, "QH")))
    drive.settle()
    table.clear_selection()  # (QH back first: then QH out again and dragged)
    drive.settle()
    drive.click(drive.center_of(entity(table, "QH")))
    drive.settle()
    table._thaw_hand()
    drive.settle()
    assert codes(table.hand) == ORDER[1:]
    between = [esper.component_for_entity(entity(table, c), Transform) for c in ("6H", "8D")]
    x = round((between[0].x + between[1].x) / 2)
    drive.drag(drive.center_of(entity(table, "QH")), (x, round(between[0].y)), steps=6)
    drive.settle()
    assert codes(table.hand) == ["5H", "10D", "KH", "6H", "QH", "8D", "10C"]



def test_undo_gives_back_the_hand_in_your_own_order(app):
    """The tester's hand in their own order came back sorted by rank after Undo (README:
    the order you choose is kept through Undo)."""
    import pygame

    table, drive = own_order(app)
    drive.drag(drive.center_of(entity(table, "5H")), pile_centre(table, "5"), steps=6)
    drive.settle()
    assert table.session.moves == ["discard 5H"]
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.settle()
    again = app.scenes.top
    assert again is not table and again.session.moves == []
    assert codes(again.hand) == ORDER and again.sort_mode == "custom"
    again.world.activate()
    xs = [esper.component_for_entity(e, Transform).x for _, e in again.hand]
    assert xs == sorted(xs)
    # a card clicked into the meld zone, then onto its pile, and Undo: the same
    drive.click(drive.center_of(entity(again, "KH")))
    drive.settle()
    drive.click(pile_centre(again, "K"))
    drive.settle()
    assert again.session.moves == ["discard KH"]
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.settle()
    assert codes(app.scenes.top.hand) == ORDER


def test_between_people_each_hand_comes_back_in_its_own_order(app):
    """Between people, Seat 2's hand in their own order came back sorted by rank at their
    next turn, once Seat 1 had played (pt103). Each person's order is their own, kept while
    the screen is with the other."""
    table, drive = start(app, (H, H), [sorted(ORDER), OTHER])
    if table.curtain:
        drive.lift_cover(table)
    arrange(table, drive, ORDER)
    drive.drag(drive.center_of(entity(table, "5H")), pile_centre(table, "5"), steps=6)
    drive.settle(900)
    assert table.viewer == 1 and table.curtain
    drive.lift_cover(table)
    assert table.sort_mode == "rank"  # (Seat 2 never chose an order: theirs is sorted)
    drive.drag(drive.center_of(entity(table, "9S")), pile_centre(table, "9"), steps=6)
    drive.settle(900)
    assert table.viewer == 0
    drive.lift_cover(table)
    mine = [c for c in ORDER if c != "5H"]
    assert codes(table.hand)[:len(mine)] == mine and len(table.hand) == len(mine) + 1
    assert table.sort_mode == "custom"
    xs = [esper.component_for_entity(e, Transform).x for _, e in table.hand]
    assert xs == sorted(xs)


def test_undo_between_people_keeps_each_persons_own_order(app):
    """Undo between people (allowed in Settings) built the table anew: the other person's
    hand in their own order came back sorted by rank, and so, at times, did the hand of the
    person who took their move back (pt104)."""
    import pygame

    app.settings.undo_between_people = True
    theirs = ["AS", "2H", "3H", "5C", "7D", "8S", "9S"]
    table, drive = start(app, (H, H), [sorted(ORDER), sorted(theirs)])
    if table.curtain:
        drive.lift_cover(table)
    arrange(table, drive, ORDER)
    drive.drag(drive.center_of(entity(table, "5H")), pile_centre(table, "5"), steps=6)
    drive.settle(900)
    drive.lift_cover(table)
    assert table.viewer == 1
    mine = ["9S", "AS", "8S", "2H", "7D", "5C", "3H"]  # Seat 2's own order
    arrange(table, drive, mine)
    drive.drag(drive.center_of(entity(table, "7D")), pile_centre(table, "7"), steps=6)
    drive.settle(900)
    drive.lift_cover(table)
    table = app.scenes.top
    assert table.viewer == 0
    drive.drag(drive.center_of(entity(table, "KH")), pile_centre(table, "K"), steps=6)
    drive.settle(900)
    assert app.scenes.top.viewer == 1 and app.scenes.top.curtain
    drive.key(pygame.K_z, pygame.KMOD_CTRL)  # Seat 1 takes their discard back
    drive.settle(900)
    table = app.scenes.top
    if table.curtain:
        drive.lift_cover(table)
    assert table.viewer == 0 and table.sort_mode == "custom"
    first = [c for c in ORDER if c != "5H"]
    assert codes(table.hand)[:len(first)] == first
    drive.drag(drive.center_of(entity(table, "10C")), pile_centre(table, "10"), steps=6)
    drive.settle(900)
    drive.lift_cover(table)
    assert table.viewer == 1 and table.sort_mode == "custom"
    second = [c for c in mine if c != "7D"]
    assert codes(table.hand)[:len(second)] == second
