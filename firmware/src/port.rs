//! The byte channel the protocol travels on: a UART on every board.

/// A blocking, byte-oriented serial port.
pub trait Port {
    /// The next received byte if one is waiting, without waiting (what a running
    /// search uses to hear `stop` and `isready`).
    fn try_read_byte(&mut self) -> Option<u8>;

    /// Waits for the next received byte.
    fn read_byte(&mut self) -> u8 {
        loop {
            if let Some(byte) = self.try_read_byte() {
                return byte;
            }
        }
    }

    /// Sends every byte, waiting while the transmitter is busy.
    fn write_all(&mut self, bytes: &[u8]);
}

/// Adapts a [`Port`] to [`core::fmt::Write`], so replies are formatted straight onto
/// the wire with no buffer in between.
pub struct Writer<'a, P: Port> {
    port: &'a mut P,
}

impl<'a, P: Port> Writer<'a, P> {
    /// Writes to `port`.
    pub fn new(port: &'a mut P) -> Writer<'a, P> {
        Writer { port }
    }
}

impl<P: Port> core::fmt::Write for Writer<'_, P> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.port.write_all(s.as_bytes());
        Ok(())
    }
}
