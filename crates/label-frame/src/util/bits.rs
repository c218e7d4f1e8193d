//! Labels 64 at a time: the block of the walks over all labels, and bits packed without
//! branches.

/// Labels per block of the walks over all labels: one bit each in a `u64`.
pub(crate) const BLOCK: usize = 64;

/// 64 lanes of 0 or 1 as the bits of a word (lane `j`, bit `j`).
#[inline]
pub(crate) fn pack(lanes: &[u8; 64]) -> u64 {
    // Eight lanes at a time: the multiplication gathers the low bit of each byte into the top
    // byte (lane `k` of the group lands on bit `56 + k`).
    lanes.chunks_exact(8).enumerate().fold(0, |bits, (k, group)| {
        let group = u64::from_le_bytes(group.try_into().expect("eight lanes"));
        bits | (group.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
    })
}

#[cfg(test)]
#[path = "bits_tests.rs"]
mod tests;
