//! Where labels are: Web Mercator world pixels, the camera's projection to the screen, the copies
//! of the world a camera can see, and the world cells that cull labels far from the screen.

pub(crate) mod cells;
pub(crate) mod copies;
pub use label_core::mercator;
pub(crate) mod path;
pub(crate) mod projection;
pub(crate) mod sight;
pub(crate) mod view;
