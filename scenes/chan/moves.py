"""Chắn moves played as a person would, for tests, the tour and autoplay: by dragging
(the default) or by clicking the card and then its target (``by="click"``)."""

from __future__ import annotations

import random

import pygame

from game.rules import chan as rules
from game.session import Session
from scenes.chan import prompts
from scenes.chan.prompts import partner_of


def perform(drive, table, move: str, by: str = "drag") -> None:
    """Play ``move`` with the mouse: a drag (or two clicks), a click on the stock or a button."""
    verb, *cards = move.split()
    if verb in ("chan", "ca"):
        target = table.hand_entity(partner_of(move))
        start, end = drive.center_of(table.live_entity()), table.grip(target)
    elif verb == "discard":
        start = table.grip(table.hand_entity(cards[0]))
        end = table.zone("gate", prompts.discard_gate(table.state)).center
    elif verb == "draw":
        drive.click(drive.center_of(table.stock_ent))
        return
    else:
        drive.click(table.move_buttons[verb].rect.center)
        return
    if by == "click":
        drive.click(start)
        drive.click(end)
    else:
        drive.drag(start, end, steps=6)


def tour(app, drive):
    """Screens for the tour: the deal, a capture being dragged, mid-deal, a card selected
    for click-to-move (its target lit), the end."""
    from scenes.chan.table import ChanTable

    table = app.scenes.top
    yield "start"
    rng = random.Random(5)
    session = Session.new(table.config)
    while len(session.moves) < 24 and session.result is None:
        moves = rules.legal_moves(session.state)
        if rules.to_move(session.state) == 0 and len(session.moves) > 10:
            if any(m.startswith(("chan", "ca")) for m in moves):
                break
        session.play(rng.choice(moves))
    mid = ChanTable(app, table.config, session)
    app.scenes.reset(mid, transition=None)
    drive.settle(1200)
    captures = [m for m in mid.legal() if m.startswith(("chan ", "ca "))] if mid.mine else []
    if captures:
        target = mid.hand_entity(partner_of(captures[0]))
        drive.press(drive.center_of(mid.live_entity()))
        drive.move(mid.grip(target), steps=8)
        yield "capturing"
        drive.release()
        drive.settle()
    yield "midgame"
    discards = [m for m in mid.legal() if m.startswith("discard ")] if mid.mine else []
    if discards:
        drive.click(mid.grip(mid.hand_entity(discards[0].split()[1])))
        yield "click-to-move"
        drive.key(pygame.K_ESCAPE)
