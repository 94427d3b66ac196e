"""The window: the 1280x720 canvas scaled to any window size, up and down, keeping its aspect.

Under the dummy driver SDL still computes the renderer's scale and letterbox viewport, which
is what maps pointer positions back to the canvas; under a real X server (Xvfb + xdotool,
when installed) a real click in a resized window lands on the canvas point under it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from game.app import MIN_WINDOW, SIZE, fit_to_desktop

SCALES = textwrap.dedent("""
    import sys, pygame
    from pygame._sdl2 import video
    from game.app import App
    from game.settings import Settings
    app = App(settings=Settings(), persist=False)
    renderer = video.Renderer.from_window(app.window)
    for arg in sys.argv[1:]:
        app.window.size = tuple(map(int, arg.split("x")))
        pygame.event.pump()
        app.step(1 / 60)
        v = renderer.get_viewport()
        print(*renderer.logical_size, *renderer.scale, v.width, v.height, flush=True)
    sys.stdout.flush()
    import os
    os._exit(0)  # the borrowed renderer must not be freed twice at exit
""")


def run_probe(tmp_path, source, args, env):
    script = tmp_path / "probe.py"
    script.write_text(source)
    root = Path(__file__).resolve().parent.parent
    env = dict(env, PYTHONPATH=os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")])))
    return subprocess.Popen([sys.executable, str(script), *args], cwd=root, env=env,
                            stdout=subprocess.PIPE, text=True)


def test_the_canvas_scales_to_any_window_size_keeping_its_aspect(tmp_path):
    sizes = [(960, 540), (1600, 900), (1920, 1080), (1000, 800), (700, 394)]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out, _ = run_probe(tmp_path, SCALES, [f"{w}x{h}" for w, h in sizes], env).communicate(
        timeout=60)
    lines = out.strip().splitlines()
    assert len(lines) == len(sizes)
    for (w, h), line in zip(sizes, lines):
        lw, lh, sx, sy, vw, vh = map(float, line.split())
        assert (lw, lh) == SIZE
        expected = min(w / SIZE[0], h / SIZE[1])  # fractional, not the largest whole multiple
        assert sx == pytest.approx(expected, abs=0.002) and sy == pytest.approx(expected, abs=0.002)
        assert vw <= SIZE[0] and vh <= SIZE[1]  # never cropped: bars on the long side


def test_the_window_can_be_smaller_than_the_canvas_but_not_tiny(app):
    assert tuple(app.window.minimum_size) == MIN_WINDOW
    app.window.size = (200, 100)
    assert app.window.size[0] >= MIN_WINDOW[0] and app.window.size[1] >= MIN_WINDOW[1]


def test_window_sizes_are_fitted_to_the_desktop(monkeypatch):
    """Fitted with room for the window's frame, title bar and a taskbar: a 1920x1080 window
    on a 1920x1080 screen hid its hand and buttons below the screen's edge."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    assert fit_to_desktop((1600, 900)) == (1600, 900)
    assert fit_to_desktop((1920, 1080)) == (1777, 999)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    assert fit_to_desktop((1280, 720)) == (1223, 687)
    assert fit_to_desktop((1920, 1080)) == (1223, 687)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 600)])
    w, h = fit_to_desktop((1600, 900))
    assert w <= 800 and h <= 600 and (w, h) >= MIN_WINDOW


PROBE = textwrap.dedent("""
    import sys, time, pygame
    from game.app import App
    from game.settings import Settings
    app = App(settings=Settings(), persist=False)
    app.window.size = (int(sys.argv[1]), int(sys.argv[2]))
    app.window.position = (0, 0)
    print("ready", flush=True)
    end = time.time() + 8
    while time.time() < end:
        for e in pygame.event.get():
            if e.type == pygame.MOUSEBUTTONDOWN:
                print("click", e.pos[0], e.pos[1], flush=True)
                sys.exit(0)
        pygame.display.flip()
        time.sleep(0.02)
""")


def free_display(first: int) -> str:
    """An X display number from ``first`` on that no server holds (a display already
    running, with a window manager's frames, made the clicks land 18 px off)."""
    for n in range(first, first + 200):
        if not (Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists()):
            return f":{n}"
    raise AssertionError("no free X display number")


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")
@pytest.mark.parametrize("size, point, expected", [
    ((960, 540), (480, 270), (640, 360)),
    ((1920, 1080), (1440, 270), (960, 180)),
    ((960, 720), (480, 360), (640, 360)),  # letterboxed: bars above and below
])
def test_a_real_click_lands_on_the_canvas_point_under_it(tmp_path, size, point, expected):
    display = free_display(70 + os.getpid() % 20)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        probe = run_probe(tmp_path, PROBE, list(map(str, size)), env)
        assert probe.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        subprocess.run(["xdotool", "mousemove", *map(str, point), "click", "1"], env=env,
                       check=True)
        out, _ = probe.communicate(timeout=10)
        x, y = map(int, out.split()[1:3])
        assert abs(x - expected[0]) <= 2 and abs(y - expected[1]) <= 2
    finally:
        xvfb.terminate()
        xvfb.wait()


def test_settings_offer_only_window_sizes_that_fit_the_desktop(app, monkeypatch):
    from scenes.settings import SettingsScene, window_sizes_that_fit

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    assert (1920, 1080) not in window_sizes_that_fit()  # (the title bar would push it off)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1200)])
    # (a window as wide as the screen fits: it was offered 1904x1071, and a 1920x1080 window
    # set by hand came back at that size)
    assert window_sizes_that_fit()[-1] == (1920, 1080)
    assert fit_to_desktop((1920, 1080)) == (1920, 1080)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1600, 950)])
    # (and the largest that fits: play-testers on this screen missed a size above 1280x720)
    assert window_sizes_that_fit() == [(960, 540), (1024, 576), (1152, 648), (1280, 720),
                                       (1366, 768), (1440, 810), (1546, 869)]
    app.settings.window_size = (1920, 1080)  # (from a larger screen: shrunk to fit this one)
    scene = SettingsScene(app)
    choice = scene.widgets.widgets[4]
    assert [v for v, _ in choice.options] == window_sizes_that_fit()
    assert choice.value == (1546, 869)  # what the window was given (it said 1280 × 720)
    app.settings.window_size = (1590, 900)  # maximised by hand: more than the presets' room
    choice = SettingsScene(app).widgets.widgets[4]
    assert choice.value == (1590, 900) and (1590, 900) in [v for v, _ in choice.options]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 600)])
    assert window_sizes_that_fit() == [(960, 540)]


def test_the_fullscreen_toggle_follows_f11(app, drive):
    from scenes.settings import SettingsScene

    app.scenes.push(SettingsScene(app), transition=None)
    toggle = drive.scene.widgets.widgets[3]
    before = app.settings.fullscreen
    drive.key(pygame.K_F11)
    drive.step()
    assert toggle.value == app.settings.fullscreen
    app.settings.fullscreen = not before
    drive.step()
    assert toggle.value == app.settings.fullscreen


def test_settings_open_while_the_window_is_resized_show_the_new_size(app, drive, monkeypatch):
    """The row kept the size the window had when Settings opened."""
    from scenes.settings import SettingsScene

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    scene = SettingsScene(app)
    app.scenes.push(scene, transition=None)
    drive.step()
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1111, y=677))
    drive.step(2)
    scene.draw(pygame.Surface(app.size))
    assert scene.widgets.widgets[4].value == (1111, 677)


def test_a_window_resized_by_hand_is_remembered_and_shown(app, monkeypatch):
    """Settings showed a preset after the window had been resized by hand, and leaving
    fullscreen went back to the preset instead of the size the window had."""
    from scenes.settings import SettingsScene

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1100, y=650))
    app.step(1 / 60)
    assert app.settings.window_size == (1100, 650)
    choice = SettingsScene(app).widgets.widgets[4]
    assert choice.value == (1100, 650) and (1100, 650) in [v for v, _ in choice.options]
    window = app.window
    if window is not None:  # the way back from fullscreen restores it
        window.size = (1280, 720)
        app._restore_window_size()
        assert tuple(window.size) == (1100, 650)


def test_leaving_fullscreen_restores_a_size_below_the_canvas(app, monkeypatch):
    """The switch to fullscreen and back gives the window SCALED's minimum size again (the
    canvas's 1280x720): a window made 1024x600 by hand came back 1280x720, and could not be
    made smaller than that any more (seen under a real X server)."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    window = app.window
    if window is None:
        pytest.skip("no window handle on this display")
    app.settings.window_size = (1024, 600)
    window.minimum_size = SIZE  # what the switch leaves behind
    window.size = SIZE
    app._restore_window_size()
    assert tuple(window.minimum_size) == MIN_WINDOW
    assert tuple(window.size) == (1024, 600)
