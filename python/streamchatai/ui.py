"""Generative UI from Python: a host that renders each reply's ai_ui document
to UI IR with its renderers (such as renderer plugins), delivers the user's
events, runs the app's tools under the read-only policy, and sends actions;
plus the fence extractor for agent backends and the IR diff.

    host = UIHost(instructions="Show places as cards.", send=post_message)
    host.load_plugins("build/plugins")
    host.receive("m1", message["custom"])
    tree = host.render("m1")          # None: show the reply's text
    host.event("m1", node_id="card-naum", name="tap")
"""

from __future__ import annotations

import ctypes
import json
import threading
from typing import Any, Callable, Mapping, Optional

from ._calls import call_json as _call_json
from ._calls import check as _check
from ._calls import OwnedHandle
from ._calls import encode as _encode
from ._native import UI_ERROR_FN, UI_OPEN_FN, UI_RENDER_FN, UI_SEND_FN, lib
from .errors import InvalidArgument, NotFound, Refused
from .tools import ToolHost

__all__ = ["UIHost", "FenceExtractor", "ui_diff"]


class UIHost(OwnedHandle, ToolHost):
    """The generative UI of one conversation (see ``sca_ui_host_new()``).

    ``send(action)`` gets each action (return True when sent), ``open(url)``
    each allowed link, ``on_error(message_id, problem)`` each problem, and
    ``on_render(message_id)`` hears that a reply's view changed by itself (a
    tool's result arrived, a tool its UI runs started): render it again. ``on_render`` runs on the thread
    where the change happened, not necessarily the caller's.

    ``renderers`` picks the library's built-in renderers by format, in asking
    order (None: all of them); ``renderer_options`` gives a format its options,
    such as ``{"openui": {"library": "standard"}}``.
    """

    _free = staticmethod(lib.sca_ui_host_free)
    _add_tool = staticmethod(lib.sca_ui_host_add_tool)
    _what = "UI host"

    def __init__(self, *, instructions: Optional[str] = None, link_schemes=None, media_schemes=None,
                 tool_timeout_ms: Optional[int] = None, send: Optional[Callable[[dict], bool]] = None,
                 open: Optional[Callable[[str], bool]] = None,
                 on_error: Optional[Callable[[Optional[str], str], None]] = None,
                 on_render: Optional[Callable[[str], None]] = None,
                 renderers: Optional[list] = None, renderer_options: Optional[Mapping[str, Mapping[str, Any]]] = None,
                 allow_writable_plugins: bool = False):
        config: dict = {}
        if instructions is not None:
            config["instructions"] = instructions
        if link_schemes is not None:
            config["link_schemes"] = list(link_schemes)
        if media_schemes is not None:
            config["media_schemes"] = list(media_schemes)
        if tool_timeout_ms is not None:
            config["tool_timeout_ms"] = tool_timeout_ms
        if renderers is not None:
            config["renderers"] = list(renderers)
        if allow_writable_plugins:
            config["allow_writable_plugins"] = True
        for name, options in (renderer_options or {}).items():
            config[name] = dict(options)
        handle = ctypes.c_void_p()
        _check(lib.sca_ui_host_new(_encode(config), ctypes.byref(handle)))
        self._handle = handle.value
        self._keep: list = []
        self._lock = threading.Lock()
        self.set_callbacks(send=send, open=open, on_error=on_error)
        if on_render is not None:
            self.set_render_callback(on_render)

    def set_callbacks(self, *, send=None, open=None, on_error=None) -> None:
        """Sets the callbacks; an exception in one counts as a failure (send) or is ignored."""
        def sending(_ctx, action_json):
            try:
                return 0 if send(json.loads(action_json)) else 1
            except Exception:
                return 1

        def opening(_ctx, url):
            try:
                return 0 if open(url.decode()) else 1
            except Exception:
                return 1

        def reporting(_ctx, message_id, problem):
            try:
                on_error(message_id.decode() if message_id else None, problem.decode())
            except Exception:
                pass

        callbacks = (UI_SEND_FN(sending) if send else UI_SEND_FN(), UI_OPEN_FN(opening) if open else UI_OPEN_FN(),
                     UI_ERROR_FN(reporting) if on_error else UI_ERROR_FN())
        with self._lock:
            self._keep.append(callbacks)
        _check(lib.sca_ui_host_set_callbacks(self._live(), *callbacks, None))

    def set_render_callback(self, on_render: Optional[Callable[[str], None]]) -> None:
        """Sets (or with None clears) the callback that hears a reply wants rendering again."""
        def rendering(_ctx, message_id):
            try:
                on_render(message_id.decode())
            except Exception:
                pass

        callback = UI_RENDER_FN(rendering) if on_render else UI_RENDER_FN()
        with self._lock:
            self._keep.append(callback)
        _check(lib.sca_ui_host_set_render_callback(self._live(), callback, None))

    def add_component(self, definition: Mapping[str, Any]) -> None:
        """Adds an app component ({"name", "description", "parameters", "events"})."""
        _check(lib.sca_ui_host_add_component(self._live(), _encode(definition)))

    def load_plugins(self, directory) -> dict:
        """Adds the tools and renderers of the plugins in ``directory``; returns the load report."""
        return _call_json(lib.sca_ui_host_load_plugins, self._live(), str(directory).encode())

    def add_mcp_server(self, config) -> dict:
        """Adds an MCP stdio server's tools, which the UI runs under its read-only
        policy (see ``sca_ui_host_add_mcp_server()``); returns the report."""
        return _call_json(lib.sca_ui_host_add_mcp_server, self._live(), _encode(config))

    def receive(self, message_id: str, custom_data) -> dict:
        """Takes a reply's custom data; returns ``{"ui": True}`` or ``{"ui": False, "reason": ...}``."""
        return _call_json(lib.sca_ui_host_receive, self._live(), message_id.encode(), _encode(custom_data))

    def render(self, message_id: str) -> Optional[dict]:
        """The reply's UI IR, ``{"ir", "message_id", "format", "streaming", "running_tools", "root"}``,
        or None when it shows its text. ``running_tools`` names the tools the UI waits for."""
        try:
            return _call_json(lib.sca_ui_host_render, self._live(), message_id.encode())
        except NotFound:
            return None

    def append(self, message_id: str, text: str, *, streaming: bool = True) -> None:
        """Adds ``text`` to the end of a reply's text document while it streams
        (received first with ``receive`` and status ``streaming``); ``streaming=False``
        ends the document. Raises ``NotFound`` for a reply never received,
        ``InvalidArgument`` for JSON content, an ended document or a NUL in ``text``,
        ``LimitExceeded`` past the size limit; nothing changes then."""
        if "\x00" in text:
            raise InvalidArgument(1, "SCA_E_INVALID_ARGUMENT", "text holds a NUL character, which a piece cannot carry")
        _check(lib.sca_ui_host_append(self._live(), message_id.encode(), text.encode("utf-8", "surrogatepass"),
                                      1 if streaming else 0))

    def render_ops(self, message_id: str) -> Optional[dict]:
        """The reply's UI as ``{"ir", "message_id", "format", "streaming", "running_tools", "ops"}``: the ops
        that turn the tree this method last gave into the new one (the first time one
        ``replace`` with the whole root), or None when the reply shows its text."""
        try:
            return _call_json(lib.sca_ui_host_render_ops, self._live(), message_id.encode())
        except NotFound:
            return None

    def event(self, message_id: str, *, node_id: str, name: str, value: Any = None, label: Optional[str] = None) -> dict:
        """Delivers a user's event; returns ``{"actions", "unsent", "state", "tool_runs"}``."""
        event: dict = {"node_id": node_id, "name": name}
        if value is not None:
            event["value"] = value
        if label is not None:
            event["label"] = label
        return _call_json(lib.sca_ui_host_event, self._live(), message_id.encode(), _encode(event))

    def retry_actions(self, message_id: str) -> dict:
        """Sends the reply's actions still waiting after a failed send."""
        return _call_json(lib.sca_ui_host_retry_actions, self._live(), message_id.encode())

    def forget(self, message_id: str) -> None:
        """The reply left the conversation."""
        _check(lib.sca_ui_host_forget(self._live(), message_id.encode()))

    def run_tool(self, name: str, arguments: Optional[Mapping[str, Any]] = None, *, user_initiated: bool) -> dict:
        """Runs a tool for the UI under the read-only policy; returns its result."""
        return _call_json(lib.sca_ui_host_run_tool, self._live(), name.encode(), _encode(dict(arguments or {})),
                          1 if user_initiated else 0)

    def open(self, url: str) -> bool:
        """Opens a link through the open callback when its scheme is allowed."""
        try:
            _check(lib.sca_ui_host_open(self._live(), url.encode("utf-8", "surrogatepass")))
            return True
        except Refused:
            return False

    @property
    def capabilities(self) -> dict:
        """What the agent's backend needs: renderers with instructions, components."""
        return _call_json(lib.sca_ui_host_capabilities, self._live())


class FenceExtractor(OwnedHandle):
    """Moves fenced UI blocks out of a streamed reply's text into ai_ui."""

    _free = staticmethod(lib.sca_fence_extractor_free)
    _what = "fence extractor"

    def __init__(self, fences: Mapping[str, str], *, max_custom_data_bytes: int = 50 * 1024,
                 other_custom_data_bytes: int = 0):
        handle = ctypes.c_void_p()
        _check(lib.sca_fence_extractor_new(_encode({
            "fences": dict(fences), "max_custom_data_bytes": max_custom_data_bytes,
            "other_custom_data_bytes": other_custom_data_bytes,
        }), ctypes.byref(handle)))
        self._handle = handle.value

    def feed(self, chunk: str) -> dict:
        """Adds a chunk; returns ``{"text", "ai_ui", "dropped_for_size"}``."""
        return _call_json(lib.sca_fence_extractor_feed, self._live(), chunk.encode("utf-8", "surrogatepass"))

    def finish(self) -> dict:
        """Says the reply is done."""
        return _call_json(lib.sca_fence_extractor_finish, self._live())


def ui_diff(old, new) -> list:
    """The ops that turn one render (or node) into the next."""
    return _call_json(lib.sca_ui_diff, _encode(old), _encode(new))


def apply_ops(tree: Optional[dict], ops: list) -> dict:
    """Applies the ops of ``UIHost.render_ops`` or ``ui_diff`` to ``tree`` (a
    node as dicts, changed in place; None before the first render) one by one,
    as a front end that keeps its own copy of the tree does, and returns the
    tree (a ``replace`` op's node when there is one). Raises ``InvalidArgument``
    at the first op that names a node the tree lacks, removes the root, or
    inserts past the end of its parent's children."""
    def find(node, id_):
        """The node with ``id_`` and its parent, or (None, None)."""
        stack = [(node, None)]
        while stack:
            here, parent = stack.pop()
            if here["id"] == id_:
                return here, parent
            stack.extend((child, here) for child in reversed(here["children"]))
        return None, None

    def refuse(n, why):
        raise InvalidArgument(1, "SCA_E_INVALID_ARGUMENT", "ops[%d]: %s" % (n, why))

    for n, op in enumerate(ops):
        kind = op["op"]
        if kind == "replace":
            tree = op["node"]
            continue
        if tree is None:
            refuse(n, "a %s op before any tree: the first ops replace the root" % kind)
        if kind == "remove":
            node, parent = find(tree, op["id"])
            if node is None:
                refuse(n, "no node %s in the tree" % op["id"])
            if parent is None:
                refuse(n, "the root %s cannot be removed: replace it" % op["id"])
            parent["children"].remove(node)
        elif kind == "insert":
            parent, _ = find(tree, op["parent"])
            if parent is None:
                refuse(n, "no node %s in the tree" % op["parent"])
            if not 0 <= op["index"] <= len(parent["children"]):
                refuse(n, "index %d is past the children of %s" % (op["index"], op["parent"]))
            parent["children"].insert(op["index"], op["node"])
        elif kind == "update":
            node, _ = find(tree, op["id"])
            if node is None:
                refuse(n, "no node %s in the tree" % op["id"])
            node.update({key: op[key] for key in ("props", "state", "events", "bindings", "entrance")})
        else:
            refuse(n, "unknown op %r" % kind)
    return tree
