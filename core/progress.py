"""Progress reporting and cancellation, independent of QGIS."""


class Cancelled(Exception):
    """Raised inside a computation when the user cancelled it."""


class Progress:
    """``callback(fraction_0_to_1, message)``; ``is_canceled()`` -> bool.
    ``sub(a, b)`` maps a child's 0..1 onto a..b of this one."""

    def __init__(self, callback=None, is_canceled=None, start=0.0, end=1.0):
        self._cb = callback
        self._cancel = is_canceled
        self.start, self.end = start, end

    def set(self, fraction, message=None):
        self.check()
        if self._cb is not None:
            f = self.start + (self.end - self.start) * min(max(fraction, 0.0), 1.0)
            self._cb(f, message)

    def check(self):
        if self._cancel is not None and self._cancel():
            raise Cancelled("cancelled by the user")

    def sub(self, a, b):
        span = self.end - self.start
        return Progress(self._cb, self._cancel, self.start + span * a, self.start + span * b)


NO_PROGRESS = Progress()
