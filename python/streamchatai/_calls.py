"""How the binding calls the library: JSON in, JSON out, status codes to exceptions."""

from __future__ import annotations

import ctypes
import json
from typing import Any, Optional

from ._native import lib
from .errors import BY_STATUS, StreamChatAIError


# One encoder for every call: compact, and non-ASCII text kept as it is.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encode(value) -> Optional[bytes]:
    """JSON text as UTF-8 bytes. Text and bytes pass through, so callers can
    hand over JSON they already have; lone surrogates are passed on for the
    library to refuse as invalid UTF-8 rather than failing here."""
    if value is None:
        return None
    if isinstance(value, bytes):
        return value
    text = value if isinstance(value, str) else _ENCODER.encode(value)
    try:
        return text.encode("utf-8")  # the fast path; surrogatepass only for text that needs it
    except UnicodeEncodeError:
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
        # The library writes valid UTF-8: strict decoding is its fast path (json.loads of bytes is not).
        return json.loads(ctypes.string_at(out.value).decode("utf-8"))
    finally:
        lib.sca_free(out)


class OwnedHandle:
    """A library handle this object frees once: on close(), on leaving a
    ``with`` block, or when it is collected. Subclasses set ``_free`` and
    ``_what`` and store the handle in ``_handle``."""

    _free = None
    _what = "handle"
    _handle = None

    def close(self) -> None:
        """Frees the handle now; later calls on the object raise, and a second close does nothing."""
        handle, self._handle = self._handle, None
        if handle:
            type(self)._free(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def _live(self) -> int:
        if not self._handle:
            raise ValueError(f"the {self._what} is closed")
        return self._handle
