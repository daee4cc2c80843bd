//! Why a match reads as discussion: the reasons the sentence model gives, as notes print them.

/// Why a match reads as discussion, not instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Discussion {
    /// In a fenced code block.
    Fenced,
    /// Between backticks.
    InlineCode,
    /// Between quotation marks.
    Quoted,
    /// After "such as", "e.g.", "for example".
    Example,
    /// In a sentence that forbids following, running or using it.
    Forbidden,
    /// In a list item under a lead-in that forbids its items or lists them as things to find
    /// ("Never do the following:", "Look for patterns that hide errors:").
    ForbiddenList,
    /// In a sentence whose subject is an attacker, malware or injected text: it narrates what
    /// they do ("Attackers ask the model to ...", "The attacker ran `rm -rf /`").
    Narrated,
    /// In a markdown table whose header or row names threats, attacks or examples.
    ThreatTable,
    /// What a command-line flag or setting does ("Use `--system-prompt` to override the system
    /// prompt for one run"): documentation of a tool, not an instruction to the agent.
    OptionDoc,
    /// A negated telling qualified by a manner ("don't tell the user X in a scary way"): it
    /// forbids a way of telling, not the telling.
    Manner,
    /// A negated telling of a success claim, or one allowed once there is evidence ("do not
    /// tell the user it is done unless the tests pass"): a rule about honest reporting.
    Honesty,
    /// Silence about a clean result ("If the scan is clean, proceed without comment").
    NothingToReport,
    /// The whole text of a markdown link: a title it cites.
    LinkText,
    /// A sentence describing what something does or could do ("`update()` would silently
    /// add a key", "empty catch blocks can hide bugs from users"), whose subject is not the
    /// agent or the reader.
    Described,
}

impl Discussion {
    /// Short reason, shown in output next to the lowered severity.
    pub fn reason(self) -> &'static str {
        match self {
            Discussion::Fenced => "inside a fenced code block",
            Discussion::OptionDoc => "describes what a command-line flag or setting does",
            Discussion::InlineCode => "quoted in inline code",
            Discussion::Quoted => "in quotation marks",
            Discussion::Example => "given as an example",
            Discussion::Forbidden => "in a sentence that forbids it",
            Discussion::ForbiddenList => "in a list of things to avoid or to look for",
            Discussion::Narrated => "in a sentence narrating what an attacker does",
            Discussion::ThreatTable => "in a table of threats or examples",
            Discussion::Manner => "about the manner of telling, not whether to tell",
            Discussion::Honesty => "a rule about honest reporting, not concealment",
            Discussion::NothingToReport => "silence about a clean result hides nothing",
            Discussion::Described => "describes what something does, not an order to the agent",
            Discussion::LinkText => "the whole text of a link: the title it cites",
        }
    }
}
