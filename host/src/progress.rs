//! Progress of long work (tournaments, training, sample generation): a bar with a
//! message on a terminal, one plain line per step otherwise (logs, CI, pipes).
//!
//! Every long-running tool reports through [`Progress`], so they all look alike:
//! `done/total`, the rate, the ETA and a message of the tool's own (the leader,
//! the best fitness...).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Display {
    /// A bar redrawn in place (stderr is a terminal).
    Bar,
    /// One line per step on stderr.
    Lines,
    /// Nothing (tests, or `--quiet`).
    Hidden,
}

impl Display {
    /// A bar when stderr is a terminal, plain lines otherwise.
    #[must_use]
    pub fn detect() -> Display {
        if std::io::stderr().is_terminal() {
            Display::Bar
        } else {
            Display::Lines
        }
    }
}

/// Progress over `total` steps of some `unit` ("games", "generations"...).
pub struct Progress {
    display: Display,
    bar: ProgressBar,
    unit: &'static str,
    started: Instant,
    /// Steps already done when this run started (a resumed run), not counted in
    /// the rate.
    before: AtomicU64,
}

impl Progress {
    /// Progress of `total` steps, `done` of them already finished (a resumed run).
    #[must_use]
    pub fn new(display: Display, unit: &'static str, total: u64, done: u64) -> Progress {
        let target = match display {
            Display::Bar => ProgressDrawTarget::stderr(),
            Display::Lines | Display::Hidden => ProgressDrawTarget::hidden(),
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:30.cyan/blue} {pos}/{len} {prefix} [{elapsed_precise}, ETA {eta}] {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_prefix(unit);
        bar.set_position(done);
        if display == Display::Bar {
            bar.enable_steady_tick(Duration::from_millis(250));
        }
        Progress {
            display,
            bar,
            unit,
            started: Instant::now(),
            before: AtomicU64::new(done),
        }
    }

    /// `done` steps were finished by an earlier run (found on resume, after this
    /// progress was made): shown as done, not counted in the rate.
    pub fn resume_at(&self, done: u64) {
        self.before.store(done, Ordering::Relaxed);
        self.bar.set_position(done);
    }

    /// The same progress, timed from `started` (work that began before the first
    /// step was shown: the rate then counts the first step's time too).
    #[must_use]
    pub fn since(mut self, started: Instant) -> Progress {
        self.started = started;
        self
    }

    /// Steps finished per second in this run.
    #[must_use]
    pub fn rate(&self) -> f64 {
        let done = self
            .bar
            .position()
            .saturating_sub(self.before.load(Ordering::Relaxed));
        done as f64 / self.started.elapsed().as_secs_f64().max(1e-9)
    }

    /// Seconds left at the current rate (infinite before the first step).
    #[must_use]
    pub fn eta_seconds(&self) -> f64 {
        let left = self
            .bar
            .length()
            .unwrap_or(0)
            .saturating_sub(self.bar.position());
        left as f64 / self.rate()
    }

    /// A new total, for work whose size becomes known as it goes (a bracket).
    pub fn set_total(&self, total: u64) {
        self.bar.set_length(total);
    }

    /// One more step finished, with a message describing the state now.
    pub fn step(&self, message: &str) {
        self.set(self.bar.position() + 1, message);
    }

    /// `done` steps finished, with a message describing the state now.
    pub fn set(&self, done: u64, message: &str) {
        self.bar.set_position(done);
        match self.display {
            Display::Bar => self.bar.set_message(message.to_owned()),
            Display::Lines => eprintln!("{}", self.line(message)),
            Display::Hidden => {}
        }
    }

    /// The plain line for the current state: `7/20 games, 1.50 games/s, ETA 9 s | message`.
    #[must_use]
    pub fn line(&self, message: &str) -> String {
        let eta = self.eta_seconds();
        let eta = if eta.is_finite() {
            format!("{eta:.0} s")
        } else {
            "?".to_owned()
        };
        format!(
            "{}/{} {}, {:.2} {}/s, ETA {eta} | {message}",
            self.bar.position(),
            self.bar.length().unwrap_or(0),
            self.unit,
            self.rate(),
            self.unit,
        )
    }

    /// Prints a line above the bar (or as a plain line).
    pub fn println(&self, text: &str) {
        match self.display {
            Display::Bar => self.bar.println(text),
            Display::Lines => eprintln!("{text}"),
            Display::Hidden => {}
        }
    }

    /// Ends the bar, leaving its last state on screen.
    pub fn finish(&self) {
        if self.display == Display::Bar {
            self.bar.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_counts_steps_and_names_the_unit() {
        let p = Progress::new(Display::Hidden, "games", 20, 5);
        p.step("leader A");
        p.step("leader B");
        let line = p.line("leader B");
        assert!(line.starts_with("7/20 games, "), "{line}");
        assert!(line.ends_with("| leader B"), "{line}");
    }

    #[test]
    fn a_resumed_run_does_not_count_earlier_steps_in_its_rate() {
        let p = Progress::new(Display::Hidden, "games", 10, 10);
        assert_eq!(p.rate(), 0.0);
        assert!(p.eta_seconds().is_nan() || p.eta_seconds() == 0.0);
    }

    #[test]
    fn steps_found_on_resume_are_done_but_not_in_the_rate() {
        let p = Progress::new(Display::Hidden, "iterations", 8, 0);
        p.resume_at(6);
        assert_eq!(p.rate(), 0.0);
        assert!(p.line("x").starts_with("6/8 iterations, "));
    }
}
