"""Play-testing (session 22): a computer seat's panel counted the cards of the move it had
not yet shown ("thinking… 17 cards" in Chắn before its discard left its hand), in every
card game; Zertz told the game's end ("Game over", the tray's new marble counted) while
the last marble still rolled towards the tray."""

from __future__ import annotations

import pygame

from scenes.chan import panels as chan_panels
from scenes.telefunken import panels as telefunken_panels


def cards_moving() -> bool:
    """Has a card set off (a move's x or y tween begun)? Not during a move's lead."""
    import esper

    from ecs.components import Tweens

    return any(t.start is not None and t.attr in ("x", "y")
               for _, tweens in esper.get_component(Tweens) for t in tweens.items)


def watch_a_computer_move(table, drive, drawn_count) -> tuple[int, int]:
    """Frame by frame through a computer's move that changes its hand's size: the count its
    panel draws is the one before the move during the move's lead (none of its cards
    moving yet), and the new one from the frame its cards begin to move on, never the old
    one again. Returns (frames in the lead, frames after it)."""
    start = len(table.session.moves)
    lead = after_lead = 0
    for _ in range(900):
        drive.step()
        moves = table.session.moves
        if len(moves) == start:
            continue
        seat = table._mover
        if after_lead and (seat is None or len(moves) > start + 1):
            return lead, after_lead  # (the move landed, or the next one came)
        before, after = table.session.befores[-1], table.state
        if (seat is None or table.config.seats[seat].is_human
                or len(before.hands[seat]) == len(after.hands[seat])):
            start = len(moves)  # a move that does not change a computer's count: go on
            lead = 0
            continue
        if not cards_moving() and not after_lead:
            assert table.landing_seat() == seat
            assert drawn_count(seat) == len(before.hands[seat]), "the count ran ahead"
            lead += 1
        else:  # its cards move (a flip's second half waits a frame: the count stays)
            after_lead += 1
            assert drawn_count(seat) == len(after.hands[seat])
    raise AssertionError("no computer move landed")


def chan_panel_counts(monkeypatch) -> dict[str, int]:
    """The card count each Chắn seat panel drawn last showed, by the seat's name."""
    counts: dict[str, int] = {}
    real = chan_panels.seat_panel

    def spy(surface, rect, name, level, count, *rest, **kw):
        counts[name] = count
        return real(surface, rect, name, level, count, *rest, **kw)

    monkeypatch.setattr(chan_panels, "seat_panel", spy)
    return counts


def test_chan_a_computers_count_waits_for_its_move(app, drive, monkeypatch):
    from tests.test_chan_ui import computers_to_play

    table = computers_to_play(app, drive)
    counts = chan_panel_counts(monkeypatch)

    def drawn(seat: int) -> int:
        table.draw(pygame.Surface(app.size))
        return counts[table.seat_name(seat)]

    lead, after = watch_a_computer_move(table, drive, drawn)
    assert lead >= 3 and after  # (the lead lasts several frames at normal speed)


def test_telefunken_a_computers_count_waits_for_its_move(app, drive, monkeypatch):
    from tests.test_telefunken_layoff_view import computers_turn

    table = computers_turn(app, drive)
    counts: dict[int, int] = {}
    real = telefunken_panels.draw_opponent

    def spy(surface, rect, state, seat, *rest, **kw):
        counts[seat] = len(state.hands[seat])
        return real(surface, rect, state, seat, *rest, **kw)

    monkeypatch.setattr(telefunken_panels, "draw_opponent", spy)

    def drawn(seat: int) -> int:
        table.draw(pygame.Surface(app.size))
        return counts[seat]

    lead, after = watch_a_computer_move(table, drive, drawn)
    assert lead >= 3 and after


class Backs(pygame.Surface):
    """A canvas that counts the blits of one image (the backs of an opponent's hand)."""

    def __init__(self, size, image) -> None:
        super().__init__(size)
        self.image, self.count = image, 0

    def blit(self, source, *args, **kw):
        self.count += source is self.image
        return super().blit(source, *args, **kw)


def test_zetema_a_computers_backs_and_count_wait_for_its_move(app, drive):
    from game.card_art import card_image
    from tests.test_zetema_table import computers_turn

    table = computers_turn(app, drive)

    def drawn(seat: int) -> int:
        canvas = Backs(app.size, card_image("back", 34))
        table._draw_opponent(canvas, seat)
        return canvas.count

    lead, after = watch_a_computer_move(table, drive, drawn)
    assert lead >= 3 and after


def test_zertz_the_end_is_told_once_the_last_marble_is_in_the_tray(app, drive):
    """The computer's last take (the bag empty): while its marble still rolled to the tray
    the status said "Game over — The bag ran out…" and the tray counted the marble. Now
    the status says the computer is moving and the trays keep their counts until the move
    has landed; then the game's end is told."""
    from game.catalog import GameConfig, Seat
    from game.rules import zertz as rules
    from game.session import Session
    from scenes.zertz import panels as zertz_panels
    from scenes.zertz_table import ZertzTable

    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 7, {"first": 0})
    near = rules.NEIGHBOURS["d4"][0]
    state = rules.load({
        "rings": ["d4", near], "marbles": {"d4": "black"}, "pieces": {near: 1}, "bag": [],
        "to_move": 1,
        "captured": [{"white": 3, "grey": 3, "black": 2}, {"white": 3, "grey": 3, "black": 3}]})
    assert rules.legal_moves(state) == ["take d4"]
    table = ZertzTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drawn: list[tuple[int, int]] = []  # (seat, points) as the trays show them
    real = zertz_panels.draw_player

    def spy(surface, layout, seat, shown, *rest, **kw):
        drawn.append((seat, shown.points(seat)))
        return real(surface, layout, seat, shown, *rest, **kw)

    zertz_panels.draw_player = spy
    try:
        landing = 0
        for _ in range(600):
            drive.step()
            if table.state.phase != "over":
                continue
            drawn.clear()
            table.draw(pygame.Surface(app.size))
            title, _text = table.status_words()
            if table.animating:
                landing += 1
                assert title.endswith("is moving…"), title
                assert dict(drawn)[1] == 3 + 6 + 9  # the black marble not counted yet
            else:
                assert title == "Game over"
                assert dict(drawn)[1] == 3 + 6 + 12
                break
        assert landing >= 10
    finally:
        zertz_panels.draw_player = real


def test_zertz_picking_up_again_takes_the_last_refusal_away(app, drive):
    """The drawn marble dropped into a tray ("…not into a tray"), then at once on bare
    felt (which glides back without a word): the tray's refusal still stood and read as
    the reason for the second drop. Picking something up again takes it away."""
    from tests.test_zertz_feedback import _put_with_c3_removed, said

    table, _state = _put_with_c3_removed(app, drive)
    drive.drag(drive.center_of(table.drawn_ent), table.ring_center("c3"))
    assert said(app) == ["Ring c3 has been taken off the board."]
    drive.settle(60)
    assert said(app) == ["Ring c3 has been taken off the board."]  # (it stands a while)
    drive.press(drive.center_of(table.drawn_ent))
    drive.move((40, 40), steps=4)
    assert said(app) == []
    drive.release((40, 40))
    drive.settle()
    assert said(app) == []
    drive.drag(drive.center_of(table.drawn_ent), table.ring_center("c3"))
    assert said(app) == ["Ring c3 has been taken off the board."]  # a new one is said


def test_zertz_ctrl_z_while_dragging_puts_the_piece_back_and_undoes_nothing(app, drive):
    """Between people, Blue dragging a piece pressed Ctrl+Z: Red's move was taken back
    under the drag. Ctrl+Z mid-drag now cancels the drag, as Esc does; the move stands."""
    import esper

    from ecs.components import Transform
    from tests.test_zertz_feedback import HOT_SEAT, open_table, position

    app.settings.undo_between_people = True
    table = open_table(app, drive, position(pieces={}), HOT_SEAT)
    table.rules.submit("place d4")
    drive.settle()
    assert table.session.moves == ["place d4"] and table.can_undo()
    piece = table.supply_ents[1][-1]
    home = esper.component_for_entity(piece, Transform)
    start = (round(home.x), round(home.y))
    drive.press(drive.center_of(piece))
    drive.move((600, 300), steps=4)
    assert table.drag.held == piece
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.settle()
    assert table.drag.held is None
    assert table.session.moves == ["place d4"]  # nothing undone
    assert (round(home.x), round(home.y)) == start
    drive.release((600, 300))
    drive.settle()
    assert table.session.moves == ["place d4"]
    drive.key(pygame.K_z, pygame.KMOD_CTRL)  # not dragging: Ctrl+Z undoes as before
    drive.settle()
    assert table.session.moves == []


def _luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_zertz_empty_tray_rows_captions_are_readable(app, drive, monkeypatch):
    """"White: 1 point each" over an empty row was drawn in the faint ink (about 3:1
    against the tray), hard to read at 960×540 where it is 9 px high: at least 4.5:1."""
    from game.rules import zertz as rules
    from scenes.zertz import panels as zertz_panels
    from scenes.zertz import words as zertz_words
    from tests.test_zertz_feedback import open_table, position

    table = open_table(app, drive, position(pieces={}))
    captions = {zertz_words.tray_caption(c) for c in rules.COLOURS}
    seen = []
    real = zertz_panels._text

    def spy(surface, string, x, y, size, colour, within, *rest, **kw):
        if string in captions:
            seen.append((colour, within, y))
        return real(surface, string, x, y, size, colour, within, *rest, **kw)

    monkeypatch.setattr(zertz_panels, "_text", spy)
    canvas = pygame.Surface(app.size)
    table.draw(canvas)
    assert len(seen) == 6  # three rows in each tray, all empty
    for colour, tray, y in seen:
        ground = canvas.get_at((tray.centerx, round(y) - 12))  # the tray's fill by the row
        assert contrast(colour, ground) >= 4.5, (colour, tuple(ground))


def test_telefunken_the_seventh_deal_has_its_summary_before_the_results(app, drive):
    """The game ended in deal 7 and the results opened at once: the deal's cards left
    and penalties, shown after every other deal (README), were never shown. Its summary
    opens first, its button leads to the results; Ctrl+Z and H over it say the game is
    over."""
    from game.catalog import GameConfig, Seat
    from game.rules import telefunken as rules
    from game.session import Session
    from scenes.results import DealSummary, ResultsOverlay
    from scenes.telefunken_table import TelefunkenTable
    from tests.test_telefunken_table import OTHERS, position

    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 5, {})
    seven = position([["5C"]] + OTHERS, deal=7, melds=[{"owner": 0, "cards": [
        "KS", "KH", "KD"]}], melded=[True, False, False, False],
        deal_winners=[0, 1, 2, 3, 0, 1], fresh=[0])
    table = TelefunkenTable(app, config, Session(config, rules, seven, seven))
    app.scenes.push(table, transition=None)
    drive.settle()
    table.rules.submit("discard 5C")
    for _ in range(600):
        drive.step()
        if not isinstance(app.scenes.top, TelefunkenTable):
            break
    summary = app.scenes.top
    assert isinstance(summary, DealSummary) and summary.last
    assert summary.title.startswith("Deal 7")
    assert summary.details and sum(1 for d in summary.details if d) == 3  # cards left
    assert [w.label for w in summary.widgets.widgets] == ["See the results"]
    app.toasts.clear()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.key(pygame.K_h)
    assert [t.text for t in app.toasts] == [
        "The game is over: nothing to undo.",
        "The game is over: See the results shows how it ended."]
    drive.key(pygame.K_RETURN)  # just opened: an Enter meant for the table is ignored
    drive.step(5)                # (it closed the summary unread, pt64)
    assert app.scenes.top is summary
    drive.step(40)
    assert app.scenes.top is summary  # the results wait for the summary
    drive.key(pygame.K_RETURN)  # (still within its first 1.5 s: session 33, pt88)
    drive.step(5)
    assert app.scenes.top is summary
    drive.step(50)
    drive.key(pygame.K_RETURN)
    for _ in range(120):
        drive.step()
        if isinstance(app.scenes.top, ResultsOverlay):
            break
    assert isinstance(app.scenes.top, ResultsOverlay)


def test_telefunken_a_message_leaves_the_banner_standing_in_view(app, drive):
    """Ctrl+Z right after a buy: "Nothing to undo…" stood over the buy's banner and hid
    its second line. A message that comes while a banner stands keeps clear of it, and
    stays where it came when the banner goes."""
    from game.app import toast_size
    from tests.test_telefunken_layoff_view import computers_turn

    table = computers_turn(app, drive)
    assert table.state.melds
    table.banner = ("You bought J♥ and a card from the stock (3 chips left)", 2.2)
    table.draw(pygame.Surface(app.size))
    key, (banner, images) = table._banner_place
    banner = banner.copy()  # where a table with rows of melds above puts it: low
    banner.bottom = table.layout["table"].rect.bottom - 40
    table._banner_place = (key, (banner, images))
    app.toasts.clear()
    text = "Nothing to undo: cards have been drawn or shown since your last move."
    app.toast(text)

    def box() -> pygame.Rect:
        x, bottom, widest = table.toast_place()
        rect = pygame.Rect((0, 0), toast_size(text, widest))
        rect.midbottom = (x, bottom)
        return rect

    first = box()
    assert not first.colliderect(banner), (first, banner)
    table.banner = None
    table.draw(pygame.Surface(app.size))
    assert box() == first  # (it does not move when the banner goes)


def test_zetema_a_computers_zetema_is_told_as_its_card_lands(app, drive):
    """A computer's discard making a zetema: its banner, the points popping up and the
    score sheet's line came at once, while its panel (after the fix above) still said
    "thinking" with the old score; the panel then waited for the points' fading to begin,
    past the card's landing. The card sets off, the panel showing one card fewer; the
    banner, the points popping up, the sheet's line and the score come as it lies on its
    pile, whose counter then reads 5/5 (it came with "4/5" under it: pt56; the sheet's line
    and the score came as it set off, before the zetema was seen: pt151)."""
    from game.session import Session
    from scenes.zetema_table import ZetemaTable
    from tests.test_zetema_table import CONFIG, position
    from tests.test_zetema_table import rules as zetema_rules

    state = position(["2H", "5C", "8D", "JS", "KH", "4S", "7C"], ["9D"],
                     piles={"9": ["9S", "9H", "9C", "9S"]}, to_move=1)
    table = ZetemaTable(app, CONFIG, Session(CONFIG, zetema_rules, state, state))
    app.scenes.push(table, transition=None)
    seen = []  # (frame's cards moving, banner, sheet lines, score told, backs drawn)
    from game.card_art import card_image

    for _ in range(300):
        drive.step()
        if not table.session.moves:
            continue
        canvas = Backs(app.size, card_image("back", 34))
        table._draw_opponent(canvas, 1)
        seen.append((cards_moving(), table.banner is not None, len(table.sheet_lines()),
                     table.told_scores()[1], canvas.count))
        if len(seen) > 120:
            break
    set_off = next(i for i, s in enumerate(seen) if s[0])
    lead, after = seen[:set_off], seen[set_off:]
    assert len(lead) >= 3 and after
    assert all(s[1:] == (False, 0, 0, 1) for s in lead), lead  # nothing told yet
    assert all(s[4] == 0 for s in after[:10]), after[:10]
    landed = next(i for i, s in enumerate(after) if not s[0])
    # the banner, the sheet's line and the score wait for the landing ...
    assert landed and all(s[1:4] == (False, 0, 0) for s in after[:landed]), after[:landed]
    assert after[landed][1:3] == (True, 1) and after[landed][3] > 0  # ... and come with it


def test_chan_a_computers_win_is_announced_as_its_cards_set_off(app, drive):
    """"Seat 3 wins: Ù!" stood over the table while Seat 3's panel still said "thinking"
    and nothing had moved: a computer's win and chíu banners wait for its move's lead."""
    from game.rules import chan as chan_rules
    from tests.test_chan_ui import computers_to_play

    table = computers_to_play(app, drive)
    drive.settle()
    table.banner = None
    table._lead_left, table._lead_over = app.settings.anim(0.35), False  # (a computer's move)
    table.animate(2, "u", [chan_rules.Won(2, None, "stock", 4, (), "", ())])
    assert table.banner is None
    frames = 0
    while table.banner is None and frames < 60:
        drive.step()
        frames += 1
    assert 15 <= frames <= 30, frames  # 0.35 s at 60 frames a second
    assert "Seat 3" in table.banner[0]


def test_chan_a_message_leaves_the_win_banner_in_view(app, drive):
    """Ctrl+Z just after a win: "The game is over: nothing to undo." stood over "Ù! … wins"
    and hid most of it. A message that comes while a banner stands goes below it, and stays
    there when the banner goes."""
    from tests.test_chan_win_view import banner_box, open_before_win

    table = open_before_win(app, drive)
    for _ in range(300):
        drive.step()
        if table.won and table.banner is not None:
            break
    assert table.won and table.banner is not None
    banner = banner_box(table)
    app.toasts.clear()
    app.toast("The game is over: nothing to undo.")
    boxes = [box for _toast, _lines, box in app._toast_places(app.toasts)]
    assert len(boxes) == 1 and not boxes[0].colliderect(banner), (boxes, banner)
    assert boxes[0].bottom <= app.size[1]
    table.banner = None
    assert [box for _t, _l, box in app._toast_places(app.toasts)] == boxes


def test_chan_once_won_no_gate_is_lit_as_the_live_cards(app, drive, monkeypatch):
    """The card won on leaves its gate for the winning row, but that gate kept the gold
    edge and label of the live card's gate while the win lay on the table."""
    from scenes import theme
    from scenes.chan import panels as chan_panels
    from tests.test_chan_win_view import open_at_win

    table = open_at_win(app, drive)
    assert table.won and table.state.live is not None
    labels = []
    real_label = chan_panels.box_label

    def label(surface, rect, text, lit=False, right=False):
        labels.append(lit)
        return real_label(surface, rect, text, lit, right)

    def gold_gates() -> list[int]:
        """The seats whose gate's top edge is drawn gold (the live card's gate's edge)."""
        canvas = pygame.Surface(app.size)
        table.draw(canvas)
        return [seat for seat in range(4)
                if tuple(canvas.get_at((table.zone("gate", seat).centerx,
                                        table.zone("gate", seat).top)))[:3] == theme.GOLD]

    monkeypatch.setattr(chan_panels, "box_label", label)
    assert gold_gates() == []  # (a gate lit while a live card lies there: test_chan_live_gate)
    assert labels and not any(labels)
