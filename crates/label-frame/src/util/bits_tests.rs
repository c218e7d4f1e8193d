//! The tests of `bits.rs`.

use super::*;

#[test]
fn lanes_pack_into_their_bits() {
    let mut lanes = [0; 64];
    assert_eq!(pack(&lanes), 0);
    for j in [0, 1, 7, 8, 9, 31, 32, 55, 56, 62, 63] {
        lanes[j] = 1;
    }
    let expected = [0, 1, 7, 8, 9, 31, 32, 55, 56, 62, 63].iter().fold(0u64, |b, j| b | 1 << j);
    assert_eq!(pack(&lanes), expected);
    assert_eq!(pack(&[1; 64]), u64::MAX);
}
