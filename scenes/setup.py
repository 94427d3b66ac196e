"""New-game setup for one game: seats (human or AI and its level), seed and game options.

Defaults: the game's usual number of players, you in seat 1 and the computer at "normal" in
the others, a fresh random seed. Start is only offered for games that are ready.
"""

from __future__ import annotations

import random

import pygame

from ecs.input import InputEvent
from game.catalog import LEVELS, GameConfig, GameInfo, Seat, table_module
from scenes import theme
from scenes.base import Scene
from scenes.widgets import Button, Choice, TextField, WidgetGroup

LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.players = info.default_players
        self.seats: list[Seat] = [Seat("human")] + [Seat("ai", "normal")] * (info.max_players - 1)
        self.seed_text = ""
        self.options = {opt.key: opt.default for opt in info.options}
        self.widgets = WidgetGroup()
        self.panel = pygame.Rect(190, 60, 900, 610)
        self._build()

    # -- widgets -----------------------------------------------------------------------
    def _build(self) -> None:
        x = self.panel.x + 40
        y = self.panel.y + 110
        # with five or six seats the rows close up, so the seed stays clear of the buttons
        compact = self.players > 4
        seat_h, seat_step = (36, 41) if compact else (38, 46)
        widgets = WidgetGroup()
        if self.info.min_players != self.info.max_players:
            counts = [(n, f"{n} players") for n in range(self.info.min_players,
                                                          self.info.max_players + 1)]
            widgets.add(Choice((x, y, 520, 40), "Players", counts, self.players,
                               self._set_players))
            y += 50 if compact else 54
        for seat in range(self.players):
            kind_choice = Choice((x, y, 430, seat_h), self.info.seat_name(seat),
                                 [("human", "Person"), ("ai", "Computer")],
                                 self.seats[seat].kind,
                                 lambda v, s=seat: self._set_kind(s, v), label_width=170)
            widgets.add(kind_choice)
            if self.seats[seat].kind == "ai":
                widgets.add(Choice((x + 470, y, 340, seat_h), "Level",
                                   [(lv, LEVEL_NAMES[lv]) for lv in LEVELS],
                                   self.seats[seat].level,
                                   lambda v, s=seat: self._set_level(s, v), label_width=80))
            y += seat_step
        y += 10
        for opt in self.info.options:
            widgets.add(Choice((x, y, 520, 40), opt.label, opt.choices, self.options[opt.key],
                               lambda v, k=opt.key: self.options.__setitem__(k, v)))
            y += 47 if compact else 52
        self.seed_field = TextField((x, y, 520, 40), "Seed (optional)", self.seed_text,
                                    self._set_seed, digits_only=True, max_len=9,
                                    placeholder="random")
        widgets.add(self.seed_field)
        bottom = self.panel.bottom - 78
        widgets.add(Button((x, bottom, 180, 54), "Back", self.back, hotkey=None))
        widgets.add(Button((x + 200, bottom, 180, 54), "Rules", self.show_rules))
        ready = self.info.available
        self.start_button = Button(
            (self.panel.right - 40 - 260, bottom, 260, 54),
            "Start" if ready else "In preparation", self.start, enabled=ready, primary=True,
            note="" if ready else "not playable yet",
        )
        widgets.add(self.start_button)
        self.widgets = widgets

    def _set_players(self, n: int) -> None:
        self.players = n
        self._build()

    def _set_kind(self, seat: int, kind: str) -> None:
        self.seats[seat] = Seat(kind, self.seats[seat].level)
        self._build()

    def _set_level(self, seat: int, level: str) -> None:
        self.seats[seat] = Seat(self.seats[seat].kind, level)

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    # -- actions -----------------------------------------------------------------------
    def config(self) -> GameConfig:
        seed = int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(
            1, 10**9)
        return GameConfig(self.info.key, tuple(self.seats[: self.players]), seed,
                          dict(self.options), fixed_seed=bool(self.seed_text))

    def start(self) -> None:
        if not self.info.available:
            self.app.toast(f"{self.info.title} is in preparation.")
            return
        scene = table_module(self.info.key).new_scene(self.app, self.config())
        self.app.sounds.play("click")
        self.app.scenes.replace(scene, transition="slide")

    def back(self) -> None:
        self.app.scenes.pop(transition="slide")

    def show_rules(self) -> None:
        from scenes.rules_viewer import RulesViewer

        self.app.scenes.push(RulesViewer(self.app, self.info.key), transition="fade")

    # -- frame -------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if self.widgets.handle(event):
            return
        if event.kind == "key" and not self.widgets.typing:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(self.app.size, theme.FELT_DARK), (0, 0))
        theme.panel(surface, self.panel, alpha=225)
        theme.blit_text(surface, f"New game of {self.info.title}",
                        (self.panel.x + 40, self.panel.y + 24), 34, theme.GOLD, "serif")
        theme.blit_text(surface, self.info.players_text + " · " + self.info.blurb,
                        (self.panel.x + 42, self.panel.y + 70), 16, theme.INK_DIM)
        self.widgets.draw(surface)
