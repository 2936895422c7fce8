from django.apps import AppConfig


class HeroConfig(AppConfig):
    name = "hero"
    verbose_name = "Hero"
