//! An order-keeping parallel map: the results do not depend on the thread count.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of worker threads to use by default: the machine's cores.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// `f` applied to every item on `threads` workers (at least one), results in the
/// items' order. `f` gets a per-worker state made by `init` (search memory, say),
/// so what one item computes must not depend on the items before it.
pub fn map_ordered<T: Sync, S, R: Send>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(&mut state, item);
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(r);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_values_do_not_depend_on_threads() {
        let items: Vec<u64> = (0..100).collect();
        let square = |_: &mut (), x: &u64| x * x;
        let one = map_ordered(&items, 1, || (), square);
        assert_eq!(one, items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert_eq!(map_ordered(&items, 7, || (), square), one);
        assert!(map_ordered(&[] as &[u64], 3, || (), square).is_empty());
    }
}
