"""Loads libstreamchatai and declares the C functions it uses.

The library is found, in order, at $STREAMCHATAI_LIB, in the package's own
_lib folder (an installed wheel bundles it there, with the plugin helper
beside it), at build/lib of the source tree this package sits in, and
through the system's library search path (ctypes.util.find_library).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path

ABI_VERSION = 1


# sca_tool_fn, sca_send_fn and the UI host's callbacks, from include/streamchatai.h.
TOOL_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
SEND_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p)
UI_SEND_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)
UI_OPEN_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)
UI_ERROR_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p)
UI_RENDER_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
CHAT_EVENT_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
CHAT_APPROVE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)


def _candidates():
    env = os.environ.get("STREAMCHATAI_LIB")
    if env:
        yield env
        return
    bundled = Path(__file__).resolve().parent / "_lib" / "libstreamchatai.so"
    if bundled.exists():
        yield str(bundled)
    tree = Path(__file__).resolve().parents[2] / "build" / "lib" / "libstreamchatai.so"
    if tree.exists():
        yield str(tree)
    found = ctypes.util.find_library("streamchatai")
    if found:
        yield found


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_LOCAL)
            break
        except OSError as error:
            errors.append(f"{path}: {error}")
    else:
        raise ImportError(
            "libstreamchatai.so not found; set STREAMCHATAI_LIB or run `make lib`"
            + ("" if not errors else " (" + "; ".join(errors) + ")")
        )
    # Outputs are declared as c_void_p so the pointer can be handed back to sca_free.
    out_p = ctypes.POINTER(ctypes.c_void_p)
    void_p = ctypes.c_void_p
    signatures = {
        "sca_runner_new": ([ctypes.c_char_p, ctypes.POINTER(void_p)], ctypes.c_int),
        "sca_runner_free": ([void_p], None),
        "sca_runner_add_tool": ([void_p, ctypes.c_char_p, TOOL_FN, void_p], ctypes.c_int),
        "sca_runner_registrations": ([void_p, out_p], ctypes.c_int),
        "sca_runner_run": ([void_p, ctypes.c_char_p, SEND_FN, void_p], ctypes.c_int),
        "sca_runner_ledger": ([void_p, out_p], ctypes.c_int),
        "sca_runner_invoke": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_result_complete": ([void_p, ctypes.c_char_p, ctypes.c_char_p], ctypes.c_int),
        "sca_result_fail": ([void_p, ctypes.c_char_p], ctypes.c_int),
        "sca_runner_load_plugins": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_runner_add_mcp_server": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_plugins_list": ([out_p], ctypes.c_int),
        "sca_ui_host_new": ([ctypes.c_char_p, ctypes.POINTER(void_p)], ctypes.c_int),
        "sca_ui_host_free": ([void_p], None),
        "sca_ui_host_add_component": ([void_p, ctypes.c_char_p], ctypes.c_int),
        "sca_ui_host_add_tool": ([void_p, ctypes.c_char_p, TOOL_FN, void_p], ctypes.c_int),
        "sca_ui_host_load_plugins": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_ui_host_add_mcp_server": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_ui_host_set_callbacks": ([void_p, UI_SEND_FN, UI_OPEN_FN, UI_ERROR_FN, void_p], ctypes.c_int),
        "sca_ui_host_set_render_callback": ([void_p, UI_RENDER_FN, void_p], ctypes.c_int),
        "sca_ui_host_receive": ([void_p, ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_ui_host_render": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_ui_host_append": ([void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int], ctypes.c_int),
        "sca_ui_host_render_ops": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_ui_host_event": ([void_p, ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_ui_host_retry_actions": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_ui_host_forget": ([void_p, ctypes.c_char_p], ctypes.c_int),
        "sca_ui_host_run_tool": ([void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, out_p], ctypes.c_int),
        "sca_ui_host_open": ([void_p, ctypes.c_char_p], ctypes.c_int),
        "sca_ui_host_capabilities": ([void_p, out_p], ctypes.c_int),
        "sca_ui_diff": ([ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_conversation_new": ([ctypes.c_char_p, ctypes.POINTER(void_p)], ctypes.c_int),
        "sca_conversation_update": ([void_p, ctypes.c_char_p], ctypes.c_int),
        "sca_conversation_render": ([void_p, out_p], ctypes.c_int),
        "sca_conversation_free": ([void_p], None),
        "sca_chat_client_new": ([ctypes.c_char_p, ctypes.POINTER(void_p)], ctypes.c_int),
        "sca_chat_client_add_tool": ([void_p, ctypes.c_char_p, TOOL_FN, void_p], ctypes.c_int),
        "sca_chat_client_load_plugins": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_chat_client_add_mcp_server": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_chat_client_set_callback": ([void_p, CHAT_EVENT_FN, void_p], ctypes.c_int),
        "sca_chat_client_set_approver": ([void_p, CHAT_APPROVE_FN, void_p], ctypes.c_int),
        "sca_chat_client_send": ([void_p, ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_chat_client_retry": ([void_p, ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_chat_client_cancel": ([void_p], ctypes.c_int),
        "sca_chat_client_free": ([void_p], None),
        "sca_fence_extractor_new": ([ctypes.c_char_p, ctypes.POINTER(void_p)], ctypes.c_int),
        "sca_fence_extractor_feed": ([void_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_fence_extractor_finish": ([void_p, out_p], ctypes.c_int),
        "sca_fence_extractor_free": ([void_p], None),
        "sca_install_id": ([ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_call_prompts": ([ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_signin_return": ([ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_call_transition": ([ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_register_tools_check": ([ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_schema_validate": ([ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_abi_version": ([], ctypes.c_int),
        "sca_version": ([], ctypes.c_char_p),
        "sca_version_number": ([], ctypes.c_int),
        "sca_status_name": ([ctypes.c_int], ctypes.c_char_p),
        "sca_last_error": ([], ctypes.c_char_p),
        "sca_free": ([ctypes.c_void_p], None),
        "sca_limit": ([ctypes.c_int, ctypes.c_int64], ctypes.c_int64),
        "sca_parts_decode": ([ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_parts_decode_views": ([ctypes.c_char_p, out_p], ctypes.c_int),
        "sca_steps_render": ([ctypes.c_char_p, ctypes.c_char_p, out_p], ctypes.c_int),
    }
    for name, (args, result) in signatures.items():
        fn = getattr(lib, name)
        fn.argtypes = args
        fn.restype = result
    if lib.sca_abi_version() != ABI_VERSION:
        raise ImportError(
            f"libstreamchatai ABI {lib.sca_abi_version()} loaded, this binding speaks ABI {ABI_VERSION}"
        )
    return lib


lib = _load()
