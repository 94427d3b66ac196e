"""New-game setup for one game: seats (human or AI and its level), seed and game options.

Defaults: the seats and options of the game's last start (``game.last_setup``), else the
game's usual number of players, you in seat 1 and the computer at "normal" in the others; a
fresh random seed. Start is only offered for games that are ready; when the game has a saved
game in progress, Start says that it replaces it and asks first (``ask_to_replace``: start the
new game, resume the saved one, or cancel; Enter starts, R resumes, Esc cancels; keys typed
within ``ASK_KEYS_AFTER`` of the question, but Esc, are let go), as Restart does.
In a right-to-left language the rows are mirrored (labels from the right, the level
beside the seat on its left); ``language_changed`` rebuilds them in the new language.
"""

from __future__ import annotations

import random

import pygame

from ecs.input import InputEvent
from game.catalog import LEVELS, GameConfig, GameInfo, Seat, table_module
from game.i18n import N_, _, ngettext, num
from game.last_setup import remember, remembered
from game.saves import SaveEntry, list_saves
from scenes import theme, warmup
from scenes.base import Scene
from scenes.widgets import Button, Choice, TextField, WidgetGroup

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
ASK_W = 540  # the width of the question asked before a saved game is replaced
ASK_KEYS_AFTER = 0.6  # seconds the question takes no key but Esc (keys typed ahead)


class SetupScene(Scene):
    name = "setup"
    works_ahead = True  # (``scenes.warmup``: the first table made ahead)

    def __init__(self, app, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.players = info.default_players
        self.seats: list[Seat] = [Seat("human")] + [Seat("ai", "normal")] * (info.max_players - 1)
        self.seed_text = ""
        self.options = {opt.key: opt.default for opt in info.options}
        last = remembered(info)  # the seats and options of this game's last start
        if last is not None:
            self.players, self.seats, self.options = last
        self.widgets = WidgetGroup()
        self.panel = pygame.Rect(190, 60, 900, 610)
        self.replacing: SaveEntry | None = None  # the saved game Start asks about
        self.replaced = None  # (its config, moves) if replacing it counts as a loss
        self.clock = 0.0  # seconds this screen has been up
        self.asked_at = 0.0
        self.ask = WidgetGroup()  # the question's buttons, while it is asked
        self.ask_panel = pygame.Rect(0, 0, 0, 0)
        self._build()
        # this game's table (its modules and card images) made ahead while the seats are
        # chosen, before any other work queued (``scenes.warmup``)
        app.warmup.ahead(warmup.game(info.key), first=True)

    # -- widgets -----------------------------------------------------------------------
    def _build(self) -> None:
        x = self.panel.x + 40
        y = self.panel.y + 110
        # with five or six seats the rows close up, so the seed stays clear of the buttons
        compact = self.players > 4
        seat_h, seat_step = (36, 41) if compact else (38, 46)
        widgets = WidgetGroup(keys="arrows")

        def at(rect: tuple) -> pygame.Rect:
            return theme.mirror(rect, self.panel)

        if self.info.min_players != self.info.max_players:
            counts = [(n, ngettext("{count} player", "{count} players", n).format(count=num(n)))
                      for n in range(self.info.min_players, self.info.max_players + 1)]
            widgets.add(Choice(at((x, y, 520, 40)), _("Players"), counts, self.players,
                               self._set_players, wrap=False))  # (a count stops at its
            # ends: three quick clicks on ‹ went 4, 3, 2 and then 6 players, pt115)
            y += 50 if compact else 54
        for seat in range(self.players):
            kind_choice = Choice(at((x, y, 430, seat_h)), self.info.seat_name(seat),
                                 [("human", _("Person")), ("ai", _("Computer"))],
                                 self.seats[seat].kind,
                                 lambda v, s=seat: self._set_kind(s, v), label_width=220)
            widgets.add(kind_choice)
            if self.seats[seat].kind == "ai":
                widgets.add(Choice(at((x + 450, y, 360, seat_h)), _("Level"),
                                   [(lv, _(LEVEL_NAMES[lv])) for lv in LEVELS],
                                   self.seats[seat].level,
                                   lambda v, s=seat: self._set_level(s, v), label_width=100))
            y += seat_step
        y += 10
        people = sum(1 for seat in self.seats[:self.players] if seat.kind == "human")
        for opt in self.info.options:
            # (a table's option for games between people, Chắn's claims: greyed with one
            # person or none, where it changes nothing, pt74)
            widgets.add(Choice(at((x, y, 520, 40)), _(opt.label),
                               [(value, self._choice_label(opt, value, label, people))
                                for value, label in opt.choices],
                               self.options[opt.key],
                               lambda v, k=opt.key: self.options.__setitem__(k, v),
                               enabled=not opt.table or people >= 2,
                               why_disabled=lambda: self.app.toast(_(
                                   "This is for games between people: make at least two "
                                   "seats “{person}” first.").format(person=_("Person")))))
            y += 47 if compact else 52
        self.seed_field = TextField(at((x, y, 520, 40)), _("Seed (optional)"), self.seed_text,
                                    self._set_seed, digits_only=True, max_len=9,
                                    placeholder=_("random"), on_refused=self._not_a_digit)
        widgets.add(self.seed_field)
        bottom = self.panel.bottom - 78
        widgets.add(Button(at((x, bottom, 180, 54)), _("Back"), self.back, hotkey=None))
        widgets.add(Button(at((x + 200, bottom, 180, 54)), _("Rules"), self.show_rules))
        ready = self.info.available
        if not ready:
            note = _("not playable yet")
        elif (kept := next((e for e in list_saves()
                            if e.game == self.info.key and _loses_something(e)), None)):
            # (a saved game not begun is replaced without a question: it loses nothing)
            if kept.unwritten is not None:  # (its file could not be written: "saved" was
                # said of a game nothing was saved of, pt146)
                # TRANSLATORS: under Start when this game has a game in progress that could
                # not be saved (kept while the program runs)
                note = _("replaces the unsaved game")
            else:
                # TRANSLATORS: under Start when this game has a saved game in progress
                note = _("replaces the saved game")
        else:
            note = ""
        self.start_button = Button(
            at((self.panel.right - 40 - 260, bottom, 260, 54)),
            _("Start") if ready else _("In preparation"), self.start, enabled=ready,
            primary=True, note=note,
        )
        widgets.add(self.start_button)
        widgets.take_focus(self.widgets)  # (a choice made by the keyboard rebuilt the
        self.widgets = widgets  # screen: the focus stays where it was)

    def toast_bottom(self) -> int:
        """Messages stand above the row of Back, Rules and Start (a report carried from the
        menu covered their lower half, pt109)."""
        return self.panel.bottom - 78 - 10

    def toast_span(self) -> tuple[int, int]:
        """... and within the dialog (a word on a greyed row ran past both its sides,
        pt111)."""
        return self.panel.centerx, self.panel.width - 40

    def _choice_label(self, opt, value, label: str, people: int) -> str:
        """A choice of an option as the setup shows it: a seat (``Option.by_seat``) is "You
        (Red)" or "Computer (Blue)" when one person plays against the computer; a table
        option greyed with fewer than two people reads as the game is then played
        (``Option.alone``)."""
        if opt.table and people < 2 and opt.alone is not None:
            return _(opt.alone)
        if not opt.by_seat or people != 1 or not isinstance(value, int):
            return _(label)
        if self.seats[value].kind == "human":
            return _("You ({colour})").format(colour=_(label))
        return _("Computer ({colour})").format(colour=_(label))

    def language_changed(self) -> None:
        self._build()
        if self.replacing is not None:
            self._build_ask()

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

    def _not_a_digit(self, _char: str) -> None:
        """A letter typed into the seed field is left out: say why (it vanished silently)."""
        self.app.toast(_("A seed is a whole number: only digits can be typed here."))

    # -- actions -----------------------------------------------------------------------
    def config(self) -> GameConfig:
        seed = int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(
            1, 10**9)
        return GameConfig(self.info.key, tuple(self.seats[: self.players]), seed,
                          dict(self.options), fixed_seed=bool(self.seed_text))

    def start(self) -> None:
        """Start the game; if this game has a saved game in progress, ask first (two keys,
        a game's number and Enter, replaced a game of 252 moves without a word)."""
        if not self.info.available:
            self.app.toast(_("{game} is in preparation.").format(game=self.info.title))
            return
        saved = next((e for e in list_saves() if e.game == self.info.key), None)
        if saved is not None and _loses_something(saved):  # (a game not begun loses nothing)
            self.ask_to_replace(saved)
            return
        self.start_new()

    def ask_to_replace(self, saved: SaveEntry) -> None:
        self.replacing = saved
        self.replaced = self._replaced_game()  # (read once, not at every drawing)
        self.asked_at = self.clock  # its keys wait ``ASK_KEYS_AFTER`` (a second Enter,
        # pressed with the first, replaced the game before the question was seen)
        for widget in self.widgets.widgets:
            widget.hovered = False  # (the Start under the pointer stayed lit under it)
        self._build_ask()

    def _build_ask(self) -> None:
        rows = sum(len(theme.wrap(line, 20, ASK_W - 40)) for line in self._ask_words())
        self.ask_panel = pygame.Rect(0, 0, ASK_W, 110 + 28 * rows + 24 + 3 * 64 + 10)
        self.ask_panel.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        x, w = self.ask_panel.x + 60, ASK_W - 120
        y = self.ask_panel.bottom - 3 * 64 - 10
        old = self.ask
        self.ask = WidgetGroup([
            Button((x, y, w, 52), _("Start new game"), self.start_new, primary=True,
                   note="Enter"),
            Button((x, y + 64, w, 52), _("Resume saved game"), self.resume_saved, note="R"),
            Button((x, y + 128, w, 52), _("Cancel"), self.cancel_replace, note="Esc"),
        ], keys="arrows")
        if self.widgets.focused is not None:  # (asked by the keyboard: its ring on the safe
            self._focused_before_ask = self.widgets.focused  # answer, none left behind)
            self.widgets.focused = None
            self.ask.focused = self.ask.widgets[2]
        else:
            self.ask.take_focus(old)  # (the language changed under the question)

    def _ask_words(self) -> list[str]:
        from scenes.menu import save_details

        details = save_details(self.replacing) if self.replacing is not None else ""
        games = self.replacing.sitting_games if self.replacing is not None else 0
        deals = self.info.key == "chan"  # (a Chắn sitting is of deals, as its tile says)
        if games and not self.replacing.moves:  # (only a sitting's running total to lose)
            if deals:
                line = ngettext("The running total of the deal played so far will be lost.",
                                "The running total of the {count} deals played so far will "
                                "be lost.", games)
            else:
                line = ngettext("The running total of the game played so far will be lost.",
                                "The running total of the {count} games played so far will "
                                "be lost.", games)
            return [line.format(count=num(games))]
        if details:
            lines = [_("Your {game} game in progress ({details}) will be lost.").format(
                game=self.info.title, details=details)]
        else:
            lines = [_("Your {game} game in progress will be lost.").format(
                game=self.info.title)]
        if self.replaced is not None:
            lines.append(_("It counts as a loss in your statistics."))
        if games and deals:
            lines.append(ngettext("So will the running total of the deal played before it.",
                                  "So will the running total of the {count} deals played "
                                  "before it.", games).format(count=num(games)))
        elif games:  # (a family's sitting of several games: its running total goes too)
            lines.append(ngettext("So will the running total of the game played before it.",
                                  "So will the running total of the {count} games played "
                                  "before it.", games).format(count=num(games)))
        return lines

    def cancel_replace(self) -> None:
        self.replacing = self.replaced = None
        if self.ask.focused is not None:  # (back by the keyboard: to what asked)
            self.widgets.focused = getattr(self, "_focused_before_ask", None)
        self.ask = WidgetGroup()

    def resume_saved(self) -> None:
        """Go on with the saved game instead: the setup gives way to its table, over the
        main menu as when it is resumed there (a damaged save is told on the menu)."""
        from scenes.menu import MainMenu
        from scenes.resume import resume_saved_game

        self.cancel_replace()
        menu = self.app.scenes.find(MainMenu)
        if menu is None:
            resume_saved_game(self.app, self.info.key)
            return
        while self.app.scenes.top is not menu:
            self.app.scenes.pop(transition=None)
        menu.resume_game(self.info.key)

    def _replaced_game(self):
        """(config, moves) of the saved game Start would replace, if it counts as lost
        then (``game.stats.abandoned_counts``), else None (also for a file that cannot be
        read: it is set aside when it is next looked at, and counts nothing). The save's
        configuration is the one ``list_saves`` read (the file is not read again)."""
        from game.catalog import GameConfig
        from game.stats import abandoned_counts

        entry = self.replacing
        if entry is None or not entry.moves or not self.app.persist:
            return None  # (a window that saves nothing counts nothing)
        try:
            config = GameConfig.from_json(entry.config)
        except Exception:  # noqa: BLE001 - a damaged save counts nothing
            return None
        return (config, entry.moves) if abandoned_counts(config, entry.moves) else None

    def start_new(self) -> None:
        replaced = self.replaced
        if replaced is not None:  # the game left unfinished counts as lost
            from scenes.resume import count_abandoned

            count_abandoned(self.app, *replaced)
        self.cancel_replace()
        scene = table_module(self.info.key).new_scene(self.app, self.config())
        self._remember()
        self.app.sounds.play("click")
        self.app.scenes.replace(scene, transition="slide")

    def _remember(self) -> None:
        """Keep this setup for the next time (on the writer thread; a failure loses only
        the convenience)."""
        if not self.app.persist:
            return
        from game.saves import save_in_background

        info, players, seats, options = self.info, self.players, list(self.seats), dict(
            self.options)
        save_in_background("last_setup", lambda: remember(info, players, seats, options))

    def back(self) -> None:
        self.app.scenes.pop(transition="slide")

    def show_rules(self) -> None:
        from scenes.rules_viewer import RulesViewer

        self.app.scenes.push(RulesViewer(self.app, self.info.key), transition="fade")

    # -- frame -------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if self.replacing is not None:  # the question takes every input until answered
            if event.kind != "key":
                self.ask.handle(event)
            elif event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN) or (
                    self.ask.focused is not None and event.key in (
                        pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                if self.clock - self.asked_at >= ASK_KEYS_AFTER:
                    self.ask.handle(event)  # (its keyboard focus: Tab, arrows, Enter)
            elif event.key == pygame.K_ESCAPE:
                self.cancel_replace()
            elif self.clock - self.asked_at < ASK_KEYS_AFTER:
                return  # (typed ahead, before the question could be read)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start_new()
            elif event.key == pygame.K_r:
                self.resume_saved()
            return
        if event.kind == "key" and event.key == pygame.K_ESCAPE and self.widgets.typing:
            self.seed_field.focused = False  # Esc leaves the seed field (a second goes back)
            return
        if (event.kind == "key" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.widgets.typing):
            self.seed_field.focused = False  # Enter after typing a seed starts the game, as
            self.start()  # the form's last field (it only left the field, pt115)
            return
        if self.widgets.handle(event):
            return
        if event.kind == "key" and not self.widgets.typing:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def update(self, dt: float) -> None:
        self.clock += dt

    def needs_redraw(self) -> bool:
        """Its picture changes only with input (which redraws anyway) and as the seed
        field's cursor blinks: idle, it draws nothing (it drew sixty frames a second)."""
        return self.widgets.needs_redraw() or self.ask.needs_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(self.app.size, theme.FELT_DARK), (0, 0))
        theme.panel(surface, self.panel, alpha=225)
        edge = theme.mirror_x(self.panel.x + 40, self.panel)
        theme.blit_text(surface, _("New game of {game}").format(game=self.info.title),
                        (edge, self.panel.y + 24), 34, theme.GOLD, "serif",
                        anchor=theme.align("topleft"))
        theme.blit_text(surface, _("{players} · {blurb}").format(
                            players=self.info.players_text, blurb=self.info.blurb_text),
                        (edge, self.panel.y + 70), 16, theme.INK_DIM, anchor=theme.align("topleft"))
        self.widgets.draw(surface)
        if self.replacing is not None:
            self._draw_ask(surface)

    def _draw_ask(self, surface: pygame.Surface) -> None:
        """The question before a saved game is replaced, over the dimmed setup."""
        theme.dim(surface, 175)
        panel = self.ask_panel
        theme.panel(surface, panel, alpha=255)
        title, size = _("Replace the saved game?"), 34
        while size > 22 and theme.text_width(title, size, "serif") > panel.width - 40:
            size -= 2  # (a longer title in another language)
        theme.blit_text(surface, title, (panel.centerx, panel.y + 28), size, theme.GOLD,
                        "serif", anchor="midtop")
        y = panel.y + 100
        for line in self._ask_words():
            for part in theme.wrap(line, 20, panel.width - 40):
                theme.blit_text(surface, part, (panel.centerx, y), 20, theme.INK, anchor="midtop")
                y += 28
        self.ask.draw(surface)


def _loses_something(entry: SaveEntry) -> bool:
    """Would a new game replacing this save lose anything: moves made, or a sitting's running
    total (a Chắn sitting whose next deal was not begun went without a question, pt133)?"""
    return entry.moves != 0 or entry.sitting_games > 0
