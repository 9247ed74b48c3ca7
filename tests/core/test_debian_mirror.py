"""scripts/debian_mirror.py: the chroots are built from the mirror the
machine's apt sources name, in either format, never a hard-coded one."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("debian_mirror",
                                              os.path.join(ROOT, "scripts", "debian_mirror.py"))
dm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dm)


def test_deb822_sources_skip_security_and_other_repositories(tmp_path):
    d = tmp_path / "sources.list.d"
    d.mkdir()
    (d / "a-nodesource.sources").write_text(
        "Types: deb\nURIs: https://deb.nodesource.com/node_20.x\nSuites: nodistro\n"
        "Components: main\n")
    (d / "debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.example.org/debian-security\nSuites: bookworm-security\n"
        "Components: main\n\n"
        "Types: deb deb-src\n# a comment\nURIs: http://mirror.example.org/debian/\n"
        "Suites: bookworm bookworm-updates\nComponents: main contrib\n")
    assert dm.mirror(str(tmp_path)) == "http://mirror.example.org/debian"


def test_one_line_sources_with_options(tmp_path):
    (tmp_path / "sources.list").write_text(
        "# deb http://old.example.org/debian bookworm main\n"
        "deb-src http://src.example.org/debian bookworm main\n"
        "deb [arch=amd64 signed-by=/k.gpg] http://ftp.fr.debian.org/debian bookworm main\n")
    assert dm.mirror(str(tmp_path)) == "http://ftp.fr.debian.org/debian"


def test_disabled_or_absent_sources_give_nothing(tmp_path):
    d = tmp_path / "sources.list.d"
    d.mkdir()
    (d / "debian.sources").write_text("Enabled: no\nTypes: deb\nURIs: http://x.org/debian\n"
                                      "Suites: bookworm\nComponents: main\n")
    assert dm.mirror(str(tmp_path)) == ""
    assert dm.mirror(str(tmp_path / "missing")) == ""
