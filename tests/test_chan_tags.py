"""The Chắn table's last-move tags: each inside the box its cards lie in (a gate, shown
pairs), over none of the shown pairs' cards and none of the cards' names, and in colours
none of which is the live card's gold."""

from __future__ import annotations

import random

import pygame

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes import theme
from scenes.chan_table import ChanTable
from tests.test_marks import drawn_box, record_tags

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def checkpoints(seed: int, every: int = 5):
    """Moves of a deal played at random (captures preferred, so that pairs pile up), the
    moves so far every ``every`` moves."""
    rng = random.Random(seed)
    session = Session.new(GameConfig("chan", SEATS, seed, {}))
    while session.result is None:
        moves = rules.legal_moves(session.state)
        takes = [m for m in moves if m.startswith(("chan ", "ca ", "chiu "))]
        session.play(takes[0] if takes and rng.random() < 0.8 else rng.choice(moves))
        if len(session.moves) % every == 0 and session.result is None:
            yield list(session.moves)


def open_at(app, drive, seed: int, moves: list[str]) -> ChanTable:
    session = Session.new(GameConfig("chan", SEATS, seed, {}))
    for move in moves:
        session.play(move)
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    return table


def test_tags_stay_in_their_box_and_off_the_shown_pairs(app, drive, monkeypatch):
    drawn = record_tags(monkeypatch)
    checked = lower_rows = 0
    for seed in (5, 7):
        for moves in checkpoints(seed):
            table = open_at(app, drive, seed, moves)
            boxes = [table.zone(kind, seat) for seat in range(4)
                     for kind in ("gate", "exposed")]
            pairs = [drawn_box(e) for seat in range(4)
                     for _, e in table.sync.entities(f"exposed_{seat}")]
            names = [pygame.Rect(b.x, b.bottom - 18, b.width, 18) for seat in range(4)
                     for b in [drawn_box(e) for _, e in table.sync.entities(f"gate_{seat}")][-1:]]
            tops = {b.top for b in pairs}
            marked = [table.marks._box(m) for marks in table.marks.marks.values() for m in marks]
            lower_rows += sum(1 for b in marked if b is not None and b.top > min(tops, default=0)
                              + 40 and any(b.colliderect(p) for p in pairs))
            drawn.clear()
            table.marks.draw(app.screen, table.mark_keep_clear())
            for tag in drawn:
                checked += 1
                where = (seed, len(moves), tag)
                # in one box, whole (its rounded rim aside)
                assert any(box.inflate(6, 6).contains(tag) for box in boxes), where
                # over no card of the shown pairs (a tag on its own pair's top edge overlaps
                # that pair's rim only, above its characters)
                assert not any(tag.colliderect(p.inflate(0, -12).move(0, 6)) for p in pairs), where
                assert not any(tag.colliderect(n) for n in names), where  # the top card's name
    assert checked > 40 and lower_rows >= 3, (checked, lower_rows)


def test_no_seat_is_marked_in_the_live_cards_gold(app, drive):
    table = open_at(app, drive, 5, next(checkpoints(5)))
    for seat in range(4):
        r, g, b = table.marks.colour(seat)
        gr, gg, gb = theme.GOLD
        assert abs(r - gr) + abs(g - gg) + abs(b - gb) > 90, seat
