from activity import api
from common.routes import route

urlpatterns = [
    *route("activity", api.activity_list),
]
