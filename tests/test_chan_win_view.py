"""A computer's win as the person sees it at the Chắn table: the banner stays readable above
the cards spreading across the middle, and the winning hand (the card won on marked) lies
still a moment before the results open."""

from __future__ import annotations

import random

import pygame

from ecs.tween import travelling
from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes import theme
from scenes.chan.table import WIN_PAUSE, ChanTable
from scenes.game_table import BANNER_PAD
from scenes.results import ResultsOverlay

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def before_a_computers_win(how: str) -> Session:
    """A deal played at random (never Ù) up to a computer's Ù won ``how`` ("stock": on a card
    just turned up from the stock)."""
    for seed in range(60):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        while session.result is None:
            moves = rules.legal_moves(session.state)
            if "u" in moves and rules.to_move(session.state) != 0 and rules.result(
                    rules.play(session.state, "u"))["how"] == how:
                return session
            session.play(rng.choice([m for m in moves if m != "u"] or moves))
    raise AssertionError("no such win came")


def open_before_win(app, drive) -> ChanTable:
    session = before_a_computers_win("stock")
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.step()
    return table


def open_at_win(app, drive) -> ChanTable:
    """``open_before_win``, then the win laid out and at rest."""
    table = open_before_win(app, drive)
    while not table.won:
        drive.step()
    drive.settle()
    return table


def banner_box(table: ChanTable) -> pygame.Rect:
    """The banner's box as ``draw_banner`` draws it."""
    img = theme.text(table.banner[0], 28 if table.won else 30, theme.GOLD, "serif")
    return img.get_rect(center=table.banner_center()).inflate(*BANNER_PAD)


def test_the_win_banner_is_drawn_above_the_cards_spreading_across_the_middle(app, drive):
    """What the banner's box shows is the banner drawn over the table: no card in flight
    passes over it (they hid it, "Ù! Seat 2 wins" under the winner's cards)."""
    table = open_before_win(app, drive)
    checked = 0
    for _ in range(240):
        drive.step()
        if table.banner is None or not any(travelling(e) for _, e in table.sync.entities("win")):
            continue
        box = banner_box(table)
        shown = app.screen.copy()
        table.draw(shown)
        banner, table.banner = table.banner, None
        bare = app.screen.copy()
        table.draw(bare)  # the table without its banner, then the banner over all of it
        table.banner = banner
        table.draw_banner(bare, table.banner_center(), 28)
        assert all(shown.get_at((x, y)) == bare.get_at((x, y))
                   for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2))
        checked += 1
    assert checked > 5


def test_the_banner_hides_none_of_the_winning_hand(app, drive):
    table = open_at_win(app, drive)
    assert table.banner is not None and not isinstance(app.scenes.top, ResultsOverlay)
    box = banner_box(table)
    cards = [table._card_rect(e, 40) for _, e in table.sync.entities("win")]
    assert len(cards) == 20 and not any(box.colliderect(c) for c in cards)
    assert box.bottom <= table.zone("gate", 0).top  # above your gate's box


def test_no_label_shows_between_the_winning_hand_and_the_banner(app, drive, monkeypatch):
    """The stock's count ("Stock · 6") peeked out between the winning hand laid across the
    middle and the win banner: the table writes no word there during the win."""
    table = open_at_win(app, drive)
    assert table.banner is not None and not isinstance(app.scenes.top, ResultsOverlay)
    cards = [table._card_rect(e, 40) for _, e in table.sync.entities("win")]
    row = cards[0].unionall(cards[1:])
    between = pygame.Rect(row.x, row.bottom, row.width, banner_box(table).top - row.bottom)
    assert between.height > 0
    written = []
    blit_text = theme.blit_text

    def spy(surface, text, *args, **kwargs):
        box = blit_text(surface, text, *args, **kwargs)
        written.append((text, box))
        return box

    monkeypatch.setattr(theme, "blit_text", spy)
    app.draw(app.screen)
    assert written  # (the seats' names, the labels, the log...)
    assert [text for text, box in written if box.colliderect(between)] == []
    assert table.stock_label_rect() is None


def test_the_winning_hand_lies_still_a_moment_before_the_results(app, drive):
    """The results faded in while the winner's cards still moved; a win on a card just
    turned up from the stock was barely seen: now the hand lies still first, the card won
    on in its row."""
    table = open_before_win(app, drive)
    while not table.won:
        drive.step()
    card = rules.result(table.state)["card"]
    still = None
    for frame in range(600):
        drive.step()
        if still is None and not table.animating:
            still = frame
            assert card in [c for c, _ in table.sync.entities("win")]
        if isinstance(app.scenes.top, ResultsOverlay):
            break
    assert still is not None
    assert (frame - still) * drive.dt >= WIN_PAUSE - 0.05
    assert isinstance(app.scenes.top, ResultsOverlay)
