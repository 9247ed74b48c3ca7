"""User-visible texts of the core, translatable on the QGIS side.

The core never imports Qt, so it cannot translate.  It marks its texts
instead, and the ui translates them where it shows them (ui/i18n.py
``translate``); scripts/update_ts.py collects the marked literals:

* ``N_("text")`` marks a fixed text (progress messages, labels) and returns
  it unchanged;
* ``msg("{} of {} tile(s) ...", a, b)`` builds a warning from a template:
  a ``str`` (the formatted English text, so it joins, compares and goes into
  JSON like any string) that also remembers its template and arguments, so the
  ui can format the translated template with the same arguments.
"""
from __future__ import annotations

from typing import Callable



def N_(text: str) -> str:
    """Marks ``text`` for translation; returns it unchanged."""
    return text


class Text(str):
    """English text built from ``template.format(*args)``, remembering both."""

    def __new__(cls, template, *args):
        self = super().__new__(cls, template.format(*args) if args else template)
        self.template = template
        self.args = args
        return self

    def __reduce__(self):  # pickles (worker processes, Dask) with its template
        return (Text, (self.template,) + tuple(self.args))


def msg(template: str, *args) -> Text:
    """A translatable warning / message: ``template`` is a literal with ``{}``
    placeholders (collected for translation), ``args`` its values."""
    return Text(template, *args)


def translate(text: object, tr: Callable[[str], str]) -> object:
    """``text`` in the language of ``tr`` (a function translating a template):
    a Text is formatted from its translated template (Text arguments are
    translated too), a plain string is translated as it is (unchanged when
    it is not in the catalogue)."""
    if isinstance(text, Text):
        if not text.args:
            return tr(text.template)
        args = [translate(a, tr) if isinstance(a, Text) else a for a in text.args]
        try:
            return tr(text.template).format(*args)
        except (IndexError, KeyError, ValueError):  # a broken translation
            return text.template.format(*args)
    if isinstance(text, str):
        return tr(text)
    return text


def message_of(exc: BaseException) -> str:
    """The message of ``exc``: its one text argument as it is (a Text keeps
    its template, so it is translated where it is shown; ``str(exc)`` would
    make it a plain English string), else ``str(exc)``."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)
