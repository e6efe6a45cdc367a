"""Errors raised by the binding, one class per status code of the C API."""

from __future__ import annotations


class StreamChatAIError(Exception):
    """A call into libstreamchatai failed.

    ``status`` is the C status code, ``code`` its name (``"SCA_E_INVALID_JSON"``)
    and ``message`` what was wrong and where, as ``sca_last_error()`` said it.
    """

    def __init__(self, status: int, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message


class InvalidArgument(StreamChatAIError, ValueError):
    """SCA_E_INVALID_ARGUMENT: a missing, mistyped or malformed argument."""


class InvalidJSON(StreamChatAIError, ValueError):
    """SCA_E_INVALID_JSON: text that should be JSON is not."""


class LimitExceeded(StreamChatAIError, ValueError):
    """SCA_E_LIMIT: input over a size or nesting limit."""


class NotFound(StreamChatAIError, LookupError):
    """SCA_E_NOT_FOUND: something named does not exist."""


class Refused(StreamChatAIError):
    """SCA_E_REFUSED: a rule refused the request."""


class PluginError(StreamChatAIError):
    """SCA_E_PLUGIN: a plugin misbehaved."""


class InternalError(StreamChatAIError):
    """SCA_E_INTERNAL: a bug in the library."""


class IOFailure(StreamChatAIError, OSError):
    """SCA_E_IO: a network or file operation failed (the message has the HTTP status and a body excerpt)."""


class Cancelled(StreamChatAIError):
    """SCA_E_CANCELLED: the operation was cancelled."""


BY_STATUS = {
    1: InvalidArgument,
    2: InvalidJSON,
    3: LimitExceeded,
    4: NotFound,
    5: Refused,
    6: PluginError,
    7: InternalError,
    8: IOFailure,
    9: Cancelled,
}
