"""The window-size arrows stay under a still pointer: the window scales the whole canvas, so a
window resized at each click moved the arrow away from the pointer (960 × 540 to 1024 × 576
took it 46 px right and 21 px down) and the next click at the same place on the screen missed
it, or hit the Fullscreen switch above; and a window resized as the pointer left the row moved
Done from under a pointer heading for it (its click turned on the Four-colour switch). The
window now takes the size stepped to when Settings close.

Pointer positions here are the window's pixels ("the same place on the screen"), mapped to
the canvas as SDL maps them (scaled to fit, bars on the long side), as under a real X server
(checked by hand with Xvfb and xdotool, 2026-12-03)."""

from __future__ import annotations

import pygame

from game.app import SIZE
from scenes.settings import WINDOW_SIZE, SettingsScene

DESKTOP = [(1920, 1080)]
SIZES = [(960, 540), (1024, 576), (1152, 648), (1280, 720), (1366, 768)]


def window_size() -> tuple[int, int]:
    return tuple(pygame.display.get_window_size())


def to_canvas(point: tuple[int, int]) -> tuple[int, int]:
    """The canvas point under ``point`` of the window as it is now (SCALED's mapping)."""
    w, h = window_size()
    scale = min(w / SIZE[0], h / SIZE[1])
    left, top = (w - SIZE[0] * scale) / 2, (h - SIZE[1] * scale) / 2
    return int((point[0] - left) / scale), int((point[1] - top) / scale)


def to_window(point: tuple[int, int]) -> tuple[int, int]:
    w, h = window_size()
    scale = min(w / SIZE[0], h / SIZE[1])
    left, top = (w - SIZE[0] * scale) / 2, (h - SIZE[1] * scale) / 2
    return round(left + point[0] * scale), round(top + point[1] * scale)


def open_settings(app, drive, monkeypatch) -> SettingsScene:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: DESKTOP)
    assert app.set_window_size(SIZES[0])
    app.settings.window_size = SIZES[0]
    scene = SettingsScene(app)
    app.scenes.push(scene, transition=None)
    drive.settle()
    choice = scene.widgets.widgets[WINDOW_SIZE]
    assert [v for v, _ in choice.options][:len(SIZES)] == SIZES and choice.value == SIZES[0]
    assert window_size() == SIZES[0]
    return scene


def test_clicks_at_one_place_on_the_screen_step_through_the_sizes(app, drive, monkeypatch):
    scene = open_settings(app, drive, monkeypatch)
    choice = scene.widgets.widgets[WINDOW_SIZE]
    spot = to_window(choice._boxes()[2].center)  # the right arrow, on the screen
    fullscreen = app.settings.fullscreen
    for size in SIZES[1:4]:
        drive.click(to_canvas(spot))  # the pointer has not moved on the screen
        assert choice.value == size
        assert choice._boxes()[2].collidepoint(to_canvas(spot))  # still under it
    assert app.settings.fullscreen == fullscreen  # nothing else was hit
    assert window_size() == SIZES[0]  # the window waits for Settings to close
    drive.move((scene.panel.centerx, scene.panel.bottom - 150))  # off the row's field
    drive.step(2)
    assert window_size() == SIZES[0] and scene.widgets.widgets[WINDOW_SIZE].value == SIZES[3]


def test_a_pointer_heading_for_done_after_a_new_size_closes_settings(app, drive, monkeypatch):
    """The play-tester's path: a size stepped to, then straight down to Done, where the
    eye saw it on the screen: Settings close there and nothing else changes."""
    scene = open_settings(app, drive, monkeypatch)
    choice = scene.widgets.widgets[WINDOW_SIZE]
    done = to_window(scene.widgets.widgets[-1].rect.center)  # Done, on the screen
    before = (app.settings.four_colour, app.settings.undo_between_people,
              app.settings.telefunken_cut)
    drive.click(choice._boxes()[2].center)
    assert choice.value == SIZES[1]
    path = [to_window(choice._boxes()[2].center), done]
    for i in range(1, 9):  # down the screen, one window pixel position after another
        x = path[0][0] + (path[1][0] - path[0][0]) * i / 8
        y = path[0][1] + (path[1][1] - path[0][1]) * i / 8
        drive.move(to_canvas((round(x), round(y))))
    drive.click(to_canvas(done))
    drive.settle()
    assert scene not in app.scenes.stack  # Done was where the eye saw it
    assert (app.settings.four_colour, app.settings.undo_between_people,
            app.settings.telefunken_cut) == before
    assert window_size() == SIZES[1] and app.settings.window_size == SIZES[1]


def test_the_size_stepped_to_is_taken_when_settings_close(app, drive, monkeypatch):
    scene = open_settings(app, drive, monkeypatch)
    right = scene.widgets.widgets[WINDOW_SIZE]._boxes()[2]
    drive.click(right.center)
    drive.click(right.center)
    assert window_size() == SIZES[0]
    drive.key(pygame.K_ESCAPE)  # closed with the pointer still on the arrow
    drive.settle()
    assert scene not in app.scenes.stack
    assert window_size() == SIZES[2] and app.settings.window_size == SIZES[2]


def test_stepping_back_to_the_windows_size_changes_nothing(app, drive, monkeypatch):
    scene = open_settings(app, drive, monkeypatch)
    field, left, right = scene.widgets.widgets[WINDOW_SIZE]._boxes()
    drive.click(right.center)
    drive.click(left.center)
    drive.move((field.centerx, field.bottom + 40))
    assert window_size() == SIZES[0] and app.settings.window_size == SIZES[0]


def test_the_sizes_stop_at_either_end(app, drive, monkeypatch):
    """‹ at the smallest size stepped round to the largest (pt68 overshot with repeated
    clicks): the sizes stop at either end, the arrow there dimmed."""
    from scenes import theme

    scene = open_settings(app, drive, monkeypatch)
    choice = scene.widgets.widgets[WINDOW_SIZE]
    _field, left, right = choice._boxes()
    drive.click(left.center)
    assert choice.value == SIZES[0] and choice._at_end(-1) and not choice._at_end(1)
    drawn = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, pos, size, colour, *a, **k:
                        drawn.append((text, colour)) or real(surface, text, pos, size, colour,
                                                              *a, **k))
    choice.draw(app.screen)
    monkeypatch.setattr(theme, "blit_text", real)
    assert dict(drawn)["‹"] == theme.INK_FAINT and dict(drawn)["›"] == theme.GOLD
    for _ in range(len(choice.options) + 2):
        drive.click(right.center)
    assert choice.value == choice.options[-1][0] and choice._at_end(1)
