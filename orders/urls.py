from common.routes import route
from orders import api, handover_api, status_api

urlpatterns = [
    *route("orders", api.order_list),
    *route("orders/checkout", api.checkout),
    *route("orders/quote", api.quote),
    *route("orders/bulk", status_api.order_bulk),
    *route("orders/deliveries", api.order_deliveries),
    *route("orders/<int:order_id>/ready", status_api.order_ready),
    *route("orders/<int:order_id>/handover", status_api.order_handover),
    *route("orders/<int:order_id>/signature", handover_api.order_signature_png),
    *route("orders/<int:order_id>/complete", status_api.order_complete),
    *route("orders/<int:order_id>/cancel", status_api.order_cancel),
    *route("orders/<int:order_id>/items/<int:item_id>", status_api.order_line),
    *route("shop/delivery-zip/<str:zip_code>", api.delivery_zip),
    *route("shop/phone-check", api.phone_check),
    *route("shop/delivery-times", api.delivery_times),
]
