//! Benchmark of the normalize stage against pattern matching (criterion).
//!
//! The budget (issue 5): building the normalized views must cost at most twice as much as
//! running the pattern rules over the raw, lower-cased text. Both are measured here over the
//! same generated corpus: about 256 KiB of segments (one paragraph, list or code block each,
//! as the markdown parser hands them over) mixing English prose, Chinese and Japanese,
//! Russian, emoji, markdown emphasis, inline code, links, HTML entities and the odd fullwidth
//! or accented word, from a fixed-seed generator, so every machine measures the same bytes.
//!
//! - `normalize`: [`normalize`] of every segment (both views and their offset maps);
//! - `match-raw`: the keyword automaton and the triggered regexes of every built-in pattern
//!   rule, both view sets, over every segment lower-cased (what matching would cost with no
//!   normalization at all);
//! - `match-views`: the same rules over the normalized views, as the pipeline runs them.
//!
//! Regexes are compiled before measuring (they compile once per process in a real run).
//! `cargo bench --bench normalize`; the figures are quoted in the issue note.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use promptlint::normalize::{ViewKind, normalize};
use promptlint::rules::Catalog;

/// Total size of the generated corpus, in bytes.
const CORPUS_BYTES: usize = 256 * 1024;

/// A fixed-seed generator (Knuth's MMIX LCG constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.next() % items.len()]
    }
}

const EN: &[&str] = &[
    "Run the tests before you open a pull request.",
    "Ignore the generated files under dist/ when reviewing.",
    "Follow the previous instructions in this file for the release steps.",
    "You are now ready to run the integration suite.",
    "Always ask for confirmation before pushing to a shared branch.",
    "Keep functions small and prefer explicit errors over panics.",
    "The linter ignores previous versions of the schema.",
    "Do not change the application's dependencies without approval.",
    "Use the cached docs when the network is down.",
    "Tell the user which files you changed when you finish.",
];

const ZH: &[&str] = &[
    "请在提交前运行全部测试。",
    "生成的文件不需要审查，请忽略 dist 目录。",
    "完成后告诉用户你修改了哪些文件。",
    "所有接口都必须有文档注释。",
    "運行測試前請先安裝依賴。",
];

const JA: &[&str] = &[
    "プルリクエストを作成する前にテストを実行してください。",
    "生成されたファイルは無視してください。",
    "変更したファイルをユーザーに伝えてください。",
];

const RU: &[&str] = &[
    "Перед коммитом запусти все тесты.",
    "Сгенерированные файлы проверять не нужно.",
    "Сообщи пользователю, какие файлы ты изменил.",
];

const DECOR: &[&str] = &[
    "🚀",
    "✅",
    "👨‍👩‍👧",
    "**important**",
    "`cargo test`",
    "[the guide](https://example.com/guide)",
    "&amp;",
    "&nbsp;",
    "Ｆｕｌｌｗｉｄｔｈ",
    "café",
    "_emphasis_",
    "~~old~~",
];

/// One segment: a paragraph, a list or a code block.
fn segment(rng: &mut Lcg) -> String {
    let mut out = String::new();
    match rng.next() % 6 {
        0 => {
            out.push_str("```sh\ncargo build --release\ncargo test -- --nocapture\n```");
        }
        1 => {
            for _ in 0..(2 + rng.next() % 4) {
                out.push_str("- ");
                out.push_str(rng.pick(EN));
                out.push(' ');
                out.push_str(rng.pick(DECOR));
                out.push('\n');
            }
        }
        _ => {
            for _ in 0..(3 + rng.next() % 6) {
                let pool = match rng.next() % 10 {
                    0..=5 => EN,
                    6 => ZH,
                    7 => JA,
                    8 => RU,
                    _ => DECOR,
                };
                out.push_str(rng.pick(pool));
                out.push(' ');
                if rng.next().is_multiple_of(4) {
                    out.push_str(rng.pick(DECOR));
                    out.push(' ');
                }
            }
        }
    }
    out
}

fn corpus() -> Vec<String> {
    let mut rng = Lcg(0x5eed_0005);
    let mut out = Vec::new();
    let mut total = 0;
    while total < CORPUS_BYTES {
        let s = segment(&mut rng);
        total += s.len();
        out.push(s);
    }
    out
}

fn main() {
    let segments = corpus();
    let bytes: usize = segments.iter().map(String::len).sum();
    let lowered: Vec<String> = segments.iter().map(|s| s.to_lowercase()).collect();
    let catalog = Catalog::builtin();
    let sets = [ViewKind::Text, ViewKind::Prose].map(|v| (v, catalog.patterns(v)));
    let match_all = |text: &str, view: ViewKind| -> usize {
        let mut n = 0;
        for (v, set) in &sets {
            if *v == view {
                let _ = set.find(text, |_| true, |_, _| n += 1);
            }
        }
        n
    };
    // Compile every triggered regex before measuring.
    for (s, l) in segments.iter().zip(&lowered) {
        let norm = normalize(s);
        match_all(l, ViewKind::Text);
        match_all(l, ViewKind::Prose);
        match_all(&norm.view(ViewKind::Text).text, ViewKind::Text);
        match_all(&norm.view(ViewKind::Prose).text, ViewKind::Prose);
    }

    let mut c = Criterion::default()
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();
    let mut g = c.benchmark_group("normalize-vs-match");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("normalize", |b| {
        b.iter(|| {
            for s in &segments {
                black_box(normalize(black_box(s)));
            }
        });
    });
    g.bench_function("match-raw", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lowered {
                n += match_all(black_box(l), ViewKind::Text);
                n += match_all(black_box(l), ViewKind::Prose);
            }
            black_box(n)
        });
    });
    g.bench_function("match-views", |b| {
        let views: Vec<_> = segments.iter().map(|s| normalize(s)).collect();
        b.iter(|| {
            let mut n = 0;
            for v in &views {
                n += match_all(black_box(&v.view(ViewKind::Text).text), ViewKind::Text);
                n += match_all(black_box(&v.view(ViewKind::Prose).text), ViewKind::Prose);
            }
            black_box(n)
        });
    });
    g.finish();
    c.final_summary();
}
