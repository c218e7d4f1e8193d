//! Priorities from classes: a property whose text values (`highway=primary`) map to numbers.
//!
//! Given on the command line as `--priority-map FIELD=VALUE:N,VALUE:N,…` (`*:N` for every other
//! value), or as MapLibre's `match` expression in JSON:
//! `["match", ["get", "FIELD"], "VALUE", N, ["VALUE", "VALUE"], N, …, DEFAULT]`. A feature whose
//! value is not mapped (and there is no default), or that lacks the property, ranks below every
//! mapped feature, as a feature without `--priority-field` does.

use std::collections::HashMap;

use serde_json::Value;

/// A class → priority mapping.
#[derive(Clone, Debug, PartialEq)]
pub struct PriorityMap {
    /// The property holding the class.
    pub field: String,
    /// Priority of each listed value.
    pub values: HashMap<String, f64>,
    /// Priority of the values not listed; `None`: they rank lowest.
    pub default: Option<f64>,
}

fn number(text: &str, what: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("{what}: expected a number, got {text:?}"))
}

impl PriorityMap {
    /// Parses either form of the module doc.
    ///
    /// # Errors
    /// What is wrong and where, for the `--priority-map` message.
    pub fn parse(spec: &str) -> Result<PriorityMap, String> {
        if spec.trim_start().starts_with('[') { Self::parse_match(spec) } else { Self::parse_pairs(spec) }
    }

    fn parse_pairs(spec: &str) -> Result<PriorityMap, String> {
        let (field, pairs) =
            spec.split_once('=').ok_or("expected FIELD=VALUE:N,VALUE:N,… or a [\"match\", …] expression")?;
        let field = field.trim();
        if field.is_empty() {
            return Err("the property name before `=` is empty".into());
        }
        let mut map = PriorityMap { field: field.to_owned(), values: HashMap::new(), default: None };
        for pair in pairs.split(',').filter(|p| !p.trim().is_empty()) {
            let (value, n) = pair.rsplit_once(':').ok_or_else(|| format!("{pair:?}: expected VALUE:N"))?;
            let n = number(n, value)?;
            map.insert(value.trim(), n)?;
        }
        if map.values.is_empty() && map.default.is_none() {
            return Err("no VALUE:N pairs".into());
        }
        Ok(map)
    }

    fn insert(&mut self, value: &str, n: f64) -> Result<(), String> {
        let duplicate = if value == "*" {
            self.default.replace(n).is_some()
        } else {
            self.values.insert(value.to_owned(), n).is_some()
        };
        if duplicate { Err(format!("{value:?} is mapped twice")) } else { Ok(()) }
    }

    fn parse_match(spec: &str) -> Result<PriorityMap, String> {
        let v: Value = serde_json::from_str(spec).map_err(|e| format!("not a JSON expression: {e}"))?;
        let items = v.as_array().map(Vec::as_slice).unwrap_or_default();
        let [op, input, arms @ ..] = items else {
            return Err("expected [\"match\", [\"get\", FIELD], VALUE, N, …, DEFAULT]".into());
        };
        if op != "match" {
            return Err(format!("only the \"match\" expression is read, got {op}"));
        }
        let field = match input.as_array().map(Vec::as_slice) {
            Some([get, Value::String(field)]) if get == "get" => field.clone(),
            _ => return Err(format!("the input must be [\"get\", FIELD], got {input}")),
        };
        let mut map = PriorityMap { field, values: HashMap::new(), default: None };
        let output =
            |v: &Value| v.as_f64().filter(|n| n.is_finite()).ok_or_else(|| format!("expected a number, got {v}"));
        let mut chunks = arms.chunks_exact(2);
        for pair in &mut chunks {
            let n = output(&pair[1])?;
            let labels = match &pair[0] {
                Value::Array(labels) => labels.clone(),
                label => vec![label.clone()],
            };
            for label in labels {
                let value = match label {
                    Value::String(s) => s,
                    Value::Number(n) => n.to_string(),
                    other => return Err(format!("a match label must be a string or number, got {other}")),
                };
                if map.values.insert(value.clone(), n).is_some() {
                    return Err(format!("{value:?} is mapped twice"));
                }
            }
        }
        match chunks.remainder() {
            [default] => map.default = Some(output(default)?),
            _ => return Err("a match expression ends with its default output".into()),
        }
        Ok(map)
    }

    /// The priority of a feature whose property is `value` (`None`: lowest).
    #[must_use]
    pub fn priority(&self, value: Option<&Value>) -> Option<f64> {
        let class = match value {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::Bool(b)) => b.to_string(),
            _ => return None,
        };
        self.values.get(&class).copied().or(self.default)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn both_forms_give_one_map() {
        let pairs = PriorityMap::parse("highway=motorway:10, trunk:9,primary:8,*:1").unwrap();
        let expression =
            PriorityMap::parse(r#"["match", ["get", "highway"], "motorway", 10, ["trunk"], 9, "primary", 8, 1]"#)
                .unwrap();
        assert_eq!(pairs, expression);
        assert_eq!(pairs.priority(Some(&json!("trunk"))), Some(9.0));
        assert_eq!(pairs.priority(Some(&json!("footway"))), Some(1.0));
        assert_eq!(pairs.priority(None), None);
        let no_default = PriorityMap::parse("highway=primary:8").unwrap();
        assert_eq!(no_default.priority(Some(&json!("footway"))), None);
        assert_eq!(PriorityMap::parse("rank=1:5").unwrap().priority(Some(&json!(1))), Some(5.0));
    }

    #[test]
    fn bad_maps_say_what_is_wrong() {
        assert!(PriorityMap::parse("highway").unwrap_err().contains("FIELD=VALUE:N"));
        assert!(PriorityMap::parse("highway=primary").unwrap_err().contains("VALUE:N"));
        assert!(PriorityMap::parse("highway=primary:high").unwrap_err().contains("\"high\""));
        assert!(PriorityMap::parse("highway=a:1,a:2").unwrap_err().contains("twice"));
        assert!(PriorityMap::parse(r#"["match", ["get", "h"], "a", 1]"#).unwrap_err().contains("default"));
        assert!(PriorityMap::parse(r#"["case", true, 1, 0]"#).unwrap_err().contains("match"));
    }
}
