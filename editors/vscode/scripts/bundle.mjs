// Bundles the client and vscode-languageclient into dist/extension.js (CommonJS, for the
// Node.js that VS Code runs extensions in); `vscode` is provided by the editor at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["src/extension.ts"],
  bundle: true,
  outfile: "dist/extension.js",
  external: ["vscode"],
  format: "cjs",
  platform: "node",
  target: "node18",
  minify: true,
  sourcemap: false,
  legalComments: "eof",
  logLevel: "warning",
});
