//! The device's state machine: menus, the cursor and move entry, and the engine's
//! turns, driven by button presses. It knows nothing of the display (the
//! `draw` module reads it) nor of the search's memory (the driver
//! runs [`think`](crate::think()) when [`Ui::start_search`] asks for it).
//!
//! Whatever the presses, the position only ever changes by a legal move or by
//! taking moves back, so no press sequence reaches an illegal position.

use core::fmt::Write;

use microply_core::games::AnyPosition;
use microply_core::search::Limits;
use microply_core::{with_position, Game, Notation, Outcome, Player, Score};

use crate::button::Button;
use crate::point::Point;
use crate::record::{index_of, Record};
use crate::setup::{GameChoice, Setup};
use crate::surface::{is_started, pick, Path, Pick, Refusal, Surface};
use crate::think::{ThinkError, Thought};

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The main menu: game, seats, level, start.
    Menu,
    /// The board.
    Play,
    /// The in-game menu: resume, hint, take back, new game.
    GameMenu,
}

/// The rows of the main menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MenuRow {
    /// The game and its size.
    Game,
    /// Who plays the first side.
    First,
    /// Who plays the second side.
    Second,
    /// The engine's level.
    Level,
    /// Start a new game.
    Start,
}

impl MenuRow {
    /// The rows, top to bottom.
    pub const ALL: [MenuRow; 5] = [
        MenuRow::Game,
        MenuRow::First,
        MenuRow::Second,
        MenuRow::Level,
        MenuRow::Start,
    ];
}

/// The rows of the in-game menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameMenuRow {
    /// Back to the board.
    Resume,
    /// Show the engine's best move.
    Hint,
    /// Take the last move of a person (and the engine's answer) back.
    TakeBack,
    /// To the main menu.
    NewGame,
}

impl GameMenuRow {
    /// The rows, top to bottom.
    pub const ALL: [GameMenuRow; 4] = [
        GameMenuRow::Resume,
        GameMenuRow::Hint,
        GameMenuRow::TakeBack,
        GameMenuRow::NewGame,
    ];

    /// The row's label.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            GameMenuRow::Resume => "Resume",
            GameMenuRow::Hint => "Hint",
            GameMenuRow::TakeBack => "Take back",
            GameMenuRow::NewGame => "New game",
        }
    }
}

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// To play its move.
    Move,
    /// To show a person the best move.
    Hint,
}

/// A search the state machine wants run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Why.
    pub purpose: Purpose,
    /// The position to search.
    pub position: AnyPosition,
    /// The level's limits.
    pub limits: Limits,
}

/// The message line under the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// Nothing to say.
    None,
    /// A pick or a menu choice was refused.
    Refused(Refusal),
    /// The engine could not search.
    EngineFailed(ThinkError),
    /// Plies taken back.
    TookBack(usize),
}

/// A move's text: `11-15`, `9x18x27`, `d1-d6/g6`, ...
pub type MoveText = heapless::String<48>;

/// The device's user interface.
#[derive(Clone, Debug)]
pub struct Ui {
    setup: Setup,
    /// The game on the board (the menu may be choosing another).
    playing: GameChoice,
    screen: Screen,
    menu_row: usize,
    game_menu_row: usize,
    in_game: bool,
    record: Record,
    cursor: Point,
    picked: Path,
    note: Note,
    last: Path,
    last_text: MoveText,
    hint: Path,
    hint_text: MoveText,
    hint_wanted: bool,
    searching: Option<Purpose>,
    depth: u32,
    thought: Option<(Player, Score, u32)>,
}

impl Default for Ui {
    fn default() -> Ui {
        Ui::new(Setup::default())
    }
}

impl Ui {
    /// The main menu, preset to `setup`.
    #[must_use]
    pub fn new(setup: Setup) -> Ui {
        Ui {
            setup,
            playing: setup.game,
            screen: Screen::Menu,
            menu_row: MenuRow::ALL.len() - 1,
            game_menu_row: 0,
            in_game: false,
            record: Record::new(setup.game.start()),
            cursor: Point::default(),
            picked: Path::new(),
            note: Note::None,
            last: Path::new(),
            last_text: MoveText::new(),
            hint: Path::new(),
            hint_text: MoveText::new(),
            hint_wanted: false,
            searching: None,
            depth: 0,
            thought: None,
        }
    }

    /// The screen shown.
    #[must_use]
    pub const fn screen(&self) -> Screen {
        self.screen
    }

    /// The menu's settings.
    #[must_use]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The game on the board.
    #[must_use]
    pub const fn playing(&self) -> GameChoice {
        self.playing
    }

    /// The highlighted row of the main menu.
    #[must_use]
    pub fn menu_row(&self) -> MenuRow {
        MenuRow::ALL[self.menu_row % MenuRow::ALL.len()]
    }

    /// The highlighted row of the in-game menu.
    #[must_use]
    pub fn game_menu_row(&self) -> GameMenuRow {
        GameMenuRow::ALL[self.game_menu_row % GameMenuRow::ALL.len()]
    }

    /// The game record (the current position, what can be taken back).
    #[must_use]
    pub const fn record(&self) -> &Record {
        &self.record
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &AnyPosition {
        self.record.position()
    }

    /// The cursor.
    #[must_use]
    pub const fn cursor(&self) -> Point {
        self.cursor
    }

    /// The points picked so far of the move being entered.
    #[must_use]
    pub fn picked(&self) -> &[Point] {
        &self.picked
    }

    /// The message line.
    #[must_use]
    pub const fn note(&self) -> Note {
        self.note
    }

    /// The points and the text of the last move.
    #[must_use]
    pub fn last_move(&self) -> (&[Point], &str) {
        (&self.last, &self.last_text)
    }

    /// The points and the text of the hint shown, if any.
    #[must_use]
    pub fn hint(&self) -> (&[Point], &str) {
        (&self.hint, &self.hint_text)
    }

    /// Why the engine is searching, while it is.
    #[must_use]
    pub const fn searching(&self) -> Option<Purpose> {
        self.searching
    }

    /// The depth of the running search's last completed iteration.
    #[must_use]
    pub const fn search_depth(&self) -> u32 {
        self.depth
    }

    /// The engine's last move: who played it, its score for that side and its depth.
    #[must_use]
    pub const fn thought(&self) -> Option<(Player, Score, u32)> {
        self.thought
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }

    /// Rows and columns of the cursor grid of the current game.
    #[must_use]
    pub fn grid(&self) -> (u8, u8) {
        with_position!(self.position(), _G, p => p.grid())
    }

    /// Whether the side to move is a person's and the board takes their picks.
    #[must_use]
    pub fn awaits_person(&self) -> bool {
        self.screen == Screen::Play
            && self.outcome().is_none()
            && self.searching.is_none()
            && self.setup.seat(self.record.side_to_move()) == crate::setup::Seat::Human
    }

    /// Acts on a button press. Presses while a search runs change nothing (the
    /// driver's clock turns `Back` into "move now").
    pub fn press(&mut self, button: Button) {
        if self.searching.is_some() {
            return;
        }
        match self.screen {
            Screen::Menu => self.press_menu(button),
            Screen::Play => self.press_play(button),
            Screen::GameMenu => self.press_game_menu(button),
        }
    }

    fn press_menu(&mut self, button: Button) {
        let rows = MenuRow::ALL.len();
        match button {
            Button::Up => self.menu_row = (self.menu_row + rows - 1) % rows,
            Button::Down => self.menu_row = (self.menu_row + 1) % rows,
            Button::Left => self.change(false),
            Button::Right => self.change(true),
            Button::Select if self.menu_row() == MenuRow::Start => self.new_game(),
            Button::Select => self.change(true),
            Button::Back if self.in_game => self.screen = Screen::Play,
            Button::Back => {}
        }
    }

    fn change(&mut self, forward: bool) {
        let row = self.menu_row();
        let setup = &mut self.setup;
        match row {
            MenuRow::Game => setup.game = setup.game.cycle(forward),
            MenuRow::First => setup.seats[0] = setup.seats[0].toggled(),
            MenuRow::Second => setup.seats[1] = setup.seats[1].toggled(),
            MenuRow::Level => setup.level = setup.level.cycle(forward),
            MenuRow::Start => {}
        }
    }

    fn new_game(&mut self) {
        self.playing = self.setup.game;
        self.record = Record::new(self.playing.start());
        self.in_game = true;
        self.screen = Screen::Play;
        let (rows, cols) = self.grid();
        self.cursor = Point::new(rows / 2, cols / 2);
        self.thought = None;
        self.hint_wanted = false;
        self.after_change();
    }

    /// Clears what belonged to the previous position and reads the last move anew.
    fn after_change(&mut self) {
        self.picked.clear();
        self.hint.clear();
        self.hint_text.clear();
        self.note = Note::None;
        self.last.clear();
        self.last_text.clear();
        if let Some((before, index)) = self.record.last() {
            with_position!(&before, _G, p => {
                if let Some(m) = p.nth_move(usize::from(index)) {
                    self.last = p.points(m);
                    let _ = p.write_move(m, &mut self.last_text);
                }
            });
        }
    }

    fn press_play(&mut self, button: Button) {
        let (rows, cols) = self.grid();
        match button {
            Button::Up | Button::Down | Button::Left | Button::Right => {
                self.cursor = self.cursor.step(button, rows, cols);
                self.note = Note::None;
            }
            Button::Select => self.select(),
            Button::Back if self.picked.pop().is_some() => self.note = Note::None,
            Button::Back => self.open_game_menu(),
        }
    }

    fn open_game_menu(&mut self) {
        self.screen = Screen::GameMenu;
        self.game_menu_row = 0;
        self.note = Note::None;
    }

    fn select(&mut self) {
        if self.outcome().is_some() {
            self.open_game_menu();
            return;
        }
        if !self.awaits_person() {
            self.note = Note::Refused(Refusal::EnginesTurn);
            return;
        }
        if self.picked.last() == Some(&self.cursor) {
            self.picked.pop();
            self.note = Note::None;
            return;
        }
        let chosen = with_position!(self.position(), _G, p => {
            match pick(p, &self.picked, self.cursor) {
                Pick::Partial => Ok(None),
                Pick::Complete(m) => Ok(index_of(p, m)),
                Pick::Refused(why) => Err(why),
            }
        });
        match chosen {
            Ok(None) => {
                // A move goes on from every partial pick, so the path fits.
                let _ = self.picked.push(self.cursor);
                self.note = Note::None;
            }
            Ok(Some(index)) => self.play(index),
            Err(why) => self.note = Note::Refused(why),
        }
    }

    fn play(&mut self, index: u16) {
        if self.record.play(index) {
            self.after_change();
        }
    }

    fn press_game_menu(&mut self, button: Button) {
        let rows = GameMenuRow::ALL.len();
        match button {
            Button::Up => self.game_menu_row = (self.game_menu_row + rows - 1) % rows,
            Button::Down => self.game_menu_row = (self.game_menu_row + 1) % rows,
            Button::Left | Button::Right => {}
            Button::Back => self.screen = Screen::Play,
            Button::Select => {
                self.screen = Screen::Play;
                match self.game_menu_row() {
                    GameMenuRow::Resume => {}
                    GameMenuRow::Hint => self.ask_hint(),
                    GameMenuRow::TakeBack => self.take_back(),
                    GameMenuRow::NewGame => self.screen = Screen::Menu,
                }
            }
        }
    }

    fn ask_hint(&mut self) {
        if self.outcome().is_some() {
            self.note = Note::Refused(Refusal::GameOver);
        } else if !self.awaits_person() {
            self.note = Note::Refused(Refusal::EnginesTurn);
        } else {
            self.hint_wanted = true;
        }
    }

    /// Takes back to the last position where a person was to move (one ply when
    /// the engine plays both sides).
    fn take_back(&mut self) {
        let person = |ui: &Ui, side| ui.setup.seat(side) == crate::setup::Seat::Human;
        let anyone = person(self, Player::First) || person(self, Player::Second);
        let mut taken = self.record.take_back(1);
        while anyone && taken > 0 && !person(self, self.record.side_to_move()) {
            let more = self.record.take_back(1);
            if more == 0 {
                break;
            }
            taken += more;
        }
        self.thought = None;
        self.after_change();
        self.note = if taken == 0 {
            Note::Refused(Refusal::NothingToTakeBack)
        } else {
            Note::TookBack(taken)
        };
    }

    /// The search to run now, if the engine is to move or a hint was asked for;
    /// the state machine then shows it thinking until [`Ui::finish_search`].
    pub fn start_search(&mut self) -> Option<Request> {
        if self.searching.is_some() || self.screen != Screen::Play || self.outcome().is_some() {
            return None;
        }
        let engine_to_move =
            self.setup.seat(self.record.side_to_move()) == crate::setup::Seat::Engine;
        let purpose = if engine_to_move {
            Purpose::Move
        } else if self.hint_wanted {
            Purpose::Hint
        } else {
            return None;
        };
        self.hint_wanted = false;
        self.searching = Some(purpose);
        self.depth = 0;
        Some(Request {
            purpose,
            position: *self.position(),
            limits: self.setup.level.limits(),
        })
    }

    /// Records that the running search completed an iteration of `depth` plies.
    pub fn progress(&mut self, depth: u32) {
        self.depth = depth;
    }

    /// Takes the running search's answer: plays the engine's move or shows the hint.
    /// An engine that found no move (out of memory) plays the first legal move, so
    /// the game always goes on.
    pub fn finish_search(&mut self, answer: Result<Thought, ThinkError>) {
        let Some(purpose) = self.searching.take() else {
            return;
        };
        let side = self.record.side_to_move();
        match (purpose, answer) {
            (Purpose::Move, Ok(t)) => {
                self.play(t.index);
                self.thought = t.score.map(|s| (side, s, t.depth));
            }
            (Purpose::Move, Err(e)) => {
                self.play(0);
                self.thought = None;
                self.note = Note::EngineFailed(e);
            }
            (Purpose::Hint, Ok(t)) => self.show_hint(t.index),
            (Purpose::Hint, Err(e)) => self.note = Note::EngineFailed(e),
        }
    }

    fn show_hint(&mut self, index: u16) {
        self.hint.clear();
        self.hint_text.clear();
        with_position!(self.record.position(), _G, p => {
            if let Some(m) = p.nth_move(usize::from(index)) {
                self.hint = p.points(m);
                let _ = write!(self.hint_text, "{}", p.display_move(m));
            }
        });
    }

    /// Whether the points picked so far start a legal move (always, by construction;
    /// the property tests check it).
    #[must_use]
    pub fn picks_are_consistent(&self) -> bool {
        self.picked.is_empty()
            || with_position!(self.position(), _G, p => is_started(p, &self.picked))
    }
}
