import re, json
spec = open('../shared/spec/spot-trading-page.md').read().split('\n')
items = []  # (section, text)
sec = None; in_range = False; para = []
def flush_para():
    global para
    if para and sec:
        text = ' '.join(para).strip()
        # split into sentences
        for s in re.split(r'(?<=[.!?])\s+(?=[A-Z])', text):
            s = s.strip()
            if len(s) > 3: items.append((sec, s))
    para = []
parents = {}
for line in spec:
    m = re.match(r'^(#{2,3}) (\d+)(?:\.(\d+))?\.? (.*)', line)
    if m:
        flush_para()
        n = int(m.group(2))
        in_range = 2 <= n <= 9
        sec = f"{m.group(2)}.{m.group(3)}" if m.group(3) else m.group(2)
        if not in_range: sec = None
        parents = {}
        continue
    if not sec: continue
    if line.startswith('|'):
        flush_para()
        if re.match(r'^\|[-| :]+\|$', line): continue
        cells = [c.strip() for c in line.strip('|').split('|')]
        if not hasattr(flush_para, 'hdr') or flush_para.hdr != sec: 
            flush_para.hdr = sec; continue  # header row
        items.append((sec, ' — '.join(c for c in cells if c)))
        continue
    m = re.match(r'^(\s*)(?:[-*]|\d+\.) (.*)', line)
    if m:
        flush_para()
        depth = len(m.group(1)) // 2
        t = m.group(2).strip()
        parents[depth] = t
        for d in list(parents):
            if d > depth: del parents[d]
        if t.endswith(':'):
            continue  # a heading bullet; its children carry the rules
        prefix = ' '.join(parents[d].rstrip(':') for d in sorted(parents) if d < depth and parents[d].endswith(':'))
        items.append((sec, (prefix + ': ' if prefix else '') + t))
        continue
    if line.strip() == '':
        flush_para(); continue
    if line.startswith('```'): flush_para(); continue
    para.append(line.strip())
flush_para()
# drop lead-in sentences ending with ':'
items = [(s, t) for s, t in items if not t.endswith(':')]
json.dump(items, open('build/spec-audit/items.json', 'w'), indent=0)
from collections import Counter
c = Counter(s.split('.')[0] for s, _ in items)
print(len(items), sorted(c.items()))
