//! A double-elimination bracket as a pure, serialisable state machine: it knows
//! who meets whom and when, nothing about games or engines. A caller asks for the
//! [`Pairing`]s ready to play, plays them however it likes (games of a tournament,
//! networks of a training run) and reports each [`MatchResult`].
//!
//! The shape, for `n` players seeded `0..n` (the caller's order, best first):
//! - the bracket has `size` = the next power of two ≥ n slots, filled by the
//!   standard seeding (1 v size, 2 v size−1, …, arranged so seeds 1 and 2 can only
//!   meet in the final); the `size − n` empty slots are **byes**, which therefore
//!   go to the best seeds. A bye is a walkover for the real player opposite it;
//! - winners' bracket rounds W1 … Wk (k = log2 size), each winner moving on;
//! - losers' bracket rounds in two phases: L1 pairs the W1 losers; then for each
//!   next winners' round r the survivors meet the players just dropped from Wr
//!   (in reversed order, which keeps early rematches away), and, before the next
//!   drop, the survivors play each other. A second loss ends a player's run;
//! - a grand final between the two brackets' champions, the winners' champion
//!   moving first; when the losers' champion wins it, a **reset** match (colours
//!   swapped) decides, so nobody leaves before two losses;
//! - a drawn match is replayed once with colours swapped; a second draw is decided
//!   by a coin seeded by the bracket's seed and the match's id.
//!
//! Matches have fixed ids (winners' rounds, then losers' rounds, then the final and
//! the reset), so the state is the same whatever order results arrive in.

use serde::{Deserialize, Serialize};

/// A match's place in the bracket's list (fixed when the bracket is made).
pub type MatchId = usize;

/// How many times a drawn match is replayed before the coin decides.
pub const REPLAYS: u8 = 1;

/// Which part of the bracket a match belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Part {
    /// The winners' bracket (no loss yet).
    Winners,
    /// The losers' bracket (one loss).
    Losers,
    /// The winners' champion against the losers' champion.
    GrandFinal,
    /// The second final, played only when the losers' champion won the first.
    Reset,
}

/// Where one side of a match comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Source {
    /// A seed (a bye when it is not below the player count).
    Seed(usize),
    /// The winner of an earlier match.
    Winner(MatchId),
    /// The loser of an earlier match.
    Loser(MatchId),
}

/// How a match was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// One side (or both) was a bye: nothing was played.
    Bye,
    /// Won on the board, after this many drawn attempts.
    Played {
        /// Drawn attempts before the decisive one.
        replays: u8,
    },
    /// Drawn every time; the seeded coin chose the winner.
    Coin,
    /// The reset match when the winners' champion won the grand final.
    NotNeeded,
}

/// A decided match: who goes on, who drops (`None` for a bye).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The player who goes on (`None`: a bye met a bye).
    pub winner: Option<usize>,
    /// The player who drops (`None`: a bye, or a reset not needed).
    pub loser: Option<usize>,
    /// How.
    pub decision: Decision,
}

/// One match of the bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    /// Its id.
    pub id: MatchId,
    /// Which part of the bracket.
    pub part: Part,
    /// The round inside its part, from 1.
    pub round: usize,
    sources: [Source; 2],
    /// Drawn attempts so far.
    pub draws: u8,
    /// The result, once decided.
    pub verdict: Option<Verdict>,
}

/// A match ready to play: `first` moves first (in the first game of the match).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The match.
    pub id: MatchId,
    /// Moves first.
    pub first: usize,
    /// Moves second.
    pub second: usize,
    /// The attempt: 0, then 1 for the replay after a draw (colours swapped).
    pub attempt: u8,
}

/// A match's result from the pairing's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchResult {
    /// The pairing's `first` won the match.
    FirstWins,
    /// The pairing's `second` won the match.
    SecondWins,
    /// Neither: the match is replayed, then a coin decides.
    Draw,
}

/// A player's final place (shared by everyone out in the same losers' round).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    /// 1 for the champion; players out in the same round share the best place.
    pub place: usize,
    /// The player.
    pub player: usize,
}

/// A bracket that cannot be made or a result that does not fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BracketError {
    /// Fewer than two players.
    #[error("a bracket needs at least two players, not {0}")]
    TooFewPlayers(usize),
    /// More players than the bracket supports.
    #[error("a bracket takes at most {MAX_PLAYERS} players, not {0}")]
    TooManyPlayers(usize),
    /// A result for a match that is not waiting for one.
    #[error("match {0} is not waiting for a result")]
    NotPending(MatchId),
}

/// The most players a bracket takes (a limit that keeps every count small).
pub const MAX_PLAYERS: usize = 1 << 16;

/// A double-elimination bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    players: usize,
    seed: u64,
    matches: Vec<Match>,
}

impl Bracket {
    /// A bracket of `players` players (seeded in index order, 0 the best) whose
    /// coin tosses derive from `seed`. Byes are settled at once.
    ///
    /// # Errors
    /// [`BracketError::TooFewPlayers`] below two, [`BracketError::TooManyPlayers`]
    /// above [`MAX_PLAYERS`].
    pub fn new(players: usize, seed: u64) -> Result<Bracket, BracketError> {
        if players < 2 {
            return Err(BracketError::TooFewPlayers(players));
        }
        if players > MAX_PLAYERS {
            return Err(BracketError::TooManyPlayers(players));
        }
        let mut bracket = Bracket {
            players,
            seed,
            matches: Vec::new(),
        };
        bracket.build();
        bracket.settle();
        Ok(bracket)
    }

    /// The number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.players
    }

    /// Every match, in id order (byes and the unneeded reset included).
    #[must_use]
    pub fn matches(&self) -> &[Match] {
        &self.matches
    }

    /// The most matches that can be played: every player but the champion loses
    /// twice, the champion at most once.
    #[must_use]
    pub fn max_matches(&self) -> usize {
        2 * self.players - 1
    }

    /// Matches decided on the board or by the coin so far.
    #[must_use]
    pub fn played(&self) -> usize {
        self.matches
            .iter()
            .filter(|m| {
                matches!(
                    m.verdict.map(|v| v.decision),
                    Some(Decision::Played { .. } | Decision::Coin)
                )
            })
            .count()
    }

    /// The matches ready to play, in id order.
    #[must_use]
    pub fn pending(&self) -> Vec<Pairing> {
        self.matches
            .iter()
            .filter(|m| m.verdict.is_none())
            .filter_map(|m| self.pairing(m))
            .collect()
    }

    /// Records a match's result; a draw asks for a replay, a second draw tosses the
    /// coin. Matches that become byes are settled.
    ///
    /// # Errors
    /// [`BracketError::NotPending`] when the match is not ready or already decided.
    pub fn report(&mut self, id: MatchId, result: MatchResult) -> Result<(), BracketError> {
        let pairing = self
            .matches
            .get(id)
            .filter(|m| m.verdict.is_none())
            .and_then(|m| self.pairing(m))
            .ok_or(BracketError::NotPending(id))?;
        let coin = self.coin(id);
        let m = &mut self.matches[id];
        let (winner, loser, decision) = match result {
            MatchResult::FirstWins => (
                pairing.first,
                pairing.second,
                Decision::Played { replays: m.draws },
            ),
            MatchResult::SecondWins => (
                pairing.second,
                pairing.first,
                Decision::Played { replays: m.draws },
            ),
            MatchResult::Draw if m.draws < REPLAYS => {
                m.draws += 1;
                return Ok(());
            }
            MatchResult::Draw => {
                let (a, b) = if coin {
                    (pairing.first, pairing.second)
                } else {
                    (pairing.second, pairing.first)
                };
                (a, b, Decision::Coin)
            }
        };
        m.verdict = Some(Verdict {
            winner: Some(winner),
            loser: Some(loser),
            decision,
        });
        self.settle();
        Ok(())
    }

    /// Plays the whole bracket through `play`, one pending match at a time in id
    /// order; for callers that need no parallelism.
    pub fn play_out(&mut self, mut play: impl FnMut(&Pairing) -> MatchResult) {
        while let Some(p) = self.pending().first().copied() {
            // `p` is pending, so the report is accepted.
            let _ = self.report(p.id, play(&p));
        }
    }

    /// Whether the champion is known.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.matches.last().is_some_and(|m| m.verdict.is_some())
    }

    /// The champion, once finished.
    #[must_use]
    pub fn champion(&self) -> Option<usize> {
        self.matches.last()?.verdict?.winner
    }

    /// Every player's place, best first (ties by seed), once finished: the
    /// champion, the runner-up, then the losers of each losers' round from the last
    /// round back, those of one round sharing a place.
    #[must_use]
    pub fn placings(&self) -> Option<Vec<Placing>> {
        let champion = self.champion()?;
        let [.., gf, reset] = self.matches.as_slice() else {
            return None;
        };
        let runner_up = match reset.verdict?.loser {
            Some(p) => p,
            None => gf.verdict?.loser?,
        };
        let mut out = vec![
            Placing {
                place: 1,
                player: champion,
            },
            Placing {
                place: 2,
                player: runner_up,
            },
        ];
        let last_round = self
            .matches
            .iter()
            .filter(|m| m.part == Part::Losers)
            .map(|m| m.round)
            .max()
            .unwrap_or(0);
        for round in (1..=last_round).rev() {
            let place = out.len() + 1;
            let mut out_here: Vec<usize> = self
                .matches
                .iter()
                .filter(|m| m.part == Part::Losers && m.round == round)
                .filter_map(|m| m.verdict?.loser)
                .collect();
            out_here.sort_unstable();
            out.extend(out_here.into_iter().map(|player| Placing { place, player }));
        }
        Some(out)
    }

    fn push(&mut self, part: Part, round: usize, sources: [Source; 2]) -> MatchId {
        let id = self.matches.len();
        self.matches.push(Match {
            id,
            part,
            round,
            sources,
            draws: 0,
            verdict: None,
        });
        id
    }

    /// Lays out every match of the bracket.
    fn build(&mut self) {
        let size = self.players.next_power_of_two();
        let order = seed_order(size);
        let mut winners: Vec<Vec<MatchId>> = vec![(0..size / 2)
            .map(|i| {
                let sources = [Source::Seed(order[2 * i]), Source::Seed(order[2 * i + 1])];
                self.push(Part::Winners, 1, sources)
            })
            .collect()];
        while winners.last().is_some_and(|r| r.len() > 1) {
            let round = winners.len() + 1;
            let next = self.pair_up(Part::Winners, round, &winners[round - 2]);
            winners.push(next);
        }
        let losers_champion = self.build_losers(&winners);
        let winners_champion = Source::Winner(winners[winners.len() - 1][0]);
        let gf = self.push(Part::GrandFinal, 1, [winners_champion, losers_champion]);
        self.push(Part::Reset, 1, [Source::Winner(gf), Source::Loser(gf)]);
    }

    /// The winners of `previous`, two neighbouring matches a match.
    fn pair_up(&mut self, part: Part, round: usize, previous: &[MatchId]) -> Vec<MatchId> {
        previous
            .chunks_exact(2)
            .map(|pair| {
                self.push(
                    part,
                    round,
                    [Source::Winner(pair[0]), Source::Winner(pair[1])],
                )
            })
            .collect()
    }

    /// The losers' bracket over the winners' rounds; returns where its champion
    /// comes from.
    fn build_losers(&mut self, winners: &[Vec<MatchId>]) -> Source {
        if winners.len() == 1 {
            return Source::Loser(winners[0][0]);
        }
        let first: Vec<MatchId> = winners[0]
            .chunks_exact(2)
            .map(|pair| {
                self.push(
                    Part::Losers,
                    1,
                    [Source::Loser(pair[0]), Source::Loser(pair[1])],
                )
            })
            .collect();
        let mut survivors = first;
        let mut round = 1;
        for (r, dropped) in winners.iter().enumerate().skip(1) {
            round += 1;
            let m = dropped.len();
            survivors = (0..m)
                .map(|i| {
                    let sources = [
                        Source::Winner(survivors[i]),
                        Source::Loser(dropped[m - 1 - i]),
                    ];
                    self.push(Part::Losers, round, sources)
                })
                .collect();
            if r + 1 < winners.len() {
                round += 1;
                survivors = self.pair_up(Part::Losers, round, &survivors);
            }
        }
        Source::Winner(survivors[0])
    }

    /// Who a source names: `None` while unknown, `Some(None)` for a bye.
    fn resolve(&self, source: Source) -> Option<Option<usize>> {
        match source {
            Source::Seed(s) => Some((s < self.players).then_some(s)),
            Source::Winner(id) => Some(self.matches[id].verdict?.winner),
            Source::Loser(id) => Some(self.matches[id].verdict?.loser),
        }
    }

    /// The pairing of an undecided match whose two real players are known.
    fn pairing(&self, m: &Match) -> Option<Pairing> {
        let a = self.resolve(m.sources[0])??;
        let b = self.resolve(m.sources[1])??;
        let (first, second) = if m.draws % 2 == 0 { (a, b) } else { (b, a) };
        Some(Pairing {
            id: m.id,
            first,
            second,
            attempt: m.draws,
        })
    }

    /// Decides every match that needs no game: byes, and the reset when the
    /// winners' champion won the grand final. Sources always precede their
    /// match, so one pass in id order settles chains of byes.
    fn settle(&mut self) {
        for id in 0..self.matches.len() {
            let m = &self.matches[id];
            if m.verdict.is_some() {
                continue;
            }
            let (Some(a), Some(b)) = (self.resolve(m.sources[0]), self.resolve(m.sources[1]))
            else {
                continue;
            };
            let verdict = if m.part == Part::Reset {
                let gf = &self.matches[id - 1];
                let winners_champion = self.resolve(gf.sources[0]).flatten();
                (a == winners_champion).then_some(Verdict {
                    winner: a,
                    loser: None,
                    decision: Decision::NotNeeded,
                })
            } else if a.is_none() || b.is_none() {
                Some(Verdict {
                    winner: a.or(b),
                    loser: None,
                    decision: Decision::Bye,
                })
            } else {
                None
            };
            self.matches[id].verdict = verdict;
        }
    }

    /// The seeded coin of a twice-drawn match: true gives it to the pairing's first.
    fn coin(&self, id: MatchId) -> bool {
        let mixed = self.seed ^ (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        microply_core::zobrist::splitmix64(mixed).1 & 1 == 1
    }
}

/// Seeds in slot order for a bracket of `size` (a power of two): 1 v size,
/// then recursively so that seed s meets seed size+1−s in the first round and the
/// top seeds sit in different halves. 0-based.
#[must_use]
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A played match, 1-based as in the hand-worked brackets: (part, round, first,
    /// second, winner).
    type Line = (Part, usize, usize, usize, usize);

    /// Plays the bracket out with `winner` choosing each match's winner, and
    /// returns every played match.
    fn play(n: usize, winner: impl Fn(usize, usize) -> usize) -> (Bracket, Vec<Line>) {
        let mut b = Bracket::new(n, 1).unwrap();
        let mut lines = Vec::new();
        b.play_out(|p| {
            let w = winner(p.first, p.second);
            let m = &Bracket::new(n, 1).unwrap().matches[p.id];
            lines.push((m.part, m.round, p.first + 1, p.second + 1, w + 1));
            if w == p.first {
                MatchResult::FirstWins
            } else {
                MatchResult::SecondWins
            }
        });
        (b, lines)
    }

    fn better_seed(a: usize, b: usize) -> usize {
        a.min(b)
    }

    fn places(b: &Bracket) -> Vec<(usize, usize)> {
        b.placings()
            .unwrap()
            .iter()
            .map(|p| (p.place, p.player + 1))
            .collect()
    }

    use Part::{GrandFinal as GF, Losers as L, Winners as W};

    #[test]
    fn seed_orders_by_hand() {
        assert_eq!(seed_order(4), vec![0, 3, 1, 2]);
        assert_eq!(seed_order(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
    }

    #[test]
    fn four_players_by_hand() {
        // W1: 1-4, 2-3. W2: 1-2. L1: the W1 losers 4-3. L2: 3 meets 2, just
        // dropped from W2. Final 1-2, won by the winners' champion: no reset.
        let (b, lines) = play(4, better_seed);
        assert_eq!(
            lines,
            vec![
                (W, 1, 1, 4, 1),
                (W, 1, 2, 3, 2),
                (W, 2, 1, 2, 1),
                (L, 1, 4, 3, 3),
                (L, 2, 3, 2, 2),
                (GF, 1, 1, 2, 1),
            ]
        );
        assert_eq!(places(&b), vec![(1, 1), (2, 2), (3, 3), (4, 4)]);
        assert_eq!(
            b.matches().last().unwrap().verdict.unwrap().decision,
            Decision::NotNeeded
        );
    }

    #[test]
    fn five_players_byes_go_to_the_top_seeds() {
        // Slots 1 8 4 5 2 7 3 6: 6, 7, 8 are byes, so only 4-5 plays in W1.
        // W2: 1-4, 2-3; W3: 1-2. L1: 5 gets a bye (the loser of 1-bye is a bye),
        // the other L1 match is bye-bye. L2: 5 meets 3 (dropped from the lower W2
        // match), 4 has a bye. L3: 3-4. L4: 3 meets 2 from W3. Final 1-2.
        let (b, lines) = play(5, better_seed);
        assert_eq!(
            lines,
            vec![
                (W, 1, 4, 5, 4),
                (W, 2, 1, 4, 1),
                (W, 2, 2, 3, 2),
                (W, 3, 1, 2, 1),
                (L, 2, 5, 3, 3),
                (L, 3, 3, 4, 3),
                (L, 4, 3, 2, 2),
                (GF, 1, 1, 2, 1),
            ]
        );
        assert_eq!(places(&b), vec![(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
        assert_eq!(b.played(), 8);
    }

    #[test]
    fn six_players_by_hand() {
        // Byes for 1 and 2. W1: 4-5, 3-6. L1: 5 and 6 each meet a bye. L2: 5-3
        // (from W2's lower match 2-3), 6-4 (from 1-4). L3: 3-4. L4: 3-2.
        let (b, lines) = play(6, better_seed);
        assert_eq!(
            lines,
            vec![
                (W, 1, 4, 5, 4),
                (W, 1, 3, 6, 3),
                (W, 2, 1, 4, 1),
                (W, 2, 2, 3, 2),
                (W, 3, 1, 2, 1),
                (L, 2, 5, 3, 3),
                (L, 2, 6, 4, 4),
                (L, 3, 3, 4, 3),
                (L, 4, 3, 2, 2),
                (GF, 1, 1, 2, 1),
            ]
        );
        assert_eq!(
            places(&b),
            vec![(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (5, 6)]
        );
    }

    #[test]
    fn eight_players_by_hand() {
        let (b, lines) = play(8, better_seed);
        assert_eq!(
            lines,
            vec![
                (W, 1, 1, 8, 1),
                (W, 1, 4, 5, 4),
                (W, 1, 2, 7, 2),
                (W, 1, 3, 6, 3),
                (W, 2, 1, 4, 1),
                (W, 2, 2, 3, 2),
                (W, 3, 1, 2, 1),
                (L, 1, 8, 5, 5),
                (L, 1, 7, 6, 6),
                (L, 2, 5, 3, 3),
                (L, 2, 6, 4, 4),
                (L, 3, 3, 4, 3),
                (L, 4, 3, 2, 2),
                (GF, 1, 1, 2, 1),
            ]
        );
        assert_eq!(
            places(&b),
            vec![
                (1, 1),
                (2, 2),
                (3, 3),
                (4, 4),
                (5, 5),
                (5, 6),
                (7, 7),
                (7, 8)
            ]
        );
    }

    #[test]
    fn upsets_by_hand_four_players() {
        // The worse seed always wins: W1 4 and 3 go on, W2 4 beats 3; L1 2 beats
        // 1, L2 3 beats 2; the final 4-3 goes to 4.
        let (b, lines) = play(4, usize::max);
        assert_eq!(
            lines,
            vec![
                (W, 1, 1, 4, 4),
                (W, 1, 2, 3, 3),
                (W, 2, 4, 3, 4),
                (L, 1, 1, 2, 2),
                (L, 2, 2, 3, 3),
                (GF, 1, 4, 3, 4),
            ]
        );
        assert_eq!(places(&b), vec![(1, 4), (2, 3), (3, 2), (4, 1)]);
    }

    #[test]
    fn the_reset_is_played_when_the_losers_champion_wins_the_final() {
        // Two players: W1 1-2 won by 1; the final 1-2 won by 2 (1's first loss),
        // so the reset 2-1 (colours swapped) decides; 2 wins it.
        let mut b2 = Bracket::new(2, 1).unwrap();
        let script = [
            MatchResult::FirstWins,
            MatchResult::SecondWins,
            MatchResult::FirstWins,
        ];
        let mut seen = Vec::new();
        for r in script {
            let p = b2.pending()[0];
            seen.push((b2.matches()[p.id].part, p.first + 1, p.second + 1));
            b2.report(p.id, r).unwrap();
        }
        assert_eq!(seen, vec![(W, 1, 2), (GF, 1, 2), (Part::Reset, 2, 1)]);
        assert!(b2.is_finished());
        assert_eq!(places(&b2), vec![(1, 2), (2, 1)]);
        assert_eq!(b2.played(), 3);
    }

    #[test]
    fn a_draw_is_replayed_with_colours_swapped_then_a_seeded_coin_decides() {
        let mut coin_winners = std::collections::HashSet::new();
        for seed in 0..16 {
            let mut b = Bracket::new(2, seed).unwrap();
            let p = b.pending()[0];
            assert_eq!((p.first, p.second, p.attempt), (0, 1, 0));
            b.report(p.id, MatchResult::Draw).unwrap();
            let replay = b.pending()[0];
            assert_eq!(
                (replay.id, replay.first, replay.second, replay.attempt),
                (p.id, 1, 0, 1)
            );
            b.report(p.id, MatchResult::Draw).unwrap();
            let v = b.matches()[p.id].verdict.unwrap();
            assert_eq!(v.decision, Decision::Coin);
            // The same seed tosses the same coin.
            let mut again = Bracket::new(2, seed).unwrap();
            again.report(p.id, MatchResult::Draw).unwrap();
            again.report(p.id, MatchResult::Draw).unwrap();
            assert_eq!(again, b);
            coin_winners.insert(v.winner);
        }
        // Over 16 seeds both players win the toss at least once.
        assert_eq!(coin_winners.len(), 2);
    }

    #[test]
    fn bad_reports_and_sizes_are_errors() {
        assert_eq!(Bracket::new(1, 0), Err(BracketError::TooFewPlayers(1)));
        assert_eq!(
            Bracket::new(MAX_PLAYERS + 1, 0),
            Err(BracketError::TooManyPlayers(MAX_PLAYERS + 1))
        );
        let mut b = Bracket::new(5, 0).unwrap();
        // Match 0 is 1 v bye, settled already; W2's match waits for W1.
        assert_eq!(
            b.report(0, MatchResult::FirstWins),
            Err(BracketError::NotPending(0))
        );
        assert_eq!(
            b.report(4, MatchResult::FirstWins),
            Err(BracketError::NotPending(4))
        );
        assert_eq!(
            b.report(99, MatchResult::Draw),
            Err(BracketError::NotPending(99))
        );
    }

    /// Plays `n` players with results from a seeded stream (draws included) and
    /// checks the double-elimination invariants.
    fn check_invariants(n: usize, stream: u64) {
        let mut rng = microply_core::rng::SplitMix64::new(stream);
        let mut b = Bracket::new(n, stream).unwrap();
        let mut reports = 0;
        while let Some(p) = b.pending().first().copied() {
            let r = match microply_core::rng::below(&mut rng, 3) {
                0 => MatchResult::FirstWins,
                1 => MatchResult::SecondWins,
                _ => MatchResult::Draw,
            };
            b.report(p.id, r).unwrap();
            reports += 1;
            assert!(reports < 10 * n, "n={n}: the bracket does not end");
            // Any prefix survives a round trip.
            let text = serde_json::to_string(&b).unwrap();
            assert_eq!(serde_json::from_str::<Bracket>(&text).unwrap(), b);
        }
        assert!(b.is_finished());
        let mut losses = vec![0; n];
        for m in b.matches() {
            if let Some(l) = m.verdict.unwrap().loser {
                losses[l] += 1;
            }
        }
        let champion = b.champion().unwrap();
        for (p, &l) in losses.iter().enumerate() {
            if p == champion {
                assert!(l <= 1, "n={n}: the champion lost {l}");
            } else {
                assert_eq!(l, 2, "n={n}: player {p} lost {l}");
            }
        }
        assert!(b.played() == 2 * n - 2 || b.played() == 2 * n - 1);
        let placings = b.placings().unwrap();
        let mut players: Vec<usize> = placings.iter().map(|p| p.player).collect();
        players.sort_unstable();
        assert_eq!(players, (0..n).collect::<Vec<_>>());
        assert!(placings.windows(2).all(|w| w[0].place <= w[1].place));
        assert_eq!(placings.iter().filter(|p| p.place == 1).count(), 1);
    }

    #[test]
    fn every_player_but_the_champion_loses_twice() {
        for n in 2..=33 {
            for stream in 0..4 {
                check_invariants(n, stream);
            }
        }
    }
}
