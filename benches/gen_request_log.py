#!/usr/bin/env python3
"""Write a synthetic request log (JSONL) of about SIZE bytes to OUT, streaming.

usage: gen_request_log.py OUT [SIZE_MB]   (default 1024)

Conversations of 24 turns whose message list grows by two messages a turn: Anthropic requests
with an explicit id (metadata.user_id), four of them interleaved at a time, and OpenAI runs
without an id. Every seventh conversation puts a clock line into its system prompt from turn 5
on, so the analysis has breaks to find. Deterministic (fixed seed); all text is made up here.
"""
import json
import random
import sys

out_path = sys.argv[1]
target = int(sys.argv[2] if len(sys.argv) > 2 else 1024) * 1024 * 1024
rng = random.Random(7)
words = ("ledger account balance reconcile rounding test build deploy branch commit review "
         "function module error retry backoff cache prefix token stream parser schema field "
         "value request response latency budget policy owner service queue worker").split()


def text(n):
    return " ".join(rng.choice(words) for _ in range(n))


system = "You are Harbor, a coding agent.\n" + "\n".join(text(20) + "." for _ in range(40))
tools = [{"name": f"tool_{i}", "description": text(30),
          "input_schema": {"type": "object", "properties": {"path": {"type": "string", "description": text(8)}}}}
         for i in range(6)]
otools = [{"type": "function", "function": {"name": t["name"], "description": t["description"],
                                            "parameters": t["input_schema"]}} for t in tools]
TURNS = 24
written = 0
conv_no = 0
with open(out_path, "w") as f:
    while written < target:
        group = []
        for _ in range(4):
            conv_no += 1
            msgs = [text(60) for _ in range(2 * TURNS)]
            group.append((conv_no, msgs))
        for turn in range(1, TURNS + 1):
            for cid, msgs in group:
                sys_text = system
                if cid % 7 == 0 and turn >= 5:
                    sys_text = system + f"\nCurrent time: 14:{turn:02d}"
                m = []
                for i in range(2 * turn - 1):
                    role = "user" if i % 2 == 0 else "assistant"
                    m.append({"role": role, "content": [{"type": "text", "text": msgs[i]}]})
                m[-1]["content"][-1]["cache_control"] = {"type": "ephemeral"}
                req = {"model": "claude-sonnet-4-5", "max_tokens": 2048,
                       "metadata": {"user_id": f"user-{cid}"}, "tools": tools,
                       "system": [{"type": "text", "text": sys_text}], "messages": m}
                line = json.dumps(req, separators=(",", ":")) + "\n"
                f.write(line)
                written += len(line)
        # An OpenAI run without an id, in a Batch wrapper.
        conv_no += 1
        msgs = [text(60) for _ in range(2 * TURNS)]
        for turn in range(1, TURNS + 1):
            m = [{"role": "system", "content": system}]
            for i in range(2 * turn - 1):
                m.append({"role": "user" if i % 2 == 0 else "assistant", "content": msgs[i]})
            body = {"model": "gpt-4.1", "tools": otools, "messages": m}
            line = json.dumps({"custom_id": f"r{conv_no}-{turn}", "method": "POST",
                               "url": "/v1/chat/completions", "body": body},
                              separators=(",", ":")) + "\n"
            f.write(line)
            written += len(line)
print(f"wrote {written} bytes, {conv_no} conversations, to {out_path}")
