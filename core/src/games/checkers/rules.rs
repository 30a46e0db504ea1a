//! The rules of English draughts as data, each constant with the rule it encodes.
//!
//! Source: the rules of the World Checkers/Draughts Federation (WCDF) for the 8x8
//! game ("English draughts", "American checkers"), as the issue restates them.

/// Playable (dark) squares of the 8x8 board, numbered 1–32 in PDN order.
pub const SQUARES: usize = 32;

/// Men per side at the start: Black on 1–12, White on 21–32 (WCDF rule 1.4).
pub const MEN_PER_SIDE: u32 = 12;

/// Plies without a capture and without a man move after which the game is drawn
/// (the "40-move rule": 40 moves by each side, WCDF rule 1.32.1). Configurable with
/// `draw_plies`.
pub const DRAW_PLIES: u8 = 80;

/// How often the same position (same pieces, same side to move) must occur for a
/// draw by repetition (WCDF rule 1.32.3: "threefold repetition").
pub const REPETITIONS: u32 = 3;

/// How many reversible plies the position remembers for the repetition rule. Only
/// king moves without capture are reversible, and the `draw_plies` rule ends the game
/// after [`DRAW_PLIES`] of them, so with the standard rule no repetition is older
/// than this. With a larger `draw_plies`, repetitions further back than this many
/// plies are not detected.
pub const HISTORY: usize = 80;
