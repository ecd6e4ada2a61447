"""The README and docs/ point at what exists: every relative link and picture resolves (a link's
#anchor to a heading of its page, as GitHub makes them), every repository path written in
backticks (`py/...`, `web/...`, `scripts/...`, `tests/...`, `docs/...`) exists, and the README
stays short enough to read in five minutes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MOST_LINES = 300

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img [^>]*src=\"([^\"]+)\"")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
REPO_PATH = re.compile(r"^(?:py|web|scripts|tests|docs)/[\w./-]*$")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to -."""
    text = re.sub(r"`|\*\*|\[|\]\([^)]*\)", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(m) for m in re.findall(r"^#+ (.+)$", text, re.M)}


def links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [a or b for a, b in LINK.findall(text)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue  # a web address: not this repository's to check
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {dest.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_repository_path_named_exists(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    named = {m for m in CODE_SPAN.findall(text) if REPO_PATH.match(m)}
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert not missing, f"{page.name} names paths that do not exist: {missing}"


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines; docs/ holds the rest"


def test_the_checks_can_fail(tmp_path: Path) -> None:
    """A page with a broken link, a missing anchor and a path that is gone is caught."""
    (tmp_path / "a.md").write_text("# Title\n\n[x](b.md) [y](#nowhere) [z](#title)\n")
    assert links(tmp_path / "a.md") == ["b.md", "#nowhere", "#title"]
    assert anchors(tmp_path / "a.md") == {"title"}
    assert slug("Playing across devices: the protocol") == "playing-across-devices-the-protocol"
    assert not REPO_PATH.match("the web/js folder")


def test_the_module_map_names_every_module_of_web_js() -> None:
    """docs/architecture.md's table of web/js/ lists each folder's modules, no more and no less."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text[text.index("**Folders are layers.**") :].split("\n\n")[1]
    listed: dict[str, set[str]] = {}
    folder = None
    for row in table.splitlines()[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        if cells[0]:
            folder = cells[0].strip("`")
        names = set(re.findall(r"`([\w.]+\.js)`", cells[1]))
        if folder and folder.endswith("/"):
            listed.setdefault(folder, set()).update(names)
    js = ROOT / "web" / "js"
    present = {
        f"{d.relative_to(js).as_posix()}/": {p.name for p in d.glob("*.js")}
        for d in sorted(p for p in js.rglob("*") if p.is_dir())
    }
    assert listed == present
