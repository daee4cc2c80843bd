// The command line of the server: `<binary> server [promptlint.args...]`. No `vscode`
// import: the unit tests run it under plain node.

/** The subcommand that speaks LSP over stdio. */
export const SERVER_SUBCOMMAND = "server";

/**
 * The arguments after the binary: `server`, then the user's extra arguments. A value of
 * the setting that is not an array of strings (a hand-edited settings.json) is dropped
 * element by element, never passed on as `[object Object]`; a `server` the user repeated
 * first is not doubled.
 */
export function serverArgs(extra: unknown): string[] {
  const args = Array.isArray(extra) ? extra.filter((a): a is string => typeof a === "string") : [];
  const rest = args[0] === SERVER_SUBCOMMAND ? args.slice(1) : args;
  return [SERVER_SUBCOMMAND, ...rest];
}
