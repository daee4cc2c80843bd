#!/usr/bin/env python3
"""Compare promptlint's cache predictions with the providers' bills on the cassette yardstick.

    python3 compare.py BIN [--list list.tsv] [--dir /tmp/cassettes] [--details] [--json OUT]

For every log of list.tsv (rebuilt by rebuild.py under --dir), runs

    BIN cache --format json LOG

and reads, independently of promptlint, what the recording says the provider billed: per
generation request (Anthropic Messages, OpenAI Chat Completions and Responses and the
providers that copy them, Bedrock Converse and InvokeModel, Gemini/Vertex generateContent),
the tokens read from the cache as the response reports them:

- Anthropic (and Anthropic bodies on Bedrock InvokeModel or OpenRouter): `cache_read_input_tokens`
- Bedrock Converse: `cacheReadInputTokens`
- OpenAI Chat / Responses and compatible providers: `cached_tokens`
  (`prompt_tokens_details` / `input_tokens_details`)
- Mistral: `num_cached_tokens` (its chat completions usage has no `prompt_tokens_details`)
- Gemini / Vertex: `cachedContentTokenCount`; a `usageMetadata` without it counts as 0, since
  Gemini omits the field when nothing was read from the cache
  (https://ai.google.dev/api/generate-content#UsageMetadata: "cachedContentTokenCount ...
  Number of tokens in the cached part of the prompt"; the JSON mapping drops zero fields).

A streamed response (SSE) is read over all its events; the largest figure of the field wins
(Anthropic repeats message_start's usage in message_delta). Bodies are taken as the recording
keeps them: a vcrpy string, a `{string: ...}` map, pydantic-ai's `parsed_body`, gzip `!!binary`
(decompressed here), a Ruby VCR `body.string`, or a mastra recorder's `body` / `chunks`.

A promptlint turn is matched to a request by its `line`, which is the 1-based entry number in
the cassette (every interaction counts, generation or not).

Printed per log: whether promptlint read it (exit code; 2 = not read), the generation
requests, those whose response has a cache figure ("billed"), those for which promptlint
read the provider's figure (`reported` not null in its JSON), and the comparison of the
prediction (`predicted_cache_read`) with the bill: agree (within 128 tokens or 10%, the
tolerance promptlint uses itself), "under" (predicted less than billed: the provider showed it
could read more, so the model is wrong), "over" (predicted more than billed: the provider read
less than the model expected, which is either the provider's best effort or a model error; the
README's findings tell them apart by hand), and requests the run has no turn for ("missing").

--unwrap first rewrites each log into --unwrap-dir (default /tmp/cassettes-unwrapped) with
every body as a plain string (pydantic-ai's `parsed_body` serialized as JSON, gzip and `!binary`
bodies decoded, `Content-Encoding` dropped) and runs promptlint on that copy: the figures then
show the cache model's disagreements hidden behind the logs it cannot read yet. The bill is
read the same way in both modes.

--details prints every disagreement and missing request: log, request index (the cassette's
entry number), predicted, billed, input tokens billed, promptlint's status and reason, and
hints computed from the log: `first-request-of-model-in-log` (nothing earlier in the log could
have written what the provider read: the entry came from outside the log),
`first-turn-of-a-later-conversation` (an earlier conversation of the log may have written it),
`uses-explicit-cache[-created-in-log]` (a Gemini request naming a `cachedContent`),
`usage-not-read` (promptlint did not read the response's usage, so it sized tokens at 4 bytes
each), `read-more-than-previous-prompt(N)` (more than the whole previous prompt of the
conversation: output tokens or server-side passes were cached), `read-below-minimum(N)`.
Beside these columns (the script's own tolerance on the point prediction), three columns
count promptlint's own verdict, the turn's `outcome`: `wrong` (promptlint's model is wrong),
`less` (`provider-read-less`: a cache the provider documents as best effort read less than
it could), `outside` (`outside-model`: the bill lies in the range `0..=predicted_cache_read_max`
the turn gives where the provider's behaviour is undocumented or out of the log: the first
request of a model in the log, server-side tools, an OpenAI-compatible provider, Gemini's
implicit caching). The totals add the agreement on the requests whose outcome the provider
documents (`confidence` deterministic, and not a best-effort read of less).
--json writes the per-request rows for later scripts.
Exit status 0 (a measurement, not a gate).
"""
import argparse
import gzip
import json
import os
import re
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))


class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe loader plus Ruby psych's `!binary` tag (base64, as `!!binary`)."""


def _ruby_binary(loader, node):
    import base64

    return base64.b64decode(loader.construct_scalar(node))


Loader.add_constructor("!binary", _ruby_binary)

GENERATION = re.compile(
    r"(/v1/messages(\?|$)|/messages(\?|$)|/chat/completions|/responses(\?|$)"
    r"|:generateContent|:streamGenerateContent|/converse(-stream)?(\?|$)"
    r"|/invoke(-with-response-stream)?(\?|$))"
)
NOT_GENERATION = re.compile(r"(count_tokens|/batches|/cachedContents|/files)")


def api_of(uri):
    u = uri.split("?")[0]
    if "bedrock-runtime" in u:
        return "bedrock-converse" if re.search(r"/converse(-stream)?$", u) else "bedrock-invoke"
    if ":generateContent" in u or ":streamGenerateContent" in u:
        return "gemini"
    if "cachedContents" in u:
        return "gemini-cachedContents"
    if u.endswith("/chat/completions"):
        return "openai-chat"
    if u.endswith("/responses"):
        return "openai-responses"
    if u.endswith("/messages"):
        return "anthropic"
    return "other"


def host_of(uri):
    m = re.match(r"[a-z]+://([^/]+)", uri)
    return m.group(1) if m else uri.split("/")[0]


def is_generation(method, uri):
    return (method or "").upper() == "POST" and bool(GENERATION.search(uri)) and not NOT_GENERATION.search(uri)


def as_text(b):
    """A recorded body as text (None when there is none)."""
    if b is None:
        return None
    if isinstance(b, dict):
        if "string" in b:
            return as_text(b["string"])
        if "base64_string" in b:
            import base64

            return as_text(base64.b64decode(b["base64_string"]))
        return json.dumps(b)
    if isinstance(b, list):
        return json.dumps(b)
    if isinstance(b, (bytes, bytearray)):
        raw = bytes(b)
        if raw[:2] == b"\x1f\x8b":
            try:
                raw = gzip.decompress(raw)
            except OSError:
                pass
        return raw.decode("utf-8", "replace")
    return str(b)


def interactions(path):
    """[(index 1-based, method, uri, request text, response text)] of a recording."""
    raw = open(path, "rb").read()
    if path.endswith(".gz"):
        raw = gzip.decompress(raw)
    out = []
    if path.endswith(".json"):
        d = json.loads(raw)
        recs = d.get("recordings", d) if isinstance(d, dict) else d
        for i, r in enumerate(recs, 1):
            rq, rs = r.get("request", {}), r.get("response", {})
            body = rs.get("body")
            text = as_text(body) if body is not None else "".join(rs.get("chunks") or [])
            out.append((i, rq.get("method"), rq.get("url", ""), as_text(rq.get("body")), text))
        return out
    d = yaml.load(raw, Loader=Loader)
    its = (d or {}).get("interactions") or (d or {}).get("http_interactions") or []
    for i, it in enumerate(its, 1):
        rq, rs = it.get("request") or {}, it.get("response") or {}
        req = as_text(rq["parsed_body"]) if "parsed_body" in rq else as_text(rq.get("body"))
        if "parsed_body" in rs:
            resp = as_text(rs["parsed_body"])
        else:
            resp = as_text(rs.get("body"))
        out.append((i, rq.get("method"), str(rq.get("uri") or ""), req, resp))
    return out


def field(name):
    return re.compile(r'\\?"' + name + r'\\?"\s*:\s*(\d+)')


FIELDS = {
    "cache_read_input_tokens": field("cache_read_input_tokens"),
    "cacheReadInputTokens": field("cacheReadInputTokens"),
    "cached_tokens": field("cached_tokens"),
    "cachedContentTokenCount": field("cachedContentTokenCount"),
    "num_cached_tokens": field("num_cached_tokens"),
}
INPUT_FIELDS = {
    "anthropic": ["input_tokens"],
    "bedrock-converse": ["inputTokens"],
    "openai": ["prompt_tokens", "input_tokens"],
    "gemini": ["promptTokenCount"],
}
GEMINI_USAGE = field("promptTokenCount")


def billed(api, text):
    """(tokens read from the cache as the response reports them, or None; field name)."""
    if not text:
        return None, None
    order = ["cache_read_input_tokens", "cacheReadInputTokens", "cached_tokens", "cachedContentTokenCount",
             "num_cached_tokens"]
    for name in order:
        vals = [int(v) for v in FIELDS[name].findall(text)]
        if vals:
            return max(vals), name
    if api == "gemini" and GEMINI_USAGE.search(text):
        return 0, "cachedContentTokenCount omitted"
    if api == "bedrock-converse" and field("inputTokens").search(text):
        return None, None
    return None, None


def input_tokens(api, text):
    if not text:
        return None
    fam = "openai" if api.startswith("openai") else ("anthropic" if api in ("anthropic", "bedrock-invoke") else api)
    for name in INPUT_FIELDS.get(fam, []):
        vals = [int(v) for v in field(name).findall(text)]
        if vals:
            return max(vals)
    return None


def _plain(b):
    t = as_text(b)
    return t


def unwrap(src, dest):
    """A copy of the recording at src with every body a plain string (see --unwrap)."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    if not (src.endswith(".yaml") or src.endswith(".yml")):
        with open(src, "rb") as f, open(dest, "wb") as g:
            g.write(f.read())
        return
    d = yaml.load(open(src, "rb").read(), Loader=Loader)
    key = "interactions" if "interactions" in d else "http_interactions"
    for it in d.get(key) or []:
        for side in ("request", "response"):
            x = it.get(side) or {}
            if "parsed_body" in x:
                text = json.dumps(x.pop("parsed_body"))
                x["body"] = text if side == "request" else {"string": text}
            b = x.get("body")
            if isinstance(b, dict) and isinstance(b.get("string"), (bytes, bytearray)):
                b["string"] = _plain(b["string"])
            elif isinstance(b, (bytes, bytearray)):
                x["body"] = _plain(b)
            h = x.get("headers") or {}
            for k in list(h):
                if k.lower() == "content-encoding":
                    del h[k]
    with open(dest, "w", encoding="utf-8") as g:
        yaml.safe_dump(d, g, allow_unicode=True, sort_keys=False, width=1 << 20)


def model_of(uri, req):
    m = re.search(r"/models/([^/:?]+)[:?]|/model/([^/]+)/", uri)
    if m:
        return (m.group(1) or m.group(2)).replace("%3A", ":")
    try:
        body = json.loads(req) if req else {}
    except (json.JSONDecodeError, TypeError):
        return None
    return body.get("model") if isinstance(body, dict) else None


def agrees(p, b):
    d = abs(p - b)
    return d <= 128 or d <= 0.1 * max(p, b)


def short(name, width=62):
    """The name cut in its middle, so both the repository and the distinguishing end stay."""
    if len(name) <= width:
        return name
    half = (width - 1) // 2
    return name[:half] + "~" + name[-(width - 1 - half):]


def read_list(tsv):
    rows = []
    for line in open(tsv, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#") or line.startswith("repo\t"):
            continue
        f = line.split("\t")
        rows.append(dict(repo=f[0], commit=f[1], path=f[2], provider=f[3], api=f[4], format=f[5], framework=f[6]))
    return rows


def run(bin_, log):
    p = subprocess.run([bin_, "cache", "--format", "json", log], capture_output=True, text=True)
    doc = None
    try:
        doc = json.loads(p.stdout) if p.stdout.strip() else None
    except json.JSONDecodeError:
        doc = None
    return p.returncode, doc, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("bin")
    ap.add_argument("--list", default=os.path.join(HERE, "list.tsv"))
    ap.add_argument("--dir", default="/tmp/cassettes")
    ap.add_argument("--details", action="store_true")
    ap.add_argument("--unwrap", action="store_true", help="run on copies with every body a plain string")
    ap.add_argument("--unwrap-dir", default="/tmp/cassettes-unwrapped")
    ap.add_argument("--json")
    a = ap.parse_args()

    tot = dict(logs=0, ok=0, unread=0, requests=0, billed=0, read=0, turns=0, compared=0, agree=0, under=0, over=0,
               missing=0, zero=0, partial=0, wrong=0, less=0, outside=0, det=0, det_agree=0, det_nz=0,
               det_nz_agree=0)
    rows, details = [], []
    hdr = f"{'log':62} {'exit':>4} {'req':>4} {'billed':>6} {'read':>5} {'agree':>5} {'under':>5} {'over':>5} {'miss':>4} {'wrong':>5} {'less':>4} {'outside':>7}"
    print(hdr)
    for r in read_list(a.list):
        log = os.path.join(a.dir, r["repo"].replace("/", "__", 1), r["path"])
        name = r["repo"].split("/")[1] + ":" + os.path.basename(r["path"])
        if not os.path.isfile(log):
            print(f"{short(name):62} missing file (run rebuild.py)")
            continue
        tot["logs"] += 1
        target = log
        if a.unwrap:
            target = os.path.join(a.unwrap_dir, r["repo"].replace("/", "__", 1), r["path"])
            unwrap(log, target)
        code, doc, err = run(a.bin, target)
        turns = {}
        if doc:
            for c in doc.get("conversations", []):
                for t in c.get("turns", []):
                    turns[t["line"]] = (c["id"], t)
        errors = (doc or {}).get("errors") or []
        if code in (0, 1):
            tot["ok"] += 1
        elif turns:
            tot["partial"] += 1
        else:
            tot["unread"] += 1
        n = dict(requests=0, billed=0, read=0, agree=0, under=0, over=0, missing=0, wrong=0, less=0, outside=0)
        seen_models, last_input = set(), {}
        for idx, method, uri, req, resp in interactions(log):
            if (method or "").upper() == "POST" and uri.split("?")[0].endswith("/cachedContents"):
                seen_models.add("cachedContents")
            if not is_generation(method, uri):
                continue
            api = api_of(uri)
            n["requests"] += 1
            b, how = billed(api, resp)
            got = turns.get(idx)
            model = model_of(uri, req)
            row = dict(log=name, index=idx, api=api, host=host_of(uri), model=model, billed=b, billed_field=how,
                       billed_input=input_tokens(api, resp))
            hints = []
            if api == "gemini" and req and '"cachedContent"' in req:
                hints.append("uses-explicit-cache" + ("-created-in-log" if "cachedContents" in seen_models else ""))
            elif (host_of(uri), model) not in seen_models:
                hints.append("first-request-of-model-in-log")
            seen_models.add((host_of(uri), model))
            if got:
                cid, t = got
                row.update(outcome=t.get("outcome"), confidence=t.get("confidence"),
                           predicted_max=t.get("predicted_cache_read_max"))
                row.update(conversation=cid, turn=t["turn"], predicted=t["predicted_cache_read"],
                           reported=t["reported"], stable=t["stable"], reason=t["reason"],
                           prefix_bytes=t["prefix_bytes"], minimum=t["minimum_tokens"])
                if t["turn"] == 1 and "first-request-of-model-in-log" not in hints:
                    hints.append("first-turn-of-a-later-conversation")
                if t["reported"] is None:
                    hints.append("usage-not-read")
                prev = last_input.get(cid)
                if b is not None and prev is not None and b > prev:
                    hints.append(f"read-more-than-previous-prompt({prev})")
                if b and t["minimum_tokens"] and b < t["minimum_tokens"]:
                    hints.append(f"read-below-minimum({t['minimum_tokens']})")
                if t["reported"] and t["reported"].get("input_tokens"):
                    last_input[cid] = t["reported"]["input_tokens"]
            row["hints"] = hints
            rows.append(row)
            if b is None:
                continue
            n["billed"] += 1
            if not got:
                n["missing"] += 1
                details.append(("missing", row))
                continue
            if t["reported"] is not None and t["reported"].get("cache_read") is not None:
                n["read"] += 1
            p = t["predicted_cache_read"] or 0
            # promptlint's own verdict; a turn whose usage it did not read is judged here the
            # same way, with its range.
            outcome = t.get("outcome")
            if outcome is None:
                lo_ok = agrees(p, b)
                mx = t.get("predicted_cache_read_max", p)
                conf = t.get("confidence", "deterministic")
                if lo_ok:
                    outcome = "agrees"
                elif b < p and t.get("best_effort"):
                    outcome = "provider-read-less"
                elif conf != "deterministic" and (mx is None or b <= mx + max(128, max(mx, b) // 10)):
                    outcome = "outside-model"
                else:
                    outcome = "promptlint-wrong"
            n["wrong"] += outcome == "promptlint-wrong"
            n["less"] += outcome == "provider-read-less"
            n["outside"] += outcome == "outside-model"
            if t.get("confidence", "deterministic") == "deterministic" and outcome != "provider-read-less":
                tot["det"] += 1
                tot["det_agree"] += outcome == "agrees"
                if p or b:
                    tot["det_nz"] += 1
                    tot["det_nz_agree"] += outcome == "agrees"
            row["outcome"] = outcome
            if agrees(p, b):
                n["agree"] += 1
                tot["zero"] += p == 0 and b == 0
            elif p < b:
                n["under"] += 1
                details.append(("under", row))
            else:
                n["over"] += 1
                details.append(("over", row))
        tot["requests"] += n["requests"]
        for k in ("billed", "read", "agree", "under", "over", "missing", "wrong", "less", "outside"):
            tot[k] += n[k]
        print(f"{short(name):62} {code:>4} {n['requests']:>4} {n['billed']:>6} {n['read']:>5} {n['agree']:>5} {n['under']:>5} {n['over']:>5} {n['missing']:>4} {n['wrong']:>5} {n['less']:>4} {n['outside']:>7}"
              + (f"  errors: {len(errors)}" if errors else ""))
        for e in errors:
            details.append(("error", dict(log=name, message=e.get("message", ""))))
    compared = tot["agree"] + tot["under"] + tot["over"]
    print()
    print(f"logs {tot['logs']}: read (exit 0/1) {tot['ok']}, not read (exit 2, no turn) {tot['unread']}"
          + (f", read in part (exit 2 with turns) {tot['partial']}" if tot["partial"] else ""))
    print(f"generation requests {tot['requests']}, with a cache figure in the response {tot['billed']}")
    if tot["billed"]:
        print(f"provider figure read by promptlint: {tot['read']} of {tot['billed']} ({100 * tot['read'] / tot['billed']:.1f}%)")
    if compared:
        print(f"compared {compared} (billed requests promptlint analysed; {tot['missing']} billed requests had no turn)")
        outside = sum(1 for k, r in details if k == "under" and "first-request-of-model-in-log" in r.get("hints", []))
        print(f"agree {tot['agree']} ({100 * tot['agree'] / compared:.1f}%), disagree {tot['under'] + tot['over']}: "
              f"under {tot['under']} (the provider read more than predicted: promptlint wrong, "
              f"except {outside} first requests of their model in the log, read from an entry written before it), "
              f"over {tot['over']} (the provider read less than predicted: its best effort, or promptlint wrong)")
        nz = compared - tot["zero"]
        if nz:
            print(f"without the {tot['zero']} requests where both are 0: agree {tot['agree'] - tot['zero']} of {nz} "
                  f"({100 * (tot['agree'] - tot['zero']) / nz:.1f}%)")
    if compared:
        print(f"promptlint's verdict: agrees {compared - tot['wrong'] - tot['less'] - tot['outside']}, "
              f"promptlint wrong {tot['wrong']}, provider read less than it could (best effort) {tot['less']}, "
              f"outside the model (undocumented or out of the log, within the turn's range) {tot['outside']}")
        if tot["det"]:
            print(f"requests whose outcome the provider documents: {tot['det']}, agree {tot['det_agree']} "
                  f"({100 * tot['det_agree'] / tot['det']:.1f}%)"
                  + (f"; where prediction or bill is not 0: {tot['det_nz_agree']} of {tot['det_nz']} "
                     f"({100 * tot['det_nz_agree'] / tot['det_nz']:.1f}%)" if tot["det_nz"] else ""))
    if a.details:
        print()
        for kind, row in details:
            if kind == "error":
                print(f"error  {row['log']}: {row['message']}")
                continue
            print(f"{kind:6} {row['log']} #{row['index']} {row['api']} {row['host']}: predicted {row.get('predicted')} "
                  f"billed {row['billed']} ({row['billed_field']}) input {row['billed_input']} "
                  f"reported {row.get('reported')} turn {row.get('turn')} stable {row.get('stable')} "
                  f"reason {row.get('reason')} prefix {row.get('prefix_bytes')} B min {row.get('minimum')}"
                  f" outcome {row.get('outcome')} confidence {row.get('confidence')} max {row.get('predicted_max')}"
                  + (f" hints: {' '.join(row['hints'])}" if row.get("hints") else ""))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
