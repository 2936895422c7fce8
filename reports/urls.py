from common.routes import route
from reports import api

urlpatterns = [
    *route("reports/sales", api.sales),
    *route("reports/sales.csv", api.sales_csv),
    *route("reports/taxes", api.taxes),
    *route("reports/taxes.csv", api.taxes_csv),
]
