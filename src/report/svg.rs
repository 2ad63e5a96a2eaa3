//! Bar charts and log-log scatter plots as SVG text, drawn by hand.
//!
//! SVG leaves fonts to the viewer, so charts build on any machine without a
//! font library, and the bytes are a pure function of the data (fixed
//! decimal places, no timestamps, no random ids), which keeps committed
//! reports stable and snapshot tests exact.

use std::fmt::Write;

use crate::report::axis::{Axis, Base, VALUE_STEPS, WIDTH_TICKS, all_whole};

/// Fill colours of the series, in order (colour-blind-safe Okabe-Ito hues).
pub(crate) const PALETTE: [&str; 6] = [
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9",
];

pub(crate) const WIDTH: f64 = 720.0;
pub(crate) const HEIGHT: f64 = 400.0;
pub(crate) const LEFT: f64 = 64.0;
pub(crate) const RIGHT: f64 = 16.0;
pub(crate) const TOP: f64 = 48.0;
pub(crate) const BOTTOM: f64 = 64.0;
/// The plot's height: the canvas inside the top and bottom margins.
pub(crate) const PLOT_H: f64 = HEIGHT - TOP - BOTTOM;
/// The font size of the value written on a bar.
const LABEL_FONT: f64 = 10.0;

/// One named row of values, one value per category.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub values: Vec<f64>,
}

impl Series {
    pub fn new(name: &str, values: Vec<f64>) -> Series {
        Series {
            name: name.into(),
            values,
        }
    }
}

/// A vertical bar chart; several series are drawn as grouped bars.
#[derive(Clone, Debug, PartialEq)]
pub struct BarChart {
    pub title: String,
    /// Text under the category labels.
    pub x_label: String,
    /// Text beside the value axis.
    pub y_label: String,
    pub categories: Vec<String>,
    pub series: Vec<Series>,
    /// Top of the value axis (100 for a share of a whole); `None` fits
    /// the axis to the values (see [`Axis::of_values`]).
    pub y_max: Option<f64>,
    /// Appended to every value label, e.g. `%`.
    pub unit: String,
    /// Decimal places of value labels.
    pub decimals: usize,
}

/// About how wide `text` is at `font_size`, in pixels: an average glyph of
/// Helvetica or Arial is a little over half the font size wide (digits are
/// 0.556 em, `%` 0.889 em), so this errs on the wide side.
pub(crate) fn text_width(text: &str, font_size: f64) -> f64 {
    text.chars()
        .map(|c| if c == '%' { 0.9 } else { 0.6 })
        .sum::<f64>()
        * font_size
}

/// Text safe inside SVG elements and attributes.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl BarChart {
    /// A chart of counts: whole-number labels without a unit, the axis
    /// rounded up from the largest value.
    pub fn new(
        title: impl Into<String>,
        x_label: &str,
        y_label: &str,
        categories: Vec<String>,
        series: Vec<Series>,
    ) -> BarChart {
        BarChart {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            categories,
            series,
            y_max: None,
            unit: String::new(),
            decimals: 0,
        }
    }

    /// The same chart in percent, labels with `decimals` places, the axis
    /// up to `y_max` (`None`: fitted to the values).
    pub fn percent(self, y_max: Option<f64>, decimals: usize) -> BarChart {
        BarChart {
            y_max,
            unit: "%".into(),
            decimals,
            ..self
        }
    }

    /// The value axis: from zero to `y_max`, or fitted to the values.
    pub fn axis(&self) -> Axis {
        match self.y_max {
            Some(top) => Axis::spanning(0.0, top, self.decimals == 0, VALUE_STEPS + 1),
            None => {
                let values: Vec<f64> = self.series.iter().flat_map(|s| s.values.clone()).collect();
                Axis::of_values(&values, (0.0, f64::INFINITY), Base::Zero)
            }
        }
    }

    /// The chart as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let axis = self.axis();
        let plot_w = WIDTH - LEFT - RIGHT;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let y_of = |v: f64| TOP + plot_h * (1.0 - axis.fraction(v));
        let mut s = open(&self.title);
        for &v in &axis.ticks {
            grid_line(&mut s, y_of(v), v);
        }
        y_title(&mut s, &self.y_label);
        let n = self.categories.len().max(1) as f64;
        let slot = plot_w / n;
        let groups = self.series.len().max(1) as f64;
        let bar_w = slot * 0.8 / groups;
        // A value label is written across its bar when the widest one fits
        // the bar's width; else turned upright, inside the bar when it is
        // tall enough and above it otherwise; never where it would run
        // into its neighbour's (bars under 11 px wide get none).
        let widest = self
            .series
            .iter()
            .flat_map(|s| s.values.iter())
            .map(|&v| text_width(&format!("{}{}", self.number(v), self.unit), LABEL_FONT))
            .fold(0.0, f64::max);
        let across = widest <= bar_w;
        let upright = !across && bar_w >= 11.0;
        let labelled = shown_categories(&self.categories, slot);
        for (c, cat) in self.categories.iter().enumerate() {
            let x0 = LEFT + slot * c as f64 + slot * 0.1;
            for (j, series) in self.series.iter().enumerate() {
                let v = series.values.get(c).copied().unwrap_or(0.0);
                let x = x0 + bar_w * j as f64;
                let y = y_of(v);
                let _ = writeln!(
                    s,
                    r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{}: {}{}</title></rect>"#,
                    bar_w * 0.95,
                    TOP + plot_h - y,
                    PALETTE[j % PALETTE.len()],
                    escape(&format!("{} {}", series.name, cat)),
                    self.number(v),
                    escape(&self.unit)
                );
                let label = format!("{}{}", self.number(v), escape(&self.unit));
                let cx = x + bar_w * 0.475;
                if across {
                    let _ = writeln!(
                        s,
                        r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-size="{LABEL_FONT}">{label}</text>"#,
                        y - 4.0,
                    );
                } else if upright {
                    let long = text_width(&label, LABEL_FONT);
                    let inside = TOP + plot_h - y >= long + 8.0;
                    // Upright text reads from the bottom up; its baseline
                    // sits a third of the font size right of the centre.
                    let (ty, fill, anchor) = if inside {
                        (y + 4.0, "white", "end")
                    } else if y - 4.0 - long >= TOP - 8.0 {
                        (y - 4.0, "#333333", "start")
                    } else {
                        continue;
                    };
                    let tx = cx + LABEL_FONT / 3.0;
                    let _ = writeln!(
                        s,
                        r#"<text x="{tx:.1}" y="{ty:.1}" text-anchor="{anchor}" font-size="{LABEL_FONT}" fill="{fill}" transform="rotate(-90 {tx:.1} {ty:.1})">{label}</text>"#,
                    );
                }
            }
            if labelled[c] {
                x_tick(&mut s, LEFT + slot * (c as f64 + 0.5), &escape(cat));
            }
        }
        x_axis(&mut s);
        x_title(&mut s, LEFT + plot_w / 2.0, &self.x_label);
        legend(&mut s, &self.series);
        s.push_str("</svg>\n");
        s
    }

    fn number(&self, v: f64) -> String {
        format!("{v:.*}", self.decimals)
    }
}

/// Which category labels a bar chart writes, `slot` pixels apart: all of
/// them when they fit; else, for whole-number categories (targets), those
/// at the round multiples an axis over them marks, and for others every
/// n-th, so that no two labels touch.
fn shown_categories(categories: &[String], slot: f64) -> Vec<bool> {
    let widest = categories
        .iter()
        .map(|c| text_width(c, 12.0))
        .fold(0.0, f64::max);
    if widest + 6.0 <= slot {
        return vec![true; categories.len()];
    }
    let room = ((WIDTH - LEFT - RIGHT) / (widest + 6.0)).floor().max(1.0) as usize;
    let numbers: Option<Vec<f64>> = categories.iter().map(|c| c.parse().ok()).collect();
    if let Some(xs) =
        numbers.filter(|xs| all_whole(xs) && xs.windows(2).all(|w| w[1] == w[0] + 1.0))
    {
        let (lo, hi) = (xs[0], xs[xs.len() - 1]);
        let marked = Axis::spanning(lo, hi, true, room).ticks;
        return xs.iter().map(|x| marked.contains(x)).collect();
    }
    let every = categories.len().div_ceil(room);
    (0..categories.len()).map(|i| i % every == 0).collect()
}

/// A scatter plot on logarithmic axes, with the line `y = x`.
#[derive(Clone, Debug, PartialEq)]
pub struct LogScatter {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// (x, y), both positive.
    pub points: Vec<(f64, f64)>,
    /// Both axes run from `lo` to `hi`.
    pub lo: f64,
    pub hi: f64,
    /// Values marked on both axes.
    pub ticks: Vec<f64>,
}

impl LogScatter {
    /// The plot as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        // The whole plot area: the x axis its width, the y axis its height
        // (the line y = x runs corner to corner all the same).
        let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        let (l0, l1) = (self.lo.ln(), self.hi.ln());
        let at = |v: f64| (v.max(self.lo).min(self.hi).ln() - l0) / (l1 - l0);
        let x_of = |v: f64| LEFT + at(v) * plot_w;
        let y_of = |v: f64| TOP + plot_h - at(v) * plot_h;
        let mut s = open(&self.title);
        for &t in &self.ticks {
            let (x, y) = (x_of(t), y_of(t));
            let _ = writeln!(
                s,
                r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#dddddd"/><line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#dddddd"/>"##,
                TOP + plot_h,
                LEFT + plot_w
            );
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                TOP + plot_h + 16.0,
                axis_number(t),
                LEFT - 6.0,
                y + 4.0,
                axis_number(t)
            );
        }
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{TOP}" stroke="#999999" stroke-dasharray="4 4"/>"##,
            TOP + plot_h,
            LEFT + plot_w
        );
        for &(x, y) in &self.points {
            let _ = writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="2.5" fill="{}" fill-opacity="0.45"/>"#,
                x_of(x),
                y_of(y),
                PALETTE[0]
            );
        }
        let _ = writeln!(
            s,
            r##"<rect x="{LEFT}" y="{TOP}" width="{plot_w:.1}" height="{plot_h:.1}" fill="none" stroke="#333333"/>"##
        );
        axis_titles(&mut s, plot_w, &self.x_label, &self.y_label);
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}">dashed: predicted = measured</text>"#,
            LEFT + 8.0,
            TOP + 16.0
        );
        s.push_str("</svg>\n");
        s
    }
}

/// Lines over a numeric x axis (one point per x, such as every target of a
/// range; a NaN value is a gap), with one x marked by a vertical rule
/// (such as 24 in a game of 24's cards).
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub xs: Vec<f64>,
    /// One value per x in each series.
    pub series: Vec<Series>,
    /// The values the quantity can take (0 to 100 for a share): the value
    /// axis is fitted to the values inside them ([`Axis::of_values`]).
    pub y_bounds: (f64, f64),
    /// An x marked with a labelled rule.
    pub mark: Option<(f64, String)>,
}

impl LineChart {
    /// The value axis, fitted to the values.
    pub fn y_axis(&self) -> Axis {
        let values: Vec<f64> = self.series.iter().flat_map(|s| s.values.clone()).collect();
        Axis::of_values(&values, self.y_bounds, Base::Fit)
    }

    /// The x axis: from the first x to the last, marked at round values
    /// (whole ones for whole xs).
    pub fn x_axis(&self) -> Axis {
        let (x0, x1) = (
            self.xs.first().copied().unwrap_or(0.0),
            self.xs.last().copied().unwrap_or(1.0),
        );
        Axis::spanning(x0, x1, all_whole(&self.xs), WIDTH_TICKS)
    }

    /// The chart as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let plot_w = WIDTH - LEFT - RIGHT;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let (xa, ya) = (self.x_axis(), self.y_axis());
        let x_of = |x: f64| LEFT + plot_w * xa.fraction(x);
        let y_of = |v: f64| TOP + plot_h * (1.0 - ya.fraction(v));
        let mut s = open(&self.title);
        for &v in &ya.ticks {
            grid_line(&mut s, y_of(v), v);
        }
        for &t in &xa.ticks {
            x_tick(&mut s, x_of(t), &axis_number(t));
        }
        if let Some((mx, label)) = &self.mark {
            let x = x_of(*mx);
            let (tx, anchor) = if x + 4.0 + text_width(label, 12.0) <= WIDTH - RIGHT {
                (x + 4.0, "start")
            } else {
                (x - 4.0, "end")
            };
            let _ = writeln!(
                s,
                r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#999999" stroke-dasharray="4 4"/><text x="{tx:.1}" y="{:.1}" text-anchor="{anchor}">{}</text>"##,
                TOP + plot_h,
                TOP + 12.0,
                escape(label)
            );
        }
        for (j, series) in self.series.iter().enumerate() {
            let mut d = String::new();
            let mut pen_down = false;
            for (&x, &v) in self.xs.iter().zip(&series.values) {
                if !v.is_finite() {
                    pen_down = false;
                    continue;
                }
                let _ = write!(
                    d,
                    "{}{:.1},{:.1}",
                    match (d.is_empty(), pen_down) {
                        (true, _) => "M",
                        (false, true) => " L",
                        (false, false) => " M",
                    },
                    x_of(x),
                    y_of(v)
                );
                pen_down = true;
            }
            let _ = writeln!(
                s,
                r#"<path d="{d}" fill="none" stroke="{}" stroke-width="1.2"/>"#,
                PALETTE[j % PALETTE.len()]
            );
            // A value between two gaps has no line to it: a dot.
            let v = &series.values;
            for (i, (&x, &y)) in self.xs.iter().zip(v).enumerate() {
                let gap =
                    |k: Option<usize>| k.and_then(|k| v.get(k)).is_none_or(|w| !w.is_finite());
                if y.is_finite() && gap(i.checked_sub(1)) && gap(Some(i + 1)) {
                    let _ = writeln!(
                        s,
                        r#"<circle cx="{:.1}" cy="{:.1}" r="1.5" fill="{}"/>"#,
                        x_of(x),
                        y_of(y),
                        PALETTE[j % PALETTE.len()]
                    );
                }
            }
        }
        x_axis(&mut s);
        let y_label = cut_label(&self.y_label, &ya);
        axis_titles(&mut s, plot_w, &self.x_label, &y_label);
        if ya.cut() {
            axis_break(&mut s);
        }
        legend(&mut s, &self.series);
        s.push_str("</svg>\n");
        s
    }
}

/// A value axis's title, saying where the axis starts when it leaves out
/// zero: `share solvable (%), axis from 98`.
pub(crate) fn cut_label(label: &str, axis: &Axis) -> String {
    if axis.cut() {
        format!("{label}, axis from {}", axis_number(axis.lo))
    } else {
        label.to_string()
    }
}

/// The mark of a value axis that does not start at zero: a zigzag across
/// its foot.
pub(crate) fn axis_break(s: &mut String) {
    let y = TOP + PLOT_H;
    let _ = writeln!(
        s,
        r##"<path d="M{:.1},{:.1} l4,-3 l-8,-4 l4,-3" fill="white" stroke="#333333"/>"##,
        LEFT,
        y - 2.0
    );
}

/// The axis titles: `x` centred under a plot `plot_w` wide, `y` turned up
/// its left side.
pub(crate) fn axis_titles(s: &mut String, plot_w: f64, x: &str, y: &str) {
    x_title(s, LEFT + plot_w / 2.0, x);
    y_title(s, y);
}

/// The x axis's title, centred at `x_mid` under the plot.
fn x_title(s: &mut String, x_mid: f64, text: &str) {
    let _ = writeln!(
        s,
        r#"<text x="{x_mid:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        HEIGHT - 30.0,
        escape(text)
    );
}

/// The value axis's title, turned up the plot's left side.
fn y_title(s: &mut String, text: &str) {
    let y_mid = TOP + PLOT_H / 2.0;
    let _ = writeln!(
        s,
        r#"<text x="16" y="{y_mid:.1}" text-anchor="middle" transform="rotate(-90 16 {y_mid:.1})">{}</text>"#,
        escape(text)
    );
}

/// A gridline across the plot at height `y`, with its value `v` on the
/// axis.
pub(crate) fn grid_line(s: &mut String, y: f64, v: f64) {
    let _ = writeln!(
        s,
        r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#dddddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
        WIDTH - RIGHT,
        LEFT - 6.0,
        y + 4.0,
        axis_number(v)
    );
}

/// A tick under the plot at `x`, with its `label` below.
pub(crate) fn x_tick(s: &mut String, x: f64, label: &str) {
    let _ = writeln!(
        s,
        r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#333333"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
        TOP + PLOT_H,
        TOP + PLOT_H + 4.0,
        TOP + PLOT_H + 16.0,
        label
    );
}

/// The x axis: a rule along the foot of the plot.
pub(crate) fn x_axis(s: &mut String) {
    let _ = writeln!(
        s,
        r##"<line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#333333"/>"##,
        TOP + PLOT_H,
        WIDTH - RIGHT,
        TOP + PLOT_H
    );
}

/// The key under a chart of several series: a swatch and a name each.
fn legend(s: &mut String, series: &[Series]) {
    if series.len() < 2 {
        return;
    }
    // At most 180 px an entry, less when more entries must share the width.
    let each = 180f64.min((WIDTH - LEFT - 8.0) / series.len() as f64);
    for (j, series) in series.iter().enumerate() {
        let x = LEFT + 8.0 + each * j as f64;
        let y = HEIGHT - 8.0;
        let _ = writeln!(
            s,
            r#"<rect x="{x:.1}" y="{:.1}" width="10" height="10" fill="{}"/><text x="{:.1}" y="{y:.1}">{}</text>"#,
            y - 9.0,
            PALETTE[j % PALETTE.len()],
            x + 14.0,
            escape(&series.name)
        );
    }
}

/// An axis value: whole numbers without decimals, others with one or two.
pub(crate) fn axis_number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else if (v * 10.0 - (v * 10.0).round()).abs() < 1e-9 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// The start of every chart: the canvas, a white ground and the title.
pub(crate) fn open(title: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="Helvetica, Arial, sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="16" font-weight="bold">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    s
}

/// The box every `<text>` of `svg` takes, about (its width by
/// [`text_width`], turned with its `rotate(-90 ...)`): `(left, top, right,
/// bottom, text)`. What the tests hold inside the canvas.
#[cfg(test)]
pub(crate) fn text_boxes(svg: &str) -> Vec<(f64, f64, f64, f64, String)> {
    let attr = |tag: &str, key: &str| -> Option<f64> {
        let at = tag.find(&format!(" {key}=\""))? + key.len() + 3;
        tag[at..].split('"').next()?.parse().ok()
    };
    let mut out = Vec::new();
    for piece in svg.split("<text").skip(1) {
        let (tag, rest) = piece.split_once('>').expect("a closed tag");
        let text = rest
            .split("</text>")
            .next()
            .unwrap_or("")
            .replace("&amp;", "&");
        let (x, y) = (attr(tag, "x").unwrap_or(0.0), attr(tag, "y").unwrap_or(0.0));
        let size = attr(tag, "font-size").unwrap_or(12.0);
        let w = text_width(&text, size);
        let left = if tag.contains("text-anchor=\"middle\"") {
            x - w / 2.0
        } else if tag.contains("text-anchor=\"end\"") {
            x - w
        } else {
            x
        };
        let (mut a, mut b) = ((left, y - 0.8 * size), (left + w, y + 0.25 * size));
        if let Some(r) = tag.split("rotate(-90 ").nth(1) {
            let mut c = r.split([' ', ')']).map(|v| v.parse::<f64>().unwrap());
            let (cx, cy) = (c.next().unwrap(), c.next().unwrap());
            // Turned a quarter left about (cx, cy): (x, y) goes to
            // (cx + y - cy, cy - x + cx).
            let turn = |(px, py): (f64, f64)| (cx + py - cy, cy - px + cx);
            let (p, q) = (turn(a), turn(b));
            a = (p.0.min(q.0), p.1.min(q.1));
            b = (p.0.max(q.0), p.1.max(q.1));
        }
        out.push((a.0, a.1, b.0, b.1, text));
    }
    out
}

/// Panics naming the first text of `svg` that is not inside its canvas
/// with `margin` pixels to spare.
#[cfg(test)]
pub(crate) fn assert_texts_inside(svg: &str, margin: f64) {
    for (l, t, r, b, text) in text_boxes(svg) {
        assert!(
            l >= margin && t >= margin && r <= WIDTH - margin && b <= HEIGHT - margin,
            "{text:?} at {l:.1},{t:.1} to {r:.1},{b:.1} is not inside the chart"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(series: usize) -> BarChart {
        BarChart {
            title: "Share <solvable> & more".into(),
            x_label: "cards".into(),
            y_label: "%".into(),
            categories: vec!["2".into(), "3".into(), "4".into()],
            series: (0..series)
                .map(|j| Series {
                    name: format!("s{j}"),
                    values: vec![10.0, 55.5, 74.8],
                })
                .collect(),
            y_max: Some(100.0),
            unit: "%".into(),
            decimals: 1,
        }
    }

    #[test]
    fn svg_escapes_text_and_draws_one_bar_per_value() {
        let svg = chart(2).to_svg();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert!(svg.contains("Share &lt;solvable&gt; &amp; more"));
        assert_eq!(svg.matches("<title>").count(), 6);
        assert!(svg.contains(">55.5%</text>"));
    }

    /// Bar labels ran into each other ("100.0%100.0%") once bars were
    /// narrower than their labels (issue 36): a label too wide for its bar
    /// is turned upright, so no two labels share any horizontal space.
    #[test]
    fn bar_labels_never_overlap() {
        for (cats, series) in [(3, 1), (10, 2), (12, 3), (30, 2), (60, 1)] {
            let c = BarChart {
                categories: (0..cats).map(|i| i.to_string()).collect(),
                series: (0..series)
                    .map(|j| Series::new(&format!("s{j}"), vec![100.0; cats]))
                    .collect(),
                ..chart(1)
            };
            let svg = c.to_svg();
            let mut spans: Vec<(f64, f64)> = Vec::new();
            for line in svg.lines().filter(|l| l.contains("font-size=\"10\"")) {
                let num = |key: &str| -> f64 {
                    let at = line.find(key).unwrap() + key.len();
                    line[at..].split('"').next().unwrap().parse().unwrap()
                };
                let x = num(" x=\"");
                let text = line.split('>').nth(1).unwrap().split('<').next().unwrap();
                // Upright text takes its font size across; level text its width.
                let w = if line.contains("rotate") {
                    LABEL_FONT
                } else {
                    text_width(text, LABEL_FONT)
                };
                spans.push((x - w / 2.0, x + w / 2.0));
            }
            spans.sort_by(|a, b| a.0.total_cmp(&b.0));
            for pair in spans.windows(2) {
                assert!(pair[0].1 <= pair[1].0 + 1e-6, "{cats}x{series}: {pair:?}");
            }
        }
    }

    /// The predicted-against-measured scatter used a square of under half
    /// the chart's width (issue 36): it spans the plot area.
    #[test]
    fn a_scatter_uses_the_plot_width() {
        let svg = LogScatter {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            points: vec![(3.0, 3.0), (300.0, 300.0)],
            lo: 3.0,
            hi: 300.0,
            ticks: vec![10.0],
        }
        .to_svg();
        let xs: Vec<f64> = svg
            .lines()
            .filter(|l| l.starts_with("<circle"))
            .map(|l| {
                l.split("cx=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            })
            .collect();
        assert_eq!(xs, vec![LEFT, WIDTH - RIGHT]);
    }

    /// A line chart over Krypto's targets 1 to 25 with shares between 98%
    /// and 100% (issue 46): whole ticks along x, an axis from 98 that says
    /// so, and every text inside the canvas.
    #[test]
    fn a_line_over_whole_targets_and_a_narrow_band_fits_both() {
        let xs: Vec<f64> = (1..=25).map(f64::from).collect();
        let chart = LineChart {
            title: "t".into(),
            x_label: "target".into(),
            y_label: "share solvable (%)".into(),
            series: vec![
                Series::new("hands", xs.iter().map(|x| 98.2 + x / 15.0).collect()),
                Series::new("deals", vec![99.9; 25]),
            ],
            xs,
            y_bounds: (0.0, 100.0),
            mark: None,
        };
        let y = chart.y_axis();
        assert!(y.lo >= 98.0 && y.hi == 100.0, "{y:?}");
        assert!(chart.x_axis().ticks.iter().all(|t| t.fract() == 0.0));
        let svg = chart.to_svg();
        assert!(
            svg.contains(">share solvable (%), axis from 98</text>"),
            "{svg}"
        );
        assert!(!svg.contains(">2.5</text>") && !svg.contains(">0</text>"));
        assert_texts_inside(&svg, 2.0);
    }

    /// A line's missing values are gaps, not zeros or "NaN" in the path.
    #[test]
    fn a_missing_value_breaks_the_line() {
        let chart = LineChart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            xs: vec![1.0, 2.0, 3.0, 4.0],
            series: vec![Series::new("s", vec![30.0, f64::NAN, 40.0, 50.0])],
            y_bounds: (0.0, 100.0),
            mark: None,
        };
        let svg = chart.to_svg();
        let path = svg.lines().find(|l| l.starts_with("<path d=\"M")).unwrap();
        assert!(!path.contains("NaN"), "{path}");
        assert_eq!(path.matches('M').count(), 2, "{path}");
        assert_eq!(path.matches(" L").count(), 1, "{path}");
        // The first value, alone between the start and a gap, is a dot.
        assert_eq!(svg.matches("<circle").count(), 1, "{svg}");
    }

    /// A hundred whole categories (targets 1 to 100) were all labelled,
    /// over each other: the labels shown are round targets that fit.
    #[test]
    fn crowded_whole_categories_are_labelled_at_round_values() {
        let cats: Vec<String> = (1..=100).map(|t| t.to_string()).collect();
        let shown = shown_categories(&cats, (WIDTH - LEFT - RIGHT) / 100.0);
        let labels: Vec<&String> = cats
            .iter()
            .zip(&shown)
            .filter(|p| *p.1)
            .map(|p| p.0)
            .collect();
        assert_eq!(labels.first().map(|s| s.as_str()), Some("5"));
        assert!(
            labels.iter().all(|l| l.parse::<u32>().unwrap() % 5 == 0),
            "{labels:?}"
        );
        let c = BarChart::new(
            "t",
            "target",
            "cards",
            cats,
            vec![Series::new(
                "a",
                (0..100).map(|i| f64::from(6 + i % 6)).collect(),
            )],
        );
        let svg = c.to_svg();
        assert_texts_inside(&svg, 2.0);
        // Whole cards, 6 to 11: whole ticks up to 12, not 2.2, 4.4...
        assert_eq!(c.axis().ticks, vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
    }

    /// Every text of every kind of chart lies inside its canvas.
    #[test]
    fn texts_stay_inside_the_canvas() {
        assert_texts_inside(&chart(3).to_svg(), 2.0);
        let scatter = LogScatter {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            points: vec![(3.0, 3.0), (300.0, 300.0)],
            lo: 3.0,
            hi: 300.0,
            ticks: vec![3.0, 10.0, 100.0, 300.0],
        };
        assert_texts_inside(&scatter.to_svg(), 2.0);
        // A mark at the right end writes its label before it.
        let line = LineChart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            xs: vec![1.0, 2.0, 3.0, 4.0],
            series: vec![Series::new("a", vec![1.0, 2.0, 3.0, 4.0]); 2],
            y_bounds: (0.0, 100.0),
            mark: Some((4.0, "the classic game".into())),
        };
        assert_texts_inside(&line.to_svg(), 2.0);
    }

    #[test]
    fn svg_is_a_pure_function_of_the_chart() {
        assert_eq!(chart(1).to_svg(), chart(1).to_svg());
    }
}
