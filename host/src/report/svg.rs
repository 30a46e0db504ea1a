//! SVG plots for reports, drawn with plotters' SVG backend (text stays `<text>`, so the
//! plots are small, searchable and need no fonts at build time).

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::ratings::{Rating, ScorePoint};

/// A named line of (x, y) points.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, drawn in order; non-finite ones are skipped.
    pub points: Vec<(f64, f64)>,
}

/// A plot that could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw the plot '{title}': {reason}")]
pub struct PlotError {
    title: String,
    reason: String,
}

const WIDTH: u32 = 720;
const ROW_HEIGHT: u32 = 36;
const PLOT_HEIGHT: u32 = 420;
/// The interval plot's least height, so that one or two players still get a plot
/// whose labels read at the page's width.
const MIN_INTERVAL_HEIGHT: u32 = 240;
/// A legend row's height in the strip under the plot (legends never sit on the data).
const LEGEND_ROW: u32 = 24;
const FONT: &str = "sans-serif";
const CAPTION_SIZE: u32 = 22;
const LABEL_SIZE: u32 = 16;

/// Players' ratings as points with their 95% intervals as horizontal bars, one row per
/// player from the top, labelled with `labels` (missing labels are numbered).
///
/// # Errors
/// [`PlotError`] if plotters fails (it does not for finite input).
pub fn interval_plot(
    title: &str,
    labels: &[String],
    ratings: &[Rating],
) -> Result<String, PlotError> {
    let rows = ratings.len().max(1);
    let height = (110 + ROW_HEIGHT * rows as u32).max(MIN_INTERVAL_HEIGHT);
    let (x_min, x_max) = padded_range(ratings.iter().flat_map(|r| [r.low, r.elo, r.high]));
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(2) as u32 * 10 + 20;
    let name = |i: usize| {
        labels
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("#{}", i + 1))
    };
    draw(title, (WIDTH, height), |root| {
        let mut chart = titled(root, title, label_width)
            .build_cartesian_2d(x_min..x_max, (0..rows - 1).into_segmented())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .label_style((FONT, LABEL_SIZE))
            .axis_desc_style((FONT, LABEL_SIZE))
            .y_labels(rows)
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) if *i < ratings.len() => name(rows - 1 - *i),
                _ => String::new(),
            })
            .x_label_formatter(&tick)
            .x_desc("Elo")
            .draw()?;
        let row = |i: usize| SegmentValue::CenterOf(rows - 1 - i);
        chart.draw_series(ratings.iter().enumerate().filter(|(_, r)| finite(r)).map(
            |(i, r)| {
                ErrorBar::new_horizontal(
                    row(i),
                    r.low,
                    r.elo,
                    r.high,
                    BLUE.filled().stroke_width(2),
                    10,
                )
            },
        ))?;
        Ok(())
    })
}

/// Lines through each series' points, with a legend: score over games, fitness per
/// generation.
///
/// # Errors
/// [`PlotError`] if plotters fails (it does not for finite input).
pub fn line_plot(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<String, PlotError> {
    let colour = |i: usize| Palette99::pick(i).to_rgba();
    let entries: Vec<(&str, Swatch)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.as_str(), Swatch::Line(colour(i))))
        .collect();
    let shown: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| finite_points(&s.points))
        .collect();
    plot_over_legend(title, (x_label, y_label), &shown, &entries, |chart| {
        for (i, s) in series.iter().enumerate() {
            chart.draw_series(LineSeries::new(
                finite_points(&s.points),
                colour(i).stroke_width(2),
            ))?;
        }
        Ok(())
    })
}

/// Vertical dashed lines across a plot at each of `xs` (where a training's stage or
/// its partners change), with one legend entry for them all.
#[derive(Debug, Clone, PartialEq)]
pub struct Markers {
    /// The legend entry.
    pub name: String,
    /// Where the lines stand; non-finite ones are skipped.
    pub xs: Vec<f64>,
}

/// Colours of the marker kinds, after the series' own.
const MARKER_COLOURS: [RGBColor; 3] = [BLACK, RGBColor(200, 0, 0), RGBColor(0, 150, 0)];

/// Like [`line_plot`], with `markers` as dashed vertical lines, and every series' line
/// broken at its non-finite points (one line per run of finite points, each point a
/// dot): lines never join values that are not comparable. A kind of marker without
/// lines is left out of the legend.
///
/// # Errors
/// [`PlotError`] if plotters fails (it does not for finite input).
pub fn marked_line_plot(
    title: &str,
    (x_label, y_label): (&str, &str),
    series: &[Series],
    markers: &[Markers],
) -> Result<String, PlotError> {
    let colour = |i: usize| Palette99::pick(i).to_rgba();
    let marker_colour = |k: usize| MARKER_COLOURS[k % MARKER_COLOURS.len()].to_rgba();
    let markers: Vec<(usize, &Markers)> = markers
        .iter()
        .enumerate()
        .filter(|(_, m)| m.xs.iter().any(|x| x.is_finite()))
        .collect();
    let entries: Vec<(&str, Swatch)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.as_str(), Swatch::Line(colour(i))))
        .chain(
            markers
                .iter()
                .map(|&(k, m)| (m.name.as_str(), Swatch::Dashed(marker_colour(k)))),
        )
        .collect();
    let shown: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| finite_points(&s.points))
        .collect();
    let y_range = padded_range(shown.iter().map(|p| p.1));
    plot_over_legend(title, (x_label, y_label), &shown, &entries, |chart| {
        for (i, s) in series.iter().enumerate() {
            for run in s.points.split(|(x, y)| !(x.is_finite() && y.is_finite())) {
                chart.draw_series(LineSeries::new(
                    run.iter().copied(),
                    colour(i).stroke_width(2),
                ))?;
                chart.draw_series(run.iter().map(|&p| Circle::new(p, 2, colour(i).filled())))?;
            }
        }
        for &(k, m) in &markers {
            for &x in m.xs.iter().filter(|x| x.is_finite()) {
                chart.draw_series(DashedLineSeries::new(
                    [(x, y_range.0), (x, y_range.1)],
                    6,
                    4,
                    marker_colour(k).stroke_width(2),
                ))?;
            }
        }
        Ok(())
    })
}

/// A line with a shaded band around it, e.g. the score over games with its 95% band;
/// `band` holds (x, low, high).
///
/// # Errors
/// [`PlotError`] if plotters fails (it does not for finite input).
pub fn band_plot(
    title: &str,
    x_label: &str,
    y_label: &str,
    line: &Series,
    band: &[(f64, f64, f64)],
) -> Result<String, PlotError> {
    let band: Vec<(f64, f64, f64)> = band
        .iter()
        .copied()
        .filter(|(x, lo, hi)| x.is_finite() && lo.is_finite() && hi.is_finite())
        .collect();
    let shown: Vec<(f64, f64)> = finite_points(&line.points)
        .chain(band.iter().flat_map(|&(x, lo, hi)| [(x, lo), (x, hi)]))
        .collect();
    let entries = [
        (line.name.as_str(), Swatch::Line(BLUE.to_rgba())),
        ("95% band", Swatch::Area(BLUE.mix(0.2))),
    ];
    plot_over_legend(title, (x_label, y_label), &shown, &entries, |chart| {
        let outline: Vec<(f64, f64)> = band
            .iter()
            .map(|b| (b.0, b.2))
            .chain(band.iter().rev().map(|b| (b.0, b.1)))
            .collect();
        chart.draw_series(std::iter::once(Polygon::new(
            outline,
            BLUE.mix(0.2).filled(),
        )))?;
        chart.draw_series(LineSeries::new(
            finite_points(&line.points),
            BLUE.stroke_width(2),
        ))?;
        Ok(())
    })
}

/// A match's score over games with its 95% band (from
/// [`running_score`](crate::ratings::running_score)).
///
/// # Errors
/// [`PlotError`] if plotters fails (it does not for finite input).
pub fn score_plot(title: &str, points: &[ScorePoint]) -> Result<String, PlotError> {
    let games = |p: &ScorePoint| p.games as f64;
    let line = Series {
        name: "score".into(),
        points: points.iter().map(|p| (games(p), p.score)).collect(),
    };
    let band: Vec<(f64, f64, f64)> = points.iter().map(|p| (games(p), p.low, p.high)).collect();
    band_plot(title, "games", "score", &line, &band)
}

type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;
type DrawResult<T> =
    Result<T, DrawingAreaErrorKind<<SVGBackend<'static> as DrawingBackend>::ErrorType>>;

/// The layout every x–y plot shares: the title, axes fitted to the `shown` points
/// (whole-number x ticks when every x is whole: games, generations, iterations), the
/// data drawn by `data`, and the legend `entries` in a strip under the plot.
fn plot_over_legend(
    title: &str,
    (x_label, y_label): (&str, &str),
    shown: &[(f64, f64)],
    entries: &[(&str, Swatch)],
    data: impl FnOnce(&mut Chart<'_, '_>) -> DrawResult<()>,
) -> Result<String, PlotError> {
    let x_range = padded_range(shown.iter().map(|p| p.0));
    let y_range = padded_range(shown.iter().map(|p| p.1));
    let integer_x = all_integers(shown.iter().map(|p| p.0));
    let strip = legend_height(entries);
    draw(title, (WIDTH, PLOT_HEIGHT + strip), |root| {
        let (plot, under) = root.split_vertically(PLOT_HEIGHT);
        let mut chart = titled(&plot, title, 70)
            .build_cartesian_2d(x_range.0..x_range.1, y_range.0..y_range.1)?;
        axes(&mut chart, (x_label, integer_x), y_label, x_range)?;
        data(&mut chart)?;
        legend(&under, entries)
    })
}

/// A chart on `area` with the title above it and room for the axes' labels
/// (`y_label_width` pixels left of the plot).
fn titled<'a, 'b>(
    area: &'a DrawingArea<SVGBackend<'b>, Shift>,
    title: &str,
    y_label_width: u32,
) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut builder = ChartBuilder::on(area);
    builder
        .caption(title, (FONT, CAPTION_SIZE))
        .margin(12)
        .x_label_area_size(50)
        .y_label_area_size(y_label_width);
    builder
}

/// Draws the chart's axes; `integer_x` when every x is a whole number, so that the
/// x ticks are whole numbers too.
fn axes(
    chart: &mut Chart<'_, '_>,
    (x_label, integer_x): (&str, bool),
    y_label: &str,
    (x_min, x_max): (f64, f64),
) -> DrawResult<()> {
    let whole = |v: &f64| {
        if v.fract() == 0.0 {
            tick(v)
        } else {
            String::new()
        }
    };
    // At most one tick per whole number, so plotters never picks steps below 1.
    let x_ticks = if integer_x {
        ((x_max - x_min).floor() as usize + 1).clamp(2, 10)
    } else {
        10
    };
    chart
        .configure_mesh()
        .x_labels(x_ticks)
        .x_label_formatter(if integer_x { &whole } else { &tick })
        .y_label_formatter(&tick)
        .label_style((FONT, LABEL_SIZE))
        .axis_desc_style((FONT, LABEL_SIZE))
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
}

/// How a legend entry is drawn.
#[derive(Clone, Copy)]
enum Swatch {
    /// A series' line.
    Line(RGBAColor),
    /// A shaded area.
    Area(RGBAColor),
    /// A dashed line (a marker).
    Dashed(RGBAColor),
}

/// Where each legend entry goes in the strip under the plot: (x, row), rows filled
/// left to right.
fn legend_layout(entries: &[(&str, Swatch)]) -> Vec<(i32, i32)> {
    let (mut x, mut row) = (LEGEND_LEFT, 0);
    let mut out = Vec::with_capacity(entries.len());
    for (name, _) in entries {
        let width = 30 + 9 * name.chars().count() as i32 + 28;
        if x > LEGEND_LEFT && x + width > WIDTH as i32 {
            (x, row) = (LEGEND_LEFT, row + 1);
        }
        out.push((x, row));
        x += width;
    }
    out
}

/// The legend strip's height.
fn legend_height(entries: &[(&str, Swatch)]) -> u32 {
    let rows = legend_layout(entries).last().map_or(0, |&(_, r)| r + 1);
    rows as u32 * LEGEND_ROW + 8
}

/// Where legend rows start: under the plot area, past the y labels.
const LEGEND_LEFT: i32 = 82;

/// The legend: rows of entries in their own strip under the plot, so that it
/// never covers data.
fn legend(
    strip: &DrawingArea<SVGBackend<'_>, Shift>,
    entries: &[(&str, Swatch)],
) -> DrawResult<()> {
    for (&(name, swatch), (x, row)) in entries.iter().zip(legend_layout(entries)) {
        let y = row * LEGEND_ROW as i32 + LEGEND_ROW as i32 / 2;
        match swatch {
            Swatch::Line(colour) => {
                strip.draw(&PathElement::new(
                    [(x, y), (x + 24, y)],
                    colour.stroke_width(2),
                ))?;
            }
            Swatch::Dashed(colour) => {
                for dash in [x, x + 10, x + 20] {
                    strip.draw(&PathElement::new(
                        [(dash, y), (dash + 5, y)],
                        colour.stroke_width(2),
                    ))?;
                }
            }
            Swatch::Area(colour) => {
                strip.draw(&Rectangle::new(
                    [(x, y - 6), (x + 24, y + 6)],
                    colour.filled(),
                ))?;
            }
        }
        let style = TextStyle::from((FONT, LABEL_SIZE).into_font()).pos(
            plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Left,
                plotters::style::text_anchor::VPos::Center,
            ),
        );
        strip.draw(&Text::new(name.to_owned(), (x + 30, y), style))?;
    }
    Ok(())
}

/// Whether every value is a whole number (and there is one).
fn all_integers(mut values: impl Iterator<Item = f64>) -> bool {
    let mut any = false;
    let all = values.all(|v| {
        any = true;
        !v.is_finite() || v.fract() == 0.0
    });
    all && any
}

/// Renders into an SVG string: white background, then `plot`.
fn draw(
    title: &str,
    size: (u32, u32),
    plot: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> DrawResult<()>,
) -> Result<String, PlotError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let failed = |e: &dyn std::fmt::Display| PlotError {
            title: title.to_string(),
            reason: e.to_string(),
        };
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        plot(&root).map_err(|e| failed(&e))?;
        root.present().map_err(|e| failed(&e))?;
    }
    Ok(svg)
}

/// An axis label with no trailing zeros: `150`, `-50`, `0.25`.
fn tick(v: &f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

fn finite(r: &Rating) -> bool {
    r.elo.is_finite() && r.low.is_finite() && r.high.is_finite()
}

fn finite_points(points: &[(f64, f64)]) -> impl Iterator<Item = (f64, f64)> + '_ {
    points
        .iter()
        .copied()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
}

/// The range of the finite values with 5% room each side; (−1, 1) around a single value
/// and (0, 1) when there is none.
fn padded_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if lo > hi {
        (0.0, 1.0)
    } else if lo == hi {
        (lo - 1.0, hi + 1.0)
    } else {
        let room = (hi - lo) * 0.05;
        (lo - room, hi + room)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(elo: f64, half: f64) -> Rating {
        Rating {
            elo,
            low: elo - half,
            high: elo + half,
        }
    }

    /// Parses the SVG (failing on malformed XML) and returns the texts and the count of
    /// elements with each tag name (for polylines: the thick ones, i.e. not the axes').
    fn parse(svg: &str) -> (Vec<String>, impl Fn(&str) -> usize + '_) {
        let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let texts = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap_or("").trim().to_string())
            .collect();
        let count = move |tag: &str| {
            roxmltree::Document::parse(svg)
                .expect("parsed once already")
                .descendants()
                .filter(|n| n.has_tag_name(tag))
                .filter(|n| tag != "polyline" || n.attribute("stroke-width") == Some("2"))
                .count()
        };
        (texts, count)
    }

    #[test]
    fn interval_plot_has_a_marker_and_a_label_per_player() {
        let labels: Vec<String> = ["sss d6", "pvs d6", "mtdf d6", "minimax <3>"]
            .iter()
            .map(|s| (*s).to_string())
            .collect();
        let ratings = [
            rating(120.0, 40.0),
            rating(10.0, 35.0),
            rating(-30.5, 50.0),
            rating(-99.5, 60.0),
        ];
        let svg = interval_plot("Ratings & intervals", &labels, &ratings).unwrap();
        let (texts, count) = parse(&svg);
        assert_eq!(count("circle"), 4, "one point per player");
        for label in &labels {
            assert_eq!(
                texts.iter().filter(|t| *t == label).count(),
                1,
                "{label} in {texts:?}"
            );
        }
        assert!(texts.iter().any(|t| t == "Ratings & intervals"));
        assert!(texts.iter().any(|t| t == "Elo"));
    }

    #[test]
    fn interval_plot_skips_infinite_ratings_and_survives_no_players() {
        let ratings = [rating(0.0, 10.0), rating(5.0, f64::INFINITY)];
        let svg = interval_plot("t", &["a".into(), "b".into()], &ratings).unwrap();
        assert_eq!(parse(&svg).1("circle"), 1);
        let svg = interval_plot("empty", &[], &[]).unwrap();
        assert_eq!(parse(&svg).1("circle"), 0);
    }

    #[test]
    fn line_plot_draws_one_line_and_legend_entry_per_series() {
        let series: Vec<Series> = (0..3)
            .map(|k| Series {
                name: format!("depth {}", k + 2),
                points: (0..20)
                    .map(|i| (f64::from(i), f64::from(i * k) + 0.5))
                    .collect(),
            })
            .collect();
        let svg = line_plot("Fitness", "generation", "fitness", &series).unwrap();
        let (texts, count) = parse(&svg);
        // Each series is one polyline, plus one short line in the legend.
        assert_eq!(count("polyline"), 6, "{svg}");
        for s in &series {
            assert!(texts.contains(&s.name), "{texts:?}");
        }
        assert!(texts.iter().any(|t| t == "generation") && texts.iter().any(|t| t == "fitness"));
        assert!(
            !texts.iter().any(|t| t.ends_with(".0")),
            "axis ticks: {texts:?}"
        );
    }

    #[test]
    fn whole_number_axes_have_whole_number_ticks() {
        let series = [Series {
            name: "best".into(),
            points: vec![(1.0, 0.25), (2.0, 0.75)],
        }];
        let svg = line_plot("Per iteration", "iteration", "score", &series).unwrap();
        let (texts, _) = parse(&svg);
        let ticks: Vec<&String> = texts
            .iter()
            .filter(|t| t.starts_with("1.") || t.starts_with("2."))
            .collect();
        assert!(ticks.is_empty(), "fractional iteration ticks: {ticks:?}");
        assert!(texts.contains(&"1".to_string()) && texts.contains(&"2".to_string()));
    }

    #[test]
    fn band_plot_draws_the_band_and_the_line() {
        let line = Series {
            name: "score".into(),
            points: (1..=50)
                .map(|g| (f64::from(g), 0.5 + 0.1 / f64::from(g)))
                .collect(),
        };
        let band: Vec<(f64, f64, f64)> = line
            .points
            .iter()
            .map(|&(x, y)| (x, y - 0.5 / x.sqrt(), y + 0.5 / x.sqrt()))
            .collect();
        let svg = band_plot("Score over games", "games", "score", &line, &band).unwrap();
        let (texts, count) = parse(&svg);
        assert_eq!(count("polygon"), 1);
        assert!(count("polyline") >= 1);
        assert!(texts.contains(&"95% band".to_string()) && texts.contains(&"score".to_string()));
    }

    #[test]
    fn score_plot_is_a_band_plot_of_the_running_score() {
        let points = crate::ratings::running_score(&[1.0, 0.5, 0.0, 1.0, 1.0]).unwrap();
        let svg = score_plot("A vs B", &points).unwrap();
        let (texts, count) = parse(&svg);
        assert_eq!(count("polygon"), 1);
        assert!(texts.contains(&"A vs B".to_string()) && texts.contains(&"games".to_string()));
    }

    #[test]
    fn ticks_drop_trailing_zeros() {
        let ticks: Vec<String> = [150.0, -50.0, 0.25, 0.1 + 0.2, -0.0001, 2.5e3]
            .iter()
            .map(tick)
            .collect();
        assert_eq!(ticks, vec!["150", "-50", "0.25", "0.3", "0", "2500"]);
    }

    #[test]
    fn ranges_pad_and_fall_back() {
        assert_eq!(padded_range([0.0, 10.0].into_iter()), (-0.5, 10.5));
        assert_eq!(padded_range([3.0].into_iter()), (2.0, 4.0));
        assert_eq!(padded_range([f64::NAN].into_iter()), (0.0, 1.0));
    }
}
