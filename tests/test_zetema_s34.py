"""Zetema, from a play-tester's findings (session 34): the greyed Meld button says why it
is greyed when clicked or pressed by Enter (it said nothing, pt91)."""

from __future__ import annotations

import pygame

from tests.test_zetema_marriages import AI, H, start


def meld_button(table):
    return next(w for w in table.widgets.widgets if getattr(w, "primary", False))


def test_the_greyed_meld_button_says_why_when_clicked(app):
    table, drive = start(app, (H, AI), [["AS", "2S", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    button = meld_button(table)
    assert not button.enabled
    app.toasts.clear()
    drive.click(button.rect.center)
    drive.settle()
    assert [t.text for t in app.toasts] == [
        "Click cards or drag them here to declare a combination"]
    for code in ("AS", "9D"):
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    app.toasts.clear()
    drive.click(meld_button(table).rect.center)
    drive.settle()
    why = table.selection_meld()[1]
    assert why == "2 cards: not a combination yet"   # (the zone's heading says as much:
    said = [why + ". A combination is six cards in sequence (a straight) or of one suit (a "
            "flush), all five cards of a rank (an assembly), or a king and a queen of one "
            "suit (a marriage)."]                     # the button says what would be one, pt92)
    assert table.selection_meld()[0] is None and [t.text for t in app.toasts] == said
    app.toasts.clear()
    drive.key(pygame.K_RETURN)   # Enter presses the lit button, greyed: the same words
    drive.settle()
    assert [t.text for t in app.toasts] == said
    assert table.session.moves == []


def test_a_hint_says_what_its_move_scores():
    """The hint at the top of the meld zone says what a combination scores, and that a
    discard lays the last card of its rank (a zetema and its points)."""
    from game.rules import zetema as rules
    from scenes.zetema import words

    data = rules.dump(rules.new_game(2, seed=3))
    hand = data["hands"][1]
    stock = data["stock"]
    for code in ("9H", "9D", "9C", "9S"):  # four nines on their pile, the fifth in hand
        for where in (hand, stock):
            if code in where:
                where.remove(code)
                break
    data["piles"]["9"] = ["9H", "9D", "9C", "9S"]
    stock.remove("9S")
    stock.append(hand.pop())   # (a hand holds at most seven)
    hand.append("9S")
    state = rules.load(data)
    assert words.hint("discard 9S", state) == (
        "Hint: discard 9♠ onto the pile of its rank. It is the last of the nines: a zetema, "
        "+5 points.")
    assert words.hint("discard 8S", state) == "Hint: discard 8♠ onto the pile of its rank."
    assert words.hint("meld straightflush 2H 3H 4H 5H 6H 7H", state).endswith(
        "It scores 50 points.")
    assert words.hint("meld marriage KH QH@pile", state).endswith("It scores 10 points.")
