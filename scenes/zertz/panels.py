"""What the Zertz table draws besides its pieces: the board's column letters and row numbers,
each player's supply and tray panels with their captions, the bag with its counts, and the
status panel (whose move, what you may do now, the keys).

Text reads from the right in Persian (``theme.mirror_x``/``theme.align``); the board, the
pieces and the marbles are not mirrored. Long words are fitted to their panel.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.i18n import num
from game.rules import zertz as rules
from scenes import theme
from scenes.zertz import art, words
from scenes.zertz import layout as geo

SEAT_COLOURS = (theme.RED, theme.BLUE)
PROMPT_SIZES = (15, 14, 13)  # the prompt shrinks a little rather than lose a line
PROMPT_LINES = 3
# the prompt's first line and the keys (or hovered ring) line below it, from the status
# panel's top and bottom: a prompt's third line stood 7 px above that line, as close as
# its own lines, and the line 2 px above the buttons
PROMPT_TOP, FOOT_UP = 46, 80


def _text(surface, string, x, y, size, colour, within: pygame.Rect, style="sans",
          anchor="midleft", width: int | None = None) -> pygame.Rect:
    """Text from the reading side of ``within`` (the left, or the right in Persian)."""
    if width is not None:
        string = theme.fit(string, size, width, style)
    return theme.blit_text(surface, string, (theme.mirror_x(x, within), y), size, colour,
                           style, anchor=theme.align(anchor))


def draw_board_labels(surface: pygame.Surface, layout) -> None:
    """Column letters under the board and row numbers at both ends of each row, as the
    rings are named in the move log (the same in every language, like chess squares)."""
    for letter, pos in geo.column_label_spots(layout):
        theme.blit_text(surface, letter, pos, 14, theme.INK_FAINT, "bold", anchor="midtop")
    for number, pos in geo.row_label_spots(layout):
        theme.blit_text(surface, str(number), pos, 14, theme.INK_FAINT, "bold", anchor="center")


def panel_rects(layout) -> list[tuple[pygame.Rect, int]]:
    """The table's panels and their alphas (the seats', the log's, the status', the bag's)."""
    out = [(layout[f"{zone}_{seat}"].rect, 150) for seat in (0, 1) for zone in ("supply", "tray")]
    out += [(layout[zone].rect, 170) for zone in ("log", "status")]
    return out + [(geo.bag_panel(layout), 120)]


def draw_panels(surface: pygame.Surface, layout) -> None:
    """The panels of ``panel_rects`` (none of them overlaps the board's labels)."""
    for rect, alpha in panel_rects(layout):
        theme.panel(surface, rect, alpha=alpha)


def draw_backgrounds(surface: pygame.Surface, layout, waiting: bool, clock: Callable[[], float]) -> None:
    """Over the felt and the panels (``draw_panels``), the board's labels and, when a drawn
    marble ``waiting`` to be put has come out of the bag, a pulsing ring around it.
    ``clock()`` gives the table's time; it is read only for the pulse, so a table at rest
    draws nothing new (``TableScene``)."""
    draw_board_labels(surface, layout)
    if waiting:
        x, y = geo.drawn_spot(layout)
        pulse = 3 * (1 + math.sin(clock() * 5))
        pygame.draw.circle(surface, theme.GOLD, (round(x), round(y)), round(27 + pulse), 3)


def draw_player(surface: pygame.Surface, layout, seat: int, state, is_human: bool,
                level: str, active: bool, supply_left: int, hot_seat: bool = False) -> None:
    """A seat's supply panel (name, who plays it, pieces left) and tray (points, a caption
    and a count above each row of captured marbles). Between people at one screen
    (``hot_seat``) the seat's name alone says whose panel it is: no "you" on both.
    ``supply_left``: the pieces left to say, which may be fewer than ``state``'s (a piece on
    its way to the board has left the supply; the tray counts a marble only once it is in)."""
    supply = layout[f"supply_{seat}"].rect
    tray = layout[f"tray_{seat}"].rect
    if active:  # the seat whose turn the table shows
        pygame.draw.rect(surface, SEAT_COLOURS[seat], supply.union(tray).inflate(6, 6), 3,
                         border_radius=16)
    pygame.draw.circle(surface, SEAT_COLOURS[seat],
                       (round(theme.mirror_x(supply.x + 22, supply)), supply.y + 24), 9)
    name = _text(surface, words.seat_name(seat), supply.x + 38, supply.y + 24, 19, theme.INK,
                 supply, "bold", width=supply.width - 60)
    room = supply.width - 38 - name.width - 20
    who = words.who_plays(is_human, level, hot_seat)
    if who:
        _text(surface, who, supply.x + 38 + name.width + 10, supply.y + 25, 14, theme.INK_DIM,
              supply, width=max(20, room))
    _text(surface, words.supply_line(supply_left), supply.x + 38, supply.y + 46, 14,
          theme.INK_DIM, supply, width=supply.width - 50)
    _text(surface, words.captured_title(state.points(seat)), tray.x + 16, tray.y + 20, 17,
          theme.INK, tray, "bold", width=tray.width - 30)
    for row, colour in enumerate(rules.COLOURS):  # a caption above each row of marbles
        n = state.captured[seat][row]
        y = geo.tray_row_y(layout, seat, row)
        _text(surface, words.tray_caption(colour), tray.x + 16, y, 13,  # (an empty row's
              theme.INK if n else theme.INK_DIM, tray, width=tray.width - 80)  # readable too)
        _text(surface, words.of_six(n), tray.right - 12, y, 14,
              theme.GOLD if six_in_reach(state, seat, row) else theme.INK_DIM, tray, "bold",
              anchor="midright")


def six_in_reach(state, seat: int, row: int) -> bool:
    """``seat`` holds five marbles of a row's colour (or all six) and the sixth is still to
    be had, on the board or in the bag: the other player holds none of them."""
    return (state.captured[seat][row] >= rules.MARBLES_PER_COLOUR - 1
            and state.captured[1 - seat][row] == 0)


def caption_rect(layout, seat: int, row: int) -> pygame.Rect:
    """Where a tray row's caption is drawn (tests check that marbles leave it readable)."""
    tray = layout[f"tray_{seat}"].rect
    colour = rules.COLOURS[row]
    text = theme.fit(words.tray_caption(colour), 13, tray.width - 80)
    x = theme.mirror_x(tray.x + 16, tray)
    return theme.text(text, 13).get_rect(**{theme.align("midleft"): (
        round(x), geo.tray_row_y(layout, seat, row))})


def draw_bag(surface: pygame.Surface, layout, state, drawn_out: bool = True) -> None:
    """The bag, how many marbles it still holds and how many of each colour; the marble
    drawn counts as in it until it comes out (``drawn_out``: the counts told its colour
    before it appeared, pt77)."""
    rect = layout["bag"].rect
    image = art.bag()
    surface.blit(image, image.get_rect(center=geo.bag_spot(layout)))
    hidden = state.bag[1:] if state.phase == "put" and drawn_out else state.bag
    x = rect.x + 84
    theme.blit_text(surface, theme.fit(words.bag_title(len(hidden)), 15, 150, "bold"),
                    (x, rect.y + 4), 15, theme.INK, "bold")
    for colour in rules.COLOURS:
        icon = pygame.transform.smoothscale(art.marble(colour), (18, 18))
        surface.blit(icon, (x, rect.y + 28))
        theme.blit_text(surface, num(hidden.count(colour)), (x + 21, rect.y + 37), 15,
                        theme.INK, anchor="midleft")
        x += 40


def prompt_lines(text: str, width: int) -> tuple[int, list[str]]:
    """The prompt wrapped to ``width``: the largest size at which it fits in three lines."""
    for size in PROMPT_SIZES:
        lines = theme.wrap(text, size, width)
        if len(lines) <= PROMPT_LINES:
            return size, lines
    return PROMPT_SIZES[-1], lines[:PROMPT_LINES]


def draw_status(surface: pygame.Surface, rect: pygame.Rect, title: str, text: str,
                dot: tuple[int, int, int], foot: str) -> None:
    """Whose move it is, what may be done now (or what just happened), and the keys."""
    pygame.draw.circle(surface, dot, (round(theme.mirror_x(rect.x + 22, rect)), rect.y + 26), 10)
    _text(surface, title, rect.x + 40, rect.y + 26, 19, theme.INK, rect, "bold",
          width=rect.width - 50)
    size, lines = prompt_lines(text, rect.width - 30)
    for i, line in enumerate(lines):
        _text(surface, line, rect.x + 16, rect.y + PROMPT_TOP + i * (size + 4), size,
              theme.INK_DIM, rect, anchor="topleft")
    _text(surface, foot, rect.x + 16, rect.bottom - FOOT_UP, 13, theme.INK_FAINT, rect,
          anchor="topleft", width=rect.width - 30)
