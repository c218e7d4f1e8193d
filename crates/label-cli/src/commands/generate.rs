//! `declutter generate`: the benchmark workloads (`label_cli::generate`) written as JSON.

use std::io::Write;

use anyhow::Context;
use label_cli::generate;

use crate::{Failure, GenerateArgs, write_result};

pub(crate) fn run(args: &GenerateArgs) -> Result<(), Failure> {
    if !(args.coverage.is_finite() && args.coverage > 0.0) {
        return Err(Failure::Input(format!("--coverage must be a number > 0, got {}", args.coverage)));
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
