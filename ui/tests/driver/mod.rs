//! A test driver: the state machine plus the engine's memory, pressing buttons and
//! running every search the state machine asks for, as the firmware does.

use microply_core::games::AnyPosition;
use microply_core::protocol::MoveWord;
use microply_core::search::{Entry, Limits, NoClock};
use microply_core::{with_position, Game};
use microply_ui::{route, think, Button, MenuRow, Point, Screen, Setup, Surface, Ui};

pub struct Driver {
    pub ui: Ui,
    tt: Vec<Entry>,
    words: Vec<MoveWord>,
    /// Replaces every request's limits (the property tests keep searches short).
    pub limits: Option<Limits>,
    pub searches: usize,
}

impl Driver {
    pub fn new() -> Driver {
        Driver {
            ui: Ui::default(),
            tt: vec![Entry::EMPTY; microply_ui::DEVICE_TT_ENTRIES],
            words: vec![0; microply_ui::DEVICE_MOVE_WORDS],
            limits: None,
            searches: 0,
        }
    }

    /// Runs the searches the state machine asks for until it waits for a press.
    pub fn run_engine(&mut self) {
        while let Some(request) = self.ui.start_search() {
            let limits = self.limits.unwrap_or(request.limits);
            let (tt, words) = (&mut self.tt, &mut self.words);
            let answer = think(&request.position, limits, tt, words, &NoClock, |_| {});
            self.ui.finish_search(answer);
            self.searches += 1;
        }
    }

    pub fn press(&mut self, button: Button) {
        self.ui.press(button);
        self.run_engine();
    }

    pub fn press_all(&mut self, buttons: impl IntoIterator<Item = Button>) {
        for b in buttons {
            self.press(b);
        }
    }

    /// Moves the cursor to `to` and presses select.
    pub fn pick(&mut self, to: Point) {
        self.press_all(route(self.ui.cursor(), to).collect::<Vec<_>>());
        self.press(Button::Select);
    }

    /// Sets the main menu to `setup` with the buttons and starts the game.
    pub fn start(&mut self, setup: Setup) {
        assert_eq!(self.ui.screen(), Screen::Menu);
        while self.ui.menu_row() != MenuRow::Game {
            self.press(Button::Up);
        }
        while self.ui.setup().game != setup.game {
            self.press(Button::Right);
        }
        self.press(Button::Down);
        for side in 0..2 {
            if self.ui.setup().seats[side] != setup.seats[side] {
                self.press(Button::Select);
            }
            self.press(Button::Down);
        }
        while self.ui.setup().level != setup.level {
            self.press(Button::Right);
        }
        self.press(Button::Down);
        assert_eq!(self.ui.menu_row(), MenuRow::Start);
        self.press(Button::Select);
        assert_eq!(*self.ui.setup(), setup);
    }

    /// The points of the first legal move (what a scripted person plays).
    pub fn first_move_points(&self) -> Vec<Point> {
        first_move_points(self.ui.position())
    }
}

pub fn first_move_points(pos: &AnyPosition) -> Vec<Point> {
    with_position!(pos, _G, p => p.nth_move(0).map(|m| p.points(m).to_vec()).unwrap_or_default())
}
