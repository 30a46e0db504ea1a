//! One-ply games: the side to move plays the successor its network values most
//! (seeded tie-breaks among equal values), or a uniformly random move.
//!
//! A successor's value for the mover is the network's evaluation of it negated (the
//! opponent is to move there; the core's rule: negate only if the side changed); a
//! successor where the opponent cannot move is a win, a drawn one is 0. Games end
//! by the core's rules (no move: a loss; 80 plies without a capture or man move, or
//! a threefold repetition: a draw) or, as a safety cap, as a draw after
//! [`MAX_GAME_PLIES`].

use microply_core::games::checkers::network::NetworkWeights;
use microply_core::games::checkers::{Checkers, Move, Network};
use microply_core::rng::{below, random_move, SplitMix64};
use microply_core::{Evaluator, Game, Outcome, Player, Score};

/// A game still running after this many plies is a draw.
pub const MAX_GAME_PLIES: usize = crate::play::game::DEFAULT_MAX_PLIES as usize;

/// Who picks the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover<'a> {
    /// The best successor by this network (one ply).
    Network(&'a NetworkWeights),
    /// A uniformly random legal move.
    Random,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The winner, if any.
    pub winner: Option<Player>,
    /// Plies played.
    pub plies: usize,
    /// The winner's pieces minus the loser's at the end (0 for a draw).
    pub margin: i32,
    /// Every position in which a move was played, in order.
    pub positions: Vec<Checkers>,
    /// The final position.
    pub end: Checkers,
}

/// The value of the successor `child` for the side that moved into it.
fn value_for_mover(eval: &Network, mover: Player, child: &Checkers) -> Score {
    let value = match child.outcome() {
        Some(Outcome::Win(p)) if p == mover => Score::win_in(1),
        Some(Outcome::Win(_)) => Score::loss_in(1),
        Some(Outcome::Draw) => Score::ZERO,
        None => eval.evaluate(child),
    };
    if child.side_to_move() == mover {
        value
    } else {
        -value
    }
}

/// The successor best for the side to move by `weights`, ties broken by `rng`.
pub fn one_ply_move(
    weights: &NetworkWeights,
    pos: &Checkers,
    rng: &mut SplitMix64,
) -> Option<Move> {
    let eval = Network { weights: *weights };
    let mover = pos.side_to_move();
    let mut best: Vec<Move> = Vec::new();
    let mut best_score = -Score::INFINITY;
    let _ = pos.for_each_move(|m| {
        let score = value_for_mover(&eval, mover, &pos.after(m));
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(m);
        }
        core::ops::ControlFlow::<()>::Continue(())
    });
    best.get(below(rng, best.len() as u64) as usize).copied()
}

impl Mover<'_> {
    fn choose(&self, pos: &Checkers, rng: &mut SplitMix64) -> Option<Move> {
        match self {
            Mover::Network(w) => one_ply_move(w, pos, rng),
            Mover::Random => random_move(pos, rng),
        }
    }
}

/// Plays `first` (Black, moving first) against `second` from the start; `seed` drives
/// the tie-breaks and random moves.
#[must_use]
pub fn play(first: &Mover<'_>, second: &Mover<'_>, seed: u64) -> Played {
    play_from(Checkers::START, first, second, seed)
}

/// Plays from `start`: `first` moves for Black, `second` for White; `seed` drives the
/// tie-breaks and random moves.
#[must_use]
pub fn play_from(start: Checkers, first: &Mover<'_>, second: &Mover<'_>, seed: u64) -> Played {
    let mut rng = SplitMix64::new(seed);
    let mut pos = start;
    let mut positions = Vec::new();
    while positions.len() < MAX_GAME_PLIES {
        let mover = if pos.side_to_move() == Player::First {
            first
        } else {
            second
        };
        let Some(m) = mover.choose(&pos, &mut rng) else {
            break;
        };
        positions.push(pos);
        pos = pos.after(m);
    }
    let winner = match pos.outcome() {
        Some(Outcome::Win(p)) => Some(p),
        _ => None,
    };
    let count = |p: Player| pos.pieces(p).count_ones() as i32;
    Played {
        winner,
        plies: positions.len(),
        margin: winner.map_or(0, |w| count(w) - count(w.other())),
        positions,
        end: pos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::Notation;

    #[test]
    fn the_network_takes_a_free_man_and_a_win() {
        // Black to move can jump 14x23 (White's man on 18 is en prise): the material
        // network prefers the capture (forced anyway) — and with a choice, the win.
        let pos = Checkers::parse_fen("B:W18:B14").unwrap();
        let mut rng = SplitMix64::new(1);
        let m = one_ply_move(&NetworkWeights::DEFAULT, &pos, &mut rng).unwrap();
        assert_eq!(pos.display_move(m).to_string(), "14x23");
        assert_eq!(pos.after(m).outcome(), Some(Outcome::Win(Player::First)));
    }

    #[test]
    fn games_end_by_the_rules_and_are_seeded() {
        let net = Mover::Network(&NetworkWeights::DEFAULT);
        let a = play(&net, &Mover::Random, 5);
        assert_eq!(a, play(&net, &Mover::Random, 5));
        assert!(a.plies <= MAX_GAME_PLIES);
        match a.winner {
            Some(w) => assert_eq!(a.end.outcome(), Some(Outcome::Win(w))),
            None => {
                assert!(a.margin == 0 && (a.end.outcome().is_some() || a.plies == MAX_GAME_PLIES))
            }
        }
        // Random play from different seeds differs.
        let r1 = play(&Mover::Random, &Mover::Random, 1);
        let r2 = play(&Mover::Random, &Mover::Random, 2);
        assert_ne!(r1.positions, r2.positions);
    }

    #[test]
    fn material_beats_random_most_of_the_time() {
        let net = Mover::Network(&NetworkWeights::DEFAULT);
        let games: Vec<Played> = (0..20).map(|s| play(&net, &Mover::Random, s)).collect();
        let wins = games
            .iter()
            .filter(|g| g.winner == Some(Player::First))
            .count();
        let losses = games
            .iter()
            .filter(|g| g.winner == Some(Player::Second))
            .count();
        // One ply hangs pieces to the random side's forced captures, so it loses some.
        assert!(wins > 2 * losses, "{wins} wins, {losses} losses of 20");
    }
}
