"""A counting formula written as the lessons write it, and worked out one step a line.

The odds engine gives its counts as sympy expressions (``swkit.odds.deal.deal_formula``), and
``--json`` keeps sympy's text of them (``7*(1 + 4*(-1 + 2**3))``). A child reads lesson 1's
notation instead: ``C(n, k)`` for the ways to choose k cards of n, ``·`` for times, ``−`` for
minus, a cube as a product (``2 · 2 · 2``), the positive terms of a sum first:

>>> for line in formula_steps("7*(1 + 4*(-1 + 2**3))"):
...     print(line)
7 · (1 + 4 · (2 · 2 · 2 − 1))
7 · (1 + 4 · (8 − 1))
7 · (1 + 4 · 7)
7 · (1 + 28)
7 · 29
203
>>> formula_steps("9*binomial(5, 3)")
['9 · C(5, 3)', '9 · 10', '90']

Each step works out every part whose parts are already numbers, so each line follows from the
one before by one round of arithmetic. The text is read with Python's own parser (:mod:`ast`)
and only sums, differences, products, whole powers, ``binomial`` and whole numbers are taken:
anything else is a ValueError (a formula the engine does not write). No sympy is needed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from math import comb

__all__ = ["REPEAT_POWER", "formula_steps", "formula_words"]

REPEAT_POWER = 4
"""A power with an exponent up to this is written as a product (``2 · 2 · 2``), as the lessons
do; a larger one as ``b^e``."""

TIMES, MINUS = "·", "−"
"""The signs the lessons use for times and minus."""


@dataclass(frozen=True)
class _Num:
    value: int


@dataclass(frozen=True)
class _Choose:
    n: _Node
    k: _Node


@dataclass(frozen=True)
class _Prod:
    factors: tuple[_Node, ...]


@dataclass(frozen=True)
class _Sum:
    terms: tuple[tuple[int, _Node], ...]   # (sign +1 or -1, term)


@dataclass(frozen=True)
class _Pow:
    base: _Node
    exp: _Node


_Node = _Num | _Choose | _Prod | _Sum | _Pow


def _read(node: ast.expr) -> _Node:
    """The formula of one node of Python's syntax tree."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return _Num(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _read(node.operand)
        return _Num(-inner.value) if isinstance(inner, _Num) else _Sum(((-1, inner),))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        sign = 1 if isinstance(node.op, ast.Add) else -1
        return _Sum(_terms(_read(node.left), 1) + _terms(_read(node.right), sign))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return _Prod(_factors(_read(node.left)) + _factors(_read(node.right)))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        return _Pow(_read(node.left), _read(node.right))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "binomial" and len(node.args) == 2 and not node.keywords):
        return _Choose(_read(node.args[0]), _read(node.args[1]))
    raise ValueError(f"not a counting formula the kit writes: {ast.unparse(node)!r}")


def _terms(node: _Node, sign: int) -> tuple[tuple[int, _Node], ...]:
    """``node`` as signed terms of a sum (a negative number is a positive one subtracted)."""
    if isinstance(node, _Sum):
        return tuple((sign * s, t) for s, t in node.terms)
    if isinstance(node, _Num) and node.value < 0:
        return ((-sign, _Num(-node.value)),)
    return ((sign, node),)


def _factors(node: _Node) -> tuple[_Node, ...]:
    return node.factors if isinstance(node, _Prod) else (node,)


def _value(node: _Node) -> int:
    """The whole number ``node`` stands for."""
    if isinstance(node, _Num):
        return node.value
    if isinstance(node, _Choose):
        return comb(_value(node.n), _value(node.k))
    if isinstance(node, _Prod):
        out = 1
        for f in node.factors:
            out *= _value(f)
        return out
    if isinstance(node, _Sum):
        return sum(s * _value(t) for s, t in node.terms)
    exp = _value(node.exp)
    if exp < 0:
        raise ValueError("a counting formula has no negative power")
    return _value(node.base) ** exp


def _parts(node: _Node) -> tuple[_Node, ...]:
    if isinstance(node, _Choose):
        return node.n, node.k
    if isinstance(node, _Prod):
        return node.factors
    if isinstance(node, _Sum):
        return tuple(t for _, t in node.terms)
    if isinstance(node, _Pow):
        return node.base, node.exp
    return ()


def _step(node: _Node) -> _Node:
    """``node`` after one round of arithmetic: every part whose parts are all numbers is
    worked out."""
    if isinstance(node, _Num):
        return node
    if all(isinstance(p, _Num) for p in _parts(node)):
        return _Num(_value(node))
    if isinstance(node, _Choose):
        return _Choose(_step(node.n), _step(node.k))
    if isinstance(node, _Prod):
        return _Prod(tuple(_step(f) for f in node.factors))
    if isinstance(node, _Sum):
        return _Sum(tuple((s, _step(t)) for s, t in node.terms))
    return _Pow(_step(node.base), _step(node.exp))


def _positive(sign: int, term: _Node) -> tuple[int, _Node]:
    """A term of a sum with no minus of its own: a negative number, or a product led by one,
    is its opposite subtracted (``5 · 7 + (-5) · 2`` is written ``5 · 7 − 5 · 2``)."""
    if isinstance(term, _Num) and term.value < 0:
        return -sign, _Num(-term.value)
    if isinstance(term, _Prod) and isinstance(term.factors[0], _Num) and \
            term.factors[0].value < 0:
        first = -term.factors[0].value
        rest = term.factors[1:] if first == 1 and len(term.factors) > 1 else (
            _Num(first), *term.factors[1:])
        return -sign, rest[0] if len(rest) == 1 else _Prod(tuple(rest))
    return sign, term


def _text(node: _Node, inside: str = "") -> str:
    """``node`` in the lessons' notation; ``inside``: "prod" when it is a factor of a product
    (a sum then takes brackets), "pow" when it is the base of a power written as ``b^e``."""
    if isinstance(node, _Num):
        text = str(node.value) if node.value >= 0 else f"{MINUS}{-node.value}"
        return f"({text})" if node.value < 0 and inside else text
    if isinstance(node, _Choose):
        return f"C({_text(node.n)}, {_text(node.k)})"
    if isinstance(node, _Prod):
        text = f" {TIMES} ".join(_text(f, "prod") for f in node.factors)
        return f"({text})" if inside == "pow" else text
    if isinstance(node, _Sum):
        terms = [_positive(sign, term) for sign, term in node.terms]
        ordered = [t for t in terms if t[0] > 0] + [t for t in terms if t[0] < 0]
        text = ""
        for i, (sign, term) in enumerate(ordered):
            word = _text(term, "prod" if isinstance(term, _Sum) else "")
            if i == 0:
                text = word if sign > 0 else f"{MINUS}{word}"
            else:
                text += f" {'+' if sign > 0 else MINUS} {word}"
        return f"({text})" if inside else text
    exp = node.exp.value if isinstance(node.exp, _Num) else None
    if exp is not None and 2 <= exp <= REPEAT_POWER:
        text = f" {TIMES} ".join([_text(node.base, "prod")] * exp)
        return f"({text})" if inside == "pow" else text
    return f"{_text(node.base, 'pow')}^{_text(node.exp, 'pow')}"


def formula_words(formula: str) -> str:
    """The formula ``formula`` (sympy's text of a count, as ``--json`` gives it) in the
    lessons' notation, on one line. Raises ValueError for text that is not such a formula."""
    return _text(_parse(formula))


def formula_steps(formula: str) -> list[str]:
    """The formula ``formula`` (sympy's text of a count) in the lessons' notation, then each
    round of its arithmetic, one a line, down to the count itself (the last line, a whole
    number). Raises ValueError for text that is not such a formula."""
    node = _parse(formula)
    lines = [_text(node)]
    while not isinstance(node, _Num):
        node = _step(node)
        if _text(node) != lines[-1]:
            lines.append(_text(node))
    return lines


def _parse(formula: str) -> _Node:
    if not isinstance(formula, str) or len(formula) > 2000:
        raise ValueError(f"not a counting formula the kit writes: {formula!r:.60}")
    try:
        tree = ast.parse(formula.strip(), mode="eval")
    except SyntaxError:
        raise ValueError(f"not a counting formula the kit writes: {formula!r:.60}") from None
    return _read(tree.body)
