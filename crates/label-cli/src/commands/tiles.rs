//! `declutter tiles FILE`: GeoJSON or CSV features placed zoom by zoom, each zoom's world as
//! one screen, and written as label tiles (a `z/x/y.pbf` folder, a PMTiles archive) and as a
//! tippecanoe-ready GeoJSON sequence ([`label_cli::formats::tiles`]); with `--raster`, as PNG tiles
//! ([`label_cli::formats::tiles::raster`]).
//!
//! One zoom at a time: the features are read for that zoom's view, placed, cut into tiles,
//! encoded on the run's threads and written before the next zoom is read, so memory holds the
//! input's text and one zoom's labels and tiles.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::builder::TypedValueParser as _;
use label_cli::formats::geojson::{self, Slot};
use label_cli::formats::picture::sprite::Painter;
use label_cli::formats::tiles::labels::{self, TiledLabel};
use label_cli::formats::tiles::mvt::{self, Entry};
use label_cli::formats::tiles::raster;
use label_cli::formats::tiles::runs::Runs;
use label_cli::formats::tiles::store::{self, Format, Kind, TileStore};
use label_cli::formats::tiles::{cover, view_flags_given, world_args};
use label_cli::{limits, pipeline, sink};
use rayon::prelude::*;

use super::place::{read_input, set_fonts};
use super::progress::Progress;
use crate::Failure;

/// Arguments of `declutter tiles`.
#[derive(clap::Args)]
pub(crate) struct TilesArgs {
    /// GeoJSON FeatureCollection or CSV table of the features; `-` reads standard input.
    input: PathBuf,
    /// Lowest zoom to write.
    #[arg(long, default_value_t = 0, value_name = "Z")]
    min_zoom: u8,
    /// Highest zoom to write (at most 24).
    #[arg(long, value_name = "Z")]
    max_zoom: u8,
    /// Write the tiles into this folder as `Z/X/Y.pbf` (Mapbox Vector Tiles, uncompressed).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Write the tiles into this PMTiles v3 archive (gzip-compressed MVT).
    #[arg(long, value_name = "FILE")]
    pmtiles: Option<PathBuf>,
    /// Write the shown labels as a GeoJSON sequence for tippecanoe (one feature a line, with
    /// `"tippecanoe": {"minzoom", "maxzoom"}`).
    #[arg(long, value_name = "FILE")]
    tippecanoe: Option<PathBuf>,
    /// Put the hidden labels in the tiles too, with `visible: false` and their `reason`.
    #[arg(long, conflicts_with = "raster")]
    hidden: bool,
    /// Write raster tiles instead: the shown labels drawn as PNG images (`Z/X/Y.png` in
    /// --out-dir, PNG tiles in --pmtiles), each label whole in every tile it reaches.
    #[arg(long)]
    raster: bool,
    /// Side of a raster tile, px: 256, or 512 for the same tiles drawn at twice the density.
    #[arg(long, default_value_t = 256, value_name = "PX", requires = "raster",
          value_parser = clap::builder::PossibleValuesParser::new(["256", "512"]).map(|v| v.parse::<u32>().unwrap_or(256)))]
    tile_size: u32,
    /// Replace outputs that exist (only tile folders and PMTiles archives this command wrote,
    /// and regular files).
    #[arg(long)]
    overwrite: bool,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=label_core::limits::MAX_THREADS as i64))]
    threads: Option<u32>,
    /// Measure texts with this TrueType/OpenType font (default: the bundled DejaVu Sans); given
    /// several times, a fallback chain, as for `declutter place`.
    #[arg(long, value_name = "PATH")]
    font: Vec<PathBuf>,
    /// After the --font chain, measure each character no font before has with the first of the
    /// system's fonts that has it, as for `declutter place`.
    #[arg(long)]
    system_fonts: bool,
    /// Print a one-line summary to standard error.
    #[arg(long)]
    summary: bool,
    #[command(flatten)]
    geo: geojson::GeoArgs,
}

/// What a run wrote, for the summary.
#[derive(Default)]
struct Totals {
    /// Labels placed, summed over the zooms.
    placed: u64,
    /// Of those, shown.
    labels: u64,
    tiles: u64,
    place_s: f64,
    write_s: f64,
}

pub(crate) fn run(args: &TilesArgs) -> Result<(), Failure> {
    set_fonts(&args.font, args.system_fonts)?;
    check_args(args)?;
    let path = Some(args.input.as_path()).filter(|p| *p != std::path::Path::new("-"));
    let (name, text) = read_input(Some(args.input.as_path()))?;
    let mut geo_args = args.geo.clone();
    if geo_args.format == geojson::Format::Auto && !geojson::is_csv(path, &geo_args) {
        geo_args.format = geojson::Format::Geojson;
    }
    let text = geojson::prepare(path, text, &geo_args).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, |t| t as usize))
        .build()
        .context("cannot start worker threads")?;
    let (min, max) = (args.min_zoom, args.max_zoom);
    let scale = args.tile_size / 256;
    let (metadata, format) = if args.raster {
        (store::raster_metadata(&name, min, max, args.tile_size), Format::Png)
    } else {
        (store::metadata(&name, min, max), Format::Mvt)
    };
    let painter = args.raster.then(|| Painter::new(label_cli::measure::font(), scale));
    let mut stores = Vec::new();
    if let Some(dir) = &args.out_dir {
        let folder = TileStore::folder(dir, metadata.clone(), format);
        stores.push(folder.with_context(|| format!("cannot write {}", dir.display()))?);
    }
    if let Some(file) = &args.pmtiles {
        let archive = TileStore::pmtiles(file, &metadata, min, max, format);
        stores.push(archive.with_context(|| format!("cannot write {}", file.display()))?);
    }
    let mut sequence = match &args.tippecanoe {
        Some(file) => Some(std::io::BufWriter::new(
            sink::Sink::create(file).with_context(|| format!("cannot write {}", file.display()))?,
        )),
        None => None,
    };
    let progress = Progress::zooms(u64::from(max - min) + 1);
    let mut runs = Runs::default();
    let mut first_zoom: Vec<Option<u8>> = Vec::new();
    let mut totals = Totals::default();
    for z in min..=max {
        let started = Instant::now();
        let zoom_args = world_args(&geo_args, z);
        let input = pool.install(|| geojson::read(path, &text, &zoom_args));
        let mut input = input.map_err(|e| Failure::Input(format!("{name}: zoom {z}: {e}")))?;
        let settings = pipeline::Settings::from_flags(0.0, None, false).map_err(Failure::Input)?;
        input.document_mut().options.max_overlap_area = settings.max_overlap_area;
        input.document_mut().options.tile_size = settings.tile_size;
        let geojson::Input::Geo(geo) = &input else {
            return Err(Failure::Input(format!("{name}: declutter tiles reads GeoJSON or CSV features")));
        };
        if z == min {
            for warning in input.warnings().into_iter().chain(unlabelled(&geo.slots)) {
                progress.eprintln(&format!("declutter: warning: {name}: {warning}"));
            }
            first_zoom = vec![None; geo.slots.len()];
        }
        let placement =
            pool.install(|| geo.doc.place()).map_err(|e| Failure::Input(format!("{name}: zoom {z}: {e}")))?;
        let zoom_labels = labels::labels(geo, &placement, args.hidden);
        totals.placed += geo.doc.labels.len() as u64;
        totals.place_s += started.elapsed().as_secs_f64();
        let started = Instant::now();
        let tiles = match &painter {
            Some(painter) => pool.install(|| draw_zoom(z, &geo.doc, &placement, painter))?,
            None => Vec::new(),
        };
        drop(input);
        for l in zoom_labels.iter().filter(|l| l.visible) {
            first_zoom[l.feature].get_or_insert(z);
        }
        let tiles = match painter {
            Some(_) => tiles,
            None => pool.install(|| encode_zoom(z, &zoom_labels, &first_zoom))?,
        };
        for ((x, y), bytes) in &tiles {
            for s in &mut stores {
                s.put(z, *x, *y, bytes).with_context(|| format!("cannot write tile {z}/{x}/{y}"))?;
            }
        }
        if let Some(w) = &mut sequence {
            runs.zoom(z, &zoom_labels, &first_zoom, w).context("cannot write the tippecanoe sequence")?;
        }
        totals.write_s += started.elapsed().as_secs_f64();
        let shown = zoom_labels.iter().filter(|l| l.visible).count();
        totals.labels += shown as u64;
        totals.tiles += tiles.len() as u64;
        progress.inc();
        progress.set_message(format!("zoom {z}: {shown} labels shown, {} tiles", tiles.len()));
    }
    progress.finish();
    for s in stores {
        s.commit().context("cannot finish the tiles")?;
    }
    if let (Some(mut w), Some(file)) = (sequence, &args.tippecanoe) {
        runs.finish(&first_zoom, &mut w).and_then(|_| w.flush()).context("cannot write the tippecanoe sequence")?;
        let sink = w.into_inner().map_err(|e| anyhow::anyhow!("cannot write {}: {}", file.display(), e.error()))?;
        sink.commit().with_context(|| format!("cannot write {}", file.display()))?;
    }
    if args.summary {
        eprintln!(
            "{name}: zooms {min}–{max}: {} labels placed, {} shown, {} tiles; placed {:.0} labels/s, wrote {:.0} tiles/s",
            totals.placed,
            totals.labels,
            totals.tiles,
            totals.placed as f64 / totals.place_s.max(1e-9),
            totals.tiles as f64 / totals.write_s.max(1e-9)
        );
    }
    Ok(())
}

/// Refuses what cannot run: no output, a zoom range beyond the limits, view flags (the command
/// sets the view), an output that exists.
fn check_args(args: &TilesArgs) -> Result<(), Failure> {
    if args.out_dir.is_none() && args.pmtiles.is_none() && args.tippecanoe.is_none() {
        return Err(Failure::Input("no output: give --out-dir DIR, --pmtiles FILE or --tippecanoe FILE".into()));
    }
    let limit = limits::MAX_TILE_ZOOM;
    if args.max_zoom > limit {
        return Err(Failure::Input(format!("--max-zoom: expected a zoom from 0 to {limit}, got {}", args.max_zoom)));
    }
    if args.min_zoom > args.max_zoom {
        let (min, max) = (args.min_zoom, args.max_zoom);
        return Err(Failure::Input(format!("--min-zoom {min} is above --max-zoom {max}")));
    }
    let view = view_flags_given(&args.geo);
    if !view.is_empty() {
        return Err(Failure::Input(format!(
            "{}: declutter tiles sets the view itself (each zoom's whole world as one screen)",
            view.join(", ")
        )));
    }
    let targets = [(&args.out_dir, Kind::Folder), (&args.pmtiles, Kind::Pmtiles), (&args.tippecanoe, Kind::Text)];
    for (path, kind) in targets.iter().filter_map(|(p, k)| Some((p.as_deref()?, *k))) {
        if label_cli::sink::same_file(&args.input, path) {
            return Err(Failure::Input(format!("{} is the input file", path.display())));
        }
        store::check_target(path, kind, args.overwrite).map_err(Failure::Input)?;
    }
    Ok(())
}

/// A warning counting the features that get no label, by reason.
fn unlabelled(slots: &[Slot]) -> Option<String> {
    let mut reasons = BTreeMap::new();
    for slot in slots {
        if let Slot::Skipped(skip) = slot {
            *reasons.entry(skip.name()).or_insert(0_usize) += 1;
        }
    }
    let total: usize = reasons.values().sum();
    let listed: Vec<String> = reasons.iter().map(|(name, n)| format!("{name}: {n}")).collect();
    (total > 0).then(|| format!("{total} features get no label and are in no tile ({})", listed.join(", ")))
}

/// A tile's column and row, and its MVT bytes.
type EncodedTile = ((u32, u32), Vec<u8>);

/// Zoom `z`'s raster tiles, in tile order: each shown label of `doc` drawn once, then copied
/// into every tile it covers.
fn draw_zoom(
    z: u8,
    doc: &label_cli::formats::convert::Document,
    placement: &label_core::Placement,
    painter: &Painter,
) -> Result<Vec<EncodedTile>, Failure> {
    let sprites = raster::sprites(doc, placement, painter).map_err(|e| Failure::Input(format!("zoom {z}: {e}")))?;
    let scale = painter.scale();
    let tiles: Vec<_> = raster::cover(z, &sprites, scale).into_iter().collect();
    tiles
        .into_par_iter()
        .map(|((x, y), entries)| {
            raster::tile(y, &sprites, &entries, scale)
                .and_then(|tile| raster::png(&tile))
                .map(|bytes| ((x, y), bytes))
                .map_err(|e| Failure::Input(format!("tile {z}/{x}/{y}: {e}")))
        })
        .collect()
}

/// Zoom `z`'s tiles, encoded, in tile order: each label in every tile it reaches.
fn encode_zoom(z: u8, zoom_labels: &[TiledLabel], first_zoom: &[Option<u8>]) -> Result<Vec<EncodedTile>, Failure> {
    let mut tiles: BTreeMap<(u32, u32), Vec<Entry<'_>>> = BTreeMap::new();
    for label in zoom_labels {
        let first = if label.visible { first_zoom[label.feature] } else { None };
        for (tile, column) in cover::tiles(z, label.point, &label.bounds) {
            tiles.entry(tile).or_default().push(Entry { label, column, first_zoom: first });
        }
    }
    let tiles: Vec<_> = tiles.into_iter().collect();
    tiles
        .into_par_iter()
        .map(|((x, y), entries)| {
            mvt::encode(y, &entries)
                .map(|bytes| ((x, y), bytes))
                .map_err(|e| Failure::Input(format!("tile {z}/{x}/{y}: cannot encode: {e}")))
        })
        .collect()
}
