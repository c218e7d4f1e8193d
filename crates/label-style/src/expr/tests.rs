//! Semantics the style-spec pins, case by case (the node comparison in `tests/reference.rs`
//! covers whole styles).

use super::*;
use serde_json::json;

fn eval_with(
    expr: serde_json::Value,
    expected: Type,
    properties: serde_json::Value,
    zoom: f64,
) -> Result<Value, EvalError> {
    let e = Expression::compile(&expr, "e", expected).unwrap();
    let feature = Feature { properties: properties.as_object().unwrap(), id: None, geometry: GeometryType::Point };
    e.evaluate(zoom, &feature)
}

fn eval(expr: serde_json::Value, properties: serde_json::Value) -> Result<Value, EvalError> {
    eval_with(expr, Type::Value, properties, 10.0)
}

#[test]
fn get_of_a_missing_property_is_null_and_has_sees_nulls() {
    assert_eq!(eval(json!(["get", "name"]), json!({})), Ok(Value::Null));
    assert_eq!(eval(json!(["has", "name"]), json!({"name": null})), Ok(Value::Bool(true)));
    assert_eq!(eval(json!(["has", "name"]), json!({})), Ok(Value::Bool(false)));
}

#[test]
fn a_value_of_the_wrong_type_where_a_number_is_needed_fails() {
    assert!(eval_with(json!(["get", "name"]), Type::Number, json!({"name": "Wien"}), 10.0).is_err());
    assert!(eval(json!(["+", ["get", "pop"], 1]), json!({"pop": "12"})).is_err());
    assert_eq!(eval(json!(["+", ["to-number", ["get", "pop"]], 1]), json!({"pop": "12"})), Ok(Value::Number(13.0)));
}

#[test]
fn equality_is_strict_and_ordering_refuses_mixed_kinds() {
    assert_eq!(eval(json!(["==", ["get", "rank"], "1"]), json!({"rank": 1})), Ok(Value::Bool(false)));
    assert_eq!(eval(json!(["!=", ["get", "rank"], "1"]), json!({"rank": 1})), Ok(Value::Bool(true)));
    assert!(eval(json!(["<", ["get", "a"], ["get", "b"]]), json!({"a": 1, "b": "2"})).is_err());
}

#[test]
fn match_sends_other_kinds_to_the_fallback() {
    let m = json!(["match", ["get", "rank"], [1, 2], "big", 3, "mid", "small"]);
    assert_eq!(eval(m.clone(), json!({"rank": 2})), Ok(Value::String("big".into())));
    assert_eq!(eval(m.clone(), json!({"rank": "2"})), Ok(Value::String("small".into())));
    assert_eq!(eval(m, json!({})), Ok(Value::String("small".into())));
}

#[test]
fn step_and_interpolate_clamp_and_blend() {
    let step = json!(["step", ["zoom"], 1, 5, 2, 10, 3]);
    for (z, out) in [(0.0, 1.0), (5.0, 2.0), (9.9, 2.0), (12.0, 3.0)] {
        assert_eq!(eval_with(step.clone(), Type::Value, json!({}), z), Ok(Value::Number(out)), "zoom {z}");
    }
    let lin = json!(["interpolate", ["linear"], ["zoom"], 4, 10, 8, 20]);
    assert_eq!(eval_with(lin.clone(), Type::Value, json!({}), 6.0), Ok(Value::Number(15.0)));
    assert_eq!(eval_with(lin, Type::Value, json!({}), 2.0), Ok(Value::Number(10.0)));
    let arrays = json!(["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 0]], 10, ["literal", [1, 2]]]);
    assert_eq!(
        eval_with(arrays, Type::Array, json!({}), 5.0),
        Ok(Value::Array(vec![Value::Number(0.5), Value::Number(1.0)]))
    );
}

#[test]
fn let_var_coalesce_concat_and_case() {
    let e = json!([
        "let",
        "n",
        ["coalesce", ["get", "name_de"], ["get", "name"]],
        ["concat", ["var", "n"], " (", ["upcase", ["var", "n"]], ")"]
    ]);
    assert_eq!(eval(e, json!({"name": "Wien"})), Ok(Value::String("Wien (WIEN)".into())));
    let c = json!(["case", [">=", ["get", "pop"], 1000000], "city", ["has", "pop"], "town", "village"]);
    assert_eq!(eval(c.clone(), json!({"pop": 2000000})), Ok(Value::String("city".into())));
    assert_eq!(eval(c.clone(), json!({"pop": 20})), Ok(Value::String("town".into())));
    // As in the style-spec, `>=` checks that `get` gave a number: a missing `pop` fails the
    // whole expression (the property then takes its default) rather than reaching "village".
    assert!(eval(c, json!({})).is_err());
}

#[test]
fn compile_errors_name_the_json_path() {
    let err = Expression::compile(
        &json!(["interpolate", ["linear"], ["zoom"], 4, 10, 2, 20]),
        "layers[1].layout.text-size",
        Type::Number,
    )
    .unwrap_err();
    assert_eq!(err.path, "layers[1].layout.text-size[5]");
    let err = Expression::compile(&json!(["case", ["get", "a"], ["foo", 1], 2]), "p", Type::Number).unwrap_err();
    assert_eq!(err.path, "p[2][0]");
    assert!(!err.unsupported);
    let err = Expression::compile(&json!(["number-format", 1, {}]), "p", Type::String).unwrap_err();
    assert!(err.unsupported);
    let err = Expression::compile(&json!(["format", "a", {}, ["image", "dot"], {}]), "p", Type::Formatted).unwrap_err();
    assert!(err.unsupported && err.path == "p[3]", "{err:?}");
}

fn filter(f: serde_json::Value, properties: serde_json::Value, geometry: GeometryType) -> bool {
    let e = Expression::compile_filter(&f, "filter").unwrap();
    let feature = Feature { properties: properties.as_object().unwrap(), id: None, geometry };
    e.evaluate(0.0, &feature) == Ok(Value::Bool(true))
}

#[test]
fn legacy_filters_compare_strictly_and_missing_properties_are_unequal() {
    let p = GeometryType::Point;
    assert!(filter(json!(["==", "class", "city"]), json!({"class": "city"}), p));
    assert!(!filter(json!(["==", "class", "city"]), json!({}), p));
    assert!(filter(json!(["!=", "class", "city"]), json!({}), p));
    assert!(!filter(json!(["<", "rank", 5]), json!({"rank": "3"}), p));
    assert!(filter(json!(["<", "rank", 5]), json!({"rank": 3}), p));
    assert!(filter(json!(["in", "class", "city", "town"]), json!({"class": "town"}), p));
    assert!(filter(json!(["!in", "class", "city", "town"]), json!({}), p));
    assert!(filter(
        json!(["all", ["==", "$type", "LineString"], ["has", "name"]]),
        json!({"name": "x"}),
        GeometryType::LineString
    ));
    assert!(!filter(json!(["==", "$type", "LineString"]), json!({}), p));
    assert!(filter(json!(["none", ["has", "name"]]), json!({}), p));
    // An expression filter with a failing check is false.
    assert!(!filter(json!(["<", ["get", "rank"], 5]), json!({"rank": "x"}), p));
}

#[test]
fn constant_font_lists_are_not_expressions() {
    assert!(!is_expression(&json!(["Open Sans Bold"])));
    assert!(is_expression(&json!(["get", "font"])));
}
