"""Draw the standard deck of playing cards used by Parlour.

Running ``python tools/make_cards.py`` from the repository root (headless is fine) writes
54 PNG images into ``assets/cards/standard/``: ``AS.png`` .. ``KC.png`` (rank codes
A 2 3 4 5 6 7 8 9 10 J Q K, suit codes S H D C), ``JK.png`` (the joker) and ``back.png``.

Running it with ``--four-colour`` draws the four-colour deck (Settings' "Four-colour suits":
spades black, hearts red, diamonds blue, clubs green) into ``assets/cards/standard4/``: only
the 26 diamonds and clubs, the cards that differ (``game.card_art`` takes the spades, the
hearts, the joker and the back from the standard deck).

Options:
    --out DIR      write the images to DIR instead of the bundled assets directory
    --sheet PATH   also write a contact sheet of the images written to PATH
    --four-colour  draw the four-colour deck's diamonds and clubs

Every image is 200x280 px with an alpha channel (rounded, transparent corners). Each card
is drawn at ``SS`` times that size with plain pygame shapes and the bundled DejaVu fonts,
then smooth-scaled down, which anti-aliases every edge. Nothing is random, so the output
is the same on every run.

Layout (master pixels): a large index -- rank about 58 px tall over a 44 px suit symbol --
sits in the top-left corner inside the left 40% of the card, so it stays readable when
cards overlap in a fanned hand; it is repeated, rotated 180 degrees, in the bottom-right
corner. Pips and court pictures keep to the area between the two indices.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "assets" / "fonts"
DEFAULT_OUT = ROOT / "assets" / "cards" / "standard"
DEFAULT_OUT_FOUR = ROOT / "assets" / "cards" / "standard4"  # the four-colour deck's cards

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
CARD_CODES = tuple(rank + suit for suit in SUITS for rank in RANKS)
ALL_IMAGES = CARD_CODES + ("JK", "back")

W, H = 200, 280  # master size
SS = 4  # supersampling factor: everything is drawn at SS times the master size
RADIUS = 12  # corner radius
BORDER_W = 2

Colour = tuple[int, int, int]
Point = tuple[float, float]

# -- palette --------------------------------------------------------------------------------
FACE = (251, 248, 240)
BORDER = (52, 52, 60)
RED = (200, 16, 46)
BLACK = (26, 26, 32)
GOLD = (214, 164, 38)
GOLD_DARK = (146, 104, 18)
GOLD_LIGHT = (246, 214, 120)
SKIN = (248, 224, 198)
SKIN_SHADE = (226, 190, 160)
INK = (40, 34, 34)
PANEL = (246, 238, 218)
HAIR_K = (120, 120, 128)
HAIR_Q = (176, 112, 40)
HAIR_J = (96, 58, 30)
WHITE = (255, 255, 255)
NAVY = (24, 44, 92)
NAVY_DARK = (16, 30, 66)
NAVY_LINE = (62, 92, 160)

GREEN = (0, 128, 56)  # clubs in the four-colour deck
BLUE = (0, 84, 196)  # diamonds in the four-colour deck

SUIT_COLOUR = {"S": BLACK, "C": BLACK, "H": RED, "D": RED}
# A second colour for court robes, so a red king is not all red.
SUIT_ALT = {"S": (44, 72, 130), "C": (34, 100, 72), "H": (44, 72, 130), "D": (34, 100, 72)}


@dataclass(frozen=True)
class Palette:
    """The colours of the suits: ``colour`` draws the index, the pips and the court robes,
    ``alt`` the front of a court robe, ``petal`` the flower a queen holds."""

    colour: dict[str, Colour]
    alt: dict[str, Colour]
    petal: dict[str, Colour]


PALETTES = {
    # the classic deck: spades and clubs black, hearts and diamonds red
    "standard": Palette(SUIT_COLOUR, SUIT_ALT, {"S": RED, "C": RED, "H": SUIT_ALT["H"],
                                                "D": SUIT_ALT["D"]}),
    # the four-colour deck: no two suits share a colour (spades black, hearts red, diamonds
    # blue, clubs green). Only the diamonds and clubs change; a court's second colour is
    # one no suit uses, so a blue queen never shows a green panel.
    "four-colour": Palette(
        {**SUIT_COLOUR, "D": BLUE, "C": GREEN},
        {**SUIT_ALT, "D": (150, 104, 34), "C": (118, 60, 112)},
        {"S": RED, "C": (226, 120, 40), "H": SUIT_ALT["H"], "D": (118, 60, 112)}),
}
FOUR_COLOUR_SUITS = ("D", "C")  # the suits whose cards differ in the four-colour deck
FOUR_COLOUR_CODES = tuple(rank + suit for suit in FOUR_COLOUR_SUITS for rank in RANKS)

_palette = PALETTES["standard"]  # the palette being drawn with (``make_image``)


def suit_colour(suit: str) -> Colour:
    return _palette.colour[suit]


def suit_alt(suit: str) -> Colour:
    return _palette.alt[suit]

# -- index geometry (master px) ----------------------------------------------------------------
INDEX_CX = 31  # centre line of the index column
RANK_TOP = 12  # top of the rank's capitals
RANK_CAP = 58  # capital height of the rank
RANK_MAX_W = 46  # widest rank ink allowed (wider glyphs are condensed)
RANK_CONDENSE = 0.84  # DejaVu Sans Bold is wide: condense every rank a little
SUIT_GAP = 9
INDEX_SUIT_H = 44

# -- pip geometry --------------------------------------------------------------------------
PIP_H = 29
PIP_COL_DX = 23  # left/right pip columns at W/2 -+ this
PIP_TOP = 40
PIP_BOTTOM = H - PIP_TOP

# -- court panel: two offset rectangles, rotated copies of each other -------------------------
PANEL_L, PANEL_R = 12, W - 12
PANEL_T, PANEL_B = 12, H - 12
NOTCH_X = 66  # the index notch: x < NOTCH_X and y < H/2 (and its rotation)
MID_Y = H // 2


# ============================================================================================
# Drawing helpers
# ============================================================================================


def S(v: float) -> int:
    """Master pixels -> supersampled pixels."""
    return round(v * SS)


def SP(p: Point) -> tuple[int, int]:
    return (S(p[0]), S(p[1]))


class Canvas:
    """A supersampled RGBA surface addressed in master coordinates."""

    def __init__(self, w: int = W, h: int = H) -> None:
        self.surf = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        self.surf.fill((*BORDER, 0))

    def poly(self, pts: Sequence[Point], colour: Colour, width: float = 0) -> None:
        pygame.draw.polygon(self.surf, colour, [SP(p) for p in pts], S(width) if width else 0)

    def circle(self, c: Point, r: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.surf, colour, SP(c), S(r), S(width) if width else 0)

    def ellipse(self, c: Point, rx: float, ry: float, colour: Colour, width: float = 0) -> None:
        rect = pygame.Rect(S(c[0] - rx), S(c[1] - ry), S(2 * rx), S(2 * ry))
        pygame.draw.ellipse(self.surf, colour, rect, S(width) if width else 0)

    def rect(self, x: float, y: float, w: float, h: float, colour: Colour, width: float = 0,
             radius: float = 0) -> None:
        r = pygame.Rect(S(x), S(y), S(x + w) - S(x), S(y + h) - S(y))
        pygame.draw.rect(self.surf, colour, r, S(width) if width else 0,
                         border_radius=S(radius) if radius else -1)

    def line(self, a: Point, b: Point, colour: Colour, width: float = 1) -> None:
        """A line with round caps."""
        wpx = max(1, S(width))
        pygame.draw.line(self.surf, colour, SP(a), SP(b), wpx)
        for p in (a, b):
            pygame.draw.circle(self.surf, colour, SP(p), wpx / 2)

    def polyline(self, pts: Sequence[Point], colour: Colour, width: float = 1) -> None:
        for a, b in itertools.pairwise(pts):
            self.line(a, b, colour, width)

    def blit(self, other: Canvas | pygame.Surface, pos: Point = (0, 0)) -> None:
        src = other.surf if isinstance(other, Canvas) else other
        self.surf.blit(src, SP(pos))

    def rotated(self) -> pygame.Surface:
        """This canvas turned 180 degrees about its centre."""
        return pygame.transform.flip(self.surf, True, True)

    def clip(self, x: float, y: float, w: float, h: float) -> None:
        self.surf.set_clip(pygame.Rect(S(x), S(y), S(w), S(h)))

    def unclip(self) -> None:
        self.surf.set_clip(None)

    def final(self) -> pygame.Surface:
        w, h = self.surf.get_size()
        return pygame.transform.smoothscale(self.surf, (w // SS, h // SS))


def bezier(p0: Point, p1: Point, p2: Point, n: int = 16) -> list[Point]:
    """Points along a quadratic Bezier curve (both ends included)."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 20) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def mirror_x(pts: Iterable[Point], cx: float) -> list[Point]:
    return [(2 * cx - x, y) for x, y in pts]


def star(c: Point, r_out: float, r_in: float, n: int = 5, rot: float = -90) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


# ============================================================================================
# Suit symbols, defined in unit space: centred on (0, 0), 1 unit tall
# ============================================================================================


def _heart_outline(n: int = 120) -> list[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    ys = [p[1] for p in pts]
    top, bottom = min(ys), max(ys)
    h = bottom - top
    mid = (top + bottom) / 2
    return [(x / h * 0.96, (y - mid) / h) for x, y in pts]


_HEART = _heart_outline()


def _stem(top_y: float, bottom_y: float, half_w: float) -> list[Point]:
    """The flared foot of a spade or club."""
    neck = 0.045
    left = bezier((-neck, top_y), (-neck * 0.6, bottom_y - 0.06), (-half_w, bottom_y), 10)
    right = bezier((half_w, bottom_y), (neck * 0.6, bottom_y - 0.06), (neck, top_y), 10)
    return left + right


def suit_shapes(suit: str) -> list[tuple[str, object]]:
    """Primitives of a suit symbol in unit space: ("poly", points) or ("circle", (c, r))."""
    if suit == "H":
        return [("poly", _HEART)]
    if suit == "D":
        top, right, bottom, left = (0, -0.5), (0.39, 0), (0, 0.5), (-0.39, 0)
        pts: list[Point] = []
        for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
            ctrl = ((a[0] + b[0]) / 2 * 0.82, (a[1] + b[1]) / 2 * 0.82)
            pts += bezier(a, ctrl, b, 14)[:-1]
        return [("poly", pts)]
    if suit == "S":
        body = [(x * 0.98, -y * 0.8 - 0.1) for x, y in _HEART]
        return [("poly", body), ("poly", _stem(0.12, 0.5, 0.2))]
    if suit == "C":
        r = 0.215
        return [
            ("circle", ((0.0, -0.5 + r), r)),
            ("circle", ((-0.245, 0.06), r)),
            ("circle", ((0.245, 0.06), r)),
            ("poly", [(-0.12, -0.1), (0.12, -0.1), (0.16, 0.1), (0, 0.2), (-0.16, 0.1)]),
            ("poly", _stem(0.05, 0.5, 0.19)),
        ]
    raise ValueError(suit)


def draw_suit(cv: Canvas, suit: str, c: Point, h: float, colour: Colour | None = None,
              flip: bool = False) -> None:
    """Draw a suit symbol of height ``h`` centred on ``c`` (turned 180 degrees if ``flip``)."""
    colour = colour or suit_colour(suit)
    k = -h if flip else h
    for kind, data in suit_shapes(suit):
        if kind == "poly":
            cv.poly([(c[0] + x * k, c[1] + y * k) for x, y in data], colour)  # type: ignore[union-attr]
        else:
            (x, y), r = data  # type: ignore[misc]
            cv.circle((c[0] + x * k, c[1] + y * k), r * h, colour)


# ============================================================================================
# Text
# ============================================================================================

_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(name: str, size: int) -> pygame.font.Font:
    key = (name, size)
    if key not in _fonts:
        _fonts[key] = pygame.font.Font(str(FONT_DIR / name), size)
    return _fonts[key]


def _cap_font_size(name: str, cap_px: float) -> int:
    """The font size whose capital H is ``cap_px`` supersampled pixels tall."""
    probe = 400
    ink = font(name, probe).render("H", True, BLACK).get_bounding_rect()
    return max(1, round(probe * cap_px / ink.height))


def text_ink(name: str, text: str, cap: float, colour: Colour, condense: float = 1.0,
             max_w: float | None = None, tracking: float = 0.0) -> tuple[pygame.Surface, int]:
    """Render ``text`` with capitals ``cap`` master px tall, cropped to its ink horizontally.

    Returns the supersampled surface and the y of the baseline within it. The text is
    squeezed horizontally by ``condense`` and further if it would be wider than ``max_w``.
    ``tracking`` (master px, may be negative) is added between characters.
    """
    f = font(name, _cap_font_size(name, S(cap)))
    parts = []
    for ch in text:
        img = f.render(ch, True, colour)
        box = img.get_bounding_rect()
        parts.append(img.subsurface(pygame.Rect(box.x, 0, box.w, img.get_height())))
    gap = S(tracking)
    width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    height = f.get_height()
    joined = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    joined.fill((*colour, 0))
    x = 0
    for p in parts:
        joined.blit(p, (x, 0))
        x += p.get_width() + gap
    target_w = width * condense
    if max_w is not None:
        target_w = min(target_w, S(max_w))
    if round(target_w) != width:
        joined = pygame.transform.smoothscale(joined, (max(1, round(target_w)), height))
    return joined, f.get_ascent()


# ============================================================================================
# Card parts
# ============================================================================================


def blank_card(fill: Colour = FACE) -> Canvas:
    cv = Canvas()
    cv.rect(0, 0, W, H, BORDER, radius=RADIUS)
    cv.rect(BORDER_W, BORDER_W, W - 2 * BORDER_W, H - 2 * BORDER_W, fill,
            radius=RADIUS - BORDER_W)
    return cv


def draw_corner_twice(cv: Canvas, draw: Callable[[Canvas], None]) -> None:
    """Draw something on a layer, then put it on the card upright and rotated 180 degrees."""
    layer = Canvas()
    draw(layer)
    cv.blit(layer)
    cv.blit(layer.rotated())


def draw_index(cv: Canvas, rank: str, suit: str) -> None:
    colour = suit_colour(suit)
    if rank == "10":
        img, base = text_ink("DejaVuSans-Bold.ttf", "10", RANK_CAP, colour, RANK_CONDENSE,
                             RANK_MAX_W, tracking=-1.0)
    else:
        img, base = text_ink("DejaVuSans-Bold.ttf", rank, RANK_CAP, colour, RANK_CONDENSE,
                             RANK_MAX_W)
    baseline = S(RANK_TOP + RANK_CAP)
    cv.surf.blit(img, (S(INDEX_CX) - img.get_width() // 2, baseline - base))
    suit_c = (INDEX_CX, RANK_TOP + RANK_CAP + SUIT_GAP + INDEX_SUIT_H / 2)
    draw_suit(cv, suit, suit_c, INDEX_SUIT_H)


# -- number cards ------------------------------------------------------------------------------

_T = 1 / 3
PIP_LAYOUT: dict[str, list[Point]] = {
    "2": [(0.5, 0), (0.5, 1)],
    "3": [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    "4": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "5": [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    "6": [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "7": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "8": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    "9": [(0, 0), (1, 0), (0, _T), (1, _T), (0.5, 0.5), (0, 2 * _T), (1, 2 * _T), (0, 1),
          (1, 1)],
    "10": [(0, 0), (1, 0), (0.5, _T / 2), (0, _T), (1, _T), (0, 2 * _T), (1, 2 * _T),
           (0.5, 1 - _T / 2), (0, 1), (1, 1)],
}


def draw_pips(cv: Canvas, rank: str, suit: str) -> None:
    x0, x1 = W / 2 - PIP_COL_DX, W / 2 + PIP_COL_DX
    for u, v in PIP_LAYOUT[rank]:
        c = (x0 + (x1 - x0) * u, PIP_TOP + (PIP_BOTTOM - PIP_TOP) * v)
        draw_suit(cv, suit, c, PIP_H, flip=v > 0.5)


def draw_ace(cv: Canvas, suit: str) -> None:
    c = (W / 2, H / 2)
    if suit == "S":
        # The ace of spades gets its traditional flourish: a gold ring behind a bigger pip.
        cv.circle(c, 50, GOLD, 2.2)
        cv.circle(c, 45, GOLD_LIGHT, 1)
        draw_suit(cv, suit, (c[0], c[1] + 1), 72)
    else:
        draw_suit(cv, suit, c, 64)


# -- court cards --------------------------------------------------------------------------------


def panel_outline() -> list[Point]:
    """The court picture frame: a rectangle with the two index corners cut away."""
    return [
        (NOTCH_X, PANEL_T), (PANEL_R, PANEL_T), (PANEL_R, MID_Y), (W - NOTCH_X, MID_Y),
        (W - NOTCH_X, PANEL_B), (PANEL_L, PANEL_B), (PANEL_L, MID_Y), (NOTCH_X, MID_Y),
    ]


def draw_court(cv: Canvas, rank: str, suit: str) -> None:
    colour = suit_colour(suit)
    outline = panel_outline()
    cv.poly(outline, PANEL)

    # The upper half, drawn once and reused rotated for the lower half.
    half = Canvas()
    half.clip(NOTCH_X, PANEL_T, PANEL_R - NOTCH_X, MID_Y - PANEL_T)
    draw_figure(half, rank, suit)
    half.unclip()
    cv.blit(half)
    cv.blit(half.rotated())

    # Divider between the halves, then the frame: a thick line in the suit colour with a
    # thin gold line inside it.
    cv.line((NOTCH_X, MID_Y), (W - NOTCH_X, MID_Y), GOLD_DARK, 1.2)
    cv.poly(outline, colour, 2.4)
    inset = inset_outline(outline, 3.6)
    cv.poly(inset, GOLD, 1.0)


def inset_outline(pts: list[Point], d: float) -> list[Point]:
    """Shrink a rectilinear, clockwise polygon by ``d`` (good enough for the court frame)."""
    out = []
    n = len(pts)
    for i in range(n):
        p_prev, p, p_next = pts[i - 1], pts[i], pts[(i + 1) % n]
        # inward normals of the two edges meeting at p (clockwise in screen coordinates)
        e1 = (p[0] - p_prev[0], p[1] - p_prev[1])
        e2 = (p_next[0] - p[0], p_next[1] - p[1])
        n1 = _unit((-e1[1], e1[0]))
        n2 = _unit((-e2[1], e2[0]))
        out.append((p[0] + d * (n1[0] + n2[0]), p[1] + d * (n1[1] + n2[1])))
    return out


def _unit(v: Point) -> Point:
    length = math.hypot(*v) or 1.0
    return (v[0] / length, v[1] / length)


FIG_CX = 130  # centre line of the upper figure
HEAD_CY = 74
HEAD_RX, HEAD_RY = 16.5, 20


def draw_figure(cv: Canvas, rank: str, suit: str) -> None:
    """One half of a court card: a bust of the king, queen or jack and a suit symbol."""
    colour = suit_colour(suit)
    alt = suit_alt(suit)
    cx = FIG_CX

    # a soft backdrop arch behind the head
    cv.ellipse((cx, HEAD_CY + 10), 50, 62, (240, 229, 203))

    # -- body --------------------------------------------------------------------------
    shoulder_y = HEAD_CY + HEAD_RY + 14
    body = (
        [(cx - 12, HEAD_CY + HEAD_RY - 2)]
        + cubic((cx - 12, HEAD_CY + HEAD_RY + 4), (cx - 30, shoulder_y - 6),
                (cx - 50, shoulder_y - 2), (cx - 54, MID_Y + 2), 14)
        + [(cx + 54, MID_Y + 2)]
        + cubic((cx + 54, MID_Y + 2), (cx + 50, shoulder_y - 2), (cx + 30, shoulder_y - 6),
                (cx + 12, HEAD_CY + HEAD_RY + 4), 14)
        + [(cx + 12, HEAD_CY + HEAD_RY - 2)]
    )
    robe = colour
    cv.poly(body, robe)
    # a contrasting panel down the front of the robe with gold edging
    front = [(cx - 16, shoulder_y - 4), (cx + 16, shoulder_y - 4), (cx + 24, MID_Y + 2),
             (cx - 24, MID_Y + 2)]
    cv.poly(front, alt)
    cv.line(front[0], front[3], GOLD, 2.2)
    cv.line(front[1], front[2], GOLD, 2.2)
    # shoulder trim
    for sgn in (-1, 1):
        trim = cubic((cx + sgn * 16, shoulder_y - 5), (cx + sgn * 30, shoulder_y - 7),
                     (cx + sgn * 44, shoulder_y - 2), (cx + sgn * 50, shoulder_y + 14), 10)
        cv.polyline(trim, GOLD, 2.0)
    # buttons / jewels down the front
    for i, y in enumerate((shoulder_y + 10, shoulder_y + 22)):
        cv.circle((cx, y), 3.0 - i * 0.3, GOLD)
        cv.circle((cx, y), 1.2, GOLD_LIGHT)

    # -- neck and collar ----------------------------------------------------------------
    cv.rect(cx - 7, HEAD_CY + HEAD_RY - 8, 14, 16, SKIN)
    if rank == "Q":
        # a lace ruff
        for i in range(-3, 4):
            cv.circle((cx + i * 6.5, shoulder_y - 6 + abs(i) * 1.2), 5.2, WHITE)
            cv.circle((cx + i * 6.5, shoulder_y - 6 + abs(i) * 1.2), 5.2, (200, 190, 170), 0.6)
    else:
        collar = [(cx - 20, shoulder_y - 9), (cx, shoulder_y + 6), (cx + 20, shoulder_y - 9),
                  (cx + 14, shoulder_y - 12), (cx, shoulder_y - 2), (cx - 14, shoulder_y - 12)]
        cv.poly(collar, WHITE)
        cv.poly(collar, (190, 180, 160), 0.6)

    # -- hair behind the face ----------------------------------------------------------
    if rank == "Q":
        hair = [(cx - HEAD_RX - 5, HEAD_CY - 6)] + cubic(
            (cx - HEAD_RX - 5, HEAD_CY - 6), (cx - HEAD_RX - 10, HEAD_CY + 20),
            (cx - HEAD_RX - 6, HEAD_CY + 32), (cx - HEAD_RX - 14, shoulder_y + 6), 10)
        hair += [(cx - 6, HEAD_CY + 10)]
        cv.poly(hair, HAIR_Q)
        cv.poly(mirror_x(hair, cx), HAIR_Q)
        cv.ellipse((cx, HEAD_CY - 6), HEAD_RX + 5, HEAD_RY - 2, HAIR_Q)
    elif rank == "K":
        cv.ellipse((cx, HEAD_CY - 2), HEAD_RX + 3, HEAD_RY + 1, HAIR_K)
    else:
        cv.ellipse((cx, HEAD_CY - 4), HEAD_RX + 2.5, HEAD_RY, HAIR_J)

    # -- face ----------------------------------------------------------------------------
    cv.ellipse((cx, HEAD_CY), HEAD_RX, HEAD_RY, SKIN)
    draw_face(cv, cx, rank)

    # -- hair / beard in front of the face -------------------------------------------------
    if rank == "K":
        beard = [(cx - HEAD_RX + 0.5, HEAD_CY + 1)] + cubic(
            (cx - HEAD_RX + 0.5, HEAD_CY + 1), (cx - HEAD_RX + 2, HEAD_CY + 26),
            (cx + HEAD_RX - 2, HEAD_CY + 26), (cx + HEAD_RX - 0.5, HEAD_CY + 1), 18)
        beard += [(cx + 10, HEAD_CY + 6)] + bezier((cx + 10, HEAD_CY + 10), (cx, HEAD_CY + 4),
                                                   (cx - 10, HEAD_CY + 10), 8)
        cv.poly(beard, HAIR_K)
        # moustache
        for sgn in (-1, 1):
            m = bezier((cx, HEAD_CY + 8), (cx + sgn * 6, HEAD_CY + 5), (cx + sgn * 11, HEAD_CY + 9), 8)
            cv.polyline(m, (96, 96, 104), 2.2)
        cv.line((cx - 3.5, HEAD_CY + 13.5), (cx + 3.5, HEAD_CY + 13.5), (170, 40, 50), 1.6)
        # fringe under the crown
        cv.ellipse((cx, HEAD_CY - HEAD_RY + 6), HEAD_RX - 1, 6, HAIR_K)
    elif rank == "Q":
        fringe = bezier((cx - HEAD_RX - 1, HEAD_CY - 2), (cx - 4, HEAD_CY - 26),
                        (cx + HEAD_RX + 1, HEAD_CY - 2), 16)
        cv.poly(fringe + [(cx + 4, HEAD_CY - 12), (cx - 6, HEAD_CY - 9)], HAIR_Q)
    else:
        cv.poly(bezier((cx - HEAD_RX - 1, HEAD_CY - 1), (cx, HEAD_CY - 28),
                       (cx + HEAD_RX + 1, HEAD_CY - 1), 16)
                + [(cx + 8, HEAD_CY - 12), (cx - 8, HEAD_CY - 10)], HAIR_J)

    # -- headgear --------------------------------------------------------------------------
    if rank == "K":
        draw_crown(cv, cx, HEAD_CY - HEAD_RY + 4, suit)
    elif rank == "Q":
        draw_tiara(cv, cx, HEAD_CY - HEAD_RY + 2, suit)
    else:
        draw_cap(cv, cx, HEAD_CY - HEAD_RY + 6, suit)

    # -- the suit symbol beside the head -------------------------------------------------
    draw_suit(cv, suit, (NOTCH_X + 17, PANEL_T + 22), 26)
    # and an attribute in the other hand
    if rank == "K":
        draw_sceptre(cv, cx + 42, suit)
    elif rank == "Q":
        draw_flower(cv, cx - 42, MID_Y - 30, suit)


def draw_face(cv: Canvas, cx: float, rank: str) -> None:
    y = HEAD_CY
    # eyes
    for sgn in (-1, 1):
        cv.ellipse((cx + sgn * 6.5, y - 2), 2.0, 2.4, INK)
        brow = bezier((cx + sgn * 3.5, y - 7), (cx + sgn * 6.5, y - 9), (cx + sgn * 10, y - 7), 6)
        cv.polyline(brow, INK, 1.0)
    # nose
    cv.polyline([(cx, y - 1), (cx - 1.8, y + 6), (cx + 0.8, y + 6.8)], SKIN_SHADE, 1.2)
    if rank != "K":
        # mouth and cheeks
        cv.polyline(bezier((cx - 4, y + 11), (cx, y + 13.5), (cx + 4, y + 11), 6),
                    (190, 50, 60), 1.6)
        for sgn in (-1, 1):
            cv.ellipse((cx + sgn * 10, y + 6), 3, 2, (244, 196, 180))


def draw_crown(cv: Canvas, cx: float, base_y: float, suit: str) -> None:
    colour = suit_colour(suit)
    w = 21
    top = base_y - 26
    pts = [(cx - w, base_y), (cx - w - 2, top + 6), (cx - w * 0.55, top + 14), (cx, top),
           (cx + w * 0.55, top + 14), (cx + w + 2, top + 6), (cx + w, base_y)]
    cv.poly(pts, GOLD)
    cv.poly(pts, GOLD_DARK, 1.0)
    cv.rect(cx - w - 1, base_y - 6, 2 * w + 2, 7, GOLD_DARK)
    cv.rect(cx - w, base_y - 5, 2 * w, 5, GOLD)
    for x in (cx - 12, cx, cx + 12):
        cv.circle((x, base_y - 2.5), 2.1, colour)
    for p in (pts[1], pts[3], pts[5]):
        cv.circle(p, 3.0, GOLD_LIGHT)
        cv.circle(p, 3.0, GOLD_DARK, 0.8)
    cv.circle((cx, top + 12), 3.3, colour)


def draw_tiara(cv: Canvas, cx: float, base_y: float, suit: str) -> None:
    colour = suit_colour(suit)
    w = 17
    pts = [(cx - w, base_y)]
    pts += bezier((cx - w, base_y), (cx - w + 2, base_y - 12), (cx - 9, base_y - 12), 6)
    pts += bezier((cx - 9, base_y - 12), (cx - 4, base_y - 22), (cx, base_y - 22), 6)
    pts += bezier((cx, base_y - 22), (cx + 4, base_y - 22), (cx + 9, base_y - 12), 6)
    pts += bezier((cx + 9, base_y - 12), (cx + w - 2, base_y - 12), (cx + w, base_y), 6)
    cv.poly(pts, GOLD)
    cv.poly(pts, GOLD_DARK, 0.9)
    cv.rect(cx - w, base_y - 3, 2 * w, 4, GOLD_DARK)
    for x, y, r in ((cx - 10, base_y - 9, 2.3), (cx + 10, base_y - 9, 2.3)):
        cv.circle((x, y), r, colour)
    draw_suit(cv, suit, (cx, base_y - 12), 10, colour)
    for x, y in ((cx - w, base_y - 2), (cx + w, base_y - 2), (cx, base_y - 23)):
        cv.circle((x, y), 2.4, GOLD_LIGHT)
        cv.circle((x, y), 2.4, GOLD_DARK, 0.7)


def draw_cap(cv: Canvas, cx: float, base_y: float, suit: str) -> None:
    colour = suit_colour(suit)
    # feather plume sweeping up and back
    plume = (cubic((cx + 8, base_y - 10), (cx + 22, base_y - 40), (cx + 46, base_y - 38),
                   (cx + 52, base_y - 22), 16)
             + cubic((cx + 52, base_y - 22), (cx + 40, base_y - 30), (cx + 24, base_y - 24),
                     (cx + 14, base_y - 6), 16))
    cv.poly(plume, GOLD)
    cv.polyline(cubic((cx + 11, base_y - 8), (cx + 24, base_y - 32), (cx + 40, base_y - 34),
                      (cx + 50, base_y - 23), 16), GOLD_DARK, 0.9)
    for i in range(1, 5):
        t = i / 5
        x = cx + 11 + 39 * t
        y = base_y - 8 - 26 * math.sin(t * math.pi * 0.85)
        cv.line((x, y), (x + 3, y + 7), GOLD_DARK, 0.7)
    # the cap: a soft beret with a brim
    crown = (cubic((cx - 22, base_y + 1), (cx - 22, base_y - 24), (cx + 18, base_y - 26),
                   (cx + 24, base_y - 2), 18))
    cv.poly(crown, colour)
    cv.rect(cx - 23, base_y - 5, 48, 7, GOLD, radius=3)
    for x in (cx - 14, cx - 2, cx + 10):
        cv.circle((x, base_y - 1.5), 1.8, colour)


def draw_sceptre(cv: Canvas, x: float, suit: str) -> None:
    top = PANEL_T + 26
    cv.line((x, top + 6), (x - 6, MID_Y - 4), GOLD_DARK, 3.4)
    cv.line((x, top + 6), (x - 6, MID_Y - 4), GOLD, 2.0)
    cv.circle((x, top + 4), 5.5, GOLD)
    cv.circle((x, top + 4), 5.5, GOLD_DARK, 0.8)
    draw_suit(cv, suit, (x, top - 6), 12, suit_colour(suit))


def draw_flower(cv: Canvas, x: float, y: float, suit: str) -> None:
    petal = _palette.petal[suit]
    cv.polyline(bezier((x + 2, y + 24), (x - 4, y + 10), (x, y + 2), 8), (60, 120, 60), 1.8)
    cv.ellipse((x - 5, y + 14), 4, 2, (70, 140, 70))
    for i in range(5):
        a = math.radians(-90 + i * 72)
        cv.circle((x + 5.2 * math.cos(a), y + 5.2 * math.sin(a)), 4.2, petal)
    cv.circle((x, y), 3.2, GOLD)


# -- joker and back ----------------------------------------------------------------------------


def draw_joker(cv: Canvas) -> None:
    def index(layer: Canvas) -> None:
        y = 12.0
        cap = 24
        for i, ch in enumerate("JOKER"):
            colour = RED if i % 2 == 0 else BLACK
            img, base = text_ink("DejaVuSans-Bold.ttf", ch, cap, colour, 0.92)
            layer.surf.blit(img, (S(24) - img.get_width() // 2, S(y + cap) - base))
            y += cap + 8
        draw_suit_star(layer, (24, y + 10), 11)

    # central medallion with a jester's hat, on an oval sunburst
    c = (W / 2, H / 2)
    rays = 28
    for i in range(rays):
        a0 = math.radians(i * 360 / rays)
        a1 = math.radians((i + 0.5) * 360 / rays)
        rx, ry = 62, 86
        cv.poly([c, (c[0] + rx * math.cos(a0), c[1] + ry * math.sin(a0)),
                 (c[0] + rx * math.cos(a1), c[1] + ry * math.sin(a1))], (244, 228, 186))
    cv.circle(c, 54, (244, 234, 208))
    cv.circle(c, 54, GOLD, 2.0)
    cv.circle(c, 49.5, GOLD_LIGHT, 0.8)
    draw_jester_hat(cv, (c[0], c[1] + 5), 0.86)
    draw_corner_twice(cv, index)


def draw_suit_star(cv: Canvas, c: Point, r: float) -> None:
    cv.poly(star(c, r, r * 0.45), GOLD)
    cv.poly(star(c, r, r * 0.45), GOLD_DARK, 0.7)


def draw_jester_hat(cv: Canvas, c: Point, k: float = 1.0) -> None:
    """A three-pointed jester's hat with bells, centred on ``c``, scaled by ``k``."""
    cx, cy = c

    def P(dx: float, dy: float) -> Point:
        return (cx + dx * k, cy + dy * k)

    band = 22  # y offset of the hat band
    # three floppy points: left and right in red, the middle one in black
    left = ([P(-34, band)] + cubic(P(-34, band), P(-44, -10), P(-52, -20), P(-48, -36), 16)
            + cubic(P(-48, -36), P(-36, -14), P(-18, -6), P(-6, band - 4), 16))
    right = mirror_x(left, cx)
    middle = ([P(-16, band - 2)] + cubic(P(-16, band - 2), P(-16, -24), P(-4, -44), P(8, -48), 16)
              + cubic(P(8, -48), P(6, -30), P(14, -10), P(16, band - 2), 16))
    cv.poly(middle, BLACK)
    for side in (left, right):
        cv.poly(side, RED)
        cv.poly(side, (120, 10, 28), 0.8)
    # bells
    for p in (P(-48, -36), P(48, -36), P(8, -48)):
        cv.circle(p, 5.5 * k, GOLD)
        cv.circle(p, 5.5 * k, GOLD_DARK, 0.9)
        cv.line((p[0] - 2.5 * k, p[1] + 1.5 * k), (p[0] + 2.5 * k, p[1] + 1.5 * k), GOLD_DARK, 0.9)
    # band with diamonds
    x0, y0 = P(-38, band - 4)
    cv.rect(x0, y0, 76 * k, 13 * k, GOLD, radius=4 * k)
    cv.rect(x0, y0, 76 * k, 13 * k, GOLD_DARK, 0.9, radius=4 * k)
    for i, x in enumerate(range(-28, 29, 14)):
        col = RED if i % 2 == 0 else BLACK
        d = 4.2
        cv.poly([P(x, band + 2.5 - d), P(x + d * 0.8, band + 2.5), P(x, band + 2.5 + d),
                 P(x - d * 0.8, band + 2.5)], col)


def draw_back(cv: Canvas) -> None:
    m = 9  # white margin
    x0, y0, x1, y1 = m, m, W - m, H - m
    cv.rect(x0, y0, x1 - x0, y1 - y0, NAVY, radius=6)
    # diamond lattice clipped to the navy field
    lattice = Canvas()
    lattice.clip(x0 + 3, y0 + 3, x1 - x0 - 6, y1 - y0 - 6)
    step = 14
    cx, cy = W / 2, H / 2
    for k in range(-30, 31):
        off = k * step
        lattice.line((cx + off - 300, cy - 300), (cx + off + 300, cy + 300), NAVY_LINE, 1.0)
        lattice.line((cx + off - 300, cy + 300), (cx + off + 300, cy - 300), NAVY_LINE, 1.0)
    # a small dot in the middle of every lattice cell
    half = step / 2
    for i in range(-16, 17):
        for j in range(-22, 23):
            if (i + j) % 2:
                lattice.circle((cx + i * half, cy + j * half), 1.3, (132, 160, 214))
    lattice.unclip()
    cv.blit(lattice)
    # frame lines
    cv.rect(x0 + 4, y0 + 4, x1 - x0 - 8, y1 - y0 - 8, GOLD, 1.4, radius=4)
    cv.rect(x0, y0, x1 - x0, y1 - y0, NAVY_DARK, 1.2, radius=6)
    # central medallion
    c = (cx, cy)
    cv.ellipse(c, 40, 50, NAVY_DARK)
    cv.ellipse(c, 40, 50, GOLD, 2.2)
    cv.ellipse(c, 35, 45, FACE)
    cv.ellipse(c, 35, 45, GOLD, 1.0)
    cv.ellipse(c, 31, 41, NAVY)
    # four suits in a cross around a gold star
    for suit, (dx, dy) in zip(SUITS, ((0, -24), (21, 0), (0, 24), (-21, 0))):
        draw_suit(cv, suit, (cx + dx, cy + dy), 15, FACE)
    cv.poly(star(c, 10, 4, 8, -90), GOLD)
    # corner flourishes
    for sx, sy in ((x0 + 14, y0 + 14), (x1 - 14, y0 + 14), (x0 + 14, y1 - 14), (x1 - 14, y1 - 14)):
        cv.poly(star((sx, sy), 6, 2.4, 4, -90), GOLD)


# ============================================================================================
# Assembly
# ============================================================================================


def make_image(code: str, four_colour: bool = False) -> pygame.Surface:
    """The image of ``code``, in the four-colour deck's colours if ``four_colour`` (the
    joker and the back are the same in both decks)."""
    global _palette
    previous, _palette = _palette, PALETTES["four-colour" if four_colour else "standard"]
    try:
        return _make_image(code)
    finally:
        _palette = previous


def _make_image(code: str) -> pygame.Surface:
    if code == "back":
        cv = blank_card(FACE)
        draw_back(cv)
        return cv.final()
    cv = blank_card()
    if code == "JK":
        draw_joker(cv)
        return cv.final()
    rank, suit = code[:-1], code[-1]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card code: {code!r}")
    draw_corner_twice(cv, lambda layer: draw_index(layer, rank, suit))
    if rank == "A":
        draw_ace(cv, suit)
    elif rank in ("J", "Q", "K"):
        draw_court(cv, rank, suit)
    else:
        draw_pips(cv, rank, suit)
    return cv.final()


def contact_sheet(images: dict[str, pygame.Surface]) -> pygame.Surface:
    cols, gap = 13, 12
    codes = [code for code in CARD_CODES if code in images]
    rows = [codes[i:i + 13] for i in range(0, len(codes), 13)]
    extra = [code for code in ("JK", "back") if code in images]
    if extra:
        rows.append(extra)
    sheet = pygame.Surface((gap + cols * (W + gap), gap + len(rows) * (H + gap)))
    sheet.fill((22, 92, 60))
    for r, row in enumerate(rows):
        for c, code in enumerate(row):
            sheet.blit(images[code], (gap + c * (W + gap), gap + r * (H + gap)))
    return sheet


def generate(out_dir: Path, sheet_path: Path | None = None,
             four_colour: bool = False) -> dict[str, pygame.Surface]:
    """Write the deck's images to ``out_dir``: all 54, or with ``four_colour`` only the 26
    the four-colour deck draws otherwise (the diamonds and clubs; the game takes the others
    from the standard deck)."""
    pygame.font.init()
    out_dir.mkdir(parents=True, exist_ok=True)
    images = {}
    for code in FOUR_COLOUR_CODES if four_colour else ALL_IMAGES:
        img = make_image(code, four_colour)
        assert img.get_size() == (W, H), (code, img.get_size())
        pygame.image.save(img, str(out_dir / f"{code}.png"))
        images[code] = img
    if sheet_path is not None:
        sheet_path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(contact_sheet(images), str(sheet_path))
    return images


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="directory to write the PNG files to")
    parser.add_argument("--sheet", type=Path, default=None,
                        help="also write a contact sheet of all images to this PNG file")
    parser.add_argument("--four-colour", action="store_true",
                        help="draw the four-colour deck's diamonds and clubs instead (to "
                             f"{DEFAULT_OUT_FOUR.relative_to(ROOT)} unless --out is given)")
    args = parser.parse_args(argv)
    out = args.out or (DEFAULT_OUT_FOUR if args.four_colour else DEFAULT_OUT)
    images = generate(out, args.sheet, args.four_colour)
    print(f"wrote {len(images)} images to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
