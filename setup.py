"""Builds croupier's compiled engine: every ``src/croupier/**/_kernels*.py`` module.

The kernels are Cython's pure-Python mode: the same file runs as plain Python and
compiles to a C extension that sits beside it (and is imported instead of it). The rest
of the package's description is in ``pyproject.toml``.

- No C compiler: each extension is ``optional``, so its build failing leaves a warning
  and an uncompiled install that works (``croupier.engine.compiled()`` is then False).
- ``CROUPIER_PURE=1`` while installing compiles nothing.
- ``python -m build`` makes a wheel with the compiled modules for machines without a
  compiler (docs/explanation/compiled-engine.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).parent
SOURCE = HERE / "src"


def kernel_modules() -> list[str]:
    """Dotted names of the kernel modules, found by their file name."""
    paths = sorted((SOURCE / "croupier").rglob("_kernels*.py"))
    return [".".join(p.relative_to(SOURCE).with_suffix("").parts) for p in paths]


def extensions() -> list[Extension]:
    if os.environ.get("CROUPIER_PURE", "") not in ("", "0"):
        return []
    from Cython.Build import cythonize

    windows = sys.platform == "win32"
    # -ffp-contract=off: no fused multiply-adds, so that a kernel's floating-point sums
    # round the same on every machine (and as the uncompiled source does)
    flags = ["/O2", "/fp:precise"] if windows else ["-O3", "-ffp-contract=off"]
    if os.environ.get("CROUPIER_NATIVE", "") not in ("", "0") and not windows:
        flags.append("-march=native")  # this machine's vector units; the build runs only here
    modules = [
        Extension(
            name,
            [str(Path("src", *name.split(".")).with_suffix(".py"))],
            extra_compile_args=flags,
            # silence NumPy's deprecated-API warning: the kernels use typed memoryviews only
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            optional=True,  # a failed compile leaves the module uncompiled, not a failed install
        )
        for name in kernel_modules()
    ]
    compiled = cythonize(
        modules,
        build_dir="build/cython",  # the generated C stays out of the source tree
        compiler_directives={"language_level": 3},
        quiet=True,
    )
    for extension in compiled:  # cythonize makes new Extension objects: optional again
        extension.optional = True
    return compiled


setup(ext_modules=extensions())
