"""On the results of a Chắn win, the label naming a card of the winning pairs stands next to
its card, over neither the other cards (where it read as naming them) nor the score lines and
the table's words (it slid sideways onto the Score line or over the feet of other pairs,
pt153): the results leave room for it under the cards."""

from __future__ import annotations

import pytest

from scenes.results import ResultsOverlay
from tests.test_chan_playtest_s18 import open_at
from tests.test_chan_tags_s19 import ONE_PERSON, play


@pytest.mark.parametrize("window", [(1280, 720), (960, 540)])
def test_a_winning_card_s_label_keeps_clear_of_words_and_other_cards(app, drive, window):
    assert app.set_window_size(window)
    session = next(s for seed in range(1, 40) for s in play(seed, ONE_PERSON)
                   if s.result is not None and s.result.get("winner") is not None)
    open_at(app, drive, session, settle=False)
    assert drive.step_until(lambda: isinstance(app.scenes.top, ResultsOverlay), 3000)
    results = app.scenes.top
    drive.settle()
    cards = results._group_cards()
    checked = 0
    for i, (rect, name) in enumerate(cards):
        if name is None:
            continue
        drive.move(rect.center)
        drive.step(2)
        box = results._draw_card_name(app.screen)
        assert box is not None, i
        others = [r for j, (r, _name) in enumerate(cards) if j != i]
        assert box.collidelist(results.keep_clear()) < 0, (i, box)  # (words, buttons)
        assert box.collidelist(others) < 0, (i, box)
        assert not box.colliderect(rect)
        near = rect.inflate(2 * box.width + 20, 2 * box.height + 20)  # (next to its card)
        assert near.contains(box), (i, box, rect)
        checked += 1
    assert checked == 20
