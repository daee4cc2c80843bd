//! The outline of a markdown document: its headings, the lines that state its subject, its
//! tables and its blockquotes. Built once per source by the markdown parser
//! ([`crate::parse::markdown`], in the same pass that finds fences and hidden text) and
//! carried in [`crate::parse::Parsed::outline`]; the lowering stages read it and never parse
//! markdown again.
//!
//! Fenced blocks are segments of their own ([`crate::parse::Role::CodeFence`]); a line
//! inside one, or inside an HTML comment or a hidden element, is never a heading, a table row
//! or a blockquote.

use std::ops::Range;

/// One ATX heading of a markdown source, outside fenced blocks and hidden text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// Byte offset of the heading line's start in the source.
    pub at: usize,
    /// 1 for `#`, up to 6.
    pub level: usize,
    /// The heading's text, without the `#` marks, trimmed, at most [`CUE_LINE_MAX`] bytes.
    pub text: Range<usize>,
}

/// The structure of a markdown source that the lowering stages read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    /// Every ATX heading, in source order.
    pub headings: Vec<Heading>,
    /// Byte ranges of the lines that state the file's subject: the frontmatter's `name:`,
    /// `description:` (and `title`, `domain`, `category`, `tags`) lines and the first
    /// level-1 heading.
    pub subject: Vec<Range<usize>>,
    /// Byte ranges of the tables: runs of consecutive lines that open with `|`, header row
    /// first, in source order.
    pub tables: Vec<Range<usize>>,
    /// Byte ranges of the blockquotes: runs of consecutive lines that open with `>`.
    pub quotes: Vec<Range<usize>>,
}

/// Longest heading or subject line read, in bytes: a cue is in the first words.
pub const CUE_LINE_MAX: usize = 300;

/// Frontmatter keys whose line states the file's subject.
const SUBJECT_KEYS: [&str; 7] = [
    "name",
    "description",
    "title",
    "domain",
    "subdomain",
    "category",
    "tags",
];

impl Outline {
    /// Records the subject lines of the frontmatter block `range` (its `---` lines included).
    pub(super) fn frontmatter(&mut self, source: &str, range: Range<usize>) {
        let mut p = range.start;
        while p < range.end {
            let end = source[p..range.end]
                .find('\n')
                .map_or(range.end, |i| p + i + 1);
            let line = source[p..end].trim_end();
            let key = line.split(':').next().unwrap_or("").trim();
            if SUBJECT_KEYS.contains(&key) {
                let len = crate::source::floor_char_boundary(line, line.len().min(CUE_LINE_MAX));
                self.subject.push(p..p + len);
            }
            p = end;
        }
    }

    /// Reads one line of the body (`pos`: its start; `line`: its text with its line break)
    /// that is outside fences and hidden text.
    pub(super) fn line(&mut self, source: &str, pos: usize, line: &str) {
        let t = line.trim_start_matches(' ');
        let indent = line.len() - t.len();
        if indent >= 4 {
            return;
        }
        let end = pos + line.len();
        match t.as_bytes().first() {
            Some(b'#') => self.heading(source, pos, indent, t, end),
            Some(b'|') => extend(&mut self.tables, pos, end),
            Some(b'>') => extend(&mut self.quotes, pos, end),
            _ => {}
        }
    }

    fn heading(&mut self, source: &str, pos: usize, indent: usize, t: &str, end: usize) {
        let level = t.bytes().take_while(|&b| b == b'#').count();
        if !(1..=6).contains(&level) || !t[level..].starts_with([' ', '\t', '\r', '\n']) {
            return;
        }
        let s = pos + indent + level;
        let inner = &source[s..end];
        let lead = inner.len() - inner.trim_start().len();
        let text = inner.trim();
        let len = crate::source::floor_char_boundary(text, text.len().min(CUE_LINE_MAX));
        let range = s + lead..s + lead + len;
        if level == 1 && !self.headings.iter().any(|h| h.level == 1) {
            self.subject.push(range.clone());
        }
        self.headings.push(Heading {
            at: pos,
            level,
            text: range,
        });
    }

    /// The headings whose section holds byte `at`, nearest first: the nearest heading
    /// above `at`, then each shallower one above it.
    pub fn chain(&self, at: usize) -> Vec<&Heading> {
        let i = self.headings.partition_point(|h| h.at <= at);
        let mut out: Vec<&Heading> = Vec::new();
        for h in self.headings[..i].iter().rev() {
            if out.last().is_none_or(|last| h.level < last.level) {
                out.push(h);
                if h.level == 1 {
                    break;
                }
            }
        }
        out
    }

    /// The table holding byte `at`, if any.
    pub fn table_at(&self, at: usize) -> Option<Range<usize>> {
        holding(&self.tables, at)
    }

    /// True when byte `at` is in a blockquote.
    pub fn in_quote(&self, at: usize) -> bool {
        holding(&self.quotes, at).is_some()
    }

    /// The blockquote holding byte `at`, if any.
    pub fn quote_at(&self, at: usize) -> Option<Range<usize>> {
        holding(&self.quotes, at)
    }
}

/// Adds the line `pos..end` to the last run of `runs` when it continues it, else starts one.
fn extend(runs: &mut Vec<Range<usize>>, pos: usize, end: usize) {
    match runs.last_mut() {
        Some(last) if last.end == pos => last.end = end,
        _ => runs.push(pos..end),
    }
}

/// The range of the sorted, disjoint `runs` holding `at`.
fn holding(runs: &[Range<usize>], at: usize) -> Option<Range<usize>> {
    let i = runs.partition_point(|r| r.start <= at);
    let r = runs.get(i.checked_sub(1)?)?;
    r.contains(&at).then(|| r.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Outline {
        fn of(source: &str) -> Outline {
            crate::parse::markdown::outline(source)
        }
    }

    #[test]
    fn headings_subject_tables_and_quotes_outside_fences() {
        let s = "---\nname: audit\ndescription: Security review of skills\n---\n# Title\n\n```sh\n# not a heading\n| not a table |\n```\n## Two\n| a | b |\n|---|---|\n| c | d |\n\n> quoted\n> more\n### Three\n<!--\n# hidden\n-->\n";
        let o = Outline::of(s);
        let texts: Vec<&str> = o.headings.iter().map(|h| &s[h.text.clone()]).collect();
        assert_eq!(texts, ["Title", "Two", "Three"]);
        let subject: Vec<&str> = o.subject.iter().map(|r| &s[r.clone()]).collect();
        assert_eq!(
            subject,
            [
                "name: audit",
                "description: Security review of skills",
                "Title"
            ]
        );
        let tables: Vec<&str> = o.tables.iter().map(|r| &s[r.clone()]).collect();
        assert_eq!(tables, ["| a | b |\n|---|---|\n| c | d |\n"]);
        let quotes: Vec<&str> = o.quotes.iter().map(|r| &s[r.clone()]).collect();
        assert_eq!(quotes, ["> quoted\n> more\n"]);
        let at = s.find("| c |").unwrap();
        assert_eq!(o.table_at(at), Some(o.tables[0].clone()));
        assert!(o.in_quote(s.find("more").unwrap()));
        assert!(!o.in_quote(s.find("Three").unwrap()));
        let at = s.find("### Three").unwrap() + 4;
        let chain: Vec<&str> = o.chain(at).iter().map(|h| &s[h.text.clone()]).collect();
        assert_eq!(chain, ["Three", "Two", "Title"]);
    }

    #[test]
    fn an_unclosed_frontmatter_states_no_subject() {
        let s = "---\nname: x\n# Title\n";
        let o = Outline::of(s);
        let subject: Vec<&str> = o.subject.iter().map(|r| &s[r.clone()]).collect();
        assert_eq!(subject, ["Title"]);
    }
}
