//! The one ordered parallel map of the host: work is shared out over threads, results
//! come back in index order, so the output does not depend on the thread count.
//!
//! Every parallel loop of the host goes through here (samples, networks, experiments,
//! self-play). It is a few lines of `std::thread::scope` rather than rayon because the
//! workers need a state of their own (search memory, a solver table) made once per
//! thread, the order must be the input's whatever the thread count, and a dependency
//! for that is not worth its weight.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The number of threads to use when the user gave none: the machine's cores.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// `f(0), f(1), …, f(n − 1)` computed on up to `threads` threads, in index order.
pub fn ordered_map<T: Send>(n: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    ordered_map_with(n, threads, || (), |(), i| f(i))
}

/// `f(state, 0), …, f(state, n − 1)` on up to `threads` threads, in index order; each
/// thread makes its `state` once with `init` (search memory, say), so what one index
/// computes must not depend on the indices before it.
pub fn ordered_map_with<S, T: Send>(
    n: usize,
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<T> {
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        let mut state = init();
        return (0..n).map(|i| f(&mut state, i)).collect();
    }
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut state = init();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n {
                return done;
            }
            done.push((i, f(&mut state, i)));
        }
    };
    let mut done: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, v)| v).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_does_not_depend_on_the_thread_count() {
        let square = |i: usize| i * i;
        let one = ordered_map(100, 1, square);
        assert_eq!(ordered_map(100, 4, square), one);
        assert_eq!(ordered_map(100, 7, square), one);
        assert_eq!(one[7], 49);
        assert!(ordered_map(0, 3, square).is_empty());
    }

    #[test]
    fn each_worker_keeps_its_state() {
        let counted = ordered_map_with(
            50,
            3,
            || 0_usize,
            |calls, i| {
                *calls += 1;
                (i, *calls >= 1)
            },
        );
        assert!(counted.iter().enumerate().all(|(k, &(i, ok))| k == i && ok));
    }
}
