//! Placement of symbols (contract §3b, §4): labels with candidate positions, an icon, optional
//! parts and repeat groups.
//!
//! A symbol is compiled into a list of rigid *parts* per *position* ([`parts`]): the text box
//! at each candidate (or at the label's own anchor and offset), then the icon, which is the
//! same at every position. What does not depend on other labels is computed in parallel, in
//! input order (the caller's labels and symbols read one after the other): its box
//! (absolute, its centre in f64, as for plain labels) and bounds, whether it meets the
//! viewport, and the lowest-index obstacle it overlaps (while one thread sorts the placement
//! order and lays the pass's grid). One pass then takes the labels in
//! placement order (priority descending, then input position), reading each label's parts as
//! one contiguous run, and asks §4's rule ([`super::rule`]) what becomes of each, against what
//! the labels placed before it occupy: their anchor points by repeat group, in one rstar tree
//! per group ([`repeat`]), and their blocking parts, in the core's earliest-hit grid
//! ([`placed`]), so that the lazy narrow phase (the project's one `collides`) runs only on
//! pairs whose bounds meet. The placed parts a label has hit are tried first at its next
//! positions, which lie around the same point.
//!
//! A path label (text along a line, [`crate::path`]) is one position of one part per glyph:
//! the pass gathers placed parts near the union of its glyph boxes and tests glyph by glyph.
//! One whose text does not fit its path has no position, and is hidden `no_room` or
//! `too_curved` before the rule's first step (`offscreen`).
//!
//! The pass is sequential and every parallel step keeps input order, so the result is the
//! same bit for bit on any thread count. On more than one thread and from
//! [`MIN_BLOCK_WALK`] labels it walks speculative blocks of placement order ([`blocks`]): the
//! labels of a block decided in parallel, then kept or decided again in order, exactly. With
//! [`PlacementOptions::tile_labels`] given (and more labels than that), the same rule runs on
//! tiles in parallel ([`tiles`]), deciding the same. The grid's extent (the anchor points in
//! view) and cell size ([`PlacementOptions::tile_size`] when given) only decide where to look.
//! Labels that add nothing (a [`Symbol`] with no candidates, icon or group) go to the plain
//! engine unchanged when the whole set is plain; in a mixed set they are symbols with one
//! position and one part, which §4 places exactly as the plain rule does (property tests check
//! both against one brute-force reference).

mod blocks;
mod parts;
mod pass;
mod placed;
mod pose;
mod reach;
mod repeat;
mod tiles;

use rayon::prelude::*;

use super::MIN_PARALLEL_CHUNK;
use super::cull::View;
use super::obstacles::ObstacleIndex;
use super::order::{placement_key, sorted_positions};
use super::stages::first_error;
use super::{Input, place_checked};
use crate::{
    Error, HiddenReason, Label, LabelOutcome, PathLayout, Placement, PlacementOptions, PlacementStats, Shape, Symbol,
};
use parts::{Compiled, Compiler};
use pass::Pass;
use placed::{Kept, PlacedParts};

/// Places symbols: `labels[i]` with what `symbols[i]` adds to it (contract §3b). Decides, for
/// every label, whether it is shown, where and with which parts (`Placement::choices`), and
/// if not, why and behind what. When no symbol adds anything this is [`crate::place`], bit
/// for bit, and `choices` is empty.
///
/// ```
/// use label_core::{place_symbols, Anchor, Candidate, Label, Parts, PlacementOptions, Symbol, Icon};
/// let labels = [Label::new(100.0, 50.0, 40.0, 10.0).with_priority(1.0), Label::new(75.0, 50.0, 40.0, 10.0)];
/// let around = vec![Candidate::new(Anchor::Left), Candidate::new(Anchor::Right)];
/// let symbols = [Symbol::default(), Symbol::default().with_candidates(around).with_icon(Icon::new(4.0, 4.0))];
/// let p = place_symbols(&labels, &symbols, &[], &PlacementOptions::default()).unwrap();
/// // The second label's text does not fit left-anchored (right of its point): it goes
/// // right-anchored, left of its point, beside its icon.
/// assert!(p.outcomes[1].visible);
/// assert_eq!(p.choices[1].candidate, Some(1));
/// assert_eq!(p.choices[1].parts, Some(Parts::Both));
/// ```
///
/// # Errors
/// [`Error`] naming the first bad label, symbol, obstacle or option;
/// [`Error::SymbolLength`] when there is not one symbol per label.
pub fn place_symbols(
    labels: &[Label],
    symbols: &[Symbol],
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Result<Placement, Error> {
    place_checked_symbols(labels, symbols, None, obstacles, options)
}

/// [`place_symbols`] with the path labels already laid out by the caller: `layouts[i]` is
/// `symbols[i]`'s layout (`symbols[i].layout()` when it fits, `None` otherwise or without a
/// path), which the core then does not compute again. A frame engine lays out each projected
/// line to pose its label and hands the layouts over; the caller promises they are exactly
/// what [`Symbol::layout`] gives (checked in debug builds).
///
/// # Errors
/// As [`place_symbols`].
///
/// # Panics
/// If there is not one layout per symbol.
pub fn place_symbols_laid_out(
    labels: &[Label],
    symbols: &[Symbol],
    layouts: &[Option<PathLayout>],
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Result<Placement, Error> {
    assert_eq!(layouts.len(), symbols.len(), "one layout per symbol");
    place_checked_symbols(labels, symbols, Some(layouts), obstacles, options)
}

/// [`place_symbols`], with the paths' layouts when the caller has them.
fn place_checked_symbols(
    labels: &[Label],
    symbols: &[Symbol],
    layouts: Option<&[Option<PathLayout>]>,
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Result<Placement, Error> {
    if symbols.len() != labels.len() {
        return Err(Error::SymbolLength { labels: labels.len(), symbols: symbols.len() });
    }
    Input::check(labels, obstacles, options)?;
    if let Some(e) = first_error(symbols, crate::validate::check_symbol) {
        return Err(e);
    }
    debug_assert!(
        layouts.is_none_or(|l| symbols.iter().zip(l).all(|(s, l)| s.layout().and_then(Result::ok) == *l)),
        "a layout is not its symbol's"
    );
    if symbols.iter().all(Symbol::is_plain) {
        return Ok(place_checked(labels, obstacles, options, None));
    }
    Ok(place_valid(labels, symbols, layouts, obstacles, options))
}

/// The sequential pass walks in blocks ([`blocks`]) from this many labels, on more than one
/// thread: below, the blocks' joins cost about what the second thread wins
/// (`docs/performance.md`, "Symbols").
const MIN_BLOCK_WALK: usize = 16 * blocks::BLOCK;

/// [`place_symbols`] on valid input, with symbols, and the paths' layouts if the caller has
/// them ([`place_symbols_laid_out`]).
fn place_valid(
    labels: &[Label],
    symbols: &[Symbol],
    layouts: Option<&[Option<PathLayout>]>,
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Placement {
    let blocks = (rayon::current_num_threads() > 1 && labels.len() >= MIN_BLOCK_WALK).then_some(blocks::BLOCK);
    place_walking(labels, symbols, layouts, obstacles, options, blocks)
}

/// [`place_valid`], the sequential pass walking in blocks of `blocks` labels when given.
fn place_walking(
    labels: &[Label],
    symbols: &[Symbol],
    layouts: Option<&[Option<PathLayout>]>,
    obstacles: &[Shape],
    options: &PlacementOptions,
    blocks: Option<usize>,
) -> Placement {
    let index = (!obstacles.is_empty()).then(|| ObstacleIndex::new(obstacles));
    let origin = glam::DVec2::ZERO; // boxes are absolute: their centres are f64 (contract §3)
    let own;
    let layouts = match layouts {
        Some(given) => given,
        None => {
            own = parts::lay_out(symbols);
            &own
        }
    };
    let compiler = Compiler {
        labels,
        symbols,
        layouts,
        origin,
        view: options.viewport.as_ref().map(|v| View::new(v, origin)),
        obstacles: index.as_ref(),
    };
    // Tiles only when asked for: on W_sym(100k) more labels wait than in the plain pass (9%
    // against 2–4%), and one thread runs 2.2 times the sequential pass's instructions, more
    // than two threads win back (docs/performance.md, "Symbols").
    let tiled = options.tile_labels.filter(|&t| labels.len() > t);
    // The placement order is sorted and the pass's grid laid on one thread while the others
    // compute the parts, which need the order only to put the entries in it (below a parallel
    // chunk, as a frame engine's calls often are, all on the caller's thread as before).
    // The buffers this thread's last pass kept are taken here, on the caller's thread, where
    // the pass ends and keeps them: the join may lay the grid on a pool thread.
    let kept = if tiled.is_none() { Kept::take() } else { Kept::default() };
    let sort = || (placement_order(labels), tiled.is_none().then(|| empty_grid(labels, options, kept)));
    let compile = || Compiled::in_input_order(&compiler);
    let ((order, grid), unordered) =
        if labels.len() >= MIN_PARALLEL_CHUNK { rayon::join(sort, compile) } else { (sort(), compile()) };
    let compiled = unordered.in_placement_order(order);
    let (mut decided, cells, tiles, waited) = match tiled.and_then(|t| tiles::reach(&compiled, t)) {
        Some(reach) => {
            let (decided, waited) = tiles::run(&compiled, &reach, options.tile_size, options.max_overlap_area);
            (decided, reach.cells(), reach.tiles(), waited)
        }
        None => {
            let grid = grid.unwrap_or_else(|| empty_grid(labels, options, Kept::take()));
            let cells = grid.len();
            let pass = Pass::new(grid, options.max_overlap_area);
            let decided = match blocks {
                Some(block) => blocks::run(pass, &compiled, block),
                None => pass.run(&compiled),
            };
            (decided, cells, 1, 0)
        }
    };
    // Path labels whose text does not fit have no position, so the pass found them off
    // screen: they are hidden for their own reason (contract §4 step 1).
    for e in compiled.entries.iter().filter(|e| e.hidden.is_some()) {
        decided.outcomes[e.input as usize] = LabelOutcome { visible: false, reason: e.hidden, hidden_by: None };
    }
    placement(decided, (cells, tiles, waited))
}

/// Input positions in placement order (priority descending, then input position).
fn placement_order(labels: &[Label]) -> Vec<u32> {
    let keys: Vec<u128> = labels
        .par_iter()
        .enumerate()
        .with_min_len(MIN_PARALLEL_CHUNK)
        .map(|(i, l)| placement_key(l.style.priority, 0, i as u32))
        .collect();
    sorted_positions(&keys)
}

/// The sequential pass's empty grid of placed parts, over the labels' anchor points in view,
/// on the buffers `kept`.
fn empty_grid(labels: &[Label], options: &PlacementOptions, kept: Kept) -> PlacedParts {
    let extent = PlacedParts::extent(labels, options.viewport.as_ref());
    PlacedParts::on(kept, extent, options.tile_size, options.max_overlap_area)
}

/// The placement of `decided`'s outcomes and choices, with its counts; `cells`, `tiles` and
/// `waited` as the walk reports them.
fn placement(decided: pass::Decided, (cells, tiles, waited): (usize, usize, usize)) -> Placement {
    let labels = decided.outcomes.len();
    let count = |reason: HiddenReason| decided.outcomes.iter().filter(|o| o.reason == Some(reason)).count();
    let visible = decided.outcomes.iter().filter(|o| o.visible).count();
    let (offscreen, no_room, too_curved) =
        (count(HiddenReason::Offscreen), count(HiddenReason::NoRoom), count(HiddenReason::TooCurved));
    let stats = PlacementStats {
        labels,
        visible,
        hidden_collision: labels - visible - offscreen - decided.repeated - no_room - too_curved,
        hidden_offscreen: offscreen,
        hidden_repeat: decided.repeated,
        hidden_no_room: no_room,
        hidden_too_curved: too_curved,
        cells,
        cell_pairs: 0,
        narrow_tests: decided.tests,
        tiles,
        waited,
    };
    Placement { outcomes: decided.outcomes, stats, choices: decided.choices }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Anchor, Candidate, Icon, Optional};

    /// Symbols are checked in chunks in parallel: the error names the first bad one in input
    /// order, whichever chunk a thread finishes first, on any thread count.
    #[test]
    fn the_first_bad_symbol_is_named() {
        let n = 3 * MIN_PARALLEL_CHUNK + 5;
        let labels = vec![Label::new(1.0, 2.0, 3.0, 4.0); n];
        let mut symbols = vec![Symbol::default().with_icon(Icon::new(2.0, 2.0)); n];
        for (i, width) in [(2 * MIN_PARALLEL_CHUNK + 7, f64::NAN), (MIN_PARALLEL_CHUNK + 3, -1.0), (n - 1, 0.0)] {
            symbols[i].icon.as_mut().unwrap().width = width;
        }
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let err = pool.install(|| place_symbols(&labels, &symbols, &[], &PlacementOptions::default()));
            match err {
                Err(Error::InvalidLabel { index, field, .. }) => {
                    assert_eq!((index, field), (MIN_PARALLEL_CHUNK + 3, "icon.width"), "{threads} threads");
                }
                other => panic!("{threads} threads: {other:?}"),
            }
        }
    }

    /// A call of [`MIN_PARALLEL_CHUNK`] labels or more lays its grid on a pool thread, on the
    /// buffers the caller's thread kept from its last pass (before, the pool thread took its
    /// own, so a caller outside the pool never reused its buffers).
    #[test]
    fn a_large_call_lays_its_grid_on_the_buffers_its_thread_kept() {
        let n = MIN_PARALLEL_CHUNK as u32 + 100;
        let labels: Vec<Label> = (0..n)
            .map(|i| Label::new(f64::from((i * 7919) % 2003), f64::from((i * 104_729) % 1999), 30.0, 10.0))
            .collect();
        let symbols = vec![Symbol::default().with_icon(Icon::new(8.0, 8.0)); n as usize];
        let place = || place_symbols(&labels, &symbols, &[], &PlacementOptions::default()).unwrap();
        let first = place();
        let kept = placed::kept_list_at().expect("the pass keeps its buffers on the caller's thread");
        assert_eq!(place().outcomes, first.outcomes);
        assert_eq!(placed::kept_list_at(), Some(kept), "the second call filled the kept list again");
        // A large call of another extent and label size (so another cell size) on those kept
        // buffers decides as on a thread that kept none.
        let wide: Vec<Label> = (0..n)
            .map(|i| {
                let (x, y) = (f64::from((i * 7919) % 5003) * 1.7, f64::from((i * 104_729) % 4001) * 0.8);
                Label::new(x - 900.0, y - 400.0, 60.0 + f64::from(i % 11), 14.0).with_angle(f64::from(i % 5) * 20.0)
            })
            .collect();
        let on_kept = place_symbols(&wide, &symbols, &[], &PlacementOptions::default()).unwrap();
        let fresh =
            std::thread::spawn(move || place_symbols(&wide, &symbols, &[], &PlacementOptions::default()).unwrap())
                .join()
                .unwrap();
        assert_eq!(on_kept.outcomes, fresh.outcomes);
        assert!(fresh.stats.visible > 100 && fresh.stats.visible < n as usize, "{}", fresh.stats.visible);
    }

    /// Entries and parts are computed in chunks of input order on every thread and the
    /// entries gathered into placement order: enough labels for several chunks and several
    /// gathers in parallel, and neither the thread count nor the tiles change a decision (nor
    /// a count but the exact tests: on more threads the block walk decides a few labels twice).
    #[test]
    fn any_thread_count_gives_the_one_thread_decisions() {
        let n = 40_000u32;
        let labels: Vec<Label> = (0..n)
            .map(|i| {
                let x = f64::from((i * 7919) % 4001) * 0.9;
                let y = f64::from((i * 104_729) % 3989) * 0.6;
                Label::new(x, y, 20.0 + f64::from(i % 37) * 2.0, 9.0 + f64::from(i % 5))
                    .with_angle(f64::from(i % 7) * 15.0)
                    .with_priority(f64::from((i * 31) % 101))
            })
            .collect();
        let around: Vec<Candidate> = [Anchor::Left, Anchor::Right, Anchor::Top, Anchor::Bottom]
            .into_iter()
            .map(|a| Candidate::new(a).with_offset(2.0, 0.0))
            .collect();
        let symbols: Vec<Symbol> = (0..n)
            .map(|i| {
                let mut s = Symbol::default().with_candidates(around.clone());
                if i % 3 == 0 {
                    s = s.with_icon(Icon::new(12.0, 12.0)).with_optional(Optional::Text);
                }
                if i % 10 == 0 {
                    s = s.with_repeat(i % 17, 120.0);
                }
                s
            })
            .collect();
        let obstacles =
            [Shape::Aabb(crate::Aabb::from_corners(glam::Vec2::new(300.0, 200.0), glam::Vec2::new(340.0, 260.0)))];
        let options = PlacementOptions::default().with_viewport(3200.0, 2000.0);
        let on = |threads: usize, tile_labels: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let options = options.clone().with_tile_labels(tile_labels);
            pool.install(|| place_valid(&labels, &symbols, None, &obstacles, &options))
        };
        // The sequential pass (one tile, one thread) is the reference.
        let one = on(1, usize::MAX);
        assert_eq!((one.stats.tiles, one.stats.waited), (1, 0));
        assert!(one.stats.visible > 1000 && one.stats.hidden_collision > 1000, "{:?}", one.stats);
        assert!(one.stats.hidden_offscreen > 1000 && one.stats.hidden_repeat > 10, "{:?}", one.stats);
        for tile_labels in [usize::MAX, 32_768, 2000, 300] {
            let tiled = on(1, tile_labels);
            if tile_labels < 40_000 {
                assert!(tiled.stats.tiles > 1 && tiled.stats.waited > 0, "{tile_labels}: {:?}", tiled.stats);
            }
            assert_eq!(tiled.outcomes, one.outcomes, "{tile_labels} labels a tile");
            assert_eq!(tiled.choices, one.choices, "{tile_labels} labels a tile");
            let mut stats = Vec::new();
            for threads in [2, 3] {
                let p = on(threads, tile_labels);
                assert_eq!(p.outcomes, one.outcomes, "{threads} threads");
                assert_eq!(p.choices, one.choices, "{threads} threads");
                // Without tiles, more than one thread walks the sequential pass in blocks,
                // which runs more exact tests (the same on any thread count).
                let blocks = tile_labels == usize::MAX;
                let strip =
                    |s: &PlacementStats| PlacementStats { narrow_tests: if blocks { 0 } else { s.narrow_tests }, ..*s };
                assert_eq!(strip(&p.stats), strip(&tiled.stats), "{threads} threads");
                stats.push(p.stats);
            }
            assert_eq!(stats[0], stats[1]);
        }
    }
}
