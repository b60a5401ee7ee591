#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""pymods.py SCRIPT [MODULE...]: the files of the Python modules SCRIPT
imports (run with --help, which imports them and exits) and those named,
one per line: what a guest needs besides the interpreter to run SCRIPT.
lab.sh packs them for rt-tests' hwlatdetect."""
import contextlib
import importlib
import io
import os
import runpy
import sys

script, extra = sys.argv[1], sys.argv[2:]
sys.argv = [script, "--help"]
with contextlib.redirect_stdout(io.StringIO()):
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit:
        pass
for name in extra + ["encodings.utf_8", "encodings.latin_1",
                            "encodings.ascii", "os"]:
    importlib.import_module(name)
stdlib = os.path.dirname(os.__file__)
files = {os.path.join(stdlib, "os.py")}
for mod in list(sys.modules.values()):
    f = getattr(mod, "__file__", None)
    if f and f.startswith(stdlib + "/") and os.path.exists(f):
        files.add(f)
print("\n".join(sorted(files)))
