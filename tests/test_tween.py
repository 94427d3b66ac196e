"""Tweening: easing, speed setting, chaining and card flips (in a bare esper world)."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs.components import CardFace, Sprite, Transform, Tweens, ZOrder
from ecs.tween import TweenSystem, animate, flip, is_animating, linear, move_to
from ecs.world import SceneWorld


@pytest.fixture
def world():
    w = SceneWorld("test")
    yield w
    w.destroy()


def _card():
    front, back = pygame.Surface((10, 14)), pygame.Surface((10, 14))
    return esper.create_entity(Transform(0, 0), Sprite(front), ZOrder(0),
                               CardFace(front, back, face_up=False))


def run(system, seconds, dt=1 / 60):
    for _ in range(round(seconds / dt)):
        system.process(dt)


def test_move_reaches_target_and_stops(world):
    ent = _card()
    system = TweenSystem()
    move_to(ent, 100, 50, duration=0.3)
    run(system, 0.15)
    t = esper.component_for_entity(ent, Transform)
    assert 0 < t.x < 100 and 0 < t.y < 50
    run(system, 0.2)
    assert (t.x, t.y) == (100, 50)
    assert not is_animating()


def test_linear_midpoint_and_easing_differs(world):
    a, b = _card(), _card()
    system = TweenSystem()
    animate(a, "x", 100, 1.0, ease=linear)
    animate(b, "x", 100, 1.0)  # ease-out: ahead of linear at the midpoint
    run(system, 0.5)
    xa = esper.component_for_entity(a, Transform).x
    xb = esper.component_for_entity(b, Transform).x
    assert xa == pytest.approx(50, abs=2)
    assert xb > xa + 20


def test_scale_rotate_fade(world):
    ent = _card()
    system = TweenSystem()
    animate(ent, "scale", 2.0, 0.2)
    animate(ent, "angle", 90, 0.2)
    animate(ent, "alpha", 0, 0.2)
    run(system, 0.25)
    t = esper.component_for_entity(ent, Transform)
    assert (t.scale, t.angle, t.alpha) == (2.0, 90.0, 0.0)


def test_speed_multiplier_slows_and_instant_completes(world):
    ent = _card()
    slow = TweenSystem(lambda: 2.0)
    animate(ent, "x", 10, 0.3)
    run(slow, 0.3)
    assert esper.component_for_entity(ent, Transform).x < 10
    run(slow, 0.35)
    assert esper.component_for_entity(ent, Transform).x == 10
    animate(ent, "x", 99, 5.0, delay=3.0)
    TweenSystem(lambda: 0.0).process(1 / 60)
    assert esper.component_for_entity(ent, Transform).x == 99


def test_delay_and_on_done_chain(world):
    ent = _card()
    system = TweenSystem()
    done = []
    animate(ent, "x", 10, 0.1, delay=0.2, on_done=lambda: done.append(1))
    run(system, 0.15)
    assert esper.component_for_entity(ent, Transform).x == 0
    run(system, 0.2)
    assert done == [1]


def test_new_tween_on_same_attribute_replaces_old(world):
    ent = _card()
    animate(ent, "x", 10, 1.0)
    animate(ent, "x", -10, 1.0)
    assert [t.end for t in esper.component_for_entity(ent, Tweens).items] == [-10]


def test_flip_is_a_horizontal_squash_with_face_swap_at_middle(world):
    ent = _card()
    system = TweenSystem()
    face = esper.component_for_entity(ent, CardFace)
    t = esper.component_for_entity(ent, Transform)
    flipped = []
    flip(ent, 0.4, on_done=lambda: flipped.append(True))
    run(system, 0.1)
    assert 0 < t.squash < 1 and face.face_up is False
    run(system, 0.12)
    assert face.face_up is True  # swapped at the thin point
    assert t.squash < 1
    run(system, 0.25)
    assert t.squash == 1.0 and flipped == [True]
    assert t.x == 0 and t.y == 0  # a flip does not move the card


def test_tweens_started_together_keep_their_own_ease_and_values(world):
    ent = _card()
    system = TweenSystem()
    move_to(ent, 100, 50, duration=0.6)  # x and y share the time and the ease
    animate(ent, "angle", 30, 0.6, ease=linear)  # same time, another ease
    animate(ent, "scale", 2.0, 1.2)  # same ease, another time
    run(system, 0.3)
    t = esper.component_for_entity(ent, Transform)
    fraction = t.x / 100
    assert 0.5 < fraction < 1 and t.y == pytest.approx(50 * fraction)
    assert t.angle == pytest.approx(15, abs=0.6)  # linear: half way
    assert 1.0 < t.scale < 1 + fraction  # ease-out at a quarter of its time, behind x


def test_a_finished_tween_leaves_the_others_running_in_order(world):
    ent = _card()
    system = TweenSystem()
    animate(ent, "x", 10, 0.1)
    animate(ent, "y", 20, 0.5)
    animate(ent, "angle", 30, 0.1, delay=0.3)
    run(system, 0.2)
    items = esper.component_for_entity(ent, Tweens).items
    assert [tw.attr for tw in items] == ["y", "angle"]
    t = esper.component_for_entity(ent, Transform)
    assert t.x == 10 and 0 < t.y < 20 and t.angle == 0
    run(system, 0.5)
    assert (t.x, t.y, t.angle) == (10, 20, 30)
    assert not esper.component_for_entity(ent, Tweens).items


def test_a_glide_travels_above_everything_at_rest_and_lands_at_its_place(world):
    """A card thrown onto a pile passes over the hand and the other piles (its draw order
    rises by FLIGHT_Z while it moves), waits for its delay where it lies, and lands at the z
    it was given (on top of its own pile, under nothing it should be under)."""
    from ecs.tween import FLIGHT_Z, glide

    resting = _card()
    esper.component_for_entity(resting, ZOrder).z = 500  # e.g. a hand card
    flying = _card()
    order = esper.component_for_entity(flying, ZOrder)
    order.z = 40
    system = TweenSystem()
    glide(flying, 100, 50, 0.3, angle=10, z=120, delay=0.1)
    assert order.z == 40  # waiting for its delay: where it lies, in its place there
    run(system, 0.05)
    assert order.z == 40
    run(system, 0.1)  # on its way
    assert order.z >= 120 + FLIGHT_Z > esper.component_for_entity(resting, ZOrder).z
    run(system, 0.3)
    t = esper.component_for_entity(flying, Transform)
    assert (t.x, t.y, t.angle, order.z) == (100, 50, 10, 120)


def test_a_glide_replacing_one_under_way_stays_above_and_instant_speed_lands_it(world):
    from ecs.tween import FLIGHT_Z, glide

    ent = _card()
    order = esper.component_for_entity(ent, ZOrder)
    system = TweenSystem()
    glide(ent, 100, 0, 0.3, z=7)
    assert order.z >= 7 + FLIGHT_Z  # no delay: up at once
    run(system, 0.1)
    glide(ent, 0, 100, 0.3, z=9, delay=0.2)  # caught on its way: it does not dip under
    assert order.z >= 9 + FLIGHT_Z
    instant = TweenSystem(speed=lambda: 0.0)
    instant.process(1 / 60)
    t = esper.component_for_entity(ent, Transform)
    assert (t.x, t.y, order.z) == (0, 100, 9)


def test_the_farther_a_card_goes_the_higher_it_flies(world):
    """A discard leaving the hand passed under the hand's cards closing up behind it (they
    glide a slot each, raised too): the longer way flies above the shorter ones, and cards
    on like ways keep their order at rest."""
    from ecs.tween import glide

    far, near, next_to = _card(), _card(), _card()
    for ent, z in ((far, 5), (near, 20), (next_to, 21)):
        esper.component_for_entity(ent, ZOrder).z = z
    glide(far, 0, 400, 0.3, z=5)        # out of the hand onto a pile
    glide(near, 60, 0, 0.3, z=20)       # a hand card closing up
    glide(next_to, 70, 0, 0.3, z=21)    # its neighbour
    z = {ent: esper.component_for_entity(ent, ZOrder).z for ent in (far, near, next_to)}
    assert z[far] > z[next_to] > z[near]
    run(TweenSystem(), 0.4)
    assert [esper.component_for_entity(e, ZOrder).z for e in (far, near, next_to)] == [5, 20, 21]
