//! The shown labels as a GeoJSON sequence for tippecanoe: one feature per run of consecutive
//! zooms in which a label is shown and drawn the same way (see
//! [`TiledLabel::draws_like`]), at its anchor point in longitude and latitude, with
//! `"tippecanoe": {"minzoom", "maxzoom", "layer"}` and the tiles' properties.
//!
//! Zooms come in increasing order; a run is written as soon as the zoom after it does not
//! continue it, so only the runs open at the last zoom are held.

use std::collections::HashMap;
use std::io::{self, Write};

use label_core::mercator::world_to_lon_lat;
use serde_json::{Map, Value, json};

use super::LAYER;
use super::labels::TiledLabel;
use label_tiles::Id;

/// A run being followed: the label at its first zoom, and the zooms.
struct Open {
    label: TiledLabel,
    min: u8,
    max: u8,
}

/// The runs of the labels, fed zoom by zoom.
#[derive(Default)]
pub struct Runs {
    open: HashMap<(usize, Option<u32>), Open>,
    written: u64,
}

impl Runs {
    /// Takes zoom `z`'s labels (the hidden ones are passed over): continues or starts their
    /// runs, and writes to `w` the runs that zoom `z` ends. `first_zoom` gives each
    /// feature's lowest zoom shown.
    ///
    /// # Errors
    /// `w`'s.
    pub fn zoom(
        &mut self,
        z: u8,
        labels: &[TiledLabel],
        first_zoom: &[Option<u8>],
        w: &mut impl Write,
    ) -> io::Result<()> {
        for l in labels.iter().filter(|l| l.visible) {
            let key = (l.feature, l.repeat);
            match self.open.get_mut(&key) {
                Some(run) if run.max + 1 == z && run.label.draws_like(l) => run.max = z,
                _ => {
                    let started = Open { label: l.clone(), min: z, max: z };
                    if let Some(ended) = self.open.insert(key, started) {
                        self.write(&ended, first_zoom, w)?;
                    }
                }
            }
        }
        let ended: Vec<_> = self.open.iter().filter(|(_, run)| run.max < z).map(|(k, _)| *k).collect();
        self.close(ended, first_zoom, w)
    }

    /// Writes the runs still open. Returns how many features were written in all.
    ///
    /// # Errors
    /// `w`'s.
    pub fn finish(mut self, first_zoom: &[Option<u8>], w: &mut impl Write) -> io::Result<u64> {
        let all: Vec<_> = self.open.keys().copied().collect();
        self.close(all, first_zoom, w)?;
        Ok(self.written)
    }

    /// Writes and forgets the runs of `keys`, in feature order (so the output does not depend
    /// on the hash map's order).
    fn close(
        &mut self,
        mut keys: Vec<(usize, Option<u32>)>,
        first_zoom: &[Option<u8>],
        w: &mut impl Write,
    ) -> io::Result<()> {
        keys.sort_unstable();
        for key in keys {
            if let Some(run) = self.open.remove(&key) {
                self.write(&run, first_zoom, w)?;
            }
        }
        Ok(())
    }

    fn write(&mut self, run: &Open, first_zoom: &[Option<u8>], w: &mut impl Write) -> io::Result<()> {
        let feature = feature(run, first_zoom.get(run.label.feature).copied().flatten());
        serde_json::to_writer(&mut *w, &feature)?;
        w.write_all(b"\n")?;
        self.written += 1;
        Ok(())
    }
}

/// The GeoJSON feature of a run.
fn feature(run: &Open, first_zoom: Option<u8>) -> Value {
    let l = &run.label;
    let (lon, lat) = world_to_lon_lat(l.point / f64::from(run.min).exp2());
    let mut p = Map::new();
    p.insert(
        "id".into(),
        match &l.id {
            Id::Int(v) => json!(v),
            Id::Str(s) => json!(s),
        },
    );
    p.insert("feature".into(), json!(l.feature));
    if let Some(r) = l.repeat {
        p.insert("repeat".into(), json!(r));
    }
    p.insert("text".into(), json!(l.text));
    p.insert("size".into(), json!(l.size));
    p.insert("anchor".into(), json!(l.anchor));
    p.insert("offset_x".into(), json!(l.offset.x));
    p.insert("offset_y".into(), json!(l.offset.y));
    p.insert("angle".into(), json!(l.angle));
    if let Some(c) = l.candidate {
        p.insert("candidate".into(), json!(c));
    }
    if let Some(parts) = l.parts {
        p.insert("parts".into(), json!(parts));
    }
    if let Some(glyphs) = &l.glyphs {
        p.insert("glyphs".into(), json!(serde_json::to_string(glyphs).unwrap_or_default()));
    }
    if let Some(z) = first_zoom {
        p.insert("first_zoom".into(), json!(z));
    }
    json!({
        "type": "Feature",
        "tippecanoe": {"minzoom": run.min, "maxzoom": run.max, "layer": LAYER},
        "geometry": {"type": "Point", "coordinates": [lon, lat]},
        "properties": p,
    })
}

#[cfg(test)]
mod tests {
    use glam::DVec2;

    use super::*;

    fn label(feature: usize, anchor: &'static str, visible: bool) -> TiledLabel {
        TiledLabel {
            feature,
            repeat: None,
            id: Id::Int(feature as i64),
            text: "A".into(),
            size: 12.0,
            point: DVec2::new(128.0, 128.0),
            anchor,
            offset: DVec2::ZERO,
            angle: 0.0,
            candidate: None,
            parts: None,
            glyphs: None,
            bounds: Vec::new(),
            visible,
            reason: None,
        }
    }

    /// `(feature, minzoom, maxzoom, anchor)` of each line written.
    fn written(out: &[u8]) -> Vec<(u64, u64, u64, String)> {
        let lines = std::str::from_utf8(out).unwrap().lines();
        let parse = |l: &str| serde_json::from_str::<Value>(l).unwrap();
        lines
            .map(parse)
            .map(|f| {
                let t = &f["tippecanoe"];
                let p = &f["properties"];
                let n = |v: &Value| v.as_u64().unwrap();
                (n(&p["feature"]), n(&t["minzoom"]), n(&t["maxzoom"]), p["anchor"].as_str().unwrap().to_owned())
            })
            .collect()
    }

    #[test]
    fn a_run_ends_where_the_label_is_hidden_or_drawn_otherwise() {
        // Feature 0: shown at 0 and 1, hidden at 2, shown at 3. Feature 1: shown at 0–3, its
        // anchor changing at 2.
        let zooms = [
            vec![label(0, "center", true), label(1, "top", true)],
            vec![label(0, "center", true), label(1, "top", true)],
            vec![label(0, "center", false), label(1, "left", true)],
            vec![label(0, "center", true), label(1, "left", true)],
        ];
        let first = [Some(0), Some(0)];
        let (mut runs, mut out) = (Runs::default(), Vec::new());
        for (z, labels) in zooms.iter().enumerate() {
            runs.zoom(z as u8, labels, &first, &mut out).unwrap();
        }
        assert_eq!(runs.finish(&first, &mut out).unwrap(), 4);
        let want = [(1, 0, 1, "top"), (0, 0, 1, "center"), (0, 3, 3, "center"), (1, 2, 3, "left")];
        assert_eq!(written(&out), want.map(|(f, a, b, s)| (f, a, b, s.to_owned())));
    }
}
