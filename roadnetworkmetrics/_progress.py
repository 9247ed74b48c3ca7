"""Progress for the library and the command line: nothing by default, a
callable of the user's, or a bar on stderr (tqdm when installed, else a
one-line bar of its own)."""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator, Union

from .core.progress import NO_PROGRESS, Progress


class TextBar:
    """A minimal progress bar on a stream, redrawn at most 10 times a second."""

    def __init__(self, label: str, stream=None, width: int = 30):
        self.label, self.stream, self.width = label, stream or sys.stderr, width
        self.last = 0.0

    def update(self, fraction: float, message=None) -> None:
        now = time.monotonic()
        if now - self.last < 0.1 and fraction < 1.0:
            return
        self.last = now
        n = int(self.width * fraction)
        text = f"\r{self.label} [{'#' * n}{'.' * (self.width - n)}] {100 * fraction:3.0f}%"
        if message:
            text += f" {str(message)[:40]:<40}"
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        self.last = 0.0
        self.update(1.0, "done")
        self.stream.write("\n")
        self.stream.flush()


def _bar(label: str):
    try:
        from tqdm import tqdm
    except ImportError:
        return TextBar(label)

    class TqdmBar:
        def __init__(self):
            self.bar = tqdm(total=1000, desc=label, unit="‰", leave=False, file=sys.stderr,
                            bar_format="{desc} {bar} {percentage:3.0f}% {elapsed}<{remaining}")

        def update(self, fraction, message=None):
            n = int(1000 * fraction)
            if n > self.bar.n:
                self.bar.update(n - self.bar.n)

        def close(self):
            self.bar.close()
    return TqdmBar()


class CountBar:
    """A bar counting items (a batch's pairs): n/N, rate and time left, with
    tqdm when installed, else a line of its own that shows the same; the
    counts come from :meth:`count`."""

    def __init__(self, label: str, stream=None, width: int = 24, unit: str = "pair"):
        self.label, self.stream, self.width, self.unit = label, stream or sys.stderr, width, unit
        self.t0 = time.monotonic()
        self.last = 0.0
        self.n, self.total, self.start_n = 0, 0, None
        try:
            from tqdm import tqdm
        except ImportError:
            self.tqdm = None
        else:
            self.tqdm = tqdm(total=0, desc=label, unit=unit, leave=False, file=self.stream,
                             dynamic_ncols=True)

    def count(self, n: int, total: int) -> None:
        if self.start_n is None:
            self.start_n, self.t0 = n, time.monotonic()   # resumed pairs do not make a rate
        if self.tqdm is not None:
            if self.tqdm.total != total:
                self.tqdm.reset(total=total)
                self.tqdm.update(n)
            else:
                self.tqdm.update(n - self.n)
            self.n, self.total = n, total
            return
        self.n, self.total = n, total
        now = time.monotonic()
        if now - self.last < 0.1 and n < total:
            return
        self.last = now
        self.stream.write("\r" + self.text(now))
        self.stream.flush()

    def text(self, now: float) -> str:
        n, total = self.n, self.total
        frac = n / total if total else 1.0
        k = int(self.width * frac)
        done = n - (self.start_n or 0)
        elapsed = now - self.t0
        rate = done / elapsed if elapsed > 0 and done else 0.0
        left = (total - n) / rate if rate else None
        eta = "?" if left is None else _clock(left)
        return (f"{self.label} {n}/{total} [{'#' * k}{'.' * (self.width - k)}] {100 * frac:3.0f}% "
                f"{rate:.1f} {self.unit}s/s, {_clock(elapsed)} elapsed, {eta} left")

    def close(self) -> None:
        if self.tqdm is not None:
            self.tqdm.close()
            return
        if self.total:
            self.last = 0.0
            self.stream.write("\r" + self.text(time.monotonic()) + "\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


@contextmanager
def progress_for(progress: Union[bool, Callable, Progress], label: str) -> Iterator[Progress]:
    """A core Progress for ``progress`` (False, True, a callable or a
    Progress), closing the bar at the end."""
    if isinstance(progress, Progress):
        yield progress
    elif callable(progress):
        yield Progress(progress)
    elif progress:
        bar = _bar(label)
        try:
            yield Progress(bar.update)
        finally:
            bar.close()
    else:
        yield NO_PROGRESS
