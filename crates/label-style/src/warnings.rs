//! What looks wrong in a GeoJSON run that nevertheless succeeds: a text or priority property
//! that no feature has (a misspelt `--text-field`), a view centre that looks swapped
//! (`--center LAT,LON`), and, once placed, point markers that hide most labels
//! (`--marker-radius` too large for the zoom). Each is one line for standard error; the run
//! still exits 0.

use std::collections::BTreeMap;

use glam::DVec2;
use label_core::{Blocker, Placement};

use crate::projection::MAX_LATITUDE;
use crate::readers::{Feature, GeoDocument, PropertiesRef};

/// Property names listed in a warning, at most.
const LISTED_NAMES: usize = 12;

impl GeoDocument<'_> {
    /// The warnings of this collection read with its options (empty when all looks right).
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.raws.is_empty() {
            return out;
        }
        let o = &self.options;
        let fields = [("--text-field", Some(&o.text_field)), ("--priority-field", o.priority_field.as_ref())];
        for ((flag, field), seen) in fields.iter().zip(self.fields_seen) {
            let Some(field) = field.filter(|_| !seen) else { continue };
            // Rare: the features are read again to list the properties they have.
            let features: Vec<Feature<'_>> = self.features().collect();
            let properties: Vec<PropertiesRef<'_, '_>> =
                features.iter().filter_map(|f| f.properties().ok().flatten()).collect();
            out.push(format!(
                "no feature has the property `{field}` ({flag}); the features' properties are, the most common first: {}",
                names(&properties)
            ));
        }
        out.extend(self.center_warning(&|c: DVec2| format!("--center {},{}", c.x, c.y)));
        out
    }

    /// The warning when the view's centre and the features' coordinates look the other way
    /// round from each other, the centre written by `show` (`--center LON,LAT` on the command
    /// line, `center=(LON, LAT)` in Python).
    #[must_use]
    pub fn center_warning(&self, show: &dyn Fn(DVec2) -> String) -> Option<String> {
        swapped_center(self.options.view.center, self.lon_lat_box, show)
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

/// A warning when `center` (longitude, latitude) and the data look the other way round from
/// each other. A latitude beyond the map's (±85.05°, where Web Mercator ends) is the centre's
/// mistake. When the data's box holds the swapped centre but not the centre, either the
/// features' positions are `[latitude, longitude]` (a common slip when writing GeoJSON by
/// hand: its positions are `[longitude, latitude]`) or the centre was; the warning names both,
/// the features first, as the centre is the one a user just typed.
fn swapped_center(center: DVec2, bounds: Option<(DVec2, DVec2)>, show: &dyn Fn(DVec2) -> String) -> Option<String> {
    let swapped = DVec2::new(center.y, center.x);
    let inside = |p: DVec2, (lo, hi): (DVec2, DVec2)| p.cmpge(lo).all() && p.cmple(hi).all();
    if center.y.abs() > MAX_LATITUDE {
        return Some(format!(
            "{} is longitude,latitude and its latitude {} is beyond the map's ±85.05°: did you mean {}?",
            show(center),
            center.y,
            show(swapped)
        ));
    }
    let (lo, hi) = bounds.filter(|&b| inside(swapped, b) && !inside(center, b))?;
    Some(format!(
        "the features lie around {},{} (longitude,latitude from {},{} to {},{}), where the view's centre {} is with \
         its two numbers swapped, and not around the centre: either the features' coordinates are \
         [latitude, longitude] (GeoJSON positions are [longitude, latitude]: swap each position's two numbers), \
         or the centre is latitude,longitude (then {})",
        swapped.x,
        swapped.y,
        lo.x,
        lo.y,
        hi.x,
        hi.y,
        show(center),
        show(swapped)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swapped_centre_is_seen_by_latitude_or_by_the_data() {
        let show = |c: DVec2| format!("--center {},{}", c.x, c.y);
        let vienna = Some((DVec2::new(16.2, 48.1), DVec2::new(16.5, 48.3)));
        assert!(swapped_center(DVec2::new(16.37, 48.2), vienna, &show).is_none());
        let w = swapped_center(DVec2::new(48.2, 16.37), vienna, &show).unwrap();
        assert!(w.contains("the features' coordinates are [latitude, longitude]"), "{w}");
        assert!(w.contains("or the centre is latitude,longitude (then --center 16.37,48.2)"), "{w}");
        let w = swapped_center(DVec2::new(10.0, 88.0), None, &show).unwrap();
        assert!(w.contains("beyond") && w.contains("did you mean --center 88,10?"), "{w}");
        // Far from the data either way: nothing to suggest.
        assert!(swapped_center(DVec2::new(100.0, 10.0), vienna, &show).is_none());
    }
}
