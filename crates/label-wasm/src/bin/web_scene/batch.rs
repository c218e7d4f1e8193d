//! The batch placement's reference cases (`batch.json`): screen labels with symbols and texts
//! along lines, written as the module's input columns, and what `label_core::place_symbols`
//! decides for them natively — the web package's tests place the same columns through the
//! WebAssembly module and must read the same decisions and glyphs.
//!
//! Two cases: `random`, seeded labels of `W(n)` with every symbol field (candidates of every
//! anchor, icons of every anchor with offsets and padding, both optional parts, repeat groups,
//! texts along lines that fit, have no room or bend too much, overlap flags, obstacles of both
//! kinds, a viewport smaller than the canvas); and `places`, the Natural Earth places and
//! GeoNames cities over Europe at zoom 4 on a 1920 × 1080 screen, each a 6 × 6 px dot with its
//! name tried right, left, below and above it (a 2-px radial offset), the name optional.

use glam::DVec2;
use label_core::{
    Anchor, Blocker, Candidate, Circle, Icon, Label, Optional, Placement, PlacementOptions, Shape, Symbol,
    place_symbols,
};
use label_frame::{Camera, Projection, WorldLabel};
use label_wasm::{Columns, F64Field, PATH_FIELD_NAMES, PathColumns, SYMBOL_FIELD_NAMES, SymbolColumns, flags};
use serde_json::{Map, Value, json};

use crate::labels::Texts;

/// One reference case.
pub struct Case {
    /// Its name in `batch.json`.
    pub name: &'static str,
    /// The labels as a caller writes them (a path label's x, y and width unused).
    pub labels: Vec<Label>,
    /// One per label.
    pub symbols: Vec<Symbol>,
    /// Screen obstacles.
    pub obstacles: Vec<Shape>,
    /// Viewport width and height, px.
    pub viewport: [f64; 2],
}

impl Case {
    fn options(&self) -> PlacementOptions {
        PlacementOptions::default().with_viewport(self.viewport[0] as f32, self.viewport[1] as f32)
    }

    /// What the core decides: the labels with path labels as their carriers (as the CLI and
    /// the C ABI give them), placed with their symbols.
    pub fn reference(&self) -> anyhow::Result<Placement> {
        let carriers: Vec<Label> = self
            .labels
            .iter()
            .zip(&self.symbols)
            .map(|(l, s)| s.path.as_ref().map_or_else(|| l.clone(), |p| p.carrier(l)))
            .collect();
        Ok(place_symbols(&carriers, &self.symbols, &self.obstacles, &self.options())?)
    }

    /// The input columns, the obstacles and the reference's decisions as JSON.
    pub fn to_json(&self) -> anyhow::Result<Value> {
        let mut value = self.input_json();
        value["expected"] = expected(&self.reference()?, &self.symbols);
        Ok(value)
    }

    /// The input columns and the obstacles as JSON.
    pub fn input_json(&self) -> Value {
        let n = self.labels.len();
        let mut columns = Columns::from_screen_labels(&self.labels);
        for (i, s) in self.symbols.iter().enumerate() {
            if s.path.as_ref().is_some_and(|p| !p.keep_upright) {
                columns.flags_mut()[i] |= flags::NO_KEEP_UPRIGHT;
            }
        }
        let mut label_columns = Map::new();
        for (field, name) in F64Field::ALL.into_iter().zip(label_wasm::F64_FIELD_NAMES) {
            label_columns.insert(name.to_owned(), json!(columns.column(field)));
        }
        label_columns.insert("flags".to_owned(), json!(columns.flags()));

        let symbols = SymbolColumns::from_symbols(&self.symbols);
        let split = |values: &[f64], names: &[&str], tables: &[(&str, usize)]| {
            let mut out = Map::new();
            for (k, name) in names.iter().enumerate() {
                out.insert((*name).to_owned(), json!(values[k * n..(k + 1) * n]));
            }
            let mut at = names.len() * n;
            for &(name, len) in tables {
                out.insert(name.to_owned(), json!(values[at..at + len]));
                at += len;
            }
            out
        };
        let candidates: usize = self.symbols.iter().map(|s| s.candidates.len()).sum();
        let symbol_columns = split(symbols.values(), &SYMBOL_FIELD_NAMES, &[("table", 3 * candidates)]);
        let lines: Vec<_> = self.symbols.iter().map(|s| s.path.clone()).collect();
        let (points, glyphs) =
            lines.iter().flatten().fold((0, 0), |(p, g), l| (p + l.points.len(), g + l.glyph_advances.len()));
        let paths = PathColumns::from_paths(&lines);
        let path_columns =
            split(paths.values(), &PATH_FIELD_NAMES, &[("pointTable", 2 * points), ("advanceTable", glyphs)]);
        let obstacles: Vec<Value> = self
            .obstacles
            .iter()
            .map(|o| match o {
                Shape::Aabb(b) => json!({"box": [b.min.x, b.min.y, b.max.x, b.max.y]}),
                Shape::Circle(c) => json!({"circle": [c.center.x, c.center.y, c.radius]}),
                other => unreachable!("the cases use boxes and circles only, not {other:?}"),
            })
            .collect();
        json!({
            "name": self.name,
            "count": n,
            "labels": label_columns,
            "symbols": {"candidateCount": candidates, "columns": symbol_columns},
            "paths": {"pointCount": points, "glyphCount": glyphs, "columns": path_columns},
            "obstacles": obstacles,
            "viewport": {"width": self.viewport[0], "height": self.viewport[1]},
        })
    }
}

/// The reference's decisions by label, in the names of the core's documents.
fn expected(placement: &Placement, symbols: &[Symbol]) -> Value {
    let outcomes = &placement.outcomes;
    let hidden_by = |b: Option<Blocker>| match b {
        None => Value::Null,
        Some(Blocker::Label(i)) => json!({"label": i}),
        Some(Blocker::Obstacle(i)) => json!({"obstacle": i}),
    };
    let glyphs: Vec<Value> = symbols
        .iter()
        .map(|s| match s.layout() {
            Some(Ok(layout)) => json!(label_wasm::glyph_rows(&layout)),
            _ => Value::Null,
        })
        .collect();
    json!({
        "visible": outcomes.iter().map(|o| o.visible).collect::<Vec<_>>(),
        "reason": outcomes.iter().map(|o| o.reason.map_or("visible", |r| r.name())).collect::<Vec<_>>(),
        "hiddenBy": outcomes.iter().map(|o| hidden_by(o.hidden_by)).collect::<Vec<_>>(),
        "candidate": placement.choices.iter().map(|c| c.candidate).collect::<Vec<_>>(),
        "parts": placement.choices.iter().map(|c| c.parts.map(|p| p.name())).collect::<Vec<_>>(),
        "glyphs": glyphs,
    })
}

/// `W_sym(n)` at coverage 3 (the benchmarks' symbol workload, `label_workload::symbols`), for
/// timing the batch against its plain labels.
#[must_use]
pub fn workload(n: usize) -> Case {
    let (w, symbols) = label_workload::symbols(n, 3.0, 1);
    Case { name: "W_sym", labels: w.labels, symbols, obstacles: Vec::new(), viewport: [w.width, w.height] }
}

/// Seeded labels of `W(n)` at coverage 2 with every symbol field (see the module doc).
#[must_use]
pub fn random(n: usize, seed: u64) -> Case {
    let (workload, plain) = label_workload::symbols(n, 2.0, seed);
    let (_, lines) = label_workload::paths(n, 2.0, seed);
    let mut labels = workload.labels;
    let mut symbols = Vec::with_capacity(n);
    for (i, (mut symbol, line)) in plain.into_iter().zip(lines).enumerate() {
        let anchor = Anchor::ALL[i % Anchor::ALL.len()];
        let label = &mut labels[i];
        label.style.anchor = Anchor::ALL[(i / 7) % Anchor::ALL.len()];
        label.style.padding = [0.0, 0.0, 1.5][i % 3];
        label.style.allow_overlap = i % 37 == 0;
        label.style.ignore_placement = i % 41 == 0;
        label.style.priority = (label.style.priority * 8.0).floor(); // ties, broken by input order
        match i % 10 {
            0 | 1 => {
                let mut path = line.path.expect("W_path labels have paths");
                path = match i % 7 {
                    0 => path.with_path_offset(0.0), // half the text before the line: no room
                    1 => path.with_max_angle(3.0),   // turns of up to 6°: often too curved
                    2 => path.with_keep_upright(false),
                    _ => path,
                };
                symbol = Symbol::default().with_path(path);
                if i % 3 == 0 {
                    symbol = symbol.with_repeat(0, 120.0);
                }
            }
            2 => symbol = Symbol::default(),
            3 => {
                let icon = Icon { anchor, offset: DVec2::new(1.5, -2.0), padding: 1.0, ..Icon::new(14.0, 10.0) };
                symbol = symbol.with_icon(icon).with_optional(Optional::Icon);
            }
            4 => {
                let k = 1 + i % 9;
                let candidates = (0..k)
                    .map(|j| Candidate::new(Anchor::ALL[(i + j) % 9]).with_offset(j as f64, -(j as f64)))
                    .collect();
                symbol = symbol.with_candidates(candidates);
            }
            5 => symbol = symbol.with_icon(Icon::new(10.0, 10.0)).with_optional(Optional::None),
            _ => {}
        }
        symbols.push(symbol);
    }
    let (w, h) = (workload.width, workload.height);
    let p = |x: f64, y: f64| glam::Vec2::new((x * w) as f32, (y * h) as f32);
    let obstacles = vec![
        Shape::Aabb(label_core::Aabb { min: p(0.1, 0.1), max: p(0.2, 0.15) }),
        Shape::Circle(Circle::new(p(0.5, 0.5), (0.05 * h) as f32)),
        Shape::Aabb(label_core::Aabb { min: p(0.7, 0.6), max: p(0.75, 0.9) }),
    ];
    Case { name: "random", labels, symbols, obstacles, viewport: [0.9 * w, 0.9 * h] }
}

/// The places and cities of the demo's labels (not its streets) over Europe at zoom 4 on a
/// 1920 × 1080 screen, as symbols (see the module doc).
#[must_use]
pub fn places(labels: &[WorldLabel], texts: &Texts) -> Case {
    let viewport = [1920.0, 1080.0];
    let centre = label_frame::mercator::lon_lat_to_world(10.0, 50.0);
    let projection = Projection::new(&Camera::new(centre, 4.0, viewport[0], viewport[1]));
    let radial = 2.0;
    let candidates = vec![
        Candidate::new(Anchor::Left).with_offset(3.0 + radial, 0.0),
        Candidate::new(Anchor::Right).with_offset(-3.0 - radial, 0.0),
        Candidate::new(Anchor::Top).with_offset(0.0, 3.0 + radial),
        Candidate::new(Anchor::Bottom).with_offset(0.0, -3.0 - radial),
    ];
    let symbol =
        Symbol::default().with_candidates(candidates).with_icon(Icon::new(6.0, 6.0)).with_optional(Optional::Text);
    let mut case = Case { name: "places", labels: Vec::new(), symbols: Vec::new(), obstacles: Vec::new(), viewport };
    for (l, &source) in labels.iter().zip(&texts.source) {
        let Some(at) = projection.project(l.position).map(|p| p.screen) else { continue };
        let inside = (-200.0..viewport[0] + 200.0).contains(&at.x) && (-200.0..viewport[1] + 200.0).contains(&at.y);
        if source < 2 && inside {
            case.labels.push(Label::new(at.x, at.y, l.style.width, l.style.height).with_priority(l.style.priority));
            case.symbols.push(symbol.clone());
        }
    }
    case
}

#[cfg(test)]
mod tests {
    use super::*;
    use label_core::Parts;
    use label_wasm::{Engine, reason_code};

    /// The native engine's batch over the columns of `case` decides as the core does.
    fn check(case: &Case) {
        let want = case.reference().unwrap();
        let mut engine = Engine::new();
        *engine.input(case.labels.len()).unwrap() = Columns::from_screen_labels(&case.labels);
        let candidates = case.symbols.iter().map(|s| s.candidates.len()).sum();
        *engine.symbol_input(candidates).unwrap() = SymbolColumns::from_symbols(&case.symbols);
        let lines: Vec<_> = case.symbols.iter().map(|s| s.path.clone()).collect();
        *engine.path_input(0, 0).unwrap() = PathColumns::from_paths(&lines);
        let rows: Vec<f64> = case
            .obstacles
            .iter()
            .flat_map(|o| match o {
                Shape::Aabb(b) => [0.0, b.min.x, b.min.y, b.max.x, b.max.y].map(f64::from),
                Shape::Circle(c) => [1.0, c.center.x, c.center.y, f64::from(c.radius), 0.0],
                other => unreachable!("{other:?}"),
            })
            .collect();
        engine.obstacle_input(case.obstacles.len()).unwrap().copy_from_slice(&rows);
        engine.set_obstacles().unwrap();
        engine.place_batch(case.viewport[0], case.viewport[1], 0.0).unwrap();
        for (i, (o, c)) in want.outcomes.iter().zip(&want.choices).enumerate() {
            let out = &engine.output;
            let (blocker, by) = match o.hidden_by {
                None => (0, 0),
                Some(Blocker::Label(k)) => (1, k),
                Some(Blocker::Obstacle(k)) => (2, k),
            };
            let parts = c
                .parts
                .map_or(0, |p| [Parts::Both, Parts::Text, Parts::Icon].iter().position(|&q| q == p).unwrap() + 1);
            let got = (out.visible[i], out.reason[i], out.blocker[i], out.hidden_by[i], out.candidate[i], out.parts[i]);
            let expected =
                (u8::from(o.visible), reason_code(o.reason), blocker, by, c.candidate.unwrap_or(u32::MAX), parts as u8);
            assert_eq!(got, expected, "label {i}");
            let glyphs = engine.write_glyphs(i).map(|_| engine.glyphs.clone());
            let layout = case.symbols[i].layout().and_then(Result::ok).map(|l| label_wasm::glyph_rows(&l));
            assert_eq!(glyphs, layout, "label {i}");
        }
    }

    #[test]
    fn the_random_case_has_every_outcome_and_the_engine_decides_it_as_the_core() {
        let case = random(3000, 11);
        let p = case.reference().unwrap();
        let s = &p.stats;
        assert!(s.visible > 300 && s.hidden_collision > 300 && s.hidden_offscreen > 10, "{s:?}");
        assert!(s.hidden_repeat > 0 && s.hidden_no_room > 0 && s.hidden_too_curved > 0, "{s:?}");
        let shown = |parts: Parts| p.choices.iter().filter(|c| c.parts == Some(parts)).count();
        assert!(shown(Parts::Text) > 0 && shown(Parts::Icon) > 0 && shown(Parts::Both) > 0);
        check(&case);
    }

    #[test]
    fn the_places_case_shows_symbols_at_every_candidate_and_the_engine_decides_it_as_the_core() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let (labels, texts) = crate::labels::load(&fixtures).unwrap();
        let case = places(&labels, &texts);
        let p = case.reference().unwrap();
        assert!(p.stats.visible > 200 && p.stats.hidden_collision > 200, "{:?}", p.stats);
        for k in 0..4 {
            assert!(p.choices.iter().any(|c| c.candidate == Some(k)), "candidate {k} shown somewhere");
        }
        check(&case);
    }
}
