"""A chunk on a worker, with a stand-in for microply."""

import os
import stat
import tempfile
import unittest

from microply_cluster.task import ChunkFailed, play_chunk


def fake_microply(directory, script):
    path = os.path.join(directory, "microply")
    with open(path, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\n" + script + "\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return path


CHUNK = [(3, '{"spec": {"index": 3}}'), (4, '{"spec": {"index": 4}}')]


class PlayChunk(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def test_the_jobs_go_in_and_the_records_come_back(self):
        # The stand-in answers each job line with itself, as a record would carry
        # the job's spec; it also checks its arguments.
        binary = fake_microply(
            self.dir.name,
            '[ "$*" = "play-batch --concurrency 1" ] || exit 7\ntac',
        )
        self.assertEqual(play_chunk(binary, CHUNK), [CHUNK[1][1], CHUNK[0][1]])

    def test_a_failing_binary_fails_the_chunk_with_its_message(self):
        binary = fake_microply(self.dir.name, "echo 'error: game 3: bad opening' >&2; exit 1")
        with self.assertRaisesRegex(ChunkFailed, "games 3..4: .*status 1: error: game 3: bad opening"):
            play_chunk(binary, CHUNK)

    def test_a_missing_record_fails_the_chunk(self):
        binary = fake_microply(self.dir.name, "head -n 1")
        with self.assertRaisesRegex(ChunkFailed, r"no record for games \[4\]"):
            play_chunk(binary, CHUNK)

    def test_a_missing_binary_is_named(self):
        with self.assertRaisesRegex(ChunkFailed, "cannot run /nonexistent/microply"):
            play_chunk("/nonexistent/microply", CHUNK)


if __name__ == "__main__":
    unittest.main()
