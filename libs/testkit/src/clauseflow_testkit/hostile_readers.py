"""Document readers that behave like pathological uploads, for testing how a service contains them.

Each has the signature of a document parser, ``(content, filename)``, and is a module-level
function so that it can run in a worker process. ``content`` carries the test's instruction.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn


def read_forever(content: bytes, filename: str) -> NoReturn:
    """Write this process's pid to the path in ``content``, then burn CPU forever (a layout loop)."""
    Path(content.decode()).write_text(str(os.getpid()), encoding="utf-8")
    while True:
        pass


def read_hungrily(content: bytes, filename: str) -> int:
    """Allocate ``int(content)`` MB at once (a decompression bomb) and return the size allocated."""
    return len(bytearray(int(content) * 1024 * 1024))


def die_reading(content: bytes, filename: str) -> NoReturn:
    """Exit the process without raising (a crash in a C extension)."""
    os._exit(int(content or b"3"))
