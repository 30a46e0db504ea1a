//! `microply train --validate`: the validation against perfect play
//! ([`crate::agreement::validate`]) of the hand-set weights and of the run's final
//! champion, at the depth the last stage trains, as a report section.

use microply_core::games::dots::Weights;
use microply_core::games::GameKind;

use crate::agreement::positions::{validation_set, SetSpec, DEFAULT_COUNT, DEFAULT_SEED};
use crate::agreement::validate::{validate_on, Validation};
use crate::report::markdown_table;

use super::output::Champion;

/// The two validations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeforeAfter {
    /// The hand-set weights (before training).
    pub before: Validation,
    /// The champion (after training).
    pub after: Validation,
}

/// Why the champion cannot be validated.
#[derive(Debug, thiserror::Error)]
#[error("--validate: {0}")]
pub struct ValidateError(String);

/// Validates the hand-set weights and `champion` at `depth` on the default set
/// (seeded 3×3 middle-game positions, [`DEFAULT_COUNT`] of them), on `threads` workers.
///
/// # Errors
/// [`ValidateError`] unless the champion is a Dots `chain` weight set.
pub fn before_after(
    champion: &Champion,
    depth: u32,
    threads: usize,
) -> Result<BeforeAfter, ValidateError> {
    if champion.game != GameKind::Dots || champion.evaluator != "chain" {
        return Err(ValidateError(format!(
            "the solver checks Dots weights of the chain evaluator, not {} {}",
            champion.game, champion.evaluator
        )));
    }
    let weights = crate::ga::weights::to_array::<10>(&champion.weights)
        .map_err(|e| ValidateError(e.to_string()))?;
    let set = validation_set(&SetSpec::DEFAULT, DEFAULT_SEED, DEFAULT_COUNT, threads)
        .map_err(|e| ValidateError(e.to_string()))?;
    Ok(BeforeAfter {
        before: validate_on(threads, &Weights::DEFAULT.to_array(), depth, &set),
        after: validate_on(threads, &weights, depth, &set),
    })
}

/// The report section (`validation.md`).
#[must_use]
pub fn markdown(champion: &Champion, v: &BeforeAfter) -> String {
    let row = |name: String, v: &Validation| {
        vec![
            name,
            v.depth.to_string(),
            v.positions.to_string(),
            format!("{} ({:.2} %)", v.optimal, 100.0 * v.optimal_fraction()),
            format!(
                "{} ({:.2} %)",
                v.same_result,
                100.0 * v.same_result_fraction()
            ),
        ]
    };
    let table = markdown_table(
        &[
            "weights",
            "depth",
            "positions",
            "optimal move",
            "same result",
        ],
        &[
            row("hand-set (before)".into(), &v.before),
            row(
                format!("champion of generation {} (after)", champion.generation),
                &v.after,
            ),
        ],
    );
    format!(
        "## Validation against perfect play\n\n\
         How often the depth-limited AB-SSS* choice is a move the exact solver rates optimal, \
         on {} seeded 3×3 middle-game positions (seed {DEFAULT_SEED}; docs/ga.md).\n\n{table}",
        v.before.positions
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_dots_chain_weights_are_validated() {
        let champion = Champion {
            generation: 1,
            game: GameKind::Checkers,
            options: String::new(),
            evaluator: "baseline".into(),
            objective: 3.0,
            weights: vec![1.0; 5],
        };
        let e = before_after(&champion, 2, 1).unwrap_err().to_string();
        assert!(e.contains("not checkers baseline"), "{e}");
    }

    #[test]
    fn the_section_reports_both_weight_sets() {
        let v = |optimal| Validation {
            depth: 2,
            positions: 200,
            optimal,
            same_result: 150,
        };
        let champion = Champion {
            generation: 15,
            game: GameKind::Dots,
            options: "rows=4 cols=4".into(),
            evaluator: "chain".into(),
            objective: 4.0,
            weights: vec![0.0; 10],
        };
        let text = markdown(
            &champion,
            &BeforeAfter {
                before: v(100),
                after: v(120),
            },
        );
        assert!(
            text.contains("100 (50.00 %)") && text.contains("120 (60.00 %)"),
            "{text}"
        );
        assert!(text.contains("champion of generation 15 (after)"), "{text}");
    }
}
