# Per spec section: the code and test files whose comments or titles say they implement it ("spec 4.7").
import re, os, json
cites = {}
for d in ['src', 'server', 'tests', 'e2e']:
    for dp, dn, fn in os.walk(d):
        if 'node_modules' in dp or 'fixtures' in dp: continue
        for f in fn:
            if not f.endswith(('.ts', '.tsx')): continue
            p = os.path.join(dp, f); c = open(p).read()
            for m in re.finditer(r'\bspec(?:\'s)?(?: section)? ([2-9](?:\.\d+)?)\b', c):
                cites.setdefault(m.group(1), {}).setdefault(p, 0)
                cites[m.group(1)][p] += 1
out = {}
for sec, fs in cites.items():
    out[sec] = dict(code=sorted([p for p in fs if p.startswith(('src', 'server'))], key=lambda p: -fs[p])[:2],
                    tests=sorted([p for p in fs if p.startswith(('tests', 'e2e'))], key=lambda p: -fs[p])[:1])
json.dump(out, open('build/spec-audit/cites.json', 'w'), indent=1)
