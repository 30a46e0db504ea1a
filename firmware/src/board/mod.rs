//! Board bring-up, chosen by a cargo feature. Each board module offers the same
//! items: `NAME`, `CLOCK_HZ`, `ProtocolPort`, `init`, `exit` and `fail`, and for the
//! device program `init_device` (its screen, buttons and clock); everything else in
//! the firmware is shared.

#[cfg(all(feature = "mps2-an386", feature = "nucleo-f411"))]
compile_error!("enable one board feature only: mps2-an386 (default) or nucleo-f411");

#[cfg(feature = "mps2-an386")]
mod mps2_an386;
#[cfg(feature = "mps2-an386")]
pub use mps2_an386::*;

#[cfg(feature = "nucleo-f411")]
mod nucleo_f411;
#[cfg(feature = "nucleo-f411")]
pub use nucleo_f411::*;
