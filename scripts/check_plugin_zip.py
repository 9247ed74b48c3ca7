"""Check a plugin zip as plugins.qgis.org checks an upload, as far as it can
be checked without the network (RELEASING.md lists the rules and where they
come from).

    python3 scripts/check_plugin_zip.py dist/roadmetrics-1.0.0.zip [--online]

Prints one line per refusal ("error: ...") and per warning ("warning: ...");
exit status 1 when anything would be refused, else 0. ``--online`` also asks
the metadata's URLs for an answer, as the upload does (HEAD, 10 s).

The upload's validator (qgis/QGIS-Plugins-Website, qgis-app/plugins/
validator.py) refuses: more than 25 MB; a name with "..", a leading "/",
a backslash or a drive letter; ".pyc" anywhere in a name; a __MACOSX, .git or
__pycache__ folder; a corrupt member; no folder, or a folder name that is not
an ASCII identifier; no __init__.py; a metadata.txt without [general] or
without one of the required keys; tracker / repository / homepage that are
not URLs, are the template's defaults or do not answer; no LICENSE; a slash in
the author. The asynchronous scan then blocks a version with a critical
finding; the one of them checked here is file types (.exe, .dll, .so, .sh,
...); scripts/package runs bandit, flake8 and detect-secrets for the others.
This project adds: one top folder, metadata.txt present, every required key
non-empty, a dotted numeric version, the icon in the zip, no executable or
hidden files, the release dated in CHANGELOG.md and first in metadata.txt's
changelog, and warnings for placeholder addresses and deprecated keys.
"""
from __future__ import annotations

import argparse
import configparser
import io
import os
import re
import sys
import urllib.parse
import zipfile

MAX_BYTES = 25_000_000
REQUIRED = ("name", "description", "version", "qgisMinimumVersion", "author", "email", "about",
            "tracker", "repository")
URL_KEYS = {"tracker": "http://bugs", "repository": "http://repo", "homepage": "http://homepage"}
FORBIDDEN_DIRS = ("__MACOSX", ".git", "__pycache__")
SUSPICIOUS = (".exe", ".dll", ".so", ".dylib", ".bat", ".sh", ".ps1", ".cmd")
# addresses metadata.txt held before the project had a public home: the
# upload refuses what does not answer, so they must be replaced first
PLACEHOLDERS = ("example.org", "example.com", "github.com/roadmetrics/roadmetrics")
VERSION_RE = re.compile(r"\d+(\.\d+){1,3}")


def archive_errors(names: list, size: int) -> list:
    """The validator's rules on the archive itself: size and member names."""
    errors = []
    if size > MAX_BYTES:
        errors.append(f"{size} bytes: over the {MAX_BYTES} byte upload limit")
    for n in names:
        parts = n.split("/")
        if ".." in n or n.startswith("/") or "\\" in n or re.match(r"^[A-Za-z]:", n):
            errors.append(f"{n}: path information in a member name")
        if ".pyc" in n:
            errors.append(f"{n}: compiled Python (.pyc)")
        errors += [f"{n}: a {d} folder" for d in FORBIDDEN_DIRS if d in parts[:-1] or parts[-1] == d]
        if n.lower().endswith(SUSPICIOUS):
            errors.append(f"{n}: an executable file type the upload scan blocks")
        if parts[-1].startswith(".") and parts[-1] not in (".gitignore", ".gitattributes"):
            errors.append(f"{n}: a hidden file")
    return errors


def package_of(names: list) -> tuple:
    """The top folder (the validator takes the first member's) and the
    errors about it."""
    if not names or "/" not in names[0]:
        return "", ["no folder in the zip: the plugin must be one top folder"]
    package = names[0].split("/", 1)[0]
    errors = []
    tops = sorted({n.split("/", 1)[0] for n in names})
    if len(tops) > 1:
        errors.append(f"more than one top folder: {', '.join(tops)}")
    if not (re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]+", package) and package.isidentifier()):
        errors.append(f"top folder {package!r}: not an ASCII letter followed by letters, digits, _")
    for required in ("__init__.py", "metadata.txt", "LICENSE"):
        if f"{package}/{required}" not in names:
            errors.append(f"{package}/{required} is missing")
    return package, errors


def read_metadata(z: zipfile.ZipFile, package: str) -> tuple:
    """metadata.txt's [general] section as a dict (keys case-sensitive, as
    the validator reads them), or None with the reason."""
    cp = configparser.ConfigParser()
    cp.optionxform = str
    try:
        cp.read_file(io.StringIO(z.read(f"{package}/metadata.txt").decode("utf-8")))
    except (KeyError, UnicodeDecodeError, configparser.Error) as e:
        return None, f"metadata.txt cannot be read: {e}"
    if not cp.has_section("general"):
        return None, "metadata.txt has no [general] section"
    return dict(cp.items("general")), ""


def metadata_errors(meta: dict, names: list, package: str) -> list:
    """Required keys, version, QGIS versions, URLs' form, author, icon."""
    errors = [f"metadata.txt: {k} is missing or empty" for k in REQUIRED if not meta.get(k, "").strip()]
    version = meta.get("version", "").strip()
    if version and not (VERSION_RE.fullmatch(version) and len(version) <= 32):
        errors.append(f"metadata.txt: version {version!r} is not a dotted number such as 1.0.0")
    for key in ("qgisMinimumVersion", "qgisMaximumVersion"):
        value = meta.get(key, "").strip()
        if value and not VERSION_RE.fullmatch(value):
            errors.append(f"metadata.txt: {key} {value!r} is not a QGIS version such as 3.22")
    if VERSION_RE.fullmatch(meta.get("qgisMinimumVersion", "").strip() or "x") \
            and _tuple(meta["qgisMinimumVersion"]) < (1, 8):
        errors.append("metadata.txt: qgisMinimumVersion below 1.8 needs the metadata in __init__.py too")
    for key, default in URL_KEYS.items():
        url = meta.get(key, "").strip()
        if url or key != "homepage":
            u = urllib.parse.urlparse(url)
            if url == default or not (u.scheme and u.netloc):
                errors.append(f"metadata.txt: {key} {url!r} is not a URL")
    if "/" in meta.get("author", ""):
        errors.append("metadata.txt: the author contains a slash")
    icon = meta.get("icon", "").strip()
    icon = icon[2:] if icon.startswith("./") else icon
    if not icon:
        errors.append("metadata.txt: no icon (the plugin would be listed without one)")
    elif f"{package}/{icon}" not in names:
        errors.append(f"metadata.txt: icon {icon} is not in the zip")
    return errors


def _tuple(version: str) -> tuple:
    return tuple(int(p) for p in version.strip().split("."))


def metadata_warnings(meta: dict) -> list:
    """What the upload accepts but a release should not leave as it is."""
    warnings = []
    for key in ("email", "tracker", "repository", "homepage"):
        value = meta.get(key, "")
        if any(p in value for p in PLACEHOLDERS):
            warnings.append(f"metadata.txt: {key}={value.strip()} is a placeholder (replace it before uploading)")
    if "supportsQt6" in meta:
        warnings.append("metadata.txt: plugins.qgis.org calls supportsQt6 deprecated (QGIS 4 is read from "
                        "qgisMaximumVersion); kept for the Qt6 builds of QGIS 3, which still read it")
    maximum = meta.get("qgisMaximumVersion", "").strip()
    if not (VERSION_RE.fullmatch(maximum or "x") and _tuple(maximum) >= (4, 0)):
        warnings.append(f"metadata.txt: qgisMaximumVersion {maximum or '(unset)'} below 4.0: not listed for QGIS 4")
    if meta.get("experimental", "").strip().lower() in ("true", "yes", "1"):
        warnings.append("metadata.txt: experimental=True: the plugin manager shows it only to users who "
                        "allow experimental plugins")
    return warnings


def changelog_errors(meta: dict, changelog: str) -> list:
    """The release's version has a dated CHANGELOG.md section and the first
    entry of metadata.txt's changelog."""
    version = meta.get("version", "").strip()
    errors = []
    if not re.search(rf"^## {re.escape(version)} - \d{{4}}-\d{{2}}-\d{{2}}$", changelog, re.M):
        errors.append(f"CHANGELOG.md has no dated section '## {version} - YYYY-MM-DD'")
    entries = [e.strip() for e in meta.get("changelog", "").splitlines()
               if e.strip() and not e.strip().startswith("-")]
    if not entries or entries[0].split()[0] != version:
        errors.append(f"metadata.txt: the changelog does not start with {version}")
    return errors


def executable_members(z: zipfile.ZipFile) -> list:
    """Members stored with an execute bit (the scan flags them)."""
    return [i.filename for i in z.infolist() if not i.is_dir() and (i.external_attr >> 16) & 0o111]


def url_warnings(meta: dict) -> list:
    """--online: the URLs the upload asks for must answer within 10 s."""
    import urllib.request
    out = []
    for key in URL_KEYS:
        url = meta.get(key, "").strip()
        if not url:
            continue
        try:
            req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "Mozilla/5.0"})
            with urllib.request.urlopen(req, timeout=10) as r:
                ok = r.status < 400
        except Exception:  # any failure is what the upload would refuse
            ok = False
        if not ok:
            out.append(f"metadata.txt: {key} {url} does not answer (the upload would refuse it)")
    return out


def check(path: str, online: bool = False) -> tuple:
    """(errors, warnings) for the plugin zip at ``path``."""
    try:
        z = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as e:
        return [f"{path}: not a zip file ({e})"], []
    with z:
        names = z.namelist()
        errors = archive_errors(names, os.path.getsize(path))
        bad = z.testzip()
        if bad:
            errors.append(f"{bad}: corrupt member")
        errors += [f"{n}: stored as executable" for n in executable_members(z)]
        package, found = package_of(names)
        errors += found
        meta, why = read_metadata(z, package) if package else (None, "")
        changelog = f"{package}/CHANGELOG.md"
        changelog = z.read(changelog).decode("utf-8") if changelog in names else ""
    if meta is None:
        return errors + ([why] if why else []), []
    errors += metadata_errors(meta, names, package)
    if changelog:  # the project's rule: the release is in the changelogs, dated
        errors += changelog_errors(meta, changelog)
    warnings = metadata_warnings(meta)
    if online:
        errors += url_warnings(meta)
    return errors, warnings


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("zip")
    ap.add_argument("--online", action="store_true", help="also check that the URLs answer")
    args = ap.parse_args(argv)
    errors, warnings = check(args.zip, args.online)
    for w in warnings:
        print(f"warning: {w}")
    for e in errors:
        print(f"error: {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
