import { strict as assert } from "node:assert";
import { test } from "node:test";

import { serverArgs } from "../src/args";

test("the server subcommand comes first, then the user's arguments", () => {
  assert.deepEqual(serverArgs([]), ["server"]);
  assert.deepEqual(serverArgs(undefined), ["server"]);
  assert.deepEqual(serverArgs(["--config", "ci/promptlint.yaml"]), ["server", "--config", "ci/promptlint.yaml"]);
});

test("a repeated server subcommand is not doubled", () => {
  assert.deepEqual(serverArgs(["server", "--no-config"]), ["server", "--no-config"]);
});

test("values that are not strings are dropped", () => {
  assert.deepEqual(serverArgs(["--no-config", 3, { a: 1 }, null, "--strict"]), ["server", "--no-config", "--strict"]);
  assert.deepEqual(serverArgs("--no-config"), ["server"]);
  assert.deepEqual(serverArgs({ 0: "--no-config" }), ["server"]);
});
