"""Builds the compiled search core, solver._core, as part of `pip install`."""
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "solver._core",
            sources=["solver/_core.c"],
            extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"],
        )
    ]
)
