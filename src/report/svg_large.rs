//! The two charts of the large-sets report that `svg.rs` does not draw: a
//! heat map over two whole-number axes (the solvable share by a set's
//! smallest and largest number) and a histogram on a numeric axis with one
//! value marked (the distribution of shares, the standard set's marked).
//! Drawn by hand like every chart (see `svg.rs`): the bytes are a pure
//! function of the data.

use std::fmt::Write;

use crate::report::axis::{Axis, Base, WIDTH_TICKS};
use crate::report::svg::{
    BOTTOM, HEIGHT, LEFT, PALETTE, RIGHT, TOP, WIDTH, axis_number, axis_titles, escape, grid_line,
    open, text_width, x_axis, x_tick,
};

/// Stops of the colour scale, low to high (viridis, a perceptually even
/// scale that reads in grey and to colour-blind eyes).
const SCALE: [(u8, u8, u8); 5] = [
    (0x44, 0x01, 0x54),
    (0x3b, 0x52, 0x8b),
    (0x21, 0x91, 0x8c),
    (0x5e, 0xc9, 0x62),
    (0xfd, 0xe7, 0x25),
];
/// Width of the colour key on the right of a heat map.
const KEY: f64 = 72.0;

/// The colour of `f` (0 to 1) on [`SCALE`].
fn colour(f: f64) -> String {
    let f = f.clamp(0.0, 1.0) * (SCALE.len() - 1) as f64;
    let i = (f.floor() as usize).min(SCALE.len() - 2);
    let t = f - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
    let (a, b) = (SCALE[i], SCALE[i + 1]);
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

/// Whole round ticks (steps of 1, 2, 5, 10, 20, 50...) from `lo` to `hi`:
/// the axis of a grid of whole numbers.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    Axis::spanning(lo, hi, true, WIDTH_TICKS).ticks
}

/// Where a mark's `label` goes beside a mark drawn from `left` to `right`:
/// its x and text anchor, after the mark when it fits before `limit` (at
/// about 7 px a character), else before it.
fn label_side(left: f64, right: f64, label: &str, limit: f64) -> (f64, &'static str) {
    if right + 4.0 + text_width(label, 12.0) <= limit {
        (right + 4.0, "start")
    } else {
        (left - 4.0, "end")
    }
}

/// A value per cell of a grid of whole numbers (cells without a value are
/// left blank), its colours fitted to the values, with one cell outlined.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatMap {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// `(x, y, value)`, at most one per cell.
    pub cells: Vec<(i64, i64, f64)>,
    /// The value's unit in the key, e.g. `%`.
    pub unit: String,
    /// A cell outlined, with its label (such as the standard set's).
    pub mark: Option<(i64, i64, String)>,
}

impl HeatMap {
    /// The colour scale: round values around the cells' (within 0 to 100
    /// for a percentage), its ticks written on the key.
    pub fn scale(&self) -> Axis {
        let bounds = if self.unit == "%" {
            (0.0, 100.0)
        } else {
            (f64::NEG_INFINITY, f64::INFINITY)
        };
        let values: Vec<f64> = self.cells.iter().map(|c| c.2).collect();
        Axis::of_values(&values, bounds, Base::Fit)
    }

    /// The chart as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let mut s = open(&self.title);
        let plot_w = WIDTH - LEFT - RIGHT - KEY;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let range = |f: &dyn Fn(&(i64, i64, f64)) -> i64| {
            let v = self.cells.iter().map(f);
            (v.clone().min().unwrap_or(0), v.max().unwrap_or(0))
        };
        let (x0, x1) = range(&|c| c.0);
        let (y0, y1) = range(&|c| c.1);
        let cw = plot_w / (x1 - x0 + 1) as f64;
        let ch = plot_h / (y1 - y0 + 1) as f64;
        // Cell (x, y)'s top left corner: larger y higher up.
        let at = |x: i64, y: i64| (LEFT + cw * (x - x0) as f64, TOP + ch * (y1 - y) as f64);
        let scale = self.scale();
        for &(x, y, v) in &self.cells {
            let (px, py) = at(x, y);
            let _ = writeln!(
                s,
                r#"<rect x="{px:.1}" y="{py:.1}" width="{:.2}" height="{:.2}" fill="{}"/>"#,
                cw + 0.05,
                ch + 0.05,
                colour(scale.fraction(v))
            );
        }
        if let Some((x, y, label)) = &self.mark {
            let (px, py) = at(*x, *y);
            mark_cell(&mut s, (px, py, cw, ch), label, (LEFT + plot_w, plot_h));
        }
        for t in ticks(x0 as f64, x1 as f64) {
            x_tick(&mut s, at(t as i64, y0).0 + cw / 2.0, &axis_number(t));
        }
        for t in ticks(y0 as f64, y1 as f64) {
            let y = at(x0, t as i64).1 + ch / 2.0;
            let _ = writeln!(
                s,
                r##"<line x1="{:.1}" y1="{y:.1}" x2="{LEFT}" y2="{y:.1}" stroke="#333333"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
                LEFT - 4.0,
                LEFT - 6.0,
                y + 4.0,
                axis_number(t)
            );
        }
        // The key: the scale from its low end (bottom) to its high end, its
        // ticks written beside it.
        let kx = WIDTH - RIGHT - KEY + 16.0;
        let steps = 40;
        for i in 0..steps {
            let f = (i as f64 + 0.5) / steps as f64;
            let y = TOP + plot_h * (1.0 - (i + 1) as f64 / steps as f64);
            let _ = writeln!(
                s,
                r#"<rect x="{kx:.1}" y="{y:.1}" width="14" height="{:.2}" fill="{}"/>"#,
                plot_h / steps as f64 + 0.05,
                colour(f)
            );
        }
        for &v in &scale.ticks {
            let y = TOP + plot_h * (1.0 - scale.fraction(v));
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}">{}{}</text>"#,
                kx + 18.0,
                y + 4.0,
                axis_number(v),
                escape(&self.unit)
            );
        }
        axis_titles(&mut s, plot_w, &self.x_label, &self.y_label);
        s.push_str("</svg>\n");
        s
    }
}

/// Outlines the cell `(x, y, w, h)` and writes its `label` beside it,
/// inside the plot (which ends at `right` and is `plot_h` high) on a white
/// ground so it reads over the cells: level with the cell when that keeps
/// it inside, else moved in, with a leader line from the cell.
fn mark_cell(s: &mut String, cell: (f64, f64, f64, f64), label: &str, (right, plot_h): (f64, f64)) {
    let (px, py, cw, ch) = cell;
    let _ = writeln!(
        s,
        r##"<rect x="{px:.1}" y="{py:.1}" width="{cw:.2}" height="{ch:.2}" fill="none" stroke="#000000" stroke-width="1.5"/>"##
    );
    let (tx, anchor) = label_side(px, px + cw, label, right);
    // A 12 px font: the text's box runs 10 px above its baseline and 3 below.
    let mid = py + ch / 2.0;
    let ty = (mid + 4.0).clamp(TOP + 16.0, TOP + plot_h - 6.0);
    let w = text_width(label, 12.0);
    let bx = if anchor == "start" { tx } else { tx - w };
    if (ty - 4.0 - mid).abs() > ch {
        let lx = if anchor == "start" { px + cw } else { px };
        let _ = writeln!(
            s,
            r##"<line x1="{lx:.1}" y1="{mid:.1}" x2="{:.1}" y2="{:.1}" stroke="#000000"/>"##,
            if anchor == "start" {
                bx - 1.0
            } else {
                bx + w + 1.0
            },
            ty - 4.0
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="16" fill="white" fill-opacity="0.85"/><text x="{tx:.1}" y="{ty:.1}" text-anchor="{anchor}">{}</text>"##,
        bx - 2.0,
        ty - 12.0,
        w + 4.0,
        escape(label)
    );
}

/// Counts in bins of equal width on a numeric axis, with one value marked
/// by a labelled rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// The first bin's low end and every bin's width.
    pub from: f64,
    pub step: f64,
    pub counts: Vec<f64>,
    pub mark: Option<(f64, String)>,
}

impl Histogram {
    /// The chart as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let mut s = open(&self.title);
        let plot_w = WIDTH - LEFT - RIGHT;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let n = self.counts.len().max(1);
        let (x0, x1) = (self.from, self.from + self.step * n as f64);
        let x_of = |x: f64| LEFT + plot_w * (x - x0) / (x1 - x0);
        let ya = Axis::of_values(&self.counts, (0.0, f64::INFINITY), Base::Zero);
        let y_of = |v: f64| TOP + plot_h * (1.0 - ya.fraction(v));
        for &v in &ya.ticks {
            grid_line(&mut s, y_of(v), v);
        }
        for (i, &c) in self.counts.iter().enumerate() {
            let (a, b) = (
                x_of(self.from + self.step * i as f64),
                x_of(self.from + self.step * (i + 1) as f64),
            );
            let y = y_of(c);
            let _ = writeln!(
                s,
                r#"<rect x="{a:.1}" y="{y:.1}" width="{:.2}" height="{:.1}" fill="{}"/>"#,
                (b - a - 0.5).max(0.5),
                TOP + plot_h - y,
                PALETTE[0]
            );
        }
        for t in Axis::spanning(x0, x1, false, WIDTH_TICKS).ticks {
            x_tick(&mut s, x_of(t), &axis_number(t));
        }
        if let Some((v, label)) = &self.mark {
            let x = x_of(*v);
            let (tx, anchor) = label_side(x, x, label, WIDTH - RIGHT);
            let _ = writeln!(
                s,
                r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="{}" stroke-width="1.5" stroke-dasharray="4 3"/><text x="{tx:.1}" y="{:.1}" text-anchor="{anchor}">{}</text>"##,
                TOP + plot_h,
                PALETTE[3],
                TOP + 12.0,
                escape(label)
            );
        }
        x_axis(&mut s);
        axis_titles(&mut s, plot_w, &self.x_label, &self.y_label);
        s.push_str("</svg>\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(line: &str, key: &str) -> f64 {
        let at = line.find(key).unwrap() + key.len();
        line[at..].split('"').next().unwrap().parse().unwrap()
    }

    fn heat() -> HeatMap {
        let mut cells = Vec::new();
        for x in 11..=97 {
            for y in x + 3..=100 {
                cells.push((x, y, 88.0 + (x + y) as f64 / 100.0));
            }
        }
        HeatMap {
            title: "t".into(),
            x_label: "smallest".into(),
            y_label: "largest".into(),
            cells,
            unit: "%".into(),
            mark: Some((25, 100, "25 50 75 100".into())),
        }
    }

    /// Every cell is drawn inside the plot, none twice, the lowest value
    /// darkest and the highest lightest, the key's ends round values
    /// around them, and the marked cell outlined.
    #[test]
    fn a_heat_map_draws_each_cell_once_in_the_plot_with_a_fitted_scale() {
        let h = heat();
        let svg = h.to_svg();
        let cells: Vec<&str> = svg
            .lines()
            .filter(|l| l.starts_with("<rect x=") && !l.contains("width=\"14\""))
            .filter(|l| !l.contains("fill=\"none\"") && !l.contains("fill=\"white\""))
            .collect();
        assert_eq!(cells.len(), h.cells.len());
        let mut seen = std::collections::HashSet::new();
        for l in &cells {
            let (x, y) = (attr(l, " x=\""), attr(l, " y=\""));
            assert!((LEFT..WIDTH - RIGHT - KEY).contains(&x), "{l}");
            assert!((TOP..HEIGHT - BOTTOM).contains(&y), "{l}");
            assert!(seen.insert((x.to_bits(), y.to_bits())), "{l}");
        }
        // The cells run from 88.25 to 89.97: round steps of 0.5 around them.
        let scale = h.scale();
        assert_eq!((scale.lo, scale.hi), (88.0, 90.0));
        assert_eq!(scale.ticks, vec![88.0, 88.5, 89.0, 89.5, 90.0]);
        assert!(svg.contains(&format!("fill=\"{}\"", colour(scale.fraction(88.25)))));
        assert_eq!(colour(0.0), "#440154");
        assert_eq!(colour(1.0), "#fde725");
        assert_eq!(svg.matches("fill=\"none\" stroke=\"#000000\"").count(), 1);
        assert!(svg.contains(">25 50 75 100</text>"));
        assert!(
            [">88%</text>", ">88.5%</text>", ">90%</text>"]
                .iter()
                .all(|t| svg.contains(t))
        );
    }

    /// The standard set's label sat on the heat map's top edge, over the
    /// cells (issue 46): it lies inside the plot, on a white ground, and
    /// every text inside the canvas, wherever the marked cell is.
    #[test]
    fn a_marked_cells_label_stays_inside_the_plot() {
        for (x, y) in [(25, 100), (11, 14), (97, 100), (11, 100), (60, 63)] {
            let h = HeatMap {
                mark: Some((x, y, "25 50 75 100's cell".into())),
                ..heat()
            };
            let svg = h.to_svg();
            crate::report::svg::assert_texts_inside(&svg, 2.0);
            let (l, t, r, b, _) = crate::report::svg::text_boxes(&svg)
                .into_iter()
                .find(|b| b.4 == "25 50 75 100's cell")
                .unwrap();
            assert!(
                l >= LEFT && r <= WIDTH - RIGHT - KEY && t >= TOP && b <= HEIGHT - BOTTOM,
                "({x}, {y}): {l:.1},{t:.1} to {r:.1},{b:.1}"
            );
        }
    }

    /// A histogram of shares from 88% in steps of 0.25, with a mark.
    fn shares(counts: Vec<f64>, (at, label): (f64, &str)) -> Histogram {
        Histogram {
            title: "t".into(),
            x_label: "share".into(),
            y_label: "sets".into(),
            from: 88.0,
            step: 0.25,
            counts,
            mark: Some((at, label.into())),
        }
    }

    /// The histogram's axes are marked at round values: 88.5, not 88.8.
    #[test]
    fn a_histograms_ticks_are_round() {
        let h = shares(
            (0..21).map(|i| f64::from(i * (20 - i) * 4800)).collect(),
            (92.9, "25 50 75 100: 92.90%"),
        );
        let svg = h.to_svg();
        crate::report::svg::assert_texts_inside(&svg, 2.0);
        for tick in [">88</text>", ">88.5</text>", ">93</text>", ">500000</text>"] {
            assert!(svg.contains(tick), "{tick}");
        }
        assert!(!svg.contains(">88.8</text>"));
    }

    /// A heat map's axis ticks are whole numbers in round steps.
    #[test]
    fn heat_map_ticks_are_whole_and_round() {
        assert_eq!(
            ticks(60.0, 72.0),
            vec![60.0, 62.0, 64.0, 66.0, 68.0, 70.0, 72.0]
        );
        assert_eq!(
            ticks(11.0, 97.0),
            (2..=9).map(|t| t as f64 * 10.0).collect::<Vec<_>>()
        );
        assert_eq!(ticks(11.0, 14.0), vec![11.0, 12.0, 13.0, 14.0]);
    }

    /// The histogram's bars tile the plot's width and the mark's rule
    /// stands at its value.
    #[test]
    fn a_histogram_spans_the_plot_and_marks_its_value() {
        let h = shares(vec![1.0, 5.0, 20.0, 7.0], (88.5, "25 50 75 100"));
        let svg = h.to_svg();
        let bars: Vec<&str> = svg.lines().filter(|l| l.starts_with("<rect x=")).collect();
        assert_eq!(bars.len(), 4);
        assert_eq!(attr(bars[0], " x=\""), LEFT);
        let last = bars[3];
        let right = attr(last, " x=\"") + attr(last, "width=\"") + 0.5;
        assert!((right - (WIDTH - RIGHT)).abs() < 0.2, "{right}");
        let rule = svg
            .lines()
            .find(|l| l.contains("stroke-dasharray"))
            .unwrap();
        let x = attr(rule, "x1=\"");
        assert!(
            (x - (LEFT + (WIDTH - LEFT - RIGHT) / 2.0)).abs() < 0.1,
            "{x}"
        );
    }
}
