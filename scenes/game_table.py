"""The base of every game table: session, rules system, undo, hint, log, autosave, results.

A game's table subclasses ``GameTable`` and provides only what is particular to it:
building its entities from a state (``build_table``), animating a move's events
(``animate``), turning drops into moves (``move_for_drop``), showing a hint (``show_hint``)
and summarising a result (``result_summary``). Everything else works through the engine
contract and ``game.session.Session``:

- Undo (Ctrl+Z or the Undo button) back to the person's previous decision, never past
  something that came to light; the table is rebuilt from the session's state.
- Hint (H or the Hint button): the hard AI's move for the seat to act, computed in the AI
  worker process (``game.ai.worker``) and shown on the table if the position is unchanged;
  meanwhile three dots take turns lighting up on the button in place of its word.
- Following the computer: a person's decision is offered (``mine``, buttons, prompts) only
  once the move that brought it has landed (``RulesSystem.offering``), and each seat's last
  move stays outlined (``marks``, ``scenes.marks``): a table marks what a move did in
  ``mark_move(seat, events)``, called from its ``animate``; the base calls it again for
  each seat's last turn when the table is rebuilt (Undo, Continue, a replay step) or the
  language changes (``restore_marks``), so the marks come back as they were.
- Click-to-move: a click selects (the game says which cards), legal targets light up, a
  click on a lit target moves there; Esc or a click on nothing cancels the selection (Esc
  then does not open the pause menu). A table keeping a selection of its own (cards chosen
  for a meld; a click on nothing keeps it, Esc clears it) names it in ``selection_key`` and
  judges targets in ``selection_verdicts``;
  the base lights them, cached per position and selection.
- The move log in words (``Session.log``, worded in the current language when shown),
  scrollable with the mouse wheel; read from the right in Persian.
- Every word it draws or says through ``game.i18n`` (buttons, toasts, the cover, seat
  names), read at draw time; ``language_changed`` rebuilds buttons and marks.
- Autosave after every move and on quit (the menu's Continue resumes it); a finished game
  deletes the save and counts in the statistics.
- Replay mode: the same table with no player input, stepping through a finished game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from types import ModuleType

import esper
import pygame

from ecs.components import (
    CardFace,
    Draggable,
    DropTarget,
    Glow,
    Selected,
    Sprite,
    Transform,
    Tweens,
)
from ecs.intents import ClickIntent, DropIntent
from ecs.rules_system import RulesSystem, SeatControl
from ecs.tween import animate as animate_attr
from ecs.tween import glide, moving_pieces
from game import i18n
from game.ai import recalled
from game.ai.worker import Decision, decision_seed, shared_worker
from game.catalog import BY_KEY, GameConfig
from game.i18n import N_, _, ngettext, num, signed
from game.session import Session
from game.stats import abandoned_counts
from scenes import theme
from scenes.marks import LastMoves, drawn_box
from scenes.resume import autosave_game, count_abandoned
from scenes.table import TableScene
from scenes.widgets import Button, WidgetGroup

HINT_COLOUR = (110, 235, 120)  # green: the selected outline is blue, lit targets gold
HINT_DOTS_PER_SECOND = 4  # the Hint button's dots while a hint is worked out, lit in turn
HINT_ON_YOUR_TURN = N_("Wait for your turn, then ask for a hint.")  # H pressed on another's turn
HINT_WORDS_LAST = 600.0  # seconds: as long as the hint is shown, in practice
LIFT_COVER_FIRST = N_("Lift the cover first: click it to see your cards.")  # H under the cover
# a click on the cover that did not lift it (it came too soon after another click)
COVER_CLICK_ONCE = N_("Pause, then click once to lift the cover.")
COVER_QUIET = 0.8  # seconds: a click lifts the cover only after this long without a click on it
CONTINUED = "   "  # the indent of a move-log entry's wrapped lines
UNDO_GLIDE = 0.3  # seconds: a card Undo moved glides from where it stood (``glide_back``)
UNDO_RISE = 10.0  # z per pixel of its way: the farther an Undo's card goes, the higher


class GameRules(RulesSystem):
    """Delegates the game-specific parts to its table."""

    def __init__(self, table: GameTable, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.table = table

    def intent_to_move(self, intent) -> str | None:
        if isinstance(intent, DropIntent):
            if not (esper.entity_exists(intent.entity) and esper.entity_exists(intent.target)):
                return None  # the card or its target left the table since the drop
            move = self.table.move_for_drop(intent.entity, intent.target)
            sync = getattr(self.table, "sync", None)
            if sync is not None:  # of two identical cards, the one let go is the one to move
                sync.leaving = {intent.entity} if move is not None else set()
            return move
        return self.table.move_for_intent(intent)

    def on_rejected(self, reason: str, intent) -> None:
        super().on_rejected(reason, intent)
        sync = getattr(self.table, "sync", None)
        if sync is not None:
            sync.leaving = set()
        self.table.refuse(reason, intent)

    @property
    def wait_for_ai(self) -> bool:  # the scripted driver's clock (game.driver) sets it
        return getattr(self.table.app, "wait_for_ai", False)


class GameTable(TableScene):
    rules_module: ModuleType
    ai_module: ModuleType
    ai_delay = 0.5
    ai_beat = 0.3  # the computer's least pause after the last move has landed (seconds)
    last_deal_summary = False  # the last deal's summary opens too, before the results

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app)
        self.config = config
        self.game_key = config.game
        self.info = BY_KEY[config.game]
        if replay is None:
            app.last_game = config.game  # Statistics opens on this game's page
        self.session = session or Session.new(config, app.settings.undo_between_people)
        self.session.undo_between_people = app.settings.undo_between_people
        self.replay = replay
        self.by_undo = False  # built by Undo in the place of the table before: no deal shown
        self.hint: tuple[str, list[int]] | None = None
        self._undo_button: UndoButton | None = None  # (``comfort_buttons``: kept across them)
        self._chosen_at_hint: set[int] = set()  # the cards chosen when the hint came
        self._hint_decision: Decision | None = None
        self._hint_for = None  # the state the hint in progress was asked for
        self._hint_toast = None  # the message saying the hint shown (it goes with the hint)
        self.log_scroll = 0
        self._log_landed: int | None = None  # log entries the table has shown (None: all)
        # a table built on a game in progress (Continue, Undo) has shown its moves (after an
        # Undo the line before the move taken back went while the cards glided home, pt82)
        self._log_built = len(self.session.moves)
        self._log_starts: set[str] = set()  # the log lines that begin a move ("12. …")
        self._mover: int | None = None  # the seat whose move is reaching the table
        self._landing_moves = 0  # the number of moves made once that move was (``shown_state``)
        self._lead_over = True  # ... and its lead is over (its cards begin to move)
        self._lead_left = 0.0  # seconds of that lead still to run
        self._after_lead: list[Callable[[], None]] = []  # what waits for it (``after_lead``)
        self._message_banner: tuple | None = None  # (message, banner box): ``banner_at_message``
        self._held_seen: int | None = None  # what was held at the last frame (``update``)
        self._judged_for: tuple | None = None  # (state, offer) a held card was judged in
        self._was_yours = False  # could a person at the screen move at the last frame?
        self.result_shown = False
        self._refusals: set[str] = set()  # the refusals this table has said (``refuse``)
        self._results_made: tuple | None = None  # (the finished position, its results,
        # [drawn once off screen])
        self.recorded = False
        self.widgets = WidgetGroup()
        self._refreshed_for: tuple | None = None
        self._legal_cache: tuple[int, list[str], frozenset[str]] = (-1, [], frozenset())
        self._verdicts: tuple[tuple, dict[int, tuple[bool, str]]] | None = None
        self.replay_controls = None
        self.hold_time = 0.0  # seconds the computer players wait (something worth reading)
        self.pending_summary = None  # (title, subtitle, header, rows, ...) shown once idle
        self.marks = LastMoves()  # each seat's last move, outlined (see scenes.marks)
        # Undo built this table: the pieces shown before it (``pieces_shown``), which glide
        # from there (``glide_back``)
        self.glide_from: list[tuple] | None = None
        self.restoring = None  # while marks are restored: the position of the move marked
        self.restoring_after: list | None = None  # ... and every position since it

    # -- wiring ------------------------------------------------------------------------
    def build(self) -> None:
        if self.replay is not None:
            seats = [SeatControl("replay") for _ in self.config.seats]
        else:
            seats = [SeatControl(s.kind, s.level) for s in self.config.seats]
        self.rules = GameRules(self, self.rules_module, self.ai_module, seats,
                               self.session.state, self.queue, seed=self.config.seed,
                               ai_delay=self.ai_delay, ai_beat=self.ai_beat,
                               busy=self.busy,
                               shown=self.move_shown, quiet=self.quiet_move,
                               played_for=self.played_for, session=self.session,
                               pace=lambda: self.app.settings.anim(1.0))
        self.rules.listeners.append(self._after_move)
        esper.add_processor(self.rules)
        if any(seat.kind == "ai" for seat in seats):
            shared_worker().start_soon()  # the computer's process boots while the table deals
        self.build_table()
        self.restore_marks()
        self._words_language = i18n.language()
        if self.replay is not None:
            from scenes.replay import ReplayControls

            self.replay_controls = ReplayControls(self)
        elif not self.session.moves:  # a new game (Start, Restart, Play again) replaces the
            self.autosave()  # game saved before it at once, not at its first move
        self.refresh()
        if self.glide_from is not None:
            self.glide_back(self.glide_from)
            self.glide_from = None

    @property
    def state(self):
        return self.rules.state

    def hand_order(self, default: str) -> str:
        """How the person last chose to order the hand in this game (by rank, by suit, in
        pairs...): kept when Undo, Restart or a new game builds the table again; between
        people, each person's own (one person's By suit sorted the others' hands too)."""
        return self.app.hand_orders.get(self._order_key(), default)

    def remember_hand_order(self, mode: str) -> None:
        self.app.hand_orders[self._order_key()] = mode

    def take_orders_from(self, old: GameTable) -> None:
        """Each person's own order of their hand (``PerViewer`` attributes) as ``old`` kept
        them: Undo builds a new table, which knew only the order of the person at the
        screen (another person's came back sorted, pt104)."""
        for klass in type(self).__mro__:
            for value in vars(klass).values():
                if isinstance(value, PerViewer):
                    self.__dict__[value.name] = dict(old.__dict__.get(value.name, {}))

    def _order_key(self) -> str | tuple[str, int]:
        viewer = getattr(self, "viewer", None)
        if viewer is not None and len(self.session.humans) > 1:
            return self.game_key, viewer
        return self.game_key

    def resume(self) -> None:
        super().resume()
        if self.world is not None and self.world.alive:
            self.refresh()  # a setting changed meanwhile (Undo between people) shows at once
            self._say_hint_again()

    def _say_hint_again(self) -> None:
        """The hint's words come back with the table: the pause menu puts the table's
        messages away, and its glow stood alone after Resume (pt91). Said again, in the
        language of the moment (Settings may have changed it)."""
        if self.hint is None or self._hint_toast is None or self._hint_toast in self.app.toasts:
            return
        move = self.hint[0]
        if self.is_legal(move):
            self._apply_hint(move)
        else:
            self.clear_hint()

    def busy(self) -> bool:
        """The computer waits while the table animates or holds something up to read, and
        while a deal's summary is still to be shown (the next deal starts after Continue)."""
        return self.animating or self.hold_time > 0 or self.pending_summary is not None

    def hold(self, seconds: float) -> None:
        """Keep the computer players waiting a little (e.g. to read an AI's meld)."""
        self.hold_time = max(self.hold_time, self.app.settings.anim(seconds))

    def summarise(self, title: str, subtitle: str, header: list[str],
                  rows: list[list[str]], count_up: bool = False,
                  details: list[list[tuple[str, tuple]]] | None = None,
                  reword: Callable[[], tuple] | None = None,
                  highlight: int | None = None) -> None:
        """Show an end-of-deal summary once the table is idle (play resumes after it);
        ``count_up`` counts the numbers up from zero, like points being added; ``details``
        a line of coloured words under each row (the cards left in a hand); ``reword``
        gives (title, subtitle, header, rows) again in the language of the moment: the
        summary follows a change of language, also one made before it opens;
        ``highlight``: the row on a band (the deal's winner)."""
        if self.replay is None:
            self.pending_summary = (title, subtitle, header, rows, count_up, details, reword,
                                    highlight)

    def deal_ended_unread(self) -> list | None:
        """The events of the last move, when it ended a deal (and not the game): a table built
        on such a game by Continue shows that deal's end and its summary first, as the move
        itself did (quit over the summary, the next deal went on without it, pt82); a replay
        that jumps there (Back, Home, End) shows that deal's end, without the summary, as a
        step forward does (it showed the next deal dealt, pt140). None otherwise, and after
        an Undo."""
        ended_type = getattr(self.rules_module, "DealEnded", None)
        if (ended_type is None or self.by_undo
                or not self.session.moves or self.session.result is not None
                or self.session.summary_read):
            return None
        _state, events = self.rules_module.play_events(self.session.befores[-1],
                                                       self.session.moves[-1])
        return events if any(isinstance(e, ended_type) for e in events) else None

    def summary_ready(self) -> bool:
        """May a deal's summary waiting to be shown open now? Once the table is still."""
        return not self.animating

    def result_ready(self) -> bool:
        """May the game's results open (the table still, the game over)? Once the last
        move's lead is over, so that what it tells as its cards set off (a computer's
        winning meld, its points, its score sheet line) has been told: they never were."""
        return self._lead_over

    def summary_read(self) -> None:
        """The deal's summary was closed and the next deal comes: the save says so (it was
        still named "end of deal 1", and Continue showed that summary again, pt109)."""
        if self.replay is None and not self.session.summary_read:
            self.session.summary_read = True
            self.autosave()

    def legal(self) -> list[str]:
        """The legal moves of the seat to act (cached per state)."""
        key = id(self.state)
        if self._legal_cache[0] != key:
            moves = self.rules_module.legal_moves(self.state)
            self._legal_cache = (key, moves, frozenset(moves))
        return self._legal_cache[1]

    def is_legal(self, move: str) -> bool:
        """``move`` is among the legal moves (a set look-up: the lists can be long)."""
        self.legal()
        return move in self._legal_cache[2]

    def check(self, move: str) -> tuple[bool, str]:
        """(True, "") if ``move`` is legal now, else (False, the engine's reason)."""
        if self.is_legal(move):
            return True, ""
        try:
            self.rules_module.play(self.state, move)
        except ValueError as exc:
            return False, str(exc)
        return True, ""

    def paced_as_person(self, seat: int) -> bool:
        """Is ``seat``'s move shown at a person's pace, at once, without the computer's lead
        and pauses between its steps? A person's move, and every move of a replay (a
        computer's take in Zertz took two seconds to show its drawn marble, pt140)."""
        return self.config.seats[seat].is_human or self.replay is not None

    def _after_move(self, seat: int, move: str, events: list) -> None:
        if self.config.seats[seat].is_human:
            self.drop_refusals()  # (about the position before: one stood over the next turn)
        self.clear_hint()  # (the move list follows the move as it is told: ``_follow_log``)
        if not self.keeps_marks(move):
            # a new turn: that seat's old marks go (unless the move goes on the seat's last
            # turn: ``goes_on``); ``animate`` marks anew
            self.marks.moved(seat, goes_on=self._goes_on(seat, move))
        self._mover = seat
        self._landing_moves = len(self.session.moves)
        self._run_after_lead()  # (an earlier move's, still waiting: its cards have set off)
        quiet = self._quiet(seat, move)  # (nothing to show: no lead either)
        self._lead_left = (0.0 if self.paced_as_person(seat) or quiet
                           else self.app.settings.anim(AI_LEAD))
        self._lead_over = self._lead_left <= 0
        self.animate(seat, move, events)
        if self._lead_over:
            self._run_after_lead()
        self.autosave()
        self.refresh()

    # -- to provide --------------------------------------------------------------------
    def build_table(self) -> None:
        raise NotImplementedError

    def animate(self, seat: int, move: str, events: list) -> None:
        raise NotImplementedError

    def mark_move(self, seat: int, events: list) -> None:
        """Outline on the table what ``seat``'s move did (``self.marks``), from the move's
        events. A table calls it from ``animate`` once the entities are where the move
        puts them; the base calls it again for each seat's last turn when a table is
        built from a session (Undo, Continue, a replay step) or the language changes, so
        the marks come back as they were. The default marks nothing."""

    def move_for_drop(self, entity: int, target: int) -> str | None:
        return None

    def move_for_intent(self, intent) -> str | None:
        return None

    def show_hint(self, move: str) -> list[int]:
        """Highlight ``move`` on the table; return the entities given a glow."""
        self.app.toast(_("Hint: {move}.").format(move=move))
        return []

    def result_summary(self) -> tuple[str, str, list[str], list[list[str]], int | None]:
        """(title, subtitle, header, rows, highlighted row) for the results overlay."""
        res = self.session.result or {}
        return _("Game over"), str(res), [], [], None

    def refresh(self) -> None:
        """Re-enable what the player to move may touch; rebuild the buttons."""

    def on_offer(self) -> None:
        """The table came to rest on a new position, or a person's decision is now offered
        (``rules.offering()``, once the last move has landed): update what may be touched.
        Card tables that set up their cards after a sync (``_after_sync``) redo it."""
        after_sync = getattr(self, "_after_sync", None)
        if callable(after_sync):
            after_sync()
        self.refresh()

    def restore_marks(self) -> None:
        """Mark each seat's last turn again from the session's moves (``mark_move`` for the
        events of those moves), as they were marked when they were played."""
        if type(self).mark_move is GameTable.mark_move:
            return  # the table marks its moves inside ``animate`` only: nothing to redo
        self.marks.clear()
        self._tags_language = i18n.language()  # (the language the tags name the seats in)
        session = self.session
        start = self.marks_start()
        turns = sorted(self.last_turns().items(), key=lambda item: item[1][-1])
        for seat, indices in turns:
            for i in indices:
                if i < start:  # (a move of an earlier deal: its marks went with its cards,
                    continue  # and by name they would land on a twin of this deal)
                try:
                    _state, events = self.rules_module.play_events(session.befores[i],
                                                                   session.moves[i])
                except Exception:  # noqa: BLE001 - a mark is never worth a crash
                    continue
                self.marks.moved(seat)
                self.restoring = session.befores[i]  # (the position the move was made in)
                self.restoring_after = session.befores[i + 1:] + [session.state]
                try:
                    self.mark_move(seat, events)
                finally:
                    self.restoring = self.restoring_after = None

    def keeps_marks(self, move: str) -> bool:
        """Does ``move`` leave its seat's marks as they are (it marks nothing and starts no
        turn of its own: Telefunken's pass on a buy offer)? Not here."""
        return False

    def goes_on(self, previous: str, move: str) -> bool:
        """Does ``move`` go on the turn of its seat's ``previous`` move (the last that did
        not keep the marks), though other seats moved between, the marks of both standing
        together (Telefunken's second buy before the buyer's turn)? Not here."""
        return False

    def _goes_on(self, seat: int, move: str) -> bool:
        """Does ``move``, just played by ``seat``, go on its last turn (``goes_on``)?"""
        session = self.session
        for i in range(len(session.moves) - 2, -1, -1):
            if (self.rules_module.to_move(session.befores[i]) == seat
                    and not self.keeps_marks(session.moves[i])):
                return self.goes_on(session.moves[i], move)
        return False

    def last_turns(self) -> dict[int, list[int]]:
        """For each seat, the indices of the moves of its last turn as the table marks them
        (``Session.last_turns``, without the moves that keep the marks: ``keeps_marks``, and
        with those that go on an earlier turn: ``goes_on``)."""
        return self.session.last_turns(self.keeps_marks, self.goes_on)

    def marks_start(self) -> int:
        """The first move whose mark can still stand: the first of the deal on the table (a
        new deal clears the marks: nobody has played in it yet; while an ended deal stays on
        the table for its summary, ``ended_deal``, that deal's); 0 for a game of one deal."""
        deal = getattr(self.session.state, "deal", None)
        befores = self.session.befores
        if deal is None:
            return 0
        if getattr(self, "ended_deal", None) is not None and befores:
            deal = getattr(befores[-1], "deal", deal)  # (the deal of the move that ended it)
        i = len(befores)
        while i > 0 and getattr(befores[i - 1], "deal", None) == deal:
            i -= 1
        return i

    def language_changed(self) -> None:
        """The words on the table follow a change of language (done at the next frame the
        table runs: buttons, marks' seat names; the log is worded when drawn). Under the
        pause menu (where the language is changed) the table runs no frame: it follows at
        once, so that it shows the new words behind the menu too."""
        self._words_language = None
        if self.world is not None and self.world.alive and self.app.scenes.top is not self:
            with self.world.active():
                self._follow_language()

    def _follow_language(self) -> None:
        if getattr(self, "_words_language", None) == i18n.language() or self.world is None:
            return
        if self.animating:  # (marked again once the move has landed; meanwhile the tags
            self._rename_tags()  # that name a seat change language)
            return
        self._words_language = i18n.language()
        self._refreshed_for = None
        if self.replay_controls is not None:
            from scenes.replay import ReplayControls

            self.replay_controls = ReplayControls(self, self.replay_controls.playing)
        self.restore_marks()  # their tags name the seats

    def _rename_tags(self) -> None:
        """The last-move tags that name their seat, in the current language (it changed under
        the pause menu while a move was landing: the table behind the menu showed "Ghế 3"
        beside English words)."""
        old = getattr(self, "_tags_language", None)
        self._tags_language = i18n.language()
        if old is None or old == self._tags_language:
            return
        new = {seat: self.seat_name(seat) for seat in self.marks.marks}
        with i18n.speaking(old):  # (its digits compared aside: ``num`` writes the current's)
            was = {seat: i18n.ascii_digits(self.seat_name(seat)) for seat in self.marks.marks}
        for seat, marks in self.marks.marks.items():
            for mark in marks:
                if i18n.ascii_digits(mark.label) == was[seat]:
                    mark.label = new[seat]

    # -- click-to-move -----------------------------------------------------------------
    def selection_key(self) -> tuple | None:
        """The table's own selection (cards chosen for a meld), hashable; None if empty."""
        return None

    def selection_verdicts(self) -> dict[int, tuple[bool, str]]:
        """For each drop target the selection could go to: (accepts, reason)."""
        return {}

    def clear_own_selection(self) -> bool:
        """Drop the table's own selection; True if there was one."""
        return False

    def cancel_selection(self) -> bool:
        """Esc: put back what is held, drop whatever is selected; True if something was
        (then Esc stops there)."""
        had = self.drag.selected is not None or self.drag.held is not None
        if self.drag.held is not None:
            self.drag.cancel_all()  # the card in the hand glides home
        self.drag.deselect()
        return self.clear_own_selection() or had

    def lit_verdict(self, pos: tuple[int, int]) -> tuple[int, bool, str] | None:
        """(target, accepts, reason) for the target under ``pos`` that the table's own
        selection was judged against, or None (no selection, or no such target there)."""
        target = self.drag.target_at(pos)
        if target is None or self.selection_key() is None:
            return None
        self._light_selection()
        verdict = self._verdicts[1].get(target) if self._verdicts else None
        return None if verdict is None else (target, *verdict)

    def _light_selection(self) -> None:
        """Light the targets of the table's own selection (judged once per position)."""
        if self.drag.held is not None or self.drag.selected is not None:
            return
        key = self.selection_key()
        if key is None:
            if self._verdicts is not None:
                self._verdicts = None
                self.drag.hide_targets()
            return
        full = (id(self.state), key, tuple(sorted(e for e, _ in esper.get_component(DropTarget))))
        if self._verdicts is None or self._verdicts[0] != full:
            self._verdicts = (full, self.selection_verdicts())
        self.drag.show_targets({t: v for t, v in self._verdicts[1].items() if v[0]})

    # -- messages ----------------------------------------------------------------------
    def drop_refusals(self, older_only: bool = False) -> None:
        """The table's refusals go with the position they were about: once a person has
        moved (a refusal of a drop stood over the next person's turn and its banner), or
        picks something up again (``older_only``: not one said in this very frame)."""
        self.app.toasts = [t for t in self.app.toasts if t.text not in self._refusals
                           or (older_only and t.age == 0.0)]

    def refuse(self, reason: str, intent) -> None:
        """Say why a move was refused (a message; an error sound); "wait for your turn" and
        its like are said quietly: nothing was wrong but the moment (a person clicking
        while the computer plays heard an error each time)."""
        if reason in SYSTEM_REASONS:  # the rules system's own few refusals, in the language
            reason = _(SYSTEM_REASONS[reason])
        text = sentence(reason)
        waiting = text in {sentence(_(w)) for w in WAITS}
        self.app.toast(text, error=not waiting)
        self._refusals.add(text)
        if not waiting:
            self.audio.request("error")
        if isinstance(intent, DropIntent):
            self.drag.glide_back(intent.entity)

    def _drop_waiting_words(self) -> None:
        """The person's turn has come: messages that said to wait for it go (they stayed
        their seconds and stacked with the next message)."""
        waits = {sentence(_(w)) for w in WAITS} | {_(HINT_ON_YOUR_TURN)}
        self.app.toasts = [t for t in self.app.toasts if t.text not in waits]

    # -- comforts ----------------------------------------------------------------------
    def landing_seat(self) -> int | None:
        """The seat whose move is still reaching the table (the line and panels name it
        until it has landed, not the next seat), else None."""
        return self._mover if self.replay is None and self.animating else None

    def landing_words(self) -> str:
        """The move still on its way to the table, in the words the log will tell it with
        once it has landed ("Seat 2 discarded 9♣"), seats' names kept whole."""
        log = self.session.log
        return whole_names(log[-1], self.session.seat_names()) if log else ""

    def leading_seat(self) -> int | None:
        """The computer whose move waits out its lead (none of its cards moving yet: the
        table still shows it thinking), else None."""
        seat = self.landing_seat()
        if seat is None or self._lead_over or self.config.seats[seat].is_human:
            return None
        return seat

    def shown_state(self, until_landed: bool = False):
        """The position the seats' panels count from (cards in hand, chips, points): while
        a computer's move waits out its lead (its panel saying "thinking", none of its cards
        moving yet), or with ``until_landed`` until the move has landed, the position before
        that move; else the position now. (A panel told what the computer was about to do:
        "thinking… 17 cards" before its discard left.)"""
        seat = self.landing_seat()
        moves = len(self.session.moves)
        if (seat is not None and not self.config.seats[seat].is_human
                and self._landing_moves == moves and moves
                and (until_landed or not self._lead_over)):
            return self.session.befores[-1]
        return self.state

    def after_lead(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` when the move being shown ends its lead (its cards set off: a
        computer's banner, points popping up), at once for a person's move."""
        if self._lead_over:
            callback()
        else:
            self._after_lead.append(callback)

    def _run_after_lead(self) -> None:
        waiting, self._after_lead = self._after_lead, []
        if waiting and self.world is not None and self.world.alive:
            self.world.activate()  # (the lead ends before the frame makes the world current)
        for callback in waiting:
            callback()

    def can_undo(self) -> bool:
        return self.replay is None and self.session.can_undo()

    # (a card you drew, a stock card turned up, a new deal, a buy: undoing past it would let
    # the person choose again knowing those cards)
    REVEALED_SINCE = N_("Nothing to undo: cards have been drawn or shown since your last move.")
    # (the same under a person's cover, the last person to move named)
    REVEALED_SINCE_SEAT = N_("Nothing to undo: cards have been drawn or shown since {seat}'s "
                             "last move.")

    def nothing_to_undo(self) -> str:
        """Why Undo does nothing now, in the game's words."""
        if self.session.result is not None:
            return _("The game is over: nothing to undo.")
        if self.session.undo_blocked_by_reveal:
            return _(self.REVEALED_SINCE)
        return _("Nothing to undo yet.")

    def undo(self) -> None:
        if self.replay is not None:
            return
        if not self.session.undo_allowed():
            if not self.session.humans:  # the computer against itself: no move is yours
                self.app.toast(_("Nothing to undo: only the computer plays in this game."))
            else:
                self.app.toast(_("Undo is off in games between people (see Settings)."))
            return
        if not self.can_undo():
            self.app.toast(self.nothing_to_undo())
            return
        before = len(self.session.moves)
        moves, befores = list(self.session.moves), list(self.session.befores)
        # between people the move taken back may be another person's: it is named
        seat = self.session.snapshots[-1].seat
        who = None if len(self.session.humans) == 1 else self.seat_name(seat)
        self.session.undo()
        self.autosave()
        self.app.sounds.play("click")
        after = len(self.session.moves)
        movers = [self.rules_module.to_move(state) for state in befores[after:before]]
        shown = self._shown_movers(moves[after:before], movers)
        replies = len(shown) > 1 and all(  # (the moves after yours are the computer's)
            seat is not None and not self.config.seats[seat].is_human for seat in shown[1:])
        # (3.5 s: a sentence naming the person was gone before it was read, pt104)
        self.app.toast(undone_words(len(shown), who, replies), seconds=3.5)
        table = type(self)(self.app, self.config, self.session)
        table.at_screen = self.person_at_screen()
        table.by_undo = True
        table.glide_from = self.pieces_shown()
        table.undone_from(self)
        self.app.scenes.replace(table, transition=None)

    def move_shown(self) -> bool:
        """Has the last move reached the table, so that a person's decision may be offered
        (``RulesSystem.shown``)? Once nothing moves (a table may say sooner)."""
        return not self.animating

    def quiet_move(self, seat: int, move: str) -> bool:
        """Is ``move`` of the computer at ``seat`` one the table does not show at all (it
        is then played without the computer's pauses, ``RulesSystem.quiet``, and Undo does
        not name it)? None here."""
        return False

    def played_for(self, seat: int) -> str | None:
        """The move the table makes now for the person at ``seat`` without asking them
        (``RulesSystem.played_for``), or None: theirs to make. None here."""
        return None

    def _quiet(self, seat: int | None, move: str) -> bool:
        """A computer's move the table does not show (``quiet_move``)."""
        return (seat is not None and not self.config.seats[seat].is_human
                and self.quiet_move(seat, move))

    def undone_count(self, moves: list[str], movers: list[int | None]) -> int:
        """How many moves an Undo that took back ``moves`` (made by ``movers``) names: all
        but the computers' moves the table never showed (``quiet_move``)."""
        return len(self._shown_movers(moves, movers))

    def _shown_movers(self, moves: list[str], movers: list[int | None]) -> list[int | None]:
        """The seats of those of ``moves`` (made by ``movers``) the table showed."""
        return [seat for move, seat in zip(moves, movers, strict=True)
                if not self._quiet(seat, move)]

    def pieces_shown(self) -> list[tuple[tuple, float, float, float, float]]:
        """(what it is, x, y, angle, drawn width) of each piece on the table now that Undo
        may move: every face-up card (its code), every piece that can be picked up (its
        image: a Zertz marble or piece)."""
        if self.world is None or not self.world.alive:
            return []
        self.world.activate()
        return [(key, t.x, t.y, t.angle, width)
                for key, _ent, t, width in _undo_pieces()]

    def glide_back(self, before: list[tuple[tuple, float, float, float, float]]) -> None:
        """Undo built this table: each piece that stood elsewhere before (``before``:
        ``pieces_shown`` of the table it replaced) glides from there to its place, as a move
        does (the card taken back jumped into the hand in one frame, and the hand closed up
        around it; a Zertz piece jumped back to its supply). A piece that has not moved is
        matched to itself first; of identical ones, the nearest moves. At instant speed
        nothing glides."""
        duration = self.app.settings.anim(UNDO_GLIDE)
        if duration <= 0:
            return
        left: dict[tuple, list[tuple]] = {}
        for piece in before:
            left.setdefault(piece[0], []).append(piece)
        moved = []
        for key, ent, t, width in _undo_pieces():
            tweens = esper.try_component(ent, Tweens)
            if tweens and tweens.items:
                continue
            olds = left.get(key, [])
            same = next((o for o in olds if abs(o[1] - t.x) < 1 and abs(o[2] - t.y) < 1), None)
            if same is not None:
                olds.remove(same)
            else:
                moved.append((key, ent, t, width))
        for key, ent, t, width in moved:
            olds = left.get(key)
            if not olds:
                continue
            old = min(olds, key=lambda o: (o[1] - t.x) ** 2 + (o[2] - t.y) ** 2)
            olds.remove(old)
            x, y, angle, scale = t.x, t.y, t.angle, t.scale
            t.x, t.y, t.angle = old[1], old[2], old[3]
            t.scale = scale * old[4] / max(1.0, width)
            # the farther, the higher on the way (a card crossing the hand to its pair
            # passed under the cards making room for it, pt68): by the pixel, not by
            # ``flight_z``'s hundreds
            glide(ent, x, y, duration, angle=angle,
                  above=UNDO_RISE * math.hypot(x - old[1], y - old[2]))
            if t.scale != scale:
                animate_attr(ent, "scale", scale, duration)

    def undone_from(self, old: GameTable) -> None:
        """This table was built by Undo in the place of ``old``: what it carries over
        (nothing here; a table may keep what it knew of the position gone back to)."""

    def summary_key(self, event) -> None:
        """A key pressed over this table's deal summary (``DealSummary``): Ctrl+Z and H,
        which did nothing without a word, say why."""
        deal = getattr(self.state, "deal", None)
        if not isinstance(deal, int) or self.replay is not None:
            return
        over = self.session.result is not None  # (the last deal's summary)
        if is_undo_key(event):
            self.app.toast(_("The game is over: nothing to undo.") if over
                           else deal_over_no_undo(deal))
        elif event.kind == "key" and event.key == pygame.K_h and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.app.toast(_("The game is over: {button} shows how it ended.").format(
                button=_("See the results")) if over
                           else _("Deal {deal} is over: Continue deals the next one.").format(
                               deal=num(deal)))

    def person_at_screen(self) -> int | None:
        """The person whose cards the screen shows now (None if none: the cover is up)."""
        return None

    def ask_hint(self) -> None:
        if self.replay is not None or self.rules.over:
            return
        if not self.session.humans:  # the computer against itself: no turn will be yours
            self.app.toast(_("No hints: only the computer plays in this game."), seconds=2.5)
            return
        if not self.rules.human_to_move():  # (the H key: the button is greyed then)
            self.app.toast(_(HINT_ON_YOUR_TURN), seconds=2.5)
            return
        if self._hint_decision is not None and self._hint_for is self.state:
            return
        self.cancel_hint()
        view, legal = self.session.hint_inputs()
        view = recalled(self.ai_module, view, self.session.befores, self.session.moves)
        seed = decision_seed(self.config.seed, len(self.session.moves), 7919)
        self._hint_decision = shared_worker().submit(self.ai_module, view, legal, "hard", seed)
        self._hint_for = self.state

    @property
    def hint_pending(self) -> bool:
        """A hint is being worked out (the Hint button shows it until it arrives)."""
        return self._hint_decision is not None

    def _hint_label(self) -> str:
        return "" if self.hint_pending else _("Hint")  # (the dots instead: ``_draw_hint_thinking``)

    def _hint_button(self) -> Button | None:
        return next((w for w in self.widgets.widgets if isinstance(w, Button)
                     and w.on_click == self.ask_hint), None)

    def _label_hint_button(self) -> None:
        """The Hint button shows no word while a hint is worked out, but dots (it read
        "Thinking…", which fitted its 70 px only 10 px tall: 7 px on a 960×540 window)."""
        button = self._hint_button()
        if button is not None and button.label != self._hint_label():
            button.label = self._hint_label()

    def _draw_hint_thinking(self, surface: pygame.Surface) -> None:
        """Three dots across the Hint button, lit in turn, while a hint is worked out."""
        button = self._hint_button()
        if button is None or not self.hint_pending:
            return
        lit = int(self.time * HINT_DOTS_PER_SECOND) % 3
        x, y = button.rect.center
        step = -14 if theme.rtl() else 14  # (lit from the side the words start)
        for k in range(3):
            pygame.draw.circle(surface, HINT_COLOUR if k == lit else theme.INK_FAINT,
                               (x + (k - 1) * step, y), 5 if k == lit else 4)

    def cancel_hint(self) -> None:
        """Drop a hint still being computed (the position changed or the table left)."""
        decision, self._hint_decision, self._hint_for = self._hint_decision, None, None
        if decision is not None:
            decision.cancel()

    def _poll_hint(self) -> None:
        decision = self._hint_decision
        if decision is None:
            return
        if self._hint_for is not self.state:  # a move was made meanwhile: a stale hint
            self.cancel_hint()
            return
        if not decision.done.is_set() and not (
                getattr(self.app, "wait_for_ai", False) and decision.done.wait(60)):
            return
        self._hint_decision = self._hint_for = None
        move = decision.move
        if decision.cancelled:
            return
        if decision.error is not None or move not in self.legal():
            move = self.legal()[0] if self.legal() else None  # never take the table down
        if move:
            self._apply_hint(move)

    def hinted_button(self) -> Button | None:
        """The button that makes the hinted move, outlined with its cards while the hint
        stands: a button whose ``move`` is the hinted move, if one is shown and pressable.
        (A hinted buy glowed the discard while the lit button beside it was Pass, which Enter
        presses.)"""
        if self.hint is None:
            return None
        for widget in getattr(getattr(self, "widgets", None), "widgets", ()):
            if getattr(widget, "move", None) == self.hint[0] and widget.enabled:
                return widget
        return None

    def hinted_place(self) -> pygame.Rect | None:
        """Where the hinted move puts its card or marble, outlined with the hint when no
        piece there shows it (Telefunken's Discards, Chắn's gate, Zertz's Captured panel:
        the second click of a hint followed by clicks had nothing to go by, pt100); none by
        default."""
        return None

    def clear_hint(self) -> None:
        if self.hint is not None:
            for ent in self.hint[1]:
                if esper.entity_exists(ent):
                    esper.try_remove_component(ent, Glow)
            self.hint = None
        if self._hint_toast is not None:  # its words go with its glow
            self.app.toasts = [t for t in self.app.toasts if t is not self._hint_toast]
            self._hint_toast = None

    def _apply_hint(self, move: str) -> None:
        self.clear_hint()
        before = list(self.app.toasts)
        ents = self.show_hint(move)
        for ent in ents:
            esper.add_component(ent, Glow(HINT_COLOUR, 4))
        self.hint = (move, ents)
        said = [t for t in self.app.toasts if t not in before]
        if said:  # the hint's words stay while its glow does (they faded after 3.5 s and
            said[-1].seconds = HINT_WORDS_LAST  # left an outline nobody could read)
            self._hint_toast = said[-1]
        # what was chosen already (cards in a meld zone) does not count as another choice
        self._chosen_at_hint = {ent for ent, _ in esper.get_component(Selected)}

    def autosave(self) -> None:
        if self.replay is not None or not self.app.persist:
            return
        self.recorded = autosave_game(self.app, self.session, self.recorded,
                                      getattr(self.rules_module, "LOWER_SCORE_WINS", False))

    def on_quit(self) -> None:
        self.autosave()

    def exit(self) -> None:
        """Leaving (undo, restart, menu, quit): nothing the computer thinks is applied."""
        if getattr(self, "rules", None) is not None:
            self.rules.close()
        self.cancel_hint()
        if self._hint_toast is not None:  # (the hint's words do not follow to the menu)
            self.app.toasts = [t for t in self.app.toasts if t is not self._hint_toast]
            self._hint_toast = None
        super().exit()

    # -- navigation --------------------------------------------------------------------
    def abandoning_counts(self) -> bool:
        """Would leaving this game now (Restart) count it as lost in the statistics
        (``game.stats.abandoned_counts``)? Not a replay, nor a game already over."""
        return (self.replay is None and self.session.result is None and self.app.persist
                and abandoned_counts(self.config, len(self.session.moves)))

    def restart(self) -> None:
        """Start this game again: a new deal unless the player chose the seed. The game
        left counts as lost where ``abandoning_counts`` says so; a game already over (the
        pause menu over its results) stays in the sitting's running totals, as Play again
        keeps it (Restart over a finished Chắn deal took that deal out of them, pt166)."""
        if self.abandoning_counts():
            count_abandoned(self.app, self.config, len(self.session.moves))
        config = self.config.next_deal()
        if self.replay is None and self.session.result is not None:
            config = config.after_game(self.sitting_points())
        self.app.scenes.replace(type(self)(self.app, config), transition="fade")

    def play_again(self) -> None:
        """A new game with the same seats and a fresh seed (the menu stays below it), one
        more game in the sitting's running totals."""
        from scenes.menu import MainMenu

        config = self.config.fresh_deal()
        if self.rules_module.result(self.state) is not None:
            config = config.after_game(self.sitting_points())
        self.app.scenes.reset(MainMenu(self.app), transition=None)
        self.app.scenes.push(type(self)(self.app, config), transition="fade")

    def to_menu(self) -> None:
        """To the main menu. Leaving a finished game of a sitting played for money (Chắn's
        settlements, Telefunken's stakes) keeps the sitting: its next game, not begun, is
        saved with the running totals, so Continue goes on with them (they were lost
        without a word, pt123)."""
        from scenes.menu import MainMenu

        if (self.sitting_money and self.replay is None and self.app.persist
                and self.session.result is not None):
            after = self.config.fresh_deal().after_game(self.sitting_points())
            autosave_game(self.app, Session.new(after), False)
        self.app.scenes.reset(MainMenu(self.app), transition="slide")

    def open_replay(self) -> None:
        from scenes.replay import start_replay

        start_replay(self.app, type(self), self.config, list(self.session.moves),
                     initial=self.session.initial, timed=self.session.timed,
                     unasked=self.session.unasked)

    def show_result(self) -> None:
        """The results open over the finished table, made over four frames: the overlay
        in one (its log wrapped), its words laid out in the next, drawn once off screen in
        the third (its veil, panel and buttons made), pushed in the fourth (done in one
        frame, that frame cost 30-50 ms where the others cost 3-7)."""
        made = self._results_made
        if made is None or made[0] is not self.state:
            self._results_made = (self.state, self.make_results(), [False])
            self.result_shown = False  # (asked again next frame)
            return
        overlay, drawn = made[1], made[2]
        if not overlay.laid_out:
            overlay.lay_out()
            self.result_shown = False
            return
        if not drawn[0]:
            overlay.prepare(self.app.scenes.scratch)
            drawn[0] = True
            self.result_shown = False
            return
        self._results_made = None
        # the table's messages end with it (they stood over the results' veil), its refusals
        # too (a drop refused just before the last move stood over the results); a problem
        # (a save that failed) stays
        self.app.toasts = [t for t in self.app.toasts if t.error and t.text not in self._refusals]
        self.app.scenes.push(overlay, transition="fade")

    @property
    def settling(self) -> bool:
        """Is the table about to show something by itself: its results being made over a
        few frames (``show_result``), or a deal's summary waiting to open (``summary_ready``)?
        A test driver settling the table waits for it."""
        made = self._results_made
        if made is not None and made[0] is self.state and self.replay is None:
            return True
        return self.pending_summary is not None and self.session.result is None

    def make_results(self):
        """The results overlay of the finished game (``scenes.results.ResultsOverlay``)."""
        from scenes.results import ResultsOverlay

        title, subtitle, header, rows, highlight = self.result_summary()
        header, rows = self.with_sitting(header, rows)
        return ResultsOverlay(
            self.app, title, subtitle, header, rows, self.play_again, self.to_menu,
            highlight_row=highlight, on_replay=self.open_replay,
            log=[whole_names(e, self.session.seat_names()) for e in told(self.session.log)],
            groups=self.result_groups(), headings=self.deal_headings(),
            again_words=self.play_again_words)

    def play_again_words(self) -> str:
        """The results' button that starts the next game."""
        return _("Play again")

    def deal_headings(self) -> dict[int, str]:
        """Where a new deal begins in the told log (the index of its first told entry) and
        its heading, as the table's own log has them ("— Deal 2 —")."""
        headings: dict[int, str] = {}
        befores = self.session.befores
        told_count, last = 0, None
        for i, entry in enumerate(self.session.log):
            deal = getattr(befores[i], "deal", None) if i < len(befores) else None
            if deal is not None and last is not None and deal != last:
                headings.setdefault(told_count, deal_heading(deal))
            last = deal
            if entry:
                told_count += 1
        return headings

    def _deal_begun(self, state: object = None) -> int | None:
        """The deal the table shows (or ``state``'s), if it is not the one the log's last
        entry was played in and no entry of it is told yet (its heading ends the log, as the
        score sheet's ends its entries: the log went on without one until the new deal's
        first move); else None. Games without deals: None."""
        deal = getattr(self.state if state is None else state, "deal", None)
        befores = self.session.befores
        log = self.session.log
        if deal is None or not log or len(befores) < len(log):
            return None
        i = len(log) - 1
        while i > 0 and not log[i]:
            i -= 1  # (moves not told: the heading goes after the last one told)
        if not log[i]:
            return None
        last = getattr(befores[i], "deal", None)
        return deal if last is not None and deal != last else None

    def result_groups(self) -> list[list[pygame.Surface]]:
        """Card images to show in groups on the results screen (none by default)."""
        return []

    # -- the sitting: games played one after another with "Play again" -----------------
    sitting_money = False  # the running totals are money (settlements, stakes), not wins

    def sitting_points(self) -> list[int]:
        """What this finished game adds to each seat's running total: a game won (to each
        winner; a game drawn adds nothing). Games that settle in money say so instead."""
        res = self.rules_module.result(self.state) or {}
        winners = res.get("winners", [res.get("winner")])
        return [1 if s in winners else 0 for s in range(len(self.config.seats))]

    def result_order(self) -> list[int]:
        """The seat of each row of the results' table (seat order by default)."""
        return list(range(len(self.config.seats)))

    def sitting_total_title(self, n: int) -> str:
        """The heading of the running totals' column after ``n`` games (money)."""
        return ngettext("Total, {n} game", "Total, {n} games", n).format(n=num(n))

    def with_sitting(self, header: list[str], rows: list[list[str]]
                     ) -> tuple[list[str], list[list[str]]]:
        """The results' table with a column of the sitting's running totals, this game
        included, from the second game played with "Play again" on."""
        if not self.config.sitting_games or not rows:
            return header, rows
        after = self.config.after_game(self.sitting_points())
        n = after.sitting_games
        if self.sitting_money:
            title = self.sitting_total_title(n)
            cells = [signed(v) for v in after.sitting]
        else:
            title = ngettext("Won of {n}", "Won of {n}", n).format(n=num(n))
            cells = [num(v) for v in after.sitting]
        order = self.result_order()
        return header + [title], [row + [cells[s]] for row, s in zip(rows, order, strict=True)]

    # -- frame -------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.replay_controls is not None and self.replay_controls.handle(event):
            return
        if event.kind == "key":
            self.let_go_first()  # (Esc, Ctrl+Z or a button's key: after the drop, not instead)
        if self.drag.held is not None and self.widgets.presses_by_key(event):
            self.drag.cancel_all()  # a button's key mid-drag: the card goes back first (Chắn's
            # D played the draw with the live card left stuck under the pointer)
        if self.widgets.handle(event):
            return
        if (event.kind == "key" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and not event.mod & pygame.KMOD_ALT and self.replay is None
                and not getattr(self, "curtain", False)):  # (not for a hand under the cover)
            lit = self.widgets.lit()  # Enter presses the lit button, if one alone is lit
            if lit is not None:
                if self.drag.held is not None:
                    self.drag.cancel_all()  # (as a button's own key: the card goes back first)
                lit.press()
                return
        if (event.kind == "key" and event.key == pygame.K_ESCAPE and self.replay is None
                and self.world is not None and self.drag.held is None
                and self.cancel_selection()):
            return  # Esc cancelled a selection: the pause menu stays shut (mid-drag it
            # puts back only the card in hand, ``Table.handle``: the meld zone's marriage
            # went back to the pile and the hand with it, pt112)
        if event.kind == "key" and self.replay is None:
            if is_undo_key(event):
                if self.drag.held is not None:  # mid-drag: the drag is what is undone (the
                    self.drag.cancel_all()  # move before it was taken back under the hand)
                    return
                self.undo()  # (Ctrl+Shift+Z is redo elsewhere: there is none, so it does nothing)
                return
            if event.key == pygame.K_h:
                self.ask_hint()
                return
        if event.kind == "wheel" and self.log_rect().collidepoint(event.pos):
            self.log_scroll = self._log_scrolled(event.dy)
            return
        super().handle(event)

    def _follow_log(self) -> None:
        """The log tells a move once the table has shown it (in a replay at once: the step
        counter already names it), and then shows it: a line newly told brings the list
        back to its end. (A wheel turned while the move was still landing left the list
        scrolled, its new line below: it showed only after the wheel was turned back.)
        Before a deal's summary opens too, so the picture it fades in over tells the deal's
        last move."""
        moves = len(self.session.moves)  # (the log has a line for each)
        befores = self.session.befores
        mover = self.rules_module.to_move(befores[-1]) if befores else None
        if not moving_pieces() or self.replay is not None or (
                mover is not None and self.config.seats[mover].is_human):
            # (a meld's "+30" rising held the line back 1.6 s, though the meld had landed;
            # a person's own move is theirs: told at once, the line before it stood while
            # it landed, as if it had not been taken, pt106)
            told = moves
        else:  # every move but the last has been shown: a move is played once the one
            # before it has landed (a computer moving as soon as the last move landed kept
            # the table animating from move to move: the log stood seconds behind, pt62)
            landed = self._log_landed if self._log_landed is not None else self._log_built
            told = max(moves - 1, min(landed, moves))
        if self._log_landed is not None and told > self._log_landed:
            chosen = any(self._chosen_by_a_person(i) for i in range(self._log_landed, told))
            if self.log_scroll and not chosen and self.log_rect().width:
                # scrolled up to read: the lines read stay in place while the others play,
                # "N newer ↓" counting what came (every computer's move brought the list
                # back to its end, so it could be read only on your own turn: pt135; a move
                # still landing as the wheel turned, or a pass the table or the clock made
                # for you, brought it back too: pt136)
                width = self.log_rect().width - 28
                before = len(self._log_lines(width))
                self._log_landed = told
                self.log_scroll += len(self._log_lines(width)) - before
            else:  # a person's own move: the list to its end
                self.log_scroll = 0
        self._log_landed = told

    def _chosen_by_a_person(self, i: int) -> bool:
        """Was move ``i`` chosen by a person at the screen (not made for them by the table
        or the clock)?"""
        session = self.session
        if i >= len(session.befores) or i in session.unasked or i in session.timed:
            return False
        seat = self.rules_module.to_move(session.befores[i])
        return seat is not None and self.config.seats[seat].is_human

    def update(self, dt: float) -> None:
        if not self._lead_over:  # (counted before the move's tweens advance this frame)
            self._lead_left -= dt
            if self._lead_left <= 1e-9:
                self._lead_over = True
                self._run_after_lead()
        super().update(dt)
        held = self.drag.held
        if held is not None and held != self._held_seen:
            # picked up again: an older refusal would read as this try's (a drop on bare
            # felt glides back without a word, under the last drop's "not into a tray")
            self.drop_refusals(older_only=True)
        self._held_seen = held
        self._follow_language()
        if self.replay_controls is not None:
            self.replay_controls.update(dt)
        self.hold_time = max(0.0, self.hold_time - dt)
        self._follow_log()
        last = self.session.result is not None
        if self.pending_summary is not None and last and not self.last_deal_summary:
            self.pending_summary = None  # the game is over: the results say it all
        if self.pending_summary is not None and self.summary_ready():
            from scenes.results import DealSummary

            (title, subtitle, header, rows, count_up, details, reword,
             highlight) = self.pending_summary
            self.pending_summary = None
            if reword is not None:  # (the language may have changed since the deal ended)
                title, subtitle, header, rows = reword()
            self.app.scenes.push(DealSummary(self.app, title, subtitle, header, rows,
                                             count_up=count_up, details=details,
                                             reword=reword, last=last, highlight_row=highlight),
                                 transition="fade")
        self._poll_hint()
        undo = next((w for w in self.widgets.widgets if isinstance(w, Button)
                     and w.on_click == self.undo), None)
        if undo is not None:  # (whether Undo can work changes with the cover, not only moves)
            undo.enabled = self.can_undo()
        hint = self._hint_button()
        if hint is not None and getattr(self, "ended_deal", None) is not None:
            hint.enabled = False  # (a finished deal on show, its summary over it: lit when
            # the next deal was yours to begin, greyed when another's)
        if self.hint is not None and any(
                ent not in self.hint[1] and ent not in self._chosen_at_hint
                for ent, _ in esper.get_component(Selected)):
            self.clear_hint()  # the person chose another card than the hint's: it has done
        self._label_hint_button()
        if self.replay is None:
            self._light_selection()
        if self.replay is None and self.rules.over and not self.animating and (
                not self.result_shown) and self.pending_summary is None and (
                self.app.scenes.top is self) and self.result_ready():  # (after the last
            # deal's summary, if any)
            self.result_shown = True
            self.show_result()
        if self._mover is not None and not self.animating:
            self._mover = None  # its move has landed (a card of yours moving later is not it)
        judged = (id(self.state), self.rules.offering())
        if self.drag.held is not None and self._judged_for not in (None, judged):
            self.drag.reevaluate()  # picked up before the position changed: judged anew
        self._judged_for = judged
        yours = self.replay is None and not self.animating and self.rules.human_to_move()
        if yours and not self._was_yours:
            self._drop_waiting_words()
        self._was_yours = yours
        if not self.animating:
            key = (id(self.state), self.rules.offering())
            if self._refreshed_for != key:
                self._refreshed_for = key
                self.on_offer()

    # where the app's messages stand: (layout zone, its edge, offset) for their bottom edge
    toast_zone: tuple[str, str, int] = ("hand", "top", -6)
    # one at a time, the newest (an older one shows again if it outlives it): a hint, an
    # Undo and a refusal stacked up over the prompt or the stock
    toast_room: int | None = 1

    def toast_bottom(self) -> int | None:
        """The bottom edge of the app's messages, chosen per table so that they hide
        nothing the player needs (by default just above the hand); None (the screen's
        bottom) when the layout has no such zone."""
        layout = getattr(self, "layout", None)
        zone, edge, offset = self.toast_zone
        if layout is not None and zone in layout:
            return getattr(layout[zone].rect, edge) + offset
        return None

    # a zone whose width the messages keep within, centred on it (None: the screen's)
    toast_within: str | None = None

    def toast_span(self) -> tuple[int, int] | None:
        """(centre x, widest box) of the app's messages: inside ``toast_within``'s width (a
        long refusal ran past the edges of the meld zone's panel), else None."""
        layout = getattr(self, "layout", None)
        if self.toast_within is None or layout is None or self.toast_within not in layout:
            return None
        rect = layout[self.toast_within].rect
        return rect.centerx, rect.width - 8

    def draw_above_pieces(self, surface: pygame.Surface) -> None:
        # each seat's last move, below the panels (none on a hand under the cover)
        self._draw_hint_around_marks(surface)  # (under the marks' tags)
        self.marks.draw(surface, self.mark_keep_clear(), self.covered_entities())

    def _draw_hint_around_marks(self, surface: pygame.Surface) -> None:
        """A hinted piece that carries a seat's last-move mark (the discard to buy, the live
        card, a queen on its pile) gets the hint's outline outside the mark's: its glow lay
        under the mark's outline, a green hairline inside the seat's colour (pt96)."""
        if self.hint is None or not self.hint[1]:
            return
        marks = [mark for seat_marks in self.marks.marks.values() for mark in seat_marks]
        for ent in self.hint[1]:
            if not (esper.entity_exists(ent) and esper.has_component(ent, Glow)):
                continue
            box = drawn_box(ent)
            if box is None:
                continue
            # marked: the mark is on it, or on the place it stands (a Zertz marble's ring)
            mark = next((mark for mark in marks if ent in mark.entities or any(
                place is not None and place.collidepoint(box.center)
                for place in [mark.rect] + [drawn_box(e) for e in mark.entities])), None)
            if mark is None:
                continue
            if mark.shape == "circle":  # (a Zertz marble's ring: a square crossed it, pt99)
                around = mark.rect or box  # (the mark's circle: ``LastMoves.draw``)
                pygame.draw.circle(surface, HINT_COLOUR, around.center,
                                   min(around.inflate(8, 8).size) // 2 + 6, 3)
            else:
                pygame.draw.rect(surface, HINT_COLOUR, box.inflate(18, 18), 3, border_radius=12)

    def covered_entities(self) -> list[int]:
        """The pieces the pass-the-screen cover hides now (none by default)."""
        return []

    def mark_keep_clear(self) -> list[pygame.Rect]:
        """Words on the table that last-move tags must not cover (zone labels)."""
        return []

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        button = self.hinted_button()
        if button is not None:
            pygame.draw.rect(surface, HINT_COLOUR, button.rect.inflate(10, 10), 3,
                             border_radius=13)
        place = self.hinted_place() if self.hint is not None else None
        if place is not None:
            pygame.draw.rect(surface, HINT_COLOUR, place.inflate(6, 6), 3, border_radius=12)
        self.draw_above_flight(surface)
        self._draw_hint_thinking(surface)
        if self.replay_controls is not None:
            self.replay_controls.draw(surface)

    def draw_above_flight(self, surface: pygame.Surface) -> None:
        """What stays above the cards in flight (drawn after the table's words): nothing
        here; a card table's pass-the-screen cover."""

    # -- drawing helpers ---------------------------------------------------------------
    def replay_rect(self) -> pygame.Rect:
        """Where the replay controls go: the layout's ``status`` zone by default; a status
        zone too low for them (a card table's row of Undo, Hint and Menu) grows upwards to
        the height of the bar's one-row form (the table keeps that corner free in replay)."""
        from scenes.replay import LOW, TALL

        layout = getattr(self, "layout", None)
        if layout is not None and "status" in layout:
            rect = layout["status"].rect
            if rect.height >= TALL:
                return rect
            return pygame.Rect(rect.x, rect.bottom - LOW, rect.width, LOW)
        return pygame.Rect(self.app.size[0] - 270, self.app.size[1] - 210, 250, 190)

    def log_rect(self) -> pygame.Rect:
        layout = getattr(self, "layout", None)
        if layout is not None and "log" in layout:
            return layout["log"].rect
        return pygame.Rect(0, 0, 0, 0)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The move log in the layout's ``log`` zone, newest at the bottom, whole entries
        (a wrapped entry whose start would be cut off at the top is left out); wheel scrolls."""
        rect = self.log_rect()
        if not rect.width:
            return
        start, end_x = theme.mirror_x(rect.x + 14, rect), theme.mirror_x(rect.right - 12, rect)
        theme.blit_text(surface, _("Moves"), (start, rect.y + 10), 16, theme.GOLD, "bold",
                        anchor=theme.align("topleft"))
        lines = self._log_lines(rect.width - 28)
        visible = max(1, (rect.height - 44) // 17)
        ends = _entry_ends(lines)
        # scrolled all the way up, the list ends with the last whole entry that fits below
        # the first (move 1 was out of reach when the panel's height cut an entry in two)
        first = max((e for e in ends if e <= visible), default=ends[0] if ends else 0)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - first))
        end = len(lines) - self.log_scroll
        while end < len(lines) and lines[end].startswith(CONTINUED):
            end += 1  # the bottom entry whole (scrolled up, one was cut after its first line)
        shown = lines[max(0, end - visible):end]
        while len(shown) > 1 and shown[0].startswith(CONTINUED):
            shown = shown[1:]  # the top line starts an entry: no move shown without its start
        y = rect.bottom - 12 - 17 * len(shown)
        for line in shown:
            theme.blit_text(surface, line, (start, y), 13, theme.INK_DIM,
                            anchor=theme.align("topleft"))
            y += 17
        # (moves, not lines: a move may take two lines; below a new deal's heading alone
        # there is no newer move to count)
        newer = sum(1 for line in lines[end:] if line in self._log_starts)
        if self.log_scroll and newer:
            note = ngettext("{count} newer ↓", "{count} newer ↓", newer).format(
                count=num(newer))
        elif len(lines) > visible:
            note = _("wheel: older moves")
        else:
            return
        used = theme.text_width(_("Moves"), 16, "bold") + 24
        room = rect.width - 26 - used
        if self.log_scroll and newer and theme.text_width(note, 12) > room:
            note = f"{num(newer)} ↓"  # (the count whole: "12 nước mới hơ…" lost its end, pt119)
        theme.blit_text(surface, theme.fit(note, 12, room), (end_x, rect.y + 12),
                        12, theme.INK_FAINT, anchor=theme.align("topright"))

    def _log_scrolled(self, notches: int) -> int:
        """``log_scroll`` after the wheel turned ``notches`` (up: older), a whole entry a
        notch: the list ends where an entry ends (a line a notch cut entries in two)."""
        lines = self._log_lines(self.log_rect().width - 28)
        ends = _entry_ends(lines)  # (the last is len(lines): the list's end is one)
        if not ends:
            return 0
        end = len(lines) - self.log_scroll
        at = next(i for i, e in enumerate(ends) if e >= end)
        return len(lines) - ends[max(0, min(len(ends) - 1, at - notches))]

    def told_log(self) -> list[str]:
        """The session's log as far as the table has shown the moves (a move still being
        animated is not told yet: ``_follow_log``)."""
        log, landed = self.session.log, self._log_landed
        return log[:landed] if landed is not None and landed < len(log) else log

    def _log_lines(self, width: int) -> list[str]:
        """The log's lines wrapped to ``width``, numbered ("12. …"), with a heading where a
        new deal begins ("— Deal 2 —"), cached per log and language (wrapping every entry
        each frame is measurable on long games)."""
        log = self.told_log()
        begun = self._deal_begun() if len(log) == len(self.session.log) else None
        key = (id(self.session.log), len(log), log[-1] if log else "", width, i18n.language(),
               begun)
        cached = getattr(self, "_wrapped_log", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        lines: list[str] = []
        starts: set[str] = set()  # the lines that begin a move (not a continuation, a heading)
        names = self.session.seat_names()
        headings = self.deal_headings()
        for n, moves in self._log_groups(log, headings):
            if n in headings:
                lines.append(headings[n])
            line = whole_names(self._log_entry(n, moves, log), names)
            wrapped = theme.wrap_hanging(line, 13, width, CONTINUED)
            lines.extend(wrapped)
            starts.add(wrapped[0])
        if begun is not None and lines:  # a new deal in play, nothing of it told yet
            lines.append(deal_heading(begun))
        self._wrapped_log = (key, lines)
        self._log_starts = starts
        return lines

    def _log_groups(self, log: list[str], headings: dict[int, str]
                    ) -> list[tuple[int, list[int]]]:
        """The told entries of ``log`` as the move list tells them, in order: (the number of
        told entries before, the moves told in one line: one, or several that
        ``log_joins``; never across a deal's heading)."""
        told = [i for i, entry in enumerate(log) if entry]  # (not told: ``told``)
        groups: list[tuple[int, list[int]]] = []
        n = k = 0
        while k < len(told):
            span = 1
            while (k + span < len(told) and n + span not in headings
                   and self.log_joins(told[k + span - 1], told[k + span])):
                span += 1
            groups.append((n, told[k:k + span]))
            n += span
            k += span
        return groups

    def _log_entry(self, n: int, moves: list[int], log: list[str]) -> str:
        """The numbered line of the move list for the told ``moves`` after ``n`` others."""
        if len(moves) == 1:
            # TRANSLATORS: a numbered line of the move log ("12. You discarded 3♠")
            return _("{number}. {move}").format(number=num(n + 1), move=log[moves[0]])
        # TRANSLATORS: a line of the move log telling several moves in one ("12–14. Seat 2,
        # Seat 3 and Seat 4 did not buy 9♠")
        return _("{first}–{last}. {moves}").format(first=num(n + 1), last=num(n + len(moves)),
                                                   moves=self.joined_log_entry(moves))

    def log_joins(self, first: int, second: int) -> bool:
        """Does the move list tell moves ``first`` and ``second`` (indices of the session's
        moves, one right after the other as told) in one line? Not by default."""
        return False

    def joined_log_entry(self, moves: list[int]) -> str:
        """The one line of the move list for ``moves`` (``log_joins``)."""
        return " ".join(self.session.log[i] for i in moves)

    def comfort_buttons(self, rect: pygame.Rect) -> list[Button]:
        """Undo, Hint and Menu buttons laid out along the bottom of ``rect``."""
        human = self.rules.offering() and self.replay is None
        w = (rect.width - 28 - 16) // 3
        y = rect.bottom - 60
        undo, hint, menu = _("Undo"), _("Hint"), _("Menu")
        size = fitting_size((undo, hint, menu), 18, w - 12)  # one size for the three
        if self._undo_button is None:
            self._undo_button = UndoButton(self.can_undo, self.undo)
        hint_button = Button(theme.mirror((rect.x + 22 + w, y, w, 46), rect), hint,
                             self.ask_hint, enabled=human, size=size)
        # greyed while the computer plays, a click on it says why (as H does; it did nothing,
        # without a word, pt100)
        hint_button.answers_disabled = True
        return [
            self._undo_button.follow(Button(theme.mirror((rect.x + 14, y, w, 46), rect), undo,
                                            self.undo, size=size)),
            hint_button,
            Button(theme.mirror((rect.x + 30 + 2 * w, y, w, 46), rect), menu,
                   self.open_pause, size=size),
        ]


class UndoButton(Button):
    """The Undo button, kept across the table's rebuilds of its buttons: lit exactly while
    Ctrl+Z would take a move back (``can_undo``, asked whenever it is drawn or clicked),
    and a click on it does what Ctrl+Z does, lit or not: it takes the move back or says
    why it cannot ("Nothing to undo: ..."). (A click pressed while a computer's move was
    being made came to a button built anew, greyed, and did nothing; the old one had
    looked lit.)"""

    answers_disabled = True  # (greyed, a click says why nothing is undone)

    def __init__(self, can_undo, undo) -> None:
        self._can_undo = can_undo
        self._lit = False  # (as last set: a change of it redraws the table)
        super().__init__((0, 0, 0, 0), "", undo)

    @property
    def enabled(self) -> bool:
        return self._can_undo()

    @enabled.setter
    def enabled(self, value: bool) -> None:  # (the base sets it each frame: it follows
        self._lit = bool(value)  # ``can_undo`` by itself)

    def follow(self, button: Button) -> UndoButton:
        """Take the place, words and size of the newly laid out ``button``."""
        self.rect, self.label, self.size = pygame.Rect(button.rect), button.label, button.size
        self._lit = self.enabled
        return self


def deal_over_no_undo(deal: int) -> str:
    """Ctrl+Z once a deal is over (its last card landing, its summary open): the next
    deal's cards are dealt already, nothing before them is taken back."""
    return _("Nothing to undo: deal {deal} is over.").format(deal=num(deal))


def is_undo_key(event) -> bool:
    """Is ``event`` Ctrl+Z (not with Shift or Alt), the key Undo answers to?"""
    return (event.kind == "key" and event.key == pygame.K_z
            and bool(event.mod & pygame.KMOD_CTRL)
            and not event.mod & (pygame.KMOD_SHIFT | pygame.KMOD_ALT))


def deal_heading(deal: int) -> str:
    """The heading where a new deal begins, in the move log and the results' list of
    moves ("— Deal 2 —")."""
    # TRANSLATORS: a heading in the move log where a new deal begins
    return _("— Deal {deal} —").format(deal=num(deal))


def whole_names(entry: str, names: list[str]) -> str:
    """``entry`` with the seats' names kept on one line when it is wrapped ("Ghế 3" broke
    after "Ghế"): their spaces become no-break spaces."""
    for name in names:
        if " " in name:
            entry = entry.replace(name, name.replace(" ", "\u00a0"))
    return entry


def told(log: list[str]) -> list[str]:
    """The log's lines as shown: a move whose line is empty is not told (another seat
    declining a claim in Chắn, which would show what it holds)."""
    return [entry for entry in log if entry]


def fitting_size(labels: tuple[str, ...], size: int, width: int, smallest: int = 12) -> int:
    """The largest font size up to ``size`` at which every bold label is at most ``width``
    wide (a language with longer words gets slightly smaller button text)."""
    while size > smallest and any(theme.text_width(t, size, "bold") > width for t in labels):
        size -= 1
    return size


WAITS = (N_("Wait for your turn."), N_("Wait for your turn"),
         N_("Wait until the last move has reached the table."))
"""Refusals that only say "not now" (the tables' and the rules system's words)."""

SYSTEM_REASONS = {
    "the game is over": N_("The game is over."),
    "wait for your turn": N_("Wait for your turn."),
    "wait until the last move has reached the table": N_("Wait until the last move has reached the table."),
}
"""What ``ecs.rules_system`` says when it refuses a move by itself, as the player reads it."""


def sentence(reason: str) -> str:
    """The engine's reason as a sentence (ring names like "d4" keep their lower case)."""
    if reason and not (len(reason) > 1 and reason[1].isdigit()):
        reason = reason[0].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else reason + "."


class CardTable(GameTable):
    """A card game's table: one person's hand in view, "pass the screen" between people.

    ``viewer`` is the seat whose hand is shown: the person to move (while the computer plays,
    the person who played last, or at the start the next person to play). Between several
    people at one screen the hand of whoever leaves is taken off the table at once
    (``hide_hand``) and an opaque cover hides the hand of whoever comes: whenever the person
    at the screen changes, at the start of the game, after Continue and after Undo. Only a
    click on the cover whose button went down after the cover had been on screen for
    ``COVER_QUIET`` seconds with no click meanwhile lifts it (a burst of clicks queued
    before it appeared cannot, nor the last person still clicking impatiently as it comes);
    while it is up no hand is face up and Hint names nothing. A short ``banner`` announces
    events (a zetema, a chíu, a buy).
    """

    def __init__(self, app, config: GameConfig, session: Session | None = None,
                 replay: list[str] | None = None) -> None:
        super().__init__(app, config, session, replay)
        humans = [i for i, s in enumerate(config.seats) if s.is_human]
        self.viewer = humans[0] if humans else 0
        self.curtain = False
        self.at_screen: int | None = None  # the person who saw their cards as it was built
        self.built_uncovered_for: int | None = None  # ... and keeps them in view (no cover)
        # the table is turning to a new person's view: the seats' pieces glide to their new
        # places (``pick_viewer``) while the panels already name the new seats
        self._turning = False
        self._cover_drawn = False  # the cover has been on screen since it went up
        self._press_saw_cover = False  # the last button-down came while it was on screen
        self._cover_rect: pygame.Rect | None = None  # where the cover was last drawn
        self._cover_told = False  # this cover has said how to lift it (``COVER_CLICK_ONCE``)
        self._cover_quiet_since = 0.0  # table time of the cover's first frame or last click
        self.banner: tuple[str, float] | None = None  # message and seconds left
        self._hint_on_landing = None  # the state a hint was asked in while yours was landing

    def prepare(self, surface: pygame.Surface) -> None:
        super().prepare(surface)
        # That drawing was off screen: a cover raised at the build has not been shown yet, so
        # a click queued with the one that built the table (Undo, Continue) cannot lift it.
        self._cover_drawn = False

    def seat_name(self, seat: int) -> str:
        """"You" for the only person at the table, else "Seat N", in the player's language."""
        if self.config.seats[seat].is_human and len(self.session.humans) == 1:
            return _("You")
        return _("Seat {number}").format(number=num(seat + 1))

    @property
    def hot_seat(self) -> bool:
        """Several people share the screen (and this is not a replay)."""
        return len(self.session.humans) > 1 and self.replay is None

    def first_viewer(self) -> None:
        """Whose hand a freshly built table shows (start, Continue, Undo, Restart): the
        person to play, or the next one in turn while the computer plays; between people,
        behind the cover."""
        seat = self.rules.to_move
        person = self.next_viewer() if seat is not None else self.person_from(self.viewer)
        if person is not None:
            self.viewer = person
        at_screen, self.at_screen = self.at_screen, None  # (only as the table is built)
        if at_screen is not None and at_screen == self.viewer:
            # (Undo by the person at the screen, whose turn it is again: their cards are
            # theirs to see, no cover to lift)
            self.session.looked[self.viewer] = len(self.session.moves)
            self.built_uncovered_for = self.viewer
        elif self.hot_seat and not self.rules.over and not self.nothing_to_hide():
            self.raise_cover()

    def person_at_screen(self) -> int | None:
        return None if self.curtain or not self.hot_seat else self.viewer

    def nothing_to_hide(self) -> bool:
        """No hand is held now (Telefunken's cut, before the deal): the person who comes
        needs no cover to lift (the next hand comes under it)."""
        return False

    def person_from(self, seat: int) -> int | None:
        """The first person in turn order from ``seat`` (itself if a person), or None."""
        seats = len(self.config.seats)
        return min(self.session.humans, key=lambda h: (h - seat) % seats, default=None)

    def viewer_changing(self) -> bool:
        """True if the hand to show now (``next_viewer``) is another than the viewer's."""
        seat = self.next_viewer()
        return seat is not None and seat != self.viewer

    def next_viewer(self) -> int | None:
        """Whose hand the table shows now: the person to move, or while the computer moves
        the next person in turn. A person's hand leaves the table with the end of their
        turn: between people it stayed face up while the computer played, the next person
        already at the screen (a decision out of turn, a buy or a claim, brings its
        person's hand under the cover when it comes)."""
        seat = self.rules.to_move
        return None if seat is None else self.person_from(seat)

    def pick_viewer(self) -> bool:
        """Show the hand of the person to move; True if the viewer changed (the leaving
        person's hand is removed at once and, between people, the cover goes up)."""
        if not self.viewer_changing():
            return False
        self.hide_hand()
        self.viewer = self.next_viewer()
        self._turning = True
        if self.hot_seat and not self.nothing_to_hide():
            self.raise_cover()
        return True

    def cover_waits(self) -> bool:
        """The cover stands for a moment without taking a click: the screen is about to
        pass to another person (Chắn: once a computer's move has landed). Never here."""
        return False

    def open_pause(self) -> None:
        """The pause menu; a table turning to a new person's view first finishes turning
        (paused halfway, the pieces stood frozen under the panels of the seats they were
        going to: a pair under another seat's name, pt71)."""
        if self._turning and self.animating:
            self.tweens.finish_all()
        super().open_pause()

    def covered_entities(self) -> list[int]:
        """While the cover is up: the viewer's hand and what of it is held aside (a meld
        zone), whose last-move marks (a card bought) would stick out past the cover."""
        if not self.curtain:
            return []
        sync = getattr(self, "sync", None)
        if sync is not None:
            return [e for zone in ("hand", "build") for _, e in sync.entities(zone)]
        return [e for _, e in getattr(self, "hand", []) + getattr(self, "selection", [])]

    def hide_hand(self) -> None:
        """Remove the viewer's hand (and anything of it held aside) from the table at once."""

    def raise_cover(self) -> None:
        self.curtain = True
        self._cover_drawn = False
        self._press_saw_cover = False
        self._cover_told = False
        self.clear_hint()
        if self.world is not None:
            self.drag.cancel_all()

    @property
    def mine(self) -> bool:
        """The viewer is a person whose decision it is now (and may see the cards); not one
        the table makes for them unasked (``played_for``)."""
        return (self.rules.offering() and self.rules.to_move == self.viewer
                and not self.curtain and self.replay is None
                and self.played_for(self.viewer) is None)

    def says_thinking(self, seat: int) -> bool:
        """Does the seat's panel say "thinking"? The computer's turn, out of a replay, and the
        table in front (under a deal's summary or the pause menu the computer waits)."""
        return (not self.config.seats[seat].is_human and self.replay is None
                and self.app.scenes.top is self)

    def announce(self, text: str, seconds: float = 2.0) -> None:
        self.banner = (text, seconds)

    def lift_curtain(self, pos: tuple[int, int], hand: pygame.Rect) -> bool:
        """A click on the cover (pressed after it was shown) uncovers the hand; True if so."""
        if self.curtain and self._press_saw_cover and hand.collidepoint(pos):
            self.curtain = False
            self.session.looked[self.viewer] = len(self.session.moves)
            self.autosave()  # (kept: after Continue, Undo still knows who has looked)
            self._press_saw_cover = False
            asked = (_(LIFT_COVER_FIRST), _(COVER_CLICK_ONCE))  # done: the message that
            self.app.toasts = [t for t in self.app.toasts if t.text not in asked]  # asked goes
            return True
        return False

    def can_undo(self) -> bool:
        return super().can_undo() and self._undo_is_theirs()

    def _undo_is_theirs(self) -> bool:
        """Between people, the move Undo would take back is the last person's: they may take
        it back while the screen is still theirs (they are the one whose hand is shown, or
        the cover has stayed down since, so nobody else has looked at their cards); another
        person cannot take it back for them."""
        snapshots = self.session.snapshots
        if not self.hot_seat or not snapshots:
            return True
        last = snapshots[-1]
        if last.seat == self.viewer:
            return True
        # (a person who had looked at their cards undid their own move, and the next Undo,
        # under the cover that came back, took back the move before it, of another person)
        seen = any(seat != last.seat and at > last.moves
                   for seat, at in self.session.looked.items())
        return self.curtain and not seen

    def nothing_to_undo(self) -> str:
        if self.session.can_undo() and not self._undo_is_theirs():
            return _("Nothing to undo: {seat}'s move can be taken back only before the next "
                     "person lifts the cover.").format(
                seat=self.seat_name(self.session.snapshots[-1].seat))
        last = self.last_person_to_move()
        ended = self._deal_of_last_person_move()
        if ended is not None and ended < getattr(self.state, "deal", ended):
            # (the cutter of Telefunken's next deal heard "the last person to move was Seat
            # 1, not you": nobody can take back a move of a deal that is over)
            return deal_over_no_undo(ended)
        if (self.hot_seat and not self.curtain and self.session.result is None
                and last is not None and last != self.viewer):
            # (the person at the screen has no move of theirs since: it said "cards have
            # been drawn or shown since your last move" to one who had just taken theirs back)
            return _("Nothing to undo: the last person to move was {seat}, not you.").format(
                seat=self.seat_name(last))
        if (self.hot_seat and self.curtain and self.session.result is None
                and self.session.undo_blocked_by_reveal and last is not None):
            # (under Seat 1's cover, after Seat 3's buy, "your last move" named nobody sure:
            # whoever is at the screen is not known until the cover is lifted)
            return _(self.REVEALED_SINCE_SEAT).format(seat=self.seat_name(last))
        return super().nothing_to_undo()

    def _last_person_move(self) -> tuple[int, object] | None:
        """(seat, the position it moved in) of the last move a person (not the computer)
        made, or None."""
        seats = self.config.seats
        for before in reversed(self.session.befores):
            seat = self.rules_module.to_move(before)
            if seat is not None and seats[seat].is_human:
                return seat, before
        return None

    def _deal_of_last_person_move(self) -> int | None:
        """The deal in which a person last moved (None: no person has moved, or the game
        has no deals)."""
        last = self._last_person_move()
        return None if last is None else getattr(last[1], "deal", None)

    def last_person_to_move(self) -> int | None:
        """The seat of the last person (not the computer) who made a move, or None."""
        last = self._last_person_move()
        return None if last is None else last[0]

    def ask_hint(self) -> None:
        if not self.session.humans:  # the computer against itself: says so (``GameTable``)
            super().ask_hint()
            return
        if self.curtain:
            if self.replay is None and not self.rules.over and not self.rules.human_to_move():
                # the computer to play: lifting the cover would not bring a hint yet
                self.app.toast(_(HINT_ON_YOUR_TURN), seconds=2.5)
            elif self.replay is None:
                self.app.toast(_(LIFT_COVER_FIRST))
            return
        if not self.mine:
            if self.replay is None and not self.rules.over:
                if not self.rules.human_to_move():
                    self.app.toast(_(HINT_ON_YOUR_TURN), seconds=2.5)
                elif self.rules.to_move == self.viewer:  # yours, the last move still
                    self._hint_on_landing = self.state  # landing: asked once it has landed
            return
        self._hint_on_landing = None
        super().ask_hint()

    def _apply_hint(self, move: str) -> None:
        if self.curtain or not self.mine:  # the hand went under the cover meanwhile
            return
        super()._apply_hint(move)

    def handle(self, event) -> None:
        lifting_key = event.kind == "key" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                            pygame.K_SPACE)
        if lifting_key and self.curtain and self.replay is None and self._cover_lifts():
            # Enter or Space lifts the cover as a click on it does (by keys alone a person
            # was stuck at every cover, pt127)
            self._press_saw_cover = True
            hand = self.layout["hand"].rect
            self.move_for_intent(ClickIntent(None, hand.center))
            return
        if lifting_key and self.curtain:
            # Enter or Space pressed while the cover may not lift yet starts its quiet moment
            # again, as a click does: a burst of Space from the person who had just played
            # lifted the next person's cover by itself 0.8 s after it came (pt130)
            self._cover_quiet_since = self.time
        if event.kind == "down":
            # a press lifts the cover only once it has stood quietly on screen for a moment:
            # the person who just played may still be clicking as it comes up
            # nor while a move is being made for a person unasked (a Chắn claim out of
            # turn): the cover would go to them at once (pt66 lifted it for nothing)
            self._press_saw_cover = self.curtain and self._cover_lifts()
            if self.curtain:
                self._cover_quiet_since = self.time
                if (not self._press_saw_cover and self._cover_drawn and not self._cover_told
                        and self._cover_rect is not None
                        and self._cover_rect.collidepoint(event.pos)):
                    # (a burst of clicks never lifts it and said nothing: it looked frozen,
                    # pt69) once a cover, the first click on it that does not lift it
                    self._cover_told = True
                    self.app.toast(_(COVER_CLICK_ONCE), seconds=2.5)
        super().handle(event)

    def _cover_lifts(self) -> bool:
        """Would a click (or Enter) lift the cover now: it has stood a moment on screen with
        no click, no move is being made for a person unasked, and nothing it waits for."""
        seat = self.rules.to_move
        return (self._cover_drawn and self.time - self._cover_quiet_since >= COVER_QUIET
                and (seat is None or self.played_for(seat) is None)
                and not self.cover_waits())

    def language_changed(self) -> None:
        self.banner = None  # worded in the old language
        super().language_changed()

    def summary_ready(self) -> bool:
        """A deal's summary also waits for the banner of the deal's last move to be read
        (it opened over it, the banner's words fading through the summary's)."""
        return super().summary_ready() and self.banner is None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._turning and not self.animating:
            self._turning = False
        if self._hint_on_landing is not None:
            if self._hint_on_landing is not self.state or self.curtain:
                self._hint_on_landing = None  # (the position moved on meanwhile)
            elif self.mine:
                self.ask_hint()
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None

    def curtain_words(self) -> str:
        """What the cover says: whose cards it hides."""
        return _("{seat}: click here to see your cards").format(seat=self.seat_name(self.viewer))

    def thinking_seat(self) -> int | None:
        """The seat whose panel says "thinking…": the computer to play, once the move
        before has landed, and still while its own move waits out its lead. While a move's
        cards are on their way its seat has played and the next one has not begun (the
        mover's panel said "thinking" as its own discard flew, and the next seat's only
        after it had landed)."""
        if self.state.phase == "over":
            return None
        seat = self.leading_seat()  # (its move came, its cards not yet off: still thinking)
        if seat is not None:
            return seat if self.says_thinking(seat) else None
        if self.landing_seat() is not None:
            return None
        seat = self.seat_shown_to_act()
        return seat if self.says_thinking(seat) else None

    def seat_shown_to_act(self) -> int:
        """The seat the table shows as the one to act, once nothing lands or leads: the
        seat to move (a table may show another one)."""
        return self.state.seat

    def draw_above_flight(self, surface: pygame.Surface) -> None:
        if self.curtain:  # again above the cards in flight: the next person's hand, flying
            # in face down, lay over the cover and its words
            self.draw_curtain(surface, self.layout["hand"].rect)

    def cover_recap(self) -> tuple[str, list[str]]:
        """Between people, what the cover tells the person under it: a heading and the log's
        lines (as numbered there) of the moves since that person's last move ("Since your
        last move:"), or of the whole game if they have not moved yet ("So far:"); no lines
        if none (a hand-over left the person to piece it together from the log's last lines
        and the marks, pt83)."""
        if not self.hot_seat or getattr(self, "ended_deal", None) is not None:
            return "", []
        log = self.told_log()
        begun = (self._deal_begun(self.session.state) if len(log) == len(self.session.log)
                 else None)  # (the cover stands over no finished deal: the session's state)
        key = (len(log), log[-1] if log else "", self.viewer, i18n.language(), begun)
        cached = getattr(self, "_recap", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        to_move = self.rules_module.to_move
        unasked = self.session.unasked  # (a move made for them is not theirs: it cut the
        # recap short, the moves before it unseen, pt110)
        own = [i for i in range(len(log))
               if i not in unasked and to_move(self.session.befores[i]) == self.viewer]
        start = own[-1] + 1 if own else 0
        also = self.recap_also(own)  # (the person's own moves told though before it)
        names = self.session.seat_names()
        headings = self.deal_headings()  # (as the log has them: the recap at a new deal's
        lines = []  # cover ran on from the last deal's moves without a word, pt117)
        for n, moves in self._log_groups(log, headings):  # (the offers let go joined, as
            if moves[-1] < start:  # in the move list)
                told = [k for k, m in enumerate(moves) if m in also]  # (a joined line told
                if told:  # from its first such move to its last: a pass of yours at an end
                    part = moves[told[0]:told[-1] + 1]  # of it not repeated)
                    lines.append(whole_names(self._log_entry(n + told[0], part, log), names))
                continue
            if n in headings:
                lines.append(headings[n])
            seen = sum(1 for i in moves if i < start)  # (a joined line began with your own
            # pass: "since your last move" repeated it, pt136)
            lines.append(whole_names(self._log_entry(n + seen, moves[seen:], log), names))
        if begun is not None:  # a new deal dealt, nothing of it told yet
            lines.append(deal_heading(begun))
        recap = (_("Since your last move:") if own else _("So far:"), lines)
        self._recap = (key, recap)
        return recap

    def recap_also(self, own: list[int]) -> set[int]:
        """The moves (indices of the log) that the cover's recap tells too though they come
        before its start, the person's last move (the last of ``own``): none by default."""
        return set()

    def draw_curtain(self, surface: pygame.Surface, hand: pygame.Rect) -> None:
        """The opaque cover over the whole hand zone, while it is up: whose cards it hides,
        and between people what happened since that person's last move (``cover_recap``)."""
        if self.curtain:
            theme.panel(surface, hand, alpha=255, edge=theme.GOLD)
            text = self.curtain_words()
            # the title in at most two lines (a claim's cover says why it came: pt83)
            titles = theme.wrap(text, 20, hand.width - 24, "bold")
            if len(titles) > 2:
                titles = [titles[0], theme.fit(" ".join(titles[1:]), 20, hand.width - 24, "bold")]
            heading, recap = self.cover_recap()
            tall = 26 * len(titles)
            room = hand.height - 24 - tall - 26  # px below the title and the heading
            if recap and room >= RECAP_STEPS[RECAP_SIZES[-1]]:
                title_y = hand.y + 12 + 13
                for i, title in enumerate(titles):
                    theme.blit_text(surface, title, (hand.centerx, title_y + 26 * i), 20,
                                    theme.INK, "bold", anchor="center")
                title_y += 26 * (len(titles) - 1)
                # every move since that person's last one, whole (wrapped, not cut), in one
                # size: on a low, wide cover (Telefunken's, Chắn's) in a second column where
                # that shows more of them (half a cover of empty felt beside the last three
                # moves and "…", pt117, pt138; lines of three sizes, one cut, pt138)
                size, width, rows = recap_layout(recap, room, hand.width - 48)
                step = RECAP_STEPS[size]
                columns = len(rows)
                span = columns * width + (columns - 1) * GUTTER
                block = pygame.Rect(hand.centerx - span // 2, 0, span, 1)
                rtl = i18n.is_rtl()
                y = title_y + 15 + 8
                edge, anchor = (block.right, "topright") if rtl else (block.x, "topleft")
                theme.blit_text(surface, theme.fit(heading, 14, span, "bold"), (edge, y), 14,
                                theme.GOLD, "bold", anchor=anchor)
                y += 22
                for column, lines in enumerate(rows):  # (the older lines first)
                    x = block.x + column * (width + GUTTER)
                    edge = block.right - column * (width + GUTTER) if rtl else x
                    for row, line in enumerate(lines):
                        theme.blit_text(surface, line, (edge, y + step * row + (14 - size) // 2),
                                        size, theme.INK, anchor=anchor)
            else:
                top = hand.centery - 13 * (len(titles) - 1)
                for i, title in enumerate(titles):
                    theme.blit_text(surface, title, (hand.centerx, top + 26 * i), 20,
                                    theme.INK, "bold", anchor="center")
            if not self._cover_drawn:
                self._cover_quiet_since = self.time
            self._cover_drawn = True
            self._cover_rect = hand

    def banner_box_now(self) -> pygame.Rect | None:
        """Where the banner shown now stands (None: no banner, or not known yet); a table
        whose messages keep clear of its banner says (``banner_at_message``)."""
        return None

    def banner_at_message(self) -> pygame.Rect | None:
        """The box of the banner that stood when the newest message came (None if none):
        the message keeps clear of it (Ctrl+Z's "Nothing to undo" hid a banner's words),
        and keeps its place while it stays, also once the banner has gone."""
        if not self.app.toasts:
            return None
        text = self.app.toasts[-1].text
        if self._message_banner is None or self._message_banner[0] != text:
            self._message_banner = (text, self.banner_box_now())
        return self._message_banner[1]

    def draw_banner(self, surface: pygame.Surface, center: tuple[int, int] | None = None,
                    size: int = 32, within: pygame.Rect | None = None) -> None:
        """The banner announcing a move (``self.banner``: text, seconds left), fading out in
        its last 0.3 s: at ``center`` in one line of ``size``, or centred on the panel
        ``within`` and never wider than it (``banner_box``)."""
        if self.banner is None:
            return
        text, left = self.banner
        if within is not None:
            box, images = self.place_banner(text, within)
        else:
            box, images = banner_at(text, center, size)
        # opaque until it fades (at 240 the words beneath showed through, faintly)
        alpha = min(255, int(255 * left / 0.3))
        theme.panel(surface, box, alpha=alpha, edge=theme.GOLD, edge_alpha=alpha)  # (its
        # edge fades too: it stood bright around the faded words, pt64)
        step = max(img.get_height() for img in images)
        top = box.centery - step * len(images) / 2
        for i, img in enumerate(images):
            where = img.get_rect(center=(box.centerx, round(top + step * (i + 0.5))))
            if alpha < 255:  # its words fade with it (they stood whole over the words
                # beneath, showing through the fading panel: a jumble for a moment)
                img = img.copy()
                img.set_alpha(alpha)
                surface.blit(img, where)
            else:
                theme.put(surface, img, where)

    def place_banner(self, text: str, within: pygame.Rect
                     ) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """Where the banner ``text`` over the panel ``within`` stands, and its lines' images
        (``draw_banner``): centred on the panel (``banner_box``); a table may place it
        elsewhere on it (clear of what lies there)."""
        return banner_box(text, within)


COLUMN_MIN = 300
"""The narrowest column of a cover's recap worth a second one (``draw_curtain``)."""
GUTTER = 24


RECAP_SIZES = (14, 13, 12)  # the sizes of a cover's recap, the largest that shows most
RECAP_STEPS = {14: 18, 13: 17, 12: 16}  # px from row to row at each size


def recap_layout(recap: list[str], height: int, whole: int) -> tuple[int, int, list[list[str]]]:
    """How a cover's recap stands in ``height`` px of a cover ``whole`` px wide: (size,
    column width, each column's rows). One column, or two where the cover is wide enough
    (``COLUMN_MIN``); lines wrapped, whole (cut, "…", only where one line alone is more
    than the room). The layout that cuts the fewest lines, then shows the most moves, in
    the largest size, in the fewer columns."""
    options = [(1, min(whole, 640))]
    if whole >= 2 * COLUMN_MIN + GUTTER:
        options.append((2, min(640, (whole - GUTTER) // 2)))
    best = None
    for columns, width in options:
        for size in RECAP_SIZES:
            shown, cut, rows = recap_columns(recap, height // RECAP_STEPS[size], columns,
                                             width, size)
            score = (-cut, shown, size, -columns)
            if best is None or score > best[0]:
                best = (score, size, width, rows)
    return best[1], best[2], best[3]


def recap_columns(recap: list[str], room: int, columns: int, width: int, size: int
                  ) -> tuple[int, int, list[list[str]]]:
    """The newest lines of a cover's recap that ``columns`` columns of ``room`` rows hold,
    each wrapped to ``width`` at ``size`` (its further rows indented) and never parted
    between columns, the older first, after a mark ("…") where older ones are left out:
    (how many are shown, how many of those are cut, each column's rows). Only a single
    line longer than the whole room is cut."""
    last = recap[-columns * max(1, room):]  # (each line takes a row at least)
    items = [theme.wrap_hanging(line, size, width, CONTINUED) for line in last]
    for shown in range(len(items), 0, -1):
        flowed = _flow(([["…"]] if shown < len(recap) else []) + items[-shown:], room, columns)
        if flowed is not None:
            return shown, 0, flowed
    if not recap or room < 1:
        return 0, 0, [[]]
    line = theme.fit(recap[-1], size, width)
    return 1, int(line != recap[-1]), [["…", line] if len(recap) > 1 and room > 1 else [line]]


def _flow(items: list[list[str]], room: int, columns: int) -> list[list[str]] | None:
    """``items`` (each a list of rows) in columns of ``room`` rows, filled in order, an item
    whole in one column; None if they do not fit."""
    flowed: list[list[str]] = [[]]
    for rows in items:
        if len(flowed[-1]) + len(rows) > room:
            if len(flowed) == columns or len(rows) > room:
                return None
            flowed.append([])
        flowed[-1].extend(rows)
    return flowed


class PerViewer:
    """A table's attribute kept for each person at the screen (the order of their own hand:
    ``sort_mode``, Chắn's ``mode``); read before a person set it, their remembered order
    (``hand_order``) or ``default``."""

    def __init__(self, default: str) -> None:
        self.default = default
        self.name = ""

    def __set_name__(self, owner, name: str) -> None:
        self.name = f"_{name}_by_viewer"

    def __get__(self, table, owner=None):
        if table is None:
            return self
        kept = table.__dict__.get(self.name, {})
        viewer = getattr(table, "viewer", None)
        return kept[viewer] if viewer in kept else table.hand_order(self.default)

    def __set__(self, table, value: str) -> None:
        table.__dict__.setdefault(self.name, {})[getattr(table, "viewer", None)] = value


AI_LEAD = 0.35
"""Seconds (times the animation speed) a computer's move waits before its cards move: the
pause in which its panel still says "thinking" (``shown_state``, ``after_lead``)."""
SORT_KEYS = {"rank": pygame.K_r, "suit": pygame.K_s}  # the keys of By rank and By suit

BANNER_PAD = (50, 24)  # a banner's box is its words and this much more, across and down
BANNER_MARGIN = 8  # ... and stands at least this far inside the table's centre panel


def banner_lines(text: str, width: int) -> tuple[int, list[str]]:
    """A banner's words in at most ``width`` pixels: one line at the largest size from 30
    down to 24 that holds it, else two from 26 down to 20 (the second cut with an ellipsis
    if even that is not enough). Returns (size, lines)."""
    for size in (30, 28, 26, 24):
        if theme.text_width(text, size, "serif") <= width:
            return size, [text]
    for size in (26, 24, 22, 20):
        lines = theme.wrap(text, size, width, "serif")
        if len(lines) <= 2:
            break
    lines = lines[:1] + [" ".join(lines[1:])]
    return size, [theme.fit(line, size, width, "serif") for line in lines]


def banner_at(text: str, center: tuple[int, int], size: int
              ) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """A one-line banner of ``size`` centred at ``center``: (its box, its line's image)."""
    image = theme.text(text, size, theme.GOLD, "serif")
    return image.get_rect(center=center).inflate(*BANNER_PAD), [image]


def banner_box(text: str, within: pygame.Rect) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """Where a banner over the panel ``within`` stands, centred on it and never wider than
    it, and its lines' images: (box, images)."""
    room = within.width - 2 * BANNER_MARGIN
    size, lines = banner_lines(text, room - BANNER_PAD[0])
    images = [theme.text(line, size, theme.GOLD, "serif") for line in lines]
    step = max(img.get_height() for img in images)
    width = max(img.get_width() for img in images) + BANNER_PAD[0]
    box = pygame.Rect(0, 0, min(room, width), step * len(images) + BANNER_PAD[1])
    box.center = within.center
    return box, images


def _entry_ends(lines: list[str]) -> list[int]:
    """Where the move log's entries end: each index (exclusive) after which a new entry, a
    deal's heading or nothing follows (an entry's wrapped lines start with ``CONTINUED``)."""
    return [i for i in range(1, len(lines) + 1)
            if i == len(lines) or not lines[i].startswith(CONTINUED)]


def undone_words(count: int, who: str | None = None, replies: bool = False) -> str:
    """What an undo took back: the person's last move and the ``count - 1`` after it (the
    computer's replies, or the moves it was thinking about); ``who`` names that person
    between people at one screen (the one at the screen may be another). ``replies``: the
    moves after it were all the computer's, and are called so (pt73 read "and the move
    after it" as unclear)."""
    if who is not None:
        if count <= 1:
            return _("{seat}'s last move is taken back.").format(seat=who)
        return ngettext("{seat}'s last move and the move after it are taken back.",
                        "{seat}'s last move and the {count} moves after it are taken back.",
                        count - 1).format(seat=who, count=num(count - 1))
    if count <= 1:
        return _("Your last move is taken back.")
    if replies:
        return ngettext("Your last move and the computer's reply are taken back.",
                        "Your last move and the computer's {count} moves after it are taken back.",
                        count - 1).format(count=num(count - 1))
    return ngettext("Your last move and the move after it are taken back.",
                    "Your last move and the {count} moves after it are taken back.",
                    count - 1).format(count=num(count - 1))


def _undo_pieces():
    """(what it is, entity, transform, drawn width) of each visible piece Undo may move: a
    face-up card by its code, a piece that can be picked up by its image (``glide_back``)."""
    for ent, (t, sprite) in esper.get_components(Transform, Sprite):
        if not sprite.visible:
            continue
        face = esper.try_component(ent, CardFace)
        if face is not None:
            if face.face_up and face.code:
                yield ("card", face.code), ent, t, face.front.get_width() * t.scale
        elif esper.has_component(ent, Draggable):
            yield ("piece", id(sprite.image)), ent, t, sprite.image.get_width() * t.scale
