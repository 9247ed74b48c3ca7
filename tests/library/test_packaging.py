"""The library's packaging: the same version as the plugin, every core
package in the wheel's package list, no QGIS code in it."""
import os
import re

from helpers_lib import ROOT


def _pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        return f.read()


def _metadata_version():
    with open(os.path.join(ROOT, "metadata.txt"), encoding="utf-8") as f:
        return re.search(r"^version=(.+)$", f.read(), re.M).group(1).strip()


def test_the_version_has_one_source():
    """metadata.txt holds the version; pyproject.toml declares it dynamic and
    reads it through core/version.py, never a second literal."""
    text = _pyproject()
    assert not re.search(r'^version\s*=\s*"', text, re.M)
    assert re.search(r'^dynamic = \["version"\]', text, re.M)
    assert 'version = {attr = "roadnetworkmetrics.core.version.BUILD_VERSION"}' in text


def test_every_face_reports_metadatas_version(tmp_path):
    """The library, the CLI, a rows file's provenance and (installed) the
    distribution's metadata give metadata.txt's version; in a checkout the
    build reads it too."""
    import importlib.metadata
    import json
    import roadnetworkmetrics as rnm
    from core import version as core_version
    from helpers_lib import cli
    meta = _metadata_version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", meta)
    reported = rnm.__version__  # our own version, compared for equality only
    assert reported == core_version.version() == meta
    assert cli("--version").stdout.strip() == f"roadmetrics {meta}"
    s = rnm.datasets.sample()
    rnm.batch("ccq", spacenet=(s.spacenet_ground_truth, s.spacenet_proposals), pixel_size=0.3,
              out=str(tmp_path / "rows.jsonl"))
    with open(tmp_path / "rows.jsonl", encoding="utf-8") as f:
        assert json.loads(f.readline())["roadmetrics_batch"]["version"] == meta
    if os.environ.get("ROADMETRICS_INSTALLED"):
        assert importlib.metadata.version("road-network-metrics") == meta
    else:
        assert core_version.BUILD_VERSION == meta


def test_the_build_refuses_a_metadata_without_version(tmp_path, monkeypatch):
    """No version= line: the build stops with the file's name rather than
    building a package without a version (or with an installed one's)."""
    import pytest
    from core import version as core_version
    (tmp_path / "metadata.txt").write_text("[general]\nname=x\n", encoding="utf-8")
    monkeypatch.setattr(core_version, "METADATA", str(tmp_path / "metadata.txt"))
    assert core_version.metadata_version(core_version.METADATA) == ""
    with pytest.raises(RuntimeError, match="no version= line in .*metadata.txt"):
        _ = core_version.BUILD_VERSION
    with pytest.raises(AttributeError):
        _ = core_version.OTHER


def test_every_core_package_is_listed():
    listed = set(re.findall(r'"(roadnetworkmetrics(?:\.[a-z_]+)*)"', _pyproject()))
    core = {"roadnetworkmetrics.core" + d[len(os.path.join(ROOT, "core")):].replace(os.sep, ".")
            for d, _, files in os.walk(os.path.join(ROOT, "core")) if "__init__.py" in files}
    assert core <= listed, sorted(core - listed)
    assert not any(".ui" in p for p in listed)


def _quick_start() -> str:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    return text.split("<!-- quick start:", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]


def test_readme_quick_start_runs_on_the_packaged_sample(tmp_path, monkeypatch, capsys):
    """The README's Python quick start, as written, from an empty folder:
    with ROADMETRICS_INSTALLED (scripts/test's wheel venv) every file it
    reads comes from the installed package, none from the repository."""
    import roadnetworkmetrics as rnm
    monkeypatch.chdir(tmp_path)
    exec(compile(_quick_start(), "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "0.678"
    assert "ci_low" in out[-1]
    folder = os.path.realpath(rnm.datasets.folder())
    if os.environ.get("ROADMETRICS_INSTALLED"):
        assert not folder.startswith(os.path.realpath(ROOT) + os.sep + "resources"), folder
        assert os.path.dirname(folder) == os.path.dirname(os.path.realpath(rnm.__file__))


def test_sample_files_are_package_data():
    import roadnetworkmetrics as rnm
    text = _pyproject()
    assert '"roadnetworkmetrics.sample" = "resources/sample"' in text
    for name in rnm.datasets.FILES.values():
        pattern = "*" + os.path.splitext(name)[1]
        assert f'"{pattern}"' in text, pattern
        assert os.path.isfile(os.path.join(rnm.datasets.folder(), name))


def test_datasets_docstring_examples_run():
    import doctest
    import roadnetworkmetrics as rnm
    res = doctest.testmod(rnm.datasets)
    assert res.attempted >= 8 and res.failed == 0


def test_unknown_sample_file_is_refused():
    import pytest
    import roadnetworkmetrics as rnm
    with pytest.raises(rnm.InputError, match="ground_truth"):
        rnm.datasets.path("roads")
