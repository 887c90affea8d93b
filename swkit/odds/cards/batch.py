"""The numpy batch: two-turn values of many positions and every draw at once (one extra play).

``numerator2_batch`` is ``extra``'s per-draw search for many positions after the same earlier
draws, with exactly one extra play and neither a swap nor a wild: the rows are the choices after
the draw of every position (keep y, play y), the columns the draws y, the bounds numpy arrays
from ``swkit.odds.draws`` (a row is three table indices: tableau, discard key, hand); the
branch and bound goes in rounds, expanding per position the choice with the highest bound for
most of its open draws. numpy is imported only here, when a batch runs: without numpy
(``swkit.odds.accel``) the same rows, rounds and expansions run position by position on plain
Python rows (``_numerator2_rows``, ``rows.RowTables``), with the same answers and the same memo
entries, so the same work budget answers the same questions. Checked against plain
enumeration: ``tests/test_odds_cards_extra_play.py::
test_many_positions_after_earlier_draws_match_plain_enumeration``; the formulas:
``tests/test_odds_cards_draws.py``; numpy against the pure path:
``tests/test_odds_cards_budget.py::test_the_budget_counts_memo_entries_the_same_way_on_the_numpy_and_pure_paths``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any

from swkit.cards.powers import play_from_discard
from swkit.odds import accel
from swkit.odds.cards.chance import Chance
from swkit.odds.cards.extra import ExtraPlay
from swkit.odds.cards.facts import Facts, Unseen
from swkit.odds.cards.hands import Hand, insert, pool_net, pool_take, without
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.noextra import NoExtra
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.position import TABLEAU_LIMIT
from swkit.odds.cards.rows import RowTables
from swkit.odds.cards.triples import Triples
from swkit.odds.cards.work import Work

if TYPE_CHECKING:
    import numpy as np

    from swkit.odds.draws import DrawTables


class Batch:
    """The numpy batch of two-turn values (one extra play, no swap, no wild)."""

    def __init__(self, facts: Facts, unseen: Unseen, work: Work, triples: Triples,
                 moves: Moves, outs: Outs, noextra: NoExtra, extra: ExtraPlay,
                 chance: Chance) -> None:
        self.types, self.wilds, self.unseen0 = facts.types, facts.wilds, facts.unseen0
        self.scorable, self.center_mask = facts.scorable, facts.center_mask
        self.extra_plays, self.discard_play = facts.extra_plays, facts.discard_play
        self.swap = facts.swap
        self.draw_k, self.pass_n = facts.draw_k, facts.pass_n
        self.tables: DrawTables | RowTables | None = None      # see numerator2_batch
        self.unseen = unseen
        self.work = work
        self.triples = triples
        self.moves = moves
        self.outs = outs
        self.noextra = noextra
        self.extra = extra
        self.chance = chance

    def row_entries(self) -> int:
        """The rows of the batch's tables (tableaux, discard keys, hands): memo entries too."""
        t = self.tables
        return 0 if t is None else len(t.tabs.of) + len(t.keys.of) + len(t.hands.of)

    def batched(self) -> bool:
        """Two-turn values go through ``numerator2_batch``: exactly one extra play in reach,
        and neither a swap nor a wild (whose outs it does not derive; then the per-draw path
        of ``extra``)."""
        return self.extra_plays == 1 and not self.swap and len(self.wilds) == 1

    def draw_tables(self) -> DrawTables | RowTables:
        """The tables of ``numerator2_batch`` (built once per search): numpy's where it
        imports (``swkit.odds.accel``), else their plain Python twin (``rows.RowTables``)."""
        if self.tables is None:
            need = self.discard_play[0] if self.discard_play else None
            triples = self.triples
            args = (len(self.types), lambda a, b: triples.pair(0, a, b), triples.pm, triples.has,
                    self.center_mask, None if need is None else self.extra.need_mask(),
                    bool(self.discard_play))
            if accel.numpy() is None:
                self.tables = RowTables(*args)
            else:
                from swkit.odds.draws import DrawTables

                self.tables = DrawTables(*args)
        return self.tables

    def numerator2_batch(self, positions: Sequence[tuple[Hand, Hand, Hand, Hand, bool]],
                          drawn: Hand) -> list[int | Fraction]:
        """``numerator(..., turns=2)`` of each position (hand, tableau, discard key, others,
        figure), all after the same pool change ``drawn``, with exactly one extra play and
        neither a swap nor a wild in reach: with numpy ``_numerator2_numpy``, else
        ``_numerator2_rows`` position by position (the same choices expanded, the same memo
        entries, the same answers)."""
        if isinstance(self.draw_tables(), RowTables):
            out = []
            for pos in positions:
                out.append(self._numerator2_rows(pos, drawn))
                self.work.tick()
            return out
        return self._numerator2_numpy(positions, drawn)

    def _numerator2_numpy(self, positions: Sequence[tuple[Hand, Hand, Hand, Hand, bool]],
                          drawn: Hand) -> list[int | Fraction]:
        """``numerator2_batch`` on numpy arrays: ``numerator2_extra`` for many positions and
        every draw y at once. Rows are the choices after the draw (keep y: ``keep_options``; play
        y: ``play_new_templates``) of every position, columns the draws y; their bounds (the
        outs before the Discard) are numpy arrays (``swkit.odds.draws``). The branch and bound
        then goes in rounds: each (position, draw) whose best value so far is below the bound
        of an unexpanded choice has its highest such choice expanded into its Discard choices
        (``_expansions``), for every draw at once."""
        import numpy as np

        from swkit.odds.draws import bit, segment_max

        n0 = self.unseen0 - pool_net(drawn)
        full = n0 - 1
        if not self.scorable:
            return [0] * len(positions)
        tables = self.draw_tables()
        levels = self.unseen.levels(drawn)
        live = 0
        for _k, lm in levels:
            live |= lm
        yi = np.array([y for y in range(len(self.types)) if live >> y & 1], dtype=np.intp)
        ys = yi.astype(np.uint64)
        ny = len(yi)
        fig_y = tables.center_bit[yi]                       # playing y takes the figure
        keep_rows: list[tuple[int, list[Any]]] = []         # (position, keep_options entry)
        play_rows: list[tuple[int, tuple[Any, ...]]] = []   # (position, template)
        # per play row: (figure held: 0 no, 1 yes, 2 if y takes it; needs the figure y takes;
        # left out when the figure is held (taking does better); needs y's number for Power 3)
        play_flags: list[tuple[int, bool, bool, bool]] = []
        scoring = np.zeros((len(positions), ny), dtype=bool)
        totals: list[int | Fraction] = []
        need = self.discard_play[0] if self.discard_play else None
        for i, (hand, tab, disc, others, figure) in enumerate(positions):
            scores = self.outs.outs_mask(hand, tab, disc, others, figure)   # draws that score now
            totals.append(full * self.unseen.weighted(scores, drawn))
            scoring[i] = bit(np.uint64(scores), ys)
            if scores & live == live:
                continue
            if hand:
                keep_rows += [(i, opt) for opt in self.extra.keep_options(hand, tab, disc, others,
                                                                     figure, bounds=False)]
            need_y = play_from_discard.needs_number(need, (self.types[c].number for c in tab))
            take = self.extra.take_beats_none(True, disc)       # once the figure is held
            for t in self.extra.play_new_templates(hand, tab, disc, figure):
                h2, base, d2, _bkey, fig, fd = t
                same = h2 == hand and d2 == disc
                play_rows.append((i, t))
                play_flags.append((2 if fig is None else int(fig),
                                   fig is None and (fd or not same),   # a Power after y
                                   take and same and base == tab,      # y alone
                                   fd and need_y))
        nk = len(keep_rows)
        todo = [opt for _i, opt in keep_rows if opt[0] is None]
        if todo:                # the outs before the Discard of the hand without y
            masks = tables.outs_rows([o[1] for o in todo], [o[5] for o in todo],
                                     [o[3][0] for o in todo],
                                     np.array([o[3][4] for o in todo], dtype=bool))
            for opt, m in zip(todo, masks.tolist(), strict=True):
                opt[0] = m
        blocks = []
        if keep_rows:
            blocks.append(tables.derive([o[0] for _i, o in keep_rows],
                                        [o[1] for _i, o in keep_rows],
                                        [o[3][4] for _i, o in keep_rows], ys, yi))
        flags = np.array(play_flags, dtype=np.intp).reshape(len(play_rows), 4)
        figs = np.where(flags[:, :1] == 2, fig_y[None, :], flags[:, :1] == 1)
        if play_rows:
            blocks.append(tables.outs_plus([t[1] for _i, t in play_rows],
                                           [t[3] for _i, t in play_rows],
                                           [t[0] for _i, t in play_rows], figs, yi))
        best = np.where(scoring, full, 0)
        if blocks:
            bw = tables.weights(np.concatenate(blocks), levels, ys)
            valid = np.ones(bw.shape, dtype=bool)
            if play_rows:
                valid[nk:] = ~((flags[:, 1:2] == 1) & ~fig_y[None, :]) & \
                    ~((flags[:, 2:3] == 1) & figs) & \
                    ~((flags[:, 3:4] == 1) & ~tables.need_bit[yi][None, :])
            bw[~valid] = -1
            owner = np.array([i for i, _o in keep_rows] + [i for i, _t in play_rows],
                             dtype=np.intp)
            sizes = np.array([o[2] for _i, o in keep_rows] +
                             [len(t[1]) + 1 for _i, t in play_rows])
            done = sizes <= TABLEAU_LIMIT                   # no Discard: the bound is exact
            best = np.maximum(best, segment_max(bw[done], owner[done], len(positions)))
            while True:
                self.work.check_stop()      # a round can be long: a cancel is seen here too
                open_bw = np.where(done[:, None], -1, bw)
                top = segment_max(open_bw, owner, len(positions))
                wanted = top > best
                if not wanted.any():
                    break
                # per position, the choice with the highest bound for the most draws
                # still open (ties: the fewest Discard choices)
                votes = ((open_bw == top[owner]) & wanted[owner]).sum(axis=1)
                order = np.lexsort((sizes, -votes, owner))
                first = np.ones(len(order), dtype=bool)
                first[1:] = owner[order[1:]] != owner[order[:-1]]
                pick = order[first & (votes[order] > 0)]
                exact = self._expansions(pick, nk, keep_rows, play_rows, figs, levels, ys, yi,
                                         drawn)
                exact[~valid[pick]] = -1
                best = np.maximum(best, segment_max(exact, owner[pick], len(positions)))
                done[pick] = True
        best = np.where(scoring, 0, best)
        if not (self.draw_k or self.pass_n):
            u = np.array([self.unseen.copies(int(y), drawn) for y in yi], dtype=np.int64)
            return [t + int(v) for t, v in zip(totals, best @ u, strict=True)]
        for i, (hand, tab, disc, others, figure) in enumerate(positions):
            for j, y in enumerate(yi.tolist()):
                if not scoring[i, j]:
                    totals[i] += self.unseen.copies(y, drawn) * self.chance.with_chance(
                        int(best[i, j]), insert(hand, y), tab, disc, others, figure,
                        pool_take(drawn, y), 2)
        return totals

    def _expansions(self, pick: np.ndarray, nk: int, keep_rows: list[tuple[int, list[Any]]],
                    play_rows: list[tuple[int, tuple[Any, ...]]], figs: np.ndarray,
                    levels: list[tuple[int, int]], ys: np.ndarray, yi: np.ndarray,
                    drawn: Hand) -> np.ndarray:
        """The exact values (rows: the choices ``pick`` of ``numerator2_batch``, row indices
        below ``nk`` keep y, the others play y; columns: the draws ``yi``) as the best over
        their Discard choices. A choice keeping y: the outs of its Discard choices without y
        (``end_states``, ``DrawTables.outs_rows``) plus y (``DrawTables.derive``). A choice
        playing y, the tableau
        base + y keeping 5 cards: discarding cards C of base leaves base - C + y and puts C on
        the pile (``DrawTables.outs_plus``); discarding y and C' of
        base leaves base - C' and puts C' and y on the pile, so y joins Power 3's key
        (``DrawTables.outs_pile``); with more cards discarded than Power 3's
        depth (the key then depends on the order of y among them), card by card
        (``end_states``, ``outs_mask``)."""
        import numpy as np

        from swkit.odds.draws import segment_max

        tables = self.draw_tables()
        depth = self.discard_play[1] if self.discard_play else 0
        k_rows: list[tuple[Hand, Hand, Hand]] = []         # (tableau, key, hand)
        k_figs: list[bool] = []
        k_own: list[int] = []
        p_rows: list[tuple[Hand, Hand, Hand]] = []
        p_own: list[int] = []
        s_rows: list[tuple[Hand, Hand, Hand]] = []
        s_own: list[int] = []
        s_flag: list[bool] = []
        direct: list[tuple[int, np.ndarray]] = []
        for r, c in enumerate(pick.tolist()):
            if c < nk:
                h2, t2, d2, _o2, fig1 = keep_rows[c][1][3]
                for t3, dk3 in self.noextra.end_states(t2, d2):
                    k_rows.append((t3, dk3, h2))
                    k_figs.append(fig1)
                    k_own.append(r)
                continue
            h2, base, d2, _bkey, _fig, _fd = play_rows[c - nk][1]
            fig = figs[c - nk]
            need = len(base) + 1 - TABLEAU_LIMIT
            if self.discard_play and need > depth:
                direct.append((r, self._play_ends_direct(h2, base, d2, fig.tolist(),
                                                         yi.tolist(), drawn)))
                continue
            for combo in sorted(set(combinations(base, need))):
                p_rows.append((without(base, combo), self.moves.disc_key(d2 + combo, 1), h2))
                p_own.append(r)
            for flag in sorted(set(fig.tolist())):
                for combo in sorted(set(combinations(base, need - 1))):
                    pile = d2 + combo
                    kept = pile[max(0, len(pile) - (depth - 1)):] if depth > 1 else ()
                    s_rows.append((without(base, combo), tuple(sorted(kept)), h2))
                    s_own.append(r)
                    s_flag.append(flag)
        masks = []
        owners: list[int] = []
        if k_rows:          # the outs without y, then y joins the hand
            tabs, keys, hands = zip(*k_rows, strict=True)
            k_ms = tables.outs_rows(tabs, keys, hands, np.array(k_figs, dtype=bool))
            masks.append(tables.derive(k_ms, tabs, k_figs, ys, yi))
            owners += k_own
        if p_rows:
            p_fig = figs[np.array([pick[r] for r in p_own]) - nk]
            tabs, keys, hands = zip(*p_rows, strict=True)
            masks.append(tables.outs_plus(tabs, keys, hands, p_fig, yi))
            owners += p_own
        if s_rows:
            tabs, keys, hands = zip(*s_rows, strict=True)
            s_masks = tables.outs_pile(tabs, keys, hands, np.array(s_flag), yi)
            s_fig = figs[np.array([pick[r] for r in s_own]) - nk]
            masks.append(np.where(s_fig == np.array(s_flag)[:, None], s_masks, np.uint64(0)))
            owners += s_own
        for r, row in direct:
            masks.append(np.array(row, dtype=np.uint64)[None, :])
            owners.append(r)
        return segment_max(tables.weights(np.concatenate(masks), levels, ys),
                           np.array(owners, dtype=np.intp), len(pick))

    def _play_ends_direct(self, hand: Hand, base: Hand, pile: Hand, fig: Sequence[bool],
                          yi: Sequence[int], drawn: Hand) -> list[int]:
        """For ``_expansions``, more cards to discard than Power 3's depth: per draw y, the
        best outs over the Discard choices of base + y, one by one (``end_states``)."""
        out = []
        for y, f1 in zip(yi, fig, strict=True):
            d3 = pool_take(drawn, y)
            best, top = -1, 0
            for t3, dk3 in self.noextra.end_states(insert(base, y), pile):
                m = self.outs.outs_mask(hand, t3, dk3, (), f1)
                if self.unseen.weighted(m, d3) > best:
                    top, best = m, self.unseen.weighted(m, d3)
            out.append(top)
        return out

    def _numerator2_rows(self, position: tuple[Hand, Hand, Hand, Hand, bool], drawn: Hand
                         ) -> int | Fraction:
        """``_numerator2_numpy`` of one position without numpy, on ``rows.RowTables``: the
        same rows (the choices after the draw), the same bounds per draw y, and the same
        rounds of the branch and bound (each round expands the open choice with the highest
        bound for the most draws still open; ties: the fewest Discard choices, then the first
        row), so the same choices are expanded and the same memo entries kept."""
        hand, tab, disc, others, figure = position
        full = self.unseen0 - pool_net(drawn) - 1
        if not self.scorable:
            return 0
        tables = self.draw_tables()
        assert isinstance(tables, RowTables)
        levels = self.unseen.levels(drawn)
        live = 0
        for _k, lm in levels:
            live |= lm
        yi = [y for y in range(len(self.types)) if live >> y & 1]
        center = self.center_mask
        fig_y = [bool(center >> y & 1) for y in yi]         # playing y takes the figure
        scores = self.outs.outs_mask(hand, tab, disc, others, figure)   # draws that score now
        total: int | Fraction = full * self.unseen.weighted(scores, drawn)
        scoring = [bool(scores >> y & 1) for y in yi]
        best = [full if s else 0 for s in scoring]
        rows: list[tuple[int, Any, list[bool] | None, list[int]]] = []  # (size, data, figs, bw)

        def weights(masks: list[int]) -> list[int]:
            out = []
            for m, y in zip(masks, yi, strict=True):
                v = -(m >> y & 1)
                for k, lm in levels:
                    v += k * (m & lm).bit_count()
                out.append(v)
            return out

        if scores & live != live:
            need = self.discard_play[0] if self.discard_play else None
            keep = self.extra.keep_options(hand, tab, disc, others, figure, bounds=False) \
                if hand else []
            for opt in keep:
                if opt[0] is None:          # the outs before the Discard without y
                    opt[0] = tables.outs_row(opt[1], opt[5], opt[3][0], opt[3][4])
                rows.append((opt[2], opt, None,
                             weights(tables.derive(opt[0], opt[1], opt[3][4], yi))))
            need_y = play_from_discard.needs_number(need, (self.types[c].number for c in tab))
            take = self.extra.take_beats_none(True, disc)       # once the figure is held
            for t in self.extra.play_new_templates(hand, tab, disc, figure):
                h2, base, d2, bkey, fig, fd = t
                same = h2 == hand and d2 == disc
                figs = fig_y if fig is None else [fig] * len(yi)
                bw = weights(tables.outs_plus(base, bkey, h2, figs, yi))
                after_y = fig is None and (fd or not same)  # a Power after y: y takes it
                alone = take and same and base == tab       # y alone: taking does better
                need3 = fd and need_y                       # Power 3 needs y's number
                if after_y or alone or need3:
                    for j, y in enumerate(yi):
                        if (after_y and not fig_y[j]) or (alone and figs[j]) or \
                                (need3 and not self.extra.need_mask() >> y & 1):
                            bw[j] = -1
                rows.append((len(base) + 1, t, figs, bw))
        done = [size <= TABLEAU_LIMIT for size, _d, _f, _bw in rows]
        for r, (_size, _d, _f, bw) in enumerate(rows):
            if done[r]:
                best = [max(a, b) for a, b in zip(best, bw, strict=True)]
        while True:
            open_rows = [r for r in range(len(rows)) if not done[r]]
            top = [-1] * len(yi)
            for r in open_rows:
                top = [max(a, b) for a, b in zip(top, rows[r][3], strict=True)]
            wanted = [j for j in range(len(yi)) if top[j] > best[j]]
            if not wanted:
                break
            # the choice with the highest bound for the most draws still open (ties: the
            # fewest Discard choices, then the first row)
            pick = min(open_rows, key=lambda r: (
                -sum(rows[r][3][j] == top[j] for j in wanted), rows[r][0], r))
            _size, data, figs, bw = rows[pick]
            for masks in self._expand_row(data, figs, yi, drawn):
                for j, v in enumerate(weights(masks)):
                    if v > best[j] and bw[j] >= 0:
                        best[j] = v
            done[pick] = True
        for j, y in enumerate(yi):
            if not scoring[j]:
                if self.draw_k or self.pass_n:
                    total += self.unseen.copies(y, drawn) * self.chance.with_chance(
                        best[j], insert(hand, y), tab, disc, others, figure, pool_take(drawn, y), 2)
                else:
                    total += self.unseen.copies(y, drawn) * best[j]
        return total

    def _expand_row(self, data: Any, figs: list[bool] | None, yi: list[int], drawn: Hand
                    ) -> list[list[int]]:
        """``_expansions`` of one row of ``_numerator2_rows`` without numpy: the outs of its
        Discard choices, a list per choice with one mask per draw y (a ``keep_options``
        entry when ``figs`` is None, else a ``play_new_templates`` entry with the figure held
        per y)."""
        tables = self.draw_tables()
        assert isinstance(tables, RowTables)
        if figs is None:                # keep y: the outs without y, then y joins the hand
            h2, t2, d2, _o2, fig1 = data[3]
            return [tables.derive(tables.outs_row(t3, dk3, h2, fig1), t3, fig1, yi)
                    for t3, dk3 in self.noextra.end_states(t2, d2)]
        h2, base, d2, _bkey, _fig, _fd = data
        depth = self.discard_play[1] if self.discard_play else 0
        need = len(base) + 1 - TABLEAU_LIMIT
        if self.discard_play and need > depth:
            return [self._play_ends_direct(h2, base, d2, figs, yi, drawn)]
        # discard cards C of base: base - C + y, C on the pile (``outs_plus``)
        masks = [tables.outs_plus(without(base, combo), self.moves.disc_key(d2 + combo, 1), h2,
                                  figs, yi)
                 for combo in sorted(set(combinations(base, need)))]
        # discard y and C' of base: y joins Power 3's key (``outs_pile``)
        for flag in sorted(set(figs)):
            for combo in sorted(set(combinations(base, need - 1))):
                pile = d2 + combo
                kept = pile[max(0, len(pile) - (depth - 1)):] if depth > 1 else ()
                row = tables.outs_pile(without(base, combo), tuple(sorted(kept)), h2, flag, yi)
                masks.append([m if f == flag else 0 for m, f in zip(row, figs, strict=True)])
        return masks
