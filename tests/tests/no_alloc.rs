//! A complete search allocates nothing: a counting global allocator watches the
//! searches of every algorithm and the protocol engine's commands.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use microply_core::games::tictactoe::{Cell, OpenLines, TicTacToe};
use microply_core::protocol::{Engine, MoveWord};
use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwards the caller's layout unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    f();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

/// A `fmt::Write` into a fixed array, so replies need no heap either.
struct Fixed {
    buf: [u8; 4096],
    len: usize,
}

impl std::fmt::Write for Fixed {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn main() {
    let probe = allocations_during(|| drop(std::hint::black_box(vec![1u8; 10])));
    assert_eq!(
        probe, 1,
        "the counting allocator must see a Vec's allocation"
    );
    let mut memory = vec![Entry::EMPTY; 1 << 12];
    let mut moves = vec![Cell::default(); 64];
    let mut failures = 0;
    for algorithm in Algorithm::ALL {
        let settings = Settings {
            algorithm,
            limits: Limits::depth(9),
            ..Settings::default()
        };
        let mut nodes = 0;
        let n = allocations_during(|| {
            let mut tt = Table::new(&mut memory);
            let r = search(
                &TicTacToe::START,
                &OpenLines,
                &mut tt,
                &mut moves,
                &settings,
                &NoClock,
                |_| {},
            );
            nodes = r.map(|r| r.stats.nodes).unwrap_or(0);
        });
        println!("{algorithm:>9}: {nodes} nodes, {n} allocations");
        if n != 0 || nodes == 0 {
            failures += 1;
        }
    }
    let mut words = vec![0 as MoveWord; 1 << 12];
    let mut engine = Engine::new(&mut memory, &mut words);
    let mut out = Fixed {
        buf: [0; 4096],
        len: 0,
    };
    let script = [
        "game tictactoe",
        "play b2",
        "go depth 9 algo=pvs",
        "selfplay depth=3",
        "perft 5",
        "moves",
        "fen",
    ];
    let n = allocations_during(|| {
        for line in script {
            out.len = 0;
            engine.execute(line, &NoClock, &mut out);
        }
    });
    println!(
        "protocol engine: {} commands, {n} allocations",
        script.len()
    );
    if n != 0 {
        failures += 1;
    }
    let passed = Algorithm::ALL.len() + 1 - failures;
    println!("{passed} passed, {failures} failed");
    if failures > 0 {
        std::process::exit(1);
    }
}
