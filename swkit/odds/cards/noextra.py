"""Two turns to go without an extra play: each draw's best end from hand-free tables.

Without an extra play the last turn's outs of an end state (tableau, discard key, others,
figure) are every type if the hand holds a type of its end mask m (``_end_mask``: the types
whose play scores), else m. So a play needs one hand-free table per (tableau after the play,
discard pile, others, figure) (``_keep_profile``): the union of m over the Power choices and
Discards and their maximal masks. A draw's value is "every unseen card" if the hand meets the
union, else the largest weight of the maximal masks; the profile of each draw is memoised on
the position without the cards drawn so far (``_turn2_profile``), so only the weights (unseen
copies) change from one draw to another. With a center Power (``_turn2_shared``) what a play
of a card does at a position, hand-free, is kept in one row per (position, card) (``_row``),
so draw two's outcomes, whose hands differ only in the cards drawn, share it; a draw's profile
is then its own play plus one part for the hand's other plays, valued once per call. Draw two
and pass join as closed forms (``_eval_last2``). Checked against branch and bound over every choice:
``tests/test_odds_cards_fast_paths.py::test_hand_free_last_turn_matches_branch_and_bound``; against
the game tree: ``tests/test_odds_cards.py::test_two_turns_match_the_game_tree``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from swkit.cards.powers import play_from_discard, swap, take_from_discard
from swkit.odds.cards.blanks import Blanks
from swkit.odds.cards.facts import Facts, Unseen
from swkit.odds.cards.hands import (
    Hand,
    distinct,
    falling_factorial,
    insert,
    maximal_masks,
    pool_net,
    type_bits,
)
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.triples import Triples

_FULL = (True, (), (), (), None)
"""The profile of a draw after which every card scores next turn."""

_UNSET = object()
"""A row's chance ends not asked yet (``NoExtra._row``)."""


class NoExtra:
    """Two turns to go without an extra play: the hand-free profiles of each draw."""

    def __init__(self, facts: Facts, unseen: Unseen, triples: Triples, moves: Moves,
                 outs: Outs, blanks: Blanks) -> None:
        self.types, self.base, self.unseen0 = facts.types, facts.base, facts.unseen0
        self.every, self.scorable = facts.every, facts.scorable
        self.extra_plays, self.discard_play = facts.extra_plays, facts.discard_play
        self.discard_take, self.swap = facts.discard_take, facts.swap
        self.draw_k, self.pass_n = facts.draw_k, facts.pass_n
        self.turn2_memo: dict[Any, list[tuple[int | tuple[int, ...],
                                              tuple[Any, ...] | None]]] = {}
        self.last2_memo: dict[Any, tuple[Any, ...]] = {}
        self.end_memo: dict[Any, list[tuple[Hand, Hand]]] = {}
        self.row_memo: dict[Any, list[list[Any] | None]] = {}
        self.keep_memo: dict[Any, tuple[Any, ...]] = {}
        self.chance_memo: dict[Any, tuple[int, tuple[int, ...]]] = {}
        self.unseen = unseen
        self.triples = triples
        self.moves = moves
        self.outs = outs
        self.blanks = blanks

    # ---- two turns to go, no extra play: the draw-free profile of each draw ----
    def numerator2(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                    drawn: Hand) -> int | Fraction:
        """``numerator`` for two turns to go without an extra play in reach, from the
        draw-free ``_turn2_profile`` of the position (so positions reached after different
        draws share it; only the weights, i.e. the unseen copies, depend on ``drawn``). Needs
        at least two unseen cards (the pass closed form of ``_pass_value`` needs one after
        this turn's draw)."""
        n0 = self.unseen0 - pool_net(drawn)
        n = n0 - 1                                     # unseen after this turn's draw
        copies = dict(enumerate(self.base))
        for d in drawn:
            if d >= 0:
                copies[d] -= 1
            else:
                copies[~d] += 1
        k = self.draw_k
        dscale = falling_factorial(n, k) * (n - k) if k and n >= k + 1 else 1
        pscale = n if self.pass_n else 1
        scale = dscale * pscale             # every draw's value times scale is an integer
        weights: dict[int, int] = {}        # mask -> unseen copies of its types (``drawn``)
        misses: dict[int, int] = {}         # w -> (n - w)(n - w - 1)...(n - w - k + 1)
        parts: dict[int, int] = {}          # id of a shared part -> its value (``_eval_last2``)
        total = 0
        for xs, prof in self._turn2_profile(hand, tab, disc, others, figure):
            if isinstance(xs, int):
                x, u = xs, copies[xs]
            else:                           # blanks of one class: one value (``blanks``)
                u = 0
                for t in xs:
                    if copies[t] > 0:
                        if not u:
                            x = t
                        u += copies[t]
            if u <= 0:
                continue
            if prof is None or prof[0]:
                total += u * n * scale
            else:
                total += u * self._eval_last2(prof, drawn, x, weights, misses, parts, n,
                                              dscale, pscale)
        return total // scale if total % scale == 0 else Fraction(total, scale)

    def _turn2_profile(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool
                       ) -> list[tuple[int | tuple[int, ...], tuple[Any, ...] | None]]:
        """For each card type x (or each class of blank types, ``blanks``: their draws have
        one value): None if drawing x scores this turn, else the draw-free
        ``_last2_profile`` of the hand holding x (memoised per position)."""
        key = (hand, tab, disc, others, figure)
        hit = self.turn2_memo.get(key)
        if hit is None and self.scorable and not self.extra_plays:
            hit = self.turn2_memo[key] = self._turn2_shared(hand, tab, disc, others, figure)
        if hit is None:
            hit = []
            _live, classes, of = self.blanks.blank_classes(tab, disc, others, figure)
            for x in range(len(self.types)):
                c = of[x]
                if c >= 0 and x != classes[c][0]:
                    continue                # a blank: one profile per class (``blanks``)
                xs = x if c < 0 else classes[c]
                h = insert(hand, x)
                if self.outs.can_score(h, tab, disc, others, figure):
                    hit.append((xs, None))
                else:
                    hit.append((xs, self._last2_profile(h, tab, disc, others, figure)))
            self.turn2_memo[key] = hit
        return hit

    def _row(self, at: list[Any], c: int, tab: Hand, disc: Hand, others: Hand, figure: bool
             ) -> list[Any]:
        """Playing a card of type c from a hand into the tableau ``tab`` of the position
        ``at`` (``_turn2_shared``), what does not depend on the rest of the hand: [tableau
        after, figure after, union and maximal masks of ``_keep_profile``, ``_chance_ends``
        (``_UNSET`` until asked), take-discard's (whole, always, both) once its masks are all
        valued (``_row_done``; None before), the play's own part once valued (``_own``)].
        Each part is valued when first asked, by the same call as before the rows were kept,
        so the other memo tables hold the same entries (the rows count one entry per
        position in ``row_memo``)."""
        tab1, fig1 = insert(tab, c), self.moves.access(c, figure)
        union, top = self._keep_profile(tab1, disc, others, fig1)
        row = at[2][c] = [tab1, fig1, union, top, _UNSET, None, None]
        return row

    def _row_ends(self, row: list[Any], disc: Hand, others: Hand) -> tuple[int, tuple[int, ...]]:
        """``_chance_ends`` after the row's play (kept in the row)."""
        ends = row[4]
        if ends is _UNSET:
            ends = row[4] = self._chance_ends(row[0], disc, others, row[1])
        return ends

    def _row_done(self, row: list[Any], disc: Hand, others: Hand
                  ) -> tuple[int, bool, tuple[int, ...]] | None:
        """Take-discard after the row's play, once every end mask is valued
        (``_taken_done``): (whole: the union of every mask, always: the cards taken meet
        it, both: the keep profile's maximal masks and the taken ones); else None."""
        done = row[5]
        if done is None:
            state = self._taken_done(row[0], disc, others, row[1])
            if state is not None:
                bits, tu, tmasks = state
                done = row[5] = (row[2] | tu, bool(bits & tu), (*row[3], *tmasks))
        return done

    def _own(self, row: list[Any], hand_bits: int, disc: Hand, others: Hand, chance: bool
             ) -> tuple[int, bool, tuple[int, ...], tuple[Any, ...]] | None:
        """Playing the row's card with the hand ``hand_bits`` left (bitmask): None if the
        last turn then scores whatever comes (the hand meets an end mask of a Power choice,
        ``_keep_profile`` and ``_taken_masks``), else (whole, always, masks, chance ends):
        the play's part of the profile. Once valued it is hand-free (kept in the row): the
        hand then only meets ``whole`` or not, and ``always`` says the cards taken meet it."""
        own = row[6]
        if own is not None:
            return None if own[1] or hand_bits & own[0] else own
        tab1, fig1 = row[0], row[1]
        if hand_bits & row[2]:
            return None
        taken = self._taken_masks(hand_bits, tab1, disc, others, fig1)
        if taken is None:
            return None
        whole, always = row[2], False
        if self.discard_take and fig1:
            done = self._row_done(row, disc, others)    # every mask valued: taken is whole
            assert done is not None
            whole, always = done[0], done[1]
        ends = (self._row_ends(row, disc, others),) if chance and fig1 else ()
        own = row[6] = (whole, always, (*row[3], *taken), ends)
        return own

    def _turn2_shared(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool
                      ) -> list[tuple[int | tuple[int, ...], tuple[Any, ...] | None]]:
        """``_turn2_profile`` with a center Power there (no extra play), sharing across the
        draws x the work that does not involve x: whether x scores is has(tab) or the hand
        plus x meets the drawn-card mask D (``can_score`` without an extra play), and the
        plays of a card p of the hand read one row (``_row``: hand-free, kept with the
        position without the hand, so the hands of draw two's outcomes, which differ only
        in the cards drawn, share them) for every x (x only joins the hand: the hand after
        the play is hand - p + x); only the play of x itself needs its own, and so do draw
        two's and pass's (union, masks) per play (``_chance_ends``, hand-free). The profiles
        are those of ``_last2_profile``, but once take-discard's masks are valued a draw x
        gets the plays of the other cards of the hand as one part (its last element: no
        mask of it holds x; ``_eval_last2`` values it once per call, and it is one for every
        x outside the hand) and only its own play as its own; the blanks of a class share
        one profile (``blanks``)."""
        n = len(self.types)
        key = (tab, disc, others, figure)
        at = self.row_memo.get(key)
        if at is None:                  # [has a triple, D, rows per card type, draws x]
            has = self.triples.has(tab)
            drawn_mask = 0 if has else self.outs.outs_drawn(tab, disc, others, figure)
            at = self.row_memo[key] = [has, drawn_mask, [None] * n, None]
        if at[0]:
            return [(x, None) for x in range(n)]
        drawn_mask, rows = at[1], at[2]
        hand_bits = type_bits(hand)
        if hand_bits & drawn_mask:
            return [(x, None) for x in range(n)]
        chance = bool(self.draw_k or self.pass_n)
        draw_k, passing = bool(self.draw_k), bool(self.pass_n and hand)
        shared = []     # per card p of the hand: (p, bits of hand - p, row, ends, whole, ...)
        # take-discard's end masks after a play p (``_taken_masks``) are valued as far as a
        # call needs; once all are valued (``_row_done``) they are hand-free like the rest:
        # then a play's check is one test against ``whole`` (its union and the taken masks'),
        # or ``always`` (the cards taken meet them), and its masks are ``both`` (None: not
        # valued yet, so each x calls ``_taken_masks`` as before)
        fast = True
        for p in distinct(hand):
            row = rows[p] or self._row(at, p, tab, disc, others, figure)
            fig1, union = row[1], row[2]
            hm = hand_bits if hand.count(p) > 1 else hand_bits ^ 1 << p
            ends = self._row_ends(row, disc, others) if chance and fig1 else None
            whole, always, both = union, False, row[3]
            if self.discard_take and fig1:
                done = row[5] or self._row_done(row, disc, others)
                if done is None:
                    fast, both = False, None
                else:
                    whole, always, both = done
            shared.append((p, hm, row, ends, whole, always, both))
        draws = at[3]
        if draws is None:               # (x, its bit, its outs if None, if full, x in D)
            _live, classes, of = self.blanks.blank_classes(tab, disc, others, figure)
            draws = at[3] = []
            for x in range(n):
                c = of[x]
                if c >= 0 and x != classes[c][0]:
                    continue            # a blank: one profile per class (``blanks``)
                xs = x if c < 0 else classes[c]
                draws.append((x, 1 << x, (xs, None), (xs, _FULL), bool(drawn_mask >> x & 1)))
        # With every mask valued, a draw x scores next turn whatever comes if a play p of
        # another card leaves a card of the hand (x included) in p's masks (``flags``), or
        # playing x does (``_own``); else no mask of those plays holds x (x is in the hand
        # after such a play, or outside ``u_all``), so their part is one for every x outside
        # the hand (``part``), and one per card of the hand without its own play
        if fast:
            flags = {p: always or bool(hm & whole)
                     for p, hm, _row, _e, whole, always, _b in shared}
            fulls = sum(flags.values())
            u_all = 0
            for _p, _hm, _row, _e, whole, _a, _b in shared:
                u_all |= whole
            part = self._part(shared, -1, draw_k, passing) if not fulls else None
        out: list[tuple[int | tuple[int, ...], tuple[Any, ...] | None]] = []
        for x, xb, none_out, full_out, in_d in draws:
            if in_d:
                out.append(none_out)
                continue
            if fast:
                if not hand_bits & xb:
                    if fulls or u_all & xb:
                        out.append(full_out)
                        continue
                    own = self._own(rows[x] or self._row(at, x, tab, disc, others, figure),
                                    hand_bits, disc, others, chance)
                    xpart = part
                else:
                    if fulls - flags[x]:
                        out.append(full_out)
                        continue
                    own = self._own(rows[x], hand_bits, disc, others, chance)
                    xpart = None if own is None else self._part(shared, x, draw_k, passing)
                if own is None:
                    out.append(full_out)
                else:
                    ch = own[3]
                    out.append((none_out[0], (False, own[2], ch if draw_k else (),
                                              ch if passing else (), xpart)))
                continue
            full = False
            found: set[int] = set()
            later: set[tuple[int, tuple[int, ...]]] = set()   # chance ends of the plays
            for p, hm, row, ends, whole, always, both in shared:
                if p == x:
                    continue            # the play of x itself comes below (once)
                hm |= xb                # the hand after the play: hand - p + x
                if both is not None:    # every mask valued: one test
                    if always or hm & whole:
                        full = True
                        break
                    found.update(both)
                    if ends is not None:
                        later.add(ends)
                    continue
                if hm & row[2]:
                    full = True
                    break
                found.update(row[3])
                if ends is not None:
                    later.add(ends)
                if self.discard_take:
                    taken = self._taken_masks(hm, row[0], disc, others, row[1])
                    if taken is None:
                        full = True
                        break
                    found.update(taken)
            if not full:                # play x: the hand stays as it was
                row = rows[x] or self._row(at, x, tab, disc, others, figure)
                tab1, fig1 = row[0], row[1]
                if hand_bits & row[2]:
                    full = True
                else:
                    found.update(row[3])
                    if self.discard_take:
                        taken = self._taken_masks(hand_bits, tab1, disc, others, fig1)
                        if taken is None:
                            full = True
                        else:
                            found.update(taken)
                    if chance and fig1 and not full:
                        later.add(self._row_ends(row, disc, others))
            if full:
                out.append(full_out)
            else:                       # pass needs a card left in the hand after the play
                ch = tuple(later)
                out.append((none_out[0], (False, maximal_masks(found), ch if draw_k else (),
                                          ch if passing else (), None)))
        return out

    @staticmethod
    def _part(shared: list[tuple[Any, ...]], x: int, draw_k: bool, passing: bool
              ) -> tuple[tuple[int, ...], tuple[Any, ...], tuple[Any, ...]]:
        """The plays of the hand's cards but x (-1: all) as one part of a profile (masks,
        draw two's and pass's chance ends), every mask of them valued (``_turn2_shared``)."""
        masks: set[int] = set()
        later: set[tuple[int, tuple[int, ...]]] = set()
        for p, _hm, _row, ends, _whole, _always, both in shared:
            if p != x:
                masks.update(both)
                if ends is not None:
                    later.add(ends)
        ch = tuple(later)
        return tuple(masks), ch if draw_k else (), ch if passing else ()

    def _chance_ends(self, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                     ) -> tuple[int, tuple[int, ...]]:
        """After a play into ``tab1`` with a Power usable, one turn before the end, for draw
        two and pass: (union, masks) of the end masks of the Discard choices (``_end_mask``),
        the masks without repeats in a fixed order (memoised)."""
        key = (tab1, disc, others, fig1)
        hit = self.chance_memo.get(key)
        if hit is None:
            ems = sorted({self._end_mask(t3, dk3, others, fig1)
                          for t3, dk3 in self.end_states(tab1, disc)})
            union = 0
            for m in ems:
                union |= m
            hit = self.chance_memo[key] = (union, tuple(ems))
        return hit

    def _last2_profile(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool
                       ) -> tuple[Any, ...]:
        """The draw-free part of ``best_next`` with two turns to go and no extra play in
        reach, after a non-scoring draw: (full, masks, draws, passes). ``full``: some choice
        makes every type an out (``best_last_no_extra`` returns every unseen card); else
        its value is the largest weight of ``masks`` (the maximal end masks). ``draws``: per
        play taking or holding the figure, (union, masks) of the Discard choices' outs for
        draw two's closed form in ``_draw_value``; ``passes``: the same per such play that
        leaves a card to pass, for the closed form in ``_pass_value`` (when not full, no
        card of the hand is in those masks, so which card is passed does not matter)."""
        key = (hand, tab, disc, others, figure)
        hit = self.last2_memo.get(key)
        if hit is not None:
            return hit
        full = False
        found: set[int] = set()
        draws: list[tuple[int, tuple[int, ...]]] = []
        passes: list[tuple[int, tuple[int, ...]]] = []
        if self.scorable:
            for _p, tab1, hand1, fig1 in self.moves.plays(hand, tab, figure):
                hm = type_bits(hand1)
                union, top = self._keep_profile(tab1, disc, others, fig1)
                taken = None if hm & union else self._taken_masks(hm, tab1, disc, others, fig1)
                if taken is None:
                    full = True
                    break
                found.update(top)
                found.update(taken)
        masks = maximal_masks(found)
        if not full and self.scorable and (self.draw_k or self.pass_n):
            # not full: no card of the hand after a play is in an end mask of its Discard
            # choices (their masks are in the play's ``_keep_profile``), so draw two's and
            # pass's closed forms need only each play's (union, masks) (``_chance_ends``),
            # whichever card is passed
            for _p, tab1, hand1, fig1 in self.moves.plays(hand, tab, figure):
                if fig1:
                    ends = self._chance_ends(tab1, disc, others, fig1)
                    if self.draw_k:
                        draws.append(ends)
                    if self.pass_n and hand1:
                        passes.append(ends)
        hit = self.last2_memo[key] = (full, masks, tuple(draws), tuple(passes), None)
        return hit

    def _eval_last2(self, prof: tuple[Any, ...], drawn: Hand, x: int, weights: dict[int, int],
                    misses: dict[int, int], parts: dict[int, int], n: int, dscale: int,
                    pscale: int) -> int:
        """``best_next(..., turns=2)`` (no extra play) after drawing x, from its
        ``_last2_profile`` (not full), times ``dscale * pscale``: ``drawn`` excludes this
        turn's draw x, ``n`` >= 1 = the unseen cards after it; ``weights`` caches the unseen
        copies of a mask under ``drawn`` (x takes one off the masks holding it), ``misses`` the
        ordered k-draws missing w cards per w. ``dscale`` =
        N_k (n - k) with N_k = n (n - 1) ... (n - k + 1), draw two's denominator (1 when draw
        two is out of reach or needs more cards), ``pscale`` = n when pass is in reach (else
        1). The same value as ``best_last_no_extra`` then ``with_chance`` (the best of all
        choices is the same in any order); the closed forms are ``_draw_value``'s and
        ``_pass_value``'s. A profile's shared part (its last element, ``_turn2_shared``: no
        mask of it holds x) is valued once per call, kept in ``parts`` by its id; the value
        is the better of it and the rest."""
        _full, masks, draws, passes, part = prof
        best = self._eval_part(masks, draws, passes, 1 << x, drawn, weights, misses, n,
                               dscale, pscale)
        if part is not None:
            v = parts.get(id(part))
            if v is None:
                v = parts[id(part)] = self._eval_part(*part, 0, drawn, weights, misses, n,
                                                      dscale, pscale)
            if v > best:
                best = v
        return best

    def _eval_part(self, masks: tuple[int, ...], draws: tuple[Any, ...],
                   passes: tuple[Any, ...], xb: int, drawn: Hand, weights: dict[int, int],
                   misses: dict[int, int], n: int, dscale: int, pscale: int) -> int:
        """The best value (times ``dscale * pscale``) of a profile's masks, draw two's and
        pass's (union, masks) (``_eval_last2``); ``xb``: the bit of the card drawn this turn
        (it takes one copy off the masks holding it), 0 where no mask holds it."""

        def w(m: int) -> int:
            v = weights.get(m)
            if v is None:
                v = weights[m] = self.unseen.weighted(m, drawn)
            return v - 1 if m & xb else v

        best = 0
        for m in masks:
            v = w(m)
            if v > best:
                best = v
        scale = dscale * pscale
        if best >= n:
            return best * scale
        best *= scale
        k = self.draw_k
        if draws and dscale > 1:
            fk = dscale // (n - k)
            for union, ms in draws:
                wu = w(union)
                miss = misses.get(wu)
                if miss is None:
                    miss = misses[wu] = falling_factorial(n - wu, k)
                w_best = max(w(m) for m in ms)
                v = ((fk - miss) * (n - k) + miss * w_best) * n * pscale
                if v > best:
                    best = v
        for union, ms in passes:
            w_best = max(w(m) for m in ms)
            hit = w(union)
            v = (hit * n + (n - hit) * w_best) * dscale
            if v > best:
                best = v
        return best

    def _taken_masks(self, hm: int, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                     ) -> list[int] | None:
        """Without an extra play: after taking the top of the discard pile (Power 8) with the
        hand ``hm`` (bitmask), the end masks of the Discard choices (see ``_end_mask``), or
        None if one of them holds a card of the hand (the last turn then scores whatever
        comes). Empty if take-discard is out of reach."""
        if not (fig1 and self.discard_take):
            return []
        # Hand-free, so kept with the play's ``_keep_profile`` (in its memo entry, no new
        # one): [the cards taken (bits), the union of the end masks valued so far, those
        # masks in order, the end states]. The Power has one move at most (``odds_take``), so
        # the hand meets one of them iff it meets their union. The end states are valued as
        # far as a call needs, as before (the memo entries counted are the same). Asked
        # millions of times under draw two.
        key = (tab1, disc, others, fig1)
        hit = self.keep_memo.get(key)
        if hit is None:
            self._keep_profile(tab1, disc, others, fig1)
            hit = self.keep_memo[key]
        if len(hit) == 2:
            bits, ends = 0, []
            for taken, _h, rest in take_from_discard.odds_take(self.discard_take, (), disc):
                for c in taken:
                    bits |= 1 << c
                ends = self.end_states(tab1, rest)
            hit = self.keep_memo[key] = (*hit, [bits, 0, [], ends])
        state = hit[2]
        hm |= state[0]
        if hm & state[1]:
            return None
        masks, ends = state[2], state[3]
        while len(masks) < len(ends):
            t3, dk3 = ends[len(masks)]
            m = self._end_mask(t3, dk3, others, fig1)
            masks.append(m)
            state[1] |= m
            if hm & m:
                return None
        return masks

    def _taken_done(self, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                    ) -> tuple[int, int, list[int]] | None:
        """``_taken_masks``'s hand-free state after a play into ``tab1``, if every end mask
        of it is valued already: (the cards taken, the union of the masks, the masks); else
        None. Reads only: values nothing (so the memo entries stay as they were)."""
        hit = self.keep_memo.get((tab1, disc, others, fig1))
        if hit is None or len(hit) == 2:
            return None
        bits, tu, masks, ends = hit[2]
        return (bits, tu, masks) if len(masks) == len(ends) else None

    # ---- before the last turn, without an extra play: hand-free tables ----
    def _end_mask(self, tab: Hand, dkey: Hand, others: Hand, figure: bool) -> int:
        """Without an extra play in reach, the last turn's outs of an end state are every type
        if the hand holds one of this mask (or it is every type), else this mask: the types
        whose play scores (the drawn card or a card of the hand scores the same way)."""
        if self.triples.has(tab):
            return self.every
        return self.outs.outs_drawn(tab, dkey, others, figure)

    def end_states(self, tab: Hand, disc: Hand) -> list[tuple[Hand, Hand]]:
        """After a non-scoring turn's Power: the (tableau, last turn's discard key) after each
        Discard choice, without repeats."""
        key = (tab, disc)
        hit = self.end_memo.get(key)
        if hit is None:
            moves = self.moves
            hit = self.end_memo[key] = list(dict.fromkeys(
                (t3, moves.disc_key(d3, 1)) for _ds, t3, d3 in moves.discards(tab, disc, 1)))
        return hit

    def _keep_moves(self, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                    ) -> Iterator[tuple[Hand, Hand, Hand]]:
        """The Power choices of ``powers_then`` that leave the hand as it is (none, play from
        discard, swap), as (tableau, discard pile, others)."""
        yield tab1, disc, others
        if not fig1:
            return
        if self.discard_play:
            for _x, t2, d2 in play_from_discard.odds_plays(*self.discard_play, self.types, tab1,
                                                           disc):
                yield t2, d2, others
        if self.swap:
            for _t, _o, t2, o2 in swap.odds_swaps(tab1, others):
                yield t2, disc, o2

    def _keep_profile(self, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                      ) -> tuple[int, tuple[int, ...]]:
        """Over every hand-keeping Power choice and Discard after playing into ``tab1``: the
        union of the end masks and the maximal end masks (no extra play in reach)."""
        key = (tab1, disc, others, fig1)
        hit = self.keep_memo.get(key)
        if hit is not None:
            return hit if len(hit) == 2 else hit[:2]    # (3rd: ``_taken_masks``'s profile)
        masks = set()
        for t2, d2, o2 in self._keep_moves(tab1, disc, others, fig1):
            for t3, dk3 in self.end_states(t2, d2):
                masks.add(self._end_mask(t3, dk3, o2, fig1))
        union = 0
        for m in masks:
            union |= m
        top = maximal_masks(masks)
        hit = self.keep_memo[key] = (union, top)
        return hit

    def best_last_no_extra(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                            figure: bool, drawn: Hand) -> int:
        """``best_last`` when no extra play is in reach: the last turn's outs are every type
        if the hand holds an end mask's type, else that end mask, so each play needs only the
        hand-free ``_keep_profile`` (and the cards taken from the discard pile, if any)."""
        if not self.scorable:
            return 0
        every = self.every
        full = self.unseen.weighted(every, drawn)
        best = 0
        for _p, tab1, hand1, fig1 in self.moves.plays(hand, tab, figure):
            hm = type_bits(hand1)
            union, top = self._keep_profile(tab1, disc, others, fig1)
            taken = None if hm & union else self._taken_masks(hm, tab1, disc, others, fig1)
            if taken is None:
                return full
            for m in (*top, *taken):
                v = self.unseen.weighted(m, drawn)
                if v > best:
                    best = v
        return best
