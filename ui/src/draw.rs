//! Draws the [`Ui`] on a 240×240 colour screen (ST7789-class) through
//! `embedded-graphics`, onto any `DrawTarget<Color = Rgb565>`: the real display,
//! the emulator's framebuffer or an image on the host.
//!
//! The screen: a header (the game, whose move it is or the result), the board in a
//! 184-pixel square (tic-tac-toe 61, checkers 23, Dots-and-Boxes 5×5 36 between
//! dots, Amazons 10×10 18 pixels a square — every game and size the menu offers is
//! legible), and two lines under it (the last move and the engine's score, then the
//! prompt, the progress mark while the engine thinks, or why a pick was refused).

use core::fmt::Write;

use embedded_graphics::mono_font::ascii::{FONT_10X20, FONT_7X13, FONT_8X13_BOLD};
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::{DrawTarget, Point as Px, Primitive, Size};
use embedded_graphics::primitives::{Circle, Line, PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Alignment, Baseline, Text, TextStyleBuilder};
use embedded_graphics::Drawable;
use microply_core::games::amazons::Amazons;
use microply_core::games::checkers::Checkers;
use microply_core::games::dots::Dots;
use microply_core::games::tictactoe::TicTacToe;
use microply_core::games::AnyPosition;
use microply_core::{Outcome, Player};

use crate::point::Point;
use crate::setup::{GameChoice, Seat};
use crate::surface::{amazons_square, checkers_square, dots_edge, ttt_cell};
use crate::ui::{GameMenuRow, MenuRow, Note, Purpose, Screen, Ui};

/// The screen's width and height in pixels.
pub const SIDE: u32 = 240;

/// The board's square, in pixels.
const BOARD: u32 = 184;
const BOARD_TOP: i32 = 24;

const fn rgb(r: u8, g: u8, b: u8) -> Rgb565 {
    Rgb565::new(r >> 3, g >> 2, b >> 3)
}

const BACKGROUND: Rgb565 = rgb(24, 28, 36);
const HEADER: Rgb565 = rgb(40, 70, 120);
const TEXT: Rgb565 = rgb(235, 235, 235);
const DIM: Rgb565 = rgb(150, 155, 165);
const WARN: Rgb565 = rgb(255, 110, 90);
const GOOD: Rgb565 = rgb(120, 220, 120);
const CURSOR: Rgb565 = rgb(255, 220, 0);
const PICKED: Rgb565 = rgb(60, 230, 90);
const HINT: Rgb565 = rgb(240, 80, 240);
const LAST: Rgb565 = rgb(90, 150, 230);
const LIGHT_SQUARE: Rgb565 = rgb(232, 208, 160);
const DARK_SQUARE: Rgb565 = rgb(150, 100, 60);
const LAST_LIGHT: Rgb565 = rgb(180, 210, 240);
const LAST_DARK: Rgb565 = rgb(90, 130, 180);
const FIRST_PIECE: Rgb565 = rgb(30, 30, 30);
const SECOND_PIECE: Rgb565 = rgb(245, 240, 225);
const KING: Rgb565 = rgb(230, 180, 30);
const ARROW: Rgb565 = rgb(170, 40, 40);
const PAPER: Rgb565 = rgb(245, 245, 240);
const INK: Rgb565 = rgb(30, 30, 40);
const FIRST_BOX: Rgb565 = rgb(150, 190, 250);
const SECOND_BOX: Rgb565 = rgb(250, 170, 160);

/// Draws the whole screen.
///
/// # Errors
/// The target's drawing errors.
pub fn draw<D: DrawTarget<Color = Rgb565>>(ui: &Ui, d: &mut D) -> Result<(), D::Error> {
    d.clear(BACKGROUND)?;
    match ui.screen() {
        Screen::Menu => draw_menu(ui, d),
        Screen::Play => draw_play(ui, d),
        Screen::GameMenu => {
            draw_play(ui, d)?;
            draw_game_menu(ui, d)
        }
    }
}

fn text<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    s: &str,
    at: Px,
    font: &MonoFont<'_>,
    color: Rgb565,
    alignment: Alignment,
) -> Result<(), D::Error> {
    let style = MonoTextStyle::new(font, color);
    let layout = TextStyleBuilder::new()
        .baseline(Baseline::Top)
        .alignment(alignment)
        .build();
    Text::with_text_style(s, at, style, layout).draw(d)?;
    Ok(())
}

fn fill<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    at: Px,
    size: Size,
    color: Rgb565,
) -> Result<(), D::Error> {
    Rectangle::new(at, size)
        .into_styled(PrimitiveStyle::with_fill(color))
        .draw(d)
}

fn outline<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    at: Px,
    size: Size,
    color: Rgb565,
    width: u32,
) -> Result<(), D::Error> {
    Rectangle::new(at, size)
        .into_styled(PrimitiveStyle::with_stroke(color, width))
        .draw(d)
}

type Line40 = heapless::String<40>;

fn header<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    left: &str,
    right: &str,
) -> Result<(), D::Error> {
    fill(d, Px::zero(), Size::new(SIDE, 20), HEADER)?;
    text(
        d,
        left,
        Px::new(4, 4),
        &FONT_8X13_BOLD,
        TEXT,
        Alignment::Left,
    )?;
    text(
        d,
        right,
        Px::new(236, 4),
        &FONT_7X13,
        TEXT,
        Alignment::Right,
    )
}

fn draw_menu<D: DrawTarget<Color = Rgb565>>(ui: &Ui, d: &mut D) -> Result<(), D::Error> {
    header(d, "microply", "new game")?;
    let setup = ui.setup();
    let mut y = 34;
    for row in MenuRow::ALL {
        let selected = ui.menu_row() == row;
        if selected {
            fill(d, Px::new(8, y - 4), Size::new(224, 30), HEADER)?;
        }
        let mut value = Line40::new();
        let label = match row {
            MenuRow::Game => {
                let _ = write!(value, "{}", setup.game);
                "Game"
            }
            MenuRow::First => {
                let _ = write!(value, "{}", setup.seats[0]);
                setup.game.side_name(Player::First)
            }
            MenuRow::Second => {
                let _ = write!(value, "{}", setup.seats[1]);
                setup.game.side_name(Player::Second)
            }
            MenuRow::Level => {
                let _ = write!(value, "{}", setup.level);
                "Level"
            }
            MenuRow::Start => "",
        };
        if row == MenuRow::Start {
            let color = if selected { CURSOR } else { GOOD };
            text(
                d,
                "Start game",
                Px::new(120, y),
                &FONT_10X20,
                color,
                Alignment::Center,
            )?;
        } else {
            text(
                d,
                label,
                Px::new(16, y + 3),
                &FONT_7X13,
                DIM,
                Alignment::Left,
            )?;
            let color = if selected { CURSOR } else { TEXT };
            let mut shown = Line40::new();
            let _ = write!(shown, "< {value} >");
            text(
                d,
                &shown,
                Px::new(228, y),
                &FONT_10X20,
                color,
                Alignment::Right,
            )?;
        }
        y += 36;
    }
    text(
        d,
        "up/down: row  left/right: change",
        Px::new(120, 212),
        &FONT_7X13,
        DIM,
        Alignment::Center,
    )?;
    text(
        d,
        "select: start  back: resume",
        Px::new(120, 226),
        &FONT_7X13,
        DIM,
        Alignment::Center,
    )
}

fn draw_game_menu<D: DrawTarget<Color = Rgb565>>(ui: &Ui, d: &mut D) -> Result<(), D::Error> {
    let (left, top, width) = (50, 60, 140);
    fill(d, Px::new(left, top), Size::new(width, 120), BACKGROUND)?;
    outline(d, Px::new(left, top), Size::new(width, 120), TEXT, 2)?;
    let mut y = top + 10;
    for row in GameMenuRow::ALL {
        let selected = ui.game_menu_row() == row;
        if selected {
            fill(
                d,
                Px::new(left + 6, y - 3),
                Size::new(width - 12, 24),
                HEADER,
            )?;
        }
        let color = if selected { CURSOR } else { TEXT };
        text(
            d,
            row.label(),
            Px::new(120, y),
            &FONT_10X20,
            color,
            Alignment::Center,
        )?;
        y += 26;
    }
    Ok(())
}

fn draw_play<D: DrawTarget<Color = Rgb565>>(ui: &Ui, d: &mut D) -> Result<(), D::Error> {
    let game = ui.playing();
    let mut status = Line40::new();
    match ui.outcome() {
        Some(Outcome::Win(p)) => {
            let _ = write!(status, "{} wins", game.side_name(p));
        }
        Some(Outcome::Draw) => {
            let _ = write!(status, "Draw");
        }
        None => {
            let _ = write!(
                status,
                "{} to move",
                game.side_name(ui.record().side_to_move())
            );
        }
    }
    if let AnyPosition::Dots(p) = ui.position() {
        let _ = write!(
            status,
            " {}-{}",
            p.score(Player::First),
            p.score(Player::Second)
        );
    }
    let mut name = Line40::new();
    let _ = write!(name, "{game}");
    header(d, &name, &status)?;
    match ui.position() {
        AnyPosition::TicTacToe(p) => draw_tictactoe(ui, p, d)?,
        AnyPosition::Checkers(p) => draw_checkers(ui, p, d)?,
        AnyPosition::Dots(p) => draw_dots(ui, p, d)?,
        AnyPosition::Amazons(p) => draw_amazons(ui, p, d)?,
    }
    footer(ui, d)
}

fn footer<D: DrawTarget<Color = Rgb565>>(ui: &Ui, d: &mut D) -> Result<(), D::Error> {
    let game = ui.playing();
    let mut first = Line40::new();
    let (_, last) = ui.last_move();
    if !last.is_empty() {
        let _ = write!(first, "Last {last}");
    }
    if let Some((side, score, depth)) = ui.thought() {
        let _ = write!(first, "  {}: {score} d{depth}", game.side_name(side));
    }
    text(
        d,
        &first,
        Px::new(4, 210),
        &FONT_7X13,
        TEXT,
        Alignment::Left,
    )?;
    let mut second = Line40::new();
    let mut color = DIM;
    match (ui.searching(), ui.note(), ui.outcome()) {
        (Some(purpose), _, _) => {
            let what = match purpose {
                Purpose::Move => "Thinking",
                Purpose::Hint => "Finding a hint",
            };
            let _ = write!(second, "{what} d{} ", ui.search_depth());
            for _ in 0..(ui.search_depth() % 4) + 1 {
                let _ = second.push('.');
            }
            let _ = write!(second, "  back: move now");
            color = CURSOR;
        }
        (None, Note::Refused(why), _) => {
            let _ = write!(second, "{why}");
            color = WARN;
        }
        (None, Note::EngineFailed(why), _) => {
            let _ = write!(second, "Engine: {why}");
            color = WARN;
        }
        (None, Note::TookBack(n), _) => {
            let _ = write!(second, "Took back {n} move(s)");
        }
        (None, Note::None, Some(_)) => {
            let _ = write!(second, "Game over. select: menu");
            color = GOOD;
        }
        (None, Note::None, None) => prompt(ui, &mut second),
    }
    let (hint, hint_text) = ui.hint();
    if !hint.is_empty() && ui.searching().is_none() {
        second.clear();
        let _ = write!(second, "Hint: {hint_text}");
        color = HINT;
    }
    text(
        d,
        &second,
        Px::new(4, 225),
        &FONT_7X13,
        color,
        Alignment::Left,
    )
}

fn prompt(ui: &Ui, out: &mut Line40) {
    if ui.setup().seat(ui.record().side_to_move()) == Seat::Engine {
        let _ = out.push_str("Engine to move");
        return;
    }
    let _ = out.push_str(match (ui.playing(), ui.picked().len()) {
        (GameChoice::TicTacToe, _) => "Pick a cell",
        (GameChoice::Dots(_), _) => "Pick a line",
        (GameChoice::Checkers, 0) => "Pick a piece",
        (GameChoice::Checkers, _) => "Pick where it goes",
        (GameChoice::Amazons(_), 0) => "Pick an amazon",
        (GameChoice::Amazons(_), 1) => "Pick where it goes",
        (GameChoice::Amazons(_), _) => "Pick where it shoots",
    });
}

/// Where a grid of `rows × cols` cells sits: its top-left corner and cell side.
fn grid_layout(rows: u8, cols: u8) -> (Px, u32) {
    let n = u32::from(rows.max(cols).max(1));
    let cell = BOARD / n;
    let width = cell * u32::from(cols);
    let height = cell * u32::from(rows);
    let left = (SIDE - width) / 2;
    let top = BOARD_TOP as u32 + (BOARD - height) / 2;
    (Px::new(left as i32, top as i32), cell)
}

fn cell_corner(origin: Px, cell: u32, p: Point) -> Px {
    origin
        + Px::new(
            (u32::from(p.col) * cell) as i32,
            (u32::from(p.row) * cell) as i32,
        )
}

/// The marks over a grid board: last move and hint under the cursor, picks.
fn grid_marks<D: DrawTarget<Color = Rgb565>>(
    ui: &Ui,
    origin: Px,
    cell: u32,
    d: &mut D,
) -> Result<(), D::Error> {
    let size = Size::new(cell, cell);
    for &p in ui.hint().0 {
        outline(d, cell_corner(origin, cell, p), size, HINT, 3)?;
    }
    for &p in ui.picked() {
        outline(d, cell_corner(origin, cell, p), size, PICKED, 3)?;
    }
    if ui.awaits_person() {
        outline(d, cell_corner(origin, cell, ui.cursor()), size, CURSOR, 2)?;
    }
    Ok(())
}

fn is_last(ui: &Ui, p: Point) -> bool {
    ui.last_move().0.contains(&p)
}

fn piece<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    corner: Px,
    cell: u32,
    color: Rgb565,
    border: Rgb565,
) -> Result<(), D::Error> {
    let inset = (cell / 8).max(2);
    let diameter = cell - 2 * inset;
    Circle::new(corner + Px::new(inset as i32, inset as i32), diameter)
        .into_styled(
            embedded_graphics::primitives::PrimitiveStyleBuilder::new()
                .fill_color(color)
                .stroke_color(border)
                .stroke_width(2)
                .build(),
        )
        .draw(d)
}

fn draw_tictactoe<D: DrawTarget<Color = Rgb565>>(
    ui: &Ui,
    pos: &TicTacToe,
    d: &mut D,
) -> Result<(), D::Error> {
    let (origin, cell) = grid_layout(3, 3);
    fill(d, origin, Size::new(3 * cell, 3 * cell), PAPER)?;
    for row in 0..3u8 {
        for col in 0..3u8 {
            let p = Point::new(row, col);
            let corner = cell_corner(origin, cell, p);
            if is_last(ui, p) {
                fill(d, corner, Size::new(cell, cell), LAST_LIGHT)?;
            }
            let Some(c) = ttt_cell(p) else { continue };
            let inset = (cell / 5) as i32;
            let a = corner + Px::new(inset, inset);
            let b = corner + Px::new(cell as i32 - inset, cell as i32 - inset);
            let stroke = PrimitiveStyle::with_stroke(INK, 6);
            if pos.cells(Player::First).contains(c) {
                Line::new(a, b).into_styled(stroke).draw(d)?;
                Line::new(Px::new(a.x, b.y), Px::new(b.x, a.y))
                    .into_styled(stroke)
                    .draw(d)?;
            } else if pos.cells(Player::Second).contains(c) {
                Circle::new(a, (b.x - a.x) as u32)
                    .into_styled(PrimitiveStyle::with_stroke(WARN, 6))
                    .draw(d)?;
            }
        }
    }
    for i in 1..3 {
        let at = (i * cell) as i32;
        let len = (3 * cell) as i32;
        let style = PrimitiveStyle::with_stroke(INK, 2);
        Line::new(origin + Px::new(at, 0), origin + Px::new(at, len))
            .into_styled(style)
            .draw(d)?;
        Line::new(origin + Px::new(0, at), origin + Px::new(len, at))
            .into_styled(style)
            .draw(d)?;
    }
    grid_marks(ui, origin, cell, d)
}

fn draw_checkers<D: DrawTarget<Color = Rgb565>>(
    ui: &Ui,
    pos: &Checkers,
    d: &mut D,
) -> Result<(), D::Error> {
    let (origin, cell) = grid_layout(8, 8);
    for row in 0..8u8 {
        for col in 0..8u8 {
            let p = Point::new(row, col);
            let corner = cell_corner(origin, cell, p);
            let color = match (checkers_square(p), is_last(ui, p)) {
                (None, _) => LIGHT_SQUARE,
                (Some(_), false) => DARK_SQUARE,
                (Some(_), true) => LAST_DARK,
            };
            fill(d, corner, Size::new(cell, cell), color)?;
            let Some(sq) = checkers_square(p) else {
                continue;
            };
            let bit = sq.bit();
            let (fill_color, border) = if pos.pieces(Player::First) & bit != 0 {
                (FIRST_PIECE, SECOND_PIECE)
            } else if pos.pieces(Player::Second) & bit != 0 {
                (SECOND_PIECE, FIRST_PIECE)
            } else {
                continue;
            };
            piece(d, corner, cell, fill_color, border)?;
            if pos.kings() & bit != 0 {
                let inset = (cell * 3 / 8) as i32;
                Circle::new(corner + Px::new(inset, inset), cell - 2 * inset as u32)
                    .into_styled(PrimitiveStyle::with_fill(KING))
                    .draw(d)?;
            }
        }
    }
    grid_marks(ui, origin, cell, d)
}

fn draw_amazons<D: DrawTarget<Color = Rgb565>>(
    ui: &Ui,
    pos: &Amazons,
    d: &mut D,
) -> Result<(), D::Error> {
    let n = pos.size().n();
    let (origin, cell) = grid_layout(n, n);
    for row in 0..n {
        for col in 0..n {
            let p = Point::new(row, col);
            let corner = cell_corner(origin, cell, p);
            let light = (row + col) % 2 == 0;
            let color = match (light, is_last(ui, p)) {
                (true, false) => LIGHT_SQUARE,
                (false, false) => DARK_SQUARE,
                (true, true) => LAST_LIGHT,
                (false, true) => LAST_DARK,
            };
            fill(d, corner, Size::new(cell, cell), color)?;
            let Some(sq) = amazons_square(p, n) else {
                continue;
            };
            if pos.queens(Player::First).contains(sq) {
                queen(d, corner, cell, SECOND_PIECE, FIRST_PIECE)?;
            } else if pos.queens(Player::Second).contains(sq) {
                queen(d, corner, cell, FIRST_PIECE, SECOND_PIECE)?;
            } else if pos.arrows().contains(sq) {
                let inset = (cell / 5) as i32;
                fill(
                    d,
                    corner + Px::new(inset, inset),
                    Size::new(cell - 2 * inset as u32, cell - 2 * inset as u32),
                    ARROW,
                )?;
            }
        }
    }
    grid_marks(ui, origin, cell, d)
}

/// An amazon: a disc with a crown-coloured centre (White light, Black dark).
fn queen<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    corner: Px,
    cell: u32,
    color: Rgb565,
    border: Rgb565,
) -> Result<(), D::Error> {
    piece(d, corner, cell, color, border)?;
    let inset = (cell * 3 / 8) as i32;
    Circle::new(corner + Px::new(inset, inset), cell - 2 * inset as u32)
        .into_styled(PrimitiveStyle::with_fill(KING))
        .draw(d)
}

fn draw_dots<D: DrawTarget<Color = Rgb565>>(
    ui: &Ui,
    pos: &Dots,
    d: &mut D,
) -> Result<(), D::Error> {
    let size = pos.size();
    let (rows, cols) = (size.rows(), size.cols());
    let spacing = (BOARD - 16) / u32::from(rows.max(cols));
    let half = spacing / 2;
    let width = spacing * u32::from(cols);
    let height = spacing * u32::from(rows);
    let origin = Px::new(
        ((SIDE - width) / 2) as i32,
        BOARD_TOP + ((BOARD - height) / 2) as i32,
    );
    let at = |p: Point| {
        origin
            + Px::new(
                (u32::from(p.col) * half) as i32,
                (u32::from(p.row) * half) as i32,
            )
    };
    fill(
        d,
        origin - Px::new(8, 8),
        Size::new(width + 16, height + 16),
        PAPER,
    )?;
    let first_boxes = ui.record().first_boxes();
    let full = pos.full_boxes();
    for r in 0..rows {
        for c in 0..cols {
            let bit = 1u64 << (8 * u32::from(r) + u32::from(c));
            if full & bit == 0 {
                continue;
            }
            let color = if first_boxes & bit != 0 {
                FIRST_BOX
            } else {
                SECOND_BOX
            };
            // Box (r, c) counts rows from the bottom; its top-left dot is grid row
            // 2 (rows − r − 1).
            let corner = at(Point::new(2 * (rows - r - 1), 2 * c));
            fill(d, corner, Size::new(spacing, spacing), color)?;
        }
    }
    for row in 0..=2 * rows {
        for col in 0..=2 * cols {
            let p = Point::new(row, col);
            let Some(e) = dots_edge(p, rows) else {
                continue;
            };
            let drawn = pos.edges().contains(e);
            let color = if ui.hint().0.contains(&p) {
                HINT
            } else if drawn && is_last(ui, p) {
                LAST
            } else if drawn {
                INK
            } else {
                continue;
            };
            let (a, b) = if row % 2 == 0 {
                (at(Point::new(row, col - 1)), at(Point::new(row, col + 1)))
            } else {
                (at(Point::new(row - 1, col)), at(Point::new(row + 1, col)))
            };
            Line::new(a, b)
                .into_styled(PrimitiveStyle::with_stroke(color, 5))
                .draw(d)?;
        }
    }
    for row in (0..=2 * rows).step_by(2) {
        for col in (0..=2 * cols).step_by(2) {
            let center = at(Point::new(row, col));
            fill(d, center - Px::new(4, 4), Size::new(9, 9), INK)?;
        }
    }
    if ui.awaits_person() {
        let corner = at(ui.cursor()) - Px::new((half / 2) as i32, (half / 2) as i32);
        outline(d, corner, Size::new(half, half), CURSOR, 3)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::button::Button;
    use crate::framebuffer::{Framebuffer, PIXELS};

    #[test]
    fn every_screen_of_every_game_stays_on_the_screen() {
        extern crate std;
        let mut pixels = std::vec![0; PIXELS];
        let mut canvas = Framebuffer::new(pixels.as_mut_slice().try_into().unwrap());
        for game in GameChoice::ALL {
            let mut ui = Ui::new(crate::setup::Setup {
                game,
                seats: [Seat::Human, Seat::Human],
                level: crate::setup::Level::Easy,
            });
            draw(&ui, &mut canvas).unwrap();
            ui.press(Button::Select);
            for b in [Button::Select, Button::Right, Button::Select, Button::Back] {
                draw(&ui, &mut canvas).unwrap();
                ui.press(b);
            }
            ui.press(Button::Back);
            draw(&ui, &mut canvas).unwrap();
            assert_eq!(canvas.clipped(), 0, "{game}");
        }
    }
}
