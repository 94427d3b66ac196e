"""What the Telefunken table says, in the player's language: prompts, refusals, hints,
banners, captions and the headers of its score sheets.

Every sentence is one translatable message with named placeholders, read when it is shown
(the language may change while the table is open). Cards are named as the table shows them
(3♠, via ``game.card_words``), melds by whose they are and what they hold, never by an
index; numbers go through ``game.i18n.num`` (Persian digits in Persian).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.ai.telefunken import explain
from game.card_words import join_list, pretty_cards
from game.i18n import N_, Y_, _, engine_text, is_you, ngettext, num
from game.rules import telefunken as rules
from game.words.telefunken import (
    bought_words,
    card_list,
    cards_text,
    cut_words,
    groups_text,
    joker_stands_for,
    meld_words,
    stands_text,
)

CONTRACTS = {
    1: N_("one pure trio"), 2: N_("two trios"), 3: N_("one cuarteto"), 4: N_("two cuartetos"),
    5: N_("one quinteto"), 6: N_("two quintetos"),
    7: N_("one trio and one run of 7 or more, going out"),
}
YOUR_TURN = {"cut": N_("Your turn: cut the pack"), "exchange": N_("Your turn: choose cards to give back"),
             "draw": N_("Your turn: draw"),
             "draw_or_take": N_("Your turn: draw from the stock, or take the upcard"),
             "buy": N_("Yours to decide: buy the discard for a chip, or pass"),
             "play": N_("Your turn: meld or discard")}
THEIR_TURN = {"cut": N_("{name} to cut the pack"), "exchange": N_("{name} to choose cards to give back"),
              "draw": N_("{name} to draw"), "buy": N_("{name} to decide on the discard"),
              "play": N_("{name} to meld or discard")}


def cards(codes: Sequence[str]) -> str:
    """Cards as the table shows them: "7♥ 7♦ joker"."""
    return cards_text(codes)


def some_cards(codes: Sequence[str], counted: bool = False) -> str:
    """Cards as so many things in a sentence, identical ones counted: "two J♣"
    (``game.words.telefunken.card_list``)."""
    return card_list(codes, counted)


def groups(melds: Sequence[Sequence[str]]) -> str:
    """Several groups of cards: "7♥ 7♦ 7♣ · 4♦ 5♦ 6♦"."""
    return groups_text(melds)


def split_groups(parts: Sequence[str]) -> list[list[str]]:
    """The groups of a meld move's cards ("7H 7D 7C | 4D 5D 6D")."""
    found: list[list[str]] = [[]]
    for p in parts:
        if p == "|":
            found.append([])
        else:
            found[-1].append(p)
    return found


def contract(deal: int) -> str:
    return _(CONTRACTS[min(max(deal, 1), 7)])


def deal_caption(deal: int) -> str:
    return _("Deal {deal} of 7").format(deal=num(min(deal, 7)))


def meld_name(meld, names: Sequence[str]) -> str:
    """A meld on the table by whose it is and what it holds: "Seat 2's run 4♦ 5♦ 6♦"."""
    return meld_words(meld, names)


# -- the prompt in the build zone ------------------------------------------------------------

def waiting(phase: str, name: str, mine: bool) -> str:
    """Whose turn it is and what it is for, when the build zone has nothing else to say."""
    if phase == "over":
        return _("Game over")
    if mine:
        return _(YOUR_TURN.get(phase, YOUR_TURN["play"]))
    return _(THEIR_TURN.get(phase, THEIR_TURN["play"])).format(name=name)


def next_to_play(prompt: str, name: str, you: bool) -> str:
    """An offer's prompt with who plays next after it ("… (you play next)")."""
    if you:
        return _("{prompt} (you play next)").format(prompt=prompt)
    return _("{prompt} ({name} plays next)").format(prompt=prompt, name=name)


def play_prompt(state, seat: int) -> str:
    """What the player may do after drawing, with nothing selected yet."""
    if state.phase != "play":
        return _("Click cards or drag them here to form a meld")
    if not state.melded[seat]:
        if state.deal == 7:
            return _("Deal 7: meld your contract only if you go out with it this turn (click "
                     "its cards or drag them here); else discard to end your turn.")
        return _("Meld your contract ({contract}) if you can: click its cards or drag them "
                 "here. Then discard to end your turn.").format(contract=contract(state.deal))
    if state.deal == 7:  # melded in deal 7: all went down but the card to discard
        return _("Discard your last card to go out.")
    if _contract_this_turn(state, seat):
        return _("Lay off on other players' melds (click a card, then the meld), meld more, "
                 "then discard to end your turn.")
    return _("Lay off on any meld (click a card, then the meld), meld more, then discard to "
             "end your turn.")


def exchange_prompt(count: int, legal: bool) -> str:
    if count and legal:
        return ngettext("Give back {count} card: press Give back",
                        "Give back {count} cards: press Give back", count).format(count=num(count))
    return _("Choose the cards to give back (or none), then press Give back")


def group_kind(selected: Sequence[str]) -> str | None:
    """"set" or "run" if the cards make one valid group, else None."""
    try:
        rules.check_group(selected)
    except ValueError:
        return None
    return rules.group_kind(selected)


def selection_prompt(state, seat: int, selected: Sequence[str], meld: str | None,
                     lit: bool = True, within: str | None = None) -> str:
    """What the selected cards make: the meld they form, or why they are not one (``lit``:
    some meld on the table takes two chosen cards; ``within``: the contract meld some of them
    make, chosen together with more cards)."""
    if meld is not None:
        chosen = split_groups(meld.split()[1:])
        stands = [c for c in map(joker_stands_for, chosen) if c is not None]
        if stands:  # which card a run's joker will stand for (the order chosen decides)
            return ngettext("Meld {groups} (the joker as {cards}): press Meld, or click or "
                            "drop on the table",
                            "Meld {groups} (the jokers as {cards}): press Meld, or click or "
                            "drop on the table", len(stands)).format(groups=groups(chosen),
                                                                 cards=stands_text(stands))
        return _("Meld {groups}: press Meld, or click or drop on the table").format(
            groups=groups(chosen))
    if within is not None:
        return _("Your contract is here: choose only {groups} and meld it first, then the other "
                 "cards").format(groups=groups(split_groups(within.split()[1:])))
    dead = dead_end(state, seat, selected)
    if len(selected) == 1:
        if state.melded[seat] and lit:
            return _("{card}: click the discard pile to end your turn, a lit meld to lay it off, "
                     "or choose more cards").format(card=cards(selected))
        if state.melded[seat]:  # (no meld takes it: none is lit)
            return _("{card}: click the discard pile to end your turn, or choose more "
                     "cards").format(card=cards(selected))
        return _("{card}: click the discard pile to end your turn, or choose more cards for a "
                 "meld").format(card=cards(selected))
    if len(selected) == 2:
        if dead is not None:  # (no card added makes them a meld: say why, not "add one")
            return dead
        if state.melded[seat] and lit:
            return _("{cards}: a lit meld takes them (put on a set's joker, they free it), or "
                     "choose more cards: a set or a run needs at least three").format(
                cards=some_cards(selected))
        return too_few(selected)
    kind = group_kind(selected)
    if kind is None and list(selected).count(rules.JOKER) > 1:
        return _("At most one joker may be in a set or run")
    if state.deal == 7 and not state.melded[seat]:
        return _("Deal 7: you meld only to go out, all at once: a trio, a run of 7 or more and "
                 "further sets or runs, keeping at most one card to discard")
    if kind == "set" and not state.melded[seat] and state.deal == 1:
        if rules.JOKER in selected:
            return _("A set, but your first meld this deal must be a pure trio: three cards of "
                     "one rank in three suits, no joker")
        if len(selected) == 3 and len({c[-1] for c in selected}) < 3:
            # (the card chosen twice named: Q♠ Q♠ Q♦ was taken for Q♣ Q♠ Q♦, pt108)
            twice = next(c for c in selected if list(selected).count(c) > 1)
            return _("A set, but your first meld this deal must be a pure trio: three cards of "
                     "one rank in three different suits, and {card} is chosen twice").format(
                card=cards([twice]))
        if len(selected) > 3:  # (four of a kind is a set, but not the contract)
            return _("A set, but your first meld this deal must be a pure trio: exactly three "
                     "cards of one rank in three suits")
    wanted = rules.CONTRACTS.get(state.deal, ())
    if (kind == "set" and not state.melded[seat] and wanted and wanted[0] == ("set", 4)
            and len(selected) < 4):  # (a newcomer read "must be the contract: one cuarteto"
        # as a refusal, the word unexplained, pt142)
        return _("A set of {count}, short of the contract: a cuarteto is four cards of one "
                 "rank (one may be a joker)").format(count=num(len(selected)))
    if (kind == "set" and not state.melded[seat] and wanted and wanted[0] == ("set", 5)
            and len(selected) < 5):
        return _("A set of {count}, short of the contract: a quinteto is five cards of one "
                 "rank (one may be a joker)").format(count=num(len(selected)))
    if (kind == "set" and not state.melded[seat] and len(wanted) == 2
            and all(group == ("set", len(selected)) for group in wanted)):
        # (one of the deal's two sets: "the contract is two trios" did not say what was left)
        return _("Half of your contract ({contract}): choose the cards of the other set "
                 "too, then meld both at once").format(contract=contract(state.deal))
    if kind in ("set", "run") and not state.melded[seat]:
        text = (_("A run, but your first meld this deal must be the contract: {contract}")
                if kind == "run" else
                _("A set, but your first meld this deal must be the contract: {contract}"))
        return text.format(contract=contract(state.deal))
    if kind == "run":
        return _("A run, but not one you can put down now")
    if kind == "set":
        return _("A set, but not one you can put down now")
    if dead is not None:
        return dead
    count = num(len(selected))
    if not state.melded[seat]:  # (two sets to make: these may be the start of both)
        return _("Not yet your contract ({contract}): choose the rest of its "
                 "cards").format(contract=contract(state.deal))
    trouble = run_trouble(selected)
    if trouble == "ace":
        return ngettext("{count} card: not a set or a run: an ace is low (A 2 3) or high "
                        "(Q K A), never in the middle",
                        "{count} cards: not a set or a run: an ace is low (A 2 3) or high "
                        "(Q K A), never in the middle", len(selected)).format(count=count)
    if trouble == "gap":
        return ngettext("{count} card: not a set or a run: a run's cards must be consecutive",
                        "{count} cards: not a set or a run: a run's cards must be consecutive",
                        len(selected)).format(count=count)
    return ngettext("{count} card: not a set or a run",
                    "{count} cards: not a set or a run", len(selected)).format(count=count)


def dead_end(state, seat: int, selected: Sequence[str]) -> str | None:
    """Why no cards added to ``selected`` can make a meld that ``seat`` may put down now
    (the rules alone decide it, not the cards held), in words; None if more cards might.
    Before the contract (deals 1-6) the meld is the contract, all its sets at once (two
    trios may start as 3♠ 4♠ 3♣); after it, one set or run. In deal 7, where the first meld
    is any number of groups, more cards always might."""
    naturals = [c for c in selected if c != rules.JOKER]
    jokers = len(selected) - len(naturals)
    if not selected or (state.deal == 7):
        return None
    if not state.melded[seat]:
        return _contract_dead_end(state.deal, naturals, jokers)
    if jokers > 1:
        return _("At most one joker may be in a set or run")
    values = [rules.VALUE[c] for c in naturals]
    if len(set(values)) <= 1:
        return None  # (a set, whatever is added of its rank)
    count, n = num(len(selected)), len(selected)
    if len({rules.SUIT_OF[c] for c in naturals}) > 1:
        return ngettext("{count} card: not a set or a run: a set is all of one rank, a run "
                        "all of one suit",
                        "{count} cards: not a set or a run: a set is all of one rank, a run "
                        "all of one suit", n).format(count=count)
    if len(set(values)) < len(values):
        return ngettext("{count} card: not a set or a run: a run holds each rank once",
                        "{count} cards: not a set or a run: a run holds each rank once",
                        n).format(count=count)
    return None  # (one suit, each rank once: the cards between may come)


def _contract_dead_end(deal: int, naturals: list[str], jokers: int) -> str | None:
    """``dead_end`` before the contract of deals 1-6: its sets, each of exactly its size,
    each of one rank (two sets may be of one rank), at most one joker each; deal 1's trio
    pure (three suits, no joker)."""
    shape = rules.CONTRACTS[deal]
    sets, size = len(shape), shape[0][1]
    per_rank = Counter(rules.VALUE[c] for c in naturals)
    if deal == 1:
        if jokers or len(per_rank) > 1 or len(naturals) > 3 or len(set(naturals)) < len(
                naturals):
            return _("Your first meld this deal must be a pure trio: three cards of one rank "
                     "in three different suits, no joker")
        return None
    what = contract(deal)
    if len(per_rank) > sets:
        if sets == 1:
            return _("Your first meld this deal must be {contract}: all its cards of one "
                     "rank").format(contract=what)
        return _("Your first meld this deal must be {contract}: cards of two ranks at "
                 "most").format(contract=what)
    if jokers > sets:
        return _("At most one joker may be in a set or run")
    room = sum(1 for n in per_rank.values() if n < size) + sets - len(per_rank)
    if (len(naturals) + jokers > sets * size or jokers > room
            or (len(per_rank) == sets and max(per_rank.values()) > size)):
        return ngettext("Your first meld this deal must be {contract}: exactly {count} card "
                        "in each set",
                        "Your first meld this deal must be {contract}: exactly {count} cards "
                        "in each set", size).format(contract=what, count=num(size))
    return None


def run_trouble(selected: Sequence[str]) -> str | None:
    """Why cards of one suit, each rank once, are not a run as they are: "ace" (an ace
    between a king and a two: K A 2), "gap" (their ranks do not follow on, a joker filling
    at most one gap), or None."""
    naturals = [c for c in selected if c != rules.JOKER]
    values = {rules.VALUE[c] for c in naturals}
    if (len({rules.SUIT_OF[c] for c in naturals}) != 1 or len(values) != len(naturals)
            or len(selected) > 13):
        return None
    if {1, 2, 13} <= values:
        return "ace"
    return "gap"


# -- refusals --------------------------------------------------------------------------------

def too_few(selected: Sequence[str]) -> str:
    """One or two cards chosen: too few for a meld."""
    return _("{cards}: a set or a run needs at least three cards").format(
        cards=some_cards(selected))


def gathered(card: str) -> str:
    """A hand card dropped on the table that is not a meld by itself: it joins the cards
    gathered in the meld zone."""
    return _("{card} waits in the meld zone: add the rest of the meld, then put it down").format(
        card=card)


def could_grow() -> str:
    """Cards dropped on the table that make a meld more of the hand could lengthen."""
    return _("A meld, and more of your cards could join it: add them, or click the lit table "
             "to put it down as it is")


def joker_end(low: bool) -> str:
    """A joker swapped to one end of its run where it could have gone to either."""
    if low:
        return _("The joker went to the low end of the run: put on the run's right half, "
                 "your card would have sent it to the high end")
    return _("The joker went to the high end of the run: put on the run's left half, "
             "your card would have sent it to the low end")


def free_or_add(freed: bool) -> str:
    """Cards that could free a set's joker or join the set did one of the two."""
    if freed:
        return _("Put on the joker, your cards freed it: put elsewhere on the set, they would "
                 "have been laid off")
    return _("Your cards were laid off: put on the set's joker, they would have freed it "
             "for your hand")


def wait() -> str:
    return _("Wait for your turn")


def landing() -> str:
    """Your turn, but the move before it is still reaching the table (the rules system's
    own words for it)."""
    return _("Wait until the last move has reached the table.")


def phase_refusal(state, seat: int) -> str:
    """Why nothing can be played from the hand now: what the phase asks for first."""
    if state.seat != seat or state.phase == "over":
        return wait()
    if state.phase == "draw":
        if state.first_turn:
            return _("Draw first: click the stock, or take the upcard")
        return _("Draw first: click the stock")
    if state.phase == "buy":
        return _("First decide on the discard: buy it for a chip or pass")
    if state.phase == "cut":
        return _("Cut the pack first")
    if state.phase == "exchange":
        return _("Deal 6: first choose the cards to give back")
    return ""


def layoff_refusal(state, seat: int, chosen: Sequence[str], index: int,
                   names: Sequence[str]) -> str:
    """Why ``chosen`` cannot go on meld ``index`` now, in words."""
    first = phase_refusal(state, seat)
    if first:
        return first
    if not 0 <= index < len(state.melds):
        return _("That meld is no longer on the table")
    meld = state.melds[index]
    what = meld_name(meld, names)
    if not state.melded[seat]:
        if state.deal == 7:
            return _("In deal 7 you lay off only after melding the contract and going out in "
                     "the same turn")
        return _("Meld your contract first: only then may you lay off on the table")
    if meld.owner == seat and _contract_this_turn(state, seat) and _may_fit(meld.cards, chosen):
        return _("You put {cards} down this turn with your contract: this turn you may lay "
                 "off only on other players' melds").format(cards=cards(meld.cards))
    reason, card = misfit(meld.cards, chosen)
    n = len(chosen)
    if reason is None:
        stands = joker_stands_for(meld.cards)
        if stands in chosen and n > 1 and any(m.startswith(f"swap {stands} in {index} ")
                                              for m in rules.legal_moves(state)):
            reason, card = "alone", stands  # (a swap is a move of its own)
    if reason == "joker":
        text = ngettext("{cards} does not fit {meld}: a set or run holds at most one joker",
                        "{cards} do not fit {meld}: a set or run holds at most one joker", n)
    elif reason == "suit":
        text = ngettext("{cards} does not fit {meld}: a run is all of one suit",
                        "{cards} do not fit {meld}: a run is all of one suit", n)
    elif reason == "rank":
        text = ngettext("{cards} does not fit {meld}: a set is all of one rank",
                        "{cards} do not fit {meld}: a set is all of one rank", n)
    elif reason == "already":
        text = ngettext("{cards} does not fit {meld}: the run already has {card}",
                        "{cards} do not fit {meld}: the run already has {card}", n)
    elif reason == "inside":
        text = ngettext("{cards} does not fit {meld}: its joker stands for {card}, and only a "
                        "joker at an end of a run may be replaced",
                        "{cards} do not fit {meld}: its joker stands for {card}, and only a "
                        "joker at an end of a run may be replaced", n)
    elif reason == "alone":
        text = ngettext("{cards} does not fit {meld}: put {card} in the joker's place by "
                        "itself first",
                        "{cards} do not fit {meld}: put {card} in the joker's place by "
                        "itself first", n)
    elif reason == "ends":
        text = ngettext("{cards} does not fit {meld}: one lay-off adds to one end of a run: "
                        "lay off at each end in turn",
                        "{cards} do not fit {meld}: one lay-off adds to one end of a run: "
                        "lay off at each end in turn", n)
    elif reason == "gap":
        text = ngettext("{cards} does not fit {meld}: the cards added must follow on from "
                        "an end of the run, with no gap",
                        "{cards} do not fit {meld}: the cards added must follow on from "
                        "an end of the run, with no gap", n)
    elif reason == "joker_gap":
        text = ngettext("{cards} does not fit {meld}: a joker fills one missing card, and the "
                        "cards added must follow on from an end of the run",
                        "{cards} do not fit {meld}: a joker fills one missing card, and the "
                        "cards added must follow on from an end of the run", n)
    elif reason == "twice":
        text = ngettext("{cards} does not fit {meld}: a run holds each rank once",
                        "{cards} do not fit {meld}: a run holds each rank once", n)
    elif reason == "full":
        text = ngettext("{cards} does not fit {meld}: the run holds all thirteen ranks",
                        "{cards} do not fit {meld}: the run holds all thirteen ranks", n)
    elif reason == "next" and len(card) == 2:
        return ngettext("{cards} does not fit {meld}: the run goes on only with {low} or "
                        "{high}",
                        "{cards} do not fit {meld}: the run goes on only with {low} or {high}",
                        n).format(cards=some_cards(chosen), meld=what, low=cards(card[:1]),
                                  high=cards(card[1:]))
    elif reason == "next":
        return ngettext("{cards} does not fit {meld}: the run goes on only with {card}",
                        "{cards} do not fit {meld}: the run goes on only with {card}",
                        n).format(cards=some_cards(chosen), meld=what, card=cards(card))
    else:
        text = ngettext("{cards} does not fit {meld}", "{cards} do not fit {meld}", n)
    return text.format(cards=some_cards(chosen), meld=what, card=cards([card]) if card else "")


def misfit(meld: Sequence[str], chosen: Sequence[str]) -> tuple[str | None, object]:
    """Why ``chosen`` can never go on the meld ``meld``, where the reason is a clear one:
    ("joker", None) a second joker; ("rank", card) a card of another rank on a set;
    ("suit", card) a card of another suit on a run; ("already", card) a card of a rank the
    run holds already; ("inside", card) the card the run's joker stands for, the joker not
    at an end (it cannot be replaced there); for naturals of the run's suit that do not
    join it: ("ends", None) cards at both ends at once (one lay-off adds at one end),
    ("next", [cards]) a card that joins neither end (the cards that would: one or two),
    ("gap", None) several cards that do not follow on from an end, ("joker_gap", None) the
    same with a joker among them, ("twice", card) a rank chosen twice, ("full", None) a run
    of all thirteen ranks. (None, None) for anything else."""
    if list(chosen).count(rules.JOKER) > 1 or (rules.JOKER in chosen and rules.JOKER in meld):
        return "joker", None
    naturals = [c for c in meld if c != rules.JOKER]
    if not naturals:
        return None, None
    adding = [c for c in chosen if c != rules.JOKER]
    if rules.group_kind(meld) == "set":
        rank = rules.VALUE[naturals[0]]
        other = next((c for c in adding if rules.VALUE[c] != rank), None)
        return ("rank", other) if other else (None, None)
    suit = rules.SUIT_OF[naturals[0]]
    other = next((c for c in adding if rules.SUIT_OF[c] != suit), None)
    if other:
        return "suit", other
    held = {rules.VALUE[c] for c in naturals}
    twin = next((c for c in adding if rules.VALUE[c] in held), None)
    if twin:
        return "already", twin
    stands = joker_stands_for(meld)
    if stands in adding and list(meld).index(rules.JOKER) not in (0, len(meld) - 1):
        return "inside", stands
    if len(meld) >= 13:
        return "full", None
    twice = next((c for c in adding if adding.count(c) > 1), None)
    if twice:
        return "twice", twice
    if rules.JOKER in chosen:
        return _joker_beside_run(meld, adding)
    return _beside_run(meld, adding, suit)


def _off_the_ends(meld: Sequence[str], adding: list[str]) -> tuple[list[int], list[int]] | None:
    """The values of ``adding`` below and above the run ``meld`` (an ace after a king where
    the run ends in a king); None if one falls within the run (an end joker's place)."""
    low = rules.run_low(meld)
    high = low + len(meld) - 1
    values = sorted(14 if rules.VALUE[c] == 1 and high == 13 else rules.VALUE[c]
                    for c in adding)
    if any(low <= v <= high for v in values):
        return None
    return [v for v in values if v < low], [v for v in values if v > high]


def _joker_beside_run(meld: Sequence[str], adding: list[str]) -> tuple[str | None, object]:
    """``misfit`` of a joker with naturals of a run's suit, none of a rank it holds, the move
    refused: cards at both ends ("ends"), or more than the joker's one missing card between
    them and the run ("joker_gap")."""
    ends = _off_the_ends(meld, adding) if adding else None
    if ends is None:
        return None, None
    below, above = ends
    return ("ends", None) if below and above else ("joker_gap", None)


def _beside_run(meld: Sequence[str], adding: list[str], suit: int) -> tuple[str | None, object]:
    """``misfit`` of naturals of a run's suit, none of a rank it holds, no joker among them:
    at both ends, off both ends, or with a gap."""
    low = rules.run_low(meld)
    high = low + len(meld) - 1
    ends = _off_the_ends(meld, adding)
    if ends is None:
        return None, None  # (the place of an end joker: a swap, judged elsewhere)
    below, above = ends
    values = below + above
    below_on = below == list(range(low - len(below), low))
    above_on = above == list(range(high + 1, high + 1 + len(above)))
    if below and above and below_on and above_on:
        return "ends", None
    if len(values) > 1:
        return "gap", None
    nexts = [rules.card(v, suit) for v in (low - 1, high + 1) if 1 <= v <= 14]
    if not nexts:
        return None, None
    return "next", nexts


def _contract_this_turn(state, seat: int) -> bool:
    """Did ``seat`` put its contract down this turn (all its melds are fresh)? Then it may
    lay off only on other players' melds until its next turn."""
    own = [i for i, m in enumerate(state.melds) if m.owner == seat]
    return bool(own) and all(i in state.fresh for i in own)


def _may_fit(meld: Sequence[str], chosen: Sequence[str]) -> bool:
    """Could ``chosen`` go on ``meld`` at another time? A set takes only its rank (a J on
    kings is refused for that, not for the turn); a run is not judged here."""
    values = {rules.VALUE[c] for c in meld if c != rules.JOKER}
    if len(values) != 1:
        return True
    return all(c == rules.JOKER or rules.VALUE[c] in values for c in chosen)


def discard_refusal(state, seat: int, card: str) -> str:
    first = phase_refusal(state, seat)
    if first:
        return first
    return _("You cannot discard {card} now").format(card=cards([card]))


def pile_refusal(state, seat: int) -> str:
    """Why the top discard cannot be taken now (a press on it while it is not offered). In
    one's own turn after the draw, a press there is most likely meant as a discard: said
    first (it said a seat that had melded could no longer buy)."""
    if state.seat == seat and state.phase == "play":
        return _("You have drawn: meld if you can, then discard a card onto this pile")
    if state.melded[seat]:
        return _("Once you have melded this deal you may no longer buy the discard")
    if state.chips[seat] <= 0:
        return _("You have no chips left to buy the discard")
    if state.seat == seat and state.phase == "draw":
        return _("A discard may be bought only when it is thrown, for a chip: now draw from "
                 "the stock")
    return _("A discard may be bought only when it is thrown, for a chip")


REFUSALS = {
    "stock_to_hand": N_("Drag the stock's top card into your hand to draw it, or click it"),
    "not_in_hand": N_("Drag the discard into your hand to take or buy it"),
    "no_meld": N_("Select the cards of a meld you can put down, then drop them here"),
    "choose_meld": N_("Choose the cards of a meld first: click them in your hand"),
    "one_card": N_("Discard one card: select only that one"),
    "nowhere": N_("That cannot go there"),
    "not_on_stock": N_("Nothing goes back onto the stock: discard onto the discard pile, or "
                       "meld on the table"),
    "drawn_already": N_("You have drawn this turn: meld if you can, then discard"),
}


def refusal(key: str) -> str:
    return _(REFUSALS[key])


def engine_words(reason: str) -> str:
    """The engine's own reason, as a last resort: cards as the table shows them (in another
    language than English a plain sentence of that language)."""
    return engine_text(pretty_cards(reason))


# -- hints, banners, buttons -------------------------------------------------------------------

def hint(state, move: str, names: Sequence[str]) -> str:
    """A move in words for a hint, and why when a plain fact says it: "Hint: buy the
    discard (1 chip). It completes your contract." (``game.ai.telefunken.explain``)."""
    text = _hint_move(state, move, names)
    where = hint_drop(state, move)
    if where:
        text = f"{text} {where}"
    seat = rules.to_move(state)
    if seat is None:
        return text
    reason = why(explain(rules.view(state, seat), move))
    return f"{text} {reason}" if reason else text


def hint_drop(state, move: str) -> str:
    """Where to drop the hinted cards when the same cards dropped elsewhere on the meld make
    another move: a set's joker is freed by naturals dropped on it, and they are laid off
    anywhere else on the set (``Gestures._layoff_moves``). A hint to lay them off said
    nothing of it, and the drop on the joker freed it (pt149). "" when the place does not
    matter."""
    key = _layoff_key(move)
    if key is None:
        return ""
    verb, meld, cards = key
    other = ("free" if verb == "add" else "add", meld, cards)
    if not any(_layoff_key(m) == other for m in rules.legal_moves(state)):
        return ""
    if verb == "add":
        return _("Drop them on the set's other cards: on its joker they would free it.")
    return _("Drop them on the joker: elsewhere on the set they would be laid off.")


def _layoff_key(move: str) -> tuple[str, str, tuple[str, ...]] | None:
    """("add" or "free", the meld, its cards sorted) of a lay-off or a freed joker."""
    parts = move.split()
    if parts[:1] == ["add"] and "to" in parts:
        at = parts.index("to")
        return "add", parts[at + 1] if at + 1 < len(parts) else "", tuple(sorted(parts[1:at]))
    if parts[:1] == ["free"] and len(parts) > 3:
        return "free", parts[1], tuple(sorted(parts[3:]))
    return None


def why(reason: tuple[str, dict] | None) -> str:
    """The sentence of a hint's reason (``explain``'s key and numbers); "" for none."""
    if reason is None:
        return ""
    key, data = reason
    if key == "completes":
        return _("It completes your contract.")
    if key == "closer":
        return ngettext("Then {count} card is missing for your contract.",
                        "Then {count} cards are missing for your contract.",
                        data["missing"]).format(count=num(data["missing"]))
    if key == "closer7":
        return _("It brings you closer to going out.")
    if key == "no_help":
        return _("The upcard does not help your hand.")
    if key == "not_closer":
        return _("It does not bring your contract closer.")
    if key == "danger":
        return _("A player who has melded is about to go out: cards you buy may be left in "
                 "your hand.")
    if key == "chips":
        return ngettext("Only {count} chip is left: keep it for the later deals.",
                        "Only {count} chips are left: keep them for the later deals.",
                        data["chips"]).format(count=num(data["chips"]))
    if key == "far":
        return ngettext("Even with it, {count} card is missing for your contract.",
                        "Even with it, {count} cards are missing for your contract.",
                        data["missing"]).format(count=num(data["missing"]))
    if key == "unneeded":
        if data["points"] >= 10:
            return ngettext("Your contract does not need it, and in your hand it would cost "
                            "{count} point.",
                            "Your contract does not need it, and in your hand it would cost "
                            "{count} points.", data["points"]).format(count=num(data["points"]))
        return _("Your contract does not need it.")
    if key == "unneeded7":
        return _("Of your cards, going out needs it least.")
    if key == "costliest_tied":
        return ngettext("It is one of the cards in your hand that count most ({count} point).",
                        "It is one of the cards in your hand that count most ({count} points).",
                        data["points"]).format(count=num(data["points"]))
    if key == "costliest":
        return ngettext("It is the card in your hand that counts most ({count} point).",
                        "It is the card in your hand that counts most ({count} points).",
                        data["points"]).format(count=num(data["points"]))
    if key == "out":
        return _("You go out with it.")
    if key == "last":
        return _("Then your last card is your discard, and you go out.")
    if key == "contract":
        return _("That is this deal's contract.")
    if key == "shed":
        return _("Cards put down no longer count against you.")
    if key == "joker":
        return _("The joker comes to your hand.")
    if key == "alone":
        return _("None of them has another card of its rank in your hand.")
    return ""


def _hint_move(state, move: str, names: Sequence[str]) -> str:
    """A move in words for a hint: "Lay 7♥ off on Seat 2's run 4♥ 5♥ 6♥"."""
    parts = move.split()
    verb, rest = (parts[0], parts[1:]) if parts else ("", [])
    try:
        if verb == "draw":
            return _("Hint: draw from the stock.")
        if verb == "take":
            return _("Hint: take the upcard.")
        if verb == "buy":
            return _("Hint: buy the discard (1 chip).")
        if verb == "pass":
            return _("Hint: let the discard go.")
        if verb == "cut":
            return _("Hint: cut the pack, lifting {count} cards.").format(count=num(rest[0]))
        if verb == "discard":
            return _("Hint: discard {card}.").format(card=cards(rest[:1]))
        if verb == "meld":
            return _("Hint: meld {groups}.").format(groups=groups(split_groups(rest)))
        if verb == "exchange":
            if not rest:
                return _("Hint: give back no cards.")
            return _("Hint: give back {cards}.").format(cards=some_cards(rest))
        if verb == "add":
            at = rest.index("to")
            meld = meld_name(state.melds[int(rest[at + 1])], names)
            return _("Hint: lay {cards} off on {meld}.").format(cards=some_cards(rest[:at]),
                                                                meld=meld)
        if verb == "swap":
            meld = meld_name(state.melds[int(rest[2])], names)
            return _("Hint: put {card} in place of the joker of {meld}.").format(
                card=cards(rest[:1]), meld=meld)
        if verb == "free":
            meld = meld_name(state.melds[int(rest[0])], names)
            return _("Hint: free the joker of {meld} with {cards}.").format(
                meld=meld, cards=some_cards(rest[2:]))
    except (IndexError, ValueError):
        pass
    return _("Hint: {move}.").format(move=pretty_cards(move))


bought = bought_words  # the banner of a buy says what the move log says


cut = cut_words  # the banner of a cut says what the move log says


def bonus(name: str) -> str:
    if is_you(name):
        return _("An exact cut! You get a bonus card")
    return _("An exact cut! {name} gets a bonus card").format(name=name)


def made_contract(name: str) -> str:
    return Y_(is_you(name), "{name} made the contract").format(name=name)


def went_out(name: str) -> str:
    return Y_(is_you(name), "{name} went out!").format(name=name)


def new_deal(deal: int) -> str:
    return _("Deal {deal}: {contract}").format(deal=num(deal), contract=contract(deal))


def deal_title(deal: int, name: str | None) -> str:
    if name is None:
        return _("Deal {deal}: nobody went out").format(deal=num(deal))
    return Y_(is_you(name), "Deal {deal}: {name} went out").format(deal=num(deal), name=name)


def passed_together(names: Sequence[str], code: str) -> str:
    """One line of the move list for the buy offers of one discard let go one after
    another, in the order they were asked ("Seat 4, you and Seat 2 did not buy J♥"; you
    were named first, pt164)."""
    you = any(is_you(name) for name in names)
    # TRANSLATORS: you, the person at the screen, named inside a list of players ("Seat 4,
    # you and Seat 2 did not buy J♥")
    ordered = [names[0]] + [_("you") if is_you(name) else name for name in names[1:]]
    # TRANSLATORS: several players, one after another, let a discard go (one line of the
    # move list); {names} is a list ("Seat 2, Seat 3 and Seat 4")
    return Y_(you, "{names} did not buy {card}").format(names=join_list(ordered),
                                                        card=cards_text([code]))


def cut_instruction(count: int) -> str:
    # (a click on the pack cuts there too: the prompt spoke only of the drag, pt132)
    return _("Click the pack where to cut, or drag along it and let go: lift {count} cards"
             ).format(count=num(count))


def bought_tag(name: str) -> str:
    return Y_(is_you(name), "{name} bought").format(name=name)


def bought_card(bought: Sequence[str], extra: int = 0) -> str:
    """An opponent's panel while its last move was a buy: "bought 9♠" (``extra``: "bought
    9♠ +1 card", with the card from the stock that came with it); two buys before its turn,
    "bought 9♠ K♦ +2 cards"."""
    if extra == 1 and len(bought) == 1:
        return _("bought {card} +1 card").format(card=cards(bought))
    if extra:
        return ngettext("bought {cards} +{count} card", "bought {cards} +{count} cards",
                        extra).format(cards=cards(bought), count=num(extra))
    return _("bought {card}").format(card=cards(bought))


def drawn_tag() -> str:
    """The tag of the card you drew from the stock, until your next move (Zetema's word)."""
    return _("new")


def taken_tag() -> str:
    """The tag of the upcard you took (on the first turn, in the place of a draw), until your
    next move."""
    # TRANSLATORS: a tag on a card of your hand: the upcard you have just taken
    return _("taken")


def stock_card_tag() -> str:
    """The tag of the card from the stock that came into your hand with a buy."""
    return _("+1 from the stock")


BUTTONS = {"draw": N_("Draw"), "take": N_("Take upcard"), "buy": N_("Buy (1 chip)"),
           "pass": N_("Pass"), "cut": N_("Cut"), "meld": N_("Meld"), "exchange": N_("Give back"),
           "clear": N_("Clear"), "rank": N_("By rank"), "suit": N_("By suit"), "lift": N_("Lift"),
           "no_buys": N_("No buys this deal"), "buys_again": N_("Offer me buys again")}


def no_buys_said(name: str | None) -> str:
    """What "No buys this deal" does, said as it is pressed (``name``: between people, the
    person's seat; None: you)."""
    if name is None:
        return _("You let this card go, and no discard will be offered to you again this deal.")
    return _("{seat} let this card go, and no discard will be offered to them again this "
             "deal.").format(seat=name)


def buys_again_said() -> str:
    """What "Offer me buys again" does, said as it is pressed."""
    return _("Discards will be offered to you again.")


def button(key: str) -> str:
    return _(BUTTONS[key])


def lift_option(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=num(count))


LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


def level(name: str) -> str:
    return _(LEVELS[name]) if name in LEVELS else name


def opponent_line(name: str, computer_level: str | None) -> str:
    """An opponent's panel head: "Seat 2 · computer, Normal" (as the other tables say it)."""
    if computer_level is None:
        return name
    return _("{name} · computer, {level}").format(name=name, level=level(computer_level))


def you_line(name: str, chips: int, points: int) -> str:
    """The line above your hand: "You · 6 chips · 12 points"."""
    return ngettext("{name} · {chips} chip · {points} points", "{name} · {chips} chips · {points} points",
                    chips).format(name=name, chips=num(chips), points=num(points))
