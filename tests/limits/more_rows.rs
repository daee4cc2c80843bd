//! More rows of the README's limits table, in a child file (a file stays under 800 lines):
//! the hook's input (issue 33) and the scripts a walk follows from settings (issue 32), with
//! the hook's edge test.

use super::{Limit, common};

/// The hook's and the followed scripts' bounds, after the server's.
pub(super) fn rows() -> Vec<Limit> {
    let u = |n: usize| u64::try_from(n).expect("fits");
    vec![
        Limit {
            what: "one hook event on stdin (`promptlint hook`)",
            value: promptlint::hook::MAX_INPUT,
            unit: "bytes",
            set_by: "fixed",
            past: "malformed input: refused, or let through with a message, as `--on-error` says",
        },
        Limit {
            what: "scripts followed per settings or instruction file (`node scripts/x.js` in a hook or an npm install script, `sh scripts/x.sh` in AGENTS.md; edge: `src/discover/runs.rs`)",
            value: u(promptlint::discover::MAX_RUNS_PER_FILE),
            unit: "paths",
            set_by: "fixed",
            past: "the rest are not followed",
        },
        Limit {
            what: "scripts followed per folder walked",
            value: u(promptlint::discover::MAX_RUNS),
            unit: "files",
            set_by: "fixed",
            past: "the rest are not followed",
        },
        Limit {
            what: "settings or instruction file read for the scripts it runs",
            value: promptlint::discover::MAX_RUNS_READ,
            unit: "bytes",
            set_by: "fixed",
            past: "no script of it is followed",
        },
        Limit {
            what: "pages followed per instruction file that sends the agent to read them (\"Read `docs/setup.md` first\"; edge: `src/discover/read_paths.rs`)",
            value: u(promptlint::discover::MAX_READS_PER_FILE),
            unit: "paths",
            set_by: "fixed",
            past: "the rest are not followed: walked as pages",
        },
        Limit {
            what: "pages followed per folder walked",
            value: u(promptlint::discover::MAX_READS),
            unit: "files",
            set_by: "fixed",
            past: "the rest are not followed: walked as pages",
        },
        Limit {
            what: "pages followed of a folder an instruction file sends the agent to (the last by name)",
            value: u(promptlint::discover::MAX_FOLDER_PAGES),
            unit: "files",
            set_by: "fixed",
            past: "the earlier ones are walked as pages",
        },
        Limit {
            what: "hops from an instruction file through the pages it sends the agent to read (its pages, then the pages they link to)",
            value: u(promptlint::discover::MAX_HOPS),
            unit: "hops",
            set_by: "fixed",
            past: "a page linked further on is walked as a page",
        },
        Limit {
            what: "page read for the links it holds, once an instruction file sent the agent to it",
            value: promptlint::discover::MAX_LINKS_READ,
            unit: "bytes",
            set_by: "fixed",
            past: "its links are not followed",
        },
        Limit {
            what: "values of one JSON log record or memory entry searched for free text (edge: `discover::channels` tests)",
            value: u(promptlint::discover::MAX_PROSE_NODES),
            unit: "values",
            set_by: "fixed",
            past: "the record holds no free text",
        },
        Limit {
            what: "anchors (a notice to the model, a vocative, a tool order) judged per data string by `PL119` (edge: its unit tests)",
            value: u(promptlint::rules::native::pl119_order_in_data::MAX_ANCHORS),
            unit: "anchors",
            set_by: "fixed",
            past: "the rest of the string's anchors are not judged",
        },
        Limit {
            what: "variables given a credential file or secret per text segment that `PL325` follows to their uses (`$NAME`; edge: its unit tests)",
            value: u(promptlint::rules::native::pl325_secret_handed_out::MAX_ALIASES),
            unit: "variables",
            set_by: "fixed",
            past: "a later variable's uses are not read as the secret",
        },
        Limit {
            what: "JSON file named for MCP read to tell an MCP config (`mcp_config.json`)",
            value: promptlint::discover::MAX_MCP_CONFIG_SNIFF,
            unit: "bytes",
            set_by: "fixed",
            past: "not read as an MCP config",
        },
        Limit {
            what: "start of a walked `.json` file searched for the marker of an MCP message or tool listing (`\"jsonrpc\"`, `\"tools\"`; edge: `discover::shapes` tests)",
            value: promptlint::discover::MAX_SHAPE_SNIFF,
            unit: "bytes",
            set_by: "fixed",
            past: "a marker further in is not looked for: the file is not read as an MCP message or tool listing unless its folder or name says it is a recording",
        },
        Limit {
            what: "`.pth` file read for a line Python executes",
            value: promptlint::discover::MAX_PTH_SNIFF,
            unit: "bytes",
            set_by: "fixed",
            past: "a later `import` line does not make it a script",
        },
        Limit {
            what: "start of a walked `.txt` file searched for a terminal escape sequence (ESC `[` or ESC `]`)",
            value: promptlint::discover::MAX_TERMINAL_SNIFF,
            unit: "bytes",
            set_by: "fixed",
            past: "an escape further in is not looked for: the file is not read",
        },
        Limit {
            what: "commands read from one Makefile (recipe lines)",
            value: u(promptlint::parse::settings::MAX_MAKE_RECIPES),
            unit: "lines",
            set_by: "fixed",
            past: "the rest are not read",
        },
        Limit {
            what: "commands read from one `package.json` (its `scripts`)",
            value: u(promptlint::parse::settings::MAX_PACKAGE_SCRIPTS),
            unit: "scripts",
            set_by: "fixed",
            past: "the rest are not read",
        },
        Limit {
            what: "searches again after a pattern match refused for crossing a sentence or list item (edge: `rules::pattern` tests)",
            value: u(promptlint::rules::pattern::MAX_RETRIES),
            unit: "searches",
            set_by: "fixed",
            past: "no further match is looked for inside that one",
        },
    ]
}

#[test]
fn a_hook_event_at_the_limit_is_read_and_one_byte_more_is_refused() {
    let max = usize::try_from(promptlint::hook::MAX_INPUT).unwrap();
    let event = |n: usize| {
        let (head, tail) = (
            "{\"hook_event_name\":\"Notification\",\"message\":\"",
            "\"}",
        );
        format!("{head}{}{tail}", "x".repeat(n - head.len() - tail.len()))
    };
    let run = |text: String| {
        common::run(
            common::promptlint()
                .args(["hook", "claude-code"])
                .write_stdin(text),
        )
    };
    let at = run(event(max));
    assert_eq!(
        (at.code, at.stdout.as_str(), at.stderr.as_str()),
        (Some(0), "", "")
    );
    let over = run(event(max + 1));
    assert_eq!(over.code, Some(2));
    assert_eq!(
        over.stderr,
        "promptlint: the hook event on stdin is over 16 MiB; refused (--on-error deny)\n"
    );
}
