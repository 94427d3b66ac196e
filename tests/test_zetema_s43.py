"""Zetema, play-testers' findings of session 43: what a seat's panel and the score sheet say
follows the cards the eye follows.

1. A computer's card count grew as its drawn card left the stock (pt148): it grows as the
   card lands in its panel, after a person's move (no lead) as after a computer's. A king or
   queen that a computer's marriage takes from its pile stays there, face up, while the
   computer's panel says "thinking", its pile still counting it; then it flies to the
   marriage pile (it turned face down and flew to the stock at once, and a second one came
   out of the computer's panel).
"""

from __future__ import annotations

import esper
import pygame
import pytest

import scenes.zetema.panels as panels_module
from ecs.components import CardFace, Transform
from game.catalog import Seat
from scenes import theme
from scenes.zetema import words
from scenes.zetema.moves import perform
from scenes.zetema.panels import gliding
from tests.test_marks import record_calls
from tests.test_zetema_marriages import H, start

AI = Seat("ai", "easy")
HANDS = [["3C", "5D", "8H", "9C", "JD", "QC", "4S"],
         ["KS", "6D", "8C", "10H", "JC", "QD", "4C"],
         ["2H", "5H", "7D", "9S", "JS", "KH"]]


def panel_says(app, table, seat: int, monkeypatch) -> tuple[int, str, str]:
    """What ``seat``'s panel draws now: (backs, its count in words, its score)."""
    from game.card_art import card_image
    from tests.test_playtest_s22 import Backs

    canvas = Backs(app.size, card_image("back", 34))
    with monkeypatch.context() as m:
        lines = record_calls(m, panels_module, "blit_line")
        texts: list[tuple[str, int]] = []  # (words, size) of ``theme.text``
        real = theme.text
        m.setattr(theme, "text", lambda string, size, *a, **k: (
            texts.append((string, size)), real(string, size, *a, **k))[1])
        table._draw_opponent(canvas, seat)
    count = next(text for text, _ in lines if "card" in text)
    return canvas.count, count, next(string for string, size in texts if size == 22)


def flying_backs() -> list[int]:
    """The face-down cards on their way from the stock into a panel, still in sight."""
    return [e for e, (face, t) in esper.get_components(CardFace, Transform)
            if face.code == "back" and t.alpha > 0 and gliding(e)]


@pytest.mark.parametrize("mover", ["person", "computer"])
def test_a_seats_drawn_card_counts_in_its_panel_once_it_lands(app, monkeypatch, mover):
    """You discard: Seat 2 draws its seventh card; Seat 2 (a computer) discards: Seat 3
    draws. The panel of the seat drawing shows six backs and "6 cards" while the card flies
    from the stock, seven once it has landed (it said 7 as the card left the stock)."""
    table, drive = start(app, (H, AI, AI), [HANDS[0], HANDS[1][:6], HANDS[2]])
    table.rules.paused = True  # (the computers' moves are played here, as they would be)
    if mover == "person":
        seat = 1
        perform(drive, table, "discard 3C")
    else:
        table.rules.paused = False
        perform(drive, table, "discard 3C")
        drive.settle()
        table.rules.paused = True
        drive.settle()
        seat = 2
        table.rules._apply(f"discard {table.state.hands[1][0]}")
    assert table.state.seat == seat and len(table.state.hands[seat]) == 7
    seen = []  # (a drawn card in sight on its way, backs, words)
    for _ in range(120):
        drive.step()
        table.world.activate()
        backs, count, _score = panel_says(app, table, seat, monkeypatch)
        seen.append((bool(flying_backs()), backs, count))
    flying = [s for s in seen if s[0]]
    assert len(flying) >= 10, seen  # (the card was seen on its way)
    assert all(s[1:] == (6, words.card_count(6)) for s in flying), flying
    landed = max(i for i, s in enumerate(seen) if s[0]) + 1
    assert all(s[1:] == (7, words.card_count(7)) for s in seen[landed:]), seen[landed:]


def test_a_king_or_queen_a_computers_marriage_takes_stays_on_its_pile_until_it_flies(
        app, monkeypatch):
    """Seat 2 marries its K♠ with the Q♠ of the Q pile: while its panel says "thinking"
    the Q♠ lies on its pile, face up, the pile saying 2/5; then that very card flies to the
    marriage pile, the pile saying 1/5."""
    from game.rules import zetema as rules

    table, drive = start(app, (H, AI, AI), HANDS, piles={"Q": ["QH", "QS"]}, to_move=1)
    table.rules.paused = True
    queen = table.piles[rules.QUEEN][-1][1]
    spot = drive.center_of(queen)
    table.rules._apply("meld marriage KS QS@pile")
    header = table.pile_header(rules.QUEEN)[1]
    seen = []  # (in the lead, the queen's place, face up, the Q pile's count drawn)
    for _ in range(90):
        drive.step()
        table.world.activate()
        with monkeypatch.context() as m:
            said = record_calls(m, theme, "blit_text", keep=lambda text, rect: (text, rect))
            table.draw_background(pygame.Surface(app.size))
        count = next(text for text, rect in said if rect.colliderect(header))
        t = esper.component_for_entity(queen, Transform)
        seen.append((table.leading_seat() is not None, (round(t.x), round(t.y)),
                     esper.component_for_entity(queen, CardFace).face_up, count))
    lead = [s for s in seen if s[0]]
    assert len(lead) >= 10
    assert all(s[1:] == (spot, True, words.pile_count(2)) for s in lead), lead
    after = seen[len(lead):]
    assert after[0][3] == words.pile_count(1)  # (it has set off)
    assert any(s[1] != spot for s in after)  # it flew ...
    assert [e for c, e in table.marriage if c == "QS"] == [queen]  # ... onto the marriage pile
    assert esper.component_for_entity(queen, CardFace).face_up
