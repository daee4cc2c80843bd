//! A request's system text and tools, and how they differ from the previous turn's.

use crate::parse::request::{Element, Jv, Layout, Section};
use crate::parse::segment::Role;

use super::classify::{common_prefix, context};
use super::model::PartChange;
use super::open::Open;

/// The system text and tool elements of a request: `(path, canonical bytes)` each. System
/// text is `system` / `instructions` / `systemInstruction`, and the system or developer
/// messages before an OpenAI Chat conversation's first other message.
pub(super) fn parts_of(lay: &Layout<'_, Jv>, lines: &[Vec<u8>]) -> [Vec<(String, Vec<u8>)>; 2] {
    let mut system = Vec::new();
    let mut tools = Vec::new();
    let mut leading = true;
    for (i, it) in lay.items.iter().enumerate() {
        let is_system = match it.section {
            Section::System => true,
            Section::Messages => {
                leading &= matches!(it.role, Role::System | Role::Developer);
                leading
            }
            _ => false,
        };
        if is_system || it.section == Section::Tools {
            if lines[i].is_empty() {
                continue;
            }
            let row = (it.path.clone(), lines[i].clone());
            if is_system {
                system.push(row);
            } else {
                tools.push(row);
            }
        }
    }
    [system, tools]
}

/// How this request's system text and tools differ from the previous turn's.
pub(super) fn part_changes(
    open: &Open,
    lay: &Layout<'_, Jv>,
    now: &[Vec<(String, Vec<u8>)>; 2],
) -> Vec<PartChange> {
    let index = |path: &str| lay.items.iter().position(|it| it.path == path);
    let mut out = Vec::new();
    for (i, name) in ["system", "tools"].into_iter().enumerate() {
        let (a, b) = (&open.parts[i], &now[i]);
        let n = a.len().max(b.len());
        for j in 0..n {
            let (was, cur) = (a.get(j), b.get(j));
            if was.map(|w| &w.1) == cur.map(|c| &c.1) {
                continue;
            }
            let lcp = match (was, cur) {
                (Some(w), Some(c)) => common_prefix(&w.1, &c.1),
                _ => 0,
            };
            let path = match cur.and_then(|c| index(&c.0)) {
                Some(i) => match lay.locate(Element::Item(i), lcp) {
                    (p, Some(off)) => format!("{p} +{off}"),
                    (p, None) => p,
                },
                None => cur.or(was).map(|r| r.0.clone()).unwrap_or_default(),
            };
            out.push(PartChange {
                part: name,
                path,
                was: was.map(|w| context(&w.1, lcp)).unwrap_or_default(),
                now: cur.map(|c| context(&c.1, lcp)).unwrap_or_default(),
            });
            break;
        }
    }
    out
}
