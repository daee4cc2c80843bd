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
fetch "$url" "$tmp/$archive"
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
