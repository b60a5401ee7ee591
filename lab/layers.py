#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""layers.py DOC OBJDIR SRCDIR [--graph]: keep the tracing core's layers true.

DOC is Documentation/trace/layers.rst: its table places every source file
of kernel/trace (and kernel/tracepoint.c) in a numbered layer.  OBJDIR is
the kernel's object directory, SRCDIR the repository (or a kernel tree)
holding kernel/trace.  The symbols each object defines and the ones it
takes from elsewhere (nm) give the references between files.  A file may
refer to one in a lower layer, or to one before it in its own layer's
rows of the table; anything else is a call up, which the rule forbids: a
lower file reaches a higher one only through what the higher one
registered with it (a function pointer, which nm never sees).  Only the
circles the document allows are exempt.

It also fails when a file includes the header of a higher layer, and when
a source file or header of kernel/trace is in no row of the table.

--graph prints every reference between files, for reading.
Exit status: 0 when the rule holds, 1 when not, 2 on a usage error.
"""

import os
import re
import subprocess
import sys

TRACE = "kernel/trace"
# Objects outside kernel/trace that belong to the core.
EXTRA = {"kernel/tracepoint.o": "../tracepoint.c"}

# A tracepoint's own symbols (its struct tracepoint, iterator, static call
# and strings) are defined where CREATE_TRACE_POINTS expands its header,
# but belong to the call sites: every file that fires or registers with
# the tracepoint refers to them, whatever its layer.
# Includes the document allows from a lower layer: (file, header).
ALLOWED_INCLUDES = set()

TRACEPOINT_SYMBOL = re.compile(
    r"^(__tracepoint_|__traceiter_|__SCK__tp_func_|__SCT__tp_func_|"
    r"__SCK__ck_tp_func_|__tpstrtab_|__probestub_|__bpf_trace_tp_map_)")


def read_table(doc):
    """The layer table: {file pattern: (layer number, layer name, row)}
    and the allowed circles (sets of files)."""
    layers, circles = {}, []
    row = 0
    in_table = False
    for line in open(doc):
        if line.startswith(".. layer-table-begin"):
            in_table = True
            continue
        if line.startswith(".. layer-table-end"):
            in_table = False
            continue
        if not in_table:
            m = re.match(r"^\s*allowed circle:\s*(.+)$", line)
            if m:
                circles.append(set(m.group(1).split()))
            m = re.match(r"^\s*allowed include:\s*(\S+)\s+(\S+)$", line)
            if m:
                ALLOWED_INCLUDES.add((m.group(1), m.group(2)))
            continue
        m = re.match(r"^(\d+)\s+(\S+)\s+(\S+)", line)
        if m:
            row += 1
            layers[m.group(3)] = (int(m.group(1)), m.group(2), row)
    return layers, circles


def layer_of(path, layers):
    """The layer of a source path relative to kernel/trace, or None."""
    if path in layers:
        return layers[path]
    for pat, lay in layers.items():
        if pat.endswith("/") and path.startswith(pat):
            return lay
    return None


def objects(objdir):
    """{source path relative to kernel/trace: object path}: what is linked
    (kernel/trace/built-in.a, a thin archive) and the modules built
    (modules.order), so a stale object of a removed file does not count."""
    out = {}
    base = os.path.join(objdir, TRACE)
    paths = []
    archive = os.path.join(base, "built-in.a")
    if os.path.exists(archive):
        res = subprocess.run(["ar", "t", archive], capture_output=True,
                             text=True, check=True)
        paths += [p if os.path.isabs(p) else os.path.join(os.getcwd(), p)
                  for p in res.stdout.split()]
    order = os.path.join(objdir, "modules.order")
    if os.path.exists(order):
        for line in open(order):
            line = line.strip()
            if line.startswith(TRACE + "/"):
                paths.append(os.path.join(objdir, line[:-2] + "o"
                                          if line.endswith(".ko") else line))
    for full in paths:
        full = os.path.normpath(full)
        if not full.endswith(".o") or not os.path.exists(full):
            continue
        rel = os.path.relpath(full, os.path.normpath(base))[:-2] + ".c"
        out[rel] = full
    for obj, src in EXTRA.items():
        full = os.path.join(objdir, obj)
        if os.path.exists(full):
            out[src] = full
    return out


def symbols(obj):
    """(defined global symbols, undefined symbols) of an object."""
    res = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True)
    defined, undefined = set(), set()
    for line in res.stdout.splitlines():
        parts = line.split()
        name = parts[-1]
        if TRACEPOINT_SYMBOL.match(name):
            continue
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(name)
        elif len(parts) == 3 and parts[1] in "TDBRVWG":
            defined.add(name)
    return defined, undefined


def strongly_connected(nodes, edges):
    """Tarjan's algorithm: the components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def source_files(srcdir):
    """Every .c and .h file of kernel/trace in the source tree, relative
    to it."""
    out = set()
    base = os.path.join(srcdir, TRACE)
    for root, _dirs, files in os.walk(base):
        for f in files:
            if f.endswith(".c") or f.endswith(".h"):
                out.add(os.path.relpath(os.path.join(root, f), base))
    return out


def includes(srcdir, rel):
    """The local headers a source file includes, relative to kernel/trace."""
    base = os.path.join(srcdir, TRACE)
    full = os.path.join(base, rel)
    out = []
    for line in open(full, errors="replace"):
        m = re.match(r'^\s*#\s*include\s+"([^"]+)"', line)
        if m:
            target = os.path.normpath(os.path.join(os.path.dirname(full),
                                                   m.group(1)))
            if target.startswith(os.path.normpath(base) + os.sep):
                out.append(os.path.relpath(target, base))
    return out


def may_use(f, g, layers, circles):
    """Whether file @f may refer to file @g: @g is in a lower layer, or
    earlier in @f's layer, or both are in one allowed circle."""
    lf, lg = layer_of(f, layers), layer_of(g, layers)
    if not lf or not lg or lf[2] == lg[2]:
        return True
    if lg[0] != lf[0]:
        return lg[0] < lf[0]
    if any(f in c and g in c for c in circles):
        return True
    return lg[2] < lf[2]


def main(argv):
    graph = "--graph" in argv
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    doc, objdir, srcdir = args
    layers, circles = read_table(doc)
    if not layers:
        print("layers: no layer table in %s" % doc, file=sys.stderr)
        return 2
    objs = objects(objdir)
    if not objs:
        print("layers: no objects under %s/%s" % (objdir, TRACE),
              file=sys.stderr)
        return 2
    bad = []
    sources = source_files(srcdir)
    for f in sorted(set(objs) | sources):
        if layer_of(f, layers) is None:
            bad.append("%s: in no layer of %s" % (f, doc))
    # Headers: a file includes none of a higher layer.
    nincl = 0
    for f in sorted(sources):
        for h in includes(srcdir, f):
            nincl += 1
            lf, lh = layer_of(f, layers), layer_of(h, layers)
            if lf and lh and lh[0] > lf[0] and (f, h) not in ALLOWED_INCLUDES:
                bad.append("%s (%s) includes %s (%s)" % (f, lf[1], h, lh[1]))
    owner, needs = {}, {}
    for f in sorted(objs):
        defined, undefined = symbols(objs[f])
        for sym in defined:
            owner.setdefault(sym, f)
        needs[f] = undefined
    edges, refs = {}, {}
    for f, undefined in needs.items():
        for sym in undefined:
            g = owner.get(sym)
            if g is None or g == f:
                continue
            edges.setdefault(f, set()).add(g)
            refs.setdefault((f, g), []).append(sym)
    upward = 0
    for (f, g), syms in sorted(refs.items()):
        lf, lg = layer_of(f, layers), layer_of(g, layers)
        if graph:
            print("%-28s %-10s -> %-28s %-10s %s" %
                  (f, lf and lf[1], g, lg and lg[1], " ".join(sorted(syms))))
        if may_use(f, g, layers, circles):
            continue
        if lf[0] != lg[0]:
            upward += len(syms)
            bad.append("%s (%s) calls up into %s (%s): %s" %
                       (f, lf[1], g, lg[1], " ".join(sorted(syms))))
        else:
            bad.append("%s calls %s, after it in the %s layer: %s" %
                       (f, g, lf[1], " ".join(sorted(syms))))
    comps = strongly_connected(objs, edges)
    for comp in comps:
        if not any(comp <= allowed for allowed in circles):
            bad.append("a circle of %d files: %s" %
                       (len(comp), " ".join(sorted(comp))))
    for line in bad:
        print("layers: " + line)
    print("layers: %d objects, %d references between them (%d upward), "
          "%d local includes, %d circles (largest %d files), %d problems" %
          (len(objs), sum(len(v) for v in refs.values()), upward, nincl,
           len(comps), max([len(c) for c in comps] or [0]), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
