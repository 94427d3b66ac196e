"""Drag-and-drop and click-to-select through real mouse events on the sandbox table."""

from __future__ import annotations

import esper
import pytest

from ecs.components import DropTarget, Selected, Transform, ZOrder
from ecs.drag import HELD_Z
from scenes.sandbox_table import SandboxTable


@pytest.fixture
def table(app, drive):
    scene = SandboxTable(app, seed=3, deal=8)
    app.scenes.push(scene, transition=None)
    drive.settle()
    return scene


def _code(ent):
    from ecs.components import CardFace

    return esper.component_for_entity(ent, CardFace).code


def _pile_center(table, suit):
    return table.layout[f"pile_{suit}"].rect.center


def test_drag_onto_matching_pile_moves_the_card(table, drive):
    card = table.hand[0]
    suit = _code(card)[-1]
    drive.drag(drive.center_of(card), _pile_center(table, suit))
    drive.settle()
    assert card in table.piles[f"pile_{suit}"]
    assert card not in table.hand and len(table.hand) == 7
    t = esper.component_for_entity(card, Transform)
    zone = table.layout[f"pile_{suit}"].rect
    assert zone.collidepoint(t.x, t.y) and t.lift == 0


def test_card_follows_pointer_lifted_with_valid_targets_glowing(table, drive):
    card = table.hand[2]
    suit = _code(card)[-1]
    start = drive.center_of(card)
    drive.press(start)
    drive.move((start[0] + 40, start[1] - 200), steps=5)
    drive.step(10)
    t = esper.component_for_entity(card, Transform)
    assert (t.x, t.y) == pytest.approx((start[0] + 40, start[1] - 200), abs=1)
    assert t.lift > 0.9
    assert esper.component_for_entity(card, ZOrder).z == HELD_Z
    glowing = {d.name for _, d in esper.get_component(DropTarget) if d.active and d.valid}
    assert glowing == {f"pile_{suit}", "discard", "hand"}
    drive.release()


def test_refused_drop_glides_back_with_a_reason(table, app, drive):
    card = table.hand[1]
    suit = _code(card)[-1]
    wrong = next(s for s in "SHDC" if s != suit)
    start = drive.center_of(card)
    z_before = esper.component_for_entity(card, ZOrder).z
    drive.drag(start, _pile_center(table, wrong))
    assert any("cards go on this pile" in t.text for t in app.toasts)
    drive.settle()
    t = esper.component_for_entity(card, Transform)
    assert (t.x, t.y) == pytest.approx(start, abs=1)
    assert card in table.hand
    assert esper.component_for_entity(card, ZOrder).z == z_before


def test_drop_on_nothing_glides_back(table, drive):
    card = table.hand[4]
    start = drive.center_of(card)
    drive.drag(start, (640, 380))
    drive.settle()
    t = esper.component_for_entity(card, Transform)
    assert (t.x, t.y) == pytest.approx(start, abs=1)
    assert len(table.hand) == 8


def test_click_select_then_click_target(table, drive):
    card = table.hand[5]
    suit = _code(card)[-1]
    drive.click(drive.center_of(card))
    assert esper.has_component(card, Selected)
    assert table.drag.selected == card
    glowing = {d.name for _, d in esper.get_component(DropTarget) if d.active and d.valid}
    assert f"pile_{suit}" in glowing
    drive.click(_pile_center(table, suit))
    drive.settle()
    assert card in table.piles[f"pile_{suit}"]
    assert not esper.has_component(card, Selected)


def test_click_select_on_wrong_target_is_refused(table, app, drive):
    card = table.hand[5]
    suit = _code(card)[-1]
    wrong = next(s for s in "SHDC" if s != suit)
    drive.click(drive.center_of(card))
    drive.click(_pile_center(table, wrong))
    drive.settle()
    assert card in table.hand
    assert app.toasts and app.toasts[-1].error


def test_clicking_the_selected_card_again_deselects(table, drive):
    card = table.hand[0]
    drive.click(drive.center_of(card))
    drive.click(drive.center_of(card))
    assert table.drag.selected is None
    assert not any(d.active for _, d in esper.get_component(DropTarget))


def test_click_on_stock_deals_a_flipping_card(table, drive):
    from ecs.components import CardFace

    before = len(table.stock)
    top = table.stock[-1]
    drive.click(drive.center_of(top))
    assert len(table.stock) == before - 1 and table.hand[-1] == top
    drive.step(3)
    assert esper.component_for_entity(top, Transform).squash < 1  # mid-flip
    drive.settle()
    assert esper.component_for_entity(top, CardFace).face_up
    assert esper.component_for_entity(top, Transform).squash == 1


def test_disabled_draggables_cannot_be_picked_up(table, drive):
    stock_card = table.stock[-1]
    start = drive.center_of(stock_card)
    drive.drag(start, (640, 380))
    assert table.drag.held is None
    t = esper.component_for_entity(stock_card, Transform)
    assert (t.x, t.y) == pytest.approx(start, abs=1)


def test_hover_raises_the_card_under_the_pointer(table, drive):
    from ecs.components import Hoverable

    card = table.hand[3]
    x, y = drive.center_of(card)
    drive.move((x, y + 30), steps=2)
    drive.step(20)
    assert esper.component_for_entity(card, Hoverable).hovered
    assert esper.component_for_entity(card, Transform).dy < -5
    others = [e for e in table.hand if e != card]
    assert not any(esper.component_for_entity(e, Hoverable).hovered for e in others)


def test_a_drag_whose_card_is_removed_mid_drag_is_cancelled_quietly(table, drive):
    """A re-sync may delete the held card under the pointer: moving on and letting go must
    neither crash nor drop anything."""
    card = table.hand[0]
    suit = _code(card)[-1]
    start = drive.center_of(card)
    drive.press(start)
    drive.move((start[0] + 40, start[1] - 60), steps=3)
    assert table.drag.held == card
    esper.delete_entity(card)  # as a table re-sync does (removed at the next frame)
    drive.move(_pile_center(table, suit), steps=4)
    drive.release()
    drive.settle()
    assert table.drag.held is None
    assert all(card not in pile for pile in table.piles.values())
    assert sum(len(p) for p in table.piles.values()) == 0  # nothing was dropped
    assert not any(d.active or d.valid for _, d in esper.get_component(DropTarget))


def test_a_pressed_or_selected_card_removed_before_the_gesture_ends(table, drive):
    pressed = table.hand[0]
    drive.press(drive.center_of(pressed))
    esper.delete_entity(pressed, immediate=True)
    drive.move((300, 300), steps=3)  # would start a drag of the vanished card
    drive.release()
    assert table.drag.held is None and table.drag.selected is None
    chosen = table.hand[1]
    drive.click(drive.center_of(chosen))
    assert table.drag.selected == chosen
    esper.delete_entity(chosen, immediate=True)
    drive.click(_pile_center(table, "H"))  # the second click of click-to-select
    drive.settle()
    assert table.drag.selected is None
    assert sum(len(p) for p in table.piles.values()) == 0  # nothing was dropped


def test_a_click_select_predicate_chooses_per_card_and_a_declined_card_drops_the_selection(
        table, drive):
    from ecs.intents import ClickIntent

    chosen, other = table.hand[0], table.hand[3]
    table.drag.click_select = lambda ent: ent == chosen
    table.drag.validator = lambda ent, target: (
        esper.component_for_entity(target, DropTarget).name != "hand", "")
    drive.click(drive.center_of(chosen))
    assert table.drag.selected == chosen
    seen = []
    table.queue.put = seen.append  # see the intents the clicks produce
    drive.click(drive.center_of(other))  # declined: a plain click, and the selection goes
    assert table.drag.selected is None and not esper.has_component(chosen, Selected)
    assert [i.entity for i in seen if isinstance(i, ClickIntent)] == [other]


def test_cancel_on_miss_a_click_on_bare_felt_drops_the_selection(table, drive):
    card = table.hand[0]
    drive.click(drive.center_of(card))
    drive.click((640, 380))  # by default a click on nothing keeps it (as Zertz expects)
    assert table.drag.selected == card
    table.drag.cancel_on_miss = True
    drive.click((640, 380))
    assert table.drag.selected is None
    assert not any(d.active for _, d in esper.get_component(DropTarget))


def test_show_targets_lights_a_scenes_own_selection_and_target_at_finds_them(table, drive):
    pile = next(t for t, d in esper.get_component(DropTarget) if d.name == "pile_S")
    table.drag.show_targets({pile: (True, "")})
    lit = {d.name for _, d in esper.get_component(DropTarget) if d.active and d.valid}
    assert lit == {"pile_S"}
    assert table.drag.target_at(_pile_center(table, "S")) == pile
    table.drag.hide_targets()
    assert not any(d.active for _, d in esper.get_component(DropTarget))


def test_a_held_card_stays_above_the_words_it_passes_over(table, app, drive):
    """The table's words and panels are drawn after its cards; the card in the hand is drawn
    after them, so the title does not show through it."""
    import pygame

    card = table.hand[0]
    drive.press(drive.center_of(card))
    drive.move((140, 40), steps=6)  # over the sandbox's title line (drawn at y 16)
    drive.step(12)
    image, (left, top) = table.render.drawn(card)
    box = image.get_rect(topleft=(left, top)).clip(pygame.Rect(0, 0, *app.size))
    title = pygame.Rect(24, 16, 400, 20).clip(box)
    assert title.width > 100 and title.height > 10

    def differs(x: int, y: int) -> bool:  # a word's pixel, not the card's (nearly opaque)
        card_px, screen_px = image.get_at((x - left, y - top)), app.screen.get_at((x, y))
        return card_px[3] >= 250 and max(abs(a - b) for a, b in zip(card_px[:3],
                                                                    screen_px[:3])) > 12

    assert not any(differs(x, y) for x in range(title.left, title.right)
                   for y in range(title.top, title.bottom))
    drive.release()


def test_esc_while_dragging_puts_the_card_back_and_does_not_pause(table, app, drive):
    import pygame

    card = table.hand[1]
    start = drive.center_of(card)
    drive.press(start)
    drive.move((start[0] + 60, start[1] - 220), steps=5)
    assert table.drag.held == card
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is table  # no pause menu
    assert table.drag.held is None
    drive.release()
    drive.settle()
    assert card in table.hand
    t = esper.component_for_entity(card, Transform)
    assert (t.x, t.y) == pytest.approx(start, abs=2) and t.lift == 0
    drive.key(pygame.K_ESCAPE)  # nothing held now: Esc pauses as ever
    assert app.scenes.top is not table


def test_a_card_caught_on_its_way_goes_back_to_its_resting_place_in_the_order(table, drive):
    """A card gliding above the table (``glide`` raises its draw order while it travels) and
    caught by the pointer, then dropped on nothing, goes back under the cards above its
    resting place, not above everything."""
    from ecs.tween import FLIGHT_Z, glide

    card = table.hand[3]
    order = esper.component_for_entity(card, ZOrder)
    rest = order.z
    t = esper.component_for_entity(card, Transform)
    glide(card, t.x, t.y - 300, 5.0, z=rest)
    drive.step(20)
    assert order.z >= rest + FLIGHT_Z
    caught = (round(t.x), round(t.y))
    drive.drag(caught, (640, 380))
    drive.settle()
    assert order.z == rest


def test_esc_in_the_frame_of_a_drop_leaves_the_drop_standing(table, app, drive):
    """A card let go over its pile with Esc pressed at once (the same frame) went back to
    the hand: the Esc took the card still held (the release was not processed yet)."""
    import pygame

    card = table.hand[0]
    suit = _code(card)[-1]
    drive.press(drive.center_of(card))
    drive.move(_pile_center(table, suit), steps=5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_pile_center(table, suit),
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=41))
    drive.step()
    assert app.scenes.top is not table  # Esc paused, as it does with nothing in hand
    drive.key(pygame.K_ESCAPE)  # resume
    drive.settle()
    assert app.scenes.top is table
    assert card in table.piles[f"pile_{suit}"]


def _bare_felt(table):
    """A point with no entity and no drop target under it."""
    from ecs.input import topmost_at

    for x in range(20, 1260, 20):
        for y in range(20, 700, 20):
            if topmost_at((x, y)) is None and table.drag.target_at((x, y)) is None:
                return (x, y)
    raise AssertionError("no bare felt")


def test_a_press_on_bare_felt_let_go_on_a_card_is_no_click(table, drive):
    """Pressed beside a card and let go over a pile, the pile's card was taken as if
    clicked (a play-tester's Zetema king): a click is a press and a release on the same
    thing, or within a few pixels."""
    before = len(table.stock)
    top = table.stock[-1]
    felt = _bare_felt(table)
    drive.press(felt)
    drive.move(drive.center_of(top), steps=6)
    drive.release()
    drive.settle()
    assert len(table.stock) == before
    card = table.hand[5]  # a selected card is not dropped where such a press ends either
    suit = _code(card)[-1]
    drive.click(drive.center_of(card))
    drive.press(felt)
    drive.move(_pile_center(table, suit), steps=6)
    drive.release()
    drive.settle()
    assert card in table.hand and card not in table.piles[f"pile_{suit}"]


def test_a_press_on_the_stock_let_go_a_little_further_on_it_still_clicks(table, drive):
    before = len(table.stock)
    top = table.stock[-1]
    x, y = drive.center_of(top)
    drive.press((x - 8, y))
    drive.move((x + 8, y), steps=3)
    drive.release()
    drive.settle()
    assert len(table.stock) == before - 1 and table.hand[-1] == top


def test_a_click_that_shakes_a_few_pixels_is_a_click(table, drive):
    """Pressed on a card and let go 8 px aside (past the drag threshold, over the target it
    began over): a click, which selects it, not a drop back where it lay (in Zetema a pile's
    king was then refused: "can only go into a marriage")."""
    card = table.hand[5]
    x, y = drive.center_of(card)
    drive.press((x, y))
    drive.move((x + 6, y + 5), steps=2)
    drive.release()
    drive.settle()
    assert table.drag.selected == card and esper.has_component(card, Selected)
    assert card in table.hand


def test_a_short_drag_onto_another_target_is_still_a_drop(table, drive):
    card = table.hand[0]
    suit = _code(card)[-1]
    drive.drag(drive.center_of(card), _pile_center(table, suit))
    drive.settle()
    assert card in table.piles[f"pile_{suit}"]
