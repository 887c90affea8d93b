"""The repository's copy of the rules is the project's specification, unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# the shared specification sits in a folder "shared" beside the repository or beside one of its
# parents (a worktree under /work/wt/NAME finds /work/shared)
SHARED = next((p / "shared" / "RULES.md" for p in ROOT.parents
               if (p / "shared" / "RULES.md").exists()), ROOT.parent / "shared" / "RULES.md")


@pytest.mark.skipif(not SHARED.exists(),
                    reason="the team's master copy of the rules (shared/RULES.md beside the "
                    "repository) is not on this machine, so docs/RULES.md is not compared with it")
def test_docs_rules_is_the_shared_specification():
    assert (ROOT / "docs" / "RULES.md").read_text() == SHARED.read_text(), (
        "docs/RULES.md differs from the shared RULES.md: copy the shared one over it")


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
