"""Zetema, play-tester 157's findings of session 44 (the second round).

1. 7♦ in the meld zone, Meld pressed (greyed: "7♦: click its lit pile to discard it, or add
   cards"), then Clear: the card went back to the hand, the message stayed, nothing chosen
   and no pile lit. A message about the chosen cards goes when they are taken back.
2. Clicks during a computer's turn: "Wait for your turn." on a card of the hand, nothing on
   the slot a discarded card left (the hand keeps its slots while the pointer is over it),
   between two cards or on the stock. Which of these the play-tester's clicks hit depended
   on the window's size; each says "Wait for your turn." now.
"""

from __future__ import annotations

import pygame
import pytest

from ecs.components import CardFace, Sprite, Transform
from ecs.input import entity_rect
from scenes.zetema import words
from scenes.zetema.moves import perform
from tests.test_zetema_marriages import AI, H, start

QUIET = ["3C", "4D", "5H", "6S", "7D", "9C", "JH"]  # (no combination: one card to discard)


def button(table, label):
    return next(w for w in table.widgets.widgets if getattr(w, "label", None) == label)


@pytest.mark.parametrize("how", ["clear", "esc", "felt", "card"])
def test_a_message_about_the_chosen_cards_goes_when_they_are_taken_back(app, how):
    """7♦ chosen, Meld pressed (greyed): its message says what to do with the 7♦. The card
    taken back (Clear, Esc, a click on the felt, a click on the card), the message goes
    with it (it stayed, about a card no longer chosen)."""
    table, drive = start(app, (H, AI), [QUIET, ["7H", "3H", "5C", "8S", "9S", "JS", "2H"]])
    table.world.activate()
    seven = next(e for c, e in table.hand if c == "7D")
    drive.click(drive.center_of(seven))
    drive.step(3)
    table.world.activate()
    drive.click(button(table, words.meld_button()).rect.center)
    drive.step(2)
    said = table.selection_meld()[1]
    assert said.startswith(words.card("7D"))
    assert [t.text for t in app.toasts] == [said]
    table.world.activate()
    if how == "clear":
        drive.click(button(table, words.clear_button()).rect.center)
    elif how == "esc":
        drive.key(pygame.K_ESCAPE)
    elif how == "felt":
        drive.click((table.layout["sheet"].rect.centerx, 50))
    else:
        drive.click(drive.center_of(seven))
    drive.step(2)
    table.world.activate()
    assert table.selection == []
    assert [t.text for t in app.toasts] == []


def on_no_card(table, rect):
    """A point of ``rect`` on no card (the hand's panel beside its cards)."""
    import esper

    boxes = [pygame.Rect(*(round(v) for v in entity_rect(t, s)))
             for _, (_, t, s) in esper.get_components(CardFace, Transform, Sprite)]
    for x in range(rect.x + 4, rect.right - 4, 3):
        point = (x, rect.y + 120)
        if not any(box.collidepoint(point) for box in boxes):
            return point
    raise AssertionError("no room")


@pytest.mark.parametrize("where", ["card", "slot", "beside", "stock"])
def test_a_click_during_a_computers_turn_says_to_wait(app, where):
    """You discard the 3♣ and Seat 2 thinks: a click on a card of your hand, on the slot the
    3♣ left, beside your cards, or on the stock says "Wait for your turn." (only a card of
    the hand said it: what the click hit depended on the window's size)."""
    table, drive = start(app, (H, AI, AI), [QUIET, ["7H", "3H", "5C", "8S", "9S", "JS", "2H"],
                                            ["2C", "3D", "6C", "8D", "9H", "JC", "2D"]])
    table.world.activate()
    three = next(e for c, e in table.hand if c == "3C")
    spot = drive.center_of(three)
    table.rules.paused = True  # (Seat 2 thinks as long as it takes)
    drive.click(spot)  # (into the meld zone; the hand keeps its slots)
    drive.step(3)
    table.world.activate()
    perform(drive, table, "discard 3C")
    drive.settle()
    table.world.activate()
    assert table.rules.to_move == 1
    app.toasts = []
    hand = table.layout["hand"].rect
    point = {"card": lambda: drive.center_of(table.hand[-1][1]), "slot": lambda: spot,
             "beside": lambda: on_no_card(table, hand),
             "stock": lambda: table.layout["stock"].rect.center}[where]()
    drive.move(point)
    drive.click(point)
    drive.step(2)
    assert [t.text for t in app.toasts] == [words.wait_your_turn() + "."]
    assert not any(t.error for t in app.toasts)  # (said quietly)
