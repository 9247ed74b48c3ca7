import numpy as np

from core.network.lineset import LineSet


def lines(*coords, **attrs):
    return LineSet.from_lines([np.asarray(c, dtype=float) for c in coords], **attrs)
