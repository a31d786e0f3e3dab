import re, json, os
ROOT = '.'
rows = json.load(open('build/spec-audit/rows.json'))
TITLE = re.compile(r"\b(test|it)(?:\.\w+)?\(\s*(['\"])((?:(?!\2).){8,300})\2")
IMPORT = re.compile(r"from '(\.\.?/[^']+)'")
titles = []
for d in ['tests', 'e2e']:
    for dp, dn, fn in os.walk(os.path.join(ROOT, d)):
        if 'fixtures' in dp: continue
        for f in fn:
            if not f.endswith('.ts'): continue
            p = os.path.relpath(os.path.join(dp, f), ROOT)
            c = open(os.path.join(ROOT, p)).read()
            imps = []
            for m in IMPORT.finditer(c):
                t = os.path.normpath(os.path.join(os.path.dirname(p), m.group(1)))
                if t.startswith(('src/', 'server/', 'assembly/')) and os.path.exists(os.path.join(ROOT, t)): imps.append(t)
            for m in TITLE.finditer(c):
                if '"' in m.group(3): continue
                titles.append((p, m.group(3), imps))
            # it.each / test.each rows: their first string names the case
            for m in re.finditer(r"^\s*\[\s*'([^'\n]{8,200})'\s*,", c, re.M):
                if '"' not in m.group(1): titles.append((p, m.group(1), imps))
            for m in re.finditer(r"\bdescribe\(\s*'([^'\n]{8,200})'", c):
                if '"' not in m.group(1): titles.append((p, m.group(1), imps))
STOP = set('''the a an and or of to is in on for with by at as it its be are from this that when if not only each one two per same new all other
than more less shows show shown their them they then there which while after before into under over also have has been does done user users page order orders
value values list lists text true false otherwise else'''.split())
def words(t):
    ws = set()
    for w in re.findall(r"[A-Za-z][A-Za-z0-9-]+|\d+(?:\.\d+)?", t.lower()):
        if w in STOP: continue
        if w[0].isdigit(): ws.add(w); continue
        if len(w) < 4: continue
        ws.add(w[:5])
    return ws
TW = [(p, t, imps, words(t)) for p, t, imps in titles]
for r in rows:
    if r['code'] and r['tests']: continue
    iw = words(r['text'])
    best = None
    for p, t, imps, tw in TW:
        common = iw & tw
        nums = [w for w in common if w[0].isdigit()]
        score = len(common) if len(common) - len(nums) >= 2 else min(len(common), 2)
        if best is None or score > best[0]: best = (score, p, t, imps, sorted(common))
    if best and best[0] >= 3:
        r['title_match'] = dict(score=best[0], file=best[1], title=best[2], imports=best[3][:3], common=best[4])
json.dump(rows, open('build/spec-audit/rows2.json', 'w'), indent=1)
print(len(titles), 'titles')
tm = [r for r in rows if 'title_match' in r]
print(len(tm), 'title matches;', sum(1 for r in tm if r['title_match']['score'] >= 4), 'at 4+')
