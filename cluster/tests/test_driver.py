"""The driver's errors before any game: bad address, nothing listening, no Ray."""

import io
import socket
import sys
import unittest
from unittest import mock

from microply_cluster import EXIT_NO_RAY, EXIT_UNREACHABLE, EXIT_USAGE
from microply_cluster.__main__ import main
from microply_cluster.driver import (
    Failure,
    check_answers,
    import_ray,
    split_address,
    task_error,
)


def closed_port():
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Address(unittest.TestCase):
    def test_host_and_port(self):
        self.assertEqual(split_address("10.0.0.2:6379"), ("10.0.0.2", 6379))

    def test_not_an_address(self):
        for bad in ["6379", "head", ":6379", "head:port", "ray://"]:
            with self.assertRaises(Failure) as caught:
                split_address(bad)
            self.assertEqual(caught.exception.status, EXIT_UNREACHABLE)
            self.assertIn("is not HOST:PORT", str(caught.exception))

    def test_nothing_listening_fails_fast(self):
        port = closed_port()
        with self.assertRaises(Failure) as caught:
            check_answers(f"127.0.0.1:{port}", timeout=2)
        self.assertEqual(caught.exception.status, EXIT_UNREACHABLE)
        self.assertIn(f"cannot connect to 127.0.0.1:{port}", str(caught.exception))

    def test_a_listening_port_answers(self):
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            server.listen(1)
            check_answers(f"127.0.0.1:{server.getsockname()[1]}", timeout=2)


class NoRay(unittest.TestCase):
    def test_a_missing_ray_is_said(self):
        with mock.patch.dict(sys.modules, {"ray": None}):
            with self.assertRaises(Failure) as caught:
                import_ray()
        self.assertEqual(caught.exception.status, EXIT_NO_RAY)
        self.assertIn("import ray failed", str(caught.exception))


class TaskError(unittest.TestCase):
    def test_the_task_s_own_exception_in_one_line(self):
        class Wrapped(Exception):
            cause = ValueError("games 5..5: play-batch exited with status 1: bad")

            def __str__(self):
                return "ray::play_chunk()\n  Traceback...\n" + str(self.cause)

        self.assertEqual(task_error(Wrapped()), "games 5..5: play-batch exited with status 1: bad")

    def test_else_the_first_line_of_ray_s(self):
        self.assertEqual(task_error(RuntimeError("\nworker died\ndetails")), "worker died")
        self.assertEqual(task_error(RuntimeError("")), "RuntimeError")


class Main(unittest.TestCase):
    def run_main(self, argv, stdin):
        err = io.StringIO()
        with mock.patch.object(sys, "stdin", io.StringIO(stdin)), mock.patch.object(
            sys, "stderr", err
        ):
            status = main(argv, out=io.StringIO())
        return status, err.getvalue()

    def test_an_unreachable_cluster_exits_with_its_status(self):
        argv = ["--address", f"127.0.0.1:{closed_port()}", "--binary", "microply"]
        status, err = self.run_main(argv, '{"spec": {"index": 0}}\n')
        self.assertEqual(status, EXIT_UNREACHABLE)
        self.assertIn("cannot connect to", err)

    def test_an_empty_batch_needs_no_cluster(self):
        argv = ["--address", f"127.0.0.1:{closed_port()}", "--binary", "microply"]
        self.assertEqual(self.run_main(argv, "\n"), (0, ""))

    def test_a_bad_batch_is_a_usage_error(self):
        argv = ["--address", "127.0.0.1:1", "--binary", "microply"]
        status, err = self.run_main(argv, "{}\n")
        self.assertEqual(status, EXIT_USAGE)
        self.assertIn("job line 1 has no spec.index", err)


if __name__ == "__main__":
    unittest.main()
