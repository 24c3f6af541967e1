#!/usr/bin/env python3
"""Turns a SONiC config_db.json into YANG XML instance data for yanglint (libyang 2 rejects the
string-encoded numbers of config_db.json in JSON; in XML every value is text).
Reads the table layout from the SONiC YANG modules themselves (a small YANG reader, enough for the
sonic-* modules: module > container sonic-x > container TABLE > list TABLE_LIST {key ...} or container).
Usage: configdb2xml.py YANG_DIR config_db.json > config_db.xml   (tables without a model: stderr, exit 2)"""
import json, os, re, sys
from xml.sax.saxutils import escape

def tokens(text):
    for m in re.finditer(r'"(?:\\.|[^"\\])*"|\'[^\']*\'|//[^\n]*|/\*.*?\*/|[{};]|[^\s{};"\']+', text, flags=re.S):
        t = m.group(0)
        if not (t.startswith('//') or t.startswith('/*')):
            yield t

def parse(toks):
    """[(keyword, arg, children)]"""
    out, stack, cur = [], [], None
    root = out
    words = []
    for t in toks:
        if t == ';':
            if words:
                root.append((words[0], ' '.join(w.strip('"\'') for w in words[1:]), []))
            words = []
        elif t == '{':
            node = (words[0] if words else '', ' '.join(w.strip('"\'') for w in words[1:]), [])
            root.append(node); stack.append(root); root = node[2]; words = []
        elif t == '}':
            root = stack.pop(); words = []
        elif t == '+':
            continue
        else:
            words.append(t)
    return out

def load_models(ydir):
    tables = {}
    for f in sorted(os.listdir(ydir)):
        if not f.endswith('.yang'):
            continue
        tree = parse(tokens(open(os.path.join(ydir, f)).read()))
        for mod in tree:
            if mod[0] != 'module':
                continue
            ns = next((c[1] for c in mod[2] if c[0] == 'namespace'), '')
            for top in mod[2]:
                if top[0] != 'container':
                    continue
                for tbl in top[2]:
                    if tbl[0] == 'container':
                        tables[tbl[1]] = (ns, top[1], tbl)
    return tables

def leaf_lists(node):
    return {c[1] for c in node[2] if c[0] == 'leaf-list'}

def emit_entry(lst, keyvals, fields, out):
    keys = next((c[1] for c in lst[2] if c[0] == 'key'), '').split()
    inner = [c for c in lst[2] if c[0] == 'list']
    ll = leaf_lists(lst)
    out.append('<%s>' % lst[1])
    for k, v in zip(keys, keyvals):
        out.append('<%s>%s</%s>' % (k, escape(v), k))
    if inner and not any(c[0] == 'leaf' and c[1] in fields for c in lst[2]):
        # a map: { "26": "3" } -> inner list entries (key leaf, value leaf)
        il = inner[0]
        ikey = next((c[1] for c in il[2] if c[0] == 'key'), '')
        ival = next(c[1] for c in il[2] if c[0] == 'leaf' and c[1] != ikey)
        for k, v in fields.items():
            out.append('<%s><%s>%s</%s><%s>%s</%s></%s>' % (il[1], ikey, escape(k), ikey, ival, escape(str(v)), ival, il[1]))
    else:
        for k, v in fields.items():
            name = k.rstrip('@')
            if name in ll:
                vals = v if isinstance(v, list) else str(v).split(',')
                for x in vals:
                    out.append('<%s>%s</%s>' % (name, escape(str(x).strip()), name))
            else:
                out.append('<%s>%s</%s>' % (name, escape(str(v)), name))
    out.append('</%s>' % lst[1])

def main():
    ydir, path = sys.argv[1], sys.argv[2]
    tables = load_models(ydir)
    db = json.load(open(path))
    bymod, missing = {}, []
    for tname, entries in db.items():
        if tname not in tables:
            missing.append(tname); continue
        ns, top, tbl = tables[tname]
        out = ['<%s>' % tname]
        lists = [c for c in tbl[2] if c[0] == 'list']
        conts = {c[1]: c for c in tbl[2] if c[0] == 'container'}
        for key, fields in entries.items():
            if key in conts:
                c = conts[key]; ll = leaf_lists(c)
                out.append('<%s>' % key)
                for k, v in fields.items():
                    out.append('<%s>%s</%s>' % (k, escape(str(v)), k))
                out.append('</%s>' % key)
                continue
            parts = key.split('|')
            lst = next((l for l in lists if len(next((c[1] for c in l[2] if c[0] == 'key'), '').split()) == len(parts)), None)
            if lst is None:
                print('configdb2xml: %s|%s: no list with %d key parts' % (tname, key, len(parts)), file=sys.stderr)
                sys.exit(2)
            emit_entry(lst, parts, fields, out)
        out.append('</%s>' % tname)
        bymod.setdefault((top, ns), []).extend(out)
    print('<config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0">' if False else '', end='')
    for (top, ns), body in bymod.items():
        print('<%s xmlns="%s">%s</%s>' % (top, ns, ''.join(body), top))
    if missing:
        print('configdb2xml: no YANG model for table(s) %s' % ', '.join(missing), file=sys.stderr)
        sys.exit(2)

main()
