//! `declutter place FILE`: one label-set JSON, GeoJSON or CSV document read whole, placed on the
//! run's worker threads, and its result, pictures and warnings written (many files and NDJSON
//! streams branch off to [`super::batch`] and [`super::streaming`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use label_cli::formats::{geojson, output};
use label_cli::{measure, sink};

use super::{batch, streaming};
use crate::{Failure, PlaceArgs, refuse_input_as_output, stdin_with_hint, write_result};

pub(crate) fn run(args: &PlaceArgs) -> Result<(), Failure> {
    set_fonts(&args.font, args.system_fonts)?;
    let settings = label_cli::pipeline::Settings::from_flags(args.max_overlap_area, args.tile_size, args.pretty)
        .map_err(Failure::Input)?;
    let geojson_wanted = !args.geo.geojson_only_flags().is_empty()
        || args.style.is_some()
        || matches!(args.geo.format, geojson::Format::Geojson | geojson::Format::Csv);
    if (args.out_dir.is_some() || args.ndjson) && geojson_wanted {
        return Err(Failure::Input(
            "GeoJSON and CSV input are read one file at a time: not with --out-dir or --ndjson".into(),
        ));
    }
    let inputs: Vec<&Path> = args.input.iter().chain(&args.more).map(PathBuf::as_path).collect();
    if !args.overwrite_input {
        let outputs = [("--output", &args.output), ("--svg", &args.svg), ("--png", &args.png)];
        for (flag, output) in outputs.iter().filter_map(|(f, o)| Some((f, o.as_deref()?))) {
            refuse_input_as_output(&inputs, flag, output)?;
        }
    }
    if let Some(out_dir) = &args.out_dir {
        return batch::run(&inputs, out_dir, args.ndjson, &settings, args.threads, args.summary, args.overwrite_input);
    }
    if !args.more.is_empty() {
        return Err(Failure::Input("several inputs need --out-dir DIR for their results".into()));
    }
    if args.ndjson || args.input.as_deref().is_some_and(streaming::is_ndjson_path) {
        // Refused by clap with --ndjson; a `.ndjson` input would otherwise ignore them.
        let one_document = [("--svg", args.svg.is_some()), ("--png", args.png.is_some()), ("--pretty", args.pretty)];
        if let Some((flag, _)) = one_document.into_iter().find(|(_, given)| *given) {
            return Err(Failure::Input(format!(
                "{flag} applies to one document, not to NDJSON input (a document per line: --ndjson, or a `.ndjson` or `.jsonl` file)"
            )));
        }
        return streaming::run(args.input.as_deref(), args.output.as_deref(), args.summary, &settings, args.threads);
    }
    let (name, text) = read_input(args.input.as_deref())?;
    let text =
        geojson::prepare(args.input.as_deref(), text, &args.geo).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    // The run's threads read the document too (a large label set is parsed in pieces).
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, |t| t as usize))
        .build()
        .context("cannot start worker threads")?;
    let input = match &args.style {
        Some(style) => read_with_style(style, args, &text, &name, &pool)?,
        None => pool
            .install(|| geojson::read(args.input.as_deref(), &text, &args.geo))
            .map_err(|e| Failure::Input(format!("{name}: {e}")))?,
    };
    match input {
        // A label-set document owns all it needs: its text goes before the engine runs.
        geojson::Input::Json(doc) => {
            drop(text);
            place_input(geojson::Input::Json(doc), &name, args, &settings, &pool)
        }
        geo => place_input(geo, &name, args, &settings, &pool),
    }
}

/// Places a document that has been read on `pool`, and writes what `args` ask for.
fn place_input(
    mut input: geojson::Input<'_>,
    name: &str,
    args: &PlaceArgs,
    settings: &label_cli::pipeline::Settings,
    pool: &rayon::ThreadPool,
) -> Result<(), Failure> {
    for warning in input.warnings() {
        eprintln!("declutter: warning: {name}: {warning}");
    }
    input.document_mut().options.max_overlap_area = settings.max_overlap_area;
    input.document_mut().options.tile_size = settings.tile_size;
    let doc = input.document();
    let started = Instant::now();
    let placement = pool.install(|| doc.place()).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let engine_ms = started.elapsed().as_secs_f64() * 1e3;
    let stats = output::stats(doc, &placement, pool.current_num_threads(), engine_ms);
    if args.summary {
        eprintln!("{}", stats.summary(name));
    }
    if let Some(warning) = nothing_shown(input.entries(), &placement.stats) {
        eprintln!("declutter: warning: {name}: {warning}");
    }
    for warning in input.placement_warnings(&placement) {
        eprintln!("declutter: warning: {name}: {warning}");
    }
    if args.svg.is_some() || args.png.is_some() {
        let picture = input.picture(&placement, args.picture_style);
        if let Some(path) = &args.svg {
            write_result(path, picture.as_bytes())?;
        }
        if let Some(path) = &args.png {
            let png = label_cli::formats::picture::png::render(&picture, measure::font())
                .map_err(|e| Failure::Input(format!("--png {}: {e}", path.display())))?;
            sink::write_bytes(path, &png).map_err(anyhow::Error::from)?;
        }
    }
    let write = |w: &mut (dyn Write + Send)| match &input {
        // The label-set result is encoded and written a window of entries at a time.
        geojson::Input::Json(doc) if !args.pretty => pool.install(|| output::write_json(doc, &placement, &stats, w)),
        // The collection is encoded as it is written.
        geojson::Input::Geo(geo) if args.geo.output() == geojson::OutputFormat::Geojson => {
            pool.install(|| geojson::write_geojson(geo, &placement, args.pretty, &mut *w)).map_err(std::io::Error::from)
        }
        _ => {
            let out = output::build(doc, &placement, stats.threads, engine_ms);
            w.write_all(&pool.install(|| input.encode(&out, &placement, args.pretty, args.geo.output()))?)
        }
    };
    match &args.output {
        Some(path) => sink::write_text_with(path, write).map_err(anyhow::Error::from)?,
        None if !args.summary => {
            let mut stdout = std::io::BufWriter::new(std::io::stdout());
            write(&mut stdout)
                .and_then(|()| stdout.write_all(b"\n"))
                .and_then(|()| stdout.flush())
                .context("cannot write to standard output")?;
        }
        None => {}
    }
    Ok(())
}

/// A warning when a run that has inputs shows none of them: the result is valid, but the view,
/// the fields or the data are probably not what was meant.
fn nothing_shown(entries: usize, stats: &label_core::PlacementStats) -> Option<String> {
    if entries == 0 || stats.visible > 0 {
        return None;
    }
    let without_label = entries - stats.labels;
    let hint = if stats.labels > 0 && stats.hidden_offscreen == stats.labels { " (is the view right?)" } else { "" };
    // Each reason as itself; those of symbols only when they happen.
    let mut counts = vec![
        format!("{} are off screen{hint}", stats.hidden_offscreen),
        format!("{} hidden by collisions", stats.hidden_collision),
    ];
    for (n, what) in [
        (stats.hidden_repeat, "repeats of their group"),
        (stats.hidden_no_room, "longer than their line (no_room)"),
        (stats.hidden_too_curved, "on too sharp a bend (too_curved)"),
    ] {
        if n > 0 {
            counts.push(format!("{n} {what}"));
        }
    }
    counts.push(format!("{without_label} have no label"));
    Some(format!("no label is shown: of {entries} inputs, {}", counts.join(", ")))
}

/// Makes the fonts at `paths` the run's measuring font chain (none: the bundled font). A font
/// that cannot be read or is not a font fails like any unreadable file (exit 1): it is a
/// resource of the run, not its input.
/// The view flags, and those of the input and output formats: the only GeoJSON flags that
/// apply with `--style` (its layers say the rest).
const STYLE_FLAGS: [&str; 7] =
    ["--zoom", "--center", "--size", "--bearing", "--output-format", "--x-field", "--y-field"];

/// Reads the GeoJSON (or CSV) `text` labelled by the symbol layers of the style at `path`
/// (`label_style::readers::styled`), printing what the style asks for that is ignored.
fn read_with_style<'t>(
    path: &Path,
    args: &PlaceArgs,
    text: &'t str,
    name: &str,
    pool: &rayon::ThreadPool,
) -> Result<geojson::Input<'t>, Failure> {
    if let Some(flag) = args.geo.geojson_only_flags().into_iter().find(|f| !STYLE_FLAGS.contains(f)) {
        return Err(Failure::Input(format!(
            "{flag} does not apply with --style: the style's layers say what to label and how"
        )));
    }
    let input = args.input.as_deref();
    let features = args.geo.format != geojson::Format::Json
        && (geojson::is_csv(input, &args.geo)
            || args.geo.format == geojson::Format::Geojson
            || geojson::is_geojson(input, text));
    if !features {
        return Err(Failure::Input(format!(
            "{name}: --style labels GeoJSON or CSV features, and this is a label-set document (a `.geojson` or \
             `.csv` file, or --format geojson, reads it as features)"
        )));
    }
    let style_name = path.display();
    let style_text = std::fs::read_to_string(path).with_context(|| format!("cannot read {style_name}"))?;
    let (style, warnings) =
        label_style::style::Style::parse(&style_text).map_err(|e| Failure::Input(format!("{style_name}: {e}")))?;
    for warning in warnings {
        eprintln!("declutter: warning: {style_name}: {warning}");
    }
    let sprite = match &args.sprite {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
            let sprite = label_style::sprite::Sprite::parse(&text)
                .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
            Some(sprite)
        }
    };
    let stem = input.filter(|p| *p != Path::new("-")).and_then(Path::file_stem).and_then(|s| s.to_str());
    let layers = label_style::readers::styled::select(&style, &args.layer, stem)
        .map_err(|e| Failure::Input(format!("{style_name}: {e}")))?;
    if sprite.is_none() {
        for layer in layers.iter().filter(|l| l.sets("icon-image")) {
            eprintln!(
                "declutter: warning: {style_name}: layer \"{}\", icon-image: no --sprite to size the icons from; \
                 its labels have no icon",
                layer.id
            );
        }
    }
    let options = args.geo.options().map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let geo = pool
        .install(|| label_style::readers::styled::read(text, &options, &layers, sprite.as_ref()))
        .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    Ok(geojson::Input::Geo(Box::new(geo)))
}

pub(super) fn set_fonts(paths: &[std::path::PathBuf], system: bool) -> Result<(), Failure> {
    measure::set_fonts(paths, system)
        .map_err(|(font, e)| Failure::Io(anyhow::anyhow!("cannot use the font {font}: {e}")))
}

pub(super) fn read_input(path: Option<&Path>) -> Result<(String, String), Failure> {
    use label_cli::input::{ReadError, read_text, read_text_sized};
    let (name, text) = match path {
        None => ("<stdin>".to_owned(), read_text(stdin_with_hint(false))),
        Some(p) if p == Path::new("-") => ("<stdin>".to_owned(), read_text(stdin_with_hint(false))),
        Some(p) => {
            let file = std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
            // Refused before reading when the size is known; `read_text` stops at the limit anyway.
            let limit = label_cli::limits::MAX_DOCUMENT_BYTES;
            let text = match file.metadata() {
                Ok(m) if m.is_file() && m.len() > limit => Err(ReadError::TooLarge { limit }),
                Ok(m) if m.is_file() => read_text_sized(file, m.len()),
                _ => read_text(file),
            };
            (p.display().to_string(), text)
        }
    };
    match text {
        Ok(text) => Ok((name, text)),
        Err(ReadError::Io(e)) => Err(Failure::Io(anyhow::Error::new(e).context(format!("cannot read {name}")))),
        Err(e) => Err(Failure::Input(format!("{name}: {e}"))),
    }
}
