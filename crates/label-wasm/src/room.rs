//! Room in the module's buffers for the counts a caller passes. A WebAssembly `usize` has 32
//! bits, so every size is computed with checked arithmetic and every buffer is allocated
//! fallibly: a count past the limits (`label_core::limits`), a size that would wrap or memory
//! the module cannot get is an error message naming the count, never a trap.

/// `n` if at most `limit`; else an error naming `what` (the C ABI's message for a count).
///
/// # Errors
/// The message when `n` is past `limit`.
pub fn count(n: usize, limit: usize, what: &str) -> Result<usize, String> {
    if n > limit { Err(format!("{what}: a count of {n} is more than {limit}, the most allowed")) } else { Ok(n) }
}

/// Most `f64` values of one buffer: what one allocation can hold on wasm32 (`isize::MAX`
/// bytes, 2 GiB). The same bound natively, so that the native build (its tests, the fuzz
/// target) refuses what the module refuses.
pub const MAX_VALUES: usize = (i32::MAX / 8) as usize;

/// The number of values of `rows` (count, values per row), summed, or an error naming `what`
/// when the sum is more than one buffer can hold ([`MAX_VALUES`]; computed without wrapping).
///
/// # Errors
/// The message when the sum is too large.
pub fn values(rows: &[(usize, usize)], what: &str) -> Result<usize, String> {
    rows.iter()
        .try_fold(0usize, |sum, &(n, width)| n.checked_mul(width).and_then(|v| sum.checked_add(v)))
        .filter(|&sum| sum <= MAX_VALUES)
        .ok_or_else(|| {
            let rows: Vec<String> = rows.iter().map(|(n, width)| format!("{n} × {width}")).collect();
            format!("{what}: {} values are more than one buffer of the module holds (2 GiB)", rows.join(" + "))
        })
}

/// Empties `v` and fills it with `len` copies of `value`, or an error naming `what` when the
/// memory for them cannot be had (nothing aborts).
///
/// # Errors
/// The message when the allocation fails.
pub fn refill<T: Clone>(v: &mut Vec<T>, len: usize, value: T, what: &str) -> Result<(), String> {
    v.clear();
    v.try_reserve_exact(len).map_err(|e| format!("{what}: no memory for {len} values ({e})"))?;
    v.resize(len, value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_sizes_and_memory_are_checked() {
        assert_eq!(count(3, 3, "labels"), Ok(3));
        assert_eq!(count(4, 3, "labels").unwrap_err(), "labels: a count of 4 is more than 3, the most allowed");
        assert_eq!(values(&[(2, 9), (3, 1)], "labels"), Ok(21));
        assert_eq!(
            values(&[(477_218_589, 9)], "labels").unwrap_err(),
            "labels: 477218589 × 9 values are more than one buffer of the module holds (2 GiB)"
        );
        assert!(values(&[(usize::MAX / 2, 3)], "labels").is_err());
        assert!(values(&[(usize::MAX, 1), (1, 1)], "labels").is_err());
        let mut v = vec![1.0];
        refill(&mut v, 3, 0.0, "points").unwrap();
        assert_eq!(v, [0.0; 3]);
        assert!(refill(&mut v, usize::MAX / 8, 0.0f64, "points").unwrap_err().starts_with("points: no memory"));
        assert_eq!(values(&[(MAX_VALUES, 1)], "points"), Ok(MAX_VALUES));
        assert!(values(&[(MAX_VALUES, 1), (1, 1)], "points").is_err());
    }
}
