from django.apps import AppConfig


class LegacyConfig(AppConfig):
    name = "puzzles.legacy"
    label = "puzzles"
    verbose_name = "Open domino (earlier migrations)"
    default_auto_field = "django.db.models.BigAutoField"
