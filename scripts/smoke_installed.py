"""The library as a user installs it, checked in a fresh venv by
scripts/package (once from the wheel, once from the sdist):

    <venv>/bin/python scripts/smoke_installed.py VERSION

the package comes from site-packages, its version and the distribution's are
VERSION, the ``roadmetrics`` script answers ``--version`` with it, and APLS
on the packaged sample is 0.678 (README's quick start)."""
import importlib.metadata
import os
import subprocess
import sys


def main(want: str) -> int:
    import roadnetworkmetrics as rnm
    where = os.path.dirname(os.path.abspath(rnm.__file__))
    assert "site-packages" in where, f"roadnetworkmetrics imported from {where}, not the install"
    reported = rnm.__version__  # our own version, compared for equality only
    assert reported == want, (reported, want)
    assert importlib.metadata.version("road-network-metrics") == want
    script = os.path.join(os.path.dirname(sys.executable), "roadmetrics")
    out = subprocess.run([script, "--version"], capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"roadmetrics {want}", out
    s = rnm.datasets.sample()
    assert os.path.dirname(os.path.realpath(s.ground_truth)).startswith(os.path.realpath(where))
    apls = rnm.apls(s.ground_truth, s.prediction).scores["APLS"]
    assert round(apls, 3) == 0.678, apls
    print(f"{want}: import, roadmetrics --version, APLS {apls:.3f} on the packaged sample")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
