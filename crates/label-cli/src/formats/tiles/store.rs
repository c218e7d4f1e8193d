//! Where tiles are written: a `z/x/y.pbf` (or `.png`) folder or a PMTiles v3 archive (written by
//! the `pmtiles` crate, vector tiles gzip-compressed as MVT archives usually are, PNG as they are).
//!
//! Both are built beside their target (a hidden folder, a temporary file) and moved over it
//! once complete, so that a failed run leaves the target as it was; they are registered with
//! [`crate::sink`]'s temporary files, so that an interrupted run removes them too. An existing target is
//! replaced only when asked (`--overwrite`) and only when it is what this tool writes: a
//! folder holding its `metadata.json` (`"generator": "declutter tiles"`), or a regular file
//! that is a PMTiles v3 archive.

use std::fs::{self, File};
use std::io::{self, BufWriter, Read};
use std::path::{Path, PathBuf};

use pmtiles::{PmTilesStreamWriter, PmTilesWriter, TileCoord, TileType};
use serde_json::{Value, json};
use tempfile::{NamedTempFile, TempDir};

use super::LAYER;

/// The `generator` of the metadata, which marks a folder as this tool's.
pub const GENERATOR: &str = "declutter tiles";

/// The first bytes of a PMTiles v3 archive.
const PMTILES_MAGIC: &[u8; 8] = b"PMTiles\x03";

/// What the tiles are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Mapbox Vector Tiles (`.pbf`).
    Mvt,
    /// PNG images (`.png`).
    Png,
}

impl Format {
    /// The file name extension of a tile in a folder.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Format::Mvt => "pbf",
            Format::Png => "png",
        }
    }
}

/// Which kind of target a path is meant to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `z/x/y.pbf` folder.
    Folder,
    /// A PMTiles archive.
    Pmtiles,
    /// A text file (the GeoJSON sequence).
    Text,
}

/// Whether `path` may be written: missing, or (with `overwrite`) something this tool writes
/// of `kind`. The message says why not.
///
/// # Errors
/// The path exists and may not be replaced.
pub fn check_target(path: &Path, kind: Kind, overwrite: bool) -> Result<(), String> {
    let Ok(meta) = fs::symlink_metadata(path) else { return Ok(()) };
    let shown = path.display();
    if !overwrite {
        return Err(format!("{shown} exists (--overwrite replaces it)"));
    }
    let ours = match kind {
        Kind::Folder => meta.is_dir() && made_here(path),
        Kind::Pmtiles => meta.is_file() && starts_with(path, PMTILES_MAGIC),
        Kind::Text => meta.is_file(),
    };
    if ours {
        return Ok(());
    }
    let what = match kind {
        Kind::Folder => "a tile folder written by declutter tiles (with its metadata.json)",
        Kind::Pmtiles => "a PMTiles v3 archive",
        Kind::Text => "a regular file",
    };
    Err(format!("{shown} is not {what}: not replaced, even with --overwrite"))
}

fn made_here(dir: &Path) -> bool {
    let Ok(text) = fs::read_to_string(dir.join("metadata.json")) else { return false };
    serde_json::from_str::<Value>(&text).is_ok_and(|v| v.get("generator").and_then(Value::as_str) == Some(GENERATOR))
}

fn starts_with(path: &Path, magic: &[u8]) -> bool {
    let mut head = vec![0; magic.len()];
    File::open(path).and_then(|mut f| f.read_exact(&mut head)).is_ok() && head == magic
}

/// The metadata of a raster tile set of zooms `min..=max`, tiles `side` px square.
#[must_use]
pub fn raster_metadata(name: &str, min: u8, max: u8, side: u32) -> Value {
    json!({"name": name, "format": "png", "generator": GENERATOR, "minzoom": min, "maxzoom": max, "tile_size": side})
}

/// The metadata of a vector tile set of zooms `min..=max` (TileJSON's fields, as PMTiles and
/// tile folders carry it).
#[must_use]
pub fn metadata(name: &str, min: u8, max: u8) -> Value {
    let fields = json!({
        "id": "String or Number: the feature's id",
        "feature": "Number: the feature's position in the input",
        "repeat": "Number: which repeat of a name along its line",
        "text": "String", "size": "Number: font size, px",
        "anchor": "String", "offset_x": "Number: px", "offset_y": "Number: px",
        "angle": "Number: degrees counter-clockwise",
        "candidate": "Number", "parts": "String",
        "glyphs": "String: JSON [[dx, dy, angle], ...] px from the anchor point",
        "first_zoom": "Number", "visible": "Boolean", "reason": "String",
    });
    json!({
        "name": name,
        "format": "pbf",
        "generator": GENERATOR,
        "minzoom": min,
        "maxzoom": max,
        "vector_layers": [{"id": LAYER, "fields": fields, "minzoom": min, "maxzoom": max}],
    })
}

/// A tile target being written.
pub enum TileStore {
    /// A folder built in `temp`, moved to `target`.
    Folder {
        /// The folder being built.
        temp: TempDir,
        /// Where it goes.
        target: PathBuf,
        /// Its metadata.
        metadata: Value,
        /// What its tiles are.
        format: Format,
    },
    /// A PMTiles archive written to a temporary file, moved to `target`.
    Pmtiles {
        /// The archive's writer.
        writer: Box<PmTilesStreamWriter<BufWriter<File>>>,
        /// The temporary file.
        temp: NamedTempFile,
        /// Where it goes.
        target: PathBuf,
    },
}

fn parent(path: &Path) -> &Path {
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Gives a temporary file or folder (made private by `tempfile`) the mode of an ordinary
/// output: `mode` (world-readable).
fn readable(path: &Path, mode: u32) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, mode);
        Ok(())
    }
}

fn pmtiles_error(e: pmtiles::PmtError) -> io::Error {
    io::Error::other(e.to_string())
}

impl TileStore {
    /// Starts a `z/x/y.pbf` (or `.png`) folder for `target`.
    ///
    /// # Errors
    /// The folder beside it cannot be made.
    pub fn folder(target: &Path, metadata: Value, format: Format) -> io::Result<TileStore> {
        let temp = crate::sink::registered(|| {
            let temp = tempfile::Builder::new().prefix(".declutter-tiles-").tempdir_in(parent(target))?;
            let path = temp.path().to_path_buf();
            Ok((temp, path))
        })?;
        readable(temp.path(), 0o755)?;
        Ok(TileStore::Folder { temp, target: target.to_path_buf(), metadata, format })
    }

    /// Starts a PMTiles archive for `target`, of zooms `min..=max`.
    ///
    /// # Errors
    /// The temporary file cannot be made.
    pub fn pmtiles(target: &Path, metadata: &Value, min: u8, max: u8, format: Format) -> io::Result<TileStore> {
        let temp = crate::sink::registered(|| {
            let temp = tempfile::Builder::new().prefix(".declutter-tiles-").tempfile_in(parent(target))?;
            let path = temp.path().to_path_buf();
            Ok((temp, path))
        })?;
        readable(temp.path(), 0o644)?;
        let file = BufWriter::new(temp.as_file().try_clone()?);
        let writer = PmTilesWriter::new(match format {
            Format::Mvt => TileType::Mvt,
            Format::Png => TileType::Png,
        })
        .min_zoom(min)
        .max_zoom(max)
        .bounds(-180.0, -label_core::mercator::MAX_LATITUDE, 180.0, label_core::mercator::MAX_LATITUDE)
        .metadata(metadata.to_string())
        .create(file)
        .map_err(pmtiles_error)?;
        Ok(TileStore::Pmtiles { writer: Box::new(writer), temp, target: target.to_path_buf() })
    }

    /// Adds tile `z/x/y`.
    ///
    /// # Errors
    /// Writing failed.
    pub fn put(&mut self, z: u8, x: u32, y: u32, data: &[u8]) -> io::Result<()> {
        match self {
            TileStore::Folder { temp, format, .. } => {
                let dir = temp.path().join(z.to_string()).join(x.to_string());
                fs::create_dir_all(&dir)?;
                fs::write(dir.join(format!("{y}.{}", format.extension())), data)
            }
            TileStore::Pmtiles { writer, .. } => {
                writer.add_tile(TileCoord::new(z, x, y).map_err(pmtiles_error)?, data).map_err(pmtiles_error)
            }
        }
    }

    /// Finishes the target and moves it into place (replacing what [`check_target`] allowed).
    ///
    /// # Errors
    /// Writing, removing the old target or the move failed.
    pub fn commit(self) -> io::Result<()> {
        match self {
            TileStore::Folder { temp, target, metadata, .. } => {
                fs::write(temp.path().join("metadata.json"), serde_json::to_vec_pretty(&metadata)?)?;
                if fs::symlink_metadata(&target).is_ok_and(|m| m.is_dir()) {
                    fs::remove_dir_all(&target)?;
                }
                let built = temp.keep();
                let moved = fs::rename(&built, &target);
                crate::sink::forget_temporary(&built);
                moved
            }
            TileStore::Pmtiles { writer, temp, target } => {
                writer.finalize().map_err(pmtiles_error)?;
                let built = temp.path().to_path_buf();
                let moved = temp.persist(&target).map(drop).map_err(|e| e.error);
                crate::sink::forget_temporary(&built);
                moved
            }
        }
    }
}
