"""The firmware checks catch code that only works on CPython: the RP2040
compile check (mpy-cross armv6m), the MicroPython import test and the type
check against MicroPython's stubs each reject a deliberately broken module."""
import os
import shutil
import subprocess
import sys

from tests.host.runtimes import MICROPYTHON, ROOT

BIN = os.path.dirname(sys.executable)


def _copy_firmware(tmp_path):
    dst = tmp_path / "firmware"
    shutil.copytree(os.path.join(ROOT, "firmware"), dst,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return dst


def test_mpy_check_passes_on_the_real_firmware():
    """PL-1, PL-3: every firmware module compiles to .mpy 6.3 for armv6m."""
    p = subprocess.run([sys.executable, "tools/mpy_check.py", "firmware"], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout
    assert " 0 failed" in p.stdout


def test_mpy_check_rejects_cpython_only_syntax(tmp_path):
    fw = _copy_firmware(tmp_path)
    # Walrus in a comprehension's iterable and a match statement: CPython
    # syntax that mpy-cross does not accept.
    (fw / "usher" / "broken.py").write_text("match 1:\n    case 1:\n        pass\n")
    p = subprocess.run([sys.executable, "tools/mpy_check.py", str(fw)], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 1
    assert "broken.py" in p.stdout and " 1 failed" in p.stdout


def test_unix_port_rejects_cpython_only_stdlib(tmp_path):
    fw = _copy_firmware(tmp_path)
    (fw / "usher" / "broken.py").write_text("import dataclasses\n")
    env = dict(os.environ, MICROPYPATH=str(fw) + ":tests/portable")
    p = subprocess.run([MICROPYTHON, "tests/portable/run.py", "test_firmware_imports"],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    assert p.returncode == 1
    assert "dataclasses" in p.stdout


def test_type_check_rejects_cpython_only_stdlib_and_wrong_machine_api(tmp_path):
    fw = _copy_firmware(tmp_path)
    (fw / "usher" / "broken.py").write_text(
        "import dataclasses\nimport machine\nmachine.Pin(25).toggle_twice()\n")
    p = subprocess.run([os.path.join(BIN, "mypy"), str(fw / "usher"),
                        "--config-file", os.path.join(ROOT, "pyproject.toml")],
                       cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 1, p.stdout
    assert "dataclasses" in p.stdout and "toggle_twice" in p.stdout


def test_no_rule_id_in_text_a_user_reads():
    """Decision ids (TS-2, PL-12, ...) belong in code comments, docstrings and
    the docs, not in screen texts, help or messages: every string constant in
    the firmware, host tools and simulator that is not a docstring is free
    of them. The sample Automa deck's own header (a data file comment) is
    the one exception."""
    import ast
    import re
    pat = re.compile(r"\b(TS|TH|MS|SW|PL)-\d+")
    found = []
    for folder in ("firmware", "host_tools", "sim"):
        for root, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if not name.endswith(".py"):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    tree = ast.parse(f.read())
                docs = set()
                for node in ast.walk(tree):
                    body = getattr(node, "body", None)
                    if (isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and body
                            and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)):
                        docs.add(id(body[0].value))
                for node in ast.walk(tree):
                    if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                            and id(node) not in docs and pat.search(node.value)
                            and not node.value.startswith("; ASSUMED default Automa deck")):
                        found.append("%s:%d %r" % (os.path.relpath(path, ROOT), node.lineno,
                                                   node.value[:60]))
    assert found == []
