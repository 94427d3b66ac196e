"""Chắn words that must agree with what the player sees: a hint to draw or pass names the
button to press, in every language; the results screen marks the card the hand won on."""

from __future__ import annotations

import pygame

from game import i18n
from game.totom_art import totom_image
from scenes.chan import panels
from scenes.chan import words as table_words
from scenes.chan.layout import RESULTS_W
from scenes.chan.table import WIN_PAUSE
from scenes.results import ResultsOverlay
from tests.test_chan_replay_end import play_to_the_win, won_on_a_revealed_card
from tests.test_chan_ui import open_table, position


def test_a_hint_to_draw_or_pass_names_the_button():
    for lang in ("en", "fa", "vi"):
        with i18n.speaking(lang):
            for move in ("draw",):
                text = table_words.hint(move, "5M")
                assert table_words.button(move) in text, (lang, text)
                assert text != table_words.hint("u", "5M")


def test_the_hint_shown_on_the_table_names_the_draw_button(app, drive):
    table = open_table(app, drive, position(5, "nocap"))
    assert table.legal() == ["draw"]
    table.show_hint("draw")
    assert table.move_buttons["draw"].label in app.toasts[-1].text


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == \
        pygame.image.tobytes(b, "RGBA")


def test_the_results_frame_the_card_won_on(app, drive):
    table = play_to_the_win(app, drive, won_on_a_revealed_card())
    drive.wait(WIN_PAUSE + 0.1)  # the winning hand lies still a moment first
    drive.settle()
    overlay = app.scenes.top
    assert isinstance(overlay, ResultsOverlay)
    won = table.state.outcome.card
    pairs = [list(p) for p in table.state.outcome.pairs]
    framed = [(g, k) for g, group in enumerate(overlay.groups) for k, image in enumerate(group)
              if not any(same(image, totom_image(c, RESULTS_W)) for c in pairs[g])]
    assert len(framed) == 1  # one card stands out: the card won on, whole (last in its pair)
    g, k = framed[0]
    assert k == len(overlay.groups[g]) - 1 and won in pairs[g]
    assert same(overlay.groups[g][k], panels.framed(totom_image(won, RESULTS_W)))
    assert sorted(len(group) for group in overlay.groups) == sorted(len(p) for p in pairs)


def test_a_dealt_hand_uses_the_width_of_its_zone():
    """Twenty cards used about half the hand's width and a partner showed a strip of some
    20 px; the cards now spread over the zone (closer only when they would not fit)."""
    import random

    from game.layout import load_layout
    from game.rules import chan as rules
    from scenes.chan.layout import group_hand, hand_slots

    rect = load_layout("chan")["hand"].rect
    state = rules.new_game(4, seed=3)
    for seat in range(4):
        cards = list(state.hands[seat])[:19]
        random.Random(seat).shuffle(cards)
        slots = hand_slots(rect, group_hand(cards))
        xs = sorted(x for x, _, _, _ in slots)
        assert xs[-1] - xs[0] >= 0.85 * (rect.width - 20 - 44), seat
        assert min(b - a for a, b in zip(xs, xs[1:])) >= 24, seat
