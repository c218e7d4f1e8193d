//! How steady this machine is, by working-set size: a fixed piece of work timed thousands of
//! times, once with no memory traffic (integer arithmetic in registers) and once as dependent
//! reads at scattered places of a buffer of each size. Noise only adds time, so each line gives
//! the chunks' times against the fastest chunk: a workload whose data stays in a core's own
//! cache keeps its time, one whose data lives in the cache the machine shares with other
//! tenants does not. The frame engine's frames read about 3 MB (docs/renderer.md).
//!
//! ```sh
//! cargo run --release -p declutter-benches --bin memory_noise -- --mib 1 --mib 3 --mib 32
//! ```

use std::hint::black_box;
use std::time::Instant;

use clap::Parser;
use declutter_benches::percentile;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

#[derive(Parser)]
#[command(about = "How a fixed piece of work's time varies on this machine, by working-set size")]
struct Args {
    /// Working-set sizes to probe, MiB (repeat the flag).
    #[arg(long = "mib", default_values_t = [1.0, 2.0, 3.0, 8.0, 32.0])]
    mib: Vec<f64>,
    /// Timed chunks per line.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u32).range(1..))]
    chunks: u32,
    /// Dependent reads per chunk (and arithmetic steps ×8 for the line without memory).
    #[arg(long, default_value_t = 50_000)]
    reads: usize,
}

fn main() {
    let args = Args::parse();
    println!("work              chunks    min ms    p50 ms    p99 ms    max ms   >1.5×min   >2×min");
    let times = timed(args.chunks, |x| arithmetic(x, args.reads * 8));
    report("arithmetic", &times);
    for &mib in &args.mib {
        let slots = ((mib * 1024.0 * 1024.0 / 8.0) as usize).max(1);
        let chain = scattered_chain(slots);
        let times = timed(args.chunks, |x| chase(&chain, x, args.reads));
        report(&format!("reads in {mib} MiB"), &times);
    }
}

/// Times `chunks` calls of `work`, each fed the last one's result (so none can be skipped), ms.
fn timed(chunks: u32, mut work: impl FnMut(u64) -> u64) -> Vec<f64> {
    let mut carry = 1;
    (0..chunks)
        .map(|_| {
            let start = Instant::now();
            carry = black_box(work(carry));
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect()
}

/// A linear congruential step `steps` times: work that touches no memory.
fn arithmetic(mut x: u64, steps: usize) -> u64 {
    for _ in 0..steps {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        x ^= x >> 17;
    }
    x
}

/// One cycle through all `slots` slots in an order that jumps about, so the prefetcher cannot
/// guess the next line: slot `i` holds the next slot's index.
fn scattered_chain(slots: usize) -> Vec<u64> {
    let mut order: Vec<usize> = (0..slots).collect();
    order.shuffle(&mut ChaCha8Rng::seed_from_u64(slots as u64));
    let mut chain = vec![0; slots];
    for w in 0..slots {
        chain[order[w]] = order[(w + 1) % slots] as u64;
    }
    chain
}

/// `reads` dependent reads along `chain`, from the slot `from` names.
fn chase(chain: &[u64], from: u64, reads: usize) -> u64 {
    let mut at = (from % chain.len() as u64) as usize;
    for _ in 0..reads {
        at = chain[at] as usize;
    }
    at as u64
}

fn report(what: &str, times: &[f64]) {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let min = sorted[0];
    let share = |k: f64| 100.0 * times.iter().filter(|&&t| t > k * min).count() as f64 / times.len() as f64;
    println!(
        "{what:<16} {:>7} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.1}% {:>7.1}%",
        times.len(),
        min,
        percentile(&sorted, 0.5),
        percentile(&sorted, 0.99),
        sorted[sorted.len() - 1],
        share(1.5),
        share(2.0)
    );
}
