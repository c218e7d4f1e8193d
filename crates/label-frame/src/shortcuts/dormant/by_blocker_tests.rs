//! The tests of `by_blocker.rs`.

use super::*;

/// The labels listed under `blocker`, in list order.
fn listed(by: &ByBlocker, blocker: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut label = by.head[blocker as usize];
    while label != NONE {
        out.push(label);
        label = by.next[label as usize];
    }
    out
}

#[test]
fn labels_come_out_under_the_blockers_that_stop_blocking() {
    let mut by = ByBlocker::default();
    by.reset(20);
    for (label, blocker) in [(1, 7), (2, 7), (3, 7), (4, 8), (5, 9), (6, 9)] {
        by.add(label, blocker);
    }
    assert_eq!(listed(&by, 7), [3, 2, 1]);
    // Out of the middle, the head and the tail.
    by.remove(2);
    assert_eq!(listed(&by, 7), [3, 1]);
    by.remove(3);
    by.remove(4);
    assert_eq!((listed(&by, 7), listed(&by, 8)), (vec![1], vec![]));
    by.add(2, 7);
    by.remove(1);
    assert_eq!(listed(&by, 7), [2]);
    // Blocker 9 stops blocking; 8's list is empty and it is forgotten.
    let mut woken = Vec::new();
    by.drop_unblocked(|b| b != 9, |l| woken.push(l));
    woken.sort_unstable();
    assert_eq!(woken, [5, 6]);
    assert_eq!(by.blockers, [7]);
    assert!(listed(&by, 9).is_empty());
    // Listed again after its list emptied: once in `blockers`.
    by.add(5, 8);
    by.add(6, 8);
    by.remove(5);
    by.remove(6);
    by.add(5, 8);
    assert_eq!(by.blockers, [7, 8]);
    by.clear();
    assert!(by.blockers.is_empty() && listed(&by, 7).is_empty() && listed(&by, 8).is_empty());
    by.drop_unblocked(|_| false, |_| panic!("nothing listed"));
}
