"""The results overlay, from play-testing and profiling:

- the label naming a card of Chắn's winning pairs stood above the card, over the "Score: …"
  line: it keeps clear of the results' words (title, score lines, table), the move list and
  the buttons wherever it can;
- a pointer already resting on a card when the results open has the card named from the
  first frame (it was named only at the first move);
- the frame opening the results laid out and rendered all their words (13-25 ms, the others
  3-7): the overlay makes them before that frame (``prepare``, called as it is pushed), and
  the first frame renders and measures none."""

from __future__ import annotations

import pygame
import pytest

from game.words.chan import card as card_name
from scenes import theme
from scenes.chan.table import WIN_PAUSE
from scenes.crisp import CRISP
from scenes.results import ResultsOverlay
from tests.test_chan_card_names_small import ALL_NAMES, pair_cards, results_at_win
from tests.test_chan_win_view import open_at_win


class Blits:
    """The words drawn (through ``scenes.crisp``, as every word of the results is) while
    the spy is on: (text, box)."""

    def __init__(self, monkeypatch) -> None:
        self.items: list[tuple[str, pygame.Rect]] = []
        self.on = False
        real = CRISP.blit

        def spy(surface, image, rect, key):
            if self.on:
                self.items.append((key[0], pygame.Rect(rect)))
            return real(surface, image, rect, key)

        monkeypatch.setattr(CRISP, "blit", spy)


def static_words(overlay: ResultsOverlay, blits: Blits, surface: pygame.Surface
                 ) -> list[tuple[str, pygame.Rect]]:
    """The words of the results' picture (all but the buttons and the label), drawn afresh."""
    blits.items.clear()
    blits.on = True
    try:
        overlay._draw_static(surface)
    finally:
        blits.on = False
    return list(blits.items)


@pytest.mark.parametrize("window", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_cards_label_covers_none_of_the_results_words(app, drive, monkeypatch, window):
    table, overlay = results_at_win(app, drive)
    assert app.set_window_size(window)
    drive.step(2)
    blits = Blits(monkeypatch)
    words = static_words(overlay, blits, app.screen.copy())
    assert any(text.startswith("Score") for text, _box in words)  # (the line it covered)
    assert len(words) > 20  # titles, table and move list
    for code, box in pair_cards(table, overlay):
        drive.move((box.x + 4, box.centery), steps=2)  # its strip the next card leaves
        shown = app.screen.copy()
        label = overlay._draw_card_name(shown)
        assert label is not None
        covered = [text for text, rect in words if label.colliderect(rect)]
        assert covered == [], (card_name(code), covered)
        assert not label.colliderect(overlay.log_rect)
        assert not any(label.colliderect(w.rect) for w in overlay.widgets.widgets)
        assert not label.colliderect(box) and shown.get_rect().contains(label)


def test_a_card_under_a_resting_pointer_is_named_on_the_results_first_frame(app, drive,
                                                                          monkeypatch):
    assert app.set_window_size((960, 540))
    table = open_at_win(app, drive)
    header, rows = table.with_sitting(*table.result_summary()[2:4])
    probe = ResultsOverlay(app, "", "", header, rows, lambda: None, lambda: None,
                           groups=table.result_groups())  # laid out as the results will be
    box, _name = probe._group_cards()[5]
    drive.move((box.x + 4, box.centery), steps=2)  # then the pointer rests there
    written: list[str] = []
    drawing = [False]
    real_text, real_draw = theme.blit_text, ResultsOverlay.draw

    def text_spy(surface, text, *args, **kwargs):
        if drawing[0]:
            written.append(text)
        return real_text(surface, text, *args, **kwargs)

    def draw_spy(self, surface):
        drawing[0] = True
        try:
            real_draw(self, surface)
        finally:
            drawing[0] = False

    monkeypatch.setattr(theme, "blit_text", text_spy)
    monkeypatch.setattr(ResultsOverlay, "draw", draw_spy)
    frames = 0
    while not isinstance(app.scenes.top, ResultsOverlay):
        assert frames < 2 * 60 * WIN_PAUSE
        written.clear()
        drive.step()
        frames += 1
    overlay = app.scenes.top
    name = [name for pair in overlay.card_names for name in pair][5]
    assert [text for text in written if text in ALL_NAMES] == [name]


def test_the_first_frame_renders_and_measures_no_words(app, drive, monkeypatch):
    """Words no frame has drawn yet (so none is in the theme's caches): pushing the results
    lays them out; their first frame only blits them."""
    log = [f"Seat {n % 4 + 1} played the card numbered {n} of a rather long game"
           for n in range(1, 61)]
    overlay = ResultsOverlay(app, "Seat 3 wins by eleven", "Score: a unique eleven points",
                             ["Player", "Points unique"], [[f"Seat {n} (unique)", str(n * 7)]
                                                           for n in range(1, 5)],
                             lambda: None, lambda: None, highlight_row=2, log=log,
                             on_replay=lambda: None)
    app.scenes.push(overlay, transition="fade")
    made: list[tuple] = []
    real_store, real_remember = theme._store, theme._remember
    monkeypatch.setattr(theme, "_store", lambda key, surf: (made.append(key),
                                                            real_store(key, surf)))
    monkeypatch.setattr(theme, "_remember", lambda key, value: (made.append(key),
                                                                real_remember(key, value)))
    blits = Blits(monkeypatch)
    real_draw = overlay.draw

    def draw(surface):
        blits.on = True
        try:
            real_draw(surface)
        finally:
            blits.on = False

    overlay.draw = draw
    drive.step()  # the first frame of the results (fading in)
    assert app.scenes.transition is not None
    drawn = [text for text, _box in blits.items]
    assert "Seat 3 wins by eleven" in drawn and "Seat 4 (unique)" in drawn
    assert any("numbered 60 " in text for text in drawn)  # the last entry, in view
    assert made == []


def test_a_table_makes_lays_out_draws_and_opens_its_results_on_four_frames(app, drive,
                                                                            monkeypatch):
    """The frame that opened the results also made them (the log wrapped), laid out their
    words and made their veil and panel, and drew the table beneath twice (once for the
    fade's picture of the old frame, once as the scene under the results): 30-50 ms where
    the others cost 3-7 (22-28 ms still with three frames, on a loaded machine). The table
    makes them on one frame, lays them out on the next, draws them once off screen on a
    third and opens them on a fourth, which lays out nothing and draws the table once."""
    from scenes.chan.table import ChanTable

    frame = [0]
    seen: dict[str, list[int]] = {"made": [], "laid out": [], "prepared": [], "table": []}
    real_step, real_wrap, real_table = app.step, ResultsOverlay._wrap_log, \
        ResultsOverlay._lay_out_table
    real_prepare, real_draw = ResultsOverlay.prepare, ChanTable.draw_frame

    def step(dt):
        frame[0] += 1
        return real_step(dt)

    def wrap(self):
        seen["made"].append(frame[0])
        return real_wrap(self)

    def lay_out(self):
        seen["laid out"].append(frame[0])
        return real_table(self)

    def prepare(self, surface):
        seen["prepared"].append(frame[0])
        return real_prepare(self, surface)

    def draw_frame(self, surface):
        seen["table"].append(frame[0])
        return real_draw(self, surface)

    monkeypatch.setattr(app, "step", step)
    monkeypatch.setattr(ResultsOverlay, "_wrap_log", wrap)
    monkeypatch.setattr(ResultsOverlay, "_lay_out_table", lay_out)
    monkeypatch.setattr(ResultsOverlay, "prepare", prepare)
    monkeypatch.setattr(ChanTable, "draw_frame", draw_frame)
    open_at_win(app, drive)
    opened = None
    for _ in range(round(3 * 60 * WIN_PAUSE)):
        drive.step()
        if isinstance(app.scenes.top, ResultsOverlay):
            opened = frame[0]
            break
    assert opened is not None
    assert len(seen["made"]) == 1 and len(seen["laid out"]) == 1
    made, laid_out = seen["made"][0], seen["laid out"][0]
    assert made < laid_out < seen["prepared"][0] < opened
    assert seen["prepared"] == [seen["prepared"][0], opened]  # the second: its caches warm
    assert seen["table"].count(opened) == 1
    drive.settle()  # the fade over, the table beneath is drawn again, no longer the top
    assert seen["table"].count(frame[0]) in (0, 1) and max(seen["table"]) > opened


def test_a_chan_wins_score_stays_under_features_that_wrap(app):
    """A win with Ù chì, Tôm ×2, Lèo ×2, Thiên khai, Tám đỏ and Thập thành: its features took
    two lines under the title and the score's arithmetic, the third, was not shown. The
    subtitle may take three smaller lines; all of them stand above the table's header."""
    from scenes.chan import panels
    from scenes.results import ResultsOverlay

    features = ["Ù chì", "Tôm", "Tôm", "Lèo", "Lèo", "Thiên khai", "Tám đỏ", "Thập thành"]
    subtitle = panels.feature_words(features) + "\n" + panels.score_words(features, 46)
    overlay = ResultsOverlay(app, "You win — Ù!", subtitle, ["Seat", "Points"],
                             [["You", "+138"]], lambda: None, lambda: None)
    app.scenes.push(overlay, transition=None)
    table = overlay.table_rect
    said = [(drawn[0], box) for drawn, box in overlay._lay_out_table()[0]]
    scores = [box for text, box in said if text.startswith("Score:")]
    assert scores, [text for text, _ in said]
    assert scores[0].bottom <= table.y + 132  # (the header's row starts there)
