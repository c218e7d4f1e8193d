//! Where the labels of lines and areas go, as `declutter place --style` puts them: the map
//! packages ask once per label set (not per frame) for the spots the style library computes.
//!
//! - **Lines** (`symbol-placement: line`): a name repeated along its line every
//!   `symbol-spacing` px, each copy slid off the bends it cannot follow
//!   ([`label_style::lines::along::paths`]). The line is given in px at the zoom the spacing is
//!   meant for and is not clipped to a view: a frame engine pans it every frame. Answered per
//!   line: the offsets (px along the line, at that zoom) of its copies' middles, or `null` when
//!   the text is longer than the line. With `nested: true` the copies are those of
//!   [`label_style::lines::along::nested`] instead — at the fractions `k/m` of the line,
//!   `k = 1 … m − 1`, so that the copies of one zoom level are among those of the next and a
//!   map keeps them (their key is their fraction, `(k + 1)/(count + 1)` for the `k`-th).
//! - **Areas** (polygons, `symbol-placement: point`): the pole of inaccessibility of the largest
//!   polygon ([`label_style::polygons::pole`]). Answered per area: `[x, y]`, or `null` when no
//!   polygon has an area.
//!
//! The request: `{lines: [{path: [x, y, …], advances: [px, …], spacing, maxAngle,
//! keepUpright, nested}], areas: [[[x, y, …] (outer ring), [x, y, …] (hole), …] (polygon), …]}`.

use glam::DVec2;
use label_style::lines::along::{self, Curved};
use label_style::polygons;
use serde_json::{Value as Json, json};

fn error(message: String) -> Json {
    json!({ "message": message })
}

/// The numbers of `value` at `at` (a JSON path for the error).
fn numbers(value: &Json, at: &str) -> Result<Vec<f64>, Json> {
    let list = value.as_array().ok_or_else(|| error(format!("{at}: not an array of numbers")))?;
    list.iter()
        .enumerate()
        .map(|(k, v)| {
            v.as_f64().filter(|x| x.is_finite()).ok_or_else(|| error(format!("{at}[{k}]: not a finite number")))
        })
        .collect()
}

/// Flat `[x, y, …]` as points.
fn points(value: &Json, at: &str) -> Result<Vec<DVec2>, Json> {
    let flat = numbers(value, at)?;
    if flat.len() % 2 == 1 {
        return Err(error(format!("{at}: an odd count of coordinates ({})", flat.len())));
    }
    Ok(flat.chunks_exact(2).map(|p| DVec2::new(p[0], p[1])).collect())
}

fn number_or(value: &Json, default: f64, at: &str) -> Result<f64, Json> {
    match value {
        Json::Null => Ok(default),
        v => v.as_f64().filter(|x| x.is_finite()).ok_or_else(|| error(format!("{at}: not a finite number"))),
    }
}

/// A view with room for every line: the copies are laid on the whole line.
const UNCLIPPED: DVec2 = DVec2::splat(1e12);

fn line_offsets(line: &Json, at: &str) -> Result<Json, Json> {
    let path = points(&line["path"], &format!("{at}.path"))?;
    let advances = numbers(&line["advances"], &format!("{at}.advances"))?;
    let curved = Curved {
        spacing: number_or(&line["spacing"], along::DEFAULT_SPACING, &format!("{at}.spacing"))?,
        max_angle: number_or(&line["maxAngle"], 45.0, &format!("{at}.maxAngle"))?,
        keep_upright: line["keepUpright"].as_bool().unwrap_or(true),
    };
    if curved.spacing <= 0.0 {
        return Err(error(format!("{at}.spacing: {} is not a positive distance", curved.spacing)));
    }
    let copies = if line["nested"].as_bool().unwrap_or(false) {
        along::nested(&path, &advances, &curved)
    } else {
        along::paths(&[path], &advances, UNCLIPPED, &curved)
    };
    Ok(copies.map_or(Json::Null, |c| c.iter().map(|p| p.path_offset.map_or(Json::Null, |o| json!(o))).collect()))
}

fn area_pole(area: &Json, at: &str) -> Result<Json, Json> {
    let polygons = area.as_array().ok_or_else(|| error(format!("{at}: not an array of polygons")))?;
    let polygons = polygons
        .iter()
        .enumerate()
        .map(|(p, rings)| {
            let rings = rings.as_array().ok_or_else(|| error(format!("{at}[{p}]: not an array of rings")))?;
            rings.iter().enumerate().map(|(r, ring)| points(ring, &format!("{at}[{p}][{r}]"))).collect()
        })
        .collect::<Result<Vec<Vec<Vec<DVec2>>>, Json>>()?;
    Ok(polygons::pole(&polygons).map_or(Json::Null, |p| json!([p.x, p.y])))
}

/// Answers the request `text` (see the module's doc), or the error naming the member at fault.
pub fn spots(text: &str) -> Result<Json, Json> {
    let request: Json = serde_json::from_str(text).map_err(|e| error(format!("the request is not JSON: {e}")))?;
    let list = |name: &str| match &request[name] {
        Json::Null => Ok(Vec::new()),
        Json::Array(a) => Ok(a.clone()),
        _ => Err(error(format!("{name}: not an array"))),
    };
    let lines = list("lines")?
        .iter()
        .enumerate()
        .map(|(i, l)| line_offsets(l, &format!("lines[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let areas = list("areas")?
        .iter()
        .enumerate()
        .map(|(i, a)| area_pole(a, &format!("areas[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(json!({ "lines": lines, "areas": areas }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_repeats_at_the_spacing_and_a_square_is_named_in_its_middle() {
        let request = r#"{"lines": [
            {"path": [0, 500, 1000, 500], "advances": [10, 10, 10, 10, 10], "spacing": 250},
            {"path": [0, 0, 40, 0], "advances": [10, 10, 10, 10, 10]}],
          "areas": [[[[0, 0, 100, 0, 100, 100, 0, 100, 0, 0]]], [[[0, 0, 10, 0, 20, 0, 0, 0]]]]}"#;
        let answer = spots(request).unwrap();
        assert_eq!(answer["lines"][0], json!([125.0, 375.0, 625.0, 875.0]));
        assert_eq!(answer["lines"][1], Json::Null, "the text is longer than the line");
        let nested = spots(
            r#"{"lines": [{"path": [0, 500, 1000, 500], "advances": [10, 10], "spacing": 250, "nested": true}]}"#,
        );
        assert_eq!(nested.unwrap()["lines"][0], json!([250.0, 500.0, 750.0]), "at 1/4, 2/4, 3/4");
        let pole = &answer["areas"][0];
        assert!(
            (pole[0].as_f64().unwrap() - 50.0).abs() < 1.0 && (pole[1].as_f64().unwrap() - 50.0).abs() < 1.0,
            "{pole}"
        );
        assert_eq!(answer["areas"][1], Json::Null, "a flat polygon has no area");
    }

    #[test]
    fn bad_requests_name_the_member() {
        let e = |text: &str| spots(text).unwrap_err()["message"].as_str().unwrap().to_owned();
        assert_eq!(
            e(r#"{"lines": [{"path": [0, 0, 1], "advances": []}]}"#),
            "lines[0].path: an odd count of coordinates (3)"
        );
        assert_eq!(
            e(r#"{"lines": [{"path": [0, 0, 1, 1], "advances": [1], "spacing": 0}]}"#),
            "lines[0].spacing: 0 is not a positive distance"
        );
        assert_eq!(e(r#"{"areas": [[[[0, "a"]]]]}"#), "areas[0][0][0][1]: not a finite number");
        assert_eq!(e(r#"{"areas": 3}"#), "areas: not an array");
        assert!(e("[").starts_with("the request is not JSON"));
    }
}
