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
