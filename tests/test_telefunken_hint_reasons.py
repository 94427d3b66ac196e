"""Telefunken hints say why when a plain fact of the position does (``ai.explain`` and
``words.why``): a buy that completes the contract, a discard the contract does not need,
the last card, the upcard that does not help. Positions in the JSON format."""

from __future__ import annotations

from game.ai import telefunken as ai
from game.rules import telefunken as t
from scenes.telefunken import words
from tests.test_telefunken_rules import OTHERS, load, melded_position

NAMES = ["You", "Seat 2", "Seat 3", "Seat 4"]


def offer(hand: str, card: str, deal: int = 2, chips: int = 7) -> t.State:
    """Seat 1 discards ``card`` and seat 0, holding ``hand``, is offered it."""
    s = t.play(load([hand, card + " 3C 6D JD 10H QC", "2S 3S 6S JC 10D KS",
                     "3H 4S 6H 8D JH 10S"], deal=deal, to_move=1,
                    chips=[chips, 7, 7, 7]), "discard " + card)
    while t.to_move(s) != 0:
        s = t.play(s, "pass")
    assert s.phase == "buy"
    return s


def hint(state: t.State, move: str) -> str:
    return words.hint(state, move, NAMES)


def test_a_buy_that_completes_the_contract_says_so():
    s = offer("7H 7D 7C 9S 9C 2H", "9H")          # deal 2: two trios
    assert ai.explain(t.view(s, 0), "buy") == ("completes", {})
    assert hint(s, "buy") == "Hint: buy the discard (1 chip). It completes your contract."


def test_a_buy_that_brings_the_contract_closer_counts_what_is_missing():
    s = offer("7H 7D 9S 9C 4D 2H", "9H")
    assert ai.explain(t.view(s, 0), "buy") == ("closer", {"missing": 1})
    assert hint(s, "buy").endswith("Then 1 card is missing for your contract.")


def test_a_pass_says_why_the_discard_is_let_go():
    s = offer("7H 7D 9S 9C 4D 2H", "KH")
    assert hint(s, "pass") == "Hint: let the discard go. It does not bring your contract closer."
    s = offer("7H 7D 9S 9C 4D 2H", "9H", chips=2)
    assert hint(s, "pass").endswith("Only 2 chips are left: keep them for the later deals.")
    s = offer("7H 4C 9S 6C 4D 2H", "9H", deal=4)     # two cuartetos: 4s and 9s, two of each
    assert ai.explain(t.view(s, 0), "pass") == ("far", {"missing": 4})
    assert hint(s, "pass").endswith("Even with it, 4 cards are missing for your contract.")


def test_a_discard_the_contract_does_not_need_names_its_cost():
    s = load(["7H 7D 7C 9S 9C KD 4D", *OTHERS], deal=2)
    assert hint(s, "discard KD") == ("Hint: discard K♦. Your contract does not need it, and "
                                     "in your hand it would cost 10 points.")
    # 4♦ is not needed either, but K♦ is and costs more: no reason that argues for it (pt92)
    assert hint(s, "discard 4D") == "Hint: discard 4♦."
    s = load(["7H 7D 7C 9S 9C 4D 2H", *OTHERS], deal=2)
    assert hint(s, "discard 4D") == "Hint: discard 4♦. Your contract does not need it."
    assert ai.explain(t.view(s, 0), "discard 9S") is None      # half of a trio to come


def test_after_melding_the_costliest_card_and_the_last_card_are_named():
    s = melded_position("AD 4C 8H")
    assert hint(s, "discard AD") == ("Hint: discard A♦. It is the card in your hand that "
                                     "counts most (11 points).")
    assert ai.explain(t.view(s, 0), "discard 4C") is None
    s = melded_position("JK KS 3C")     # a joker counts 15: held, the king is not the costliest
    assert ai.explain(t.view(s, 0), "discard KS") is None
    s = melded_position("KS QD 3C")     # two cards of 10: one of the costliest (pt92)
    assert hint(s, "discard KS") == ("Hint: discard K♠. It is one of the cards in your hand "
                                     "that count most (10 points).")
    s = melded_position("KS 8H")
    assert hint(s, "add KS to 0").endswith("Then your last card is your discard, and you go out.")
    s = melded_position("8H")
    assert hint(s, "discard 8H") == "Hint: discard 8♥. You go out with it."


def test_the_first_meld_is_the_contract_and_a_later_one_sheds():
    s = load(["7H 7D 7C 9S 9C 9D 4D 2H", *OTHERS], deal=2)
    move = next(m for m in t.legal_moves(s) if m.startswith("meld "))
    assert hint(s, move).endswith("That is this deal's contract.")
    s = melded_position("4C 5C 6C KD 2H")
    assert hint(s, "meld 4C 5C 6C").endswith("Cards put down no longer count against you.")


def test_drawing_instead_of_a_useless_free_upcard_says_it_does_not_help():
    s = load(["7H 7D 7C 9S 9C 4D 2H 5S 8S JD QH", *OTHERS], deal=2, phase="draw",
             discard=("KC",), first_turn=True, dealer=3, to_move=0)
    assert "take" in t.legal_moves(s)
    assert hint(s, "draw") == "Hint: draw from the stock. The upcard does not help your hand."
    s = load(["7H 7D 7C 9S 9C 4D 2H 5S 8S JD QH", *OTHERS], deal=2, phase="draw",
             discard=("9H",), first_turn=True, dealer=3, to_move=0)
    assert hint(s, "take") == "Hint: take the upcard. It completes your contract."


def test_cards_given_back_in_deal_6_are_each_alone_in_their_rank():
    view = {"seat": 0, "deal": 6, "melded": [False] * 4, "discard": [],
            "hands": [["AS", "2S", "2D", "3H", "3D", "6D", "9S", "9H", "JD", "KS", "JK"], 11, 11, 11]}
    assert ai.explain(view, "exchange AS 6D JD KS") == ("alone", {})
    assert words.why(("alone", {})) == "None of them has another card of its rank in your hand."
    assert ai.explain(view, "exchange AS 2S") is None       # 2♠ has 2♦ beside it
    assert ai.explain(view, "exchange JK") is None
    assert ai.explain(view, "exchange") is None             # (nothing given back)
