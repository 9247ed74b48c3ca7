"""scripts/check_plugin_zip.py: each rule of the plugins.qgis.org upload it
checks refuses a zip that breaks it, and a zip that keeps them passes."""
import importlib.util
import os
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("check_plugin_zip",
                                              os.path.join(ROOT, "scripts", "check_plugin_zip.py"))
cz = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cz)

META = {"name": "Demo", "qgisMinimumVersion": "3.22", "qgisMaximumVersion": "4.99",
        "description": "d", "about": "a", "version": "1.2.0", "author": "A. Author",
        "email": "a@host.net", "tracker": "https://host.net/issues", "repository": "https://host.net/repo",
        "icon": "icon.svg", "changelog": "1.2.0 - 2026-01-02\n    - a change\n    1.1.0"}
CHANGELOG = "# Changelog\n\n## Unreleased\n\n## 1.2.0 - 2026-01-02\n\n- a change\n"


def metadata_text(meta):
    lines = [f"{k}={v}" for k, v in meta.items() if v is not None]
    return "[general]\n" + "\n".join(lines) + "\n"


def write_zip(path, meta=None, files=None, drop=(), mode=0o644):
    members = {"demo/__init__.py": "def classFactory(iface):\n    return None\n",
               "demo/metadata.txt": metadata_text(META if meta is None else meta),
               "demo/LICENSE": "GPL", "demo/icon.svg": "<svg/>", "demo/CHANGELOG.md": CHANGELOG}
    members.update(files or {})
    with zipfile.ZipFile(path, "w") as z:
        for name, text in members.items():
            if name in drop:
                continue
            info = zipfile.ZipInfo(name)
            info.external_attr = mode << 16
            z.writestr(info, text)
    return str(path)


def errors_of(path):
    return cz.check(path)[0]


def test_a_zip_that_keeps_the_rules_passes(tmp_path):
    errors, warnings = cz.check(write_zip(tmp_path / "ok.zip"))
    assert errors == [] and warnings == []


@pytest.mark.parametrize("files,words", [
    ({"demo/a/__pycache__/x.cpython-311.pyc": "x"}, "compiled Python"),
    ({"demo/a/__pycache__/x.txt": "x"}, "a __pycache__ folder"),
    ({"demo/.git/config": "x"}, "a .git folder"),
    ({"__MACOSX/demo/._x": "x"}, "a __MACOSX folder"),
    ({"demo/../evil.py": "x"}, "path information"),
    ({"demo\\win.py": "x"}, "path information"),
    ({"demo/tool.sh": "x"}, "executable file type"),
    ({"demo/lib.so": "x"}, "executable file type"),
    ({"demo/.DS_Store": "x"}, "a hidden file"),
    ({"other/readme.txt": "x"}, "more than one top folder"),
])
def test_forbidden_members_are_refused(tmp_path, files, words):
    errors = errors_of(write_zip(tmp_path / "bad.zip", files=files))
    assert any(words in e for e in errors), errors


@pytest.mark.parametrize("missing", ["demo/__init__.py", "demo/metadata.txt", "demo/LICENSE"])
def test_required_files(tmp_path, missing):
    errors = errors_of(write_zip(tmp_path / "bad.zip", drop=(missing,)))
    assert f"{missing} is missing" in errors


@pytest.mark.parametrize("key", cz.REQUIRED)
def test_every_required_metadata_key(tmp_path, key):
    meta = dict(META, **{key: ""})
    assert f"metadata.txt: {key} is missing or empty" in errors_of(write_zip(tmp_path / "bad.zip", meta))


@pytest.mark.parametrize("change,words", [
    ({"version": "1.2 beta"}, "not a dotted number"),
    ({"qgisMaximumVersion": "four"}, "not a QGIS version"),
    ({"qgisMinimumVersion": "1.6"}, "below 1.8"),
    ({"tracker": "http://bugs"}, "tracker 'http://bugs' is not a URL"),
    ({"repository": "github.com/x"}, "repository 'github.com/x' is not a URL"),
    ({"homepage": "http://homepage"}, "homepage 'http://homepage' is not a URL"),
    ({"author": "A / B"}, "contains a slash"),
    ({"icon": "missing.png"}, "icon missing.png is not in the zip"),
    ({"icon": None}, "no icon"),
    ({"version": "1.3.0"}, "no dated section '## 1.3.0 - YYYY-MM-DD'"),
    ({"changelog": "1.1.0\n    - older"}, "does not start with 1.2.0"),
])
def test_metadata_rules(tmp_path, change, words):
    meta = dict(META, **change)
    errors = errors_of(write_zip(tmp_path / "bad.zip", meta))
    assert any(words in e for e in errors), errors


def test_size_name_and_permissions(tmp_path, monkeypatch):
    ok = write_zip(tmp_path / "ok.zip")
    monkeypatch.setattr(cz, "MAX_BYTES", os.path.getsize(ok) - 1)
    assert any("upload limit" in e for e in errors_of(ok))
    monkeypatch.undo()
    assert any("stored as executable" in e for e in errors_of(write_zip(tmp_path / "x.zip", mode=0o755)))
    with zipfile.ZipFile(tmp_path / "name.zip", "w") as z:
        for f in ("__init__.py", "metadata.txt", "LICENSE", "icon.svg"):
            z.writestr(f"my-plugin/{f}", metadata_text(META) if f == "metadata.txt" else "x")
    assert any("not an ASCII letter" in e for e in errors_of(str(tmp_path / "name.zip")))
    (tmp_path / "junk.zip").write_bytes(b"not a zip")
    assert "not a zip file" in errors_of(str(tmp_path / "junk.zip"))[0]


def test_warnings_name_placeholders_and_deprecated_keys(tmp_path):
    meta = dict(META, email="me@example.org", homepage="https://github.com/roadmetrics/roadmetrics",
                supportsQt6="True", qgisMaximumVersion="3.99", experimental="True")
    errors, warnings = cz.check(write_zip(tmp_path / "w.zip", meta))
    assert errors == []
    text = "\n".join(warnings)
    assert "email=me@example.org is a placeholder" in text
    assert "homepage=https://github.com/roadmetrics/roadmetrics is a placeholder" in text
    assert "supportsQt6 deprecated" in text and "3.99 below 4.0" in text and "experimental=True" in text


def test_main_prints_and_sets_the_exit_status(tmp_path, capsys):
    assert cz.main([write_zip(tmp_path / "ok.zip")]) == 0
    assert cz.main([write_zip(tmp_path / "bad.zip", drop=("demo/LICENSE",))]) == 1
    assert "error: demo/LICENSE is missing" in capsys.readouterr().out
