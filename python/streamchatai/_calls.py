"""How the binding calls the library: JSON in, JSON out, status codes to exceptions."""

from __future__ import annotations

import ctypes
import json
from typing import Any, Optional

from ._native import lib
from .errors import BY_STATUS, StreamChatAIError


def encode(value) -> Optional[bytes]:
    """JSON text as UTF-8 bytes. Text and bytes pass through, so callers can
    hand over JSON they already have; lone surrogates are passed on for the
    library to refuse as invalid UTF-8 rather than failing here."""
    if value is None:
        return None
    if isinstance(value, bytes):
        return value
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def check(status: int) -> None:
    """Raises the exception of a non-zero status, with ``sca_last_error()``'s message."""
    if status != 0:
        message = lib.sca_last_error().decode("utf-8", "replace")
        code = lib.sca_status_name(status).decode()
        raise BY_STATUS.get(status, StreamChatAIError)(status, code, message)


def call_json(fn, *args) -> Any:
    """Calls ``fn(*args, &out)`` and returns the JSON it wrote, freed with sca_free."""
    out = ctypes.c_void_p()
    check(fn(*args, ctypes.byref(out)))
    try:
        return json.loads(ctypes.string_at(out.value))
    finally:
        lib.sca_free(out)
