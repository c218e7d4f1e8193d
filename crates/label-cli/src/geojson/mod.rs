//! GeoJSON input and output: map features in, labels placed on a view given on the command
//! line, the features back out with their decisions.
//!
//! - **View**: Web Mercator with 256-px tiles at `--zoom`, centred on `--center`, a viewport of
//!   `--size` px, turned by `--bearing` ([`view`]).
//! - **Points** (and the first point of a MultiPoint) get a label at the point, upright, with
//!   `--point-anchor` and `--point-offset`. **LineStrings and MultiLineStrings** get one label
//!   along the longest straight-enough stretch on screen, never upside down ([`mod@line`]).
//! - **Text** from `--text-field`, measured in the run's font at `--font-size` or the
//!   `--font-size-field` property; **priority** from `--priority-field` in
//!   `--priority-order`.
//! - **Every feature comes out**: one without a label is hidden with a reason (`no_geometry`,
//!   `unsupported`, `no_text`: [`Skip`]).
//!
//! The format is described in `docs/format.md`.

mod args;
mod features;
mod layer;
pub mod line;
pub mod view;
mod write;

use std::path::Path;

pub use args::{Format, GeoArgs, GeoOptions, Order, OutputFormat};
pub use features::{GeoDocument, Skip, Slot};
use label_core::Placement;
pub use write::RESULT_KEYS;

use crate::convert::{self, Document, InputError};
use crate::output::Output;
use crate::svg;

/// A document read in either format.
pub enum Input<'a> {
    /// The label-set JSON (contract §2).
    Json(Document),
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

    /// The picture of the result: for GeoJSON, drawn over the features' points and lines.
    #[must_use]
    pub fn svg(&self, placement: &Placement) -> String {
        match self {
            Input::Json(doc) => svg::render(doc, placement),
            Input::Geo(geo) => svg::render_over(&geo.doc, placement, &geo.map_layer()),
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
            Input::Json(_) => serde_json::to_vec(out),
            Input::Geo(geo) => match geo.options.output {
                OutputFormat::Geojson => geo.to_geojson(placement, pretty),
                OutputFormat::Json => geo.to_json(placement, out.stats, pretty),
            },
        }
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

/// Reads `text` (from `path`, when it is a file) as the format `args` and the document select.
///
/// # Errors
/// [`InputError`]: the reader's errors, bad GeoJSON settings, or GeoJSON flags given for a
/// label-set document.
pub fn read<'a>(path: Option<&Path>, text: &'a str, args: &GeoArgs) -> Result<Input<'a>, InputError> {
    let geojson = match args.format {
        Format::Auto => is_geojson(path, text),
        Format::Json => false,
        Format::Geojson => true,
    };
    if !geojson {
        let flags = args.geojson_only_flags();
        if !flags.is_empty() {
            return Err(InputError {
                line: None,
                message: format!(
                    "{} only apply to GeoJSON input, and this is a label-set document (not a `.geojson` file, \
                     no `\"type\": \"FeatureCollection\"`; --format geojson reads it as GeoJSON)",
                    flags.join(", ")
                ),
            });
        }
        return convert::read_document(text).map(Input::Json);
    }
    let options = args.options().map_err(|message| InputError { line: None, message })?;
    features::read(text, &options).map(|g| Input::Geo(Box::new(g)))
}
