"""Imports point one way (docs/architecture.md): no module of the firmware,
the simulator, the host tools or the web page is part of an import cycle
(imports inside functions count too), and host_tools never imports sim/ or
web/ (its PNG writer is usher_host/picture.py)."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (folder on the path, top package)
PACKAGES = (("firmware", "usher"), ("host_tools", "usher_host"), (".", "sim"), (".", "web"))


def _modules():
    out = {}
    for base, pkg in PACKAGES:
        for folder, _dirs, files in os.walk(os.path.join(ROOT, base, pkg)):
            for f in files:
                if f.endswith(".py"):
                    path = os.path.join(folder, f)
                    name = os.path.relpath(path, os.path.join(ROOT, base))[:-3].replace(os.sep, ".")
                    out[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    return out


def import_graph():
    """module -> the project's modules it imports (from a.b import c names
    the module a.b.c when there is one, else a.b)."""
    mods = _modules()
    graph = {}
    for name, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    sub = node.module + "." + a.name
                    deps.add(sub if sub in mods else node.module)
        graph[name] = sorted(d for d in deps if d in mods and d != name)
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_cycle_finder_sees_a_cycle():
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]


def test_no_import_cycles():
    graph = import_graph()
    assert "usher.ui.widgets" in graph and "usher_host.replay" in graph
    assert cycles(graph) == []


def test_host_tools_do_not_import_the_simulator_or_the_page():
    graph = import_graph()
    up = [(m, d) for m, deps in graph.items() if m.startswith("usher_host")
          for d in deps if d.split(".")[0] in ("sim", "web")]
    assert up == []
    assert "usher_host.picture" in graph["usher_host.replay"]
