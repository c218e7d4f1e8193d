//! The dormant set's tests: which labels the passes visit, that anchors wake before they can have left the viewport,
//! and that frames decide alike with dormant labels visited instead.

use super::*;
use glam::Vec2;

impl Dormant {
    /// Makes labels dormant as [`Dormant::add_asleep`] does, from each one's certificate,
    /// its box's room on screen, and its distance from the centre (world px) under the last
    /// frame's camera.
    fn add(&mut self, labels: impl Iterator<Item = (u32, Sleep, f64, f64)>) {
        let (paths, w) = (self.paths, self.last.expect("a frame without pitch").w);
        for (label, sleep, room, distance) in labels {
            if let Some(bounds) = paths.on_screen((room, distance * w.length()), w)
                && sleep.holds(w)
            {
                self.insert(label, &sleep, bounds);
            }
        }
    }
}

/// A certificate under `blocker` that holds whatever the camera.
fn always(blocker: u32) -> Sleep {
    Sleep::rectangle(Vec2::ZERO, Vec2::ZERO, Vec2::ONE, blocker)
}

#[test]
fn awake_labels_come_in_order_and_dormant_ones_not_at_all() {
    let mut d = Dormant::default();
    d.reset(300);
    let camera = Camera::new(DVec2::new(100.0, 100.0), 2.0, 800.0, 600.0);
    d.advance(Some(DVec2::new(4.0, 0.0)), false, &camera);
    let asleep = [0u32, 5, 63, 64, 65, 127, 128, 200, 299];
    // Certificates that hold while `w` stays within (±1, ±0.8) of (4, 0).
    let sleep = Sleep::rectangle(Vec2::X, Vec2::new(4.0, 0.0), Vec2::new(1.0, 0.8), 1);
    d.add(asleep.iter().map(|&i| (i, sleep, 100.0, 0.0)));
    assert_eq!(d.count(), asleep.len());
    let expect =
        |range: std::ops::Range<usize>| -> Vec<usize> { range.filter(|i| !asleep.contains(&(*i as u32))).collect() };
    // Blocks of 64 (the last one short), with labels skipped by a mask too.
    for (start, end) in [(0, 64), (64, 128), (128, 192), (256, 300), (192, 193), (64, 64)] {
        for skip in [0, 0x8000_0000_0000_0021, u64::MAX] {
            let mut block = vec![0u8; end - start];
            let mut seen = Vec::new();
            d.each_awake(start, &mut block, skip, |i, item| {
                *item = 1;
                seen.push(i);
            });
            let skipped = |i: &usize| skip & (1 << (i - start)) != 0;
            let want: Vec<usize> = expect(start..end).into_iter().filter(|i| !skipped(i)).collect();
            assert_eq!(seen, want, "{start}..{end}, skipping {skip:x}");
            assert_eq!(block.iter().filter(|&&x| x == 1).count(), seen.len());
        }
    }
    // `w` turns to (4, 0.5), then to (4, 1.1): the first frame keeps every label (blocker 1
    // blocks; the anchors at the centre do not move), the second wakes them all.
    d.advance(Some(DVec2::new(4.0, 0.5)), false, &camera);
    d.keep_renewing(d.last.unwrap().w, |b| b == 1, |_| (0.0, 0.0));
    assert_eq!(d.count(), asleep.len());
    d.advance(Some(DVec2::new(4.0, 1.1)), false, &camera);
    d.keep_renewing(d.last.unwrap().w, |b| b == 1, |_| (0.0, 0.0));
    assert_eq!(d.count(), 0);
    let mut all = 0;
    for start in (0..300).step_by(64) {
        d.each_awake(start, &mut vec![0u8; (300 - start).min(64)], 0, |_, _| all += 1);
    }
    assert_eq!(all, 300);
}

#[test]
fn anchors_wake_before_they_can_have_left_the_viewport() {
    let mut d = Dormant::default();
    d.reset(20);
    let camera = Camera::new(DVec2::new(100.0, 100.0), 2.0, 800.0, 600.0);
    let w = DVec2::new(4.0, 1.1);
    d.advance(Some(w), false, &camera);
    // (label, certificate, room on screen px, distance from the centre world px)
    d.add(
        [(7, always(1), 7.5, 0.0), (8, always(2), 8.5, 0.0), (9, always(1), 20.0, 10.0), (10, always(1), 0.0, 0.0)]
            .into_iter(),
    );
    assert_eq!(d.count(), 3, "an anchor with no room is not worth an entry");
    // A pan by 2 world px at |w| ≈ 4.15 moves every anchor by 8.3 px.
    let panned = camera.with_center(DVec2::new(102.0, 100.0));
    d.advance(Some(w), false, &panned);
    d.keep_renewing(d.last.unwrap().w, |_| true, |_| (0.0, 0.0));
    assert_eq!(d.count(), 2);
    // A zoom by 1% (|Δw| ≈ 0.041) moves an anchor 10 world px from where the centre was,
    // and now 12 at most, by 0.5 px: label 9 (room 20) stays; label 8 (at the old centre,
    // now 2 world px from it) moves by 0.08 px, and stays too.
    let zoomed = w * 1.01;
    d.advance(Some(zoomed), false, &panned);
    d.keep_renewing(d.last.unwrap().w, |_| true, |_| (0.0, 0.0));
    assert_eq!(d.count(), 2);
    // Zooming on by 50% moves label 8 by another 4.2 px (beyond its 8.5), label 9 by 25.
    d.advance(Some(zoomed * 1.5), false, &panned);
    d.keep_renewing(d.last.unwrap().w, |_| true, |_| (0.0, 0.0));
    assert_eq!(d.count(), 0);
    // A blocker that no longer blocks, pitch, and a new viewport size wake labels too.
    d.add([(7, always(1), 50.0, 1.0), (8, always(2), 50.0, 1.0)].into_iter());
    d.keep_renewing(d.last.unwrap().w, |b| b == 2, |_| (0.0, 0.0));
    assert_eq!(d.count(), 1);
    d.advance(None, false, &camera);
    assert_eq!(d.count(), 0);
    d.advance(Some(w), false, &camera);
    d.add([(7, always(1), 50.0, 1.0)].into_iter());
    d.advance(Some(w), false, &Camera { size: DVec2::new(801.0, 600.0), ..camera });
    assert_eq!(d.count(), 0);
    assert!(d.bits.iter().all(|&word| word == 0));
    // So does a moved centre of perspective (a map's padding), which pans the screen.
    d.advance(Some(w), false, &camera);
    d.add([(7, always(1), 50.0, 1.0)].into_iter());
    d.advance(Some(w), false, &camera.with_center_offset(DVec2::new(0.0, 40.0)));
    assert_eq!(d.count(), 0);
}

#[test]
fn sleeping_labels_kept_in_the_passes_decide_as_dormant_ones() {
    // The dense patch under a zoom, a turn, a tilt and a pan: most hidden labels sleep, and
    // with `dormant` off every one of them is visited instead of skipped.
    let labels = crate::test_support::patch(DVec2::new(100.0, 80.0), 0.04);
    let cameras = crate::test_support::busy_path();
    let visited = crate::Shortcuts { dormant: false, ..crate::Shortcuts::ALL };
    let mut dormant = 0;
    crate::test_support::play_alongside(&labels, &cameras, visited, |_, engine, other| {
        dormant += engine.dormant_count();
        assert_eq!(other.dormant_count(), 0);
    });
    assert!(dormant > 10_000, "{dormant} labels dormant over the frames");
}
