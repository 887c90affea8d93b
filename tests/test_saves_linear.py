"""Every JSON loader of the kit reads or refuses a text in time linear in its length.

The depth scan that runs before a save is parsed (``swkit.saves.nesting_depth``) strips the
strings with one regular expression; tried at a quote, that expression must always match, so the
scan never starts again at a later quote (what made ``'"\\' * 40000`` take 28 s). No timing is
asserted here (``python bench/loaders.py`` prints the times): the structure is, and every loader
refuses texts of 1 MB built to be slow, in words.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swkit.cards.editions import load_edition
from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError
from swkit.files import parse_json
from swkit.saves import JSON_STRING, MAX_DEPTH, SaveError, nesting_depth

ADVERSARIAL = [
    '"\\' * 500_000,            # one unclosed string of escaped quotes
    '"' * 1_000_000,
    '"\\"' * 333_333,
    '"a\\\n' * 250_000,         # escaped newlines (a dot that skips a newline would fail)
    '["' * 500_000,
    '{"a":' * 200_000,
    "[" * 1_000_000,
    "]" * 1_000_000,
    "\\" * 1_000_000,
    '"' + "\\" * 999_999,      # a lone backslash at the very end
]
"""Texts of about 1 MB made to be slow for a scan that backtracks or recurses."""


def quotes(text: str) -> list[int]:
    return [i for i, c in enumerate(text) if c == '"']


@pytest.mark.parametrize("text", [t[:3000] for t in ADVERSARIAL] + [
    '"\\"\\"', '"\\', '"', '"a\\\nb"', '"x" "y', '["\\\\"]', '"\\\\\\"'])
def test_the_string_pattern_matches_at_every_quote(text):
    """Wherever a quote starts a string the scan reads, the pattern matches (a closed string,
    or an unclosed one up to the end), so no quote is tried twice: linear."""
    for i in quotes(text):
        assert JSON_STRING.match(text, i) is not None, (i, text[i:i + 20])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='"\\[]{}a\n:,', max_size=60))
def test_the_string_pattern_never_fails_at_a_quote_whatever_the_text(text):
    for i in quotes(text):
        match = JSON_STRING.match(text, i)
        assert match is not None
        # and it ends at a closing quote or at the end of the text
        assert match.end() == len(text) or text[match.end() - 1] == '"'


def depth_of(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


tricky_text = st.text(alphabet='"\\[]{}ab\n\t:,\u00e9', max_size=8)
json_values = st.recursive(
    st.none() | st.integers() | tricky_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(tricky_text, inner, max_size=3),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_the_depth_scan_counts_real_json_exactly(value):
    """Strings holding brackets, quotes and backslashes are skipped: the scan's depth is the
    value's."""
    text = json.dumps(value)
    assert nesting_depth(text) == min(depth_of(value), MAX_DEPTH + 1)
    assert nesting_depth(json.dumps(value, ensure_ascii=False)) == min(depth_of(value),
                                                                       MAX_DEPTH + 1)


def test_the_depth_scan_makes_a_bounded_number_of_passes(monkeypatch):
    """The pairs are removed once per level, at most MAX_DEPTH + 1 times whatever the text's
    length: the work is a fixed number of linear passes."""
    import swkit.saves as saves

    passes = []

    class Counting:
        def __init__(self, pattern):
            self.pattern = pattern

        def sub(self, repl, text):
            passes.append(len(text))
            return self.pattern.sub(repl, text)

    monkeypatch.setattr(saves, "_PAIR", Counting(saves._PAIR))
    for n in (1_000, 100_000):
        passes.clear()
        assert nesting_depth("[" * n + "]" * n) == MAX_DEPTH + 1
        assert len(passes) <= MAX_DEPTH + 1


LOADERS = {
    "cards": CardGame.from_json,
    "dice": DiceGame.from_json,
    "json": lambda text: parse_json(text, "text"),
}


@pytest.mark.parametrize("name", LOADERS)
@pytest.mark.parametrize("index", range(len(ADVERSARIAL)))
def test_every_loader_refuses_a_megabyte_built_to_be_slow_in_words(name, index):
    with pytest.raises(ConfigurationError) as caught:
        LOADERS[name](ADVERSARIAL[index])
    assert "JSON" in str(caught.value) or "nested" in str(caught.value)
    if name != "json":
        assert isinstance(caught.value, SaveError)


@pytest.mark.parametrize("index", [0, 2, 3, 4])
def test_a_powers_file_built_to_be_slow_is_refused_in_words(index, tmp_path):
    path = tmp_path / "powers.json"
    path.write_text(ADVERSARIAL[index][:900_000], encoding="utf-8")
    with pytest.raises(ConfigurationError, match="JSON"):
        load_edition(str(path))


def test_random_junk_around_a_real_save_is_read_or_refused_in_words():
    rng = random.Random(30)
    save = CardGame(players=3, seed=4).to_json()
    for _ in range(200):
        i = rng.randrange(len(save))
        junk = "".join(rng.choice('"\\[]{}') for _ in range(rng.randrange(1, 2000)))
        with contextlib.suppress(SaveError):
            CardGame.from_json(save[:i] + junk + save[i:])
