"""Every sentence the Zertz table says, in the player's language: the prompt (derived from
the moves that are legal now), refusals (why a drop or a press does nothing, from the
position), hints, the panels' captions and the end of the game.

Each sentence is one translatable message with named placeholders, read when it is shown
(the language can change while the table is open). Rings keep the names the board labels
them with (d4) in every language; marble colours and seat names are translated.
"""

from __future__ import annotations

from game.i18n import N_, _, engine_text, ngettext, num
from game.rules import zertz as rules
from game.words.zertz import colour_word

SEAT_NAMES = (N_("Red"), N_("Blue"))
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}  # as in setup
COLOUR_HEADINGS = {"white": N_("White"), "grey": N_("Grey"), "black": N_("Black")}
TRAY_CAPTIONS = {
    # TRANSLATORS: the caption of a row of captured marbles in a player's tray
    "white": N_("White: {points} point each"),
    "grey": N_("Grey: {points} points each"),
    "black": N_("Black: {points} points each"),
}


def seat_name(seat: int) -> str:
    return _(SEAT_NAMES[seat])


# -- panels -------------------------------------------------------------------------------

def who_plays(is_human: bool, level: str, hot_seat: bool = False) -> str:
    """Beside a seat's name: "you" (the only person), nothing between people at one screen
    (the seat's name says whose panel it is), or "computer, Normal"."""
    if is_human:
        return "" if hot_seat else _("you")
    return _("computer, {level}").format(level=_(LEVEL_NAMES.get(level, level)))


def supply_line(count: int) -> str:
    return ngettext("{count} piece left to place", "{count} pieces left to place",
                    count).format(count=num(count))


def captured_title(points: int) -> str:
    return ngettext("Captured: {count} point", "Captured: {count} points", points).format(
        count=num(points))


def tray_caption(colour: str) -> str:
    return _(TRAY_CAPTIONS[colour]).format(points=num(rules.VALUES[colour]))


def of_six(count: int) -> str:
    """How many of the six marbles of a colour a player holds: "2/6"."""
    return _("{count}/6").format(count=num(count))


def bag_title(count: int) -> str:
    return _("In the bag: {count}").format(count=num(count))


def keys_line(undo: bool = True, hint: bool = True) -> str:
    """The keys under the prompt; Ctrl+Z only when Undo is offered (between people it may
    be switched off in Settings), H only when a person plays."""
    if not hint:
        return _("Esc menu")
    return _("H hint · Ctrl+Z undo · Esc menu") if undo else _("H hint · Esc menu")


def ring_line(ring: str) -> str:
    return _("Ring {ring}").format(ring=ring)


# -- the prompt ---------------------------------------------------------------------------

def status_title(state, name: str, mode: str, solo: bool, replay: bool,
                 own: bool = False) -> str:
    """The status panel's headline: whose move it is. ``mode`` is "mine" (a person may
    move now), "moving" (a move is still being shown) or "thinking" (the computer's turn);
    ``own``: the move being shown is the person's own (alone at the table, "Your move": "Red
    is moving…" read as if the computer had taken over their seat, pt77)."""
    if replay:
        return _("Replay")
    if state.phase == "over":
        return _("Game over")
    if mode == "mine":
        return _("Your move") if solo else _("{name} to move").format(name=name)
    if mode == "moving":
        if own and solo:
            return _("Your move")
        return _("{name} is moving…").format(name=name)
    return _("{name} is thinking…").format(name=name)


def prompt(state, legal: list[str]) -> str:
    """What the person to move may do now, built from ``legal`` (the legal moves)."""
    if state.phase == "put":
        return _("Put the {colour} marble from the bag on an empty ring.").format(
            colour=colour_word(state.drawn))
    places = any(m.startswith("place ") for m in legal)
    takes = any(m.startswith("take ") for m in legal)
    if places and takes:
        return _("Place a piece on an empty ring, or take a marble next to one of your "
                 "pieces.")
    if places and not any(owner == state.seat for owner in state.pieces.values()):
        return _("Place one of your pieces on any empty ring.")
    if places:
        return _("Place a piece on an empty ring (no marble stands next to your pieces).")
    if takes:
        return _("Take a marble next to one of your pieces: you have no pieces left to "
                 "place.")
    if "pass" in legal:
        return only_pass()
    return ""


def only_pass() -> str:
    return _("You can neither place a piece nor take a marble: press Pass.")


# -- refusals -----------------------------------------------------------------------------

def why_not(state, move: str, engine_reason: str) -> str:
    """Why ``move`` is refused, in plain words from the position (the engine's reason only
    when there is nothing better to say)."""
    verb, _sep, ring = move.partition(" ")
    if state.phase == "over":
        return _("The game is over.")
    if ring and ring in rules.RINGS and ring not in state.rings:
        return _("Ring {ring} has been taken off the board.").format(ring=ring)
    if state.phase == "put" and verb != "put":
        return _("First put the {colour} marble from the bag on an empty ring.").format(
            colour=colour_word(state.drawn))
    if verb in ("place", "put"):
        if ring in state.marbles:
            return _("Ring {ring} already holds a marble: choose an empty ring.").format(
                ring=ring)
        if ring in state.pieces:
            return _("Ring {ring} already holds a piece: choose an empty ring.").format(
                ring=ring)
        if verb == "place" and state.supply[state.seat] == 0:
            return _("You have no pieces left to place.")
    if verb == "take":
        if ring not in state.marbles:
            return _("There is no marble on {ring}.").format(ring=ring)
        return _("You can take the {colour} marble on {ring} only when one of your pieces "
                 "stands next to it.").format(colour=colour_word(state.marbles[ring]),
                                              ring=ring)
    return engine_text(engine_reason)


def not_your_turn() -> str:
    return _("Wait for your turn.")


def marble_onto_ring() -> str:
    return _("A marble you take goes into your Captured panel, not onto a ring.")


def marble_onto_pieces() -> str:
    return _("A marble you take goes into your Captured panel, under your pieces.")


def marble_into_bag() -> str:
    return _("A marble you take goes into your Captured panel, not back into the bag.")


def piece_into_tray() -> str:
    return _("Pieces go on empty rings, not among the captured marbles.")


def drawn_into_tray() -> str:
    return _("Put the marble from the bag on an empty ring, not among the captured marbles.")


def wrong_tray(owner: str) -> str:
    return _("Those are {name}'s captured marbles: drop the marble into your own Captured "
             "panel.").format(name=owner)


def marble_gone() -> str:
    return _("That marble is no longer on the board.")


def wait_for_the_table() -> str:
    """A press while the move before is still being shown (the same words as the table's)."""
    return _("Wait until the last move has reached the table.")


def others_pieces(owner: str, own: str) -> str:
    """A press on the other person's supply, between people at one screen."""
    return _("Those are {name}'s pieces: place one of yours ({own}).").format(name=owner,
                                                                             own=own)


def computers_pieces(owner: str) -> str:
    """A press on the computer's supply."""
    return _("Those are {name}'s pieces: the computer places them.").format(name=owner)


def piece_stays(ring: str, owner: str | None) -> str:
    """A press on a piece on the board (``owner`` None: the presser's own)."""
    if owner is None:
        return _("Your piece on {ring} stays there: placed pieces never move.").format(
            ring=ring)
    return _("{name}'s piece on {ring} stays there: placed pieces never move.").format(
        name=owner, ring=ring)


def captured_stays() -> str:
    return _("A captured marble stays in its Captured panel.")


def drop_on_a_ring() -> str:
    """A piece or the drawn marble let go between the rings."""
    return _("Drop it on an empty ring.")


def took_and_put() -> str:
    # TRANSLATORS: a short tag on a ring where a player took a marble and then put the
    # marble drawn from the bag, in the same turn
    return _("took · put")


def passes(name: str) -> str:
    return _("{name} cannot move and passes.").format(name=name)


# -- hints --------------------------------------------------------------------------------

def hint(state, move: str) -> str:
    verb, _sep, ring = move.partition(" ")
    if verb == "place":
        return _("Hint: place a piece on {ring}.").format(ring=ring)
    if verb == "take" and ring in state.marbles:
        return _("Hint: take the {colour} marble on {ring}.").format(
            colour=colour_word(state.marbles[ring]), ring=ring)
    if verb == "put" and state.drawn is not None:
        return _("Hint: put the {colour} marble on {ring}.").format(
            colour=colour_word(state.drawn), ring=ring)
    if verb == "pass":
        return _("Hint: you can only pass.")
    return _("Hint: {move}.").format(move=move)


# -- the end --------------------------------------------------------------------------------

def result_title(res: dict, you: int | None) -> str:
    """"Red wins" between people; "You win!" / "You lose" for the only person; "A draw"."""
    winner = res["winner"]
    if winner is None:
        return _("A draw")
    if you is not None:
        return _("You win!") if winner == you else _("You lose")
    return _("{name} wins").format(name=seat_name(winner))


def result_reason(state, res: dict, you: int | None = None) -> str:
    """Why the game ended and why that player won, with the numbers that decided it; said
    of "you" where the winner is ``you`` (the one person playing the computer: "You won!"
    over "Red has more points" mixed the two, pt97)."""
    winner = res["winner"]
    points, marbles = res["points"], res["marbles"]
    yours = winner is not None and winner == you
    if res["reason"] == "six":
        held = state.captured[winner]
        colour = rules.COLOURS[max(range(3), key=lambda i: held[i])]
        if yours:
            return _("You collected all six {colour} marbles.").format(colour=colour_word(colour))
        return _("{name} collected all six {colour} marbles.").format(
            name=seat_name(winner), colour=colour_word(colour))
    bag = res["reason"] == "bag"
    if winner is None:
        return (_("The bag ran out: equal points and equal marbles.") if bag else
                _("Neither player could move: equal points and equal marbles."))
    loser = 1 - winner
    numbers = {"name": seat_name(winner)}
    if points[winner] != points[loser]:
        numbers.update(high=num(points[winner]), low=num(points[loser]))
        if yours:
            text = (_("The bag ran out: you have more points ({high} to {low}).") if bag else
                    _("Neither player could move: you have more points ({high} to {low})."))
        else:
            text = (_("The bag ran out: {name} has more points ({high} to {low}).") if bag else
                    _("Neither player could move: {name} has more points ({high} to {low})."))
    else:
        numbers.update(high=num(marbles[winner]), low=num(marbles[loser]),
                       points=num(points[winner]))
        if yours:
            text = (_("The bag ran out with equal points ({points} each): you have more "
                      "marbles ({high} to {low}).") if bag else
                    _("Neither player could move, with equal points ({points} each): you "
                      "have more marbles ({high} to {low})."))
        else:
            text = (_("The bag ran out with equal points ({points} each): {name} has more "
                      "marbles ({high} to {low}).") if bag else
                    _("Neither player could move, with equal points ({points} each): {name} "
                      "has more marbles ({high} to {low})."))
    return text.format(**numbers)


def result_header() -> list[str]:
    return [_("Player"), _("Points")] + [_(COLOUR_HEADINGS[c]) for c in rules.COLOURS]


def result_name(seat: int, is_human: bool) -> str:
    name = seat_name(seat)
    return _("{name} (you)").format(name=name) if is_human else name
