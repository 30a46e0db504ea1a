//! An ordered parallel map over indices: work is shared out over threads, results come
//! back in index order, so the output does not depend on the thread count.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of threads to use when the user gave none: the machine's cores.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// `f(0), f(1), …, f(n − 1)` computed on up to `threads` threads, in index order.
pub fn ordered_map<T: Send>(n: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        return (0..n).map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(n));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let value = f(i);
                done.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((i, value));
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|&(i, _)| i);
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
        assert_eq!(one[7], 49);
        assert!(ordered_map(0, 3, square).is_empty());
    }
}
