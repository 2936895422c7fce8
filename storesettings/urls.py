from common.routes import route
from storesettings import api

urlpatterns = [*route("shop/settings", api.shop_settings)]
