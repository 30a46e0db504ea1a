//! The standalone device on the host: the `microply-ui` state machine rendered into
//! 240×240 frames from a script of button presses — by the host itself, or by the
//! firmware's `device` program under QEMU (buttons in on UART0, frames out on it) —
//! written as PNG and compared with reference PNGs, the difference drawn.
//!
//! A script is button letters (`u d l r s b`), whitespace, `# comments` to the end of
//! the line, and marks `[name]` that name the frame on screen at that point. On the
//! firmware each press is sent once the device says it waits for one; `!` before a
//! letter sends the press after it at once, while the device is still busy with
//! this one (`!s b`: back while the engine searches after the start) — the press
//! after a `!` must be one the busy device takes (back during a search).

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use microply_core::search::{Entry, NoClock};
use microply_ui::device::{settle, FRAME_START, IDLE};
use microply_ui::draw::{draw, SIDE};
use microply_ui::framebuffer::{Framebuffer, PIXELS};
use microply_ui::{Button, Ui, DEVICE_MOVE_WORDS, DEVICE_TT_ENTRIES};

use crate::firmware::qemu::Qemu;

/// One screenful, RGB565 row by row.
#[derive(Clone, PartialEq, Eq)]
pub struct Frame {
    pixels: Box<[u16; PIXELS]>,
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Frame({} pixels)", self.pixels.len())
    }
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            pixels: Box::new([0; PIXELS]),
        }
    }
}

/// RGB565 widened to 8 bits a channel (the top bits repeated into the low ones).
fn rgb8(pixel: u16) -> [u8; 3] {
    let (r, g, b) = ((pixel >> 11) & 0x1F, (pixel >> 5) & 0x3F, pixel & 0x1F);
    [
        ((r << 3) | (r >> 2)) as u8,
        ((g << 2) | (g >> 4)) as u8,
        ((b << 3) | (b >> 2)) as u8,
    ]
}

impl Frame {
    /// The frame drawn from `ui`.
    #[must_use]
    pub fn of(ui: &Ui) -> Frame {
        let mut frame = Frame::default();
        let Ok(()) = draw(ui, &mut Framebuffer::new(&mut frame.pixels));
        frame
    }

    /// The pixels as 8-bit RGB, row by row.
    #[must_use]
    pub fn rgb(&self) -> Vec<u8> {
        self.pixels.iter().flat_map(|&p| rgb8(p)).collect()
    }

    /// Writes the frame as an RGB PNG.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write_png(&self, path: &Path) -> anyhow::Result<()> {
        write_rgb_png(path, &self.rgb())
    }
}

/// Writes 8-bit RGB pixels of the screen's size as a PNG.
///
/// # Errors
/// The file cannot be written.
pub fn write_rgb_png(path: &Path, rgb: &[u8]) -> anyhow::Result<()> {
    let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), SIDE, SIDE);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    Ok(())
}

/// Reads an 8-bit RGB PNG of the screen's size.
///
/// # Errors
/// The file cannot be read, is not a PNG, or not a 240×240 RGB image.
pub fn read_png(path: &Path) -> anyhow::Result<Vec<u8>> {
    let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut reader = png::Decoder::new(file).read_info()?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer)?;
    if (info.width, info.height, info.color_type, info.bit_depth)
        != (SIDE, SIDE, png::ColorType::Rgb, png::BitDepth::Eight)
    {
        bail!("{}: not a {SIDE}×{SIDE} 8-bit RGB image", path.display());
    }
    buffer.truncate(info.buffer_size());
    Ok(buffer)
}

/// How `frame` differs from the reference image `reference` (8-bit RGB): the
/// number of differing pixels and a picture of them (red over the dimmed reference).
#[must_use]
pub fn difference(frame: &Frame, reference: &[u8]) -> (usize, Vec<u8>) {
    let actual = frame.rgb();
    let mut picture = Vec::with_capacity(actual.len());
    let mut differing = 0;
    for (a, r) in actual.chunks(3).zip(reference.chunks(3)) {
        if a == r {
            picture.extend(r.iter().map(|&c| c / 3));
        } else {
            differing += 1;
            picture.extend([255, 0, 0]);
        }
    }
    (differing, picture)
}

/// One item of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Press a button.
    Press(Button),
    /// Press a button and, on the firmware, send the next press without waiting for
    /// the device to be idle (the host, which cannot press during a search, presses
    /// normally).
    Rush(Button),
    /// Name the frame on screen now.
    Mark(String),
}

/// Parses a script: button letters (`!` before one: rush it), whitespace,
/// `# comments`, `[marks]`.
///
/// # Errors
/// A character that is no button, or an unclosed or empty mark, with its line.
pub fn parse_script(text: &str) -> anyhow::Result<Vec<Step>> {
    let mut steps = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let mut rest = line;
        let mut rush = false;
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            if c.is_whitespace() {
                continue;
            }
            if c == '!' {
                rush = true;
                continue;
            }
            if c == '[' {
                let (name, after) = rest
                    .split_once(']')
                    .ok_or_else(|| anyhow!("line {}: unclosed [mark", number + 1))?;
                let valid = !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_@".contains(c));
                if !valid {
                    bail!(
                        "line {}: a mark is a name of letters, digits, - and _ (and @k)",
                        number + 1
                    );
                }
                steps.push(Step::Mark(name.to_owned()));
                rest = after;
                continue;
            }
            let button = u8::try_from(c)
                .ok()
                .and_then(Button::from_ascii)
                .ok_or_else(|| anyhow!("line {}: '{c}' is no button (u d l r s b)", number + 1))?;
            steps.push(if rush {
                Step::Rush(button)
            } else {
                Step::Press(button)
            });
            rush = false;
        }
        if rush {
            bail!("line {}: '!' must come before a button", number + 1);
        }
    }
    Ok(steps)
}

/// Every frame a script showed, and which of them the marks named.
#[derive(Debug, Default)]
pub struct Rendering {
    /// The frames in order: one when the device waits for a press, and one
    /// before each search and after each of its iterations.
    pub frames: Vec<Frame>,
    /// The marks: a name and the index of the frame it names.
    pub marks: Vec<(String, usize)>,
    /// The index of the first frame the last press showed.
    press_start: usize,
}

impl Rendering {
    /// `[name]` names the frame on screen; `[name@k]` the k-th frame (from 0) that
    /// the last press showed (`[thinking@1]`: the engine's search after its first
    /// iteration).
    fn mark(&mut self, mark: &str) {
        let last = self.frames.len().saturating_sub(1);
        let (name, index) = match mark.split_once('@') {
            Some((name, k)) => (
                name,
                (self.press_start + k.parse::<usize>().unwrap_or(0)).min(last),
            ),
            None => (mark, last),
        };
        self.marks.push((name.to_owned(), index));
    }

    fn pressed(&mut self) {
        self.press_start = self.frames.len();
    }
}

/// Runs the script on the host's state machine, with the device's memory sizes.
#[must_use]
pub fn render(steps: &[Step]) -> Rendering {
    let mut ui = Ui::default();
    let mut tt = vec![Entry::EMPTY; DEVICE_TT_ENTRIES];
    let mut words = vec![0; DEVICE_MOVE_WORDS];
    let mut rendering = Rendering::default();
    let mut settle_into = |ui: &mut Ui, frames: &mut Vec<Frame>| {
        settle(ui, &mut tt, &mut words, &NoClock, &mut |ui| {
            frames.push(Frame::of(ui));
        });
    };
    settle_into(&mut ui, &mut rendering.frames);
    for step in steps {
        match step {
            Step::Press(button) | Step::Rush(button) => {
                rendering.pressed();
                ui.press(*button);
                settle_into(&mut ui, &mut rendering.frames);
            }
            Step::Mark(name) => rendering.mark(name),
        }
    }
    rendering
}

/// What the firmware's frame stream carries.
enum Event {
    Frame(Frame),
    Idle,
    /// Bytes that are neither (a fatal message, say).
    Text(u8),
    Closed,
}

/// Reads the frame stream from the firmware's UART0 on a thread.
fn read_events(mut out: impl Read + Send + 'static) -> mpsc::Receiver<Event> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = std::io::BufReader::new(&mut out).bytes();
        let mut next = || bytes.next().and_then(Result::ok);
        while let Some(byte) = next() {
            let event = match byte {
                FRAME_START => match read_frame(&mut next) {
                    Some(frame) => Event::Frame(frame),
                    None => break,
                },
                IDLE => Event::Idle,
                other => Event::Text(other),
            };
            if tx.send(event).is_err() {
                return;
            }
        }
        let _ = tx.send(Event::Closed);
    });
    rx
}

fn read_frame(next: &mut impl FnMut() -> Option<u8>) -> Option<Frame> {
    let mut pixels = Vec::with_capacity(PIXELS);
    while pixels.len() < PIXELS {
        let (n, lo, hi) = (next()?, next()?, next()?);
        pixels.extend(std::iter::repeat_n(
            u16::from_le_bytes([lo, hi]),
            usize::from(n),
        ));
    }
    pixels.truncate(PIXELS);
    Some(Frame {
        pixels: pixels.into_boxed_slice().try_into().ok()?,
    })
}

/// The firmware's `device` program under QEMU, fed presses one at a time: each
/// press is sent once the device says it waits for one, as a person would.
pub struct Emulated {
    child: Child,
    stdin: std::process::ChildStdin,
    events: mpsc::Receiver<Event>,
    timeout: Duration,
    text: Vec<u8>,
}

impl Emulated {
    /// Boots `elf` (the firmware's `device` program built for mps2-an386), its defmt
    /// log (frame drawing times, stack) going to `log`.
    ///
    /// # Errors
    /// QEMU cannot start.
    pub fn start(elf: &Path, log: &Path, timeout: Duration) -> anyhow::Result<Emulated> {
        let qemu = Qemu {
            program: Qemu::locate(None, elf),
            icount: true,
            timeout,
        };
        let mut child = qemu
            .command(elf, log)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .context("starting QEMU (run firmware/tools/install.sh)")?;
        let stdin = child.stdin.take().context("stdin")?;
        let events = read_events(child.stdout.take().context("stdout")?);
        Ok(Emulated {
            child,
            stdin,
            events,
            timeout,
            text: Vec::new(),
        })
    }

    /// Collects frames into `frames` until the device waits for a press.
    ///
    /// # Errors
    /// The device stopped or said nothing for the timeout.
    pub fn until_idle(&mut self, frames: &mut Vec<Frame>) -> anyhow::Result<()> {
        loop {
            match self.events.recv_timeout(self.timeout) {
                Ok(Event::Frame(frame)) => frames.push(frame),
                Ok(Event::Idle) => return Ok(()),
                Ok(Event::Text(byte)) => self.text.push(byte),
                Ok(Event::Closed) | Err(_) => bail!(
                    "the device stopped answering; it said: {}",
                    String::from_utf8_lossy(&self.text)
                ),
            }
        }
    }

    /// Presses `button`.
    ///
    /// # Errors
    /// The device's input is closed.
    pub fn press(&mut self, button: Button) -> anyhow::Result<()> {
        self.stdin.write_all(&[button.letter() as u8])?;
        self.stdin.flush()?;
        Ok(())
    }

    /// Ends the run (`q` makes the emulated device exit).
    pub fn quit(mut self) {
        let _ = self.stdin.write_all(b"q");
        let _ = self.stdin.flush();
        thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the script on the firmware under QEMU, its defmt log going to `log`.
///
/// # Errors
/// QEMU cannot start, or the device stops answering.
pub fn render_on_firmware(
    elf: &Path,
    steps: &[Step],
    log: &Path,
    timeout: Duration,
) -> anyhow::Result<Rendering> {
    let mut device = Emulated::start(elf, log, timeout)?;
    let mut rendering = Rendering::default();
    let result = (|| {
        device.until_idle(&mut rendering.frames)?;
        for step in steps {
            match step {
                Step::Press(button) => {
                    rendering.pressed();
                    device.press(*button)?;
                    device.until_idle(&mut rendering.frames)?;
                }
                Step::Rush(button) => {
                    rendering.pressed();
                    device.press(*button)?;
                }
                Step::Mark(name) => rendering.mark(name),
            }
        }
        anyhow::Ok(())
    })();
    device.quit();
    result.map(|()| rendering)
}

/// Where the marked frames of a check went.
#[derive(Debug, Default)]
pub struct Check {
    /// Marks whose frame equals the reference.
    pub same: Vec<String>,
    /// Marks whose frame differs: the name, the differing pixels, the diff picture.
    pub different: Vec<(String, usize, PathBuf)>,
    /// Marks with no reference image.
    pub missing: Vec<String>,
}

/// Compares the marked frames with `references/<name>.png`, writing
/// `out/<name>.diff.png` for each that differs.
///
/// # Errors
/// A reference cannot be read or a picture written.
pub fn check(rendering: &Rendering, references: &Path, out: &Path) -> anyhow::Result<Check> {
    let mut result = Check::default();
    for (name, index) in &rendering.marks {
        let Some(frame) = rendering.frames.get(*index) else {
            continue;
        };
        let path = references.join(format!("{name}.png"));
        if !path.exists() {
            result.missing.push(name.clone());
            continue;
        }
        let reference = read_png(&path)?;
        let (differing, picture) = difference(frame, &reference);
        if differing == 0 {
            result.same.push(name.clone());
        } else {
            let diff = out.join(format!("{name}.diff.png"));
            write_rgb_png(&diff, &picture)?;
            result.different.push((name.clone(), differing, diff));
        }
    }
    Ok(result)
}

/// A script in which a person sets the menu to `setup` and then, whenever it is
/// their move, plays the first legal move with the buttons, to the end of the game:
/// marks `menu`, `start`, `refused` (a pick refused, where the game has one),
/// `picked` (a move half entered), `hint-menu`, `hint`, `thinking` (the engine's
/// first search after its first iteration) and `end`.
#[must_use]
pub fn autoplay(setup: microply_ui::Setup) -> String {
    let mut script = Scripted::new();
    script.mark("menu");
    script.set_menu(setup);
    script.mark("start");
    let mut moves = 0;
    while script.ui.outcome().is_none() && moves < 1000 {
        if !script.ui.awaits_person() {
            break;
        }
        if moves == 0 {
            script.refuse_once();
        }
        if moves == 1 {
            script.hint();
        }
        let points = first_move_points(script.ui.position());
        for (i, p) in points.iter().enumerate() {
            script.pick(*p);
            if moves == 1 && i == 0 && points.len() > 1 {
                script.mark("picked");
            }
        }
        if moves == 0 && script.ui.record().len() > 1 {
            script.mark("thinking@1");
        }
        moves += 1;
        script.text.push('\n');
    }
    script.mark("end");
    script.text
}

fn first_move_points(pos: &microply_core::games::AnyPosition) -> Vec<microply_ui::Point> {
    use microply_core::Game as _;
    use microply_ui::Surface as _;
    microply_core::with_position!(pos, _G, p => p.nth_move(0).map(|m| p.points(m).to_vec()).unwrap_or_default())
}

/// A script being written while its presses drive a state machine.
struct Scripted {
    ui: Ui,
    tt: Vec<Entry>,
    words: Vec<u64>,
    text: String,
}

impl Scripted {
    fn new() -> Scripted {
        Scripted {
            ui: Ui::default(),
            tt: vec![Entry::EMPTY; DEVICE_TT_ENTRIES],
            words: vec![0; DEVICE_MOVE_WORDS],
            text: String::new(),
        }
    }

    fn mark(&mut self, name: &str) {
        self.text.push_str(&format!("[{name}]\n"));
    }

    fn press(&mut self, button: Button) {
        self.ui.press(button);
        self.text.push(button.letter());
        settle(
            &mut self.ui,
            &mut self.tt,
            &mut self.words,
            &NoClock,
            &mut |_| {},
        );
    }

    fn pick(&mut self, to: microply_ui::Point) {
        for b in microply_ui::route(self.ui.cursor(), to) {
            self.press(b);
        }
        self.press(Button::Select);
    }

    fn set_menu(&mut self, setup: microply_ui::Setup) {
        use microply_ui::MenuRow;
        while self.ui.menu_row() != MenuRow::Game {
            self.press(Button::Up);
        }
        while self.ui.setup().game != setup.game {
            self.press(Button::Right);
        }
        self.press(Button::Down);
        for side in 0..2 {
            if self.ui.setup().seats[side] != setup.seats[side] {
                self.press(Button::Right);
            }
            self.press(Button::Down);
        }
        while self.ui.setup().level != setup.level {
            self.press(Button::Right);
        }
        self.press(Button::Down);
        self.mark("level");
        self.press(Button::Select);
        self.text.push('\n');
    }

    /// Moves to the first point of the grid (in reading order) where a first pick is
    /// refused and picks it, if there is one.
    fn refuse_once(&mut self) {
        use microply_ui::{Pick, Point};
        let (rows, cols) = self.ui.grid();
        let refused = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| Point::new(r, c)))
            .find(|&p| {
                microply_core::with_position!(self.ui.position(), _G, pos => matches!(microply_ui::surface::pick(pos, &[], p), Pick::Refused(_)))
            });
        if let Some(p) = refused {
            self.pick(p);
            self.mark("refused");
            self.text.push('\n');
        }
    }

    fn hint(&mut self) {
        use microply_ui::GameMenuRow;
        self.press(Button::Back);
        while self.ui.game_menu_row() != GameMenuRow::Hint {
            self.press(Button::Down);
        }
        self.mark("hint-menu");
        self.press(Button::Select);
        self.mark("hint");
        self.text.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_parse_with_marks_and_comments() {
        let steps = parse_script("[menu] u u # up twice\n r\n[x]s").unwrap();
        assert_eq!(
            steps,
            vec![
                Step::Mark("menu".into()),
                Step::Press(Button::Up),
                Step::Press(Button::Up),
                Step::Press(Button::Right),
                Step::Mark("x".into()),
                Step::Press(Button::Select),
            ]
        );
        assert!(parse_script("u z").is_err());
        assert_eq!(
            parse_script("! s b").unwrap(),
            vec![Step::Rush(Button::Select), Step::Press(Button::Back)]
        );
        assert!(parse_script("s !").is_err());
        assert!(parse_script("[open").is_err());
    }

    #[test]
    fn a_rendering_has_a_frame_per_press_and_the_png_reads_back() {
        let steps = parse_script("[menu] u d [again]").unwrap();
        let r = render(&steps);
        assert_eq!(r.frames.len(), 3);
        assert_eq!(r.marks, vec![("menu".into(), 0), ("again".into(), 2)]);
        assert_eq!(r.frames[0], r.frames[2]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("menu.png");
        r.frames[0].write_png(&path).unwrap();
        let back = read_png(&path).unwrap();
        assert_eq!(difference(&r.frames[0], &back).0, 0);
        assert!(difference(&r.frames[1], &back).0 > 0);
    }
}
