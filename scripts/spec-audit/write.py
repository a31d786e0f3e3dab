import re
doc = open('docs/spec-coverage.md').read()
H = '| Section | Item | Status | Code | Test |\n|---|---|---|---|---|\n'
parts = doc.split(H)
assert len(parts) == 3
tail = [l for l in parts[2].split('\n') if l.startswith('| Bybit v5 |')]
table = open('build/spec-audit/table.md').read()
st = [l.split(' | ')[2] for l in table.strip().split('\n')]
d = sum(1 for s in st if s == 'done'); p = sum(1 for s in st if s.startswith('partial')); m = sum(1 for s in st if s.startswith('missing'))
pre = re.sub(r"489 rows \([^)]*\)", f"{len(st)} rows ({d} done, {p} partial, {m} missing)", parts[1])
open('docs/spec-coverage.md', 'w').write(parts[0] + H + pre + H + table + '\n'.join(tail) + '\n')
print(len(st), d, p, m)
