from common.routes import route
from promotions import api

urlpatterns = [
    *route("promotions", api.promotion_collection),
    *route("promotions/<int:promotion_id>", api.promotion_detail),
]
