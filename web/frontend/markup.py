"""Tiny HTML helpers: every screen is a string of HTML built from a view, escaped here."""
from html import escape

from pycore.kit.words import Reader, capital, counted, join_names, ordinal  # noqa: F401 (the words people read, one spelling)


def esc(value) -> str:
    return escape(str(value), quote=True)


def attrs(**values) -> str:
    """attrs(data_command="guess", data_hand=2, disabled=True) -> ' data-command="guess" data-hand="2" disabled'"""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def button(label: str, command: str, cls: str = "btn", **data) -> str:
    extra = {f"data_{key}": value for key, value in data.items() if key not in ("disabled", "title", "aria_label")}
    return (f"<button{attrs(class_=cls, data_command=command, disabled=data.get('disabled'), title=data.get('title'), aria_label=data.get('aria_label'), **extra)}>"
            f"{label}</button>")


def breakable(name: str, piece: int = 5) -> str:
    """A name as HTML that a narrow chip may break only with a hyphen: a soft hyphen every
    ``piece`` letters of a long word (never leaving fewer than three letters on a line), since a
    name is in no hyphenation dictionary.

    >>> breakable("Bartholomew Jones")
    'Barth&shy;olomew Jones'
    """
    words = []
    for word in name.split(" "):
        cuts = range(piece, len(word) - 2, piece) if len(word) > 2 * piece - 2 else ()
        parts, start = [], 0
        for cut in cuts:
            parts.append(word[start:cut])
            start = cut
        parts.append(word[start:])
        words.append("&shy;".join(esc(part) for part in parts))
    return " ".join(words)
