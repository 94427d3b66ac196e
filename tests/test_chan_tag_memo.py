"""The Chắn table remembers where each last-move tag stands (``ChanMarks._placed``) and works
it out again only when something near it changed: frame by frame through a game between
computers at normal speed (cards flying past the tags, new tags beside the old, the pointer
wandering over the table), every remembered place is the one worked out afresh, and most
frames' tags are remembered ones (worked out every frame, the four tags cost 1-2.5 ms of a
frame).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.catalog import GameConfig, Seat
from scenes.chan.tags import ChanMarks
from scenes.chan_table import ChanTable

COMPUTERS = (Seat("ai", "easy"),) * 4


def play_by_computers(app, drive, seed: int, frames: int,
                      each: Callable[[int, ChanTable], None] = lambda i, table: None
                      ) -> ChanTable:
    """A Chắn deal between four computers (easy) at normal speed, frame by frame, the pointer
    wandering over the table (every frame drawn): ``each(i, table)`` after frame ``i``, until the
    deal ends or ``frames`` have run. Returns the table."""
    table = ChanTable(app, GameConfig("chan", COMPUTERS, seed, {}))
    app.scenes.reset(table, transition=None)
    for i in range(frames):
        x = 640 + 500 * math.cos(i / 70)
        y = 400 + 250 * math.sin(i / 45)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),
                                             rel=(1, 1), buttons=(0, 0, 0)))
        drive.step()
        if table.session.result is not None:
            break
        each(i, table)
    return table


def test_remembered_tag_places_are_the_ones_worked_out_afresh(app, drive, monkeypatch):
    placed = ChanMarks._placed
    checked, remembered = [], []

    def compared(self, label, box, edge, bounds):
        known = len(self._chosen_memo), len(self._spots_memo)
        got = placed(self, label, box, edge, bounds)
        if (len(self._chosen_memo), len(self._spots_memo)) == known:
            remembered.append(label)
        kept = self._spots_memo, self._chosen_memo
        self._spots_memo, self._chosen_memo = {}, {}
        try:
            fresh = placed(self, label, box, edge, bounds)
        finally:
            self._spots_memo, self._chosen_memo = kept
        assert got == fresh, (label, box, got, fresh)
        checked.append(label)
        return got

    monkeypatch.setattr(ChanMarks, "_placed", compared)
    table = play_by_computers(app, drive, 5, 1500)  # (about 25 s of play: a dozen moves and
    # more)
    assert len(table.session.moves) >= 10
    assert len(set(checked)) >= 3  # several seats' tags were placed
    assert len(remembered) > len(checked) // 2  # and most places came from memory
