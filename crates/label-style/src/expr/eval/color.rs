//! Colours: the CSS colour text a style gives (`#2f6f9f`, `rgba(0, 0, 0, 0.5)`, `hsl(…)`,
//! `white`), checked and mixed by `interpolate` as the style-spec mixes them — in sRGB, each of
//! red, green, blue and alpha linearly, the colours not premultiplied by their alpha. A mixed
//! colour prints as MapLibre prints one (`rgba(r,g,b,a)`, the channels rounded to 0…255, alpha
//! as it came). Parsed by `csscolorparser`.

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

/// A colour as MapLibre prints one (see [`mix`]), or `None` when `text` is no colour.
pub(crate) fn as_rgba(text: &str) -> Option<String> {
    mix(text, text, 0.0).ok()
}

/// Whether `text` is a CSS colour.
pub(crate) fn is_color(text: &str) -> bool {
    channels(text).is_some()
}

/// The colour `t` of the way from `lower` to `upper`.
pub(crate) fn mix(lower: &str, upper: &str, t: f64) -> Result<String, EvalError> {
    let parse =
        |text: &str| channels(text).ok_or_else(|| EvalError(format!("Could not parse color from value '{text}'")));
    let (a, b) = (parse(lower)?, parse(upper)?);
    let [r, g, b, alpha] = premultiplied_round_trip([0, 1, 2, 3].map(|i| a[i] + t * (b[i] - a[i])));
    let byte = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round();
    Ok(format!("rgba({},{},{},{})", byte(r), byte(g), byte(b), crate::expr::value::js_number(alpha.clamp(0.0, 1.0))))
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
