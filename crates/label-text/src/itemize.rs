//! Splitting text into runs of one script, so that each is shaped by its own rules.
//!
//! Shaping a whole name as one segment would shape it all with the script of its first letter:
//! in "Cairo القاهرة" the Arabic would then keep its isolated letter forms, which are wider than
//! the joined ones a renderer draws. Characters of no particular script (spaces, digits,
//! punctuation: `Common`) and combining marks (`Inherited`) join the run they are in, or the
//! first run when they lead.

use unicode_script::{Script, UnicodeScript};

/// The runs of `text`, each with its script (`None`: the run has only common characters).
#[must_use]
pub(crate) fn script_runs(text: &str) -> Vec<(&str, Option<Script>)> {
    let mut runs = Vec::new();
    let (mut start, mut script) = (0, None);
    for (at, c) in text.char_indices() {
        let s = c.script();
        if matches!(s, Script::Common | Script::Inherited | Script::Unknown) {
            continue;
        }
        match script {
            None => script = Some(s),
            Some(current) if current != s => {
                runs.push((&text[start..at], script));
                (start, script) = (at, Some(s));
            }
            Some(_) => {}
        }
    }
    if start < text.len() {
        runs.push((&text[start..], script));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_script_is_one_run() {
        assert_eq!(script_runs("Ringstraße 12"), vec![("Ringstraße 12", Some(Script::Latin))]);
        assert_eq!(script_runs("12 - 14"), vec![("12 - 14", None)]);
        assert_eq!(script_runs(""), vec![]);
    }

    #[test]
    fn scripts_split_and_common_characters_stay_in_their_run() {
        assert_eq!(
            script_runs("(Cairo) القاهرة 1"),
            vec![("(Cairo) ", Some(Script::Latin)), ("القاهرة 1", Some(Script::Arabic))]
        );
        assert_eq!(
            script_runs("Москва-Moskau"),
            vec![("Москва-", Some(Script::Cyrillic)), ("Moskau", Some(Script::Latin))]
        );
    }
}
