"""What the Chắn table draws besides cards: each seat's name panel (name, who plays it,
dealer, card count), the labels of gates and shown pairs, the live-card tag, and the
words of the end screen (features with base and dịch, the score's arithmetic, the
settlement). Every word is read in the current language when it is drawn; in Persian the
text of a panel reads from the right (the seats themselves keep their places)."""

from __future__ import annotations

from collections import Counter

import pygame

from game.i18n import N_, _, ngettext, npgettext, num, signed
from game.rules.chan.hands import FEATURE_VALUES, PLAIN_SCORE, PLAIN_WIN
from game.words.chan import NBSP, arithmetic, feature
from scenes import theme

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


def level_name(level: str) -> str:
    """A computer level in one word ("Easy"), as the setup screen names it."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def level_words(level: str) -> str:
    """Who plays a computer seat, in words: "computer, Easy" (as the other tables say it)."""
    return _("computer, {level}").format(level=level_name(level))


def count_words(count: int) -> str:
    return npgettext("chan", "{count} card", "{count} cards", count).format(count=num(count))


def _x(rect: pygame.Rect, left: float, right: float) -> tuple[float, float]:
    """(start, end) x of a line inside ``rect``, swapped when reading from the right."""
    return (right, left) if theme.rtl() else (left, right)


def seat_panel(surface: pygame.Surface, rect: pygame.Rect, name: str, level: str, count: int,
               dealer: bool, active: bool, thinking: int = 0,
               short_level: str = "") -> dict[str, pygame.Rect]:
    """A seat's panel: name in bold, who plays it (``level``; ``short_level`` where that
    does not fit), a "Dealer" badge, the card count apart;
    with ``thinking`` (1 to 3 dots, 0: not thinking) "thinking…" in the words the other
    tables use (``thinking_place``). Returns where each piece was drawn (name, count,
    level, dealer, thinking; those drawn only)."""
    theme.panel(surface, rect, alpha=190, edge=theme.GOLD if active else theme.PANEL_EDGE,
                radius=10)
    rtl = theme.rtl()
    start, end = _x(rect, rect.x + 10, rect.right - 10)
    # (a person's panel with no badge has nothing for a second line: its one line stands
    # in the middle, not at the top of an empty box)
    two_lines = rect.height >= 44 and bool(level or dealer)
    y1 = rect.y + 13 if two_lines else rect.centery
    counted = count_words(count)
    count_w = theme.text_width(counted, 14, "bold")
    room = rect.width - 20 - count_w - 10
    badge_w = badge_width(_("Dealer")) + 12 if dealer else 0
    drawn = {}
    drawn["name"] = name_rect = theme.blit_text(  # (on one line the badge comes after it)
        surface, theme.fit(name, 15, room - (0 if two_lines else badge_w), "bold"), (start, y1),
        15, theme.INK, "bold", anchor=theme.align("midleft"))
    drawn["count"] = theme.blit_text(surface, counted, (end, y1), 14, theme.GOLD, "bold",
                                     anchor=theme.align("midright"))
    if two_lines:
        x, y = start, rect.bottom - 13
        left = rect.width - 20
    else:
        x, y = (name_rect.left - 12 if rtl else name_rect.right + 12), rect.centery
        left = abs((drawn["count"].right + 10 if rtl else drawn["count"].left - 10) - x)
    # who plays the seat in what the badge leaves before the count (a computer in the
    # bottom seat: "computer, Easy" and the badge ran over "15 cards"): in full, else the
    # level alone ("Easy"), else cut, else left out
    left -= badge_w
    level = next((words for words in (level, short_level)
                  if words and theme.text_width(words, 13) <= left), "") or (
        theme.fit(level, 13, left) if level and left >= MIN_LEVEL_W else "")
    step = -1 if rtl else 1
    if level:
        box = drawn["level"] = theme.blit_text(surface, level, (x, y), 13, theme.INK_DIM,
                                               anchor=theme.align("midleft"))
        x = (box.left - 10) if rtl else (box.right + 10)
    if dealer:
        drawn["dealer"] = badge(surface, _("Dealer"), (x, y), to_left=step < 0)
    if thinking:
        place = thinking_place(rect, list(drawn.values()), drawn["count"])
        if place is not None:
            spot, size = place
            edge = spot.right if rtl else spot.left
            drawn["thinking"] = theme.blit_text(
                surface, thinking_words(thinking), (edge, spot.centery), size, theme.INK_DIM,
                anchor=theme.align("midleft"))
    return drawn


THINKING_SIZES = (12, 11)  # the size of "thinking…" (Zetema's panels write it at 12)


def thinking_words(dots: int) -> str:
    """"thinking" and ``dots`` dots: the words Zetema's panels write (one catalogue entry)."""
    return _("thinking") + "." * dots


def thinking_place(rect: pygame.Rect, taken: list[pygame.Rect],
                   count: pygame.Rect) -> tuple[pygame.Rect, int] | None:
    """Where a seat panel ``rect`` writes "thinking…" (its box, wide enough for three dots
    so that the words stand still as the dots come and go, and its size), a gap clear of
    each of ``taken`` (the panel's words and badge): just before the card ``count`` on its
    line, in every panel (the only line of a one-line panel), else (a long name) at the end
    of the lower line of a two-line panel; a little smaller if need be; None if it fits
    nowhere."""
    rtl = theme.rtl()
    inside = rect.inflate(-16, -4)
    lines = [(count.centery, "count")] + (
        [(rect.bottom - 13, "end")] if rect.height >= 44 else [])
    for size in THINKING_SIZES:
        image = theme.text(thinking_words(3), size, theme.INK_DIM)
        for y, where in lines:
            spot = image.get_rect(centery=y)
            if where == "end":  # the end of the lower line
                spot.x = rect.x + 10 if rtl else rect.right - 10 - spot.width
            else:  # before the count, a gap apart
                spot.x = count.right + 12 if rtl else count.left - 12 - spot.width
            if inside.contains(spot) and spot.inflate(16, 0).collidelist(taken) < 0:
                return spot, size
    return None


MIN_LEVEL_W = 48  # the least room worth writing who plays a seat in (cut with "…")


def badge_width(text: str) -> int:
    """How wide ``badge`` draws the pill of ``text``."""
    return theme.text_width(text, 12, "bold") + 12


def badge(surface: pygame.Surface, text: str, edge: tuple[float, float],
          colour: tuple[int, int, int] = theme.GOLD, to_left: bool = False) -> pygame.Rect:
    """A small filled pill with dark text (the dealer), starting at ``edge`` (its left end,
    or its right end when ``to_left``)."""
    img = theme.text(text, 12, (30, 24, 10), "bold")
    box = img.get_rect().inflate(12, 4)
    box.centery = round(edge[1])
    if to_left:
        box.right = round(edge[0])
    else:
        box.x = round(edge[0])
    pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
    theme.put(surface, img, img.get_rect(center=box.center))
    return box


def box_label(surface: pygame.Surface, rect: pygame.Rect, text: str, lit: bool = False,
              right: bool = False) -> None:
    """A box's name in its label strip (gates on the right: the live-card tag goes left)."""
    pos, anchor = ((rect.right - 8, rect.y + 3), "topright") if right else (
        (rect.x + 8, rect.y + 3), "topleft")
    theme.blit_text(surface, theme.fit(text, 12, rect.width - 16, "bold"), pos, 12,
                    theme.GOLD if lit else theme.INK_DIM, "bold", anchor=anchor)


def box_label_rect(rect: pygame.Rect, text: str, right: bool = False) -> pygame.Rect:
    """Where ``box_label`` writes ``text`` (so that last-move tags keep clear of it)."""
    width = theme.text_width(theme.fit(text, 12, rect.width - 16, "bold"), 12, "bold")
    x = rect.right - 8 - width if right else rect.x + 8
    return pygame.Rect(x - 2, rect.y + 1, width + 4, 18)


def live_tag(surface: pygame.Surface, centre_x: float, card_top: float,
             within: pygame.Rect | None = None) -> pygame.Rect:
    """The words "live card" in a gold pill just above the live card (kept inside
    ``within``, the gate's box, when the card lies near its edge)."""
    img = theme.text(_("live card"), 12, (30, 24, 10), "bold")
    box = live_tag_rect(centre_x, card_top, within)
    pygame.draw.rect(surface, theme.GOLD, box, border_radius=box.height // 2)
    theme.put(surface, img, img.get_rect(center=box.center))
    return box


def live_tag_rect(centre_x: float, card_top: float,
                  within: pygame.Rect | None = None) -> pygame.Rect:
    """Where ``live_tag`` draws its pill (the last-move tags keep clear of it)."""
    img = theme.text(_("live card"), 12, (30, 24, 10), "bold")
    box = img.get_rect(midbottom=(round(centre_x), round(card_top) - 2)).inflate(12, 4)
    if within is not None:
        box.clamp_ip(within.inflate(-4, 0))
    return box


def prompt_lines(text: str, area: pygame.Rect, below: int = 0) -> tuple[list[str], int, int]:
    """The prompt wrapped into ``area`` less ``below`` pixels at its bottom (the buttons),
    with its text size and line step: a smaller size when a long sentence (Persian and
    Vietnamese sentences are longer) would not fit otherwise; cut with "…" only if even the
    smallest size is too long."""
    room_h = area.height - below
    for size, step in ((13, 17), (12, 15), (11, 14)):
        lines = theme.wrap(text, size, area.width - 12)
        if len(lines) * step <= room_h:
            break
    room = max(1, room_h // step)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = theme.fit(lines[-1] + " …", size, area.width - 12)
    return lines, size, step


def prompt_with(text: str, extra: str, area: pygame.Rect, below: int = 0) -> str:
    """``text`` and ``extra`` after it where both fit ``area`` whole (``prompt_lines``), else
    ``text`` alone (a Persian or Vietnamese prompt may have no room left for it)."""
    if not extra:
        return text
    both = f"{text} {extra}"
    lines = prompt_lines(both, area, below)[0]
    return text if lines and lines[-1].endswith(" …") else both


# -- the end screen -------------------------------------------------------------------------

def framed(image: pygame.Surface, colour: tuple[int, int, int] = theme.GOLD) -> pygame.Surface:
    """A copy of a card's image with a frame along its edge (the card a hand won on)."""
    out = image.copy()
    pygame.draw.rect(out, colour, out.get_rect(), 3, border_radius=3)
    return out


def feature_words(features: list[str], width: int = 600) -> str:
    """Each feature found with its base and dịch, e.g. "Ù chì (base 3, dịch 1)", on one line
    of ``width`` pixels (the results screen shows two lines): many features are written
    shorter, "Features (base/dịch): Tôm 4/1 · Lèo 5/2 · Ù chì 3/1"."""
    if not features or features == [PLAIN_WIN]:
        return _("{plain}: a plain win, {points} points").format(plain=feature(PLAIN_WIN),
                                                                 points=num(PLAIN_SCORE))
    out, short = [], []
    for name, times in Counter(features).items():
        base, dich = FEATURE_VALUES[name]
        many = f"{NBSP}×{num(times)}" if times > 1 else ""
        if times > 1:
            out.append(_("{feature} ×{times} (base {base}, dịch {dich})").format(
                feature=feature(name), times=num(times), base=num(base), dich=num(dich)))
        else:
            out.append(_("{feature} (base {base}, dịch {dich})").format(
                feature=feature(name), base=num(base), dich=num(dich)))
        item = f"{feature(name)}{many}{NBSP}{num(base)}/{num(dich)}"
        # (in Persian each Latin name with its numbers is one left-to-right block: "dịch):
        # Ù chì ۳/۱" read as one piece and split the legend in two)
        short.append(theme.isolate(item) if theme.rtl() else item)
    # the separator is the language's: "·" reads as a zero among Persian digits
    line = _("Features: {features}").format(features=_(" · ").join(out))
    if len(theme.wrap(line, 18, width)) == 1:
        return line
    line = _("Features (base/dịch): {features}").format(features=_(" · ").join(short))
    if len(theme.wrap(line, 18, width)) == 1:
        return line
    names = [feature(name) + (f"{NBSP}×{num(times)}" if times > 1 else "")
             for name, times in Counter(features).items()]
    return _("Features: {features}").format(features=_(" · ").join(names))


def score_words(features: list[str], score: int, width: int = 600) -> str:
    """The score's arithmetic, ending "= N points" whatever the hand, with the rule behind it
    when that fits one line of ``width`` pixels (the results screen shows two lines)."""
    real = [f for f in features if f != PLAIN_WIN]
    sums = arithmetic(real).rsplit(" = ", 1)[0]  # the terms; the total is said with its points
    points = num(score)
    if len(real) <= 1:
        return ngettext("Score: {sum} = {points} point", "Score: {sum} = {points} points",
                        score).format(sum=sums, points=points)
    if "Thập thành" in real:
        line = ngettext("Score: {sum} = {points} point (Thập thành adds every base)",
                        "Score: {sum} = {points} points (Thập thành adds every base)",
                        score).format(sum=sums, points=points)
    else:
        line = ngettext("Score: {sum} = {points} point (the highest base, plus the dịch of "
                        "each other feature)",
                        "Score: {sum} = {points} points (the highest base, plus the dịch of "
                        "each other feature)", score).format(sum=sums, points=points)
    if len(theme.wrap(line, 18, width)) == 1:
        return line
    line = ngettext("Score: {sum} = {points} point", "Score: {sum} = {points} points",
                    score).format(sum=sums, points=points)
    if len(theme.wrap(line, 18, width)) == 1:
        return line
    # too many features for one line: the numbers alone, in the same order
    values = [term.rsplit(NBSP, 1)[-1] for term in sums.split(" + ")]
    return ngettext("Score: {sum} = {points} point", "Score: {sum} = {points} points",
                    score).format(sum=" + ".join(values), points=points)


def win_subtitle(features: list[str], score: int, width: int = 600) -> str:
    """The results' lines under the title of a win: the features, then the score's
    arithmetic. When the arithmetic with every feature's name does not fit one line, it
    takes both lines alone (it named no feature, "Score: 8 + 1 + 1 + 2 = 12 points", under
    features listed in another order: which number was whose, a newcomer could not tell,
    pt89); features too many even for two lines keep the short forms."""
    real = [f for f in features if f != PLAIN_WIN]
    named = ngettext("Score: {sum} = {points} point", "Score: {sum} = {points} points",
                     score).format(sum=arithmetic(real).rsplit(" = ", 1)[0], points=num(score))
    if len(real) > 1 and len(theme.wrap(named, 18, width)) == 2:
        return _last_term_kept(named)
    return feature_words(features, width) + "\n" + score_words(features, score, width)


def _last_term_kept(line: str) -> str:
    """``line`` (a score's arithmetic) with its last term, "=" and total kept on one line:
    wrapped, the second line held only "points", or began with "= 10 points" (pt93)."""
    equals = line.rfind(" = ")
    plus = line.rfind(" + ", 0, equals) if equals >= 0 else -1
    if plus < 0:
        return line
    return line[:plus + 3] + line[plus + 3:].replace(" ", NBSP)


def settlement_cells(res: dict, seat: int) -> tuple[str, str]:
    """(points, what happens) for ``seat`` in the settlement of ``res``."""
    pay = res["settlement"][seat]
    winner, score = res["winner"], res["score"]
    if winner is None:
        return num(0), _("nobody pays")
    if seat == winner:
        others = len(res["settlement"]) - 1
        return signed(pay), _("receives {players} × {points}").format(
            players=num(others), points=num(score))
    return signed(pay), _("pays {points}").format(points=num(score))
