#!/usr/bin/env python3
"""Update the Qt Linguist translation files i18n/roadmetrics_<lang>.ts.

Collects every user-visible string of the plugin:

  * each string literal passed to ``tr(...)`` or ``tr_noop(...)`` in ui/*.py
    and plugin.py, and to ``tr(...)`` (the reports' translation argument),
    ``N_(...)`` and ``msg(...)`` (core/text.py: progress messages, warnings,
    errors) in core/ (parsed with ``ast``; in ``tr("...").format(...)`` only
    the literal);
  * from the metric registry (core/registry.py, ``all_specs()``): each
    algorithm's name, group, help and reference, the label and help of every
    parameter (``all_params()``: with the shared network and seed
    parameters), output and sink;

and merges them into the .ts file(s), which are the only store of the
translations: strings already translated keep their translation, new strings
are added with type="unfinished", strings no longer used are kept with
type="vanished" (lrelease leaves them out of the .qm).

Needs only Python 3 with numpy and scipy (the registry imports the core);
no QGIS, no lupdate.

    python3 scripts/update_ts.py            # update i18n/roadmetrics_fr.ts
    python3 scripts/update_ts.py --check    # exit 1 if a string lacks a translation
                                            # or a user-visible string is not marked
    python3 scripts/update_ts.py --lang de  # create / update another language
"""
import argparse
import ast
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
I18N = os.path.join(ROOT, "i18n")
CONTEXT = "RoadMetrics"  # ui/i18n.py CONTEXT
TS_NAME = "roadmetrics_{}.ts"
LANGUAGES = {"fr": "fr_FR", "de": "de_DE", "es": "es_ES", "it": "it_IT", "pt": "pt_PT",
             "nl": "nl_NL", "pl": "pl_PL", "cs": "cs_CZ", "ja": "ja_JP", "zh": "zh_CN"}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


# -- collecting ---------------------------------------------------------------
MARKERS = ("tr", "tr_noop", "N_", "msg")


def _is_tr(func):
    """``tr(...)`` or ``<module>.tr(...)`` (e.g. ``i18n.tr``), or one of the
    other MARKERS; not ``self.tr``, which would translate in another context."""
    if isinstance(func, ast.Name):
        return func.id in MARKERS
    return (isinstance(func, ast.Attribute) and func.attr in MARKERS
            and not (isinstance(func.value, ast.Name) and func.value.id == "self"))


def collect_source_strings(paths):
    """[(text, origin)] of the string literals passed to tr() in ``paths``."""
    out = []
    for path in paths:
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), filename=path)
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _is_tr(n.func)]
        calls.sort(key=lambda n: (n.lineno, n.col_offset))
        for call in calls:
            if not call.args:
                continue
            arg = call.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append((arg.value, f"{rel}:{call.lineno}"))
            # non-literal arguments (tr(self.spec.name), ...) are registry
            # strings, collected from the registry itself
    return out


def ui_files():
    return sorted(glob.glob(os.path.join(ROOT, "ui", "*.py"))) + [os.path.join(ROOT, "plugin.py")]


def core_files():
    return sorted(glob.glob(os.path.join(ROOT, "core", "**", "*.py"), recursive=True))


# -- user-visible strings that are not marked -------------------------------------
# where a text reaches the user: progress messages, warnings, errors, the
# log, parameter and output labels
FEEDBACK = ("pushInfo", "pushWarning", "reportError", "setProgressText", "pushCommandInfo",
            "pushConsoleInfo", "pushDebugInfo")
# core modules whose errors only a programming error can raise (never shown
# to a user of the plugin): not checked
INTERNAL = {"core/network/assignment.py", "core/metrics/geometric/overlap.py",
            "core/metrics/paths/pathsample.py", "core/result.py", "core/geometry/wkb.py",
            "core/text.py"}


def _words(node):
    """True when a string expression has literal text with letters (a text
    to translate; '=== {} ===' or ': ' are not)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[A-Za-z]{2}", node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_words(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _words(node.left) or _words(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr == "format":  # "...".format(...) without tr()
        return _words(node.func.value)
    return False


def _warnings_list(node):
    if isinstance(node, ast.Name):
        return node.id in ("warnings", "w")
    return isinstance(node, ast.Attribute) and node.attr == "warnings"


def _visible_args(call):
    """The arguments of ``call`` that reach the user as text."""
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    args = list(call.args)
    if name in FEEDBACK:
        return args[:1]
    if name == "set" and len(args) >= 2:  # progress.set(fraction, message)
        return args[1:2]
    if name in ("append", "insert") and isinstance(f, ast.Attribute) and _warnings_list(f.value):
        return args[-1:]
    if name in ("extend",) and isinstance(f, ast.Attribute) and _warnings_list(f.value) and args \
            and isinstance(args[0], (ast.ListComp, ast.GeneratorExp)):
        return [args[0].elt]
    if name == "warn" and len(args) >= 2:
        return args[1:2]
    if name in ("QgsProcessingException", "ValueError", "KeyError"):
        return args[:1]
    if name.startswith("QgsProcessingParameter") or name.startswith("QgsProcessingOutput"):
        return args[1:2]
    return []


def unmarked_strings(paths=None):
    """[(file:line, text)] of user-visible string literals that do not go
    through tr() / tr_noop() / N_() / msg()."""
    out = []
    for path in paths or (ui_files() + core_files()):
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        if rel in INTERNAL:
            continue
        with open(path, encoding="utf-8") as fh:
            src = fh.read()
        tree = ast.parse(src, filename=path)
        for node in ast.walk(tree):
            cands = []
            if isinstance(node, ast.Call):
                cands = _visible_args(node)
            elif isinstance(node, ast.AugAssign) and _warnings_list(node.target) and \
                    isinstance(node.value, ast.ListComp):
                cands = [node.value.elt]
            lines = src.splitlines()
            for a in cands:
                if _words(a) and "# not user-visible" not in lines[a.end_lineno - 1]:
                    out.append((f"{rel}:{a.lineno}", ast.get_source_segment(src, a)))
    return out


def collect_registry_strings():
    """[(text, origin)] of the registry's user-visible strings."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    sys.dont_write_bytecode = True  # leave no __pycache__ in the plugin folder
    from core import registry  # the repository root is the plugin folder

    out = []

    def add(text, origin):
        if text:
            out.append((text, origin))

    for spec in registry.all_specs(None):  # line and pixel (mask) metrics
        add(spec.name, f"{spec.id}: name")
        add(spec.group, f"{spec.id}: group")
        add(spec.help, f"{spec.id}: help")
        add(spec.reference, f"{spec.id}: reference")
        for p in spec.all_params():
            add(p.label, f"{spec.id}: parameter {p.name} label")
            add(p.help, f"{spec.id}: parameter {p.name} help")
            if p.unit and p.kind != "distance":   # shown in brackets after the label
                add(p.unit, f"{spec.id}: parameter {p.name} unit")
            for option in (p.options or []) if p.kind == "enum" else []:
                add(option, f"{spec.id}: parameter {p.name} option")
        for o in spec.outputs:
            add(o.label, f"{spec.id}: output {o.name} label")
            add(o.help, f"{spec.id}: output {o.name} help")
        for s in spec.sinks:
            add(s.label, f"{spec.id}: sink {s.name} label")
            add(s.help, f"{spec.id}: sink {s.name} help")
            for k, label in enumerate(s.style.get("labels") or []):
                add(label, f"{spec.id}: sink {s.name} legend {k}")
            for value, _, label in s.style.get("categories") or []:
                add(label, f"{spec.id}: sink {s.name} legend {value}")
        for m in spec.maps:
            add(m.label, f"{spec.id}: map {m.name} label")
            add(m.help, f"{spec.id}: map {m.name} help")
            for value, _, label in m.legend:
                add(label, f"{spec.id}: map {m.name} legend {value}")
    for group, text in registry.GROUP_DESCRIPTIONS.items():
        add(text, f"family {group}: description")
    from core.raster.params import RASTER_PARAMS  # every algorithm taking a raster shows them
    for p in RASTER_PARAMS:
        add(p.label, f"raster parameter {p.name} label")
        add(p.help, f"raster parameter {p.name} help")
    return out


def collect():
    """Ordered {text: [origins]} of every user-visible string."""
    strings = {}
    for text, origin in (collect_source_strings(ui_files()) + collect_source_strings(core_files())
                         + collect_registry_strings()):
        strings.setdefault(text, [])
        if origin not in strings[text]:
            strings[text].append(origin)
    return strings


# -- the .ts file -------------------------------------------------------------
class Message:
    def __init__(self, source, translation="", type=None, origins=()):
        self.source = source
        self.translation = translation
        self.type = type  # None (finished), 'unfinished', 'vanished' or 'obsolete'
        self.origins = list(origins)

    @property
    def translated(self):
        return bool(self.translation) and self.type is None


def read_ts(path):
    """(language or None, [Message]) of an existing .ts file (every context)."""
    if not os.path.exists(path):
        return None, []
    root = ET.parse(path).getroot()
    msgs = []
    for m in root.iter("message"):
        src = m.find("source")
        if src is None:
            continue
        tr_el = m.find("translation")
        text = (tr_el.text or "") if tr_el is not None else ""
        typ = tr_el.get("type") if tr_el is not None else "unfinished"
        msgs.append(Message(src.text or "", text, typ))
    return root.get("language"), msgs


def merge(strings, old):
    """Messages for the current strings, then the vanished ones."""
    by_source = {}
    for m in old:
        # a finished entry wins over a duplicate draft
        if m.source not in by_source or (m.translation and not by_source[m.source].translation):
            by_source[m.source] = m
    out = []
    for text, origins in strings.items():
        prev = by_source.get(text)
        if prev is None or not prev.translation:
            out.append(Message(text, "", "unfinished", origins))
        elif prev.type in ("vanished", "obsolete"):
            out.append(Message(text, prev.translation, None, origins))  # back in use
        else:
            out.append(Message(text, prev.translation, prev.type, origins))
    for m in old:
        if m.source not in strings and by_source.get(m.source) is m and m.translation:
            out.append(Message(m.source, m.translation, "vanished"))
    return out


def _esc(text):
    return escape(text, {'"': "&quot;", "'": "&apos;"})


def render_ts(language, messages):
    lines = ['<?xml version="1.0" encoding="utf-8"?>', "<!DOCTYPE TS>",
             f'<TS version="2.1" language="{language}">', "<context>",
             f"    <name>{CONTEXT}</name>"]
    for m in messages:
        lines.append("    <message>")
        if m.origins:
            lines.append(f"        <extracomment>{_esc('; '.join(m.origins))}</extracomment>")
        lines.append(f"        <source>{_esc(m.source)}</source>")
        typ = f' type="{m.type}"' if m.type else ""
        lines.append(f"        <translation{typ}>{_esc(m.translation)}</translation>")
        lines.append("    </message>")
    lines += ["</context>", "</TS>", ""]
    return "\n".join(lines)


def placeholder_problems(messages):
    """Translations whose {} placeholders differ from their source's."""
    bad = []
    for m in messages:
        if m.translated and PLACEHOLDER.findall(m.source) != PLACEHOLDER.findall(m.translation):
            bad.append(m)
    return bad


def ts_languages(requested):
    if requested:
        return requested
    found = sorted(re.match(r"roadmetrics_(.+)\.ts$", os.path.basename(p)).group(1)
                   for p in glob.glob(os.path.join(I18N, TS_NAME.format("*"))))
    return found or ["fr"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if a string lacks a translation or a "
                         "translation's {} placeholders differ from its source")
    ap.add_argument("--lang", action="append",
                    help="language code (repeatable); default: every existing .ts, else fr")
    ap.add_argument("--list", action="store_true", help="print the collected strings and exit")
    args = ap.parse_args(argv)

    strings = collect()
    if args.list:
        for text, origins in strings.items():
            print(f"{text!r}  <- {'; '.join(origins)}")
        return 0

    status = 0
    unmarked = unmarked_strings()
    for where, text in unmarked:
        print(f"{where}: user-visible text not marked for translation: {text}", file=sys.stderr)
    if unmarked:
        print(f"{len(unmarked)} user-visible text(s) not marked: wrap them in tr() (ui), "
              f"N_() or msg() (core, see core/text.py)", file=sys.stderr)
        if args.check:
            status = 1
    for lang in ts_languages(args.lang):
        path = os.path.join(I18N, TS_NAME.format(lang))
        rel = os.path.relpath(path, ROOT)
        old_lang, old = read_ts(path)
        messages = merge(strings, old)
        text = render_ts(old_lang or LANGUAGES.get(lang, lang), messages)
        current = [m for m in messages if m.type != "vanished"]
        missing = [m for m in current if not m.translated]
        vanished = [m for m in messages if m.type == "vanished"]
        bad = placeholder_problems(current)
        if args.check:
            for m in missing:
                print(f"{rel}: no translation: {m.source!r}", file=sys.stderr)
            for m in bad:
                print(f"{rel}: placeholders differ: {m.source!r} -> {m.translation!r}",
                      file=sys.stderr)
            stale = not os.path.exists(path) or open(path, encoding="utf-8").read() != text
            if missing or bad:
                status = 1
                print(f"{rel}: {len(missing)} of {len(current)} string(s) untranslated, "
                      f"{len(bad)} placeholder mismatch(es); run scripts/update_ts.py and "
                      f"translate the type=\"unfinished\" entries", file=sys.stderr)
            else:
                note = " (file not up to date: run scripts/update_ts.py)" if stale else ""
                print(f"{rel}: all {len(current)} strings translated{note}")
            continue
        os.makedirs(I18N, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"{rel}: {len(current)} strings, {len(missing)} untranslated, "
              f"{len(vanished)} vanished")
        for m in bad:
            print(f"{rel}: warning: placeholders differ: {m.source!r} -> {m.translation!r}",
                  file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
