//! A progress bar on standard error for long work (many files, NDJSON streams), drawn only when
//! standard error is a terminal: piped or redirected, the run stays silent.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar, or nothing when standard error is not a terminal.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    fn new(make: impl FnOnce() -> ProgressBar) -> Self {
        if !std::io::stderr().is_terminal() {
            return Progress { bar: ProgressBar::hidden() };
        }
        let bar = make();
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar }
    }

    /// Files done out of `total`.
    pub fn files(total: u64) -> Self {
        Progress::new(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(style("{spinner} [{elapsed_precise}] [{wide_bar}] {pos}/{len} files ({eta} left) {msg}"));
            bar
        })
    }

    /// Zooms done out of `total` (`declutter tiles`).
    pub fn zooms(total: u64) -> Self {
        Progress::new(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(style("{spinner} [{elapsed_precise}] [{wide_bar}] {pos}/{len} zooms ({eta} left) {msg}"));
            bar
        })
    }

    /// Bytes of a stream read, out of `total` when its size is known (a file), with the line
    /// count as the message.
    pub fn stream(total: Option<u64>) -> Self {
        Progress::new(|| match total {
            Some(total) => {
                let bar = ProgressBar::new(total);
                bar.set_style(style(
                    "{spinner} [{elapsed_precise}] [{wide_bar}] {bytes}/{total_bytes} ({eta} left) {msg}",
                ));
                bar
            }
            None => {
                let bar = ProgressBar::new_spinner();
                bar.set_style(style("{spinner} [{elapsed_precise}] {bytes} read ({bytes_per_sec}) {msg}"));
                bar
            }
        })
    }

    /// One more item done.
    pub fn inc(&self) {
        self.bar.inc(1);
    }

    /// Position (bytes or items) and message.
    pub fn set(&self, position: u64, message: String) {
        self.bar.set_position(position);
        self.bar.set_message(message);
    }

    /// The message beside the bar.
    pub fn set_message(&self, message: String) {
        self.bar.set_message(message);
    }

    /// Prints a line on standard error without tearing the bar.
    pub fn eprintln(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn style(template: &str) -> ProgressStyle {
    // The templates are constants of this file; a bad one is a bug caught by any run on a
    // terminal, and falls back to the default style rather than failing the run.
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}
