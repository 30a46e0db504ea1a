//! Checks a resumed run's saved games before any new game: each must be a game of
//! the schedule (its index, round, players and opening as planned), played by the
//! configured players, once, with legal moves that end as recorded when the rules
//! ended the game. An edited or foreign journal is refused with the game and the
//! reason, never reported as results.

use std::collections::HashSet;

use crate::play::game::{Entrant, GameRecord, GameSpec, Outcome, Rules};
use crate::play::referee::Referee;
use crate::play::termination::Termination;

use super::run::RunError;

/// Checks the `records` whose index is one of `specs` against them (a bracket
/// checks each batch as it plans it).
///
/// # Errors
/// [`RunError::Resume`] naming the game and what is wrong.
pub fn check(
    records: &[GameRecord],
    specs: &[GameSpec],
    entrants: &[Entrant],
    rules: &Rules,
) -> Result<(), RunError> {
    let mut seen = HashSet::new();
    for r in records {
        let game = r.spec.index + 1;
        let bad = |why: String| RunError::Resume(format!("game {game}: {why}"));
        if !seen.insert(r.spec.index) {
            return Err(bad("recorded twice".into()));
        }
        let Some(spec) = specs.iter().find(|s| s.index == r.spec.index) else {
            continue;
        };
        if r.spec != *spec {
            return Err(bad(
                "not the game the schedule plans (players, round or opening differ)".into(),
            ));
        }
        let names = [
            &entrants[spec.first].config.name,
            &entrants[spec.second].config.name,
        ];
        if [&r.first, &r.second] != names {
            return Err(bad(format!(
                "played by '{}' and '{}', the schedule has '{}' and '{}'",
                r.first, r.second, names[0], names[1]
            )));
        }
        check_moves(r, rules).map_err(bad)?;
    }
    Ok(())
}

/// Checks that no saved game lies beyond a schedule of `planned` games.
///
/// # Errors
/// [`RunError::Resume`] naming the game.
pub fn check_in_schedule(records: &[GameRecord], planned: usize) -> Result<(), RunError> {
    match records.iter().find(|r| r.spec.index >= planned) {
        Some(r) => Err(RunError::Resume(format!(
            "game {}: beyond the schedule's {planned} games",
            r.spec.index + 1
        ))),
        None => Ok(()),
    }
}

/// Replays the moves; a game the rules ended must end as recorded.
fn check_moves(r: &GameRecord, rules: &Rules) -> Result<(), String> {
    let kind = rules.game;
    let mut referee = Referee::starting(kind, &rules.options, r.spec.opening.fen.as_deref())
        .map_err(|e| e.to_string())?;
    if r.moves.len() < r.spec.opening.moves.len()
        || r.moves[..r.spec.opening.moves.len()] != r.spec.opening.moves[..]
    {
        return Err("its moves do not start with the opening".into());
    }
    for (ply, m) in r.moves.iter().enumerate() {
        referee
            .play(m)
            .map_err(|e| format!("ply {}: {e}", ply + 1))?;
    }
    if r.termination == Termination::Rules {
        let ended: Option<Outcome> = referee.outcome().map(Outcome::from);
        if ended != Some(r.outcome) {
            return Err(format!(
                "recorded as {} by the rules, but the moves do not end so",
                r.outcome.as_str()
            ));
        }
    }
    Ok(())
}
