"""What the Zetema table says, in the player's language: the prompt of the meld zone (derived
from the legal moves and the cards chosen), why a drop or a click is refused (derived from
the position), hints, banners, labels and the words of the summaries.

Cards are named as the table shows them (7♠), combinations by kind and cards; numbers are
written as the language writes them. Each sentence is one message of the catalogue with
named placeholders, read with ``_()`` when it is drawn or said.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.card_words import join_list, pretty_cards
from game.i18n import N_, _, engine_text, ngettext, num, pgettext
from game.rules import zetema as rules
from game.words.zetema import card, cards, kind_name, kind_title, meld_phrase, pile_card, rank_plural

LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


def level(name: str) -> str:
    return _(LEVELS[name]) if name in LEVELS else name


# -- the prompt of the meld zone -------------------------------------------------------------

def turn_prompt(state: rules.State, legal: Sequence[str], again: str | None = None) -> str:
    """What the person to play may do now, from the legal moves (nothing chosen yet);
    ``again``: the rank of the zetema that gave them another turn (said first)."""
    prompt = _turn_prompt(state, legal)
    if again is not None and state.phase == "meld":
        return _("Zetema of {rank}: you play again. {prompt}").format(
            rank=rank_plural(again), prompt=prompt)
    return prompt


def _turn_prompt(state: rules.State, legal: Sequence[str]) -> str:
    if state.phase == "discard":
        if state.meld == "marriage":
            return _("Discard any card of your hand onto the pile of its rank")
        return _("Discard one of the cards you showed onto the pile of its rank")
    if any(m.startswith("meld ") for m in legal):
        return _("Discard a card onto the pile of its rank, or first declare a combination: "
                 "click its cards or drag them here")
    return _("No combination to declare: discard a card onto the pile of its rank")


def waiting_prompt(player: str) -> str:
    return _("{player} to play").format(player=player)


def meld_title(kind: str, points: int, marriages: int = 1) -> str:
    """"Straight flush · 50 points": what the chosen cards make ("2 marriages · 30
    points" for more than one marriage at once)."""
    meld = kind_title(kind) if kind != "marriage" or marriages < 2 else ngettext(
        "{count} marriage", "{count} marriages", marriages).format(count=num(marriages))
    return ngettext("{meld} · {points} point", "{meld} · {points} points", points).format(
        meld=meld, points=num(points))


def selection_prompt(tokens: Sequence[str], single_discard: bool) -> str:
    """What the cards chosen for the meld zone make, or why they make nothing yet."""
    if not tokens:
        return _("Click cards or drag them here to declare a combination")
    if single_discard:
        return _("{card}: click its lit pile to discard it, or add cards").format(
            card=card(tokens[0]))
    return selection_problem(tokens)


def selection_problem(tokens: Sequence[str]) -> str:
    """Why ``tokens`` are not a combination (yet), in plain words: the actual problem (a card
    taken from a pile outside a marriage, too many queens for the kings, a card without a
    partner of its suit, ...)."""
    n = len(tokens)
    plain = [t.removesuffix(rules.PILE) for t in tokens]
    ranks = {rules.CARD_RANK[c] for c in plain}
    royal = ranks <= {rules.QUEEN, rules.KING}
    piled = [t for t in tokens if t.endswith(rules.PILE)]
    if piled and not royal:
        return pile_cards_with_others(tokens)
    if royal and rules.KING in ranks and rules.QUEEN in ranks:
        return marriage_problem(tokens)
    if piled and n == rules.PER_RANK:  # all five kings or queens: an assembly takes no
        return pile_card_only_for_marriage(piled[0])  # card from a pile
    if piled:  # kings only, or queens only
        partner = rules._PARTNER[piled[0].removesuffix(rules.PILE)]  # (its king or queen)
        return _("{card} needs {partner} from your hand to make a marriage").format(
            card=pile_card(piled[0]), partner=card(partner))
    if len(ranks) == 1 and n < rules.PER_RANK:
        return ngettext("{count} of the {rank}: an assembly needs all five",
                        "{count} of the {rank}: an assembly needs all five", n).format(
            count=num(n), rank=rank_plural(next(iter(ranks))))
    if n == rules.RUN:
        if _round_the_corner(ranks):
            return _("A straight cannot go round the corner (K A 2): the ace is high "
                     "(9 10 J Q K A) or low (A 2 3 4 5 6)")
        counts = Counter(rules.CARD_RANK[c] for c in plain)
        rank, most = counts.most_common(1)[0]
        if most == rules.PER_RANK:  # (it said only "neither in sequence nor of one suit": the
            # five eights and a king were an assembly but for the king, pt96)
            return _("An assembly is the five {rank} alone: take the other card out").format(
                rank=rank_plural(rank))
        return _("Six cards, but neither in sequence (a straight) nor of one suit (a flush)")
    if n > rules.RUN:
        return ngettext("{count} card: a straight or a flush has exactly six",
                        "{count} cards: a straight or a flush has exactly six", n).format(
            count=num(n))
    return not_yet(n)


def not_yet(n: int) -> str:
    """``n`` cards chosen that are not (yet) a combination of any kind."""
    return ngettext("{count} card: not a combination yet", "{count} cards: not a combination yet",
                    n).format(count=num(n))


def combinations_help() -> str:
    """What the combinations are, in one sentence (the greyed Meld pressed on cards that make
    none: it only repeated the zone's heading, pt92)."""
    return _("A combination is six cards in sequence (a straight) or of one suit (a flush), "
             "all five cards of a rank (an assembly), or a king and a queen of one suit (a "
             "marriage).")


def pile_cards_with_others(tokens: Sequence[str]) -> str:
    """Why cards taken from the piles, chosen with cards that are neither kings nor queens,
    make nothing: a pile card without a partner of its suit among the chosen cards goes
    nowhere but into a marriage (K♥ from its pile with five hearts: no flush takes it); when
    every pile card has its partner, the other cards are the ones that do not belong."""
    royals = [t for t in tokens if rules.CARD_RANK[t.removesuffix(rules.PILE)] in (
        rules.QUEEN, rules.KING)]
    present = {t.removesuffix(rules.PILE) for t in royals}
    for token in tokens:
        if token.endswith(rules.PILE) and rules._PARTNER[token.removesuffix(rules.PILE)] \
                not in present:
            return pile_card_only_for_marriage(token)
    others = [t for t in tokens if t not in royals]
    return _("{cards} cannot go into a marriage: a marriage is a king and a queen of the same "
             "suit").format(cards=join_list(map(card, others)))


def marriage_problem(tokens: Sequence[str]) -> str:
    """Why kings and queens chosen together make no marriage: too many of a kind in a suit
    (K♠ Q♠ Q♠), cards without a partner of their suit (K♠ Q♥), or marriages with both cards
    taken from the piles."""
    per_suit: dict[str, tuple[list[str], list[str]]] = {}
    for token in tokens:
        code = token.removesuffix(rules.PILE)
        kings, queens = per_suit.setdefault(code[-1], ([], []))
        (kings if code[:-1] == "K" else queens).append(token)
    suits = [per_suit[s] for s in rules.SUITS if s in per_suit]
    for kings, queens in suits:
        if kings and queens and len(queens) > len(kings):
            return _("Too many queens: {queens} for {kings}").format(
                queens=join_list(map(pile_card, queens)), kings=join_list(map(pile_card, kings)))
        if kings and queens and len(kings) > len(queens):
            return _("Too many kings: {kings} for {queens}").format(
                kings=join_list(map(pile_card, kings)), queens=join_list(map(pile_card, queens)))
    alone = [t for t in tokens if not all(per_suit[t.removesuffix(rules.PILE)[-1]])]
    if len(alone) == 1:
        partner = rules._PARTNER[alone[0].removesuffix(rules.PILE)]  # (its king or queen)
        if alone[0].endswith(rules.PILE):  # (its partner cannot come from a pile too)
            return _("{card} needs {partner} from your hand to make a marriage").format(
                card=pile_card(alone[0]), partner=card(partner))
        return _("{card} has no partner: a marriage needs {partner} with it").format(
            card=pile_card(alone[0]), partner=card(partner))
    if alone:
        return _("{cards} do not pair up by suit: a marriage is a king and a queen of the same "
                 "suit").format(cards=join_list(map(pile_card, alone)))
    for kings, queens in suits:
        if sum(t.endswith(rules.PILE) for t in kings + queens) > len(kings):
            piled = [t for t in kings + queens if t.endswith(rules.PILE)]
            return _("{cards}: one of the two must come from your hand").format(
                cards=join_list(map(pile_card, piled)))
    return ngettext("{count} card: not a combination yet", "{count} cards: not a combination yet",
                    len(tokens)).format(count=num(len(tokens)))


def _round_the_corner(ranks: set[int]) -> bool:
    """Six different ranks in sequence only round the corner (K A 2)."""
    if len(ranks) != rules.RUN or not {rules.KING, rules.ACE} <= ranks:
        return False
    return any(ranks == {(start + i) % 13 for i in range(rules.RUN)} for start in range(9, 13))


def meld_not_now(kind: str, points: int, reason: str) -> str:
    """A combination the cards make but that may not be declared now (the engine's reason,
    in the player's words where it is one the table knows)."""
    if reason.startswith("each marriage needs at least one card from your hand"):
        reason = _("each marriage needs at least one card from your hand")
    elif reason.startswith("you have already declared a meld this turn"):
        reason = _("you have already declared a combination this turn")
    else:
        reason = engine_text(pretty_cards(reason))
    return _("{meld} — not possible now: {reason}").format(meld=meld_title(kind, points),
                                                          reason=reason)


# -- refusals: why a drop or a click does nothing ----------------------------------------------

def not_yours() -> str:
    return _("That card is not yours to move")


def wait_your_turn() -> str:
    return _("Wait for your turn")


def landing() -> str:
    """Your turn, but the move before it is still reaching the table or being told."""
    return _("Wait until the last move has reached the table.")


def stays_on_pile(token: str) -> str:
    """A card taken from a pile dragged onto the hand (it said "stays on its pile unless it
    joins a marriage" of a queen in a marriage in the meld zone, pt75)."""
    return _("{card} cannot go into your hand: it joins a marriage or goes back to its "
             "pile").format(card=card(token))


def already_declared(state: rules.State) -> str:
    if state.meld == "marriage":
        return _("You have declared your marriage this turn: now discard a card onto the pile of its rank")
    return _("You have declared a combination this turn (one per turn): now discard one of the "
             "cards you showed")


def one_to_discard(count: int) -> str:
    """A pile clicked with several cards of the hand in the meld zone."""
    return ngettext("To discard, leave only that card in the meld zone: it holds {count} card "
                    "(click the others to take them back)",
                    "To discard, leave only that card in the meld zone: it holds {count} cards "
                    "(click the others to take them back)", count).format(count=num(count))


def only_royals_from_piles(token: str) -> str:
    return _("{card} stays on its pile: only kings and queens may be taken back, for a "
             "marriage").format(card=card(token))


def pile_card_only_for_marriage(token: str) -> str:
    """A king or queen taken from its pile goes nowhere but into a marriage."""
    return _("{card} can only go into a marriage").format(card=pile_card(token))


def wrong_pile(code: str) -> str:
    rank = code[:-1]
    return _("{card} goes on the pile of its rank, the {rank} pile").format(
        card=card(code), rank=rank)


def marry_from_pile(code: str, partner: str) -> str:
    """A king (queen) of the hand dropped on the pile whose top card it would marry."""
    return _("To marry {card} with the {partner} on its pile, put both in the meld zone "
             "(click or drag each), then press Meld").format(card=card(code),
                                                           partner=card(partner))


def fresh() -> str:
    """The tag on a card just drawn into the hand, until the person's move."""
    # TRANSLATORS: a small tag on a card just drawn into your hand (at most as wide as a
    # card: about 9 letters)
    return _("new")


def from_pile() -> str:
    """The tag on a king or queen taken from its pile into the meld zone (no wider than the
    card: "from the Q pile" covered its partner's corner, pt75)."""
    # TRANSLATORS: a small tag on a card in the meld zone: it came from its pile (at most
    # as wide as a card: about 9 letters)
    return _("from pile")


def marriage_pile() -> str:
    """A card let go on (or clicked onto) the Marriages pile: how marriages get there."""
    return _("Only declared marriages go to the Marriages pile: put a king and a queen of one "
             "suit in the meld zone and press Meld")


def pile_how(rank: str) -> str:
    """A pile clicked on your turn with no card chosen: how a card gets there."""
    return _("To discard onto the {rank} pile, drag a card of that rank onto it, or click the "
             "card, then the pile").format(rank=rank)


def discard_refusal(state: rules.State, code: str, engine_reason: str) -> str:
    """Why discarding ``code`` is not legal now, from the position (the engine's reason, with
    cards as shown, only where there is nothing better to say)."""
    if state.phase == "discard" and state.meld != "marriage" and code not in state.shown:
        return _("After your {meld}, the discard must be one of the cards you showed: "
                 "{cards}").format(meld=kind_name(state.meld or ""), cards=cards(state.shown))
    if code not in state.hands[state.seat]:
        return _("{card} is not in your hand").format(card=card(code))
    return pretty_cards(engine_reason)


# -- hints, banners, labels ----------------------------------------------------------------------

def hint(move: str, state: rules.State | None = None) -> str:
    """A move in words for a hint, and with ``state`` what it brings when it scores: "Hint:
    discard 9♠ onto the pile of its rank. It is the last of the nines: a zetema, +5 points."."""
    parts = move.split()
    if parts[0] == "discard" and len(parts) > 1:
        text = _("Hint: discard {card} onto the pile of its rank.").format(card=card(parts[1]))
        rank = rules.CARD_RANK.get(parts[1])
        if (state is not None and rank is not None
                and len(state.piles[rank]) == rules.PER_RANK - 1):
            points = rules.ZETEMA_POINTS[rank]
            text += " " + ngettext("It is the last of the {rank}: a zetema, +{count} point.",
                                   "It is the last of the {rank}: a zetema, +{count} points.",
                                   points).format(rank=rank_plural(rank), count=num(points))
        return text
    if parts[0] == "meld" and len(parts) > 2:
        text = _("Hint: declare {meld}.").format(meld=meld_phrase(parts[1], parts[2:]))
        if state is not None:
            try:
                points = rules.meld_value(parts[1], parts[2:])
            except (KeyError, ValueError):
                return text
            text += " " + ngettext("It scores {count} point.", "It scores {count} points.",
                                   points).format(count=num(points))
        return text
    return _("Hint: {move}.").format(move=pretty_cards(move))


def zetema_banner(rank: str, points: int, name: str) -> str:
    """The banner of a zetema, naming who made it ("Seat 2: zetema of fives!  +15")."""
    return _("{name}: zetema of {rank}!  +{points}").format(
        name=name, rank=rank_plural(rank), points=num(points))


def deal_over(deal: int) -> str:
    return _("Deal {deal} is over").format(deal=num(deal))


def deal_over_banner(deal: int) -> str:
    return _("Deal {deal} is over: a new deal").format(deal=num(deal))


def new_deal_banner(deal: int) -> str:
    return _("Deal {deal}: new cards are dealt").format(deal=num(deal))


def shown_label(player: str, kind: str, cards_shown: Sequence[str], points: int) -> str:
    """Another seat's combination, over the cards it shows: who, what, how many points."""
    return _("{player}: {meld} · {points} points").format(
        player=player, meld=kind_title(kind) if kind != "marriage" else
        ngettext("{count} marriage", "{count} marriages", max(1, len(cards_shown) // 2)).format(
            count=num(max(1, len(cards_shown) // 2))), points=num(points))


def stock_label(count: int) -> str:
    return pgettext("zetema", "Stock · {count}").format(count=num(count))


def marriages_label(count: int) -> str:
    return _("Marriages · {count}").format(count=num(count))


def pile_count(count: int) -> str:
    return _("{count}/5").format(count=num(count))


def seat_score(player: str, points: int) -> str:
    return ngettext("{player} · {points} point", "{player} · {points} points", points).format(
        player=player, points=num(points))


def card_count(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=num(count))


def thinking(dots: int) -> str:
    return _("thinking") + "." * dots


def sheet_title() -> str:
    return _("Score sheet")


def sheet_goal(goal: int, deal: int) -> str:
    return _("goal {goal} · deal {deal}").format(goal=num(goal), deal=num(deal))


def sheet_more(count: int) -> str:
    return ngettext("wheel: {count} entry", "wheel: {count} entries", count).format(
        count=num(count))


def deal_heading(deal: int) -> str:
    """Where a new deal begins on the score sheet, as in the move log ("— Deal 2 —")."""
    # TRANSLATORS: a heading in the move log where a new deal begins
    return _("— Deal {deal} —").format(deal=num(deal))


def sheet_line(player: str, reason: str) -> str:
    return _("{player}: {reason}").format(player=player, reason=reason)


def points_gain(points: int) -> str:
    return _("+{points}").format(points=num(points))


SORT_LABELS = {"rank": N_("By rank"), "suit": N_("By suit")}


def sort_label(mode: str) -> str:
    return _(SORT_LABELS[mode])


def meld_button() -> str:
    return pgettext("zetema", "Meld")


def clear_button() -> str:
    return _("Clear")


def game_over() -> str:
    return _("Game over")


def replay() -> str:
    return _("Replay")


# -- summaries -----------------------------------------------------------------------------------

def deal_summary_title(deal: int) -> str:
    return _("Deal {deal} is over").format(deal=num(deal))


def deal_summary_subtitle(goal: int) -> str:
    return _("Nobody has reached {goal} yet: scores carry over to the next deal").format(
        goal=num(goal))


def deal_summary_header() -> list[str]:
    return [_("Player"), _("This deal"), _("Zetemas made"), _("Total")]  # (a count: the
    # results add up zetema points, and the one word read as both, pt120)


def result_title(winner: str | None, you: bool) -> str:
    if winner is None:
        return _("Game over")
    if you:
        return _("You win!")
    return _("{player} wins").format(player=winner)


def result_subtitle(goal: int, deals: int) -> str:
    return ngettext("First to {goal} points · {count} deal", "First to {goal} points · {count} "
                    "deals", deals).format(goal=num(goal), count=num(deals))


def result_header() -> list[str]:
    # (points from melds and from zetemas; a deal's summary counts the zetemas instead)
    return [_("Player"), _("Score"), _("Meld points"), _("Zetema points")]


def player_with_level(player: str, level_name: str | None) -> str:
    if level_name is None:
        return player
    return _("{player} ({level})").format(player=player, level=level(level_name))


def points_plain(value: int) -> str:
    """A number as the language writes it (Persian digits in Persian)."""
    return num(value)


def computer(level_name: str) -> str:
    """Who plays a seat that is not a person: "computer, Normal"."""
    return _("computer, {level}").format(level=level(level_name))
