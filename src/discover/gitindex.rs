//! The paths git tracks, read from the repository's index file (`.git/index`), so that a
//! tracked agent file is scanned whatever ignore files say (git keeps tracking a file an
//! ignore rule names, and a checkout writes it: an agent loads it).
//!
//! Never runs git: a small bounded reader of the index format, versions 2, 3 and 4
//! (<https://git-scm.com/docs/index-format>): a 12-byte header (`DIRC`, version, entry
//! count), then the entries, each 40 bytes of stat data, the object id (20 bytes for SHA-1,
//! 32 for SHA-256 repositories), 16 bits of flags (bit 14 "extended" from version 3 adds 16
//! more), then the path: versions 2 and 3 NUL-terminated and padded with 1 to 8 NULs to a
//! multiple of 8 bytes; version 4 a varint count of bytes to drop from the end of the previous
//! path, then the rest of the path NUL-terminated, unpadded. Extensions and the trailing
//! checksum are not read. Entries of submodules (mode 160000) and the directory entries of a
//! sparse index (mode 040000) are skipped: they name no file.

use std::path::{Path, PathBuf};

/// Largest git index read, in bytes (256 MiB). Fixed. An index costs about 70 bytes plus the
/// path per tracked file: the Linux kernel's (~90,000 files) is about 10 MB, so this holds
/// some 2.5 million files. A larger one is not read, with a note, and the walk alone decides.
pub const MAX_GIT_INDEX_BYTES: u64 = 256 * 1024 * 1024;

/// The repository that holds `dir` (canonical): its work tree's top and its index file. The
/// nearest folder at or above `dir` with a `.git` entry: a folder, or a file `gitdir: PATH`
/// (a linked worktree or a submodule; PATH relative to the folder that holds the file).
pub(crate) fn repository_of(dir: &Path) -> Option<(PathBuf, PathBuf)> {
    for top in dir.ancestors() {
        let dot = top.join(".git");
        let Ok(meta) = std::fs::metadata(&dot) else {
            continue;
        };
        if meta.is_dir() {
            return Some((top.to_path_buf(), dot.join("index")));
        }
        if meta.is_file() {
            // A `gitdir:` file is one short line; anything long is not one.
            let bytes = crate::bounds::read_at_most(&dot, 4096).ok()??;
            let text = String::from_utf8(bytes).ok()?;
            let target = text.lines().next()?.strip_prefix("gitdir:")?.trim();
            if target.is_empty() {
                return None;
            }
            return Some((top.to_path_buf(), top.join(target).join("index")));
        }
        return None;
    }
    None
}

/// Why an index could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum IndexError {
    /// Over [`MAX_GIT_INDEX_BYTES`].
    TooLarge,
    /// Not an index of a version this reader knows, or cut short.
    Malformed(String),
    /// An I/O error, as text.
    Io(String),
}

impl std::fmt::Display for IndexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IndexError::TooLarge => write!(
                f,
                "a git index over {} MiB, not read: tracked files that ignore rules hide are not \
                 found",
                MAX_GIT_INDEX_BYTES >> 20
            ),
            IndexError::Malformed(why) => write!(
                f,
                "not a git index this reader knows ({why}): tracked files that ignore rules \
                 hide are not found"
            ),
            IndexError::Io(why) => write!(f, "{why}"),
        }
    }
}

/// The paths tracked in the index file `index` (relative to the work tree's top, `/`
/// separators, bytes as git stores them), each once, in index order. `Ok(None)` when there
/// is no index file (a repository without a commit or a staged file).
pub(crate) fn read_index(index: &Path) -> Result<Option<Vec<Vec<u8>>>, IndexError> {
    match std::fs::symlink_metadata(index) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    let bytes = match crate::bounds::read_at_most(index, MAX_GIT_INDEX_BYTES) {
        Ok(Some(b)) => b,
        Ok(None) => return Err(IndexError::TooLarge),
        Err(e) => return Err(IndexError::Io(e.to_string())),
    };
    // A SHA-256 repository's index holds 32-byte ids; its config says so
    // (`extensions.objectFormat = sha256`, <https://git-scm.com/docs/hash-function-transition>).
    let config = index.with_file_name("config");
    let sha256 = crate::bounds::read_at_most(&config, 1 << 20)
        .ok()
        .flatten()
        .is_some_and(|c| {
            String::from_utf8_lossy(&c)
                .to_ascii_lowercase()
                .replace([' ', '\t'], "")
                .contains("objectformat=sha256")
        });
    parse(&bytes, if sha256 { 32 } else { 20 })
        .map(Some)
        .map_err(IndexError::Malformed)
}

/// Bytes of an entry before its object id: ctime, mtime (8 each), dev, ino, mode, uid, gid,
/// size (4 each).
const STAT_BYTES: usize = 40;

/// The paths of the index `bytes` whose object ids are `id_len` bytes long.
pub(crate) fn parse(bytes: &[u8], id_len: usize) -> Result<Vec<Vec<u8>>, String> {
    let u32_at = |at: usize| -> Result<u32, String> {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| "cut short".to_owned())
    };
    if bytes.get(..4) != Some(b"DIRC") {
        return Err("no `DIRC` signature".to_owned());
    }
    let version = u32_at(4)?;
    if !(2..=4).contains(&version) {
        return Err(format!("version {version}"));
    }
    let count = u32_at(8)? as usize;
    // Each entry takes at least STAT_BYTES + id + 2 bytes of flags + a NUL: a count larger
    // than the file can hold is refused before anything is reserved for it.
    if count > bytes.len() / (STAT_BYTES + id_len + 3) {
        return Err(format!("{count} entries in {} bytes", bytes.len()));
    }
    let mut out: Vec<Vec<u8>> = Vec::with_capacity(count);
    let mut prev: Vec<u8> = Vec::new();
    let mut at = 12;
    for _ in 0..count {
        let start = at;
        let mode = u32_at(at + 24)?;
        at += STAT_BYTES + id_len;
        let flags = bytes
            .get(at..at + 2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
            .ok_or("cut short")?;
        at += 2;
        if version >= 3 && flags & 0x4000 != 0 {
            at += 2;
        }
        let path = if version == 4 {
            let (drop, used) = varint(bytes.get(at..).ok_or("cut short")?)?;
            at += used;
            let rest = bytes.get(at..).ok_or("cut short")?;
            let end = rest.iter().position(|&b| b == 0).ok_or("cut short")?;
            let keep = prev
                .len()
                .checked_sub(drop)
                .ok_or("a path prefix longer than the previous path")?;
            let mut path = Vec::with_capacity(keep + end);
            path.extend_from_slice(&prev[..keep]);
            path.extend_from_slice(&rest[..end]);
            at += end + 1;
            path
        } else {
            let rest = bytes.get(at..).ok_or("cut short")?;
            let end = rest.iter().position(|&b| b == 0).ok_or("cut short")?;
            let path = rest[..end].to_vec();
            // Padded with 1 to 8 NULs so the entry's length is a multiple of 8.
            let len = at + end - start;
            at = start + ((len + 8) & !7);
            path
        };
        if at > bytes.len() {
            return Err("cut short".to_owned());
        }
        let kind = mode >> 12;
        // 0o10 regular file, 0o12 symbolic link; 0o16 a submodule, 0o04 a sparse folder.
        let stage = (flags >> 12) & 3;
        let keep = (kind == 0o10 || kind == 0o12) && (stage == 0 || out.last() != Some(&path));
        if version == 4 {
            prev.clone_from(&path);
        }
        if keep {
            out.push(path);
        }
    }
    Ok(out)
}

/// Git's offset varint (`decode_varint` in git's `varint.c`): 7 bits a byte, high bit set
/// when more follow, each continuation adding one. Returns the value and the bytes read.
fn varint(bytes: &[u8]) -> Result<(usize, usize), String> {
    let mut iter = bytes.iter().enumerate();
    let (_, &first) = iter.next().ok_or("cut short")?;
    let mut val = usize::from(first & 0x7f);
    let mut c = first;
    let mut used = 1;
    while c & 0x80 != 0 {
        let (_, &next) = iter.next().ok_or("cut short")?;
        used += 1;
        if used > 9 {
            return Err("a varint too long".to_owned());
        }
        val = (val + 1)
            .checked_shl(7)
            .ok_or("a varint too large")?
            .checked_add(usize::from(next & 0x7f))
            .ok_or("a varint too large")?;
        c = next;
    }
    Ok((val, used))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Git's `encode_varint`.
    fn encode(mut value: usize) -> Vec<u8> {
        let mut varint = vec![(value & 0x7f) as u8];
        value >>= 7;
        while value != 0 {
            value -= 1;
            varint.push(0x80 | (value & 0x7f) as u8);
            value >>= 7;
        }
        varint.reverse();
        varint
    }

    /// An index of `version` holding `paths` (mode 100644, stage 0) with 20-byte ids.
    fn index(version: u32, paths: &[(&str, u32)]) -> Vec<u8> {
        let mut b = b"DIRC".to_vec();
        b.extend(version.to_be_bytes());
        b.extend((paths.len() as u32).to_be_bytes());
        let mut prev: &str = "";
        for (p, mode) in paths {
            let start = b.len();
            b.extend([0u8; 24]);
            b.extend(mode.to_be_bytes());
            b.extend([0u8; 12]);
            b.extend([0xabu8; 20]);
            let flags = (p.len().min(0xfff)) as u16 | if version == 3 { 0x4000 } else { 0 };
            b.extend(flags.to_be_bytes());
            if version == 3 {
                b.extend([0u8; 2]);
            }
            if version == 4 {
                let common = prev
                    .bytes()
                    .zip(p.bytes())
                    .take_while(|(a, c)| a == c)
                    .count();
                b.extend(encode(prev.len() - common));
                b.extend(&p.as_bytes()[common..]);
                b.push(0);
            } else {
                b.extend(p.as_bytes());
                let len = b.len() - start;
                b.extend(std::iter::repeat_n(0u8, 8 - len % 8));
            }
            prev = p;
        }
        b.extend([0u8; 20]);
        b
    }

    #[test]
    fn every_version_reads_the_same_paths() {
        let paths = [
            (".claude/settings.json", 0o100644),
            ("AGENTS.md", 0o100644),
            ("docs/AGENTS.md", 0o100755),
            ("docs/link", 0o120000),
            ("vendor/sub", 0o160000),
            ("zz/sparse/", 0o040000),
        ];
        let want: Vec<Vec<u8>> = [
            ".claude/settings.json",
            "AGENTS.md",
            "docs/AGENTS.md",
            "docs/link",
        ]
        .iter()
        .map(|p| p.as_bytes().to_vec())
        .collect();
        for v in 2..=4 {
            assert_eq!(
                parse(&index(v, &paths), 20),
                Ok(want.clone()),
                "version {v}"
            );
        }
    }

    #[test]
    fn varints_read_as_git_writes_them() {
        for v in [0, 1, 127, 128, 255, 16_511, 16_512, 1 << 30] {
            let e = encode(v);
            assert_eq!(varint(&e), Ok((v, e.len())), "{v}");
        }
        assert!(varint(&[0xff; 20]).is_err());
    }

    #[test]
    fn a_bad_index_is_an_error_never_a_panic() {
        let good = index(4, &[("a/AGENTS.md", 0o100644), ("a/CLAUDE.md", 0o100644)]);
        for cut in 0..good.len() - 20 {
            assert!(parse(&good[..cut], 20).is_err(), "cut at {cut}");
        }
        let mut huge = good.clone();
        huge[8..12].copy_from_slice(&u32::MAX.to_be_bytes());
        assert_eq!(
            parse(&huge, 20),
            Err(format!("{} entries in {} bytes", u32::MAX, huge.len()))
        );
        assert_eq!(
            parse(b"DIRC\0\0\0\x05\0\0\0\0", 20),
            Err("version 5".into())
        );
        // A prefix drop longer than the previous path.
        let mut bad = index(4, &[("ab", 0o100644)]);
        bad[12 + 62] = 5;
        assert!(parse(&bad, 20).is_err());
    }
}
