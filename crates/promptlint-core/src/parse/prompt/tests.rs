//! Prompt parsing: zones, markers, frontmatter, role sections and placeholders.

use super::*;

fn zones<'a>(text: &'a str, path: &str) -> Vec<(Role, Zone, &'a str)> {
    let p = parse(text, path, &ParseOptions::default());
    p.segments
        .iter()
        .map(|s| (s.role, s.zone, &text[s.range.clone()]))
        .collect()
}

#[test]
fn marker_splits_static_from_dynamic() {
    let t = "You are X.\n<SYSTEM_PROMPT_DYNAMIC_BOUNDARY/>\ncwd: /tmp\n";
    assert_eq!(
        zones(t, "system.txt"),
        vec![
            (Role::Body, Zone::Static, "You are X.\n"),
            (
                Role::Body,
                Zone::Dynamic,
                "<SYSTEM_PROMPT_DYNAMIC_BOUNDARY/>\ncwd: /tmp\n"
            ),
        ]
    );
    let p = parse(t, "system.txt", &ParseOptions::default());
    let l = &p.cache[0];
    assert_eq!(l.boundary, Boundary::Marker);
    assert_eq!(l.prefix_bytes, 11);
    assert_eq!(l.markers, vec![11..45]);
}

#[test]
fn marker_wrappings_and_extra_markers() {
    for line in [
        "SYSTEM_PROMPT_DYNAMIC_BOUNDARY",
        "<SYSTEM_PROMPT_DYNAMIC_BOUNDARY/>",
        "<SYSTEM_PROMPT_DYNAMIC_BOUNDARY>",
        "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__",
        "{{ SYSTEM_PROMPT_DYNAMIC_BOUNDARY }}",
        "<!-- SYSTEM_PROMPT_DYNAMIC_BOUNDARY -->",
        "## SYSTEM_PROMPT_DYNAMIC_BOUNDARY",
        "[SYSTEM_PROMPT_DYNAMIC_BOUNDARY]",
    ] {
        assert!(is_marker_line(line, DEFAULT_MARKER), "{line}");
    }
    assert!(!is_marker_line(
        "put SYSTEM_PROMPT_DYNAMIC_BOUNDARY here",
        DEFAULT_MARKER
    ));
    let t = "a\n--- cache-break ---\nb\n";
    assert!(marker_lines(t, &[]).is_empty());
    assert_eq!(marker_lines(t, &["cache-break".to_owned()]), vec![2..22]);
}

#[test]
fn frontmatter_is_static_and_not_in_the_prefix() {
    let t = "---\nmodel: x\n---\nYou are X.\n";
    let p = parse(t, "a.prompt", &ParseOptions::default());
    assert_eq!(p.segments[0].role, Role::Frontmatter);
    assert_eq!(p.cache[0].pieces[0].source, 17..t.len());
    assert_eq!(p.cache[0].boundary, Boundary::Implicit);
}

#[test]
fn leading_block_is_frontmatter_only_where_its_tool_strips_it() {
    let fm = |text: &str, path: &str| {
        let end = crate::parse::markdown::frontmatter_end(text).expect("a closed block");
        frontmatter_is_stripped(text, end, path)
    };
    // Prompty and Dotprompt: configuration, stripped.
    let prompty = "---\nname: Basic\ndescription: A prompt\nmodel:\n  api: chat\ninputs:\n  question:\n    type: string\nsample:\n  question: hi\n---\nsystem:\nBe brief.\n";
    assert!(fm(prompty, "chat.prompty"));
    let dotprompt = "---\nmodel: googleai/gemini-2.5-flash\nconfig:\n  temperature: 0.7\ninput:\n  schema:\n    name: string\noutput:\n  format: json\nmyext.flag: true\n---\nHello {{name}}\n";
    assert!(fm(dotprompt, "greet.prompt"));
    assert!(fm("---\n# nothing set\n---\nHello\n", "greet.prompt"));
    // A namespaced key is an extension only in Dotprompt.
    assert!(!fm("---\nmyext.flag: true\n---\nHi\n", "chat.prompty"));
    // Cursor rules and the agents' markdown files.
    assert!(fm(
        "---\ndescription: Style\nglobs: \"*.ts\"\nalwaysApply: false\n---\nUse tabs.\n",
        "prompts/style.mdc"
    ));
    assert!(fm(
        "---\ndescription: Review a PR\nagent: agent\ntools: [\"search\"]\n---\nReview.\n",
        ".github/prompts/review.prompt.md"
    ));
    assert!(fm(
        "---\nname: pdf\ndescription: Read PDFs\nallowed-tools: Read\n---\nRead.\n",
        "prompts/pdf.md"
    ));
    // Keys of no known format, a key of another format, YAML that does not parse, a file
    // kind whose tool sends the whole file: prompt text.
    let clock = "---\nCurrent time: {{now}}\n---\nYou are Harbor.\n";
    assert!(!fm(clock, "prompts/system.md"));
    assert!(!fm(clock, "chat.prompty"));
    assert!(!fm(clock, "prompts/system.txt"));
    assert!(!fm("---\nglobs: \"*.ts\"\n---\nx\n", "prompts/a.md"));
    assert!(!fm("---\nname: [unclosed\n---\nx\n", "chat.prompty"));
    assert!(!fm("---\nname: x\n---\nx\n", "prompts/system.txt"));
    assert!(!fm("---\nname: x\n---\nx\n", "prompts/system.j2"));
    assert!(!fm("---\n- a list\n---\nx\n", "greet.prompt"));
}

#[test]
fn a_block_its_tool_sends_is_prompt_text() {
    let t = "---\nCurrent time: {{now}}\n---\nYou are Harbor.\n";
    assert_eq!(
        zones(t, "prompts/system.txt"),
        vec![(Role::Body, Zone::Static, t)]
    );
    assert_eq!(
        zones(t, "prompts/system.md"),
        vec![(Role::Body, Zone::Static, t)]
    );
    let p = parse(t, "prompts/system.md", &ParseOptions::default());
    assert_eq!(p.cache[0].pieces[0].source, 0..t.len());
    assert_eq!(p.cache[0].prefix_bytes, t.len());
    // A fence inside the block is a fence once the block is text.
    let t = "---\n```\nx\n```\n---\nBody\n";
    assert_eq!(
        zones(t, "prompts/a.md"),
        vec![
            (Role::Body, Zone::Static, "---\n"),
            (Role::CodeFence, Zone::Static, "```\nx\n```\n"),
            (Role::Body, Zone::Static, "---\nBody\n"),
        ]
    );
    // An agent's markdown frontmatter stays frontmatter.
    let t = "---\nname: review\ndescription: Review code\n---\nReview {{diff}}\n";
    assert_eq!(
        zones(t, "prompts/review.md"),
        vec![
            (
                Role::Frontmatter,
                Zone::Static,
                "---\nname: review\ndescription: Review code\n---\n"
            ),
            (Role::Body, Zone::Static, "Review {{diff}}\n"),
        ]
    );
}

#[test]
fn prompty_user_section_is_dynamic() {
    let t = "---\nname: x\n---\nsystem:\nYou are X.\n\nuser:\n{{question}}\n";
    let z = zones(t, "chat.prompty");
    assert_eq!(
        z[1],
        (Role::System, Zone::Static, "system:\nYou are X.\n\n")
    );
    assert_eq!(z[2], (Role::User, Zone::Dynamic, "user:\n{{question}}\n"));
    let t = "{{role \"system\"}}\nBe brief.\n{{role \"user\"}}\n{{q}}\n";
    let z = zones(t, "a.prompt");
    assert_eq!(z[1].0, Role::User);
    assert_eq!(z[1].1, Zone::Dynamic);
}

#[test]
fn placeholders_in_every_syntax() {
    let t = "{{ now() }} {{.WorkingDir}} {% set t = time.time() %} ${sessionId} {cwd} {{!-- c --}} ${{ secrets.X_UUID }} <%= @date %> {{ user.name | upper }} {{ items | random }} {{ \"now\"|date(\"Y\") }}";
    let ps = placeholders(t, 10, true);
    let names: Vec<_> = ps.iter().map(|p| p.names.clone()).collect();
    assert_eq!(
        names,
        vec![
            vec![vec!["now".to_owned()]],
            vec![vec!["WorkingDir".to_owned()]],
            vec![
                vec!["t".to_owned()],
                vec!["time".to_owned(), "time".to_owned()]
            ],
            vec![vec!["sessionId".to_owned()]],
            vec![vec!["cwd".to_owned()]],
            vec![vec!["date".to_owned()]],
            vec![vec!["user".to_owned(), "name".to_owned()]],
            vec![vec!["random".to_owned()], vec!["items".to_owned()]],
            vec![vec!["now".to_owned()]],
        ]
    );
    assert_eq!(ps[0].span, 10..21);
    assert_eq!(
        &t[ps[1].span.start - 10..ps[1].span.end - 10],
        "{{.WorkingDir}}"
    );
}

#[test]
fn single_braces_only_when_asked_and_not_json() {
    assert!(placeholders("{date}", 0, false).is_empty());
    assert_eq!(
        placeholders("at {now:%H:%M}", 0, true)[0].names,
        vec![vec!["now".to_owned()]]
    );
    assert!(placeholders("{\"a\": 1} {} {{x}", 0, true).is_empty());
}
