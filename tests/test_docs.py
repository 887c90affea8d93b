"""The repository's copy of the rules is the project's specification, unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# the shared specification sits in a folder "shared" beside the repository or beside one of its
# parents (a worktree under /work/wt/NAME finds /work/shared)
SHARED = next((p / "shared" / "RULES.md" for p in ROOT.parents
               if (p / "shared" / "RULES.md").exists()), ROOT.parent / "shared" / "RULES.md")


ALLOWED_TO_DIFFER = {
    "C1": "the probability model decides where the shared copy said two things at once: a draw "
          "with no card unseen takes the discard pile shuffled in (§A3's reshuffle), so no "
          "question is refused for needing more draws than the unseen cards hold and P(score "
          "within T) never falls as T grows",
}
"""The sections of docs/RULES.md (the project's living copy) that may differ from the shared
master copy, each with its reason, until the master copy takes the change."""


def _sections(text: str) -> dict[str, str]:
    """The text of each section, keyed by its number ("A3", "C1"; "" for what comes first)."""
    import re

    out: dict[str, str] = {}
    key = ""
    for line in text.splitlines(keepends=True):
        head = re.match(r"^###? ([A-C]\d*)\.", line)
        if head:
            key = head.group(1)
        out[key] = out.get(key, "") + line
    return out


@pytest.mark.skipif(not SHARED.exists(),
                    reason="the team's master copy of the rules (shared/RULES.md beside the "
                    "repository) is not on this machine, so docs/RULES.md is not compared with it")
def test_docs_rules_is_the_shared_specification():
    ours, shared = (_sections(p.read_text()) for p in (ROOT / "docs" / "RULES.md", SHARED))
    assert list(ours) == list(shared), "docs/RULES.md and the shared RULES.md have other sections"
    for key in ours:
        if key in ALLOWED_TO_DIFFER:
            assert ours[key] != shared[key], (
                f"§{key} is the same as the shared copy again: take it out of ALLOWED_TO_DIFFER")
        else:
            assert ours[key] == shared[key], (
                f"docs/RULES.md §{key or '(top)'} differs from the shared RULES.md: copy the "
                "shared one over it (or name the section and why in ALLOWED_TO_DIFFER)")


def test_every_cited_rules_section_exists():
    import re

    rules = (ROOT / "docs" / "RULES.md").read_text()
    sections = set(re.findall(r"^###? ([A-C]\d*)\.", rules, flags=re.M))
    cited = set()
    for path in (ROOT / "swkit").rglob("*.py"):
        cited |= set(re.findall(r"§([A-C]\d+)", path.read_text()))
    missing = sorted(cited - sections)
    assert not missing, f"the code cites RULES.md sections that do not exist: {missing}"


def test_the_readme_shows_each_widget_in_a_small_picture_that_exists():
    import re

    readme = (ROOT / "README.md").read_text()
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", readme)
    assert {Path(p).stem for p in pictures} >= {"cardtable", "dicecup", "explorer"}
    for picture in pictures:
        data = (ROOT / picture).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", picture
        assert len(data) < 150_000, f"{picture} is {len(data):,} bytes: shrink it"

