//! The command line's GeoJSON flags ([`GeoArgs`]): the view and which properties hold what,
//! handed to the library as its [`Settings`] and checked there into [`GeoOptions`] once a
//! document turns out to be GeoJSON.

use clap::ValueEnum;
use glam::DVec2;
use label_style::settings::{GeoOptions, Settings};

/// Which reader a document goes to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// CSV for a `.csv` file; GeoJSON for a `.geojson` file or a document whose `type` is
    /// `FeatureCollection`; the label-set JSON otherwise.
    #[default]
    Auto,
    /// The label-set JSON `{"labels": [...]}` of docs/format.md.
    Json,
    /// A GeoJSON FeatureCollection.
    Geojson,
    /// A CSV table with a header, one point per row (also chosen by a `.csv` file).
    Csv,
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

/// How a line's name is placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LinePlacement {
    /// One straight box on the longest straight-enough run of the line.
    #[default]
    Straight,
    /// Glyph by glyph along the line, repeated every --symbol-spacing px; straight when the
    /// line is shorter than its name.
    Curved,
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
    #[arg(long, value_name = "NAME", conflicts_with = "priority_map", help_heading = "GeoJSON input")]
    pub priority_field: Option<String>,
    /// How --priority-field (or --priority-map) values rank: `descending`, larger first;
    /// `ascending`, smaller first (Natural Earth ranks) [default: descending].
    #[arg(long, value_enum, help_heading = "GeoJSON input")]
    pub priority_order: Option<Order>,
    /// Priority from a class property: `FIELD=VALUE:N,VALUE:N,…` (`*:N` for the other values),
    /// or MapLibre's `["match", ["get", FIELD], VALUE, N, …, DEFAULT]`; higher first.
    #[arg(long, value_name = "MAP", help_heading = "GeoJSON input")]
    pub priority_map: Option<String>,
    /// Property deciding between labels of equal priority (a number), instead of file order.
    #[arg(long, value_name = "NAME", help_heading = "GeoJSON input")]
    pub tie_field: Option<String>,
    /// `descending`: larger --tie-field values first; `ascending`: smaller first [default:
    /// descending].
    #[arg(long, value_enum, requires = "tie_field", help_heading = "GeoJSON input")]
    pub tie_order: Option<Order>,
    /// Space kept free around every label, px [default: 0].
    #[arg(long, value_name = "PX", allow_hyphen_values = true, help_heading = "GeoJSON input")]
    pub padding: Option<f64>,
    /// Radius of point markers, px: each point's dot is placed too (just before its name, as a
    /// square of its size), and no label may cover a shown dot; point labels then sit beside
    /// their dot (anchor `left`, offset radius + 2 px + --padding) unless --point-anchor /
    /// --point-offset say otherwise. A label that would cover its own dot is refused (and so is
    /// --icon-size, whose icon is centred on the dot: the icon marks the point).
    #[arg(long, value_name = "PX", allow_hyphen_values = true, help_heading = "GeoJSON input")]
    pub marker_radius: Option<f64>,
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
    /// Anchors to try for point texts, in order (MapLibre's text-variable-anchor):
    /// `top,bottom,left,right`, any of the nine.
    #[arg(long, value_name = "ANCHORS", help_heading = "GeoJSON symbols")]
    pub variable_anchor: Option<String>,
    /// Offset of the --variable-anchor texts away from the point, ems of the font size
    /// (MapLibre's text-radial-offset) [default: 0].
    #[arg(long, value_name = "EM", allow_hyphen_values = true, help_heading = "GeoJSON symbols")]
    pub radial_offset: Option<f64>,
    /// Anchors to try with their offsets in ems, y down (MapLibre's
    /// text-variable-anchor-offset): `top:0,1,bottom:0,-1,…`.
    #[arg(long, value_name = "ANCHOR:X,Y,…", allow_hyphen_values = true, help_heading = "GeoJSON symbols")]
    pub variable_anchor_offset: Option<String>,
    /// An icon box of this size, px, centred at every point feature.
    #[arg(long, value_name = "WxH", value_parser = pair::<'x'>, help_heading = "GeoJSON symbols")]
    pub icon_size: Option<DVec2>,
    /// The icon may show without its text.
    #[arg(long, help_heading = "GeoJSON symbols")]
    pub text_optional: bool,
    /// The text may show without its icon.
    #[arg(long, help_heading = "GeoJSON symbols")]
    pub icon_optional: bool,
    /// Labels of one group (the same text) keep this far apart, px: a later one closer to an
    /// earlier shown one is hidden with reason `repeat`.
    #[arg(long, value_name = "PX", allow_hyphen_values = true, help_heading = "GeoJSON symbols")]
    pub repeat_distance: Option<f64>,
    /// Property naming a label's repeat group, instead of its text.
    #[arg(long, value_name = "NAME", help_heading = "GeoJSON symbols")]
    pub repeat_group_field: Option<String>,
    /// How line names are placed: `straight` (one box on the longest straight run) or `curved`
    /// (glyph by glyph along the line) [default: straight].
    #[arg(long, value_enum, help_heading = "GeoJSON lines")]
    pub line_placement: Option<LinePlacement>,
    /// Distance between the names along one line, px (MapLibre's symbol-spacing) [default: 250].
    #[arg(long, value_name = "PX", allow_hyphen_values = true, help_heading = "GeoJSON lines")]
    pub symbol_spacing: Option<f64>,
    /// Largest turn between two consecutive glyphs of a curved name, degrees (MapLibre's
    /// text-max-angle) [default: 45].
    #[arg(long, value_name = "DEG", allow_hyphen_values = true, help_heading = "GeoJSON lines")]
    pub max_angle: Option<f64>,
    /// Turn a curved name that would read upside down (MapLibre's text-keep-upright)
    /// [default: true].
    #[arg(long, value_name = "BOOL", help_heading = "GeoJSON lines")]
    pub keep_upright: Option<bool>,
    /// CSV column holding the longitude [default: the first named longitude, lon, lng, long
    /// or x].
    #[arg(long, value_name = "NAME", help_heading = "CSV input (also takes the GeoJSON flags)")]
    pub x_field: Option<String>,
    /// CSV column holding the latitude [default: the first named latitude, lat or y].
    #[arg(long, value_name = "NAME", help_heading = "CSV input (also takes the GeoJSON flags)")]
    pub y_field: Option<String>,
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
            ("--priority-map", self.priority_map.is_some()),
            ("--tie-field", self.tie_field.is_some()),
            ("--tie-order", self.tie_order.is_some()),
            ("--padding", self.padding.is_some()),
            ("--marker-radius", self.marker_radius.is_some()),
            ("--priority-order", self.priority_order.is_some()),
            ("--font-size", self.font_size.is_some()),
            ("--font-size-field", self.font_size_field.is_some()),
            ("--point-anchor", self.point_anchor.is_some()),
            ("--point-offset", self.point_offset.is_some()),
            ("--variable-anchor", self.variable_anchor.is_some()),
            ("--radial-offset", self.radial_offset.is_some()),
            ("--variable-anchor-offset", self.variable_anchor_offset.is_some()),
            ("--icon-size", self.icon_size.is_some()),
            ("--text-optional", self.text_optional),
            ("--icon-optional", self.icon_optional),
            ("--repeat-distance", self.repeat_distance.is_some()),
            ("--repeat-group-field", self.repeat_group_field.is_some()),
            ("--x-field", self.x_field.is_some()),
            ("--y-field", self.y_field.is_some()),
            ("--line-placement", self.line_placement.is_some()),
            ("--symbol-spacing", self.symbol_spacing.is_some()),
            ("--max-angle", self.max_angle.is_some()),
            ("--keep-upright", self.keep_upright.is_some()),
        ];
        given.into_iter().filter(|(_, g)| *g).map(|(name, _)| name).collect()
    }

    /// The CSV flags given (for refusing them on other input).
    #[must_use]
    pub fn csv_only_flags(&self) -> Vec<&'static str> {
        let given = [("--x-field", self.x_field.is_some()), ("--y-field", self.y_field.is_some())];
        given.into_iter().filter(|(_, g)| *g).map(|(name, _)| name).collect()
    }

    /// The coordinate columns of a CSV input.
    #[must_use]
    pub fn csv_columns(&self) -> label_style::readers::csv::Columns {
        label_style::readers::csv::Columns { x: self.x_field.clone(), y: self.y_field.clone() }
    }

    /// The flags as the library's [`Settings`].
    #[must_use]
    pub fn settings(&self) -> Settings {
        Settings {
            zoom: self.zoom,
            center: self.center,
            size: self.size,
            bearing: self.bearing,
            text_field: self.text_field.clone(),
            priority_field: self.priority_field.clone(),
            priority_ascending: self.priority_order == Some(Order::Ascending),
            priority_map: self.priority_map.clone(),
            tie_field: self.tie_field.clone(),
            tie_ascending: self.tie_order == Some(Order::Ascending),
            padding: self.padding,
            marker_radius: self.marker_radius,
            font_size: self.font_size,
            font_size_field: self.font_size_field.clone(),
            point_anchor: self.point_anchor.clone(),
            point_offset: self.point_offset,
            variable_anchor: self.variable_anchor.clone(),
            radial_offset: self.radial_offset,
            variable_anchor_offset: self.variable_anchor_offset.clone(),
            icon_size: self.icon_size,
            text_optional: self.text_optional,
            icon_optional: self.icon_optional,
            repeat_distance: self.repeat_distance,
            repeat_group_field: self.repeat_group_field.clone(),
            curved: self.line_placement == Some(LinePlacement::Curved),
            symbol_spacing: self.symbol_spacing,
            max_angle: self.max_angle,
            keep_upright: self.keep_upright,
        }
    }

    /// What the result is written as (GeoJSON unless `--output-format json`).
    #[must_use]
    pub fn output(&self) -> OutputFormat {
        self.output_format.unwrap_or(OutputFormat::Geojson)
    }

    /// Checks the flags for a GeoJSON input ([`Settings::options`]).
    ///
    /// # Errors
    /// A message naming the flag and what it expects.
    pub fn options(&self) -> Result<GeoOptions, String> {
        self.settings().options()
    }
}

#[cfg(test)]
mod tests {
    use label_core::Anchor;

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
        assert_eq!(args().output(), OutputFormat::Geojson);
        assert!(!o.priority_ascending);
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
        let curved = || GeoArgs { line_placement: Some(LinePlacement::Curved), ..args() };
        assert_eq!(curved().options().unwrap().curved.map(|c| c.spacing), Some(250.0));
        let e = GeoArgs { symbol_spacing: Some(0.0), ..curved() }.options().unwrap_err();
        assert!(e.starts_with("--symbol-spacing"), "{e}");
        let e = GeoArgs { max_angle: Some(200.0), ..curved() }.options().unwrap_err();
        assert!(e.starts_with("--max-angle"), "{e}");
        let e = GeoArgs { max_angle: Some(30.0), ..args() }.options().unwrap_err();
        assert_eq!(e, "--max-angle needs --line-placement curved");
    }
}
