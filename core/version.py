"""The version of Road Network Metrics, held once: the ``version=`` line of
the plugin's metadata.txt.

- In the plugin folder or a checkout, :func:`version` reads metadata.txt.
- The build of the library's wheel and sdist reads it too: pyproject.toml
  declares the version dynamic, taken from ``BUILD_VERSION`` of this module.
- An installed wheel has no metadata.txt; :func:`version` then answers with
  the installed distribution's version, which the build took from metadata.txt.

No dependencies, so the library can read it at import."""
from __future__ import annotations

import os

DISTRIBUTION = "road-network-metrics"
METADATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "metadata.txt")


def metadata_version(path: str) -> str:
    """The ``version=`` value of the metadata.txt at ``path``; '' when the
    file or the line is missing."""
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("version="):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return ""


def version() -> str:
    """metadata.txt's version, else the installed distribution's; '' when
    neither is found."""
    found = metadata_version(METADATA)
    if found:
        return found
    try:
        from importlib.metadata import version as dist_version
        return dist_version(DISTRIBUTION)
    except Exception:  # not installed as a distribution either (PackageNotFoundError)
        return ""


def __getattr__(name: str) -> str:
    """``BUILD_VERSION``, read by setuptools when it builds the wheel or the
    sdist (pyproject.toml ``[tool.setuptools.dynamic]``): metadata.txt's
    version, and an error rather than a guess when there is none."""
    if name != "BUILD_VERSION":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = metadata_version(METADATA)
    if not found:
        raise RuntimeError(f"no version= line in {METADATA}: the package's version is metadata.txt's")
    return found
