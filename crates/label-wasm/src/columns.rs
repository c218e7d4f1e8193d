//! The label columns a caller writes: nine `f64` columns and one `u32` column of flags, `n`
//! values each. A label's id is its index in the columns; its caller keeps its own ids beside.
//! The same columns describe world labels for the frame engine (`x`, `y` in world px at zoom 0
//! or longitude/latitude) and screen labels for the batch placement (`x`, `y` in screen px).

use glam::DVec2;
use label_core::limits::MAX_LABELS;
use label_core::{Anchor, BoxStyle, Label};
use label_core::{Problem, validate};
use label_frame::mercator::lon_lat_to_world;
use label_frame::{Alignment, WorldLabel};

use crate::room;

/// The `f64` columns, in the order the ABI numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum F64Field {
    /// World x (px at zoom 0), longitude (degrees), or screen x (px).
    X = 0,
    /// World y (px at zoom 0, down), latitude (degrees), or screen y (px, down).
    Y = 1,
    /// Text box width on screen, px, > 0.
    Width = 2,
    /// Text box height on screen, px, > 0.
    Height = 3,
    /// Rotation, degrees counter-clockwise (on the map for map-aligned labels).
    Angle = 4,
    /// Higher is placed first.
    Priority = 5,
    /// Shift of the box in the label's own frame, px.
    OffsetX = 6,
    /// Shift of the box in the label's own frame, px (down).
    OffsetY = 7,
    /// Margin on every side, px, ≥ 0.
    Padding = 8,
}

impl F64Field {
    /// Every field, by number.
    pub const ALL: [F64Field; 9] = [
        F64Field::X,
        F64Field::Y,
        F64Field::Width,
        F64Field::Height,
        F64Field::Angle,
        F64Field::Priority,
        F64Field::OffsetX,
        F64Field::OffsetY,
        F64Field::Padding,
    ];
}

/// The names of the `f64` columns in the JavaScript wrapper, by number.
pub const F64_FIELD_NAMES: [&str; 9] =
    ["x", "y", "width", "height", "angle", "priority", "offsetX", "offsetY", "padding"];

/// The bits of the flags column.
pub mod flags {
    /// Shown even when it collides (it still blocks later labels).
    pub const ALLOW_OVERLAP: u32 = 1;
    /// Blocks no other label.
    pub const IGNORE_PLACEMENT: u32 = 2;
    /// A map-aligned label may read upside down (by default it is turned by 180°).
    pub const NO_KEEP_UPRIGHT: u32 = 4;
    /// The angle is on the map and turns with the bearing (street names); else on screen.
    pub const MAP_ALIGNED: u32 = 8;
    /// Where the anchor's number (`label_core::Anchor::ALL`, 0 = center) starts.
    pub const ANCHOR_SHIFT: u32 = 8;
    /// The anchor's bits.
    pub const ANCHOR_MASK: u32 = 0xF << ANCHOR_SHIFT;
    /// Every bit with a meaning.
    pub const KNOWN: u32 = ALLOW_OVERLAP | IGNORE_PLACEMENT | NO_KEEP_UPRIGHT | MAP_ALIGNED | ANCHOR_MASK;
}

/// What the `x`/`y` columns of world labels hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// Web Mercator world pixels at zoom 0 (the world is 256 px wide), y down.
    WorldPx,
    /// Longitude and latitude, degrees.
    LonLat,
}

impl Coordinates {
    /// From the ABI's number: 0 world px, 1 longitude/latitude.
    pub fn from_code(code: u32) -> Result<Self, String> {
        match code {
            0 => Ok(Coordinates::WorldPx),
            1 => Ok(Coordinates::LonLat),
            other => Err(format!("coordinates {other} is neither 0 (world px) nor 1 (lon/lat)")),
        }
    }

    /// A point in world px; a longitude or latitude past the limits of every other input
    /// ([`label_core::limits`]) is refused with the C ABI's message, after `what()` ("label 3
    /// (id 3)", "camera").
    ///
    /// # Errors
    /// The message naming the field (`x` or `y`) and the problem.
    pub fn to_world(self, x: f64, y: f64, what: impl Fn() -> String) -> Result<DVec2, String> {
        match self {
            Coordinates::WorldPx => Ok(DVec2::new(x, y)),
            Coordinates::LonLat => {
                let fail = |field: &str, p: Problem| format!("{}: field `{field}` (degrees): {p}", what());
                validate::longitude(x).map_err(|p| fail("x", p))?;
                validate::latitude(y).map_err(|p| fail("y", p))?;
                Ok(lon_lat_to_world(x, y))
            }
        }
    }
}

/// The label columns, each `len` long, stored field after field in one buffer.
#[derive(Clone, Debug, Default)]
pub struct Columns {
    len: usize,
    f64s: Vec<f64>,
    flags: Vec<u32>,
}

/// One label's flags, read.
struct Flags {
    anchor: Anchor,
    allow_overlap: bool,
    ignore_placement: bool,
    keep_upright: bool,
    alignment: Alignment,
}

/// Screen label `i`'s fields as a world label at `at` (id `i`, viewport-aligned, upright).
fn world_label(i: usize, l: &Label, at: DVec2) -> WorldLabel {
    WorldLabel { id: i as u64, position: at, style: l.style, ..WorldLabel::default() }
}

impl Columns {
    /// Room for `len` labels (at most [`MAX_LABELS`]); every value 0 (width and height must
    /// still be written).
    ///
    /// # Errors
    /// A message when `len` is past the limit or the memory cannot be had; the columns are
    /// empty then.
    pub fn resize(&mut self, len: usize) -> Result<(), String> {
        self.len = 0;
        self.f64s.clear();
        self.flags.clear();
        let len = room::count(len, MAX_LABELS, "labels")?;
        let values = room::values(&[(len, F64Field::ALL.len())], "labels")?;
        room::refill(&mut self.f64s, values, 0.0, "labels")?;
        room::refill(&mut self.flags, len, 0, "labels")?;
        self.len = len;
        Ok(())
    }

    /// Labels the columns hold.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// No labels.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// One `f64` column.
    #[must_use]
    pub fn column(&self, field: F64Field) -> &[f64] {
        let start = field as usize * self.len;
        &self.f64s[start..start + self.len]
    }

    /// One `f64` column, to write.
    pub fn column_mut(&mut self, field: F64Field) -> &mut [f64] {
        let start = field as usize * self.len;
        &mut self.f64s[start..start + self.len]
    }

    /// The flags column.
    #[must_use]
    pub fn flags(&self) -> &[u32] {
        &self.flags
    }

    /// The flags column, to write.
    pub fn flags_mut(&mut self) -> &mut [u32] {
        &mut self.flags
    }

    /// Address of the first `f64` column in memory (the others follow, `len` values apart).
    #[must_use]
    pub fn f64_address(&self) -> usize {
        self.f64s.as_ptr() as usize
    }

    /// Address of the flags column in memory.
    #[must_use]
    pub fn flags_address(&self) -> usize {
        self.flags.as_ptr() as usize
    }

    fn get(&self, field: F64Field, i: usize) -> f64 {
        self.f64s[field as usize * self.len + i]
    }

    fn read_flags(&self, i: usize) -> Result<Flags, String> {
        let bits = self.flags[i];
        if bits & !flags::KNOWN != 0 {
            return Err(format!("label {i} (id {i}): field `flags`: unknown bits {:#x}", bits & !flags::KNOWN));
        }
        let number = ((bits & flags::ANCHOR_MASK) >> flags::ANCHOR_SHIFT) as usize;
        let anchor = *Anchor::ALL
            .get(number)
            .ok_or_else(|| format!("label {i} (id {i}): field `flags`: anchor {number} is not 0 to 8"))?;
        Ok(Flags {
            anchor,
            allow_overlap: bits & flags::ALLOW_OVERLAP != 0,
            ignore_placement: bits & flags::IGNORE_PLACEMENT != 0,
            keep_upright: bits & flags::NO_KEEP_UPRIGHT == 0,
            alignment: if bits & flags::MAP_ALIGNED != 0 { Alignment::Map } else { Alignment::Viewport },
        })
    }

    /// Label `i` as a screen label (x, y as written) and its flags.
    fn label(&self, i: usize) -> Result<(Label, Flags), String> {
        let f = self.read_flags(i)?;
        let label = Label {
            x: self.get(F64Field::X, i),
            y: self.get(F64Field::Y, i),
            style: BoxStyle {
                width: self.get(F64Field::Width, i),
                height: self.get(F64Field::Height, i),
                angle: self.get(F64Field::Angle, i),
                priority: self.get(F64Field::Priority, i),
                anchor: f.anchor,
                offset: DVec2::new(self.get(F64Field::OffsetX, i), self.get(F64Field::OffsetY, i)),
                padding: self.get(F64Field::Padding, i),
                allow_overlap: f.allow_overlap,
                ignore_placement: f.ignore_placement,
            },
        };
        Ok((label, f))
    }

    /// The columns as the frame engine's labels, ids = indices. Numbers are checked by the
    /// engine (its messages name the index, id and field); flags here.
    pub fn world_labels(&self, coordinates: Coordinates) -> Result<Vec<WorldLabel>, String> {
        (0..self.len)
            .map(|i| {
                let (l, f) = self.label(i)?;
                let at = coordinates.to_world(l.x, l.y, || format!("label {i} (id {i})"))?;
                Ok(WorldLabel { alignment: f.alignment, keep_upright: f.keep_upright, ..world_label(i, &l, at) })
            })
            .collect()
    }

    /// The columns as screen labels for the batch placement (x, y in screen px; the alignment
    /// and keep-upright bits mean nothing there).
    pub fn screen_labels(&self) -> Result<Vec<Label>, String> {
        (0..self.len).map(|i| Ok(self.label(i)?.0)).collect()
    }

    /// Every label's keep-upright bit (for its text along a line).
    pub fn keep_upright(&self) -> Result<Vec<bool>, String> {
        (0..self.len).map(|i| Ok(self.read_flags(i)?.keep_upright)).collect()
    }

    /// Columns holding screen `labels` (x, y in screen px), in order: what a caller writes for
    /// a batch.
    #[must_use]
    pub fn from_screen_labels(labels: &[Label]) -> Self {
        let world: Vec<WorldLabel> =
            labels.iter().enumerate().map(|(i, l)| world_label(i, l, DVec2::new(l.x, l.y))).collect();
        Self::from_world_labels(&world)
    }

    /// Columns holding `labels` (world px), in order: what a caller writes for them.
    #[must_use]
    pub fn from_world_labels(labels: &[WorldLabel]) -> Self {
        let mut c = Columns::default();
        c.resize(labels.len()).expect("a label set in memory fits");
        for (i, l) in labels.iter().enumerate() {
            let values = [
                l.position.x,
                l.position.y,
                l.style.width,
                l.style.height,
                l.style.angle,
                l.style.priority,
                l.style.offset.x,
                l.style.offset.y,
                l.style.padding,
            ];
            for (field, v) in F64Field::ALL.into_iter().zip(values) {
                c.column_mut(field)[i] = v;
            }
            let anchor = Anchor::ALL.iter().position(|&a| a == l.style.anchor).unwrap_or(0) as u32;
            c.flags[i] = (anchor << flags::ANCHOR_SHIFT)
                | if l.style.allow_overlap { flags::ALLOW_OVERLAP } else { 0 }
                | if l.style.ignore_placement { flags::IGNORE_PLACEMENT } else { 0 }
                | if l.keep_upright { 0 } else { flags::NO_KEEP_UPRIGHT }
                | if l.alignment == Alignment::Map { flags::MAP_ALIGNED } else { 0 };
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<WorldLabel> {
        vec![
            WorldLabel::from_world(0, DVec2::new(10.5, 20.25), 30.0, 12.0)
                .with_angle(-33.0)
                .with_alignment(Alignment::Map)
                .with_keep_upright(false)
                .with_priority(2.5)
                .with_anchor(Anchor::BottomRight)
                .with_offset(4.0, -1.0)
                .with_padding(1.5)
                .with_allow_overlap(true),
            WorldLabel::from_world(1, DVec2::new(-3.0, 7.0), 8.0, 9.0).with_ignore_placement(true),
        ]
    }

    #[test]
    fn world_labels_round_trip_through_the_columns() {
        let labels = sample();
        let columns = Columns::from_world_labels(&labels);
        assert_eq!(columns.world_labels(Coordinates::WorldPx).unwrap(), labels);
    }

    #[test]
    fn screen_labels_read_the_same_columns() {
        let columns = Columns::from_world_labels(&sample());
        let screen = columns.screen_labels().unwrap();
        assert_eq!(screen[0].style.anchor, Anchor::BottomRight);
        assert_eq!((screen[0].x, screen[0].y, screen[0].style.padding), (10.5, 20.25, 1.5));
        assert!(screen[0].style.allow_overlap && screen[1].style.ignore_placement);
    }

    #[test]
    fn lon_lat_columns_are_projected() {
        let mut columns = Columns::from_world_labels(&sample());
        columns.column_mut(F64Field::X)[1] = 16.3725;
        columns.column_mut(F64Field::Y)[1] = 48.2083;
        let labels = columns.world_labels(Coordinates::LonLat).unwrap();
        assert_eq!(labels[1].position, lon_lat_to_world(16.3725, 48.2083));
        // The limits of every other input, with the C ABI's messages.
        for (x, y, field) in [(1e12, 0.0, "x"), (0.0, 1e300, "y"), (0.0, f64::NEG_INFINITY, "y"), (400.0, 0.0, "x")] {
            columns.column_mut(F64Field::X)[1] = x;
            columns.column_mut(F64Field::Y)[1] = y;
            let message = columns.world_labels(Coordinates::LonLat).unwrap_err();
            assert!(message.starts_with(&format!("label 1 (id 1): field `{field}` (degrees): ")), "{message}");
        }
    }

    #[test]
    fn bad_flags_name_the_label_and_the_field() {
        let mut columns = Columns::from_world_labels(&sample());
        columns.flags_mut()[1] = 0x10;
        let message = columns.world_labels(Coordinates::WorldPx).unwrap_err();
        assert_eq!(message, "label 1 (id 1): field `flags`: unknown bits 0x10");
        columns.flags_mut()[1] = 9 << flags::ANCHOR_SHIFT;
        assert!(columns.screen_labels().unwrap_err().contains("anchor 9 is not 0 to 8"));
        assert!(Coordinates::from_code(2).is_err());
    }
}
