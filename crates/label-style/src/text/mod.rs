//! A label's text as MapLibre lays it out before placing it: transformed
//! ([`transform`]: `text-transform`), wrapped into lines ([`wrap`]: `text-max-width`,
//! `text-line-height`, `text-letter-spacing`), measured with `label-text`, and boxed in one
//! box of the wrapped size. `text-justify` moves lines inside that box, so it is kept for
//! drawing and does not change the box.

pub mod transform;
pub mod wrap;
