"""Zetema: a pile clicked on your turn with no card chosen says how a card gets there (it
said nothing); with a card chosen the click still discards it, and on another's turn or
with nothing to say nothing is said."""

from __future__ import annotations

from tests.test_zetema_marriages import AI, H, start
from tests.test_zetema_s20 import HAND, OTHER
from tests.test_zetema_table import pile_centre


def toasts(app) -> list[str]:
    return [t.text for t in app.toasts]


def test_an_empty_pile_clicked_with_nothing_chosen_says_how_to_discard(app):
    table, drive = start(app, (H, AI), [HAND, OTHER])
    app.toasts.clear()
    drive.click(pile_centre(table, "7"))
    assert toasts(app) == ["To discard onto the 7 pile, drag a card of that rank onto it, or "
                           "click the card, then the pile."]
    assert table.session.moves == [] and table.selection == []


def test_with_a_card_chosen_the_pile_click_discards_it(app):
    table, drive = start(app, (H, AI), [HAND, OTHER])
    table.world.activate()
    five = next(e for c, e in table.hand if c == "5H")
    drive.click(drive.center_of(five))
    drive.settle()
    app.toasts.clear()
    drive.click(pile_centre(table, "5"))
    assert table.session.moves == ["discard 5H"]


def test_on_another_seats_turn_a_pile_click_says_nothing_of_the_kind(app):
    table, drive = start(app, (H, AI), [HAND, OTHER], to_move=1)
    app.toasts.clear()
    drive.click(pile_centre(table, "7"))
    assert not any("To discard" in t for t in toasts(app))


def test_a_refusal_goes_once_you_have_moved(app):
    """The tester's refusal ("… goes on its own rank pile") stood over the next turn and
    its zetema banner after the legal discard that followed."""
    table, drive = start(app, (H, AI), [HAND, OTHER])
    table.world.activate()
    five = next(e for c, e in table.hand if c == "5H")
    drive.drag(drive.center_of(five), pile_centre(table, "7"), steps=6)
    drive.settle()
    refused = toasts(app)
    assert refused and "5 pile" in refused[0]
    drive.drag(drive.center_of(five), pile_centre(table, "5"), steps=6)
    assert table.session.moves == ["discard 5H"]
    assert not any(t in toasts(app) for t in refused)
