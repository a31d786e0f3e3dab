import re
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
