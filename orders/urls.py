from common.routes import route
from orders import api, handover_api

urlpatterns = [
    *route("orders", api.order_list),
    *route("orders/checkout", api.checkout),
    *route("orders/quote", api.quote),
    *route("orders/bulk", api.order_bulk),
    *route("orders/deliveries", api.order_deliveries),
    *route("orders/<int:order_id>/ready", api.order_ready),
    *route("orders/<int:order_id>/handover", api.order_handover),
    *route("orders/<int:order_id>/signature", handover_api.order_signature_png),
    *route("orders/<int:order_id>/complete", api.order_complete),
    *route("orders/<int:order_id>/cancel", api.order_cancel),
    *route("orders/<int:order_id>/items/<int:item_id>", api.order_line),
    *route("shop/delivery-zip/<str:zip_code>", api.delivery_zip),
    *route("shop/phone-check", api.phone_check),
    *route("shop/delivery-times", api.delivery_times),
]
