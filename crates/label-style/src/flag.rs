//! A flag's number checked by one of [`label_core::validate`]'s checks, its message naming the
//! flag: shared by the view's flags (`args`) and the symbol flags (`symbols`).

use label_core::Problem;

/// `check`'s value (one of [`label_core::validate`]'s checks of a flag's number), or the message
/// naming `flag` and the range, with the number as short as it reads (`1e300`, not 301 digits).
pub(super) fn checked(flag: &str, check: Result<f64, Problem>) -> Result<f64, String> {
    check.map_err(|problem| format!("{flag}: {problem}"))
}
