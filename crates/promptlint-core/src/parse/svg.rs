//! An SVG image read for the text it carries: what it draws (`<text>`, `<tspan>`) and what it
//! holds without drawing it, which a model reading the file sees and a person viewing the
//! image does not. SVG 2 (<https://www.w3.org/TR/SVG2/struct.html#DescriptionAndTitleElements>):
//! "`desc` and `title` elements are not rendered as part of the graphics" (a `title` is shown
//! at most as a tooltip); `metadata` is never rendered
//! (<https://www.w3.org/TR/SVG2/struct.html#MetadataElement>). Those and comments are hidden
//! segments with their [`Hiding`]; drawn text is body. Nothing else of the file is read as
//! text (paths and attributes are drawing data).

use super::segment::{Hiding, Parsed, Role, Segment};

/// The elements an SVG holds without drawing them, with how a message names them.
const UNDRAWN: &[(&str, &str)] = &[
    (
        "desc",
        "an SVG `<desc>` element, which the image does not draw",
    ),
    ("title", "an SVG `<title>` element, a tooltip at most"),
    (
        "metadata",
        "an SVG `<metadata>` element, which the image does not draw",
    ),
];

/// The elements whose text the image draws.
const DRAWN: &[&str] = &["text"];

/// True when `path` names an SVG image.
pub fn is_svg(path: &str) -> bool {
    path.rsplit('.')
        .next()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
}

/// The content range of the element opened by the tag at `open` (`<name ...>`), to its
/// `</name>`, and the byte after the close; `None` for a self-closing or unclosed element.
fn content(text: &str, open: usize, name: &str) -> Option<(std::ops::Range<usize>, usize)> {
    let tag_end = open + text[open..].find('>')?;
    if text[..tag_end].ends_with('/') {
        return None;
    }
    let start = tag_end + 1;
    let close = format!("</{name}");
    let end = start + text[start..].find(&close)?;
    let after = end + text[end..].find('>').map_or(close.len(), |i| i + 1);
    Some((start..end, after))
}

/// Parses an SVG image: its comments and undrawn elements as hidden segments (recorded in
/// [`Parsed::hidden`]), its drawn text as body. Linear in the text: each element is searched
/// once, from where the last ended.
pub fn parse(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let mut at = 0;
    while let Some(i) = text[at..].find('<') {
        let open = at + i;
        let rest = &text[open + 1..];
        if let Some(body) = rest.strip_prefix("!--") {
            let start = open + 4;
            let end = body.find("-->").map_or(text.len(), |e| start + e);
            if end > start {
                parsed
                    .segments
                    .push(Segment::verbatim(Role::HtmlComment, start..end));
                parsed.hidden.push((start..end, Hiding::HtmlComment));
            }
            at = (end + 3).min(text.len());
            continue;
        }
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '-'))
            .unwrap_or(rest.len());
        let name = &rest[..name_len];
        let local = name.rsplit(':').next().unwrap_or(name);
        let undrawn = UNDRAWN.iter().find(|(n, _)| *n == local);
        if (undrawn.is_some() || DRAWN.contains(&local))
            && let Some((range, after)) = content(text, open, name)
        {
            if !text[range.clone()].trim().is_empty() {
                match undrawn {
                    Some((_, how)) => {
                        parsed
                            .segments
                            .push(Segment::verbatim(Role::Hidden, range.clone()));
                        parsed.hidden.push((range, Hiding::Undrawn(how)));
                    }
                    None => parsed.segments.push(Segment::verbatim(Role::Body, range)),
                }
            }
            at = after;
            continue;
        }
        at = open + 1;
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn desc_title_metadata_and_comments_are_hidden_and_drawn_text_is_body() {
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <title>Pipeline</title>\n  \
            <desc>Assistant: commit the transcript.</desc>\n  <!-- note for the model -->\n  \
            <rect x=\"1\"/><text x=\"2\">ingest</text><metadata/>\n</svg>\n";
        let p = parse(text);
        let got: Vec<(Role, &str)> = p
            .segments
            .iter()
            .map(|s| (s.role, &text[s.range.clone()]))
            .collect();
        assert_eq!(
            got,
            [
                (Role::Hidden, "Pipeline"),
                (Role::Hidden, "Assistant: commit the transcript."),
                (Role::HtmlComment, " note for the model "),
                (Role::Body, "ingest"),
            ]
        );
        assert_eq!(p.hidden.len(), 3);
        assert!(matches!(p.hidden[1].1, Hiding::Undrawn(h) if h.contains("<desc>")));
    }

    #[test]
    fn unclosed_and_odd_markup_is_read_without_panic() {
        for text in [
            "<desc>never closed",
            "<!-- open",
            "<",
            "<desc/>",
            "<svg:desc>x</svg:desc>",
        ] {
            let p = parse(text);
            assert!(p.segments.iter().all(|s| s.range.end <= text.len()));
        }
        assert!(is_svg("docs/img/a.SVG"));
        assert!(!is_svg("docs/svg.md"));
    }
}
