"""Zetema, play-tester 157's findings of session 44 (the second round).

1. 7♦ in the meld zone, Meld pressed (greyed: "7♦: click its lit pile to discard it, or add
   cards"), then Clear: the card went back to the hand, the message stayed, nothing chosen
   and no pile lit. A message about the chosen cards goes when they are taken back.
"""

from __future__ import annotations

import pygame
import pytest

from scenes.zetema import words
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
