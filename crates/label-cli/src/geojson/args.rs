//! The command line's GeoJSON settings: the view and which properties hold what. Raw flags
//! here ([`GeoArgs`]), checked into [`GeoOptions`] once a document turns out to be GeoJSON.

use clap::ValueEnum;
use glam::DVec2;
use label_core::Anchor;

use super::view::{MAX_ZOOM, View};
use crate::measure;

/// Which reader a document goes to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// GeoJSON for a `.geojson` file or a document whose `type` is `FeatureCollection`;
    /// the label-set JSON otherwise.
    #[default]
    Auto,
    /// The label-set JSON (contract §2).
    Json,
    /// A GeoJSON FeatureCollection.
    Geojson,
}

/// What the result of a GeoJSON input is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// The input features with `visible`, `reason`, `hidden_by`, `label_box` added to their
    /// properties.
    Geojson,
    /// The label-set result (`placements` and `stats`), one placement per feature.
    Json,
}

/// Which way the priority property ranks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// A larger value is more important (population).
    #[default]
    Descending,
    /// A smaller value is more important (Natural Earth's `scalerank`: 0 first).
    Ascending,
}

/// GeoJSON flags of `declutter place`. All optional, so that giving one to a non-GeoJSON input
/// can be refused rather than ignored.
#[derive(clap::Args, Clone, Debug, Default)]
#[allow(clippy::struct_field_names, reason = "the fields mirror the flag names")]
pub struct GeoArgs {
    /// Input format.
    #[arg(long, value_enum, default_value_t = Format::Auto, help_heading = "Input format")]
    pub format: Format,
    /// Output format for GeoJSON input [default: geojson].
    #[arg(long, value_enum, help_heading = "GeoJSON input")]
    pub output_format: Option<OutputFormat>,
    /// Zoom level of the view (Web Mercator, 256-px tiles); required for GeoJSON.
    #[arg(long, value_name = "Z", help_heading = "GeoJSON input")]
    pub zoom: Option<f64>,
    /// Longitude and latitude of the view's centre, degrees; required for GeoJSON.
    #[arg(long, value_name = "LON,LAT", allow_hyphen_values = true, value_parser = pair::<','>, help_heading = "GeoJSON input")]
    pub center: Option<DVec2>,
    /// Viewport size, px [default: 1920x1080].
    #[arg(long, value_name = "WxH", value_parser = pair::<'x'>, help_heading = "GeoJSON input")]
    pub size: Option<DVec2>,
    /// Map rotation, degrees clockwise: the compass direction at the top [default: 0].
    #[arg(long, value_name = "DEG", allow_hyphen_values = true, help_heading = "GeoJSON input")]
    pub bearing: Option<f64>,
    /// Property holding the label text [default: name].
    #[arg(long, value_name = "NAME", help_heading = "GeoJSON input")]
    pub text_field: Option<String>,
    /// Property holding the priority (a number, or a string holding one).
    #[arg(long, value_name = "NAME", help_heading = "GeoJSON input")]
    pub priority_field: Option<String>,
    /// `descending`: larger values first; `ascending`: smaller values first (Natural Earth
    /// ranks) [default: descending].
    #[arg(long, value_enum, help_heading = "GeoJSON input")]
    pub priority_order: Option<Order>,
    /// Font size of every label, px [default: 12].
    #[arg(long, value_name = "PX", help_heading = "GeoJSON input")]
    pub font_size: Option<f64>,
    /// Property holding a feature's font size, px (features without it get --font-size).
    #[arg(long, value_name = "NAME", help_heading = "GeoJSON input")]
    pub font_size_field: Option<String>,
    /// Which point of a point label's box sits on the point [default: center].
    #[arg(long, value_name = "ANCHOR", help_heading = "GeoJSON input")]
    pub point_anchor: Option<String>,
    /// Shift of point labels in their own frame, px [default: 0,0].
    #[arg(long, value_name = "DX,DY", allow_hyphen_values = true, value_parser = pair::<','>, help_heading = "GeoJSON input")]
    pub point_offset: Option<DVec2>,
}

/// Checked GeoJSON settings.
#[derive(Clone, Debug, PartialEq)]
pub struct GeoOptions {
    /// The view.
    pub view: View,
    /// Output format.
    pub output: OutputFormat,
    /// Property holding the text.
    pub text_field: String,
    /// Property holding the priority, if any.
    pub priority_field: Option<String>,
    /// How the priority ranks.
    pub priority_order: Order,
    /// Default font size, px.
    pub font_size: f64,
    /// Property holding the font size, if any.
    pub font_size_field: Option<String>,
    /// Anchor of point labels.
    pub point_anchor: Anchor,
    /// Offset of point labels, px.
    pub point_offset: DVec2,
}

/// Parses `A<sep>B` into two finite numbers.
fn pair<const SEP: char>(s: &str) -> Result<DVec2, String> {
    let (a, b) = s.split_once(SEP).ok_or_else(|| format!("expected two numbers as A{SEP}B"))?;
    let number = |t: &str| {
        t.trim().parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| format!("{t:?} is not a finite number"))
    };
    Ok(DVec2::new(number(a)?, number(b)?))
}

impl GeoArgs {
    /// The flags given that only GeoJSON input uses (for refusing them on other input).
    #[must_use]
    pub fn geojson_only_flags(&self) -> Vec<&'static str> {
        let given = [
            ("--output-format", self.output_format.is_some()),
            ("--zoom", self.zoom.is_some()),
            ("--center", self.center.is_some()),
            ("--size", self.size.is_some()),
            ("--bearing", self.bearing.is_some()),
            ("--text-field", self.text_field.is_some()),
            ("--priority-field", self.priority_field.is_some()),
            ("--priority-order", self.priority_order.is_some()),
            ("--font-size", self.font_size.is_some()),
            ("--font-size-field", self.font_size_field.is_some()),
            ("--point-anchor", self.point_anchor.is_some()),
            ("--point-offset", self.point_offset.is_some()),
        ];
        given.into_iter().filter(|(_, g)| *g).map(|(name, _)| name).collect()
    }

    /// Checks the flags for a GeoJSON input.
    ///
    /// # Errors
    /// A message naming the flag and what it expects.
    pub fn options(&self) -> Result<GeoOptions, String> {
        let (Some(zoom), Some(center)) = (self.zoom, self.center) else {
            return Err("GeoJSON input needs the view: --zoom Z and --center LON,LAT (and optionally --size WxH, --bearing DEG)".into());
        };
        if !(zoom.is_finite() && (0.0..=MAX_ZOOM).contains(&zoom)) {
            return Err(format!("--zoom: expected a number from 0 to {MAX_ZOOM}, got {zoom}"));
        }
        if !(center.x.abs() <= 180.0 && center.y.abs() <= 90.0) {
            return Err(format!(
                "--center: expected longitude in [-180, 180] and latitude in [-90, 90], got {},{}",
                center.x, center.y
            ));
        }
        let size = self.size.unwrap_or(DVec2::new(1920.0, 1080.0));
        if !(size.x > 0.0 && size.y > 0.0 && size.max_element() <= label_core::limits::MAX_SIZE) {
            return Err(format!("--size: expected a width and height > 0, got {}x{}", size.x, size.y));
        }
        let bearing = self.bearing.unwrap_or(0.0);
        if !(bearing.is_finite() && bearing.abs() <= label_core::limits::MAX_ANGLE) {
            return Err(format!("--bearing: expected a finite angle in degrees, got {bearing}"));
        }
        let font_size = self.font_size.unwrap_or(12.0);
        measure::check_font_size(font_size).map_err(|p| format!("--font-size: {p}"))?;
        let point_anchor = match &self.point_anchor {
            None => Anchor::Center,
            Some(name) => name
                .parse::<Anchor>()
                .map_err(|_| format!("--point-anchor: {}", label_core::Problem::UnknownAnchor(name.clone())))?,
        };
        let point_offset = self.point_offset.unwrap_or(DVec2::ZERO);
        if point_offset.abs().max_element() > label_core::limits::MAX_COORDINATE {
            return Err(format!("--point-offset: expected offsets of at most 1e15 px, got {point_offset}"));
        }
        Ok(GeoOptions {
            view: View { zoom, center, size, bearing },
            output: self.output_format.unwrap_or(OutputFormat::Geojson),
            text_field: self.text_field.clone().unwrap_or_else(|| "name".into()),
            priority_field: self.priority_field.clone(),
            priority_order: self.priority_order.unwrap_or_default(),
            font_size,
            font_size_field: self.font_size_field.clone(),
            point_anchor,
            point_offset,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args() -> GeoArgs {
        GeoArgs { zoom: Some(4.0), center: Some(DVec2::new(10.0, 50.0)), ..GeoArgs::default() }
    }

    #[test]
    fn pairs_parse_with_their_separator() {
        assert_eq!(pair::<','>("-73.9, 40.7"), Ok(DVec2::new(-73.9, 40.7)));
        assert_eq!(pair::<'x'>("1920x1080"), Ok(DVec2::new(1920.0, 1080.0)));
        assert!(pair::<','>("10").unwrap_err().contains("two numbers"));
        assert!(pair::<','>("10,north").unwrap_err().contains("\"north\""));
        assert!(pair::<','>("10,inf").is_err());
    }

    #[test]
    fn defaults_fill_in() {
        let o = args().options().unwrap();
        assert_eq!(o.view.size, DVec2::new(1920.0, 1080.0));
        assert_eq!(o.view.bearing, 0.0);
        assert_eq!(o.text_field, "name");
        assert_eq!(o.font_size, 12.0);
        assert_eq!(o.output, OutputFormat::Geojson);
        assert_eq!(o.priority_order, Order::Descending);
        assert_eq!(o.point_anchor, Anchor::Center);
        assert!(args().geojson_only_flags() == ["--zoom", "--center"]);
    }

    #[test]
    fn bad_settings_name_their_flag() {
        let e = GeoArgs::default().options().unwrap_err();
        assert!(e.contains("--zoom") && e.contains("--center"), "{e}");
        let e = GeoArgs { zoom: Some(31.0), ..args() }.options().unwrap_err();
        assert!(e.starts_with("--zoom"), "{e}");
        let e = GeoArgs { center: Some(DVec2::new(200.0, 0.0)), ..args() }.options().unwrap_err();
        assert!(e.starts_with("--center"), "{e}");
        let e = GeoArgs { size: Some(DVec2::new(0.0, 10.0)), ..args() }.options().unwrap_err();
        assert!(e.starts_with("--size"), "{e}");
        let e = GeoArgs { font_size: Some(-1.0), ..args() }.options().unwrap_err();
        assert!(e.starts_with("--font-size"), "{e}");
        let e = GeoArgs { point_anchor: Some("middle".into()), ..args() }.options().unwrap_err();
        assert!(e.starts_with("--point-anchor: unknown anchor"), "{e}");
    }
}
