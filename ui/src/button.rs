//! The device's six buttons, and the one-letter script names the emulator's serial
//! line and the host's renderer read them from.

use core::fmt;

/// A button press: four directions, select and back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// Cursor up (or the previous menu item).
    Up,
    /// Cursor down (or the next menu item).
    Down,
    /// Cursor left (or the previous value of a menu item).
    Left,
    /// Cursor right (or the next value of a menu item).
    Right,
    /// Pick what the cursor is on.
    Select,
    /// Undo the last pick, leave a menu, or (while the engine thinks) make it move now.
    Back,
}

impl Button {
    /// Every button, in script-letter order `u d l r s b`.
    pub const ALL: [Button; 6] = [
        Button::Up,
        Button::Down,
        Button::Left,
        Button::Right,
        Button::Select,
        Button::Back,
    ];

    /// The button a script letter names: `u`, `d`, `l`, `r`, `s` (select), `b` (back),
    /// either case; `None` for any other byte.
    #[must_use]
    pub const fn from_ascii(byte: u8) -> Option<Button> {
        match byte.to_ascii_lowercase() {
            b'u' => Some(Button::Up),
            b'd' => Some(Button::Down),
            b'l' => Some(Button::Left),
            b'r' => Some(Button::Right),
            b's' => Some(Button::Select),
            b'b' => Some(Button::Back),
            _ => None,
        }
    }

    /// The button's script letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Button::Up => 'u',
            Button::Down => 'd',
            Button::Left => 'l',
            Button::Right => 'r',
            Button::Select => 's',
            Button::Back => 'b',
        }
    }
}

impl fmt::Display for Button {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_read_back() {
        for b in Button::ALL {
            assert_eq!(Button::from_ascii(b.letter() as u8), Some(b));
        }
        assert_eq!(Button::from_ascii(b'S'), Some(Button::Select));
        assert_eq!(Button::from_ascii(b'x'), None);
        assert_eq!(Button::from_ascii(b'\n'), None);
    }
}
