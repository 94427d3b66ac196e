"""Chắn, from a newcomer's play-test (session 34, pt89): an older gate card pressed says that
only the live card can be taken (it did nothing, without a word); the results' score names
each feature beside its number when the features listed above it could not be matched to
bare numbers; Ctrl+Z over the results says why nothing is undone."""

from __future__ import annotations

import random

import pygame

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from game.words import chan as words
from scenes.chan import panels
from scenes.chan.table import TAKING_PHASES, ChanTable

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def offered_with_older_cards() -> Session:
    """Seat 0 (a person) is to take or leave a live card while a gate holds older cards."""
    for seed in range(60):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        while session.result is None:
            state = session.state
            if (rules.to_move(state) == 0 and state.live is not None
                    and state.phase in ("respond", "revealed")
                    and any(len(g) >= 3 for g in state.gates)):
                return session
            session.play(rng.choice(rules.legal_moves(state)))
    raise AssertionError("the position never came")


def test_an_older_gate_card_pressed_says_only_the_live_card_can_be_taken(app, drive):
    session = offered_with_older_cards()
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine and table.state.phase in TAKING_PHASES
    seat = next(s for s, g in enumerate(table.state.gates) if len(g) >= 3)
    cards = table.sync.entities(f"gate_{seat}")
    code, ent = cards[0]                      # the oldest: partly under the newer ones
    newer = [table._card_rect(e) for _, e in cards[1:]]
    rect = table._card_rect(ent)
    spot = next((x, y) for x in range(rect.left + 2, rect.right - 1, 3)
                for y in range(rect.top + 2, rect.bottom - 1, 3)
                if not any(r.collidepoint(x, y) for r in newer))
    app.toasts.clear()
    before = list(table.session.moves)
    drive.click(spot)
    drive.settle()
    assert table.session.moves == before
    assert [t.text for t in app.toasts] == [
        f"{words.card(code)} is no longer live: only the live card (marked “live card”) "
        "can be taken."]
    app.toasts.clear()
    drive.click(drive.center_of(table.live_entity()))   # the live card itself: not this
    drive.settle()
    assert not any("no longer live" in t.text for t in app.toasts)


def test_a_score_too_long_for_one_line_names_every_feature_beside_its_number():
    pygame.init()
    line = panels.win_subtitle(["Tôm", "Bạch thủ", "Lèo", "Tám đỏ"], 12).replace("\u00a0", " ")
    assert "\n" not in line   # the arithmetic alone, on the two lines
    assert line == "Score: Tám đỏ 8 + Tôm dịch 1 + Bạch thủ dịch 1 + Lèo dịch 2 = 12 points"
    from scenes import theme  # the last term stays with its total (pt93)
    for features in (["Kính tứ chi", "Thiên ù", "Bạch thủ"], ["Tôm", "Bạch thủ", "Lèo", "Tám đỏ"]):
        last = theme.wrap(panels.win_subtitle(features, 14), 18, 600)[-1].replace("\u00a0", " ")
        assert last.endswith("= 14 points") and "dịch" in last, last
    short = panels.win_subtitle(["Ù chì", "Lèo"], 6).replace("\u00a0", " ")
    assert short.split("\n") == ["Features: Ù chì (base 3, dịch 1) · Lèo (base 5, dịch 2)",
                                 "Score: Lèo 5 + Ù chì dịch 1 = 6 points"]


def test_ctrl_z_over_the_results_says_the_game_is_over(app, drive):
    from scenes.results import ResultsOverlay

    overlay = ResultsOverlay(app, "Seat 4 wins — Ù!", "Score", ["Seat", "Points"],
                             [["You", "-3"]], lambda: None, lambda: None)
    app.scenes.push(overlay, transition=None)
    drive.settle()
    app.toasts.clear()
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    assert [t.text for t in app.toasts] == ["The game is over: nothing to undo."]
    assert app.scenes.top is overlay
    # it stands inside the panel, in the corner under the moves, clear of the buttons (it
    # lay across the panel's bottom edge, pt95)
    [(_toast, _lines, box)] = app._toast_places(app.toasts)
    assert overlay.panel.contains(box) and not box.colliderect(overlay.log_rect)
    assert not any(box.colliderect(w.rect.inflate(16, 16)) for w in overlay.widgets.widgets)
