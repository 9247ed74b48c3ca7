"""Print the Debian mirror this machine's apt uses (for debootstrap in
scripts/test-qgis-versions): the first ``deb`` source whose suite is a
Debian release (not -security, -updates or -backports) with the ``main``
component, from /etc/apt/sources.list (one-line format) and
/etc/apt/sources.list.d/*.list / *.sources (deb822).  Prints nothing and
exits 1 when there is none (the caller then says which default it uses).

    python3 scripts/debian_mirror.py [APT_DIR]      (default /etc/apt)
"""
from __future__ import annotations

import glob
import os
import sys

EXTRA_SUITES = ("-security", "-updates", "-backports", "-proposed-updates")


def _release(suite: str) -> bool:
    return bool(suite) and not suite.endswith(EXTRA_SUITES) and "/" not in suite


def one_line(text: str) -> list:
    """[(uri, suite, components)] of ``deb`` lines (options in [...] skipped)."""
    out = []
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if not words or words[0] != "deb":
            continue
        words = words[1:]
        if words and words[0].startswith("["):
            while words and not words[0].endswith("]"):
                words = words[1:]
            words = words[1:]
        if len(words) >= 3:
            out.append((words[0], words[1], words[2:]))
    return out


def deb822(text: str) -> list:
    """[(uri, suite, components)] of deb822 stanzas of type deb, enabled."""
    out = []
    for stanza in text.replace("\r", "").split("\n\n"):
        fields, key = {}, None
        for line in stanza.splitlines():
            if line.startswith("#") or not line.strip():
                continue
            if line[0] in " \t" and key:
                fields[key] += " " + line.strip()
            elif ":" in line:
                key, value = line.split(":", 1)
                key = key.strip().lower()
                fields[key] = value.strip()
        if "deb" not in fields.get("types", "").split() or \
                fields.get("enabled", "yes").lower() == "no":
            continue
        for uri in fields.get("uris", "").split():
            for suite in fields.get("suites", "").split():
                out.append((uri, suite, fields.get("components", "").split()))
    return out


def mirror(apt_dir: str = "/etc/apt") -> str:
    """The mirror's URI, or '' when no source fits."""
    sources = []
    main = os.path.join(apt_dir, "sources.list")
    files = ([main] if os.path.isfile(main) else []) + \
        sorted(glob.glob(os.path.join(apt_dir, "sources.list.d", "*.list"))) + \
        sorted(glob.glob(os.path.join(apt_dir, "sources.list.d", "*.sources")))
    for f in files:
        try:
            with open(f, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        sources += deb822(text) if f.endswith(".sources") else one_line(text)
    for uri, suite, comps in sources:
        if _release(suite) and "main" in comps and uri.rstrip("/").endswith("/debian"):
            return uri.rstrip("/")
    return ""


if __name__ == "__main__":
    found = mirror(sys.argv[1] if len(sys.argv) > 1 else "/etc/apt")
    if found:
        print(found)
    sys.exit(0 if found else 1)
