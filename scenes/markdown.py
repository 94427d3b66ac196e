"""A small Markdown subset for the rules texts, parsed and laid out for pygame.

Supported: ``#``/``##``/``###`` headings, paragraphs (lines joined), ``- `` bullets,
``1. `` numbered items, ``**bold**`` inline, and pipe tables (header, separator, rows).
``layout`` turns a text into positioned pieces (text surfaces, rules, table cells) so the
viewer draws only what is visible.

``layout(..., rtl=True)`` lays a right-to-left text (Persian) out from the right edge:
lines are broken in reading order, then each line is placed right to left, a run of
consecutive Latin words or numbers keeping its own left-to-right order; bullets and
numbers stand on the right and table columns read from the right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game import i18n
from scenes import theme


@dataclass
class Block:
    kind: str  # "h1" "h2" "h3" "p" "bullet" "number" "table"
    text: str = ""
    marker: str = ""
    rows: list[list[str]] | None = None


def parse(text: str) -> list[Block]:
    """Split Markdown text into blocks."""
    blocks: list[Block] = []
    para: list[str] = []
    lines = text.splitlines()

    def flush() -> None:
        if para:
            blocks.append(Block("p", " ".join(s.strip() for s in para)))
            para.clear()

    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(Block(f"h{min(level, 3)}", stripped[level:].strip()))
        elif stripped.startswith("- ") or stripped.startswith("* "):
            flush()
            blocks.append(Block("bullet", stripped[2:].strip()))
        elif re.match(r"^\d+[.)] ", stripped):
            flush()
            number, rest = stripped.split(" ", 1)
            blocks.append(Block("number", rest.strip(), marker=number))
        elif stripped.startswith("|"):
            flush()
            rows: list[list[str]] = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            blocks.append(Block("table", rows=rows))
            continue
        elif blocks and blocks[-1].kind in ("bullet", "number") and not para and line.startswith(" "):
            blocks[-1].text += " " + stripped  # continuation of a list item
        else:
            para.append(stripped)
        i += 1
    flush()
    return blocks


@dataclass
class Piece:
    """Something to draw at (x, y) relative to the document's top-left."""

    x: int
    y: int
    surface: pygame.Surface | None = None
    rect: pygame.Rect | None = None
    color: tuple[int, int, int] = (0, 0, 0)
    heading: str = ""


STYLES = {"h1": (34, "serif", theme.GOLD), "h2": (25, "serif", theme.GOLD),
          "h3": (20, "bold", theme.INK), "body": (18, "sans", theme.INK)}


def _runs(text: str) -> list[tuple[str, bool, bool]]:
    """Words with their bold flag and whether a space stands before them.

    A word that touches the previous one across a ``**`` boundary (``**Chi Chi**.``) is
    glued to it: no space is drawn before the full stop.
    """
    words: list[tuple[str, bool, bool]] = []
    glued = False  # does the text continue the previous word with no blank?
    for k, part in enumerate(re.split(r"\*\*", text)):
        for m in re.finditer(r"\S+", part):
            space_before = bool(words) and not (m.start() == 0 and glued)
            words.append((m.group(), k % 2 == 1, space_before))
        if part:
            glued = not part[-1].isspace()
    return words


def _wrap_runs(text: str, width: int, size: int, color, x0: int, y0: int,
               pieces: list[Piece], base_style: str = "sans", rtl: bool = False) -> int:
    """Lay out inline-bold text in lines; return the y below the last line."""
    line_h = round(size * 1.45)
    space = theme.font(size, base_style).size(" ")[0]
    lines: list[list[tuple]] = [[]]  # (surface, gap before, word, style)
    last_spaced = False  # a space stood before the last word in the text
    x = 0
    for word, bold, space_before in _runs(text):
        style = "bold" if bold else base_style
        surf = theme.text(word, size, color, style)
        last_spaced = space_before
        gap = space if space_before and lines[-1] else 0
        if lines[-1] and x + gap + surf.get_width() > width:
            lines.append([])
            x, gap = 0, 0
        lines[-1].append((surf, gap, word, style))
        x += gap + surf.get_width()
    if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) >= 3:
        # a paragraph never ends on a word alone where the line before can give it a
        # second (Vietnamese and Persian rules ended "… của / nó.", pt104)
        lone, given = lines[-1][0], lines[-2][-1]
        gap = space if last_spaced else 0
        if given[0].get_width() + gap + lone[0].get_width() <= width:
            lines[-2].pop()
            lines[-1] = [(given[0], 0, given[2], given[3]), (lone[0], gap, lone[2], lone[3])]
    y = y0
    for line in lines:
        if rtl:
            _place_rtl(line, x0 + width, y, pieces, size, color, base_style)
        else:
            x = x0
            for surf, gap, _word, _style in line:
                x += gap
                pieces.append(Piece(x, y, surf))
                x += surf.get_width()
        y += line_h
    return y


def _place_rtl(line: list[tuple], right: int, y: int, pieces: list[Piece], size: int,
               color, base_style: str) -> None:
    """Place one line of a right-to-left text, flush with ``right``: the bidi runs of the
    whole line (``theme.bidi_spans``) drawn in visual order, each cut where bold starts or
    stops."""
    chars: list[str] = []
    styles: list[str] = []
    for _surf, gap, word, style in line:
        if gap:
            chars.append(" ")
            styles.append(base_style)
        chars.extend(word)
        styles.extend([style] * len(word))
    string = "".join(chars)
    parts: list[pygame.Surface] = []
    for start, end, rtl in theme.bidi_spans(string):
        segments: list[tuple[int, int]] = []
        seg = start
        for k in range(start + 1, end + 1):
            if k == end or styles[k] != styles[seg]:
                segments.append((seg, k))
                seg = k
        if rtl:
            segments.reverse()  # inside a right-to-left run the first segment is rightmost
        for a, b in segments:  # (the isolates' marks are not drawn: a card's name, "4♦",
            # is kept left to right by them)
            shown = theme.unmarked(string[a:b])
            if shown:
                parts.append(theme.run_text(shown, size, color, styles[a], rtl))
    x = right - sum(p.get_width() for p in parts)
    for part in parts:
        pieces.append(Piece(x, y, part))
        x += part.get_width()


def layout(text: str, width: int, rtl: bool = False) -> tuple[list[Piece], int]:
    """Position the document in a column ``width`` pixels wide; return pieces and height.

    ``rtl``: a right-to-left document (lines placed from the right edge)."""
    pieces: list[Piece] = []
    y = 0
    for block in parse(text):
        if block.kind in ("h1", "h2", "h3"):
            size, style, color = STYLES[block.kind]
            y += {"h1": 0, "h2": 22, "h3": 12}[block.kind] if y else 0
            start = len(pieces)
            y = _wrap_runs(block.text.replace("**", ""), width, size, color, 0, y, pieces, style,
                           rtl)
            pieces[start].heading = block.text.replace("**", "")
            if block.kind == "h2":
                pieces.append(Piece(0, y - 4, rect=pygame.Rect(0, 0, width, 1),
                                    color=theme.GOLD_DARK))
                y += 6
            y += 4
        elif block.kind == "p":
            size = STYLES["body"][0]
            y = _wrap_runs(block.text, width, size, theme.INK, 0, y, pieces, rtl=rtl) + 8
        elif block.kind in ("bullet", "number"):
            size = STYLES["body"][0]
            marker = "•" if block.kind == "bullet" else i18n.digits(block.marker)
            mark = theme.text(marker, size, theme.GOLD, "bold")
            pieces.append(Piece(width - 10 - mark.get_width() if rtl else 10, y, mark))
            y = _wrap_runs(block.text, width - 40, size, theme.INK, 0 if rtl else 40, y, pieces,
                           rtl=rtl) + 4
        elif block.kind == "table" and block.rows:
            y = _table(block.rows, width, y, pieces, rtl) + 12
    return pieces, y


def _table(rows: list[list[str]], width: int, y: int, pieces: list[Piece],
           rtl: bool = False) -> int:
    columns = max(len(r) for r in rows)
    size = 16
    pad = 10
    natural = [0] * columns
    for row in rows:
        for c, cell in enumerate(row):
            natural[c] = max(natural[c], theme.text_width(cell.replace("**", ""), size, "bold"))
    total = sum(natural) + 2 * pad * columns
    if total <= width:
        widths = [n + 2 * pad for n in natural]
    else:
        share = [max(60, n) for n in natural]
        scale = (width - 2 * pad * columns) / sum(share)
        widths = [max(60, round(s * scale)) + 2 * pad for s in share]
    for r, row in enumerate(rows):
        cell_pieces: list[Piece] = []
        bottom = y
        x = 0
        for c in range(columns):
            cell = row[c] if c < len(row) else ""
            text = f"**{cell}**" if r == 0 and "**" not in cell else cell
            color = theme.GOLD if r == 0 else theme.INK
            cx = sum(widths) - x - widths[c] if rtl else x
            if rtl:
                cx += width - sum(widths)
            end = _wrap_runs(text, widths[c] - 2 * pad, size, color, cx + pad, y + 6,
                             cell_pieces, rtl=rtl)
            bottom = max(bottom, end + 4)
            x += widths[c]
        fill = (40, 52, 66) if r == 0 else ((30, 40, 52) if r % 2 else (24, 32, 42))
        left = width - sum(widths) if rtl else 0
        pieces.append(Piece(left, y, rect=pygame.Rect(0, 0, sum(widths), bottom - y), color=fill))
        pieces.extend(cell_pieces)
        y = bottom
    return y
