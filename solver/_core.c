/*
 * solver._core: the Python binding of the compiled exact search.
 *
 * The search itself is solver/engine.c, behind the plain C API of engine.h;
 * the WebAssembly build of the browser's solver compiles the same file, so
 * the site's workers and the player's browser give the same values.  This
 * file only turns Python arguments into that API's and its answers into
 * Python objects (solver/_core.pyi has the types, solver/analysis.py the caller).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "engine.h"

/* The position's slots as bytes (14 per seat), copied into `slots`. */
static int read_slots(PyObject *obj, int seats, uint8_t slots[MAX_SEATS * 14]) {
    Py_buffer buf;
    if (PyObject_GetBuffer(obj, &buf, PyBUF_SIMPLE) < 0) return -1;
    if (seats < 0 || seats > MAX_SEATS || buf.len != seats * 14) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "slots must be 14 bytes per seat");
        return -1;
    }
    memcpy(slots, buf.buf, (size_t)buf.len);
    PyBuffer_Release(&buf);
    return 0;
}

/* The Python exception of an engine error code (NULL: no error). */
static PyObject *engine_error(int err) {
    if (err == OD_BAD_ARGS) PyErr_SetString(PyExc_ValueError, "bad seats, layout, option, first stone, ends or side");
    else if (err == OD_BAD_SLOT) PyErr_SetString(PyExc_ValueError, "bad slot");
    else if (err == OD_LOST_LINE) PyErr_SetString(PyExc_RuntimeError, "main line lost its value");
    else PyErr_Format(PyExc_RuntimeError, "engine error %d", err);
    return NULL;
}

/* analyse(slots, seats, rows, doubles, first, left, right, side) ->
 *   (value, [(slot, end, value), ...] in legal order, pv [(seat, slot, end) | None for pass], nodes) */
static PyObject *py_analyse(PyObject *self, PyObject *args) {
    PyObject *obj;
    int seats, rows, doubles, first, left, right, side;
    uint8_t slots[MAX_SEATS * 14];
    if (!PyArg_ParseTuple(args, "Oiiiiiii", &obj, &seats, &rows, &doubles, &first, &left, &right, &side)) return NULL;
    if (read_slots(obj, seats, slots) < 0) return NULL;
    od_result r;
    int err = od_analyse(slots, seats, rows, doubles, first, left, right, side, &r);
    if (err) return engine_error(err);
    PyObject *moves = PyList_New(r.n_moves), *pv = PyList_New(r.n_pv);
    if (!moves || !pv) goto fail;
    for (int i = 0; i < r.n_moves; i++) {
        PyObject *t = Py_BuildValue("(iii)", r.moves[i][0], r.moves[i][1], r.moves[i][2]);
        if (!t) goto fail;
        PyList_SET_ITEM(moves, i, t);
    }
    for (int i = 0; i < r.n_pv; i++) {
        PyObject *t;
        if (r.pv[i][0] < 0) {
            Py_INCREF(Py_None);
            t = Py_None;
        } else {
            t = Py_BuildValue("(iii)", r.pv[i][0], r.pv[i][1], r.pv[i][2]);
            if (!t) goto fail;
        }
        PyList_SET_ITEM(pv, i, t);
    }
    return Py_BuildValue("(iNNK)", r.value, moves, pv, (unsigned long long)r.nodes);
fail:
    Py_XDECREF(moves);
    Py_XDECREF(pv);
    return NULL;
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *obj;
    int seats, rows, doubles, first, left, right, side, depth;
    uint8_t slots[MAX_SEATS * 14];
    if (!PyArg_ParseTuple(args, "Oiiiiiiii", &obj, &seats, &rows, &doubles, &first, &left, &right, &side, &depth))
        return NULL;
    if (read_slots(obj, seats, slots) < 0) return NULL;
    if (depth < 0) { PyErr_SetString(PyExc_ValueError, "bad depth"); return NULL; }
    uint64_t count;
    int err = od_perft(slots, seats, rows, doubles, first, left, right, side, depth, &count);
    if (err) return engine_error(err);
    return PyLong_FromUnsignedLongLong(count);
}

/* forget() drops the table (for benchmarks that must start cold). */
static PyObject *py_forget(PyObject *self, PyObject *args) {
    od_forget();
    Py_RETURN_NONE;
}

static PyObject *py_table_bytes(PyObject *self, PyObject *args) {
    return PyLong_FromUnsignedLongLong((unsigned long long)od_table_bytes());
}

static PyMethodDef methods[] = {
    {"analyse", py_analyse, METH_VARARGS,
     "analyse(slots, seats, rows, doubles, first, left, right, side) -> (value, moves, pv, nodes)"},
    {"perft", py_perft, METH_VARARGS,
     "perft(slots, seats, rows, doubles, first, left, right, side, depth) -> number of move sequences"},
    {"forget", py_forget, METH_NOARGS, "Forget the transposition table (start cold)."},
    {"table_bytes", py_table_bytes, METH_NOARGS, "Size of the transposition table in bytes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_core", .m_doc = "Compiled exact search for open domino and its variants.",
    .m_size = -1, .m_methods = methods,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
