//! # label-wasm
//!
//! declutter for web map renderers: the frame engine of `label-frame` (and the batch
//! `label_core::place`, or `label_core::place_symbols` for symbols and texts along lines:
//! [`place_batch`]) compiled to `wasm32-unknown-unknown`, behind a small ABI of exported
//! functions over typed arrays, wrapped by the ES module `js/declutter.js` (TypeScript types in
//! `js/declutter.d.ts`). See `docs/web.md`.
//!
//! **The ABI.** One WebAssembly instance holds one engine. The module owns every buffer: the
//! caller asks for room for `n` labels ([`Engine::input`]), writes the label columns through
//! `Float64Array`/`Uint32Array` views over the module's memory, and commits them
//! ([`Engine::set_labels`]). Each frame it calls [`Engine::place_frame`] with the camera and
//! reads the results as views too — visibility, opacity, reason, hidden-by, pose, one column
//! each ([`Output`]) — so the hot path makes no JavaScript object per label and copies nothing
//! across the boundary. A failing call returns a non-zero status and leaves the engine's own
//! error message (the one the CLI prints) for the wrapper to throw.
//!
//! **Styles.** A MapLibre style is compiled once per instance by `label-style`
//! ([`StyleState`]: `dc_style_parse`), and a symbol layer's layout is evaluated for a batch of
//! features at a zoom (`dc_style_layouts`): UTF-8 JSON in the module's text buffer, JSON out,
//! errors naming the layer, property and JSON path. `js/declutter.js` wraps it as `Style`.
//! A GeoJSON FeatureCollection is placed with a style end to end (`dc_place_geojson`, `geojson`
//! module) by the readers and the engine `declutter place --style` runs: `placeGeoJSON` in JS.
//!
//! **Panics** do not unwind in WebAssembly (`panic = "abort"` traps). The panic hook stores the
//! message first ([`panic_message`]); the wrapper catches the trap, reads the message and
//! throws an `Error` naming it, and refuses further calls on that instance.
//!
//! **Threads.** `wasm32-unknown-unknown` has none: rayon runs everything on the calling
//! thread, and the frame engine already places frames of fewer than 65,536 labels there
//! natively, so the decisions are the native engine's, bit for bit (tested in
//! `test/node.test.mjs` and `test/browser.test.mjs` against `web_scene`'s native frames).
//!
//! The crate builds natively too (as an rlib): the state machine behind the exports is plain
//! Rust and is unit-tested with `cargo test -p label-wasm`, and the exports themselves are
//! Rust functions ([`exports`]) that the fuzz target `wasm_exports` calls as the wrapper does.

#![deny(missing_docs)]

mod batch;
mod columns;
mod engine;
pub mod exports;
mod geojson;
mod output;
mod panic;
mod paths;
mod room;
mod shapes;
mod style;
mod symbols;

pub use batch::{Batch, place_batch};
pub use columns::{Columns, Coordinates, F64_FIELD_NAMES, F64Field, flags};
pub use engine::{CAMERA_VALUES, Engine, OBSTACLE_VALUES, OptionValues, Status, camera, options};
pub use output::{Output, STATS_LEN, reason_code};
pub use panic::{install_panic_hook, panic_message};
pub use paths::{PATH_FIELD_NAMES, PathColumns, glyph_rows};
pub use style::StyleState;
pub use symbols::{CANDIDATE_VALUES, SYMBOL_FIELD_NAMES, SymbolColumns};
