"""The rules system: the bridge between intents and a game's rules engine.

It consumes the scene's intents, asks the game-specific subclass to turn each into a move
string (``intent_to_move``), plays it through ``rules.play_events`` and publishes the
returned events to its listeners (the scene's animators). Seats played by the computer are
asked for a move on a worker thread (``ai.choose(view, legal, level, rng)``), so the window
keeps drawing while an AI thinks; the move is applied no sooner than ``ai_delay`` seconds of
frame time after the AI's turn began, so people can follow it by eye. While ``busy()`` is true (the
scene is still animating) nothing new is applied.

Only the engine contract is used (``legal_moves``, ``play_events``, ``to_move``, ``view``,
``result``): nothing here knows a particular game.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import esper

from ecs.intents import IntentQueue, RejectedDrop

log = logging.getLogger(__name__)

Listener = Callable[[int, str, list], None]


@dataclass(frozen=True)
class SeatControl:
    kind: str  # "human" or "ai"
    level: str = "normal"


class _Thinker:
    """One AI decision running on a daemon thread."""

    def __init__(self, ai: ModuleType, view: dict, legal: list[str], level: str,
                 rng: random.Random) -> None:
        self.move: str | None = None
        self.error: BaseException | None = None
        self.started = time.monotonic()
        self.waited = 0.0  # frame time elapsed since the decision began
        self.done = threading.Event()
        self._args = (view, legal, level, rng)
        self._ai = ai
        self.thread = threading.Thread(target=self._run, name="ai-think", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        view, legal, level, rng = self._args
        try:
            self.move = self._ai.choose(view, list(legal), level, rng)
        except BaseException as exc:  # never let an AI bug kill the window
            self.error = exc
        finally:
            self.done.set()


class RulesSystem(esper.Processor):
    """Plays moves for one game. Subclasses implement ``intent_to_move``."""

    priority = 60

    def __init__(
        self,
        rules: ModuleType,
        ai: ModuleType | None,
        seats: list[SeatControl],
        state: Any,
        queue: IntentQueue,
        seed: int = 0,
        ai_delay: float = 0.6,
        busy: Callable[[], bool] = lambda: False,
        session: Any = None,
    ) -> None:
        self.rules = rules
        self.ai = ai
        self.seats = list(seats)
        self.state = state
        self.queue = queue
        self.seed = seed
        self.ai_delay = ai_delay
        self.busy = busy
        self.session = session  # a game.session.Session keeping moves, log and undo, or None
        self.history: list[str] = list(session.moves) if session is not None else []
        self.listeners: list[Listener] = []
        self.rejections: list[str] = []
        self.paused = False
        self._thinker: _Thinker | None = None
        self._thinker_state_id: int | None = None

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

    @property
    def thinking(self) -> bool:
        return self._thinker is not None

    # -- actions -----------------------------------------------------------------------
    def submit(self, move: str, intent: Any = None) -> bool:
        """Play a move for the human seat to act; on refusal call ``on_rejected``."""
        if self.over:
            self.on_rejected("the game is over", intent)
            return False
        if not self.human_to_move():
            self.on_rejected("wait for your turn", intent)
            return False
        return self._apply(move, intent)

    def _apply(self, move: str, intent: Any = None) -> bool:
        seat = self.to_move
        try:
            if self.session is not None:
                events = self.session.play(move)
                state = self.session.state
            else:
                state, events = self.rules.play_events(self.state, move)
        except ValueError as exc:  # IllegalMove is a ValueError
            self.on_rejected(str(exc), intent)
            return False
        self.state = state
        self.history.append(move)
        for listener in list(self.listeners):
            listener(seat if seat is not None else -1, move, events)
        return True

    def reset(self, state: Any, history: list[str] | None = None) -> None:
        """Replace the state (undo, restart, load); any AI decision in flight is dropped."""
        self.state = state
        self.history = list(history or [])
        self._thinker = None

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
            self._thinker = None
            return
        seat = self.to_move
        if seat is None or self.seats[seat].kind != "ai":
            self._thinker = None
            return
        if self._thinker is None or self._thinker_state_id != id(self.state):
            legal = self.rules.legal_moves(self.state)
            view = self.rules.view(self.state, seat)
            rng = random.Random(self.seed * 1_000_003 + len(self.history))
            self._thinker = _Thinker(self.ai, view, legal, self.seats[seat].level, rng)
            self._thinker_state_id = id(self.state)
            return
        thinker = self._thinker
        thinker.waited += dt
        if not thinker.done.is_set() or self.busy() or thinker.waited < self.ai_delay:
            return
        self._thinker = None
        legal = self.rules.legal_moves(self.state)
        move = thinker.move
        if thinker.error is not None or move not in legal:
            log.warning("AI for seat %s failed (%r, %r); playing the first legal move",
                        seat, thinker.error, move)
            move = legal[0]
        self._apply(move)
