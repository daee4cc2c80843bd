//! A structural walk over a JSON document's bytes: finds the entries of a whole-document log
//! (a top-level array, `log.entries`, `data`) without building the document's tree, so each
//! entry gets its exact byte range and is parsed (and bounded) on its own.
//!
//! The walk is lenient: it only tracks strings, brackets, commas and colons; each entry is
//! then parsed strictly by `serde_json`. It is iterative (no recursion), so nesting depth costs
//! nothing.

use std::ops::Range;

fn skip_ws(doc: &[u8], mut i: usize) -> usize {
    while i < doc.len() && matches!(doc[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// End of the string starting at `i` (a `"`), after its closing quote.
fn string_end(doc: &[u8], i: usize) -> Result<usize, String> {
    let mut j = i + 1;
    while j < doc.len() {
        match doc[j] {
            b'\\' => j += 2,
            b'"' => return Ok(j + 1),
            _ => j += 1,
        }
    }
    Err(format!("unterminated string at byte {i}"))
}

/// End of the value starting at `i` (after skipping whitespace).
pub(super) fn value_end(doc: &[u8], i: usize) -> Result<usize, String> {
    let i = skip_ws(doc, i);
    match doc.get(i) {
        None => Err("unexpected end of the document".to_owned()),
        Some(b'"') => string_end(doc, i),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            let mut j = i;
            while j < doc.len() {
                match doc[j] {
                    b'"' => {
                        j = string_end(doc, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Ok(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            Err(format!("unclosed bracket opened at byte {i}"))
        }
        Some(_) => {
            let mut j = i;
            while j < doc.len()
                && !matches!(doc[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            {
                j += 1;
            }
            Ok(j)
        }
    }
}

/// Where the value of member `key` of the object at `i` starts; `Ok(None)` when the value at
/// `i` is not an object or has no such member. The first member of that name is taken, without
/// reading the value or the members after it, so that the entries of a document cut short are
/// still read up to the cut.
pub(super) fn member(doc: &[u8], i: usize, key: &str) -> Result<Option<usize>, String> {
    let mut j = skip_ws(doc, i);
    if doc.get(j) != Some(&b'{') {
        return Ok(None);
    }
    j += 1;
    loop {
        j = skip_ws(doc, j);
        match doc.get(j) {
            Some(b'}') => return Ok(None),
            Some(b'"') => {}
            None => return Err("unexpected end of the document".to_owned()),
            Some(_) => return Err(format!("expected a member name at byte {j}")),
        }
        let kend = string_end(doc, j)?;
        let name = &doc[j + 1..kend - 1];
        j = skip_ws(doc, kend);
        if doc.get(j) != Some(&b':') {
            return Err(format!("expected `:` at byte {j}"));
        }
        let vstart = skip_ws(doc, j + 1);
        if name == key.as_bytes() {
            return Ok(Some(vstart));
        }
        let vend = value_end(doc, vstart)?;
        j = skip_ws(doc, vend);
        match doc.get(j) {
            Some(b',') => j += 1,
            Some(b'}') => return Ok(None),
            None => return Err("unexpected end of the document".to_owned()),
            Some(_) => return Err(format!("expected `,` or `}}` at byte {j}")),
        }
    }
}

/// Calls `each` with the byte range of every element of the array at `start`. `Ok(false)`
/// when the value there is not an array.
pub(super) fn elements(
    doc: &[u8],
    start: usize,
    each: &mut dyn FnMut(Range<usize>),
) -> Result<bool, String> {
    let mut j = skip_ws(doc, start);
    if doc.get(j) != Some(&b'[') {
        return Ok(false);
    }
    j = skip_ws(doc, j + 1);
    if doc.get(j) == Some(&b']') {
        return Ok(true);
    }
    loop {
        let start = skip_ws(doc, j);
        let end = value_end(doc, start)?;
        each(start..end);
        j = skip_ws(doc, end);
        match doc.get(j) {
            Some(b',') => j += 1,
            Some(b']') => return Ok(true),
            None => return Err("unexpected end of the document".to_owned()),
            Some(_) => return Err(format!("expected `,` or `]` at byte {j}")),
        }
    }
}
