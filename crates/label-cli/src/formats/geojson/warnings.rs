//! What looks wrong in a GeoJSON run that nevertheless succeeds: a text or priority property
//! that no feature has (a misspelt `--text-field`), a view centre that looks swapped
//! (`--center LAT,LON`), and, once placed, point markers that hide most labels
//! (`--marker-radius` too large for the zoom). Each is one line for standard error; the run
//! still exits 0.

use std::collections::BTreeMap;

use glam::DVec2;
use label_core::{Blocker, Placement};
use serde_json::Value;

use super::feature::{Feature, GeometryRef, PropertiesRef};
use super::features::GeoDocument;
use super::view::MAX_LATITUDE;

/// Property names listed in a warning, at most.
const LISTED_NAMES: usize = 12;

impl GeoDocument<'_> {
    /// The warnings of this collection read with its options (empty when all looks right).
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.features.is_empty() {
            return out;
        }
        let properties: Vec<PropertiesRef<'_, '_>> =
            self.features.iter().filter_map(|f| f.properties().ok().flatten()).collect();
        let o = &self.options;
        let fields = [("--text-field", Some(&o.text_field)), ("--priority-field", o.priority_field.as_ref())];
        for (flag, field) in fields.iter().filter_map(|(flag, f)| Some((flag, f.as_ref()?))) {
            if !properties.iter().any(|p| p.contains_key(field.as_str())) {
                out.push(format!(
                    "no feature has the property `{field}` ({flag}); the features' properties are, the most common first: {}",
                    names(&properties)
                ));
            }
        }
        if let Some(swap) = swapped_center(o.view.center, lon_lat_bounds(&self.features)) {
            out.push(swap);
        }
        out
    }

    /// The warning when point markers hide more than half of the labels that are not markers.
    #[must_use]
    pub fn marker_warning(&self, placement: &Placement) -> Option<String> {
        let radius = self.options.marker_radius?;
        let is_marker = |i: usize| self.markers.binary_search(&i).is_ok();
        let labels = placement.outcomes.len() - self.markers.len();
        let hidden = (0..placement.outcomes.len())
            .filter(|&i| !is_marker(i))
            .filter(|&i| matches!(placement.outcomes[i].hidden_by, Some(Blocker::Label(j)) if is_marker(j as usize)))
            .count();
        (2 * hidden > labels).then(|| {
            format!(
                "point markers hide {hidden} of {labels} labels (--marker-radius {radius}): a smaller radius or a \
                 larger --zoom shows more names"
            )
        })
    }
}

/// The property names of the features, the most common first (then by name), the first
/// [`LISTED_NAMES`] of them.
fn names(properties: &[PropertiesRef<'_, '_>]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for name in properties.iter().flat_map(|p| p.keys()) {
        *counts.entry(name).or_default() += 1;
    }
    if counts.is_empty() {
        return "none".into();
    }
    let mut all: Vec<(&str, usize)> = counts.into_iter().collect();
    all.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut listed: Vec<String> = all.iter().take(LISTED_NAMES).map(|(n, _)| format!("`{n}`")).collect();
    if all.len() > LISTED_NAMES {
        listed.push(format!("and {} more", all.len() - LISTED_NAMES));
    }
    listed.join(", ")
}

/// The longitude/latitude box of every position of the features (`None` without positions).
fn lon_lat_bounds(features: &[Feature<'_>]) -> Option<(DVec2, DVec2)> {
    fn include(bounds: &mut Option<(DVec2, DVec2)>, p: DVec2) {
        *bounds = Some(bounds.map_or((p, p), |(lo, hi)| (lo.min(p), hi.max(p))));
    }
    fn walk(v: &Value, bounds: &mut Option<(DVec2, DVec2)>) {
        let Some(items) = v.as_array() else { return };
        if let [Value::Number(lon), Value::Number(lat), ..] = items.as_slice() {
            if let (Some(lon), Some(lat)) = (lon.as_f64(), lat.as_f64()) {
                include(bounds, DVec2::new(lon, lat));
            }
            return;
        }
        for item in items {
            walk(item, bounds);
        }
    }
    let mut bounds = None;
    for f in features {
        match f.geometry() {
            GeometryRef::Lines(lines) => {
                for p in lines.parts().flatten() {
                    include(&mut bounds, p);
                }
            }
            GeometryRef::Value(g) => {
                if let Some(c) = g.and_then(|g| g.get("coordinates")) {
                    walk(c, &mut bounds);
                }
            }
        }
    }
    bounds
}

/// A warning when `center` (longitude, latitude) looks given the other way round: its
/// latitude is beyond the map's (±85.05°, where Web Mercator ends), or the data's box holds
/// the swapped centre but not the centre.
fn swapped_center(center: DVec2, bounds: Option<(DVec2, DVec2)>) -> Option<String> {
    let swapped = DVec2::new(center.y, center.x);
    let inside = |p: DVec2, (lo, hi): (DVec2, DVec2)| p.cmpge(lo).all() && p.cmple(hi).all();
    let why = if center.y.abs() > MAX_LATITUDE {
        format!("its latitude {} is beyond the map's ±85.05°", center.y)
    } else if bounds.is_some_and(|b| inside(swapped, b) && !inside(center, b)) {
        "the data lies around the swapped point".to_owned()
    } else {
        return None;
    };
    Some(format!(
        "--center {},{} is longitude,latitude and {why}: did you mean --center {},{}?",
        center.x, center.y, swapped.x, swapped.y
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swapped_centre_is_seen_by_latitude_or_by_the_data() {
        let vienna = Some((DVec2::new(16.2, 48.1), DVec2::new(16.5, 48.3)));
        assert!(swapped_center(DVec2::new(16.37, 48.2), vienna).is_none());
        let w = swapped_center(DVec2::new(48.2, 16.37), vienna).unwrap();
        assert!(w.contains("did you mean --center 16.37,48.2"), "{w}");
        assert!(swapped_center(DVec2::new(10.0, 88.0), None).unwrap().contains("beyond"));
        // Far from the data either way: nothing to suggest.
        assert!(swapped_center(DVec2::new(100.0, 10.0), vienna).is_none());
    }
}
