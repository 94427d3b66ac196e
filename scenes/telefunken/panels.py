"""The Telefunken table's panels: the deal and its contract with your chips, each
opponent's seat, the running score sheet of the seven deals, the pack spread for the cut,
and the end-of-deal and end-of-game summaries. Words come from ``scenes.telefunken.words``;
numbers are written as the language writes them."""

from __future__ import annotations

import pygame

from game.card_art import card_image, four_colour_ink
from game.i18n import _, ngettext, num, signed
from game.rules import telefunken as rules
from scenes import theme
from scenes.telefunken import words

FOOT_PAD = 3  # px between a seat panel's foot line and its bottom edge


def side_text(surface: pygame.Surface, string: str, within: pygame.Rect, pos: tuple[float, float],
              size: int, colour, style: str = "sans", anchor: str = "topleft") -> None:
    """Text placed from the reading side of ``within``: in Persian the position is mirrored
    and the anchor too (what stands at the left in English stands at the right)."""
    theme.blit_text(surface, string, (theme.mirror_x(pos[0], within), pos[1]), size, colour,
                    style, anchor=theme.align(anchor))


def draw_contract(surface: pygame.Surface, rect: pygame.Rect, state, viewer: int,
                  dealer: str = "", whose: str = "") -> None:
    """The deal, its contract, your chips and, at the caption's end, who deals (``dealer``:
    the seat's name; nobody could tell who dealt). ``whose``: the name of the seat whose
    chips these are, between people (they are the chips of whoever's cards are in view or
    come next, which a player could not tell from the dots alone)."""
    caption = words.deal_caption(state.deal)
    side_text(surface, caption, rect, (rect.x + 12, rect.y + 8), 16, theme.GOLD, "bold")
    if dealer:
        room = rect.width - 24 - theme.text_width(caption, 16, "bold") - 10
        # TRANSLATORS: beside "Deal 1 of 7": the seat that dealt ("dealer: Seat 3", "dealer: You")
        said = theme.fit(_("dealer: {seat}").format(seat=dealer), 12, room)
        if room > 30:
            side_text(surface, said, rect, (rect.right - 12, rect.y + 12), 12, theme.INK_DIM,
                      anchor="topright")
    for i, line in enumerate(theme.wrap(words.contract(state.deal), 14, rect.width - 24)[:2]):
        side_text(surface, line, rect, (rect.x + 12, rect.y + 32 + 18 * i), 14, theme.INK)
    chips = state.chips[viewer]
    step, radius = (15, 6) if whose else (22, 8)  # (smaller beside a seat's name)
    for k in range(rules.START_CHIPS):
        colour = theme.GOLD if k < chips else (60, 66, 74)
        centre = (rect.x + 20 + k * step, rect.bottom - 14)
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, (40, 30, 10), centre, radius, 1)
    # named: seven dots under "Deal 1 of 7" read as the deals (a newcomer learnt what they
    # were when one went grey after a buy)
    label = ngettext("{count} chip", "{count} chips", chips).format(count=num(chips))
    if whose:
        # TRANSLATORS: under the contract, between people: whose chips the dots are
        label = ngettext("{name}: {count} chip", "{name}: {count} chips", chips).format(
            name=whose, count=num(chips))
    left = rect.x + 20 + rules.START_CHIPS * step - step + radius + 8
    theme.blit_text(surface, theme.fit(label, 12, rect.right - 6 - left, "bold"),
                    (left, rect.bottom - 14), 12, theme.GOLD, "bold", anchor="midleft")


def draw_opponent(surface: pygame.Surface, rect: pygame.Rect, state, seat: int, who: str,
                  bought: tuple[str, tuple[int, int, int]] | None = None,
                  active: bool | None = None) -> None:
    """One opponent's seat: name, its cards face down, counts, chips and points; ``bought``
    (words, seat colour) while its last move was buying the discard; ``active``: edged in
    gold as the seat to play (None: while it is the seat to move in ``state``)."""
    if active is None:
        active = state.phase != "over" and state.seat == seat
    theme.panel(surface, rect, alpha=170, edge=theme.GOLD if active else theme.PANEL_EDGE)
    side_text(surface, theme.fit(who, 14, rect.width - 20, "bold"), rect, (rect.x + 10, rect.y + 8),
              14, theme.INK, "bold")
    back = card_image("back", 28)
    count = len(state.hands[seat])
    for k in range(min(count, 14)):  # from the reading side, like the words
        spot = theme.mirror(back.get_rect(topleft=(rect.x + 10 + k * 9, rect.y + 32)), rect)
        surface.blit(back, spot)
    right = rect.right - 10
    side_text(surface, ngettext("{count} card", "{count} cards", count).format(count=num(count)),
              rect, (right, rect.y + 30), 13, theme.INK_DIM, anchor="topright")
    chips = state.chips[seat]
    side_text(surface, ngettext("{count} chip", "{count} chips", chips).format(count=num(chips)),
              rect, (right, rect.y + 48), 13, theme.GOLD, anchor="topright")
    points = state.totals[seat]
    side_text(surface, ngettext("{count} pt", "{count} pts", points).format(count=num(points)),
              rect, (right, rect.y + 66), 13, theme.INK_DIM, anchor="topright")
    # the line at the foot stands on it from below: a Persian line's taller letters reached
    # down onto the panel's edge
    if state.melded[seat]:
        side_text(surface, _("contract made"), rect, (rect.x + 10, rect.bottom - FOOT_PAD), 12,
                  theme.GOLD, anchor="bottomleft")
    elif bought is not None:  # (only a seat that has not melded may buy)
        text, colour = bought
        room, size = rect.width - 90, 12
        while size > 10 and theme.text_width(text, size, "bold") > room:
            size -= 1  # (smaller before it is cut: "đã mua phăng teo…" lost its "+1 lá", pt150)
        side_text(surface, theme.fit(text, size, room, "bold"), rect,
                  (rect.x + 10, rect.bottom - FOOT_PAD), size, colour, "bold", anchor="bottomleft")


SCORE_LEFT = 40  # the score sheet's seat columns start here (the deal numbers before them)


def short_name(name: str, seat: int) -> str:
    """A score-sheet column's head: "You", or a short seat number."""
    return name if words.is_you(name) else _("S{number}").format(number=num(seat + 1))


def draw_scores(surface: pygame.Surface, rect: pygame.Rect, state, penalties: list[tuple[int, ...]],
                names: list[str]) -> list[pygame.Rect]:
    """The penalties of every deal so far, one column per seat, and the totals (returns
    where the totals were drawn). Six seats' three-figure totals share the panel's width:
    the columns start just after the deal numbers, end inside the panel's margin, and the
    totals are written smaller when they would touch each other."""
    side_text(surface, _("Penalties by deal"), rect, (rect.x + 12, rect.y + 8), 16, theme.GOLD, "bold")
    n = len(names)
    left = rect.x + SCORE_LEFT
    col = (rect.width - SCORE_LEFT - 10) / n

    def centre(s: int) -> float:  # the seats' columns (and the deal numbers) from the reading side
        return theme.mirror_x(left + col * s + col / 2, rect)

    edge, side = (theme.mirror_x(rect.x + 14, rect), theme.align("topleft"))
    y = rect.y + 36
    for s in range(n):
        theme.blit_text(surface, theme.fit(short_name(names[s], s), 13, int(col) - 2, "bold"),
                        (centre(s), y), 13, theme.INK, "bold", anchor="midtop")
    for d in range(7):
        y += 22
        current = d + 1 == state.deal
        theme.blit_text(surface, num(d + 1), (edge, y), 13,
                        theme.GOLD if current else theme.INK_DIM, "bold", anchor=side)
        if d < len(penalties):
            for s, points in enumerate(penalties[d]):
                theme.blit_text(surface, num(points), (centre(s), y), 13, theme.INK,
                                anchor="midtop")
    y += 30
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + 10, y - 4), (rect.right - 10, y - 4))
    theme.blit_text(surface, "Σ", (edge, y), 14, theme.GOLD, "bold", anchor=side)
    totals = [num(state.totals[s]) for s in range(n)]
    widest = max((theme.text_width(t, 14, "bold") for t in totals), default=0)
    size = 14 if widest <= col - 8 else 12
    return [theme.blit_text(surface, total, (centre(s), y), size, theme.GOLD, "bold",
                            anchor="midtop")
            for s, total in enumerate(totals)]


def draw_cut(surface: pygame.Surface, strip: pygame.Rect, pack: int, choices: list[int],
             at: int | None) -> None:
    """The pack seen edge-on along the table, with the line where it will be cut."""
    back = card_image("back", 40)
    for k in range(0, pack, 2):
        x = strip.x + k * (strip.width - 40) / max(1, pack - 1)
        surface.blit(back, (round(x), strip.y + 4))
    at = at if at in choices else choices[len(choices) // 2]
    x = strip.x + strip.width * choices.index(at) / max(1, len(choices) - 1)
    pygame.draw.line(surface, theme.GOLD, (x, strip.y - 8), (x, strip.bottom + 8), 4)
    text = theme.fit(words.cut_instruction(at), 16, strip.width, "bold")
    theme.blit_text(surface, text, (strip.centerx, strip.y - 14), 16, theme.INK, "bold",
                    anchor="midbottom")


def summary_order(event) -> list[int]:
    """The seats in the order of ``deal_summary``'s rows: the lowest total first."""
    return sorted(range(len(event.totals)), key=lambda p: event.totals[p])


def deal_summary(event, out: int | None, names: list[str], deal_winners=()):
    """(title, subtitle, header, rows) of the summary after a deal; the last column the
    stakes so far, won by the deals ``deal_winners`` up to this one (1 unit from everyone
    to each deal's winner; the game's winner's 5 come with the results)."""
    stakes = rules.deal_stakes(list(deal_winners)[:event.deal], len(names))
    rows = [[names[p], num(event.points[p]), num(event.totals[p]), signed(stakes[p])]
            for p in summary_order(event)]
    return (words.deal_title(event.deal, None if out is None else names[out]),
            _("Penalty points for the cards left in hand"),
            [_("Player"), _("This deal"), _("Total"), _("Stakes so far")], rows)


def summary_row(event, out: int | None) -> int | None:
    """The row of ``deal_summary`` of the seat that went out (None: nobody did)."""
    if out is None:
        return None
    return summary_order(event).index(out)


CARD_RED = (240, 104, 96)  # hearts and diamonds in words on a dark panel


def cards_left(event, hands) -> list[list[tuple[str, tuple]]]:
    """Under each row of ``deal_summary`` (same order): the cards left in that hand, each
    in its suit's colour (jokers gold), so the penalties can be checked."""
    out = []
    for p in summary_order(event):
        line = []
        for code in hands[p]:
            colour = (theme.GOLD if code == "JK" else four_colour_ink(code[-1], on_dark=True)
                      or (CARD_RED if code[-1] in "HD" else theme.INK))  # (as the cards)
            line.append((words.cards([code]), colour))
        out.append(line)
    return out


def result_order(state) -> list[int]:
    """The seats in the order of the results' rows: the lowest penalty total first."""
    res = rules.result(state) or {}
    totals = res.get("totals", list(state.totals))
    return sorted(range(len(totals)), key=lambda s: totals[s])


def result_summary(state, names: list[str], levels: list[str | None], you_alone: int | None):
    """(title, subtitle, header, rows, highlighted row) for the results screen."""
    players = len(names)
    res = rules.result(state) or {}
    totals = res.get("totals", list(state.totals))
    winners = res.get("winners", [])
    if len(winners) == 1 and winners[0] == you_alone:
        title = _("You win!")
    elif len(winners) == 1:
        title = _("{name} wins").format(name=names[winners[0]])
    elif winners:
        title = _("{names} win").format(names=_(", ").join(names[w] for w in winners))
    else:
        title = _("Game over")
    order = result_order(state)
    stakes = res.get("stakes", [0] * players)
    deal_winners = res.get("deal_winners", [])
    rows = [[names[s] if levels[s] is None else _("{name} ({level})").format(
                name=names[s], level=levels[s]),
             num(totals[s]), num(sum(1 for w in deal_winners if w == s)), signed(stakes[s])]
            for s in order]
    best = order.index(winners[0]) if winners else None
    return title, _("Lowest total after seven deals wins. Stakes: 1 unit from everyone for each "
                    "deal won, 5 from everyone to the winner."), [
        _("Player"), _("Penalty"), _("Deals won"), _("Stakes")], rows, best
