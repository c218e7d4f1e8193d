//! Scratch timing (to be replaced by the batch benchmark).
use std::time::Instant;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let w = declutter_benches::standard(n, 3.0, 1);
    let opts = w.options();
    for _ in 0..5 {
        let t = Instant::now();
        let p = label_core::place(&w.labels, &[], &opts).unwrap();
        println!(
            "{n}: {:.2} ms  {:?}",
            t.elapsed().as_secs_f64() * 1e3,
            p.stats
        );
    }
}
