//! The definition of a frame with symbols and texts along lines (contract §3b, §4 and its "Frames" rule, with
//! `Stickiness::Shown`'s two passes, and `hidden_by` of a waiting label as `docs/renderer.md`
//! says: the label that hid it last frame while that one, shown, still collides with it),
//! written plainly by brute force: every part of every label tested against every placed part,
//! nothing indexed, nothing shared with the engine but the labels on screen it reports and the
//! core's collision test.

use glam::DVec2;
use label_core::pipeline::collides;
use label_core::{Aabb, Blocker, BoxStyle, Choice, Label, Obb, Optional, Parts, Symbol};
use label_frame::{Frame, FrameEngine, FrameOptions, HiddenReason, Stickiness};

/// A label as one pass of the reference takes it.
struct Item {
    index: usize,
    label: Label,
    symbol: Symbol,
    tie: u32,
    /// The candidate tried first (shown there last frame).
    first: Option<usize>,
    /// A waiting label: what hid it last frame.
    waited_for: Option<Blocker>,
}

/// A placed label: its engine index, the boxes it shows, whether they block, its repeat group
/// and anchor point.
struct Placed {
    index: usize,
    /// Shown by pass 1 (kept).
    kept: bool,
    boxes: Vec<Obb>,
    blocks: bool,
    group: Option<u32>,
    anchor: DVec2,
}

/// Whether label `index` of `engine`'s last frame meets the viewport of `size`: some part at
/// some position overlaps it (by more than the core's tolerance).
pub fn symbol_in_view(engine: &FrameEngine, index: usize, size: DVec2) -> bool {
    let (Some(label), Some(symbol)) = (engine.screen_label(index), engine.screen_symbol(index)) else { return false };
    let view = Obb::from_aabb(&Aabb::from_corners(glam::Vec2::ZERO, size.as_vec2()));
    // A path label's parts are its glyphs, if its text fits its line on screen.
    let layout = symbol.layout().and_then(Result::ok);
    symbol.parts(&label, DVec2::ZERO, layout.as_ref()).any(|b| view.overlaps(&b))
}

/// What the definition decides for one label: shown with a choice, or hidden in view for a
/// reason by a label (engine index), or out of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decided {
    Shown(Choice),
    Hidden(HiddenReason, Blocker),
    Out,
}

/// Each label's decision in the frame that follows `last` by the definition, for an engine
/// without obstacles whose viewport is `size`.
pub fn symbol_reference(engine: &FrameEngine, last: &Frame, size: DVec2, options: &FrameOptions) -> Vec<Decided> {
    let n = engine.labels().len();
    let view = Obb::from_aabb(&Aabb::from_corners(glam::Vec2::ZERO, size.as_vec2()));
    let last_choice = |i: usize| last.choices.get(i).copied().unwrap_or_default();
    let item = |i: usize, extra: f64, tie: u32, first: Option<usize>| {
        let label = engine.screen_label(i).unwrap();
        let mut symbol = engine.screen_symbol(i).unwrap();
        if let Some(icon) = &mut symbol.icon {
            icon.padding += extra;
        }
        Item {
            index: i,
            label: Label { style: BoxStyle { padding: label.style.padding + extra, ..label.style }, ..label },
            symbol,
            tie,
            first,
            waited_for: None,
        }
    };
    let mut free = Vec::new();
    let mut waiting = Vec::new();
    for i in (0..n).filter(|&i| symbol_in_view(engine, i, size)) {
        let was = &last.labels[i];
        let collided = was.reason == Some(HiddenReason::Collision);
        if options.stickiness == Stickiness::Shown && collided {
            waiting.push(Item { waited_for: was.hidden_by, ..item(i, options.hysteresis_px, 0, None) });
        } else {
            let tie = if options.stickiness == Stickiness::None { 0 } else { u32::from(!was.visible) };
            let first = (options.last_position_first && was.visible)
                .then(|| last_choice(i).candidate.map(|k| k as usize))
                .flatten();
            let extra = if collided { options.hysteresis_px } else { 0.0 };
            free.push(item(i, extra, tie, first));
        }
    }
    let mut out = vec![Decided::Out; n];
    let mut placed = Vec::new();
    greedy(&free, &mut placed, &view, options.max_overlap_area, &mut out);
    for p in &mut placed {
        p.kept = true;
    }
    greedy(&waiting, &mut placed, &view, options.max_overlap_area, &mut out);
    out
}

/// Contract §4 step 3 over `items`, in priority order (ties by `tie`, then list order), after
/// the `placed` labels; each shown label joins `placed` and gets its entry in `out`.
fn greedy(items: &[Item], placed: &mut Vec<Placed>, view: &Obb, max_overlap_area: f32, out: &mut [Decided]) {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&items[a], &items[b]);
        (y.label.style.priority + 0.0)
            .total_cmp(&(x.label.style.priority + 0.0))
            .then(x.tie.cmp(&y.tie))
            .then(a.cmp(&b))
    });
    for k in order {
        let it = &items[k];
        let (boxes, choice) = match decide(it, placed, view, max_overlap_area) {
            Ok(shown) => shown,
            Err(hidden) => {
                out[it.index] = hidden;
                continue;
            }
        };
        out[it.index] = Decided::Shown(choice);
        placed.push(Placed {
            index: it.index,
            kept: false,
            boxes,
            blocks: !it.label.style.ignore_placement,
            group: it.symbol.repeat_group,
            anchor: DVec2::new(it.label.x, it.label.y),
        });
    }
}

/// Where `it` shows, if it does: its boxes and choice; else why not.
fn decide(it: &Item, placed: &[Placed], view: &Obb, max_overlap_area: f32) -> Result<(Vec<Obb>, Choice), Decided> {
    let s = &it.symbol;
    // The text's parts at each position: its box, or a path label's glyphs at its one position.
    let texts: Vec<Vec<Obb>> = match s.layout() {
        Some(layout) => {
            let glyphs = layout.expect("a path label in view fits its line").glyphs;
            vec![glyphs.iter().map(|g| g.obb(it.label.style.height, it.label.style.padding, DVec2::ZERO)).collect()]
        }
        None => (0..s.positions()).map(|k| vec![s.text_box(&it.label, k, DVec2::ZERO)]).collect(),
    };
    let icon = s.icon_box(&it.label, DVec2::ZERO);
    let meets = |b: &Obb| view.overlaps(b);
    let text_meets = |k: usize| texts[k].iter().any(meets);
    let position_meets = |k: usize| text_meets(k) || icon.as_ref().is_some_and(meets);
    // The positions in the order tried: the one shown last frame first, then the list.
    let mut tried: Vec<usize> = it.first.into_iter().collect();
    tried.extend((0..s.positions()).filter(|&k| Some(k) != it.first));
    let first_in_view = tried.iter().copied().find(|&k| position_meets(k)).ok_or(Decided::Out)?;
    if let Some(group) = s.repeat_group {
        let anchor = DVec2::new(it.label.x, it.label.y);
        if let Some(p) =
            placed.iter().find(|p| p.group == Some(group) && Symbol::repeats(anchor, p.anchor, s.repeat_distance))
        {
            return Err(Decided::Hidden(HiddenReason::Repeat, Blocker::Label(p.index as u32)));
        }
    }
    let hits = |b: &Obb, p: &Placed| p.blocks && p.boxes.iter().any(|q| collides(b, q, max_overlap_area));
    let free = |b: &Obb| !placed.iter().any(|p| hits(b, p));
    let text_free = |k: usize| texts[k].iter().all(free);
    let icon_free = icon.as_ref().is_none_or(free);
    let choice = |k: Option<usize>, parts: Parts| Choice {
        candidate: if s.candidates.is_empty() { None } else { k.map(|k| k as u32) },
        parts: icon.map(|_| parts),
    };
    let both = |k: usize| (texts[k].iter().copied().chain(icon).collect(), choice(Some(k), Parts::Both));
    if icon_free && let Some(k) = tried.iter().copied().find(|&k| position_meets(k) && text_free(k)) {
        return Ok(both(k));
    }
    if it.label.style.allow_overlap {
        return Ok(both(first_in_view));
    }
    match (icon, s.optional) {
        (Some(i), Optional::Text) if meets(&i) && icon_free => return Ok((vec![i], choice(None, Parts::Icon))),
        (Some(_), Optional::Icon) => {
            if let Some(k) = tried.iter().copied().find(|&k| text_meets(k) && text_free(k)) {
                return Ok((texts[k].clone(), choice(Some(k), Parts::Text)));
            }
        }
        _ => {}
    }
    // Hidden by the earliest placed label a part at its first position in view collides with;
    // a waiting label by the label that hid it last frame, if pass 1 kept it and it still does.
    let at: Vec<Obb> = texts[first_in_view].iter().copied().chain(icon).collect();
    let still =
        |p: &&Placed| p.kept && it.waited_for == Some(Blocker::Label(p.index as u32)) && at.iter().any(|b| hits(b, p));
    let by = placed.iter().find(still).or_else(|| placed.iter().find(|p| at.iter().any(|b| hits(b, p))));
    let by = by.expect("a hidden label collides");
    Err(Decided::Hidden(HiddenReason::Collision, Blocker::Label(by.index as u32)))
}
