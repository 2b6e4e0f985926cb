"""Errors a live-play client is told about."""


class ClientError(Exception):
    """A refused request, sent back as ``{"type": "error", "code", "message", "seq"}``.

    ``code`` is one of the codes listed in docs/protocol.md; ``seq`` is the match's current
    sequence number when known, so the client can tell whether its view is stale;
    ``retry_after``: seconds until the same request would be accepted, when the refusal
    knows it (a ``sync`` refused as ``rate_limited``).
    """

    def __init__(
        self, code: str, message: str, *, seq: int | None = None, retry_after: float | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq
        self.retry_after = retry_after

    def as_message(self) -> dict:
        """The protocol message for this error."""
        message = {"type": "error", "code": self.code, "message": self.message}
        if self.seq is not None:
            message["seq"] = self.seq
        if self.retry_after is not None:
            message["retry_after"] = self.retry_after
        return message
