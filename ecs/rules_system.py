"""The rules system: the bridge between intents and a game's rules engine.

It consumes the scene's intents, asks the game-specific subclass to turn each into a move
string (``intent_to_move``), plays it through ``rules.play_events`` and publishes the
returned events to its listeners (the scene's animators). Seats played by the computer are
asked for a move in the AI worker process (``game.ai.worker``: ``ai.choose(view, legal,
level, rng)`` with a generator seeded from the game's seed and the move number), so the
window keeps drawing at full speed while an AI thinks; the move is applied no sooner than
``ai_delay`` seconds of frame time after the AI's turn began and no sooner than ``ai_beat``
seconds after the table came to rest (the last move landed), so people can follow it by eye
(both times ``pace()``: the animation speed setting's multiplier, 0 at "instant").
A person's move the table makes for them without asking (``played_for``: Chắn's claims out
of turn between people, Telefunken's passes after "No buys this deal") is applied with the
same pauses, and meanwhile no move is taken from the screen (it is not the turn of the
person at it); it is not their decision, so Undo does not stop at it.
While ``busy()`` is true (the scene is still animating) nothing new is applied, and a
person's decision that another seat's move has just brought is not offered either
(``offering()``): no prompt, no buttons, no move taken until the table shows what the
decision is about (e.g. a discard still flying to the pile).

A decision belongs to the position it was asked for: if the state changes in between (undo,
restart, load) or the system is closed, the decision is cancelled and a late answer is
dropped, never applied to another position. With ``wait_for_ai`` (the scripted test clock)
the frame on which the move is due waits for it, so tests do not depend on the machine's
speed; the real window never waits.

Only the engine contract is used (``legal_moves``, ``play_events``, ``to_move``, ``view``,
``result``): nothing here knows a particular game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import esper

from ecs.intents import IntentQueue, RejectedDrop
from game.ai import recalled
from game.ai.worker import AIWorker, Decision, decision_seed, shared_worker

log = logging.getLogger(__name__)

Listener = Callable[[int, str, list], None]


@dataclass(frozen=True)
class SeatControl:
    kind: str  # "human" or "ai"
    level: str = "normal"


class RulesSystem(esper.Processor):
    """Plays moves for one game. Subclasses implement ``intent_to_move``."""

    priority = 60
    wait_for_ai = False  # scripted test clock: the frame on which the move is due waits for it
    wait_timeout = 60.0  # seconds, for wait_for_ai only

    def __init__(
        self,
        rules: ModuleType,
        ai: ModuleType | None,
        seats: list[SeatControl],
        state: Any,
        queue: IntentQueue,
        seed: int = 0,
        ai_delay: float = 0.6,
        ai_beat: float = 0.0,
        busy: Callable[[], bool] = lambda: False,
        session: Any = None,
        worker: AIWorker | None = None,
        pace: Callable[[], float] = lambda: 1.0,
        shown: Callable[[], bool] | None = None,
        quiet: Callable[[int, str], bool] = lambda seat, move: False,
        played_for: Callable[[int], str | None] = lambda seat: None,
    ) -> None:
        self.rules = rules
        self.ai = ai
        self.seats = list(seats)
        self.state = state
        self.queue = queue
        self.seed = seed
        self.ai_delay = ai_delay
        self.ai_beat = ai_beat  # the least pause after the table came to rest
        self.pace = pace  # multiplies ai_delay (the animation speed; 0 at instant)
        self.busy = busy
        # another seat's move has reached the table (what a person decides on is in view);
        # by default when the scene is no longer busy
        self.shown = shown if shown is not None else (lambda: not self.busy())
        # a computer's move that shows nothing (a claim declined, whose log line would show
        # its hand): applied as soon as it is decided and the table rests, without the
        # computer's pauses, which would tell that it had something to decide; the next
        # computer's pauses then count from when this decision was asked, as if it had not
        # been there
        self.quiet = quiet
        # a person's move made for them, unasked (None: theirs to make); see the module
        self.played_for = played_for
        self._for_person: Any = None  # the position such a move waits in
        self._person_waited = 0.0
        self._person_rested = 0.0
        self._carried: tuple[float, float] | None = None
        self.session = session  # a game.session.Session keeping moves, log and undo, or None
        self.history: list[str] = list(session.moves) if session is not None else []
        self.listeners: list[Listener] = []
        self.rejections: list[str] = []
        self.paused = False
        self.worker = worker  # None: the program's shared worker
        self.decision: Decision | None = None
        self._decision_state: Any = None  # the position the decision was asked for
        self._waited = 0.0  # frame time since the decision was asked for
        self._rested = 0.0  # frame time since the table last came to rest
        self._landing = False  # another seat's move is still reaching the table

    # -- to override -------------------------------------------------------------------
    def intent_to_move(self, intent: Any) -> str | None:
        """Return the move string an intent means, or None if it is not a move."""
        raise NotImplementedError

    def on_other_intent(self, intent: Any) -> None:
        """Intents that are not moves (e.g. clicks on nothing). Default: ignore."""

    def on_rejected(self, reason: str, intent: Any) -> None:
        """A move was refused; ``reason`` is a sentence for the player."""
        self.rejections.append(reason)

    # -- queries -----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def over(self) -> bool:
        return self.rules.result(self.state) is not None

    def human_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.seats[seat].kind == "human"

    def offering(self) -> bool:
        """A person may decide now: it is a person's turn and the table has shown what the
        decision is about. After another seat's move the decision waits until that move is
        ``shown`` (not for the pause the computer players keep after it); a person's own
        sequence of moves (or a card lifted into a selection) is held up only by what a move
        of theirs brought to light (a card drawn or turned up), until it has landed."""
        self._landing = self._landing and not self.shown()
        return self.human_to_move() and not self._landing

    @property
    def thinking(self) -> bool:
        return self.decision is not None

    # -- actions -----------------------------------------------------------------------
    def submit(self, move: str, intent: Any = None, unasked: bool = False) -> bool:
        """Play a move for the human seat to act; on refusal call ``on_rejected``
        (``unasked``: the table makes it for the person, as a setting asks: no Undo stop)."""
        if self.over:
            self.on_rejected("the game is over", intent)
            return False
        if not self.human_to_move() or self.played_for(self.to_move) is not None:
            self.on_rejected("wait for your turn", intent)
            return False
        if not self.offering():
            self.on_rejected("wait until the last move has reached the table", intent)
            return False
        return self._apply(move, intent, unasked)

    def _apply(self, move: str, intent: Any = None, unasked: bool = False) -> bool:
        """Play ``move`` for the seat to act (``unasked``: made for a person without asking
        them, ``played_for``; the session keeps no Undo stop for it)."""
        seat = self.to_move
        try:
            if self.session is not None:
                events = self.session.play(move, unasked=unasked)
                state = self.session.state
            else:
                state, events = self.rules.play_events(self.state, move)
        except ValueError as exc:  # IllegalMove is a ValueError
            self.on_rejected(str(exc), intent)
            return False
        self.state = state
        self.history.append(move)
        # a decision waits for another seat's move to land, and for a card or marble your
        # own move brought to light (a stock card turned up: its Pass was offered, and P
        # passed on it, before anybody had seen it face up)
        revealing = getattr(self.rules, "REVEALING_EVENTS", ())
        self._landing = seat != self.to_move or any(isinstance(e, revealing) for e in events)
        for listener in list(self.listeners):
            listener(seat if seat is not None else -1, move, events)
        return True

    def reset(self, state: Any, history: list[str] | None = None) -> None:
        """Replace the state (undo, restart, load); any AI decision in flight is dropped."""
        self.state = state
        self.history = list(history or [])
        self._landing = False
        self.cancel_decision()

    def cancel_decision(self) -> None:
        """Drop the AI decision in flight, if any (its answer will never be applied)."""
        decision, self.decision, self._decision_state = self.decision, None, None
        if decision is not None:
            decision.cancel()

    def close(self) -> None:
        """The scene is leaving: cancel what the computer is thinking about."""
        self.paused = True
        self.cancel_decision()

    # -- frame -------------------------------------------------------------------------
    def process(self, dt: float) -> None:
        for intent in self.queue.drain():
            if isinstance(intent, RejectedDrop):
                self.on_rejected(intent.reason, intent)
                continue
            move = self.intent_to_move(intent)
            if move is None:
                self.on_other_intent(intent)
            else:
                self.submit(move, intent)
        self._run_ai(dt)

    def _run_ai(self, dt: float) -> None:
        if self.paused or self.over or self.ai is None or not self.seats:
            self.cancel_decision()
            return
        seat = self.to_move
        if seat is None or self.seats[seat].kind != "ai":
            self.cancel_decision()
            self._carried = None
            if seat is not None and self.seats[seat].kind == "human":
                self._play_for_person(seat, dt)
            return
        if self.decision is None or self._decision_state is not self.state:
            self.cancel_decision()  # asked for another position: never applied here
            self._ask(seat)
            return
        decision = self.decision
        if decision.cancelled:  # e.g. the worker was shut down under it: ask again
            self.decision = self._decision_state = None
            return
        self._waited += dt
        if self.busy():
            self._rested = 0.0
            return
        self._rested += dt
        quiet = decision.done.is_set() and decision.error is None and self.quiet(
            seat, decision.move)
        if not quiet and not self._due(self._waited, self._rested):
            return
        if not decision.done.is_set() and not (
                self.wait_for_ai and decision.done.wait(self.wait_timeout)):
            return
        self.decision = self._decision_state = None
        legal = self.rules.legal_moves(self.state)
        move = decision.move
        if decision.error is not None or move not in legal:
            log.warning("AI for seat %s failed (%s, %r); playing the first legal move",
                        seat, decision.error, move)
            move = legal[0]
        carried = (self._waited, self._rested)
        if self._apply(move) and quiet:
            self._carried = carried

    def _due(self, waited: float, rested: float) -> bool:
        """Has a move waited long enough to be played (``ai_delay`` since it was asked,
        ``ai_beat`` at rest, both scaled by ``pace``)?"""
        pace = self.pace()
        return waited >= self.ai_delay * pace and rested >= self.ai_beat * pace

    def _play_for_person(self, seat: int, dt: float) -> None:
        """Apply the move ``played_for`` makes for the person ``seat``, if any, with the
        computer's pauses (``ai_delay`` since it came to them, ``ai_beat`` at rest)."""
        move = self.played_for(seat)
        if move is None:
            self._for_person = None
            return
        if self._for_person is not self.state:
            self._for_person = self.state
            self._person_waited = self._person_rested = 0.0
        self._person_waited += dt
        if self.busy():
            self._person_rested = 0.0
            return
        self._person_rested += dt
        if not self._due(self._person_waited, self._person_rested):
            return
        self._for_person = None
        self._apply(move, unasked=True)

    def _ask(self, seat: int) -> None:
        legal = self.rules.legal_moves(self.state)
        view = self.rules.view(self.state, seat)
        if self.session is not None and self.session.state is self.state:
            view = recalled(self.ai, view, self.session.befores, self.session.moves)
        worker = self.worker if self.worker is not None else shared_worker()
        seed = decision_seed(self.seed, len(self.history))
        self.decision = worker.submit(self.ai, view, legal, self.seats[seat].level, seed)
        self._decision_state = self.state
        self._waited, self._rested = self._carried or (0.0, 0.0)
        self._carried = None
