"""``python -m microply_cluster --address HOST:PORT --binary PATH``: the batch's
job lines on stdin, the game records on stdout (see the package's docstring)."""

import argparse
import os
import sys

from . import EXIT_USAGE
from .chunks import BatchError, read_batch
from .driver import Failure, run


def parse(argv):
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m microply_cluster")
    parser.add_argument("--address", required=True, help="the cluster's HOST:PORT")
    parser.add_argument(
        "--binary", required=True, help="microply on the workers (the same path on every node)"
    )
    parser.add_argument("--chunk-size", type=int, help="games per Ray task")
    parser.add_argument("--max-retries", type=int, default=3, help="retries of a failed task")
    return parser.parse_args(argv)


def record_channel():
    """A private copy of stdout for the records; stdout itself then goes to
    stderr, since Ray prints its own messages (a dead worker...) on stdout."""
    records = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return records


def main(argv=None, out=None):
    """Runs the batch on stdin, the records to ``out`` (default: the process's
    stdout, kept for them alone); returns the exit status."""
    args = parse(argv)
    try:
        jobs = read_batch(sys.stdin.read())
        if args.chunk_size is not None and args.chunk_size < 1:
            raise BatchError(f"--chunk-size must be at least 1, not {args.chunk_size}")
        if jobs:
            out = out or record_channel()
            run(jobs, args.address, args.binary, args.chunk_size, args.max_retries, out)
    except BatchError as error:
        print(f"microply_cluster: {error}", file=sys.stderr)
        return EXIT_USAGE
    except Failure as error:
        print(f"microply_cluster: {error}", file=sys.stderr)
        return error.status
    return 0


if __name__ == "__main__":
    sys.exit(main())
