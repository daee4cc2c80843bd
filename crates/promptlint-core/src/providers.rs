//! Provider prompt-cache facts, loaded from `rules/providers.yaml` (embedded): per provider the
//! minimum cacheable prompt per model, the breakpoint limit, the entry lifetimes (TTLs), the
//! hit granularity, the breakpoint lookback, the order of the cached prefix, which changes
//! invalidate which cached parts, which models drop earlier thinking blocks, and request-shape
//! notes. Every fact carries the page it comes from (`source`). They are data because providers
//! change them; the file's header documents each field.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::parse::Provider;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct MinimumSpec {
    models: Vec<String>,
    tokens: usize,
    source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct HitIncrementSpec {
    tokens: usize,
    after: usize,
    source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LookbackSpec {
    blocks: usize,
    source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PrefixOrderSpec {
    parts: Vec<Part>,
    source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelsSpec {
    models: Vec<String>,
    source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProviderSpec {
    id: String,
    name: String,
    source: String,
    #[serde(default)]
    max_breakpoints: Option<usize>,
    #[serde(default)]
    max_breakpoints_source: Option<String>,
    minimums: Vec<MinimumSpec>,
    #[serde(default)]
    ttls: Vec<Ttl>,
    #[serde(default)]
    hit_increment: Option<HitIncrementSpec>,
    #[serde(default)]
    lookback_blocks: Option<LookbackSpec>,
    #[serde(default)]
    prefix_order: Option<PrefixOrderSpec>,
    #[serde(default)]
    invalidation: Vec<Invalidation>,
    #[serde(default)]
    strips_prior_thinking: Option<ModelsSpec>,
    #[serde(default)]
    notes: Vec<Note>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProvidersFile {
    providers: Vec<ProviderSpec>,
}

/// The provider facts.
#[derive(Debug, Clone)]
pub struct Providers {
    providers: Vec<ProviderSpec>,
}

/// A minimum cacheable prompt length that applies to a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minimum {
    /// Provider name (`Anthropic`).
    pub provider: String,
    /// Tokens (the provider's own count).
    pub tokens: usize,
    /// The model it was looked up for, or `None` when the model is unknown and this is the
    /// provider's smallest minimum.
    pub model: Option<String>,
    /// Where the number comes from.
    pub source: String,
}

/// A limit on explicit cache breakpoints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BreakpointLimit {
    /// Provider name.
    pub provider: String,
    /// Most breakpoints a request may carry.
    pub max: usize,
    /// Where the number comes from.
    pub source: String,
}

/// A part of a request that is cached as one level of the prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    /// Tool definitions (`tools`, Bedrock's `toolConfig.tools`, Gemini's `tools`).
    Tools,
    /// The system prompt (`system`, OpenAI's system/developer message or `instructions`,
    /// Gemini's `systemInstruction`).
    System,
    /// The conversation (`messages`, `input`, `contents`).
    Messages,
}

/// How long a cache entry lives after its last use, for one retention setting.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ttl {
    /// The value a request selects it with (`5m`, `1h`, `in_memory`, `24h`).
    pub name: String,
    /// Seconds: the longest documented lifetime after the last use.
    pub seconds: u64,
    /// Seconds: the documented lower bound where eviction is best effort (OpenAI's in-memory
    /// retention: 5 to 10 minutes of inactivity, at most an hour).
    #[serde(default)]
    pub min_seconds: Option<u64>,
    /// True for the lifetime a request gets when it names none.
    #[serde(default)]
    pub default: bool,
    /// Where it comes from.
    pub source: String,
}

/// One row of a provider's invalidation table: what a change to the request invalidates.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Invalidation {
    /// The change, in snake case (`tool_definitions`, `model`, `system`, `tool_choice`, ...).
    pub change: String,
    /// The cached parts it invalidates.
    pub invalidates: Vec<Part>,
    /// Where it comes from.
    pub source: String,
}

/// A request-shape fact, read by its id (`prompt_cache_key`, `instructions_not_carried_over`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// Stable id.
    pub id: String,
    /// The fact, lower case, for messages.
    pub text: String,
    /// Where it comes from.
    pub source: String,
}

/// A fact whose source [`Providers::source_of`] returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fact {
    /// The breakpoint limit.
    Breakpoints,
    /// The hit granularity.
    HitIncrement,
    /// The breakpoint lookback.
    Lookback,
    /// The order of the cached prefix.
    PrefixOrder,
    /// Which models strip earlier thinking blocks.
    StripsPriorThinking,
}

/// True when `model` matches `pattern`: `x*` a prefix, `*x` a suffix, `*x*` a substring, `*`
/// anything, otherwise equality.
fn model_matches(pattern: &str, model: &str) -> bool {
    match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(rest), _) => match rest.strip_suffix('*') {
            Some(inner) => model.contains(inner),
            None => model.ends_with(rest),
        },
        (None, Some(prefix)) => model.starts_with(prefix),
        (None, None) => model == pattern,
    }
}

impl Providers {
    /// The embedded facts, parsed once.
    ///
    /// # Panics
    /// When the embedded providers.yaml is invalid; a test keeps that from shipping.
    pub fn builtin() -> &'static Providers {
        static P: OnceLock<Providers> = OnceLock::new();
        P.get_or_init(|| {
            let text = crate::data::embedded_files()
                .iter()
                .find(|(p, _)| *p == "rules/providers.yaml")
                .map(|(_, t)| *t)
                .expect("rules/providers.yaml is embedded");
            Providers::parse(text).unwrap_or_else(|e| panic!("rules/providers.yaml: {e}"))
        })
    }

    /// Parses a providers.yaml text.
    ///
    /// # Errors
    /// The YAML error, as text.
    pub fn parse(text: &str) -> Result<Providers, String> {
        let f: ProvidersFile = serde_saphyr::from_str(text).map_err(|e| e.to_string())?;
        Ok(Providers {
            providers: f.providers,
        })
    }

    fn spec(&self, p: Provider) -> Option<&ProviderSpec> {
        let id = p.as_str();
        self.providers.iter().find(|s| s.id == id)
    }

    /// The minimum cacheable prompt (tokens) of `model` at `provider`; with no provider (a
    /// prompt file), the smallest minimum of any provider.
    pub fn minimum(&self, provider: Option<Provider>, model: Option<&str>) -> Option<Minimum> {
        let Some(p) = provider else {
            return self
                .providers
                .iter()
                .flat_map(|s| s.minimums.iter().map(move |m| (s, m)))
                .min_by_key(|(_, m)| m.tokens)
                .map(|(s, m)| Minimum {
                    provider: s.name.clone(),
                    tokens: m.tokens,
                    model: None,
                    source: m.source.clone(),
                });
        };
        let spec = self.spec(p)?;
        if let Some(model) = model
            && let Some(m) = spec
                .minimums
                .iter()
                .find(|m| m.models.iter().any(|pat| model_matches(pat, model)))
        {
            return Some(Minimum {
                provider: spec.name.clone(),
                tokens: m.tokens,
                model: Some(model.to_owned()),
                source: m.source.clone(),
            });
        }
        spec.minimums
            .iter()
            .min_by_key(|m| m.tokens)
            .map(|m| Minimum {
                provider: spec.name.clone(),
                tokens: m.tokens,
                model: None,
                source: m.source.clone(),
            })
    }

    /// The limit on explicit breakpoints (`cache_control`, `cachePoint`) of `provider`, when it
    /// has one (Anthropic and Bedrock: 4).
    pub fn breakpoint_limit(&self, provider: Provider) -> Option<BreakpointLimit> {
        let spec = self.spec(provider)?;
        Some(BreakpointLimit {
            provider: spec.name.clone(),
            max: spec.max_breakpoints?,
            source: spec
                .max_breakpoints_source
                .clone()
                .unwrap_or_else(|| spec.source.clone()),
        })
    }

    /// The entry lifetimes of `provider`, each with its seconds and source (Anthropic: `5m`,
    /// the default, and `1h`; OpenAI: `in_memory` and `24h`). Empty when none is documented.
    pub fn ttls(&self, provider: Provider) -> &[Ttl] {
        self.spec(provider).map_or(&[], |s| s.ttls.as_slice())
    }

    /// The lifetime a request of `provider` gets when it names none.
    pub fn default_ttl(&self, provider: Provider) -> Option<&Ttl> {
        self.ttls(provider).iter().find(|t| t.default)
    }

    /// Cache hit granularity of `provider` as `(step, first)`, both in tokens: the cached part
    /// of a prompt is `first`, then grows in steps of `step` (OpenAI: `(128, 1024)`, so 1024,
    /// 1152, 1280 ...). `None` where hits are per breakpoint or undocumented.
    pub fn hit_increment(&self, provider: Provider) -> Option<(usize, usize)> {
        let h = self.spec(provider)?.hit_increment.as_ref()?;
        Some((h.tokens, h.after))
    }

    /// How many content blocks before a breakpoint `provider` also tries for a hit (Anthropic:
    /// 20; a longer turn needs a breakpoint of its own). `None` when undocumented.
    pub fn lookback_blocks(&self, provider: Provider) -> Option<usize> {
        Some(self.spec(provider)?.lookback_blocks.as_ref()?.blocks)
    }

    /// The order the parts of a `provider` request form the cached prefix in (Anthropic: tools,
    /// system, messages).
    pub fn prefix_order(&self, provider: Provider) -> Option<&[Part]> {
        Some(self.spec(provider)?.prefix_order.as_ref()?.parts.as_slice())
    }

    /// The rows of `provider`'s invalidation table.
    pub fn invalidation(&self, provider: Provider) -> &[Invalidation] {
        self.spec(provider)
            .map_or(&[], |s| s.invalidation.as_slice())
    }

    /// The cached parts that `change` (a row of the invalidation table, such as
    /// `tool_definitions`, `system`, `tool_choice`, `model`) invalidates at `provider`; `None`
    /// for a change the provider documents nothing about.
    pub fn invalidates(&self, provider: Provider, change: &str) -> Option<&[Part]> {
        self.invalidation(provider)
            .iter()
            .find(|i| i.change == change)
            .map(|i| i.invalidates.as_slice())
    }

    /// True when `model` at `provider` drops the thinking blocks of earlier assistant turns
    /// from the context (and so from the cached prefix) once a user turn holds anything but
    /// tool results; within a tool-use loop they are kept. Anthropic: Opus 4.1 and earlier,
    /// Sonnet 4.5 and earlier, every Haiku through 4.5; Opus 4.5+ and Sonnet 4.6+ keep them.
    pub fn strips_prior_thinking(&self, provider: Provider, model: &str) -> bool {
        self.spec(provider)
            .and_then(|s| s.strips_prior_thinking.as_ref())
            .is_some_and(|m| m.models.iter().any(|pat| model_matches(pat, model)))
    }

    /// The request-shape note `id` of `provider`.
    pub fn note(&self, provider: Provider, id: &str) -> Option<&Note> {
        self.spec(provider)?.notes.iter().find(|n| n.id == id)
    }

    /// Where `fact` of `provider` comes from, when the provider documents it.
    pub fn source_of(&self, provider: Provider, fact: Fact) -> Option<&str> {
        let s = self.spec(provider)?;
        match fact {
            Fact::Breakpoints => s.max_breakpoints.map(|_| {
                s.max_breakpoints_source
                    .as_deref()
                    .unwrap_or(s.source.as_str())
            }),
            Fact::HitIncrement => s.hit_increment.as_ref().map(|h| h.source.as_str()),
            Fact::Lookback => s.lookback_blocks.as_ref().map(|l| l.source.as_str()),
            Fact::PrefixOrder => s.prefix_order.as_ref().map(|o| o.source.as_str()),
            Fact::StripsPriorThinking => {
                s.strips_prior_thinking.as_ref().map(|m| m.source.as_str())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANTHROPIC_DOC: &str =
        "https://platform.claude.com/docs/en/build-with-claude/prompt-caching";

    fn tokens(prov: Option<Provider>, model: Option<&str>) -> Option<usize> {
        Providers::builtin().minimum(prov, model).map(|m| m.tokens)
    }

    #[test]
    fn minimums_by_model_and_fallbacks() {
        use Provider::*;
        let a = Some(Anthropic);
        assert_eq!(tokens(a, Some("claude-sonnet-4-5-20250929")), Some(1024));
        assert_eq!(tokens(a, Some("claude-sonnet-4-6")), Some(1024));
        assert_eq!(tokens(a, Some("claude-opus-4-5")), Some(4096));
        assert_eq!(tokens(a, Some("claude-opus-4-6")), Some(4096));
        assert_eq!(tokens(a, Some("claude-haiku-4-5-20251001")), Some(4096));
        assert_eq!(tokens(a, Some("claude-opus-4-1-20250805")), Some(1024));
        assert_eq!(tokens(a, Some("claude-3-5-haiku-latest")), Some(2048));
        // An unlisted model gets the provider's smallest minimum, without a model.
        assert_eq!(tokens(a, Some("claude-next")), Some(1024));
        let p = Providers::builtin();
        assert_eq!(p.minimum(a, Some("claude-next")).unwrap().model, None);
        assert_eq!(
            p.minimum(a, Some("claude-opus-4-5"))
                .unwrap()
                .model
                .as_deref(),
            Some("claude-opus-4-5")
        );
        assert_eq!(tokens(Some(OpenAiChat), Some("gpt-4.1")), Some(1024));
        assert_eq!(tokens(Some(OpenAiResponses), Some("gpt-5")), Some(1024));
        let b = Some(Bedrock);
        assert_eq!(
            tokens(b, Some("us.anthropic.claude-sonnet-4-5-20250929-v1:0")),
            Some(1024)
        );
        assert_eq!(
            tokens(b, Some("global.anthropic.claude-opus-4-5-20251101-v1:0")),
            Some(4096)
        );
        assert_eq!(
            tokens(b, Some("anthropic.claude-3-5-haiku-20241022-v1:0")),
            Some(2048)
        );
        assert_eq!(tokens(b, Some("amazon.nova-pro-v1:0")), Some(1000));
        assert_eq!(tokens(b, Some("us.amazon.nova-lite-v1:0")), Some(1000));
        assert_eq!(tokens(b, Some("meta.llama3-70b")), Some(1000));
        let g = Some(Gemini);
        assert_eq!(tokens(g, Some("gemini-2.5-flash")), Some(2048));
        assert_eq!(tokens(g, Some("models/gemini-2.5-pro")), Some(2048));
        assert_eq!(tokens(g, Some("gemini-3-flash-preview")), Some(1024));
        assert_eq!(tokens(g, Some("gemini-3.1-pro-preview")), Some(4096));
        assert_eq!(tokens(g, Some("gemini-3.5-flash")), Some(4096));
        assert_eq!(tokens(g, Some("gemini-2.0-flash")), Some(2048));
        assert_eq!(tokens(g, None), Some(1024));
        // A prompt file: the smallest minimum of any provider (Amazon Nova's 1,000).
        let any = p.minimum(None, None).unwrap();
        assert_eq!(
            (any.tokens, any.provider.as_str()),
            (1000, "Amazon Bedrock")
        );
    }

    #[test]
    fn model_patterns() {
        assert!(model_matches(
            "claude-opus-4-5*",
            "claude-opus-4-5-20251101"
        ));
        assert!(!model_matches("claude-opus-4-5*", "us.claude-opus-4-5"));
        assert!(model_matches(
            "*anthropic.claude-opus-4-5*",
            "us.anthropic.claude-opus-4-5-v1:0"
        ));
        assert!(model_matches("*-v1:0", "amazon.nova-pro-v1:0"));
        assert!(!model_matches("*-v1:0", "amazon.nova-pro-v2:0"));
        assert!(model_matches("*", "anything"));
        assert!(model_matches("claude-opus-4", "claude-opus-4"));
        assert!(!model_matches("claude-opus-4", "claude-opus-4-1"));
    }

    #[test]
    fn breakpoint_limits() {
        let p = Providers::builtin();
        let a = p.breakpoint_limit(Provider::Anthropic).unwrap();
        assert_eq!(
            (a.max, a.provider.as_str(), a.source.as_str()),
            (4, "Anthropic", ANTHROPIC_DOC)
        );
        let b = p.breakpoint_limit(Provider::Bedrock).unwrap();
        assert_eq!(
            (b.max, b.source.as_str()),
            (
                4,
                "https://portkey.ai/docs/integrations/llms/bedrock/prompt-caching"
            )
        );
        assert_eq!(p.breakpoint_limit(Provider::OpenAiChat), None);
        assert_eq!(p.breakpoint_limit(Provider::OpenAiResponses), None);
        assert_eq!(p.breakpoint_limit(Provider::Gemini), None);
    }

    #[test]
    fn ttls_per_provider() {
        let p = Providers::builtin();
        let secs = |prov| {
            p.ttls(prov)
                .iter()
                .map(|t| (t.name.as_str(), t.seconds, t.min_seconds, t.default))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            secs(Provider::Anthropic),
            vec![("5m", 300, None, true), ("1h", 3600, None, false)]
        );
        assert_eq!(
            secs(Provider::OpenAiChat),
            vec![
                ("in_memory", 3600, Some(300), true),
                ("24h", 86400, None, false)
            ]
        );
        assert_eq!(secs(Provider::OpenAiResponses), secs(Provider::OpenAiChat));
        assert_eq!(
            secs(Provider::Bedrock),
            vec![("5m", 300, None, true), ("1h", 3600, None, false)]
        );
        assert_eq!(
            secs(Provider::Gemini),
            vec![("explicit_default", 3600, None, true)]
        );
        assert_eq!(
            p.default_ttl(Provider::Anthropic)
                .map(|t| t.source.as_str()),
            Some(ANTHROPIC_DOC)
        );
        assert_eq!(
            p.ttls(Provider::Bedrock)[1].source,
            "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html"
        );
    }

    #[test]
    fn hit_increment_and_lookback() {
        let p = Providers::builtin();
        assert_eq!(p.hit_increment(Provider::OpenAiChat), Some((128, 1024)));
        assert_eq!(
            p.hit_increment(Provider::OpenAiResponses),
            Some((128, 1024))
        );
        assert_eq!(p.hit_increment(Provider::Anthropic), None);
        assert_eq!(p.hit_increment(Provider::Bedrock), None);
        assert_eq!(p.hit_increment(Provider::Gemini), None);
        assert_eq!(
            p.source_of(Provider::OpenAiChat, Fact::HitIncrement),
            Some("https://developers.openai.com/cookbook/examples/prompt_caching_201")
        );
        assert_eq!(p.lookback_blocks(Provider::Anthropic), Some(20));
        assert_eq!(p.lookback_blocks(Provider::OpenAiChat), None);
        assert_eq!(p.lookback_blocks(Provider::Bedrock), None);
        assert_eq!(p.lookback_blocks(Provider::Gemini), None);
        assert_eq!(
            p.source_of(Provider::Anthropic, Fact::Lookback),
            Some(ANTHROPIC_DOC)
        );
        assert_eq!(p.source_of(Provider::Gemini, Fact::Lookback), None);
        assert_eq!(
            p.source_of(Provider::Anthropic, Fact::Breakpoints),
            Some(ANTHROPIC_DOC)
        );
        assert_eq!(p.source_of(Provider::OpenAiChat, Fact::Breakpoints), None);
    }

    #[test]
    fn prefix_order_per_provider() {
        use Part::*;
        let p = Providers::builtin();
        let full: &[Part] = &[Tools, System, Messages];
        assert_eq!(p.prefix_order(Provider::Anthropic), Some(full));
        assert_eq!(p.prefix_order(Provider::OpenAiChat), Some(full));
        assert_eq!(p.prefix_order(Provider::Bedrock), Some(full));
        assert_eq!(
            p.prefix_order(Provider::Gemini),
            Some(&[System, Tools, Messages][..])
        );
        assert_eq!(
            p.source_of(Provider::Gemini, Fact::PrefixOrder),
            Some("https://ai.google.dev/api/caching")
        );
    }

    #[test]
    fn invalidation_tables() {
        use Part::*;
        let p = Providers::builtin();
        let a = |c| p.invalidates(Provider::Anthropic, c);
        assert_eq!(a("tool_definitions"), Some(&[Tools, System, Messages][..]));
        assert_eq!(a("model"), Some(&[Tools, System, Messages][..]));
        assert_eq!(a("web_search_toggle"), Some(&[System, Messages][..]));
        assert_eq!(a("citations_toggle"), Some(&[System, Messages][..]));
        assert_eq!(a("system"), Some(&[System, Messages][..]));
        assert_eq!(a("tool_choice"), Some(&[Messages][..]));
        assert_eq!(a("images"), Some(&[Messages][..]));
        assert_eq!(a("thinking"), Some(&[Messages][..]));
        assert_eq!(a("messages"), Some(&[Messages][..]));
        assert_eq!(a("temperature"), None);
        assert_eq!(p.invalidation(Provider::Anthropic).len(), 9);
        for prov in [
            Provider::OpenAiChat,
            Provider::OpenAiResponses,
            Provider::Bedrock,
        ] {
            let i = |c| p.invalidates(prov, c);
            assert_eq!(i("tool_definitions"), Some(&[Tools, System, Messages][..]));
            assert_eq!(i("model"), Some(&[Tools, System, Messages][..]));
            assert_eq!(i("system"), Some(&[System, Messages][..]));
            assert_eq!(i("messages"), Some(&[Messages][..]));
            assert_eq!(i("tool_choice"), None);
        }
        let g = |c| p.invalidates(Provider::Gemini, c);
        assert_eq!(g("system"), Some(&[System, Tools, Messages][..]));
        assert_eq!(g("tool_definitions"), Some(&[Tools, Messages][..]));
        assert_eq!(g("model"), Some(&[System, Tools, Messages][..]));
        assert_eq!(g("messages"), Some(&[Messages][..]));
        assert_eq!(
            p.invalidation(Provider::Anthropic)[0].source,
            "https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-use-with-prompt-caching"
        );
    }

    #[test]
    fn prior_thinking_stripped_by_older_models() {
        let p = Providers::builtin();
        let strips = |m| p.strips_prior_thinking(Provider::Anthropic, m);
        for m in [
            "claude-sonnet-4-5-20250929",
            "claude-sonnet-4-20250514",
            "claude-opus-4-1-20250805",
            "claude-opus-4-20250514",
            "claude-3-7-sonnet-latest",
            "claude-haiku-4-5",
            "claude-3-5-haiku-20241022",
        ] {
            assert!(strips(m), "{m}");
        }
        for m in [
            "claude-opus-4-5",
            "claude-opus-4-6",
            "claude-sonnet-4-6",
            "claude-next",
        ] {
            assert!(!strips(m), "{m}");
        }
        assert!(!p.strips_prior_thinking(Provider::OpenAiChat, "claude-sonnet-4-5"));
        assert!(!p.strips_prior_thinking(Provider::Bedrock, "anthropic.claude-sonnet-4-5"));
        assert!(!p.strips_prior_thinking(Provider::Gemini, "gemini-2.5-pro"));
        assert_eq!(
            p.source_of(Provider::Anthropic, Fact::StripsPriorThinking),
            Some("https://platform.claude.com/docs/en/build-with-claude/extended-thinking")
        );
    }

    #[test]
    fn notes_by_id() {
        let p = Providers::builtin();
        let ids = |prov| {
            p.spec(prov)
                .unwrap()
                .notes
                .iter()
                .map(|n| n.id.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ids(Provider::Anthropic),
            vec!["string_content_is_one_text_block", "cache_scope"]
        );
        assert_eq!(
            ids(Provider::OpenAiResponses),
            vec![
                "prompt_cache_key",
                "routing_prefix",
                "instructions_not_carried_over",
                "previous_response_id",
                "compatible_xai",
                "compatible_deepseek"
            ]
        );
        assert_eq!(
            ids(Provider::Bedrock),
            vec!["cache_point_fields", "claude_lookback"]
        );
        assert_eq!(
            ids(Provider::Gemini),
            vec!["implicit_default", "cached_content"]
        );
        assert_eq!(
            p.note(Provider::OpenAiResponses, "instructions_not_carried_over")
                .map(|n| n.source.as_str()),
            Some("https://platform.openai.com/docs/api-reference/responses/create")
        );
        assert!(p.note(Provider::Gemini, "prompt_cache_key").is_none());
    }

    #[test]
    fn every_fact_has_a_source_and_unknown_fields_are_refused() {
        let p = Providers::builtin();
        for s in &p.providers {
            assert!(s.source.starts_with("https://"), "{}", s.id);
            let mut sources: Vec<&str> = s.minimums.iter().map(|m| m.source.as_str()).collect();
            sources.extend(s.ttls.iter().map(|t| t.source.as_str()));
            sources.extend(s.invalidation.iter().map(|i| i.source.as_str()));
            sources.extend(s.notes.iter().map(|n| n.source.as_str()));
            for src in sources {
                assert!(src.starts_with("https://"), "{}: {src}", s.id);
            }
            assert_eq!(
                s.max_breakpoints.is_some(),
                s.max_breakpoints_source.is_some(),
                "{}",
                s.id
            );
            assert!(s.ttls.iter().filter(|t| t.default).count() <= 1, "{}", s.id);
        }
        let ids: Vec<&str> = p.providers.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, vec!["anthropic", "openai", "bedrock", "gemini"]);
        let bad = "providers:\n  - id: x\n    name: X\n    source: s\n    minimums: []\n    ttls: [{ name: a, seconds: 1, source: s, extra: 1 }]\n";
        assert!(Providers::parse(bad).is_err());
        let bad_part = "providers:\n  - id: x\n    name: X\n    source: s\n    minimums: []\n    invalidation: [{ change: c, invalidates: [history], source: s }]\n";
        assert!(Providers::parse(bad_part).is_err());
    }
}
