//! The tests of `cells.rs`.

use super::*;
use crate::geo::sight::{Sight, project_labels};
use crate::{Alignment, Camera, WorldLabel};

#[test]
fn culled_cells_hold_only_labels_off_screen_and_inside_cells_only_labels_well_inside() {
    // Labels over a patch of the world, some rotated, map-aligned or padded; many cameras
    // (panned, zoomed, turned, pitched). Every label the per-label test finds on screen or
    // behind the camera is in a cell the cull keeps.
    let labels: Vec<WorldLabel> = (0..3000u32)
        .map(|k| {
            let p = DVec2::new(100.0 + f64::from(k % 60) * 0.37, 80.0 + f64::from(k / 60) * 0.41);
            WorldLabel::from_world(u64::from(k), p, 20.0 + f64::from(k % 90), 12.0)
                .with_angle(f64::from(k % 50))
                .with_alignment(if k % 3 == 0 { Alignment::Map } else { Alignment::Viewport })
                .with_padding(f64::from(k % 4))
        })
        .collect();
    let hot: Vec<Hot> = labels.iter().map(Hot::new).collect();
    let cells = WorldCells::new(&hot);
    assert_eq!(cells.side, 19);
    let (mut kept, mut culled, mut inside) = (0, 0, 0);
    let mut reach = Vec::new();
    for z in 0..30 {
        let zoom = 3.0 + f64::from(z) * 0.2;
        let camera = Camera::new(DVec2::new(105.0 + f64::from(z), 85.0 + f64::from(z % 7) * 2.0), zoom, 900.0, 600.0)
            .with_bearing(f64::from(z) * 23.0)
            .with_pitch(f64::from(z % 4) * 20.0);
        let projection = Projection::new(&camera);
        cells.in_reach(&projection, 0.5, &mut reach);
        for (i, s) in project_labels(&labels, &projection, 0.5).iter().enumerate() {
            let c = cells.cell_of(i);
            match reach[c] {
                Reach::Out => {
                    assert!(matches!(s, Sight::Off(_)), "label {i} in culled cell {c}: {s:?} ({camera:?})");
                    culled += 1;
                }
                Reach::Inside => {
                    let hot = &hot[i];
                    let p = projection.project(hot.position).expect("inside the view");
                    let r = hot.reach_px(label_scale(p.perspective, 0.5));
                    assert!(inside_by(p.screen, p.screen, r, DVec2::new(900.0, 600.0)), "label {i} in cell {c}");
                    assert!(matches!(s, Sight::In(_)));
                    inside += 1;
                }
                Reach::Edge => kept += 1,
            }
        }
    }
    assert!(culled > 10_000 && kept > 10_000 && inside > 5_000, "culled {culled}, kept {kept}, inside {inside}");
}
