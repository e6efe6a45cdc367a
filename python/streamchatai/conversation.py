"""A conversation as one front end shows it to one user on one install.

    conversation = Conversation(user_id="u1", client_id="linux-7f3a")
    for update in message_updates:       # as they stream
        conversation.update(update)
    tree = conversation.render()          # {"ir": 1, "root": {"type": "conversation", ...}, "ops": [...]}
"""

from __future__ import annotations

import ctypes
from typing import Any, Mapping, Optional

from ._calls import OwnedHandle
from ._calls import call_json as _call_json
from ._calls import check as _check
from ._calls import encode as _encode
from ._native import lib


class Conversation(OwnedHandle):
    """Messages with their text, steps, this viewer's approval and sign-in prompts and
    generative UI, rendered as one UI IR tree with the ops since the last render
    (see ``sca_conversation_new()``)."""

    _free = staticmethod(lib.sca_conversation_free)
    _what = "conversation"

    def __init__(self, user_id: str, client_id: str, *, now_ms: Optional[int] = None,
                 strings: Optional[Mapping[str, str]] = None, ui: Optional[Mapping[str, Any]] = None):
        config: dict = {"user_id": user_id, "client_id": client_id}
        if now_ms is not None:
            config["now_ms"] = now_ms
        if strings:
            config["strings"] = dict(strings)
        if ui is not None:
            config["ui"] = dict(ui)
        handle = ctypes.c_void_p()
        _check(lib.sca_conversation_new(_encode(config), ctypes.byref(handle)))
        self._handle = handle.value

    def update(self, message) -> None:
        """Takes one message update (``{"id", "text", "attachments", "custom", "user", "deleted"}``)."""
        _check(lib.sca_conversation_update(self._live(), _encode(message)))

    def render(self) -> dict:
        """The conversation's tree and the ops from the last render: ``{"ir", "root", "ops"}``."""
        return _call_json(lib.sca_conversation_render, self._live())
