//! The curriculum: stages by starting generation, each with the trainee's depth,
//! the sparring partner's depth and which weights the sparring partner plays.

use serde::{Deserialize, Serialize};

use super::config::Method;

/// The weights the sparring partner plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sparring {
    /// The evaluator's hand-set (default) weights.
    HandSet,
    /// The champion of the previous generation (the hand-set weights before there is one).
    CurrentBest,
}

impl Sparring {
    /// The name in configs and reports.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Sparring::HandSet => "hand-set",
            Sparring::CurrentBest => "current-best",
        }
    }
}

/// One stage of the curriculum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// The first generation of the stage (the first stage starts at 0).
    pub from: u64,
    /// The trainee's search depth.
    pub depth: u32,
    /// The sparring partner's search depth.
    pub sparring_depth: u32,
    /// The sparring partner's weights.
    pub sparring: Sparring,
}

/// Checks a schedule: the first stage starts at 0, the starts increase, depths are
/// positive. Returns the field and what is wrong.
///
/// # Errors
/// `(field, reason)` of the first problem.
pub fn validate(stages: &[Stage]) -> Result<(), (String, String)> {
    if stages.is_empty() {
        return Err(("stage".into(), "at least one stage is needed".into()));
    }
    let max = microply_core::search::MAX_DEPTH;
    for (i, s) in stages.iter().enumerate() {
        let field = |name: &str| format!("stage[{i}].{name}");
        if i == 0 && s.from != 0 {
            return Err((
                field("from"),
                format!("{}: the first stage must start at 0", s.from),
            ));
        }
        if i > 0 && s.from <= stages[i - 1].from {
            return Err((
                field("from"),
                format!(
                    "{}: must be after the previous stage's {}",
                    s.from,
                    stages[i - 1].from
                ),
            ));
        }
        for (name, depth) in [("depth", s.depth), ("sparring_depth", s.sparring_depth)] {
            if depth == 0 || depth > max {
                return Err((field(name), format!("{depth}: must be in 1..={max}")));
            }
        }
    }
    Ok(())
}

/// The stage that scores generation `generation` (0 is the initial population) and
/// its index: the last stage starting at or before it; `ga-flat` always takes the
/// last stage (no curriculum: the final settings from the start).
#[must_use]
pub fn stage_at(stages: &[Stage], method: Method, generation: u64) -> (usize, Stage) {
    let last = stages.len().saturating_sub(1);
    let index = match method {
        Method::GaFlat => last,
        Method::Ga | Method::Aco => stages
            .iter()
            .rposition(|s| s.from <= generation)
            .unwrap_or(0),
    };
    (index, stages[index.min(last)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(from: u64, depth: u32) -> Stage {
        Stage {
            from,
            depth,
            sparring_depth: depth,
            sparring: Sparring::HandSet,
        }
    }

    #[test]
    fn the_stage_of_a_generation_is_the_last_one_started() {
        let stages = [stage(0, 2), stage(100, 5), stage(200, 7)];
        let depth = |g| stage_at(&stages, Method::Ga, g).1.depth;
        assert_eq!(
            [
                depth(0),
                depth(99),
                depth(100),
                depth(199),
                depth(200),
                depth(300)
            ],
            [2, 2, 5, 5, 7, 7]
        );
        assert_eq!(stage_at(&stages, Method::GaFlat, 0), (2, stages[2]));
        assert_eq!(stage_at(&stages, Method::Aco, 150).0, 1);
    }

    #[test]
    fn bad_schedules_name_the_stage() {
        assert_eq!(validate(&[]).unwrap_err().0, "stage");
        assert_eq!(validate(&[stage(1, 2)]).unwrap_err().0, "stage[0].from");
        assert_eq!(
            validate(&[stage(0, 2), stage(0, 3)]).unwrap_err().0,
            "stage[1].from"
        );
        assert_eq!(validate(&[stage(0, 0)]).unwrap_err().0, "stage[0].depth");
        assert!(validate(&[stage(0, 2), stage(5, 3)]).is_ok());
    }
}
