"""Every error the engine raises on purpose carries a code the page can word (errors.REFUSAL_CODES,
which a node test holds both catalogues to), and every code on that list is raised somewhere.
Read from the source with ``ast``, so a new raise with a new code and no words fails here."""

from __future__ import annotations

import ast
from pathlib import Path

from allthrees.errors import REFUSAL_CODES

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "allthrees"
# Where each error class takes its code among its positional arguments.
CODE_ARGS = {"BadSettings": (2,), "BadRules": (2,), "BadSave": (1, 3)}


def codes_in_source() -> dict[str, str]:
    """code -> the first place that raises or declares it."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            texts: list[ast.expr] = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                at = CODE_ARGS.get(node.func.id, ())
                texts += [node.args[i] for i in at if i < len(node.args)]
                texts += [k.value for k in node.keywords if k.arg in ("code", "kind")]
            elif isinstance(node, ast.Assign):
                named = [t for t in node.targets if isinstance(t, (ast.Name, ast.Attribute))]
                if any(getattr(t, "id", getattr(t, "attr", "")) == "code" for t in named):
                    texts.append(node.value)
                if isinstance(node.value, ast.Tuple) and any(
                    isinstance(t, ast.Tuple) and getattr(t.elts[0], "attr", "") == "code"
                    for t in node.targets
                ):
                    texts.append(node.value.elts[0])
            elif isinstance(node, ast.FunctionDef):  # a default: BadSave's kind="unreadable"
                args = node.args.args[len(node.args.args) - len(node.args.defaults) :]
                texts += [
                    d
                    for a, d in zip(args, node.args.defaults, strict=True)
                    if a.arg in ("code", "kind")
                ]
            for text in texts:
                if isinstance(text, ast.Constant) and isinstance(text.value, str) and text.value:
                    found.setdefault(text.value, f"{path.name}:{node.lineno}")
    return found


def test_every_raised_code_is_on_the_list_the_page_words():
    found = codes_in_source()
    assert len(found) >= 30, sorted(found)
    unknown = {code: where for code, where in found.items() if code not in REFUSAL_CODES}
    assert not unknown, f"codes with no words in the page's catalogues: {unknown}"


def test_every_code_on_the_list_is_raised_somewhere():
    found = codes_in_source()
    assert [c for c in REFUSAL_CODES if c not in found] == []
    assert len(set(REFUSAL_CODES)) == len(REFUSAL_CODES)
