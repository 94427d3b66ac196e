"""Zetema moves played as a person would, for tests, the tour and autoplay: a discard by a
drag onto its pile (or by clicking the card then its pile, ``by="click"``), a meld by
clicking its cards (dragging a king or queen out of its pile) and pressing Meld."""

from __future__ import annotations

import random

import esper

from ecs.components import Sprite
from game.rules import zetema as rules
from game.session import Session
from scenes.zetema.layout import PILE_STEP


def perform(drive, table, move: str, by: str = "drag") -> None:
    """Play ``move`` the way a person would: clicks and the Meld button, or a drag."""
    parts = move.split()
    if parts[0] == "discard":
        code = parts[1]
        ent = next(e for c, e in table.hand + table.selection if c == code)
        pile = table.layout[f"pile_{code[:-1]}"].rect.center
        if by == "click" and table.state.phase == "discard":
            drive.click(drive.center_of(ent))
            drive.click(pile)
        else:
            drive.drag(drive.center_of(ent), pile, steps=6)
        return
    table.clear_selection()
    drive.settle()
    for token in parts[2:]:
        if token.endswith(rules.PILE):
            code = token.removesuffix(rules.PILE)
            pile = table.piles[rules.CARD_RANK[code]]
            ent = next(e for c, e in reversed(pile) if c == code)
            x, y = drive.center_of(ent)
            top = y - esper.component_for_entity(ent, Sprite).image.get_height() / 2
            drive.drag((x, top + PILE_STEP / 2), table.layout["meld"].rect.center, steps=6)
        else:
            ent = next(e for c, e in table.hand if c == token)
            drive.click(drive.center_of(ent))
        drive.settle()
    button = next(w for w in table.widgets.widgets if w.on_click == table.confirm_meld)
    drive.click(button.rect.center)


def tour(app, drive):
    """Screens for the tour: the opening, a selection being named, mid-game, the end."""
    from scenes.zetema.table import ZetemaTable

    table = app.scenes.top
    yield "start"
    melds = [m for m in table.legal() if m.startswith("meld")]
    if melds and table.rules.human_to_move():
        for token in melds[0].split()[2:]:
            ent = next((e for c, e in table.hand if c == token), None)
            if ent is not None:
                drive.click(drive.center_of(ent))
        drive.settle()
        yield "meld_selected"
        table.clear_selection()
    rng = random.Random(8)
    session = Session.new(table.config)
    while len(session.moves) < 40 and session.result is None:
        moves = rules.legal_moves(session.state)
        session.play(rng.choice([m for m in moves if m.startswith("meld")] or moves))
    mid = ZetemaTable(app, table.config, session)
    app.scenes.reset(mid, transition=None)
    drive.settle(1200)
    if mid.rules.human_to_move():
        code, ent = mid.hand[0]
        drive.press(drive.center_of(ent))
        pile = mid.layout[f"pile_{code[:-1]}"].rect.center
        drive.move(pile, steps=8)
        yield "dragging_to_pile"
        drive.release()
        drive.settle()
    else:
        yield "midgame"
