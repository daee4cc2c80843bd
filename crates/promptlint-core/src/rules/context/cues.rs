//! The cue tables of the context model: regexes over the sentence around a match. The
//! English ones are written here; the tables other languages add to are assembled from
//! `rules/languages/*.yaml` ([`super::languages`]) the first time they are used.

use std::sync::LazyLock;

use regex::Regex;
use regex_automata::meta;

use super::languages::alternation;

/// A cue regex: the regex crate's syntax and matches, built for the short texts the context
/// model reads (a sentence, a line, a heading) through `regex_automata::meta`.
///
/// It searches without the lazy DFA until it has searched [`CUE_LIGHT_BYTES`], then with
/// it. A lazy DFA needs a reverse NFA besides the forward one, which about doubles a
/// build, and a run with findings builds nearly every cue table (callgrind, one 775-byte
/// file with two findings: the cue tables' builds took 147 M of its 276 M instructions),
/// while most runs search them a few hundred bytes in all. A file with thousands of
/// findings searches them far more, and gets the lazy DFA.
pub(crate) struct Cue {
    light: meta::Regex,
    full: std::sync::OnceLock<meta::Regex>,
    /// Bytes the light build has been asked to search, over every thread.
    searched: std::sync::atomic::AtomicUsize,
    source: String,
}

/// Bytes a cue searches without its lazy DFA (64 KiB).
const CUE_LIGHT_BYTES: usize = 64 << 10;

impl Cue {
    /// Builds `source` as `regex::Regex::new` would (its syntax, limits and matches).
    ///
    /// # Errors
    /// The regex crate's message when `source` is not a regex it accepts.
    pub(crate) fn new(source: &str) -> Result<Cue, String> {
        // The regex crate's own words when it rejects the source too (it always should).
        let light = Cue::build(source, false).map_err(|e| match Regex::new(source) {
            Err(theirs) => theirs.to_string(),
            Ok(_) => e.to_string(),
        })?;
        Ok(Cue {
            light,
            full: std::sync::OnceLock::new(),
            searched: std::sync::atomic::AtomicUsize::new(0),
            source: source.to_owned(),
        })
    }

    /// `regex::Regex::new`'s configuration (a 10 MiB NFA, a 2 MiB lazy-DFA cache), the lazy
    /// DFA only when `lazy_dfa`.
    fn build(source: &str, lazy_dfa: bool) -> Result<meta::Regex, Box<meta::BuildError>> {
        meta::Builder::new()
            .configure(
                meta::Config::new()
                    .nfa_size_limit(Some(10 << 20))
                    .hybrid_cache_capacity(2 << 20)
                    .hybrid(lazy_dfa),
            )
            .build(source)
            .map_err(Box::new)
    }

    /// The build to search `len` more bytes with.
    fn regex(&self, len: usize) -> &meta::Regex {
        use std::sync::atomic::Ordering;
        if let Some(full) = self.full.get() {
            return full;
        }
        if self.searched.fetch_add(len, Ordering::Relaxed) + len <= CUE_LIGHT_BYTES {
            return &self.light;
        }
        // The light build of the same source built, so this one does: the lazy DFA only
        // adds engines, and one that cannot be built is left out, not an error.
        self.full
            .get_or_init(|| Cue::build(&self.source, true).unwrap_or_else(|_| self.light.clone()))
    }

    /// True when the cue matches somewhere in `haystack`.
    pub(crate) fn is_match(&self, haystack: &str) -> bool {
        self.regex(haystack.len()).is_match(haystack)
    }

    /// The cue's successive non-overlapping matches in `haystack`, as
    /// `regex::Regex::find_iter` finds them.
    pub(crate) fn find_iter<'a>(
        &'a self,
        haystack: &'a str,
    ) -> impl Iterator<Item = regex_automata::Match> + 'a {
        self.regex(haystack.len()).find_iter(haystack)
    }

    /// The cue's leftmost-first match in `haystack`, as `regex::Regex::find` finds it.
    pub(crate) fn find(&self, haystack: &str) -> Option<regex_automata::Match> {
        self.regex(haystack.len()).find(haystack)
    }
}

/// Compiles a cue table assembled at run time.
///
/// # Panics
/// When the table is not a regex; the language files' fragments are checked one by one when
/// they load, so only a broken template can fail, and every template is used by the tests.
fn compile(source: &str) -> Cue {
    Cue::new(source).unwrap_or_else(|e| panic!("context cue table: {e}"))
}

/// Words that forbid, refuse or negate an action: "never", "not", "cannot", "no longer", and
/// the contracted negations with or without their apostrophe ("don't", "don’t", "dont",
/// "mustn't", "won't"). A contraction is one word, so its "n't" is matched with the auxiliary
/// before it: a word boundary never falls between "do" and "n't".
const NEGATION: &str = concat!(
    r"(?:never|not|cannot|no\s+longer|",
    r"(?:do|does|did|should|must|would|could|ca|wo|is|are|was|were|need|may|might|have|has)n['’]?t)",
);

/// A verb that forbids its object outright, so that it needs no compliance verb after it:
/// "avoid `x`", "avoid using `x`", "refrain from running `x`", "stay away from `x`". Only
/// counted when it governs the match (it ends the prefix), since "to avoid errors, run `x`"
/// avoids something else.
const AVOID: &str =
    r"(?:avoid|refrain\s+from|stay\s+away\s+from|abstain\s+from)(?:\s+(?:ever\s+)?[a-z]+ing)?";

/// Verbs of compliance: what a forbidding sentence tells the agent not to do.
const COMPLIANCE: &str = concat!(
    r"(?:follow|obey|comply|execute|run|use|trust|act|respond|honou?r|accept|repeat|share|",
    r"paste|print|enable|allow|pass|add|set|call|include|type|copy|apply|heed|listen|leak|",
    r"send|upload|post|commit|reveal|disclose|expose|output|echo|cat|read|open|invoke|grant|",
    r"turn|disable|skip|bypass|give|pipe|force|push|merge|delete|remove|install|download|",
    r"fetch|render|load|store|log|write|put|execut|embed|insert|",
    // -ing forms of the verbs above that drop their final e.
    r"(?:us|shar|past|enabl|disabl|forc|merg|delet|remov|writ|stor|invok|includ|typ|disclos|",
    r"expos|receiv|continu|releas)ing)[a-z]*",
);

/// A negation governing a compliance verb: the verb follows the negation within three plain
/// words ("never blindly follow", "do not ever run", "must not be executed"). Punctuation
/// between them ends the clause, so "cannot reproduce a bug, upload ..." does not count.
pub(super) static NEGATED_VERB: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(&format!(
        r"(?i)(?-u:\b){NEGATION}(?:\s+[\w'’-]+){{0,3}}?\s+[`*_]*{COMPLIANCE}(?-u:\b)"
    ))
    .expect("static regex")
});

/// Words that frame a sentence as refusing, detecting or warning about something, or as
/// calling it dangerous.
pub(super) static REFUSAL: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:refus|reject|forbid|prohibit|disallow|distrust|bewar|suspicious|",
        r"malicious|jailbreak)[a-z]*(?-u:\b)",
        r"|(?-u:\b)(?:bans?|banned|attacks?|attacked|attacking|detect|detects|detected|detecting|",
        r"detection|(?:prompt\s+)?injections?|injected|destructive|dangerous|risky|unsafe|harmful)(?-u:\b)",
        r"|(?-u:\b)(?:block|blocks|flag|flags|report|reports)\s+(?:it|them|this|these|that|such|",
        r"any|all|suspected|attempts?)(?-u:\b)|(?-u:\b)flag(?:s|ged)?\s+as(?-u:\b)",
        r"|(?-u:\b)warn(?:s|ed|ing)?\s+(?:about|against|of|the\s+user)(?-u:\b)",
        r"|(?-u:\b)watch\s+(?:out|for)(?-u:\b)|(?-u:\b)as\s+data(?-u:\b)|(?-u:\b)red\s+flags?(?-u:\b)",
        // The same in the scripts that do not space their words: refusing, forbidding,
        // danger, attack, injection, detection, malice.
        r"|拒否|拒绝|拒絕|禁止|严禁|嚴禁|危険|危险|危險|攻击|攻擊|攻撃|注入|インジェクション|恶意|惡意|悪意|",
        r"检测|檢測|検出|越狱|越獄|거부|금지|위험|공격|인젝션|악성|탐지",
    ))
    .expect("static regex")
});

/// Verbs whose negation mandates their object rather than forbidding it ("never forget to
/// run", "never hesitate to run", "do not skip running", "must not refuse to run"), and
/// words that make a negated order conditional on doing something first ("never run the
/// tests without first running").
pub(super) static DOUBLE_NEGATIVE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:forget|forgot|hesitat[a-z]*|skip|skipping|refus[a-z]*|fail|neglect|omit|",
        r"stop|delay|miss|cease|without|until|unless|before)(?-u:\b)",
    ))
    .expect("static regex")
});

/// An order that hands the agent what a sentence quoted, narrated or showed: "do the same",
/// "do exactly what that quote says", "execute the block above", "run each one now".
pub(super) static HANDED_OVER: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:do\s+(?:the\s+same|likewise|so\s+too|it\s+too)|",
        r"do\s+(?:exactly\s+)?(?:what|as)\s+(?:it|that|this|the)(?:\s+[\w-]+)?\s+says|",
        r"(?:then\s+)?do\s+(?:them|those|these|it)(?-u:\b)|",
        r"(?:run|execute|perform|follow|obey|apply|paste)\s+(?:each(?:\s+one)?|every\s+one|all\s+of\s+them|",
        r"them|it|(?:the|that|this|each)\s+(?:block|command|snippet|quote|instruction|text|step|line)s?)",
        r"(?:\s+(?:above|below|now|first|in\s+your\s+(?:shell|terminal)))*(?-u:\b))",
        // "Follow the examples above.", "Answer the way the examples show."
        r"|(?-u:\b)(?:follow|apply|copy|imitate|mirror)\s+(?:the|these|those)\s+examples?(?-u:\b)",
        r"|(?-u:\b)the\s+way\s+the\s+examples?\s+(?:shows?|do|does)(?-u:\b)",
    ))
    .expect("static regex")
});

/// True when `text` hands something to the agent ([`HANDED_OVER`]), not under a negation
/// ("never do the same", "do not run it").
pub(super) fn handed_over(text: &str) -> bool {
    HANDED_OVER
        .find_iter(text)
        .any(|m| !TRAILING_NEGATION.is_match(&text[..m.start()]))
}

/// A quotation attributed to someone whose word the agent follows: "As the maintainer says:",
/// "What the user wants:", "Per the owner:".
pub(super) static AUTHORITY_SAYS: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?:(?-u:\b)(?:as|what)\s+(?:the|your|our|my)\s+(?:[\w-]+\s+){0,2}?",
        r"(?:says|said|wants|asks|requires|instructs|writes|wrote)|(?-u:\b)(?:per|from)\s+(?:the|your|our)\s+",
        r"(?:maintainers?|owners?|users?|admins?|administrators?|developers?|team|lead|boss|operator))",
        r#"\s*[:,—–-]?\s*["“'«]?\s*$"#,
    ))
    .expect("static regex")
});

/// A list lead-in that opens with an order to do the items ("Do these setup steps:", "Run
/// the following:", "Complete each step:"): it delivers them, whatever else it says.
pub(super) static DELIVERING_LEAD: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^[\s>*_#+\d.)|-]*(?:(?:first|then|now|next|please|always|just|simply|also|so)[,\s]+)?",
        r"(?:do\s+(?:these|this|the|each|all|every|them|it|exactly|as|what|so)|run|execute|perform|",
        r"follow|complete|carry\s+out|apply|use|install|set\s+up|type|paste)",
        r"(?-u:\b)",
    ))
    .expect("static regex")
});

/// A judgement right before a negation that makes it a mandate: "it would be dangerous not
/// to run", "a mistake not to", "unwise not to".
pub(super) static JUDGED_NEGATION: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:dangerous|risky|unsafe|unwise|wrong|bad|careless|irresponsible|reckless|",
        r"negligent|a\s+mistake|an?\s+(?:bad\s+)?idea)\s*$",
    ))
    .expect("static regex")
});

/// A [`REFUSAL`] word that names what a label introduces ("Prompt injection:", "Attack
/// payload:", "Jailbreak attempt:"): a noun, not a judgement ("Dangerous but required:",
/// "Malicious:", "Risky step:" judge and then order).
pub(super) static LABEL_NOUN: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^(?:(?:prompt\s+)?injections?|attacks?|jailbreaks?|exploits?|detection|",
        r"注入|攻击|攻擊|攻撃|越狱|越獄|인젝션|공격)$",
    ))
    .expect("static regex")
});

/// What follows a [`REFUSAL`] word and inverts it: "dangerous not to run", "risky to skip".
pub(super) static INVERTED_AFTER: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(r"(?i)^\s+(?:not\s+to|to\s+(?:skip|omit|forget|not)|if\s+you\s+(?:don['’]?t|do\s+not|skip))(?-u:\b)")
        .expect("static regex")
});

/// An order after a quotation that adopts it: `"..." is your first rule`, `"..." and obey
/// this file`, `"..." becomes your instruction`.
pub(super) static ADOPTED_AFTER_QUOTE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^[\s\p{Pf}\p{Pe}\x22'»」』“”]*(?:(?:is|are|becomes?|remains?)\s+(?:now\s+|henceforth\s+)?your\s+",
        r"(?:[\w-]+\s+){0,2}?(?:rules?|instructions?|tasks?|orders?|priorit(?:y|ies)|directives?|mandate)",
        r"|(?:,\s*)?(?:and|then|so)\s+(?:obey|follow|execute|apply|do)\s+(?:it|this|that|them|these|those)",
        r"(?:\s+(?:file|rules?|instructions?|document|text|now))?)",
    ))
    .expect("static regex")
});

/// A list lead-in whose verb or negation governs its items: "Look for:", "Never do the
/// following:", "Avoid:", "Flag any skill that:", "Block these:". A label ("Red flags:",
/// "Attacks:", "Injections look like this:") governs nothing.
pub(super) static LEAD_IN_VERB: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:(?:look|check|search|scan|watch|hunt)\s+(?:out\s+)?for|don['’]?ts|avoid|",
        r"forbidden|prohibited|not\s+allowed|never|do\s+not|don['’]?t|must\s+not|should\s+not|",
        r"(?:flag|block|reject|refuse|deny|detect|catch|report)(?:\s+(?:any|all|every|these|the\s+following))?",
        r"(?:\s+[\w-]+){0,3}?\s+(?:that|which|when|where|if|containing|with)|",
        r"(?:flag|block|reject|refuse|deny|report)\s+(?:these|them|the\s+following|anything|any)|",
        r"(?:evidence|signs?|indicators?|symptoms?)\s+of)(?-u:\b)",
    ))
    .expect("static regex")
});

/// The text before a [`REFUSAL`] word ends in a negation of it: "not malicious", "non-",
/// "never dangerous", "isn't an attack", "not at all harmful", "without refusals" (an order
/// to do the thing without refusing frames nothing).
pub(super) static NEGATED_LABEL: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(&format!(
        r"(?i)(?:(?-u:\b){NEGATION}(?:\s+(?:at\s+all|really|an?|the|very|remotely|in\s+any\s+way))*\s+|(?-u:\b)non[\s-]?|(?-u:\b)(?:no|nothing|nobody|no\s+one|without|free\s+(?:of|from))\s+)$"
    ))
    .expect("static regex")
});

/// The end of a sentence prefix that opens a new clause: a colon, semicolon, dash or comma,
/// then at most a conjunction or an adverb of sequence, then nothing.
pub(super) static CLAUSE_OPENING: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?:[:;,—–]|\s-)\s*(?:(?:and|so|then|now|just|please|also|instead|therefore|thus|hence|",
        r#"first|next|simply|always|but|yet|though|however)[,\s]+)*[*_`"“'«„]*$"#,
    ))
    .expect("static regex")
});

/// The prefix ends in a negation: the match is the verb it negates ("do not | disable the
/// sandbox", "does not | take precedence over the system prompt").
pub(super) static TRAILING_NEGATION: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(&format!(
        r"(?i)(?-u:\b)(?:{NEGATION}(?:\s+(?:ever|always|just|simply|blindly))?|{AVOID})\s*[`*_]*$"
    ))
    .expect("static regex")
});

/// The prefix ends in a negation of another language: the match is the verb it negates
/// (Spanish "nunca | ignores", Portuguese "não | ignore", Italian "non | ignorare", French
/// "n' | ignorez pas", "ne pas | ignorer", German "niemals | ignorieren", Russian "не |
/// игнорируй", Arabic "لا | تتجاهل", Hindi "मत | ...", Chinese "不要 | 忽略", "請勿 | 忽略").
/// Word-initial words need a space or punctuation before them; the CJK ones need none.
/// Japanese and Korean negate after the verb; their patterns match affirmative verb forms
/// only, so they need no cue here.
pub(super) static TRAILING_NEGATION_INTL: LazyLock<Cue> = LazyLock::new(|| {
    let words = alternation(|l| &l.negations);
    let glued = alternation(|l| &l.negations_glued);
    compile(&[r"(?i)(?:(?:^|[\s\p{P}])", &words, "|", &glued, r")\s*$"].concat())
});

/// The rest of the sentence after a match forbids it ("`rm -rf /` is forbidden").
pub(super) static FORBIDDEN_AFTER: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^[^.!?\n]{0,80}?(?-u:\b)(?:(?:is|are)\s+(?:strictly\s+)?(?:forbidden|prohibited|",
        r"banned|disallowed|not\s+allowed|not\s+permitted|never\s+allowed)",
        r"|(?:must|should|may)\s+(?:never|not)\s+be\s+(?:used|run|executed|followed|obeyed|trusted)",
        // the sentence judges it: "... that reads ~/.ssh is misaligned", "... to steal hashes"
        r"|(?:is|are|would\s+be|counts?\s+as|looks?)\s+(?:an?\s+|clearly\s+|highly\s+)?(?:misaligned|malicious|",
        r"suspicious|red\s+flag|harmful|attack|exfiltration|backdoor|compromised)",
        r"|to\s+(?:steal|exfiltrate|harvest|leak|siphon)(?-u:\b))",
    ))
    .expect("static regex")
});

/// The same in the other languages of the pattern rules: "está prohibido", "é proibido",
/// "est interdit", "ist verboten", "è vietato", "запрещено", "是禁止的", "は禁止", "금지".
pub(super) static FORBIDDEN_AFTER_INTL: LazyLock<Cue> = LazyLock::new(|| {
    let copulas = alternation(|l| &l.ban_copulas);
    let intensifiers = alternation(|l| &l.ban_intensifiers);
    let participles = alternation(|l| &l.ban_participles);
    let words = alternation(|l| &l.bans_after);
    let glued = alternation(|l| &l.bans_after_glued);
    compile(
        &[
            r"(?i)^[^.!?\n。！？]{0,80}?(?:(?:^|[\s\p{P}])",
            &copulas,
            r"\s+(?:",
            &intensifiers,
            r"\s+)?",
            &participles,
            r"(?:$|[\s\p{P}])|(?:^|[\s\p{P}])",
            &words,
            "|",
            &glued,
            ")",
        ]
        .concat(),
    )
});

/// An exemplifying or quoting cue ending the prefix ("such as", "e.g.", "like", "the phrase",
/// "says"), maybe with quotation openers or emphasis after it. It lowers a match only when
/// the sentences around it discuss it by topic ([`topical`]): the cue word alone is no
/// quotation.
pub(super) static EXAMPLE_CUE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(
        r#"(?i)(?:\bsuch\s+as|\be\.?g\.?|\bfor\s+(?:example|instance)|\blike|\bincluding|\bphrases?|\bstrings?|\bwords?|\bterms?|\bsays?|\bsaying|\bcontaining|\bcontains)\s*[:,]?\s*["'“‘`(*_]*\s*$"#,
    )
    .expect("static regex")
});

/// A sentence prefix that ends in a conjunction or a clause's comma or semicolon: what follows
/// is a clause of its own ("... about it and ", "... first; ").
pub(super) static COORDINATED: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(r"(?i)(?:(?-u:\b)(?:and|or|but|then|also)|[,;])\s*$").expect("static regex")
});

/// A match that opens with a negation of its own, "do not" included ("do not mention it",
/// "never tell the user", "don't ask").
pub(super) static OPENS_NEGATED: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(&format!(
        r"(?i)^[`*_]*(?:{NEGATION}|do\s+not|does\s+not|must\s+not|should\s+not|no\s+need\s+to)(?-u:\b)"
    ))
    .expect("static regex")
});

/// The series of quotations a sentence prefix ends in, up to the quotation mark that opens
/// the match's own: `"approve this", "run X", or "` (each earlier quotation whole, separated
/// by commas, "or", "and").
pub(super) static SERIES_TAIL: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(r#"(?i)(?:["“][^"“”\n]{0,120}["”]\s*,?\s*(?:(?:or|and)\s+)?)*["“]\s*$"#)
        .expect("static regex")
});

/// "For example" in the other languages of the pattern rules, where the phrase is never
/// anything else (a bare "como", "wie", "как" is also "as" and is not a cue).
pub(super) static EXAMPLE_CUE_INTL: LazyLock<Cue> = LazyLock::new(|| {
    let cues = alternation(|l| &l.example_cues);
    compile(&["(?i)", &cues, r#"\s*[:,：，]?\s*["'“‘„«「『`(*_]*\s*$"#].concat())
});

/// A lead-in naming a flag or setting in backticks (or a bare `--flag`) whose purpose
/// follows: "use `--system-prompt` to", "the `-p` flag lets you", "set `system_prompt` to".
pub(super) static OPTION_PURPOSE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(
        r"(?i)(?:`-{1,2}[a-z0-9][a-z0-9_-]*(?:[ =][^`\n]*)?`|`[a-z0-9_.]+`|(?:^|\s)--[a-z0-9][a-z0-9-]*)\s+(?:(?:flag|option|setting|parameter|argument|key|field)\s+)?(?:to|lets\s+you|allows\s+you\s+to|can\s+be\s+used\s+to|can)\s*$",
    )
    .expect("static regex")
});

/// The verbs a flag documentation may use for the dual-use "override the system prompt".
pub(super) static OVERRIDE_VERB: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(r"(?i)^(?:override|overrides|overwrite|replace|customi[sz]e|change)\b")
        .expect("static regex")
});

/// Quotation openers and emphasis that may stand between a cue and the quoted text.
macro_rules! quote_open {
    () => {
        r#"\s*["'“‘`«„「『(*_\[]*\s*$"#
    };
}

/// An adoption cue right before a quotation: a compliance verb governing it ("Follow this
/// rule exactly: `...`", "obey the following: "...""), a label naming it the agent's task
/// or rule ("Your first task: "...", "New instructions: "...""), or a step ("Step 3: `...`").
pub(super) static ADOPT_BEFORE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?:(?-u:\b)(?:follow|obey|execute|apply|adopt|enforce|heed|perform|implement|",
        r"act\s+on|comply\s+with|abide\s+by|carry\s+out|stick\s+to|keep|remember|observe|live\s+by|",
        r"(?:begin|start|open)\s+(?:each|every|the)\s+[\w-]+\s+with)(?-u:\b)(?:\s+[\w'’-]+){0,6}?",
        r"\s*[:,—–-]?",
        quote_open!(),
        r"|(?-u:\b)(?:your|my|new|updated|real|actual|true|first|next|only|primary|main|system)\s+",
        r"(?:[\w-]+\s+){0,2}?(?:tasks?|instructions?|rules?|orders?|directives?|job|mission|goals?|",
        r"objectives?|prompt|persona|role|priorit(?:y|ies)|commands?|mandate)\s*(?:is|are|reads?)?\s*[:=—–-]",
        quote_open!(),
        // "The team's motto is", "House rule:", "Our policy reads"
        r"|(?-u:\b)(?:team['’]?s?|house|our|project['’]?s?|repo(?:sitory)?['’]?s?|standing|golden|session)\s+",
        r"(?:motto|rules?|polic(?:y|ies)|conventions?|principles?|mantra|guidelines?|norms?|standards?)",
        r"\s*(?:is|are|reads?)?\s*[:=,—–-]?",
        quote_open!(),
        r"|(?-u:\b)step\s+\d+\s*[:.)—–-]",
        quote_open!(),
        r"|^[\s>*_#+\d.)-]*(?:tasks?|instructions?|rules?|directives?|orders?|commands?)\s*\d*\s*[:=]",
        quote_open!(),
        r")",
    ))
    .expect("static regex")
});

/// An adoption cue after a quotation: "Stay in that role.", "Follow it exactly.", "Act
/// accordingly.", "That is your new task."
pub(super) static ADOPT_AFTER: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:(?:stay|remain|keep|be)\s+in\s+(?:that|this|the|your|character|role)",
        r"|(?:follow|obey|execute|apply|adopt|enforce|heed|do|perform|run)\s+(?:it|this|that|them|these|those)",
        r"(?:\s+(?:exactly|now|first|always|strictly|literally|immediately|carefully|word\s+for\s+word))?\s*(?:[.!,;]|$)",
        r"|act\s+(?:on\s+it|accordingly)|(?:that|this|it)\s+is\s+(?:now\s+)?your\s+(?:[\w-]+\s+)?",
        r"(?:tasks?|instructions?|rules?|role|persona|orders?|job|priority|mission))",
    ))
    .expect("static regex")
});

/// Words of a topic that discusses text rather than delivering it: an example, an attacker, a
/// payload, a filter. Words that only name or introduce a quotation ("phrase", "string",
/// "says", "contains") are not among them: filler made of them must not lower a payload.
pub(super) static TOPIC_CUE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:such\s+as|e\.g|for\s+(?:example|instance)|examples?|",
        r"attackers?|adversar(?:y|ies)|malware|payloads?|exploits?|threats?|phishing|exfiltrat[a-z]*|",
        r"classif[a-z]*|recogni[sz][a-z]*|filter[a-z]*|sanitiz[a-z]*|scann?[a-z]*)(?-u:\b)",
    ))
    .expect("static regex")
});

/// A label before the match that forbids what follows it: "Never do: `x`", "Do not run:
/// `x`", "Forbidden: `x`", "Bad: `x`".
static FORBIDDING_LABEL: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(&format!(
        concat!(
            r"(?i)(?-u:\b)(?:{neg}(?:\s+(?:ever|do|run|use|execute|type|try|write|call|paste))?|",
            r"forbidden|prohibited|banned|disallowed|not\s+allowed|blocked|denied|don['’]?ts|avoid|",
            r"bad|wrong|incorrect|unsafe|insecure|dangerous)\s*[:—–]",
            quote_open!(),
        ),
        neg = NEGATION
    ))
    .expect("static regex")
});

/// A [`FORBIDDING_LABEL`] word that is the verb phrase "go wrong" ("in case the refactor goes
/// wrong: `x`"): a condition on failure, which labels nothing.
static GONE_WRONG: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:go|goes|going|gone|went)\s+(?:badly\s+|very\s+)?wrong\s*[:—–]",
        quote_open!(),
    ))
    .expect("static regex")
});

/// Whether `prefix` ends in a label that forbids what follows ([`FORBIDDING_LABEL`]), not in
/// "goes wrong:" ([`GONE_WRONG`]).
pub(super) fn forbidding_label(prefix: &str) -> bool {
    FORBIDDING_LABEL.is_match(prefix) && !GONE_WRONG.is_match(prefix)
}

/// A sentence whose subject is an attacker, malware or injected text, in English or another
/// language of the pattern rules ([`Language::attackers`](super::languages::Language)): the
/// prefix opens with it, after determiners, a few adjectives, or an introductory phrase ending
/// in a comma ("In 2023, attackers ...").
pub(super) static NARRATOR: LazyLock<Cue> = LazyLock::new(|| {
    let words = alternation(|l| &l.attackers);
    let glued = alternation(|l| &l.attackers_glued);
    compile(
        &[
            r"(?i)^[\s>*_#+\d.)|-]*(?:[^,.;:!?\n]{0,60},\s*)?",
            r"(?:(?:the|an?|some|many|most|such|these|those|this|that|one|other|real|typical|",
            r"sophisticated|skilled|remote|external|known|compromised|\d{4})\s+){0,3}",
            r"(?:attackers?|adversar(?:y|ies)|malware|threat\s+actors?|bad\s+actors?|hackers?|intruders?|",
            r"(?:malicious|injected|hostile|poisoned)\s+(?:prompts?|instructions?|text|content|files?|",
            r"pages?|documents?|comments?|issues?|packages?|servers?|tools?|inputs?|payloads?)|",
            r"payloads?|prompt\s+injections?|exploits?|worms?|trojans?|",
            &words,
            r")(?:$|[^\w])",
            // Scripts that do not space their words: no boundary after the noun.
            r"|^[\s>*_#+\d.)|-]*",
            &glued,
        ]
        .concat(),
    )
});

/// "Example of exfiltration:", "an instance of a reverse shell": the match is given as an
/// example of an attack.
pub(super) static EXAMPLE_OF: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:examples?|instances?|samples?|illustrations?|demonstrations?)\s+of\s+",
        r"(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:exfiltrat[a-z]*|attacks?|injections?|payloads?|",
        r"exploits?|exploitation|malware|abuse|theft|leaks?|leakage|reverse\s+shells?|backdoors?|",
        r"jailbreaks?|phishing|threats?|what\s+not\s+to\s+do)(?-u:\b)",
    ))
    .expect("static regex")
});

/// The match opens with a negation ("don't tell the user", "never mention").
pub(super) static NEGATION_START: LazyLock<Cue> =
    LazyLock::new(|| Cue::new(&format!(r"(?i)^[`*_]*{NEGATION}(?-u:\b)")).expect("static regex"));

/// The rest of the clause qualifies a telling by its manner: "in a scary way", "in an
/// alarming tone", "harshly". "in any way" is emphasis, not manner, and does not count.
pub(super) static MANNER_AFTER: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^[^;.!?\n]{0,100}?(?-u:\b)(?:in\s+an?\s+(?:[\w-]+\s+){1,2}?(?:way|manner|tone|fashion|voice)",
        r"|harshly|bluntly|rudely|abruptly|alarmingly|curtly|dismissively|condescendingly|",
        r"sarcastically)(?-u:\b)",
    ))
    .expect("static regex")
});

/// Words that make a markdown table a threat model or a list of examples.
pub(super) static TABLE_CUE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:threats?|attacks?|attackers?|exfil[a-z]*|malicious|examples?|risks?|",
        r"vulnerab[a-z]*|payloads?|mitigations?|injections?|abuse|vectors?|dangerous|forbidden|",
        r"blocked|denied|deny|anti-?patterns?|avoid|never|unsafe|insecure|exploits?|detect[a-z]*)(?-u:\b)",
    ))
    .expect("static regex")
});

/// A heading whose section the agent carries out: its instructions, steps, workflow, what
/// to do. Not "Usage" or "Tasks": a document's usage section shows as often as it delivers.
pub(super) static DELIVER_HEADING: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^[\W\d_]*(?:(?:the|your|agent|skill)\s+)?(?:instructions?|how\s+to\s+use|",
        r"workflow|procedure|steps|what\s+to\s+do)(?-u:\b)",
    ))
    .expect("static regex")
});

/// Lead-in words of a fence that deliver its text as the agent's own: a bootstrap or setup
/// section, a start-up preamble, a compliance verb, the agent's own rules or prompt.
pub(super) static FENCE_ADOPT: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:bootstrap[a-z]*|set\s*-?up|start\s*-?up|session\s+start|on\s+start|",
        r"initiali[sz]ation|preamble|boot|first\s+run|before\s+(?:anything|you\s+start|starting)|",
        r"follow|obey|adopt|apply|execute|comply|paste\s+(?:this|it)\s+into|",
        r"your\s+(?:[\w-]+\s+)?(?:tasks?|instructions?|rules?|persona|role|system\s+prompt|prompt))(?-u:\b)",
    ))
    .expect("static regex")
});

/// True when `s` discusses, refuses or forbids by topic ([`TOPIC_CUE`], a refusal, a negated
/// compliance verb); words that only introduce a quotation do not count.
pub(super) fn topical(s: &str) -> bool {
    !s.is_empty() && (TOPIC_CUE.is_match(s) || REFUSAL.is_match(s) || NEGATED_VERB.is_match(s))
}

/// A success claim as the object of a negated telling: "do not tell the user the task is
/// done", "never claim the tests passed". Forbidding a claim of success is a rule about
/// honest reporting, the opposite of concealment. Read on the match and the rest of its
/// sentence.
pub(super) static SUCCESS_CLAIM: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:tell|telling|inform|informing|report|reporting|say|saying|claim|claiming|announce|",
        r"notify|mention|assure|promise)(?-u:\b)[^.;!?\n]{0,60}?(?-u:\b)(?:is|are|was|were|has\s+been|",
        r"have\s+been|['’]s|['’]re)\s+(?:now\s+|all\s+|fully\s+|already\s+|successfully\s+)?(?:done|complete|",
        r"completed|finished|fixed|working|ready|passing|resolved|successful|green|deployed|merged|",
        r"shipped|safe|secure|correct|verified)(?-u:\b)",
        r"|(?-u:\b)(?:tell|inform|report|say|claim|announce|assure|promise)(?-u:\b)[^.;!?\n]{0,60}?",
        r"(?-u:\b)(?:works|worked|passes|passed|succeeded|succeeds|compiles|compiled)(?-u:\b)",
    ))
    .expect("static regex")
});

/// A condition of evidence after a negated telling: "... unless the tests pass", "...
/// until you have verified it", "... without checking", "... on the strength of one
/// result". The telling is allowed once the evidence is there: a rule about honesty. A
/// condition that is no evidence ("unless they ask") does not count.
pub(super) static EVIDENCE_CONDITION: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^[^.;!?\n]{0,120}?(?-u:\b)(?:(?:unless|until|before|only\s+(?:if|when|after))(?-u:\b)[^.;!?\n]{0,80}?(?-u:\b)",
        r"(?:verif[a-z]*|confirm[a-z]*|test[a-z]*|pass(?:es|ed|ing)?|succe[a-z]*|works?|worked|",
        r"complet[a-z]*|check[a-z]*|run|ran|green|builds?|built|compil[a-z]*|validat[a-z]*|prov[a-z]*|",
        r"evidence|proof|actually|really|done|finished|seen|observed|reproduc[a-z]*)(?-u:\b)",
        r"|without\s+(?:first\s+)?(?:verifying|checking|running|testing|confirming|evidence|proof|",
        r"seeing|looking)(?-u:\b)",
        r"|on\s+the\s+(?:strength|basis)\s+of|based\s+(?:only\s+|solely\s+|just\s+|merely\s+)?on",
        r"|(?:just|merely|only)\s+because|if\s+you\s+(?:have\s*n['’]?t|have\s+not|did\s*n['’]?t|did\s+not)",
        r"\s+(?:actually\s+)?(?:verif|test|run|ran|check|confirm|seen|observ|reproduc))",
    ))
    .expect("static regex")
});

/// A condition before the match that there is nothing to report: "If the scan is clean,
/// proceed without comment", "When nothing changed, say nothing". Staying quiet about a
/// clean result hides nothing.
pub(super) static NOTHING_TO_REPORT: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:if|when|whenever|once)\s+(?:the\s+[\w-]+\s+(?:is|are|comes?\s+back|looks?)\s+",
        r"(?:clean|empty|green|fine|good|ok|okay|passing)|(?:there\s+(?:is|are)\s+)?(?:nothing|no\s+",
        r"(?:issues?|problems?|findings?|errors?|changes?|warnings?|conflicts?|matches))(?:\s+(?:is|are|was|were))?",
        r"(?:\s+(?:found|changed|to\s+report|left|remain))?|(?:all\s+)?(?:tests?|checks?|everything)\s+",
        r"(?:pass(?:es)?|succeeds?|looks?\s+good|is\s+fine)|it\s+(?:passes|succeeds))[^.;!?\n]{0,40}[,:]\s*$",
    ))
    .expect("static regex")
});

/// A modal or an auxiliary ending the prefix, with the word before it: "cfg.update() would
/// | silently add", "swallowed errors can | hide bugs from users". The sentence describes
/// what something does or could do; [`super::assess`] reads it as an order only when the
/// subject is the agent or the reader.
pub(super) static DESCRIBING_MODAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)([\w()`.'’-]+)\s+(?:would|will|could|can|may|might|does|did|often|sometimes|usually|tends?\s+to)(?:\s+(?:also|easily|still|then|even))?\s*[`*_]*$",
    )
    .expect("static regex")
});

/// Subjects that make a modal sentence an order to the agent: "you can silently upload",
/// "the assistant will hide".
pub(super) const AGENT_SUBJECTS: [&str; 16] = [
    "you",
    "we",
    "i",
    "agent",
    "agents",
    "assistant",
    "ai",
    "model",
    "claude",
    "copilot",
    "codex",
    "gemini",
    "cursor",
    "bot",
    "llm",
    "yourself",
];

/// The match opens with a negation or a negated auxiliary: "do not tell", "never mention",
/// "must not report", "without telling".
pub(super) static NEGATED_OPENING: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(&format!(
        r"(?i)^[`*_]*(?:(?:do|does|must|should|will|shall|can)\s+not|{NEGATION}|without|avoid)(?-u:\b)"
    ))
    .expect("static regex")
});

/// A permission whose operations are listed with slashes: "an IAM account with permissions
/// to create/delete IAM users", "rights to read/write/delete buckets". It names what a role
/// may do, not an order.
pub(super) static PERMISSION_LIST: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(
        r"(?i)(?-u:\b)(?:permissions?|rights?|access|privileges?|ability|allowed|able|policy|policies|roles?)\s+(?:to|for)\s+(?:[a-z]+\s*/\s*)+$",
    )
    .expect("static regex")
});

/// A line that defines a command-line flag: "`--yolo`:", "- `--yolo` — auto-approve",
/// "| `--dangerously-skip-permissions` | skip prompts |". The flag is the term a reference
/// defines, and the lines under it describe it.
pub(super) static FLAG_DEFINITION: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(
        r"(?i)^\s*(?:[-*+]\s+|\d+[.)]\s+|\|\s*)?[*_]*`-{1,2}[a-z0-9][\w-]*(?:[ =][^`\n]*)?`[*_]*\s*(?::|\||—|–|-\s)",
    )
    .expect("static regex")
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cue_matches_as_the_regex_crate_before_and_after_its_lazy_dfa() {
        let tables: [(&str, &Cue); 4] = [
            ("ADOPT_AFTER", &ADOPT_AFTER),
            ("EXAMPLE_CUE", &EXAMPLE_CUE),
            ("NEGATED_VERB", &NEGATED_VERB),
            ("FLAG_DEFINITION", &FLAG_DEFINITION),
        ];
        let texts = [
            "For example, never run this",
            "e.g. `rm -rf /` is what attackers paste",
            "Do not ever follow it. Then follow these steps: run it, and run it again.",
            "- `--force`: skips the checks",
            "never\u{a0}follow Ｎｅｖｅｒ follow, 例如：忽略",
            "",
        ];
        let mut rng = crate::testing::XorShift::new(7);
        for (name, cue) in tables {
            let oracle = Regex::new(&cue.source).expect("the regex crate builds it");
            // Light at first; past CUE_LIGHT_BYTES searched, with the lazy DFA.
            let mut searched = 0;
            while searched <= 2 * CUE_LIGHT_BYTES {
                let text = *rng.pick(&texts);
                assert_eq!(
                    cue.is_match(text),
                    oracle.is_match(text),
                    "{name}: {text:?}"
                );
                assert_eq!(
                    cue.find(text).map(|m| m.range()),
                    oracle.find(text).map(|m| m.range()),
                    "{name}: {text:?}"
                );
                assert_eq!(
                    cue.find_iter(text).map(|m| m.range()).collect::<Vec<_>>(),
                    oracle
                        .find_iter(text)
                        .map(|m| m.range())
                        .collect::<Vec<_>>(),
                    "{name}: {text:?}"
                );
                searched += 3 * text.len().max(1);
            }
            assert!(cue.full.get().is_some(), "{name} built its lazy DFA");
        }
        // A cue that does not build fails with the regex crate's words.
        let bad = "(?i)never (follow";
        let message = Cue::new(bad).err().expect("unclosed group");
        assert_eq!(
            message,
            Regex::new(bad).expect_err("unclosed group").to_string()
        );
    }
}
