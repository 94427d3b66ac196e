"""Chắn, the Vietnamese game of pairs, as specified in ``shared/rules/chan.md``.

Four seats play one deal with 100 Tổ Tôm cards (ranks 2-9 in Vạn ``M``, Sách ``S`` and Văn
``C``, plus Chi Chi ``CC``, four copies each). The dealer gets 20 cards, the others 19, 23
form the stock. Seats take the previous gate's live card to make a pair (then discard) or
pass it and reveal a stock card; three of a kind claim the fourth out of turn (chíu). A hand
wins (Ù) with 20 cards in 10 pairs, at least 6 of them Chắn, on a revealed stock card or
right after a chíu; the score comes from its features (cước) and the three losers pay it.

Glossary (names in this package follow it):

- face: what a card shows (``5M``); card: one of the four copies of a face.
- group: a rank (all suits) or Chi Chi alone; cards pair only within their group.
- Chắn: two identical cards. Cạ: two cards of one rank in different suits (never Chi Chi).
  chíu set: four identical cards (two Chắn), exposed by a chíu.
- hand: a seat's concealed cards; exposed: the pairs (groups) it took, taken card first.
- gate (cửa): the cards lying face up in front of a seat (its discards, the stock cards it
  revealed, and a chíu claimant's replacement discard); the top one may be *live*.
- live card: the card that may be taken now (``live``: gate, card, from discard or stock).
- capture: take the live card with a hand card (``chan X``, ``ca X Y``), then discard.
- draw: pass the live card and reveal the top stock card into your own gate; pass: leave
  your revealed card live for the next seat.
- claim: a chíu or a win offered out of turn (phase ``claim``); decline: refuse it.
- ordinary decision / resume: the respond or revealed decision that waits behind claims or
  behind an out-of-turn chíu's replacement discard.
- bans: ``no_discard`` (restriction 3), ``no_take`` (4), ``no_ca`` (6), per seat.
- arrangement: the split of a winning hand into pairs; feature (cước) with base and dịch.

Phases: ``open`` (dealer's first discard or Thiên ù), ``respond`` (deal with the previous
gate's live card: capture, chíu, win on a passed stock card, or ``draw``), ``revealed``
(the seat revealed the live card into its own gate: capture, chíu, win, or ``pass``),
``discard`` (after a capture or chíu; ``u`` too right after a winning chíu), ``claim``
(a seat is offered a win and/or chíu on the live card: ``u``, ``chiu X``, ``decline``;
``claims`` lists the seats to ask after it), ``over``.

Position fields: ``resume`` (the spec's ``{"seat", "phase"}``: in the claim phase the
ordinary decision after the claims, derived from ``live`` when absent; in the discard phase
after an out-of-turn chíu the interrupted decision, whose gate receives the discard; such a
position must carry it). Beyond the spec (optional on load, derived when absent):
``discarded`` (each seat's discarded faces, for restriction 6; derived from ``no_take`` less
the faces the seat played into its exposed Cạ) and ``win`` (``{"seat", "how", "card"}`` once
over; without it a finished position's ``result`` winner is checked against the cards). The
capture just made in the discard phase is the seat's last exposed group.

Resolved points of the spec are listed in ``NOTES``.
"""

from game.rules.chan.cards import (
    CHICHI,
    FACES,
    LEO,
    RED_FACES,
    TOM,
    card_name,
    is_red,
    rank_of,
    suit_of,
)
from game.rules.chan.engine import (
    PHASES,
    REVEALING_EVENTS,
    SEAT_NAMES,
    SHOWN_EVENTS,
    BanAdded,
    Bans,
    Captured,
    CardPassed,
    ChiuClaimed,
    DeadHand,
    Dealt,
    Declined,
    Discarded,
    Event,
    Live,
    Outcome,
    Resume,
    Revealed,
    Settled,
    State,
    StockExhausted,
    TurnChanged,
    Won,
    deal_events,
    describe,
    dump,
    legal_moves,
    load,
    new_game,
    play,
    play_events,
    result,
    to_move,
    view,
)
from game.rules.chan.hands import (
    FEATURE_VALUES,
    Win,
    analyse_hand,
    arrangements,
    best_win,
    features_of,
    score,
    settlement,
)

NOTES = """
- Restriction 3 bans a face when its holder chose draw/pass while `chan X` was legal for it;
  declining a chíu or a win offer bans nothing. The banned face may then be neither
  discarded nor part of any Cạ (from hand or taken).
- Restriction 5's second clause (a hand waiting on one card) bars Cạ captures only, as the
  seed says ("do not capture a Cạ ... when only one unpaired card remains").
- A chíu is subject to restriction 8 unless it wins at once.
- After an out-of-turn chíu the replacement discard lies in the gate the chíu'd card came
  from (the interrupted gate); the interrupted seat then decides on it.
- Claims on a revealed stock card: wins in seat order from the revealer, then the chíu
  (only one seat can hold three copies, so seat order only ranks wins). Claims of the
  revealer that come last are offered in its revealed phase; a revealer whose win comes
  before other seats' claims is asked first in the claim phase, and its revealed phase
  still offers `u` afterwards (moves depend on the position, not on earlier declines).
- Priority first: no chíu is offered in a claim decision while a seat listed in `claims`
  (still to be asked) has a win on the card. A chíu holder whose win is not the last one is
  asked for its win (`u`, `decline`) and asked again after the other wins (then `u`,
  `chiu X`, `decline`: the position does not record its earlier decline).
- Bạch thủ: 6 Chắn, 4 Cạ and no Cạ of the winning card's rank among all ten pairs, exposed
  Cạ included (the seed: "no Cạ in the winning rank").
- A finished position is checked on load: with or without the `win` record, the winner's
  cards must make the win (found from its card count: 19 and the live stock card, a chíu
  set just exposed, or the dealer's dealt 20) and a stated `result` must agree with it in
  winner, score, features (any order), settlement, `how` and `card`; `arithmetic` and
  `pairs` are recomputed.
- `play` accepts letter case and extra blanks (any whitespace) and a Cạ written hand card
  first; the words must be ASCII (`5ſ` is not `5S`).
- A seat may also chíu the stock card it revealed itself (like a capture, in its revealed
  phase). A win right after any chíu is Chíu ù, not Ù chì (Ù chì is the direct `u` on the
  stock card in your own gate; the chíu route scores at least as much).
- Bòn counts a face dealt exactly twice whose four copies are in the winning hand.
- Restriction 7 never bites in play from a deal: a legal Cạ capture (restrictions 1, 2 and
  5) leaves an even count of every face of its rank. It is enforced for loaded positions.
- `view` also hides other seats' `no_discard` (it tells what they hold) and `claims` (who
  else can claim), and leaves out `seed` (it fixes the whole deal).
- The dead hand cannot arise from a real deal (a 20-card hand without a legal discard is
  all identical pairs, i.e. a Thiên ù); it arises only from loaded positions with bans.
"""

__all__ = [
    "CHICHI", "FACES", "FEATURE_VALUES", "LEO", "NOTES", "PHASES", "RED_FACES",
    "REVEALING_EVENTS", "SEAT_NAMES", "SHOWN_EVENTS", "TOM",
    "BanAdded", "Bans", "Captured", "CardPassed", "ChiuClaimed", "DeadHand", "Dealt",
    "Declined", "Discarded", "Event", "Live", "Outcome", "Resume", "Revealed", "Settled",
    "State", "StockExhausted", "TurnChanged", "Win", "Won",
    "analyse_hand", "arrangements", "best_win", "card_name", "deal_events", "describe", "dump",
    "features_of", "is_red", "legal_moves", "load", "new_game", "play", "play_events",
    "rank_of", "result", "score", "settlement", "suit_of", "to_move", "view",
]
