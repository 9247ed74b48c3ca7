"""The algorithm catalogue of core/registry.py: help URLs whose anchors
exist in their documents (as GitHub renders heading anchors), the
repository of metadata.txt, tags, the stable metric-picker order."""
import os
import re
import unicodedata

import pytest

from core import registry

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = ["evaluate", "perturb", "sensitivity", "compare"]


def github_anchor(heading):
    """GitHub's heading anchor: lower case, every character that is not a
    letter, mark, digit, connector punctuation (_), space or hyphen removed,
    spaces -> hyphens (markup such as backticks is removed with the rest)."""
    text = heading.strip().lower()
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -" or cat[0] in "LMN" or cat == "Pc":
            out.append("-" if ch == " " else ch)
    return "".join(out)


def anchors(path):
    """Every heading anchor of a markdown file, with GitHub's -1, -2 ...
    suffixes for repeated headings; fenced code is skipped."""
    seen, out, fence = {}, set(), False
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.lstrip().startswith("```"):
                fence = not fence
                continue
            m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if fence or not m:
                continue
            a = github_anchor(m.group(2))
            n = seen.get(a, 0)
            seen[a] = n + 1
            out.add(a if n == 0 else f"{a}-{n}")
    return out


def test_github_anchor_rules():
    # hand-derived from GitHub's rendering of these headings
    assert github_anchor("`roadmetrics:apls` — APLS (average path length similarity)") == \
        "roadmetricsapls--apls-average-path-length-similarity"
    assert github_anchor("TOPO (`roadmetrics:topo`)") == "topo-roadmetricstopo"
    assert github_anchor("Where we differ, and why") == "where-we-differ-and-why"
    assert github_anchor("snake_case and Ünïcode 2") == "snake_case-and-ünïcode-2"


def test_repeated_headings_get_suffixes(tmp_path):
    p = tmp_path / "d.md"
    p.write_text("# Bench\n\n```\n# not a heading\n```\n## Bench\n### Other\n", encoding="utf-8")
    assert anchors(str(p)) == {"bench", "bench-1", "other"}


def algorithm_ids():
    return [s.id for s in registry.all_specs(None)] + TOOLS


@pytest.mark.parametrize("alg", algorithm_ids())
def test_every_help_url_anchor_exists(alg):
    spec = {s.id: s for s in registry.all_specs(None)}.get(alg)
    assert (spec is not None and spec.doc) or alg in registry.HELP_DOCS, \
        f"{alg} has no documentation entry"
    url = registry.help_url(alg)
    assert url.startswith(registry.DOCS_BASE)
    doc, anchor = url[len(registry.DOCS_BASE):].split("#")
    path = os.path.join(ROOT, doc)
    assert os.path.exists(path), doc
    assert anchor in anchors(path), f"{alg}: #{anchor} is no heading anchor of {doc}"


def test_docs_base_is_the_repository_of_metadata():
    with open(os.path.join(ROOT, "metadata.txt"), encoding="utf-8") as fh:
        meta = dict(line.rstrip("\n").split("=", 1) for line in fh if "=" in line)
    assert registry.DOCS_BASE.startswith(meta["repository"].rstrip("/") + "/blob/")


@pytest.mark.parametrize("alg", algorithm_ids())
def test_every_algorithm_has_specific_tags(alg):
    t = registry.tags(alg)
    assert len(set(t) - set(registry._COMMON_TAGS)) >= 5
    assert all(isinstance(x, str) and x == x.strip() and x for x in t)


@pytest.mark.parametrize("word,alg", [("hausdorff", "distances"), ("spacenet", "apls"),
                                      ("precision", "optp"), ("topology", "subg"),
                                      ("hausdorff", "evaluate")])
def test_searched_words_find_the_algorithms(word, alg):
    assert word in registry.tags(alg)


def test_metric_picker_order_is_stable_and_complete():
    ids = [s.id for s in registry.picker_specs()]
    # the indices of existing models and scripts (README, "Running": METRICS=0,7 is APLS and OPT-G)
    assert ids[:13] == ["apls", "boundaryf", "ccq", "cldice", "distances", "instances", "junct",
                        "optg", "optj", "optp", "subg", "tlts", "topo"]
    assert sorted(ids) == sorted(s.id for s in registry.all_specs())


def test_short_names():
    assert registry.short_name(registry.get("apls").name) == "APLS"
    assert registry.short_name(registry.get("optg").name) == "OPT-G"
    assert registry.short_name("TOPO") == "TOPO"


def test_metadata_about_and_changelog_cover_the_release():
    import configparser
    cp = configparser.ConfigParser()
    cp.read(os.path.join(ROOT, "metadata.txt"), encoding="utf-8")
    meta = cp["general"]
    assert "follow" not in meta["about"] and "Starts with" not in meta["about"]
    for family in ("APLS", "JUNCT", "SUBG", "CCQ", "instance"):
        assert family in meta["about"]
    version = meta["version"]
    entries = [line for line in meta["changelog"].splitlines() if line and not line.startswith("-")]
    # the release comes first, dated as in CHANGELOG.md ("1.0.0 - 2026-11-28")
    assert entries[0].split()[0] == version
    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as fh:
        headings = [line[3:].rstrip("\n") for line in fh if line.startswith("## ")]
    assert entries[0] in headings and entries[0].startswith(f"{version} - 20")
    # every release of metadata's changelog has its section in CHANGELOG.md
    assert {e.split()[0] for e in entries} <= {h.split()[0] for h in headings}


def test_picker_indices_are_unique_and_contiguous():
    """A line metric's ``picker`` index never changes (models pass indices),
    a new metric takes the next one: 0 .. n-1 without gaps or repeats."""
    idx = sorted(s.picker for s in registry.all_specs())
    assert idx == list(range(len(idx)))
    assert all(s.picker is None for s in registry.all_specs("masks"))


def test_the_catalogue_is_the_specs():
    """A metric is described once: its doc, tags and picker index are on its
    spec; the tools' entries alone live in the registry's tables."""
    ids = {s.id for s in registry.all_specs(None)}
    assert not ids & set(registry.HELP_DOCS) and not ids & set(registry.TAGS)
    assert not hasattr(registry, "METRIC_ORDER")
    assert {m.rsplit(".", 1)[1] for m in registry.METRIC_MODULES} == ids
