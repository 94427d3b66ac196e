"""Telefunken moves played as a person would, for tests, the tour and autoplay: clicks on
cards, drags onto the pile, the table or a meld, the cut dragged along the pack, and the
action buttons (found by their label in the current language)."""

from __future__ import annotations

import random

import esper

from ecs.components import Transform
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken import words
from scenes.telefunken.layout import HAND_W
from scenes.telefunken.legal_index import meld_cards


def grip(table, ent: int) -> tuple[float, float]:
    """A point on the uncovered part of a hand card (its left strip)."""
    t = esper.component_for_entity(ent, Transform)
    return t.x - HAND_W / 2 + 8, t.y + t.dy


def press(drive, table, key: str) -> None:
    """Click the action button ``key`` (``words.BUTTONS``), once it takes clicks (an offer's
    button that has just come ignores them a moment: ``table.QuietButton``)."""
    label = words.button(key)
    button = next(w for w in table.widgets.widgets if getattr(w, "label", "") == label)
    for _ in range(120):  # (a button made again meanwhile keeps its quiet)
        if getattr(button, "quiet", lambda: 0.0)() <= 0:
            break
        drive.wait(button.quiet())
        button = next(w for w in table.widgets.widgets if getattr(w, "label", "") == label)
    drive.click(button.rect.center)


def perform(drive, table, move: str) -> None:
    """Play ``move`` as a person would: clicks, drags and the action buttons."""
    parts = move.split()
    verb = parts[0]
    if verb == "cut":
        choices = table.cut_choices()
        strip = table.cut_strip()
        index = choices.index(int(parts[1]))
        x = strip.x + strip.width * index / max(1, len(choices) - 1)
        drive.drag((strip.x + 2, strip.centery), (x, strip.centery), steps=6)
        return
    if verb == "draw":
        drive.click(drive.center_of(table.stock_ent))
        return
    if verb in ("take", "buy", "pass"):
        press(drive, table, verb)
        return
    if verb == "discard":
        ent = next(e for c, e in table.sync.entities("hand") if c == parts[1])
        drive.drag(grip(table, ent), table.layout["discard"].rect.center, steps=6)
        return
    cards = {"meld": meld_cards(move), "exchange": parts[1:],
             "add": parts[1:parts.index("to")] if "to" in parts else [],
             "swap": parts[1:2], "free": parts[3:]}[verb]
    table.clear_selection()
    drive.settle()
    for code in cards:
        ent = next(e for c, e in table.sync.entities("hand") if c == code)
        drive.click(grip(table, ent))
        drive.settle()
    if verb in ("meld", "exchange"):
        press(drive, table, verb)
        return
    meld = int(parts[parts.index("to") + 1]) if verb == "add" else int(
        parts[3] if verb == "swap" else parts[1])
    rect = table._meld_rects[meld]
    x = rect.x + 8 if move.endswith("low") else rect.right - 8
    if verb == "free" or (verb == "add" and any(m.startswith(f"free {meld} ")
                                                 for m in table.legal())):
        # (on a set's joker, where it shows, the cards free it; elsewhere they join it)
        wanted = verb == "free"
        spots = [x] + list(range(rect.x + 2, rect.right - 1, 3))
        x = next((at for at in spots if (table.meld_card_at(meld, at) == rules.JOKER)
                  == wanted), x)
    ent = table.sync.entities("build")[0][1]
    drive.drag(drive.center_of(ent), (x, rect.centery), steps=6)


def tour(app, drive):
    """Screens for the tour: the cut, a deal under way, melds on the table, cards selected."""
    from scenes.telefunken.table import TelefunkenTable

    table = app.scenes.top
    yield "start"
    rng = random.Random(2)
    session = Session.new(table.config)
    while len(session.moves) < 400 and session.result is None:
        moves = rules.legal_moves(session.state)
        meld_moves = [m for m in moves if m.startswith(("meld", "add"))]
        session.play(rng.choice(meld_moves or [m for m in moves if not m.startswith("exchange")]
                                or moves))
        if (len(session.state.melds) >= 4 and rules.to_move(session.state) == 0
                and session.state.phase == "play"):
            break
    mid = TelefunkenTable(app, table.config, session)
    app.scenes.reset(mid, transition=None)
    drive.settle(1200)
    yield "melds_on_the_table"
    mid.sort("suit")
    drive.settle()
    hand = mid.sync.entities("hand")
    if hand and mid.mine:
        drive.click(grip(mid, hand[0][1]))
        drive.click(grip(mid, hand[1][1]))
        drive.settle()
        yield "cards_selected"
