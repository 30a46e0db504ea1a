//! Who plays whom: round robin by the circle method, and the gauntlet. A schedule
//! is a list of encounters; each encounter becomes one opening played with both
//! colours (or as many games as asked, colours alternating).

use serde::{Deserialize, Serialize};

/// One meeting of two players: `first` has the first move in the encounter's
/// first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    /// The round, from 1.
    pub round: usize,
    /// Moves first in the first game.
    pub first: usize,
    /// Moves second in the first game.
    pub second: usize,
}

/// A single round robin of `n` players by the circle method: in round 1 player 1
/// meets player n, 2 meets n−1, ...; after each round every player but the first
/// moves one place round the circle. With an odd count a bye (a phantom player)
/// makes the count even and its opponent sits the round out. Colours: the fixed
/// player alternates round by round, every other pairing gives the first move to
/// the player in the top half of the circle, so each player moves first in half
/// its encounters (±1). Players are numbered from 0 here.
#[must_use]
pub fn round_robin(n: usize) -> Vec<Encounter> {
    let m = n + n % 2;
    let mut circle: Vec<usize> = (0..m).collect();
    let mut out = Vec::new();
    for round in 0..m.saturating_sub(1) {
        for i in 0..m / 2 {
            let (top, bottom) = (circle[i], circle[m - 1 - i]);
            if top >= n || bottom >= n {
                continue;
            }
            let top_first = i != 0 || round % 2 == 0;
            let (first, second) = if top_first {
                (top, bottom)
            } else {
                (bottom, top)
            };
            out.push(Encounter {
                round: round + 1,
                first,
                second,
            });
        }
        circle[1..].rotate_right(1);
    }
    out
}

/// A double round robin: the single one, then again with colours swapped.
#[must_use]
pub fn double_round_robin(n: usize) -> Vec<Encounter> {
    let single = round_robin(n);
    let rounds = single.last().map_or(0, |e| e.round);
    let swapped = single.iter().map(|e| Encounter {
        round: e.round + rounds,
        first: e.second,
        second: e.first,
    });
    single.iter().copied().chain(swapped).collect()
}

/// A gauntlet: player 0 against every other player in turn, first move
/// alternating.
#[must_use]
pub fn gauntlet(n: usize) -> Vec<Encounter> {
    (1..n)
        .map(|other| {
            let (first, second) = if other % 2 == 1 {
                (0, other)
            } else {
                (other, 0)
            };
            Encounter {
                round: other,
                first,
                second,
            }
        })
        .collect()
}

/// Players split into `groups` groups by snake seeding (1..g down, then g..1 back,
/// so the strong and the weak spread evenly), a round robin inside each group; the
/// groups' rounds run side by side (round r of every group is round r).
#[must_use]
pub fn grouped_round_robin(n: usize, groups: usize) -> Vec<Encounter> {
    let members = snake_groups(n, groups);
    let mut out = Vec::new();
    for group in &members {
        out.extend(round_robin(group.len()).into_iter().map(|e| Encounter {
            round: e.round,
            first: group[e.first],
            second: group[e.second],
        }));
    }
    out.sort_by_key(|e| e.round);
    out
}

/// The players of each group, by snake seeding.
#[must_use]
pub fn snake_groups(n: usize, groups: usize) -> Vec<Vec<usize>> {
    let g = groups.clamp(1, n.max(1));
    let mut out = vec![Vec::new(); g];
    for p in 0..n {
        let lap = p / g;
        let slot = if lap % 2 == 0 { p % g } else { g - 1 - p % g };
        out[slot].push(p);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(s: &[Encounter]) -> Vec<(usize, usize, usize)> {
        s.iter()
            .map(|e| (e.round, e.first + 1, e.second + 1))
            .collect()
    }

    #[test]
    fn four_players_by_hand() {
        // Circle 1 2 3 4. Round 1: 1-4, 2-3. Rotate all but 1: 1 4 2 3,
        // round 2: 1-3 (1 takes the second move), 4-2. Then 1 3 4 2: 1-2, 3-4.
        assert_eq!(
            pairs(&round_robin(4)),
            vec![
                (1, 1, 4),
                (1, 2, 3),
                (2, 3, 1),
                (2, 4, 2),
                (3, 1, 2),
                (3, 3, 4)
            ]
        );
    }

    #[test]
    fn five_players_with_a_bye_by_hand() {
        // Phantom 6. Round 1: 1-6 (bye for 1), 2-5, 3-4. Circle 1 6 2 3 4 5:
        // 5-1, 6-4 (bye), 2-3. Circle 1 5 6 2 3 4: 1-4, 5-3, 6-2 (bye).
        let s = round_robin(5);
        assert_eq!(
            pairs(&s[..6]),
            vec![
                (1, 2, 5),
                (1, 3, 4),
                (2, 5, 1),
                (2, 2, 3),
                (3, 1, 4),
                (3, 5, 3)
            ]
        );
        assert_eq!(s.len(), 10);
    }

    #[test]
    fn every_pair_meets_once_and_colours_balance() {
        for n in 2..12 {
            let s = round_robin(n);
            assert_eq!(s.len(), n * (n - 1) / 2);
            let mut met = std::collections::HashSet::new();
            let mut firsts = vec![0usize; n];
            let mut rounds = vec![std::collections::HashSet::new(); n];
            for e in &s {
                assert!(met.insert((e.first.min(e.second), e.first.max(e.second))));
                firsts[e.first] += 1;
                assert!(
                    rounds[e.first].insert(e.round),
                    "{n}: twice in round {}",
                    e.round
                );
                assert!(rounds[e.second].insert(e.round));
            }
            for (p, &f) in firsts.iter().enumerate() {
                let games = n - 1;
                assert!(
                    f.abs_diff(games - f) <= 1,
                    "n={n} player {p}: {f} of {games}"
                );
            }
        }
    }

    #[test]
    fn groups_by_snake_seeding_by_hand() {
        // 7 players, 2 groups: 1 2 | 4 3 | 5 6 | 7 -> A = 1 4 5, B = 2 3 6 7.
        assert_eq!(snake_groups(7, 2), vec![vec![0, 3, 4], vec![1, 2, 5, 6]]);
        let s = grouped_round_robin(7, 2);
        // Group A (1 4 5, a bye): 4-5; 5-1; 1-4. Group B (2 3 6 7): 2-7, 3-6;
        // 6-2, 7-3; 2-3, 6-7. Rounds side by side, group A first in each.
        assert_eq!(
            pairs(&s),
            vec![
                (1, 4, 5),
                (1, 2, 7),
                (1, 3, 6),
                (2, 5, 1),
                (2, 6, 2),
                (2, 7, 3),
                (3, 1, 4),
                (3, 2, 3),
                (3, 6, 7)
            ]
        );
    }

    #[test]
    fn double_swaps_colours_and_gauntlet_alternates() {
        let d = double_round_robin(3);
        assert_eq!(
            pairs(&d),
            vec![
                (1, 2, 3),
                (2, 3, 1),
                (3, 1, 2),
                (4, 3, 2),
                (5, 1, 3),
                (6, 2, 1)
            ]
        );
        assert_eq!(pairs(&gauntlet(4)), vec![(1, 1, 2), (2, 3, 1), (3, 1, 4)]);
    }
}
