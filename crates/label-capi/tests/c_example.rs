//! The C examples, `examples/frame.c` (the frame engine), `examples/frame_symbols.c` (symbols
//! in frames), `examples/frame_path.c` (texts along lines in frames), `examples/symbols.c`
//! (batch placement of symbols) and `examples/path.c` (texts along lines), compiled with the
//! system C compiler against the header and the shared
//! library this build made, run, and their output checked line by line.

mod common;

/// What `frame.c` prints.
const FRAME: &str = "\
declutter 0.1.0
frame 1: kind=0 visible=2 in_view=3
t=0 ms
  Wien          visible=1 opacity=0.00 reason=visible at=(400.0, 300.0) angle=0.0
  Stephansplatz visible=0 opacity=0.00 reason=collision hidden_by=Wien
  Graben        visible=1 opacity=0.00 reason=visible at=(365.0, 293.0) angle=10.0
  Schoenbrunn   visible=0 opacity=0.00 reason=offscreen
frame 2: kind=1
t=150 ms
  Wien          visible=1 opacity=0.50 reason=visible at=(400.0, 300.0) angle=0.0
  Stephansplatz visible=0 opacity=0.00 reason=collision hidden_by=Wien
  Graben        visible=1 opacity=0.50 reason=visible at=(365.0, 293.0) angle=10.0
  Schoenbrunn   visible=0 opacity=0.00 reason=offscreen
frame 3: kind=0
t=300 ms, bearing 90
  Wien          visible=1 opacity=1.00 reason=visible at=(400.0, 300.0) angle=0.0
  Stephansplatz visible=0 opacity=0.00 reason=collision hidden_by=Wien
  Graben        visible=1 opacity=1.00 reason=visible at=(393.0, 335.0) angle=-80.0
  Schoenbrunn   visible=0 opacity=0.00 reason=offscreen
bad label: status 2: label 2 (id 3): field `width`: expected a number > 0, got -1
null engine: status 1: engine is a null pointer
labels still set: 4
done
";

/// What `symbols.c` prints.
const SYMBOLS: &str = "\
placed 6 labels: 5 shown, 0 collision, 1 repeat
  Rathaus   visible=1 reason=visible
  Town      visible=1 reason=visible candidate=1 parts=both
  Bakery    visible=1 reason=visible
  Cafe      visible=1 reason=visible parts=icon
  Ring      visible=1 reason=visible
  Ring 2    visible=0 reason=repeat hidden_by=Ring
bad candidate: status 2: label 1 (id 11): field `candidates[2].anchor`: 12 is not a DECLUTTER_ANCHOR_* value
bad icon: status 2: label 1 (id 11): field `icon.width`: expected a number > 0, got 0
null batch: status 1: batch is a null pointer
done
";

/// What `frame_symbols.c` prints.
const FRAME_SYMBOLS: &str = "\
t=0 ms, zoom 14
  Stephansdom     visible=1 opacity=0.00 reason=visible at=(400.0, 300.0)
  U Stephansplatz visible=1 opacity=0.00 reason=visible candidate=1 parts=both at=(330.1, 300.0)
  Cafe            visible=1 opacity=0.00 reason=visible parts=icon at=(445.4, 300.0)
  Graben          visible=1 opacity=0.00 reason=visible at=(500.2, 300.0)
  Rotenturm       visible=1 opacity=0.00 reason=visible at=(400.0, 369.9)
  Rotenturm 2     visible=0 opacity=0.00 reason=repeat hidden_by=Rotenturm
t=150 ms, zoom 15
  Stephansdom     visible=1 opacity=0.50 reason=visible at=(400.0, 300.0)
  U Stephansplatz visible=1 opacity=0.50 reason=visible candidate=1 parts=both at=(260.2, 300.0)
  Cafe            visible=1 opacity=0.50 reason=visible candidate=0 parts=both at=(490.9, 300.0)
  Graben          visible=1 opacity=0.50 reason=visible at=(600.4, 300.0)
  Rotenturm       visible=1 opacity=0.50 reason=visible at=(400.0, 439.9)
  Rotenturm 2     visible=1 opacity=0.50 reason=visible at=(600.4, 439.9)
t=300 ms, zoom 15, bearing 90
  Stephansdom     visible=1 opacity=1.00 reason=visible at=(400.0, 300.0)
  U Stephansplatz visible=1 opacity=1.00 reason=visible candidate=1 parts=both at=(400.0, 439.8)
  Cafe            visible=1 opacity=1.00 reason=visible candidate=0 parts=both at=(400.0, 209.1)
  Graben          visible=1 opacity=1.00 reason=visible at=(400.0, 99.6)
  Rotenturm       visible=1 opacity=1.00 reason=visible at=(539.9, 300.0)
  Rotenturm 2     visible=1 opacity=1.00 reason=visible at=(539.9, 99.6)
bad candidate: status 2: label 1 (id 2): field `candidates[3].anchor`: 12 is not a DECLUTTER_ANCHOR_* value
labels still set: 6
done
";

/// What `frame_path.c` prints.
const FRAME_PATH: &str = "\
t=0 ms, zoom 16.5
  Graben      visible=1 reason=visible
    reversed=0 first=(455.2, 308.7, -4.1 deg) last=(490.3, 311.2, -4.1 deg)
  Kohlmarkt   visible=1 reason=visible
    reversed=1 first=(267.1, 382.6, 43.2 deg) last=(303.2, 340.5, 52.7 deg)
  Naglergasse visible=0 reason=no_room
t=400 ms, zoom 18
  Graben      visible=1 reason=visible
    reversed=0 first=(587.7, 326.7, -4.1 deg) last=(622.9, 329.2, -4.1 deg)
  Kohlmarkt   visible=1 reason=visible
    reversed=1 first=(60.0, 500.0, 43.2 deg) last=(94.5, 456.4, 52.7 deg)
  Naglergasse visible=1 reason=visible
    reversed=0 first=(432.6, 76.2, 0.0 deg) last=(498.6, 76.2, 0.0 deg)
t=800 ms, zoom 18, bearing 180
  Graben      visible=1 reason=visible
    reversed=1 first=(177.6, 270.8, -4.1 deg) last=(212.7, 273.3, -4.1 deg)
  Kohlmarkt   visible=1 reason=visible
    reversed=0 first=(706.6, 142.2, 52.7 deg) last=(741.3, 98.8, 43.2 deg)
  Naglergasse visible=1 reason=visible
    reversed=1 first=(302.2, 523.8, 0.0 deg) last=(368.2, 523.8, 0.0 deg)
too little room: status 2: label 0 (id 1): capacity 3 for 6 glyphs
done
";

/// What `path.c` prints.
const PATH: &str = "\
placed 6 labels: 2 shown, 1 collision, 1 repeat
  Ringstrasse   visible=1 reason=visible
  Ringstrasse 2 visible=0 reason=repeat hidden_by=Ringstrasse
  Donaukanal    visible=1 reason=visible
  Wien          visible=0 reason=no_room
  Gasse         visible=0 reason=too_curved
  Stadtpark     visible=0 reason=collision hidden_by=Ringstrasse
Ringstrasse: reversed=0 anchor=(200.0, 152.3)
  R at (160.8, 157.1) angle 20.0
  i at (168.4, 154.3) angle 20.0
  n at (176.0, 152.3) angle 0.0
  g at (184.0, 152.3) angle 0.0
  s at (192.0, 152.3) angle 0.0
  t at (200.0, 152.3) angle 0.0
  r at (208.0, 152.3) angle 0.0
  a at (216.0, 152.3) angle 0.0
  s at (224.0, 152.3) angle 0.0
  s at (231.6, 154.3) angle -20.0
  e at (239.2, 157.1) angle -20.0
Donaukanal: reversed=1 anchor=(220.0, 40.0)
  D at (184.3, 44.5) angle 7.1
  o at (192.2, 43.5) angle 7.1
  n at (200.2, 42.5) angle 7.1
  a at (208.1, 41.5) angle 7.1
  u at (216.0, 40.5) angle 7.1
  k at (224.0, 40.5) angle -7.1
  a at (231.9, 41.5) angle -7.1
  n at (239.8, 42.5) angle -7.1
  a at (247.8, 43.5) angle -7.1
  l at (255.7, 44.5) angle -7.1
bad path: status 2: label 3 (id 23): field `path.points`: point 2 repeats the point before it
null points: status 1: symbols[3].path.points is a null pointer
done
";

/// Compiles `examples/{name}.c`, runs it and compares its output with `expected`.
fn compile_and_run(name: &str, expected: &str) {
    let run = common::compile::compile_and_run(&format!("examples/{name}.c"), &[], &[]);
    common::compile::assert_lines(name, &run, expected);
}

#[test]
fn c_example_compiles_runs_and_prints_the_expected_frames() {
    compile_and_run("frame", FRAME);
}

#[test]
fn c_symbol_example_compiles_runs_and_prints_the_expected_placement() {
    compile_and_run("symbols", SYMBOLS);
}

#[test]
fn c_path_example_compiles_runs_and_prints_the_expected_placement() {
    compile_and_run("path", PATH);
}

#[test]
fn c_frame_symbol_example_compiles_runs_and_prints_the_expected_frames() {
    compile_and_run("frame_symbols", FRAME_SYMBOLS);
}

#[test]
fn c_frame_path_example_compiles_runs_and_prints_the_expected_frames() {
    compile_and_run("frame_path", FRAME_PATH);
}
