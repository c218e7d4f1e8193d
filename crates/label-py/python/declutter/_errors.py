"""The exception bad input raises, naming where it is."""


class LabelError(ValueError):
    """A label's value breaks the contract (docs/format.md): ``row`` is its position in the
    input (0-based), ``column`` the column's name; either is ``None`` when the problem is not
    one row's or one column's; ``id`` is the row's index label when the labels came in a
    DataFrame."""

    def __init__(self, message, row=None, column=None):
        super().__init__(message)
        self.row = row
        self.column = column
        self.id = None


def number(field, value):
    """``value`` as a float, or ValueError naming ``field`` (a string or a bool is not a
    number here, though ``float`` would read it)."""
    if isinstance(value, (str, bytes, bool)):
        raise ValueError(f"`{field}` must be a number, got {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"`{field}` must be a number, got {value!r}") from None


def pair(field, value):
    """``value`` as two floats ``(x, y)``, or ValueError naming ``field``."""
    try:
        x, y = value
    except (TypeError, ValueError):
        raise ValueError(f"`{field}` must be two numbers (x, y), got {value!r}") from None
    return number(field, x), number(field, y)
