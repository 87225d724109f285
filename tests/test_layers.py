"""The package is in layers that import only downward, with no import cycles
(docs/architecture.md). Every import is counted, module-level or inside a function."""
import ast
import importlib
from pathlib import Path

import networkx as nx
import pytest

import rulekit

PACKAGE = Path(rulekit.__file__).resolve().parent

# lowest first; a module may import its own layer and the layers below it
LAYERS = {"errors": 0, "limits": 0, "outputs": 0, "cards": 0, "frozen": 0, "version": 0, "randomness": 0, "events": 0, "outcome": 0, "source": 1, "lang": 2, "model": 3, "parts": 3, "compiler": 4,
          "analysis": 5, "runtime": 6, "play": 7, "simulation": 8, "openspiel": 8, "web": 8,
          "cli": 9, "__init__": 9,
          "__main__": 9}


def module_name(path: Path) -> str:
    parts = ["rulekit", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(name: str) -> int:
    parts = name.split(".")
    return LAYERS["__init__" if len(parts) == 1 else parts[1]]


def imports_of(name: str, path: Path, known: set) -> set:
    """The rulekit modules ``name`` imports (``from .x import y`` counts as ``x.y`` when
    that is a module, else ``x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "rulekit"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "rulekit":
                continue
            for a in node.names:
                full = f"{target}.{a.name}"
                out.add(full if full in known else target)
    return out


def graph() -> nx.DiGraph:
    mods = modules()
    g = nx.DiGraph()
    for name, path in mods.items():
        g.add_node(name)
        for target in imports_of(name, path, set(mods)):
            if target != name:
                g.add_edge(name, target)
    return g


def test_every_module_imports():
    for name in modules():
        if name != "rulekit.__main__":          # that one runs the command line
            importlib.import_module(name)


def test_imports_only_go_down():
    upward = [f"{a} (layer {layer(a)}) imports {b} (layer {layer(b)})"
              for a, b in graph().edges if layer(b) > layer(a)]
    assert upward == []


def test_no_import_cycles():
    assert list(nx.simple_cycles(graph())) == []


def test_no_module_is_over_400_lines():
    long = {name: n for name, p in modules().items()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 420}
    assert long == {}


@pytest.mark.parametrize("source,bad", [
    ("from ..runtime.engine import GameState\n", True),     # lang importing runtime
    ("from .expressions import parse\n", False),            # its own layer
    ("from ..errors import suggest\n", False),              # below
])
def test_the_check_catches_an_upward_import(tmp_path, source, bad):
    """The layer check above is not vacuous: an upward import in lang is found."""
    name = "rulekit.lang._probe"
    path = tmp_path / "_probe.py"
    path.write_text(source)
    targets = imports_of(name, path, set(modules()))
    assert any(layer(t) > layer(name) for t in targets) is bad
