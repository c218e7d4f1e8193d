//! Per-animation results, the summary the issue asks for, and how both are printed.

use declutter_benches::percentile;
use serde::Serialize;

use crate::methods::{FrameOutcome, Method};

/// One method over one animation.
#[derive(Clone, Serialize)]
pub struct Row {
    pub scene: &'static str,
    pub animation: &'static str,
    pub width: u32,
    pub height: u32,
    pub method: &'static str,
    pub frames: usize,
    /// Labels whose box met the viewport (the placement's candidates): largest and mean.
    pub candidates_max: usize,
    pub candidates_mean: f64,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub mean_ms: f64,
    /// The engine's split of the mean frame, ms: projection and culling, placement, the rest.
    pub mean_project_ms: f64,
    pub mean_place_ms: f64,
    pub mean_finish_ms: f64,
    /// Labels shown per frame, mean.
    pub shown_mean: f64,
    /// Visibility flips per frame (labels in view in both frames), mean over the frames after
    /// the first; the per-frame means below are over the same frames.
    pub flips_per_frame: f64,
    /// The flips split: labels in view in both frames that appeared, and that disappeared.
    pub appear_per_frame: f64,
    pub disappear_per_frame: f64,
    /// Shown labels that left the view, and labels shown as they came into view.
    pub exit_per_frame: f64,
    pub enter_per_frame: f64,
    /// The fewest flips per frame at this method's label counts, exits and entries
    /// (|appeared − disappeared| of each frame, see [`crate::methods::Changes::floor`]).
    pub floor_per_frame: f64,
    /// Labels shown in the last frame that the motion made overlap, so that some must go
    /// ([`crate::methods::Changes::forced_out`]), and the floor that counts them too
    /// ([`crate::methods::Changes::collision_floor`]).
    pub forced_out_per_frame: f64,
    pub collision_floor_per_frame: f64,
    /// Disappearances of labels hidden by a label new to the view
    /// ([`crate::methods::Changes::pushed_by_entries`]).
    pub pushed_by_entries_per_frame: f64,
    /// Flips per frame that undo the same label's previous flip within half a second (blinking).
    pub flicker_per_frame: f64,
    /// Labels shown in a frame and the last at different candidates (symbols), per frame.
    pub moves_per_frame: f64,
    /// Frames that reused the last placement (translation-only cameras).
    pub reused_frames: usize,
    /// Frames checked for overlapping shown labels, and the overlapping pairs found.
    pub checked_frames: usize,
    pub overlapping_pairs: usize,
    /// A hash of every frame's per-label results, hex: equal digests, equal decisions.
    pub digest: String,
}

/// Mean of a count over the frames after the first (the frame changes from the last one).
fn per_change(frames: &[FrameOutcome], count: impl Fn(&FrameOutcome) -> usize) -> f64 {
    frames.iter().skip(1).map(|f| count(f) as f64).sum::<f64>() / (frames.len() as f64 - 1.0).max(1.0)
}

impl Row {
    pub fn new(
        (scene, animation, width, height): (&'static str, &'static str, u32, u32),
        method: Method,
        frames: &[FrameOutcome],
        (checked_frames, overlapping_pairs): (usize, usize),
    ) -> Self {
        let mut ms: Vec<f64> = frames.iter().map(|f| f.time.as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let n = frames.len() as f64;
        Row {
            scene,
            animation,
            width,
            height,
            method: method.key(),
            frames: frames.len(),
            candidates_max: frames.iter().map(|f| f.in_view).max().unwrap_or(0),
            candidates_mean: frames.iter().map(|f| f.in_view as f64).sum::<f64>() / n,
            p50_ms: percentile(&ms, 0.50),
            p95_ms: percentile(&ms, 0.95),
            p99_ms: percentile(&ms, 0.99),
            max_ms: *ms.last().unwrap_or(&0.0),
            mean_ms: ms.iter().sum::<f64>() / n,
            mean_project_ms: frames.iter().map(|f| f.split_us[0]).sum::<f64>() / n / 1e3,
            mean_place_ms: frames.iter().map(|f| f.split_us[1]).sum::<f64>() / n / 1e3,
            mean_finish_ms: frames.iter().map(|f| f.split_us[2]).sum::<f64>() / n / 1e3,
            shown_mean: frames.iter().map(|f| f.visible as f64).sum::<f64>() / n,
            flips_per_frame: per_change(frames, |f| f.changes.flips()),
            appear_per_frame: per_change(frames, |f| f.changes.appeared),
            disappear_per_frame: per_change(frames, |f| f.changes.disappeared),
            exit_per_frame: per_change(frames, |f| f.changes.exited),
            enter_per_frame: per_change(frames, |f| f.changes.entered),
            floor_per_frame: per_change(frames, |f| f.changes.floor()),
            forced_out_per_frame: per_change(frames, |f| f.changes.forced_out),
            collision_floor_per_frame: per_change(frames, |f| f.changes.collision_floor()),
            pushed_by_entries_per_frame: per_change(frames, |f| f.changes.pushed_by_entries),
            flicker_per_frame: per_change(frames, |f| f.flicker),
            moves_per_frame: per_change(frames, |f| f.moves),
            reused_frames: frames.iter().filter(|f| f.reused).count(),
            checked_frames,
            overlapping_pairs,
            digest: {
                let mut h = std::hash::DefaultHasher::new();
                std::hash::Hash::hash(&frames.iter().map(|f| f.digest).collect::<Vec<u64>>(), &mut h);
                format!("{:016x}", std::hash::Hasher::finish(&h))
            },
        }
    }
}

/// The questions, answered from the rows.
#[derive(Serialize)]
pub struct Summary {
    /// Mean over all animations of (labels shown by the exact per-frame greedy) / (shown by the
    /// axis-aligned grid) − 1.
    pub exact_vs_aabb_more_shown: f64,
    /// The same for the street labels only (rotated along their streets).
    pub exact_vs_aabb_more_shown_streets: f64,
    /// Overlapping pairs found among the shown labels of the exact engines (must be 0).
    pub exact_overlapping_pairs: usize,
    /// Per animation (rotate and zoom): flips per frame with stability / without.
    pub flip_ratios: Vec<FlipRatio>,
    /// Largest p99 frame time of the engine (with stability), ms, and where.
    pub engine_worst_p99_ms: f64,
    pub engine_worst_p99_at: String,
}

/// Flips with stability against without, for one animation.
#[derive(Serialize)]
pub struct FlipRatio {
    pub scene: &'static str,
    pub animation: &'static str,
    pub width: u32,
    pub stable: f64,
    pub plain: f64,
    pub ratio: f64,
    /// The same for flicker (flips undone within half a second).
    pub flicker_stable: f64,
    pub flicker_plain: f64,
    pub flicker_ratio: f64,
    /// The engine's floor: the fewest flips per frame at its own label counts, exits and
    /// entries.
    pub stable_floor: f64,
    /// The same with the disappearances the motion forces on the engine's shown labels.
    pub stable_collision_floor: f64,
    /// The engine's flips over its floor (1: every flip is needed for its label counts).
    pub over_floor: f64,
    /// The per-frame greedy's floor: the flips per frame needed just to keep its label counts
    /// (with its exits and entries).
    pub plain_floor: f64,
    /// The target: a tenth of the per-frame greedy's flips per frame.
    pub target: f64,
    /// Σ over the frame changes of (the engine's floor − target): the labels, net, that the
    /// engine would have to give up (or not take up) to meet the target with its own exits and
    /// entries.
    pub labels_given_up: f64,
}

impl Summary {
    pub fn new(rows: &[Row]) -> Self {
        let find = |r: &Row, m: Method| {
            rows.iter()
                .find(|x| (x.scene, x.animation, x.width, x.method) == (r.scene, r.animation, r.width, m.key()))
                .expect("every method runs every animation")
        };
        let plain: Vec<&Row> = rows.iter().filter(|r| r.method == Method::Plain.key()).collect();
        let more = |rs: &[&&Row]| {
            rs.iter().map(|r| r.shown_mean / find(r, Method::Aabb).shown_mean - 1.0).sum::<f64>()
                / rs.len().max(1) as f64
        };
        let all: Vec<&&Row> = plain.iter().collect();
        let streets: Vec<&&Row> = plain.iter().filter(|r| r.scene == "streets").collect();
        let flip_ratios = plain
            .iter()
            .filter(|r| r.animation == "rotate" || r.animation == "zoom")
            .map(|r| {
                let engine = find(r, Method::Engine);
                let ratio = |a: f64, b: f64| a / b.max(f64::MIN_POSITIVE);
                let target = r.flips_per_frame / 10.0;
                FlipRatio {
                    scene: r.scene,
                    animation: r.animation,
                    width: r.width,
                    stable: engine.flips_per_frame,
                    plain: r.flips_per_frame,
                    ratio: ratio(engine.flips_per_frame, r.flips_per_frame),
                    flicker_stable: engine.flicker_per_frame,
                    flicker_plain: r.flicker_per_frame,
                    flicker_ratio: ratio(engine.flicker_per_frame, r.flicker_per_frame),
                    stable_floor: engine.floor_per_frame,
                    stable_collision_floor: engine.collision_floor_per_frame,
                    over_floor: ratio(engine.flips_per_frame, engine.floor_per_frame),
                    plain_floor: r.floor_per_frame,
                    target,
                    labels_given_up: (engine.floor_per_frame - target) * (engine.frames as f64 - 1.0),
                }
            })
            .collect();
        let worst = rows
            .iter()
            .filter(|r| r.method == Method::Engine.key())
            .max_by(|a, b| a.p99_ms.total_cmp(&b.p99_ms))
            .expect("the engine ran");
        Summary {
            exact_vs_aabb_more_shown: more(&all),
            exact_vs_aabb_more_shown_streets: more(&streets),
            exact_overlapping_pairs: rows
                .iter()
                .filter(|r| r.method != Method::Aabb.key())
                .map(|r| r.overlapping_pairs)
                .sum(),
            flip_ratios,
            engine_worst_p99_ms: worst.p99_ms,
            engine_worst_p99_at: format!("{} {} {}x{}", worst.scene, worst.animation, worst.width, worst.height),
        }
    }
}

/// The table for people.
pub fn print_table(rows: &[Row]) {
    println!(
        "{:<8} {:<7} {:>9} {:<21} {:>6} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>6}",
        "scene",
        "anim",
        "viewport",
        "method",
        "frames",
        "cand",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "shown",
        "flips/f",
        "blinks/f",
        "appear/f",
        "disapp/f",
        "floor/f",
        "forced/f",
        "pushed/f",
        "reused"
    );
    let mut last = ("", "", 0);
    for r in rows {
        if last != (r.scene, r.animation, r.width) && !last.0.is_empty() {
            println!();
        }
        last = (r.scene, r.animation, r.width);
        let name = Method::ALL.iter().find(|m| m.key() == r.method).map_or(r.method, |m| m.name());
        println!(
            "{:<8} {:<7} {:>9} {:<21} {:>6} {:>7} {:>7.3} {:>7.3} {:>7.3} {:>7.3} {:>7.0} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>6}",
            r.scene,
            r.animation,
            format!("{}x{}", r.width, r.height),
            name,
            r.frames,
            r.candidates_max,
            r.p50_ms,
            r.p95_ms,
            r.p99_ms,
            r.max_ms,
            r.shown_mean,
            r.flips_per_frame,
            r.flicker_per_frame,
            r.appear_per_frame,
            r.disappear_per_frame,
            r.floor_per_frame,
            r.forced_out_per_frame,
            r.pushed_by_entries_per_frame,
            r.reused_frames
        );
    }
}

/// Where the engine's time goes, for people.
pub fn print_split(rows: &[Row]) {
    println!();
    println!("engine (with stability), mean ms per frame: projection + placement + the rest = mean");
    for r in rows.iter().filter(|r| r.method == Method::Engine.key()) {
        println!(
            "  {:<8} {:<7} {:>9}  {:>6.3} + {:>6.3} + {:>6.3} = {:>6.3}",
            r.scene,
            r.animation,
            format!("{}x{}", r.width, r.height),
            r.mean_project_ms,
            r.mean_place_ms,
            r.mean_finish_ms,
            r.mean_ms
        );
    }
}

/// The summary for people.
pub fn print_summary(s: &Summary) {
    println!();
    println!(
        "exact boxes vs axis-aligned grid: {:+.1}% labels shown (all animations), {:+.1}% on the street labels; \
         overlapping pairs among the exact engines' shown labels: {}",
        100.0 * s.exact_vs_aabb_more_shown,
        100.0 * s.exact_vs_aabb_more_shown_streets,
        s.exact_overlapping_pairs
    );
    println!("flips per frame, with stability / without (target ≤ 0.10); blinks (flips undone within 0.5 s) likewise:");
    for f in &s.flip_ratios {
        println!(
            "  {:<8} {:<7} {:>5}  flips {:>7.2} / {:>7.2} = {:.3}   blinks {:>7.2} / {:>7.2} = {:.3}",
            f.scene,
            f.animation,
            f.width,
            f.stable,
            f.plain,
            f.ratio,
            f.flicker_stable,
            f.flicker_plain,
            f.flicker_ratio
        );
    }
    println!(
        "floor: the fewest flips per frame at a method's own label counts, exits and entries; + forced: also with the \
         disappearances the motion forces on its shown labels;"
    );
    println!(
        "target: 1/10 of the flips without stability; given up: Σ (engine floor − target) over the frames, labels net:"
    );
    for f in &s.flip_ratios {
        println!(
            "  {:<8} {:<7} {:>5}  engine {:>7.2} = {:>5.2} × floor {:>7.2} (+ forced {:>7.2})   no stability {:>7.2}, floor {:>7.2}   \
             target {:>6.2}: given up {:>7.0}",
            f.scene,
            f.animation,
            f.width,
            f.stable,
            f.over_floor,
            f.stable_floor,
            f.stable_collision_floor,
            f.plain,
            f.plain_floor,
            f.target,
            f.labels_given_up
        );
    }
    println!(
        "engine p99 frame time, worst animation: {:.3} ms ({}) (target ≤ 1 ms)",
        s.engine_worst_p99_ms, s.engine_worst_p99_at
    );
}
