"""The end of a won Chắn deal, live and in the replay: every card once, the winning hand in
one row without one pair over another, the card won on taken out of its gate, and the
stock's count clear of the cards."""

from __future__ import annotations

import random
from collections import Counter

import esper
import pygame

from ecs.components import Sprite, Transform, ZOrder
from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes.chan.table import WIN_PAUSE
from scenes.chan_table import ChanTable
from scenes.results import ResultsOverlay
from tests.test_marks import drawn_box

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def won_on_a_revealed_card(seed: int = 114) -> list[str]:
    """The moves of a deal the person (seat 1) wins with Ù on a card another seat revealed
    from the stock (seed 114: Thất Sách, revealed by Seat 2, ten pairs)."""
    rng = random.Random(seed)
    session = Session.new(GameConfig("chan", SEATS, seed, {}))
    while session.result is None:
        moves = rules.legal_moves(session.state)
        session.play("u" if "u" in moves else rng.choice(moves))
    res = rules.result(session.state)
    assert res["winner"] == 0 and res["how"] == "stock"
    assert session.state.live.gate != 0 and len(res["pairs"]) == 10
    return list(session.moves)


def play_to_the_win(app, drive, moves: list[str]) -> ChanTable:
    """The deal one move before the end, the person pressing Ù!, the results shown."""
    session = Session.new(GameConfig("chan", SEATS, 114, {}))
    for move in moves[:-1]:
        session.play(move)
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine and "u" in table.move_buttons
    drive.click(table.move_buttons["u"].rect.center)
    drive.settle()
    assert table.session.moves == moves
    return table


def click_label(drive, widgets, label: str) -> None:
    button = next(w for w in widgets.widgets if getattr(w, "label", None) == label)
    drive.click(button.rect.center)
    drive.settle()


def shown(table) -> dict[str, list[str]]:
    return {zone: [c for c, _ in cards] for zone, cards in table.sync.zones.items() if cards}


def check_the_end(table) -> None:
    state = table.state
    res = rules.result(state)
    zones = shown(table)
    # every card at most once: the card won on lies in the winning hand, not in its gate too
    everything = Counter(c for cards in zones.values() for c in cards)
    assert all(n <= 4 for n in everything.values()), everything
    gate = f"gate_{state.live.gate}"
    assert zones.get(gate, []) == list(state.gates[state.live.gate][:-1])
    assert zones["win"] == [c for pair in res["pairs"] for c in pair]
    won = res["card"]  # the rules count it in its gate and in the hand: shown once
    assert everything[won] == sum(c == won for s in range(4) for c in state.gates[s]) - 1 + sum(
        c == won for s in range(1, 4) for g in state.exposed[s] for c in g) + sum(
        c == won for pair in res["pairs"] for c in pair)
    ents = [e for _, cards in table.sync.zones.items() for _, e in cards]
    assert len(set(ents)) == len(ents)  # no entity in two places
    # the winning hand: pairs side by side, no card of one pair over a card of another
    boxes, start = [], 0
    win = [e for _, e in table.sync.entities("win")]
    for pair in res["pairs"]:
        group = [drawn_box(e) for e in win[start:start + len(pair)]]
        start += len(pair)
        boxes.append(group[0].unionall(group[1:]))
    for i, a in enumerate(boxes):
        assert table.app.screen.get_rect().contains(a)
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), (a, b)
    # each card of the hand shows its left part (no card lies wholly over another)
    xs = [esper.component_for_entity(e, Transform).x for e in win]
    assert all(b - a >= 10 for a, b in zip(xs, xs[1:]))
    # the hand lies clear of every seat's boxes
    row = boxes[0].unionall(boxes[1:])
    for seat in range(4):
        for kind in ("gate", "exposed", "seat"):
            assert not row.colliderect(table.zone(kind, seat)), (kind, seat)
    # the stock's card and count make way for the hand
    assert table.stock_label_rect() is None
    assert not esper.component_for_entity(table.stock_ent, Sprite).visible
    # the winning card carries the winner's mark, and no other seat's mark is in the hand
    marked = {ent: seat for seat, marks in table.marks.marks.items() for m in marks
              for ent in m.entities}
    in_win = {e: s for e, s in marked.items() if e in win}
    assert list(in_win.values()) == [0]
    won_ent = next(iter(in_win))
    assert table.sync.code_of(won_ent) == res["card"]
    # ... and lies on top of its partner, whole (last in its pair, as on the results)
    z = esper.component_for_entity(won_ent, ZOrder).z
    partner_box = drawn_box(won_ent)
    assert all(esper.component_for_entity(e, ZOrder).z < z for e in win
               if e != won_ent and drawn_box(e).colliderect(partner_box))


def positions(table) -> dict[str, list[tuple[int, int]]]:
    out = {}
    for zone, cards in table.sync.zones.items():
        out[zone] = [(round(esper.component_for_entity(e, Transform).x),
                      round(esper.component_for_entity(e, Transform).y)) for _, e in cards]
    return out


def test_the_replays_end_shows_what_the_live_table_showed(app, drive):
    moves = won_on_a_revealed_card()
    table = play_to_the_win(app, drive, moves)
    check_the_end(table)
    live_zones, live_places = shown(table), positions(table)
    drive.wait(WIN_PAUSE + 0.1)  # the winning hand lies still a moment first
    drive.settle()
    overlay = app.scenes.top
    assert isinstance(overlay, ResultsOverlay)
    click_label(drive, overlay.widgets, "Replay")
    replay = app.scenes.top
    assert isinstance(replay, ChanTable) and replay.replay is not None
    click_label(drive, replay.replay_controls.widgets, "End »")
    replay = app.scenes.top
    assert len(replay.session.moves) == len(moves)
    check_the_end(replay)
    assert shown(replay) == live_zones and positions(replay) == live_places
    # Back, then Next: the last move played again in the replay comes to the same picture
    click_label(drive, replay.replay_controls.widgets, "◀ Back")
    replay = app.scenes.top
    click_label(drive, replay.replay_controls.widgets, "Next ▶")
    drive.step(5)
    drive.settle()
    check_the_end(replay)
    assert shown(replay) == live_zones and positions(replay) == live_places


def test_a_winning_hand_with_chiu_fours_fits_one_row():
    from scenes.chan import layout

    area = pygame.Rect(296, 222, 688, 125)
    for sizes in ([2] * 10, [4, 2, 4, 2, 2, 2, 2, 2], [4] * 5):
        slots = layout.win_row(area, sizes, layout.WIN_W, 800)
        assert len(slots) == sum(sizes)
        half = layout.WIN_W / 2
        assert slots[0][0] - half >= area.x and slots[-1][0] + half <= area.right
        assert len({round(y) for _, y, _, _ in slots}) == 1  # one row
        start = 0
        for size in sizes[:-1]:  # the next group starts after this one's last card
            assert slots[start + size][0] - slots[start + size - 1][0] >= layout.WIN_W
            start += size


def test_the_card_won_on_is_last_in_its_pair_on_the_table_as_on_the_results():
    from scenes.chan.table import won_pairs

    res = {"pairs": [["A", "B"], ["C", "D"], ["E", "F"]], "card": "C"}
    assert won_pairs(res) == ([["A", "B"], ["D", "C"], ["E", "F"]], 1)
    assert won_pairs({"pairs": [["A", "A"]], "card": "A"}) == ([["A", "A"]], 0)
    assert won_pairs({"pairs": [["A", "B"]], "card": None}) == ([["A", "B"]], None)
