"""Regenerate the Python gRPC code in `libs/protos/src/` from the `.proto` sources in `protos/`.

Usage:
    uv run python scripts/gen_protos.py          # regenerate in place
    uv run python scripts/gen_protos.py --check  # CI: fail if the checked-in code is stale

The proto root is `protos/`, so a file at `protos/clauseflow_protos/skills/v1/skills.proto`
becomes the module `clauseflow_protos.skills.v1.skills_pb2` (imports are rooted at the package,
never flat). Type stubs (`.pyi`) come from mypy-protobuf.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PROTO_ROOT = REPO_ROOT / "protos"
OUT_ROOT = REPO_ROOT / "libs" / "protos" / "src"
PACKAGE = "clauseflow_protos"
# Suffixes of files this script owns in the output tree; anything else there is left alone.
GENERATED_SUFFIXES = ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py", "_pb2_grpc.pyi")


def _proto_files() -> list[Path]:
    return sorted(PROTO_ROOT.rglob("*.proto"))


def _plugin(name: str) -> str:
    """Locate a protoc plugin installed next to the running interpreter (the uv venv)."""
    candidate = Path(sys.executable).parent / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"protoc plugin {name!r} not found; run `uv sync` (dev group) first")
    return found


def generate(out_dir: Path) -> None:
    """Run protoc over every `.proto` under `protos/`, writing modules, stubs and `__init__.py`s."""
    import grpc_tools
    from grpc_tools import protoc

    protos = _proto_files()
    if not protos:
        raise SystemExit(f"no .proto files under {PROTO_ROOT}")
    well_known = Path(grpc_tools.__file__).parent / "_proto"
    args = [
        "grpc_tools.protoc",
        f"--proto_path={PROTO_ROOT}",
        f"--proto_path={well_known}",
        f"--plugin=protoc-gen-mypy={_plugin('protoc-gen-mypy')}",
        f"--plugin=protoc-gen-mypy_grpc={_plugin('protoc-gen-mypy_grpc')}",
        f"--python_out={out_dir}",
        f"--grpc_python_out={out_dir}",
        f"--mypy_out={out_dir}",
        f"--mypy_grpc_out={out_dir}",
        *(str(p.relative_to(PROTO_ROOT)) for p in protos),
    ]
    code = protoc.main(args)
    if code != 0:
        raise SystemExit(f"protoc failed with exit code {code}")
    _add_init_files(out_dir)


def _add_init_files(out_dir: Path) -> None:
    """Every generated directory must be a regular package so imports work from the wheel."""
    for directory in sorted({p.parent for p in out_dir.rglob("*_pb2.py")}):
        current = directory
        while current != out_dir:
            init = current / "__init__.py"
            if not init.exists():
                init.write_text("")
            current = current.parent


def _generated_files(root: Path) -> set[Path]:
    package_root = root / PACKAGE
    if not package_root.exists():
        return set()
    return {
        p.relative_to(root)
        for p in package_root.rglob("*")
        if p.is_file() and p.name.endswith(GENERATED_SUFFIXES)
    }


def check() -> int:
    """Regenerate into a temp dir and compare with the checked-in files; 1 when they differ."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh_root = Path(tmp)
        generate(fresh_root)
        fresh = _generated_files(fresh_root)
        current = _generated_files(OUT_ROOT)
        problems = [f"missing: {p}" for p in sorted(fresh - current)]
        problems += [f"stale (no .proto any more): {p}" for p in sorted(current - fresh)]
        problems += [
            f"differs: {p}"
            for p in sorted(fresh & current)
            if not filecmp.cmp(fresh_root / p, OUT_ROOT / p, shallow=False)
        ]
        for p in sorted(fresh):
            init = (fresh_root / p).parent / "__init__.py"
            if not (OUT_ROOT / init.relative_to(fresh_root)).exists():
                problems.append(f"missing: {init.relative_to(fresh_root)}")
    if problems:
        sys.stderr.write("generated protobuf code is stale; run `uv run python scripts/gen_protos.py`\n")
        for problem in sorted(set(problems)):
            sys.stderr.write(f"  {problem}\n")
        return 1
    sys.stderr.write("generated protobuf code is up to date\n")
    return 0


def regenerate() -> int:
    """Regenerate in place, removing generated files whose `.proto` no longer exists."""
    for stale in _generated_files(OUT_ROOT):
        (OUT_ROOT / stale).unlink()
    generate(OUT_ROOT)
    sys.stderr.write(f"generated {len(_generated_files(OUT_ROOT))} files under {OUT_ROOT / PACKAGE}\n")
    return 0


def main() -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="fail if the checked-in code is stale")
    args = parser.parse_args()
    return check() if args.check else regenerate()


if __name__ == "__main__":
    raise SystemExit(main())
