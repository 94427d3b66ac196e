"""The main menu: the title, the four game tiles and Continue / How to play / Settings / Quit.

Laid out from ``assets/maps/menu.tmx``. The tiles are ECS entities (hover lifts them, a
click opens the game's setup); a game that is not ready yet shows "In preparation" and its
setup cannot start it. Each game keeps its own unfinished game: a tile with one shows a
Resume button under it (with the deal and moves so far), and Continue resumes the most
recent of them, naming it ("Zetema, deal 2, 40 moves").

Every word comes from the catalogues (``game.i18n``); ``language_changed`` redraws the
tiles and rebuilds the buttons when the player picks another language.
"""

from __future__ import annotations

import esper
import pygame

from ecs.components import Clickable, Glow, Hoverable, Sprite, Transform, ZOrder
from ecs.drag import DragDropSystem
from ecs.hover import HoverSystem
from ecs.input import InputEvent, InputSystem
from ecs.intents import ClickIntent, IntentQueue
from ecs.render import RenderSystem
from ecs.tween import TweenSystem, animate
from ecs.world import SceneWorld
from game import TITLE
from game.catalog import BY_KEY, GameInfo
from game.i18n import N_, _, ngettext, num, pgettext
from game.layout import load_layout
from game.saves import SaveEntry, list_saves
from scenes import theme, warmup
from scenes.base import HoverFollowsPointer, Scene
from scenes.widgets import Button, Hotspot, WidgetGroup

SCREEN = pygame.Rect(0, 0, 1280, 720)  # the menu's layout is made for this logical size


def zone_rect(zone) -> pygame.Rect:
    """A zone of the menu's layout, mirrored in a right-to-left language: the first game
    and the first button are read first, from the right."""
    return theme.mirror(zone.rect, SCREEN)


BUTTON_LABELS = {"continue": N_("Continue"), "rules": N_("How to play"),
                 "stats": N_("Statistics"), "settings": N_("Settings"), "quit": N_("Quit")}


def save_details(entry: SaveEntry) -> str:
    """"deal 2, 40 moves" in the current language (what a save tells without replaying)."""
    deal = None if entry.deal is None else (
        _("end of deal {number}") if entry.deal_ended else _("deal {number}")).format(
        number=num(entry.deal))
    moves = None if entry.moves is None else ngettext(
        "{count} move", "{count} moves", entry.moves).format(count=num(entry.moves))
    if deal and entry.deal_ended:  # ("end of deal 1" says enough: with its moves the
        return deal  # Continue button cut it, pt105)
    if entry.moves == 0 and entry.sitting_games:  # (a sitting's next game, kept as the
        # last one's results were left: ``GameTable.to_menu``; a game of Chắn is a deal, as
        # its results' totals say, pt126)
        words = (pgettext("chan", "deal {number} of the sitting") if entry.game == "chan"
                 else _("game {number} of the sitting"))
        return words.format(number=num(entry.sitting_games + 1))
    if deal and moves:
        return _("{deal}, {moves}").format(deal=deal, moves=moves)
    return deal or moves or ""


def save_title(entry: SaveEntry) -> str:
    """"Zetema" or "saved game"."""
    return BY_KEY[entry.game].title if entry.game in BY_KEY else _("saved game")


class MainMenu(HoverFollowsPointer, Scene):
    name = "menu"
    works_ahead = True  # (``scenes.warmup``: the first table made ahead)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layout = load_layout("menu")
        self.world: SceneWorld | None = None
        self.tiles: dict[str, int] = {}
        self.widgets = WidgetGroup()
        self.time = 0.0
        self.saves: dict[str, SaveEntry] = {}  # game -> its save (what the tiles offer)
        self.latest: SaveEntry | None = None  # what Continue resumes
        self._tile_saved: dict[str, bool] = {}

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.world = SceneWorld("menu")
        self.queue = IntentQueue()
        self.input = InputSystem()
        self.hover = HoverSystem(self.input)
        self.drag = DragDropSystem(self.input, self.queue, click_select=False)
        self.render = RenderSystem()
        for proc in (self.input, self.hover, self.drag, TweenSystem(self._speed)):
            esper.add_processor(proc)
        saved = {e.game for e in list_saves() if e.game}
        for i, zone in enumerate(self.layout.layer("tiles")):
            info = BY_KEY[zone.name]
            self._tile_saved[info.key] = info.key in saved
            image = _tile_image(info, zone.rect.size, zone.props.get("art", ""),
                                info.key in saved)
            ent = esper.create_entity(
                Transform(zone_rect(zone).centerx, zone.rect.centery + 40, alpha=0),
                Sprite(image), ZOrder(1 + i), Hoverable(raise_px=8),
                Clickable("open", info.key),
            )
            animate(ent, "y", zone.rect.centery, 0.45, delay=0.06 * i)
            animate(ent, "alpha", 255, 0.35, delay=0.06 * i)
            self.tiles[info.key] = ent
        self._build_buttons()
        # the first table's work, done ahead on the frames the menu waits (Continue opens
        # the latest saved game's)
        self.app.warmup.ahead(warmup.menu_units(
            self.app, self.latest.game if self.latest is not None else None))

    def toast_bottom(self) -> int:
        """Messages (a damaged file reported at start) stand in the band between the tiles
        (with their "Resume this game" buttons) and the buttons when they fit there; taller
        ones over the title, above the tiles (at the foot of the screen they hid the
        buttons: Continue, How to play...)."""
        from game.app import REPORT_LINES, TOAST_PAD, TOAST_WIDEST, toast_size

        tiles_bottom = max(zone.rect.bottom for zone in self.layout.layer("tiles"))
        if self._resume_buttons():  # (below the tiles: a message stood over them)
            tiles_bottom = max(b.rect.bottom for b in self._resume_buttons())
        buttons_top = min(zone.rect.top for zone in self.layout.layer("buttons"))
        tall = sum(toast_size(t.text, TOAST_WIDEST, TOAST_PAD,
                              REPORT_LINES if t.patient or t.lasting else 4)[1] + 8
                   for t in self.app.toasts)
        if tall - 8 <= buttons_top - tiles_bottom - 8:
            return buttons_top - (buttons_top - tiles_bottom - tall + 8) // 2
        return min(zone.rect.top for zone in self.layout.layer("tiles")) - 8

    def _resume_buttons(self) -> list[Button]:
        """The "Resume this game" buttons under the tiles."""
        return [w for w in self.widgets.widgets if getattr(w, "resumes", None)]

    def language_changed(self) -> None:
        """Another language: every tile is drawn again (and put on its side of the reading
        order) and the buttons rebuilt."""
        self._tile_saved = {}
        if self.world is not None and self.world.alive:
            with self.world.active():
                for zone in self.layout.layer("tiles"):
                    ent = self.tiles.get(zone.name)
                    if ent is not None:
                        esper.component_for_entity(ent, Transform).x = zone_rect(zone).centerx
        self._build_buttons()

    def card_faces_changed(self) -> None:
        """The playing cards' colours changed (four-colour suits): the tiles are drawn again."""
        self._tile_saved = {}
        self._refresh_tiles()

    def resume(self) -> None:
        if self.world is not None:
            self.world.activate()
            self.hover_now()
        self._build_buttons()

    def exit(self) -> None:
        if self.world is not None:
            self.world.destroy()

    def _build_buttons(self) -> None:
        entries = list_saves()
        latest = entries[0] if entries else None
        self.saves = {}
        for entry in entries:  # most recent first: a game's own file wins over an old one
            if entry.game and entry.game not in self.saves:
                self.saves[entry.game] = entry
        actions = {
            "continue": (self.continue_game, latest is not None),
            "rules": (self.open_rules, True),
            "stats": (self.open_stats, True),
            "settings": (self.open_settings, True),
            "quit": (self.app.quit, True),
        }
        old, self.widgets = self.widgets, WidgetGroup(keys="arrows")
        for zone in self.layout.layer("buttons"):
            action, enabled = actions[zone.name]
            note = ""
            if zone.name == "continue":
                note = _("no saved game") if latest is None else _fit(
                    continue_note(latest), 13, zone.rect.width - 16)
            label = _(BUTTON_LABELS[zone.name]) if zone.name in BUTTON_LABELS else zone.name
            self.widgets.add(Button(zone_rect(zone), label, action,
                                    enabled=enabled, primary=zone.name == "continue" and enabled,
                                    note=note))
        for zone in self.layout.layer("tiles"):
            entry = self.saves.get(zone.name)
            if entry is None or not BY_KEY[zone.name].available:
                continue
            tile = zone_rect(zone)
            rect = pygame.Rect(tile.x + 30, tile.bottom + 6, tile.width - 60, 40)
            # TRANSLATORS: under a game's menu tile: resume that game's own saved game (the
            # big Continue button resumes the latest of all: the two must read differently)
            button = Button(rect, pgettext("menu tile", "Resume this game"),
                            lambda key=zone.name: self.resume_game(key),
                            size=16, note=_fit(save_details(entry), 13, rect.width - 16))
            button.resumes = zone.name
            self.widgets.add(button)
        for zone in self.layout.layer("tiles"):  # (the keyboard's way to a game's tile)
            self.widgets.add(Hotspot(zone_rect(zone), lambda key=zone.name: self.open_game(key),
                                     BY_KEY[zone.name].title))
        self.widgets.take_focus(old)
        self.latest = latest
        self._refresh_tiles()

    def _refresh_tiles(self) -> None:
        """Redraw a tile whose ribbon must change ("Play" / "New game")."""
        if self.world is None or not self.world.alive:
            return
        with self.world.active():  # the menu may be below a table just pushed
            self._redraw_tiles()

    def _redraw_tiles(self) -> None:
        for zone in self.layout.layer("tiles"):
            saved = zone.name in self.saves
            ent = self.tiles.get(zone.name)
            if ent is None or self._tile_saved.get(zone.name) == saved:
                continue
            self._tile_saved[zone.name] = saved
            esper.component_for_entity(ent, Sprite).image = _tile_image(
                BY_KEY[zone.name], zone.rect.size, zone.props.get("art", ""), saved)

    # -- actions -----------------------------------------------------------------------
    def open_game(self, key: str) -> None:
        from scenes.setup import SetupScene

        self.app.sounds.play("click")
        self.app.scenes.push(SetupScene(self.app, BY_KEY[key]), transition="slide")

    def open_rules(self) -> None:
        from scenes.rules_viewer import RulesViewer

        self.app.scenes.push(RulesViewer(self.app), transition="fade")

    def open_stats(self) -> None:
        from scenes.stats import StatsScene

        # on the page of the game played last (this time, else the latest saved one)
        game = self.app.last_game or (self.latest.game if self.latest else None)
        self.app.scenes.push(StatsScene(self.app, game), transition="fade")

    def open_settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app), transition="fade")

    def continue_game(self) -> None:
        """Resume the most recent unfinished game, whichever it is."""
        from scenes.resume import resume_saved_game

        resume_saved_game(self.app)
        self._build_buttons()

    def resume_game(self, key: str) -> None:
        """Resume this game's own unfinished game."""
        from scenes.resume import resume_saved_game

        self.app.sounds.play("click")
        resume_saved_game(self.app, key)
        self._build_buttons()

    # -- frame -------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if self.widgets.handle(event):
            return
        self.input.feed(event)
        if event.kind == "key" and pygame.K_1 <= event.key <= pygame.K_4:
            zones = self.layout.layer("tiles")
            index = event.key - pygame.K_1
            if index < len(zones):
                self.open_game(zones[index].name)
        elif (event.kind == "key" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
              and self.latest is not None):
            self.continue_game()  # (Enter: the primary button, as on the other screens)

    def update(self, dt: float) -> None:
        self.time += dt
        self.world.activate()
        esper.process(dt)
        for intent in self.queue.drain():
            if isinstance(intent, ClickIntent) and intent.action == "open":
                self.open_game(intent.data)
        for ent in self.tiles.values():
            hovered = esper.component_for_entity(ent, Hoverable).hovered
            has_glow = esper.has_component(ent, Glow)
            if hovered and not has_glow:
                esper.add_component(ent, Glow(theme.GOLD, 3))
            elif not hovered and has_glow:
                esper.remove_component(ent, Glow)

    def needs_redraw(self) -> bool:
        """Only while its tiles move (coming in, rising under the pointer) or a glow comes
        or goes; the rest changes with input, which redraws anyway. An idle menu draws
        nothing (it drew sixty frames a second)."""
        if self.world is None or not self.world.alive:
            return True
        self.world.activate()
        return self.render.changed() or self.widgets.needs_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(self.app.size, theme.FELT_DARK), (0, 0))
        title = self.layout["title"].rect
        theme.blit_text(surface, TITLE, (title.centerx, title.y + 48), 76, theme.GOLD, "serif",
                        anchor="center", shadow=True)
        theme.blit_text(surface, _("four tabletop games").upper(), (title.centerx, title.bottom - 10), 20,
                        theme.INK_DIM, "bold", anchor="center")
        ornament_y = title.bottom - 34
        for side in (-1, 1):
            x0 = title.centerx + side * 150
            pygame.draw.line(surface, theme.GOLD_DARK, (x0, ornament_y),
                             (x0 + side * 170, ornament_y), 2)
            pygame.draw.circle(surface, theme.GOLD, (x0 + side * 176, ornament_y), 4)
        if self.world is not None:
            self.world.activate()
            self.render.draw(surface)
        self.widgets.draw(surface)
        if self.app.scenes.top is not self:
            return  # its keys (1–4) work only in the menu itself, not under Statistics
        hint = _("F11 fullscreen  ·  {first}–{last} open a game").format(first=num(1), last=num(4))
        if self.widgets.focused is not None:  # (Enter presses what the ring is on: the
            hint = _("Enter picks what the ring is on  ·  {keys}").format(keys=hint)  # footer
            # said "Enter continues" under a ringed tile)
        elif self.latest is not None:
            hint = _("Enter continues  ·  {keys}").format(keys=hint)
        if theme.rtl():
            theme.blit_text(surface, hint, (16, 708), 14, theme.INK_FAINT, anchor="bottomleft")
        else:
            theme.blit_text(surface, hint, (1264, 708), 14, theme.INK_FAINT, anchor="bottomright")

    def _speed(self) -> float:
        return self.app.settings.anim(1.0)


# -- tile art ------------------------------------------------------------------------------

def continue_note(entry: SaveEntry) -> str:
    """What Continue resumes, in its button: the game and how far it has gone."""
    details = save_details(entry)
    if not details:
        return save_title(entry)
    # TRANSLATORS: the Continue button's note: the game, then its deal and moves so far
    return _("{game} · {details}").format(game=save_title(entry), details=details)


def _fit(text: str, size: int, width: int, style: str = "sans") -> str:
    """``text`` cut with an ellipsis so that it is no wider than ``width`` pixels."""
    return theme.fit(text, size, width, style)


def _tile_image(info: GameInfo, size: tuple[int, int], art: str,
                saved: bool = False) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    available = info.available
    pygame.draw.rect(surf, (0, 0, 0, 90), surf.get_rect().move(0, 4), border_radius=18)
    body = surf.get_rect().inflate(-2, -6)
    body.top = 0
    pygame.draw.rect(surf, (18, 26, 34, 240), body, border_radius=18)
    stage = pygame.Rect(10, 10, w - 20, 150)
    pygame.draw.rect(surf, (22, 92, 62) if available else (44, 60, 54), stage, border_radius=12)
    _draw_art(surf, stage, art)
    if not available:
        veil = pygame.Surface(stage.size, pygame.SRCALPHA)
        veil.fill((20, 24, 28, 120))
        surf.blit(veil, stage)
    pygame.draw.rect(surf, theme.GOLD if available else theme.PANEL_EDGE, body, 2,
                     border_radius=18)
    theme_y = stage.bottom + 16
    theme.blit_text(surf, info.title, (w // 2, theme_y), 30, theme.INK, "serif",
                    anchor="midtop")
    lines = theme.wrap(info.blurb_text, 16, w - 36)
    y = theme_y + 46
    for line in lines[:3]:
        theme.blit_text(surf, line, (w // 2, y), 16, theme.INK_DIM, anchor="midtop")
        y += 21
    theme.blit_text(surf, info.players_text, (w // 2, h - 76), 16, theme.GOLD, "bold",
                    anchor="midtop")
    ribbon = pygame.Rect(0, 0, w - 60, 26)
    ribbon.midbottom = (w // 2, h - 12)
    if available:
        pygame.draw.rect(surf, (176, 124, 34), ribbon, border_radius=13)
        theme.blit_text(surf, _("New game") if saved else _("Play"), ribbon.center, 16, theme.INK,
                        "bold", anchor="center")
    else:
        pygame.draw.rect(surf, (60, 66, 74), ribbon, border_radius=13)
        theme.blit_text(surf, _("In preparation"), ribbon.center, 15, theme.INK_DIM, "bold",
                        anchor="center")
    return surf


def _draw_art(surf: pygame.Surface, stage: pygame.Rect, art: str) -> None:
    cx, cy = stage.center
    if art.startswith("cards"):
        from game.card_art import card_image

        codes = ["JK", "AH", "KS", "QD"] if art == "cards-joker" else ["QH", "KH", "KS", "QS"]
        n = len(codes)
        for i, code in enumerate(codes):
            img = card_image(code, 78)
            angle = (i - (n - 1) / 2) * -12
            rotated = pygame.transform.rotozoom(img, angle, 1.0)
            x = cx + (i - (n - 1) / 2) * 34
            y = cy + 8 + abs(i - (n - 1) / 2) * 6
            surf.blit(rotated, rotated.get_rect(center=(round(x), round(y))))
    elif art == "marbles":
        spacing = 30
        cells = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]
        for q, r in cells:
            x = cx + q * spacing * 0.866
            y = cy - (r + q / 2) * spacing
            pygame.draw.circle(surf, (200, 205, 196), (round(x), round(y)), 13, 3)
        marbles = {(0, 0): (245, 245, 240), (1, -1): (120, 124, 130), (-1, 1): (30, 30, 36),
                   (-2, 1): (245, 245, 240), (2, 0): (30, 30, 36)}
        for (q, r), color in marbles.items():
            x, y = cx + q * spacing * 0.866, cy - (r + q / 2) * spacing
            pygame.draw.circle(surf, color, (round(x), round(y)), 10)
            pygame.draw.circle(surf, (255, 255, 255), (round(x) - 3, round(y) - 4), 3)
        for (q, r), color in {(1, 0): theme.RED, (-1, 0): theme.BLUE}.items():
            x, y = cx + q * spacing * 0.866, cy - (r + q / 2) * spacing
            pygame.draw.circle(surf, color, (round(x), round(y)), 10)
    elif art == "totom":
        for i in range(5):
            card = pygame.Surface((30, 116), pygame.SRCALPHA)
            pygame.draw.rect(card, (246, 238, 214), card.get_rect(), border_radius=5)
            pygame.draw.rect(card, (40, 40, 40), card.get_rect(), 1, border_radius=5)
            strokes = i % 3 + 2  # numerals two to four: stacked horizontal strokes
            for k in range(strokes):
                yy = 14 + k * 8
                pygame.draw.line(card, (30, 30, 30), (9 - (k == strokes - 1) * 2, yy),
                                 (21 + (k == strokes - 1) * 2, yy), 3)
            pygame.draw.rect(card, (30, 30, 30), (8, 52, 14, 22), 2)
            pygame.draw.line(card, (30, 30, 30), (15, 48), (15, 78), 2)
            pygame.draw.line(card, (30, 30, 30), (8, 63), (22, 63), 2)
            if i in (1, 3):
                pygame.draw.circle(card, (196, 36, 36), (15, 96), 6)
            else:
                pygame.draw.line(card, (30, 30, 30), (9, 96), (21, 96), 3)
            rotated = pygame.transform.rotozoom(card, (i - 2) * -9, 1.0)
            x = cx + (i - 2) * 26
            y = cy + 6 + abs(i - 2) * 4
            surf.blit(rotated, rotated.get_rect(center=(round(x), round(y))))
