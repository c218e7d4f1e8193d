//! # label-frame
//!
//! declutter for map renderers. A renderer keeps its labels in world coordinates and calls the
//! engine every frame with the camera; the engine projects the labels, culls what is behind
//! the camera or off screen, and places the rest with `label_core`'s exact greedy placement —
//! remembering the last frame so that labels do not flicker while the map pans, zooms, turns
//! and tilts.
//!
//! - [`WorldLabel`]: an anchor point in world pixels (Web Mercator, or longitude/latitude
//!   through [`mercator`]), and its box as the core's [`label_core::BoxStyle`] (a size in
//!   screen pixels, an angle on screen or on the map ([`Alignment`]), anchor, offset, padding,
//!   priority, flags).
//! - [`Camera`] → [`Projection`]: centre, zoom, bearing, pitch, viewport, field of view; under
//!   pitch, labels scale with perspective ([`FrameOptions::perspective_scaling`]).
//! - [`FrameEngine`]: keeps labels and the memory of the last frame; [`FrameEngine::place_frame`]
//!   returns a [`Frame`]: per label visible, opacity, reason, hidden_by, and its pose on screen.
//!
//! Temporal stability ([`FrameOptions`]): labels shown in the last frame win priority ties; a
//! label hidden by a collision needs a hysteresis margin (2 px) to appear; opacity fades
//! (300 ms); a frame whose camera only moves the screen reuses the last placement.
//!
//! Symbols (contract §3b): a [`WorldLabel`] may carry a [`label_core::Symbol`] — candidate
//! positions for its text, an icon, an optional part, a repeat group. A label shown in the last
//! frame tries the candidate it was shown at first; [`Frame::choices`] names each label's
//! candidate and parts, and [`FrameEngine::drawn_boxes`] gives the boxes it shows.
//!
//! ```
//! use label_frame::{Alignment, Camera, FrameEngine, FrameOptions, WorldLabel};
//!
//! let mut engine = FrameEngine::new(FrameOptions::default())?;
//! engine.set_labels(vec![
//!     WorldLabel::from_lon_lat(1, 16.3725, 48.2083, 70.0, 16.0).with_priority(5.0),
//!     WorldLabel::from_lon_lat(2, 16.3712, 48.2080, 110.0, 14.0)
//!         .with_angle(20.0)
//!         .with_alignment(Alignment::Map)
//!         .with_priority(2.0),
//! ])?;
//! for (i, bearing) in [0.0, 5.0, 10.0].into_iter().enumerate() {
//!     let camera = Camera::from_lon_lat(16.3725, 48.2083, 16.0, 1280.0, 720.0).with_bearing(bearing);
//!     let frame = engine.place_frame(&camera, i as f64 * 16.7)?;
//!     for label in &frame.labels {
//!         if label.opacity > 0.0 {
//!             let pose = label.pose.expect("drawn labels have a pose");
//!             // draw at pose.position, turned by pose.angle, scaled by pose.scale …
//!             assert!(pose.scale == 1.0);
//!         }
//!     }
//! }
//! # Ok::<(), label_frame::FrameError>(())
//! ```
//!
//! Conventions are the core's (`docs/contract.md`): screen pixels, origin top-left,
//! y down, angles in degrees counter-clockwise on screen; touching boxes do not collide.
//!
//! ## Feature flags
//! - `serde` (default): `Serialize`/`Deserialize` for the public data types.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod camera;
mod engine;
mod error;
mod frame;
mod frame_pass;
mod geo;
mod label;
mod options;
mod shortcuts;
mod state;
mod table;
#[cfg(test)]
mod test_support;
mod util;

// The Rust samples of the README (the core's and this crate's) and of the renderer's guide,
// compiled and run as doc tests so that the code a user copies stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeSamples;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/renderer.md")]
struct RendererGuideSamples;

pub use camera::{Camera, DEFAULT_FOV, MAX_PITCH, MAX_VIEWPORT, MAX_ZOOM};
pub use engine::FrameEngine;
pub use error::FrameError;
pub use frame::{Frame, FrameKind, FrameStats, FrameTimings, HiddenReason, LabelFrame};
pub use geo::mercator;
pub use geo::projection::{NEAR, Projected, Projection};
pub use geo::sight::{Sight, project_labels};
pub use label::{Alignment, ScreenPose, WorldLabel};
pub use label_core::{Anchor, Blocker, Shape};
pub use options::{FrameOptions, Stickiness};
pub use shortcuts::Shortcuts;
