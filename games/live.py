"""Sending to channel-layer groups from synchronous code (services, Celery tasks)."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group_send(group: str, message: dict) -> None:
    """Send ``message`` to every consumer in ``group``; a channel-layer failure is logged,
    never raised, because the change it announces is already committed and a client that
    missed it gets the full state on its next message or reconnect.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # the broadcast is best effort; the database holds the truth
        logger.exception("Broadcast to %s failed", group)
