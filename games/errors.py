"""Errors a live-play client is told about."""


class ClientError(Exception):
    """A refused request, sent back as ``{"type": "error", "code", "message", "seq"}``.

    ``code`` is one of the codes listed in docs/protocol.md; ``seq`` is the match's current
    sequence number when known, so the client can tell whether its view is stale.
    """

    def __init__(self, code: str, message: str, *, seq: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq

    def as_message(self) -> dict:
        """The protocol message for this error."""
        message = {"type": "error", "code": self.code, "message": self.message}
        if self.seq is not None:
            message["seq"] = self.seq
        return message
