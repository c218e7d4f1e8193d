//! The builder setters every kind of label shares, written once.

/// Implements `with_angle`, `with_priority`, `with_anchor`, `with_offset`, `with_padding`,
/// `with_allow_overlap` and `with_ignore_placement` for a label type with fields of those names
/// (`angle`, `priority`, `padding`: f64; `anchor`: [`crate::Anchor`]; `offset`: a `DVec2`;
/// `allow_overlap`, `ignore_placement`: bool). Used by [`crate::Label`] and by the frame
/// engine's world labels.
#[macro_export]
macro_rules! impl_label_setters {
    ($label:ty) => {
        impl $label {
            /// Sets the rotation in degrees, counter-clockwise (see the type for what it is
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
            pub fn with_anchor(mut self, anchor: $crate::Anchor) -> Self {
                self.anchor = anchor;
                self
            }

            /// Sets the offset in the label's own frame, px.
            #[must_use]
            pub fn with_offset(mut self, dx: f64, dy: f64) -> Self {
                self.offset.x = dx;
                self.offset.y = dy;
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
    };
}
