"""Fixes from the twenty-fourth session's play-test round (Zetema's words after a marriage,
its rules text on Undo against the computer; the count of a Zertz computer's pieces left while
one is on its way). Zertz's easy level and a drawn marble that would be the other side's
sixth: ``tests/test_zertz_ai.py``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game import i18n
from game.rules import zetema as rules
from scenes.zetema import words

RULES = Path(__file__).resolve().parents[1] / "assets" / "rules"


def test_after_a_marriage_the_discard_is_named_onto_the_pile_of_its_rank():
    """"Now discard a card onto its pile", just after the marriage went to the Marriages
    pile, read as that pile."""
    state = replace(rules.new_game(players=2, seed=1), meld="marriage")
    said = words.already_declared(state)
    assert said.endswith("now discard a card onto the pile of its rank")
    with i18n.speaking("vi"):
        assert "cùng hạng" in words.already_declared(state)
    with i18n.speaking("fa"):
        assert "رتبه‌اش" in words.already_declared(state)


@pytest.mark.parametrize("path, claim", [
    ("zetema.md", "every computer turn ends with a discard"),
    ("fa/zetema.md", "نوبت رایانه همیشه با دور انداختن یک کارت تمام می‌شود"),
    ("vi/zetema.md", "lượt nào của máy cũng kết thúc bằng một lá đánh ra"),
])
def test_the_rules_do_not_say_every_computer_turn_ends_with_a_discard(path, claim):
    """A computer whose marriages empty its hand ends its turn without a discard (the same
    rules say so); the Undo paragraph said every computer turn ends with one."""
    text = (RULES / path).read_text(encoding="utf-8")
    assert claim not in text
    assert "Ctrl+Z" in text


def test_a_computers_piece_on_its_way_has_left_its_supplys_count(app, drive, monkeypatch):
    """Zertz: while the computer's piece flew to the board its panel drew nine pieces and
    still said "10 pieces left to place"; the count goes down as the piece sets off."""
    import esper

    from ecs.components import Transform
    from game.catalog import GameConfig, Seat
    from game.rules import zertz as zrules
    from game.session import Session
    from scenes.zertz import words as zwords
    from scenes.zertz_table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 7, {"first": 1})
    state = zrules.load({"marbles": {"a1": "white", "g4": "grey"}, "pieces": {}, "to_move": 1,
                         "bag": ["white"] * 5 + ["grey"] * 5 + ["black"] * 6})
    table = ZertzTable(app, config, Session(config, zrules, state, state))
    app.scenes.push(table, transition=None)
    said: list[int] = []
    real = zwords.supply_line
    monkeypatch.setattr(zwords, "supply_line", lambda count: said.append(count) or real(count))
    piece = table.supply_ents[1][-1]
    home = esper.component_for_entity(piece, Transform)
    start = (home.x, home.y)
    table.rules._apply("place d4")
    flying = []
    for _ in range(240):
        said.clear()
        drive.step()
        table.draw(app.screen)
        t = esper.component_for_entity(piece, Transform)
        landed = table.shown_state(until_landed=True) is table.state
        if landed:
            break
        if (t.x, t.y) != start:  # on its way
            flying.append(said[1])  # (seat 0's line, then seat 1's)
    assert flying and set(flying) == {9}
