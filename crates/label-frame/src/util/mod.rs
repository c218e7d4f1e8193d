//! Small tools of the passes over the labels.

pub(crate) mod bits;
pub(crate) mod clock;
pub(crate) mod runs;

/// Builder setters of the public types, each setting one field: `with_x(field: T)` sets
/// `self.field` (as label-core's `forward_box_style_setters!` does for a box's style).
macro_rules! setters {
    ($type:ty: $($(#[doc = $doc:expr])+ $setter:ident($field:ident: $t:ty),)+) => {
        impl $type {
            $(
                $(#[doc = $doc])+
                #[doc = concat!("See the field it sets, [`Self::", stringify!($field), "`], for what it means.")]
                #[must_use]
                pub fn $setter(mut self, $field: $t) -> Self {
                    self.$field = $field;
                    self
                }
            )+
        }
    };
}
pub(crate) use setters;
