"""The four games of the collection: names, blurbs, player counts, options, availability.

A game is *available* once its rules engine, its AI and its table scene exist
(``game.rules.<key>``, ``game.ai.<key>``, ``scenes.<key>_table``); until then the menu shows
it as "in preparation" and it cannot be started. ``GameConfig`` is what the setup scene
hands to a table scene: seats (human or AI with a level), the seed and game options.

Blurbs, option labels and seat names are English source texts marked with ``N_``; the
screens show them through ``_()`` (``GameInfo.blurb_text``, ``seat_name``,
``players_text``, ``option_label``), so they follow the current language. Game titles
(Zetema, Telefunken, Zertz, Chắn) are names and stay as they are in every language.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from dataclasses import dataclass, field, replace
from typing import Any

from game.i18n import N_, _, ngettext, num

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Option:
    """A game-specific choice offered by the setup scene: one the rules take (given to
    ``new_game``), or one of the table's (``table``: how the screen plays, kept with the
    game's config and its saves, never given to the rules)."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value, label)
    default: Any
    table: bool = False
    # the values are seats (Zertz's "Who starts"): with one person at the table the setup
    # names them "You (Red)" and "Computer (Blue)", as the rules ask ("me first / AI first")
    by_seat: bool = False
    # a table option greyed with fewer than two people: what the greyed row reads, as the
    # game is then played (Chắn against the computer asks every claim: "Made unasked" read
    # as if it did not, pt114); None: the chosen value's label
    alone: str | None = None


@dataclass(frozen=True)
class GameInfo:
    key: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = ()
    seat_names: tuple[str, ...] = ()  # e.g. the colours of Zertz; default "Seat N"

    def seat_name(self, seat: int) -> str:
        """The seat as the setup screen names it, in the current language."""
        if seat < len(self.seat_names):
            return _("{colour} (seat {number})").format(colour=_(self.seat_names[seat]),
                                                        number=num(seat + 1))
        return _("Seat {number}").format(number=num(seat + 1))

    @property
    def blurb_text(self) -> str:
        """The one-line description in the current language."""
        return _(self.blurb)

    @property
    def players_text(self) -> str:
        if self.min_players == self.max_players:
            return ngettext("{count} player", "{count} players", self.min_players).format(
                count=num(self.min_players))
        return _("{low}–{high} players").format(low=num(self.min_players),
                                                high=num(self.max_players))

    @property
    def available(self) -> bool:
        """True once rules, AI and table scene modules all exist."""
        return all(
            _module_exists(name)
            for name in (f"game.rules.{self.key}", f"game.ai.{self.key}", f"scenes.{self.key}_table")
        )


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "zetema", "Zetema", N_("Victorian rummy: melds, marriages and the fifth card of a rank."),
        2, 6, 3,
        (Option("double", N_("Doubled suit"), (("S", N_("Spades")), ("H", N_("Hearts")),
                                                ("D", N_("Diamonds")), ("C", N_("Clubs"))), "S"),),
    ),
    GameInfo(
        "telefunken", "Telefunken",
        N_("South American contract rummy over seven deals, with chips."),
        2, 6, 4,
    ),
    GameInfo(
        "zertz", "Zertz", N_("Place your pieces, capture marbles, watch the board shrink."),
        2, 2, 2,
        (Option("first", N_("Who starts"), ((None, N_("Random")), (0, N_("Red")), (1, N_("Blue"))),
                None, by_seat=True),),
        seat_names=(N_("Red"), N_("Blue")),
    ),
    GameInfo(
        "chan", "Chắn", N_("The Vietnamese game of pairs with 100 Tổ Tôm cards."),
        4, 4, 4,
        # between people, a claim out of a person's turn: made for them unasked (None), or
        # asked, the screen passed to them (everyone then sees who can claim)
        (Option("claims", N_("Claims out of turn"),
                ((None, N_("Made unasked")), ("ask", N_("Asked"))), None, table=True,
                alone=N_("Asked")),),
    ),
)

BY_KEY: dict[str, GameInfo] = {g.key: g for g in GAMES}


@dataclass(frozen=True)
class Seat:
    kind: str = "ai"  # "human" or "ai"
    level: str = "normal"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to start (or restart) a game."""

    game: str
    seats: tuple[Seat, ...]
    seed: int
    options: dict = field(default_factory=dict)
    fixed_seed: bool = False  # the player typed the seed: a restart deals the same cards
    # the sitting so far (games played before this one with "Play again"): how many, and
    # each seat's running total (settlements or stakes in Chắn and Telefunken, games won in
    # Zetema and Zertz)
    sitting_games: int = 0
    sitting: tuple[int, ...] = ()

    def after_game(self, points: list[int]) -> GameConfig:
        """This config with one more game in its sitting, ``points`` per seat added."""
        totals = self.sitting or (0,) * len(self.seats)
        return replace(self, sitting_games=self.sitting_games + 1,
                       sitting=tuple(t + p for t, p in zip(totals, points, strict=True)))

    def next_deal(self) -> GameConfig:
        """The config of a restart: the same seats and options, a fresh seed unless fixed."""
        if self.fixed_seed:
            return self
        return self.fresh_deal()

    def fresh_deal(self) -> GameConfig:
        """The config of "Play again": the same seats and options, new cards even when the
        seed was typed (Restart is the way to deal the same cards again)."""
        return replace(self, seed=random.SystemRandom().randrange(1, 10**9), fixed_seed=False)

    def rules_options(self) -> dict:
        """The options given to the rules' ``new_game``: those set (not None) that are not
        the table's own (``Option.table``)."""
        info = BY_KEY.get(self.game)
        table = {opt.key for opt in info.options if opt.table} if info is not None else set()
        return {k: v for k, v in self.options.items() if v is not None and k not in table}

    def to_json(self) -> dict:
        data = {
            "game": self.game,
            "seats": [{"kind": s.kind, "level": s.level} for s in self.seats],
            "seed": self.seed,
            "options": dict(self.options),
        }
        if self.fixed_seed:
            data["fixed_seed"] = True
        if self.sitting_games:
            data["sitting"] = {"games": self.sitting_games, "totals": list(self.sitting)}
        return data

    @classmethod
    def from_json(cls, data: dict) -> GameConfig:
        """Rebuild a config; raises ValueError with a clear message on bad data."""
        if not isinstance(data, dict):  # (a number there was called an unknown game, pt98)
            raise ValueError("the saved configuration is not a set of named values")
        if not isinstance(data.get("game"), str):
            raise ValueError("no game is named in the saved configuration")
        if data["game"] not in BY_KEY:
            raise ValueError("unknown game in saved configuration")
        info = BY_KEY[data["game"]]
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list) or not (
            info.min_players <= len(seats_raw) <= info.max_players
        ):
            raise ValueError(f"{info.title} needs {info.players_text}")
        seats = []
        for raw in seats_raw:
            if not isinstance(raw, dict) or raw.get("kind") not in ("human", "ai") or raw.get(
                "level", "normal"
            ) not in LEVELS:
                raise ValueError("a seat in the saved configuration is not valid")
            seats.append(Seat(raw["kind"], raw.get("level", "normal")))
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("game options must be a mapping")
        fixed = data.get("fixed_seed", False)
        if not isinstance(fixed, bool):
            raise ValueError("fixed_seed must be true or false")
        games, sitting = _sitting(data.get("sitting"), len(seats))
        return cls(info.key, tuple(seats), seed, options, fixed, games, sitting)


def _sitting(raw, players: int) -> tuple[int, tuple[int, ...]]:
    """The saved sitting (games, totals), or none when it is absent or not valid (only the
    running totals are lost, never the game)."""
    if not isinstance(raw, dict):
        return 0, ()
    games, totals = raw.get("games"), raw.get("totals")

    def whole(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if (not whole(games) or games < 1 or not isinstance(totals, list)
            or len(totals) != players or not all(map(whole, totals))):
        return 0, ()
    return games, tuple(totals)


def default_config(key: str, players: int | None = None, seed: int | None = None) -> GameConfig:
    """One human in seat 0 against AI at normal, the game's default player count."""
    info = BY_KEY[key]
    n = players or info.default_players
    seats = (Seat("human", "normal"),) + tuple(Seat("ai", "normal") for _ in range(n - 1))
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    options = {opt.key: opt.default for opt in info.options}
    return GameConfig(key, seats, seed, options)


def table_module(key: str):
    """Import and return ``scenes.<key>_table``; raises ImportError if the game is not ready."""
    return importlib.import_module(f"scenes.{key}_table")


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
