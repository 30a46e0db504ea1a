//! Building Amazons test positions as FEN text.

/// The FEN of an `n`×`n` board given as cells row by row from the bottom (`.` empty,
/// `x` arrow, `Q`/`q` queens), with the side to move.
pub fn fen_from_cells(cells: &[u8], n: usize, white_to_move: bool) -> String {
    let mut fen = String::new();
    for row in (0..n).rev() {
        let mut run = 0;
        for &c in &cells[row * n..row * n + n] {
            if c == b'.' {
                run += 1;
                continue;
            }
            if run > 0 {
                fen.push_str(&run.to_string());
                run = 0;
            }
            fen.push(c as char);
        }
        if run > 0 {
            fen.push_str(&run.to_string());
        }
        if row > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if white_to_move { ":w" } else { ":b" });
    fen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_top_first_with_digit_runs() {
        let cells = b"Q.....x.............................";
        assert_eq!(fen_from_cells(cells, 6, false), "6/6/6/6/x5/Q5:b");
    }
}
