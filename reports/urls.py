from common.routes import route
from reports import api

urlpatterns = [
    *route("reports/sales", api.sales),
    *route("reports/sales.csv", api.sales_csv),
]
