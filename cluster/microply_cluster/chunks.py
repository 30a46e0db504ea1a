"""Splitting a batch into chunks (one Ray task each) and checking what a chunk
sends back."""

import json


class BatchError(ValueError):
    """A batch or a chunk's output that does not fit the job contract."""


def job_index(line, number):
    """The game index of job line ``line`` (``number``: its line number, from 1)."""
    try:
        return json.loads(line)["spec"]["index"]
    except (ValueError, KeyError, TypeError) as error:
        raise BatchError(f"job line {number} has no spec.index: {error}") from None


def read_batch(text):
    """The non-blank job lines of ``text`` with their game indices, refusing a
    line without an index and an index given twice."""
    jobs = []
    seen = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        index = job_index(line, number)
        if index in seen:
            raise BatchError(f"job line {number}: game {index} is in the batch twice")
        seen.add(index)
        jobs.append((index, line))
    return jobs


def default_chunk_size(games, cpus, tasks_per_cpu=4):
    """Games per task: about ``tasks_per_cpu`` tasks per CPU so the last tasks
    finish close together, at least one game."""
    tasks = max(1, int(cpus)) * max(1, tasks_per_cpu)
    return max(1, -(-games // tasks))


def chunked(jobs, size):
    """``jobs`` in consecutive chunks of ``size`` (the last may be shorter)."""
    if size < 1:
        raise BatchError(f"chunk size must be at least 1, not {size}")
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def check_records(indices, lines):
    """The record lines of a chunk whose jobs had ``indices``: exactly one record
    per job, none foreign; raises BatchError otherwise."""
    wanted = set(indices)
    records = []
    seen = set()
    for line in lines:
        if not line.strip():
            continue
        try:
            index = json.loads(line)["spec"]["index"]
        except (ValueError, KeyError, TypeError) as error:
            raise BatchError(f"not a game record ({error}): {line[:200]}") from None
        if index not in wanted:
            raise BatchError(f"a record for game {index}, which the chunk did not hold")
        if index in seen:
            raise BatchError(f"game {index} came back twice")
        seen.add(index)
        records.append(line)
    missing = sorted(wanted - seen)
    if missing:
        raise BatchError(f"no record for games {missing}")
    return records
