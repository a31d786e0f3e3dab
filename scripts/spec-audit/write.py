import re
doc = open('docs/spec-coverage.md').read()
H = '| Section | Item | Status | Code | Test |\n|---|---|---|---|---|\n'
parts = doc.split(H)
assert len(parts) == 3
tail = [l for l in parts[2].split('\n') if l.startswith('| Bybit v5 |')]
table = open('build/spec-audit/table.md').read()
st = [l.split(' | ')[2] for l in table.strip().split('\n')]
n = {k: sum(1 for s in st if s == k or s.startswith(k + ':')) for k in ('done', 'partial', 'cannot', 'missing')}
d, p, m = n['done'], n['partial'], n['missing']
pre = re.sub(r"\d+ rows \([^)]*\)", f"{len(st)} rows ({d} done, {p} partial, {n['cannot']} cannot, {m} missing)", parts[1])
open('docs/spec-coverage.md', 'w').write(parts[0] + H + pre + H + table + '\n'.join(tail) + '\n')
print(len(st), n)
