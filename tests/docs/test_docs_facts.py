"""What the docs and the code's comments say of the code, held to it: a section cited by name
(``README "Links"``, ``docs/rules.md "Play"``, in any module, test, script or page) is a heading or
a bold lead of that page; the counts the pages state (the presets, the refusal codes, the
trophies, the fuzz test's values, WebKit's tests) are the code's; and the oldest browsers the
page supports are the same in the README, docs/testing.md and the loading screen's words in
both languages."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from allthrees.career import TROPHY_IDS
from allthrees.errors import REFUSAL_CODES
from allthrees.rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CODE = [
    *sorted((ROOT / "py").rglob("*.py")),
    *sorted((ROOT / "web" / "js").rglob("*.js")),
    *sorted((ROOT / "web" / "test").glob("*.js")),
    *sorted((ROOT / "tests").rglob("*.py")),
    *sorted((ROOT / "tests").rglob("*.mjs")),
    *sorted((ROOT / "scripts").rglob("*.py")),
    *sorted((ROOT / "scripts").rglob("*.mjs")),
]
# (this file names sections in its own examples)
SOURCES = [p for p in (*PAGES, *CODE) if "node_modules" not in p.parts and p != Path(__file__)]

# A page and the sections named after it: README "Links"; docs/rules.md, "Play"; the README's
# "Test hook"; docs/rules.md ("Record format"); docs/rules.md "Play", "Counting the end sum".
QUOTED = r'"[^"\n]{2,70}"'
CITE = re.compile(
    rf"\b(?:the )?(README|docs/[a-z]+\.md)(?:'s)?,? \(?({QUOTED}(?:(?:,| and|, and) {QUOTED})*)"
)
NUMBERS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


def flat(path: Path) -> str:
    """The text of ``path`` with comment markers at the starts of lines gone and every run of
    white space one space, so a citation broken over two comment lines reads as one."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r"\s*\n\s*(?://+|#+(?!#)|\*(?!\*))?\s*", " ", text)


def sections(page: Path) -> set[str]:
    """The names a citation may give of ``page``: its headings and its bold paragraph leads
    (``**Charts on our own canvas**``), without backticks or a final full stop."""
    text = page.read_text(encoding="utf-8")
    names = re.findall(r"^#+ (.+)$", text, re.M) + re.findall(r"\*\*([^*\n]+)\*\*", text)
    return {n.replace("`", "").strip().rstrip(".:") for n in names}


def citations(text: str) -> list[tuple[str, str]]:
    """Each ``(page, section)`` cited in ``text``."""
    out = []
    for page, quoted in CITE.findall(text):
        out += [(page, name) for name in re.findall(r'"([^"]+)"', quoted)]
    return out


def count(word: str) -> int:
    return NUMBERS[word.lower()] if word.lower() in NUMBERS else int(word.replace(",", ""))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_section_cited_is_a_section_of_its_page(path: Path) -> None:
    wrong = []
    for page, name in citations(flat(path)):
        target = ROOT / ("README.md" if page == "README" else page)
        if not target.exists():
            wrong.append(f"{page} does not exist")
        elif name.replace("`", "").rstrip(".:") not in sections(target):
            wrong.append(f'{page} has no section "{name}"')
    assert not wrong, "; ".join(sorted(set(wrong)))


def test_the_citations_are_found_and_the_checks_can_fail(tmp_path: Path) -> None:
    text = (
        'see README "Links"; (docs/rules.md "Play", "Counting the end sum") and the README\'s '
        '"Test hook"; docs/playing.md, "Links"'
    )
    assert citations(text) == [
        ("README", "Links"),
        ("docs/rules.md", "Play"),
        ("docs/rules.md", "Counting the end sum"),
        ("README", "Test hook"),
        ("docs/playing.md", "Links"),
    ]
    broken = tmp_path / "a.js"
    broken.write_text('// the test hook (docs/architecture.md "The test\n// hook"): fields')
    assert citations(flat(broken)) == [("docs/architecture.md", "The test hook")]
    assert "The test hook" in sections(ROOT / "docs" / "architecture.md")
    assert "Charts on our own canvas" in sections(ROOT / "docs" / "architecture.md")
    assert "Test hook" not in sections(ROOT / "README.md")  # (it moved to docs/architecture.md)


def stated(pattern: str) -> list[tuple[str, int]]:
    """Every count ``pattern`` (one group: the number, in figures or words) finds in the pages
    and the code, with where."""
    found = []
    for path in SOURCES:
        for m in re.finditer(pattern, flat(path), re.I):
            word = m.group(1)
            if word.lower() in NUMBERS or re.fullmatch(r"[\d,]+", word):
                found.append((path.relative_to(ROOT).as_posix(), count(word)))
    return found


def test_the_presets_counted_are_the_presets_table() -> None:
    found = stated(r"\b(\w+) presets\b")
    assert found, "no page counts the presets"
    assert all(n == len(PRESETS) for _, n in found), (found, len(PRESETS))


def test_the_refusal_codes_counted_are_errors_refusal_codes() -> None:
    found = stated(r"REFUSAL_CODES`?, ([\d,]+) codes")
    assert found and all(n == len(REFUSAL_CODES) for _, n in found), (found, len(REFUSAL_CODES))


def test_the_trophies_counted_are_the_trophies() -> None:
    found = stated(r"\*\*(\d+) trophies\*\*")
    assert found and all(n == len(TROPHY_IDS) for _, n in found), (found, len(TROPHY_IDS))


def _examples(path: Path) -> int:
    """The examples a hypothesis test file asks for, all its ``@settings`` added up."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sum(
        k.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "settings"
        for k in node.keywords
        if k.arg == "max_examples" and isinstance(k.value, ast.Constant)
    )


def test_the_fuzz_values_counted_are_the_fuzz_tests() -> None:
    fuzz = _examples(ROOT / "tests" / "app" / "test_controller_fuzz.py")
    found = stated(r"([\d,]+) arbitrary JSON values")
    assert len(found) >= 2 and all(n == fuzz for _, n in found), (found, fuzz)


def test_webkits_tests_counted_are_its_tests() -> None:
    tests = len(
        re.findall(r"^def test_", (ROOT / "tests/engines/test_webkit.py").read_text(), re.M)
    )
    found = stated(r"WebKit\b[^.]{0,60}?\((\w+) tests") + stated(r"\bits (\w+) tests took")
    assert found and all(n == tests for _, n in found), (found, tests)


# ---------------------------------------------------------------------- the oldest browsers
def floors(text: str, pattern: str) -> dict[str, str]:
    """Browser -> version, from the one sentence ``pattern`` finds in ``text``."""
    m = re.search(pattern, text)
    assert m, f"no sentence {pattern!r}"
    return dict(re.findall(r"(Chrome|Firefox|Safari) (\d+(?:\.\d+)?)", m.group(0)))


def test_the_oldest_browsers_are_the_same_everywhere() -> None:
    readme = flat(ROOT / "README.md")
    testing = flat(ROOT / "docs" / "testing.md")
    boot = (ROOT / "web" / "js" / "i18n" / "bootwords.js").read_text(encoding="utf-8")
    said = {
        "README": floors(readme, r"The oldest versions the page supports:.{0,200}?Chrome \d+"),
        "docs/testing.md": floors(testing, r"The oldest browsers the page supports:[^*]*"),
        "docs/testing.md's quote": floors(testing, r"the game needs Chrome[^)]*"),
        "bootwords.js, English": floors(boot, r"the game needs Chrome[^)]*"),
        "bootwords.js, Polish": floors(boot, r"gra potrzebuje Chrome[^)]*"),
    }
    every = said["README"]
    assert set(every) == {"Chrome", "Firefox", "Safari"}, every
    wrong = {k: v for k, v in said.items() if any(every[b] != n for b, n in v.items())}
    assert not wrong and all(said.values()), (every, wrong)
