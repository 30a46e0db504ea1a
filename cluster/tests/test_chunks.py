"""Chunking a batch and checking a chunk's records."""

import json
import unittest

from microply_cluster.chunks import (
    BatchError,
    check_records,
    chunked,
    default_chunk_size,
    read_batch,
)


def job(index):
    return json.dumps({"spec": {"index": index}, "rules": {}, "players": []})


def record(index):
    return json.dumps({"spec": {"index": index}, "moves": [], "millis": 3})


class ReadBatch(unittest.TestCase):
    def test_lines_keep_their_order_and_blank_lines_are_skipped(self):
        text = job(4) + "\n\n" + job(1) + "\n" + job(9) + "\n"
        self.assertEqual(read_batch(text), [(4, job(4)), (1, job(1)), (9, job(9))])

    def test_a_line_without_an_index_is_named(self):
        with self.assertRaisesRegex(BatchError, "job line 3 has no spec.index"):
            read_batch(job(0) + "\n\n" + '{"spec": {}}\n')

    def test_a_game_twice_is_refused(self):
        with self.assertRaisesRegex(BatchError, "job line 2: game 5 is in the batch twice"):
            read_batch(job(5) + "\n" + job(5))


class Chunks(unittest.TestCase):
    def test_chunks_cover_the_batch_once_in_order(self):
        jobs = [(i, job(i)) for i in range(10)]
        for size in range(1, 12):
            chunks = chunked(jobs, size)
            self.assertEqual([j for c in chunks for j in c], jobs)
            self.assertTrue(all(len(c) == size for c in chunks[:-1]))
            self.assertEqual(len(chunks), -(-10 // size))

    def test_a_chunk_size_below_one_is_refused(self):
        with self.assertRaises(BatchError):
            chunked([(0, job(0))], 0)

    def test_default_size_gives_about_four_tasks_per_cpu(self):
        self.assertEqual(default_chunk_size(1000, 8), 32)  # ceil(1000 / 32)
        self.assertEqual(default_chunk_size(5, 8), 1)
        self.assertEqual(default_chunk_size(0, 8), 1)
        self.assertEqual(default_chunk_size(10, 0), 3)  # a cluster reporting no CPU


class CheckRecords(unittest.TestCase):
    def test_one_record_per_job_in_any_order(self):
        lines = [record(7), record(5), "", record(6)]
        self.assertEqual(check_records([5, 6, 7], lines), [record(7), record(5), record(6)])

    def test_a_missing_game_is_named(self):
        with self.assertRaisesRegex(BatchError, r"no record for games \[6\]"):
            check_records([5, 6], [record(5)])

    def test_a_game_twice_is_refused(self):
        with self.assertRaisesRegex(BatchError, "game 5 came back twice"):
            check_records([5, 6], [record(5), record(5), record(6)])

    def test_a_foreign_game_is_refused(self):
        with self.assertRaisesRegex(BatchError, "game 8, which the chunk did not hold"):
            check_records([5], [record(5), record(8)])

    def test_a_line_that_is_not_a_record_is_refused(self):
        with self.assertRaisesRegex(BatchError, "not a game record"):
            check_records([5], ["error: oops"])


if __name__ == "__main__":
    unittest.main()
