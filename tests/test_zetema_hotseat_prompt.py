"""Zetema between people: while the cover hides the next person's hand, nothing on the
screen depends on that hand. The prompt above the cover read "…or first declare a
combination" or "No combination to declare", telling the person still at the screen
whether the next one held a meld.

Two games differ only in the covered hand (one holds a flush, the other no combination):
after the same hand-over through the real UI, the screens must be the same pixel for
pixel, and so must the buttons and lit drop targets.
"""

from __future__ import annotations

from collections import Counter

import esper
import pygame

from ecs.components import DropTarget
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.rules import zetema as rules
from game.session import Session
from scenes.zetema_table import ZetemaTable, perform

H = Seat("human")
CONFIG = GameConfig("zetema", (H, H), 3, {"double": "S"})
FIRST = ["2D", "3C", "7D", "10H", "QD", "6C", "AH"]
WITH_MELD = ["2S", "4S", "5S", "8S", "9S", "JS", "KH"]  # a flush of spades
WITHOUT = ["2S", "4C", "5S", "8H", "9S", "JD", "KH"]  # no combination


def first_to_play(app, second: list[str]) -> tuple[ZetemaTable, Driver]:
    """Two people, Seat 1 (``FIRST``) to play, its cover lifted; Seat 2 holds ``second``."""
    stock = list((Counter(rules.deck("S")) - Counter(FIRST) - Counter(second)).elements())
    state = rules.load({"players": 2, "dealer": 1, "to_move": 0, "phase": "meld",
                        "hands": [FIRST, second], "stock": stock,
                        "piles": {r: [] for r in rules.RANKS}, "marriage_pile": [],
                        "scores": [0, 0]})
    drive = Driver(app)
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.reset(table, transition=None)
    drive.settle()
    drive.lift_cover(table)  # Seat 1 lifts the cover
    return table, drive


def handed_over(app, second: list[str]):
    """Seat 1 discards 2♦ through the UI; the table, covered for Seat 2; a copy of the
    screen; what the buttons and drop targets show."""
    table, drive = first_to_play(app, second)
    perform(drive, table, "discard 2D")
    drive.settle(900)
    drive.move((5, 5))  # the pointer away from everything
    drive.step(10)
    table.world.activate()
    buttons = [(w.label, w.enabled) for w in table.widgets.widgets]
    targets = sorted((d.name, d.active, d.valid) for _, d in esper.get_component(DropTarget))
    return table, app.screen.copy(), buttons, targets


def test_nothing_above_the_cover_depends_on_the_hidden_hand(app):
    table, meld_screen, meld_buttons, meld_targets = handed_over(app, WITH_MELD)
    assert table.curtain and table.viewer == 1
    assert any(m.startswith("meld ") for m in table.legal())  # the covered hand has one
    assert table.meld_prompt() == "Seat 2 to play"
    table, plain_screen, plain_buttons, plain_targets = handed_over(app, WITHOUT)
    assert table.curtain and table.viewer == 1
    assert not any(m.startswith("meld ") for m in table.legal())
    assert table.meld_prompt() == "Seat 2 to play"
    assert meld_buttons == plain_buttons
    assert not any(label == "Meld" for label, _ in meld_buttons)
    assert meld_targets == plain_targets
    differ = [(x, y) for x in range(0, meld_screen.get_width(), 2)
              for y in range(0, meld_screen.get_height(), 2)
              if meld_screen.get_at((x, y)) != plain_screen.get_at((x, y))]
    where = pygame.Rect(differ[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in differ]) \
        if differ else None
    assert not differ, f"the screens differ in {where}"


def test_above_the_next_cover_the_line_tells_the_move_still_landing(app):
    """Seat 1 discarded and the cover came up for Seat 2 at once: while the card flew, the
    line above it said "Seat 1 to play" (the last person named as the one to play, over
    "Seat 2: click here to see your cards"). It tells the move until it has landed, then
    names Seat 2."""
    from game.words.zetema import pile_card
    from scenes.zetema.panels import gliding

    table, drive = first_to_play(app, WITHOUT)
    perform(drive, table, "discard 2D")
    said = []
    for _ in range(200):
        table.world.activate()
        flying = any(c == "2D" and gliding(e) for c, e in table.piles[rules.CARD_RANK["2D"]])
        if table.curtain:
            said.append((flying, table.meld_prompt().replace("\u00a0", " ")))
        if said and not flying and not table.animating:
            break
        drive.step()
    told = f"Seat 1 discarded {pile_card('2D')}"
    assert {line for up, line in said if up} == {told}, said
    assert said[-1] == (False, "Seat 2 to play")
