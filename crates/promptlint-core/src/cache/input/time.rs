//! Timestamps of log entries as unix milliseconds: ISO 8601 / RFC 3339 date-times (HAR
//! `startedDateTime`, Langfuse `startTime`), RFC 2822 / HTTP dates (Ruby VCR `recorded_at`) and
//! unix seconds as a number (LiteLLM `startTime`).

/// Days from 1970-01-01 to a proleptic Gregorian date
/// (<https://howardhinnant.github.io/date_algorithms.html#days_from_civil>).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `(year, month, day)` and `(hour, minute, second, millisecond)` at `offset_s` seconds east
/// of UTC as unix milliseconds; `None` when a field is out of range or the time is before 1970.
fn to_ms(
    (y, mo, d): (i64, u32, u32),
    (h, mi, s, ms): (u32, u32, u32, u32),
    offset_s: i64,
) -> Option<u64> {
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    let secs = days_from_civil(y, mo, d) * 86_400
        + i64::from(h) * 3600
        + i64::from(mi) * 60
        + i64::from(s)
        - offset_s;
    let total = secs.checked_mul(1000)?.checked_add(i64::from(ms))?;
    u64::try_from(total).ok()
}

fn digits(s: &str) -> Option<u32> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// Milliseconds of a fraction's digits (`45` -> 450).
fn fraction_ms(f: &str) -> Option<u32> {
    if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut ms = 0u32;
    for (i, b) in f.bytes().take(3).enumerate() {
        ms += u32::from(b - b'0') * [100, 10, 1][i];
    }
    Some(ms)
}

/// `Z`, `+01:00`, `+0100`, `+01`, `GMT`/`UTC` or nothing (UTC) as seconds east of UTC.
fn zone(z: &str) -> Option<i64> {
    let z = z.trim();
    if z.is_empty() || z.eq_ignore_ascii_case("z") || z == "GMT" || z == "UTC" || z == "UT" {
        return Some(0);
    }
    let (sign, rest) = match z.as_bytes().first()? {
        b'+' => (1, &z[1..]),
        b'-' => (-1, &z[1..]),
        _ => return None,
    };
    let rest = rest.replace(':', "");
    if !rest.is_ascii() {
        return None;
    }
    let (h, m) = match rest.len() {
        2 => (digits(&rest)?, 0),
        4 => (digits(&rest[..2])?, digits(&rest[2..])?),
        _ => return None,
    };
    Some(sign * i64::from(h * 3600 + m * 60))
}

/// An ISO 8601 / RFC 3339 date-time (`2025-06-01T12:00:00.123+02:00`, a space for `T`, no
/// zone meaning UTC) as unix milliseconds.
pub(super) fn iso8601_ms(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.len() < 19 || !s.is_char_boundary(10) || !s.is_char_boundary(19) {
        return None;
    }
    let (date, rest) = s.split_at(10);
    let mut dp = date.split('-');
    let (y, mo, d) = (dp.next()?, dp.next()?, dp.next()?);
    if y.len() != 4 || mo.len() != 2 || d.len() != 2 {
        return None;
    }
    let rest = rest.strip_prefix(['T', 't', ' '])?;
    let (hms, tail) = rest.split_at_checked(8)?;
    let mut tp = hms.split(':');
    let (h, mi, sec) = (tp.next()?, tp.next()?, tp.next()?);
    let (ms, z) = match tail.strip_prefix(['.', ',']) {
        Some(f) => {
            let end = f.find(|c: char| !c.is_ascii_digit()).unwrap_or(f.len());
            (fraction_ms(&f[..end])?, &f[end..])
        }
        None => (0, tail),
    };
    to_ms(
        (i64::from(digits(y)?), digits(mo)?, digits(d)?),
        (digits(h)?, digits(mi)?, digits(sec)?, ms),
        zone(z)?,
    )
}

/// An RFC 2822 / HTTP date (`Tue, 01 Nov 2011 04:58:44 GMT`, `+0000` zones too) as unix
/// milliseconds (<https://www.rfc-editor.org/rfc/rfc2822#section-3.3>).
pub(super) fn rfc2822_ms(s: &str) -> Option<u64> {
    let s = s.trim();
    let s = s.split_once(',').map_or(s, |(_, rest)| rest).trim();
    let mut parts = s.split_whitespace();
    let d = digits(parts.next()?)?;
    let mon = parts.next()?;
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let mo = MONTHS
        .iter()
        .position(|m| mon.get(..3).is_some_and(|p| p.eq_ignore_ascii_case(m)))?;
    let y = digits(parts.next()?)?;
    let mut tp = parts.next()?.split(':');
    let (h, mi) = (digits(tp.next()?)?, digits(tp.next()?)?);
    let sec = tp.next().map_or(Some(0), digits)?;
    let z = zone(parts.next().unwrap_or(""))?;
    to_ms((i64::from(y), mo as u32 + 1, d), (h, mi, sec, 0), z)
}

/// Unix seconds (integer or fractional, as a JSON number's text) as milliseconds.
pub(super) fn unix_seconds_ms(n: &str) -> Option<u64> {
    let f: f64 = n.parse().ok()?;
    (0.0..1e14)
        .contains(&f)
        .then(|| (f * 1000.0).round() as u64)
}

/// Any of the above, tried in turn.
pub(super) fn any_ms(s: &str) -> Option<u64> {
    iso8601_ms(s)
        .or_else(|| rfc2822_ms(s))
        .or_else(|| unix_seconds_ms(s))
}
