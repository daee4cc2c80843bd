//! `file:` URIs and paths (RFC 8089, <https://www.rfc-editor.org/rfc/rfc8089>): the protocol
//! names documents and workspace folders by URI, discovery and the config by path. Only
//! `file:` URIs name a path; an editor's unsaved buffer (`untitled:`) names none.

use std::path::{Path, PathBuf};

/// The path a `file:` URI names (`file:///home/a%20b/x.md`, `file://localhost/...`, on
/// Windows `file:///C:/x.md`), or `None` for another scheme, a remote host, or a path that
/// is not absolute.
pub(crate) fn to_path(uri: &str) -> Option<PathBuf> {
    let rest = strip_prefix_ignore_case(uri, "file://")?;
    let rest = rest.split(['?', '#']).next().unwrap_or_default();
    let (host, path) = rest.split_at(rest.find('/')?);
    if !host.is_empty() && !host.eq_ignore_ascii_case("localhost") {
        return None;
    }
    let bytes = percent_decode(path)?;
    let path = path_of(bytes)?;
    path.is_absolute().then_some(path)
}

/// The `file:` URI of the absolute path `path`, each byte that is not unreserved (RFC 3986
/// §2.3) or `/` percent-encoded.
pub(crate) fn from_path(path: &Path) -> String {
    let mut s = String::from("file://");
    let text = path.to_string_lossy().replace('\\', "/");
    if !text.starts_with('/') {
        s.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            s.push(char::from(b));
        } else if b == b':' && cfg!(windows) {
            // The drive's colon (`C:`) stays as editors write it.
            s.push(':');
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}

fn strip_prefix_ignore_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// The bytes `%XX` escapes stand for; `None` for a malformed escape.
fn percent_decode(s: &str) -> Option<Vec<u8>> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

#[cfg(unix)]
fn path_of(bytes: Vec<u8>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

#[cfg(not(unix))]
fn path_of(bytes: Vec<u8>) -> Option<PathBuf> {
    // `/C:/x` is `C:/x`.
    let s = String::from_utf8(bytes).ok()?;
    let s = match s.as_bytes() {
        [b'/', d, b':', ..] if d.is_ascii_alphabetic() => &s[1..],
        _ => &s[..],
    };
    Some(PathBuf::from(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn file_uris_round_trip_through_paths() {
        let p = to_path("file:///home/a%20b/%C3%A9/AGENTS.md").unwrap();
        assert_eq!(p, Path::new("/home/a b/é/AGENTS.md"));
        assert_eq!(from_path(&p), "file:///home/a%20b/%C3%A9/AGENTS.md");
        assert_eq!(
            to_path("FILE://localhost/x/y.md#frag"),
            Some(PathBuf::from("/x/y.md"))
        );
    }

    #[test]
    fn other_uris_name_no_path() {
        for uri in [
            "untitled:Untitled-1",
            "file://server/share/x.md",
            "file:///x/%zz",
            "https://example.com/AGENTS.md",
            "file:",
        ] {
            assert_eq!(to_path(uri), None, "{uri}");
        }
    }
}
