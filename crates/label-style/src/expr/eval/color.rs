//! Colours: the CSS colour text a style gives (`#2f6f9f`, `rgba(0, 0, 0, 0.5)`, `hsl(…)`,
//! `white`), checked and mixed by `interpolate` as the style-spec mixes them — in sRGB, each of
//! red, green, blue and alpha linearly, the colours not premultiplied by their alpha. A mixed
//! colour prints as MapLibre prints one (`rgba(r,g,b,a)`, the channels rounded to 0…255, alpha
//! as it came). Parsed by `csscolorparser`.
//!
//! `interpolate-lab` mixes in CIE L\*a\*b\* and `interpolate-hcl` in its polar form (hue,
//! chroma, lightness; the hue the short way round, a grey's hue taken from the other colour),
//! as the style-spec does: sRGB linearised, to XYZ with the D50 white of the style-spec's
//! (d3's) Bradford-adapted matrix, and back; channels out of gamut clamp to 0…1.

use crate::expr::EvalError;

/// A colour's red, green, blue and alpha, each 0…1.
fn channels(text: &str) -> Option<[f64; 4]> {
    let [r, g, b, alpha] = csscolorparser::parse(text).ok()?.to_array();
    // The parser's numbers are f32. A channel of a whole byte (hex, `rgb()`) is that byte / 255,
    // as MapLibre reads it; others, and alpha, are read back by their shortest digits ("0.73",
    // not 0.7300000190734863).
    let shortest = |c: f32| c.to_string().parse().unwrap_or(f64::from(c));
    let channel = |c: f32| {
        let byte = (f64::from(c) * 255.0).round();
        if (f64::from(c) * 255.0 - byte).abs() < 1e-3 { byte / 255.0 } else { shortest(c) }
    };
    Some(premultiplied_round_trip([channel(r), channel(g), channel(b), shortest(alpha)]))
}

/// The channels as MapLibre holds them: multiplied by alpha, and divided by it again to mix
/// or print, which moves a channel by an ulp now and then (and so a print at an exact half).
fn premultiplied_round_trip([r, g, b, alpha]: [f64; 4]) -> [f64; 4] {
    let back = |c: f64| if alpha == 0.0 { c } else { c * alpha / alpha };
    [back(r), back(g), back(b), alpha]
}

/// The colour space `interpolate` mixes colours in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    /// sRGB (`interpolate`).
    Rgb,
    /// Hue, chroma, lightness (`interpolate-hcl`).
    Hcl,
    /// CIE L\*a\*b\* (`interpolate-lab`).
    Lab,
}

/// The D50 white and the sRGB ↔ XYZ (D50) matrices.
const WHITE: [f64; 3] = [0.96422, 1.0, 0.82521];
const TO_XYZ: [[f64; 3]; 3] =
    [[0.4360747, 0.3850649, 0.1430804], [0.2225045, 0.7168786, 0.0606169], [0.0139322, 0.0971045, 0.7141733]];
const FROM_XYZ: [[f64; 3]; 3] =
    [[3.1338561, -1.6168667, -0.4906146], [-0.9787684, 1.9161415, 0.033454], [0.0719453, -0.2289914, 1.4052427]];
const T0: f64 = 4.0 / 29.0;
const T1: f64 = 6.0 / 29.0;

fn lab([r, g, b, alpha]: [f64; 4]) -> [f64; 4] {
    let linear = [r, g, b].map(|c| if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) });
    let f = |t: f64| if t > T1 * T1 * T1 { t.cbrt() } else { t / (3.0 * T1 * T1) + T0 };
    let xyz = |row: usize| f(TO_XYZ[row].iter().zip(linear).map(|(m, c)| m * c).sum::<f64>() / WHITE[row]);
    let y = xyz(1);
    // A grey: x and z are y (no rounding makes it coloured).
    let (x, z) = if r == g && g == b { (y, y) } else { (xyz(0), xyz(2)) };
    [(116.0 * y - 16.0).max(0.0), 500.0 * (x - y), 200.0 * (y - z), alpha]
}

fn rgb([l, a, b, alpha]: [f64; 4]) -> [f64; 4] {
    let finv = |t: f64| if t > T1 { t * t * t } else { 3.0 * T1 * T1 * (t - T0) };
    let y = (l + 16.0) / 116.0;
    let xyz = [WHITE[0] * finv(y + a / 500.0), WHITE[1] * finv(y), WHITE[2] * finv(y - b / 200.0)];
    let gamma = |c: f64| {
        let c = if c <= 0.00304 { 12.92 * c } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 };
        c.clamp(0.0, 1.0)
    };
    let channel = |row: usize| gamma(FROM_XYZ[row].iter().zip(xyz).map(|(m, c)| m * c).sum());
    [channel(0), channel(1), channel(2), alpha]
}

/// Hue (degrees, NaN for a grey), chroma, lightness, alpha.
fn hcl(color: [f64; 4]) -> [f64; 4] {
    let [l, a, b, alpha] = lab(color);
    let c = a.hypot(b);
    let hue = if (c * 1e4).round() == 0.0 { f64::NAN } else { b.atan2(a).to_degrees().rem_euclid(360.0) };
    [hue, c, l, alpha]
}

fn from_hcl([h, c, l, alpha]: [f64; 4]) -> [f64; 4] {
    let h = if h.is_nan() { 0.0 } else { h.to_radians() };
    rgb([l, h.cos() * c, h.sin() * c, alpha])
}

/// The colour `t` of the way from `lower` to `upper` in `space`.
pub(crate) fn mix_in(space: Space, lower: &str, upper: &str, t: f64) -> Result<String, EvalError> {
    let parse =
        |text: &str| channels(text).ok_or_else(|| EvalError(format!("Could not parse color from value '{text}'")));
    let (a, b) = (parse(lower)?, parse(upper)?);
    let lerp = |x: f64, y: f64| x + t * (y - x);
    let mixed = match space {
        Space::Rgb => [0, 1, 2, 3].map(|i| lerp(a[i], b[i])),
        Space::Lab => {
            let (a, b) = (lab(a), lab(b));
            rgb([0, 1, 2, 3].map(|i| lerp(a[i], b[i])))
        }
        Space::Hcl => {
            let ([h0, c0, l0, a0], [h1, c1, l1, a1]) = (hcl(a), hcl(b));
            // The hue the short way round; a grey (no hue) takes the other's, and its chroma
            // too where it is black or white.
            let (hue, chroma) = match (h0.is_nan(), h1.is_nan()) {
                (false, false) => {
                    let d = h1 - h0;
                    let d = if h1 > h0 && d > 180.0 {
                        d - 360.0
                    } else if h1 < h0 && h0 - h1 > 180.0 {
                        d + 360.0
                    } else {
                        d
                    };
                    (h0 + t * d, None)
                }
                (false, true) => (h0, (l1 == 1.0 || l1 == 0.0).then_some(c0)),
                (true, false) => (h1, (l0 == 1.0 || l0 == 0.0).then_some(c1)),
                (true, true) => (f64::NAN, None),
            };
            from_hcl([hue, chroma.unwrap_or_else(|| lerp(c0, c1)), lerp(l0, l1), lerp(a0, a1)])
        }
    };
    Ok(print(premultiplied_round_trip(mixed)))
}

/// `rgba(r,g,b,a)` as MapLibre prints a colour.
fn print([r, g, b, alpha]: [f64; 4]) -> String {
    let byte = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round();
    format!("rgba({},{},{},{})", byte(r), byte(g), byte(b), crate::expr::value::js_number(alpha.clamp(0.0, 1.0)))
}

/// A colour as MapLibre prints one (see [`mix`]), or `None` when `text` is no colour.
pub(crate) fn as_rgba(text: &str) -> Option<String> {
    mix(text, text, 0.0).ok()
}

/// Whether `text` is a CSS colour.
pub(crate) fn is_color(text: &str) -> bool {
    channels(text).is_some()
}

/// The colour `t` of the way from `lower` to `upper`, in RGB.
pub(crate) fn mix(lower: &str, upper: &str, t: f64) -> Result<String, EvalError> {
    mix_in(Space::Rgb, lower, upper, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_mix_in_rgb_and_print_as_maplibre_prints_them() {
        assert_eq!(mix("#ffffff", "#000000", 0.5).unwrap(), "rgba(128,128,128,1)");
        assert_eq!(mix("white", "rgba(255, 0, 0, 0.5)", 0.5).unwrap(), "rgba(255,128,128,0.75)");
        assert_eq!(mix("hsl(120, 100%, 25%)", "#00f", 0.0).unwrap(), "rgba(0,128,0,1)");
        assert_eq!(mix("rgba(26, 207, 26, .73)", "#000", 0.0).unwrap(), "rgba(26,207,26,0.73)");
        assert!(mix("#fff", "not a colour", 0.5).unwrap_err().0.contains("not a colour"));
        assert!(is_color("#2f6f9f") && !is_color("#2f6f9"));
    }
}
