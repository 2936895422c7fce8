from common.routes import route
from rides import api

urlpatterns = [
    *route("rides", api.RideCollection.as_view()),
    *route("rides/settings/pricing", api.RidePricing.as_view()),
    *route("rides/<int:pk>/status", api.ride_status),
    *route("rides/<int:pk>", api.ride_detail),
]
