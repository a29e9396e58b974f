/*
 * solver._core: the compiled exact search for open domino.
 *
 * The specification is solver/reference.py (a plain memoised negamax over the
 * rules in solver/position.py); this file computes the same values, fast.
 *
 * State.  A player's hand is 7 columns of 2 bits: 0 = both stones in hand,
 * 1 = front played (the back stone is available), 2 = both played.  With the
 * two open ends (7 = empty table) and the side to move, that is the whole
 * position; the stones themselves live in a per-deal layout.
 *
 * Search.  Fail-soft negamax with principal variation search and a
 * transposition table of bounds (two-slot buckets, deepest and newest),
 * enhanced transposition cutoffs, score bounds from the pips in hand (the
 * mover can win at most the opponent's pips and lose at most its own), and
 * move ordering: the table's move, then the moves that leave the opponent
 * the fewest stones that fit, then heavy stones.  Every root move gets an
 * exact value.  Passing is not a choice, so a forced pass is handled inline.
 *
 * The table is kept between calls while the positions belong to the same deal
 * (their known stones agree), so analysing every position along a game reuses
 * the work; a new deal starts a new generation instead of clearing memory.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#define EMPTY 7
#define NONE 255
#define INF 1000
#ifndef TT_BITS
#define TT_BITS 18
#endif
#define TT_SIZE (1u << TT_BITS)
#ifndef ETC_MIN_STONES
#define ETC_MIN_STONES 4  /* below this many stones in hand ETC costs more than it saves */
#endif

enum { BOUND_NONE = 0, BOUND_LOWER = 1, BOUND_UPPER = 2, BOUND_EXACT = 3 };

/* Per deal: the stone in each player's column and row, as halves, pips and a
 * mask of the numbers on it. */
typedef struct {
    uint8_t stone[2][7][2]; /* stone index 0..27 or NONE (played, unknown) */
    uint8_t lo[2][7][2], hi[2][7][2], pip[2][7][2];
    uint8_t nums[2][7][2];  /* (1 << lo) | (1 << hi) */
    uint32_t cnt[2][7][2];  /* 1 << 4*lo, plus 1 << 4*hi if not a double */
} Layout;

typedef struct {
    uint32_t cols[2];
    int left, right, side;
    int pips[2], count[2];
    uint32_t have[2];  /* per number n, 4 bits at 4n: how many available stones carry n */
} State;

typedef struct {
    uint8_t col, end; /* end: 0 = left, 1 = right, 2 = opening (empty table) */
} Move;

static Layout L;
static int have_layout = 0;
static uint64_t *tt = NULL;
static uint64_t generation = 0;
static uint64_t nodes = 0;
static int history[2][7][2][8];
static uint8_t stone_lo[28], stone_hi[28];

/* ------------------------------------------------------------------ rules */

static inline int col_state(const State *s, int p, int c) { return (s->cols[p] >> (2 * c)) & 3; }

/* Has p an available stone carrying number n?  (n = EMPTY: no.) */
static inline int has_number(const State *s, int p, int n) { return (s->have[p] >> (4 * n)) & 15; }

static inline int can_play(const State *s, int p) {
    return has_number(s, p, s->left) || has_number(s, p, s->right);
}

/* Legal placements for the side to move, in column order, left before right,
 * one per distinct move (RULES 1.6; solver/position.py `_placements`). */
static int gen_moves(const State *s, Move *out) {
    int p = s->side, n = 0;
    for (int c = 0; c < 7; c++) {
        int st = col_state(s, p, c);
        if (st == 2) continue;
        if (s->left == EMPTY) { out[n].col = c; out[n].end = 2; n++; continue; }
        int nm = L.nums[p][c][st];
        if (nm >> s->left & 1) { out[n].col = c; out[n].end = 0; n++; }
        if (s->right != s->left && (nm >> s->right & 1)) { out[n].col = c; out[n].end = 1; n++; }
    }
    return n;
}

typedef struct { int left, right, pip; } Undo;

static inline void make_move(State *s, Move m, Undo *u) {
    int p = s->side, c = m.col, st = col_state(s, p, c);
    int lo = L.lo[p][c][st], hi = L.hi[p][c][st];
    u->left = s->left; u->right = s->right; u->pip = L.pip[p][c][st];
    if (m.end == 2) { s->left = lo; s->right = hi; }
    else if (m.end == 0) s->left = (s->left == lo) ? hi : lo;
    else s->right = (s->right == lo) ? hi : lo;
    s->cols[p] += 1u << (2 * c);
    s->have[p] += (st == 0 ? L.cnt[p][c][1] : 0) - L.cnt[p][c][st];
    s->pips[p] -= u->pip;
    s->count[p] -= 1;
    s->side ^= 1;
}

static inline void unmake_move(State *s, Move m, const Undo *u) {
    s->side ^= 1;
    int p = s->side;
    s->cols[p] -= 1u << (2 * m.col);
    int st = col_state(s, p, m.col);
    s->have[p] -= (st == 0 ? L.cnt[p][m.col][1] : 0) - L.cnt[p][m.col][st];
    s->pips[p] += u->pip;
    s->count[p] += 1;
    s->left = u->left; s->right = u->right;
}

/* Value of a blocked deal for the side to move (RULES 1.8, 1.9). */
static inline int blocked_value(const State *s) {
    int me = s->pips[s->side], op = s->pips[s->side ^ 1];
    if (me < op) return op;
    if (me > op) return -me;
    return 0;
}

/* ------------------------------------------------------- transposition table */

static inline uint64_t state_key(const State *s) {
    int a = s->left, b = s->right;
    if (a > b) { int t = a; a = b; b = t; }
    return (uint64_t)s->cols[0] | ((uint64_t)s->cols[1] << 14) | ((uint64_t)a << 28) |
           ((uint64_t)b << 31) | ((uint64_t)s->side << 34);
}

/* entry: key 35 bits | value+512 10 | bound 2 | move 4 | depth 5 | generation 8.
 * Buckets of two: slot 0 keeps the deepest entry (most stones in hand), slot 1
 * the most recent; entries of an older generation count as empty. */
#define KEY_MASK ((1ull << 35) - 1)
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
    *value = (int)((e >> 35) & 1023) - 512;
    *bound = (int)((e >> 45) & 3);
    *move = (int)((e >> 47) & 15);
    return 1;
}

static inline void tt_store(uint64_t key, int depth, int value, int bound, int move) {
    uint64_t *b = tt_bucket(key);
    uint64_t e = key | ((uint64_t)(value + 512) << 35) | ((uint64_t)bound << 45) |
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

static inline int decode_matches(const State *s, int code, Move m) {
    return code >= 0 && encode_move(s, m) == code;
}

/* ----------------------------------------------------------------- search */

static int search(State *s, int alpha, int beta) {
    nodes++;
    int me = s->side, op = me ^ 1;
    if (s->count[op] == 0) return -s->pips[me];  /* the opponent has just gone out */
    Move mv[14];
    int n = gen_moves(s, mv);
    if (n == 0) {
        if (!can_play(s, op)) return blocked_value(s);
        s->side ^= 1;
        int v = -search(s, -beta, -alpha);
        s->side ^= 1;
        return v;
    }
    int ub = s->pips[op];
    if (s->count[me] == 1) return ub;  /* the last stone fits: domino */
    int lb = -s->pips[me];
    if (ub <= alpha) return ub;
    if (lb >= beta) return lb;

    uint64_t key = state_key(s);
    int tv, tb, tm = -1;
    if (tt_probe(key, &tv, &tb, &tm)) {
        if (tb == BOUND_EXACT) return tv;
        if (tb == BOUND_LOWER) { if (tv >= beta) return tv; if (tv > lb) lb = tv; }
        if (tb == BOUND_UPPER) { if (tv <= alpha) return tv; if (tv < ub) ub = tv; }
        if (lb >= ub) return lb;
    }
    int a = alpha > lb ? alpha : lb;
    int b = beta < ub ? beta : ub;

    /* Order: the table's move, then the moves that leave the opponent the
     * fewest stones that fit (none at all: a forced pass), then heavier stones.
     * Restricting the opponent is what matters in this game: it cuts the
     * tree to a quarter of a heaviest-first ordering. */
    int score[14];
    for (int i = 0; i < n; i++) {
        int c = mv[i].col, st = col_state(s, me, c);
        int lo = L.lo[me][c][st], hi = L.hi[me][c][st];
        int nl = s->left, nr = s->right;
        if (mv[i].end == 0) nl = (nl == lo) ? hi : lo; else nr = (nr == lo) ? hi : lo;
        int opp_fit = has_number(s, op, nl) + (nr != nl ? has_number(s, op, nr) : 0);
        score[i] = decode_matches(s, tm, mv[i]) ? 1 << 20 : L.pip[me][c][st] - 16 * opp_fit;
    }
    for (int i = 1; i < n; i++) { /* insertion sort, best first */
        Move m = mv[i]; int sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) { mv[j + 1] = mv[j]; score[j + 1] = score[j]; j--; }
        mv[j + 1] = m; score[j + 1] = sc;
    }

    /* enhanced transposition cutoff: a child already known to refute the window */
    if (s->count[0] + s->count[1] > ETC_MIN_STONES) {
        for (int i = 0; i < n; i++) {
            Undo u;
            make_move(s, mv[i], &u);
            int cv, cb, cm;
            int hit = s->count[me] > 0 && tt_probe(state_key(s), &cv, &cb, &cm);
            unmake_move(s, mv[i], &u);
            if (hit && (cb & BOUND_UPPER) && -cv >= b) {
                tt_store(key, s->count[0] + s->count[1], -cv, BOUND_LOWER, encode_move(s, mv[i]));
                return -cv;
            }
        }
    }
    int best = -INF, best_move = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        make_move(s, mv[i], &u);
        int lo = a > best ? a : best, v;
        if (i == 0) {
            v = -search(s, -b, -lo);
        } else {  /* principal variation search: prove the move is no better, else re-search */
            v = -search(s, -lo - 1, -lo);
            if (v > lo && v < b) v = -search(s, -b, -v);
        }
        unmake_move(s, mv[i], &u);
        if (v > best) {
            best = v; best_move = encode_move(s, mv[i]);
            if (best >= b) break;
        }
    }
    int bound = best >= b ? BOUND_LOWER : (best > a ? BOUND_EXACT : BOUND_UPPER);
    tt_store(key, s->count[0] + s->count[1], best, bound, best_move);
    return best;
}

/* Exact value of the position (any window). */
static int exact(State *s) { return search(s, -INF, INF); }

/* ------------------------------------------------------------- Python API */

static int load_layout(PyObject *slots_obj, State *s, int left, int right, int side) {
    Py_buffer buf;
    if (PyObject_GetBuffer(slots_obj, &buf, PyBUF_SIMPLE) < 0) return -1;
    if (buf.len != 28) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "slots must be 28 bytes");
        return -1;
    }
    const uint8_t *slot = buf.buf;
    Layout nl;
    memset(&nl, 0, sizeof nl);
    memset(s, 0, sizeof *s);
    for (int p = 0; p < 2; p++) {
        for (int c = 0; c < 7; c++) {
            uint8_t f = slot[p * 14 + c], b = slot[p * 14 + 7 + c];
            if ((f != NONE && f >= 28) || (b != NONE && b >= 28) || (f != NONE && b == NONE)) {
                PyBuffer_Release(&buf);
                PyErr_SetString(PyExc_ValueError, "bad slot");
                return -1;
            }
            nl.stone[p][c][0] = f; nl.stone[p][c][1] = b;
            int st = f != NONE ? 0 : (b != NONE ? 1 : 2);
            s->cols[p] |= (uint32_t)st << (2 * c);
        }
    }
    PyBuffer_Release(&buf);
    /* same deal as the table's?  (every known stone agrees) */
    int same = have_layout;
    for (int p = 0; p < 2 && same; p++)
        for (int c = 0; c < 7 && same; c++)
            for (int r = 0; r < 2; r++) {
                uint8_t x = nl.stone[p][c][r], y = L.stone[p][c][r];
                if (x != NONE && y != NONE && x != y) { same = 0; break; }
            }
    if (!same) {
        generation++;
        if (generation >= GEN_LIMIT) { memset(tt, 0, sizeof(uint64_t) * TT_SIZE); generation = 1; }
        memset(&L, 0, sizeof L);
        memset(history, 0, sizeof history);
        for (int p = 0; p < 2; p++) for (int c = 0; c < 7; c++) for (int r = 0; r < 2; r++) L.stone[p][c][r] = NONE;
    }
    for (int p = 0; p < 2; p++)
        for (int c = 0; c < 7; c++)
            for (int r = 0; r < 2; r++) {
                uint8_t x = nl.stone[p][c][r];
                if (x == NONE) continue;
                L.stone[p][c][r] = x;
                L.lo[p][c][r] = stone_lo[x]; L.hi[p][c][r] = stone_hi[x];
                L.pip[p][c][r] = stone_lo[x] + stone_hi[x];
                L.nums[p][c][r] = (1 << stone_lo[x]) | (1 << stone_hi[x]);
                L.cnt[p][c][r] = (1u << (4 * stone_lo[x])) + (stone_lo[x] != stone_hi[x] ? 1u << (4 * stone_hi[x]) : 0);
            }
    have_layout = 1;
    for (int p = 0; p < 2; p++)
        for (int c = 0; c < 7; c++)
        {
            for (int r = col_state(s, p, c); r < 2; r++) {
                s->pips[p] += L.pip[p][c][r];
                s->count[p]++;
            }
            if (col_state(s, p, c) < 2) s->have[p] += L.cnt[p][c][col_state(s, p, c)];
        }
    s->left = left; s->right = right; s->side = side;
    return 0;
}

static PyObject *move_tuple(Move m) {
    return Py_BuildValue("(ii)", m.col, m.end);
}

/* analyse(slots: bytes[28], left, right, side) ->
 *   (value, [(col, end, value), ...] in legal order, pv [(col, end) | None for pass], nodes)
 * slots: A front 0..6, A back 0..6, B front, B back; stone index or 255 (played).
 * left/right: 0..6, or 7 for the empty table. side: 0 = A, 1 = B.
 * The caller (solver/analysis.py) has validated the position. */
static PyObject *py_analyse(PyObject *self, PyObject *args) {
    PyObject *slots;
    int left, right, side;
    if (!PyArg_ParseTuple(args, "Oiii", &slots, &left, &right, &side)) return NULL;
    if (left < 0 || left > 7 || right < 0 || right > 7 || side < 0 || side > 1 || ((left == 7) != (right == 7))) {
        PyErr_SetString(PyExc_ValueError, "bad ends or side");
        return NULL;
    }
    State s;
    if (load_layout(slots, &s, left, right, side) < 0) return NULL;
    uint64_t start_nodes = nodes;
    int value;
    PyObject *moves = PyList_New(0), *pv = PyList_New(0);
    if (!moves || !pv) goto fail;

    Move mv[14];
    int n = (s.count[0] == 0 || s.count[1] == 0) ? 0 : gen_moves(&s, mv);
    if (s.count[0] == 0 || s.count[1] == 0) {
        value = -s.pips[s.side];  /* the opponent has gone out */
    } else if (n == 0) {
        value = exact(&s);  /* blocked, or a forced pass */
    } else {
        value = -INF;
        for (int i = 0; i < n; i++) {
            Undo u;
            make_move(&s, mv[i], &u);
            int v = -exact(&s);
            unmake_move(&s, mv[i], &u);
            if (v > value) value = v;
            PyObject *t = Py_BuildValue("(iii)", mv[i].col, mv[i].end, v);
            if (!t || PyList_Append(moves, t) < 0) { Py_XDECREF(t); goto fail; }
            Py_DECREF(t);
        }
    }
    /* main line: at each step the first legal move whose value is the position's */
    {
        State w = s;
        int v = value;
        for (;;) {
            if (w.count[0] == 0 || w.count[1] == 0) break;
            Move m2[14];
            int k = gen_moves(&w, m2);
            if (k == 0) {
                if (!can_play(&w, w.side ^ 1)) break;
                if (PyList_Append(pv, Py_None) < 0) goto fail;
                w.side ^= 1; v = -v;
                continue;
            }
            int found = -1;
            for (int i = 0; i < k && found < 0; i++) {
                Undo u;
                make_move(&w, m2[i], &u);
                int cv = -search(&w, -v, -v + 1);  /* >= v iff the move keeps the value */
                unmake_move(&w, m2[i], &u);
                if (cv >= v) found = i;
            }
            if (found < 0) { PyErr_SetString(PyExc_RuntimeError, "main line lost its value"); goto fail; }
            PyObject *t = move_tuple(m2[found]);
            if (!t || PyList_Append(pv, t) < 0) { Py_XDECREF(t); goto fail; }
            Py_DECREF(t);
            Undo u;
            make_move(&w, m2[found], &u);
            v = -v;
        }
    }
    return Py_BuildValue("(iNNK)", value, moves, pv, (unsigned long long)(nodes - start_nodes));
fail:
    Py_XDECREF(moves);
    Py_XDECREF(pv);
    return NULL;
}

/* Number of move sequences of length `depth` (a forced pass counts as a move;
 * a finished deal ends a sequence early and counts once).  A test compares
 * it with the same count over the Python rules, as chess engines do. */
static uint64_t perft(State *s, int depth) {
    if (s->count[0] == 0 || s->count[1] == 0) return 1;
    Move mv[14];
    int n = gen_moves(s, mv);
    if (n == 0) {
        if (!can_play(s, s->side ^ 1)) return 1;
        if (depth == 0) return 1;
        s->side ^= 1;
        uint64_t t = perft(s, depth - 1);
        s->side ^= 1;
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

static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *slots;
    int left, right, side, depth;
    if (!PyArg_ParseTuple(args, "Oiiii", &slots, &left, &right, &side, &depth)) return NULL;
    if (left < 0 || left > 7 || right < 0 || right > 7 || side < 0 || side > 1 || depth < 0) {
        PyErr_SetString(PyExc_ValueError, "bad ends, side or depth");
        return NULL;
    }
    State s;
    if (load_layout(slots, &s, left, right, side) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(perft(&s, depth));
}

/* forget() drops the table (for benchmarks that must start cold). */
static PyObject *py_forget(PyObject *self, PyObject *args) {
    have_layout = 0;
    generation++;
    if (generation >= GEN_LIMIT) { memset(tt, 0, sizeof(uint64_t) * TT_SIZE); generation = 1; }
    Py_RETURN_NONE;
}

static PyObject *py_table_bytes(PyObject *self, PyObject *args) {
    return PyLong_FromUnsignedLongLong((unsigned long long)TT_SIZE * sizeof(uint64_t));
}

static PyMethodDef methods[] = {
    {"analyse", py_analyse, METH_VARARGS, "analyse(slots, left, right, side) -> (value, moves, pv, nodes)"},
    {"perft", py_perft, METH_VARARGS, "perft(slots, left, right, side, depth) -> number of move sequences"},
    {"forget", py_forget, METH_NOARGS, "Forget the transposition table (start cold)."},
    {"table_bytes", py_table_bytes, METH_NOARGS, "Size of the transposition table in bytes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_core", .m_doc = "Compiled exact search for open domino.", .m_size = -1, .m_methods = methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    int i = 0;
    for (int a = 0; a <= 6; a++)
        for (int b = a; b <= 6; b++) { stone_lo[i] = a; stone_hi[i] = b; i++; }
    tt = calloc(TT_SIZE, sizeof(uint64_t));
    if (!tt) return PyErr_NoMemory();
    generation = 1;
    return PyModule_Create(&module);
}
