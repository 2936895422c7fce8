from common.routes import route
from reports import api, compliance_api

urlpatterns = [
    *route("reports/sales", api.sales),
    *route("reports/sales.csv", api.sales_csv),
    *route("reports/taxes", api.taxes),
    *route("reports/taxes.csv", api.taxes_csv),
    # The records an inspector may ask for (issue 38), under /api/compliance/ beside the
    # compliance app's rules: read from the orders, so they live with the other reports.
    *route("compliance/n2o-log", compliance_api.n2o_log),
    *route("compliance/n2o-log.csv", compliance_api.n2o_log_csv),
    *route("compliance/delivery-sales", compliance_api.delivery_sales),
    *route("compliance/delivery-sales.csv", compliance_api.delivery_sales_csv),
    *route("compliance/delivery-sales.pdf", compliance_api.delivery_sales_pdf_file),
]
