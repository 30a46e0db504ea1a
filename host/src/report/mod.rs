//! Reports of matches and tournaments: markdown tables and SVG plots.

mod markdown;
mod ratings_table;
mod svg;

pub use markdown::{markdown_table, markdown_table_aligned, Align};
pub use ratings_table::ratings_table;
pub use svg::{
    band_plot, interval_plot, line_plot, marked_line_plot, score_plot, Markers, PlotError, Series,
};
