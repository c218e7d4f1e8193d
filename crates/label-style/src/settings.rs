//! The settings of the flags path: the view and which properties hold what, as the command
//! line's GeoJSON flags give them ([`Settings`], every value as given, `None` where not), checked
//! into [`GeoOptions`] with messages naming the flag. The command line, Python and the web
//! package fill in [`Settings`] from their own arguments, so all check them alike.

use glam::DVec2;
use label_core::Anchor;
use label_core::limits::{MAX_COORDINATE, MAX_SIZE};
use label_core::validate;

use crate::flag::checked;
use crate::lines::along::{Curved, DEFAULT_SPACING};
use crate::measure;
use crate::priorities::PriorityMap;
use crate::projection::{MAX_ZOOM, View};
use crate::symbols::{SymbolFlags, SymbolOptions};

/// The GeoJSON flags of `declutter place` as given (`None`, `false`: not given), named as the
/// flags are.
#[derive(Clone, Debug, Default, PartialEq)]
#[allow(clippy::struct_field_names, reason = "the fields mirror the flag names")]
pub struct Settings {
    /// `--zoom`.
    pub zoom: Option<f64>,
    /// `--center`, longitude and latitude.
    pub center: Option<DVec2>,
    /// `--size`, px.
    pub size: Option<DVec2>,
    /// `--bearing`, degrees.
    pub bearing: Option<f64>,
    /// `--text-field`.
    pub text_field: Option<String>,
    /// `--priority-field`.
    pub priority_field: Option<String>,
    /// `--priority-order ascending`.
    pub priority_ascending: bool,
    /// `--priority-map`.
    pub priority_map: Option<String>,
    /// `--tie-field`.
    pub tie_field: Option<String>,
    /// `--tie-order ascending`.
    pub tie_ascending: bool,
    /// `--padding`, px.
    pub padding: Option<f64>,
    /// `--marker-radius`, px.
    pub marker_radius: Option<f64>,
    /// `--font-size`, px.
    pub font_size: Option<f64>,
    /// `--font-size-field`.
    pub font_size_field: Option<String>,
    /// `--point-anchor`.
    pub point_anchor: Option<String>,
    /// `--point-offset`, px.
    pub point_offset: Option<DVec2>,
    /// `--variable-anchor`.
    pub variable_anchor: Option<String>,
    /// `--radial-offset`, ems.
    pub radial_offset: Option<f64>,
    /// `--variable-anchor-offset`.
    pub variable_anchor_offset: Option<String>,
    /// `--icon-size`, px.
    pub icon_size: Option<DVec2>,
    /// `--text-optional`.
    pub text_optional: bool,
    /// `--icon-optional`.
    pub icon_optional: bool,
    /// `--repeat-distance`, px.
    pub repeat_distance: Option<f64>,
    /// `--repeat-group-field`.
    pub repeat_group_field: Option<String>,
    /// `--line-placement curved`.
    pub curved: bool,
    /// `--symbol-spacing`, px.
    pub symbol_spacing: Option<f64>,
    /// `--max-angle`, degrees.
    pub max_angle: Option<f64>,
    /// `--keep-upright`.
    pub keep_upright: Option<bool>,
}

/// Checked GeoJSON settings.
#[derive(Clone, Debug, PartialEq)]
pub struct GeoOptions {
    /// The view.
    pub view: View,
    /// Property holding the text.
    pub text_field: String,
    /// Property holding the priority, if any.
    pub priority_field: Option<String>,
    /// Priorities from a class property, if given.
    pub priority_map: Option<PriorityMap>,
    /// Property deciding ties, if any.
    pub tie_field: Option<String>,
    /// Whether a smaller tie value goes first (`--tie-order ascending`).
    pub tie_ascending: bool,
    /// Padding of every label, px.
    pub padding: f64,
    /// Radius of the point markers, px; `None`: no markers.
    pub marker_radius: Option<f64>,
    /// Whether a smaller priority value is more important (`--priority-order ascending`).
    pub priority_ascending: bool,
    /// Default font size, px.
    pub font_size: f64,
    /// Property holding the font size, if any.
    pub font_size_field: Option<String>,
    /// Anchor of point labels.
    pub point_anchor: Anchor,
    /// Offset of point labels, px.
    pub point_offset: DVec2,
    /// Symbol settings; `None`: plain labels.
    pub symbols: Option<SymbolOptions>,
    /// Names along their lines (`--line-placement curved`); `None`: straight.
    pub curved: Option<Curved>,
}

/// Space between a point's marker and its label's padded box (with the default anchor), px.
pub const MARKER_GAP: f64 = 2.0;

/// `v` written for a message, as every door writes numbers ([`label_core::Shown`]).
fn shown(v: f64) -> String {
    label_core::Shown(v).to_string()
}

impl Settings {
    /// The curved-line settings: `None` for straight names.
    fn curved_lines(&self) -> Result<Option<Curved>, String> {
        if !self.curved {
            let given = [
                ("--symbol-spacing", self.symbol_spacing.is_some()),
                ("--max-angle", self.max_angle.is_some()),
                ("--keep-upright", self.keep_upright.is_some()),
            ];
            return match given.into_iter().find(|(_, g)| *g) {
                Some((flag, _)) => Err(format!("{flag} needs --line-placement curved")),
                None => Ok(None),
            };
        }
        let spacing = self.symbol_spacing.unwrap_or(DEFAULT_SPACING);
        if !(1.0..=label_core::limits::MAX_SIZE).contains(&spacing) {
            return Err(format!("--symbol-spacing: expected a number of px from 1 to 1e15, got {}", shown(spacing)));
        }
        let max_angle = self.max_angle.unwrap_or(label_core::path::DEFAULT_MAX_ANGLE);
        if !(0.0..=180.0).contains(&max_angle) {
            return Err(format!("--max-angle: expected degrees from 0 to 180, got {}", shown(max_angle)));
        }
        Ok(Some(Curved { spacing, max_angle, keep_upright: self.keep_upright.unwrap_or(true) }))
    }

    /// Checks the flags for a GeoJSON input.
    ///
    /// # Errors
    /// A message naming the flag and what it expects.
    pub fn options(&self) -> Result<GeoOptions, String> {
        let (Some(zoom), Some(center)) = (self.zoom, self.center) else {
            return Err("GeoJSON and CSV input need the view: --zoom Z and --center LON,LAT (and optionally --size WxH, --bearing DEG)".into());
        };
        if !(zoom.is_finite() && (0.0..=MAX_ZOOM).contains(&zoom)) {
            return Err(format!("--zoom: expected a number from 0 to {MAX_ZOOM}, got {}", shown(zoom)));
        }
        if !(center.x.abs() <= 180.0 && center.y.abs() <= 90.0) {
            return Err(format!(
                "--center: expected longitude in [-180, 180] and latitude in [-90, 90], got {},{}",
                shown(center.x),
                shown(center.y)
            ));
        }
        let size = self.size.unwrap_or(DVec2::new(1920.0, 1080.0));
        checked("--size width", validate::positive(size.x, MAX_SIZE))?;
        checked("--size height", validate::positive(size.y, MAX_SIZE))?;
        let bearing = checked("--bearing", validate::angle(self.bearing.unwrap_or(0.0)))?;
        let font_size = self.font_size.unwrap_or(12.0);
        measure::check_font_size(font_size).map_err(|p| format!("--font-size: {p}"))?;
        let padding = checked("--padding", validate::non_negative(self.padding.unwrap_or(0.0), MAX_SIZE))?;
        let marker_radius = self.marker_radius;
        if let Some(r) = marker_radius {
            checked("--marker-radius", validate::positive(r, MAX_SIZE))?;
        }
        let priority_map = self.priority_map.as_deref().map(PriorityMap::parse).transpose();
        let priority_map = priority_map.map_err(|e| format!("--priority-map: {e}"))?;
        let point_anchor = match &self.point_anchor {
            None if marker_radius.is_some() => Anchor::Left,
            None => Anchor::Center,
            Some(name) => name
                .parse::<Anchor>()
                .map_err(|_| format!("--point-anchor: {}", label_core::Problem::UnknownAnchor(name.clone())))?,
        };
        if let (Some(r), Some(icon)) = (marker_radius, self.icon_size) {
            return Err(format!(
                "--marker-radius {r} with --icon-size {}x{}: each point's icon is centred on the point, where its \
                 marker is, so the marker would hide its own label; the icon marks the point: give --icon-size \
                 or --marker-radius, not both",
                icon.x, icon.y
            ));
        }
        // The text's padded box starts `MARKER_GAP` px beyond the dot.
        let beside_marker = match (self.point_anchor.is_none(), marker_radius) {
            (true, Some(r)) => DVec2::new(r + MARKER_GAP + padding, 0.0),
            _ => DVec2::ZERO,
        };
        let point_offset = self.point_offset.unwrap_or(beside_marker);
        checked("--point-offset", validate::within(point_offset.x, MAX_COORDINATE))?;
        checked("--point-offset", validate::within(point_offset.y, MAX_COORDINATE))?;
        let symbols = SymbolFlags {
            variable_anchor: self.variable_anchor.as_deref(),
            radial_offset: self.radial_offset,
            variable_anchor_offset: self.variable_anchor_offset.as_deref(),
            icon_size: self.icon_size,
            text_optional: self.text_optional,
            icon_optional: self.icon_optional,
            repeat_distance: self.repeat_distance,
            repeat_group_field: self.repeat_group_field.as_deref(),
        }
        .options()?;
        let curved = self.curved_lines()?;
        Ok(GeoOptions {
            view: View { zoom, center, size, bearing },
            text_field: self.text_field.clone().unwrap_or_else(|| "name".into()),
            priority_field: self.priority_field.clone(),
            priority_map,
            tie_field: self.tie_field.clone(),
            tie_ascending: self.tie_ascending,
            padding,
            marker_radius,
            priority_ascending: self.priority_ascending,
            font_size,
            font_size_field: self.font_size_field.clone(),
            point_anchor,
            point_offset,
            symbols,
            curved,
        })
    }
}
