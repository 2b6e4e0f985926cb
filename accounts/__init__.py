"""Players: the custom user model, sign-up and log-in (allauth), public profiles."""
