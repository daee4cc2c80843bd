//! Read access to a request's JSON for the two trees the prefix is computed from.

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use super::super::json::{Json, JsonNode};

/// Read access to a JSON value, for the two trees the prefix is computed from: the
/// span-carrying [`JsonNode`] of `check` and the lighter [`Jv`] of the streaming `cache`
/// command.
pub trait JsonView: Sized {
    /// The value's shape.
    fn view(&self) -> View<'_, Self>;

    /// The member `key` of an object (the last one when a key repeats).
    fn get(&self, key: &str) -> Option<&Self> {
        match self.view() {
            View::Object(members) => members
                .into_iter()
                .rev()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, when this is one.
    fn str(&self) -> Option<&str> {
        match self.view() {
            View::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The items, when this is an array.
    fn items(&self) -> &[Self] {
        match self.view() {
            View::Array(a) => a,
            _ => &[],
        }
    }
}

/// The shape of a JSON value.
#[derive(Debug)]
pub enum View<'a, T> {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number as written (or as serde_json prints it).
    Number(&'a str),
    /// A decoded string.
    Str(&'a str),
    /// An array.
    Array(&'a [T]),
    /// An object's members in document order.
    Object(Vec<(&'a str, &'a T)>),
}

impl JsonView for JsonNode {
    fn get(&self, key: &str) -> Option<&Self> {
        JsonNode::get(self, key)
    }

    fn view(&self) -> View<'_, Self> {
        match &self.value {
            Json::Null => View::Null,
            Json::Bool(b) => View::Bool(*b),
            Json::Number(n) => View::Number(n),
            Json::String(s) => View::Str(&s.text),
            Json::Array(a) => View::Array(a),
            Json::Object(m) => {
                View::Object(m.iter().map(|(k, _, v)| (k.text.as_str(), v)).collect())
            }
        }
    }
}

/// An owned JSON value that keeps object members in document order (serde_json's `Value`
/// sorts them), for streaming request logs.
#[derive(Debug, Clone, PartialEq)]
pub enum Jv {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number, printed by serde_json.
    Number(String),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Jv>),
    /// An object, members in document order.
    Object(Vec<(String, Jv)>),
}

impl JsonView for Jv {
    fn get(&self, key: &str) -> Option<&Self> {
        match self {
            Jv::Object(m) => m.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn view(&self) -> View<'_, Self> {
        match self {
            Jv::Null => View::Null,
            Jv::Bool(b) => View::Bool(*b),
            Jv::Number(n) => View::Number(n),
            Jv::Str(s) => View::Str(s),
            Jv::Array(a) => View::Array(a),
            Jv::Object(m) => View::Object(m.iter().map(|(k, v)| (k.as_str(), v)).collect()),
        }
    }
}

impl Jv {
    /// Parses JSON text, refusing text with more than `max_values` values (counted by the
    /// commas, brackets and braces outside strings, before parsing) so a hostile line cannot
    /// cost many times its size in memory.
    ///
    /// # Errors
    /// The text as an error message: too many values, or serde_json's error.
    pub fn parse(bytes: &[u8], max_values: usize) -> Result<Jv, String> {
        // Every value but the first takes a separator and a byte: shorter text cannot hold
        // too many, and is not counted.
        if bytes.len() / 2 < max_values {
            return serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"));
        }
        let mut values = 1usize;
        let (mut in_str, mut esc) = (false, false);
        for &b in bytes {
            if in_str {
                match (esc, b) {
                    (true, _) => esc = false,
                    (false, b'\\') => esc = true,
                    (false, b'"') => in_str = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => in_str = true,
                b',' | b'[' | b'{' => values += 1,
                _ => {}
            }
        }
        if values > max_values {
            return Err(format!(
                "more than {max_values} JSON values in one request; skipped"
            ));
        }
        serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))
    }
}

impl<'de> serde::Deserialize<'de> for Jv {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Jv, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Jv;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Jv, E> {
                Ok(Jv::Null)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Jv, E> {
                Ok(Jv::Bool(b))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Jv, E> {
                Ok(Jv::Number(n.to_string()))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Jv, E> {
                Ok(Jv::Number(n.to_string()))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Jv, E> {
                Ok(Jv::Number(n.to_string()))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Jv, E> {
                Ok(Jv::Str(s.to_owned()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Jv, E> {
                Ok(Jv::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Jv, A::Error> {
                let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(x) = seq.next_element()? {
                    v.push(x);
                }
                Ok(Jv::Array(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Jv, A::Error> {
                let mut v = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
                while let Some((k, x)) = map.next_entry::<String, Jv>()? {
                    v.push((k, x));
                }
                Ok(Jv::Object(v))
            }
        }
        d.deserialize_any(V)
    }
}
