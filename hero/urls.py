from common.routes import route
from hero import api

urlpatterns = [
    *route("hero/images", api.HeroCollection.as_view()),
    # Before the <int:pk> route, for whoever later loosens that pattern.
    *route("hero/images/reorder", api.hero_reorder),
    *route("hero/images/<int:pk>", api.hero_detail),
]
