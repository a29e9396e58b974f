"""Builds the compiled search core, solver._core, as part of `pip install`: the
Python binding (solver/_core.c) over the search (solver/engine.c, which the
WebAssembly build of the browser's solver compiles too)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "solver._core",
            sources=["solver/_core.c", "solver/engine.c"],
            depends=["solver/engine.h"],
            extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"],
        )
    ]
)
