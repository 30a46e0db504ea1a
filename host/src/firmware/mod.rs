//! Running the firmware image: reading its ELF, booting it under QEMU, decoding its
//! defmt log, and the command suites the cross-check and the report send it.

pub mod compare;
pub mod elf;
pub mod log;
pub mod qemu;
pub mod report;
pub mod suite;
