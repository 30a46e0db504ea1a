//! The labelled positions of finished games: every position in which the engine
//! searched (the opening's are not), with the game's result and the search's score
//! for the side to move.

use microply_core::games::AnyPosition;
use microply_core::Player;

use crate::play::game::{GameRecord, Outcome, Rules};
use crate::play::referee::Referee;

use super::positions::Labelled;

/// The labelled positions of `record`, a checkers game played under `rules`, in the
/// order they were played.
///
/// # Errors
/// Not checkers, or a record whose moves the rules reject (an edited journal),
/// named with the game and the ply.
pub fn labelled_positions(record: &GameRecord, rules: &Rules) -> Result<Vec<Labelled>, String> {
    let game = record.spec.index + 1;
    let mut referee = Referee::starting(
        rules.game,
        &rules.options,
        record.spec.opening.fen.as_deref(),
    )
    .map_err(|e| format!("game {game}: {e}"))?;
    let mut out = Vec::new();
    for (ply, m) in record.moves.iter().enumerate() {
        if let Some(Some(eval)) = record.evals.get(ply) {
            let AnyPosition::Checkers(pos) = referee.position() else {
                return Err(format!("game {game}: not checkers"));
            };
            let mover = referee.to_move();
            out.push(Labelled::new(pos, result_for(record.outcome, mover), *eval));
        }
        referee
            .play(m)
            .map_err(|e| format!("game {game}, ply {}: {e}", ply + 1))?;
    }
    Ok(out)
}

/// The result of a game ending `outcome` for `side`: 1, 0 or −1.
fn result_for(outcome: Outcome, side: Player) -> i8 {
    let first = match outcome {
        Outcome::FirstWins => 1,
        Outcome::SecondWins => -1,
        Outcome::Draw => 0,
    };
    match side {
        Player::First => first,
        Player::Second => -first,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::PROVEN_EVAL;
    use microply_core::games::GameKind;

    #[test]
    fn positions_of_a_short_game_by_hand() {
        // 11-15 (opening), then 22-18 (white, +0.25), 15x22 (black, proven win),
        // 26x17 (white, no score), 9-13 (black, -0.5). White won.
        let mut r = GameRecord::bare(0, 1, Outcome::SecondWins);
        r.moves = ["11-15", "22-18", "15x22", "26x17", "9-13"]
            .map(str::to_owned)
            .to_vec();
        r.evals = vec![None, Some(25), Some(PROVEN_EVAL), None, Some(-50)];
        let rules = Rules::of(GameKind::Checkers, "");
        let got = labelled_positions(&r, &rules).unwrap();
        assert_eq!(got.len(), 3);
        // Before 22-18: black 1–10, 12, 15; white 21–32; white to move, and white won.
        let black_after_11_15 = (0x0FFF & !(1 << 10)) | (1 << 14);
        assert_eq!(
            (
                got[0].black,
                got[0].white,
                got[0].side,
                got[0].result,
                got[0].eval
            ),
            (black_after_11_15, 0xFFF0_0000, Player::Second, 1, 25)
        );
        // Before 15x22: black to move, lost, a proven win claimed.
        assert_eq!(got[1].side, Player::First);
        assert_eq!((got[1].result, got[1].eval), (-1, i16::MAX));
        assert_eq!(got[1].white, 0xFFF0_0000 & !(1 << 21) | (1 << 17));
        // Before 9-13: black to move after 26x17 took the man on 22.
        assert_eq!(
            (got[2].side, got[2].result, got[2].eval),
            (Player::First, -1, -50)
        );
        assert_eq!(got[2].black, black_after_11_15 & !(1 << 14));
    }

    #[test]
    fn an_edited_record_is_refused_with_its_ply() {
        let mut r = GameRecord::bare(0, 1, Outcome::Draw);
        r.moves = vec!["11-15".into(), "11-16".into()];
        r.evals = vec![Some(0), Some(0)];
        let e = labelled_positions(&r, &Rules::of(GameKind::Checkers, "")).unwrap_err();
        assert!(e.starts_with("game 1, ply 2:"), "{e}");
        let e = labelled_positions(&r, &Rules::of(GameKind::TicTacToe, "")).unwrap_err();
        assert!(e.contains("game 1"), "{e}");
    }
}
