"""Canvas-sized pictures are made before a game's frames and reused, never made in one
(performance issue: a new 1280x720 surface cost the frame that first drew in it a page fault
per page, 6-17 ms: the table's second frame, in the middle of its opening slide, and the
frames that opened the first results of a game took 14-38 ms), and a Telefunken banner's
narrower shapes are made only when its first shape has no free place (4-8 ms of text
measuring in the frame a banner came on a table full of melds); the glows of a table's drop
targets are made before it opens (the frame that first lifted a card took 10 ms)."""

from __future__ import annotations

import esper
import pygame

from ecs import render
from ecs.components import CardFace, DropTarget
from scenes import pictures, theme
from scenes.pause import PauseMenu
from scenes.results import ResultsOverlay
from scenes.sandbox_table import SandboxTable
from scenes.telefunken import table as telefunken_table
from scenes.zertz_table import ZertzTable
from tests.test_idle_frames import PEOPLE, pixels, quiet_table


def test_a_table_keeps_its_background_in_a_picture_made_before_it_opens(app, drive):
    table = ZertzTable(app, PEOPLE)
    app.scenes.reset(table, transition="slide", reverse=False)
    kept = table._kept_background
    assert kept is not None and kept.get_size() == app.size  # made as the table opened
    drive.settle()
    drive.step(5)
    assert table._background_for is not None  # the background is kept ...
    assert table._kept_background is kept  # ... in that very picture
    shown = pixels(app.screen)
    table._background_for = None  # drawn afresh: the kept picture showed the same
    app.scenes.invalidate()
    app.draw(app.screen)
    assert pixels(app.screen) == shown
    made = [kept, *pictures._spares]
    following = ZertzTable(app, PEOPLE)
    app.scenes.reset(following, transition="slide", reverse=False)
    assert table._kept_background is None  # the table that left gave it back ...
    assert any(p is kept for p in [following._kept_background, *pictures._spares])
    # ... and the next table keeps its own in a picture made before: none was made
    assert any(following._kept_background is p for p in made)


def test_transitions_and_the_picture_under_a_menu_use_the_stacks_own_surfaces(app, drive):
    table = quiet_table(app, drive)
    manager = app.scenes
    seen: list[pygame.Surface] = []  # (kept alive: identities stay meaningful)
    unders: list[pygame.Surface] = []
    for _ in range(4):
        manager.push(PauseMenu(app, table), transition="fade")
        seen.append(manager.transition.old)
        drive.settle()
        drive.step(2)
        unders.append(manager._under)
        manager.pop(transition="fade")
        seen.append(manager.transition.old)
        drive.settle()
    distinct = {id(s) for s in seen}
    assert len(distinct) <= 3  # eight transitions, at most three pictures of the old frame
    assert all(u is manager._under_own for u in unders)  # the table under the menu: one surface
    assert manager.top is table


def test_a_table_stocks_the_pictures_its_menus_and_results_will_need(app, drive):
    table = quiet_table(app, drive)
    manager = app.scenes
    pictures._spares.clear()
    table.prepare(manager.scratch)
    assert any(p.get_size() == app.size for p in pictures._spares)
    assert len(manager._pictures) >= 2 and manager._under_own is not None
    made = theme._veil.cache_info().currsize
    for alpha in (theme.VEIL_SUMMARY, theme.VEIL_RESULTS, theme.VEIL_PAUSE):
        theme.dim(manager.scratch, alpha)
    assert theme._veil.cache_info().currsize == made  # every veil was made already
    spare = next(p for p in pictures._spares if p.get_size() == app.size)
    overlay = ResultsOverlay(app, "You win", "", ["Seat"], [["Seat 1"]], lambda: None,
                             lambda: None, log=[f"move {n}" for n in range(60)])
    manager.push(overlay, transition="fade")
    assert overlay._static is spare  # the results take the spare picture as they open
    drive.settle()
    drive.step(2)
    assert overlay._static is spare and overlay._static_for is not None
    before = pixels(overlay._static)
    drive.move(overlay.log_rect.center)
    drive.wheel(1)
    assert overlay.scroll == 3
    assert overlay._static is spare  # scrolling draws the move list into the same picture
    assert pixels(overlay._static) != before
    manager.pop(transition=None)
    assert any(p is spare for p in pictures._spares)  # given back as the results close


def test_an_opaque_panel_is_drawn_in_place_with_the_pixels_of_its_layer():
    theme._panel.cache_clear()
    for size, radius in (((700, 480), 14), ((40, 20), 14), ((300, 90), 60)):
        base = pygame.Surface((800, 600))
        base.fill((30, 90, 60))
        pygame.draw.circle(base, (200, 10, 10), (400, 300), 250)
        drawn, layered = base.copy(), base.copy()
        rect = pygame.Rect((30, 40), size)
        theme.panel(drawn, rect, alpha=255, edge=theme.GOLD, radius=radius)
        assert theme._panel.cache_info().currsize == 0  # no layer was made for it
        layered.blit(theme._panel(size, 255, theme.PANEL, theme.GOLD, radius), rect.topleft)
        theme._panel.cache_clear()
        assert pixels(drawn) == pixels(layered)


def test_a_banner_with_a_free_place_makes_none_of_its_narrower_shapes(monkeypatch):
    made = []
    real = telefunken_table.narrow_banner

    def counting(*args, **kwargs):
        made.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(telefunken_table, "narrow_banner", counting)
    within = pygame.Rect(0, 0, 1000, 500)
    words = "Seat 3 went out: the deal is over"
    box, images = telefunken_table.banner_place(words, within, [])
    assert made == []  # the first shape had a free place: nothing narrower was made
    assert box.size == telefunken_table.banner_box(words, within)[0].size
    full = [pygame.Rect(0, 0, 1000, 500)]  # everything covered: every shape is weighed
    telefunken_table.banner_place(words, within, full)
    assert len(made) > 3


def test_a_table_makes_its_drop_targets_glows_before_it_opens(app, drive):
    render._glows.clear()
    table = SandboxTable(app, seed=3, deal=8)
    app.scenes.push(table, transition="fade")  # prepared as it opens
    made = dict(render._glows)
    assert made  # the glows of the table's targets, lit and hovered
    drive.settle()
    card = table.hand[2]
    start = drive.center_of(card)
    drive.press(start)
    drive.move((start[0] + 40, start[1] - 200), steps=5)
    drive.step(3)
    lit = [d for _, d in esper.get_component(DropTarget) if d.active and d.valid]
    assert len(lit) == 3
    suit = esper.component_for_entity(card, CardFace).code[-1]
    drive.move(table.layout[f"pile_{suit}"].rect.center, steps=3)  # one of them hovered
    drive.step(2)
    assert any(d.hovered for d in lit)
    assert render._glows == made  # lifting the card and hovering a pile made no glow
    drive.release()
