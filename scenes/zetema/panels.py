"""What the Zetema table draws besides cards: the rank piles' headers (rank and count), the
stock and marriage-pile labels, each other seat's panel (name, who plays it, score, cards
face down), the prompt of the meld zone, your name and score over your hand, the score
sheet (with a heading where each new deal begins), and the end-of-deal and end-of-game
summaries.

Text fits its panel in every language: long words are shrunk, wrapped or cut with an
ellipsis (``fit_lines``); in a right-to-left language a panel reads from the right.
``ZetemaPanels`` is mixed into ``ZetemaTable``.
"""

from __future__ import annotations

import esper
import pygame

from ecs.components import CardFace, Sprite, Transform, Tweens
from ecs.input import entity_rect
from game.app import toast_size
from game.card_art import card_image, four_colour_ink
from game.rules import zetema as rules
from game.words.zetema import score_reason
from scenes import theme
from scenes.game_table import HINT_COLOUR
from scenes.marks import draw_card_tag, drawn_box
from scenes.zetema import layout, words
from scenes.zetema.layout import MELD_BUTTONS_W


def fits(string: str, width: int, size: int, max_lines: int, style: str = "bold") -> bool:
    """Does ``string`` go whole into ``max_lines`` lines of ``width`` at ``size``?"""
    lines = theme.wrap(string, size, width, style)
    return len(lines) <= max_lines and all(theme.text_width(ln, size, style) <= width
                                           for ln in lines)


def fit_lines(string: str, width: int, sizes: tuple[int, ...], max_lines: int,
              style: str = "bold") -> tuple[list[str], int]:
    """``string`` in as few lines (at most ``max_lines``) of the largest size that fits
    ``width``; at the smallest size the last line is cut with an ellipsis (also where the
    words go on past it: a sentence left off after a whole line read as if it ended there)."""
    for size in sizes:
        if fits(string, width, size, max_lines, style):
            return theme.wrap(string, size, width, style), size
    size = sizes[-1]
    wrapped = theme.wrap(string, size, width, style)
    lines = [theme.fit(ln, size, width, style) for ln in wrapped[:max_lines]]
    if len(wrapped) > max_lines and not lines[-1].endswith("…"):
        lines[-1] = _cut(lines[-1], size, width, style)
    return lines, size


def _cut(line: str, size: int, width: int, style: str) -> str:
    """``line`` ending with an ellipsis (the words go on), no wider than ``width``."""
    cut = line
    while cut and theme.text_width(cut + "…", size, style) > width:
        cut = cut[:-1]
    return cut.rstrip(" ,·،:") + "…"


def start_x(rect: pygame.Rect, pad: int) -> tuple[int, str]:
    """Where a line begins in ``rect`` (left, or right in a right-to-left language)."""
    return (rect.right - pad, "right") if theme.rtl() else (rect.x + pad, "left")


def end_x(rect: pygame.Rect, pad: int) -> tuple[int, str]:
    """Where a line's far end goes (right, or left in a right-to-left language)."""
    return (rect.x + pad, "left") if theme.rtl() else (rect.right - pad, "right")


SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARD_RED, CARD_BLACK, CARD_FACE = (200, 30, 40), (24, 24, 28), (250, 247, 240)
BADGE_EDGE = (150, 150, 150)


def badge_ink(code: str) -> tuple[int, int, int]:
    """The colour of a pile card's suit badge: its suit's on the cards (four colours too)."""
    return four_colour_ink(code[-1]) or (CARD_RED if code[-1] in "HD" else CARD_BLACK)


TAG_BELOW = 8  # px a last-move tag at a pile card's foot reaches below the card


def gliding(ent: int) -> bool:
    """Is the card on its way somewhere (or turning over), or gone?"""
    if not esper.entity_exists(ent):
        return True
    tweens = esper.try_component(ent, Tweens)
    return tweens is not None and any(t.attr in ("x", "y", "squash") for t in tweens.items)


def _resting_box(ent: int) -> pygame.Rect | None:
    """An entity's drawn box while it rests (None while it glides or once gone)."""
    if gliding(ent):
        return None
    return pygame.Rect(*(round(v) for v in entity_rect(esper.component_for_entity(ent, Transform),
                                                       esper.component_for_entity(ent, Sprite))))


def blit_line(surface: pygame.Surface, string: str, rect: pygame.Rect, y: int, size: int,
              color, style: str = "sans", pad: int = 12, end: bool = False) -> pygame.Rect:
    """A line at ``y`` from the reading side of ``rect`` (``end``: from the other side)."""
    x, side = end_x(rect, pad) if end else start_x(rect, pad)
    return theme.blit_text(surface, string, (x, y), size, color, style, anchor=f"top{side}")


class ZetemaPanels:
    """Drawing and summaries for the Zetema table (mixed into ``ZetemaTable``)."""

    # -- the suits of covered pile cards --------------------------------------------------
    def draw_above_pieces(self, surface: pygame.Surface) -> None:
        self._draw_pile_suits(surface)
        self._draw_hinted_pile(surface)
        super().draw_above_pieces(surface)
        self._draw_from_pile_tags(surface)
        self._draw_fresh_tags(surface)

    def _draw_fresh_tags(self, surface: pygame.Surface) -> None:
        """The cards just drawn into the hand say so ("new") until the person moves: they
        slipped in among the others unmarked, and which they were could not be told (pt120).
        Not under the cover, nor once in the meld zone; nor while the card flies from the
        stock (its tag passed over the stock's label, "Stock · 8"): once it has landed, it
        keeps it as the hand moves (``_fresh_landed``)."""
        if not self.fresh or self.curtain:
            return
        held = {e for _, e in self.hand}
        for ent in self.fresh:
            if ent in held and (ent in self._fresh_landed or not gliding(ent)):
                draw_card_tag(surface, words.fresh(), theme.GOLD, ent, edge="top")

    def _draw_from_pile_tags(self, surface: pygame.Surface) -> None:
        """A king or queen taken from its pile into the meld zone says so on its foot
        ("from pile"): it looked like a card of the hand (pt73)."""
        for token, ent in self.selection:
            if token.endswith(rules.PILE):
                draw_card_tag(surface, words.from_pile(), theme.GOLD, ent)

    def _draw_hinted_pile(self, surface: pygame.Surface) -> None:
        """A hinted discard lights the pile it goes to as well as the card (only the card
        was outlined, where a chosen card lights its pile: pt73)."""
        hint = getattr(self, "hint", None)
        parts = hint[0].split() if hint is not None else []
        if len(parts) != 2 or parts[0] != "discard" or parts[1] not in rules.CARD_RANK:
            return
        rect = self.layout[f"pile_{rules.RANKS[rules.CARD_RANK[parts[1]]]}"].rect
        pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(6, 6), 3, border_radius=8)

    def _draw_pile_suits(self, surface: pygame.Surface) -> None:
        """A covered pile card shows only the top of its index (the rank; the suit under it
        lies below the next card): its suit stands in a small badge at the right end of the
        strip that shows, so every card of a pile can be told (A♠ from A♣). Cards on their
        way somewhere get none until they rest."""
        for pile in self.piles:
            boxes = [_resting_box(ent) for _, ent in pile]
            for (code, _ent), box, above in zip(pile, boxes, boxes[1:]):
                if box is None or above is None or above.top - box.top < 12:
                    continue
                glyph = theme.text(SUIT_MARKS[code[-1]], 11, badge_ink(code), "bold")
                badge = pygame.Rect(0, 0, glyph.get_width() + 4, min(15, above.top - box.top - 2))
                badge.topright = (box.right - 3, box.top + 2)
                pygame.draw.rect(surface, CARD_FACE, badge, border_radius=3)
                pygame.draw.rect(surface, BADGE_EDGE, badge, 1, border_radius=3)  # (not a pip)
                theme.put(surface, glyph, glyph.get_rect(center=badge.center))

    def _draw_marriage_suits(self, surface: pygame.Surface, cards) -> None:
        """Each marriage on the pile (``cards``: a card of each, in the order of the heap)
        in a suit badge, in a row below the heap: a later marriage leaves only a narrow
        strip of an earlier one in view, which does not tell its suit at a small window."""
        row = layout.marriage_suits_row(self.layout["marriage"].rect)
        glyphs = [theme.text(SUIT_MARKS[code[-1]], 13, badge_ink(code), "bold") for code in cards]
        badges = [pygame.Rect(0, 0, glyph.get_width() + 6, row.height) for glyph in glyphs]
        x = row.centerx - (sum(b.width for b in badges) + 3 * (len(badges) - 1)) // 2
        for glyph, badge in zip(glyphs, badges):
            badge.topleft = (x, row.y)
            x = badge.right + 3
            pygame.draw.rect(surface, CARD_FACE, badge, border_radius=3)
            pygame.draw.rect(surface, BADGE_EDGE, badge, 1, border_radius=3)
            theme.put(surface, glyph, glyph.get_rect(center=badge.center))

    # -- the felt under the cards ------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        piles = [self.layout[f"pile_{rank}"].rect for rank in rules.RANKS]
        zones = [(name, self.layout[name].rect)
                 for name in ("stock", "marriage", "log", "meld", "hand")]
        sheet = self.sheet_rect()

        def panels(base: pygame.Surface) -> None:
            for rect in piles:
                theme.panel(base, rect, alpha=70, radius=10)
            for name, rect in zones:
                theme.panel(base, rect, alpha=110 if name != "hand" else 60)
            theme.panel(base, sheet, alpha=110)

        self.draw_base(surface, (tuple(map(tuple, piles)),
                                 tuple(tuple(rect) for _, rect in zones), tuple(sheet)), panels)
        shown = self.shown_state()  # (a computer's move waiting out its lead: nothing has
        # moved yet, a king or queen its marriage takes from a pile still lies there)
        for i, rank in enumerate(rules.RANKS):
            count = len(self.state.piles[i])  # (cards still on their way not yet counted)
            if shown is not self.state:
                count = len(shown.piles[i])
            elif i < len(self._landed) and self.replay is None:
                count = min(count, self._landed[i])
            dead = rank in ("Q", "K") and self.state.married
            color = theme.GOLD if count == 4 else (theme.INK_FAINT if dead else theme.INK_DIM)
            name_box, count_box = self.pile_header(i)  # (tags keep clear of them)
            theme.blit_text(surface, rank, name_box.topleft, 16, theme.INK, "bold")
            theme.blit_text(surface, words.pile_count(count), count_box.topright, 13, color,
                            "bold", anchor="topright")

    def pile_header(self, i: int) -> list[pygame.Rect]:
        """Where the ``i``-th rank pile's header words stand: its rank, its count."""
        rect = self.layout[f"pile_{rules.RANKS[i]}"].rect
        name = theme.text(rules.RANKS[i], 16, theme.INK, "bold").get_rect(
            topleft=(rect.x + 8, rect.y + 4))
        count = theme.text(words.pile_count(len(self.state.piles[i])), 13, theme.INK,
                           "bold").get_rect(topright=(rect.right - 8, rect.y + 6))
        return [name, count]

    # -- above the cards -----------------------------------------------------------------
    def draw_overlay(self, surface: pygame.Surface) -> None:
        # the stock and the marriages counted as the table shows them: while a computer's
        # move waits out its lead, before it (the refill it ends with, for the next seat, had
        # left the count one card short of the stock still drawn)
        shown = self.shown_state()
        married = len(shown.marriage_pile) // 2
        if shown is self.state and self.replay is None:  # (a marriage counts once its cards
            married = min(married, self._married_landed // 2)  # lie on the pile, pt154)
        for zone, label, colour in (("stock", words.stock_label(len(shown.stock)), theme.INK),
                                    ("marriage", words.marriages_label(married),
                                     theme.INK_DIM)):
            rect = self.layout[zone].rect
            # (as high and small as keeps the words clear of a last move's outline around
            # the newest marriage: at 14 px from 4 px down "Marriages · 5" touched it, in
            # Persian ran into it, pt157; the stock's label stands level with it)
            lines, size = fit_lines(label, rect.width - 8, (12, 11), 1)
            theme.blit_text(surface, lines[0], (rect.centerx, rect.y + 3), size, colour, "bold",
                            anchor="midtop")
        self._draw_marriage_suits(surface, shown.marriage_pile[:2 * married:2])
        for seat in range(self.players):
            if seat != self.viewer:
                self._draw_opponent(surface, seat)
        self._draw_meld_zone(surface)
        self._draw_sheet(surface)
        self.draw_log(surface)
        hand = self.layout["hand"].rect
        label = words.seat_score(self.seat_name(self.viewer), self.told_scores()[self.viewer])
        room = theme.mirror(pygame.Rect(hand.x, hand.y,  # beside the sort buttons
                                        hand.width - self.sort_buttons_width() - 12,
                                        hand.height), hand)
        lines, size = fit_lines(label, room.width - 24, (16, 14, 13), 1)
        blit_line(surface, lines[0], room, hand.y + 8, size,
                  theme.GOLD if self._to_play(self.viewer) else theme.INK, "bold")
        self.draw_curtain(surface, self.layout["hand"].rect)
        self.widgets.draw(surface)
        self.draw_banner(surface, within=self.banner_area())

    def banner_area(self) -> pygame.Rect:
        """Where a banner stands: over the top of the meld zone, beside its Meld and Clear
        buttons (centred on the table, it stood over Meld for a second or two, hiding it
        from a person about to press it), no wider than that, in two lines if need be
        (``banner_box``)."""
        zone = self.layout["meld"].rect
        return theme.mirror(pygame.Rect(zone.x, zone.y, zone.width - MELD_BUTTONS_W + 10, 80),
                            zone)

    toast_zone = ("meld", "bottom", -4)  # inside the meld zone's panel, above the hand

    def not_saving_spot(self) -> tuple[str, tuple[int, int]] | None:
        """Six at the table, the screen's corner is the last seat's panel: the "Not saving"
        mark stands in the meld zone's top corner instead, above its Meld button."""
        if self.players < 6:
            return None
        zone = self.layout["meld"].rect
        if theme.rtl():
            return "topleft", (zone.x + 6, zone.y + 8)
        return "topright", (zone.right - 6, zone.y + 8)

    def toast_bottom(self) -> int:
        """Messages stand in the meld zone's panel, above the hand; with cards in the zone,
        above the panel (over the foot of the piles), so that the cards a refusal speaks of
        stay in view ("it holds 2 cards: click the others…" stood over those two, pt82)."""
        zone = self.layout["meld"].rect
        return zone.top - 4 if self._messages_above() else zone.bottom - 4

    def _messages_above(self) -> bool:
        """Do the messages stand above the meld zone? While cards are in it; and a message
        that stood there keeps its place until it goes: a refusal said during a computer's
        meld came down onto the meld's cards as they left for its panel (a message never
        moves onto cards; cards coming into the zone send it up)."""
        newest = self.app.toasts[-1] if self.app.toasts else None
        if self._cards_in_zone():
            self._above_for = newest
            return True
        return newest is not None and newest is self._above_for

    def _cards_in_zone(self) -> bool:
        """Cards in the meld zone: chosen, shown, or another seat's shown cards still lying
        there or on their way back to its panel (``shown`` is empty as they set off)."""
        if self.selection or self.shown:
            return True
        if self._zone_leaving and self.world is not None and self.world.alive:
            with self.world.active():  # (asked as the app draws its messages)
                self._zone_leaving = tuple(e for e in self._zone_leaving
                                           if esper.entity_exists(e))
        return bool(self._zone_leaving)

    def toast_span(self) -> tuple[int, int]:
        """Messages stand over the meld zone beside its Meld and Clear buttons (a hint
        covered Clear; a long refusal ran past the zone's edges); above the zone (cards in
        it) over the foot of the piles, where they cover no pile's cards (``_above_span``)."""
        zone = self.layout["meld"].rect
        if self._messages_above():
            if self.world is None or not self.world.alive:
                return zone.centerx, zone.width
            with self.world.active():  # (asked as the app draws its messages)
                return self._above_span()
        part = theme.mirror(pygame.Rect(zone.x, zone.y, zone.width - MELD_BUTTONS_W, 1), zone)
        return part.centerx, part.width

    def _above_span(self) -> tuple[int, int]:
        """(centre x, widest box) of the newest message above the meld zone: the zone's
        width, in as few lines as may be, over piles whose cards (and the tags at their
        feet) end above it, nearest the zone's middle; narrower (in more lines) if only so
        it finds such room. A long message stood across the zone's width over the feet of
        the 6 and 7 piles' cards and their last-move tags (pt157); with no such room
        anywhere, it stands so still."""
        zone = self.layout["meld"].rect
        newest = self.app.toasts[-1] if self.app.toasts else None
        if newest is None:
            return zone.centerx, zone.width
        piles = sorted((self.layout[f"pile_{rank}"].rect, self._pile_foot(i))
                       for i, rank in enumerate(rules.RANKS))
        for widest in (zone.width, 600, 480, 380):
            width, height = toast_size(newest.text, widest)
            top = zone.top - 4 - height
            runs: list[list[int]] = []  # [left, right] of neighbouring piles clear of it
            for rect, foot in piles:
                if foot > top:
                    runs.append([])
                elif runs and runs[-1]:
                    runs[-1][1] = rect.right
                else:
                    runs.append([rect.x, rect.right])
            spots = [min(max(zone.centerx, left + width // 2), right - width // 2)
                     for left, right in filter(None, runs) if right - left >= width]
            if spots:
                return min(spots, key=lambda x: abs(x - zone.centerx)), widest
        return zone.centerx, zone.width

    def _pile_foot(self, i: int) -> int:
        """Where the cards of pile ``i`` end as drawn, with room for a last-move tag at the
        last one's foot (the pile's header with none)."""
        boxes = [box for _, e in self.piles[i] if (box := drawn_box(e)) is not None]
        if not boxes:
            return self.layout[f"pile_{rules.RANKS[i]}"].rect.y + 30
        return max(box.bottom for box in boxes) + TAG_BELOW

    @property
    def toast_room(self) -> int:
        """One message at a time; none while a card on its way (another seat's meld coming
        into the meld zone, or going back to its panel) passes under it: it stood over
        those cards in flight (pt157)."""
        return 0 if self._message_over_flight() else 1

    def _message_over_flight(self) -> bool:
        newest = self.app.toasts[-1] if self.app.toasts else None
        if newest is None or self.world is None or not self.world.alive:
            return False
        with self.world.active():  # (asked as the app draws its messages)
            centre, widest = self.toast_span()
            box = pygame.Rect((0, 0), toast_size(newest.text, widest))
            box.midbottom = (centre, self.toast_bottom())
            return any(box.colliderect(entity_rect(t, s))
                       for e, (_, t, s) in esper.get_components(CardFace, Transform, Sprite)
                       if t.alpha > 0 and gliding(e) and e != self.drag.held)

    def curtain_words(self) -> str:
        """Over a deal that has ended the cover hides no hand (nobody has a card left, and
        the next person is known once the summary is closed): it says the deal is over."""
        if self.ended_deal is not None:
            return words.deal_over(self.ended_deal.deal)
        return super().curtain_words()

    def acting_seat(self) -> int:
        """The seat the table shows as acting: the one whose move is still landing (the
        next seat's turn shows once it has), else the seat to move."""
        landing = self.landing_seat()
        return self.state.seat if landing is None else landing

    def _to_play(self, seat: int) -> bool:
        """Is ``seat`` shown as the one to play (gold: its panel's edge, its name on the
        score sheet and over the hand)? The acting seat, as the meld zone names it (the
        sheet lit the next seat while the last one's move was still landing)."""
        if self.state.phase == "over" or (self.ended_deal is not None
                                          and self.landing_seat() is None):
            return False  # (a deal's end stays on the table until its summary is closed:
            # its last mover was lit as the one to play and "thinking" the while)
        return self.acting_seat() == seat

    def thinking_seat(self) -> int | None:
        """``CardTable.thinking_seat``, and nobody while a finished deal waits for its
        summary."""
        return None if self.ended_deal is not None else super().thinking_seat()

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        rect = self.opponent_zone(seat)
        active = self._to_play(seat)
        theme.panel(surface, rect, alpha=170, edge=theme.GOLD if active else theme.PANEL_EDGE)
        count = self.panel_count(seat)  # (a computer's move still to leave: as before it)
        back = card_image("back", 34)
        backs = pygame.Rect(rect.x + 10, rect.y + 43, 34 + 14 * max(0, count - 1), 48)
        backs = theme.mirror(backs, rect)
        for k in range(count):
            surface.blit(back, (backs.x + k * 14, backs.y))
        score = theme.text(words.points_plain(self.told_scores()[seat]), 22, theme.GOLD,
                           "serif")
        x, side = end_x(rect, 10)
        theme.put(surface, score, score.get_rect(**{f"top{side}": (x, rect.y + 6)}))
        name_w = rect.width - 30 - score.get_width()
        lines, size = fit_lines(self.seat_name(seat), name_w, (15, 14, 13), 1)
        blit_line(surface, lines[0], rect, rect.y + 8, size, theme.INK, "bold", pad=10)
        level = self.config.seats[seat]
        if not level.is_human:
            who = words.computer(level.level)
            lines, size = fit_lines(who, name_w, (12, 11), 1, "sans")
            blit_line(surface, lines[0], rect, rect.y + 26, size, theme.INK_DIM, pad=10)
        free = rect.width - backs.width - 30
        lines, size = fit_lines(words.card_count(count), free, (13, 12, 11), 1, "sans")
        blit_line(surface, lines[0], rect, rect.bottom - 8 - 15, size, theme.INK_DIM, pad=10,
                  end=True)
        if seat == self.thinking_seat():
            blit_line(surface, words.thinking(1 + int(self.time * 3) % 3), rect, rect.y + 48,
                      12, theme.INK_FAINT, pad=10, end=True)

    def told_scores(self) -> list[int]:
        """Each seat's score as the table has told it: the position's, less the points of
        the score sheet's lines still to be written (a computer's move waiting out its lead,
        a meld or a zetema whose cards are still on their way: they come with its points, not
        as its cards set off)."""
        scores = list(self.state.scores)
        for seat, points, _reason, _deal in self.sheet[self._sheet_shown:] if (
                self._sheet_shown is not None) else ():
            scores[seat] -= points
        return scores

    def panel_count(self, seat: int) -> int:
        """The cards another seat's panel shows: its hand as the table shows it (before a
        computer's move that still waits out its lead), less the cards drawn from the stock
        still on their way into it: each counts once it has landed there, as a pile counts
        its discards (the count grew as the card left the stock, pt148)."""
        shown = self.shown_state()
        moves = len(self.session.moves) - (shown is not self.state)
        flying = sum(1 for s, made, _ in self._arriving if s == seat and made <= moves)
        return max(0, len(shown.hands[seat]) - flying)

    def meld_prompt(self) -> str:
        """The sentence at the top of the meld zone: what may be done now, or what happens."""
        state = self.state
        if self._melds_due:  # a computer's meld on its way: named once its cards lie in the
            # zone, with its points (the zone stood empty the while, or said the log's line
            # with the points and the game won as the winning meld's cards flew, pt151)
            return words.waiting_prompt(self.seat_name(self._melds_due[0][0].seat))
        if ((state.phase == "over" or self.ended_deal is not None) and self.replay is None
                and (self.leading_seat() is not None or self.landing_seat() is not None)):
            # the end of the game or of a deal is said once its last card has landed (the
            # deal's or game's end stood while a computer's last discard was still to come,
            # pt112, pt113)
            return self._move_on_its_way()
        if state.phase == "over":  # (the winning meld: its words, a marriage's too, which
            # lies on its pile, not in the zone: the zone said only "Game over", pt154)
            final = any(isinstance(e, rules.Melded) for e in self.last_move_events())
            return (final and self.shown_label) or words.game_over()
        if self.ended_deal is not None:  # (it went on asking for a discard, with no hand;
            return words.deal_over(self.ended_deal.deal)  # a replay said only "Replay")
        if self.replay is not None:
            return self.shown_label or words.replay()
        if self.curtain:  # nothing said may come from the hand under the cover: the move
            # still landing (it said "Seat 1 to play" over "Seat 2: click here…" as Seat 1's
            # discard flew), else the seat to play
            landing = self.landing_seat() is not None and self.leading_seat() is None
            return (landing and self.landing_words()) or words.waiting_prompt(
                self.seat_name(self.acting_seat()))
        # the hint in words while its cards are lit, until the person chooses cards: then
        # the zone names them as always (it went on saying the hint over the cards chosen)
        if self.hint is not None and (state.phase != "meld" or not self.selection or sorted(
                t for t, _ in self.selection) == self.chosen_at_hint):  # (nothing chosen,
            # after Clear say: the words came back no more, the outline stood alone, pt92)
            return words.hint(self.hint[0], state)
        if self.leading_seat() is not None or (self.landing_seat() is not None
                                               and state.phase == "meld" and not self.mine):
            return self._move_on_its_way()
        if self.shown or (state.phase == "discard" and state.seat != self.viewer):
            return self.shown_label
        if self.rules.to_move == self.viewer and self.config.seats[self.viewer].is_human:
            if state.phase == "discard" or not self.selection:
                return words.turn_prompt(state, self.legal(), self.playing_again())
            return self.selection_meld()[1]
        return words.waiting_prompt(self.seat_name(state.seat))

    def playing_again(self) -> str | None:
        """The rank of the zetema that gave the seat to play another turn (its own discard
        just before), or None: only the move list said "— another turn" (pt120)."""
        events = self.last_move_events()
        if not events or self.session.befores[-1].seat != self.state.seat:
            return None
        zetema = next((e for e in events if isinstance(e, rules.Zetema)), None)
        if zetema is None or events[-1] != rules.TurnChanged(self.state.seat):
            return None
        return zetema.rank

    def _move_on_its_way(self) -> str:
        """The meld zone's sentence while a move is on its way: before a computer's discard
        sets off, its seat "to play" (it told the discard while the panel still held the
        card); while a discard flies, the discard, naming the next seat "to play" only once
        it has landed (it named the next seat while your card flew, and the computer's own
        seat "to play … thinking" while its card did)."""
        leading = self.leading_seat()
        if leading is not None:
            return words.waiting_prompt(self.seat_name(leading))
        return self.landing_words() or words.waiting_prompt(self.seat_name(self.acting_seat()))

    def _draw_meld_zone(self, surface: pygame.Surface) -> None:
        zone = self.layout["meld"].rect
        text = self.meld_prompt()
        if not text or self.banner is not None:  # (a banner stands over the zone for a
            return  # moment: the words came out around it and through it as it faded)
        lines, size, y, step = self.meld_zone_lines(text)
        colour = theme.GOLD if self._zone_lit_until else theme.INK  # (lit by the greyed Meld)
        for line in lines:
            blit_line(surface, line, zone, y, size, colour, "bold")
            y += step

    def meld_zone_lines(self, text: str) -> tuple[list[str], int, int, int]:
        """The meld zone's words as drawn: (lines, size, top of the first, step between
        them). Beside the buttons up to three lines; over the zone's cards the whole width,
        one line, or two smaller ones pressed into the strip above the cards' outline (a
        long refusal was cut off after a whole line: "…a king and a queen of the")."""
        zone = self.layout["meld"].rect
        if not (self.selection or self.shown):
            lines, size = fit_lines(text, zone.width - MELD_BUTTONS_W - 12, (16, 15, 14, 13), 3)
            return lines, size, zone.y + 8, size + 5
        width = zone.width - 24
        if any(fits(text, width, size, 1) for size in (16, 15, 14, 13)):
            lines, size = fit_lines(text, width, (16, 15, 14, 13), 1)
            # (3 px higher than beside the buttons: a card lifted under the pointer, or a
            # last move's outline, touched the line's foot, pt67)
            return lines, size, zone.y + 5, size + 5
        lines, size = fit_lines(text, width, (13, 12), 2)
        return lines, size, zone.y + 3, size + 2

    def sheet_rect(self) -> pygame.Rect:
        """The score sheet's panel; in a replay it ends above the replay bar."""
        rect = self.layout["sheet"].rect
        if self.replay is None:
            return rect
        bar = self.replay_rect()
        return pygame.Rect(rect.x, rect.y, rect.width, min(rect.bottom, bar.top - 6) - rect.y)

    def _draw_sheet(self, surface: pygame.Surface) -> None:
        rect = self.sheet_rect()
        goal = self.state.settings.target
        title = blit_line(surface, words.sheet_title(), rect, rect.y + 8, 16, theme.GOLD, "bold")
        lines, size = fit_lines(words.sheet_goal(goal, self.state.deal),
                                rect.width - title.width - 36, (13, 12, 11), 1, "sans")
        blit_line(surface, lines[0], rect, rect.y + 10, size, theme.INK_DIM, end=True)
        y = rect.y + 34
        bar_x = 108  # names and scores left of the bars (right of them in Persian)
        told = self.told_scores()  # (a computer's meld still to land: as before it)
        for seat in range(self.players):
            score = told[seat]
            width = rect.width - bar_x - 14
            track = theme.mirror(pygame.Rect(rect.x + bar_x, y + 4, width, 10), rect)
            bar = pygame.Rect(track.x, track.y, round(width * min(1, score / goal)), 10)
            if theme.rtl():
                bar.right = track.right
            pygame.draw.rect(surface, (40, 52, 66), track, border_radius=5)
            if bar.width:
                pygame.draw.rect(surface, theme.GOLD, bar, border_radius=5)
            number = words.points_plain(score)
            x = theme.mirror_x(rect.x + bar_x - 6, rect)
            shown = theme.blit_text(surface, number, (x, y), 14, theme.INK,
                                    anchor="topleft" if theme.rtl() else "topright")
            lines, size = fit_lines(self.seat_name(seat), bar_x - 12 - 10 - shown.width,
                                    (14, 13, 12, 11), 1)
            blit_line(surface, lines[0], rect, y, size,
                      theme.GOLD if self._to_play(seat) else theme.INK, "bold")
            y += 20
        y += 6
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + 10, y), (rect.right - 10, y))
        # a row's text (13 px) stands 18 px below the one before; the last ends 6 px above
        # the panel's edge, or above the line that says how to see the others
        lines = self.sheet_lines()
        visible = max(0, (rect.bottom - y - 22) // 18)
        if len(lines) > visible:
            visible = max(0, (rect.bottom - y - 38) // 18)
        self.sheet_scroll = min(self.sheet_scroll, max(0, len(lines) - visible))
        end = len(lines) - self.sheet_scroll
        rows = lines[max(0, end - visible):end]
        if len(lines) > visible:
            blit_line(surface, words.sheet_more(len(self.sheet)), rect, rect.bottom - 18, 11,
                      theme.INK_FAINT, end=True)
        for row in rows:
            y += 18
            if isinstance(row, str):  # a deal's heading
                blit_line(surface, theme.fit(row, 13, rect.width - 24), rect, y, 13,
                          theme.INK_DIM)
                continue
            seat, points, reason, _ = row
            gain = blit_line(surface, words.points_gain(points), rect, y, 13, theme.GOLD,
                             end=True)
            line = words.sheet_line(self.seat_name(seat), score_reason(reason))
            blit_line(surface, theme.fit(line, 13, rect.width - gain.width - 34), rect, y, 13,
                      theme.INK_DIM)

    def sheet_lines(self) -> list:
        """The score sheet's rows, oldest first: its entries ``(seat, points, reason,
        deal)``, with a heading where a new deal begins ("— Deal 2 —"), as the move log has
        them (the sheet ran on from one deal into the next)."""
        lines: list = []
        last = 1
        shown = self._sheet_shown  # (a computer's points still to be told: not yet)
        for entry in self.sheet[:shown]:
            if entry[3] != last:
                lines.append(words.deal_heading(entry[3]))
                last = entry[3]
            lines.append(entry)
        if (self.sheet and self.state.deal != last  # a new deal in play, nothing scored in
                and getattr(self, "ended_deal", None) is None):  # it yet: it said nothing
            lines.append(words.deal_heading(self.state.deal))
        return lines

    def sort_buttons_width(self) -> int:
        return 2 * 108 + 6

    # -- summaries ---------------------------------------------------------------------
    def deal_summary(self, deal: int) -> None:
        """The end of a deal nobody won: each seat's points of the deal, zetemas, total."""
        figures = []  # (seat, points of the deal, zetemas, total): worded by ``reword``
        for s in sorted(range(self.players), key=lambda s: -self.state.scores[s]):
            got = [(p, r) for seat, p, r, d in self.sheet if seat == s and d == deal]
            figures.append((s, sum(p for p, _ in got),
                            len([1 for _, r in got if r.startswith("zetema")]),
                            self.state.scores[s]))
        target = self.state.settings.target

        def reword():  # (in the language of the moment: it follows a change over it)
            rows = [[self.seat_name(s), words.points_gain(gain), words.points_plain(zetemas),
                     words.points_plain(total)] for s, gain, zetemas, total in figures]
            return (words.deal_summary_title(deal), words.deal_summary_subtitle(target),
                    words.deal_summary_header(), rows)

        self.summarise(*reword(), reword=reword)

    def result_order(self) -> list[int]:
        """The results' rows: the highest score first."""
        scores = rules.result(self.state)["scores"]
        return sorted(range(self.players), key=lambda s: -scores[s])

    def result_summary(self):
        res = rules.result(self.state)
        winner = res["winner"]
        you = (winner is not None and self.config.seats[winner].is_human
               and len(self.session.humans) == 1)
        title = words.result_title(None if winner is None else self.seat_name(winner), you)
        subtitle = words.result_subtitle(self.state.settings.target, self.state.deal)
        order = self.result_order()
        rows = []
        for s in order:
            melds = sum(p for seat, p, r, _ in self.sheet if seat == s and not r.startswith(
                "zetema"))
            zetemas = sum(p for seat, p, r, _ in self.sheet if seat == s and r.startswith(
                "zetema"))
            seat = self.config.seats[s]
            who = words.player_with_level(self.seat_name(s), None if seat.is_human else seat.level)
            rows.append([who, words.points_plain(res["scores"][s]), words.points_plain(melds),
                         words.points_plain(zetemas)])
        return title, subtitle, words.result_header(), rows, (
            order.index(winner) if winner is not None else None)
