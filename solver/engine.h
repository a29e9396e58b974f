/*
 * The plain C API of the exact search (engine.c), shared by the Python
 * extension (_core.c) and the WebAssembly build (the browser's solver).
 *
 * A position is passed as `slots`, 14 bytes per seat in seat order (slots
 * 0..6: the front row, or the seven stones of a hand without rows; slots
 * 7..13: the back row, 255 in a hand without rows), every byte a stone as
 * (low << 4) | high or 255 for no stone; `seats` is 2 or 4 (seats 0 and 2
 * against 1 and 3); `rows` is 1 when front stones cover back stones; `doubles`
 * is 1 when a seat that plays a double moves again; `first` the stone that
 * must open the deal, or 255 for any available stone; `left` and `right` the
 * open ends 0..9, or both 10 while the table is empty; `side` the seat to
 * move.  The caller has validated the position (solver/analysis.py does, and
 * so does the browser's frontend/src/engine/).
 */
#ifndef OD_ENGINE_H
#define OD_ENGINE_H
#include <stdint.h>

#define MAX_SEATS 4
#define OD_EMPTY 10         /* the ends of an empty table */
#define OD_NONE 255         /* a slot without a stone */
#define OD_MAX_MOVES 14     /* legal moves of one position, at most */
#define OD_MAX_PV 128       /* steps of a main line, passes included, at most */

enum { OD_OK = 0, OD_BAD_ARGS = 1, OD_BAD_SLOT = 2, OD_LOST_LINE = 3 };

/* What od_analyse writes (int32 fields, then the node count: a flat layout
 * that JavaScript reads straight from the WebAssembly memory). */
typedef struct {
    int32_t value;                      /* for the side to move */
    int32_t n_moves;                    /* 0: a forced pass, or the deal is over */
    int32_t moves[OD_MAX_MOVES][3];     /* slot, end (0 left, 1 right, 2 opening), value; legal-move order */
    int32_t n_pv;
    int32_t pv[OD_MAX_PV][3];           /* seat, slot, end; seat -1 for a forced pass */
    uint64_t nodes;                     /* states searched */
} od_result;

/* The analysis of a position: every legal move's value, the position's value
 * and the main line.  Returns OD_OK or an error code. */
int od_analyse(const uint8_t *slots, int seats, int rows, int doubles, int first, int left, int right, int side,
               od_result *out);

/* How many move sequences of `depth` moves start here (*count), or an error code. */
int od_perft(const uint8_t *slots, int seats, int rows, int doubles, int first, int left, int right, int side,
             int depth, uint64_t *count);

/* Forget the transposition table (the next analysis starts cold). */
void od_forget(void);

/* The size of the transposition table in bytes. */
uint64_t od_table_bytes(void);

#endif
