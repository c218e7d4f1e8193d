//! A picture sequence of a rotation, with and without stability: five consecutive frames of the
//! map turning at 1° per frame — world places (level labels whose positions turn) and Vienna's
//! street names (labels that turn with their streets) — one row per engine, with the labels that
//! appeared (green) or disappeared (red) since the frame before marked.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use glam::DVec2;
use label_frame::{Camera, FrameEngine, FrameOptions, WorldLabel};

use crate::scenes::{SCENES, cameras};

/// Viewport of the pictures, px, and the scale they are drawn at.
const SIZE: (f64, f64) = (960.0, 540.0);
const SCALE: f64 = 0.4;
/// The frames shown (bearing 40° to 44°).
const FIRST: usize = 40;
const COUNT: usize = 5;

struct Panel {
    /// Boxes (corners) of the shown labels, and whether each appeared in this frame.
    shown: Vec<([DVec2; 4], bool)>,
    /// Boxes of the labels that disappeared in this frame.
    gone: Vec<[DVec2; 4]>,
    bearing: f64,
}

/// Runs the rotation with `options` and keeps the panels of the chosen frames, and the total
/// number of flips over the whole turn.
fn run(labels: &[WorldLabel], options: FrameOptions, turn: &[(Camera, f64)]) -> (Vec<Panel>, usize) {
    let mut engine = FrameEngine::new(options).expect("valid options");
    engine.set_labels(labels.to_vec()).expect("valid labels");
    let corners =
        |engine: &FrameEngine, i: usize| engine.screen_label(i).expect("a pose").obb().corners().map(|c| c.as_dvec2());
    let mut panels = Vec::new();
    let mut flips = 0;
    let mut last: Vec<bool> = Vec::new();
    for (k, (camera, t)) in turn.iter().enumerate() {
        let frame = engine.place_frame(camera, *t).expect("valid camera").clone();
        flips += frame.stats.flips;
        if (FIRST..FIRST + COUNT).contains(&k) {
            let mut panel = Panel { shown: Vec::new(), gone: Vec::new(), bearing: camera.bearing };
            for (i, l) in frame.labels.iter().enumerate() {
                let before = last.get(i).copied().unwrap_or(false);
                if l.visible {
                    panel.shown.push((corners(&engine, i), !before && l.in_view()));
                } else if before && l.in_view() {
                    panel.gone.push(corners(&engine, i));
                }
            }
            panels.push(panel);
        }
        last = frame.labels.iter().map(|l| l.visible).collect();
    }
    (panels, flips)
}

fn polygon(svg: &mut String, corners: &[DVec2; 4], at: DVec2, style: &str) {
    let points: Vec<String> = corners
        .iter()
        .map(|c| {
            let p = at + *c * SCALE;
            format!("{:.1},{:.1}", p.x, p.y)
        })
        .collect();
    let _ = writeln!(svg, r#"<polygon points="{}" {style}/>"#, points.join(" "));
}

/// Writes the picture sequence to `path`.
pub fn write(path: &Path, places: &[WorldLabel], streets: &[WorldLabel]) -> Result<()> {
    let stable = FrameOptions::default();
    let plain = FrameOptions::without_stability();
    let rows = [
        ("places", places, "World places over Europe, zoom 5 — with stability (the default)", stable.clone()),
        ("places", places, "… without stability (every frame placed from scratch)", plain.clone()),
        ("streets", streets, "Vienna street names, zoom 16 — with stability (the default)", stable),
        ("streets", streets, "… without stability", plain),
    ];
    let (pw, ph) = (SIZE.0 * SCALE, SIZE.1 * SCALE);
    let (gap, title_h, caption_h) = (12.0, 26.0, 18.0);
    let width = COUNT as f64 * (pw + gap) + gap;
    let height = rows.len() as f64 * (title_h + ph + caption_h) + 60.0;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    let mut totals = Vec::new();
    for (r, (scene, labels, title, options)) in rows.iter().enumerate() {
        let scene = SCENES.iter().find(|s| s.name == *scene).expect("a known scene");
        let turn = cameras(scene, "rotate", DVec2::new(SIZE.0, SIZE.1));
        let (panels, flips) = run(labels, options.clone(), &turn);
        totals.push(flips);
        let top = r as f64 * (title_h + ph + caption_h) + 8.0;
        let _ =
            writeln!(svg, r#"<text x="{gap}" y="{:.1}" font-size="14" font-weight="bold">{title}</text>"#, top + 16.0);
        for (c, panel) in panels.iter().enumerate() {
            let at = DVec2::new(gap + c as f64 * (pw + gap), top + title_h);
            let _ = writeln!(
                svg,
                r##"<rect x="{:.1}" y="{:.1}" width="{pw:.1}" height="{ph:.1}" fill="#f4f4f0" stroke="#999"/>"##,
                at.x, at.y
            );
            let _ = writeln!(
                svg,
                r#"<svg x="{:.1}" y="{:.1}" width="{pw:.1}" height="{ph:.1}" viewBox="{:.1} {:.1} {pw:.1} {ph:.1}">"#,
                at.x, at.y, at.x, at.y
            );
            for (corners, appeared) in &panel.shown {
                let style = if *appeared {
                    r##"fill="#2a9d3a" fill-opacity="0.8" stroke="#1c6b27" stroke-width="0.6""##
                } else {
                    r##"fill="#3b6fb6" fill-opacity="0.35" stroke="#2b558f" stroke-width="0.4""##
                };
                polygon(&mut svg, corners, at, style);
            }
            for corners in &panel.gone {
                polygon(&mut svg, corners, at, r##"fill="#d33" fill-opacity="0.6" stroke="#a00" stroke-width="0.6""##);
            }
            let _ = writeln!(svg, "</svg>");
            let appeared = panel.shown.iter().filter(|(_, a)| *a).count();
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}">bearing {:.0}°: {} shown, +{} / −{}</text>"#,
                at.x,
                at.y + ph + 14.0,
                panel.bearing,
                panel.shown.len(),
                appeared,
                panel.gone.len()
            );
        }
    }
    let y = height - 30.0;
    let _ = writeln!(
        svg,
        r#"<text x="{gap}" y="{y:.0}">{}×{} px, the map turning 1° per frame (60 frames/s), bearing 40° to 44°. Blue: shown; green: appeared in this frame; red: disappeared in this frame. Natural Earth, GeoNames (CC BY 4.0), © OpenStreetMap contributors.</text>"#,
        SIZE.0, SIZE.1
    );
    let _ = writeln!(
        svg,
        r#"<text x="{gap}" y="{:.0}">Flips over the whole turn (labels in view in both frames whose visibility changed): places {} with stability, {} without; streets {} with, {} without.</text>"#,
        y + 16.0,
        totals[0],
        totals[1],
        totals[2],
        totals[3]
    );
    let _ = writeln!(svg, "</svg>");
    std::fs::write(path, svg)?;
    eprintln!("wrote {} (flips over the turn: {totals:?})", path.display());
    Ok(())
}
