"""No import circles between the modules of core/, ui/ and roadnetworkmetrics/
(imports inside functions and under TYPE_CHECKING count too): each layer
can be read, and imported, from the bottom up."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ("core", "ui", "roadnetworkmetrics")


def _modules():
    out = {}
    for pkg in PACKAGES:
        for d, _, files in os.walk(os.path.join(ROOT, pkg)):
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(d, f), ROOT)[:-3].split(os.sep)
                    if rel[-1] == "__init__":
                        rel = rel[:-1]
                    out[".".join(rel)] = os.path.join(d, f)
    return out


def _imports(name, path, known):
    tree = ast.parse(open(path, encoding="utf-8").read())
    is_pkg = path.endswith("__init__.py")
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            anchor = base[:len(base) - (node.level - 1)]
            mod = ".".join(anchor + (node.module.split(".") if node.module else []))
            cands = [mod] + [f"{mod}.{a.name}" for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            cands = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            cands = [a.name for a in node.names]
        else:
            continue
        for c in cands:
            c = c[len("roadnetworkmetrics."):] if c.startswith("roadnetworkmetrics.") else c
            if c in known and c != name:
                found.add(c)
    return found


def _cycle(graph):
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                c = visit(m)
                if c:
                    return c
        stack.pop()
        state[n] = 2
        return None
    for n in sorted(graph):
        if n not in state:
            c = visit(n)
            if c:
                return c
    return None


def test_no_import_circles():
    mods = _modules()
    graph = {n: {m for m in _imports(n, p, mods) if not n.startswith(m + ".")}
             for n, p in mods.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))
