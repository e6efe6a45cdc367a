"""The agent chat client from Python: one ``send`` streams the reply, runs the
client tools the agent asks for, delivers their results and continues the
conversation until the agent is done (see ``sca_chat_client_send()``).

    client = ChatClient(url="http://127.0.0.1:8000/api/chat")

    @client.tool({"name": "get_location", "inputSchema": {"type": "object"}})
    def get_location(call):
        return {"city": "Lyon"}

    client.on_event = lambda event: print(event.get("delta", ""), end="")
    response = client.send("Weather where I am?")
    response = await client.send_async("And tomorrow?", conversation_id=response["conversation_id"])

``send`` blocks the calling thread with the GIL released, so other Python
threads run meanwhile; events and the approver run on that thread.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import threading
from typing import Any, Callable, Mapping, Optional, Union

from ._calls import OwnedHandle
from ._calls import call_json as _call_json
from ._calls import check as _check
from ._calls import encode as _encode
from ._native import CHAT_APPROVE_FN, CHAT_EVENT_FN, lib
from .tools import ToolHost, tool_callback

__all__ = ["ChatClient"]

Message = Union[str, Mapping[str, Any]]


class ChatClient(OwnedHandle, ToolHost):
    """A chat client for one agent (see ``sca_chat_client_new()``).

    Give ``url`` for an AI SDK UI message stream backend, or
    ``transport="chatbase"`` with ``agent_id`` (and ``base_url``,
    ``identity_token``); any other setting of the C config by keyword
    (``headers``, ``timeout_ms``, ``max_tool_loop_steps``, ``retry_delays_ms``,
    ``ledger_path``, ``user_id``, ``client_id``, ``tool_timeout_ms``).
    """

    _free = staticmethod(lib.sca_chat_client_free)
    _add_tool = staticmethod(lib.sca_chat_client_add_tool)
    _what = "chat client"

    def __init__(self, url: Optional[str] = None, *, transport: str = "ui-message-stream", **settings: Any):
        config = {"transport": transport, **settings}
        if url is not None:
            config["url"] = url
        handle = ctypes.c_void_p()
        _check(lib.sca_chat_client_new(_encode(config), ctypes.byref(handle)))
        self._handle = handle.value
        self._keep: list = []
        self._lock = threading.Lock()
        self._on_event: Optional[Callable[[dict], None]] = None
        self._approver: Optional[Callable[[dict], bool]] = None
        self._event_fn = None
        self._approve_fn = None

    def add_tool(self, definition: Mapping[str, Any], fn: Callable) -> None:
        """Registers ``fn`` as the handler of ``definition``'s tool; one of the
        same name is replaced. ``fn(call)`` returns the output dict (or
        ``(output, summary)``) and raising sends ``{"error": message}``;
        ``fn(call, result)`` answers later through the Result, from any thread."""
        callback = tool_callback(fn)
        with self._lock:
            self._keep.append(callback)
        _check(lib.sca_chat_client_add_tool(self._live(), _encode(definition), callback, None))

    @property
    def on_event(self) -> Optional[Callable[[dict], None]]:
        """Gets each event of a send as a dict (``text_delta``, ``tool_call``,
        ``tool_result``, ``steps``, ``warning``); an exception it raises is ignored."""
        return self._on_event

    @on_event.setter
    def on_event(self, fn: Optional[Callable[[dict], None]]) -> None:
        if fn is None:
            self._event_fn = None
            _check(lib.sca_chat_client_set_callback(self._live(), CHAT_EVENT_FN(), None))
        else:
            def trampoline(_ctx, event_json):
                try:
                    fn(json.loads(event_json))
                except Exception:  # a watcher's bug must not end the reply
                    pass
            self._event_fn = CHAT_EVENT_FN(trampoline)
            _check(lib.sca_chat_client_set_callback(self._live(), self._event_fn, None))
        self._on_event = fn

    @property
    def approver(self) -> Optional[Callable[[dict], bool]]:
        """Decides the server's approval requests (``{"approval_id", "tool_call_id",
        "tool_name", "input"}``): True allows. None (or raising) declines."""
        return self._approver

    @approver.setter
    def approver(self, fn: Optional[Callable[[dict], bool]]) -> None:
        if fn is None:
            self._approve_fn = None
            _check(lib.sca_chat_client_set_approver(self._live(), CHAT_APPROVE_FN(), None))
        else:
            def trampoline(_ctx, request_json):
                try:
                    return 1 if fn(json.loads(request_json)) else 0
                except Exception:
                    return 0
            self._approve_fn = CHAT_APPROVE_FN(trampoline)
            _check(lib.sca_chat_client_set_approver(self._live(), self._approve_fn, None))
        self._approver = fn

    def send(self, message: Message, conversation_id: Optional[str] = None) -> dict:
        """Sends ``message`` (text, ``{"text"}`` or a UI message) and returns the
        response once the agent is done: ``{"text", "conversation_id", "message_id",
        "finish_reason", "usage", "tool_calls", ...}``. Raises IOFailure,
        LimitExceeded, Cancelled, InvalidArgument."""
        body = {"text": message} if isinstance(message, str) else message
        return _call_json(lib.sca_chat_client_send, self._live(),
                          None if conversation_id is None else conversation_id.encode(), _encode(body))

    def retry(self, conversation_id: str, message_id: str) -> dict:
        """Asks again for reply ``message_id`` and runs its tool loop (see :meth:`send`)."""
        return _call_json(lib.sca_chat_client_retry, self._live(), conversation_id.encode(), message_id.encode())

    async def send_async(self, message: Message, conversation_id: Optional[str] = None) -> dict:
        """:meth:`send` in a worker thread; cancelling the awaiting task cancels the reply."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(None, self.send, message, conversation_id)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            self.cancel()
            try:
                await future
            except Exception:
                pass
            raise

    def cancel(self) -> None:
        """Cancels the sends under way (from any thread): each raises Cancelled."""
        _check(lib.sca_chat_client_cancel(self._live()))

    def load_plugins(self, directory) -> dict:
        """Adds a plugins folder's tools as handlers; returns the load report."""
        return _call_json(lib.sca_chat_client_load_plugins, self._live(), str(directory).encode())

    def add_mcp_server(self, config) -> dict:
        """Adds an MCP stdio server's tools as handlers; returns its report."""
        return _call_json(lib.sca_chat_client_add_mcp_server, self._live(), _encode(config))
