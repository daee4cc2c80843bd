//! One turn's canonical prefix: its elements in cache order, their kinds and boundary hashes.

use sha2::{Digest, Sha256};

use crate::parse::Provider;
use crate::parse::request::{Element, Jv, Layout, Section};
use crate::parse::segment::Role;

use super::classify::{H, Kind};

pub(super) fn trunc(d: &[u8]) -> H {
    let mut h = [0u8; 16];
    h.copy_from_slice(&d[..16]);
    h
}

/// Where a chunk comes from.
#[derive(Debug, Clone, Copy)]
pub(super) enum From {
    /// An element of this request's layout.
    Element(Element),
    /// An item of the conversation a `previous_response_id` continues.
    Inherited,
}

/// One turn's prefix: its elements, kinds, boundary hashes.
pub(super) struct Prefix {
    pub(super) chunks: Vec<Vec<u8>>,
    pub(super) kinds: Vec<Kind>,
    pub(super) from: Vec<From>,
    /// `bounds[k]` = hash of the first k elements (`bounds[0]` = empty prefix).
    pub(super) bounds: Vec<H>,
    /// Byte offset where element k starts; `ends[k]` for k = len is the total.
    pub(super) ends: Vec<u64>,
    pub(super) sha: [u8; 32],
    pub(super) tools: Vec<H>,
    /// Boundaries (chunk counts) where this request writes cache entries: after each
    /// breakpoint, or at the end under automatic caching.
    pub(super) writes: Vec<usize>,
    /// Hashes of the conversation items (for a later `previous_response_id`).
    pub(super) items: Vec<H>,
}

fn kind_of(lay: &Layout<'_, Jv>, e: Element) -> Kind {
    match e {
        Element::Header => Kind::Header,
        Element::Params => Kind::Params,
        Element::Item(i) => Kind::Section(lay.items[i].section, lay.items[i].role),
    }
}

/// Each item's canonical line, written once per request.
pub(super) fn item_lines(lay: &Layout<'_, Jv>) -> Vec<Vec<u8>> {
    (0..lay.items.len())
        .map(|i| {
            let mut c = Vec::new();
            lay.write_item(i, &mut c, &mut |_, _| {});
            c
        })
        .collect()
}

/// The canonical bytes of element `e`.
fn element_bytes<'a>(lay: &'a Layout<'_, Jv>, lines: &'a [Vec<u8>], e: Element) -> &'a [u8] {
    match e {
        Element::Header => &lay.header,
        Element::Params => &lay.params,
        Element::Item(i) => &lines[i],
    }
}

/// The canonical prefix of `lay` (`lines`: its items' canonical lines); `inherited` are the canonical lines of the conversation a
/// `previous_response_id` continues, placed before this request's own messages.
pub(super) fn prefix_of(lay: &Layout<'_, Jv>, lines: &[Vec<u8>], inherited: &[&[u8]]) -> Prefix {
    let mut chunks = Vec::new();
    let mut kinds = Vec::new();
    let mut from = Vec::new();
    let mut writes = Vec::new();
    let mut items = Vec::new();
    let mut inherited_done = inherited.is_empty();
    let automatic = lay.boundary == crate::parse::segment::Boundary::Automatic;
    for e in lay.elements(lay.cached_end) {
        if !inherited_done
            && matches!(e, Element::Item(i) if lay.items[i].section == Section::Messages)
        {
            for c in inherited {
                items.push(trunc(&Sha256::digest(c)));
                chunks.push(c.to_vec());
                kinds.push(Kind::Section(Section::Messages, Role::Assistant));
                from.push(From::Inherited);
            }
            inherited_done = true;
        }
        let c = element_bytes(lay, lines, e);
        if let Element::Item(i) = e
            && !c.is_empty()
            && lay.items[i].section == Section::Messages
        {
            items.push(trunc(&Sha256::digest(c)));
        }
        if !c.is_empty() {
            chunks.push(c.to_vec());
            kinds.push(kind_of(lay, e));
            from.push(From::Element(e));
        }
        if let Element::Item(i) = e
            && lay.breakpoint_items.contains(&i)
        {
            writes.push(chunks.len());
        }
    }
    if !inherited_done {
        for c in inherited {
            items.push(trunc(&Sha256::digest(c)));
            chunks.push(c.to_vec());
            kinds.push(Kind::Section(Section::Messages, Role::Assistant));
            from.push(From::Inherited);
        }
    }
    if automatic
        || matches!(
            lay.provider,
            Provider::OpenAiChat | Provider::OpenAiResponses | Provider::Gemini
        )
    {
        writes.push(chunks.len());
    }
    writes.dedup();
    let mut hasher = Sha256::new();
    let mut bounds = vec![trunc(&Sha256::new().finalize())];
    let mut ends = vec![0u64];
    let mut tools = Vec::new();
    for (c, k) in chunks.iter().zip(&kinds) {
        hasher.update(c);
        bounds.push(trunc(&hasher.clone().finalize()));
        ends.push(ends.last().copied().unwrap_or(0) + c.len() as u64);
        if matches!(k, Kind::Section(Section::Tools, _)) {
            tools.push(trunc(&Sha256::digest(c)));
        }
    }
    let sha: [u8; 32] = hasher.finalize().into();
    Prefix {
        chunks,
        kinds,
        from,
        bounds,
        ends,
        sha,
        tools,
        writes,
        items,
    }
}
