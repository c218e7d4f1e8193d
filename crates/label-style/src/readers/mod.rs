//! Map features in: a GeoJSON FeatureCollection read feature by feature into labels on a view
//! ([`features`], or labelled by a style's symbol layers: [`styled`]), with the collection's
//! members kept as written (`collection.rs`), each feature read where it stands ([`feature`],
//! line geometries straight from the text: `line_geometry.rs`); CSV tables become Point
//! features first ([`csv`]).

mod collection;
pub mod csv;
mod decision;
pub mod feature;
pub mod features;
mod line_geometry;
pub mod styled;

pub use feature::{Feature, GeometryRef, LonLatBox, Member, PropertiesRef};
pub use features::{GeoDocument, Skip, Slot, read};
pub use line_geometry::LineGeometry;
