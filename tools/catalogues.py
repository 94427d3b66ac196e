"""The translation catalogues: extract the messages, update the .po files, compile the .mo.

    python tools/catalogues.py update    # new messages into every .po (empty), then compile
    python tools/catalogues.py compile   # .po -> .mo (what the game reads at run time)
    python tools/catalogues.py check     # exit 1 on a missing, fuzzy or badly placed entry,
                                         # or on a .mo that does not match its .po

Standard gettext, with the standard library only (no Babel, no GNU gettext needed): the
messages are the string literals given to ``_()``, ``N_()`` and ``ngettext()`` in the
files of ``SOURCES`` (found with ``ast``); the catalogues are
``game/locale/<lang>/LC_MESSAGES/parlour.po`` with their compiled ``parlour.mo`` beside
them (committed, so that ``pip install -e .`` and ``python -m game`` need no extra step).
The .mo writer makes the same bytes as ``msgfmt`` would for the same entries (sorted keys,
no hash table), so the check can compare files byte for byte.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.i18n import YOU  # noqa: E402  (the context of sentences said of you)

LOCALE = ROOT / "game" / "locale"
DOMAIN = "parlour"
LANGS = ("fa", "vi")
SOURCES = (
    "game/catalog.py", "scenes/widgets.py", "scenes/menu.py", "scenes/setup.py",
    "scenes/settings.py", "scenes/pause.py", "scenes/stats.py", "scenes/results.py",
    "scenes/replay.py", "scenes/rules_viewer.py", "scenes/resume.py",
    "scenes/game_table.py", "scenes/sandbox_table.py", "scenes/marks.py", "scenes/card_sync.py",
    "scenes/fan.py", "game/card_words.py", "game/session.py", "game/storage.py", "game/saves.py",
    "game/words/chan.py", "scenes/chan/prompts.py", "scenes/chan/panels.py", "scenes/chan/words.py",
    "scenes/telefunken/words.py", "scenes/telefunken/panels.py", "scenes/telefunken/table.py",
    "game/words/telefunken.py", "game/app.py", "game/settings.py", "game/stats.py", "game/i18n.py",
    "game/words/zetema.py", "scenes/zetema/words.py",
    "game/words/zertz.py", "scenes/zertz/words.py", "scenes/zertz/table.py",
    "game/last_setup.py", "scenes/quit_warning.py",
)
HEADERS = {
    "fa": ("Persian", "nplurals=2; plural=(n > 1);"),
    "vi": ("Vietnamese", "nplurals=1; plural=0;"),
}
KEYWORDS = ("_", "N_", "ngettext", "pgettext", "npgettext", "NP_", "Y_", "nY_")
CONTEXT_KEYWORDS = ("pgettext", "npgettext", "NP_")
YOU_KEYWORDS = ("Y_", "nY_")
"""Said of you or of another seat (``game.i18n.Y_``): extracted plain and in the context
``game.i18n.YOU``."""
CONTEXT_SEP = "\x04"
"""A message with a context (``msgctxt``) is keyed "context\\x04msgid", as gettext's .mo has it."""
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    where: list[str] = field(default_factory=list)


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)  # msgstr, or msgstr[0..n]
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


# -- extraction ----------------------------------------------------------------------------

def extract(sources: tuple[str, ...] = SOURCES) -> dict[str, Message]:
    """Every message of the sources, in order of first appearance."""
    messages: dict[str, Message] = {}
    for rel in sources:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"), rel)
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
                 and isinstance(n.func, ast.Name) and n.func.id in KEYWORDS]
        calls.sort(key=lambda n: (n.lineno, n.col_offset))
        for call in calls:
            args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                    for a in call.args]
            contexts: tuple[str | None, ...] = (None,)
            if call.func.id in CONTEXT_KEYWORDS:
                contexts, args = ((args[0],) if args else (None,)), args[1:]
                if contexts[0] is None:
                    continue
            elif call.func.id in YOU_KEYWORDS:
                contexts, args = (None, YOU), args[1:]   # (its first argument: whether you)
            if not args or args[0] is None:
                continue
            plural = (args[1] if call.func.id in ("ngettext", "npgettext", "nY_") and len(args) > 1
                      else None)
            for context in contexts:
                key = args[0] if context is None else f"{context}{CONTEXT_SEP}{args[0]}"
                message = messages.setdefault(key, Message(key, plural))
                message.where.append(f"{rel}:{call.lineno}")
    return messages


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


# -- .po reading and writing ---------------------------------------------------------------

def _unquote(s: str) -> str:
    return ast.literal_eval(s)


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file (header included, with msgid "")."""
    entries: list[Entry] = []
    entry: Entry | None = None
    comments: list[str] = []
    fuzzy = False
    target: tuple[str, int] | None = None
    context: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            comments.append(raw)
            continue
        if line.startswith("msgctxt "):
            context = _unquote(line[8:])
            continue
        if line.startswith("msgid "):
            prefix = "" if context is None else context + CONTEXT_SEP
            context = None
            entry = Entry(prefix + _unquote(line[6:]), fuzzy=fuzzy, comments=comments)
            entries.append(entry)
            comments, fuzzy = [], False
            target = ("msgid", 0)
        elif line.startswith("msgid_plural ") and entry is not None:
            entry.plural = _unquote(line[13:])
            target = ("plural", 0)
        elif line.startswith("msgstr[") and entry is not None:
            index = int(line[7:line.index("]")])
            while len(entry.strings) <= index:
                entry.strings.append("")
            entry.strings[index] = _unquote(line[line.index("]") + 1:].strip())
            target = ("msgstr", index)
        elif line.startswith("msgstr ") and entry is not None:
            entry.strings = [_unquote(line[7:])]
            target = ("msgstr", 0)
        elif line.startswith('"') and entry is not None and target is not None:
            more = _unquote(line)
            kind, index = target
            if kind == "msgid":
                entry.msgid += more
            elif kind == "plural":
                entry.plural = (entry.plural or "") + more
            else:
                entry.strings[index] += more
        else:
            raise ValueError(f"cannot read this .po line: {raw!r}")
    return entries


def _quote(s: str) -> str:
    body = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'


def header_text(lang: str) -> str:
    name, plural = HEADERS[lang]
    return (f"Project-Id-Version: parlour 0.1.0\nLanguage: {lang}\nMIME-Version: 1.0\n"
            f"Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {plural}\n")


def write_po(lang: str, messages: dict[str, Message], old: list[Entry]) -> str:
    """The .po text of ``lang``: every message, keeping the translations already made."""
    name, plural_rule = HEADERS[lang]
    nplurals = int(re.search(r"nplurals=(\d+)", plural_rule).group(1))
    known = {e.msgid: e for e in old if e.msgid}
    out = [f"# {name} translations of Parlour's screens.",
           "# Update with: python tools/catalogues.py update", 'msgid ""', 'msgstr ""']
    out += [_quote(line + "\n") for line in header_text(lang).splitlines()]
    for message in messages.values():
        entry = known.get(message.msgid)
        out.append("")
        out.append("#: " + " ".join(message.where))
        if entry is not None and entry.fuzzy:
            out.append("#, fuzzy")
        if CONTEXT_SEP in message.msgid:
            context, msgid = message.msgid.split(CONTEXT_SEP, 1)
            out.append(f"msgctxt {_quote(context)}")
            out.append(f"msgid {_quote(msgid)}")
        else:
            out.append(f"msgid {_quote(message.msgid)}")
        if message.plural is not None:
            out.append(f"msgid_plural {_quote(message.plural)}")
            strings = (entry.strings if entry else []) + [""] * nplurals
            for i in range(nplurals):
                out.append(f"msgstr[{i}] {_quote(strings[i])}")
        else:
            out.append(f"msgstr {_quote(entry.strings[0] if entry and entry.strings else '')}")
    return "\n".join(out) + "\n"


# -- .mo -------------------------------------------------------------------------------------

def mo_bytes(entries: list[Entry]) -> bytes:
    """The GNU .mo file of the translated, non-fuzzy entries (and the header)."""
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if (e.fuzzy and e.msgid) or not e.strings or not any(e.strings):
            continue
        key = e.msgid if e.plural is None else e.msgid + "\0" + e.plural
        pairs[key.encode("utf-8")] = "\0".join(e.strings).encode("utf-8")
    keys = sorted(pairs)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    n = len(keys)
    start = 7 * 4 + 16 * n
    offsets, pos = [], 0
    for k in keys:
        offsets.append((len(k), start + pos))
        pos += len(k) + 1
    str_offsets, pos = [], 0
    for k in keys:
        str_offsets.append((len(pairs[k]), start + len(ids) + pos))
        pos += len(pairs[k]) + 1
    out = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    out += b"".join(struct.pack("<2I", *o) for o in offsets)
    out += b"".join(struct.pack("<2I", *o) for o in str_offsets)
    return out + ids + strs


def compile_lang(lang: str) -> bytes:
    return mo_bytes(parse_po(po_path(lang).read_text(encoding="utf-8")))


# -- checks ----------------------------------------------------------------------------------

def problems(lang: str, messages: dict[str, Message] | None = None) -> list[str]:
    """What is wrong with a catalogue: missing, fuzzy or empty entries, placeholders that
    differ from the source, a stale .mo."""
    messages = extract() if messages is None else messages
    entries = {e.msgid: e for e in parse_po(po_path(lang).read_text(encoding="utf-8"))}
    found = []
    for msgid, message in messages.items():
        entry = entries.get(msgid)
        if entry is None:
            found.append(f"{lang}: missing {msgid!r}")
            continue
        if entry.fuzzy:
            found.append(f"{lang}: fuzzy {msgid!r}")
        if not entry.strings or not all(entry.strings):
            found.append(f"{lang}: untranslated {msgid!r}")
            continue
        wanted = placeholders(msgid) | (placeholders(message.plural) if message.plural else set())
        # (the singular of a plural may leave the number out, as English's "a marriage of…"
        # does: "1 marriage" read as a stray figure in Persian, pt107; never another name)
        optional = {"count"} if message.plural and "count" not in placeholders(msgid) else set()
        for s in entry.strings:
            if not wanted - optional <= placeholders(s) <= wanted:
                found.append(f"{lang}: placeholders {sorted(placeholders(s))} != {sorted(wanted)}"
                             f" in {msgid!r}")
    if not mo_path(lang).is_file() or mo_path(lang).read_bytes() != compile_lang(lang):
        found.append(f"{lang}: {mo_path(lang).name} is not up to date "
                     "(python tools/catalogues.py compile)")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        messages = extract()
        for lang in LANGS:
            path = po_path(lang)
            old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else []
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write_po(lang, messages, old), encoding="utf-8")
        command = "compile"
    if command == "compile":
        for lang in LANGS:
            mo_path(lang).write_bytes(compile_lang(lang))
            print(f"wrote {mo_path(lang).relative_to(ROOT)}")
        return 0
    if command == "check":
        found = [p for lang in LANGS for p in problems(lang)]
        print("\n".join(found) if found else "catalogues complete and compiled")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
