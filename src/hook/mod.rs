//! `promptlint hook <agent>`: the guard inside the agent. One hook event in (JSON on stdin,
//! bounded), one answer out in that agent's protocol: refuse, ask or warn about a file about
//! to be read or written, a shell command, a tool's arguments or result, a prompt, judged by
//! the findings' severities against the user's thresholds (issue 33).
//!
//! Children: `event` (reading the event, the shared [`Answer`] and the scanner), `policy`
//! (severities into an action and its texts), `scan` (what is scanned under which name), one
//! module per protocol (`claude`, which Codex shares, `cursor`, `gemini`), and `install`
//! (the settings entry `promptlint init --hooks` prints). Nothing here runs, fetches or
//! writes anything; the only files read are the ones an event names and the memory files
//! of its working directory.

mod claude;
mod cursor;
mod event;
mod gemini;
mod install;
mod policy;
mod scan;

pub use event::{Agent, Answer, MAX_INPUT};
pub use install::settings_entry;
pub use policy::{OnError, Policy, Threshold};

/// Reads one event from `input` and answers it as `agent`'s protocol says.
pub fn run(agent: Agent, policy: Policy, input: &mut dyn std::io::Read) -> Answer {
    let ctx = event::Ctx::new(policy);
    let dialect = |a: Agent| match a {
        Agent::Codex => claude::Dialect::Codex,
        _ => claude::Dialect::Claude,
    };
    match event::read(input) {
        Ok(e) => match agent {
            Agent::ClaudeCode | Agent::Codex => claude::answer(dialect(agent), &e, &ctx),
            Agent::Cursor => cursor::answer(&e, &ctx),
            Agent::Gemini => gemini::answer(&e, &ctx),
        },
        Err(event::Malformed(why)) => failed(agent, policy.on_error, &why),
    }
}

/// The answer when the hook cannot judge the event (`why`: one escaped line): a refusal or a
/// pass with the message, as `on_error` says, in `agent`'s protocol. The runner also gives it
/// for a panic, so a bug fails closed like bad input does.
pub fn failed(agent: Agent, on_error: OnError, why: &str) -> Answer {
    match agent {
        Agent::ClaudeCode | Agent::Codex => claude::malformed(why, on_error),
        Agent::Cursor => cursor::malformed(why, on_error),
        Agent::Gemini => gemini::malformed(why, on_error),
    }
}
