//! Rules beyond move generation: the incremental hash, the draw rules, the
//! `draw_plies` option and game ends.

use microply_core::games::checkers::{Checkers, Config, Move};
use microply_core::rng::{below, SplitMix64};
use microply_core::{ConfigError, Game, Notation, Outcome, Player};
use proptest::prelude::*;

fn play(pos: &Checkers, moves: &[&str]) -> Checkers {
    moves.iter().fold(*pos, |p, text| {
        let m = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.display_fen()));
        p.after(m)
    })
}

proptest! {
    #[test]
    fn hash_is_kept_incrementally(seed in any::<u64>(), plies in 1usize..150) {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Checkers::start(&Config::default());
        let mut buf = vec![Move::default(); Checkers::MOVE_CAPACITY];
        for _ in 0..plies {
            let n = pos.generate(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            pos = pos.after(buf[below(&mut rng, n as u64) as usize]);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
        }
    }
}

#[test]
fn threefold_repetition_draws() {
    // Two kings shuffle: the start position recurs after 4 and 8 plies.
    let start = Checkers::parse_fen("B:WK32,21:BK1,12").unwrap();
    let cycle = ["1-5", "32-28", "5-1", "28-32"];
    let twice = play(&start, &cycle);
    assert_eq!(twice.outcome(), None);
    assert!(twice.has_moves());
    let thrice = play(&twice, &cycle);
    assert!(thrice.is_repetition());
    assert_eq!(thrice.outcome(), Some(Outcome::Draw));
    assert_eq!(thrice.count_moves(), 0);
    assert!(!thrice.has_moves());
    // A man move in between resets the count.
    let reset = play(&play(&twice, &["12-16", "21-17"]), &cycle);
    assert_eq!(reset.outcome(), None);
}

#[test]
fn longer_cycles_repeat_too() {
    // Black's king walks a triangle of three plies' worth while White shuffles.
    let start = Checkers::parse_fen("B:WK32,21:BK6,12").unwrap();
    let cycle = [
        "6-10", "32-28", "10-15", "28-32", "15-11", "32-28", "11-7", "28-32", "7-2", "32-28",
        "2-6", "28-32",
    ];
    let once = play(&start, &cycle);
    assert_eq!(once.outcome(), None);
    let twice = play(&once, &cycle);
    assert_eq!(twice.outcome(), Some(Outcome::Draw));
}

#[test]
fn draw_plies_rule_and_option() {
    let mut config = Config::default();
    assert_eq!(config.draw_plies, 80);
    assert_eq!(Checkers::configure(&mut config, "draw_plies", "6"), Ok(()));
    assert_eq!(
        Checkers::configure(&mut config, "draw_plies", "0"),
        Err(ConfigError::OutOfRange)
    );
    assert_eq!(
        Checkers::configure(&mut config, "draw_plies", "x"),
        Err(ConfigError::NotANumber)
    );
    assert_eq!(
        Checkers::configure(&mut config, "flying", "1"),
        Err(ConfigError::UnknownKey)
    );
    let start = Checkers::parse_fen("B:WK32,21:BK1,12")
        .unwrap()
        .with_config(&config);
    assert_eq!(start.config().draw_plies, 6);
    let five = play(&start, &["1-6", "32-27", "6-10", "27-23", "10-14"]);
    assert_eq!(five.outcome(), None);
    let six = play(&five, &["23-18"]);
    assert_eq!(six.reversible_plies(), 6);
    assert_eq!(six.outcome(), Some(Outcome::Draw));
    // The standard rule is 80 plies.
    assert_eq!(Checkers::start(&Config::default()).config().draw_plies, 80);
}

#[test]
fn no_moves_loses() {
    // White's only man is blocked; Black to move has moves; White to move has none.
    let blocked = Checkers::parse_fen("W:W29:B25,22").unwrap();
    assert_eq!(blocked.outcome(), Some(Outcome::Win(Player::First)));
    let no_pieces = Checkers::parse_fen("W:W:B1").unwrap();
    assert_eq!(no_pieces.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(no_pieces.count_moves(), 0);
}

#[test]
fn captures_are_mandatory_and_crowning_ends_the_move() {
    // Black man on 22 can jump 26 to 31 and is crowned there; from 31 a king could
    // continue over 27, but the move ends.
    let pos = Checkers::parse_fen("B:W26,27,20:B22").unwrap();
    let moves: Vec<String> = {
        let mut buf = vec![Move::default(); 32];
        let n = pos.generate(&mut buf).unwrap();
        buf[..n].iter().map(|m| m.to_string()).collect()
    };
    assert_eq!(moves, ["22x31"]);
    let after = play(&pos, &["22x31"]);
    assert_eq!(after.display_fen().to_string(), "W:W20,27:BK31");
    assert!(!pos.is_quiet());
    assert!(after.is_quiet());
}
