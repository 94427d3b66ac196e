"""The computer players' own process: AI decisions run outside the window's process.

``AIWorker`` owns one child process, started with the ``spawn`` method (the same on Linux,
macOS and Windows) and reused for every decision and hint. The child imports only the AI
modules it is asked for (``game.ai.*`` and the rules they use: never pygame) and answers
``ai.choose(view, legal, level, random.Random(seed))``. Nothing here blocks: ``submit``
returns a ``Decision`` at once and a reader thread fills it in when the answer comes back.

- Every request has an id. ``Decision.cancel()`` drops it: a queued request is skipped and a
  running search is interrupted inside the child (``_thread.interrupt_main`` raises in the
  child's main thread), so the next request starts at once; a late answer for a cancelled id
  is thrown away. Callers compare the position a decision was asked for with the current one
  before using it (see ``ecs.rules_system``).
- ``shutdown()`` cancels everything, asks the child to stop, and terminates it if it does not;
  it runs at exit too (``atexit``), so no process outlives the program.
- If the process cannot be started, or dies, decisions run on a daemon thread in this
  process instead (the way the computer thought before) and the log says so.
- ``run_choice`` is the one place that builds the random generator from the seed, in the
  child and on the fallback thread alike, so a given position, level and seed give the same
  move wherever it is computed.
"""

from __future__ import annotations

import _thread
import atexit
import importlib
import itertools
import logging
import multiprocessing
import os
import queue
import random
import signal
import sys
import threading
import traceback
from collections.abc import Iterable
from types import ModuleType
from typing import Any

log = logging.getLogger(__name__)

AI_MODULES = ("game.ai.zertz", "game.ai.zetema", "game.ai.telefunken", "game.ai.chan")
# The child's scheduling priority below the window's (POSIX ``nice``): effort is counted in
# work, so a slower search on a busy machine finds the same move, only later.
NICE = 10


def run_choice(ai: Any, view: dict, legal: list[str], level: str, seed: int) -> str:
    """The AI's move for one decision; the generator is built from ``seed`` here only."""
    return ai.choose(view, list(legal), level, random.Random(seed))


def decision_seed(game_seed: int, move_number: int, salt: int = 1_000_003) -> int:
    """The seed of one decision: from the game's seed and the number of moves played."""
    return game_seed * salt + move_number


class Decision:
    """One request for a move: ``done`` is set once ``move`` (or ``error``) is known."""

    def __init__(self, worker: AIWorker | None, ident: int, where: str) -> None:
        self.id = ident
        self.where = where  # "process" or "thread"
        self.move: str | None = None
        self.error: str | None = None
        self.cancelled = False
        self.done = threading.Event()
        self._worker = worker

    def cancel(self) -> None:
        """Drop this decision: its answer, if one comes, is ignored."""
        if self.done.is_set() and self.cancelled:
            return
        self.cancelled = True
        if self._worker is not None and not self.done.is_set():
            self._worker._cancel(self)
        self.done.set()

    def _resolve(self, move: str | None, error: str | None) -> None:
        if self.cancelled or self.done.is_set():
            return
        self.move, self.error = move, error
        self.done.set()

    def __repr__(self) -> str:
        state = "cancelled" if self.cancelled else "done" if self.done.is_set() else "pending"
        return f"<Decision {self.id} {self.where} {state} move={self.move!r}>"


def _module_name(ai: Any) -> str | None:
    """The importable name of an AI module, or None (the AI can only run in this process)."""
    if not isinstance(ai, ModuleType) or not callable(getattr(ai, "choose", None)):
        return None
    name = ai.__name__
    if name == "__main__" or getattr(ai, "__spec__", None) is None or sys.modules.get(name) is not ai:
        return None
    return name


class AIWorker:
    """One reusable child process for AI decisions, with a thread as the fallback."""

    def __init__(self, preload: Iterable[str] = (), join_timeout: float = 1.0,
                 use_process: bool = True, nice: int = NICE) -> None:
        self.preload = tuple(preload)
        self.nice = nice
        self.join_timeout = join_timeout
        self.process: Any = None  # a multiprocessing Process while one is running
        # set once decisions run on threads (``use_process=False``: threads from the start,
        # as the tools compare)
        self.fallback_reason: str | None = None if use_process else "threads by request"
        self._ids = itertools.count(1)
        self._lock = threading.RLock()
        self._pending: dict[int, tuple[Decision, tuple]] = {}
        self._requests: Any = None  # Connection: this process -> child
        self._replies: Any = None  # Connection: child -> this process
        self._reader: threading.Thread | None = None
        self._probes: dict[int, Decision] = {}
        self._closing = False
        self._atexit = False
        self._starting = False

    # -- life cycle ------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def start(self) -> bool:
        """Start the child process if it is not running (never waits for it to be ready).

        Returns True if decisions will go to a process, False if they run on threads."""
        with self._lock:
            if self.process is not None:
                return True
            if self.fallback_reason is not None:
                return False
            try:
                self._start_process()
            except Exception as exc:  # no processes here (sandbox, frozen app, limits)
                self._use_threads(f"the AI worker process could not be started ({exc!r})")
                return False
            return True

    def start_soon(self) -> None:
        """Start the child from a background thread, so no frame pays for launching it."""
        with self._lock:
            if self.process is not None or self.fallback_reason is not None or self._starting:
                return
            self._starting = True
        threading.Thread(target=self._start_in_background, name="ai-worker-start",
                         daemon=True).start()

    def _start_in_background(self) -> None:
        try:
            self.start()
        finally:
            self._starting = False

    def _start_process(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        requests_in, requests_out = ctx.Pipe(duplex=False)
        replies_in, replies_out = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_serve,
                              args=(requests_in, replies_out, self.preload, self.nice),
                              name="parlour-ai", daemon=True)
        process.start()
        requests_in.close()  # the child's ends: this process keeps only its own
        replies_out.close()
        self.process = process
        self._requests, self._replies = requests_out, replies_in
        self._closing = False
        if not self._atexit:  # after multiprocessing's own exit hook, so it runs first
            atexit.register(self.shutdown)
            self._atexit = True
        self._reader = threading.Thread(target=self._read, args=(replies_in, process),
                                        name="ai-worker-reader", daemon=True)
        self._reader.start()
        log.debug("AI worker process %s started", process.pid)

    def _use_threads(self, reason: str) -> None:
        self.fallback_reason = reason
        log.warning("%s; the computer thinks on a thread in the window's process instead", reason)

    def shutdown(self) -> None:
        """Cancel every decision and stop the child (terminating it if it does not stop)."""
        with self._lock:
            process, requests, reader = self.process, self._requests, self._reader
            self._closing = True
            for decision, _ in list(self._pending.values()):
                decision.cancelled = True
                decision.done.set()
            self._pending.clear()
            for probe in self._probes.values():
                probe.cancelled = True
                probe.done.set()
            self._probes.clear()
            self.process = self._requests = self._reader = None
        if process is None:
            return
        try:
            requests.send(("stop",))
        except (OSError, ValueError):
            pass
        process.join(self.join_timeout)
        if process.is_alive():
            process.terminate()
            process.join(self.join_timeout)
        if process.is_alive():
            process.kill()
            process.join(self.join_timeout)
        try:
            requests.close()
        except OSError:
            pass
        if reader is not None:
            reader.join(self.join_timeout)
        log.debug("AI worker process %s stopped (exit code %s)", process.pid, process.exitcode)

    # -- requests --------------------------------------------------------------------------
    def submit(self, ai: Any, view: dict, legal: list[str], level: str, seed: int) -> Decision:
        """Ask for ``ai``'s move; returns at once. ``ai`` is an AI module (or, for tests and
        AIs that cannot be imported by name, any object with ``choose``: run on a thread)."""
        name = _module_name(ai)
        with self._lock:
            ident = next(self._ids)
            if name is not None and self.start():
                decision = Decision(self, ident, "process")
                args = (name, view, list(legal), level, seed)
                self._pending[ident] = (decision, (ai,) + args[1:])
                try:
                    self._requests.send(("decide", ident) + args)
                    return decision
                except (OSError, ValueError) as exc:  # the child is gone
                    del self._pending[ident]
                    self._lost(f"the AI worker process stopped ({exc!r})")
            return _thread_decision(ai, view, legal, level, seed, ident)

    def probe(self) -> Decision:
        """Ask the child about itself: ``move`` becomes a dict (pid, whether pygame is loaded,
        the modules it imported from ``game``). Used by tests."""
        with self._lock:
            ident = next(self._ids)
            decision = Decision(None, ident, "process")
            if not self.start():
                decision._resolve(None, "no worker process")
                return decision
            self._probes[ident] = decision
            self._requests.send(("probe", ident))
            return decision

    def _cancel(self, decision: Decision) -> None:
        with self._lock:
            if self._pending.pop(decision.id, None) is None or self._requests is None:
                return
            try:
                self._requests.send(("cancel", decision.id))
            except (OSError, ValueError):
                pass

    # -- answers ---------------------------------------------------------------------------
    def _read(self, replies: Any, process: Any) -> None:
        while True:
            try:
                kind, ident, payload = replies.recv()
            except (EOFError, OSError, ValueError):
                break
            with self._lock:
                if kind == "probe":
                    probe = self._probes.pop(ident, None)
                    if probe is not None:
                        probe._resolve(payload, None)
                    continue
                entry = self._pending.pop(ident, None)
            if entry is None:
                continue  # cancelled: a stale answer, dropped
            decision = entry[0]
            if kind == "ok":
                decision._resolve(payload, None)
            else:
                decision._resolve(None, str(payload))
        try:
            replies.close()
        except OSError:
            pass
        with self._lock:
            if self.process is process and not self._closing:
                self._lost(f"the AI worker process ended unexpectedly (exit code {process.exitcode})")

    def _lost(self, reason: str) -> None:
        """The child is gone: finish what it was asked on threads; threads from now on."""
        with self._lock:
            pending = list(self._pending.values())
            self._pending.clear()
            for probe in self._probes.values():
                probe._resolve(None, reason)
            self._probes.clear()
            self.process = self._requests = None
            self._use_threads(reason)
        for decision, (ai, view, legal, level, seed) in pending:
            _thread_decision(ai, view, legal, level, seed, decision.id, decision)


def _thread_decision(ai: Any, view: dict, legal: list[str], level: str, seed: int, ident: int,
                     decision: Decision | None = None) -> Decision:
    """Run one decision on a daemon thread in this process (the fallback)."""
    decision = decision or Decision(None, ident, "thread")
    decision.where = "thread"
    decision._worker = None

    def think() -> None:
        try:
            move = run_choice(ai, view, legal, level, seed)
        except BaseException as exc:  # never let an AI bug kill the window
            decision._resolve(None, repr(exc))
        else:
            decision._resolve(move, None)

    threading.Thread(target=think, name="ai-think", daemon=True).start()
    return decision


# -- the child process ---------------------------------------------------------------------
class _Interrupted(BaseException):
    """Raised in the child's main thread when its running decision is cancelled."""


def _serve(requests: Any, replies: Any, preload: tuple[str, ...], nice: int = 0) -> None:
    """The child's main loop: decisions in order, one at a time; cancels interrupt them."""
    inbox: queue.SimpleQueue = queue.SimpleQueue()
    cancelled: set[int] = set()
    lock = threading.Lock()
    current: list[int | None] = [None]  # the id being decided (main thread writes it)

    def on_interrupt(signum, frame) -> None:
        # a simulated SIGINT from the listener (or a real Ctrl+C in the terminal: ignored,
        # the parent decides when this process ends)
        ident = current[0]
        if ident is not None and ident in cancelled:
            raise _Interrupted

    signal.signal(signal.SIGINT, on_interrupt)

    def listen() -> None:
        while True:
            try:
                message = requests.recv()
            except (EOFError, OSError):
                message = ("stop",)
            kind = message[0]
            if kind == "cancel":
                with lock:
                    ident = message[1]
                    cancelled.add(ident)
                    if current[0] == ident:
                        _thread.interrupt_main(signal.SIGINT)
            elif kind == "stop":
                with lock:
                    if current[0] is not None:
                        cancelled.add(current[0])
                        _thread.interrupt_main(signal.SIGINT)
                inbox.put(None)
                return
            else:
                inbox.put(message)

    threading.Thread(target=listen, name="ai-worker-listen", daemon=True).start()
    for name in preload:
        try:
            importlib.import_module(name)
        except Exception:  # reported when a decision needs it
            pass
    if nice and hasattr(os, "nice"):  # (after the imports: start-up at full speed)
        try:
            os.nice(nice)  # when the CPU is contended, the window's frames come first
        except OSError:
            pass

    while True:
        try:
            message = inbox.get()
            if message is None:
                break
            if message[0] == "probe":
                replies.send(("probe", message[1], _describe_process()))
                continue
            _, ident, name, view, legal, level, seed = message
            with lock:
                if ident in cancelled:
                    continue
                current[0] = ident
            try:
                outcome = _decide(name, view, legal, level, seed)
            except _Interrupted:
                outcome = ("cancelled", None)
            with lock:
                current[0] = None
            replies.send((outcome[0], ident, outcome[1]))
        except _Interrupted:  # the cancel came just as the decision ended: nothing to send
            with lock:
                current[0] = None
        except (BrokenPipeError, EOFError, OSError):
            break


def _decide(name: str, view: dict, legal: list[str], level: str, seed: int) -> tuple[str, Any]:
    try:
        ai = importlib.import_module(name)
        return "ok", run_choice(ai, view, legal, level, seed)
    except Exception:
        return "error", traceback.format_exc(limit=8)


def _describe_process() -> dict:
    return {"pid": os.getpid(), "pygame": "pygame" in sys.modules,
            "main": getattr(sys.modules.get("__main__"), "__name__", None),
            "game_modules": sorted(m for m in sys.modules if m.split(".")[0] == "game")}


# -- the shared worker ---------------------------------------------------------------------
_shared: AIWorker | None = None
_shared_lock = threading.Lock()


def shared_worker() -> AIWorker:
    """The program's one AI worker (not started until ``start`` or the first ``submit``)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = AIWorker(preload=AI_MODULES)
        return _shared


def shutdown_shared_worker() -> None:
    """Stop the shared worker's process, if any (quit, window closed, exit)."""
    with _shared_lock:
        worker = _shared
    if worker is not None:
        worker.shutdown()
