"""Ray executor for microply: plays a batch of games (the job lines of
docs/scale.md) as Ray tasks, each running ``microply play-batch`` on a worker,
and streams the game records back as JSON lines while tasks finish.

The ``microply`` coordinator spawns ``python -m microply_cluster`` with the batch
on stdin and reads the records from stdout; it orders them by game index and
checkpoints after each, so where a game ran never changes a result.
"""

# Exit statuses the Rust side (host/src/executor/ray.rs) turns into errors.
EXIT_USAGE = 2
EXIT_NO_RAY = 3
EXIT_UNREACHABLE = 4
EXIT_CHUNK_FAILED = 5
