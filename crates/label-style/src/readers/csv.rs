//! CSV input (GeoNames-style tables: a name, longitude and latitude columns, any other columns):
//! each row becomes a GeoJSON Point feature, so that a table is placed, warned about and
//! written exactly as a FeatureCollection is (`--text-field`, `--priority-field`, the view, …).
//!
//! - The first record is the header; every row must have as many fields (RFC 4180 quoting,
//!   a leading byte-order mark ignored).
//! - Longitude and latitude come from `--x-field` / `--y-field`, or else from the first
//!   column named (case-insensitively) `longitude`, `lon`, `lng`, `long` or `x`, and
//!   `latitude`, `lat` or `y`. Both empty: the row has no geometry (`no_geometry`).
//! - Every column is a string property of its feature (priorities are read from strings that
//!   hold numbers); the feature's id is the `id` column when there is one, else the row's
//!   index (0 for the first row after the header).
//!
//! Errors name the CSV line and the column. The feature collection is laid out so that each
//! feature starts on the line its row starts on, so the GeoJSON reader's own errors (a
//! priority that is not a number, a duplicate id) name the right line too.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::document::InputError;
use crate::messages::one_line;

/// Column names taken for longitude, in order of preference (compared without case).
pub const LONGITUDE_NAMES: [&str; 5] = ["longitude", "lon", "lng", "long", "x"];
/// Column names taken for latitude, in order of preference (compared without case).
pub const LATITUDE_NAMES: [&str; 3] = ["latitude", "lat", "y"];

/// The coordinate columns given on the command line (`None`: found by name).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// Longitude column (`--x-field`).
    pub x: Option<String>,
    /// Latitude column (`--y-field`).
    pub y: Option<String>,
}

fn error(line: Option<u64>, message: String) -> InputError {
    InputError { line: line.and_then(|l| usize::try_from(l).ok()), message }
}

/// Line numbers of byte offsets, counted forwards. (The `csv` crate's own line numbers are one
/// short after `\r\n` line ends, which real tables such as GeoNames' use, and do not count a
/// lone `\r`.)
struct Lines<'a> {
    text: &'a [u8],
    offset: usize,
    line: u64,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines { text: text.as_bytes(), offset: 0, line: 1 }
    }

    /// The line of the record that starts at `byte` (after the line end the reader may leave
    /// before it). Offsets must not go backwards.
    fn at(&mut self, byte: u64) -> u64 {
        let mut to = usize::try_from(byte).unwrap_or(usize::MAX).min(self.text.len());
        while matches!(self.text.get(to), Some(b'\r' | b'\n')) {
            to += 1;
        }
        let to = to.max(self.offset);
        // A line ends at `\n`, and at a `\r` not followed by one (the reader takes a lone `\r`
        // as a line end too).
        let ends = (self.offset..to).filter(|&i| match self.text[i] {
            b'\n' => true,
            b'\r' => self.text.get(i + 1) != Some(&b'\n'),
            _ => false,
        });
        self.line += ends.count() as u64;
        self.offset = to;
        self.line
    }
}

/// The column `given` (by exact name), or the first of `names` (without case); what it is
/// for (`"longitude"`) and its flag make the error.
fn find_column(
    headers: &[String],
    given: Option<&str>,
    names: &[&str],
    what: &str,
    flag: &str,
) -> Result<usize, InputError> {
    let found = match given {
        Some(name) => headers.iter().position(|h| h == name),
        None => names.iter().find_map(|n| headers.iter().position(|h| h.trim().eq_ignore_ascii_case(n))),
    };
    found.ok_or_else(|| {
        let looked = given.map_or_else(|| format!("none is named {}", names.join(", ")), |n| format!("none is `{n}`"));
        let columns: Vec<String> = headers.iter().map(|h| format!("`{}`", one_line(h))).collect();
        // One column holding another separator: a table the user thinks is CSV but is not
        // comma-separated (GeoNames ships its tables tab-separated and without a header).
        let separator = match headers {
            [only] => [('\t', "tabs"), (';', "semicolons"), ('|', "bars")].into_iter().find(|(c, _)| only.contains(*c)),
            _ => None,
        };
        let hint = separator.map_or(String::new(), |(_, name)| {
            format!(
                " (the first row is one column holding {name}: the table must be comma-separated, with a header row)"
            )
        });
        error(
            Some(1),
            format!("no {what} column ({flag} NAME): the columns are {}; {looked}{hint}", columns.join(", ")),
        )
    })
}

/// A coordinate cell: a finite number within `limit` degrees; `None` when empty.
fn coordinate(cell: &str, limit: f64, column: &str, line: u64) -> Result<Option<f64>, InputError> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(None);
    }
    match cell.parse::<f64>() {
        Ok(v) if v.is_finite() && v.abs() <= limit => Ok(Some(v)),
        _ => Err(error(
            Some(line),
            format!(
                "column `{}`: expected degrees from -{limit} to {limit}, got \"{}\"",
                one_line(column),
                one_line(cell)
            ),
        )),
    }
}

/// The table `text` as the text of a GeoJSON FeatureCollection (see the module doc).
///
/// # Errors
/// [`InputError`] with the CSV line: malformed CSV (a row with another number of fields, bad
/// quoting), no header, no longitude or latitude column, a coordinate that is not a number of
/// degrees in range, one coordinate of a row without the other.
pub fn to_feature_collection(text: &str, columns: &Columns) -> Result<String, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
    let headers: Vec<String> =
        reader.headers().map_err(|e| csv_error(&e, &mut Lines::new(text)))?.iter().map(str::to_owned).collect();
    if headers.iter().all(|h| h.trim().is_empty()) {
        return Err(error(Some(1), "expected a header line naming the columns".into()));
    }
    let x = find_column(&headers, columns.x.as_deref(), &LONGITUDE_NAMES, "longitude", "--x-field")?;
    let y = find_column(&headers, columns.y.as_deref(), &LATITUDE_NAMES, "latitude", "--y-field")?;
    let id = headers.iter().position(|h| h == "id");
    let mut lines = Lines::new(text);
    let mut out = String::from("{\"type\": \"FeatureCollection\", \"features\": [");
    let mut line_of_out = 1;
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(|e| csv_error(&e, &mut lines))?;
        let line = lines.at(record.position().map_or(0, csv::Position::byte));
        let cell = |i: usize| record.get(i).unwrap_or("");
        let lon = coordinate(cell(x), 360.0, &headers[x], line)?;
        let lat = coordinate(cell(y), 90.0, &headers[y], line)?;
        let geometry = match (lon, lat) {
            (Some(lon), Some(lat)) => serde_json::json!({"type": "Point", "coordinates": [lon, lat]}),
            (None, None) => Value::Null,
            _ => {
                let (given, missing) = if lon.is_some() { (x, y) } else { (y, x) };
                return Err(error(
                    Some(line),
                    format!(
                        "column `{}` is empty but `{}` is not: a row needs both coordinates or neither",
                        one_line(&headers[missing]),
                        one_line(&headers[given])
                    ),
                ));
            }
        };
        let properties: Map<String, Value> =
            headers.iter().zip(record.iter()).map(|(h, v)| (h.clone(), Value::String(v.to_owned()))).collect();
        let id = id.map_or_else(|| Value::from(index), |i| Value::String(cell(i).to_owned()));
        let feature = serde_json::json!({"type": "Feature", "id": id, "properties": properties, "geometry": geometry});
        if index > 0 {
            out.push(',');
        }
        // Each feature on its row's line (serde_json writes no raw line breaks in one value).
        while (line_of_out as u64) < line {
            out.push('\n');
            line_of_out += 1;
        }
        let _ = write!(out, "{feature}");
    }
    out.push_str("]}");
    Ok(out)
}

fn csv_error(e: &csv::Error, lines: &mut Lines<'_>) -> InputError {
    let line = e.position().map(|p| lines.at(p.byte()));
    let message = match e.kind() {
        csv::ErrorKind::UnequalLengths { expected_len, len, .. } => {
            format!("expected {expected_len} fields as in the header, got {len}")
        }
        csv::ErrorKind::Utf8 { err, .. } => format!("field {}: not UTF-8 text", err.field() + 1),
        _ => format!("invalid CSV: {}", one_line(&e.to_string())),
    };
    error(line, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collection(text: &str) -> Value {
        serde_json::from_str(&to_feature_collection(text, &Columns::default()).unwrap()).unwrap()
    }

    #[test]
    fn rows_become_points_with_string_properties_on_their_own_lines() {
        let text = "geonameid,name,latitude,longitude,population\n\
                    1,Wien,48.2,16.37,1691468\n\
                    2,\"Graz\nan der Mur\",47.07,15.44,222326\n\
                    3,Nowhere,,,0\n";
        let out = to_feature_collection(text, &Columns::default()).unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        let features = v["features"].as_array().unwrap();
        assert_eq!(features[0]["geometry"]["coordinates"], serde_json::json!([16.37, 48.2]));
        assert_eq!(features[0]["properties"]["population"], "1691468");
        assert_eq!(features[1]["id"], 1);
        assert!(features[2]["geometry"].is_null());
        // Row 3 starts on CSV line 5 (the quoted field spans two lines): so does its feature.
        let line = out.lines().position(|l| l.contains("Nowhere")).unwrap() + 1;
        assert_eq!(line, 5);
    }

    #[test]
    fn columns_are_found_by_name_or_given() {
        let v = collection("ID,Name,Lat,LNG\na,b,1,2\n");
        assert_eq!(v["features"][0]["geometry"]["coordinates"], serde_json::json!([2.0, 1.0]));
        let given = Columns { x: Some("east".into()), y: Some("north".into()) };
        let out = to_feature_collection("name,east,north\nA,3,4\n", &given).unwrap();
        assert!(out.contains("[3.0,4.0]"), "{out}");
        let e = to_feature_collection("name,a,b\nA,1,2\n", &Columns::default()).unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.message.contains("no longitude column (--x-field NAME)") && e.message.contains("`a`"), "{e}");
        assert!(!e.message.contains("comma-separated"), "{e}");
    }

    #[test]
    fn errors_name_the_line_and_the_column() {
        let e = to_feature_collection("name,lat,lon\nA,1,2\nB,north,2\n", &Columns::default()).unwrap_err();
        assert_eq!(e.to_string(), "line 3: column `lat`: expected degrees from -90 to 90, got \"north\"");
        let e = to_feature_collection("name,lat,lon\nA,1,2\nB,1\n", &Columns::default()).unwrap_err();
        assert_eq!(e.to_string(), "line 3: expected 3 fields as in the header, got 2");
        let e = to_feature_collection("name,lat,lon\nA,,2\n", &Columns::default()).unwrap_err();
        assert!(e.to_string().starts_with("line 2: column `lat` is empty but `lon` is not"), "{e}");
        let e = to_feature_collection("name,lat,lon\r\nA,1,2\r\nB,1,400\r\n", &Columns::default()).unwrap_err();
        assert_eq!(e.line, Some(3), "CRLF line ends count as one");
        let e = to_feature_collection("name,lat,lon\rA,1,2\rB,1,400\r", &Columns::default()).unwrap_err();
        assert_eq!(e.line, Some(3), "a lone CR ends a line");
        assert!(e.to_string().contains("column `lon`: expected degrees from -360 to 360"), "{e}");
    }
}
