"""Chắn's shown pairs run from the reading side (right to left in Persian). A change of
language while the table is open (Settings over the pause menu) left them where the old
language had them, their tags already moved, until the next move (pt150): they now go to
their new places at once, as on a table opened in the new language."""

from __future__ import annotations

import esper

from ecs.components import Transform
from game import i18n
from tests.test_chan_tags_s19 import ONE_PERSON, open_at, play


def _shown(table) -> dict[str, list[tuple[float, float]]]:
    """Where each seat's shown pairs lie, card by card."""
    out = {}
    for zone in (f"exposed_{seat}" for seat in range(4)):
        out[zone] = [(round(t.x), round(t.y)) for t in
                     (esper.component_for_entity(e, Transform)
                      for _c, e in table.sync.entities(zone))]
    return out


def test_shown_pairs_follow_a_change_of_reading_side_at_once(app, drive):
    session = next(s for s in play(3, ONE_PERSON)
                   if sum(len(p) for p in s.state.exposed) >= 4 and s.result is None
                   and any(len(p) >= 2 for p in s.state.exposed))
    table = open_at(app, drive, session)
    english = _shown(table)
    i18n.set_language("fa")
    table.language_changed()
    drive.step()
    switched = _shown(table)
    fresh = _shown(open_at(app, drive, session))  # (a table opened in Persian)
    assert switched == fresh
    assert switched != english  # (the pairs did move: they run from the right now)


def test_shown_pairs_at_rest_follow_at_once_while_a_card_is_in_flight(app, drive):
    """The language changed under the pause menu while a card flew (frozen there): the
    shown pairs stayed on the old side until after Resume (pt151). Those at rest go at once."""
    from ecs.tween import animate

    session = next(s for s in play(3, ONE_PERSON)
                   if sum(len(p) for p in s.state.exposed) >= 4 and s.result is None
                   and any(len(p) >= 2 for p in s.state.exposed))
    table = open_at(app, drive, session)
    english = _shown(table)
    stock = table.stock_ent
    animate(stock, "alpha", 254.0, 30.0)  # (something moving: the table is animating)
    assert table.animating
    i18n.set_language("fa")
    table.language_changed()
    switched = _shown(table)
    assert table.animating
    fresh_fa = _shown(open_at(app, drive, session))
    assert switched == fresh_fa != english
