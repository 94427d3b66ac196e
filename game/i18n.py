"""Languages: the gettext catalogues, the current language and numbers written for it.

One text domain (``parlour``); English is the source language, Persian (``fa``) and
Vietnamese (``vi``) come from ``game/locale/<lang>/LC_MESSAGES/parlour.mo``, compiled from
the ``.po`` next to it by ``tools/catalogues.py`` (which also extracts and checks). Call
sites use ``_()`` and ``ngettext()`` with named placeholders
(``_("{game}, deal {deal}").format(...)``), read at draw or build time so that a change of
language shows at once. Scenes that cache words
rebuild themselves when told (``language_changed``).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "parlour"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "fa": "فارسی", "vi": "Tiếng Việt"}
"""Language code -> its name written in that language (as the Settings screen offers it)."""
RTL_LANGUAGES = frozenset({"fa"})
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
ASCII_DIGITS = {persian: ascii_ for ascii_, persian in PERSIAN_DIGITS.items()}

_current = "en"
_translations: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Callable[[], None]] = []


def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (English, or a missing catalogue, gives the source text)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def set_language(lang: str) -> None:
    """Make ``lang`` the current language (unknown codes give English) and tell listeners."""
    global _current, _translations
    lang = lang if lang in LANGUAGES else "en"
    changed = lang != _current
    _current = lang
    _translations = translations(lang)
    if changed:
        for listener in list(_listeners):
            listener()


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener()`` after every change of language (e.g. to forget rendered text)."""
    if listener not in _listeners:
        _listeners.append(listener)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words made inside the block are in ``lang`` (a message composed before the language
    is switched on, e.g. about the settings file that names it); nobody is told."""
    global _translations
    kept = _translations
    _translations = translations(lang if lang in LANGUAGES else "en")
    try:
        yield
    finally:
        _translations = kept


def language() -> str:
    return _current


def is_rtl(lang: str | None = None) -> bool:
    """Does ``lang`` (default: the current language) read right to left?"""
    return (lang or _current) in RTL_LANGUAGES


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` (plural rules from the catalogue)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as one game says it (``context``: e.g. "chan").

    For the few words whose translation depends on the game (Chắn's "Draw" turns a card
    from the stock, Telefunken's takes one): ``msgctxt`` in the catalogues.
    """
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context (see ``pgettext``)."""
    return _translations.npgettext(context, singular, plural, n)


YOU = "you"
"""The context of a sentence said of the person at the screen ("You drew from the stock"),
beside the same sentence said of another seat: a language whose verbs agree with the
person (Persian) says the two differently, where English says only the name."""


def is_you(name: str) -> bool:
    """Is this seat name the single person at the screen ("You" in any language)?"""
    return name in ("You", _("You"))


def Y_(you: bool, message: str) -> str:
    """``message`` said of the person at the screen (``you``) or of another seat: the
    catalogues hold it twice, plain and in the context ``YOU`` (the extraction makes both);
    a "you" form not yet translated falls back to the plain one."""
    if you:
        said = _translations.pgettext(YOU, message)
        if said != message:
            return said
    return _translations.gettext(message)


def nY_(you: bool, singular: str, plural: str, n: int) -> str:
    """``Y_`` with a count (``ngettext``)."""
    if you:
        said = _translations.npgettext(YOU, singular, plural, n)
        if said not in (singular, plural):
            return said
    return _translations.ngettext(singular, plural, n)


def NP_(context: str, message: str) -> str:
    """Mark ``message`` for translation in ``context``; translate it with ``pgettext`` later."""
    return message


def engine_text(text: str) -> str:
    """A reason only the engine could give, written in English (a table's last resort): as it
    is in English; in another language a plain sentence of that language instead, so that
    the player never meets an English sentence."""
    return text if _current == "en" else _("This move is not allowed now.")


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; translate it with ``_()`` later."""
    return message


def digits(text: str, lang: str | None = None) -> str:
    """``text`` with its ASCII digits written as the language writes them (Persian: ۰–۹)."""
    return text.translate(PERSIAN_DIGITS) if (lang or _current) == "fa" else text


def ascii_digits(text: str) -> str:
    """``text`` with Persian digits written back as ASCII ones (``digits`` undone)."""
    return text.translate(ASCII_DIGITS)


def num(value: int | float | str, lang: str | None = None) -> str:
    """A number as shown to the player in the language (Persian digits in Persian)."""
    return digits(str(value), lang)


def signed(value: int) -> str:
    """A gain or loss with its sign ("+3", "−2" as "-2"), and nothing as "0" (not "+0")."""
    return num(f"{value:+d}" if value else "0")


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system's language when it is one we speak, else English.

    Reads ``LANGUAGE`` (a colon-separated list of preferences), ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` in gettext's order; the first one set decides.
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":
            return "en"
    return "en"
