"""Telefunken's last-move marks hide nothing: the tag on the discarded card stands below
the "Discards" header, and an opponent's buy is outlined around its panel and said in it."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes import theme
from scenes.telefunken_table import TelefunkenTable
from tests.test_i18n import drawn_text
from tests.test_telefunken_table import CONFIG, OTHERS, position

HAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
TAG_SIZE = 12  # scenes.marks draws its tags at this size, bold, 4 px taller than the text


def open_state(app, drive, state, config=CONFIG):
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


@pytest.mark.parametrize("pile", [("5S",), ("5S", "9S"), ("3C", "4C", "5S", "9S", "QD")])
def test_the_discard_tag_stands_below_the_pile_header(app, drive, pile):
    hand = HAND + ["8D"]
    state = position([hand] + OTHERS, discard=pile[:-1] or ("3C",), to_move=0)
    table = open_state(app, drive, state)
    table.rules.submit(f"discard {hand[-1]}")  # the person's discard, marked with a tag
    drive.settle()
    boxes = table.marks.boxes(0)
    assert len(boxes) == 1
    box = boxes[0].inflate(8, 8)
    tag_top = box.top + 6 - (theme.text("Seat", TAG_SIZE, (0, 0, 0), "bold").get_height() + 4)
    pile_rect = table.layout["discard"].rect
    header = theme.text("Discards", 13, theme.INK_DIM, "bold").get_rect(
        midtop=(pile_rect.centerx, pile_rect.y + 4))
    assert tag_top >= header.bottom
    assert box.bottom <= pile_rect.bottom + 6  # the card still sits in its zone


def test_an_opponents_buy_is_said_in_its_panel_until_it_moves_again(app, drive):
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    state = position([HAND[:10]] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=1,
                     discard=("5S", "9S"), discarder=0, offer=[2, 3])
    table = open_state(app, drive, state, config)
    table.rules._apply("buy")  # the computer's decision, through the normal move path
    drive.settle()
    words = table._bought_words(1)
    assert words is not None and words[0] == "bought 9♠ +1 card"
    zone = table.opponent_zone(1)
    assert table.marks.boxes(1) == [zone]  # the whole panel is outlined, its words readable
    table.rules._apply("draw")  # seat 1 draws: its turn goes on, the buy is still its last
    drive.settle()
    table.rules._apply(f"discard {table.state.hands[1][0]}")
    drive.settle()
    assert table._bought_words(1) is not None
    table.marks.moved(2)
    table.marks.moved(1)  # a new turn of seat 1: its buy is no longer its last move
    assert table._bought_words(1) is None


def test_a_bought_discard_loses_its_discarders_mark(app, drive):
    state = position([HAND[:10]] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = open_state(app, drive, state)
    table.mark_move(3, [rules.Discarded(3, "9S")])  # seat 4's discard, as it was marked
    assert table.marks.boxes(3)
    table.rules.submit("buy")
    drive.settle()
    assert table.marks.boxes(3) == []  # not outlined in your hand as seat 4's
    assert table.marks.boxes(0)  # your buy is


def test_a_card_the_computer_buys_flies_face_up_into_its_panel_without_your_tag(app, drive):
    """A computer's buy of your discard showed a card back on the pile carrying your tag for
    a moment (it turned face down at once, as a hidden card does, and took the tag along):
    everybody saw the card bought, so it flies face up, untagged, and fades into the
    buyer's panel."""
    import esper

    from ecs.components import CardFace, Transform
    from scenes.leaks import hidden_card_leaks

    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    state = position([HAND[:10]] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=1,
                     discard=("5S", "9S"), discarder=0, offer=[2, 3])
    table = open_state(app, drive, state, config)
    table.mark_move(0, [rules.Discarded(0, "9S")])  # your discard, as it was marked
    card = next(e for c, e in table.sync.entities("discard") if c == "9S")
    assert any(card in m.entities for m in table.marks.marks[0])
    table.rules._apply("buy")
    assert not any(card in m.entities for m in table.marks.marks.get(0, []))
    face = esper.component_for_entity(card, CardFace)
    alphas = []
    for _ in range(120):
        if not esper.entity_exists(card):
            break
        assert face.face_up
        assert hidden_card_leaks(table) == []  # (everybody saw it bought: no secret)
        alphas.append(esper.component_for_entity(card, Transform).alpha)
        drive.step()
    assert not esper.entity_exists(card)  # gone into the panel
    assert alphas[0] == 255 and min(alphas) < 128


def test_the_pack_gathers_its_cards_face_down_at_the_end_of_a_deal(app, drive):
    """(Only a taken discard flies face up: everything gathered into the pack turns over.)"""
    table = open_state(app, drive, position([HAND] + OTHERS, to_move=0))
    table._source = {"sink": table.layout["stock"].rect.center}
    assert not table._shown_leaving("discard", "9S")
    table._source = {"sink": table.seat_origin(2)}
    assert table._shown_leaving("discard", "9S") and not table._shown_leaving("meld_0", "9S")


def test_meld_marks_are_tagged_only_when_laid_on_another_seats_meld(app, drive):
    """A seat's own meld row is named by its label, so the outline of what it melded or
    laid off there carries no tag (a tag on a meld's top edge stood over the row above);
    cards laid off on another seat's meld say who laid them off."""
    melds = [{"owner": 0, "cards": ["7H", "7D", "7C"]},
             {"owner": 1, "cards": ["8S", "8S", "8H"]}]
    hands = [["2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"], OTHERS[0][:8], OTHERS[1][:8],
             OTHERS[2][:8]]
    state = position(hands, melds=melds, melded=[True, True, False, False], to_move=0)
    table = open_state(app, drive, state)
    table.mark_move(1, [rules.Melded(1, (("8S", "8S", "8H"),), (1,), False)])
    table.mark_move(0, [rules.LaidOff(0, 0, ("7C",), None)])
    table.mark_move(2, [rules.LaidOff(2, 1, ("8H",), None)])
    assert [m.label for m in table.marks.marks[1]] == [""]
    assert [m.label for m in table.marks.marks[0]] == [""]
    assert [m.label for m in table.marks.marks[2]] == [table.seat_name(2)]
    assert all(table.marks.boxes(s) for s in (0, 1, 2))  # every one is still outlined


def test_a_lay_off_tag_leaves_every_meld_cards_index_readable(app, drive, monkeypatch):
    """Cards laid off on the row below yours carry a tag on their top edge, which stood on the
    foot of your row's last card, over its upside-down index: it slides clear of every
    meld card's index (and of the rows' labels)."""
    from game.card_art import card_size, foot_corner, index_corner
    from tests.test_marks import record_tags

    melds = [{"owner": 0, "cards": ["7H", "7D", "7C"]},
             {"owner": 1, "cards": ["8S", "8S", "8H", "8D"]}]
    hands = [["2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"], OTHERS[0][:8], OTHERS[1][:8],
             OTHERS[2][:8]]
    state = position(hands, melds=melds, melded=[True, True, False, False], to_move=0)
    table = open_state(app, drive, state)
    tags = record_tags(monkeypatch)
    table.mark_move(2, [rules.LaidOff(2, 1, ("8D",), None)])
    drive.step(2)
    assert tags, "the lay-off was not tagged"
    tag = tags[-1]
    w = table._meld_w
    h = card_size(w)[1]
    yours = table._meld_rects[0]
    last_of_yours = pygame.Rect(yours.right - w, yours.y, w, h)
    assert tag.colliderect(table.marks.boxes(2)[0].inflate(8, 8))  # still on its card's edge
    assert not tag.colliderect(foot_corner(last_of_yours))
    for rect in table._meld_rects.values():
        assert not tag.colliderect(index_corner(pygame.Rect(rect.x, rect.y, w, h)))
    for owner, y in table._owner_rows:
        assert not tag.colliderect(table.owner_label_rect(owner, y))


def test_a_joker_swap_is_outlined_and_tagged(app, drive):
    """Putting a card in the place of a run's joker left no mark at all."""
    from scenes.telefunken_table import perform

    melds = [{"owner": 0, "cards": ["KC", "KH", "KD"]}, {"owner": 1, "cards": ["JK", "6D", "7D"]}]
    state = position([["5D", "9S", "2S", "3H"]] + OTHERS, melds=melds,
                     melded=[True, True, False, False])
    table = open_state(app, drive, state)
    assert "swap 5D in 1 high" in table.legal()
    perform(drive, table, "swap 5D in 1 high")
    drive.settle()
    assert table.session.moves == ["swap 5D in 1 high"]
    marks = table.marks.marks.get(0, [])
    swapped = [m for m in marks if [table.sync.code_of(e) for e in m.entities] == ["5D"]]
    assert swapped and swapped[0].label == "You"


def test_a_joker_taken_off_a_marked_meld_leaves_its_outline_behind(app, drive):
    """Seat 2's last move was a set with a joker; you freed the joker: Seat 2's outline grew
    into a rectangle from its meld down to the joker in your hand."""
    from scenes.telefunken_table import perform

    melds = [{"owner": 0, "cards": ["KC", "KH", "KD"]}, {"owner": 1, "cards": ["JS", "JH", "JK"]}]
    state = position([["JD", "JC", "9S", "2S", "3H"]] + OTHERS, melds=melds,
                     melded=[True, True, False, False])
    table = open_state(app, drive, state)
    table.world.activate()
    table.marks.cards(1, table.sync, "meld_1", ["JS", "JH", "JK"])  # Seat 2's last move
    before = table.marks.boxes(1)[0]
    perform(drive, table, "free 1 with JD JC")
    drive.settle()
    assert table.session.moves == ["free 1 with JD JC"]
    table.world.activate()
    joker = next(e for c, e in table.sync.entities("hand") if c == "JK")
    (box,) = table.marks.boxes(1)
    assert not box.colliderect(table.layout["hand"].rect)
    assert box.height == before.height and joker not in table.marks.marks[1][0].entities


def test_a_buyers_panel_outline_follows_its_panel_between_people(app, drive):
    """Seat 3 bought; the turn passed to the other person and the top panels turned: the
    outline stayed in the old slot, round another seat's panel."""
    H, AI = Seat("human"), Seat("ai", "easy")
    config = GameConfig("telefunken", (H, H, AI, AI), 4, {})
    state = position([HAND[:10]] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=2,
                     discard=("5S", "9S"), discarder=0, offer=[3])
    table = open_state(app, drive, state, config)
    table.rules._apply("buy")  # seat 3 (a computer) buys; Seat 2 is to play
    drive.settle()
    assert table.viewer == 1
    table.draw(pygame.Surface(app.size))
    before = table.opponent_zone(2)
    assert table.marks.boxes(2) == [before]
    table.viewer = 0  # the other person comes to the screen: the panels turn
    assert table.opponent_zone(2) != before
    table.draw(pygame.Surface(app.size))
    assert table.marks.boxes(2) == [table.opponent_zone(2)]
    table.viewer = 2  # (as if that seat were at the screen: no panel of its own to outline)
    table.draw(pygame.Surface(app.size))
    table.viewer = 1  # ... and the outline is back when the panels turn again
    table.draw(pygame.Surface(app.size))
    assert table.marks.boxes(2) == [before]


def test_your_bought_card_is_not_marked_under_the_cover(app, drive, monkeypatch):
    """Under the next person's cover the tag of the card you bought stuck out past it."""
    from tests.test_hot_seat import lift_cover

    H = Seat("human")
    config = GameConfig("telefunken", (H, H, Seat("ai", "easy"), Seat("ai", "easy")), 4, {})
    state = position([HAND[:10]] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = open_state(app, drive, state, config)
    lift_cover(drive, table)
    table.rules.submit("buy")
    drive.settle()
    import scenes.marks as marks_module
    from tests.test_marks import record_calls

    tags = record_calls(monkeypatch, marks_module, "_tag", keep=lambda text, rect: text)
    table.draw(pygame.Surface(app.size))
    assert any(t.startswith("You bought") or "bought" in t for t in tags), tags
    tags.clear()
    table.raise_cover()
    table.draw(pygame.Surface(app.size))
    assert table.curtain and not any("bought" in t for t in tags), tags


def test_a_new_deal_starts_with_no_marks_and_no_bought_card_in_the_panels(app, drive):
    """A panel still said "bought 9♥" in the next deal, over a new hand of 11 cards."""
    melds = [{"owner": 0, "cards": ["QS", "QH", "QD"]}, {"owner": 1, "cards": ["5C", "6C", "7C"]}]
    others = [h[:6] for h in OTHERS]
    state = position([["KC"]] + others, melds=melds, melded=[True, True, False, False],
                     deal=2, discard=("2D", "8S"), deal_winners=[1], totals=[0, 0, 0, 0])
    table = open_state(app, drive, state)
    table.marks.place(1, table.opponent_zone(1))
    table._bought[1] = (("9H",), table.marks.marks[1][-1], 1)
    assert table._bought_words(1) is not None
    table.rules.submit("discard KC")  # you go out: the deal ends, the next one is dealt
    drive.settle()
    app.scenes.top.close()  # (once its summary is closed)
    drive.settle()
    assert table.state.deal == 3
    assert table._bought_words(1) is None and not table.marks.marks.get(1)


def test_marks_restored_on_twin_discards_stand_on_each_seats_own_card(app, drive):
    """Two seats discarded the same card one after the other (the pack has two of each):
    after Continue (or Undo) both seats' tags stood on the top one, side by side, one past
    the pile's panel."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "9S"]
    others = [list(o) for o in OTHERS]
    others[0][others[0].index("JC")], others[1][others[1].index("9S")] = "9S", "JC"
    state = position([hand] + others)  # (Seat 2 holds the other 9♠)
    session = Session(CONFIG, rules, state, state)
    for move in ["discard 9S", "pass", "pass", "pass", "draw", "discard 9S"]:
        session.play(move)
    assert session.state.discard == ("5S", "9S", "9S")
    table = TelefunkenTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    pile = [e for _, e in table.sync.entities("discard")]
    assert [m.entities for m in table.marks.marks[0]] == [(pile[1],)]
    assert [m.entities for m in table.marks.marks[1]] == [(pile[2],)]


def test_a_restored_discard_mark_does_not_land_on_a_twin_discarded_in_its_place(app, drive):
    """You discarded 9♠, Seat 3 bought it, Seat 2 discarded the other 9♠ onto the same place:
    after Continue your tag stood on Seat 2's card beside Seat 2's own (a play-tester saw a
    tag on a discard for a card that was in a hand)."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "9S"]
    others = [list(o) for o in OTHERS]
    others[0][others[0].index("JC")], others[1][others[1].index("9S")] = "9S", "JC"
    state = position([hand] + others)  # (Seat 2 holds the other 9♠)
    session = Session(CONFIG, rules, state, state)
    for move in ["discard 9S", "pass", "buy", "draw", "discard 9S"]:
        session.play(move)
    assert session.state.discard == ("5S", "9S") and "9S" in session.state.hands[2]
    table = TelefunkenTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    pile = [e for _, e in table.sync.entities("discard")]
    on_pile = {seat: [m.entities for m in marks if set(m.entities) & set(pile)]
               for seat, marks in table.marks.marks.items()}
    assert on_pile.get(0, []) == []
    assert on_pile[1] == [(pile[1],)]


HAND = ["2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_seat_panels_foot_line_stays_inside_it(app, drive, monkeypatch, language):
    """In Persian "contract made" (قرارداد گذاشته شد) under a seat's panel reached down onto
    the panel's bottom edge: its taller letters stood from a fixed top."""
    from game.i18n import _, set_language

    set_language(language)
    melds = [{"owner": 1, "cards": ["8S", "8S", "8H"]}]
    hands = [HAND, OTHERS[0][:8], OTHERS[1][:8], OTHERS[2][:8]]
    table = open_state(app, drive, position(hands, melds=melds, melded=[False, True, False,
                                                                         False]))
    made = [box for text, box in drawn_text(table, monkeypatch) if text == _("contract made")]
    panel = table.opponent_zone(1)
    assert made and all(panel.contains(box) and box.bottom <= panel.bottom - 2 for box in made)


def test_the_chips_and_the_dealer_are_named_in_the_contracts_box(app, drive, monkeypatch):
    """Seven unnamed dots under "Deal 1 of 7" read as the seven deals: a newcomer learnt they
    were chips only when one went grey after a buy. They are named, with how many are left."""
    table = open_state(app, drive, position([HAND, OTHERS[0][:8], OTHERS[1][:8],
                                             OTHERS[2][:8]]))
    contract = table.layout["contract"].rect
    inside = [t for t, box in drawn_text(table, monkeypatch) if contract.contains(box)]
    assert f"{table.state.chips[table.viewer]} chips" in inside
    # and who dealt, beside "Deal 1 of 7" (nobody could tell)
    assert f"dealer: {table.seat_name(table.state.dealer)}" in inside


def test_a_lay_off_tag_leaves_the_joker_beside_it_in_sight(app, drive, monkeypatch):
    """A queen laid off at the right end of Seat 2's set Q♠ Q♥ joker: its tag, centred on
    it across the row, stood over the joker's strip, the joker's only sign (pt90). It
    slides off it."""
    from tests.test_marks import record_tags

    melds = [{"owner": 0, "cards": ["7H", "7D", "7C"]},
             {"owner": 1, "cards": ["QS", "QH", "JK"]},
             {"owner": 2, "cards": ["4S", "4H", "4D"]}]
    hands = [["2D", "5C", "9H", "JH", "KS", "AC", "6S"], OTHERS[0][:8],
             ["QD", *OTHERS[1][:7]], OTHERS[2][:8]]
    state = position(hands, melds=melds, melded=[True, True, True, False], to_move=2)
    session = Session(CONFIG, rules, state, state)
    session.play("add QD to 1")   # (Seat 3 lays it off: it shows at the set's right end)
    table = TelefunkenTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    cards = table.sync.entities("meld_1")
    assert [c for c, _ in cards][-2:] == ["JK", "QD"]
    strips = table.joker_strips()
    assert len(strips) == 1
    tags = record_tags(monkeypatch)
    table.mark_move(2, [rules.LaidOff(2, 1, ("QD",), None)])
    drive.step(2)
    assert tags, "the lay-off was not tagged"
    assert not tags[-1].colliderect(strips[0]), (tags[-1], strips[0])
    assert tags[-1].colliderect(table.marks.boxes(2)[0].inflate(8, 8))  # on its own card still


def eights_to_lay_off() -> rules.State:
    """Your turn, with 8♦ in hand and Seat 2's set 8♠ 8♠ 8♥ on the table (both melded)."""
    melds = [{"owner": 0, "cards": ["7H", "7D", "7C"]},
             {"owner": 1, "cards": ["8S", "8S", "8H"]}]
    hands = [["8D", "2D", "5C", "9H", "JH", "KS", "AC", "6S"], OTHERS[0][:8], OTHERS[1][:8],
             OTHERS[2][:8]]
    return position(hands, melds=melds, melded=[True, True, False, False], to_move=0)


def test_a_lay_off_hint_outlines_the_meld_it_names(app, drive):
    """"Hint: lay 8D off on Seat 2's set …" outlined only the card in your hand (pt94): the
    meld is outlined too, in the hint's colour, as long as the hint is shown."""
    from scenes.game_table import HINT_COLOUR

    table = open_state(app, drive, eights_to_lay_off())
    assert "add 8D to 1" in table.legal()
    table._apply_hint("add 8D to 1")
    drive.step(2)
    box = table._meld_rects[1].inflate(12, 12)
    edge = (box.x + 1, box.centery)
    assert table.hinted_meld() == table._meld_rects[1]
    assert tuple(app.screen.get_at(edge))[:3] == HINT_COLOUR
    table.clear_hint()
    drive.step(2)
    assert table.hinted_meld() is None
    assert tuple(app.screen.get_at(edge))[:3] != HINT_COLOUR


def test_a_hinted_card_of_the_fan_is_outlined_where_it_shows(app, drive):
    """A hinted card's glow ran round its whole box, over the next card of the fan, which
    looked hinted too (pt92, pt94): it is outlined where it shows, the strip left of the
    next card."""
    import esper

    from ecs.components import Glow
    from scenes.game_table import HINT_COLOUR
    from tests.test_marks import drawn_box

    state = position([HAND, *OTHERS], to_move=0)
    table = open_state(app, drive, state)
    hand = table.sync.entities("hand")
    k = len(hand) // 2
    code, ent = hand[k]
    nxt = drawn_box(hand[k + 1][1])
    table._apply_hint(f"discard {code}")
    drive.step(2)
    assert not esper.has_component(ent, Glow)
    strips = table.hinted_strips()
    assert len(strips) == 1 and strips[0].right <= nxt.left + 1
    top = strips[0].top - 3
    beyond = [tuple(app.screen.get_at((x, top)))[:3] for x in range(nxt.left + 8, nxt.right - 8)]
    assert HINT_COLOUR not in beyond          # the next card's top edge is not outlined
    assert tuple(app.screen.get_at((strips[0].left + 4, top)))[:3] == HINT_COLOUR


def test_a_hints_words_weigh_the_meld_they_name_more(app, drive, monkeypatch):
    """On a full table the hint's words stood on the very meld they named, its joker hidden
    (pt94): placing them, that meld counts ``HINTED_MELD_WEIGHT`` times more than the rest
    of the rows they may cover."""
    import scenes.telefunken.table as table_module

    table = open_state(app, drive, eights_to_lay_off())
    seen = []
    real = table_module.toast_place
    monkeypatch.setattr(table_module, "toast_place",
                        lambda text, area, clear, *rest: seen.append(list(clear))
                        or real(text, area, clear, *rest))
    table._apply_hint("add 8D to 1")
    table._toast_place = None
    table.toast_place()
    named = table._meld_rects[1]
    assert seen and seen[-1].count(named) == table_module.HINTED_MELD_WEIGHT
    app.toast("Your last move is taken back.")   # another message: no such weight
    table.toast_place()
    assert seen[-1].count(named) == 0
