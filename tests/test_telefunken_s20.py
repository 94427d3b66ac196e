"""A play-tester's findings at the Telefunken table (4 players): a buy's outlines in your hand
took in the next card of the fan too (9♠ and 9♦ both looked bought); after Continue the
outline of the first of two J♣ laid off one after the other was gone; the panel lit as the
seat to play was the next seat while the prompt still named the seat whose card flew, and
Seat 4's gold outline looked like the lit panel; the log said "keeping joker joker"."""

from __future__ import annotations

import esper
import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from game.words.telefunken import card_list, describe
from scenes import theme
from scenes.telefunken import words
from scenes.telefunken.table import TelefunkenTable
from tests.test_telefunken_playtest_s18 import CONFIG, OTHERS, load


def open_table(app, drive, state, config=CONFIG) -> TelefunkenTable:
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.reset(table, transition=None)
    drive.settle()
    return table


def drawn_box(ent: int) -> pygame.Rect:
    from tests.test_marks import drawn_box as box

    return box(ent)


# -- 1. a buy's outlines in your hand frame the one card each marks -----------------------------

def test_a_bought_card_in_your_hand_is_outlined_only_where_it_shows(app, drive, monkeypatch):
    """You bought 9♥ (between 9♠ and 9♣) and Q♥ came from the stock (between Q♠ and Q♣):
    each outline took in the card's whole width, most of the next card's face with it, so
    two cards looked bought. Each frames the strip its card shows, its tag still on it."""
    import scenes.marks as marks_module
    from tests.test_marks import record_calls

    hand = ["2S", "3C", "7H", "9S", "9C", "10S", "10H", "JC", "QS", "QC"]
    state = load([hand, OTHERS[0], OTHERS[1], [c for c in OTHERS[2] if c != "9H"]],
                 phase="buy", to_move=0, discard=("5S", "9H"), discarder=3, offer=[1, 2],
                 stock_top=("QH",))
    table = open_table(app, drive, state)
    table.rules.submit("buy")
    drive.settle()
    drive.move((5, 5))  # (no card raised under the pointer)
    drive.step(20)
    table.world.activate()
    fan = [(code, drawn_box(ent)) for code, ent in table.sync.entities("hand")]
    marks = {m.label: m for m in table.marks.marks[0]}
    assert set(marks) == {"You bought", "+1 from the stock"}
    for label, code in (("You bought", "9H"), ("+1 from the stock", "QH")):
        at = next(i for i, (c, _) in enumerate(fan) if c == code)
        card, after = fan[at][1], fan[at + 1][1]
        box = table.marks._box(marks[label])
        assert box.left == card.left and box.right <= after.left + 1, (label, box, after)
        assert box.width < card.width
    tags = record_calls(monkeypatch, marks_module, "_tag", keep=lambda text, rect: (text, rect))
    table.draw(pygame.Surface(app.size))
    drawn = dict(tags)
    for label in ("You bought", "+1 from the stock"):  # each tag over its own card
        box = table.marks._box(marks[label])
        assert box.left <= drawn[label].centerx <= box.right, (label, drawn[label], box)


def test_a_raised_neighbour_does_not_widen_the_outline(app, drive):
    """(The fan is an arc and a card under the pointer rises: the card lying over the bought
    one still cuts its outline short.)"""
    hand = ["2S", "3C", "7H", "9S", "9C", "10S", "10H", "JC", "QS", "QC"]
    state = load([hand, OTHERS[0], OTHERS[1], [c for c in OTHERS[2] if c != "9H"]],
                 phase="buy", to_move=0, discard=("5S", "9H"), discarder=3, offer=[1, 2])
    table = open_table(app, drive, state)
    table.rules.submit("buy")
    drive.settle()
    table.world.activate()
    fan = table.sync.entities("hand")
    at = next(i for i, (c, _) in enumerate(fan) if c == "9H")
    bought = next(m for m in table.marks.marks[0] if m.label == "You bought")
    from ecs.components import Transform

    esper.component_for_entity(fan[at + 1][1], Transform).y -= 12
    box = table.marks._box(bought)
    assert box.right <= drawn_box(fan[at + 1][1]).left + 1


# -- 2. the marks of twin cards laid off one after the other come back after Continue ----------

@pytest.fixture
def persisting(app):
    app.persist = True
    yield app
    i18n.set_language("en")


def test_two_twins_laid_off_in_turn_keep_both_outlines_after_continue(persisting, drive):
    """You laid off J♣ on Seat 2's set of jacks, then the other J♣, then discarded: the first
    J♣ (partly under the second) kept its outline until you quit; after Continue both
    marks stood on the second J♣ and the first had none."""
    from scenes.menu import MainMenu

    melds = [{"owner": 0, "cards": ["9S", "9H", "9C"]},
             {"owner": 1, "cards": ["JS", "JS", "JD"]}]
    hands = [["JC", "JC", "7H", "3C", "KD"], ["2H", "3H", "9D", "5S"],
             ["2S", "3S", "4H", "5D"], ["4S", "6H", "8C", "10S"]]
    table = open_table(persisting, drive, load(hands, melds=melds, to_move=0))
    for move in ["add JC to 1", "add JC to 1", "discard 7H"]:
        table.rules.submit(move)
        drive.settle()
    assert table.session.moves == ["add JC to 1", "add JC to 1", "discard 7H"]

    def laid_off(t) -> list[tuple[int, tuple]]:
        """Your marks on the meld: which card of it each is on, and where it is drawn."""
        t.world.activate()
        meld = [e for _, e in t.sync.entities("meld_1")]
        return sorted((meld.index(m.entities[0]), tuple(t.marks._box(m)))
                      for m in t.marks.marks[0] if m.entities and m.entities[0] in meld)

    before = laid_off(table)
    assert [k for k, _ in before] == [3, 4]  # the two J♣, each its own outline
    persisting.scenes.reset(MainMenu(persisting), transition=None)
    drive.settle()
    button = next(w for w in drive.scene.widgets.widgets if w.label == "Continue")
    drive.click(button.rect.center)
    drive.settle()
    resumed = next(s for s in reversed(persisting.scenes.stack)
                   if isinstance(s, TelefunkenTable))
    assert resumed is not table and resumed.session.moves == table.session.moves
    assert laid_off(resumed) == before


# -- 3. the lit panel and the prompt name the same seat; no seat's colour is the lit gold -------

def lit_and_said(table, monkeypatch) -> tuple[set[int], str]:
    from tests.test_telefunken_s19 import lit

    return lit(table, monkeypatch), table._waiting_text()


@pytest.mark.parametrize("next_seat", ["computer", "you"])
def test_the_lit_panel_follows_the_move_landing_as_the_prompt_does(app, drive, monkeypatch,
                                                                   next_seat):
    """Seat 3's discard flew to the pile while the prompt still said "Seat 3 to meld or
    discard" and Seat 4's panel, next to decide, was lit already; with you next the
    prompt said nothing the while. Every frame both name the seat whose move lands."""
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    others = [OTHERS[0], OTHERS[1] + ["8S"], OTHERS[2]]
    owners = [0 if next_seat == "computer" else 3, 1]  # (melded: offered no discard)
    melds = [{"owner": owners[0], "cards": ["AS", "AH", "AD"]},
             {"owner": owners[1], "cards": ["8S", "8H", "8D"]}]
    state = load([hand] + others, to_move=2, melds=melds)
    table = open_table(app, drive, state, config)
    table.rules._apply("discard 8S")  # Seat 3's discard, through the normal move path
    offered = 3 if next_seat == "computer" else 0
    assert table.state.phase == "buy" and table.state.seat == offered
    frames = 0
    drive.step()
    while table.animating:
        seats, said = lit_and_said(table, monkeypatch)
        assert seats == {2} and said == "Seat 3 to meld or discard", (frames, seats, said)
        drive.step()
        frames += 1
    assert frames > 5
    drive.step(2)
    seats, said = lit_and_said(table, monkeypatch)
    assert seats == {offered}
    if next_seat == "you":
        assert table.mine and said == (
            "Yours to decide: buy the discard for a chip, or pass (Seat 4 plays next)")
    else:
        assert said == "Seat 4 to decide on the discard"


def test_no_seats_colour_is_the_gold_of_the_lit_panel_and_targets(app, drive):
    """Seat 4's outline round its panel (its buy) was the gold of the panel lit as the seat
    to play and of the melds lit for a lay-off: two panels looked lit. Six seats' colours,
    each far from that gold and from each other."""
    table = open_table(app, drive, load([["KC"], ["2D"], ["3D"], ["4D"]]))
    colours = [table.marks.colour(seat) for seat in range(6)]

    def far(a, b) -> int:
        return sum(abs(x - y) for x, y in zip(a, b))

    assert all(far(c, theme.GOLD) > 90 for c in colours), colours
    assert all(far(a, b) > 80 for i, a in enumerate(colours) for b in colours[i + 1:]), colours
    from scenes.marks import LastMoves

    assert [LastMoves().colour(seat) for seat in range(6)] == colours  # (Zetema's the same)
    table.marks.place(3, table.opponent_zone(3))  # its panel says what it bought in its colour
    table._bought[3] = (("9H",), table.marks.marks[3][-1], 1)
    assert table._bought_words(3)[1] == colours[3]


# -- 4. identical cards in words -------------------------------------------------------------

NAMES = ["You", "Seat 2", "Seat 3", "Seat 4"]


def test_a_cut_keeping_two_jokers_says_so():
    """"Seat 4 cut 11 cards, keeping joker joker" in the log (and the banner)."""
    from tests.test_telefunken_rules import position as json_position

    naturals = [c for c in rules.deck() if c != "JK"]
    pack = naturals[:9] + ["JK", "JK"] + naturals[9:] + ["JK", "JK"]
    cut = rules.load(json_position([[], [], [], []], discard=(), phase="cut", deal=1, dealer=0,
                                   to_move=3, stock=pack))
    assert describe(cut, "cut 11", NAMES) == "Seat 4 cut 11 cards, keeping two jokers"
    one = pack[:10] + pack[11:] + ["JK"]  # (one joker at the block's bottom)
    cut = rules.load(json_position([[], [], [], []], discard=(), phase="cut", deal=1, dealer=0,
                                   to_move=3, stock=one))
    assert describe(cut, "cut 11", NAMES) == "Seat 4 cut 11 cards, keeping a joker"
    assert words.cut("Seat 4", 11, ["JK", "JK"]) == "Seat 4 cut 11 cards, keeping two jokers"


def test_twins_in_a_list_of_cards_are_counted():
    """Two identical cards of the double pack named in a sentence: "two J♣", not "J♣ J♣";
    a meld's own cards stay as the table shows them."""
    melds = [{"owner": 0, "cards": ["9S", "9H", "9C"]},
             {"owner": 1, "cards": ["JS", "JS", "JD"]}]
    state = load([["JC", "JC", "7H", "3C"], ["2H", "3H", "9D"], ["2S", "3S", "4H"],
                  ["4S", "6H", "8C"]], melds=melds)
    assert describe(state, "add JC JC to 1", NAMES) == (
        "You added two J♣ to Seat 2's set J♠ J♠ J♦")
    assert describe(state, "add JC to 1", NAMES) == "You added J♣ to Seat 2's set J♠ J♠ J♦"
    assert words.hint(state, "add JC JC to 1", NAMES).startswith(
        "Hint: lay two J♣ off on Seat 2's set J♠ J♠ J♦.")
    assert words.hint(state, "exchange 7H 7H JK", NAMES) == (
        "Hint: give back two 7♥ and a joker.")
    assert card_list(["7H", "8H", "9H"]) == "7♥ 8♥ 9♥"  # (none alike: as before)
    assert card_list(["JK", "JK", "JK"]) == "three jokers"
