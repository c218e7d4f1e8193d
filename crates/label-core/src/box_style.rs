//! The part of a label that says what its box is, wherever its anchor point lies: size,
//! rotation, anchor, offset, padding, priority and the two overlap flags. The core's [`Label`]
//! (an anchor point on screen) and a frame engine's world label (an anchor point in the world)
//! both hold one, so that these fields, their defaults and their setters exist once and pass
//! from one kind of label to the other as one value.
//!
//! [`Label`]: crate::Label

use glam::DVec2;

use crate::Anchor;

/// What a label's box is, apart from where it sits: the fields every kind of label shares
/// (contract §2). [`crate::Label`] holds one as its `style` with its anchor point `(x, y)`.
///
/// ```
/// use label_core::{Anchor, BoxStyle, Label};
/// let style = BoxStyle::new(40.0, 10.0).with_anchor(Anchor::Left).with_priority(2.0);
/// let label = Label { x: 100.0, y: 50.0, style };
/// assert_eq!(label, Label::new(100.0, 50.0, 40.0, 10.0).with_anchor(Anchor::Left).with_priority(2.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct BoxStyle {
    /// Width of the text box, px, > 0.
    pub width: f64,
    /// Height of the text box, px, > 0.
    pub height: f64,
    /// Rotation about the anchor point, degrees, counter-clockwise (on screen for a
    /// [`crate::Label`]; a world label says what it is measured against).
    pub angle: f64,
    /// Higher is placed first.
    pub priority: f64,
    /// Which point of the box sits on the anchor point.
    pub anchor: Anchor,
    /// Shift of the box in the label's own (rotated) frame, px.
    pub offset: DVec2,
    /// Margin added on every side of the box, px, ≥ 0.
    pub padding: f64,
    /// Shown even when it collides (it still blocks later labels).
    pub allow_overlap: bool,
    /// Does not block later labels.
    pub ignore_placement: bool,
}

impl Default for BoxStyle {
    /// A 1×1 px box, centred, unrotated, priority 0, no offset or padding, both flags off.
    fn default() -> Self {
        Self {
            width: 1.0,
            height: 1.0,
            angle: 0.0,
            priority: 0.0,
            anchor: Anchor::Center,
            offset: DVec2::ZERO,
            padding: 0.0,
            allow_overlap: false,
            ignore_placement: false,
        }
    }
}

impl BoxStyle {
    /// A centred, unrotated box of `width` × `height` px and priority 0.
    #[must_use]
    pub fn new(width: f64, height: f64) -> Self {
        Self { width, height, ..Self::default() }
    }

    /// The style of a text laid along a line that is `length` px long, from a label with this
    /// style: its height, priority, padding and flags stay; its width becomes `length`; its
    /// angle, anchor and offset the defaults (a path label does not use them).
    #[must_use]
    pub fn for_path_text(self, length: f64) -> Self {
        let Self { height, priority, padding, allow_overlap, ignore_placement, .. } = self;
        Self { width: length, height, priority, padding, allow_overlap, ignore_placement, ..Self::default() }
    }

    /// Sets the rotation in degrees, counter-clockwise (see the label type for what it is
    /// measured against).
    #[must_use]
    pub fn with_angle(mut self, degrees: f64) -> Self {
        self.angle = degrees;
        self
    }

    /// Sets the priority (higher is placed first).
    #[must_use]
    pub fn with_priority(mut self, priority: f64) -> Self {
        self.priority = priority;
        self
    }

    /// Sets the anchor placement.
    #[must_use]
    pub fn with_anchor(mut self, anchor: Anchor) -> Self {
        self.anchor = anchor;
        self
    }

    /// Sets the offset in the label's own frame, px.
    #[must_use]
    pub fn with_offset(mut self, dx: f64, dy: f64) -> Self {
        self.offset = DVec2::new(dx, dy);
        self
    }

    /// Sets the padding added on every side, px.
    #[must_use]
    pub fn with_padding(mut self, padding: f64) -> Self {
        self.padding = padding;
        self
    }

    /// Sets whether the label shows even when it collides.
    #[must_use]
    pub fn with_allow_overlap(mut self, allow: bool) -> Self {
        self.allow_overlap = allow;
        self
    }

    /// Sets whether the label stays out of the way of later labels.
    #[must_use]
    pub fn with_ignore_placement(mut self, ignore: bool) -> Self {
        self.ignore_placement = ignore;
        self
    }
}

/// Gives a label type that holds a [`BoxStyle`] in its field `style` the style's builder
/// setters (`with_angle`, `with_priority`, `with_anchor`, `with_offset`, `with_padding`,
/// `with_allow_overlap`, `with_ignore_placement`), each passing on to the style's own, so that
/// `Label::new(…).with_angle(30.0)` reads as before the fields moved. Used by
/// [`crate::Label`] and by the frame engine's world labels.
#[doc(hidden)]
#[macro_export]
macro_rules! forward_box_style_setters {
    ($label:ty) => {
        $crate::forward_box_style_setters!($label:
            /// Sets the rotation in degrees, counter-clockwise (see the type for what it is
            /// measured against).
            with_angle(degrees: f64),
            /// Sets the priority (higher is placed first).
            with_priority(priority: f64),
            /// Sets the anchor placement.
            with_anchor(anchor: $crate::Anchor),
            /// Sets the offset in the label's own frame, px.
            with_offset(dx: f64, dy: f64),
            /// Sets the padding added on every side, px.
            with_padding(padding: f64),
            /// Sets whether the label shows even when it collides.
            with_allow_overlap(allow: bool),
            /// Sets whether the label stays out of the way of later labels.
            with_ignore_placement(ignore: bool),
        );
    };
    ($label:ty: $($(#[doc = $doc:expr])+ $setter:ident($($arg:ident: $ty:ty),+),)+) => {
        impl $label {
            $(
                $(#[doc = $doc])+
                #[must_use]
                pub fn $setter(mut self, $($arg: $ty),+) -> Self {
                    self.style = self.style.$setter($($arg),+);
                    self
                }
            )+
        }
    };
}
