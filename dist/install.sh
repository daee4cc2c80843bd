#!/usr/bin/env bash
# Installs a released promptlint binary: downloads the archive for this platform from the
# GitHub release of VERSION, checks it against the release's `.sha256` file, and unpacks the
# binary into DEST (created). Used by action.yml; tested by tests/integrations.rs against a
# local release folder (the optional BASE_URL, a file:// URL there).
#
#   dist/install.sh VERSION DEST [BASE_URL]
#
# The archives are the ones .github/workflows/release.yml publishes:
#   promptlint-<target>.tar.gz (promptlint-<target>.zip on Windows) and <archive>.sha256.
#
# When the release has no such archive (no release is published yet, or none for this
# platform): with PROMPTLINT_SOURCE set to a checkout of promptlint, that checkout is built
# with `cargo install --locked --path` and its binary installed into DEST (action.yml sets it
# to the action's own checkout); without it, the script says how to build from source and
# exits 3. A checksum mismatch never falls back: it exits 1.
set -euo pipefail

version="${1:?usage: install.sh VERSION DEST [BASE_URL]}"
dest="${2:?usage: install.sh VERSION DEST [BASE_URL]}"
base="${3:-https://github.com/promptlint/promptlint/releases/download}"
version="${version#v}"
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "promptlint: bad version '$version' (expected X.Y.Z)" >&2
  exit 2
fi

os="${RUNNER_OS:-$(uname -s)}"
arch="${RUNNER_ARCH:-$(uname -m)}"
case "$arch" in
  X64 | x86_64 | amd64) arch=x86_64 ;;
  ARM64 | aarch64 | arm64) arch=aarch64 ;;
  *) echo "promptlint: no release binary for the architecture $arch" >&2; exit 2 ;;
esac
case "$os" in
  Linux) target="$arch-unknown-linux-musl"; ext=tar.gz ;;
  macOS | Darwin) target="$arch-apple-darwin"; ext=tar.gz ;;
  Windows | MINGW* | MSYS* | CYGWIN*) target="$arch-pc-windows-msvc"; ext=zip ;;
  *) echo "promptlint: no release binary for the system $os" >&2; exit 2 ;;
esac

archive="promptlint-$target.$ext"
url="$base/v$version/$archive"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fetch() {
  curl --proto '=https,file' --tlsv1.2 --fail --silent --show-error --location \
    --retry 3 --output "$2" "$1"
}

# Builds the checkout PROMPTLINT_SOURCE names into DEST. cargo's target folder is a temporary
# one, removed with the rest.
build_from_source() {
  local src="$1" exe=promptlint
  [[ "$ext" == zip ]] && exe=promptlint.exe
  if ! [[ -f "$src/Cargo.toml" ]]; then
    echo "promptlint: PROMPTLINT_SOURCE=$src holds no Cargo.toml" >&2
    exit 2
  fi
  if ! command -v cargo > /dev/null; then
    echo "promptlint: building from source needs cargo (https://rustup.rs), which is not installed" >&2
    exit 3
  fi
  echo "promptlint: building promptlint from $src with cargo instead (a few minutes)" >&2
  cargo install --locked --path "$src" --root "$tmp/root" --target-dir "$tmp/target"
  mkdir -p "$dest"
  cp "$tmp/root/bin/$exe" "$dest/$exe"
  if [[ -n "${GITHUB_PATH:-}" ]]; then
    echo "$dest" >> "$GITHUB_PATH"
  fi
  echo "promptlint built from $src and installed in $dest"
  exit 0
}

# curl exits 22 on an HTTP status of 400 or more (GitHub answers 404 for a release or asset
# that does not exist) and 37 on a file:// URL that names no file; any other failure (the
# network, TLS) is not taken to mean that the release is missing.
status=0
fetch "$url" "$tmp/$archive" || status=$?
if [[ "$status" == 22 || "$status" == 37 ]]; then
  echo "promptlint: release v$version has no archive for $target ($url): it is not published" >&2
  if [[ -n "${PROMPTLINT_SOURCE:-}" ]]; then
    build_from_source "$PROMPTLINT_SOURCE"
  fi
  {
    echo "promptlint: build it from source instead (Rust 1.89 or newer), at a commit you choose:"
    echo "promptlint:   cargo install --locked --git https://github.com/promptlint/promptlint --rev COMMIT"
    echo "promptlint: or set PROMPTLINT_SOURCE to a checkout of promptlint to build that one into $dest"
  } >&2
  exit 3
elif [[ "$status" != 0 ]]; then
  echo "promptlint: downloading $url failed (curl exit code $status)" >&2
  exit 1
fi
fetch "$url.sha256" "$tmp/$archive.sha256"

# The .sha256 file is `<hex>  <archive>` (sha256sum's format); only the hash is used, and it
# is compared with the downloaded file's.
want="$(cut -d ' ' -f 1 < "$tmp/$archive.sha256" | tr -d '\r\n' | tr 'A-F' 'a-f')"
if [[ ! "$want" =~ ^[0-9a-f]{64}$ ]]; then
  echo "promptlint: $archive.sha256 holds no SHA-256" >&2
  exit 1
fi
if command -v sha256sum > /dev/null; then
  have="$(sha256sum "$tmp/$archive" | cut -d ' ' -f 1)"
else
  have="$(shasum -a 256 "$tmp/$archive" | cut -d ' ' -f 1)"
fi
if [[ "$have" != "$want" ]]; then
  echo "promptlint: checksum mismatch for $archive: expected $want, got $have" >&2
  exit 1
fi

mkdir -p "$dest"
case "$ext" in
  tar.gz) tar -xzf "$tmp/$archive" -C "$dest" ;;
  zip) unzip -q -o "$tmp/$archive" -d "$dest" ;;
esac
if [[ -n "${GITHUB_PATH:-}" ]]; then
  echo "$dest" >> "$GITHUB_PATH"
fi
echo "promptlint $version ($target) installed in $dest, sha256 $have"
