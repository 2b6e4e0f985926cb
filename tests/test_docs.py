"""The documentation stays a reference: links that resolve, pages of one sitting, no diary.

Reads the Markdown files only (docs/**/*.md and README.md); needs no database. Checks:

- every relative link (``[text](target)``, ``![alt](target)``, ``[label]: target``) names
  a file that exists, and its ``#anchor``, when the target is a Markdown page, a heading
  of that page (GitHub's slugs: lower case, punctuation dropped, spaces to hyphens, a
  repeated heading suffixed ``-1``, ``-2``...); links inside code are not links;
- every ``docs/...`` path named in the prose (``docs/bots.md``, ``docs/floor.png``) exists;
- no page under docs/ is over ``MAX_PAGE_BYTES``;
- no page narrates past runs: ``DIARY`` is the pattern of issue 34 ("stop 24", "third
  pass", "this session", ...). History belongs to git.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MAX_PAGE_BYTES = 40_000
DIARY = re.compile(
    r"stop [0-9]+|(first|second|third|[a-z]+th) pass\b|a new session"
    r"|(this|last|next|previous) session|CI replica",
    re.IGNORECASE,
)
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
INLINE_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
DOCS_PATH = re.compile(r"(?<![\w./-])docs/[\w./-]*\w\.(?:md|png)\b")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def pages() -> list[Path]:
    """Every page the checks read: docs/**/*.md, then README.md."""
    return [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]


def prose_lines(text: str, strip_code: bool = True) -> list[tuple[int, str]]:
    """The (line number, text) of ``text`` outside fenced code blocks, inline code removed
    unless ``strip_code`` is false.

    Indented code blocks are kept: the docs indent commands inside lists, and a command's
    ``docs/...`` argument should exist too.
    """
    lines, fence = [], None
    for number, line in enumerate(text.splitlines(), start=1):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(2)[0] * len(match.group(2))
            continue
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
            continue
        lines.append((number, INLINE_CODE.sub("", line) if strip_code else line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: markup dropped, lower case, hyphens for spaces."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").replace("*", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of ``page``'s headings, a repeated slug numbered as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    for _, line in prose_lines(page.read_text(encoding="utf-8"), strip_code=False):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def link_targets(page: Path) -> list[tuple[int, str]]:
    """The (line number, target) of every Markdown link on ``page``, outside code."""
    targets = []
    for number, line in prose_lines(page.read_text(encoding="utf-8")):
        targets += [(number, m.group(1)) for m in INLINE_LINK.finditer(line)]
        targets += [(number, m.group(1)) for m in REFERENCE_LINK.finditer(line)]
    return targets


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """Why each relative link of ``page`` does not resolve, as ``file:line: target: why``.

    ``root`` is the repository's folder: ``docs/...`` paths in the prose are read from it.
    """
    problems = []
    where = page.relative_to(root)
    for number, target in link_targets(page):
        if SCHEME.match(target) or target.startswith(("/", "//")):
            continue  # a web address or a path of the site, not a file of the repository
        path_part, _, anchor = target.partition("#")
        resolved = (page.parent / path_part).resolve() if path_part else page
        if not resolved.exists():
            problems.append(f"{where}:{number}: {target}: no such file")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            problems.append(f"{where}:{number}: {target}: no heading with that anchor")
    for number, line in prose_lines(page.read_text(encoding="utf-8")):
        for match in DOCS_PATH.finditer(line):
            if not (root / match.group(0)).exists():
                problems.append(f"{where}:{number}: {match.group(0)}: no such file")
    return problems


def test_every_relative_link_resolves():
    problems = [problem for page in pages() for problem in broken_links(page)]
    assert not problems, "broken links:\n" + "\n".join(problems)


def test_no_docs_page_is_over_40_kb():
    large = [
        f"{page.relative_to(ROOT)}: {page.stat().st_size} bytes"
        for page in sorted(DOCS.rglob("*.md"))
        if page.stat().st_size > MAX_PAGE_BYTES
    ]
    assert not large, f"pages over {MAX_PAGE_BYTES} bytes:\n" + "\n".join(large)


def test_no_page_narrates_past_runs():
    hits = []
    for page in pages():
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            hits += [
                f"{page.relative_to(ROOT)}:{number}: {m.group(0)!r}" for m in DIARY.finditer(line)
            ]
    assert not hits, "diary wording (history belongs in git):\n" + "\n".join(hits)


def test_the_checks_catch_what_they_look_for(tmp_path):
    """Each check fails on a planted fault: a missing file, a missing anchor, a diary line."""
    page = tmp_path / "page.md"
    page.write_text(
        "# A page\n\n## Figures, 2 cores (`--steps`)\n\n"
        "[ok](#a-page) [ok too](#figures-2-cores---steps) [missing](other.md)\n"
        "[bad anchor](#nowhere) `[in code](nowhere.md)`\n\n"
        "```\n[in a fence](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    assert broken_links(page, root=tmp_path) == [
        "page.md:5: other.md: no such file",
        "page.md:6: #nowhere: no heading with that anchor",
    ]
    (tmp_path / "other.md").write_text("# Other\n", encoding="utf-8")
    assert broken_links(page, root=tmp_path) == ["page.md:6: #nowhere: no heading with that anchor"]
    assert DIARY.search("the twelfth pass") and DIARY.search("Stop 19")
    assert DIARY.search("as in this session") and not DIARY.search("each player may pass")
