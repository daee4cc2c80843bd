//! The lowering stages after matching: a finding whose rule declares a kind of structural
//! evidence ([`Evidence`], the rule file's `context.lowered-by`) is lowered to the declared
//! severity when the structure around it holds that evidence, with a note naming it. The
//! stages read the declarations, never a rule's id, name or family. Each stage reads the
//! source and the parse; none adds a finding.

use std::ops::Range;

use crate::finding::Finding;
use crate::kind::FileKind;
use crate::parse::lines::{LINE_WINDOW, fence_language, in_inline_code, line_bounds};
use crate::parse::outline::Outline;
use crate::parse::{self, Parsed};
use crate::rules::context::block::{Place, Quoting};
use crate::rules::{Evidence, context};
use crate::source;

/// Lowers `f` to the severity its rule declares for `evidence`, with `why` as its context;
/// false (and `f` unchanged) when the rule declares no such lowering or `f` is already at or
/// below it.
fn lower(f: &mut Finding, evidence: Evidence, why: impl FnOnce() -> String) -> bool {
    match f.rule.context.lowers_to(evidence) {
        Some(to) if to < f.severity => {
            f.severity = to;
            f.context = Some(why());
            true
        }
        _ => false,
    }
}

/// True when `f`'s rule declares `evidence` and `f` is above the severity it lowers to: the
/// stage has something to judge.
fn judged(f: &Finding, evidence: Evidence) -> bool {
    f.rule
        .context
        .lowers_to(evidence)
        .is_some_and(|to| to < f.severity)
}

/// The program stages and the block stage of the directive model, for the findings whose
/// rules declare them: a URL in a program's code block ([`Evidence::ProgramCode`]), a prose
/// form in a program's string ([`Evidence::ProgramMessage`]), a command a print statement
/// writes out ([`Evidence::Printed`]), and quoted data its place shows as an example
/// ([`Evidence::Shown`], [`context::block`]), and in a program's source (`path` by its
/// extension) a string literal that holds one special token and nothing else (the program
/// names the token: `IM_START = "<|im_start|>"`). Hidden text and frontmatter are never
/// lowered.
pub(super) fn lower_shown(
    text: &str,
    parsed: &Parsed,
    (kind, path): (FileKind, &str),
    findings: &mut [Finding],
) {
    let program_source = parse::comments::Style::of(path).is_some();
    let mut outline = None;
    let place = Place::of(kind);
    for f in findings.iter_mut() {
        let Some(seg) = segment_at(parsed, f.span.start) else {
            continue;
        };
        if seg.role.is_hidden() || seg.role == parse::Role::Frontmatter {
            continue;
        }
        let fence = (seg.role == parse::Role::CodeFence).then(|| seg.range.clone());
        let lang = fence
            .as_ref()
            .and_then(|r| fence_language(&text[r.clone()]));
        if let Some(lang) = lang
            && lower(f, Evidence::ProgramCode, || {
                format!(
                    "in a `{}` code block: the program's own request, not an image or link the agent renders",
                    crate::escape::escape_one_line(lang)
                )
            })
        {
            continue;
        }
        let program = lang.filter(|l| is_program(l));
        if let Some(lang) = program
            && judged(f, Evidence::ProgramMessage)
            && starts_with_prose_verb(&text[f.span.clone()])
            && in_string_literal(text, f.span.clone())
            && lower(f, Evidence::ProgramMessage, || {
                format!(
                    "in a `{}` code block: the program's own words (a message or comment), not a command",
                    crate::escape::escape_one_line(lang)
                )
            })
        {
            continue;
        }
        if let (Some(lang), Some(fence)) = (program, &fence)
            && judged(f, Evidence::ProgramString)
            && in_string_literal(text, f.span.clone())
            && !EXECUTES.is_match(fence_body(&text[fence.clone()]))
            && lower(f, Evidence::ProgramString, || {
                format!(
                    "in a string literal of a `{}` code block that runs no command: the program's data",
                    crate::escape::escape_one_line(lang)
                )
            })
        {
            continue;
        }
        if judged(f, Evidence::Printed)
            && printed(text, f.span.clone())
            && lower(f, Evidence::Printed, || {
                "inside a string that `echo` or `print` writes out: a hint printed, not run".into()
            })
        {
            continue;
        }
        if !judged(f, Evidence::Shown) {
            continue;
        }
        if program_source
            && token_literal(text, f.span.clone())
            && lower(f, Evidence::Shown, || {
                "a string literal of the program that holds only the token: a name for it, no turn"
                    .into()
            })
        {
            continue;
        }
        let outline: &Outline = match &parsed.outline {
            Some(o) => o,
            // A prompt or skill resource read by another parser: its text as markdown.
            None => outline.get_or_insert_with(|| parse::markdown::outline(text)),
        };
        let quoting = match fence {
            Some(r) => Some(Quoting::Fence(r)),
            None => quoted_by(text, outline, f.span.clone()),
        };
        if let Some((cue, excerpt)) = quoting
            .clone()
            .and_then(|q| context::block::shown(text, outline, f.span.clone(), Some(q), place))
        {
            let q = quoting.as_ref().map_or("", Quoting::name);
            lower(f, Evidence::Shown, || {
                format!("in {q} {} {excerpt}", cue.reason())
            });
        }
    }
}

/// True when `span` is one special token (`<...>` or `[...]`, no space) and the whole of a
/// string literal: a quote before it, the same quote after it, then the end of the line or a
/// `,` `;` `)` `]` `}` or `.` (a method called on the literal). Text after the closing quote
/// on the line would be a turn the token could open.
fn token_literal(text: &str, span: Range<usize>) -> bool {
    let token = &text[span.clone()];
    let shaped = (token.starts_with('<') && token.ends_with('>'))
        || (token.starts_with('[') && token.ends_with(']'));
    if !shaped || token.chars().any(char::is_whitespace) {
        return false;
    }
    let (before, after) = (&text[..span.start], &text[span.end..]);
    let Some(q) = before
        .chars()
        .next_back()
        .filter(|c| matches!(c, '"' | '\'' | '`'))
    else {
        return false;
    };
    let Some(rest) = after.strip_prefix(q) else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    rest.is_empty() || rest.starts_with(['\n', '\r', ',', ';', ')', ']', '}', '.'])
}

/// The structure that quotes the match at `span` outside a fenced block: inline code, a
/// table cell, a blockquote line; `None` for plain text.
fn quoted_by(text: &str, outline: &Outline, span: Range<usize>) -> Option<Quoting> {
    // The outer structure first: inline code inside a blockquote is quoted with it.
    if outline.in_quote(span.start) {
        Some(Quoting::Blockquote)
    } else if in_inline_code(text, span.clone()) {
        Some(Quoting::InlineCode)
    } else if outline.table_at(span.start).is_some() {
        Some(Quoting::TableCell)
    } else if context::list_lead_in(text, span.start).is_some() {
        Some(Quoting::ListItem)
    } else {
        None
    }
}

/// Settings keys whose list forbids or gates what it names: Claude Code's
/// `permissions.deny` and `permissions.ask`
/// (<https://docs.anthropic.com/en/docs/claude-code/settings#permission-settings>), Gemini
/// CLI's `tools.exclude` / `excludeTools`
/// (<https://github.com/google-gemini/gemini-cli/blob/main/docs/get-started/configuration.md>),
/// and the generic deny/block list names other agents use.
const DENYING_KEYS: [&str; 8] = [
    "deny",
    "ask",
    "exclude",
    "excludetools",
    "disallowedtools",
    "blocked",
    "blocklist",
    "denylist",
];

/// A directive finding inside a settings value whose key forbids it (`permissions.deny`:
/// `Bash(rm -rf /)`) is the user's guard, not a command: lowered to a note naming the key.
pub(super) fn lower_denied(settings: &parse::Settings, findings: &mut [Finding]) {
    for f in findings.iter_mut() {
        if !judged(f, Evidence::DeniedSetting) {
            continue;
        }
        // A key whose value is the decision (opencode `{"rm -rf *": "deny"}`): the parse
        // stage read it with the agent's permission model (`Settings::guards`).
        if let Some((_, i)) = settings
            .guards
            .iter()
            .find(|(key, _)| key.start <= f.span.start && f.span.end <= key.end)
            && let Some(s) = settings.values.get(*i)
        {
            lower(f, Evidence::DeniedSetting, || {
                let decision = crate::escape::escape_one_line(s.as_str().unwrap_or("false"));
                format!(
                    "set to `{decision}` at `{}`, which forbids or gates it",
                    s.path
                )
            });
            continue;
        }
        let Some(s) = settings
            .values
            .iter()
            .find(|s| s.span.start <= f.span.start && f.span.end <= s.span.end)
        else {
            continue;
        };
        let denying = s
            .keys
            .split('.')
            .any(|k| DENYING_KEYS.contains(&k.to_ascii_lowercase().as_str()));
        if denying {
            lower(f, Evidence::DeniedSetting, || {
                format!("listed in `{}`, which forbids or gates it", s.path)
            });
        }
    }
}

/// Names of the invisible code points the Unicode rules find, as documentation writes them:
/// a quoted specimen in a line that names its class is a demonstration.
static INVISIBLE_NAME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(concat!(
        r"(?i)zero[\s-]?width|\bzw(?:sp|nj|j|nbsp)\b|u\+(?:200[b-f]|202[a-e]|206[0-9a-f]|feff|e00[0-7][0-9a-f])|",
        r"\bbidi|right[\s-]to[\s-]left\s+override|\b(?:rlo|lro|rli|lri|pdi|pdf)\b|tag\s+characters?|",
        r"word\s+joiner|soft\s+hyphen|invisible\s+(?:characters?|code\s+points?)",
    ))
    .expect("static regex")
});

/// Words that name a lookalike-letter trick: homograph, homoglyph, confusable, lookalike,
/// mixed script, IDN, punycode, or the script a lookalike is taken from.
static LOOKALIKE_NAME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(concat!(
        r"(?i)\b(?:homograph|homoglyph|confusables?|look[\s-]?alikes?|mixed[\s-]script|idn|punycode|",
        r"spoof(?:ed|ing)?|cyrillic|greek|unicode\s+(?:lookalike|trick|spoof))",
    ))
    .expect("static regex")
});

/// Commands that fetch or install from the address a lookalike specimen may hold.
static LOOKALIKE_RUN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(concat!(
        r"(?i)\b(?:install|clone|curl|wget|fetch|download|pip|pip3|npm|npx|pnpm|yarn|uvx|uv|cargo|",
        r"go\s+get|docker\s+pull|git\s+remote|iwr|invoke-webrequest|import|require|source|run|",
        r"execute|exec|call|invoke|open|visit|login|log\s+in|sign\s+in)\b",
    ))
    .expect("static regex")
});

/// The nearest non-blank line above the line starting at `line_start`, within two lines and
/// at most [`LINE_WINDOW`] bytes; empty when there is none.
fn previous_line(text: &str, line_start: usize) -> &str {
    let floor = source::floor_char_boundary(text, line_start.saturating_sub(LINE_WINDOW));
    text[floor..line_start]
        .lines()
        .rev()
        .take(2)
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
}

/// A finding of an invisible-character rule whose code point sits between quotation marks or
/// backticks on a line that names the class ("e.g. \"ig<ZWSP>nore\" with a zero-width space")
/// is a specimen a document shows: lowered to a note. So is a lookalike-letter finding
/// (PL207, PL209) quoted on a line, or under a label line, that names the trick ("IDN
/// homograph", "Cyrillic lookalike"). The code point is still reported, and `--fix` still
/// removes it.
pub(super) fn lower_demonstrated(text: &str, findings: &mut [Finding]) {
    for f in findings.iter_mut() {
        // The words that name the rule's trick, and whether a command on the line that uses
        // the specimen (a lookalike host to install from) makes it no specimen.
        let (evidence, names, in_command): (Evidence, &regex::Regex, bool) =
            if judged(f, Evidence::InvisibleSpecimen) {
                (Evidence::InvisibleSpecimen, &INVISIBLE_NAME, false)
            } else if judged(f, Evidence::LookalikeSpecimen) {
                (Evidence::LookalikeSpecimen, &LOOKALIKE_NAME, true)
            } else {
                continue;
            };
        let (start, end) = line_bounds(text, f.span.clone());
        let (before, after) = (&text[start..f.span.start], &text[f.span.end.min(end)..end]);
        let quoted = |open: char, close: char| {
            before
                .rfind(open)
                .is_some_and(|o| before.rfind(close).is_none_or(|c| c <= o))
                && after.contains(close)
        };
        let straight = |q: char| before.matches(q).count() % 2 == 1 && after.contains(q);
        let in_quotes = straight('"') || straight('`') || quoted('“', '”') || quoted('「', '」');
        // The line, or the label or comment line right above it ("# 7. IDN homograph").
        let above = previous_line(text, start);
        // A specimen inside a command the line runs (install, clone, fetch) is no specimen.
        let runs = in_command && LOOKALIKE_RUN.is_match(&text[start..end]);
        if in_quotes && !runs && (names.is_match(&text[start..end]) || names.is_match(above)) {
            lower(f, evidence, || {
                "a quoted specimen on a line that names the character class".into()
            });
        }
    }
}

/// Print statements of shells and languages, right before the quote that opens the string
/// (an f-string's `f` allowed).
static PRINT_OPEN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(concat!(
        r#"(?i)(?:^|[\s;&|(])(?:echo(?:\s+-[ne]+)*|printf|print|println!?|puts|say|write-host|"#,
        r#"console\.(?:log|error|warn|info)|logger\.(?:info|warn|warning|error)|log)\s*\(?\s*f?["'`]"#,
    ))
    .expect("static regex")
});

/// What may follow a printed string on its line: the call's closing parenthesis, a `;`, a
/// `fi`/`done`, a comment. Anything else (`| sh`, `>> ~/.zshrc`, `| crontab -`) may run it.
static PRINT_TAIL: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"^\s*\)?\s*;?\s*(?:fi|done)?\s*(?:(?:#|//).*)?$").expect("static regex")
});

/// What may come before a print statement on its line: nothing, or a shell keyword or
/// separator that starts a new command (`then`, `else`, `do`, `&&`, `||`, `;`, `{`).
static PRINT_HEAD: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?:^|(?:^|\s)(?:then|else|do)|&&|\|\||;|\{)\s*$").expect("static regex")
});

/// True when the match at `span` sits inside a string that a print statement opens before it
/// and closes after it on its line, with nothing before the statement but a new command's
/// start and nothing after the string but its end (`echo "Install: curl -fsSL
/// https://x/install.sh | sh"`). A `$(` or backtick inside the string runs, so it is never
/// a print; nor is a string piped, redirected or substituted on.
fn printed(text: &str, span: Range<usize>) -> bool {
    let (start, end) = line_bounds(text, span.clone());
    let before = &text[start..span.start];
    let Some(open) = PRINT_OPEN.find_iter(before).last() else {
        return false;
    };
    let quote = before[..open.end()].chars().next_back().unwrap_or('"');
    let head = before[..open.start()].trim_end_matches(['(', ' ', '\t']);
    if !PRINT_HEAD.is_match(head) {
        return false;
    }
    // The match may take the closing quote with it (`... | sh"`).
    let inside = &before[open.end()..];
    let matched = &text[span.clone()];
    let body = matched.strip_suffix(quote).unwrap_or(matched);
    if [inside, body]
        .iter()
        .any(|t| t.contains(quote) || t.contains("$(") || (quote != '`' && t.contains('`')))
    {
        return false;
    }
    let tail = if body.len() < matched.len() {
        &text[span.end.min(end)..end]
    } else {
        let after = &text[span.end.min(end)..end];
        let Some(close) = after.find(quote) else {
            return false;
        };
        &after[close + 1..]
    };
    PRINT_TAIL.is_match(tail)
}

/// True when `matched` opens with an English verb of PL304's prose form (a word and a
/// space), not a command name such as `cat` or `base64`.
fn starts_with_prose_verb(matched: &str) -> bool {
    let word: String = matched
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    matched[word.len()..].starts_with(' ')
        && matches!(
            word.trim_end_matches("ing"),
            "read"
                | "print"
                | "dump"
                | "display"
                | "output"
                | "show"
                | "paste"
                | "past"
                | "send"
                | "upload"
                | "exfiltrate"
                | "exfiltrat"
                | "share"
                | "shar"
                | "attach"
                | "collect"
                | "grab"
                | "grabb"
                | "steal"
                | "extract"
                | "leak"
        )
}

/// Info strings of fenced blocks that hold a program in a general-purpose language (not a
/// shell, not data such as YAML or JSON, not a diff): its strings are the program's messages.
fn is_program(lang: &str) -> bool {
    matches!(
        lang.to_ascii_lowercase().as_str(),
        "javascript"
            | "js"
            | "jsx"
            | "mjs"
            | "cjs"
            | "typescript"
            | "ts"
            | "tsx"
            | "python"
            | "py"
            | "rust"
            | "rs"
            | "go"
            | "golang"
            | "java"
            | "kotlin"
            | "kt"
            | "c"
            | "cpp"
            | "c++"
            | "csharp"
            | "cs"
            | "ruby"
            | "rb"
            | "php"
            | "swift"
            | "scala"
            | "dart"
            | "lua"
            | "perl"
            | "elixir"
            | "ex"
    )
}

/// Calls that run a string as a command or as code, in the languages [`is_program`] names:
/// a program holding one of them may run any string it holds, so its strings are no data.
static EXECUTES: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(concat!(
        r"(?i)(?:\b(?:os\.system|os\.popen|os\.exec[lv]p?e?|subprocess|popen|spawn|spawnsync|execsync|",
        r"execfile|exec_command|child_process|shell_exec|passthru|proc_open|runtime\.getruntime|",
        r"processbuilder|process\.start|command::new|std::process|exec\.command|invoke-expression|",
        r"iex|system|eval|exec|run|call|check_output|check_call|sh|bash)\s*[(!`]|\bshell\s*=\s*true|`[^`\n]*`)",
    ))
    .expect("static regex")
});

/// A fenced block's text without its opening and closing fence lines.
fn fence_body(fence: &str) -> &str {
    let body = fence.split_once('\n').map_or("", |(_, b)| b);
    body.trim_end().rsplit_once('\n').map_or(body, |(b, last)| {
        if last.trim_start().starts_with(['`', '~']) {
            b
        } else {
            body
        }
    })
}

/// True when `span` lies inside a string literal of its line: after an unclosed `"`, `'` or
/// `` ` `` that closes after it.
fn in_string_literal(text: &str, span: Range<usize>) -> bool {
    let (start, end) = line_bounds(text, span.clone());
    let before = &text[start..span.start];
    let after = &text[span.end.min(end)..end];
    ['"', '\'', '`']
        .iter()
        .any(|&q| before.matches(q).count() % 2 == 1 && after.contains(q))
}

/// The segment of `parsed` holding byte `at`.
fn segment_at(parsed: &Parsed, at: usize) -> Option<&parse::Segment> {
    let i = parsed.segments.partition_point(|s| s.range.start <= at);
    i.checked_sub(1).and_then(|i| parsed.segments.get(i))
}

/// The scope stage: a confirmation waiver whose scope the text states (safe listed actions,
/// a condition on the request's clarity, a pull request's gate, a workflow step with safe
/// commands) and that covers nothing risky is lowered to a note naming the scope. Hidden
/// text is never lowered.
pub(super) fn lower_scoped(text: &str, parsed: &Parsed, findings: &mut [Finding]) {
    for f in findings.iter_mut() {
        if !judged(f, Evidence::ScopedWaiver) {
            continue;
        }
        let Some(seg) = segment_at(parsed, f.span.start) else {
            continue;
        };
        if seg.role.is_hidden() {
            continue;
        }
        if let Some((scope, quoted)) = context::scope::waiver_scope(text, f.span.clone()) {
            lower(f, Evidence::ScopedWaiver, || {
                format!("{} {quoted}", scope.reason())
            });
        }
    }
}

/// The collapsed stage: a finding whose text is hidden only by a collapsed `<details>` block
/// ([`parse::Hiding::CollapsedDetails`], the outermost hidden channel that holds it), which a
/// reader opens with one click, is lowered for the rules that declare
/// [`Evidence::Collapsed`].
/// True when `f` sits in text a reader sees: no hidden span holds it, its segment is not a
/// hidden one, and no word at it is split letter by letter by zero-width characters
/// ([`crate::codepoints::split_letter_by_letter`], read 16 bytes around the span).
fn visible(text: &str, parsed: &Parsed, f: &Finding) -> bool {
    let lo = crate::source::floor_char_boundary(text, f.span.start.saturating_sub(16));
    let hi = crate::source::ceil_char_boundary(text, (f.span.end + 16).min(text.len()));
    parsed.hiding_at(&f.span).is_none()
        && segment_at(parsed, f.span.start).is_none_or(|s| !s.role.is_hidden())
        && !crate::codepoints::split_letter_by_letter(&text[lo..hi])
}

/// Lowers the findings of a project documentation file that sit in its visible text, for the
/// rules that declare [`Evidence::DocVisible`]; hidden text keeps its severity, and so does
/// text in the `addressed` sections, written to agents ([`super::addressed`]).
pub(super) fn lower_doc_visible(
    text: &str,
    parsed: &Parsed,
    addressed: &[Range<usize>],
    findings: &mut [Finding],
) {
    for f in findings.iter_mut() {
        if judged(f, Evidence::DocVisible)
            && visible(text, parsed, f)
            && !super::addressed::inside(addressed, &f.span)
        {
            lower(f, Evidence::DocVisible, || {
                "in the visible text of project documentation, which people read as well".to_owned()
            });
        }
    }
}

/// The page stage: a walk reads a Markdown or HTML page no convention names
/// ([`crate::target::Target::page`]) for what it hides. A finding in its visible text is
/// lowered to a note, whatever its rule, unless the rule is about code points a reader does
/// not see (it declares [`Evidence::InvisibleSpecimen`]): people read that text as the model
/// does, and such pages (release notes, templates, research notes) describe secrets,
/// script links and approvals in passing. Hidden text keeps its severity, and so does text
/// in the `addressed` sections, written to agents ([`super::addressed`]).
pub(super) fn lower_page_visible(
    text: &str,
    parsed: &Parsed,
    addressed: &[Range<usize>],
    findings: &mut [Finding],
) {
    for f in findings.iter_mut() {
        if f.severity > crate::severity::Severity::Note
            && !super::addressed::inside(addressed, &f.span)
            && f.rule
                .context
                .lowers_to(Evidence::InvisibleSpecimen)
                .is_none()
            && visible(text, parsed, f)
        {
            f.severity = crate::severity::Severity::Note;
            f.context = Some(
                "in the visible text of a page no agent loads by name, which people read as well"
                    .to_owned(),
            );
        }
    }
}

pub(super) fn lower_collapsed(parsed: &Parsed, findings: &mut [Finding]) {
    for f in findings.iter_mut() {
        if judged(f, Evidence::Collapsed)
            && parsed.hiding_at(&f.span) == Some(parse::Hiding::CollapsedDetails)
        {
            lower(f, Evidence::Collapsed, || {
                "in a collapsed `<details>` block, which a reader opens with one click".to_owned()
            });
        }
    }
}
