"""Mutation testing of the engines and core: does a test fail when
a rule is broken?

Every single-edit mutant of each firmware file under usher/core/ and
usher/games/*/, and of the UI modules that keep files (UI_TARGETS: the play
history, the roster, the share link; PL-23), is built from its AST and the portable tests
(tests/portable/test_*.py, the same functions tests/portable/run.py runs) are
run against it on CPython:

  comparisons    < <= > >= == != in is: the boundary and the negation
  arithmetic     + - * // / % << >> & | ^ (also in +=, -=, ...)
  constants      an integer n becomes n + 1; True <-> False
  booleans       and <-> or; `not x` -> `x`; `-x` -> `x`
  guards         `raise SomeError(...)` -> `pass`

Not mutated: string constants and the arguments of a raise (messages are
not rules), and `"text" % args` formatting.

Speed: one baseline run traces which lines of the target files each test
function executes; a mutant then runs only the test functions that execute
its line (all tests of every test module that imports the file, for code run
at import time), in a forked worker that imports the firmware afresh with the
mutated module's code swapped in. A mutant that no test executes survives
without a run. A worker that outlives the per-mutant timeout (mutants of
rng.below loop forever) is killed, and the mutant counts as killed; so is
a test function that outlives its own limit.

Equivalent mutants (no program can tell them from the original) are listed
in bench/mutation_equivalent.txt, one a line, `KEY  ## reason`; KEY is what
--list prints. The score is killed / (mutants - equivalent).

Usage (the machine is shared: run campaigns with nice -n 19):
  nice -n 19 .venv/bin/python bench/mutate.py                 # every file
  nice -n 19 .venv/bin/python bench/mutate.py core/rng.py     # one file (or a substring)
  .venv/bin/python bench/mutate.py --list core/rng.py         # the mutants and their keys
  nice -n 19 .venv/bin/python bench/mutate.py -j 2 core/seal.py ui/players.py   # several files
  options: -j N (workers, default 1), --timeout S (per test function;
  default 3 x its traced baseline time + 1 s), --all-tests (run every test
  module that imports the file for every mutant, no line selection),
  --json FILE (write the results), --again FILE (run only the mutants that
  survived in FILE, an earlier --json of the same target files: the others
  count as killed as they were there; for a campaign where tests were only
  added since, a file changed since is run whole)
"""
import ast
import json
import os
import select
import signal
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
PKG = os.path.join(FIRMWARE, "usher")
TESTS = os.path.join(ROOT, "tests", "portable")
EQUIV_FILE = os.path.join(ROOT, "bench", "mutation_equivalent.txt")

for p in (FIRMWARE, TESTS, ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)


# ---------------------------------------------------------------- targets

# UI modules mutated too: what they write to flash and read back is as much
# a rule as an engine's (PL-23); each runs against the portable tests that
# import it, as the core's files do.
UI_TARGETS = ("playlog.py", "players.py", "share.py")


def target_files():
    out = []
    for sub in ("core",):
        d = os.path.join(PKG, sub)
        out += [os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith(".py")]
    gdir = os.path.join(PKG, "games")
    out.append(os.path.join(gdir, "__init__.py"))
    for g in sorted(os.listdir(gdir)):
        d = os.path.join(gdir, g)
        if os.path.isdir(d):
            out += [os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith(".py")]
    out += [os.path.join(PKG, "ui", n) for n in UI_TARGETS]
    return out


def rel(path):
    return os.path.relpath(path, PKG)


def modname(path):
    r = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
    if r.endswith(".__init__"):
        r = r[:-9]
    return r


# ---------------------------------------------------------------- mutants

CMP = {
    ast.Lt: (ast.LtE, ast.GtE), ast.LtE: (ast.Lt, ast.Gt),
    ast.Gt: (ast.GtE, ast.LtE), ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,), ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
}
BIN = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv, ast.LShift: ast.RShift, ast.RShift: ast.LShift,
    ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitOr, ast.Pow: ast.Mult,
}


class Mutant:
    def __init__(self, file, qual, line, end, orig, new, apply, undo, import_time):
        self.file = file
        self.qual = qual
        self.line = line
        self.end = end
        self.orig = orig
        self.new = new
        self.apply = apply
        self.undo = undo
        self.import_time = import_time
        self.key = None
        self.stmt = (line, end)   # the lines of the statement it is in

    def base_key(self):
        return "%s :: %s :: %s -> %s" % (rel(self.file), self.qual, self.orig, self.new)


def _u(node):
    return ast.unparse(node).replace("\n", " ")


def _set(obj, field, value, index=None):
    def do():
        if index is None:
            setattr(obj, field, value)
        else:
            getattr(obj, field)[index] = value
    return do


def _replace_child(parent, field, index, old, new):
    return _set(parent, field, new, index), _set(parent, field, old, index)


class Collector:
    def __init__(self, path, tree):
        self.path = path
        self.tree = tree
        self.out = []
        self.stmt = None

    def add(self, qual, node, orig, new, apply, undo, import_time):
        self.out.append(Mutant(self.path, qual or "<module>", node.lineno,
                               getattr(node, "end_lineno", node.lineno) or node.lineno,
                               orig, new, apply, undo, import_time))
        if self.stmt is not None:
            self.out[-1].stmt = self.stmt

    def visit(self, node, qual, import_time, parent=None, field=None, index=None):
        if isinstance(node, ast.stmt):
            outer = self.stmt
            self.stmt = (node.lineno, getattr(node, "end_lineno", node.lineno) or node.lineno)
            try:
                return self._visit(node, qual, import_time, parent, field, index)
            finally:
                self.stmt = outer
        return self._visit(node, qual, import_time, parent, field, index)

    def _visit(self, node, qual, import_time, parent=None, field=None, index=None):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            inner = (qual + "." if qual else "") + node.name
            for d in node.decorator_list:
                self.visit(d, qual, import_time)
            if isinstance(node, ast.ClassDef):
                for b in node.bases:
                    self.visit(b, qual, import_time)
                self.walk_list(node, "body", inner, import_time)
            else:
                for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
                    self.visit(d, qual, import_time)
                self.walk_list(node, "body", inner, False)
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            return  # docstring
        if isinstance(node, ast.Raise):
            if node.exc is not None and parent is not None and index is not None:
                exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                name = exc.id if isinstance(exc, ast.Name) else (
                    exc.attr if isinstance(exc, ast.Attribute) else "")
                if name.endswith("Error") or name.endswith("Exception"):
                    stub = ast.copy_location(ast.Pass(), node)
                    a, u = _replace_child(parent, field, index, node, stub)
                    self.add(qual, node, _u(node), "pass", a, u, import_time)
            return  # the message is not mutated
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and \
                isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
            return  # "text" % args
        self.mutate(node, qual, import_time, parent, field, index)
        for f, value in ast.iter_fields(node):
            if isinstance(value, list):
                self.walk_list(node, f, qual, import_time)
            elif isinstance(value, ast.AST):
                self.visit(value, qual, import_time, node, f, None)

    def walk_list(self, node, f, qual, import_time):
        items = getattr(node, f)
        for i, v in enumerate(items):
            if isinstance(v, ast.AST):
                self.visit(v, qual, import_time, node, f, i)

    def mutate(self, node, qual, it, parent, field, index):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                for repl in CMP.get(type(op), ()):
                    old = node.ops[i]
                    new = repl()
                    orig = _u(node)
                    node.ops[i] = new
                    desc = _u(node)
                    node.ops[i] = old
                    self.add(qual, node, orig, desc, _set(node, "ops", new, i),
                             _set(node, "ops", old, i), it)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)):
            repl = BIN.get(type(node.op))
            if repl is not None:
                old = node.op
                orig = _u(node)
                node.op = repl()
                new = node.op
                desc = _u(node)
                node.op = old
                self.add(qual, node, orig, desc, _set(node, "op", new), _set(node, "op", old), it)
        elif isinstance(node, ast.BoolOp):
            old = node.op
            new = ast.Or() if isinstance(old, ast.And) else ast.And()
            orig = _u(node)
            node.op = new
            desc = _u(node)
            node.op = old
            self.add(qual, node, orig, desc, _set(node, "op", new), _set(node, "op", old), it)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)) \
                and parent is not None:
            a, u = _replace_child(parent, field, index, node, node.operand)
            self.add(qual, node, _u(node), _u(node.operand), a, u, it)
        elif isinstance(node, ast.Constant) and parent is not None:
            v = node.value
            if isinstance(v, bool):
                new = ast.copy_location(ast.Constant(not v), node)
            elif isinstance(v, int):
                new = ast.copy_location(ast.Constant(v + 1), node)
            else:
                return
            a, u = _replace_child(parent, field, index, node, new)
            self.add(qual, node, _u(node), _u(new), a, u, it)


def mutants_of(path):
    with open(path) as f:
        src = f.read()
    tree = ast.parse(src, path)
    c = Collector(path, tree)
    c.walk_list(tree, "body", "", True)
    seen = {}
    for m in c.out:
        k = m.base_key()
        seen[k] = seen.get(k, 0) + 1
        m.key = k if seen[k] == 1 else "%s #%d" % (k, seen[k])
    return tree, c.out


def compile_mutant(tree, m):
    m.apply()
    try:
        return compile(tree, m.file, "exec")
    finally:
        m.undo()


def load_equivalents():
    eq = {}
    if not os.path.exists(EQUIV_FILE):
        return eq
    with open(EQUIV_FILE) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if "  ## " not in line:
                sys.exit("%s:%d: expected `KEY  ## reason`" % (EQUIV_FILE, n))
            key, reason = line.split("  ## ", 1)
            if not reason.strip():
                sys.exit("%s:%d: an equivalent mutant needs a reason" % (EQUIV_FILE, n))
            eq[key.strip()] = reason.strip()
    return eq


# ---------------------------------------------------------------- running tests

def test_modules():
    return sorted(n[:-3] for n in os.listdir(TESTS) if n.startswith("test_") and n.endswith(".py"))


def _purge():
    for name in list(sys.modules):
        mod = sys.modules[name]
        f = getattr(mod, "__file__", None) or ""
        if f.startswith(FIRMWARE) or f.startswith(TESTS) or name == "usher" or name.startswith("usher."):
            del sys.modules[name]


def _quiet():
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1)
    os.dup2(fd, 2)


def _fork(fn):
    """Run fn() in a forked child; returns (pid, read fd). fn's return value
    (JSON data) comes back through the pipe."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        code = 0
        try:
            _quiet()
            out = json.dumps(fn()).encode()
            while out:
                n = os.write(w, out)
                out = out[n:]
        except BaseException:
            code = 3
        os._exit(code)
    os.close(w)
    return pid, r


def _collect(pid, r, timeout):
    """Wait for the child; returns (data or None, timed_out)."""
    buf = b""
    deadline = time.time() + timeout if timeout else None
    timed_out = False
    while True:
        wait = None if deadline is None else max(0.0, deadline - time.time())
        ready, _, _ = select.select([r], [], [], wait)
        if not ready:
            timed_out = True
            os.kill(pid, signal.SIGKILL)
            break
        chunk = os.read(r, 65536)
        if not chunk:
            break
        buf += chunk
    os.close(r)
    os.waitpid(pid, 0)
    if timed_out:
        return None, True
    try:
        return json.loads(buf.decode()), False
    except ValueError:
        return None, False


class _Hang(BaseException):
    """Raised by the per-test alarm; a BaseException so that no test's
    `except Exception` swallows it."""


def _alarm(signum, frame):
    raise _Hang()


def _run_tests(selection, limits):
    """selection: [(module, [test names])] in order; limits: seconds per
    (module, name). True when all pass; a test that outlives its limit has
    failed (mutants of rng.below loop forever)."""
    signal.signal(signal.SIGALRM, _alarm)
    for modn, names in selection:
        mod = __import__(modn)
        for n in names:
            signal.setitimer(signal.ITIMER_REAL, limits.get(modn + "::" + n, 5.0))
            try:
                getattr(mod, n)()
            except BaseException:
                signal.setitimer(signal.ITIMER_REAL, 0)
                return False
            signal.setitimer(signal.ITIMER_REAL, 0)
    return True


def baseline(targets, modules):
    """Per test module: the usher modules it loads, the lines of the target
    files executed at its import, and per test function: pass, time, lines."""
    files = set(targets)
    info = {}
    for modn in modules:
        def work(modn=modn):
            cur = set()

            def local(frame, event, arg):
                if event == "line":
                    cur.add((frame.f_code.co_filename, frame.f_lineno))
                return local

            def glob(frame, event, arg):
                if frame.f_code.co_filename in files:
                    cur.add((frame.f_code.co_filename, frame.f_lineno))
                    return local
                return None

            _purge()
            sys.settrace(glob)
            try:
                mod = __import__(modn)
            finally:
                sys.settrace(None)
            res = {"import_lines": sorted(cur), "tests": []}
            for n in sorted(x for x in dir(mod) if x.startswith("test_") and callable(getattr(mod, x))):
                cur.clear()
                t0 = time.time()
                sys.settrace(glob)
                ok = True
                try:
                    getattr(mod, n)()
                except BaseException:
                    ok = False
                finally:
                    sys.settrace(None)
                res["tests"].append({"name": n, "ok": ok, "time": time.time() - t0,
                                     "lines": sorted(cur)})
            res["modules"] = sorted(k for k in sys.modules if k == "usher" or k.startswith("usher."))
            return res
        pid, r = _fork(work)
        data, _ = _collect(pid, r, None)
        if data is None:
            print("baseline: %s could not be run" % modn)
            continue
        info[modn] = data
    return info


def _sha(*parts):
    import hashlib
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
    return h.hexdigest()


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _keys():
    """One key per test module: the firmware, the test helpers, the module
    and any test module it imports by name."""
    shared = [b"baseline v3"]  # bump when the tracing changes
    for d, _dirs, names in sorted(os.walk(PKG)):
        for n in sorted(names):
            if n.endswith(".py"):
                shared.append(n.encode() + _read(os.path.join(d, n)))
    mods = test_modules()
    for n in sorted(os.listdir(TESTS)):
        if n.endswith(".py") and not n.startswith("test_"):
            shared.append(n.encode() + _read(os.path.join(TESTS, n)))
    base = _sha(*shared)
    keys = {}
    for m in mods:
        text = _read(os.path.join(TESTS, m + ".py"))
        extra = [_read(os.path.join(TESTS, o + ".py")) for o in mods if o != m and o.encode() in text]
        keys[m] = _sha(base.encode(), text, *extra)
    return keys


def cached_baseline(targets):
    """The baseline, kept in build/ per test module until the firmware, a
    test helper or that module changes."""
    cache = os.path.join(ROOT, "build", "mutation_baseline.json")
    keys = _keys()
    try:
        with open(cache) as f:
            old = json.load(f)
    except (OSError, ValueError):
        old = {}
    if not isinstance(old, dict) or "modules" not in old:
        old = {"modules": {}}
    stale = [m for m in keys if old["modules"].get(m, {}).get("key") != keys[m]]
    info = {}
    for m in keys:
        if m not in stale:
            info[m] = old["modules"][m]["info"]
    if stale:
        print("baseline: tracing %d test module(s) (%d cached) ..." % (len(stale), len(info)), flush=True)
        info.update(baseline(target_files(), stale))
    else:
        print("baseline: cached (%s)" % os.path.relpath(cache, ROOT), flush=True)
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache, "w") as f:
        json.dump({"modules": dict((m, {"key": keys[m], "info": info[m]}) for m in info)}, f)
    return info


class Plan:
    def __init__(self, info, path):
        self.mod = modname(path)
        self.by_line = {}
        self.importers = []   # [(module, [(name, time)])] for import-time mutants
        fname = path
        for modn in sorted(info):
            d = info[modn]
            if self.mod not in d["modules"]:
                continue
            good = [t for t in d["tests"] if t["ok"]]
            self.importers.append((modn, [(t["name"], t["time"]) for t in good]))
            for t in good:
                for f, ln in t["lines"]:
                    if f == fname:
                        self.by_line.setdefault(ln, set()).add((modn, t["name"]))
        self.order = {}
        self.limits = {}
        for modn, tests in self.importers:
            for i, (n, tm) in enumerate(tests):
                self.order[(modn, n)] = (modn, i, tm)
                # the baseline ran traced (slower): 3 x that, and 1 s, per test
                self.limits[modn + "::" + n] = 3 * tm + 1.0

    def select(self, m, all_tests):
        if m.import_time or all_tests:
            sel = [(modn, [n for n, _ in tests]) for modn, tests in self.importers if tests]
            cost = sum(tm for _, tests in self.importers for _, tm in tests)
            return self.first(sel), cost
        hit = set()
        for ln in range(m.line, m.end + 1):
            hit |= self.by_line.get(ln, set())
        if not hit:
            # A constant inside a statement spanning lines (a table in a
            # return) is not traced on its own line: the tests that ran the
            # statement (usher.core.words' tables)
            for ln in range(m.stmt[0], m.stmt[1] + 1):
                hit |= self.by_line.get(ln, set())
        keys = sorted(hit, key=lambda k: self.order[k][:2])
        sel = []
        cost = 0.0
        for modn, n in keys:
            cost += self.order[(modn, n)][2]
            if sel and sel[-1][0] == modn:
                sel[-1][1].append(n)
            else:
                sel.append((modn, [n]))
        return self.first(sel), cost

    def first(self, sel):
        """Most mutants die in the file's own tests and in quick ones: test
        modules named after the file first, then the cheapest (the tests
        inside a module keep their order)."""
        stem = self.mod.split(".")
        words = [w for w in stem[2:] if w not in ("engine", "__init__")] or stem[-1:]

        def rank(item):
            modn, names = item
            own = 0 if all(w in modn for w in words) else 1
            return (own, sum(self.order[(modn, n)][2] for n in names), modn)
        return sorted(sel, key=rank)


def run_mutant(code, m, selection, limits=None):
    limits = limits or {}
    mod_name = modname(m.file)
    is_pkg = m.file.endswith("__init__.py")

    def work():
        import importlib.util
        _purge()

        class Finder:
            def find_spec(self, fullname, path, target=None):
                if fullname != mod_name:
                    return None
                return importlib.util.spec_from_file_location(
                    fullname, m.file, loader=self,
                    submodule_search_locations=[os.path.dirname(m.file)] if is_pkg else None)

            def create_module(self, spec):
                return None

            def exec_module(self, module):
                exec(code, module.__dict__)

        sys.meta_path.insert(0, Finder())
        return _run_tests(selection, limits)
    return work


# ---------------------------------------------------------------- driver

def main(argv):
    args = list(argv)
    jobs = 1
    timeout = None
    all_tests = False
    json_out = None
    again = None
    listing = False
    filters = []
    while args:
        a = args.pop(0)
        if a == "-j":
            jobs = int(args.pop(0))
        elif a == "--timeout":
            timeout = float(args.pop(0))
        elif a == "--all-tests":
            all_tests = True
        elif a == "--json":
            json_out = args.pop(0)
        elif a == "--again":
            with open(args.pop(0)) as f:
                again = json.load(f)
        elif a == "--list":
            listing = True
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            filters.append(a)
    targets = [p for p in target_files() if not filters or [f for f in filters if f in rel(p)]]
    if not targets:
        sys.exit("no target file matches %s" % filters)
    if listing:
        for p in targets:
            for m in mutants_of(p)[1]:
                print("%s:%d  %s" % (rel(p), m.line, m.key))
        return 0
    equiv = load_equivalents()
    used = set()
    t0 = time.time()
    info = cached_baseline(targets)
    bad = ["%s::%s" % (k, t["name"]) for k in info for t in info[k]["tests"] if not t["ok"]]
    if bad:
        print("baseline failures (left out): %s" % ", ".join(bad))
    print("baseline: %d test modules, %d tests, %.1f s" % (
        len(info), sum(len(d["tests"]) for d in info.values()), time.time() - t0), flush=True)
    rows = []
    results = {}
    # Self-check: the unmutated file with the fewest tests (core/seal.py's
    # are nearly all of them: minutes) through the same machinery passes.
    probes = [(Plan(info, p), p) for p in targets]
    probes = [(sum(t for _, tests in pl.importers for _, t in tests), p, pl) for pl, p in probes
              if pl.importers]
    if probes:
        _cost, first, plan0 = min(probes)
        tree0 = ast.parse(open(first).read(), first)
        m0 = Mutant(first, "", 1, 1, "", "", None, None, True)
        pid, r = _fork(run_mutant(compile(tree0, first, "exec"), m0, plan0.select(m0, True)[0],
                                  dict((k, 10 * v) for k, v in plan0.limits.items())))
        ok, _ = _collect(pid, r, None)
        if ok is not True:
            sys.exit("self-check failed: the unmutated %s does not pass its tests here" % rel(first))
    for path in targets:
        tree, muts = mutants_of(path)
        if not muts:
            continue  # an empty or comment-only file
        plan = Plan(info, path)
        sha = _sha(_read(path))
        before = (again or {}).get(rel(path))
        if before is not None and before.get("sha") != sha:
            before = None            # changed since: run whole
        counts = {"mutants": len(muts), "equivalent": 0, "killed": 0, "timeout": 0,
                  "survived": 0, "uncovered": 0}
        survivors = []
        pending = []
        queue = list(muts)
        ft = time.time()

        def finish(m, verdict, counts=counts, survivors=survivors):
            if m.key in equiv:
                used.add(m.key)
                counts["equivalent"] += 1
                if verdict != "survived" and verdict != "uncovered":
                    survivors.append((m, "equivalent-listed but killed (%s)" % verdict))
                return
            if verdict == "killed":
                counts["killed"] += 1
            elif verdict == "timeout":
                counts["killed"] += 1
                counts["timeout"] += 1
            else:
                counts["survived"] += 1
                if verdict == "uncovered":
                    counts["uncovered"] += 1
                survivors.append((m, verdict))

        while queue or pending:
            while queue and len(pending) < jobs:
                m = queue.pop(0)
                if before is not None and m.key not in [x["key"] for x in before["survivors"]]:
                    finish(m, "killed")      # killed in the earlier run
                    continue
                sel, cost = plan.select(m, all_tests)
                if not sel:
                    finish(m, "uncovered")
                    continue
                try:
                    code = compile_mutant(tree, m)
                except (SyntaxError, ValueError, TypeError):
                    finish(m, "killed")
                    continue
                limits = plan.limits
                if timeout is not None:
                    limits = dict((k, timeout) for k in limits)
                lim = sum(limits[modn + "::" + n] for modn, names in sel for n in names) + 5.0
                pid, r = _fork(run_mutant(code, m, sel, limits))
                pending.append((m, pid, r, lim))
            if pending:
                m, pid, r, lim = pending.pop(0)
                data, timed_out = _collect(pid, r, lim)
                if timed_out:
                    finish(m, "timeout")
                elif data is True:
                    finish(m, "survived")
                else:
                    finish(m, "killed")
        counts["seconds"] = round(time.time() - ft, 1)
        denom = counts["mutants"] - counts["equivalent"]
        counts["score"] = round(100.0 * counts["killed"] / denom, 1) if denom else 100.0
        rows.append((rel(path), counts))
        results[rel(path)] = dict(counts, sha=sha, again=before is not None, survivors=[
            {"line": m.line, "key": m.key, "why": why} for m, why in survivors])
        print("%-26s %4d mutants %3d equivalent %4d killed %3d survived  %5.1f%%  (%.0f s)" % (
            rel(path), counts["mutants"], counts["equivalent"], counts["killed"],
            counts["survived"], counts["score"], counts["seconds"]), flush=True)
        for m, why in survivors:
            print("    %s:%d  %s  [%s]" % (rel(path), m.line, m.key, why), flush=True)
    print()
    print("%-26s %7s %6s %6s %8s %7s" % ("file", "mutants", "equiv", "killed", "survived", "score"))
    tot = {"mutants": 0, "equivalent": 0, "killed": 0, "survived": 0}
    for name, c in rows:
        print("%-26s %7d %6d %6d %8d %6.1f%%" % (name, c["mutants"], c["equivalent"], c["killed"],
                                                c["survived"], c["score"]))
        for k in tot:
            tot[k] += c[k]
    denom = tot["mutants"] - tot["equivalent"]
    print("%-26s %7d %6d %6d %8d %6.1f%%" % ("total", tot["mutants"], tot["equivalent"], tot["killed"],
                                            tot["survived"],
                                            100.0 * tot["killed"] / denom if denom else 100.0))
    print("time: %.0f s" % (time.time() - t0))
    names = set(rel(p) for p in targets)
    stale = [k for k in equiv if k not in used and k.split(" :: ")[0] in names]
    for k in stale:
        print("stale equivalent entry (no such mutant now): %s" % k)
    if json_out:
        with open(json_out, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        traceback.print_exc()
        sys.exit(130)
