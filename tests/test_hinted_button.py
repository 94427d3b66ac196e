"""A hint whose move a button makes outlines that button too (in the hint's green), and the
outline goes with the hint: a hinted buy glowed only the discard, while the lit button
beside Buy was Pass, which Enter presses."""

from __future__ import annotations

import random

from game.ai import telefunken as tai
from game.catalog import GameConfig, Seat
from game.rules import telefunken as trules
from game.session import Session
from scenes.game_table import HINT_COLOUR
from scenes.telefunken_table import TelefunkenTable
from tests.test_chan_ui import open_table as open_chan
from tests.test_chan_ui import position as chan_position


def offered_a_buy() -> tuple[GameConfig, Session]:
    config = GameConfig("telefunken", [Seat("human")] + [Seat("ai", "normal")] * 2, 7)
    session = Session.new(config)
    rng = random.Random(3)
    while not (trules.to_move(session.state) == 0 and "buy" in trules.legal_moves(session.state)):
        seat = trules.to_move(session.state)
        session.play(tai.choose(trules.view(session.state, seat),
                                trules.legal_moves(session.state), "normal", rng))
    return config, session


def placed(app, rect) -> bool:
    """Is the place ``rect`` outlined in the hint's green (``GameTable.hinted_place``)?"""
    edge = rect.inflate(6, 6)
    return tuple(app.screen.get_at((edge.centerx, edge.top + 1)))[:3] == HINT_COLOUR


def outlined(app, button) -> bool:
    edge = button.rect.inflate(10, 10)
    return tuple(app.screen.get_at((edge.centerx, edge.top + 1)))[:3] == HINT_COLOUR


def test_a_hinted_buy_outlines_the_buy_button_until_the_hint_goes(app, drive):
    config, session = offered_a_buy()
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    def button(key):  # (the buttons are made again as the table refreshes)
        return next(w for w in table.widgets.widgets if getattr(w, "key", None) == key)
    assert table.hinted_button() is None
    table._apply_hint("buy")
    drive.step(2)
    assert table.hinted_button() is button("buy")
    assert outlined(app, button("buy")) and not outlined(app, button("pass"))
    table._apply_hint("pass")  # another hint: the other button
    drive.step(2)
    assert table.hinted_button() is button("pass")
    assert outlined(app, button("pass")) and not outlined(app, button("buy"))
    table.clear_hint()
    drive.step(2)
    assert table.hinted_button() is None and not outlined(app, button("pass"))
    # a hinted discard outlines the Discards pile, where its card goes (pt100)
    table._apply_hint(f"discard {table.state.hands[0][0]}")
    drive.step(2)
    assert table.hinted_place() == table.layout["discard"].rect
    assert placed(app, table.layout["discard"].rect)


def test_a_hinted_draw_in_chan_outlines_the_draw_button(app, drive):
    table = open_chan(app, drive, chan_position(5, "nocap"))
    assert table.legal() == ["draw"]
    table._apply_hint("draw")
    drive.step(2)
    assert table.hinted_button() is table.move_buttons["draw"]
    assert outlined(app, table.move_buttons["draw"])
    table._apply_hint(f"discard {table.state.hands[0][0]}")  # its gate, where it goes
    drive.step(2)
    assert table.hinted_place() == table.layout["gate_0"].rect
    assert placed(app, table.layout["gate_0"].rect)


def test_a_hinted_u_outlines_the_button_and_the_live_card(app, drive):
    """Ù! on the live card: the Ù! button and the live card are outlined, as Pass and Chíu!
    outline them (the live card stood unmarked, pt99)."""
    from tests.test_chan_s20 import open_at, played, wins_on

    table = open_at(app, drive, played(9, wins_on("claim", captures=False)))
    assert "u" in table.legal() and table.live_entity() is not None
    table._apply_hint("u")
    drive.step(2)
    assert table.live_entity() in table.hint[1]
    assert table.hinted_button() is table.move_buttons["u"]


def test_a_hinted_zertz_marble_on_a_marked_ring_gets_a_ring_outside_the_mark(app, drive):
    """The hint's outline around a marble the other seat had just put was a square crossing
    that seat's circle (pt99): a circle outside it."""
    import random

    from game.rules import zertz as zrules
    from scenes.zertz_table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 5, {"first": 0})
    found = None
    for seed in range(50):
        session, rng, put = Session.new(config), random.Random(seed), None
        while session.result is None and found is None:
            legal = zrules.legal_moves(session.state)
            if zrules.to_move(session.state) == 0 and put and f"take {put}" in legal:
                found = f"take {put}"
                break
            move = rng.choice(legal)
            if zrules.to_move(session.state) == 1:
                put = move.split()[1] if move.startswith("put ") else None
            session.play(move)
        if found:
            break
    table = ZertzTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    table._apply_hint(found)
    drive.step(2)
    mark = next(m for m in table.marks.marks[1] if table.hint[1][0] in m.entities)
    x, y = mark.rect.center
    radius = min(mark.rect.inflate(8, 8).size) // 2 + 6
    assert tuple(app.screen.get_at((x, y - radius)))[:3] == HINT_COLOUR
    tray = table.layout["tray_0"].rect  # where the taken marble goes (pt100)
    assert table.hinted_place() == tray and placed(app, tray)


def test_a_hinted_zetema_meld_outlines_meld_once_its_cards_are_chosen(app, drive):
    """A hinted combination outlined its cards but never the Meld button (pt100): Meld is
    outlined once the cards chosen declare it."""
    from game.rules import zetema as zrules
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import CONFIG as ZCONFIG
    from tests.test_zetema_table import hand_ent
    from tests.test_zetema_table import position as zposition

    state = zposition(["5S", "6S", "7S", "10S", "JS", "QS", "8C"],
                      ["AS", "9H", "10H", "JC", "2D", "3D", "4C"])
    table = ZetemaTable(app, ZCONFIG, Session(ZCONFIG, zrules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    table._apply_hint("meld flush 5S 6S 7S 10S JS QS")
    drive.step(2)
    assert table.hinted_button() is None  # nothing chosen yet: Meld is greyed
    for code in ("QS", "5S", "6S", "7S", "10S", "JS"):
        drive.click(drive.center_of(hand_ent(table, code)))
    drive.settle()
    assert table.hint is not None
    meld = table.hinted_button()
    assert meld is not None and meld.on_click == table.confirm_meld
    assert outlined(app, meld)
