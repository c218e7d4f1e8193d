//! `declutter generate`: the benchmark workloads (`label_cli::generate`) written as JSON.

use std::io::Write;

use anyhow::Context;
use label_cli::generate;
use label_cli::limits::MAX_LABELS;

use crate::{Failure, GenerateArgs, write_result};

/// The smallest summed label area per canvas area `generate` accepts (a nearly empty map).
const MIN_COVERAGE: f64 = 1e-6;
/// The largest (a thousand labels on top of one another at every point).
const MAX_COVERAGE: f64 = 1e3;

pub(crate) fn run(args: &GenerateArgs) -> Result<(), Failure> {
    // Bounded so that the document reads back: `place` takes at most MAX_LABELS labels, and a
    // canvas squeezed (or stretched) past these coverages has sizes it refuses.
    if !(1..=MAX_LABELS).contains(&args.n) {
        return Err(Failure::Input(format!(
            "--n: expected 1 to {MAX_LABELS} labels (the most one document may hold), got {}",
            args.n
        )));
    }
    let coverage = args.coverage;
    if !(MIN_COVERAGE..=MAX_COVERAGE).contains(&coverage) {
        let shown = if coverage.abs() < 1e9 { coverage.to_string() } else { format!("{coverage:e}") };
        return Err(Failure::Input(format!(
            "--coverage: expected a number from {MIN_COVERAGE} to {MAX_COVERAGE}, got {shown}"
        )));
    }
    let json = serde_json::to_vec(&if args.symbols {
        generate::symbol_document(args.n, args.coverage, args.seed)
    } else if args.paths {
        generate::path_document(args.n, args.coverage, args.seed)
    } else {
        generate::document(args.n, args.coverage, args.seed)
    })
    .context("cannot encode")?;
    match &args.output {
        Some(path) => write_result(path, &json)?,
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&json)
                .and_then(|()| stdout.write_all(b"\n"))
                .context("cannot write to standard output")?;
        }
    }
    Ok(())
}
