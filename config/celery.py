"""The Celery app. Tasks run eagerly in-process on the embedded default (no REDIS_URL)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cartelle")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
