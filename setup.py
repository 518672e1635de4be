"""Builds croupier's compiled engine: every ``src/croupier/**/_kernels*.py`` module.

The kernels are Cython's pure-Python mode: the same file runs as plain Python and
compiles to a C extension that sits beside it (and is imported instead of it). The rest
of the package's description is in ``pyproject.toml``.

- No C compiler: each extension is ``optional``, so its build failing leaves a warning
  and an uncompiled install that works (``croupier.engine.compiled()`` is then False).
- ``CROUPIER_PURE=1`` while installing compiles nothing.
- The helpers every kernel shares are declared once, in ``src/croupier/_kernel_helpers.pxd``
  (cimported and inlined; its ``.py`` twin is what an uncompiled kernel reads): it is not
  compiled itself.
- Beside each module it builds it writes the SHA-256 of the source it was built from
  (``<module file>.sha256``, :func:`croupier.engine.source_record`): a checkout that
  changes a kernel under an install leaves a compiled module the engine then passes over
  (it runs the source and says so) until the next install rebuilds it.
- ``python -m build`` makes a wheel with the compiled modules for machines without a
  compiler (docs/explanation/compiled-engine.md).
- The kernels of :data:`WIDE` are compiled once more for each wider vector unit of x86-64
  (AVX2, AVX-512), as modules of their own (``_kernels_avx512``...) made from a copy of the
  same source: ``croupier.engine`` loads the widest one the processor runs. Without fused
  multiply-adds every lane adds in the source's order, so they give the same numbers.
"""

from __future__ import annotations

import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
SOURCE = HERE / "src"
#: Where cythonize writes its C files, and the copies of the kernels built wider.
BUILD = Path("build", "cython")

#: Kernel modules built again for wider vector units: suffix and flags, widest first
#: (``croupier.engine.VARIANTS`` names the processor features each one needs).
WIDE: dict[str, tuple[tuple[str, list[str]], ...]] = {
    "croupier.baccarat._kernels": (
        ("avx512", ["-mavx512f", "-mprefer-vector-width=512"]),
        ("avx2", ["-mavx2"]),
    ),
}
#: Kernels whose loops run across lanes (batch_sums: 8 compositions at once): the loop
#: vectoriser would rather vectorise their long loops of additions in order (slowly);
#: with it off, the lanes become vectors. By compiler family.
LANE_FLAGS: dict[str, dict[str, list[str]]] = {
    "croupier.baccarat._kernels": {
        "gcc": ["-fno-tree-loop-vectorize"],
        "clang": ["-fno-vectorize"],
    },
}


#: How a compiled module's file name ends (its digest is written beside it).
EXTENSION_ENDS: tuple[str, ...] = (".so", ".pyd")

#: The kernel source each module is built from (a wider build's: its module's, not the
#: copy compiled), for the digest written beside the module.
ORIGINS: dict[str, Path] = {}


def load_engine() -> ModuleType:
    """``croupier.engine`` loaded from its file alone (it needs nothing but the standard
    library; the package's ``__init__`` and its dependencies stay out of the build)."""
    spec = importlib.util.spec_from_file_location(
        "croupier_engine_for_setup", SOURCE / "croupier" / "engine.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildKernels(build_ext):
    """``build_ext`` that writes, beside each compiled module, the digest of the source
    it was compiled from (``croupier.engine`` compares it with the source's at load)."""

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)  # a failed optional build raises: no digest then
        built = Path(self.get_ext_fullpath(ext.name))
        origin = ORIGINS.get(ext.name)
        if origin is None or not built.is_file():
            return
        engine = load_engine()
        written = built.with_name(built.name + engine.DIGEST_SUFFIX)
        written.write_text(engine.source_record(origin), encoding="ascii")

    def copy_extensions_to_source(self) -> None:
        """An in-place (editable) install builds in ``build_lib`` and copies each module
        beside its source: its digest goes with it."""
        super().copy_extensions_to_source()
        for built, placed in self.digest_mapping().items():
            if Path(built).is_file():
                self.copy_file(built, placed, level=self.verbose)

    def copy_file(
        self,
        infile: str,
        outfile: str,
        preserve_mode: bool = True,
        preserve_times: bool = True,
        link: str | None = None,
        level: int = 1,
    ) -> tuple[str, bool]:
        """Copied beside the old file, then renamed over it: a program running croupier
        (a server) keeps the module it loaded, which writing into the file in place
        would have changed under it (a crash)."""
        target = Path(outfile)
        if target.is_dir():
            target = target / Path(infile).name
        partial = target.with_name(f".{target.name}.partial")
        _, copied = super().copy_file(
            infile, str(partial), preserve_mode, preserve_times, link, level
        )
        if not self.dry_run:
            os.replace(partial, target)
        return str(target), bool(copied)

    def get_output_mapping(self) -> dict[str, str]:
        return {**super().get_output_mapping(), **self.digest_mapping()}

    def digest_mapping(self) -> dict[str, str]:
        """Each module's digest in ``build_lib`` and beside its source (in-place builds)."""
        if not self.inplace:
            return {}
        suffix = load_engine().DIGEST_SUFFIX
        return {
            built + suffix: placed + suffix
            for built, placed in super().get_output_mapping().items()
            if any(built.endswith(end) for end in EXTENSION_ENDS)
        }


def kernel_modules() -> list[str]:
    """Dotted names of the kernel modules, found by their file name."""
    paths = sorted((SOURCE / "croupier").rglob("_kernels*.py"))
    return [".".join(p.relative_to(SOURCE).with_suffix("").parts) for p in paths]


def compiler_family() -> str:
    """``gcc``, ``clang`` or ``""`` (another, or none): the C compiler the build uses."""
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "").split()
    if not command:
        return ""
    try:
        said = subprocess.run(
            [command[0], "--version"], capture_output=True, text=True, timeout=30, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    if "clang" in said:
        return "clang"
    return "gcc" if "Free Software Foundation" in said or "gcc" in said.lower() else ""


def wide_builds() -> bool:
    """Whether to build :data:`WIDE`'s modules: on x86-64 with gcc or clang, not for one
    machine (``CROUPIER_NATIVE``: its own vector units already)."""
    machine = platform.machine().lower()
    native = os.environ.get("CROUPIER_NATIVE", "") not in ("", "0")
    return machine in ("x86_64", "amd64") and sys.platform != "win32" and not native


def extensions() -> list[Extension]:
    if os.environ.get("CROUPIER_PURE", "") not in ("", "0"):
        return []
    from Cython.Build import cythonize

    windows = sys.platform == "win32"
    family = "" if windows else compiler_family()
    # -ffp-contract=off: no fused multiply-adds, so that a kernel's floating-point sums
    # round the same on every machine (and as the uncompiled source does)
    flags = ["/O2", "/fp:precise"] if windows else ["-O3", "-ffp-contract=off"]
    if os.environ.get("CROUPIER_NATIVE", "") not in ("", "0") and not windows:
        flags.append("-march=native")  # this machine's vector units; the build runs only here
    builds = []
    for name in kernel_modules():
        source = Path("src", *name.split(".")).with_suffix(".py")
        mine = flags + LANE_FLAGS.get(name, {}).get(family, [])
        builds.append((name, source, mine))
        ORIGINS[name] = HERE / source
        if family and wide_builds():
            for suffix, wider in WIDE.get(name, ()):
                copy = BUILD / "wide" / f"{name.replace('.', '_')}_{suffix}.py"
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, copy)
                builds.append((f"{name}_{suffix}", copy, mine + wider))
                ORIGINS[f"{name}_{suffix}"] = HERE / source
    modules = [
        Extension(
            name,
            [str(source)],
            extra_compile_args=mine,
            # silence NumPy's deprecated-API warning: the kernels use typed memoryviews only
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            optional=True,  # a failed compile leaves the module uncompiled, not a failed install
        )
        for name, source, mine in builds
    ]
    compiled = cythonize(
        modules,
        build_dir=str(BUILD),  # the generated C stays out of the source tree
        # where a kernel's cimport finds croupier/_kernel_helpers.pxd (the wider builds'
        # copies sit outside the package)
        include_path=[str(SOURCE)],
        compiler_directives={"language_level": 3},
        quiet=True,
    )
    for extension in compiled:  # cythonize makes new Extension objects: optional again
        extension.optional = True
    return compiled


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildKernels})
