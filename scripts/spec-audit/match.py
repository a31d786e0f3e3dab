import re, json, os, sys
ROOT = '.'
items = json.load(open('build/spec-audit/items.json'))
items = [(s, t) for s, t in items if not re.fullmatch(r'\*\*[^*]+\*\*', t.strip())]
def files(dirs, exts):
    out = {}
    for d in dirs:
        for dp, dn, fn in os.walk(os.path.join(ROOT, d)):
            if 'node_modules' in dp or '/fixtures' in dp: continue
            for f in fn:
                if f.endswith(exts):
                    p = os.path.relpath(os.path.join(dp, f), ROOT)
                    out[p] = open(os.path.join(ROOT, p), encoding='utf8', errors='replace').read()
    return out
CODE = files(['src', 'server', 'assembly'], ('.ts', '.tsx'))
CODE.update({p: c for p, c in files(['public/locales/en'], ('.json',)).items()})
TESTS = files(['tests', 'e2e'], ('.ts',))
IMPORT = re.compile(r"from '(\.\.?/[^']+)'")
IMPS = {}
for p, c in TESTS.items():
    IMPS[p] = set(os.path.normpath(os.path.join(os.path.dirname(p), m.group(1))) for m in IMPORT.finditer(c))
# en locale flat: value -> keys
en_keys = {}
def walk(prefix, o, ns):
    if isinstance(o, dict):
        for k, v in o.items(): walk(f'{prefix}.{k}' if prefix else k, v, ns)
    elif isinstance(o, str): en_keys.setdefault(o.lower(), []).append((ns, prefix))
for f in os.listdir(f'{ROOT}/public/locales/en'):
    walk('', json.load(open(f'{ROOT}/public/locales/en/{f}')), f)
STOP = set('the a an and or of to is in on for with by at as it its be are from this that when if not only each one two per its same new all other'.split())
def keywords(t):
    kws = []
    for q in re.findall(r"'([^']{3,80})'", t): kws.append(('q', q))
    for q in re.findall(r"`([^`]{2,80})`", t): kws.append(('i', q))
    for w in re.findall(r"[A-Za-z_][A-Za-z0-9_.\-/]*", t):
        w = w.strip('.-/')
        if len(w) < 4 or w.lower() in STOP: continue
        if re.search(r'[a-z][A-Z]|_|[A-Z]{3,}|\d', w) or '/' in w: kws.append(('i', w))
    for n in re.findall(r"(?<![\w.])-?\d{3,}(?:\.\d+)?(?![\w])", t):
        if n not in ('100', '200', '300', '500', '1000'): kws.append(('n', n))
    seen = set(); out = []
    for k in kws:
        if k[1] not in seen: seen.add(k[1]); out.append(k)
    return out
def hits(kind, kw, corpus):
    out = []
    if kind == 'q':
        rx = re.compile(re.escape(kw), re.I)
    elif kind == 'n':
        rx = re.compile(r'(?<![\w.])' + re.escape(kw).replace(r'\-', r'[-−]?') + r'(?![\w])')
        alt = kw[:-3] + '_' + kw[-3:] if len(kw) >= 4 and kw.isdigit() else None
        if alt: rx = re.compile(rx.pattern + '|' + re.escape(alt))
    else:
        rx = re.compile(r'(?<![\w])' + re.escape(kw) + r'(?![\w])')
    for p, c in corpus.items():
        if corpus is TESTS:
            first = FIRST_TEST.get(p)
            pos = [m.start() for m in rx.finditer(c)]
            inside = [q for q in pos if first is not None and q > first]
            if inside: out.append((p, inside[0]))
        else:
            m = rx.search(c)
            if m: out.append((p, m.start()))
    return out
TITLE = re.compile(r"\b(?:test|it|describe)(?:\.\w+)?\(\s*(['\"`])((?:(?!\1).){8,200})\1")
def title_at(path, pos):
    c = TESTS[path]
    best = None
    for m in TITLE.finditer(c):
        if m.start() <= pos and m.group(1) != '`' and '"' not in m.group(2) and not m.group(0).split('(')[0].startswith('describe'): best = m.group(2)
        if m.start() > pos: break
    if best is None:  # the first test after (a constant used by the tests)
        for m in TITLE.finditer(c):
            if m.start() > pos and m.group(1) != '`' and '"' not in m.group(2) and not m.group(0).split('(')[0].startswith('describe'): return m.group(2)
    return best
FIRST_TEST = {}
for p, c in TESTS.items():
    m = re.search(r"\b(?:test|it)(?:\.\w+)?\(", c)
    if m: FIRST_TEST[p] = m.start()
rows = []
for sec, text in items:
    kws = keywords(text)
    for kind, kw in list(kws):
        if kind == 'q':
            for ns, key in en_keys.get(kw.lower(), [])[:2]: kws.append(('i', key.split('.')[-1]))
    code, tests, used = {}, {}, []
    for kind, kw in kws:
        ch = hits(kind, kw, CODE); th = hits(kind, kw, TESTS)
        if not ch or len(ch) > 25: continue
        used.append(kw)
        for p, _ in ch: code[p] = code.get(p, 0) + 1
        for p, pos in th[:20]:
            if p not in tests: tests[p] = (0, pos, kw)
            tests[p] = (tests[p][0] + 1, tests[p][1], tests[p][2])
    code_files = sorted(code, key=lambda p: (-code[p], p.startswith('public'), len(p)))[:3]
    def imports_code(p):
        c = TESTS[p]
        return any(os.path.splitext(os.path.basename(f))[0] in c and f in IMPS.get(p, ()) for f in code_files)
    cand = [p for p in tests if not (tests[p][2].lstrip('-').replace('.', '').isdigit() and not imports_code(p))]
    tfile = sorted(cand, key=lambda p: (-(tests[p][0] + (3 if imports_code(p) else 0)), p.startswith('e2e')))[:1]
    named = []
    for p in tfile:
        t = title_at(p, tests[p][1])
        if t: named.append((p, t))
    rows.append(dict(sec=sec, text=text, kws=[k for _, k in kws], used=used, code=code_files, tests=named))
json.dump(rows, open('build/spec-audit/rows.json', 'w'), indent=1)
n = len(rows); nc = sum(1 for r in rows if r['code']); nt = sum(1 for r in rows if r['code'] and r['tests'])
nk = sum(1 for r in rows if not r['kws'])
print(n, 'items;', nk, 'without keywords;', nc, 'with code;', nt, 'with code and a named test')
