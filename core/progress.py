"""Progress reporting and cancellation, independent of QGIS.

Long loops that are not handed a Progress (matchers, solvers, ...) call
:func:`checkpoint`: it checks the Progress made current on this thread by
``with active(progress):`` (core.classes.runner.run_metric does that for every
metric run), so a cancel reaches them too.
"""
from __future__ import annotations

from typing import ContextManager, Iterator, Optional

import threading
from contextlib import contextmanager

_current = threading.local()


class Cancelled(Exception):
    """Raised inside a computation when the user cancelled it."""


class Progress:
    """``callback(fraction_0_to_1, message)``; ``is_canceled()`` -> bool.
    ``sub(a, b)`` maps a child's 0..1 onto a..b of this one."""

    def __init__(self, callback=None, is_canceled=None, start=0.0, end=1.0):
        self._cb = callback
        self._cancel = is_canceled
        self.start, self.end = start, end

    def set(self, fraction: float, message: Optional[str] = None) -> None:
        self.check()
        if self._cb is not None:
            f = self.start + (self.end - self.start) * min(max(fraction, 0.0), 1.0)
            self._cb(f, message)

    def check(self) -> None:
        if self._cancel is not None and self._cancel():
            raise Cancelled("cancelled by the user")

    def active(self) -> ContextManager[None]:
        """Within the block, :func:`checkpoint` on this thread checks this
        Progress for cancellation."""
        return active(self)

    def sub(self, a: float, b: float) -> Progress:
        span = self.end - self.start
        return Progress(self._cb, self._cancel, self.start + span * a, self.start + span * b)


NO_PROGRESS = Progress()


@contextmanager
def active(progress: Progress) -> Iterator[None]:
    """``with active(progress):`` -- :func:`checkpoint` on this thread calls
    ``progress.check()`` within the block (any object with a check method)."""
    previous = getattr(_current, "progress", None)
    _current.progress = progress
    try:
        yield progress
    finally:
        _current.progress = previous


def current() -> Optional[Progress]:
    """The Progress of the innermost ``active()`` block on this thread (None
    outside one): handed to threads that work for this one."""
    return getattr(_current, "progress", None)


def checkpoint() -> None:
    """Raise Cancelled if the computation on this thread was cancelled (the
    Progress of the innermost ``active()`` block; nothing outside
    one).  Cheap: one attribute look-up and the cancel callback."""
    check = getattr(getattr(_current, "progress", None), "check", None)
    if check is not None:
        check()
