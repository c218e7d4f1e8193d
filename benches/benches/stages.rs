//! Criterion benches for each stage of the pipeline and the whole of it, on the standard
//! workload W(n, 3.0, 1) at n = 1k, 10k, 100k (and 1M with `DECLUTTER_BENCH_1M=1`).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use declutter_benches::standard;
use label_core::pipeline::stages;
use label_core::place;
use std::hint::black_box;

fn sizes() -> Vec<usize> {
    let mut v = vec![1_000, 10_000, 100_000];
    if std::env::var_os("DECLUTTER_BENCH_1M").is_some() {
        v.push(1_000_000);
    }
    v
}

fn bench_stages(c: &mut Criterion) {
    for n in sizes() {
        let w = standard(n, 3.0, 1);
        let options = w.options();
        let obbs = stages::build_boxes(&w.labels, glam::DVec2::ZERO);
        let layout = stages::layout(&w.labels, &obbs, options.viewport.as_ref(), None, None, None);
        let cells = stages::broad_phase(&layout);
        let candidates = stages::candidate_pairs(&layout);
        let no_obstacles = Vec::new();

        let mut g = c.benchmark_group("stage");
        g.throughput(Throughput::Elements(n as u64));
        if n >= 100_000 {
            g.sample_size(20);
        }
        g.bench_with_input(BenchmarkId::new("boxes", n), &w.labels, |b, labels| {
            b.iter(|| stages::build_boxes(black_box(labels), glam::DVec2::ZERO));
        });
        g.bench_with_input(BenchmarkId::new("layout", n), &obbs, |b, obbs| {
            b.iter(|| stages::layout(&w.labels, black_box(obbs), options.viewport.as_ref(), None, None, None));
        });
        g.bench_with_input(BenchmarkId::new("broad_phase", n), &layout, |b, layout| {
            b.iter(|| stages::broad_phase(black_box(layout)));
        });
        g.bench_with_input(BenchmarkId::new("narrow_phase", n), &layout, |b, layout| {
            b.iter(|| stages::narrow_phase(black_box(layout), &candidates));
        });
        g.bench_with_input(BenchmarkId::new("greedy", n), &layout, |b, layout| {
            b.iter(|| stages::greedy_pass(black_box(layout), &cells, &no_obstacles, 0.0));
        });
        g.finish();

        let mut g = c.benchmark_group("place");
        g.throughput(Throughput::Elements(n as u64));
        if n >= 100_000 {
            g.sample_size(20);
        }
        g.bench_with_input(BenchmarkId::from_parameter(n), &w.labels, |b, labels| {
            b.iter(|| place(black_box(labels), &[], &options).expect("valid workload"));
        });
        g.finish();
    }
}

criterion_group!(benches, bench_stages);
criterion_main!(benches);
