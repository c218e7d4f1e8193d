//! A GeoJSON FeatureCollection placed with a MapLibre style, end to end, as `declutter place
//! FILE --style S --sprite P --output-format json` places it: the request is read by the same
//! `label_style` readers (`styled::select`, `styled::read`, the view checked by
//! `label_style::settings::Settings`) and placed by the same `Document::place`; the answer holds
//! one placement per input feature, in the command's words.
//!
//! The request (JSON): `geojson` (the collection's text), `style` (the style's JSON text),
//! `sprite` (the sprite index's JSON text, optional), `layers` (symbol layer ids, optional: all),
//! `sourceLayer`, `zoom`, `center` (`[lon, lat]`), `size` (`[width, height]`, px), `bearing`.
//! The answer: `placements` (`{id, visible, reason, hidden_by, hidden_by_obstacle, candidate,
//! parts, glyphs, reversed}`, members absent where the command writes none), `stats` and `warnings`. An error
//! answers `{message, source}`, `source` naming what was wrong: `request`, `style`, `sprite`,
//! `view` or `geojson`, the message as the command gives it (the view's name the flag).

use glam::DVec2;
use label_core::Placement;
use label_style::readers::{GeoDocument, Skip, Slot, styled};
use label_style::settings::Settings;
use label_style::sprite::Sprite;
use label_style::style::Style;
use serde_json::{Map, Value as Json, json};

fn failure(source: &str, message: impl std::fmt::Display) -> Json {
    json!({ "source": source, "message": format!("{source}: {message}") })
}

/// Member `key` of the request as a string, `None` when absent or null.
fn text<'r>(request: &'r Map<String, Json>, key: &str) -> Result<Option<&'r str>, Json> {
    match request.get(key) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(s)) => Ok(Some(s)),
        Some(_) => Err(failure("request", format!("`{key}` must be JSON text (a string)"))),
    }
}

/// Member `key` of the request as a number or a pair of numbers.
fn numbers<const N: usize>(request: &Map<String, Json>, key: &str) -> Result<Option<[f64; N]>, Json> {
    let bad = || failure("request", format!("`{key}` must be {}", if N == 1 { "a number" } else { "two numbers" }));
    match request.get(key) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Number(n)) if N == 1 => Ok(Some([n.as_f64().ok_or_else(bad)?; N])),
        Some(Json::Array(items)) if N > 1 && items.len() == N => {
            let mut out = [0.0; N];
            for (o, item) in out.iter_mut().zip(items) {
                *o = item.as_f64().ok_or_else(bad)?;
            }
            Ok(Some(out))
        }
        Some(_) => Err(bad()),
    }
}

/// Places the request (see the module's doc); its answer, or the error.
///
/// # Errors
/// `{message, source}` naming what is wrong.
pub fn place(request: &str) -> Result<Json, Json> {
    let request: Map<String, Json> = serde_json::from_str(request).map_err(|e| failure("request", e))?;
    let geojson = text(&request, "geojson")?.ok_or_else(|| failure("request", "`geojson` is missing"))?;
    let style_text = text(&request, "style")?.ok_or_else(|| failure("request", "`style` is missing"))?;
    let (style, warnings) = Style::parse(style_text).map_err(|e| failure("style", e))?;
    let sprite = text(&request, "sprite")?.map(Sprite::parse).transpose().map_err(|e| failure("sprite", e))?;
    let ids: Vec<String> = match request.get("layers") {
        None | Some(Json::Null) => Vec::new(),
        Some(layers) => serde_json::from_value(layers.clone())
            .map_err(|_| failure("request", "`layers` must be an array of layer ids"))?,
    };
    let layers = styled::select(&style, &ids, text(&request, "sourceLayer")?).map_err(|e| failure("style", e))?;
    let settings = Settings {
        zoom: numbers::<1>(&request, "zoom")?.map(|[z]| z),
        center: numbers::<2>(&request, "center")?.map(DVec2::from),
        size: numbers::<2>(&request, "size")?.map(DVec2::from),
        bearing: numbers::<1>(&request, "bearing")?.map(|[b]| b),
        ..Settings::default()
    };
    let options = settings.options().map_err(|e| failure("view", e))?;
    let geo = styled::read(geojson, &options, &layers, sprite.as_ref()).map_err(|e| failure("geojson", e))?;
    let placement = geo.doc.place().map_err(|e| failure("geojson", e))?;
    let mut warnings: Vec<String> = warnings.iter().map(|w| format!("style: {w}")).collect();
    warnings.extend(geo.center_warning(&|c: DVec2| format!("center [{}, {}]", c.x, c.y)));
    Ok(json!({
        "placements": placements(&geo, &placement),
        "stats": stats(&geo, &placement),
        "warnings": warnings,
    }))
}

/// One placement per feature, in input order, with the members the command writes.
fn placements(geo: &GeoDocument<'_>, placement: &Placement) -> Vec<Json> {
    geo.feature_ids
        .iter()
        .zip(&geo.slots)
        .map(|(id, slot)| {
            let d = geo.decision(placement, *slot);
            let mut out = Map::new();
            out.insert("id".into(), json!(id));
            out.insert("visible".into(), json!(d.visible));
            if let Some(reason) = d.reason {
                out.insert("reason".into(), json!(reason));
            }
            if let Some(by) = d.hidden_by {
                out.insert("hidden_by".into(), json!(by));
                if d.hidden_by_obstacle {
                    out.insert("hidden_by_obstacle".into(), json!(true));
                }
            }
            if let Some(k) = d.candidate {
                out.insert("candidate".into(), json!(k));
            }
            if let Some(parts) = d.parts {
                out.insert("parts".into(), json!(parts));
            }
            if let Some((glyphs, reversed)) = d.path {
                out.insert("glyphs".into(), json!(glyphs));
                out.insert("reversed".into(), json!(reversed));
            }
            Json::Object(out)
        })
        .collect()
}

/// The engine's counts over labels, and the features' as the command counts them.
fn stats(geo: &GeoDocument<'_>, placement: &Placement) -> Json {
    let s = &placement.stats;
    let count = |skip: Skip| geo.slots.iter().filter(|slot| **slot == Slot::Skipped(skip)).count();
    json!({
        "labels": s.labels, "visible": s.visible, "hidden_collision": s.hidden_collision,
        "hidden_offscreen": s.hidden_offscreen, "hidden_repeat": s.hidden_repeat,
        "hidden_no_room": s.hidden_no_room, "hidden_too_curved": s.hidden_too_curved,
        "features": geo.slots.len(), "no_geometry": count(Skip::NoGeometry),
        "unsupported": count(Skip::Unsupported), "no_text": count(Skip::NoText),
        "merged": count(Skip::Merged), "no_layer": count(Skip::NoLayer),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLE: &str = r#"{"version": 8, "sources": {}, "layers": [
        {"id": "places", "type": "symbol", "source": "s", "layout": {"text-field": "{name}"}}]}"#;

    fn request(changes: Json) -> String {
        let mut r = json!({
            "geojson": r#"{"type": "FeatureCollection", "features": [
                {"type": "Feature", "id": 7, "properties": {"name": "Wien"}, "geometry": {"type": "Point", "coordinates": [16.37, 48.21]}},
                {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [16.38, 48.21]}}]}"#,
            "style": STYLE, "zoom": 12, "center": [16.37, 48.21], "size": [800, 600],
        });
        for (key, value) in changes.as_object().unwrap() {
            r[key] = value.clone();
        }
        r.to_string()
    }

    #[test]
    fn a_collection_is_placed_feature_by_feature() {
        let answer = place(&request(json!({}))).unwrap();
        let placements = answer["placements"].as_array().unwrap();
        assert_eq!(placements[0]["id"], json!(7));
        assert_eq!(placements[0]["visible"], json!(true));
        assert_eq!(placements[1], json!({ "id": 1, "visible": false, "reason": "no_text" }));
        assert_eq!(answer["stats"]["features"], json!(2));
        assert_eq!(answer["stats"]["visible"], json!(1));
    }

    #[test]
    fn bad_requests_name_the_member() {
        let source_and_message = |changes: Json| {
            let e = place(&request(changes)).unwrap_err();
            (e["source"].as_str().unwrap().to_owned(), e["message"].as_str().unwrap().to_owned())
        };
        let (source, message) = source_and_message(json!({ "layers": "places" }));
        assert_eq!((source.as_str(), message.contains("`layers` must be an array")), ("request", true), "{message}");
        let (source, message) = source_and_message(json!({ "center": [16.37] }));
        assert_eq!((source.as_str(), message.contains("`center` must be two numbers")), ("request", true), "{message}");
        let (source, message) = source_and_message(json!({ "style": { "version": 8 } }));
        assert_eq!((source.as_str(), message.contains("`style` must be JSON text")), ("request", true), "{message}");
        let (source, message) = source_and_message(json!({ "size": [0, 10] }));
        assert_eq!((source.as_str(), message.starts_with("view: --size")), ("view", true), "{message}");
        let (source, message) = source_and_message(json!({ "geojson": "[" }));
        assert_eq!(source, "geojson", "{message}");
        assert!(place("{").unwrap_err()["source"] == "request");
    }
}
