"""Every Chắn card in a fan shows its whole name where it is printed, at its foot: the next
card of a fan covers the right part of a card, and the name, centred in the art, was cut
there ("Nh / Sác") in the hand, the gates, the pairs shown, a winning hand and the results."""

from __future__ import annotations

import random

import esper
import pygame

from ecs.components import Sprite
from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes.chan.table import WIN_PAUSE, ChanTable
from scenes.results import ResultsOverlay
from tests.test_chan_win_view import open_at_win

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def name_box(image: pygame.Surface) -> pygame.Rect:
    """Where the card's name is inked on ``image``: what differs from the paper of each row
    (read in the card's plain middle) in the name's rows, within the inner frame."""
    w, h = image.get_size()
    paper_x = round(w * 76 / 96)
    xs, ys = [], []
    for y in range(round(h * 244 / 300), round(h * 290 / 300)):
        paper = image.get_at((paper_x, y))
        for x in range(round(w * 9 / 96), round(w * 78 / 96)):
            p = image.get_at((x, y))
            if sum(abs(p[i] - paper[i]) for i in range(3)) > 90:
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def cut_names(table: ChanTable, zone: str) -> list[str]:
    """The cards of ``zone`` whose name the cards above them (later in the zone) cover."""
    cards = table.sync.entities(zone)
    out = []
    for i, (code, ent) in enumerate(cards):
        image = esper.component_for_entity(ent, Sprite).image
        rect = table._card_rect(ent, table._width(zone))
        box = name_box(image).move(rect.topleft)
        if any(box.colliderect(table._card_rect(e, table._width(zone))) for _, e in cards[i + 1:]):
            out.append(code)
    return out


def played(seed: int, count: int) -> Session:
    """A deal played at random (captures first, never Ù) for ``count`` moves."""
    rng = random.Random(seed)
    session = Session.new(GameConfig("chan", SEATS, seed, {}))
    while session.result is None and len(session.moves) < count:
        moves = [m for m in rules.legal_moves(session.state) if m != "u"]
        session.play(rng.choice([m for m in moves if m.startswith(("chan", "ca"))] or moves))
    return session


def test_no_name_is_cut_in_the_hand_the_gates_or_the_pairs_shown(app, drive):
    seen = 0
    for seed, count in ((3, 0), (3, 40), (7, 30), (11, 50)):
        session = played(seed, count)
        table = ChanTable(app, session.config, session)
        app.scenes.reset(table, transition=None)
        drive.settle(1200)
        for mode in ("pairs", "rank", "suit"):
            while table.mode != mode:
                table.regroup()
            drive.settle(600)
            for zone in list(table.sync.zones):
                assert cut_names(table, zone) == [], (seed, count, mode, zone)
                seen += len(table.sync.entities(zone))
    assert seen > 200


def test_no_name_is_cut_in_a_winning_hand_nor_on_the_results(app, drive):
    table = open_at_win(app, drive)
    assert len(table.sync.entities("win")) == 20
    assert cut_names(table, "win") == []
    drive.wait(WIN_PAUSE + 0.1)
    drive.settle()
    overlay = app.scenes.top
    assert isinstance(overlay, ResultsOverlay)
    for group in overlay.groups:  # each card 0.6 of its width from the one before
        for image in group[:-1]:
            assert name_box(image).right <= round(image.get_width() * 0.6)
