"""The version of Road Network Metrics: the plugin's metadata.txt (the
plugin folder or a checkout), else the installed library's distribution
metadata (a wheel has no metadata.txt); '' when neither is found.  No
dependencies, so the library can read it at import."""
from __future__ import annotations

import os

DISTRIBUTION = "road-network-metrics"


def version() -> str:
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "metadata.txt")
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("version="):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    try:
        from importlib.metadata import version as dist_version
        return dist_version(DISTRIBUTION)
    except Exception:  # not installed as a distribution either (PackageNotFoundError)
        return ""
