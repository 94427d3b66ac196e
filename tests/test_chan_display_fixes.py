"""Two things play-testing saw at the Chắn table: the winning hand's cards showed their backs
a moment (a computer's hidden cards lay face down on the stock's place, then turned over)
before the row across the middle spread; and a long refusal stood over the side seats'
gates."""

from __future__ import annotations

import string

import esper
import pygame
import pytest

from ecs.components import CardFace, Sprite, Transform
from game import i18n
from game.app import SIZE, TOAST_WIDEST, Toast, toast_lines
from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.words.chan import card, rank
from scenes import theme
from scenes.chan import words as chan_words
from scenes.chan.table import ChanTable
from tests.test_chan_win_view import before_a_computers_win

# -- the winning hand, face up from its first frame -------------------------------------------


def backs_drawn(table: ChanTable) -> list[str]:
    """The cards of the winning hand the frame just drawn showed face down (their back
    image, at any width of a flip), as the render system drew them."""
    out = []
    for code, ent in table.sync.entities("win"):
        entry = table.render._memo.get(ent)  # (what it was drawn with: image, place...)
        if (entry is None or entry[1] is None or not esper.component_for_entity(ent, Sprite).visible
                or esper.component_for_entity(ent, Transform).alpha <= 0):
            continue
        if entry[0][0] is esper.component_for_entity(ent, CardFace).back:
            out.append(code)
    return out


@pytest.mark.parametrize("how", ["stock", "own"])
def test_a_computers_winning_hand_never_shows_its_backs(app, drive, how):
    """Frame by frame from the computer's Ù until the row lies still: no card of the
    winning hand is drawn face down (they lay face down on the stock, then turned over)."""
    try:
        session = before_a_computers_win(how)
    except AssertionError:
        pytest.skip(f"no computer's win {how!r} came in the seeds tried")
    winner = rules.to_move(session.state)
    hidden = len(session.state.hands[winner])  # cards that come out of its hidden hand
    assert hidden > len([c for g in session.state.exposed[winner] for c in g])
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    frames: list[list[str]] = []
    original = table.render.draw

    def spy(surface, *args, **kwargs):
        original(surface, *args, **kwargs)
        if table.won:
            frames.append(backs_drawn(table))

    table.render.draw = spy
    for _ in range(600):
        drive.step()
        if table.won and not table.animating:
            break
    assert table.won and not table.animating
    assert len(frames) > 10  # (the cards' way from the winner to the row, frame by frame)
    assert rules.result(table.state)["winner"] == winner
    assert [f for f in frames if f] == []
    win = table.sync.entities("win")
    assert len(win) == 20 and all(
        esper.component_for_entity(e, CardFace).face_up for _, e in win)


# -- refusals between the side seats' gates ---------------------------------------------------


class Longest(string.Formatter):
    """Fills every field of a message with the widest card name, {rank} with the widest
    rank word."""

    def get_value(self, key, args, kwargs):
        if key in kwargs:
            return kwargs[key]
        return max((card(f) for f in rules.FACES), key=lambda s: theme.text_width(s, 19, "bold"))


# why a Cạ with a card of the live card's rank is refused (``prompts.why``): the live card
# refused says "You cannot take it." and one of these for each of its two partners
PARTNER_REASONS = [
    "That would split your pair of {card}: identical pairs stay together in your hand.",
    "You let {card} go by when you could take it as a Chắn: you may no longer use it in a Cạ.",
    "Your hand already holds a Cạ of {rank}: you may not take another.",
    "Your hand waits for one last card: it may not take a Cạ, it can only win on a stock "
    "card.",
    "Your hand waits for one last card: it may not take a Cạ, and {card} does not complete "
    "it.",
    "You have discarded two suits of {rank}: you may not take a Cạ of {rank} any more.",
    "After that Cạ you would have no card you may discard.",
]
OTHER_REFUSALS = [
    "You used your {card} in a Cạ with {taken} earlier: you may not take it back.",
    "You cannot win on a discard: only on a card revealed from the stock, or right after a "
    "chíu.",
    "Nothing in your hand pairs with it: a Chắn needs another {card}, and a Cạ needs a "
    "{rank} of another suit.",
    "{card} wins your hand: press Ù! (or U).",
    "{card} and {partner} make no Cạ: a Cạ is two cards of the same rank in different suits.",
    "After a chíu your discard goes to {seat}'s gate, in place of the chíu'd card.",
    "Your {card} takes {live} as a {pair}: click the live card, or drag your card onto it.",
    "Nothing to undo: a chíu shows three cards of your hand to everyone, so it cannot be "
    "taken back.",
]


def filled(messages: list[str]) -> list[str]:
    """``messages`` in the current language, the widest names filled in."""
    _ = i18n._
    if i18n.language() != "en":  # (each one is a message of the catalogue)
        assert all(_(m) != m for m in messages)
    word = max((rank(r) for r in range(2, 10)), key=lambda s: theme.text_width(s, 19, "bold"))
    seat = _("Seat {number}").format(number="4")
    return [Longest().format(_(m), rank=word, seat=seat, pair="Chắn") for m in messages]


def widest(texts: list[str]) -> list[str]:
    return sorted(texts, key=lambda s: theme.text_width(s, 19, "bold"), reverse=True)


def longest_refusals() -> list[str]:
    """The widest single refusal of the table, and the most a live card refused says
    (``ChanTable._live_hint``): "You cannot take it." and two partners' reasons."""
    partners = widest(filled(PARTNER_REASONS))
    both = f"{chan_words.cannot_take('7S')} {partners[0]} {partners[1]}"
    return [widest(filled(PARTNER_REASONS + OTHER_REFUSALS))[0], both]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_longest_refusal_covers_no_gate(app, drive, lang):
    """A long refusal (a toast of nearly the screen's width) stood over the side seats' gates
    at the left and right: now it stands between them, wrapped, whole."""
    i18n.set_language(lang)
    table = ChanTable(app, GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3,
                                      12, {}))
    app.scenes.reset(table, transition=None)
    drive.settle()
    gates = [table.zone("gate", seat) for seat in range(4)]
    for text in longest_refusals():
        _centre, room = table.toast_span() or (SIZE[0] // 2, TOAST_WIDEST)
        # whole: no line left off (a message shows four lines at most)
        assert len(theme.wrap(text, 19, room - 40, "bold")) == len(toast_lines(text, room))
        background = (255, 0, 255)
        surface = pygame.Surface(SIZE)
        surface.fill(background)
        app.toasts = [Toast(text, 3.5, True)]
        app.toasts[0].age = 1.0  # (fully shown)
        app._draw_toasts(surface)
        mask = pygame.mask.from_threshold(surface, background, (1, 1, 1, 255))
        mask.invert()
        drawn = mask.get_bounding_rects()
        assert drawn, "the message was drawn"
        box = drawn[0].unionall(drawn[1:])
        assert box.width > 300 and box.height >= 2 * 19  # (wrapped onto more lines)
        assert [g for g in gates if g.colliderect(box)] == [], (lang, text, box)
    app.toasts = []
