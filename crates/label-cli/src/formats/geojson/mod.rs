//! GeoJSON input and output: map features in, labels placed on a view given on the command
//! line, the features back out with their decisions.
//!
//! - **View**: Web Mercator with 256-px tiles at `--zoom`, centred on `--center`, a viewport of
//!   `--size` px, turned by `--bearing` ([`view`]).
//! - **Points** (and the first point of a MultiPoint) get a label at the point, upright, with
//!   `--point-anchor` and `--point-offset`. **LineStrings and MultiLineStrings** get one label
//!   along the longest straight-enough stretch on screen, never upside down ([`mod@line`]).
//!   **Polygons and MultiPolygons** get one label centred at the pole of inaccessibility of
//!   their largest part on screen ([`polygon`]). A feature across the antimeridian is drawn
//!   whole, in the copy of the world nearest the view ([`view::View::project_parts`]).
//! - **CSV tables** become Point features first ([`crate::formats::csv`]).
//! - **Text** from `--text-field`, measured in the run's font at `--font-size` or the
//!   `--font-size-field` property; **priority** from `--priority-field` in
//!   `--priority-order`, or from classes with `--priority-map` ([`priority`]); ties decided by
//!   `--tie-field`, then file order. `--padding` pads every label; `--marker-radius` makes each
//!   point's dot an obstacle.
//! - **Symbols**: MapLibre's candidate anchors, icon, optional parts and repeat groups from
//!   the command line (`symbols.rs`).
//! - **Every feature comes out**: one without a label is hidden with a reason (`no_geometry`,
//!   `unsupported`, `no_text`: [`Skip`]); a run that looks wrong is warned about
//!   (`warnings.rs`).
//!
//! The format is described in `docs/format.md`.

pub mod along;
mod args;
mod collection;
mod feature;
mod features;
mod flag;
mod layer;
pub mod line;
mod line_geometry;
pub mod polygon;
pub mod priority;
mod symbols;
pub mod view;
mod warnings;
mod write;

use std::path::Path;

pub use args::{Format, GeoArgs, GeoOptions, LinePlacement, Order, OutputFormat};
pub use feature::{Feature, GeometryRef, PropertiesRef};
pub use features::{GeoDocument, Skip, Slot};
use label_core::Placement;
pub use line_geometry::LineGeometry;
pub use write::RESULT_KEYS;

use crate::formats::convert::{self, Document, InputError};
use crate::formats::output::Output;
use crate::formats::picture::svg;

/// A document read in either format.
pub enum Input<'a> {
    /// The label-set JSON (contract §2).
    Json(Box<Document>),
    /// A GeoJSON FeatureCollection.
    Geo(Box<GeoDocument<'a>>),
}

impl<'a> Input<'a> {
    /// The labels for the engine.
    #[must_use]
    pub fn document(&self) -> &Document {
        match self {
            Input::Json(doc) => doc,
            Input::Geo(geo) => &geo.doc,
        }
    }

    /// The labels for the engine, to adjust the options.
    pub fn document_mut(&mut self) -> &mut Document {
        match self {
            Input::Json(doc) => doc,
            Input::Geo(geo) => &mut geo.doc,
        }
    }

    /// What looks wrong although the document was read (see `warnings.rs`): one line each.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        match self {
            Input::Json(_) => Vec::new(),
            Input::Geo(geo) => geo.warnings(),
        }
    }

    /// What looks wrong in the result although it was placed (see `warnings.rs`).
    #[must_use]
    pub fn placement_warnings(&self, placement: &Placement) -> Vec<String> {
        match self {
            Input::Json(_) => Vec::new(),
            Input::Geo(geo) => geo.marker_warning(placement).into_iter().collect(),
        }
    }

    /// How many inputs the result has an entry for: labels, or features for GeoJSON.
    #[must_use]
    pub fn entries(&self) -> usize {
        match self {
            Input::Json(doc) => doc.labels.len(),
            Input::Geo(geo) => geo.slots.len(),
        }
    }

    /// The debug picture of the result: for GeoJSON, drawn over the features' points and lines.
    #[must_use]
    pub fn svg(&self, placement: &Placement) -> String {
        self.picture(placement, svg::Style::Debug)
    }

    /// The picture of the result in `style`: for GeoJSON, drawn over the features' points and
    /// lines (the point markers of `--marker-radius` in map pictures).
    #[must_use]
    pub fn picture(&self, placement: &Placement, style: svg::Style) -> String {
        let (doc, layer, markers) = match self {
            Input::Json(doc) => (&**doc, crate::formats::picture::layer::MapLayer::default(), None),
            Input::Geo(geo) => {
                let markers = geo
                    .options
                    .marker_radius
                    .map(|radius| crate::formats::picture::map::Markers { radius, labels: geo.markers.clone() });
                (&geo.doc, geo.map_layer(), markers)
            }
        };
        match style {
            svg::Style::Debug => svg::render_over(doc, placement, &layer),
            svg::Style::Map => crate::formats::picture::map::render(doc, placement, &layer, markers.as_ref()),
        }
    }

    /// The result in the output format: the label-set result `out` for label-set input,
    /// GeoJSON or the per-feature label-set result for GeoJSON input.
    ///
    /// # Errors
    /// Only if serde_json cannot encode.
    pub fn encode(&self, out: &Output<'_>, placement: &Placement, pretty: bool) -> serde_json::Result<Vec<u8>> {
        match self {
            Input::Json(_) if pretty => serde_json::to_vec_pretty(out),
            Input::Json(_) => crate::formats::output::to_json(out),
            Input::Geo(geo) => match geo.options.output {
                OutputFormat::Geojson => geo.to_geojson(placement, pretty),
                OutputFormat::Json => geo.to_json(placement, out.stats, pretty),
            },
        }
    }
}

/// The text the readers take: a CSV table as the text of its FeatureCollection, any other
/// document as it is.
///
/// # Errors
/// The CSV reader's errors, naming the line and the column.
pub fn prepare(path: Option<&Path>, text: String, args: &GeoArgs) -> Result<String, InputError> {
    if is_csv(path, args) { crate::formats::csv::to_feature_collection(&text, &args.csv_columns()) } else { Ok(text) }
}

/// Whether a document is GeoJSON: a `.geojson` file, or a JSON object whose `type` is
/// `FeatureCollection`. Only documents that mention `FeatureCollection` at all are parsed to
/// look, so label-set documents pay one substring search.
#[must_use]
pub fn is_geojson(path: Option<&Path>, text: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Probe<'a> {
        #[serde(rename = "type", borrow, default)]
        kind: Option<std::borrow::Cow<'a, str>>,
    }
    if path.and_then(Path::extension).is_some_and(|e| e.eq_ignore_ascii_case("geojson")) {
        return true;
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.contains("FeatureCollection")
        && serde_json::from_str::<Probe<'_>>(text).is_ok_and(|p| p.kind.as_deref() == Some("FeatureCollection"))
}

/// Whether the input is a CSV table: `--format csv`, or a `.csv` file with `--format auto`.
#[must_use]
pub fn is_csv(path: Option<&Path>, args: &GeoArgs) -> bool {
    match args.format {
        Format::Csv => true,
        Format::Auto => path.and_then(Path::extension).is_some_and(|e| e.eq_ignore_ascii_case("csv")),
        Format::Json | Format::Geojson => false,
    }
}

/// Reads `text` (from `path`, when it is a file) as the format `args` and the document select;
/// a CSV table (see [`is_csv`]) is first turned into a FeatureCollection ([`crate::formats::csv`]), so
/// the caller passes it through [`prepare`] first.
///
/// # Errors
/// [`InputError`]: the reader's errors, bad GeoJSON settings, or GeoJSON flags given for a
/// label-set document.
pub fn read<'a>(path: Option<&Path>, text: &'a str, args: &GeoArgs) -> Result<Input<'a>, InputError> {
    let csv = is_csv(path, args);
    let geojson = match args.format {
        Format::Auto => csv || is_geojson(path, text),
        Format::Json => false,
        Format::Geojson | Format::Csv => true,
    };
    let csv_flags = args.csv_only_flags();
    if !csv && !csv_flags.is_empty() {
        return Err(InputError {
            line: None,
            message: format!(
                "{} only {} to CSV input (a `.csv` file, or --format csv)",
                csv_flags.join(", "),
                if csv_flags.len() == 1 { "applies" } else { "apply" }
            ),
        });
    }
    if !geojson {
        let flags = args.geojson_only_flags();
        if !flags.is_empty() {
            return Err(InputError {
                line: None,
                message: format!(
                    "{} only {} to GeoJSON input, and this is a label-set document (not a `.geojson` file, \
                     no `\"type\": \"FeatureCollection\"`; --format geojson reads it as GeoJSON)",
                    flags.join(", "),
                    if flags.len() == 1 { "applies" } else { "apply" }
                ),
            });
        }
        return convert::read_document(text).map(|doc| Input::Json(Box::new(doc)));
    }
    let options = args.options().map_err(|message| InputError { line: None, message })?;
    features::read(text, &options).map(|g| Input::Geo(Box::new(g)))
}
