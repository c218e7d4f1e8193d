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
