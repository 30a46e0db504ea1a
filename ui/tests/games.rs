//! Scripted button sequences that play games to their end, and the properties that
//! hold under any sequence of presses.

mod driver;

use driver::Driver;
use microply_core::{Outcome, Player};
use microply_ui::{
    Button, GameChoice, GameMenuRow, Level, Note, Point, Refusal, Screen, Seat, Setup,
};
use proptest::prelude::*;

fn setup(game: GameChoice, first: Seat, second: Seat, level: Level) -> Setup {
    Setup {
        game,
        seats: [first, second],
        level,
    }
}

#[test]
fn tic_tac_toe_between_two_people_ends_in_the_known_win() {
    let mut d = Driver::new();
    d.start(setup(
        GameChoice::TicTacToe,
        Seat::Human,
        Seat::Human,
        Level::Easy,
    ));
    // X b2, O b3, X a3, O c1, X a1, O a2, X c3: the diagonal a1-b2-c3.
    for (row, col) in [(1, 1), (0, 1), (0, 0), (2, 2), (2, 0), (1, 0), (0, 2)] {
        assert_eq!(d.ui.outcome(), None);
        d.pick(Point::new(row, col));
    }
    assert_eq!(d.ui.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(d.ui.record().len(), 7);
    assert_eq!(d.ui.last_move().1, "c3");
    assert_eq!(d.searches, 0);
}

#[test]
fn tic_tac_toe_engine_against_engine_is_a_draw() {
    let mut d = Driver::new();
    d.start(setup(
        GameChoice::TicTacToe,
        Seat::Engine,
        Seat::Engine,
        Level::Hard,
    ));
    assert_eq!(d.ui.outcome(), Some(Outcome::Draw));
    assert_eq!(d.ui.record().len(), 9);
}

/// A person who always plays the first legal move, entered with the buttons,
/// against the engine, to the end.
fn play_out(game: GameChoice, level: Level) -> Driver {
    let mut d = Driver::new();
    d.start(setup(game, Seat::Human, Seat::Engine, level));
    let mut plies = 0;
    while d.ui.outcome().is_none() {
        assert!(d.ui.awaits_person(), "{game}: the person's turn");
        for p in d.first_move_points() {
            d.pick(p);
        }
        plies += 1;
        assert!(plies < 400, "{game}: the game ends");
        assert!(d.ui.record().is_consistent());
    }
    d
}

#[test]
fn a_game_of_each_kind_is_played_to_its_end_with_the_buttons() {
    for game in [
        GameChoice::TicTacToe,
        GameChoice::Checkers,
        GameChoice::Dots(3),
        GameChoice::Amazons(6),
    ] {
        let d = play_out(game, Level::Easy);
        assert!(d.ui.outcome().is_some(), "{game}");
        assert!(d.searches > 0, "{game}: the engine played");
    }
}

#[test]
fn an_illegal_pick_is_refused_with_a_reason_and_changes_nothing() {
    let mut d = Driver::new();
    d.start(setup(
        GameChoice::Checkers,
        Seat::Human,
        Seat::Engine,
        Level::Easy,
    ));
    let before = *d.ui.position();
    d.pick(Point::new(4, 1)); // an empty square
    assert_eq!(d.ui.note(), Note::Refused(Refusal::NotYourPiece));
    d.pick(Point::new(2, 1)); // Black's man on 9 ...
    d.pick(Point::new(4, 3)); // ... cannot go two rows down without a capture
    assert_eq!(d.ui.note(), Note::Refused(Refusal::CannotMoveThere));
    assert_eq!(d.ui.picked(), &[Point::new(2, 1)]);
    assert_eq!(*d.ui.position(), before);
    d.press(Button::Back); // drops the pick
    assert!(d.ui.picked().is_empty());
    d.pick(Point::new(2, 1));
    d.pick(Point::new(3, 0)); // 9-13; the engine answers
    assert_eq!(d.ui.record().len(), 2);
    assert!(d.ui.thought().is_some());
}

fn menu(d: &mut Driver, row: GameMenuRow) {
    d.press(Button::Back);
    assert_eq!(d.ui.screen(), Screen::GameMenu);
    while d.ui.game_menu_row() != row {
        d.press(Button::Down);
    }
    d.press(Button::Select);
}

#[test]
fn hint_and_take_back() {
    let mut d = Driver::new();
    d.start(setup(
        GameChoice::Dots(3),
        Seat::Human,
        Seat::Engine,
        Level::Medium,
    ));
    menu(&mut d, GameMenuRow::TakeBack);
    assert_eq!(d.ui.note(), Note::Refused(Refusal::NothingToTakeBack));
    menu(&mut d, GameMenuRow::Hint);
    let (hint, text) = d.ui.hint();
    let hint = hint.to_vec();
    assert_eq!(hint.len(), 1);
    assert!(!text.is_empty());
    d.pick(hint[0]);
    assert!(
        d.ui.record().len() >= 2,
        "the hint was played and the engine answered"
    );
    assert!(d.ui.hint().0.is_empty());
    menu(&mut d, GameMenuRow::TakeBack);
    assert!(matches!(d.ui.note(), Note::TookBack(n) if n >= 2));
    assert!(d.ui.record().is_empty());
    assert!(d.ui.awaits_person());
}

#[test]
fn new_game_goes_back_to_the_menu_and_back_returns() {
    let mut d = Driver::new();
    d.start(setup(
        GameChoice::Amazons(10),
        Seat::Human,
        Seat::Human,
        Level::Easy,
    ));
    menu(&mut d, GameMenuRow::NewGame);
    assert_eq!(d.ui.screen(), Screen::Menu);
    d.press(Button::Back);
    assert_eq!(d.ui.screen(), Screen::Play);
    assert_eq!(d.ui.playing(), GameChoice::Amazons(10));
    assert_eq!(d.ui.grid(), (10, 10));
}

fn any_button() -> impl Strategy<Value = Button> {
    prop::sample::select(Button::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any press sequence, from any menu setting: no panic, the record replays
    /// legally to the position shown, the picks start a legal move, the cursor
    /// stays on the grid.
    #[test]
    fn random_presses_never_reach_an_illegal_position(
        game in prop::sample::select(GameChoice::ALL.to_vec()),
        first in prop::bool::ANY,
        second in prop::bool::ANY,
        presses in prop::collection::vec(any_button(), 0..300),
    ) {
        let seat = |engine| if engine { Seat::Engine } else { Seat::Human };
        let mut d = Driver::new();
        d.limits = Some(Level::Easy.limits());
        d.start(setup(game, seat(first), seat(second), Level::Easy));
        for b in presses {
            d.press(b);
            prop_assert!(d.ui.record().is_consistent());
            prop_assert!(d.ui.picks_are_consistent());
            let (rows, cols) = d.ui.grid();
            prop_assert!(d.ui.cursor().row < rows && d.ui.cursor().col < cols);
            prop_assert!(d.ui.searching().is_none());
        }
    }
}
