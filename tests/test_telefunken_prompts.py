"""Telefunken's build zone says what you can do now, in two lines at most for every deal."""

from __future__ import annotations

from dataclasses import replace

from game.catalog import default_config
from scenes import theme
from scenes.telefunken_table import TelefunkenTable


def test_after_drawing_the_table_says_what_comes_next(app, drive):
    table = TelefunkenTable(app, default_config("telefunken", seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    build = table.layout["build"].rect
    width = build.right - 100 - (build.x + 16)
    for deal in range(1, 8):
        for melded in (False, True):
            state = table.state
            table.rules.state = replace(
                state, phase="play", deal=deal,
                melded=tuple(melded if s == table.viewer else m for s, m in enumerate(state.melded)))
            table.selected = []
            _, text = table.selection_move()
            if deal == 7 and melded:  # all went down with the contract but the last card
                assert text == "Discard your last card to go out."
                continue
            assert "discard to end your turn" in text
            assert ("contract" in text) != melded
            assert len(theme.wrap(text, 15, width, "bold")) <= 2, text


def test_a_contract_chosen_with_more_cards_is_named(app, drive):
    """Two trios (deal 2's contract) and a third chosen together said "9 cards: not a set or
    a run"; the build zone now says the contract is there and is melded on its own first."""
    from game.rules import telefunken as rules
    from game.session import Session
    from tests.test_telefunken_table import CONFIG, OTHERS, position

    hand = ["4S", "4D", "4C", "6S", "6D", "6C", "QS", "QD", "QH", "2D", "9H"]
    state = position([hand] + OTHERS, deal=2, deal_winners=[1], totals=[0, 0, 0, 0])
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    table.selected = hand[:9]
    move, text = table.selection_move()
    assert move is None
    assert text.startswith("Your contract is here: choose only ")
    assert text.endswith(" and meld it first, then the other cards")
    groups = text.removeprefix("Your contract is here: choose only ").split(" and meld")[0]
    assert groups.count("·") == 1  # two trios of the nine cards
    table.selected = hand[:6]  # the contract alone is a meld, as before
    move, text = table.selection_move()
    assert move is not None and text.startswith("Meld ")
    build = table.layout["build"].rect
    table.selected = hand[:9]
    _, text = table.selection_move()
    assert len(theme.wrap(text, 15, build.right - 100 - (build.x + 16), "bold")) <= 2, text


def test_the_line_names_the_seat_whose_move_is_landing(app, drive):
    """"Seat 4 to draw" stood while Seat 3's discard was still flying (and not yet in the
    log): the line names the seat whose move lands until it has."""
    from game.catalog import GameConfig, Seat
    from game.rules import telefunken as rules
    from game.session import Session
    from tests.test_telefunken_table import OTHERS, position

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    others = [OTHERS[0] + ["8S"]] + OTHERS[1:]
    state = position([hand] + others, to_move=1)
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    table.rules._apply("discard 8S")
    drive.step(2)
    assert table.animating and table.state.seat != 1
    assert table._waiting_text() == "Seat 2 to meld or discard"
    drive.settle()
    assert table._waiting_text() != "Seat 2 to meld or discard"
