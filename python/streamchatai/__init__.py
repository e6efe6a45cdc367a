"""Python binding of libstreamchatai: decode and present the steps of an AI
agent's reply (reasoning, tool calls).

    >>> import streamchatai
    >>> parts = streamchatai.decode_parts([{"type": "ai_reasoning", "id": "r1", "duration_ms": 3000}])
    >>> parts[0]["reasoning"]["status"]
    'completed'
    >>> tree = streamchatai.render_steps(parts)
    >>> tree["root"]["children"][0]["props"]["header"]
    'Thought for 3s'

Every function raises a subclass of :class:`StreamChatAIError` when the
library refuses its input; the message says what was wrong and where.
The library is thread-safe for these calls; ctypes releases the GIL while
they run.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Union

from ._calls import call_json as _call_json
from ._calls import encode as _encode
from ._native import lib
from .errors import (
    Cancelled,
    InternalError,
    InvalidArgument,
    IOFailure,
    InvalidJSON,
    LimitExceeded,
    NotFound,
    PluginError,
    Refused,
    StreamChatAIError,
)

from .chat import ChatClient
from .conversation import Conversation
from .ui import FenceExtractor, UIHost, apply_ops, ui_diff
from .tools import (
    Result,
    Runner,
    call_prompts,
    call_transition,
    install_id,
    plugins_list,
    register_tools_check,
    schema_validate,
    signin_return,
)

__all__ = [
    "ChatClient", "Conversation",
    "UIHost", "FenceExtractor", "ui_diff", "apply_ops",
    "Runner", "Result", "plugins_list", "install_id", "call_prompts", "signin_return", "call_transition",
    "register_tools_check", "schema_validate",
    "abi_version", "version", "bundled_plugins", "decode_parts", "render_steps", "limit",
    "LIMIT_INPUT_BYTES", "LIMIT_JSON_DEPTH",
    "StreamChatAIError", "InvalidArgument", "InvalidJSON", "LimitExceeded", "NotFound", "Refused",
    "PluginError", "InternalError", "IOFailure", "Cancelled",
]

LIMIT_INPUT_BYTES = 0
LIMIT_JSON_DEPTH = 1

JSONInput = Union[str, bytes, Sequence[Any], Mapping[str, Any]]


def bundled_plugins() -> Optional[str]:
    """The folder of the plugins that ship with the library (``cards``,
    ``weather``, …): inside an installed wheel, or build/plugins of the source
    tree; None when there is neither."""
    from pathlib import Path

    here = Path(__file__).resolve().parent
    for folder in (here / "plugins", here.parents[1] / "build" / "plugins"):
        if folder.is_dir():
            return str(folder)
    return None


def abi_version() -> int:
    """The ABI version of the loaded library."""
    return lib.sca_abi_version()


def version() -> str:
    """The version of the loaded library, such as ``"0.1.0"``."""
    return lib.sca_version().decode()


def limit(limit_id: int, new_value: int = -1) -> int:
    """Reads, and with a non-negative ``new_value`` changes, a process-wide limit.

    Returns the value before the call; see ``sca_limit()`` in streamchatai.h.
    """
    previous = lib.sca_limit(limit_id, new_value)
    if previous < 0:
        raise InvalidArgument(1, "SCA_E_INVALID_ARGUMENT", f"unknown limit id {limit_id}")
    return previous


def decode_parts(attachments: JSONInput) -> list:
    """Decodes the steps among a message's attachments.

    ``attachments`` is the list of attachment dicts (or its JSON text). Returns
    one dict per step: ``kind``, ``id``, ``v``, ``payload``, ``reasoning`` and
    ``tool_call`` (see ``sca_parts_decode()``). Given a list, each ``payload``
    is the attachment dict you passed (the same object, not a copy), so the
    library's output is about half as much JSON to read back.
    """
    if isinstance(attachments, (list, tuple)):
        parts = _call_json(lib.sca_parts_decode_views, _encode(attachments))
        for part in parts:
            part["payload"] = attachments[part.pop("index")]
        return parts
    return _call_json(lib.sca_parts_decode, _encode(attachments))


def render_steps(
    parts_or_attachments: JSONInput,
    *,
    now_ms: Optional[int] = None,
    reasoning_started_ms: Optional[Mapping[str, int]] = None,
    reasoning_text: Optional[Mapping[str, str]] = None,
    strings: Optional[Mapping[str, str]] = None,
) -> dict:
    """Presents the steps as a UI IR tree (``{"ir": 1, "root": {...}}``).

    ``now_ms`` and ``reasoning_started_ms`` count "Thinking… 7s";
    ``reasoning_text`` gives full reasoning text by part id; ``strings``
    replaces shown text by key (an unknown key raises :class:`InvalidArgument`).
    """
    options = {}
    if now_ms is not None:
        options["now_ms"] = now_ms
    if reasoning_started_ms:
        options["reasoning_started_ms"] = dict(reasoning_started_ms)
    if reasoning_text:
        options["reasoning_text"] = dict(reasoning_text)
    if strings:
        options["strings"] = dict(strings)
    return _call_json(lib.sca_steps_render, _encode(parts_or_attachments), _encode(options or None))
