//! Bar charts and log-log scatter plots as SVG text, drawn by hand.
//!
//! SVG leaves fonts to the viewer, so charts build on any machine without a
//! font library, and the bytes are a pure function of the data (fixed
//! decimal places, no timestamps, no random ids), which keeps committed
//! reports stable and snapshot tests exact.

use std::fmt::Write;

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
    /// Top of the value axis; `None` rounds the largest value up.
    pub y_max: Option<f64>,
    /// Appended to every value label, e.g. `%`.
    pub unit: String,
    /// Decimal places of value labels.
    pub decimals: usize,
}

/// `v` rounded up to a round number whose fifths are round too (at least 1),
/// so the axis keeps most of the chart for the bars.
pub(crate) fn nice_ceiling(v: f64) -> f64 {
    if v <= 1.0 {
        return 1.0;
    }
    let p = 10f64.powf(v.log10().floor());
    [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&c| c >= v)
        .unwrap_or(10.0 * p)
}

/// The value axis of a line chart: from `lo` to `hi` in five round steps,
/// the narrowest such window that holds every value between `min` and
/// `max` and stays inside `bounds` (0 to 100 for a share), so that a line
/// whose values all lie between 88.3% and 90.6% is drawn on an 88%-to-91%
/// axis, not flat along a 0-to-100% one.
pub fn fit_axis(min: f64, max: f64, bounds: (f64, f64)) -> (f64, f64) {
    let (min, max) = (min.max(bounds.0), max.min(bounds.1));
    if !(min.is_finite() && max.is_finite()) || max < min {
        return bounds;
    }
    // Room for a line that is flat: a tenth of a unit above and below.
    let span = (max - min).max(0.5);
    let mut step = {
        let raw = span / 5.0;
        let p = 10f64.powf(raw.log10().floor());
        [1.0, 2.0, 2.5, 5.0, 10.0]
            .into_iter()
            .map(|m| m * p)
            .find(|&c| c >= raw)
            .unwrap_or(10.0 * p)
    };
    loop {
        let mut lo = (min / step).floor() * step;
        let mut hi = lo + 5.0 * step;
        if hi > bounds.1 {
            hi = bounds.1;
            lo = hi - 5.0 * step;
        }
        lo = lo.max(bounds.0);
        if lo <= min && hi >= max && (hi - lo - 5.0 * step).abs() < 1e-9 {
            return (lo, hi);
        }
        if 5.0 * step >= bounds.1 - bounds.0 {
            return bounds;
        }
        step *= if (step / 10f64.powf(step.log10().floor()) - 2.0).abs() < 1e-9 {
            1.25
        } else {
            2.0
        };
    }
}

/// About how wide `text` is at `font_size`, in pixels: an average glyph of
/// Helvetica or Arial is a little over half the font size wide (digits are
/// 0.556 em, `%` 0.889 em), so this errs on the wide side.
fn text_width(text: &str, font_size: f64) -> f64 {
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
    /// up to `y_max` (`None`: rounded up from the largest value).
    pub fn percent(self, y_max: Option<f64>, decimals: usize) -> BarChart {
        BarChart {
            y_max,
            unit: "%".into(),
            decimals,
            ..self
        }
    }

    /// The chart as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let largest = self
            .series
            .iter()
            .flat_map(|s| s.values.iter().copied())
            .fold(0.0, f64::max);
        let y_max = self.y_max.unwrap_or_else(|| nice_ceiling(largest));
        let plot_w = WIDTH - LEFT - RIGHT;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let y_of = |v: f64| TOP + plot_h * (1.0 - (v / y_max).clamp(0.0, 1.0));
        let mut s = open(&self.title);
        // Five gridlines with their values on the axis.
        for i in 0..=5 {
            let v = y_max * f64::from(i) / 5.0;
            let y = y_of(v);
            let _ = writeln!(
                s,
                r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#dddddd"/>"##,
                WIDTH - RIGHT
            );
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                LEFT - 6.0,
                y + 4.0,
                axis_number(v)
            );
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
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                LEFT + slot * (c as f64 + 0.5),
                TOP + plot_h + 16.0,
                escape(cat)
            );
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
/// range), with one x marked by a vertical rule (such as 24).
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub xs: Vec<f64>,
    /// One value per x in each series.
    pub series: Vec<Series>,
    /// The value axis runs from `y_min` to `y_max` ([`fit_axis`] fits it
    /// to the values).
    pub y_min: f64,
    pub y_max: f64,
    /// An x marked with a labelled rule.
    pub mark: Option<(f64, String)>,
}

impl LineChart {
    /// The chart as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let plot_w = WIDTH - LEFT - RIGHT;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let (x0, x1) = (
            self.xs.first().copied().unwrap_or(0.0),
            self.xs.last().copied().unwrap_or(1.0),
        );
        let span = if x1 > x0 { x1 - x0 } else { 1.0 };
        let x_of = |x: f64| LEFT + plot_w * (x - x0) / span;
        let y_span = (self.y_max - self.y_min).max(f64::MIN_POSITIVE);
        let y_of = |v: f64| TOP + plot_h * (1.0 - ((v - self.y_min) / y_span).clamp(0.0, 1.0));
        let mut s = open(&self.title);
        for i in 0..=5 {
            let v = self.y_min + y_span * f64::from(i) / 5.0;
            grid_line(&mut s, y_of(v), v);
        }
        // Ticks at round x values, about ten of them.
        for t in multiples(x0, x1, nice_ceiling(span / 10.0)) {
            x_tick(&mut s, x_of(t), &axis_number(t));
        }
        if let Some((mx, label)) = &self.mark {
            let x = x_of(*mx);
            let _ = writeln!(
                s,
                r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#999999" stroke-dasharray="4 4"/><text x="{:.1}" y="{:.1}">{}</text>"##,
                TOP + plot_h,
                x + 4.0,
                TOP + 12.0,
                escape(label)
            );
        }
        for (j, series) in self.series.iter().enumerate() {
            let mut d = String::new();
            for (i, (&x, &v)) in self.xs.iter().zip(&series.values).enumerate() {
                let _ = write!(
                    d,
                    "{}{:.1},{:.1}",
                    if i == 0 { "M" } else { " L" },
                    x_of(x),
                    y_of(v)
                );
            }
            let _ = writeln!(
                s,
                r#"<path d="{d}" fill="none" stroke="{}" stroke-width="1.2"/>"#,
                PALETTE[j % PALETTE.len()]
            );
        }
        x_axis(&mut s);
        axis_titles(&mut s, plot_w, &self.x_label, &self.y_label);
        legend(&mut s, &self.series);
        s.push_str("</svg>\n");
        s
    }
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

/// The multiples of `step` from `lo` to `hi` (a hair over `hi` still
/// counts), added up step by step: where an axis puts its ticks.
pub(crate) fn multiples(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut t = (lo / step).ceil() * step;
    while t <= hi + 1e-9 {
        out.push(t);
        t += step;
    }
    out
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
    fn nice_ceilings() {
        assert_eq!(nice_ceiling(0.3), 1.0);
        assert_eq!(nice_ceiling(7.0), 8.0);
        assert_eq!(nice_ceiling(13.0), 15.0);
        assert_eq!(nice_ceiling(420.0), 500.0);
        assert_eq!(nice_ceiling(1032.0), 1500.0);
        assert_eq!(nice_ceiling(1000.0), 1000.0);
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

    /// A line between 88.3% and 90.6% was drawn on a 0-100% axis (issue
    /// 36): the fitted axis is the narrowest five round steps around it.
    #[test]
    fn a_fitted_axis_holds_the_values_in_five_round_steps() {
        assert_eq!(fit_axis(88.3, 90.6, (0.0, 100.0)), (88.0, 93.0));
        assert_eq!(fit_axis(0.0, 100.0, (0.0, 100.0)), (0.0, 100.0));
        assert_eq!(fit_axis(97.0, 100.0, (0.0, 100.0)), (95.0, 100.0));
        assert_eq!(fit_axis(50.0, 50.0, (0.0, 100.0)), (50.0, 50.5));
        for (lo, hi) in [
            (0.1, 0.2),
            (12.0, 77.0),
            (99.9, 100.0),
            (3.0, 3.0),
            (0.0, 0.0),
        ] {
            let (a, b) = fit_axis(lo, hi, (0.0, 100.0));
            assert!(
                a <= lo && b >= hi && a >= 0.0 && b <= 100.0,
                "{lo} {hi}: {a} {b}"
            );
            // Round steps: the axis's fifths print in at most two decimals.
            let step = (b - a) / 5.0;
            assert!(
                (step * 100.0 - (step * 100.0).round()).abs() < 1e-6,
                "{step}"
            );
        }
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

    #[test]
    fn svg_is_a_pure_function_of_the_chart() {
        assert_eq!(chart(1).to_svg(), chart(1).to_svg());
    }
}
