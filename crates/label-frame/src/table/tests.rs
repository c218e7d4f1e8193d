use std::collections::HashMap;
use std::sync::atomic::Ordering;

use glam::DVec2;

use super::{LabelState, Table};
use crate::shortcuts::sleep::Sleep;
use crate::state::memo::bits;
use crate::test_support::{busy_path, patch, symbol_patch};
use crate::{FrameEngine, FrameKind, FrameOptions, WorldLabel};

/// Plays the busy path over `labels`, checking the table and counting the labels in each
/// state after every frame, and calls `each(engine, full)` after each frame (`full`: a full
/// frame).
fn play(labels: Vec<WorldLabel>, mut each: impl FnMut(&mut FrameEngine, bool)) -> HashMap<LabelState, usize> {
    let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
    engine.set_labels(labels).unwrap();
    let mut seen = HashMap::new();
    for (k, camera) in busy_path().iter().enumerate() {
        engine.place_frame(camera, k as f64 * 16.0).unwrap();
        let full = engine.frame().stats.kind == FrameKind::Full;
        let (table, frames, labels) = engine.table();
        assert_eq!(table.broken(labels, frames, full), None, "frame {k}");
        for (i, f) in frames.iter().enumerate() {
            *seen.entry(LabelState::of(table, i, f)).or_default() += 1;
        }
        each(&mut engine, full);
    }
    seen
}

#[test]
fn every_state_occurs_on_a_busy_path() {
    // Plain labels: all states but `Repeated`; symbols add it (and never go dormant).
    let plain = play(patch(DVec2::new(100.0, 80.0), 0.04), |_, _| {});
    let symbols = play(symbol_patch(DVec2::new(100.0, 80.0), 0.04), |_, _| {});
    use LabelState::*;
    for state in [Unseen, Quiet, Out, Shown, Waiting, Provisional, Sleepy, Dormant] {
        assert!(plain.get(&state).copied().unwrap_or(0) > 0, "{state:?} never occurs: {plain:?}");
    }
    for state in [Shown, Repeated, Waiting, Sleepy] {
        assert!(symbols.get(&state).copied().unwrap_or(0) > 0, "{state:?} never occurs: {symbols:?}");
    }
    assert_eq!(symbols.get(&Dormant), None);
}

/// The first label of `engine` in `state`.
fn first_in(engine: &mut FrameEngine, state: LabelState) -> Option<usize> {
    let (table, frames, _) = engine.table();
    (0..frames.len()).find(|&i| LabelState::of(table, i, &frames[i]) == state)
}

/// What [`Table::broken`] says of `engine`'s table after `spoil`, which `mend` undoes.
fn spoiled(
    engine: &mut FrameEngine,
    spoil: impl FnOnce(&mut Table),
    mend: impl FnOnce(&mut Table),
) -> Option<&'static str> {
    let (table, frames, labels) = engine.table();
    assert_eq!(table.broken(labels, frames, false), None);
    spoil(table);
    let broken = table.broken(labels, frames, false);
    mend(table);
    assert_eq!(table.broken(labels, frames, false), None);
    broken
}

/// Flips `bit` of label `i`'s byte.
fn flip(t: &mut Table, i: usize, bit: u8) {
    t.memo[i].fetch_xor(bit, Ordering::Relaxed);
}

#[test]
fn the_checks_catch_a_table_whose_stores_disagree() {
    // In a frame with dormant, sleepy, unseen and shown labels, one store at a time is spoiled
    // for one label, the check names what broke, and the store is mended.
    let mut found = Vec::new();
    play(patch(DVec2::new(100.0, 80.0), 0.04), |engine, full| {
        if !found.is_empty() || !full {
            return;
        }
        let (Some(d), Some(s)) = (first_in(engine, LabelState::Dormant), first_in(engine, LabelState::Sleepy)) else {
            return;
        };
        let (Some(u), Some(v)) = (first_in(engine, LabelState::Unseen), first_in(engine, LabelState::Shown)) else {
            return;
        };
        let (d_sleep, s_sleep) = {
            let (table, ..) = engine.table();
            (table.sleeps.get(d), table.sleeps.get(s))
        };
        found = vec![
            // A dormant label whose byte lost its sleep.
            spoiled(
                engine,
                |t| _ = t.memo[d].fetch_and(!bits::SLEEPY, Ordering::Relaxed),
                |t| _ = t.memo[d].fetch_or(bits::SLEEPY, Ordering::Relaxed),
            ),
            // A sleepy label, and a dormant one, without its certificate.
            spoiled(engine, |t| t.sleeps.set(s, Sleep::NONE), |t| t.sleeps.set(s, s_sleep)),
            spoiled(engine, |t| t.sleeps.set(d, Sleep::NONE), |t| t.sleeps.set(d, d_sleep)),
            // A provisional label asleep.
            spoiled(engine, |t| flip(t, s, bits::PROVISIONAL), |t| flip(t, s, bits::PROVISIONAL)),
            // A sleepy byte on an unseen label (a sleeper that would rest too), and on a shown one.
            spoiled(engine, |t| flip(t, u, bits::SLEEPY), |t| flip(t, u, bits::SLEEPY)),
            spoiled(engine, |t| flip(t, v, bits::SLEEPY), |t| flip(t, v, bits::SLEEPY)),
        ];
    });
    assert_eq!(
        found,
        [
            Some("a dormant label is sleepy"),
            Some("a sleeping label holds a certificate about the label that hides it"),
            Some("every dormant label, and only they, listed under its certificate's blocker"),
            Some("a provisional label is hidden by a collision, neither sleepy nor dormant"),
            Some("a sleepy label is hidden in view by a collision, undrawn, without a pose"),
            Some("a sleepy label is hidden in view by a collision, undrawn, without a pose"),
        ]
    );
}
