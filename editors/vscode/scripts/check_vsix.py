#!/usr/bin/env python3
"""Checks a built .vsix: its manifest and its contents.

usage: check_vsix.py EXTENSION.vsix

A .vsix is a zip (the Open Packaging Conventions layout vsce writes): `extension.vsixmanifest`,
`[Content_Types].xml`, and the extension under `extension/`. Checked here: the manifest's
identity agrees with `extension/package.json`; package.json has the fields VS Code and the
marketplace need (name, publisher, version, engines.vscode, main, activation events, the
settings and commands the client reads); the `main` file is in the archive; nothing else is
shipped beyond the bundle and its docs (no node_modules, TypeScript sources, tests or source
maps); no file name or content looks like a secret; sizes are bounded. Exits 1 with every
problem listed.
"""

import json
import re
import sys
import xml.etree.ElementTree as ET
import zipfile

# The bundle is ~360 KB (vscode-languageclient minified); ten times that means something
# was bundled by mistake.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_FILES = 20
ALLOWED = {
    "extension.vsixmanifest",
    "[Content_Types].xml",
    "extension/package.json",
    "extension/readme.md",
    "extension/changelog.md",
    "extension/dist/extension.js",
}
SECRET_NAMES = re.compile(r"(^|/)(\.env(\..*)?|\.npmrc|\.netrc|id_rsa|id_ed25519|.*\.pem|.*\.key|.*\.p12)$", re.I)
SECRET_TEXT = [
    re.compile(rb"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    re.compile(rb"\bgh[pousr]_[A-Za-z0-9]{36,}"),
    re.compile(rb"\bgithub_pat_[A-Za-z0-9_]{40,}"),
    re.compile(rb"\bnpm_[A-Za-z0-9]{36}\b"),
    re.compile(rb"\bAKIA[0-9A-Z]{16}\b"),
    re.compile(rb"\bxox[abprs]-[A-Za-z0-9-]{10,}"),
]
SETTINGS = {"promptlint.path", "promptlint.args", "promptlint.trace.server"}
COMMANDS = {"promptlint.restartServer", "promptlint.showOutput"}
NS = {"v": "http://schemas.microsoft.com/developer/vsx-schema/2011"}


def check(vsix: str) -> list[str]:
    problems: list[str] = []
    with zipfile.ZipFile(vsix) as z:
        infos = z.infolist()
        names = [i.filename for i in infos]
        if len(names) > MAX_FILES:
            problems.append(f"{len(names)} files, more than {MAX_FILES}")
        for i in infos:
            n = i.filename
            if n not in ALLOWED:
                problems.append(f"unexpected file in the package: {n}")
            if "node_modules/" in n or n.endswith((".ts", ".map")) or "/src/" in n or "/test/" in n:
                problems.append(f"development file shipped: {n}")
            if SECRET_NAMES.search(n):
                problems.append(f"a file named like a secret: {n}")
            if i.file_size > MAX_FILE_BYTES:
                problems.append(f"{n} is {i.file_size} bytes, over {MAX_FILE_BYTES}")
                continue
            data = z.read(n)
            for pattern in SECRET_TEXT:
                if pattern.search(data):
                    problems.append(f"{n} holds text like a secret ({pattern.pattern.decode()})")
        if "extension/package.json" not in names:
            return problems + ["extension/package.json is missing"]
        pkg = json.loads(z.read("extension/package.json"))
        for field in ("name", "publisher", "version", "displayName", "description", "license", "main"):
            if not isinstance(pkg.get(field), str) or not pkg[field]:
                problems.append(f"package.json has no {field}")
        if not str(pkg.get("engines", {}).get("vscode", "")).startswith("^1."):
            problems.append("package.json engines.vscode is not a ^1.x range")
        main = str(pkg.get("main", "")).removeprefix("./")
        if f"extension/{main}" not in names:
            problems.append(f"main file extension/{main} is not in the package")
        events = pkg.get("activationEvents") or []
        if "onLanguage:markdown" not in events:
            problems.append("no onLanguage:markdown activation event")
        props = set(pkg.get("contributes", {}).get("configuration", {}).get("properties", {}))
        if props != SETTINGS:
            problems.append(f"settings {sorted(props)} are not {sorted(SETTINGS)}")
        commands = {c.get("command") for c in pkg.get("contributes", {}).get("commands", [])}
        if commands != COMMANDS:
            problems.append(f"commands {sorted(commands)} are not {sorted(COMMANDS)}")
        if pkg.get("dependencies") and not set(pkg["dependencies"]) <= {"vscode-languageclient"}:
            problems.append(f"unexpected run-time dependencies {sorted(pkg['dependencies'])}")
        if "extension.vsixmanifest" not in names:
            return problems + ["extension.vsixmanifest is missing"]
        identity = ET.fromstring(z.read("extension.vsixmanifest")).find("v:Metadata/v:Identity", NS)
        if identity is None:
            problems.append("extension.vsixmanifest has no Metadata/Identity")
        else:
            for attr, want in (("Id", pkg.get("name")), ("Publisher", pkg.get("publisher")), ("Version", pkg.get("version"))):
                if identity.get(attr) != want:
                    problems.append(f"manifest Identity {attr}={identity.get(attr)!r}, package.json says {want!r}")
        bundle = z.read(f"extension/{main}") if f"extension/{main}" in names else b""
        # The bundle must hold the client (not just a stub) and require vscode at run time.
        for needle in (b"promptlint.restartServer", b"require(\"vscode\")"):
            if needle not in bundle:
                problems.append(f"the bundle lacks {needle.decode()}")
    return problems


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(sys.argv[1])
    for p in problems:
        print(f"check_vsix: {p}", file=sys.stderr)
    if not problems:
        print(f"check_vsix: {sys.argv[1]} OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
