/*
 * solver/engine.c: the compiled exact search for open domino and its variants.
 *
 * The specification is solver/reference.py (a plain memoised negamax over the
 * rules in solver/position.py); this file computes the same values, fast, for
 * every variant with one search: two or four seats (seats 0 and 2 against 1
 * and 3), numbers 0..6 or 0..9, hands in rows or loose, and the extra move
 * of a double.
 *
 * State.  A seat's hand is 7 columns of 2 bits: 0 = the front stone is in
 * hand (it covers the back stone), 1 = the front stone has been played (the
 * back stone, if any, is available), 2 = both played.  A hand without rows
 * is a hand whose columns have no back stone: its seven stones are the front
 * stones, all available, and a column goes from 0 to 1 when its stone is
 * played.  With the two open ends (EMPTY while the table is empty) and the
 * seat to move, that is the whole position; the stones themselves live in a
 * per-deal layout, and the table key of the hands is kept up to date move by
 * move.
 *
 * This file is the whole search with a plain C API (engine.h): the Python
 * extension (_core.c) and the WebAssembly build (make wasm, for the browser)
 * both compile it, so the two give the same values.
 *
 * Search.  Fail-soft negamax with principal variation search and a
 * transposition table of bounds (two-slot buckets, deepest and newest),
 * enhanced transposition cutoffs, score bounds from the pips in hand (the
 * side to move can win at most the other side's pips and lose at most its
 * own), and move ordering: the table's move, then the moves that leave the
 * next seat the fewest stones that fit, then heavy stones.  Every root move
 * gets an exact value.  Passing is not a choice, so a forced pass is handled
 * inline.  When the same seat moves again (a double with the option) the
 * child's value is the parent's, not its negation.
 *
 * The table is kept between calls while the positions belong to the same deal
 * (their known stones agree; same seats, layout, option and first stone), so
 * analysing every position along a game reuses the work; a new deal starts a
 * new generation instead of clearing memory.  The last DEALS deals are
 * remembered with their generations, so that a process analysing several
 * games in turn (a worker serving many players) finds each game's entries
 * again when its next position comes, as long as the other deals have not
 * overwritten them: an entry counts only for the deal of its generation.
 */
#include "engine.h"

#ifdef __wasm__
/* WebAssembly without a C library: the compiler's own memset and memcpy
 * (memory.fill and memory.copy with bulk memory). */
#define memset __builtin_memset
#define memcpy __builtin_memcpy
#else
#include <string.h>
#endif

#define EMPTY OD_EMPTY /* the ends of an empty table */
#define NONE OD_NONE
#define INF 1000
#ifndef TT_BITS
#define TT_BITS 18
#endif
#define TT_SIZE (1u << TT_BITS)
#ifndef ETC_MIN_STONES
#define ETC_MIN_STONES 4  /* below this many stones in hand ETC costs more than it saves */
#endif

enum { BOUND_NONE = 0, BOUND_LOWER = 1, BOUND_UPPER = 2, BOUND_EXACT = 3 };

/* Per deal: the stone in each seat's column and row (0 front, 1 back), as
 * halves, pips, a mask of the numbers on it and its contribution to the
 * per-number counts. */
typedef struct {
    uint8_t stone[MAX_SEATS][7][2]; /* (low << 4) | high, or NONE (played, unknown, or no back row) */
    uint8_t lo[MAX_SEATS][7][2], hi[MAX_SEATS][7][2], pip[MAX_SEATS][7][2], dbl[MAX_SEATS][7][2];
    uint16_t nums[MAX_SEATS][7][2];  /* (1 << lo) | (1 << hi); 0 for no stone */
    uint64_t cnt[MAX_SEATS][7][4];   /* 1 << 4*lo, plus 1 << 4*hi if not a double; 0 for no stone (4: a power of two) */
    uint64_t kdelta[MAX_SEATS][7];   /* what playing a stone of this column adds to the key */
    int seats, rows, doubles;
    int next[MAX_SEATS], prev[MAX_SEATS];
    uint8_t first;                   /* the stone that must open the deal, or NONE */
} Layout;

typedef struct {
    uint32_t cols[MAX_SEATS];
    uint64_t have[MAX_SEATS];  /* per number n, 4 bits at 4n: how many available stones carry n */
    uint64_t hkey;             /* the hands' part of the table key */
    int count[MAX_SEATS], total;
    int pips[2];               /* per side: seats 0 and 2, seats 1 and 3 */
    int left, right, side;
} State;

typedef struct {
    uint8_t col, end; /* end: 0 = left, 1 = right, 2 = opening (empty table) */
} Move;

static Layout L;
static uint64_t tt[TT_SIZE];  /* zero: every entry of generation 0, empty */
static uint64_t generation = 0;

/* The deals analysed lately, the current one (L) among them at `cur` (-1: none yet): each
 * with the generation its table entries carry, and when it was last used.
 * L is the working copy of deals[cur].layout, written back when another deal
 * becomes current (it may have learnt stones meanwhile). */
#ifndef DEALS
#define DEALS 64
#endif
typedef struct {
    Layout layout;
    uint64_t generation, used;  /* used: 0 = an empty slot */
} Known;
static Known deals[DEALS];
static int cur = -1;
static uint64_t last_generation = 0, clock_ticks = 0;
static uint64_t nodes = 0;
static uint64_t pair_key[16][16];  /* the unordered ends' part of the table key (16: a power of two) */

/* ------------------------------------------------------------------ rules */

static inline int col_state(const State *s, int p, int c) { return (s->cols[p] >> (2 * c)) & 3; }

/* Has p an available stone carrying number n?  (n = EMPTY: no.) */
static inline int has_number(const State *s, int p, int n) { return (s->have[p] >> (4 * n)) & 15; }

static inline int can_play(const State *s, int p) {
    return has_number(s, p, s->left) || has_number(s, p, s->right);
}

/* Can any seat but p play? */
static inline int others_can_play(const State *s, int p) {
    if (L.seats == 2) return can_play(s, p ^ 1);
    for (int q = L.next[p]; q != p; q = L.next[q])
        if (can_play(s, q)) return 1;
    return 0;
}

/* Legal placements for the seat to move, in column order, left before right,
 * one per distinct move (docs/rules.md section 1.6; solver/position.py `_placements`). */
static int gen_moves(const State *s, Move *out) {
    int p = s->side, n = 0;
    for (int c = 0; c < 7; c++) {
        int st = col_state(s, p, c);
        if (st == 2) continue;
        if (s->left == EMPTY) {
            uint8_t x = L.stone[p][c][st];
            if (x != NONE && (L.first == NONE || x == L.first)) { out[n].col = c; out[n].end = 2; n++; }
            continue;
        }
        int nm = L.nums[p][c][st];
        if (nm >> s->left & 1) { out[n].col = c; out[n].end = 0; n++; }
        if (s->right != s->left && (nm >> s->right & 1)) { out[n].col = c; out[n].end = 1; n++; }
    }
    return n;
}

typedef struct { int left, right, side; } Undo;

static inline void make_move(State *s, Move m, Undo *u) {
    int p = s->side, c = m.col, st = col_state(s, p, c);
    int lo = L.lo[p][c][st], hi = L.hi[p][c][st];
    u->left = s->left; u->right = s->right; u->side = p;
    if (m.end == 2) { s->left = lo; s->right = hi; }
    else if (m.end == 0) s->left = (s->left == lo) ? hi : lo;
    else s->right = (s->right == lo) ? hi : lo;
    s->cols[p] += 1u << (2 * c);
    s->have[p] += L.cnt[p][c][st + 1] - L.cnt[p][c][st];  /* cnt[.][.][1] is the back stone, [2] none */
    s->hkey += L.kdelta[p][c];
    s->pips[p & 1] -= L.pip[p][c][st];
    s->count[p] -= 1;
    s->total -= 1;
    /* a double moves again while its seat has stones and one of them fits */
    if (L.doubles && L.dbl[p][c][st] && s->count[p] > 0 && can_play(s, p)) return;
    s->side = L.next[p];
}

static inline void unmake_move(State *s, Move m, const Undo *u) {
    int p = u->side, c = m.col;
    s->side = p;
    s->cols[p] -= 1u << (2 * c);
    int st = col_state(s, p, c);
    s->have[p] -= L.cnt[p][c][st + 1] - L.cnt[p][c][st];
    s->hkey -= L.kdelta[p][c];
    s->pips[p & 1] += L.pip[p][c][st];
    s->count[p] += 1;
    s->total += 1;
    s->left = u->left; s->right = u->right;
}

/* Value of a blocked deal for the side to move (docs/rules.md sections 1.8, 1.9 and 4.4). */
static inline int blocked_value(const State *s) {
    int me = s->pips[s->side & 1], op = s->pips[(s->side & 1) ^ 1];
    if (me < op) return op;
    if (me > op) return -me;
    return 0;
}

/* ------------------------------------------------------- transposition table */

/* The hands take 28 bits: two seats, 14 bits each (the column states); four
 * seats (no back rows), 7 bits each (one per column, played or not).  Then
 * the unordered ends (6 bits) and the seat to move (2 bits). */
static inline uint64_t state_key(const State *s) {
    return s->hkey | pair_key[s->left][s->right] | ((uint64_t)s->side << 34);
}

/* entry: key 36 bits | value+256 9 | bound 2 | move 4 | depth 5 | generation 8.
 * Buckets of two: slot 0 keeps the deepest entry (most stones in hand), slot 1
 * the most recent; entries of an older generation count as empty. */
#define KEY_MASK ((1ull << 36) - 1)
#define GEN_LIMIT 256

static inline uint64_t *tt_bucket(uint64_t key) {
    return &tt[((key * 0x9E3779B97F4A7C15ull) >> (64 - TT_BITS)) & ~1ull];
}

static inline int entry_live(uint64_t e) { return (e >> 56) == generation; }
static inline int entry_depth(uint64_t e) { return (int)((e >> 51) & 31); }

static inline int tt_probe(uint64_t key, int *value, int *bound, int *move) {
    uint64_t *b = tt_bucket(key), e;
    if ((b[0] & KEY_MASK) == key && entry_live(b[0])) e = b[0];
    else if ((b[1] & KEY_MASK) == key && entry_live(b[1])) e = b[1];
    else return 0;
    *value = (int)((e >> 36) & 511) - 256;
    *bound = (int)((e >> 45) & 3);
    *move = (int)((e >> 47) & 15);
    return 1;
}

static inline void tt_store(uint64_t key, int depth, int value, int bound, int move) {
    uint64_t *b = tt_bucket(key);
    uint64_t e = key | ((uint64_t)(value + 256) << 36) | ((uint64_t)bound << 45) |
                 ((uint64_t)(move & 15) << 47) | ((uint64_t)depth << 51) | (generation << 56);
    if ((b[0] & KEY_MASK) == key || !entry_live(b[0]) || entry_depth(b[0]) <= depth) {
        if ((b[0] & KEY_MASK) != key && entry_live(b[0])) b[1] = b[0];
        b[0] = e;
    } else {
        b[1] = e;
    }
}

/* A move is stored orientation-free: column, and whether it goes on the end
 * showing the smaller number (0) or the larger (1); the key's ends are
 * unordered because a position and its mirror image have the same value. */
static inline int encode_move(const State *s, Move m) {
    int end_value = m.end == 0 ? s->left : s->right;
    int small = s->left < s->right ? s->left : s->right;
    return m.col * 2 + (end_value == small ? 0 : 1);
}

/* ----------------------------------------------------------------- search */

static int search(State *s, int alpha, int beta);

/* The value for the seat that was to move before `s` (which moved, and whose
 * turn it may still be): `same` says whether it is. */
static inline int child_value(State *s, int same, int alpha, int beta) {
    return same ? search(s, alpha, beta) : -search(s, -beta, -alpha);
}

static int search(State *s, int alpha, int beta) {
    nodes++;
    int me = s->side, op = L.next[me];
    if (s->count[L.prev[me]] == 0) return -s->pips[me & 1];  /* the other side has just gone out */
    /* Whatever happens, the side to move wins at most the other side's pips
     * and loses at most its own (pips in hand only go down). */
    int ub = s->pips[(me & 1) ^ 1], lb = -s->pips[me & 1];
    if (s->count[me] == 1 && can_play(s, me)) return ub;  /* the last stone fits: domino */
    if (ub <= alpha) return ub;
    if (lb >= beta) return lb;
    uint64_t key = state_key(s);
    __builtin_prefetch(tt_bucket(key));  /* the probe comes after the move generation */
    Move mv[14];
    int n = gen_moves(s, mv);
    if (n == 0) {
        if (!others_can_play(s, me)) return blocked_value(s);
        s->side = op;  /* forced pass: the next seat is on the other side */
        int v = -search(s, -beta, -alpha);
        s->side = me;
        return v;
    }

    int tv, tb, tm = -1;
    if (tt_probe(key, &tv, &tb, &tm)) {
        if (tb == BOUND_EXACT) return tv;
        if (tb == BOUND_LOWER) { if (tv >= beta) return tv; if (tv > lb) lb = tv; }
        if (tb == BOUND_UPPER) { if (tv <= alpha) return tv; if (tv < ub) ub = tv; }
        if (lb >= ub) return lb;
    }
    int a = alpha > lb ? alpha : lb;
    int b = beta < ub ? beta : ub;

    /* Order: the table's move, then the moves that leave the next seat the
     * fewest stones that fit (none at all: a forced pass), then heavier stones.
     * Restricting the opponent is what matters in this game: it cuts the
     * tree to a quarter of a heaviest-first ordering. */
    if (n > 1) {
        int score[14];
        for (int i = 0; i < n; i++) {
            int c = mv[i].col, st = col_state(s, me, c);
            int lo = L.lo[me][c][st], hi = L.hi[me][c][st];
            int nl = s->left, nr = s->right;
            if (mv[i].end == 0) nl = (nl == lo) ? hi : lo; else nr = (nr == lo) ? hi : lo;
            int opp_fit = has_number(s, op, nl) + (nr != nl ? has_number(s, op, nr) : 0);
            score[i] = (tm >= 0 && encode_move(s, mv[i]) == tm) ? 1 << 20 : L.pip[me][c][st] - 16 * opp_fit;
        }
        for (int i = 1; i < n; i++) { /* insertion sort, best first */
            Move m = mv[i]; int sc = score[i], j = i - 1;
            while (j >= 0 && score[j] < sc) { mv[j + 1] = mv[j]; score[j + 1] = score[j]; j--; }
            mv[j + 1] = m; score[j + 1] = sc;
        }
    }

    int depth = s->total;
    /* enhanced transposition cutoff: a child already known to refute the window */
    if (depth > ETC_MIN_STONES) {
        for (int i = 0; i < n; i++) {
            Undo u;
            make_move(s, mv[i], &u);
            int cv, cb, cm, hit = 0, same = s->side == me;
            if (s->count[me] > 0 && tt_probe(state_key(s), &cv, &cb, &cm)) {
                if (same) hit = (cb & BOUND_LOWER) && cv >= b;
                else { hit = (cb & BOUND_UPPER) && -cv >= b; cv = -cv; }
            }
            unmake_move(s, mv[i], &u);
            if (hit) {
                tt_store(key, depth, cv, BOUND_LOWER, encode_move(s, mv[i]));
                return cv;
            }
        }
    }
    int best = -INF, best_move = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        make_move(s, mv[i], &u);
        int same = s->side == me;
        int lo = a > best ? a : best, v;
        if (i == 0) {
            v = child_value(s, same, lo, b);
        } else {  /* principal variation search: prove the move is no better, else re-search */
            v = child_value(s, same, lo, lo + 1);
            if (v > lo && v < b) v = child_value(s, same, v, b);
        }
        unmake_move(s, mv[i], &u);
        if (v > best) {
            best = v; best_move = encode_move(s, mv[i]);
            if (best >= b) break;
        }
    }
    int bound = best >= b ? BOUND_LOWER : (best > a ? BOUND_EXACT : BOUND_UPPER);
    tt_store(key, depth, best, bound, best_move);
    return best;
}

/* Exact value of the position (any window). */
static int exact(State *s) { return search(s, -INF, INF); }

/* The deal is over when a seat has gone out (the seat before the one to move). */
static inline int gone_out(const State *s) { return s->count[L.prev[s->side]] == 0; }

/* ------------------------------------------------------------ the API */


/* No deal is current or remembered. */
static void forget_deals(void) {
    for (int k = 0; k < DEALS; k++) deals[k].used = 0;
    cur = -1;
}

/* A generation for a new deal.  When the 8 bits run out the table is
 * cleared, and the remembered deals go with it (their entries are gone). */
static void new_generation(void) {
    last_generation++;
    if (last_generation >= GEN_LIMIT) {
        memset(tt, 0, sizeof(uint64_t) * TT_SIZE);
        last_generation = 1;
        forget_deals();
    }
    generation = last_generation;
}

/* Do the position's stones (NONE: played or unknown) belong to layout `l`? */
static int same_deal(const Layout *l, const uint8_t stones[MAX_SEATS][7][2], int seats, int rows, int doubles,
                     int first) {
    if (l->seats != seats || l->rows != rows || l->doubles != doubles || l->first != first) return 0;
    for (int p = 0; p < seats; p++)
        for (int c = 0; c < 7; c++)
            for (int r = 0; r < 2; r++) {
                uint8_t x = stones[p][c][r], y = l->stone[p][c][r];
                if (x != NONE && y != NONE && x != y) return 0;
            }
    return 1;
}

/* Make the deal of these stones current: L as it was (a remembered deal, and
 * its generation), or a new one in an empty or the least recently used slot
 * (a new generation; the caller fills in L).  Returns whether it is new. */
static int select_deal(const uint8_t stones[MAX_SEATS][7][2], int seats, int rows, int doubles, int first) {
    if (cur >= 0 && same_deal(&L, stones, seats, rows, doubles, first)) {
        deals[cur].used = ++clock_ticks;
        return 0;
    }
    if (cur >= 0) deals[cur].layout = L;
    for (int k = 0; k < DEALS; k++)
        if (k != cur && deals[k].used && same_deal(&deals[k].layout, stones, seats, rows, doubles, first)) {
            L = deals[k].layout;
            generation = deals[k].generation;
            deals[k].used = ++clock_ticks;
            cur = k;
            return 0;
        }
    new_generation();
    int slot = 0;
    for (int k = 1; k < DEALS && deals[slot].used; k++)
        if (deals[k].used < deals[slot].used) slot = k;
    deals[slot].generation = generation;
    deals[slot].used = ++clock_ticks;
    cur = slot;
    return 1;
}

static int decode_stone(uint8_t x, int *lo, int *hi) {
    *lo = x >> 4; *hi = x & 15;
    return *lo <= *hi && *hi <= 9;
}

/* The tables that depend on nothing: filled in on the first call. */
static void setup(void) {
    static int ready = 0;
    if (ready) return;
    for (int a = 0; a <= EMPTY; a++)
        for (int b = 0; b <= EMPTY; b++) {
            int x = a < b ? a : b, y = a < b ? b : a;
            pair_key[a][b] = (uint64_t)((a == EMPTY || b == EMPTY) ? 55 : y * (y + 1) / 2 + x) << 28;
        }
    if (!generation) generation = last_generation = 1;
    ready = 1;
}

static int load_layout(const uint8_t *slot, int seats, int rows, int doubles, int first, State *s,
                       int left, int right, int side) {
    uint8_t stones[MAX_SEATS][7][2];
    memset(stones, NONE, sizeof stones);
    memset(s, 0, sizeof *s);
    for (int p = 0; p < seats; p++) {
        for (int c = 0; c < 7; c++) {
            uint8_t f = slot[p * 14 + c], b = slot[p * 14 + 7 + c];
            int lo, hi;
            if ((f != NONE && !decode_stone(f, &lo, &hi)) || (b != NONE && !decode_stone(b, &lo, &hi)) ||
                (f != NONE && b == NONE && rows) || (b != NONE && !rows))
                return OD_BAD_SLOT;
            stones[p][c][0] = f; stones[p][c][1] = b;
            /* a played stone of a hand without rows leaves its column in state 1, as playing does */
            int st = f != NONE ? 0 : (b != NONE || !rows ? 1 : 2);
            s->cols[p] |= (uint32_t)st << (2 * c);
        }
    }
    /* the deal of the table's entries: the current one, one analysed lately
     * (same seats, layout, option and first stone, every known stone agrees),
     * or a new one */
    if (select_deal(stones, seats, rows, doubles, first)) {
        memset(&L, 0, sizeof L);
        memset(L.stone, NONE, sizeof L.stone);
        L.seats = seats; L.rows = rows; L.doubles = doubles; L.first = (uint8_t)first;
        for (int p = 0; p < MAX_SEATS; p++) {
            L.next[p] = (p + 1) % seats;
            L.prev[p] = (p + seats - 1) % seats;
            for (int c = 0; c < 7; c++)
                L.kdelta[p][c] = p >= seats ? 0 : seats == 2 ? 1ull << (2 * c + 14 * p) : 1ull << (c + 7 * p);
        }
    }
    for (int p = 0; p < seats; p++)
        for (int c = 0; c < 7; c++)
            for (int r = 0; r < 2; r++) {
                uint8_t x = stones[p][c][r];
                int lo, hi;
                if (x == NONE) continue;
                decode_stone(x, &lo, &hi);
                L.stone[p][c][r] = x;
                L.lo[p][c][r] = lo; L.hi[p][c][r] = hi; L.pip[p][c][r] = lo + hi; L.dbl[p][c][r] = lo == hi;
                L.nums[p][c][r] = (1 << lo) | (1 << hi);
                L.cnt[p][c][r] = (1ull << (4 * lo)) + (lo != hi ? 1ull << (4 * hi) : 0);
            }
    for (int p = 0; p < seats; p++)
        for (int c = 0; c < 7; c++) {
            int st = col_state(s, p, c);
            for (int r = st; r < 2; r++) {
                if (stones[p][c][r] == NONE) continue;
                s->pips[p & 1] += L.pip[p][c][r];
                s->count[p]++;
                s->total++;
            }
            if (st < 2) s->have[p] += L.cnt[p][c][st];
            if (seats == 2) s->hkey += (uint64_t)st << (2 * c + 14 * p);
            else if (st) s->hkey += L.kdelta[p][c];
        }
    s->left = left; s->right = right; s->side = side;
    return 0;
}

static int check_args(int seats, int rows, int doubles, int first, int left, int right, int side) {
    if ((seats != 2 && seats != 4) || rows < 0 || rows > 1 || (seats == 4 && rows) || doubles < 0 || doubles > 1 ||
        first < 0 || first > 255 || left < 0 || left > EMPTY || right < 0 || right > EMPTY ||
        ((left == EMPTY) != (right == EMPTY)) || side < 0 || side >= seats)
        return OD_BAD_ARGS;
    return OD_OK;
}

/* The slot of a move's stone: its column, plus 7 for a back stone. */
static inline int move_slot(const State *s, Move m) { return m.col + 7 * col_state(s, s->side, m.col); }

static int start(const uint8_t *slots, int seats, int rows, int doubles, int first, int left, int right, int side,
                 State *s) {
    setup();
    int err = check_args(seats, rows, doubles, first, left, right, side);
    return err ? err : load_layout(slots, seats, rows, doubles, first, s, left, right, side);
}

int od_analyse(const uint8_t *slots, int seats, int rows, int doubles, int first, int left, int right, int side,
               od_result *out) {
    State s;
    int err = start(slots, seats, rows, doubles, first, left, right, side, &s);
    if (err) return err;
    uint64_t start_nodes = nodes;
    int value;
    out->n_moves = 0;
    out->n_pv = 0;

    Move mv[14];
    int over = gone_out(&s);
    int n = over ? 0 : gen_moves(&s, mv);
    if (over) {
        value = -s.pips[s.side & 1];  /* the other side has gone out */
    } else if (n == 0) {
        value = exact(&s);  /* blocked, or a forced pass */
    } else {
        value = -INF;
        for (int i = 0; i < n; i++) {
            Undo u;
            make_move(&s, mv[i], &u);
            int v = s.side == u.side ? exact(&s) : -exact(&s);
            unmake_move(&s, mv[i], &u);
            if (v > value) value = v;
            int32_t *t = out->moves[out->n_moves++];
            t[0] = move_slot(&s, mv[i]); t[1] = mv[i].end; t[2] = v;
        }
    }
    out->value = value;
    /* main line: at each step the first legal move whose value is the position's */
    State w = s;
    int v = value;
    for (;;) {
        if (gone_out(&w)) break;
        if (out->n_pv >= OD_MAX_PV) return OD_LOST_LINE;
        Move m2[14];
        int k = gen_moves(&w, m2);
        if (k == 0) {
            if (!others_can_play(&w, w.side)) break;
            int32_t *t = out->pv[out->n_pv++];
            t[0] = -1; t[1] = 0; t[2] = 0;
            w.side = L.next[w.side]; v = -v;
            continue;
        }
        int found = -1, same = 0;
        for (int i = 0; i < k && found < 0; i++) {
            Undo u;
            make_move(&w, m2[i], &u);
            same = w.side == u.side;
            /* >= v iff the move keeps the value */
            int cv = same ? search(&w, v - 1, v) : -search(&w, -v, -v + 1);
            unmake_move(&w, m2[i], &u);
            if (cv >= v) found = i;
        }
        if (found < 0) return OD_LOST_LINE;
        int32_t *t = out->pv[out->n_pv++];
        t[0] = w.side; t[1] = move_slot(&w, m2[found]); t[2] = m2[found].end;
        Undo u;
        make_move(&w, m2[found], &u);
        if (w.side != u.side) v = -v;
    }
    out->nodes = nodes - start_nodes;
    return OD_OK;
}

/* Number of move sequences of length `depth` (a forced pass counts as a move;
 * a finished deal ends a sequence early and counts once).  A test compares
 * it with the same count over the Python rules, as chess engines do. */
static uint64_t perft(State *s, int depth) {
    if (gone_out(s)) return 1;
    Move mv[14];
    int n = gen_moves(s, mv);
    if (n == 0) {
        if (!others_can_play(s, s->side)) return 1;
        if (depth == 0) return 1;
        int me = s->side;
        s->side = L.next[me];
        uint64_t t = perft(s, depth - 1);
        s->side = me;
        return t;
    }
    if (depth == 0) return 1;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        make_move(s, mv[i], &u);
        total += perft(s, depth - 1);
        unmake_move(s, mv[i], &u);
    }
    return total;
}

int od_perft(const uint8_t *slots, int seats, int rows, int doubles, int first, int left, int right, int side,
             int depth, uint64_t *count) {
    State s;
    if (depth < 0) return OD_BAD_ARGS;
    int err = start(slots, seats, rows, doubles, first, left, right, side, &s);
    if (err) return err;
    *count = perft(&s, depth);
    return OD_OK;
}

void od_forget(void) {
    setup();
    forget_deals();
    new_generation();
}

uint64_t od_table_bytes(void) { return (uint64_t)TT_SIZE * sizeof(uint64_t); }

#ifdef __wasm__
/* ------------------------------------------------------------ WebAssembly
 * The JavaScript side (frontend/src/engine/core.ts) writes a position's slots
 * into od_slots(), calls analyse() and reads the od_result at od_out(). */
static uint8_t io_slots[MAX_SEATS * 14];
static od_result io_out;

__attribute__((export_name("slots"))) uint8_t *od_slots(void) { return io_slots; }
__attribute__((export_name("result"))) od_result *od_out(void) { return &io_out; }

__attribute__((export_name("analyse"))) int od_wasm_analyse(int seats, int rows, int doubles, int first, int left,
                                                             int right, int side) {
    return od_analyse(io_slots, seats, rows, doubles, first, left, right, side, &io_out);
}

__attribute__((export_name("forget"))) void od_wasm_forget(void) { od_forget(); }
#endif
