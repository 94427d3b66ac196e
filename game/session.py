"""A game in progress, kept through the engine contract only: seats, moves, undo, saves.

``Session`` holds the configuration (seats, levels, seed, options), the initial position,
the list of moves played and the current state. It knows nothing of any particular game:
everything goes through ``game.rules.<key>`` (``new_game``, ``load``, ``dump``,
``play_events``, ``to_move``, ``result``, ``describe``).

Undo follows Board Game Arena's rule: you may take back your own moves (and the computer's
replies since) back to an earlier decision of yours, but never past the moment hidden
information came to light. A rules module names the events that reveal something in
``REVEALING_EVENTS``; without that list every move by another seat counts as revealing.
``SHOWN_EVENTS`` (optional) put cards of the event's ``seat``'s concealed hand on the table
(a meld, a discard): a computer's count as revealing too (undone, you would know its
cards). Those of the revealing events in ``PRIVATE_EVENTS`` (a card drawn from the stock)
reveal something only to the event's ``seat``: a computer's draw hides nothing from the
people, and a person's draw stops only the undoing of that person's own moves (between
people, the move before it, of another person, may still be taken back: nobody has seen
those cards yet).
In games between several people undo is only offered if the players allowed it.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from game import i18n
from game.card_words import pretty_cards
from game.catalog import BY_KEY, GameConfig
from game.i18n import N_, _, num
from game.saves import SAVE_VERSION
from game.words import describer

STANDARD_DECK_GAMES = ("zetema", "telefunken")  # logs show 3♠, not 3S
YOU = N_("You")  # the seat name of the only person at the table


@dataclass
class Snapshot:
    """A human decision point: the state before that seat's move and the move count."""

    state: Any
    moves: int
    seat: int
    blocked_before: bool = False  # Undo stood at a reveal before this move (said so again)


@dataclass
class Session:
    config: GameConfig
    rules: ModuleType
    initial: Any
    state: Any
    moves: list[str] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)
    undo_between_people: bool = False
    # the person's moves were there to undo until something hidden came to light
    undo_blocked_by_reveal: bool = False
    # between people: the number of moves played when each person last looked at their
    # cards (lifted the cover); a move made before another person looked is not taken back
    looked: dict[int, int] = field(default_factory=dict, repr=False)
    # the moves the clock made for a person (a buy offer whose time ran out): the log says so
    timed: set[int] = field(default_factory=set, repr=False)
    # the moves the table made for a person without asking them (``play(unasked=True)``: a
    # standing choice, Telefunken's "No buys this deal"; a Chắn claim between people): not
    # their decisions, so Undo does not stop at them
    unasked: set[int] = field(default_factory=set, repr=False)
    # each person's standing choice, by the index of the move they made it with (Telefunken:
    # the Pass of "No buys this deal"); Undo taking that move back takes the choice back too
    standing: dict[int, int] = field(default_factory=dict, repr=False)
    # the last move ended a deal and its summary has been read (closed): a save is named by
    # the next deal, and Continue does not show that summary again (pt109)
    summary_read: bool = field(default=False, repr=False)
    befores: list[Any] = field(default_factory=list, repr=False)  # the state before each move
    _log: list[str] = field(default_factory=list, repr=False)  # described in _log_language
    _log_language: str = field(default="", repr=False)

    # -- construction ------------------------------------------------------------------
    @classmethod
    def new(cls, config: GameConfig, undo_between_people: bool = False) -> Session:
        rules = rules_module(config.game)
        state = rules.new_game(len(config.seats), seed=config.seed, **config.rules_options())
        return cls(config, rules, state, state, undo_between_people=undo_between_people)

    @classmethod
    def from_save(cls, data: dict, undo_between_people: bool = False) -> Session:
        """Rebuild a session from ``to_save`` data, checking the whole record first.

        The game must be known and agree with the configuration; the options must be ones
        the game's ``new_game`` accepts; the levels valid; the number of seats that of the
        starting position; the moves must replay and reach the saved position. Raises
        ValueError with a readable message otherwise, whatever the data holds (never another
        exception: a save is input, and bad input never crashes).
        """
        try:
            return cls._from_save(data, undo_between_people)
        except ValueError:
            raise
        except Exception as exc:  # noqa: BLE001 - e.g. RecursionError from nested junk
            raise ValueError(_("the save is damaged ({reason})").format(
                reason=type(exc).__name__)) from exc

    @classmethod
    def _from_save(cls, data: dict, undo_between_people: bool) -> Session:
        if not isinstance(data, dict):
            raise ValueError(_("the save is not a saved game"))
        if "version" in data and data["version"] != SAVE_VERSION:
            raise ValueError(_("the save is from another version"))
        raw = data.get("config")
        named = data.get("game")
        other = raw.get("game") if isinstance(raw, dict) else None
        if "game" in data and isinstance(other, str) and named != other:
            raise ValueError(_("the save names the game {game} but its configuration is for "
                               "{other}").format(game=_title(named), other=_title(other)))
        config = GameConfig.from_json(raw)
        rules = rules_module(config.game)
        check_options(rules, config)
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ValueError(_("the saved move list is damaged"))
        if "initial" not in data:
            raise ValueError(_("the saved game has no starting position"))
        try:
            initial = rules.load(data["initial"])
        except Exception as exc:  # noqa: BLE001 - load should raise ValueError; be sure
            raise ValueError(_("the saved starting position is damaged ({reason})").format(
                reason=exc)) from exc
        players = player_count(rules, initial)
        if players is not None and players != len(config.seats):
            raise ValueError(_("the saved game has {seats} seats but its position is for "
                               "{players} players").format(seats=num(len(config.seats)),
                                                           players=num(players)))
        session = cls(config, rules, initial, initial, undo_between_people=undo_between_people)
        unasked = _timed(data.get("unasked"), len(moves))
        for i, move in enumerate(moves):
            try:
                session.play(move, unasked=i in unasked)
            except Exception as exc:  # noqa: BLE001
                error = ValueError(_("the saved moves do not replay ({reason})").format(
                    reason=exc))
                error.replayed = i  # the moves before it replayed (a save can resume there)
                raise error from exc
        position = data.get("position")
        if position is not None and rules.dump(session.state) != _normalise(rules, position):
            raise ValueError(_("the saved position does not match its moves"))
        session.looked = _looked(data.get("looked"), len(config.seats), len(moves))
        session.timed = _timed(data.get("timed"), len(moves))
        session.standing = _standing(data.get("standing"), len(config.seats), len(moves))
        session.summary_read = data.get("summary_read") is True
        return session

    # -- queries -----------------------------------------------------------------------
    @property
    def key(self) -> str:
        return self.config.game

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def result(self) -> dict | None:
        return self.rules.result(self.state)

    @property
    def log(self) -> list[str]:
        """The moves in words, one line per move, in the current language.

        Worded when shown, from the moves and the position before each (what a save
        keeps), so a change of language re-words the whole log; kept until the language
        changes again. Read-only: it follows ``moves``.
        """
        lang = i18n.language()
        if self._log_language != lang:
            self._log_language = lang
            self._log = []
        for i in range(len(self._log), len(self.moves)):
            self._log.append(self._line(i))
        return self._log

    def last_turns(self, skip: Callable[[str], bool] | None = None,
                   goes_on: Callable[[str, str], bool] | None = None) -> dict[int, list[int]]:
        """For each seat, the indices of the moves of its last turn (its last run of moves
        in a row, as the table marks them: ``scenes.marks``); ``skip(move)``: moves that
        belong to no turn (a table's moves that keep the marks); ``goes_on(previous,
        move)``: ``move`` goes on the turn of the seat's ``previous`` move (not skipped)
        though other seats moved between (Telefunken's second buy before the buyer's turn)."""
        turns: dict[int, list[int]] = {}
        last: dict[int, str] = {}  # each seat's latest move counted
        previous = None
        for i, before in enumerate(self.befores):
            seat = self.rules.to_move(before)
            move = self.moves[i]
            if seat is None or (skip is not None and skip(move)):
                continue
            if seat != previous and not (goes_on is not None and seat in last
                                         and goes_on(last[seat], move)):
                turns[seat] = []
            turns[seat].append(i)
            last[seat] = move
            previous = seat
        return turns

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.config.seats) if s.is_human]

    def undo_allowed(self) -> bool:
        """Undo is offered against the computer, or between people who allowed it."""
        return len(self.humans) == 1 or (len(self.humans) > 1 and self.undo_between_people)

    def can_undo(self) -> bool:
        return self.undo_allowed() and bool(self.snapshots) and self.result is None

    # -- actions -----------------------------------------------------------------------
    def play(self, move: str, unasked: bool = False) -> list:
        """Play ``move`` for the seat to act; returns the events. Raises IllegalMove.
        ``unasked``: the table made it for a person without asking them (``unasked``)."""
        before = self.state
        seat = self.rules.to_move(before)
        state, events = self.rules.play_events(before, move)
        self.state = state
        self.summary_read = False
        self.moves.append(move)
        self.befores.append(before)
        if unasked:
            self.unasked.add(len(self.moves) - 1)
        if self._log_language == i18n.language() and len(self._log) == len(self.moves) - 1:
            self._log.append(self._line(len(self.moves) - 1))
        if not unasked and seat is not None and self.config.seats[seat].is_human:
            self.snapshots.append(Snapshot(before, len(self.moves) - 1, seat,
                                           self.undo_blocked_by_reveal))
            self.undo_blocked_by_reveal = False
        kept = self._undoable_after(seat, events)
        if kept < len(self.snapshots):  # never undo past something that came to light
            self.undo_blocked_by_reveal = True
            del self.snapshots[:len(self.snapshots) - kept]
            if self.snapshots:  # undone back to the oldest one left, Undo stands at the reveal
                self.snapshots[0].blocked_before = True  # (it said "Nothing to undo yet")
        return events

    def mark_timed(self) -> None:
        """The last move was made for its person by the clock (their time to answer ran
        out): its log line says so, and a save keeps it."""
        i = len(self.moves) - 1
        if i < 0:
            return
        self.timed.add(i)
        if i < len(self._log):
            self._log[i] = self._line(i)

    def undo(self) -> Any:
        """Go back to the last decision of a person (before their move); returns the state.

        Raises ValueError if undo is not possible now.
        """
        if not self.can_undo():
            raise ValueError("there is nothing to undo here")
        snap = self.snapshots.pop()
        self.undo_blocked_by_reveal = snap.blocked_before and not self.snapshots
        self.state = snap.state
        del self.moves[snap.moves:]
        del self.befores[snap.moves:]
        del self._log[snap.moves:]
        self.timed = {i for i in self.timed if i < snap.moves}
        self.unasked = {i for i in self.unasked if i < snap.moves}
        self.standing = {seat: at for seat, at in self.standing.items() if at < snap.moves}
        self.summary_read = False
        return self.state

    def hint_inputs(self) -> tuple[dict, list[str]]:
        seat = self.to_move
        return self.rules.view(self.state, seat), self.rules.legal_moves(self.state)

    # -- saving ------------------------------------------------------------------------
    def to_save(self) -> dict:
        return {
            "version": SAVE_VERSION,
            "game": self.key,
            "config": self.config.to_json(),
            "initial": self.rules.dump(self.initial),
            "moves": list(self.moves),
            "position": self.rules.dump(self.state),
            **({"looked": {str(seat): at for seat, at in sorted(self.looked.items())}}
               if self.looked else {}),
            **({"timed": sorted(self.timed)} if self.timed else {}),
            **({"unasked": sorted(self.unasked)} if self.unasked else {}),
            **({"standing": {str(seat): at for seat, at in sorted(self.standing.items())}}
               if self.standing else {}),
            **({"deal_ended": self._deal_ended()} if self._deal_ended() and not self.summary_read
               else {}),
            **({"summary_read": True} if self.summary_read and self._deal_ended() else {}),
        }

    def _deal_ended(self) -> int | None:
        """The deal the last move ended, the game going on (a save quit over that deal's
        summary: the menu says "end of deal 1", not the next deal's number, pt96, pt102)."""
        if not self.befores or self.result is not None:
            return None
        before, now = getattr(self.befores[-1], "deal", None), getattr(self.state, "deal", None)
        return before if isinstance(before, int) and before != now else None

    # -- helpers -----------------------------------------------------------------------
    def seat_names(self, translated: bool = True) -> list[str]:
        """"You" for the only person at the table, else the game's seat names or "Seat N",
        in the current language (``translated=False``: in English, for the engines'
        own ``describe``)."""
        info = BY_KEY[self.key]
        say = _ if translated else str
        names = []
        for i, seat in enumerate(self.config.seats):
            if seat.is_human and len(self.humans) == 1 and not info.seat_names:
                names.append(say(YOU))
            elif i < len(info.seat_names):
                names.append(say(info.seat_names[i]))
            elif translated:
                names.append(_("Seat {number}").format(number=num(i + 1)))
            else:
                names.append(f"Seat {i + 1}")
        return names

    def _line(self, i: int) -> str:
        """The log line of move ``i``; a move the clock made says so (``timed``), and one
        the table made for a person without asking them (``unasked``: a pass of "No buys
        this deal" read like one chosen, pt108, pt110)."""
        text = self._describe(self.befores[i], self.moves[i])
        if i in self.timed:
            return _("{line} (time ran out)").format(line=text)
        return _("{line} (automatically)").format(line=text) if i in self.unasked else text

    def _describe(self, before: Any, move: str) -> str:
        """One log line: the game's words module (in the player's language) when there is
        one, else the engine's English ``describe`` with cards as the table shows them."""
        words = describer(self.key)
        if words is not None:
            try:
                if _takes_config(words):
                    return words(before, move, self.seat_names(), config=self.config)
                return words(before, move, self.seat_names())
            except Exception:  # noqa: BLE001 - a log line never takes the table down
                pass
        describe = getattr(self.rules, "describe", None)
        if describe is None:
            return move
        try:
            if "names" in inspect.signature(describe).parameters:
                text = describe(before, move, names=self.seat_names(translated=False))
            else:
                text = describe(before, move)
        except ValueError:
            return move
        return pretty_cards(text) if self.config.game in STANDARD_DECK_GAMES else text

    def _undoable_after(self, seat: int | None, events: list) -> int:
        """How many of the newest snapshots may still be undone after a move of ``seat``
        with these ``events``: none past an event that reveals something to a person. A
        private event (``PRIVATE_EVENTS``) reveals its cards to its ``seat`` only: to a
        computer, nothing; to a person, it stops the undoing of that person's own moves
        before it (the snapshots from that person's last one back)."""
        snapshots = self.snapshots
        revealing = getattr(self.rules, "REVEALING_EVENTS", None)
        if revealing is None:
            return 0 if seat is None or not self.config.seats[seat].is_human else len(snapshots)
        private = getattr(self.rules, "PRIVATE_EVENTS", ())
        shown = getattr(self.rules, "SHOWN_EVENTS", ())
        kept = len(snapshots)
        for event in events:
            if isinstance(event, shown) and not self.config.seats[event.seat].is_human:
                return 0  # a computer's cards out of its concealed hand: they came to light
            if not isinstance(event, revealing):
                continue
            if not isinstance(event, private):
                return 0
            if not self.config.seats[event.seat].is_human:
                continue  # only a computer saw it
            own = [i for i, snap in enumerate(snapshots) if snap.seat == event.seat]
            if own:
                kept = min(kept, len(snapshots) - 1 - own[-1])
        return kept


def rules_module(key: str) -> ModuleType:
    if key not in BY_KEY:
        raise ValueError(f"unknown game {key!r}")
    return importlib.import_module(f"game.rules.{key}")


def check_options(rules: ModuleType, config: GameConfig) -> None:
    """Raise ValueError unless the game's ``new_game`` accepts the config's seats and options.

    Checked by starting a game with them, as Restart and Play again will: an unknown option
    or a value the rules refuse is caught here, not when the player presses a button.
    """
    options = config.rules_options()
    try:
        rules.new_game(len(config.seats), seed=config.seed, **options)
    except Exception as exc:  # noqa: BLE001 - TypeError for unknown names, ValueError, …
        shown = ", ".join(f"{k}={v!r}"[:30] for k, v in options.items()) or _("none")
        raise ValueError(_("the saved options ({options}) are not valid for {game}").format(
            options=shown, game=BY_KEY[config.game].title)) from exc


def player_count(rules: ModuleType, state: Any) -> int | None:
    """How many players a position is for, read from its JSON form (None if it cannot tell)."""
    data = rules.dump(state)
    players = data.get("players")
    if isinstance(players, int) and not isinstance(players, bool):
        return players
    for key in ("hands", "captured", "scores", "totals"):
        if isinstance(data.get(key), list):
            return len(data[key])
    return None


def _title(key: object) -> str:
    return BY_KEY[key].title if isinstance(key, str) and key in BY_KEY else repr(str(key)[:20])


def _normalise(rules: ModuleType, position: Any) -> Any:
    try:
        return rules.dump(rules.load(position))
    except Exception as exc:  # noqa: BLE001
        raise ValueError(_("the saved position is damaged ({reason})").format(
            reason=exc)) from exc


def _looked(raw: object, seats: int, moves: int) -> dict[int, int]:
    """The saved ``Session.looked`` (when each person last lifted the cover: kept so that
    after Continue nobody takes back a move another person has seen past); what does not
    fit the game is left out (an old save has none: nothing is known to have been seen)."""
    if not isinstance(raw, dict):
        return {}
    looked = {}
    for seat, at in raw.items():
        if (isinstance(seat, str) and seat.isdigit() and int(seat) < seats
                and isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= moves):
            looked[int(seat)] = at
    return looked


def _standing(raw: object, seats: int, moves: int) -> dict[int, int]:
    """The saved ``Session.standing`` (each person's standing choice, by the index of the
    move it was made with); what does not fit the game is left out (an old save has none)."""
    if not isinstance(raw, dict):
        return {}
    return {int(seat): at for seat, at in raw.items()
            if isinstance(seat, str) and seat.isdigit() and int(seat) < seats
            and isinstance(at, int) and not isinstance(at, bool) and 0 <= at < moves}


def _timed(raw: object, moves: int) -> set[int]:
    """The saved ``Session.timed`` or ``Session.unasked`` (moves made for a person: by the
    clock, or unasked); what does not fit the game is left out (an old save has none)."""
    if not isinstance(raw, list):
        return set()
    return {at for at in raw if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < moves}


@functools.cache
def _takes_config(words: Any) -> bool:
    """Does a words module's ``describe`` take the table's setup (``config``)?"""
    return "config" in inspect.signature(words).parameters
