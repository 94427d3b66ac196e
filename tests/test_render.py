"""The render system: draw order kept between frames, resting sprites cost no work, turning
sprites use the coarse angle step without changing how they look once at rest."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs import render as render_module
from ecs.components import DrawOrderClock, Sprite, Transform, ZOrder
from ecs.render import SMOOTH_AFTER, RenderSystem
from ecs.world import SceneWorld

RED, BLUE, GREEN, FELT = (220, 30, 30), (30, 30, 220), (30, 200, 30), (0, 80, 40)


@pytest.fixture
def world():
    w = SceneWorld("render-test")
    yield w
    w.destroy()


def _block(color, size=(20, 20)) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(color)
    return surf


def _sprite(color, z, x=50, y=50, angle=0.0) -> int:
    return esper.create_entity(Transform(x, y, angle=angle), Sprite(_block(color)), ZOrder(z))


def _frame(render: RenderSystem) -> pygame.Surface:
    surface = pygame.Surface((100, 100))
    surface.fill(FELT)
    render.draw(surface)
    return surface


def test_draw_list_is_sorted_once_while_nothing_changes(world):
    render = RenderSystem()
    _sprite(RED, 1)
    _sprite(BLUE, 2)
    for _ in range(5):
        assert _frame(render).get_at((50, 50))[:3] == BLUE
    assert render.rebuilds == 1


def test_z_change_reorders_and_same_value_does_not(world):
    render = RenderSystem()
    red = _sprite(RED, 1)
    _sprite(BLUE, 2)
    _frame(render)
    order = esper.component_for_entity(red, ZOrder)
    tick = DrawOrderClock.tick
    order.z = 1  # the same value: nothing to re-sort
    assert DrawOrderClock.tick == tick
    _frame(render)
    assert render.rebuilds == 1
    order.z = 3
    assert _frame(render).get_at((50, 50))[:3] == RED
    assert render.rebuilds == 2


def test_added_removed_and_hidden_sprites_update_the_draw_list(world):
    render = RenderSystem()
    red = _sprite(RED, 1)
    assert _frame(render).get_at((50, 50))[:3] == RED
    green = _sprite(GREEN, 5)
    assert _frame(render).get_at((50, 50))[:3] == GREEN
    esper.component_for_entity(green, Sprite).visible = False
    assert _frame(render).get_at((50, 50))[:3] == RED
    esper.component_for_entity(green, Sprite).visible = True
    assert _frame(render).get_at((50, 50))[:3] == GREEN
    esper.delete_entity(green, immediate=True)
    assert _frame(render).get_at((50, 50))[:3] == RED
    esper.remove_component(red, Sprite)
    assert _frame(render).get_at((50, 50))[:3] == FELT
    assert render.rebuilds == 6


def test_moving_sprite_is_drawn_at_its_new_place(world):
    render = RenderSystem()
    ent = _sprite(RED, 1, x=20, y=20)
    assert _frame(render).get_at((20, 20))[:3] == RED
    esper.component_for_entity(ent, Transform).x = 80
    surface = _frame(render)
    assert surface.get_at((80, 20))[:3] == RED and surface.get_at((20, 20))[:3] == FELT
    assert render.rebuilds == 1  # a move is not a change of order


class _Spy:
    """Counts calls of the pygame transforms the renderer uses."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[str] = []
        for name in ("rotate", "rotozoom", "smoothscale", "scale"):
            real = getattr(pygame.transform, name)

            def spy(*args, _real=real, _name=name):
                self.calls.append(_name)
                return _real(*args)

            monkeypatch.setattr(render_module.pygame.transform, name, spy)


def test_sprite_at_rest_is_not_transformed_again(world, monkeypatch):
    spy = _Spy(monkeypatch)
    render = RenderSystem()
    _sprite(RED, 1, angle=10)
    lookups = []
    real_lookup = render._transformed_settled
    monkeypatch.setattr(render, "_transformed_settled",
                        lambda *a: lookups.append(1) or real_lookup(*a))
    _frame(render)
    assert spy.calls == ["rotate"]  # a fast rotation first
    for _ in range(SMOOTH_AFTER):
        _frame(render)
    assert spy.calls == ["rotate", "rotozoom"]  # upgraded to the smooth one once at rest
    asked = len(lookups)
    assert asked == SMOOTH_AFTER  # asked each frame until the upgrade, no more
    for _ in range(30):
        _frame(render)
    assert spy.calls == ["rotate", "rotozoom"]
    assert len(lookups) == asked  # at rest: no cache look-up, no rounding, nothing


@pytest.mark.parametrize("turning", [
    [0.0, 1.2, 2.9, 4.4, 5.1, 6.3, 7.0, 7.7, 8.4, 9.2, 9.6, 9.9, 10.0],
    # upright in its first turning frame, then within the same coarse step to rest tilted
    # (a fanned card in the sandbox stayed upright at rest)
    [5.0, 0.4, -0.3, -0.8, -1.2],
])
def test_turning_sprite_uses_coarse_step_and_comes_to_rest_as_before(world, turning):
    """The coarse step while turning must not change the image once the sprite rests, nor
    when the smooth upgrade happens: compare with a renderer without the coarse step."""
    image = pygame.Surface((30, 44), pygame.SRCALPHA)
    image.fill((200, 180, 40, 255))
    pygame.draw.line(image, (10, 10, 10), (0, 0), (29, 43), 3)
    angles = turning + [turning[-1]] * 16  # then at rest
    frames = {}
    for step in (2, 4):
        render = RenderSystem()
        render.turning_step = step
        ent = esper.create_entity(Transform(50, 50), Sprite(image), ZOrder(0))
        drawn = []
        for angle in angles:
            esper.component_for_entity(ent, Transform).angle = angle
            _frame(render)
            img, pos = render.drawn(ent)
            drawn.append((pygame.image.tobytes(img, "RGBA"), img.get_size(), pos))
        frames[step] = drawn
        esper.delete_entity(ent, immediate=True)
    moving, resting = slice(0, len(turning)), slice(len(turning), None)
    assert frames[4][moving] != frames[2][moving]  # coarser while the angle changes
    assert frames[4][-4][0] == frames[4][-1][0] != frames[4][len(turning)][0]  # upgraded at rest
    assert frames[4][resting] == frames[2][resting]  # identical at rest, upgrade included


def test_turning_within_one_coarse_step_moves_the_image_without_making_it_again(world,
                                                                                monkeypatch):
    """A sprite turning and moving whose coarse angle stays the same keeps last frame's
    image: no transform and no look-up of the transformed image, only its place moves."""
    spy = _Spy(monkeypatch)
    render = RenderSystem()
    ent = _sprite(RED, 1, angle=10.0)
    _frame(render)
    _frame(render)  # 10.0 twice: at rest
    transform = esper.component_for_entity(ent, Transform)
    transform.angle = 11.0  # turning (coarse 12)
    _frame(render)
    calls = list(spy.calls)
    image, _ = render.drawn(ent)
    lookups = []
    real_lookup = render._transformed_settled
    monkeypatch.setattr(render, "_transformed_settled",
                        lambda *a: lookups.append(1) or real_lookup(*a))
    for k, angle in enumerate((11.3, 11.6, 12.2, 12.9, 13.5)):  # all coarse 12
        transform.angle = angle
        transform.x = 50 + k + 1
        _frame(render)
        drawn, (left, _top) = render.drawn(ent)
        assert drawn is image
        assert left == round(transform.x - image.get_width() / 2)
    assert lookups == [] and spy.calls == calls
    transform.angle = 14.5  # coarse 16: a new image
    _frame(render)
    assert lookups == [1] and render.drawn(ent)[0] is not image


def test_card_turning_over_while_it_turns_is_its_rotated_image_narrowed(world, monkeypatch):
    """A squash while the angle changes narrows the cached rotated image (one rotation for
    the whole half turn, a cheaper scaling per frame) instead of rotating a new narrow
    image."""
    image = pygame.Surface((30, 44), pygame.SRCALPHA)
    image.fill((200, 180, 40, 255))
    whole = pygame.transform.rotate(image, 20)
    spy = _Spy(monkeypatch)
    render = RenderSystem()
    ent = esper.create_entity(Transform(50, 50, angle=20.0), Sprite(image), ZOrder(0))
    _frame(render)
    transform = esper.component_for_entity(ent, Transform)
    for k, squash in enumerate((0.9, 0.7, 0.4, 0.15)):
        transform.angle = 20.0 + 0.3 * (k + 1)  # turning, coarse 20
        transform.squash = squash
        _frame(render)
        drawn, _ = render.drawn(ent)
        assert drawn.get_size() == (round(whole.get_width() * squash), whole.get_height())
    assert spy.calls.count("rotate") == 2  # the first frame's and the coarse one, no more
    assert spy.calls.count("smoothscale") == 4


def test_drawn_reports_image_and_place(world):
    render = RenderSystem()
    ent = _sprite(RED, 1, x=40, y=30)
    assert render.drawn(ent) is None
    _frame(render)
    img, pos = render.drawn(ent)
    assert img.get_size() == (20, 20) and pos == (30, 20)


def test_a_sprite_on_its_way_above_the_table_waits_for_the_panels(world):
    """Cards flying (``glide``) went under the panels' words drawn after the sprites (the
    status line over the hand being dealt, a seat's panel over a bought card): with
    ``defer_lifted`` they are drawn with the lifted ones, after the scene's words."""
    from ecs.tween import FLIGHT_Z

    render = RenderSystem()
    _sprite(RED, 1)
    _sprite(BLUE, FLIGHT_Z + 5, x=60)
    surface = pygame.Surface((100, 100))
    surface.fill(FELT)
    render.draw(surface, defer_lifted=True)
    assert surface.get_at((70, 50))[:3] == FELT  # the flying one is not drawn yet
    surface.fill(GREEN, pygame.Rect(0, 40, 100, 20))  # the scene's words over the table
    render.draw_lifted(surface)
    assert surface.get_at((60, 50))[:3] == BLUE  # above them
    assert surface.get_at((45, 50))[:3] == GREEN  # (the one at rest stays under the words)


def test_an_outline_fades_with_its_translucent_sprite(world):
    """A glowing card fading in (a Chắn computer's discard, the live card, leaving its seat's
    panel) showed its outline alone at full strength: an empty gold frame over the panel."""
    from ecs.components import Glow

    render = RenderSystem()
    ent = _sprite(RED, 1)
    esper.add_component(ent, Glow(GREEN, 3))
    transform = esper.component_for_entity(ent, Transform)
    edge = (50 - 10 - 2, 50)  # on the outline, left of the 20-pixel square
    assert _frame(render).get_at(edge)[:3] == GREEN
    transform.alpha = 0.0
    assert _frame(render).get_at(edge)[:3] == FELT  # nothing shows, the outline neither
    transform.alpha = 128.0
    half = _frame(render).get_at(edge)[:3]
    assert half != GREEN and half != FELT  # half way
    assert abs(half[1] - (FELT[1] + GREEN[1]) / 2) < 8


def test_a_hints_glow_on_a_chosen_card_stands_outside_its_chosen_edge(world):
    """A card chosen into Zetema's meld zone and then hinted: its chosen edge, drawn after
    the hint's glow on the same box, hid the glow (pt92). The glow stands outside it."""
    from ecs.components import Glow, Selected

    render = RenderSystem()
    ent = _sprite(RED, 1)
    esper.add_component(ent, Glow(GREEN, 3))
    esper.add_component(ent, Selected())
    frame = _frame(render)
    edge = render.select_edge
    assert frame.get_at((50 - 10 - 2, 50))[:3] == tuple(edge)[:3]   # the chosen edge
    outside = [frame.get_at((x, 50))[:3] for x in range(50 - 10 - 9, 50 - 10 - 3)]
    assert GREEN in outside, outside                                  # the glow beyond it
