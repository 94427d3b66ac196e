"""Layouts, sounds, the catalogue, the tour, the command line and the layering rules."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from ecs.audio import EFFECTS, AudioSystem, SoundBank
from game.catalog import BY_KEY, GAMES, GameConfig, Seat, default_config
from game.layout import load_layout

ROOT = Path(__file__).resolve().parent.parent


def test_menu_layout_has_the_four_tiles_and_buttons():
    layout = load_layout("menu")
    assert [z.name for z in layout.layer("tiles")] == ["zetema", "telefunken", "zertz", "chan"]
    assert {z.name for z in layout.layer("buttons")} == {"continue", "rules", "stats", "settings", "quit"}
    assert all(z.props["zone"] == "tile" for z in layout.layer("tiles"))
    tiles = [z.rect for z in layout.layer("tiles")]
    assert all(not a.colliderect(b) for i, a in enumerate(tiles) for b in tiles[i + 1:])
    assert all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in tiles)


def test_sandbox_layout_zones():
    layout = load_layout("sandbox")
    assert {"stock", "pile_S", "pile_H", "pile_D", "pile_C", "discard", "hand"} <= set(
        layout.zones)
    assert layout["pile_H"].props["suit"] == "H"


def test_missing_or_broken_layout_raises_clearly(tmp_path, monkeypatch):
    import game.layout as layout_module

    with pytest.raises(FileNotFoundError):
        layout_module.load_layout("no-such-map")
    (tmp_path / "bad.tmx").write_text("<map", encoding="utf-8")
    monkeypatch.setattr(layout_module, "MAPS", tmp_path)
    layout_module.load_layout.cache_clear()
    with pytest.raises(ValueError, match="could not be read"):
        layout_module.load_layout("bad")
    layout_module.load_layout.cache_clear()


def test_sound_effects_synthesise_and_play_silently():
    pygame.init()
    bank = SoundBank(enabled=True, volume=0.5)
    for name, make in EFFECTS.items():
        samples = make()
        assert len(samples) > 100 and max(samples) > 1000
        bank.play(name)
    assert bank.played[-len(EFFECTS):] == list(EFFECTS)
    with pytest.raises(KeyError):
        bank.play("trumpet")


def test_audio_system_plays_each_requested_sound_once_per_frame():
    bank = SoundBank(enabled=False)
    system = AudioSystem(bank)
    for name in ("deal", "deal", "score"):
        system.request(name)
    system.process(1 / 60)
    assert bank.played == ["deal", "score"]
    system.process(1 / 60)
    assert bank.played == ["deal", "score"]


def test_catalogue():
    assert [g.title for g in GAMES] == ["Zetema", "Telefunken", "Zertz", "Chắn"]
    assert (BY_KEY["zetema"].min_players, BY_KEY["zetema"].max_players) == (2, 6)
    assert (BY_KEY["zertz"].min_players, BY_KEY["zertz"].max_players) == (2, 2)
    assert BY_KEY["chan"].players_text == "4 players"


def test_config_round_trip_and_validation():
    config = default_config("zetema", players=4, seed=9)
    assert GameConfig.from_json(config.to_json()) == config
    for bad in ({"game": "chess"}, {"game": "zertz", "seats": [{"kind": "human"}]},
                {"game": "zertz", "seats": [{"kind": "ai", "level": "godlike"}] * 2},
                {"game": "zertz", "seats": [{"kind": "ai"}] * 2, "seed": "x"}):
        with pytest.raises(ValueError):
            GameConfig.from_json(bad)
    assert Seat("human").is_human
    # the reason names what is wrong (a number for the whole configuration was called an
    # unknown game, pt98)
    for bad, reason in ((5, "not a set of named values"), ({"seats": []}, "no game is named"),
                        ({"game": "chess"}, "unknown game")):
        with pytest.raises(ValueError, match=reason):
            GameConfig.from_json(bad)


def test_tour_writes_a_png_for_every_screen(tmp_path):
    from game.tour import run_tour

    written = run_tour(tmp_path / "shots")
    names = {p.name.split("_", 1)[1] for p in written}
    expected = {"menu.png", "settings.png", "pause_menu.png", "sandbox_table.png",
                "sandbox_dragging.png"} | {f"setup_{g.key}.png" for g in GAMES} | {
        f"rules_{g.key}.png" for g in GAMES}
    assert expected <= names
    for info in GAMES:
        if info.available:
            assert any(n.startswith(f"table_{info.key}") for n in names)
    tables = [n for n in names if n.startswith("table_") and "@" not in n]
    for name in tables:  # every table also as a small and a large window show it
        for size in ("960x540", "1920x1080"):
            assert name.replace(".png", f"@{size}.png") in names
    for path in written:
        image = pygame.image.load(str(path))
        size = path.stem.split("@")[1] if "@" in path.stem else "1280x720"
        assert image.get_size() == tuple(int(v) for v in size.split("x"))
        w, h = image.get_size()
        colors = {image.get_at((x, y))[:3] for x in range(0, w, 97) for y in range(0, h, 83)}
        assert len(colors) > 5, f"{path.name} looks blank"


def _run(args, **env):
    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=120)


def test_cli_bench_startup_prints_the_time(tmp_path):
    out = _run(["--bench-startup"], PARLOUR_DATA_DIR=str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert "ms from process start to the first menu frame" in out.stdout


def test_cli_rejects_unknown_options_with_a_message():
    out = _run(["--fly"])
    assert out.returncode == 2 and "unrecognized arguments: --fly" in out.stderr


def test_rules_and_ai_packages_never_import_pygame():
    code = ("import sys, pkgutil, importlib, game.rules, game.ai\n"
            "for pkg in (game.rules, game.ai):\n"
            "    for m in pkgutil.iter_modules(pkg.__path__):\n"
            "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('pygame', 'esper', 'scenes', 'ecs', 'pytmx')]\n"
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_zetema_layout_has_every_zone():
    layout = load_layout("zetema")
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    assert [z.props["rank"] for z in layout.layer("zones") if z.props["zone"] == "pile"] == \
        list(ranks)
    for name in ("stock", "marriage", "log", "meld", "hand", "sheet", "status"):
        assert name in layout
    assert sum(1 for z in layout.layer("zones") if z.props["zone"] == "opponent") == 5
    zones = [z.rect for z in layout.layer("zones")]
    assert all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in zones)
    assert not any(a.colliderect(b) for i, a in enumerate(zones) for b in zones[i + 1:])


@pytest.mark.parametrize("game", ["zetema", "telefunken", "chan"])
def test_map_generators_match_the_committed_maps(game):
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"make_{game}_map",
                                                  ROOT / "tools" / f"make_{game}_map.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.build_tmx() == (ROOT / "assets" / "maps" / f"{game}.tmx").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("game", ["telefunken", "chan"])
def test_card_table_layouts_fit_the_screen_without_overlaps(game):
    zones = [z.rect for z in load_layout(game).layer("zones")]
    assert all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in zones)
    assert not any(a.colliderect(b) for i, a in enumerate(zones) for b in zones[i + 1:])
