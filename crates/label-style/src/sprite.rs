//! A style's sprite index: the size of each icon `icon-image` names.
//!
//! A MapLibre sprite is an image atlas and its JSON index, one entry per icon:
//! `{"dot-11": {"x": 0, "y": 0, "width": 22, "height": 22, "pixelRatio": 2}, …}`. Only the
//! index matters for placement: an icon is drawn `width / pixelRatio` by
//! `height / pixelRatio` CSS pixels (MapLibre's display size), times `icon-size`
//! ([`Sprite::icon_box`]). An icon the sprite lacks is not drawn, so its label has no icon,
//! as in MapLibre.

use std::collections::HashMap;

use serde_json::Value as Json;

/// One icon of the sprite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Icon {
    /// Width in the atlas, image pixels.
    pub width: f64,
    /// Height in the atlas, image pixels.
    pub height: f64,
    /// Image pixels per CSS pixel (`pixelRatio`, default 1).
    pub pixel_ratio: f64,
}

impl Icon {
    /// Width and height as drawn at `icon-size` 1, CSS pixels.
    #[must_use]
    pub fn display_size(&self) -> [f64; 2] {
        [self.width / self.pixel_ratio, self.height / self.pixel_ratio]
    }
}

/// A sprite index that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("sprite index: {0}")]
pub struct SpriteError(pub String);

/// The icons of a sprite, by name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sprite {
    icons: HashMap<String, Icon>,
}

impl Sprite {
    /// Reads a sprite index (`sprite.json`).
    ///
    /// # Errors
    /// [`SpriteError`] naming the icon and field when the text is not a JSON object of
    /// icons with positive finite `width`, `height` and (if given) `pixelRatio`.
    pub fn parse(text: &str) -> Result<Self, SpriteError> {
        let json: Json = serde_json::from_str(text).map_err(|e| SpriteError(e.to_string()))?;
        let Json::Object(entries) = json else {
            return Err(SpriteError("an object of icons expected".into()));
        };
        let mut icons = HashMap::with_capacity(entries.len());
        for (name, entry) in entries {
            let field = |key: &str, default: Option<f64>| -> Result<f64, SpriteError> {
                match (entry.get(key), default) {
                    (None, Some(d)) => Ok(d),
                    (value, _) => value
                        .and_then(Json::as_f64)
                        .filter(|v| v.is_finite() && *v > 0.0)
                        .ok_or_else(|| SpriteError(format!("icon \"{name}\": \"{key}\" must be a positive number"))),
                }
            };
            let icon = Icon {
                width: field("width", None)?,
                height: field("height", None)?,
                pixel_ratio: field("pixelRatio", Some(1.0))?,
            };
            icons.insert(name, icon);
        }
        Ok(Sprite { icons })
    }

    /// The icon of that name.
    #[must_use]
    pub fn icon(&self, name: &str) -> Option<&Icon> {
        self.icons.get(name)
    }

    /// The box of icon `name` drawn at `icon_size`, CSS pixels; `None` when the sprite has no
    /// such icon.
    #[must_use]
    pub fn icon_box(&self, name: &str, icon_size: f64) -> Option<[f64; 2]> {
        self.icon(name).map(|icon| icon.display_size().map(|v| v * icon_size))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icons_are_their_display_size_times_icon_size() {
        let sprite = Sprite::parse(
            r#"{"dot-11": {"x": 0, "y": 0, "width": 22, "height": 22, "pixelRatio": 2},
                "shield": {"x": 22, "y": 0, "width": 40, "height": 18}}"#,
        )
        .unwrap();
        assert_eq!(sprite.icon_box("dot-11", 1.0), Some([11.0, 11.0]));
        assert_eq!(sprite.icon_box("dot-11", 0.8), Some([8.8, 8.8]));
        assert_eq!(sprite.icon_box("shield", 1.5), Some([60.0, 27.0]));
        assert_eq!(sprite.icon_box("missing", 1.0), None);
    }

    #[test]
    fn bad_entries_are_named() {
        let error = Sprite::parse(r#"{"dot": {"width": 0, "height": 4}}"#).unwrap_err();
        assert!(error.to_string().contains("\"dot\"") && error.to_string().contains("width"), "{error}");
        let error = Sprite::parse(r#"{"dot": {"width": 4, "height": 4, "pixelRatio": "2"}}"#).unwrap_err();
        assert!(error.to_string().contains("pixelRatio"), "{error}");
        assert!(Sprite::parse("[1]").is_err());
    }
}
