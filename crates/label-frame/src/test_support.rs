//! The shared harness of the differential tests: seeded label patches, and two engines played
//! side by side over a camera path, frame by frame, asserting equal frames.

use glam::DVec2;

use crate::{Alignment, Camera, FrameEngine, FrameOptions, WorldLabel};

/// 240 frames over [`patch`] at `(100, 80)`: the camera zooms, turns, pans, tilts, comes back,
/// zooms in on a point off the centre, and pans far (reused frames, and a full one now and
/// then), the patch crossing the viewport's edge.
pub(crate) fn busy_path() -> Vec<Camera> {
    (0..240)
        .map(|k| {
            let t = f64::from(k);
            let c = Camera::new(DVec2::new(110.0, 88.0), 4.0, 900.0, 600.0);
            match k {
                0..40 => c.with_zoom(4.0 + t * 0.02),
                40..80 => c.with_zoom(4.8).with_bearing((t - 40.0) * 2.0),
                80..100 => c.with_zoom(4.8).with_bearing(80.0).with_center(DVec2::new(110.0 + (t - 80.0) * 0.05, 88.0)),
                100..120 => c.with_zoom(4.8).with_pitch((t - 100.0) * 2.0),
                120..160 => c.with_zoom(4.8 - (t - 120.0) * 0.03).with_bearing(-(t - 120.0)),
                // Zooming in on a point off the centre: the centre moves as the zoom grows.
                160..200 => c
                    .with_zoom(3.6 + (t - 160.0) * 0.05)
                    .with_center(DVec2::new(110.0 + (t - 160.0) * 0.06, 88.0 - (t - 160.0) * 0.04)),
                // A long pan (reused frames, and a full one now and then): the patch
                // crosses the viewport's edge, 320 px in all.
                _ => c.with_zoom(4.8).with_center(DVec2::new(110.0 + (t - 200.0) * 0.3, 88.0)),
            }
        })
        .collect()
}

/// 3,000 labels over a patch of 500 × 420 steps of `step` world px from `corner`, scattered
/// over it, of 70 widths, some rotated, some map-aligned, some padded.
pub(crate) fn patch(corner: DVec2, step: f64) -> Vec<WorldLabel> {
    (0..3000u32)
        .map(|k| {
            let p = corner + DVec2::new(f64::from(k * 37 % 500), f64::from(k * 91 % 420)) * step;
            WorldLabel::from_world(u64::from(k), p, 20.0 + f64::from(k % 70), 10.0 + f64::from(k % 7))
                .with_priority(f64::from(k % 9))
                .with_angle(if k % 5 == 0 { f64::from(k % 40) } else { 0.0 })
                .with_alignment(if k % 7 == 0 { Alignment::Map } else { Alignment::Viewport })
                .with_padding(f64::from(k % 3))
        })
        .collect()
}

/// [`patch`] with symbols on two labels of three: four candidates around the point (with a
/// small offset), an icon on a third of them (text or icon optional, or neither), a repeat
/// group on a tenth.
pub(crate) fn symbol_patch(corner: DVec2, step: f64) -> Vec<WorldLabel> {
    use label_core::{Anchor, Candidate, Icon, Optional, Symbol};
    let around = [Anchor::Top, Anchor::Bottom, Anchor::Left, Anchor::Right];
    patch(corner, step)
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            if k % 3 == 0 {
                return l;
            }
            let candidates =
                around.iter().map(|&a| Candidate::new(a).with_offset(0.0, f64::from(k as u32 % 3))).collect();
            let mut s = Symbol::default().with_candidates(candidates);
            if k % 3 == 1 {
                let optional = [Optional::None, Optional::Text, Optional::Icon][k / 3 % 3];
                s = s.with_icon(Icon::new(8.0, 8.0)).with_optional(optional);
            }
            if k % 10 == 5 {
                s = s.with_repeat((k % 4) as u32, 60.0);
            }
            l.with_symbol(s)
        })
        .collect()
}

/// [`symbol_patch`] with a text along a line on every fourth label: a gentle curve of 4
/// points, 1.2 to 2.4 world px per segment, turning by up to 24° (S-bends and hooks among
/// them), 4 to 11 glyphs, some with a repeat group, all with a height and padding of their own.
pub(crate) fn path_patch(corner: DVec2, step: f64) -> Vec<WorldLabel> {
    use label_core::TextPath;
    symbol_patch(corner, step)
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            if k % 4 != 3 {
                return l;
            }
            let mut heading = f64::from(k as u32 * 53 % 360).to_radians();
            let mut points = vec![l.position];
            for j in 0..3 {
                let last = points[points.len() - 1];
                points.push(last + DVec2::from_angle(heading) * (1.2 + f64::from((k + j) as u32 % 7) * 0.2));
                heading += f64::from((k * 7 + j * 3) as u32 % 49).to_radians() - 24f64.to_radians();
            }
            let advances = (0..4 + k % 8).map(|j| 6.0 + ((k + j) % 5) as f64).collect();
            let path = TextPath::new(points, advances).with_max_angle(if k % 8 == 3 { 30.0 } else { 45.0 });
            let mut street = WorldLabel::along_path(l.id, path, l.style.height)
                .with_priority(l.style.priority)
                .with_padding(l.style.padding);
            if k % 40 == 3 {
                street.symbol = street.symbol.with_repeat(1, 80.0);
            }
            street
        })
        .collect()
}

/// Plays `cameras` (a frame every 16 ms) on an engine with the default options and on one
/// that takes only the `changed` shortcuts, asserts every frame equal (decided alike, as
/// [`assert_decided_alike`] says, if `changed` has no `sleep`) and each
/// engine's memory in step with its frame, and lets `each(k, engine, changed)` look at both
/// after frame `k`. Returns the two engines.
pub(crate) fn play_alongside(
    labels: &[WorldLabel],
    cameras: &[Camera],
    changed: crate::Shortcuts,
    mut each: impl FnMut(usize, &FrameEngine, &FrameEngine),
) -> [FrameEngine; 2] {
    let mut engines = [crate::Shortcuts::ALL, changed].map(|shortcuts| {
        let mut e = FrameEngine::with_shortcuts(FrameOptions::default(), shortcuts).unwrap();
        e.set_labels(labels.to_vec()).unwrap();
        e
    });
    for (k, camera) in cameras.iter().enumerate() {
        for e in &mut engines {
            e.place_frame(camera, k as f64 * 16.0).unwrap();
            assert!(e.memo_is_in_sync(), "frame {k}");
            // The lists kept for reuse are at most two a label (a candidate list, or a line and
            // its glyphs): none piles up over the frames.
            assert!(e.spare_lists() <= 2 * labels.len(), "frame {k}: {} spare lists", e.spare_lists());
        }
        let [engine, other] = &engines;
        if changed.sleep {
            assert!(engine.frame() == other.frame(), "frame {k} differs");
        } else {
            // Labels that sleep in one engine have no pose there.
            assert_decided_alike(k, other, engine);
        }
        each(k, engine, other);
    }
    engines
}

/// One frame of [`play_against_sleepless`]: its counts, how many labels were dormant after
/// it, and how many dormant labels it woke.
pub(crate) type Played = (crate::FrameStats, usize, usize);

/// Plays `cameras` (a frame every 16 ms) on an engine whose labels sleep and on one whose
/// labels never do, and asserts every frame equal: decisions, opacity, blockers, counts,
/// and every pose (asked of the engine where the frame has none). Returns each frame's
/// [`Played`].
pub(crate) fn play_against_sleepless(labels: &[WorldLabel], cameras: &[Camera]) -> Vec<Played> {
    let sleepless = crate::Shortcuts { sleep: false, ..crate::Shortcuts::ALL };
    let mut engines = [sleepless, crate::Shortcuts::ALL].map(|shortcuts| {
        let mut e = FrameEngine::with_shortcuts(FrameOptions::default(), shortcuts).unwrap();
        e.set_labels(labels.to_vec()).unwrap();
        e
    });
    let mut played = Vec::with_capacity(cameras.len());
    for (k, camera) in cameras.iter().enumerate() {
        let woken = engines[1].dormant_woken();
        for e in &mut engines {
            e.place_frame(camera, k as f64 * 16.0).unwrap();
            assert!(e.memo_is_in_sync(), "frame {k}");
        }
        let [awake, sleeping] = &engines;
        assert_decided_alike(k, awake, sleeping);
        let b = sleeping.frame();
        // Dormant labels (skipped by the next frame's passes) are hidden in view by a
        // collision, undrawn, without a pose.
        for i in (0..labels.len()).filter(|&i| sleeping.is_dormant(i)) {
            let y = &b.labels[i];
            let asleep = !y.visible && y.opacity == 0.0 && y.pose.is_none() && y.hidden_by.is_some();
            assert!(asleep && y.reason == Some(crate::HiddenReason::Collision), "frame {k}, label {i}: {y:?}");
        }
        played.push((b.stats, sleeping.dormant_count(), sleeping.dormant_woken() - woken));
    }
    played
}

/// Asserts that frame `k` of `sleeping` decided as `awake`'s (an engine whose labels never
/// sleep): decisions, opacity, blockers, choices, counts (but the sleeping ones), and every
/// pose (asked of the engine where the frame has none; a drawn label has its own).
pub(crate) fn assert_decided_alike(k: usize, awake: &FrameEngine, sleeping: &FrameEngine) {
    let (a, b) = (awake.frame(), sleeping.frame());
    assert_eq!(a.stats, crate::FrameStats { asleep: a.stats.asleep, ..b.stats }, "frame {k}");
    assert_eq!(a.stats.asleep, 0, "frame {k}: the reference sleeps");
    assert!(a.choices == b.choices, "frame {k}: choices differ");
    for (i, (x, y)) in a.labels.iter().zip(&b.labels).enumerate() {
        let decided = |l: &crate::LabelFrame| (l.visible, l.opacity, l.reason, l.hidden_by);
        assert_eq!(decided(x), decided(y), "frame {k}, label {i}");
        assert_eq!(awake.screen_pose(i), sleeping.screen_pose(i), "frame {k}, label {i}");
        if y.opacity > 0.0 {
            assert_eq!(x.pose, y.pose, "frame {k}, label {i}: drawn labels have their pose");
        }
    }
}

/// One label for each of the nine anchors (`k`, its index in [`label_core::Anchor::ALL`]):
/// `k % 4` candidates at other anchors with offsets, an icon at the anchor when `icon(k)`,
/// optional text, an offset and padding of its own: the shapes whose parts the tests of a
/// label's screen parts compare.
pub(crate) fn anchored_labels(icon: impl Fn(usize) -> bool) -> Vec<(usize, WorldLabel)> {
    use label_core::{Anchor, Candidate, Icon, Optional, Symbol};
    let label = |(k, anchor): (usize, Anchor)| {
        let candidates: Vec<Candidate> = (0..k % 4)
            .map(|j| Candidate::new(Anchor::ALL[(k + j * 2) % 9]).with_offset(1.5 * j as f64, -0.75))
            .collect();
        let icon = icon(k).then(|| Icon { anchor, offset: DVec2::new(0.5, 2.25), padding: 1.0, ..Icon::new(7.3, 5.1) });
        let symbol = Symbol { candidates, icon, optional: Optional::Text, ..Symbol::default() };
        let label = WorldLabel::from_world(0, DVec2::new(3.0, 4.0), 41.3, 9.7)
            .with_anchor(anchor)
            .with_offset(2.5, -1.25)
            .with_padding(1.5)
            .with_symbol(symbol);
        (k, label)
    };
    Anchor::ALL.into_iter().enumerate().map(label).collect()
}
