//! The local executor: the jobs on a pool of worker threads of this process.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use super::{Executor, ExecutorError, Job};
use crate::play::game::GameRecord;

/// Plays jobs on `threads` worker threads (at least one).
#[derive(Clone, Copy, Debug)]
pub struct Local {
    /// Worker threads.
    pub threads: usize,
}

impl Executor for Local {
    fn execute(
        &self,
        jobs: &[Job],
        on_record: &mut dyn FnMut(GameRecord) -> ControlFlow<()>,
    ) -> Result<(), ExecutorError> {
        let next = AtomicUsize::new(0);
        let halt = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let (tx, rx) = channel();
            for _ in 0..self.threads.max(1) {
                let tx = tx.clone();
                let (next, halt) = (&next, &halt);
                scope.spawn(move || {
                    while !halt.load(Ordering::Relaxed) {
                        let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        if tx.send(job.play()).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            for result in rx {
                let stop = match result {
                    Ok(record) => on_record(record).is_break(),
                    Err(e) => {
                        halt.store(true, Ordering::Relaxed);
                        return Err(e.into());
                    }
                };
                if stop {
                    halt.store(true, Ordering::Relaxed);
                    break;
                }
            }
            Ok(())
        })
    }
}
