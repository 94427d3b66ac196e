"""``scenes.card_sync.CardSync``: a card uncovered in a pile (the top one bought or taken)
appears in its place under the cards on it. It was made at the flying height (z 900) and
kept it until its little turn into its slot was done: for a moment the card four deep lay on
top of Telefunken's discard pile (a play-tester's screenshots: 8♥ over the new top K♣)."""

from __future__ import annotations

import esper
import pytest

from ecs.components import Transform, ZOrder
from game.card_art import card_image
from scenes.card_sync import CardSync


def slot(zone: str, i: int, count: int):
    return 100 + i * 3, 100 + i * 2, (i * 37) % 9 - 4, 100 + i


@pytest.fixture
def world(app):
    previous = esper.current_world
    esper.switch_world("card-sync-test")
    yield
    esper.switch_world(previous)
    esper.delete_world("card-sync-test")


def test_a_card_uncovered_in_a_pile_lies_under_the_cards_on_it(world):
    sync = CardSync(card_image)
    width = lambda zone: 64  # noqa: E731
    sync.sync({"pile": ["2H", "3H", "4H", "5H"]}, slot, width, lambda z, c: (0, 0),
              lambda z, c: (0, 0), instant=True)
    # 5H is bought: it flies off, 4H is the top, AH (under 2H) comes into view
    sync.sync({"pile": ["AH", "2H", "3H", "4H"]}, slot, width, lambda z, c: None,
              lambda z, c: (900, 500), delay=0.35)
    cards = dict(sync.entities("pile"))
    z = {code: esper.component_for_entity(ent, ZOrder).z for code, ent in cards.items()}
    assert z["AH"] < z["2H"] and z["AH"] < z["4H"], z
    t = esper.component_for_entity(cards["AH"], Transform)
    assert (t.x, t.y, t.angle) == slot("pile", 0, 4)[:3]  # as it lay, turned
