//! The pattern rules' unit tests: builds, trials, the gate and the build-time table.

use std::borrow::Cow;
use std::sync::atomic::Ordering;

use regex::Regex;

use super::build::{Engine, build, parse};
use super::compiled::{
    Full, LIGHT_REGEX_BYTES, LIGHT_RUN_BYTES, PLAIN, PREFILTERED, Picked, TRIAL_BYTES, TRIAL_WITH,
    TRIAL_WITHOUT, Tiered, slow_prefilter,
};
use super::gate::{Gate, built_sets, gate_literal_sets};
use super::*;
use crate::rules::literals::required_literals;
use crate::rules::literals::{
    NONWORD_AFTER, NONWORD_BEFORE, SPACE_AFTER, SPACE_BEFORE, START_ASCII_BOUNDARY, START_BOUNDARY,
};
use crate::rules::literals::{Site, required_literal_sets, spells_upper_case};

#[test]
fn upper_case_letters_outside_escapes_switch_folding_on() {
    assert!(!spells_upper_case(r"ignore\s+\S+\W\B\p{Lu}\P{Greek}\pL"));
    assert!(spells_upper_case(r"\s+Ignore"));
    assert!(spells_upper_case("ÜBER"));
    assert!(
        compile("Ignore previous")
            .unwrap()
            .is_match("ignore previous")
    );
    // Lower-case patterns match the lower-case view as they are.
    assert!(
        compile(r"\S+ previous")
            .unwrap()
            .is_match("ignore previous")
    );
    assert!(!compile("ignore").unwrap().is_match("IGNORE"));
}

#[test]
fn light_and_full_builds_find_the_same_matches() {
    let src = r"(?-u:\b)ignore\s+(?:all\s+)?previous\s+\w+";
    let text = "please ignore previous rules; ignore all previous instructions. ignore  previous";
    let spans = |engine| -> Vec<Range<usize>> {
        build(src, engine)
            .expect("builds")
            .find_iter(text)
            .map(|m| m.range())
            .collect()
    };
    assert_eq!(spans(Engine::Light), vec![7..28, 30..62]);
    assert_eq!(spans(Engine::Full), vec![7..28, 30..62]);
    // A regex that does not build fails with the regex crate's words, either way.
    let bad = r"ignore (previous";
    let message = compile(bad).expect_err("unclosed group");
    assert!(message.contains("unclosed group"), "{message}");
    assert_eq!(build(bad, Engine::Light).expect_err("fails"), message);
    assert_eq!(build(bad, Engine::Full).expect_err("fails"), message);
}

#[test]
fn a_regex_searches_light_until_it_has_searched_enough() {
    let c = Compiled {
        regex: vec![Tiered::default()],
        sources: vec![r"ignore\s+previous".to_owned()],
        unless: OnceLock::new(),
        unless_sources: Vec::new(),
    };
    let t = &c.regex[0];
    // A handle is light unless it is the full build.
    let light = |p: &Picked| {
        !matches!(t.full.get(), Some(Ok(f))
            if f.slot(0).as_ref().is_some_and(|b| Arc::ptr_eq(b, &p.regex)))
    };
    // A text longer than a light build searches, or a set that has scanned a tree's
    // worth, builds the full one for a regex not built yet.
    assert_eq!(t.engine(LIGHT_REGEX_BYTES + 1, 0), Engine::Full);
    assert_eq!(t.engine(100, LIGHT_RUN_BYTES + 1), Engine::Full);
    // Early in a run: light, and the bytes asked of it add up.
    let re = c.regex(0, 4000, 0).expect("builds");
    assert!(light(&re));
    assert!(t.full.get().is_none());
    let again = c.regex(0, 4000, LIGHT_RUN_BYTES + 1).expect("builds");
    assert!(light(&again));
    assert_eq!(t.searched.load(Ordering::Relaxed), 8000);
    // Past LIGHT_REGEX_BYTES it gives way to the full build, for good, and the light one
    // is dropped once no search holds it.
    let full = c.regex(0, 4000, 0).expect("builds");
    assert!(!light(&full));
    assert!(t.light().is_none());
    assert!(!light(&c.regex(0, 10, 0).expect("builds")));
    assert_eq!(t.searched.load(Ordering::Relaxed), 8000);
    // The handles search alike.
    let text = "so ignore  previous notes";
    let spans = |p: &Picked| {
        p.regex
            .find_iter(text)
            .map(|m| m.range())
            .collect::<Vec<_>>()
    };
    assert_eq!(spans(&re), vec![3..19]);
    assert_eq!(spans(&re), spans(&full));
    // `ignore` makes a fast prefilter: no trial, nothing timed.
    assert_eq!(full.timed, None);
    drop((re, again));
}

#[test]
fn a_slow_prefilter_is_timed_against_none_and_the_slower_build_dropped() {
    // `nl` and `od` are two bytes long: regex-automata calls the prefilter not fast.
    let src = r"(?-u:\b)(?:cat|nl|od|head)\s+\.env";
    let slow = |src: &str| slow_prefilter(&parse(src).expect("parses"));
    assert!(slow(src));
    assert!(!slow(r"(?-u:\b)(?:cat|head)\s+\.env"));
    assert!(!slow(r"\s+\.env"), "no prefix prefilter at all");
    let text = "see: nl  .env, od .envrc, and cat.env";
    let spans =
        |p: &Picked| -> Vec<Range<usize>> { p.regex.find_iter(text).map(|m| m.range()).collect() };
    for plain_wins in [true, false] {
        let full = Full::new(src).expect("builds");
        // The prefiltered build searches first, timed as build 0.
        let first = full.pick();
        assert_eq!(first.timed, Some(0));
        assert_eq!(spans(&first), vec![5..13, 15..22]);
        full.record(src, 0, 1000, TRIAL_BYTES - 1);
        assert_eq!(full.stage.load(Ordering::Relaxed), TRIAL_WITH);
        // 256 KiB at 3 ns a byte (1000 + 786,431 ns): the build without goes on trial.
        full.record(src, 0, 786_431, 1);
        assert_eq!(full.stage.load(Ordering::Relaxed), TRIAL_WITHOUT);
        let second = full.pick();
        assert_eq!(second.timed, Some(1));
        assert!(!Arc::ptr_eq(&first.regex, &second.regex));
        assert_eq!(spans(&second), spans(&first));
        // It searches 256 KiB at 2 or 4 ns a byte: the slower build is dropped.
        let nanos = if plain_wins { 2 } else { 4 } * TRIAL_BYTES as u64;
        full.record(src, 1, nanos, TRIAL_BYTES);
        let (stage, winner, loser) = if plain_wins {
            (PLAIN, &second, 0)
        } else {
            (PREFILTERED, &first, 1)
        };
        assert_eq!(full.stage.load(Ordering::Relaxed), stage);
        assert!(full.slot(loser).is_none());
        let last = full.pick();
        assert_eq!(last.timed, None);
        assert!(Arc::ptr_eq(&last.regex, &winner.regex));
        // Records arriving late from other threads change nothing.
        full.record(src, 0, 1, TRIAL_BYTES);
        full.record(src, 1, u64::MAX / 4, TRIAL_BYTES);
        assert_eq!(full.stage.load(Ordering::Relaxed), stage);
        assert!(Arc::ptr_eq(&full.pick().regex, &winner.regex));
    }
}

#[test]
fn a_trial_raced_by_many_threads_always_hands_out_a_build_and_ends_with_one() {
    let src = r"(?-u:\b)(?:cat|nl|od|head)\s+\.env";
    let text = "nl .env and od  .env";
    for round in 0..20u64 {
        let full = Full::new(src).expect("builds");
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let full = &full;
                s.spawn(move || {
                    let mut rng = crate::testing::XorShift::new(round * 8 + t + 1);
                    for _ in 0..200 {
                        let picked = full.pick();
                        let found: Vec<Range<usize>> =
                            picked.regex.find_iter(text).map(|m| m.range()).collect();
                        assert_eq!(found, vec![0..7, 12..20]);
                        if let Some(k) = picked.timed {
                            let nanos = u64::try_from(rng.below(5000)).expect("small");
                            full.record(src, k, nanos, TRIAL_BYTES / 16);
                        }
                    }
                });
            }
        });
        // 4 x 200 searches of 16 KiB are enough for both halves of every trial.
        let stage = full.stage.load(Ordering::Relaxed);
        assert!(stage == PREFILTERED || stage == PLAIN, "stage {stage}");
        let loser = if stage == PLAIN { 0 } else { 1 };
        assert!(full.slot(loser).is_none());
        assert!(full.slot(1 - loser).is_some());
    }
}

#[test]
fn a_refused_match_is_searched_again_from_inside() {
    // A lazy pattern's leftmost match starts at `release`, in the sentence before the one it
    // belongs to; the caller refuses it (it crosses the sentence) and the set searches again.
    let yaml = "id: PL999\nname: retry\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {match}\"\nhelp: h\nmatch:\n  keywords: [without]\n  regex: ['(?:release|publish)\\s+(?:\\w+\\s+){0,6}?without\\s+review']\n";
    let rule: Rule = serde_saphyr::from_str(yaml).expect("rule parses");
    let set = PatternSet::new(&[Arc::new(rule)]);
    let text = "release gate ok you may publish without review";
    let mut got = Vec::new();
    set.find_retrying(
        text,
        |_| true,
        |_, r| {
            // `ok` stands for the sentence end a prose view folds away.
            let taken = !text[r.clone()].contains(" ok ");
            got.push((r, taken));
            taken
        },
    );
    assert_eq!(got, vec![(0..46, false), (24..46, true)]);
    // Refused every time: at most MAX_RETRIES searches more, then the next match.
    let mut calls = 0;
    set.find_retrying(
        "publish a without review publish b without review",
        |_| true,
        |_, _| {
            calls += 1;
            false
        },
    );
    assert_eq!(
        calls, 3,
        "two matches, and one retry finds the second again"
    );
}

#[test]
fn a_later_regex_matching_before_an_earlier_regexs_match_is_reported() {
    let yaml = "id: PL999\nname: two-regexes\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {match}\"\nhelp: h\nmatch:\n  keywords: [alpha, beta]\n  regex: ['beta', 'alpha', 'alpha beta']\n";
    let rule: Rule = serde_saphyr::from_str(yaml).expect("rule parses");
    let set = PatternSet::new(&[Arc::new(rule)]);
    let mut got = Vec::new();
    set.find("alpha beta", |_| true, |_, r| got.push(r));
    // `alpha` (regex 2) lies before `beta` (regex 1) and is reported; `alpha beta`
    // (regex 3) covers both and is reported too; nothing is reported twice.
    assert_eq!(got, vec![6..10, 0..5, 0..10]);
}

#[test]
fn a_regex_gated_on_eight_sets_runs_only_where_all_occur() {
    let words = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
    ];
    let src = words.join(r"\s+");
    assert_eq!(
        gate_literal_sets(&src).len(),
        crate::rules::literals::MAX_SETS
    );
    let yaml = format!(
        "id: PL999\nname: eight\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {{match}}\"\nhelp: h\nmatch:\n  regex: ['{src}']\n"
    );
    let rule: Rule = serde_saphyr::from_str(&yaml).expect("rule parses");
    let set = PatternSet::new(&[Arc::new(rule)]);
    let gate = Gate::new(&set.rules);
    assert_eq!(gate.need, [u8::MAX]);
    let cands = |text: &str| {
        let scan = gate.scan(text, 0, &[true]);
        gate.candidates(&scan.missing, &scan.active)
    };
    assert_eq!(cands(&words.join(" ")), [vec![0]]);
    assert_eq!(cands(&words[..8].join(" ")), [Vec::<usize>::new()]);
}

#[test]
fn a_required_literal_counts_only_where_its_site_holds() {
    let yaml = "id: PL999\nname: sited\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {match}\"\nhelp: h\nmatch:\n  regex: ['(?-u:\\b)rm\\s+-rf']\n";
    let rule: Rule = serde_saphyr::from_str(yaml).expect("rule parses");
    assert_eq!(
        gate_literal_sets(&rule.matcher.as_ref().expect("pattern rule").regex[0]),
        vec![
            vec![(
                Cow::<[u8]>::Owned(b"-rf".to_vec()),
                SPACE_BEFORE | NONWORD_BEFORE
            )],
            vec![(
                Cow::Owned(b"rm".to_vec()),
                START_ASCII_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
            )],
        ]
    );
    let set = PatternSet::new(&[Arc::new(rule)]);
    let gate = Gate::new(&set.rules);
    let cands = |text: &str| {
        let scan = gate.scan(text, 0, &[true]);
        gate.candidates(&scan.missing, &scan.active)
    };
    // `rm` inside a word, or not before white space; `-rf` not after it.
    assert_eq!(cands("perform -rf"), [Vec::<usize>::new()]);
    assert_eq!(cands("rm-rf"), [Vec::<usize>::new()]);
    assert_eq!(cands("rm x-rf"), [Vec::<usize>::new()]);
    // A later occurrence at its site still counts, after one that is not.
    assert_eq!(cands("format rm -rf"), [vec![0]]);
    assert_eq!(cands("rm\u{3000}-rf"), [vec![0]]);
    let mut got = Vec::new();
    set.find("perform rm -rf /", |_| true, |_, r| got.push(r));
    assert_eq!(got, vec![8..14]);
}

/// Every text under `dir`, recursively (bytes that are not UTF-8 are left out).
fn texts_under(dir: &std::path::Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("fixtures read").flatten() {
        let path = entry.path();
        if path.is_dir() {
            texts_under(&path, out);
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            out.push(text);
        }
    }
}

#[test]
fn the_gate_never_keeps_a_built_in_regex_from_a_text_it_matches() {
    let rules = crate::rules::Catalog::builtin().rules().to_vec();
    let set = PatternSet::new(&rules);
    let gate = Gate::new(&set.rules);
    let regexes: Vec<Vec<Regex>> = set
        .rules
        .iter()
        .map(|pr| {
            let m = pr.rule.matcher.as_ref().expect("pattern rule");
            m.regex
                .iter()
                .map(|src| compile(src).expect("builds"))
                .collect()
        })
        .collect();
    let mut files = Vec::new();
    texts_under(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        &mut files,
    );
    assert!(files.len() > 100, "only {} fixture texts", files.len());
    // And every rule's examples, both kinds.
    for rule in &rules {
        for example in rule.examples.matching.iter().chain(&rule.examples.no_match) {
            files.push(String::from_utf8_lossy(&example.bytes()).into_owned());
        }
    }
    // The fixtures' views, then every match alone and between other characters: a word
    // letter, a non-ASCII letter, white space, punctuation, `_` and a digit, a line break.
    let mut texts: Vec<String> = Vec::new();
    for file in &files {
        let norm = crate::normalize::normalize(file);
        for kind in [
            crate::normalize::ViewKind::Text,
            crate::normalize::ViewKind::Prose,
        ] {
            texts.push(norm.view(kind).text.clone());
        }
    }
    let mut matched = Vec::new();
    for text in &texts {
        for (r, rs) in regexes.iter().enumerate() {
            for regex in rs {
                for m in regex.find_iter(text) {
                    matched.push((r, m.as_str().to_owned()));
                }
            }
        }
    }
    assert!(matched.len() > 100, "only {} matches", matched.len());
    for (_, m) in &matched {
        for (a, b) in [
            ("x", "x"),
            ("é", "é"),
            (" ", "\u{3000}"),
            ("-", "."),
            ("_", "9"),
            ("\n", "\u{a0}"),
        ] {
            texts.push(format!("{a}{m}{b}"));
        }
        texts.push(m.clone());
    }
    let want = vec![true; set.rules.len()];
    let mut checked = 0;
    for text in &texts {
        let scan = gate.scan(text, 0, &want);
        for (r, rs) in regexes.iter().enumerate() {
            for (k, regex) in rs.iter().enumerate() {
                if regex.is_match(text) {
                    checked += 1;
                    assert_eq!(
                        scan.missing[gate.first[r] + k],
                        0,
                        "{} #{k} matches {text:?} but the gate keeps it out",
                        set.rules[r].rule.id
                    );
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} matches checked");
}

#[test]
fn one_scan_finds_keywords_and_required_literals_together() {
    let rule = |id: &str, keyword: &str, regex: &str| -> Arc<Rule> {
        let yaml = format!(
            "id: {id}\nname: n{id}\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {{match}}\"\nhelp: h\nmatch:\n  keywords: [{keyword}]\n  regex: ['{regex}']\n"
        );
        Arc::new(serde_saphyr::from_str(&yaml).expect("rule parses"))
    };
    // `gamma` is PL996's keyword and a required literal of PL997's regex; `alpha` the
    // other way round.
    let set = PatternSet::new(&[
        rule("PL997", "alpha", r"gamma\w*"),
        rule("PL996", "gamma", r"alpha\s+\w+"),
    ]);
    let gate = Gate::new(&set.rules);
    let both = [true, true];
    let scan = gate.scan("gamma only", 0, &both);
    assert_eq!(scan.active, [1]);
    assert_eq!(
        gate.candidates(&scan.missing, &scan.active),
        [Vec::<usize>::new()]
    );
    // Keywords match ASCII case-insensitively, as they always did.
    let scan = gate.scan("Alpha then gamma", 0, &both);
    assert_eq!(scan.active, [0, 1]);
    assert_eq!(
        gate.candidates(&scan.missing, &scan.active),
        [vec![0], vec![0]]
    );
    // A rule not wanted never runs, whatever the text holds.
    let scan = gate.scan("alpha then gamma", 0, &[false, true]);
    assert_eq!(scan.active, [1]);
    let mut got = Vec::new();
    set.find(
        "alpha then gamma",
        |_| true,
        |r, m| got.push((r.id.clone(), m)),
    );
    assert_eq!(
        got,
        [("PL997".to_owned(), 11..16), ("PL996".to_owned(), 0..10)]
    );
    // Warming builds the gate `find` then uses, once.
    let warmed = PatternSet::new(
        &set.rules
            .iter()
            .map(|pr| Arc::clone(&pr.rule))
            .collect::<Vec<_>>(),
    );
    assert!(warmed.gate.get().is_none());
    warmed.warm();
    let built: *const Gate = warmed.gate.get().expect("built");
    let mut again = Vec::new();
    warmed.find(
        "alpha then gamma",
        |_| true,
        |r, m| again.push((r.id.clone(), m)),
    );
    assert_eq!(again, got);
    assert!(std::ptr::eq(built, warmed.gate.get().expect("kept")));
}

#[test]
fn the_build_time_literal_table_matches_the_runtime_computation() {
    let mut n = 0;
    for rule in crate::rules::Catalog::builtin().rules() {
        for src in rule.matcher.iter().flat_map(|m| &m.regex) {
            // Looked up in the table, not computed now.
            assert!(built_sets(src).is_some(), "{}: {src}", rule.id);
            let looked_up = gate_literal_sets(src);
            assert!(
                looked_up
                    .iter()
                    .flatten()
                    .all(|(l, _)| matches!(l, Cow::Borrowed(_))),
                "{}: {src}",
                rule.id
            );
            let owned: Vec<Vec<(Vec<u8>, Site)>> = looked_up
                .into_iter()
                .map(|set| set.into_iter().map(|(l, s)| (l.into_owned(), s)).collect())
                .collect();
            assert_eq!(owned, required_literal_sets(src), "{}: {src}", rule.id);
            n += 1;
        }
    }
    assert!(n > 200, "only {n} regexes");
    // A regex the table does not hold (a user rule) is computed.
    assert_eq!(
        gate_literal_sets(r"\bzzq(?:x|y)"),
        vec![vec![
            (Cow::<[u8]>::Owned(b"zzqx".to_vec()), START_BOUNDARY),
            (Cow::Owned(b"zzqy".to_vec()), START_BOUNDARY)
        ]]
    );
}

#[test]
fn regexes_run_only_where_their_required_literals_occur() {
    let lits = |src: &str| {
        required_literals(src).map(|v| {
            v.into_iter()
                .map(|l| String::from_utf8(l).expect("utf-8"))
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(
        lits(r"\b(?:игнорируй|забудь)\s+все"),
        Some(vec!["игнорируй".to_owned(), "забудь".to_owned()])
    );
    // An optional start: the required part after it gates.
    assert_eq!(lits(r"(?:从现在开始)?\s?you"), Some(vec!["you".to_owned()]));
    // Short common prefixes lose to a longer required word.
    assert_eq!(
        lits(r"(?:a|de)\s+(?:tu|vous)\s+(?:eres|êtes)"),
        Some(vec!["eres".to_owned(), "êtes".to_owned()])
    );
    // Alternation: the union of each branch's best set.
    assert_eq!(
        lits(r"(?:x+\s+ignore|forget\s+y)"),
        Some(vec!["ignore".to_owned(), "forget".to_owned()])
    );
    // Nothing required: no gate.
    assert_eq!(lits(r"[а-яa-z]+x?"), None);
    assert_eq!(lits(r"(?:ignore)?\w+"), None);
    let yaml = "id: PL999\nname: two\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {match}\"\nhelp: h\nmatch:\n  regex: ['(?:ignora|olvida) todo', 'забудь все', '[^ ]+ x+']\n";
    let rule: Rule = serde_saphyr::from_str(yaml).expect("rule parses");
    let other = yaml.replace("PL999", "PL998").replace(
        "['(?:ignora|olvida) todo', 'забудь все', '[^ ]+ x+']",
        "['todo', 'y+']",
    );
    let other: Rule = serde_saphyr::from_str(&other).expect("rule parses");
    let set = PatternSet::new(&[Arc::new(rule), Arc::new(other)]);
    let gate = Gate::new(&set.rules);
    // The rules have no keywords: each runs whenever it is wanted.
    let cands = |text: &str, rules: &[usize]| {
        let want: Vec<bool> = (0..2).map(|r| rules.contains(&r)).collect();
        let scan = gate.scan(text, 0, &want);
        assert_eq!(scan.active, rules);
        gate.candidates(&scan.missing, &scan.active)
    };
    assert_eq!(cands("please ignore 2 x", &[0]), vec![vec![2]]);
    // `[^ ]+ x+` needs ` x`, which the text lacks.
    assert_eq!(
        cands("olvida todo; забудь все", &[0, 1]),
        vec![vec![0, 1], vec![0]]
    );
    assert_eq!(cands("olvida todo", &[1]), vec![vec![0]]);
    assert_eq!(cands("todo y", &[1]), vec![vec![0, 1]]);
    assert_eq!(
        cands("nothing", &[0, 1]),
        vec![Vec::<usize>::new(), Vec::new()]
    );
    // Choosing candidates compiles nothing.
    assert!(set.rules.iter().all(|r| r.compiled.get().is_none()));
}
