"""Client tools from Python: a runner that runs Python functions (or any
tool the library knows) for the calls a reply addresses to this user and
install, exactly once, with retries; and the guards an agent backend needs.

    runner = Runner(user_id="u_123", client_id=install_id())

    @runner.tool({"name": "get_location", "description": "The user's city",
                  "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}})
    def get_location(call):
        return {"city": "Amsterdam"}, "Shared approximate location"

    runner.run(message["attachments"], send=lambda call, result: backend.post(result))
"""

from __future__ import annotations

import ctypes
import inspect
import json
import threading
from typing import Any, Callable, Mapping, Optional

from ._calls import call_json as _call_json
from ._calls import check as _check
from ._calls import OwnedHandle
from ._calls import encode as _encode
from ._native import SEND_FN, TOOL_FN, lib
from .errors import StreamChatAIError

__all__ = [
    "Runner", "Result", "plugins_list", "install_id", "call_prompts", "signin_return", "call_transition",
    "register_tools_check", "schema_validate",
]


def tool_callback(fn: Callable) -> TOOL_FN:
    """The ``sca_tool_fn`` that runs a Python function as a tool: ``fn(call)``
    returns the output or ``(output, summary)`` and raising fails the call;
    ``fn(call, result)`` answers through the :class:`Result`, now or later."""
    deferred = len(inspect.signature(fn).parameters) >= 2

    def trampoline(_ctx, call_json, handle):
        result = Result(handle)
        try:
            call = json.loads(call_json)
            if deferred:
                fn(call, result)
                return
            value = fn(call)
            output, summary = value if isinstance(value, tuple) else (value, None)
            result.complete(output, summary)
        except Exception as exc:  # the tool failed: the agent learns why
            try:
                result.fail(str(exc) or type(exc).__name__)
            except StreamChatAIError:
                pass

    return TOOL_FN(trampoline)


class ToolHost:
    """Registers Python functions as tools of a library handle. Subclasses
    set ``_add_tool`` (the C function) and keep ``_keep`` and ``_lock``."""

    _add_tool = None

    def tool(self, definition: Mapping[str, Any]) -> Callable:
        """Registers the decorated function as the tool ``definition`` (MCP Tool JSON).

        ``fn(call)`` returns the output dict, or ``(output, summary)``; raising
        fails the call with the exception's message. ``fn(call, result)`` (two
        parameters) answers through the :class:`Result`, now or later.
        """
        def register(fn: Callable) -> Callable:
            self.add_tool(definition, fn)
            return fn
        return register

    def add_tool(self, definition: Mapping[str, Any], fn: Callable) -> None:
        """Adds a tool; see :meth:`tool`. The first tool of a name wins (a second raises Refused)."""
        callback = tool_callback(fn)
        with self._lock:
            self._keep.append(callback)  # ctypes callbacks must outlive every call to them
        _check(type(self)._add_tool(self._live(), _encode(definition), callback, None))


class Result:
    """The pending result of one call, for tools that answer later.

    Complete it exactly once, from any thread, with :meth:`complete` or
    :meth:`fail`; a second time raises.
    """

    def __init__(self, handle: int):
        self._handle = handle

    def complete(self, output: Optional[Mapping[str, Any]] = None, summary: Optional[str] = None) -> None:
        """Hands over the output (a dict for the model) and a short summary."""
        _check(lib.sca_result_complete(self._handle, _encode(output if output is not None else {}),
                                       None if summary is None else summary.encode()))

    def fail(self, reason: str) -> None:
        """Says why the tool failed; the step shows it and the model reads it."""
        _check(lib.sca_result_fail(self._handle, reason.encode("utf-8", "surrogatepass")))


class Runner(OwnedHandle, ToolHost):
    """A runner for one user on one install (see ``sca_runner_new()``).

    ``ledger_path`` makes "exactly once" survive restarts; delivered calls are
    remembered while among the newest ``ledger_retention_calls`` and younger
    than ``ledger_retention_days`` (10 000 and 30 when not given). Use it from
    any thread; ``run`` may be called from several threads at once.
    """

    _free = staticmethod(lib.sca_runner_free)
    _add_tool = staticmethod(lib.sca_runner_add_tool)
    _what = "runner"

    def __init__(self, user_id: str, client_id: str, *, max_attempts: int = 3,
                 ledger_path: Optional[str] = None, tool_timeout_ms: int = 60_000,
                 ledger_retention_calls: Optional[int] = None, ledger_retention_days: Optional[int] = None):
        config = {"user_id": user_id, "client_id": client_id, "max_attempts": max_attempts,
                  "tool_timeout_ms": tool_timeout_ms}
        if ledger_path is not None:
            config["ledger_path"] = str(ledger_path)
        if ledger_retention_calls is not None:
            config["ledger_retention_calls"] = ledger_retention_calls
        if ledger_retention_days is not None:
            config["ledger_retention_days"] = ledger_retention_days
        handle = ctypes.c_void_p()
        _check(lib.sca_runner_new(_encode(config), ctypes.byref(handle)))
        self._handle = handle.value
        # ctypes callbacks must outlive every call the library can make to them;
        # send callbacks are kept per callable, so passing the same one stays bounded.
        self._keep: list = []
        self._senders: dict = {}
        self._lock = threading.Lock()

    @property
    def registrations(self) -> list:
        """The tools to register with the backend, sorted by name."""
        return _call_json(lib.sca_runner_registrations, self._live())

    @property
    def ledger(self) -> list:
        """Where each call the runner knows is (state, attempts, result)."""
        return _call_json(lib.sca_runner_ledger, self._live())

    def run(self, attachments, send: Callable[[dict, dict], bool]) -> None:
        """Runs the calls of a reply addressed here; ``send(call, result)``
        returns True when the backend took the result (an exception counts as
        not delivered, so the result is offered again on a later run).

        A tool that answers later sends from the thread that completes it.
        Pass the same ``send`` callable each time: the runner keeps one
        ctypes callback per callable for as long as it lives."""
        with self._lock:
            kept = self._senders.get(id(send))
            if kept is None:
                def trampoline(_ctx, call_json, result_json):
                    try:
                        return 0 if send(json.loads(call_json), json.loads(result_json)) else 1
                    except Exception:
                        return 1
                kept = self._senders[id(send)] = (send, SEND_FN(trampoline))
        _check(lib.sca_runner_run(self._live(), _encode(attachments), kept[1], None))

    def load_plugins(self, directory) -> dict:
        """Discovers the plugins in ``directory`` and adds their tools (see
        ``sca_runner_load_plugins()``); returns the load report."""
        return _call_json(lib.sca_runner_load_plugins, self._live(), str(directory).encode())

    def add_mcp_server(self, config) -> dict:
        """Adds an MCP stdio server's tools (see ``sca_runner_add_mcp_server()``):
        ``config`` is ``{"name", "command", "env", "cwd", "tools", "protocol_version", ...}``;
        returns ``{"name", "origin", "era", "protocol_version", "tools", "conflicts"}``."""
        return _call_json(lib.sca_runner_add_mcp_server, self._live(), _encode(config))

    def invoke(self, event) -> dict:
        """Runs the tool a ``custom_client_tool_invocation`` event names; returns the call."""
        return _call_json(lib.sca_runner_invoke, self._live(), _encode(event))


def plugins_list() -> list:
    """Every plugin the process has discovered, with its status and log."""
    return _call_json(lib.sca_plugins_list)


def install_id(directory: Optional[str] = None) -> str:
    """This install's stable id, created on first use (mode 0600)."""
    out = ctypes.c_void_p()
    _check(lib.sca_install_id(None if directory is None else str(directory).encode(), ctypes.byref(out)))
    try:
        return ctypes.string_at(out.value).decode()
    finally:
        lib.sca_free(out)


def call_prompts(call, user_id: str, client_id: str, now_ms: Optional[int] = None) -> dict:
    """The approval question and sign-in a call shows to this viewer (or None for each)."""
    viewer = {"user_id": user_id, "client_id": client_id}
    if now_ms is not None:
        viewer["now_ms"] = now_ms
    return _call_json(lib.sca_call_prompts, _encode(call), _encode(viewer))


def signin_return(url: str, callback_scheme: str) -> dict:
    """Parses the sign-in page's return to the app: ``{"for_app", "status", "connected"}``."""
    return _call_json(lib.sca_signin_return, url.encode(), callback_scheme.encode())


def call_transition(call, event) -> dict:
    """The step after ``event``; raises :class:`Refused` naming why it is not accepted."""
    return _call_json(lib.sca_call_transition, _encode(call), _encode(event))


def register_tools_check(request) -> dict:
    """Checks a register-tools request: ``{"status", "response", "channel_id", "tools"}``."""
    return _call_json(lib.sca_register_tools_check, _encode(request))


def schema_validate(schema, value) -> list:
    """The violations of ``value`` against a JSON Schema: ``[{"path", "keyword", "message"}]``."""
    return _call_json(lib.sca_schema_validate, _encode(schema), _encode(value))
