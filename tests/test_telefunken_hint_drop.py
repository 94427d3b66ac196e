"""A hint to lay cards off on a set with a joker, when the same cards could free the joker,
says where to drop them: on the joker they free it, elsewhere on the set they are laid off
(the hint said nothing of it, and the drop on the joker freed it: pt149)."""

from __future__ import annotations

import esper
import pytest

from ecs.components import Transform
from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes import theme
from scenes.telefunken import words
from scenes.telefunken_table import TelefunkenTable, _grip
from tests.test_telefunken_rules import melded_position

CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
NAMES = ["You", "Seat 2", "Seat 3", "Seat 4"]
BESIDE = "Drop them on the set's other cards"
ON_IT = "Drop them on the joker"


def fives():
    """5♥ 5♦ in your hand; Seat 2's set 5♠ 5♥ 5♣ joker (meld 3), Seat 3's 9♥ 9♦ joker."""
    state = melded_position("5H 5D 9D 2S", melds=[(1, "5S 5H 5C JK")])
    assert {"add 5H 5D to 3", "free 3 with 5H 5D"} <= set(rules.legal_moves(state))
    return state


@pytest.mark.parametrize("move, said", [
    ("add 5H 5D to 3", BESIDE), ("free 3 with 5H 5D", ON_IT),
    ("add 5H to 3", None), ("add 9D to 2", None)])  # (one card frees nothing)
def test_the_hint_says_where_to_drop_the_cards(move, said):
    text = words.hint(fives(), move, NAMES)
    assert (BESIDE in text, ON_IT in text) == (said == BESIDE, said == ON_IT), text
    if said is not None:  # after the move's own words, before the reason
        assert text.index("Hint:") < text.index(said)


def test_dropped_where_the_hint_says_the_cards_make_the_hinted_move(app, drive):
    state = fives()
    for hinted in ("add 5H 5D to 3", "free 3 with 5H 5D"):
        table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
        app.scenes.push(table, transition=None)
        drive.settle()
        table._apply_hint(hinted)
        assert any(t.text == words.hint(state, hinted, table.names()) for t in app.toasts)
        for code in ("5H", "5D"):
            drive.click(_grip(table, next(e for c, e in table.sync.entities("hand")
                                          if c == code)))
            drive.settle()
        # on a card of the set other than the joker, or on the joker
        target = "5S" if hinted.startswith("add") else "JK"
        card = next(e for c, e in table.sync.entities("meld_3") if c == target)
        at = esper.component_for_entity(card, Transform)
        drive.drag(drive.center_of(table.sync.entities("build")[0][1]),
                   (round(at.x), round(at.y)), steps=6)
        drive.settle()
        assert table.session.moves == [hinted]
        app.scenes.pop(transition=None)


@pytest.mark.parametrize("lang", ["en", "fa", "vi"])
def test_the_longer_hint_is_shown_whole(app, drive, lang):
    """With where to drop, the hint is still whole on the table (four lines at most)."""
    i18n.set_language(lang)
    state = fives()
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    for hinted in ("add 5H 5D to 3", "free 3 with 5H 5D"):
        table._apply_hint(hinted)
        text = app.toasts[-1].text
        assert words.hint_drop(state, hinted) in text
        if lang != "en":
            assert "Drop them" not in text  # (translated)
        assert len(theme.wrap(text, 19, table.toast_span()[1] - 40, "bold")) <= 4, text
        table.clear_hint()
