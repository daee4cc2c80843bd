// The documents the client sends to the server: every markdown document (the server
// reports only on those its discovery would scan, by the same conventions and config), and
// the other files of promptlint's conventions by their glob (src/patterns.ts, generated from
// rules/agents.yaml). Only `file` documents: an untitled buffer or a diff view's
// `git:` document has no path for the conventions to match. No `vscode` import.
import { AGENT_FILE_GLOBS } from "./patterns";

/** A `vscode.DocumentFilter` (the plain object form the language client takes). */
export interface DocumentFilter {
  scheme: string;
  language?: string;
  pattern?: string;
}

/** The selector of the language client. */
export function documentSelector(): DocumentFilter[] {
  return [
    { scheme: "file", language: "markdown" },
    ...AGENT_FILE_GLOBS.map((pattern) => ({ scheme: "file", pattern })),
  ];
}

/** The files whose change the server hears of (workspace/didChangeWatchedFiles): the config. */
export const CONFIG_GLOB = "**/.promptlint.yaml";
