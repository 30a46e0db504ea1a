//! The exact solver against a brute-force table of every position.
//!
//! `table[m]` is the net score of the side to move over the boxes still to take, for
//! every subset `m` of the edges (dense bit order of `Edges::pack`), filled from the
//! full board down: no theory, no pruning, no symmetry. The solver (safe captures,
//! chain captures, loony endgame values, symmetry-folded table) must agree with it on
//! the empty board and on random positions.

use microply_core::games::dots::{Dots, Edge, Edges, Size};
use microply_core::rng::{below, SplitMix64};
use microply_core::Player;
use microply_tests::dots::SolverMemory;

struct BruteForce {
    size: Size,
    edges: Vec<Edge>,
    /// For each dense edge bit, the dense masks of the boxes it borders.
    boxes_of: Vec<Vec<u32>>,
    table: Vec<i8>,
}

impl BruteForce {
    fn new(size: Size) -> BruteForce {
        let edges: Vec<Edge> = Edges::all(size).iter().collect();
        let dense = |e: Edge| e.set().pack(size) as u32;
        let mut box_masks = Vec::new();
        for r in 0..size.rows() {
            for c in 0..size.cols() {
                let sides = [
                    Edge::horizontal(r, c).unwrap(),
                    Edge::horizontal(r + 1, c).unwrap(),
                    Edge::vertical(r, c).unwrap(),
                    Edge::vertical(r, c + 1).unwrap(),
                ];
                box_masks.push(sides.iter().map(|&e| dense(e)).fold(0, |a, b| a | b));
            }
        }
        let n = edges.len();
        let boxes_of = (0..n)
            .map(|i| {
                box_masks
                    .iter()
                    .copied()
                    .filter(|m| m & (1 << i) != 0)
                    .collect()
            })
            .collect();
        let mut bf = BruteForce {
            size,
            edges,
            boxes_of,
            table: vec![0; 1 << n],
        };
        bf.fill();
        bf
    }

    fn fill(&mut self) {
        let n = self.edges.len();
        let full = (1u32 << n) - 1;
        for m in (0..full).rev() {
            let mut best = i8::MIN;
            let mut free = full & !m;
            while free != 0 {
                let i = free.trailing_zeros() as usize;
                free &= free - 1;
                let child = m | (1 << i);
                let k = self.boxes_of[i].iter().filter(|&&b| child & b == b).count() as i8;
                let v = if k > 0 {
                    k + self.table[child as usize]
                } else {
                    -self.table[child as usize]
                };
                best = best.max(v);
            }
            self.table[m as usize] = best;
        }
    }

    fn value(&self, edges: Edges) -> i32 {
        i32::from(self.table[edges.pack(self.size) as usize])
    }

    /// A random set of edges, at least a third of the board drawn (emptier positions
    /// are whole solves, which the empty-board checks already cover).
    fn random_edges(&self, rng: &mut SplitMix64) -> Edges {
        let n = self.edges.len() as u64;
        let keep = n / 3 + below(rng, n - n / 3 + 1);
        let mut e = Edges::EMPTY;
        for &edge in &self.edges {
            if below(rng, self.edges.len() as u64) < keep {
                e = e.with(edge);
            }
        }
        e
    }
}

fn position(size: Size, edges: Edges, side: Player) -> Dots {
    let taken = edges.full_boxes(size).count_ones() as u8;
    Dots::from_parts(size, edges, [taken, 0], side).unwrap()
}

fn check_size(rows: u8, cols: u8, samples: usize) -> i32 {
    let size = Size::new(rows, cols).unwrap();
    let bf = BruteForce::new(size);
    let mut table = SolverMemory::new(1 << 16);
    let root = table.solve(&Dots::empty(size));
    assert_eq!(
        root.value,
        bf.value(Edges::EMPTY),
        "{rows}x{cols} empty board"
    );
    let best = root.best.expect("a move");
    let k = Dots::empty(size).boxes_completed_by(best) as i32;
    assert_eq!(k, 0);
    assert_eq!(-bf.value(best.set()), root.value, "{rows}x{cols} best move");
    let mut rng = SplitMix64::new(u64::from(rows) * 100 + u64::from(cols));
    for i in 0..samples {
        let edges = bf.random_edges(&mut rng);
        let side = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let s = table.solve(&position(size, edges, side));
        assert_eq!(s.value, bf.value(edges), "{rows}x{cols} edges {edges:?}");
    }
    root.value
}

#[test]
fn solver_matches_brute_force_up_to_seventeen_edges() {
    assert_eq!(check_size(1, 1, 16), -1);
    assert_eq!(check_size(1, 2, 200), 0);
    assert_eq!(check_size(2, 1, 200), 0);
    assert_eq!(check_size(1, 3, 500), check_size(3, 1, 50));
    assert_eq!(check_size(2, 2, 1000), 2);
    assert_eq!(check_size(1, 4, 1000), check_size(4, 1, 50));
    assert_eq!(check_size(2, 3, 3000), -2);
}

#[test]
#[ignore = "brute force over 2^22 and 2^24 positions: run in release"]
fn solver_matches_brute_force_on_2x4_and_3x3() {
    check_size(2, 4, 1_000);
    check_size(1, 6, 500);
    assert_eq!(check_size(3, 3, 2_000), -3);
}

#[test]
fn published_values_from_the_empty_board() {
    // First player's margin with perfect play (Berlekamp; Barker & Korf 2012).
    let mut table = SolverMemory::new(1 << 18);
    for (r, c, v) in [(1, 1, -1), (1, 2, 0), (2, 2, 2), (2, 3, -2), (3, 3, -3)] {
        let s = table.solve(&Dots::empty(Size::new(r, c).unwrap()));
        assert_eq!(s.first_margin, v, "{r}x{c}");
    }
}

#[test]
#[ignore = "solves 3×4 from the empty board (about 107M nodes, 35–50 s of CPU): run in release"]
fn three_by_four_is_a_draw() {
    let mut table = SolverMemory::new(1 << 24);
    let start = std::time::Instant::now();
    let s = table.solve(&Dots::empty(Size::new(3, 4).unwrap()));
    eprintln!(
        "3x4: margin {} best {:?} nodes {} in {:?}",
        s.first_margin,
        s.best,
        s.nodes,
        start.elapsed()
    );
    assert_eq!(s.first_margin, 0);
}
