"""Play-tester findings of session 45 (pt164): a card drawn from a stock made of the
shuffled discards kept the tag of the seat that had discarded it; the move list's line of
offers let go named you first, not in the order the seats were asked; a hint asked on a
buy offer let the offer's time run out while it was worked out."""

from __future__ import annotations

import random
from collections import Counter

import esper
import pytest

from ecs.components import CardFace, Transform
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken_table import TelefunkenTable, perform
from tests.test_telefunken_table import CONFIG, OTHERS

HAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]


def empty_stock(seed: int, **extra) -> rules.State:
    """Your turn to draw (or, with ``extra``, an offer) with the stock run out: every card
    not in a hand lies in the discards, in a fixed mixed order; ``seed`` makes the shuffle."""
    hands = [HAND] + OTHERS
    pile = list((Counter(rules.deck()) - Counter(c for h in hands for c in h)).elements())
    random.Random(1).shuffle(pile)
    data = {"players": 4, "deal": 1, "dealer": 3, "to_move": 0, "phase": "draw",
            "hands": [list(h) for h in hands], "stock": [], "discard": pile, "melds": [],
            "seed": seed}
    return rules.load({**data, **extra})


def stock_drawing(move: str, below: int, **extra) -> rules.State:
    """A position as ``empty_stock`` where ``move`` shuffles the discards into a new stock
    and the card then drawn from it is the code of the discard ``below`` cards under the
    top one (shown on the pile, no twin beside it there)."""
    for seed in range(5000):
        state = empty_stock(seed, **extra)
        _, events = rules.play_events(state, move)
        assert any(isinstance(e, rules.StockRebuilt) for e in events)
        drawn = next(e.card for e in events if isinstance(e, rules.CardDrawn))
        shown = state.discard[-4:]
        if drawn == shown[-1 - below] and shown.count(drawn) == 1:
            return state
    raise AssertionError("no such seed")


def open_state(app, drive, state) -> TelefunkenTable:
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def pile_ent(table, below: int = 0) -> int:
    return table.sync.entities("discard")[-1 - below][1]


def tags_on_hand(table) -> list[str]:
    hand = {e for _, e in table.sync.entities("hand")}
    return sorted(m.label for marks in table.marks.marks.values() for m in marks
                  if set(m.entities) & hand)


def test_a_card_drawn_from_the_shuffled_discards_loses_its_discarders_tag(app, drive):
    """The discard Seat 3 had thrown, shuffled into the new stock and drawn, flew from the
    pile into your hand with its "Seat 3" tag (pt164): it comes from the stock, tagged
    only "new", and the pile's cards go face down into the stock, untagged."""
    table = open_state(app, drive, stock_drawing("draw", 0))
    top = pile_ent(table)
    table.mark_move(2, [rules.Discarded(2, table.state.discard[-1])])  # Seat 3's discard
    assert [m.entities for m in table.marks.marks[2]] == [(top,)]
    pile = [e for _, e in table.sync.entities("discard")]
    perform(drive, table, "draw")
    drive.step()
    assert all(not esper.component_for_entity(e, CardFace).face_up for e in pile
               if esper.entity_exists(e))  # (into the stock face down, not shown leaving)
    drive.settle()
    assert table.session.log[-1].startswith("You drew from a new stock")
    assert top not in {e for _, e in table.sync.entities("hand")}  # (not the pile's card)
    assert tags_on_hand(table) == ["new"]
    assert table.marks.marks.get(2, []) == []  # (nothing of Seat 3's is outlined anywhere)
    assert not any(esper.entity_exists(e) for e in pile)


def test_the_discards_go_face_down_into_the_stock_when_a_computer_draws_it_anew(app, drive):
    """A computer's draw from a stock run out: the pile's cards flew face up into its panel,
    as if it had taken them; they go face down into the new stock, their tags with them."""
    state = empty_stock(0, to_move=1)
    table = open_state(app, drive, state)
    table.mark_move(0, [rules.Discarded(0, state.discard[-1])])  # your discard, marked
    pile = [e for _, e in table.sync.entities("discard")]
    table.rules._apply("draw")  # the computer's draw, through the normal move path
    drive.step()
    assert table.session.moves == ["draw"] and table.state.rebuilds == 1
    assert table.marks.marks.get(0, []) == []
    last = {}
    for _ in range(60):
        for ent in pile:
            if esper.entity_exists(ent):
                assert not esper.component_for_entity(ent, CardFace).face_up
                t = esper.component_for_entity(ent, Transform)
                last[ent] = (t.x, t.y)
        drive.step()
    assert table.sync.entities("discard") == []
    assert not any(esper.entity_exists(e) for e in pile)
    stock = table.layout["stock"].rect
    assert all(stock.collidepoint(xy) for xy in last.values())  # (not the seat's panel)


def test_a_buys_card_from_the_shuffled_discards_loses_its_discarders_tag(app, drive):
    """A buy as the stock runs out: the bought card (the top one) comes with its buyer's
    tag, and the card from the new stock, the pile's card under it, no seat's tag."""
    state = stock_drawing("buy", 1, phase="buy", discarder=3, offer=[1, 2])
    table = open_state(app, drive, state)
    under = pile_ent(table, 1)
    table.marks.entities(2, [under], "Seat 3")  # Seat 3's discard, under Seat 4's
    table.mark_move(3, [rules.Discarded(3, table.state.discard[-1])])
    perform(drive, table, "buy")
    drive.settle()
    assert table.session.moves == ["buy"]
    assert tags_on_hand(table) == sorted(["+1 from the stock", "You bought"])
    assert table.marks.marks.get(2, []) == [] and table.marks.marks.get(3, []) == []


@pytest.mark.parametrize("language", ["en", "fa", "vi"])
def test_offers_let_go_are_named_in_the_order_asked(app, drive, language):
    """"You, Seat 4 and Seat 2 did not buy 9♥": Seat 3 had discarded, so Seat 4 was asked
    first, then you, then Seat 2 (pt164). The line names them in that order, you inside
    the list as a sentence says you there ("you", "شما", "bạn")."""
    from game.i18n import _, num, set_language
    from tests.test_telefunken_move_list import lines_of, open_table, played

    set_language(language)
    session = played()
    assert session.moves[39:42] == ["pass"] * 3 and session.befores[39].discarder == 2
    table = open_table(app, drive, session)
    names = [table.seat_name(s) for s in (3, 0, 1)]  # (in the order asked)
    assert names[1] == _("You")
    line = next(line for line in lines_of(table) if line.startswith(f"{num(40)}–"))
    said = [line.find(name) for name in (names[0], _("you"), names[2])]
    assert -1 not in said and said == sorted(said), line
    if _("You") != _("you"):  # (not "Seat 4, You and Seat 2"; Persian has no capitals)
        assert _("You") not in line, line


class _Hinting:
    """A worker whose hints come only when the test answers them."""

    def __init__(self) -> None:
        self.asked: list = []

    def submit(self, ai_module, view, legal, level, seed):
        from game.ai.worker import Decision

        self.asked.append(Decision(None, len(self.asked), "thread"))
        return self.asked[-1]

    def start_soon(self) -> None:
        pass


@pytest.fixture
def offer_with_hints(app, drive, monkeypatch):
    import scenes.game_table
    from tests.test_telefunken_buy_timer import open_offer

    worker = _Hinting()
    monkeypatch.setattr(scenes.game_table, "shared_worker", lambda: worker)
    app.wait_for_ai = False  # (the hint comes when the test says, not awaited)
    return open_offer(app, drive), worker


def test_a_hint_on_a_buy_offer_holds_its_time_until_its_advice_has_been_read(
        app, drive, offer_with_hints):
    """H on a buy offer: the hint's dots took 2-3 s of the offer's 10, which ran out before
    the person could act ("Time is up: you let 8♣ go", pt164). The bar waits, greyed, while
    the hint is worked out and for ``HINT_READ`` seconds once its advice is shown, then
    goes on."""
    import pygame

    from scenes.telefunken.table import HINT_READ

    table, worker = offer_with_hints
    drive.wait(2.0)
    drive.key(pygame.K_h)
    assert worker.asked and table.hint_pending
    drive.wait(9.0)  # (the hint at work: without it the offer's time ran out meanwhile)
    assert table.session.moves == [] and table._offer_timer.held
    assert abs(table._offer_timer.left(table.state, 10) - 0.8) < 0.02
    worker.asked[-1]._resolve("buy", None)
    drive.step()
    assert table.hint is not None and table.hint[0] == "buy"
    drive.wait(HINT_READ - 0.2)  # the advice read
    assert table.session.moves == [] and table._offer_timer.held
    drive.wait(0.4)
    assert not table._offer_timer.held and table.hint is not None  # (the advice stands)
    drive.wait(7.6)  # the 8 s left, counted again
    assert table.session.moves == [] and table.state.phase == "buy"
    drive.wait(0.5)
    assert table.session.moves == ["pass"]


def test_a_hint_dropped_or_never_coming_does_not_hold_the_offer_for_good(
        app, drive, offer_with_hints):
    """The time goes on once the hint is dropped, and a hint that never comes (or asked
    again and again) holds it ``HINT_HOLD_MOST`` seconds at most."""
    import pygame

    from scenes.telefunken.offer_timer import HINT_HOLD_MOST

    table, worker = offer_with_hints
    drive.key(pygame.K_h)
    drive.wait(3.0)
    table.cancel_hint()  # (as a move or the table left drops it)
    drive.wait(5.0)
    assert abs(table._offer_timer.left(table.state, 10) - 0.5) < 0.02
    drive.key(pygame.K_h)  # asked again, never answered
    drive.wait(HINT_HOLD_MOST - 3.0 - 0.5)
    assert table.session.moves == [] and table._offer_timer.held
    drive.wait(0.5 + 5.2)
    assert table.session.moves == ["pass"]
