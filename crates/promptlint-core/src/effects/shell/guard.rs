//! A database wiped only after the script made sure the server is a local one: a `case` on
//! the variable that names the server whose other branch exits
//! (`case "$DATABASE_URL" in *@localhost:*) ;; *) exit 1 ;; esac`). The guard is code the
//! shell runs, not words: a branch that does not exit, or a guard on another variable, is none.

/// Host names of the machine itself, as a `case` pattern writes them.
const LOCAL: &[&str] = &["localhost", "127.0.0.1", "[::1]", "::1"];

/// The variables `text` guards so ([`self`]): each `case "$VAR" in ... esac` with a pattern
/// naming a local host and a catch-all branch `*)` that runs `exit`.
pub(crate) fn local_guarded(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("case ") {
        let after = &rest[at + 5..];
        let Some(end) = after.find("esac") else { break };
        let body = &after[..end];
        rest = &after[end..];
        let head = body.lines().next().unwrap_or("").trim();
        let Some(subject) = head
            .strip_suffix(" in")
            .or_else(|| head.split(" in ").next())
        else {
            continue;
        };
        let var: String = subject
            .trim()
            .trim_matches('"')
            .trim_start_matches('$')
            .trim_start_matches('{')
            .trim_end_matches('}')
            .to_string();
        if var.is_empty() || !var.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let local = LOCAL.iter().any(|h| body.contains(h));
        let exits = body.split(";;").any(|branch| {
            let b = branch.trim_start();
            b.starts_with("*)") && b.split_whitespace().any(|w| w == "exit")
        });
        if local && exits && !out.contains(&var) {
            out.push(var);
        }
    }
    out
}

/// Whether the destroy step `step` (its text) is a database client's talking to a server
/// named by a variable of `guarded`.
pub(crate) fn wipes_guarded(step: &str, guarded: &[String]) -> bool {
    let client = step.split_whitespace().next().is_some_and(|p| {
        matches!(
            p.rsplit('/').next().unwrap_or(p),
            "psql" | "mysql" | "mariadb" | "clickhouse-client" | "mongosh" | "mongo" | "redis-cli"
        )
    });
    client
        && guarded
            .iter()
            .any(|v| step.contains(&format!("${v}")) || step.contains(&format!("${{{v}}}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_that_exits_unless_the_server_is_local_guards_its_variable() {
        let text = "case \"$DATABASE_URL\" in\n  *@localhost:*|*@127.0.0.1:*) ;;\n  *) echo no >&2; exit 1 ;;\nesac\npsql \"$DATABASE_URL\" -c 'DROP SCHEMA public CASCADE'\n";
        let g = local_guarded(text);
        assert_eq!(g, ["DATABASE_URL"]);
        assert!(wipes_guarded(
            "psql \"$DATABASE_URL\" -c 'DROP SCHEMA public CASCADE'",
            &g
        ));
        assert!(!wipes_guarded(
            "psql \"$PROD_URL\" -c 'DROP SCHEMA public'",
            &g
        ));
        // A catch-all that goes on, or no local host: no guard.
        assert!(
            local_guarded("case \"$U\" in\n *localhost*) ;;\n *) echo hm ;;\nesac\n").is_empty()
        );
        assert!(local_guarded("case \"$U\" in\n *prod*) ;;\n *) exit 1 ;;\nesac\n").is_empty());
    }
}
