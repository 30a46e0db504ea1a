//! Reports of matches and tournaments: markdown tables and SVG plots.

mod markdown;
mod svg;

pub use markdown::{markdown_table, markdown_table_aligned, Align};
pub use svg::{band_plot, interval_plot, line_plot, PlotError, Series};
