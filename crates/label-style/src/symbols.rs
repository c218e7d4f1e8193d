//! MapLibre's symbol vocabulary on the command line (contract §3b): where a point's text may go
//! (`--variable-anchor` with `--radial-offset`, or `--variable-anchor-offset`), an icon at every
//! point (`--icon-size`), which part may show alone (`--text-optional`, `--icon-optional`), and
//! repeat groups (`--repeat-distance`, grouped by text or by `--repeat-group-field`).
//!
//! Offsets are in ems of the feature's font size. The radial rule is MapLibre's
//! (`evaluateRadialOffset`): the text moves `r` ems away from the point in the anchor's
//! direction, `r / √2` on each axis for a corner, and a text above or below the point is moved
//! back by MapLibre's baseline allowance of 7/24 em (its glyphs "start" at the baseline); a
//! negative `r` counts as 0. `--variable-anchor-offset` pairs are used as given (y down) but
//! for the same allowance: MapLibre's `getTextVariableAnchorOffset` moves a text at a `top*`
//! anchor up, and one at a `bottom*` anchor down, by 7/24 em.

use glam::DVec2;
use label_core::limits::MAX_SIZE;
use label_core::validate;
use label_core::{Anchor, Candidate, Icon, Optional, Symbol};

use crate::flag::checked;

/// MapLibre's baseline allowance, ems (7 of its 24 glyph units per em).
const BASELINE_EM: f64 = 7.0 / 24.0;

/// The largest offset accepted in ems (a million font sizes: far beyond any screen).
const MAX_EMS: f64 = 1e6;

/// How a candidate's offset is found from the font size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Offset {
    /// MapLibre's radial offset, ems.
    Radial(f64),
    /// A fixed offset, ems.
    Ems(DVec2),
}

/// Checked symbol flags.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SymbolOptions {
    /// Candidate positions of point texts, in order; empty: the point's own anchor.
    positions: Vec<(Anchor, Offset)>,
    /// Icon size at every point, px.
    icon: Option<DVec2>,
    /// Which part may show alone.
    optional: Optional,
    /// Repeat distance, px, and the property naming the group (`None`: the text).
    pub repeat: Option<(f64, Option<String>)>,
}

/// The symbol flags as given.
pub struct SymbolFlags<'a> {
    /// `--variable-anchor`: anchor names, comma-separated.
    pub variable_anchor: Option<&'a str>,
    /// `--radial-offset`, ems.
    pub radial_offset: Option<f64>,
    /// `--variable-anchor-offset`: `ANCHOR:X,Y,…`, ems.
    pub variable_anchor_offset: Option<&'a str>,
    /// `--icon-size`, px.
    pub icon_size: Option<DVec2>,
    /// `--text-optional`.
    pub text_optional: bool,
    /// `--icon-optional`.
    pub icon_optional: bool,
    /// `--repeat-distance`, px.
    pub repeat_distance: Option<f64>,
    /// `--repeat-group-field`.
    pub repeat_group_field: Option<&'a str>,
}

fn parse_anchor(flag: &str, name: &str) -> Result<Anchor, String> {
    name.trim()
        .parse::<Anchor>()
        .map_err(|_| format!("{flag}: {}", label_core::Problem::UnknownAnchor(name.trim().to_owned())))
}

fn em_number(flag: &str, t: &str) -> Result<f64, String> {
    t.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && v.abs() <= MAX_EMS)
        .ok_or_else(|| format!("{flag}: {:?} is not a number of ems", t.trim()))
}

impl SymbolFlags<'_> {
    /// The checked options; `None` when no symbol flag was given (plain labels).
    ///
    /// # Errors
    /// A message naming the flag and what it expects.
    pub fn options(&self) -> Result<Option<SymbolOptions>, String> {
        let mut positions = Vec::new();
        if let Some(list) = self.variable_anchor {
            let offset = Offset::Radial(self.radial_offset.unwrap_or(0.0));
            for name in list.split(',') {
                positions.push((parse_anchor("--variable-anchor", name)?, offset));
            }
        } else if self.radial_offset.is_some() {
            return Err("--radial-offset needs --variable-anchor".into());
        }
        if let Some(r) = self.radial_offset {
            checked("--radial-offset", validate::within(r, MAX_EMS))?;
        }
        if let Some(list) = self.variable_anchor_offset {
            let flag = "--variable-anchor-offset";
            let items: Vec<&str> = list.split(',').collect();
            if !items.len().is_multiple_of(2) {
                return Err(format!("{flag}: expected ANCHOR:X,Y pairs (top:0,1,bottom:0,-1), got {list:?}"));
            }
            for pair in items.chunks(2) {
                let (name, x) = pair[0]
                    .split_once(':')
                    .ok_or_else(|| format!("{flag}: expected ANCHOR:X,Y, got {:?}", pair.join(",")))?;
                let offset = DVec2::new(em_number(flag, x)?, em_number(flag, pair[1])?);
                positions.push((parse_anchor(flag, name)?, Offset::Ems(offset)));
            }
        }
        let icon = self.icon_size;
        if let Some(s) = icon {
            checked("--icon-size width", validate::positive(s.x, MAX_SIZE))?;
            checked("--icon-size height", validate::positive(s.y, MAX_SIZE))?;
        }
        let optional = match (self.text_optional, self.icon_optional) {
            (false, false) => Optional::None,
            (true, false) => Optional::Text,
            (false, true) => Optional::Icon,
            (true, true) => return Err("--text-optional and --icon-optional: give at most one".into()),
        };
        if optional != Optional::None && icon.is_none() {
            return Err(format!(
                "--{}-optional needs --icon-size (a part is optional only beside another)",
                optional.name()
            ));
        }
        let repeat = match (self.repeat_distance, self.repeat_group_field) {
            (None, Some(_)) => return Err("--repeat-group-field needs --repeat-distance".into()),
            (None, None) => None,
            (Some(d), field) => {
                Some((checked("--repeat-distance", validate::positive(d, MAX_SIZE))?, field.map(str::to_owned)))
            }
        };
        let options = SymbolOptions { positions, icon, optional, repeat };
        Ok((options != SymbolOptions::default()).then_some(options))
    }
}

/// MapLibre's baseline allowance for a text at `anchor`, ems (y down): up for a text below the
/// point (`top*` anchors), down for one above it (`bottom*`).
fn baseline(anchor: Anchor) -> f64 {
    match anchor {
        Anchor::Top | Anchor::TopLeft | Anchor::TopRight => -BASELINE_EM,
        Anchor::Bottom | Anchor::BottomLeft | Anchor::BottomRight => BASELINE_EM,
        Anchor::Center | Anchor::Left | Anchor::Right => 0.0,
    }
}

/// MapLibre's radial offset of a text at `anchor`, ems (y down).
fn radial(anchor: Anchor, r: f64) -> DVec2 {
    let r = r.max(0.0);
    let diagonal = r / std::f64::consts::SQRT_2;
    let x = match anchor {
        Anchor::TopLeft | Anchor::BottomLeft => diagonal,
        Anchor::TopRight | Anchor::BottomRight => -diagonal,
        Anchor::Left => r,
        Anchor::Right => -r,
        Anchor::Center | Anchor::Top | Anchor::Bottom => 0.0,
    };
    let y = match anchor {
        Anchor::TopLeft | Anchor::TopRight => diagonal - BASELINE_EM,
        Anchor::BottomLeft | Anchor::BottomRight => -diagonal + BASELINE_EM,
        Anchor::Top => r - BASELINE_EM,
        Anchor::Bottom => -r + BASELINE_EM,
        Anchor::Center | Anchor::Left | Anchor::Right => 0.0,
    };
    DVec2::new(x, y)
}

impl SymbolOptions {
    /// Options from checked parts (a style layer's layout): candidate positions, the icon's
    /// size, which part may show alone; no repeat groups.
    pub(crate) fn from_parts(positions: Vec<(Anchor, Offset)>, icon: Option<DVec2>, optional: Optional) -> Self {
        SymbolOptions { positions, icon, optional, repeat: None }
    }

    /// The symbol of a feature's label at `font_size` px, without its repeat group; candidates
    /// and icon only for a point.
    #[must_use]
    pub fn symbol(&self, point: bool, font_size: f64) -> Symbol {
        let mut symbol = Symbol::default();
        if point {
            symbol.candidates = self
                .positions
                .iter()
                .map(|&(anchor, offset)| {
                    let ems = match offset {
                        Offset::Radial(r) => radial(anchor, r),
                        Offset::Ems(v) => v + DVec2::new(0.0, baseline(anchor)),
                    };
                    Candidate { anchor, offset: ems * font_size }
                })
                .collect();
            if let Some(size) = self.icon {
                symbol.icon = Some(Icon::new(size.x, size.y));
                symbol.optional = self.optional;
            }
        }
        if let Some((distance, _)) = self.repeat {
            symbol.repeat_distance = distance;
        }
        symbol
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags() -> SymbolFlags<'static> {
        SymbolFlags {
            variable_anchor: None,
            radial_offset: None,
            variable_anchor_offset: None,
            icon_size: None,
            text_optional: false,
            icon_optional: false,
            repeat_distance: None,
            repeat_group_field: None,
        }
    }

    #[test]
    fn radial_offsets_follow_maplibre() {
        assert_eq!(radial(Anchor::Left, 1.0), DVec2::new(1.0, 0.0));
        assert_eq!(radial(Anchor::Top, 1.0), DVec2::new(0.0, 1.0 - BASELINE_EM));
        assert_eq!(radial(Anchor::Bottom, -3.0), DVec2::new(0.0, BASELINE_EM));
        let d = 2.0 / std::f64::consts::SQRT_2;
        assert_eq!(radial(Anchor::BottomRight, 2.0), DVec2::new(-d, -d + BASELINE_EM));
        assert_eq!(radial(Anchor::Center, 2.0), DVec2::ZERO);
    }

    #[test]
    fn candidates_scale_with_the_font() {
        let f = SymbolFlags { variable_anchor: Some("left,top"), radial_offset: Some(0.5), ..flags() };
        let s = f.options().unwrap().unwrap().symbol(true, 24.0);
        assert_eq!(
            s.candidates,
            vec![
                Candidate::new(Anchor::Left).with_offset(12.0, 0.0),
                Candidate::new(Anchor::Top).with_offset(0.0, 12.0 - 7.0)
            ]
        );
        let f = SymbolFlags { variable_anchor_offset: Some("top:0,1,bottom-left:0.5,-1"), ..flags() };
        let s = f.options().unwrap().unwrap().symbol(true, 10.0);
        // MapLibre's baseline allowance, 7/24 em, down for a text above the point.
        let below = Candidate::new(Anchor::BottomLeft).with_offset(5.0, (-1.0 + BASELINE_EM) * 10.0);
        assert_eq!(s.candidates[1], below);
        assert_eq!(s.candidates[0], Candidate::new(Anchor::Top).with_offset(0.0, (1.0 - BASELINE_EM) * 10.0));
        assert!(f.options().unwrap().unwrap().symbol(false, 10.0).candidates.is_empty());
        assert_eq!(flags().options(), Ok(None));
    }

    #[test]
    fn bad_values_name_their_flag() {
        let cases: [(SymbolFlags<'static>, &str); 7] = [
            (SymbolFlags { variable_anchor: Some("top,middle"), ..flags() }, "--variable-anchor: unknown anchor"),
            (SymbolFlags { radial_offset: Some(1.0), ..flags() }, "--radial-offset needs"),
            (SymbolFlags { variable_anchor_offset: Some("top:0"), ..flags() }, "--variable-anchor-offset"),
            (SymbolFlags { variable_anchor_offset: Some("top:a,1"), ..flags() }, "--variable-anchor-offset"),
            (SymbolFlags { icon_size: Some(DVec2::new(0.0, 3.0)), ..flags() }, "--icon-size"),
            (SymbolFlags { text_optional: true, ..flags() }, "--text-optional needs --icon-size"),
            (SymbolFlags { repeat_distance: Some(-1.0), ..flags() }, "--repeat-distance"),
        ];
        for (f, start) in cases {
            let e = f.options().unwrap_err();
            assert!(e.starts_with(start), "{e}");
        }
    }
}
