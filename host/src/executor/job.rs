//! The job contract: one game to play as one JSON line (its players, the rules
//! with the game's options, the opening and its index), and one [`GameRecord`] as
//! one JSON line when it is finished. `microply play-batch` and every executor
//! speak it (docs/scale.md).

use serde::{Deserialize, Serialize};

use crate::play::game::{play_game, Entrant, GameError, GameRecord, GameSpec, Rules};

/// One game, self-contained: everything a worker needs to play it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The game's index, round, players (indices in the run's configuration) and
    /// opening; the opening already holds what the run's seed chose, so the job
    /// needs no seed of its own.
    pub spec: GameSpec,
    /// The game, its options and how games end.
    pub rules: Rules,
    /// The first and the second player, ready to start.
    pub players: [Entrant; 2],
}

/// A job line that cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("job line {line}: {error}")]
pub struct JobError {
    /// The line's number (from 1).
    pub line: usize,
    /// What is wrong with it.
    pub error: serde_json::Error,
}

impl Job {
    /// The jobs of `specs`, whose player indices point into `entrants`.
    ///
    /// # Panics
    /// When a spec names a player outside `entrants` (the planner never does).
    #[must_use]
    pub fn batch(specs: &[&GameSpec], entrants: &[Entrant], rules: &Rules) -> Vec<Job> {
        specs
            .iter()
            .map(|spec| Job {
                spec: (*spec).clone(),
                rules: rules.clone(),
                players: [entrants[spec.first].clone(), entrants[spec.second].clone()],
            })
            .collect()
    }

    /// Plays the game; the record keeps the job's spec.
    ///
    /// # Errors
    /// [`GameError`] when the rules or the opening are bad.
    pub fn play(&self) -> Result<GameRecord, GameError> {
        let local = GameSpec {
            first: 0,
            second: 1,
            ..self.spec.clone()
        };
        let mut record = play_game(&local, &self.players, &self.rules)?;
        record.spec = self.spec.clone();
        Ok(record)
    }

    /// Reads a batch: one job a line, blank lines skipped.
    ///
    /// # Errors
    /// [`JobError`] naming the first line that is not a job.
    pub fn read_batch(text: &str) -> Result<Vec<Job>, JobError> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| serde_json::from_str(l).map_err(|error| JobError { line: i + 1, error }))
            .collect()
    }

    /// The job as one JSON line (no newline).
    ///
    /// # Errors
    /// Never in practice (serialising plain data).
    pub fn to_line(&self) -> serde_json::Result<String> {
        serde_json::to_string(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::openings::Opening;

    fn rules() -> Rules {
        Rules {
            move_timeout_ms: 10_000,
            ..Rules::of(microply_core::games::GameKind::TicTacToe, "")
        }
    }

    #[test]
    fn a_job_plays_its_players_and_keeps_the_run_s_indices() {
        let entrants = [
            Entrant::from_spec("name=A,depth=1"),
            Entrant::from_spec("name=B,depth=9"),
            Entrant::from_spec("name=C,depth=2"),
        ];
        let spec = GameSpec {
            index: 7,
            round: 3,
            first: 2,
            second: 1,
            opening: Opening {
                fen: None,
                moves: vec!["b2".into(), "a2".into()],
            },
        };
        let jobs = Job::batch(&[&spec], &entrants, &rules());
        let record = jobs[0].play().unwrap();
        assert_eq!(record.spec, spec);
        assert_eq!((record.first.as_str(), record.second.as_str()), ("C", "B"));
        // The same game as the referee gives for the spec with the run's indices.
        let direct = play_game(&spec, &entrants, &rules()).unwrap();
        assert_eq!(
            (record.moves, record.outcome, record.nodes),
            (direct.moves, direct.outcome, direct.nodes)
        );
    }

    #[test]
    fn a_batch_round_trips_through_its_lines() {
        let entrants = [
            Entrant::from_spec("name=A,depth=1,algo=pvs"),
            Entrant::from_spec("name=B,nodes=50"),
        ];
        let specs: Vec<GameSpec> = (0..3)
            .map(|index| GameSpec {
                index,
                round: 1,
                first: index % 2,
                second: 1 - index % 2,
                opening: Opening::default(),
            })
            .collect();
        let refs: Vec<&GameSpec> = specs.iter().collect();
        let jobs = Job::batch(&refs, &entrants, &rules());
        let text: String = jobs.iter().map(|j| j.to_line().unwrap() + "\n\n").collect();
        assert_eq!(Job::read_batch(&text).unwrap(), jobs);
    }

    #[test]
    fn a_bad_line_is_named() {
        let good = Job::batch(
            &[&GameSpec {
                index: 0,
                round: 1,
                first: 0,
                second: 1,
                opening: Opening::default(),
            }],
            &[
                Entrant::from_spec("name=A,depth=1"),
                Entrant::from_spec("name=B,depth=1"),
            ],
            &rules(),
        )[0]
        .to_line()
        .unwrap();
        let text = format!("{good}\n{{\"spec\": 3}}\n");
        let error = Job::read_batch(&text).unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.to_string().starts_with("job line 2: "), "{error}");
    }
}
