//! Books of balanced openings, generated from the typed core: random legal plies from
//! the start, kept when a fixed-depth search scores the position inside a window.
//! The files are what [`read_openings`](crate::play::openings::read_openings)
//! reads (see books/README.md for the shipped ones).

mod generate;

pub use generate::{
    generate_book, write_book, Book, BookError, BookLine, BookSettings, MAX_COUNT, MAX_PLIES,
};
