"""A Chắn last-move tag stays put while cards fly past it (pt147): a new pair's tag jumped to
its card's foot and back, for a third of a second, over that card's name, as a discard flew
by. Tags keep clear of the cards at rest, not of those on their way: through a game between
computers, no tag leaves its place and comes back to it while its outline stays the same."""

from __future__ import annotations

from scenes.chan.tags import ChanMarks
from tests.test_chan_tag_memo import play_by_computers

SEED = 202  # (the play-tester's seed: the bounce came at every computer's new pair)


def test_no_tag_steps_aside_and_back_for_a_card_flying_past(app, drive, monkeypatch):
    placed = ChanMarks._placed
    frame = [0]
    history: dict[tuple, list[tuple[int, tuple]]] = {}

    def watched(self, label, box, edge, bounds):
        spot = placed(self, label, box, edge, bounds)
        seen = history.setdefault(label, [])
        if not seen or seen[-1][1] != (tuple(box), tuple(spot)):
            seen.append((frame[0], (tuple(box), tuple(spot))))
        return spot

    monkeypatch.setattr(ChanMarks, "_placed", watched)

    def next_frame(i: int, _table) -> None:
        frame[0] = i + 1

    table = play_by_computers(app, drive, SEED, 1500, next_frame)
    assert len(table.session.moves) >= 8 and history
    back_and_forth = []
    for key, seen in history.items():
        for (f0, a), (_f1, b), (f2, c) in zip(seen, seen[1:], seen[2:]):
            # (the same outline throughout, the tag aside and back within 40 frames)
            if a == c and a[0] == b[0] and f2 - f0 < 40:
                back_and_forth.append((key, f0, f2))
    assert back_and_forth == []
