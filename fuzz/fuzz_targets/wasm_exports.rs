//! The web package's exports (`crates/label-wasm/src/exports.rs`) called natively, as Rust
//! functions, the way `js/declutter.js` calls them — and the way a careless caller of the raw
//! exports would: random sequences of calls with random counts (up to `u32::MAX`), random
//! numbers written into the buffers the module returned (within the lengths the module
//! reports, as the wrapper's views are), random column and coordinate codes. A panic is a
//! finding: in WebAssembly it is a trap that stops the engine for good.

#![no_main]

use label_wasm::exports::*;
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

/// A number: mostly ordinary, sometimes one of the values that break careless code.
fn number(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=9)? {
        0 => *u.choose(&[0.0, -0.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e300, 1e15, -1.0, 0.5])?,
        1 => f64::from_bits(u.arbitrary()?),
        2..=4 => f64::from(u.int_in_range(-1000i32..=1000)?) / 4.0,
        _ => f64::from(u.int_in_range(0u16..=800)?),
    })
}

/// A count: mostly small, sometimes huge (what `-1`, `2**28` or a fraction become as a u32).
fn count(u: &mut Unstructured) -> Result<u32> {
    Ok(if u.ratio(1, 10)? {
        *u.choose(&[u32::MAX, u32::MAX - 1, 1 << 31, 1 << 30, 600_000_000, 1_000])?
    } else {
        u.int_in_range(0..=10)?
    })
}

/// Writes a few random values into the `len` `f64`s at `address` (0: no buffer).
fn scribble(u: &mut Unstructured, address: usize, len: usize) -> Result<()> {
    if address == 0 || len == 0 {
        return Ok(());
    }
    for _ in 0..u.int_in_range(0..=16)? {
        let at = u.int_in_range(0..=len - 1)?;
        let v = number(u)?;
        // SAFETY: `address` is the module's buffer of `len` f64s, as it reported it; nothing
        // else holds it during this write (the wrapper writes through a view the same way).
        unsafe { (address as *mut f64).add(at).write(v) };
    }
    Ok(())
}

/// What the module sized last, as the wrapper remembers it.
#[derive(Default)]
struct Sizes {
    symbols: Option<(usize, usize)>,
    paths: Option<(usize, usize, usize)>,
    obstacles: usize,
}

fn run(u: &mut Unstructured) -> Result<()> {
    reset();
    dc_init();
    let mut sizes = Sizes::default();
    for _ in 0..u.int_in_range(1..=24)? {
        match u.int_in_range(0..=17)? {
            0 | 1 => {
                let address = dc_input(count(u)?);
                let n = dc_input_len() as usize;
                sizes.symbols = None;
                sizes.paths = None;
                scribble(u, address, 9 * n)?;
                let flags = dc_input_flags();
                if n > 0 && u.arbitrary()? {
                    let bits: u32 = if u.arbitrary()? { u.int_in_range(0..=8)? << 8 } else { u.arbitrary()? };
                    let at = u.int_in_range(0..=n - 1)?;
                    // SAFETY: the module's flags column of `n` u32s.
                    unsafe { (flags as *mut u32).add(at).write(bits) };
                }
            }
            2 => {
                let candidates = count(u)?;
                let address = dc_symbol_input(candidates);
                if address != 0 {
                    sizes.symbols = Some((dc_input_len() as usize, candidates as usize));
                    scribble(u, address, 10 * dc_input_len() as usize + 3 * candidates as usize)?;
                }
            }
            3 => {
                let (points, glyphs) = (count(u)?, count(u)?);
                let address = dc_path_input(points, glyphs);
                if address != 0 {
                    let n = dc_input_len() as usize;
                    sizes.paths = Some((n, points as usize, glyphs as usize));
                    scribble(u, address, 4 * n + 2 * points as usize + glyphs as usize)?;
                }
            }
            4 | 5 => {
                let _ = dc_set_labels(if u.ratio(1, 6)? { u.arbitrary()? } else { u.int_in_range(0..=1)? });
            }
            6 => {
                let _ = dc_set_options(number(u)?, number(u)?, number(u)?, number(u)? / 800.0, number(u)?, number(u)?, number(u)?, number(u)?);
            }
            7 => {
                let n = count(u)?;
                let address = dc_obstacle_input(n);
                sizes.obstacles = if address == 0 { 0 } else { n as usize };
                scribble(u, address, 5 * sizes.obstacles)?;
                let _ = dc_set_obstacles();
            }
            8 => {
                let address = dc_camera();
                let values = [
                    number(u)?,
                    number(u)?,
                    if u.ratio(1, 6)? { number(u)? } else { f64::from(u.int_in_range(0u8..=1)?) },
                    number(u)? / 40.0,
                    number(u)?,
                    number(u)? / 10.0,
                    number(u)?,
                    number(u)?,
                    if u.arbitrary()? { 0.0 } else { number(u)? },
                    if u.arbitrary()? { 0.0 } else { number(u)? },
                    if u.arbitrary()? { 0.0 } else { number(u)? },
                ];
                for (k, v) in values.into_iter().enumerate() {
                    // SAFETY: the module's camera buffer of eleven f64s.
                    unsafe { (address as *mut f64).add(k).write(v) };
                }
            }
            9 | 10 => {
                let _ = dc_place_frame(number(u)?);
            }
            11 => {
                let n = count(u)?;
                let address = dc_points(n);
                if address != 0 {
                    scribble(u, address, 2 * n as usize)?;
                }
                let _ = dc_project_points();
            }
            12 => {
                let _ = dc_unproject(number(u)?, number(u)?);
                let _ = dc_unprojected();
            }
            13 => dc_write_boxes(),
            14 => {
                let _ = dc_place_batch(number(u)?, number(u)?, number(u)?);
            }
            15 => {
                let _ = dc_glyphs(if u.arbitrary()? { u.int_in_range(0..=12)? } else { u.arbitrary()? });
                let _ = dc_glyph_rows();
            }
            16 => {
                let _ = dc_output(u.int_in_range(0..=11)?);
                let _ = dc_output_len();
            }
            _ => {
                let _ = (dc_error_address(), dc_error_len(), dc_panic_address(), dc_panic_len());
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
