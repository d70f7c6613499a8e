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

