//! Listening while a command runs: the lines that arrive during a `go`, `perft` or
//! `selfplay`, looked at through the search's clock check.
//!
//! The rule (docs/protocol.md, "While a search runs"): the engine looks at the lines
//! that have arrived, in order. `isready` is answered `readyok` at once, `stop` ends
//! the search, `quit` ends the search and is then carried out. The first other line
//! ends the looking: it and every later line wait, in order, until the running
//! command has replied. Nothing is dropped and nothing is answered out of order
//! except `readyok`.

use core::cell::{Cell, RefCell};
use core::fmt::{self, Write};

use super::command::Command;
use super::line::Line;
use crate::search::Clock;

/// Lines that may arrive while a command runs, seen without waiting.
pub trait Inbox {
    /// The next line that has arrived, if any, without waiting. It stays the next
    /// line (the engine's loop reads it after the command) unless [`Inbox::consume`]
    /// drops it.
    fn peek(&mut self) -> Option<Line<'_>>;

    /// Drops the line [`Inbox::peek`] returned: it was handled during the command.
    fn consume(&mut self);

    /// Whether the input has ended: no line is waiting and none will arrive (the
    /// host's stdin was closed). A running command then stops as at `stop`, as if
    /// the input had ended with `stop` and `quit`. A UART never ends.
    fn ended(&mut self) -> bool {
        false
    }
}

/// An inbox that never holds anything: commands run to their end.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoInbox;

impl Inbox for NoInbox {
    fn peek(&mut self) -> Option<Line<'_>> {
        None
    }

    fn consume(&mut self) {}
}

/// What a line that arrives during a search asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interjection {
    /// `stop`.
    Stop,
    /// `isready`.
    IsReady,
    /// `quit`: stop, then quit.
    Quit,
}

impl Interjection {
    /// The interjection `line` is, or `None` for a line that must wait.
    #[must_use]
    pub fn of(line: &str) -> Option<Interjection> {
        match Command::parse(line) {
            Ok(Command::Stop) => Some(Interjection::Stop),
            Ok(Command::IsReady) => Some(Interjection::IsReady),
            Ok(Command::Quit) => Some(Interjection::Quit),
            _ => None,
        }
    }
}

/// A clock whose stop check also looks at the inbox, answering `isready` on the
/// shared output.
pub(super) struct Listener<'x, 'o, C: Clock, I: Inbox + ?Sized> {
    clock: &'x C,
    inbox: RefCell<&'x mut I>,
    out: &'x RefCell<&'o mut dyn Write>,
    stopped: Cell<bool>,
}

impl<'x, 'o, C: Clock, I: Inbox + ?Sized> Listener<'x, 'o, C, I> {
    pub(super) fn new(clock: &'x C, inbox: &'x mut I, out: &'x RefCell<&'o mut dyn Write>) -> Self {
        Listener {
            clock,
            inbox: RefCell::new(inbox),
            out,
            stopped: Cell::new(false),
        }
    }

    fn listen(&self) {
        // The listener is only entered from the search, never from itself.
        let Ok(mut inbox) = self.inbox.try_borrow_mut() else {
            return;
        };
        loop {
            let heard = match inbox.peek() {
                Some(Line::Text(text)) => Interjection::of(text),
                Some(_) => None,
                None => {
                    // The end of the input stops the command as a last `stop` would.
                    if inbox.ended() {
                        self.stopped.set(true);
                    }
                    return;
                }
            };
            match heard {
                Some(Interjection::Stop) => {
                    // Lines after a stop wait for the command's end: an input
                    // that never runs dry must not keep the search looking.
                    inbox.consume();
                    self.stopped.set(true);
                    return;
                }
                Some(Interjection::IsReady) => {
                    inbox.consume();
                    let _ = writeln!(Shared(self.out), "readyok");
                }
                Some(Interjection::Quit) => {
                    self.stopped.set(true);
                    return;
                }
                None => return,
            }
        }
    }
}

impl<C: Clock, I: Inbox + ?Sized> Clock for Listener<'_, '_, C, I> {
    fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    fn stop_requested(&self) -> bool {
        if !self.stopped.get() {
            self.listen();
        }
        self.stopped.get() || self.clock.stop_requested()
    }
}

/// The output shared between the running command and the listener.
pub(super) struct Shared<'r, 'x>(pub(super) &'r RefCell<&'x mut dyn Write>);

impl Write for Shared<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.0.try_borrow_mut() {
            Ok(mut out) => out.write_str(s),
            Err(_) => Err(fmt::Error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Engine, Flow, MoveWord};
    use crate::search::{Entry, NoClock};

    /// Lines that have all arrived already, as when a script is piped in at once.
    struct Arrived<'a> {
        lines: &'a [&'a str],
    }

    impl Inbox for Arrived<'_> {
        fn peek(&mut self) -> Option<Line<'_>> {
            self.lines.first().map(|l| Line::Text(l))
        }

        fn consume(&mut self) {
            self.lines = self.lines.get(1..).unwrap_or_default();
        }
    }

    fn run(setup: &str, command: &str, arrived: &[&str]) -> (heapless::String<4096>, usize, Flow) {
        let mut tt = [Entry::EMPTY; 1024];
        let mut moves = [0 as MoveWord; 2048];
        let mut engine = Engine::new(&mut tt, &mut moves);
        let mut out = heapless::String::<4096>::new();
        engine.execute(setup, &NoClock, &mut out);
        out.clear();
        let mut inbox = Arrived { lines: arrived };
        let flow = engine.execute_listening(command, &NoClock, &mut inbox, &mut out);
        (out, inbox.lines.len(), flow)
    }

    #[test]
    fn perft_answers_isready_stops_and_leaves_later_lines_waiting() {
        let (out, left, flow) = run(
            "game checkers",
            "perft 30",
            &["isready", "stop", "fen", "stop"],
        );
        assert_eq!(out, "readyok\nerror stopped\n");
        assert_eq!((left, flow), (2, Flow::Continue));
    }

    #[test]
    fn a_stopped_go_still_names_a_best_move() {
        let (out, left, _) = run("game checkers", "go depth 64", &["stop"]);
        assert_eq!(left, 0);
        let mut lines = out.lines().rev();
        assert_eq!(lines.next(), Some("ok"));
        assert!(
            lines.next().is_some_and(|l| l.starts_with("bestmove ")),
            "{out}"
        );
        assert!(lines.all(|l| l.starts_with("info depth=")), "{out}");
    }

    #[test]
    fn a_line_that_must_wait_hides_the_stop_behind_it() {
        let (out, left, _) = run("game tictactoe", "perft 9", &["fen", "stop"]);
        assert_eq!(out, "perft 9 127872\nok\n");
        assert_eq!(left, 2);
    }

    #[test]
    fn quit_stops_the_search_and_stays_to_be_carried_out() {
        let (out, left, _) = run("game checkers", "selfplay depth=64", &["quit"]);
        assert_eq!(out, "result stopped plies=0\nok\n");
        assert_eq!(left, 1);
    }

    /// Lines that have arrived, then the end of the input.
    struct Ending<'a>(Arrived<'a>);

    impl Inbox for Ending<'_> {
        fn peek(&mut self) -> Option<Line<'_>> {
            self.0.peek()
        }

        fn consume(&mut self) {
            self.0.consume();
        }

        fn ended(&mut self) -> bool {
            true
        }
    }

    fn run_to_the_end(
        setup: &str,
        command: &str,
        arrived: &[&str],
    ) -> (heapless::String<4096>, usize) {
        let mut tt = [Entry::EMPTY; 1024];
        let mut moves = [0 as MoveWord; 2048];
        let mut engine = Engine::new(&mut tt, &mut moves);
        let mut out = heapless::String::<4096>::new();
        engine.execute(setup, &NoClock, &mut out);
        out.clear();
        let mut inbox = Ending(Arrived { lines: arrived });
        let flow = engine.execute_listening(command, &NoClock, &mut inbox, &mut out);
        assert_eq!(flow, Flow::Continue);
        (out, inbox.0.lines.len())
    }

    #[test]
    fn the_end_of_the_input_stops_a_search_as_a_last_stop_would() {
        let (out, left) = run_to_the_end("game checkers", "go depth 64", &["isready"]);
        assert_eq!(left, 0);
        // Both are heard at the first clock check: readyok, then the stop, which plays
        // the first move of the last completed iteration's line.
        let last_pv = out
            .lines()
            .filter_map(|l| l.split_once(" pv=").map(|(_, pv)| pv))
            .next_back()
            .and_then(|pv| pv.split(' ').next())
            .unwrap_or("none");
        let mut end: heapless::String<64> = heapless::String::new();
        let _ = write!(end, "\nreadyok\nbestmove {last_pv}\nok\n");
        assert!(out.ends_with(end.as_str()), "{out}");
        let (out, _) = run_to_the_end("game checkers", "perft 30", &[]);
        assert_eq!(out, "error stopped\n");
        // A line that must wait keeps the command going: the end is behind it.
        let (out, left) = run_to_the_end("game tictactoe", "perft 9", &["fen"]);
        assert_eq!((out.as_str(), left), ("perft 9 127872\nok\n", 1));
    }

    #[test]
    fn idle_stop_and_isready() {
        let (out, _, _) = run("game tictactoe", "stop", &[]);
        assert_eq!(out, "");
        let (out, _, _) = run("game tictactoe", "isready", &[]);
        assert_eq!(out, "readyok\n");
    }

    #[test]
    fn only_stop_isready_and_quit_interject() {
        assert_eq!(Interjection::of("stop"), Some(Interjection::Stop));
        assert_eq!(Interjection::of(" isready\t"), Some(Interjection::IsReady));
        assert_eq!(Interjection::of("quit"), Some(Interjection::Quit));
        assert_eq!(Interjection::of("stop now"), None);
        assert_eq!(Interjection::of("fen"), None);
        assert_eq!(Interjection::of("isready2"), None);
    }
}
