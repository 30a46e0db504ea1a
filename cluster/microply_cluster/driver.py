"""The driver: connect to the cluster, submit the chunks as Ray tasks, print
each chunk's records as it finishes."""

import socket
import sys

from . import EXIT_CHUNK_FAILED, EXIT_NO_RAY, EXIT_UNREACHABLE
from .chunks import chunked, default_chunk_size
from .task import play_chunk


class Failure(Exception):
    """The run cannot go on; ``status`` is the exit status that says why."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def split_address(address):
    """``HOST:PORT`` as (host, port); ``ray://`` client addresses are refused
    (the driver runs where the coordinator runs, joined to the cluster)."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise Failure(EXIT_UNREACHABLE, f"'{address}' is not HOST:PORT")
    return host, int(port)


def check_answers(address, timeout=5.0):
    """Fails fast when nothing listens at the address (ray.init would wait for
    minutes)."""
    host, port = split_address(address)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as error:
        raise Failure(EXIT_UNREACHABLE, f"cannot connect to {host}:{port}: {error}") from None


def import_ray():
    """The ray module, or a Failure saying it is not installed."""
    try:
        import ray  # pylint: disable=import-outside-toplevel
    except ImportError as error:
        raise Failure(EXIT_NO_RAY, f"import ray failed in {sys.executable}: {error}") from None
    return ray


def connect(ray, address):
    """Joins the cluster, shipping this package to the workers."""
    import microply_cluster  # pylint: disable=import-outside-toplevel

    package = microply_cluster.__path__[0]
    try:
        ray.init(
            address=address,
            runtime_env={"py_modules": [package]},
            logging_level="ERROR",
            log_to_driver=False,
        )
    except Exception as error:  # Ray raises several kinds for a dead address.
        raise Failure(EXIT_UNREACHABLE, f"ray.init failed: {error}") from None


def task_error(error):
    """A failed task's error in one line: the task's own exception when it
    raised one (Ray wraps it with a traceback), else the first line of Ray's."""
    cause = getattr(error, "cause", None)
    text = str(cause) if isinstance(cause, Exception) else str(error)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def run(jobs, address, binary, chunk_size, max_retries, out):
    """Plays ``jobs`` (a list of (index, job line)) on the cluster, writing each
    record line to ``out`` once, as its chunk finishes. A chunk that still fails
    after ``max_retries`` retries ends the run (the records written so far stay
    written)."""
    check_answers(address)
    ray = import_ray()
    connect(ray, address)
    try:
        if chunk_size is None:
            cpus = ray.cluster_resources().get("CPU", 1)
            chunk_size = default_chunk_size(len(jobs), cpus)
        remote = ray.remote(num_cpus=1, max_retries=max_retries, retry_exceptions=True)(
            play_chunk
        )
        pending = {remote.remote(binary, chunk): chunk for chunk in chunked(jobs, chunk_size)}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            ref = ready[0]
            chunk = pending.pop(ref)
            try:
                records = ray.get(ref)
            except Exception as error:  # The task's error after its retries.
                for other in pending:
                    ray.cancel(other, force=True)
                first, last = chunk[0][0], chunk[-1][0]
                raise Failure(
                    EXIT_CHUNK_FAILED,
                    f"games {first}..{last} failed after {max_retries} retries: "
                    + task_error(error),
                ) from None
            for line in records:
                out.write(line + "\n")
            out.flush()
    finally:
        ray.shutdown()
