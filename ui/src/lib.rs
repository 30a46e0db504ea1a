//! # microply-ui
//!
//! The standalone device's user interface: menus (game and size, who plays which
//! side, level), a cursor and move entry for every game, the engine's turns and
//! hints, take-back — as a `no_std`, allocation-free state machine ([`Ui`]) driven
//! by six buttons ([`Button`]) and tested on the host. It does not know the display:
//! [`draw`] renders it through `embedded-graphics` onto any `DrawTarget` (a real
//! screen, or a [`Framebuffer`]: the emulator's, a PNG's on the host), and the
//! driver (the firmware, the host's renderer) runs the searches it asks for with
//! [`think()`].
//!
//! ```
//! use microply_ui::{Button, Screen, Ui};
//! let mut ui = Ui::default(); // the main menu, on "Start"
//! ui.press(Button::Select);
//! assert_eq!(ui.screen(), Screen::Play);
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod button;
pub mod device;
pub mod draw;
pub mod framebuffer;
pub mod point;
pub mod record;
pub mod setup;
pub mod surface;
pub mod think;
pub mod ui;

pub use button::Button;
pub use framebuffer::Framebuffer;
pub use point::{route, Point};
pub use record::Record;
pub use setup::{GameChoice, Level, Seat, Setup};
pub use surface::{Path, Pick, Refusal, Surface};
pub use think::{think, ThinkError, Thought, DEVICE_MOVE_WORDS, DEVICE_TT_ENTRIES};
pub use ui::{GameMenuRow, MenuRow, MoveText, Note, Purpose, Request, Screen, Ui};
