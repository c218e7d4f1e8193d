//! Where the certificates are kept: one per label, readable and writable from the passes, and
//! the dormant labels' rectangles in arrays for the filter that checks 64 at a time.

use std::sync::atomic::{AtomicU32, Ordering};

use glam::{DVec2, Vec2};

use super::{Certificate, Sleep, inside};

/// Rectangle certificates of many labels, by label, in arrays (the x and y of `turned`,
/// `center` and `half`) that [`Self::holding`] reads 64 labels at a time: a filter over
/// thousands of labels checks each one's certificate as [`Sleep::holds`] does, streaming
/// through memory instead of reading a certificate here and there.
#[derive(Debug, Default)]
pub(crate) struct Rectangles {
    arrays: [Vec<f32>; 6],
}

impl Rectangles {
    /// Room for `count` labels' certificates, none set.
    pub(crate) fn reset(&mut self, count: usize) {
        for a in &mut self.arrays {
            a.clear();
            a.resize(count, 0.0);
        }
    }

    /// Sets label `i`'s certificate (a rectangle one).
    pub(crate) fn set(&mut self, i: usize, s: &Sleep) {
        // Other kinds as an empty rectangle, which never holds.
        let parts = match s.kind() {
            Certificate::Rectangle { turned: t, center: c, half: h } => [t.x, t.y, c.x, c.y, h.x, h.y],
            _ => [0.0; 6],
        };
        for (a, v) in self.arrays.iter_mut().zip(parts) {
            a[i] = v;
        }
    }

    /// Whether label `i`'s entry is the rectangle of certificate `s` (as [`Self::set`] writes
    /// it).
    #[must_use]
    pub(crate) fn is(&self, i: usize, s: &Sleep) -> bool {
        let Certificate::Rectangle { turned: t, center: c, half: h } = s.kind() else { return false };
        let parts = [t.x, t.y, c.x, c.y, h.x, h.y];
        self.arrays.iter().zip(parts).all(|(a, v)| a.get(i).is_some_and(|x| x.to_bits() == v.to_bits()))
    }

    /// Bit `j` set where the certificate of label `labels.start + j` holds under `w` (at most
    /// 64 labels), as [`Sleep::holds`] finds it; without branches, for the compiler to
    /// vectorise.
    pub(crate) fn holding(&self, w: DVec2, labels: std::ops::Range<usize>) -> u64 {
        let w = w.as_vec2();
        let [tx, ty, cx, cy, hx, hy] = self.arrays.each_ref().map(|a| &a[labels.clone()]);
        let mut lanes = [0; 64];
        let parts = tx.iter().zip(ty).zip(cx.iter().zip(cy)).zip(hx.iter().zip(hy));
        for (lane, (((&tx, &ty), (&cx, &cy)), (&hx, &hy))) in lanes.iter_mut().zip(parts) {
            *lane = u8::from(inside(w, Vec2::new(tx, ty), Vec2::new(cx, cy), Vec2::new(hx, hy)));
        }
        crate::util::bits::pack(&lanes)
    }
}

/// Every label's certificate, each readable and writable from the pass over its run of labels:
/// 32 bytes a label (its kind, six numbers and its blocker).
#[derive(Debug, Default)]
pub(crate) struct Sleeps {
    cells: Vec<[AtomicU32; 8]>,
    /// Per label, a symbol's certificates beyond the one in `cells`, each about another blocker
    /// (`symbol.rs`); empty for the others.
    further: Vec<Vec<Sleep>>,
    /// Whether the labels of the frame being placed can sleep.
    pub(crate) enabled: bool,
    /// How the last frame mapped world vectors to the screen, if it had no pitch.
    pub(crate) before: Option<DVec2>,
    /// How the frame being placed maps world vectors to the screen, if its labels can sleep
    /// and it has no pitch.
    pub(crate) now: Option<DVec2>,
}

impl Sleeps {
    /// None for `count` labels.
    pub(crate) fn reset(&mut self, count: usize) {
        self.cells.clear();
        self.cells.resize_with(count, || Self::pack(Sleep::NONE).map(AtomicU32::new));
        self.further.clear();
        self.further.resize_with(count, Vec::new);
    }

    /// The first invariant of the certificates of `count` labels that does not hold; `None` if
    /// all hold: one certificate, one list of further ones per label.
    #[must_use]
    pub(crate) fn broken(&self, count: usize) -> Option<&'static str> {
        (self.cells.len() != count || self.further.len() != count).then_some("one certificate per label")
    }

    /// Label `i`'s certificates beyond [`Self::get`]'s (a symbol's, about other blockers).
    #[must_use]
    #[inline]
    pub(crate) fn further(&self, i: usize) -> &[Sleep] {
        &self.further[i]
    }

    /// Sets label `i`'s certificates: `first` ([`Self::get`]) and `further` ones.
    pub(crate) fn set_all(&mut self, i: usize, first: Sleep, further: impl IntoIterator<Item = Sleep>) {
        self.set(i, first);
        self.further[i].clear();
        self.further[i].extend(further);
    }

    fn pack(s: Sleep) -> [u32; 8] {
        let f = f32::to_bits;
        let blocker = s.blocker();
        match s.kind() {
            Certificate::None => [0, 0, 0, 0, 0, 0, 0, blocker],
            Certificate::Rectangle { turned: t, center: c, half: h } => {
                [1, f(t.x), f(t.y), f(c.x), f(c.y), f(h.x), f(h.y), blocker]
            }
            Certificate::Depth { offset: o, scales: s, depth } => {
                [2, f(o.x), f(o.y), f(s.x), f(s.y), f(depth), 0, blocker]
            }
        }
    }

    /// Label `i`'s certificate.
    #[must_use]
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Sleep {
        let [kind, a, b, c, d, e, g, blocker] = self.cells[i].each_ref().map(|x| x.load(Ordering::Relaxed));
        let f = |x: u32, y: u32| Vec2::new(f32::from_bits(x), f32::from_bits(y));
        match kind {
            1 => Sleep::rectangle(f(a, b), f(c, d), f(e, g), blocker),
            2 => Sleep {
                kind: Certificate::Depth { offset: f(a, b), scales: f(c, d), depth: f32::from_bits(e) },
                blocker,
            },
            _ => Sleep::NONE,
        }
    }

    /// The blocker of label `i`'s certificate ([`Self::get`]'s), read alone.
    #[must_use]
    #[inline]
    pub(crate) fn blocker(&self, i: usize) -> u32 {
        self.cells[i][7].load(Ordering::Relaxed)
    }

    /// Sets label `i`'s certificate.
    #[inline]
    pub(crate) fn set(&self, i: usize, s: Sleep) {
        for (cell, v) in self.cells[i].iter().zip(Self::pack(s)) {
            cell.store(v, Ordering::Relaxed);
        }
    }
}
