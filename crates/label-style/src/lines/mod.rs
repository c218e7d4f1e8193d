//! Labels of lines: one straight box on the longest straight-enough run ([`straight`]), or the
//! name glyph by glyph along the line, repeated and merged across lines of one name ([`along`]).

pub mod along;
pub mod straight;
