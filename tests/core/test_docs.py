"""One documentation source: README.md is a short front page, the
reference is held once in docs/, and every relative link between the
documents reaches an existing file and heading.  The reference describes
what is, not how it came to be: docs/performance.md stays a short reference
(its history is in CHANGELOG.md and the commit messages), and neither the
code nor docs/ cites the project's issue numbers."""
import glob
import os
import re
from collections import defaultdict

import pytest

from test_catalogue import ROOT, anchors

README_MAX_BYTES = 20 * 1024
PERFORMANCE_MAX_BYTES = 20_000
MIN_SHARED_CHARS = 200

# "issue 22", "Issues 21 and 22", "issue-17": a reference to the project's
# issue tracker.  Another project's issue is written with its name and "#"
# ("scipy issue #26147") and is not matched.
ISSUE_REF = re.compile(r"\bissues?[ -]\d", re.IGNORECASE)
CODE_DIRS = ("core", "ui", "roadnetworkmetrics")
# docs/ files still citing issue numbers, to be cleaned (then removed from here)
ISSUE_REFS_PENDING = set()


def documents():
    """README, DEVELOPMENT, RELEASING, CHANGELOG and every markdown file of
    docs/ (paths relative to the repository root)."""
    docs = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return ["README.md", "DEVELOPMENT.md", "RELEASING.md", "CHANGELOG.md"] + docs


def paragraphs(text):
    """Blocks separated by blank lines, fenced code skipped; each block with
    its whitespace runs collapsed to one space."""
    text = re.sub(r"(?ms)^```.*?^```[^\n]*$", "", text)
    return [" ".join(b.split()) for b in re.split(r"\n\s*\n", text) if b.strip()]


def shared_paragraphs(texts):
    """{paragraph: [documents]} for paragraphs of >= MIN_SHARED_CHARS
    characters found in more than one document."""
    where = defaultdict(set)
    for name, text in texts.items():
        for p in paragraphs(text):
            if len(p) >= MIN_SHARED_CHARS:
                where[p].add(name)
    return {p: sorted(d) for p, d in where.items() if len(d) > 1}


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def relative_links(text):
    """The targets of the markdown links and images of a text that are not
    URLs (http:, https:, mailto:), outside fenced and inline code."""
    text = re.sub(r"(?ms)^```.*?^```[^\n]*$", "", text)
    text = re.sub(r"`[^`\n]*`", "", text)
    out = []
    for m in LINK.finditer(text):
        target = m.group(1) or m.group(2)
        if not re.match(r"^[a-z]+:", target):
            out.append(target)
    return out


def broken_links(name, text, root=ROOT):
    """Relative link targets of document `name` (relative to `root`) whose
    file does not exist or whose #anchor is no heading of that file."""
    bad = []
    base = os.path.dirname(os.path.join(root, name))
    for target in relative_links(text):
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(base, path)) if path else os.path.join(root, name)
        if not os.path.exists(full):
            bad.append(f"{name}: {target} (no such file)")
        elif anchor and (not full.endswith(".md") or anchor not in anchors(full)):
            bad.append(f"{name}: {target} (no such heading)")
    return bad


def read(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as fh:
        return fh.read()


def test_readme_is_a_front_page():
    size = os.path.getsize(os.path.join(ROOT, "README.md"))
    assert size <= README_MAX_BYTES, f"README.md is {size} bytes (limit {README_MAX_BYTES})"


def test_performance_is_a_short_reference():
    size = os.path.getsize(os.path.join(ROOT, "docs", "performance.md"))
    assert size <= PERFORMANCE_MAX_BYTES, f"docs/performance.md is {size} bytes (limit {PERFORMANCE_MAX_BYTES})"


def issue_references(path):
    """'file:line: text' for every line of ``path`` citing an issue number."""
    with open(path, encoding="utf-8") as fh:
        return [f"{os.path.relpath(path, ROOT)}:{i}: {line.strip()}"
                for i, line in enumerate(fh, 1) if ISSUE_REF.search(line)]


def test_code_cites_no_issue_numbers():
    found = []
    for top in CODE_DIRS:
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            found += [r for f in sorted(files) if f.endswith(".py")
                      for r in issue_references(os.path.join(folder, f))]
    assert not found, "say the rule or the reason instead:\n" + "\n".join(found)


def test_docs_cite_no_issue_numbers():
    docs = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    assert ISSUE_REFS_PENDING <= {os.path.basename(p) for p in docs}, "a pending file no longer exists"
    found = [r for p in docs if os.path.basename(p) not in ISSUE_REFS_PENDING for r in issue_references(p)]
    assert not found, "say the rule or the reason instead:\n" + "\n".join(found)


def test_issue_reference_pattern():
    for text in ("issue 22", "(Issue 33)", "issues 21 and 22", "ISSUE 9", "issue-17"):
        assert ISSUE_REF.search(text), text
    for text in ("scipy issue #26147", "the issue's target", "tissue 3", "issues/6175"):
        assert not ISSUE_REF.search(text), text


def test_every_family_document_exists():
    for name in ("conventions", "paths", "junctions", "subgraphs", "geometric", "instances",
                 "evaluate", "tools", "performance", "parameters"):
        assert os.path.exists(os.path.join(ROOT, "docs", name + ".md")), name


def test_no_long_paragraph_is_in_two_documents():
    shared = shared_paragraphs({n: read(n) for n in documents()})
    assert not shared, "\n".join(f"{d}: {p[:100]}..." for p, d in shared.items())


def test_every_relative_link_reaches_a_file_and_heading():
    bad = [b for n in documents() for b in broken_links(n, read(n))]
    assert not bad, "\n".join(bad)


# -- the checks themselves, on small hand-made documents -----------------------

def test_paragraph_check_finds_a_copy_and_ignores_short_or_fenced_text():
    long = "word " * 50  # 250 characters
    texts = {"a.md": f"# A\n\n{long}\n\nshort one\n",
             "b.md": f"# B\n\n{long.replace(' ', chr(10), 3)}\n\nshort one\n\n```\n{long}\n```\n",
             "c.md": f"```\n{long}\n```\n"}
    shared = shared_paragraphs(texts)
    assert list(shared.values()) == [["a.md", "b.md"]]


def test_link_check(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.md").write_text("# Title\n\n## `roadmetrics:apls` — APLS\n", encoding="utf-8")
    (tmp_path / "docs" / "p.png").write_bytes(b"")
    (tmp_path / "README.md").write_text("# Top\n", encoding="utf-8")
    text = ("[ok](docs/x.md#roadmetricsapls--apls) ![img](docs/p.png) [web](https://x.org/a#b) "
            "[self](#top) `[code](nowhere.md)` [bad](docs/y.md) [badanchor](docs/x.md#nope) "
            "![badimg](p.png)")
    assert broken_links("README.md", text, str(tmp_path)) == [
        "README.md: docs/y.md (no such file)",
        "README.md: docs/x.md#nope (no such heading)",
        "README.md: p.png (no such file)"]
    # from docs/, links are relative to docs/
    assert broken_links("docs/x.md", "[up](../README.md#top) ![i](p.png) [t](#title)", str(tmp_path)) == []


@pytest.mark.parametrize("name", ["README.md"])
def test_readme_links_into_every_family_document(name):
    targets = {t.partition("#")[0] for t in relative_links(read(name))}
    for doc in ("conventions", "paths", "junctions", "subgraphs", "geometric", "instances",
                "evaluate", "tools", "performance", "parameters"):
        assert f"docs/{doc}.md" in targets, doc
    assert {"DEVELOPMENT.md", "CHANGELOG.md"} <= targets
