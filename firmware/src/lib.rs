//! # microply-firmware
//!
//! The microply engine on a Cortex-M4: the core's line protocol over a UART, the
//! very code `microply engine` runs on the host, so the two can be cross-checked.
//!
//! The crate is thin: board bring-up ([`board`], one module per board behind a
//! cargo feature), the UART [`port`], the SysTick [`clock`], [`stack`] measurement and its [`guard`], the engine's [`memory`],
//! panic and HardFault handling, and the [`app`] loop shared by every board. The
//! program itself is `src/bin/engine.rs`; `src/bin/device.rs` is the standalone
//! device (screen, buttons, menus: [`device`]).
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod app;
pub mod board;
pub mod clock;
pub mod device;
mod fault;
pub mod guard;
pub mod memory;
pub mod port;
pub mod stack;
