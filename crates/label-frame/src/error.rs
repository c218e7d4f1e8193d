//! Typed errors for input the frame engine refuses.

use label_core::Problem;

/// Input the frame engine refuses, with where it is. Nothing changes in the engine then.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum FrameError {
    /// A label's field is not a finite number in range (see [`label_core::limits`]).
    #[error("label {index} (id {id}): field `{field}`: {problem}")]
    InvalidLabel {
        /// Position of the label in the set given.
        index: usize,
        /// Its id.
        id: u64,
        /// Name of the field.
        field: &'static str,
        /// What is wrong.
        problem: Problem,
    },
    /// Two labels share an id (the engine's memory of a label follows its id).
    #[error("label {index}: id {id} is already used by the label at index {first_index}")]
    DuplicateId {
        /// Position of the second label with the id.
        index: usize,
        /// The id.
        id: u64,
        /// Position of the first label with the id.
        first_index: usize,
    },
    /// More labels than the engine's 32-bit label indices can hold.
    #[error("too many labels: {0} (at most {max})", max = label_core::limits::MAX_LABELS)]
    TooManyLabels(usize),
    /// A camera field is out of range.
    #[error("camera: field `{field}`: {problem}")]
    InvalidCamera {
        /// Name of the field.
        field: &'static str,
        /// What is wrong.
        problem: Problem,
    },
    /// A frame option is out of range.
    #[error("option `{field}`: {problem}")]
    InvalidOption {
        /// Name of the option.
        field: &'static str,
        /// What is wrong.
        problem: Problem,
    },
    /// The core refused an input (an obstacle that breaks its contract; label_core's error
    /// says which and why).
    #[error(transparent)]
    Core(label_core::Error),
}
