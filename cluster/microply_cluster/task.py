"""What a Ray task does on a worker: run ``microply play-batch`` on one chunk."""

import subprocess

from .chunks import BatchError, check_records


class ChunkFailed(RuntimeError):
    """``microply play-batch`` failed on a chunk (Ray retries it)."""


def play_chunk(binary, chunk):
    """Plays ``chunk`` (a list of (index, job line)) with ``binary`` and returns
    its record lines, one per job, in the order they finished."""
    indices = [index for index, _ in chunk]
    batch = "".join(line + "\n" for _, line in chunk)
    try:
        done = subprocess.run(
            [binary, "play-batch", "--concurrency", "1"],
            input=batch,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as error:
        raise ChunkFailed(f"cannot run {binary} on this worker: {error}") from None
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise ChunkFailed(
            f"games {indices[0]}..{indices[-1]}: play-batch exited with status "
            f"{done.returncode}: {tail}"
        )
    try:
        return check_records(indices, done.stdout.splitlines())
    except BatchError as error:
        raise ChunkFailed(f"games {indices[0]}..{indices[-1]}: {error}") from None
