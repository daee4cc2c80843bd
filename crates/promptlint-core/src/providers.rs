//! Provider prompt-cache facts, loaded from `rules/providers.yaml` (embedded): the minimum
//! cacheable prompt per model and the breakpoint limit, each with its source. They are data
//! because providers change them.

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
struct ProviderSpec {
    id: String,
    name: String,
    source: String,
    #[serde(default)]
    max_breakpoints: Option<usize>,
    #[serde(default)]
    max_breakpoints_source: Option<String>,
    minimums: Vec<MinimumSpec>,
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

fn model_matches(pattern: &str, model: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => model.starts_with(prefix),
        None => model == pattern,
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

    /// The minimum cacheable prompt of `model` at `provider`; with no provider (a prompt file),
    /// the smallest minimum of any provider.
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

    /// The breakpoint limit of `provider`, when it has one.
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimums_by_model_and_fallbacks() {
        let p = Providers::builtin();
        let m = |prov, model| p.minimum(prov, model).map(|m| m.tokens);
        assert_eq!(
            m(
                Some(Provider::Anthropic),
                Some("claude-sonnet-4-5-20250929")
            ),
            Some(1024)
        );
        assert_eq!(
            m(Some(Provider::Anthropic), Some("claude-opus-4-5")),
            Some(4096)
        );
        assert_eq!(
            m(Some(Provider::Anthropic), Some("claude-opus-4-1-20250805")),
            Some(1024)
        );
        assert_eq!(
            m(Some(Provider::Anthropic), Some("claude-3-5-haiku-latest")),
            Some(2048)
        );
        assert_eq!(
            m(Some(Provider::Anthropic), Some("claude-next")),
            Some(1024)
        );
        assert_eq!(m(Some(Provider::OpenAiChat), Some("gpt-4.1")), Some(1024));
        assert_eq!(m(None, None), Some(1024));
        assert!(
            p.minimum(Some(Provider::Anthropic), Some("claude-next"))
                .unwrap()
                .model
                .is_none()
        );
        assert_eq!(
            p.breakpoint_limit(Provider::Anthropic).map(|b| b.max),
            Some(4)
        );
        assert_eq!(p.breakpoint_limit(Provider::OpenAiChat), None);
    }
}
