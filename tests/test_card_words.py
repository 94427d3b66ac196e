"""Cards in the log as the table shows them (3♠, not 3S)."""

from __future__ import annotations

from game.card_words import pretty_cards
from game.catalog import GameConfig, Seat
from game.session import Session


def test_card_codes_become_rank_and_suit_symbol():
    assert pretty_cards("You discarded 3S") == "You discarded 3♠"
    assert (pretty_cards("Seat 2 melded 10H JH QH | 7C 7D JK")
            == "Seat 2 melded 10♥ J♥ Q♥ | 7♣ 7♦ joker")
    assert pretty_cards("Seat 3 bought AD (4 chips left)") == "Seat 3 bought A♦ (4 chips left)"
    # words that merely look like codes are left alone
    assert pretty_cards("Seat 2 did not buy; ASK QSX") == "Seat 2 did not buy; ASK QSX"


def test_the_zetema_log_shows_suit_symbols():
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    session = Session.new(config)
    while not any(ch in "♠♥♦♣" for line in session.log for ch in line):
        session.play(session.rules.legal_moves(session.state)[0])
        assert len(session.log) < 50
    assert not any(code in line for line in session.log for code in ("2S", "3S", "KH"))
