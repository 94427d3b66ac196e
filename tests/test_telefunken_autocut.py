"""Telefunken's "Cut the deck" setting: by hand (the person drags along the pack) or
automatically (the table makes the person's cut through the normal move, logged)."""

from __future__ import annotations

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from game.settings import Settings, parse_settings
from scenes.settings import SettingsScene
from scenes.telefunken_table import TelefunkenTable

# dealer 1: the cutter (the seat before the dealer) is seat 0, the person
CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 9, {"dealer": 1})


def open_table(app, drive) -> TelefunkenTable:
    session = Session.new(CONFIG)
    assert session.state.phase == "cut" and rules.to_move(session.state) == 0
    table = TelefunkenTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def test_the_setting_is_chosen_on_the_settings_screen_and_saved(app, drive):
    assert app.settings.telefunken_cut == "hand"  # the default keeps the drag
    app.scenes.push(SettingsScene(app), transition=None)
    drive.settle()
    choice = next(w for w in drive.scene.widgets.widgets
                  if getattr(w, "label", "") == "Telefunken cut")
    drive.click((choice.rect.right - 10, choice.rect.centery))
    assert app.settings.telefunken_cut == "auto"
    saved, problems = parse_settings(app.settings.to_json())
    assert saved.telefunken_cut == "auto" and problems == []
    bad, problems = parse_settings({**Settings().to_json(), "telefunken_cut": "sideways"})
    assert bad.telefunken_cut == "hand" and problems


def test_by_hand_the_table_waits_for_the_drag(app, drive):
    table = open_table(app, drive)
    drive.step(30)
    assert table.session.moves == [] and table.cut_choices()


def test_automatically_the_persons_cut_is_made_and_logged(app, drive):
    app.settings.telefunken_cut = "auto"
    table = open_table(app, drive)
    drive.step(3)  # a few frames of the real loop: the table makes the cut
    drive.settle()
    first = table.session.moves[0]
    assert first.startswith("cut ") and 4 <= int(first.split()[1]) <= 104
    assert table.session.log[0].startswith("You cut ")
    assert len(table.state.hands[0]) >= 11  # dealt
    assert sorted(c for c, _ in table.sync.entities("hand")) == sorted(table.state.hands[0])
    # the same game cuts the same way again (a seeded cut, not a fixed place)
    again = Session.new(CONFIG)
    other = TelefunkenTable(app, CONFIG, again)
    app.scenes.reset(other, transition=None)
    drive.step(3)
    drive.settle()
    assert other.session.moves[0] == first


def test_a_hinted_cut_sets_the_lift_and_enter_makes_it(app, drive):
    """"Hint: cut the pack, lifting 31 cards." named a number and showed nothing (pt92): the
    Lift choice (and the pack's marker) stand at the hinted cut, and Enter makes it."""
    import pygame

    from scenes.widgets import Choice

    table = open_table(app, drive)
    before = table.cut_at
    hinted = 31 if before != 31 else 32
    table.show_hint(f"cut {hinted}")
    drive.step(2)
    assert table.cut_at == hinted
    lift = next(w for w in table.widgets.widgets if isinstance(w, Choice))
    assert lift.value == hinted
    assert table.session.moves == []
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert table.session.moves[0] == f"cut {hinted}"
