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

/// The most depths one stage may list in `depths` (each multiplies the games).
pub const MAX_DEPTHS: usize = 8;

/// One stage of the curriculum. Its games are at `depth` for the trainee and
/// `sparring_depth` for the partners, or, with `depths`, at each listed depth for
/// both sides alike (every opening with both colours at every depth); a stage gives
/// one form or the other ([`validate`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// The first generation of the stage (the first stage starts at 0).
    pub from: u64,
    /// The trainee's search depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The sparring partner's search depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sparring_depth: Option<u32>,
    /// Play every evaluation at each of these depths, trainee and partners alike.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depths: Option<Vec<u32>>,
    /// The sparring partner's weights.
    pub sparring: Sparring,
}

/// The depths of one setting of a stage's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The trainee's depth.
    pub depth: u32,
    /// The partners' depth.
    pub sparring_depth: u32,
}

impl Stage {
    /// A stage with the trainee at `depth` and the partners at `sparring_depth`.
    #[must_use]
    pub fn fixed(from: u64, depth: u32, sparring_depth: u32, sparring: Sparring) -> Stage {
        Stage {
            from,
            depth: Some(depth),
            sparring_depth: Some(sparring_depth),
            depths: None,
            sparring,
        }
    }

    /// A stage whose every evaluation plays at each of `depths`, both sides alike.
    #[must_use]
    pub fn mixed(from: u64, depths: Vec<u32>, sparring: Sparring) -> Stage {
        Stage {
            from,
            depth: None,
            sparring_depth: None,
            depths: Some(depths),
            sparring,
        }
    }

    /// The depth settings of the stage's games, in order (one for a fixed stage);
    /// empty only for a stage [`validate`] refuses.
    #[must_use]
    pub fn settings(&self) -> Vec<Setting> {
        match (&self.depths, self.depth, self.sparring_depth) {
            (Some(depths), ..) => depths
                .iter()
                .map(|&d| Setting {
                    depth: d,
                    sparring_depth: d,
                })
                .collect(),
            (None, Some(depth), Some(sparring_depth)) => vec![Setting {
                depth,
                sparring_depth,
            }],
            _ => vec![],
        }
    }

    /// The trainee's depth (the first of `depths`): the depth its champions are
    /// checked at by `--validate` and the experiments.
    #[must_use]
    pub fn trainee_depth(&self) -> u32 {
        self.settings().first().map_or(1, |s| s.depth)
    }
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
        check_depths(s, max).map_err(|(name, reason)| (field(name), reason))?;
    }
    Ok(())
}

/// Checks one stage's depths: `depth` and `sparring_depth`, or `depths` alone.
fn check_depths(s: &Stage, max: u32) -> Result<(), (&'static str, String)> {
    let in_range = |name, depth: u32| {
        if depth == 0 || depth > max {
            Err((name, format!("{depth}: must be in 1..={max}")))
        } else {
            Ok(())
        }
    };
    let Some(depths) = &s.depths else {
        for (name, depth) in [("depth", s.depth), ("sparring_depth", s.sparring_depth)] {
            let depth = depth.ok_or((
                name,
                "missing: give depth and sparring_depth, or depths".to_owned(),
            ))?;
            in_range(name, depth)?;
        }
        return Ok(());
    };
    if s.depth.is_some() || s.sparring_depth.is_some() {
        let name = if s.depth.is_some() {
            "depth"
        } else {
            "sparring_depth"
        };
        return Err((
            name,
            "give depths or depth and sparring_depth, not both: with depths both sides play each listed depth".to_owned(),
        ));
    }
    if depths.is_empty() || depths.len() > MAX_DEPTHS {
        return Err((
            "depths",
            format!("{depths:?}: must list 1 to {MAX_DEPTHS} depths"),
        ));
    }
    for (i, &d) in depths.iter().enumerate() {
        in_range("depths", d)?;
        if depths[..i].contains(&d) {
            return Err(("depths", format!("{d} is listed twice")));
        }
    }
    Ok(())
}

/// The stage that scores generation `generation` (0 is the initial population) and
/// its index: the last stage starting at or before it; `ga-flat` always takes the
/// last stage (no curriculum: the final settings from the start).
#[must_use]
pub fn stage_at(stages: &[Stage], method: Method, generation: u64) -> (usize, &Stage) {
    let last = stages.len().saturating_sub(1);
    let index = match method {
        Method::GaFlat => last,
        Method::Ga | Method::Aco => stages
            .iter()
            .rposition(|s| s.from <= generation)
            .unwrap_or(0),
    };
    (index, &stages[index.min(last)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(from: u64, depth: u32) -> Stage {
        Stage::fixed(from, depth, depth, Sparring::HandSet)
    }

    #[test]
    fn the_stage_of_a_generation_is_the_last_one_started() {
        let stages = [stage(0, 2), stage(100, 5), stage(200, 7)];
        let depth = |g| stage_at(&stages, Method::Ga, g).1.trainee_depth();
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
        assert_eq!(stage_at(&stages, Method::GaFlat, 0), (2, &stages[2]));
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

    #[test]
    fn a_stage_of_several_depths_plays_each_on_both_sides() {
        let mixed = Stage::mixed(0, vec![3, 4], Sparring::HandSet);
        let at = |d| Setting {
            depth: d,
            sparring_depth: d,
        };
        assert_eq!(mixed.settings(), vec![at(3), at(4)]);
        assert_eq!(mixed.trainee_depth(), 3);
        let fixed = Stage::fixed(0, 2, 5, Sparring::HandSet);
        assert_eq!(
            fixed.settings(),
            vec![Setting {
                depth: 2,
                sparring_depth: 5
            }]
        );
        assert!(validate(&[mixed, Stage::mixed(5, vec![1], Sparring::CurrentBest)]).is_ok());
    }

    #[test]
    fn bad_depth_lists_name_the_field_and_the_value() {
        let error =
            |depths: Vec<u32>| validate(&[Stage::mixed(0, depths, Sparring::HandSet)]).unwrap_err();
        let max = microply_core::search::MAX_DEPTH;
        assert_eq!(
            error(vec![]),
            (
                "stage[0].depths".into(),
                format!("[]: must list 1 to {MAX_DEPTHS} depths")
            )
        );
        assert_eq!(
            error(vec![3, 0]),
            ("stage[0].depths".into(), format!("0: must be in 1..={max}"))
        );
        assert_eq!(
            error(vec![3, max + 1]),
            (
                "stage[0].depths".into(),
                format!("{}: must be in 1..={max}", max + 1)
            )
        );
        assert_eq!(
            error(vec![3, 4, 3]),
            ("stage[0].depths".into(), "3 is listed twice".into())
        );
        assert_eq!(error((1..=9).collect()).0, "stage[0].depths");
        let both = Stage {
            depth: Some(3),
            ..Stage::mixed(0, vec![3, 4], Sparring::HandSet)
        };
        assert_eq!(validate(&[both]).unwrap_err().0, "stage[0].depth");
        let neither = Stage {
            depths: None,
            ..Stage::mixed(0, vec![3], Sparring::HandSet)
        };
        let (field, reason) = validate(&[neither]).unwrap_err();
        assert_eq!(field, "stage[0].depth");
        assert!(reason.starts_with("missing"), "{reason}");
    }
}
