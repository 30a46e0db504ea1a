//! The checkers knowledge the [`Expert`](super::Expert) evaluator weighs: a vector of
//! integer features of a position, each the side to move's count minus the
//! opponent's (or, for [`Feature::TheMove`], a property of the side to move), so an
//! evaluation is the linear sum Σ weight·feature and can be tuned by regression.
//!
//! Every feature is scaled to units of [`SCALE`] (= the number of pieces at the
//! start, 24): a feature that is interpolated by the game's phase is multiplied by
//! `pieces` (opening part) or `24 − pieces` (endgame part), any other by 24. The
//! evaluation divides the weighted sum by [`SCALE`] once, so all arithmetic stays in
//! integers and is the same on every target.
//!
//! Each side is looked at from Black's orientation (men moving toward square 32): a
//! White position turned by 180° ([`u32::reverse_bits`] of every mask, square `s` →
//! `33 − s`) is a Black one, so every pattern is written once. The sources of every
//! feature are in `docs/checkers-eval.md`.

use super::bitboard::{
    movers, step, Bitboard, Dir, Squares, BOTTOM_ROW, CENTRE, EVEN_ROWS, TOP_ROW,
};
use super::board::Checkers;
use crate::game::Game;
use crate::player::Player;

/// The unit of every feature: the number of pieces at the start of the game.
pub const SCALE: i32 = 24;

/// The number of features.
pub const FEATURES: usize = 20;

/// One feature: its index in [`Features`] and in the weight vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Feature {
    /// Men, weighted toward the opening (× pieces on the board).
    MenOpening,
    /// Men, weighted toward the endgame (× (24 − pieces)).
    MenEndgame,
    /// Kings in the opening part: a king's value depends on the phase.
    KingsOpening,
    /// Kings in the endgame part.
    KingsEndgame,
    /// Trading down when ahead: the piece difference × (24 − pieces), so the same lead
    /// counts more with fewer pieces left (antisymmetric by construction).
    TradeDown,
    /// The bridge: own men on both 1 and 3 (White: 30 and 32) while the opponent has
    /// no king.
    Bridge,
    /// The triangle of Oreo: own men on 2, 3 and 7 (White: 31, 30 and 26).
    Triangle,
    /// Men still on the own back rank, in the opening part (× pieces).
    BackRank,
    /// Advancement (tempo) in the opening part: Σ rows advanced by the men × pieces.
    TempoOpening,
    /// Advancement in the endgame part: Σ rows advanced × (24 − pieces).
    TempoEndgame,
    /// Men on the eight central squares 10, 11, 14, 15, 18, 19, 22, 23.
    CentreMen,
    /// Kings on the central squares.
    CentreKings,
    /// Runaway men: no opposing piece in the cone in front of the man and no opposing
    /// king, so nothing can stop it crowning; each counts 8 − its distance to the
    /// crowning row (× 3).
    Runaway,
    /// Trapped kings: kings with no empty neighbouring square.
    TrappedKings,
    /// Kings in a single corner (4 or 29), where they are easily cornered.
    CorneredKings,
    /// Kings in a double corner (1, 5, 28 or 32), where a defending king is hard to
    /// dislodge.
    DoubleCornerKings,
    /// King mobility: simple moves of the kings (× 6).
    KingMobility,
    /// Man mobility: simple forward moves of the men (× 6).
    ManMobility,
    /// The move (the opposition): with equal piece counts and at most 12 pieces,
    /// +24 when the side to move has an odd number of pieces in its own system (the
    /// files of its own back-rank squares 29–32 for White; of 1–4 for Black), −24
    /// otherwise.
    TheMove,
    /// The dog-hole: own men on 28 held there by an opposing piece on 32 (White: on 5
    /// held by a piece on 1).
    DogHole,
}

impl Feature {
    /// Every feature, in index order.
    pub const ALL: [Feature; FEATURES] = [
        Feature::MenOpening,
        Feature::MenEndgame,
        Feature::KingsOpening,
        Feature::KingsEndgame,
        Feature::TradeDown,
        Feature::Bridge,
        Feature::Triangle,
        Feature::BackRank,
        Feature::TempoOpening,
        Feature::TempoEndgame,
        Feature::CentreMen,
        Feature::CentreKings,
        Feature::Runaway,
        Feature::TrappedKings,
        Feature::CorneredKings,
        Feature::DoubleCornerKings,
        Feature::KingMobility,
        Feature::ManMobility,
        Feature::TheMove,
        Feature::DogHole,
    ];

    /// The feature's short name (weights files, the tuner's output).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Feature::MenOpening => "men-opening",
            Feature::MenEndgame => "men-endgame",
            Feature::KingsOpening => "kings-opening",
            Feature::KingsEndgame => "kings-endgame",
            Feature::TradeDown => "trade-down",
            Feature::Bridge => "bridge",
            Feature::Triangle => "triangle",
            Feature::BackRank => "back-rank",
            Feature::TempoOpening => "tempo-opening",
            Feature::TempoEndgame => "tempo-endgame",
            Feature::CentreMen => "centre-men",
            Feature::CentreKings => "centre-kings",
            Feature::Runaway => "runaway",
            Feature::TrappedKings => "trapped-kings",
            Feature::CorneredKings => "cornered-kings",
            Feature::DoubleCornerKings => "double-corner-kings",
            Feature::KingMobility => "king-mobility",
            Feature::ManMobility => "man-mobility",
            Feature::TheMove => "the-move",
            Feature::DogHole => "dog-hole",
        }
    }

    /// The feature's index in the vector.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A feature vector, indexed by [`Feature::index`], in units of [`SCALE`].
pub type Features = [i32; FEATURES];

/// Squares of the 8 rows, row 0 = squares 1–4.
const ROWS: [Bitboard; 8] = {
    let mut rows = [0; 8];
    let mut r = 0;
    while r < 8 {
        rows[r] = 0xF << (4 * r);
        r += 1;
    }
    rows
};

/// `CONE[sq]`: every square a Black man on `sq` could reach moving forward, i.e.
/// the widening triangle in front of it up to the crowning row. An opposing piece
/// outside it cannot step into the man's path in time.
const CONE: [Bitboard; 32] = {
    let mut cones = [0; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut frontier: Bitboard = 1 << sq;
        let mut cone = 0;
        while frontier != 0 {
            frontier = step(frontier, Dir::DownLeft) | step(frontier, Dir::DownRight);
            cone |= frontier;
        }
        cones[sq] = cone;
        sq += 1;
    }
    cones
};

const fn squares(list: &[u8]) -> Bitboard {
    let mut b = 0;
    let mut i = 0;
    while i < list.len() {
        b |= 1 << (list[i] - 1);
        i += 1;
    }
    b
}

/// Black's bridge (1 and 3).
const BRIDGE: Bitboard = squares(&[1, 3]);
/// Black's triangle of Oreo (2, 3, 7).
const TRIANGLE: Bitboard = squares(&[2, 3, 7]);
/// The single corners (4 and 29).
const SINGLE_CORNERS: Bitboard = squares(&[4, 29]);
/// The double corners (1, 5 and 28, 32).
const DOUBLE_CORNERS: Bitboard = squares(&[1, 5, 28, 32]);
/// Black's dog-hole (28) and the square that blocks it (32).
const DOG_HOLE: Bitboard = squares(&[28]);
const DOG_HOLE_BLOCKER: Bitboard = squares(&[32]);

/// One side's pieces and the opponent's, turned so the side moves like Black.
#[derive(Clone, Copy, Debug)]
struct View {
    men: Bitboard,
    kings: Bitboard,
    their_men: Bitboard,
    their_kings: Bitboard,
}

impl View {
    fn of(pos: &Checkers, player: Player) -> View {
        let orient = |b: Bitboard| match player {
            Player::First => b,
            Player::Second => b.reverse_bits(),
        };
        let (mine, theirs) = (pos.pieces(player), pos.pieces(player.other()));
        View {
            men: orient(mine & !pos.kings()),
            kings: orient(mine & pos.kings()),
            their_men: orient(theirs & !pos.kings()),
            their_kings: orient(theirs & pos.kings()),
        }
    }

    fn pieces(&self) -> Bitboard {
        self.men | self.kings
    }

    fn theirs(&self) -> Bitboard {
        self.their_men | self.their_kings
    }

    fn empty(&self) -> Bitboard {
        !(self.pieces() | self.theirs())
    }

    fn advancement(&self) -> i32 {
        ROWS.iter()
            .zip(0..)
            .map(|(&row, r)| r * count(self.men & row))
            .sum()
    }

    fn runaway(&self) -> i32 {
        if self.their_kings != 0 {
            return 0;
        }
        Squares::of(self.men)
            .filter(|&sq| CONE[sq.index()] & self.theirs() == 0)
            .map(|sq| 8 - (7 - i32::from(sq.row())))
            .sum()
    }

    fn steps(&self, pieces: Bitboard, dirs: &[Dir]) -> i32 {
        let empty = self.empty();
        dirs.iter().map(|&d| count(movers(pieces, empty, d))).sum()
    }

    fn trapped_kings(&self) -> i32 {
        let empty = self.empty();
        Squares::of(self.kings)
            .filter(|&sq| Dir::ALL.iter().all(|&d| step(sq.bit(), d) & empty == 0))
            .count() as i32
    }

    fn bridge(&self) -> bool {
        self.their_kings == 0 && self.men & BRIDGE == BRIDGE
    }

    fn dog_hole(&self) -> bool {
        self.men & DOG_HOLE != 0 && self.theirs() & DOG_HOLE_BLOCKER != 0
    }

    /// One side's features (every one except the shared phase scaling and the move).
    fn features(&self, pieces: i32) -> Features {
        let (open, end) = (pieces, SCALE - pieces);
        let mut f = [0; FEATURES];
        let mut set = |feature: Feature, value: i32| f[feature.index()] = value;
        set(Feature::MenOpening, count(self.men) * open);
        set(Feature::MenEndgame, count(self.men) * end);
        set(Feature::KingsOpening, count(self.kings) * open);
        set(Feature::KingsEndgame, count(self.kings) * end);
        set(Feature::Bridge, i32::from(self.bridge()) * SCALE);
        set(
            Feature::Triangle,
            i32::from(self.men & TRIANGLE == TRIANGLE) * SCALE,
        );
        set(Feature::BackRank, count(self.men & TOP_ROW) * open);
        set(Feature::TempoOpening, self.advancement() * open);
        set(Feature::TempoEndgame, self.advancement() * end);
        set(Feature::CentreMen, count(self.men & CENTRE) * SCALE);
        set(Feature::CentreKings, count(self.kings & CENTRE) * SCALE);
        set(Feature::Runaway, self.runaway() * 3);
        set(Feature::TrappedKings, self.trapped_kings() * SCALE);
        set(
            Feature::CorneredKings,
            count(self.kings & SINGLE_CORNERS) * SCALE,
        );
        set(
            Feature::DoubleCornerKings,
            count(self.kings & DOUBLE_CORNERS) * SCALE,
        );
        set(Feature::KingMobility, self.steps(self.kings, &Dir::ALL) * 6);
        set(Feature::ManMobility, self.steps(self.men, &Dir::DOWN) * 6);
        set(Feature::DogHole, i32::from(self.dog_hole()) * SCALE);
        f
    }
}

fn count(b: Bitboard) -> i32 {
    b.count_ones() as i32
}

/// The feature vector of `pos` for the side to move.
#[must_use]
pub fn extract(pos: &Checkers) -> Features {
    let me = View::of(pos, pos.side_to_move());
    let them = View::of(pos, pos.side_to_move().other());
    let (mine, theirs) = (count(me.pieces()), count(them.pieces()));
    let pieces = (mine + theirs).min(SCALE);
    let (a, b) = (me.features(pieces), them.features(pieces));
    let mut f = [0; FEATURES];
    for ((slot, x), y) in f.iter_mut().zip(a).zip(b) {
        *slot = x - y;
    }
    f[Feature::TradeDown.index()] = (mine - theirs) * (SCALE - pieces);
    f[Feature::TheMove.index()] = the_move(&me, mine, theirs);
    f
}

/// +[`SCALE`] when the side to move (seen as Black) has the move, −[`SCALE`] when the
/// opponent has it, 0 when the counts differ or more than 12 pieces are left.
fn the_move(mover: &View, mine: i32, theirs: i32) -> i32 {
    if mine != theirs || mine + theirs > 12 {
        return 0;
    }
    // Black's system: the files of squares 1–4, which are the even rows.
    let system = count((mover.pieces() | mover.theirs()) & EVEN_ROWS);
    if system % 2 == 1 {
        SCALE
    } else {
        -SCALE
    }
}

// The crowning row of a Black-oriented side is where its men stop being men.
const _: () = assert!(BOTTOM_ROW == ROWS[7]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;

    fn features(fen: &str) -> Features {
        extract(&Checkers::parse_fen(fen).unwrap())
    }

    fn feature(fen: &str, f: Feature) -> i32 {
        features(fen)[f.index()]
    }

    /// The same position with colours swapped (and turned by 180°).
    fn mirrored(fen: &str) -> Checkers {
        let pos = Checkers::parse_fen(fen).unwrap();
        let flip = |b: Bitboard| b.reverse_bits();
        Checkers::from_masks(
            flip(pos.pieces(Player::Second)),
            flip(pos.pieces(Player::First)),
            flip(pos.kings()),
            pos.side_to_move().other(),
            &Default::default(),
        )
        .unwrap()
    }

    const SAMPLES: [&str; 6] = [
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "W:W18,22,25,K30:B1,3,K9,14",
        "B:W32,K10:B28,1,3,20",
        "W:W5,6,K29:B1,K4,K15,24",
        "B:WK14,K18:BK1,K5",
        "W:W21,26,30:B2,3,7,13",
    ];

    #[test]
    fn start_is_symmetric() {
        assert_eq!(
            extract(&Checkers::START),
            [0; FEATURES],
            "every feature cancels at the start"
        );
    }

    #[test]
    fn colour_mirror_gives_the_same_features() {
        for fen in SAMPLES {
            assert_eq!(extract(&mirrored(fen)), features(fen), "{fen}");
        }
    }

    #[test]
    fn swapping_the_side_to_move_negates_every_difference() {
        for fen in SAMPLES {
            let pos = Checkers::parse_fen(fen).unwrap();
            let other = Checkers::from_masks(
                pos.pieces(Player::First),
                pos.pieces(Player::Second),
                pos.kings(),
                pos.side_to_move().other(),
                &Default::default(),
            )
            .unwrap();
            let (a, b) = (extract(&pos), extract(&other));
            for f in Feature::ALL.iter().filter(|&&f| f != Feature::TheMove) {
                assert_eq!(a[f.index()], -b[f.index()], "{fen} {f:?}");
            }
        }
    }

    #[test]
    fn material_is_split_by_phase() {
        // Black to move: 2 men and 1 king against 1 man; 4 pieces on the board.
        let f = features("B:W30:B5,6,K10");
        assert_eq!(f[Feature::MenOpening.index()], 4);
        assert_eq!(f[Feature::MenEndgame.index()], 20);
        assert_eq!(f[Feature::KingsOpening.index()], 4);
        assert_eq!(f[Feature::KingsEndgame.index()], 20);
        // Ahead by 2 pieces with 20 missing.
        assert_eq!(f[Feature::TradeDown.index()], 2 * 20);
    }

    #[test]
    fn bridge_needs_both_squares_and_no_enemy_king() {
        assert_eq!(feature("B:W21:B1,3", Feature::Bridge), SCALE);
        assert_eq!(feature("B:W21:B1,2", Feature::Bridge), 0);
        assert_eq!(feature("B:WK21:B1,3", Feature::Bridge), 0);
        // White's bridge is 30 and 32, counted against the side to move (Black).
        assert_eq!(feature("B:W30,32:B9", Feature::Bridge), -SCALE);
    }

    #[test]
    fn triangle_of_oreo() {
        assert_eq!(feature("B:W21:B2,3,7", Feature::Triangle), SCALE);
        assert_eq!(feature("W:W26,30,31:B2,3,7", Feature::Triangle), 0);
        assert_eq!(feature("W:W26,30,31:B2,3,8", Feature::Triangle), SCALE);
    }

    #[test]
    fn back_rank_counts_men_at_home_in_the_opening_part() {
        // Black: men on 1, 2 (home) and 9; White: 32 (home), 20; 5 pieces.
        let (black, white, pieces) = (2, 1, 5);
        assert_eq!(
            feature("B:W32,20:B1,2,9", Feature::BackRank),
            (black - white) * pieces
        );
    }

    #[test]
    fn tempo_sums_rows_advanced() {
        // Black man on 13 (row 3), White man on 20 (row 4 from Black = row 3 from White).
        let f = features("B:W20:B13");
        assert_eq!(f[Feature::TempoOpening.index()], 0);
        // Black man on 17 (row 4) against White on 29 (row 0 for White).
        let f = features("B:W29:B17");
        assert_eq!(f[Feature::TempoOpening.index()], 4 * 2);
        assert_eq!(f[Feature::TempoEndgame.index()], 4 * 22);
    }

    #[test]
    fn centre_men_and_kings() {
        let f = features("W:W14,K15,30:B10,K1");
        assert_eq!(f[Feature::CentreMen.index()], 0);
        assert_eq!(f[Feature::CentreKings.index()], SCALE);
        let f = features("W:W14,19,30:B10,K1");
        assert_eq!(f[Feature::CentreMen.index()], SCALE);
    }

    fn side(fen: &str, player: Player) -> View {
        View::of(&Checkers::parse_fen(fen).unwrap(), player)
    }

    #[test]
    fn runaway_man_has_a_free_cone() {
        // Black man on 21 (row 5), two rows from crowning; White's men on 9 and 12
        // are behind it: it counts 8 − 2.
        assert_eq!(side("B:W9,12:B21", Player::First).runaway(), 8 - 2);
        // Its cone is 25, 29 and 30: a White man on 30 can stop it.
        assert_eq!(side("B:W30,12:B21", Player::First).runaway(), 0);
        // A White king anywhere can chase it.
        assert_eq!(side("B:WK1:B21", Player::First).runaway(), 0);
        // White's man on 5 is one row from crowning, Black's 20 is not in its cone.
        assert_eq!(side("B:W5:B20", Player::Second).runaway(), 8 - 1);
        // The feature is the difference, × 3: Black 6, White 2 × 6 (9 and 12 are
        // two rows from crowning and nothing stands in front of them).
        assert_eq!(feature("B:W9,12:B21", Feature::Runaway), (6 - 12) * 3);
    }

    #[test]
    fn trapped_cornered_and_double_corner_kings() {
        // White king on 29, whose only neighbour 25 holds a Black man.
        let f = features("B:WK29:B25,1");
        assert_eq!(f[Feature::TrappedKings.index()], -SCALE);
        assert_eq!(f[Feature::CorneredKings.index()], -SCALE);
        // A Black king in the double corner 1.
        let f = features("B:W30:BK1");
        assert_eq!(f[Feature::DoubleCornerKings.index()], SCALE);
        assert_eq!(f[Feature::TrappedKings.index()], 0);
    }

    #[test]
    fn mobility_of_kings_and_men() {
        // Black king on 14 has 4 steps, the man on 1 two; White's man on 29 one.
        let f = features("B:W29:BK14,1");
        assert_eq!(f[Feature::KingMobility.index()], 4 * 6);
        let (black, white) = (2, 1);
        assert_eq!(f[Feature::ManMobility.index()], (black - white) * 6);
    }

    #[test]
    fn the_move_by_the_count_of_the_system() {
        // Black to move, 1 against 1: Black's system (rows 0, 2, 4, 6) holds the
        // Black king on 1 only: odd, so Black has the move.
        assert_eq!(feature("B:WK32:BK1", Feature::TheMove), SCALE);
        // The White king on 28 (row 6) makes it even.
        assert_eq!(feature("B:WK28:BK1", Feature::TheMove), -SCALE);
        // Unequal counts or many pieces: no opposition term.
        assert_eq!(feature("B:WK28:BK1,K2", Feature::TheMove), 0);
        assert_eq!(
            feature("B:W21,22,23,24,25,26,27:B1,2,3,4,5,6,7", Feature::TheMove),
            0
        );
    }

    #[test]
    fn dog_hole_needs_the_blocker() {
        assert_eq!(feature("B:W32:B28", Feature::DogHole), SCALE);
        assert_eq!(feature("B:W31:B28", Feature::DogHole), 0);
        assert_eq!(feature("B:W5:B1", Feature::DogHole), -SCALE);
    }
}
