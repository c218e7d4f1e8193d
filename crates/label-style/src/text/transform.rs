//! `text-transform`: `uppercase` and `lowercase` by Unicode's full case mapping
//! (`ß` → `SS`), as JavaScript's `toUpperCase`/`toLowerCase` do; `none` leaves the text.

/// The three values of `text-transform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Transform {
    /// The text as it is.
    #[default]
    None,
    /// Upper case.
    Uppercase,
    /// Lower case.
    Lowercase,
}

impl Transform {
    /// The transform named as in a style (`none`, `uppercase`, `lowercase`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "none" => Some(Transform::None),
            "uppercase" => Some(Transform::Uppercase),
            "lowercase" => Some(Transform::Lowercase),
            _ => None,
        }
    }

    /// The text transformed.
    #[must_use]
    pub fn apply(self, text: &str) -> String {
        match self {
            Transform::None => text.to_owned(),
            Transform::Uppercase => text.to_uppercase(),
            Transform::Lowercase => text.to_lowercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_case_mapping() {
        assert_eq!(Transform::Uppercase.apply("Straße"), "STRASSE");
        assert_eq!(Transform::Lowercase.apply("WIEN"), "wien");
        assert_eq!(Transform::from_name("none").unwrap().apply("Wien"), "Wien");
    }
}
