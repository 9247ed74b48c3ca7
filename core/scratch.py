"""Scratch folders for data that worker processes read (memory-mapped
arrays of the matching solver, core/network/assignment.py): in memory
(/dev/shm) where it has room, else the system's temporary folder, and the
folders of runs whose process died removed first.  Beside core/parallel.py
and core/executor.py, which run the workers."""
from __future__ import annotations

from typing import Optional

# a scratch folder's name: SCRATCH_PREFIX + the run's pid + "-..."
SCRATCH_PREFIX = "roadmetrics-matching-"
MAX_PID = 2 ** 22      # Linux's pid_max limit (4,194,304)


def memory_folder(nbytes: int, shm: str = "/dev/shm") -> Optional[str]:
    """/dev/shm (a file system in memory on Linux) when it holds twice
    ``nbytes`` free, else None (the system's temporary folder): writing the
    pairs there takes a memory copy's time, where a disk-backed folder can
    stall for a second behind the writeback of dirty pages.  Containers
    often give /dev/shm only 64 MB: then the temporary folder.  Folders left
    there by runs whose process has died (killed before its cleanup) are
    removed first: memory is not given back by a reboot-only cleanup."""
    import os
    import shutil
    try:
        if not (os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK)):
            return None
        remove_orphans(shm)
        return shm if shutil.disk_usage(shm).free >= 2 * nbytes else None
    except OSError:
        return None


def remove_orphans(folder: str) -> None:
    """Remove the matching folders (SCRATCH_PREFIX + pid + "-...") in
    ``folder`` whose process no longer exists.  Only real folders of this
    user whose pid is ASCII digits in range are considered; any other entry
    (another user's, a link, a name planted to look like ours, one that
    vanishes meanwhile) is left alone and never fails the run: the scratch
    folder may be shared, and clean-up must not become a way to delete or
    break someone else's files."""
    import os
    import shutil
    import stat
    for name in os.listdir(folder):
        if not name.startswith(SCRATCH_PREFIX):
            continue
        pid = name[len(SCRATCH_PREFIX):].split("-", 1)[0]
        if not (pid.isascii() and pid.isdigit() and len(pid) <= 7 and
                0 < int(pid) <= MAX_PID):
            continue
        path = os.path.join(folder, name)
        try:
            st = os.lstat(path)
            if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid") and
                                                st.st_uid != os.getuid()):
                continue
            if not alive(int(pid)):
                shutil.rmtree(path, ignore_errors=True)
        except (OSError, ValueError, OverflowError):
            continue


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists (POSIX; on Windows os.kill would end
    it, and /dev/shm does not exist there: always True)."""
    import os
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:       # exists, owned by someone else
        return True
    return True
