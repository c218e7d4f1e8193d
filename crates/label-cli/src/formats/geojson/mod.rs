//! GeoJSON input and output on the command line: the flags ([`GeoArgs`]), which reader a
//! document goes to ([`read`]), the features written back with their decisions (`write.rs`) and
//! drawn under the labels (`layer.rs`).
//!
//! What a feature becomes — the view, points with their symbols, lines straight or along,
//! polygons at their pole of inaccessibility, priorities and ties, the reasons of features
//! without a label, the warnings — is `label_style`'s (`label_style::readers` and the modules
//! it names). The format is described in `docs/format.md`.

mod args;
mod layer;
mod write;

use std::path::Path;

pub use args::{Format, GeoArgs, LinePlacement, Order, OutputFormat};
use label_core::Placement;
pub use label_style::readers::{Feature, GeoDocument, GeometryRef, LineGeometry, PropertiesRef, Skip, Slot};
pub use label_style::settings::GeoOptions;
pub use write::{RESULT_KEYS, to_geojson, to_json, write_geojson};

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

    /// What looks wrong although the document was read (`label_style::warnings`): one line each.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        match self {
            Input::Json(_) => Vec::new(),
            Input::Geo(geo) => geo.warnings(),
        }
    }

    /// What looks wrong in the result although it was placed (`label_style::warnings`).
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
                (&geo.doc, layer::map_layer(geo), markers)
            }
        };
        match style {
            svg::Style::Debug => svg::render_over(doc, placement, &layer),
            svg::Style::Map => crate::formats::picture::map::render(doc, placement, &layer, markers.as_ref()),
        }
    }

    /// The result in the output format: the label-set result `out` for label-set input,
    /// for GeoJSON input GeoJSON or the per-feature label-set result, as `output` says.
    ///
    /// # Errors
    /// Only if serde_json cannot encode.
    pub fn encode(
        &self,
        out: &Output<'_>,
        placement: &Placement,
        pretty: bool,
        output: OutputFormat,
    ) -> serde_json::Result<Vec<u8>> {
        match self {
            Input::Json(_) if pretty => serde_json::to_vec_pretty(out),
            Input::Json(_) => crate::formats::output::to_json(out),
            Input::Geo(geo) => match output {
                OutputFormat::Geojson => to_geojson(geo, placement, pretty),
                OutputFormat::Json => to_json(geo, placement, out.stats, pretty),
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
    if is_csv(path, args) {
        label_style::readers::csv::to_feature_collection(&text, &args.csv_columns())
    } else {
        Ok(text)
    }
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
/// a CSV table (see [`is_csv`]) is first turned into a FeatureCollection (`label_style::readers::csv`), so
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
    label_style::readers::read(text, &options).map(|g| Input::Geo(Box::new(g)))
}
