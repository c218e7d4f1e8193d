//! The fast reader against the located one (`label_cli::formats::convert`): on any document, where the
//! fast path gives a document it is the one the located reader gives (bit for bit), and
//! `read_document` answers exactly as the located reader does, errors included. Valid documents
//! must take the fast path. The same holds for the labels read in pieces (`read_document_split`),
//! with pieces down to a byte so that the guessed cuts fall everywhere: between labels, inside
//! candidate lists and strings.

use label_cli::formats::convert::{read_document, read_document_fast, read_document_located, read_document_split};
use proptest::prelude::*;

mod parsers_check;

/// One field of a label as `key: value` text, valid or not.
fn field(valid: bool) -> BoxedStrategy<(String, String)> {
    let number = prop_oneof![
        (-1e4f64..1e4).prop_map(|v| v.to_string()),
        (1i64..500).prop_map(|v| v.to_string()),
        Just("0.5".to_owned()),
        Just("1e2".to_owned()),
    ];
    let positive = prop_oneof![(1.0f64..200.0).prop_map(|v| v.to_string()), (1i64..90).prop_map(|v| v.to_string())];
    let good = prop_oneof![
        positive.clone().prop_map(|v| ("width".to_owned(), v)),
        positive.clone().prop_map(|v| ("height".to_owned(), v)),
        positive.clone().prop_map(|v| ("font_size".to_owned(), v)),
        number.clone().prop_map(|v| ("angle".to_owned(), v)),
        number.clone().prop_map(|v| ("priority".to_owned(), v)),
        (1i64..20).prop_map(|v| ("padding".to_owned(), v.to_string())),
        prop::sample::select(vec!["\"center\"", "\"top-left\"", "\"bottom\"", "\"right\""])
            .prop_map(|v| ("anchor".to_owned(), v.to_owned())),
        (number.clone(), number.clone()).prop_map(|(a, b)| ("offset".to_owned(), format!("[{a}, {b}]"))),
        prop::sample::select(vec!["true", "false"]).prop_map(|v| ("allow_overlap".to_owned(), v.to_owned())),
        prop::sample::select(vec!["true", "false"]).prop_map(|v| ("ignore_placement".to_owned(), v.to_owned())),
        prop::sample::select(vec!["\"Wien\"", "\"北京\"", "\"a\\\"b\\u00e9\"", "\"Linz an der Donau\"", "\"x}, {y\""])
            .prop_map(|v| ("text".to_owned(), v.to_owned())),
        prop::sample::select(vec![
            "[{\"anchor\": \"top\"}, {\"offset\": [1, 2]}]",
            "[{}]",
            "[{\"anchor\": \"left\", \"offset\": [-3, 0.5]}]"
        ])
        .prop_map(|v| ("candidates".to_owned(), v.to_owned())),
        prop::sample::select(vec![
            "{\"width\": 8, \"height\": 8}",
            "{\"width\": 4, \"height\": 6, \"anchor\": \"bottom\", \"offset\": [0, -2], \"padding\": 1}"
        ])
        .prop_map(|v| ("icon".to_owned(), v.to_owned())),
        prop::sample::select(vec!["\"none\"", "\"text\"", "\"icon\""])
            .prop_map(|v| ("optional".to_owned(), v.to_owned())),
        prop::sample::select(vec!["\"g1\"", "\"g2\"", "\"g3\""])
            .prop_map(|v| ("repeat_group".to_owned(), v.to_owned())),
        positive.prop_map(|v| ("repeat_distance".to_owned(), v)),
    ];
    if valid {
        return good.boxed();
    }
    let key = prop::sample::select(vec![
        "id",
        "x",
        "y",
        "width",
        "height",
        "font_size",
        "angle",
        "priority",
        "anchor",
        "offset",
        "padding",
        "allow_overlap",
        "text",
        "candidates",
        "icon",
        "optional",
        "repeat_group",
        "repeat_distance",
        "colour",
        "x\\u0020",
    ]);
    let value = prop::sample::select(vec![
        "-5",
        "0",
        "1e400",
        "1e30",
        "\"left\"",
        "null",
        "true",
        "[1, 2]",
        "[1]",
        "[1, 2, 3]",
        "{}",
        "\"middle\"",
        "\"\"",
        "\" \"",
        "[]",
        "[[0, 1]]",
        "[{\"anchor\": 3}]",
        "[4, 4]",
        "{\"width\": 4}",
        "\"bogus\"",
        "18446744073709551615",
        "9223372036854775807",
        "-0.0",
        "-0",
        "-0e3",
        "-0.000000000000000000001",
        "2.2250738585072011e-308",
        "4.9e-324",
        "1.7976931348623157e308",
        "\"a\\ud83d\\ude00\\u0000\\/\"",
        "\"\\ud800\"",
        "\"\\udc00x\"",
        "\"\\q\"",
        "1.5",
        "\"\\ud800\"",
        "[[[[[[[[1]]]]]]]]",
    ]);
    prop_oneof![4 => good, 1 => (key, value).prop_map(|(k, v)| (k.to_owned(), v.to_owned()))].boxed()
}

/// A label as text: its id, position and fields; or, when not `valid`, now and then an array or
/// a scalar in its place.
fn label(valid: bool) -> BoxedStrategy<String> {
    let id = prop_oneof![
        (0i64..40).prop_map(|i| i.to_string()),
        prop::sample::select(vec!["\"a\"", "\"b\"", "\"\\u0061\"", "\"Zürich\"", "\"a\\nb\""]).prop_map(str::to_owned),
    ];
    let object = (id, -500.0f64..500.0, -500i32..500, prop::collection::vec(field(valid), 0..6)).prop_map(
        |(id, x, y, fields)| {
            let mut parts = vec![format!("\"id\": {id}"), format!("\"x\": {x}"), format!("\"y\": {y}")];
            // Without a size, a text and a font size measure one.
            if !fields.iter().any(|(k, _)| k == "width") {
                parts.push("\"width\": 20".to_owned());
            }
            if !fields.iter().any(|(k, _)| k == "height") {
                parts.push("\"height\": 10".to_owned());
            }
            parts.extend(fields.into_iter().map(|(k, v)| format!("\"{k}\": {v}")));
            format!("{{{}}}", parts.join(", "))
        },
    );
    let measured = (0i64..1000, prop::sample::select(vec!["\"Graz\"", "\"東京\"", "\"  \""]))
        .prop_map(|(i, text)| format!("{{\"id\": \"m{i}\", \"x\": 1, \"y\": 2, \"text\": {text}, \"font_size\": 12}}"));
    if valid {
        return prop_oneof![4 => object, 1 => measured].boxed();
    }
    let other = prop::sample::select(vec![
        "[1, 0, 0, 5, 5]",
        "[\"q\", 0, 0, 5, 5, 12, 0, 0]",
        "3",
        "null",
        "\"label\"",
        "{\"id\": 9, \"x\": 0, \"y\": 0, \"x\": 1, \"width\": 5, \"height\": 5}",
        "{}",
    ])
    .prop_map(str::to_owned);
    prop_oneof![8 => object, 2 => measured, 1 => other].boxed()
}

/// A whole document as text, with line breaks here and there.
fn document(valid: bool) -> BoxedStrategy<String> {
    let viewport = if valid {
        prop::sample::select(vec!["", "\"viewport\": {\"width\": 800, \"height\": 600}, ", "\"viewport\": null, "])
            .boxed()
    } else {
        prop::sample::select(vec![
            "",
            "\"viewport\": {\"width\": 800, \"height\": 600}, ",
            "\"viewport\": [800, 600], ",
            "\"viewport\": {\"width\": 0, \"height\": 600}, ",
            "\"viewport\": {\"width\": 800}, ",
            "\"viewport\": 3, ",
            "\"viewport\": null, ",
        ])
        .boxed()
    };
    let obstacles = prop::sample::select(if valid {
        vec![
            "",
            ", \"obstacles\": [{\"type\": \"box\", \"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}]",
            ", \"obstacles\": [{\"id\": \"o\", \"type\": \"circle\", \"x\": 5, \"y\": 5, \"radius\": 3}]",
        ]
    } else {
        vec![
            "",
            ", \"obstacles\": [{\"type\": \"box\", \"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}]",
            ", \"obstacles\": [{\"type\": \"circle\", \"x\": 0, \"y\": 0, \"radius\": 0}]",
            ", \"obstacles\": [[0, 0, 1, 1]]",
            ", \"obstacles\": null",
            ", \"obstacles\": []",
            ", \"labels\": []",
            ", \"extra\": 1",
        ]
    });
    let tail = prop::sample::select(if valid { vec!["", "\n", "\u{feff}"] } else { vec!["", "\n", " x", "]"] });
    (viewport, prop::collection::vec(label(valid), 0..12), obstacles, tail, any::<u64>())
        .prop_map(|(viewport, labels, obstacles, tail, breaks)| {
            let items: Vec<String> = labels
                .into_iter()
                .enumerate()
                .map(|(i, l)| if breaks >> (i % 64) & 1 == 1 { format!("\n  {l}") } else { l })
                .collect();
            let body = format!("{{{viewport}\"labels\": [{}]{obstacles}}}", items.join(","));
            // A byte-order mark only goes first.
            if tail == "\u{feff}" { format!("{tail}{body}") } else { format!("{body}{tail}") }
        })
        .boxed()
}

/// Debug text compares floats bit for bit (`-0.0` is not `0.0`) and errors word for word.
fn shown<T: std::fmt::Debug>(value: &T) -> String {
    format!("{value:?}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_fast_path_gives_what_the_located_reader_gives(text in document(false)) {
        let located = read_document_located(&text);
        if let Some(doc) = read_document_fast(&text) {
            prop_assert_eq!(shown(&located.as_ref().ok()), shown(&Some(&doc)), "{}", text);
        }
        prop_assert_eq!(shown(&read_document(&text)), shown(&located), "{}", text);
    }

    #[test]
    fn sonic_rs_and_serde_json_read_alike(text in document(false), valid in document(true)) {
        parsers_check::check(&text);
        parsers_check::check(&valid);
    }

    #[test]
    fn valid_documents_take_the_fast_path(text in document(true)) {
        let located = read_document_located(&text);
        // Ids may repeat by chance: such a document is refused by both.
        if let Ok(expected) = &located {
            let fast = read_document_fast(&text);
            prop_assert!(fast.is_some(), "the fast path refused a valid document: {}", text);
            prop_assert_eq!(shown(&fast.unwrap()), shown(expected));
        } else {
            prop_assert!(read_document_fast(&text).is_none());
        }
    }

    #[test]
    fn pieces_give_what_the_located_reader_gives(text in document(false), piece_bytes in 1usize..96) {
        if let Some(doc) = read_document_split(&text, piece_bytes) {
            prop_assert_eq!(shown(&read_document_located(&text).ok()), shown(&Some(doc)), "{}", text);
        }
    }

    #[test]
    fn valid_documents_are_read_in_pieces(text in document(true), piece_bytes in 1usize..96) {
        let split = read_document_split(&text, piece_bytes);
        match read_document_located(&text) {
            Ok(expected) => {
                prop_assert!(split.is_some(), "pieces of {} bytes refused a valid document: {}", piece_bytes, text);
                prop_assert_eq!(shown(&split.unwrap()), shown(&expected));
            }
            Err(_) => prop_assert!(split.is_none()),
        }
    }
}

#[test]
fn large_documents_with_symbols_read_in_pieces_as_in_one_pass() {
    let text = label_cli::generate::symbol_document(3000, 3.0, 5).to_string();
    let expected = shown(&read_document_located(&text).unwrap());
    for piece_bytes in [1, 700, 4096, 1 << 20] {
        assert_eq!(shown(&read_document_split(&text, piece_bytes).unwrap()), expected, "{piece_bytes}");
    }
    // Two threads and a document over the threshold: the pieces run in parallel.
    let big = label_cli::generate::symbol_document(20_000, 3.0, 6).to_string();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let doc = pool.install(|| read_document_fast(&big)).unwrap();
    assert_eq!(shown(&doc), shown(&read_document_located(&big).unwrap()));
}

#[test]
fn a_label_written_as_an_array_is_refused_by_both() {
    let text = r#"{"labels": [[1, 0, 0, 5, 5]]}"#;
    assert!(read_document_fast(text).is_none());
    let e = read_document(text).unwrap_err().to_string();
    assert_eq!(e, "line 1: label 0: expected a JSON object");
}

#[test]
fn an_icon_written_as_an_array_is_read_by_both() {
    // Inside a label serde reads a struct from an array too, and so did the located reader.
    let text = r#"{"labels": [{"id": 1, "x": 0, "y": 0, "width": 5, "height": 5, "icon": [4, 4]}]}"#;
    let located = read_document_located(text).unwrap();
    assert_eq!(shown(&read_document_fast(text).unwrap()), shown(&located));
}

/// What the reader does with each kind of input, through the sonic-rs pass: read as serde_json
/// reads it (`parsers_check`), and accepted or refused as expected.
#[test]
fn sonic_rs_reads_each_case_as_serde_json_does() {
    use label_cli::formats::convert::{JsonParser, read_document_one_pass};
    let label =
        |fields: &str| format!(r#"{{"labels": [{{"id": 1, "x": 0, "y": 0, "width": 5, "height": 5{fields}}}]}}"#);
    let with_id = |id: &str| format!(r#"{{"labels": [{{"id": {id}, "x": 0, "y": 0, "width": 5, "height": 5}}]}}"#);
    let accepted = [
        label(r#", "text": "a\"b\\\/\u00e9\ud83d\ude00\t\n""#),
        label(r#", "text": "北京 \u0000""#),
        with_id("9223372036854775807"),
        with_id("-9223372036854775808"),
        with_id(r#""x\u0000y""#),
        label(r#", "angle": 1e-320, "priority": 123456789012345678901234567890"#),
        label(r#", "offset": [1E2, -2.5e-3]"#),
        format!(" \t\r\n{}\r\n", label("")),
    ];
    let refused = [
        label(r#", "x": 1"#),
        label(r#", "colour": "red""#),
        label(", \"text\": \"a\u{9}b\u{1f}\""),
        label(r#", "text": "\ud800""#),
        label(r#", "text": "\udc00x""#),
        label(r#", "text": "\q""#),
        label(r#", "angle": 1e400"#),
        label(r#", "angle": NaN"#),
        label(r#", "angle": 01"#),
        label(r#", "angle": +1"#),
        label(r#", "angle": 1.e3"#),
        label(r#", "offset": [1, 2, ]"#),
        label(r#", /* note */ "angle": 1"#),
        label(",\u{b} \"angle\": 1"),
        label(",\u{a0}\"angle\": 1"),
        with_id("9223372036854775808"),
        with_id("1e3"),
        with_id("1.5"),
        with_id("[1]"),
        with_id(&"[".repeat(10_000)),
        r#"{"labels": [], "labels": []}"#.to_owned(),
        r#"{"labels": [{"id": 1, "x": 0, "y": 0, "width": 5, "height": 5},]}"#.to_owned(),
        format!("{} x", label("")),
    ];
    for text in &accepted {
        parsers_check::check(text);
        let doc = read_document_one_pass(text, JsonParser::SonicRs);
        assert!(doc.is_some(), "sonic-rs refused {text}");
        assert_eq!(shown(&doc.unwrap()), shown(&read_document_located(text).unwrap()), "{text}");
    }
    for text in &refused {
        parsers_check::check(text);
        assert!(read_document_one_pass(text, JsonParser::SonicRs).is_none(), "sonic-rs read {text}");
        assert!(read_document_located(text).is_err(), "{text}");
    }
}
