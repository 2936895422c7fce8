from common.routes import route
from shop import api

urlpatterns = [
    *route("categories", api.category_list),
    *route("categories/<slug:category_id>", api.category_flags),
    *route("products", api.ProductCollection.as_view()),
    *route("products/<int:pk>", api.ProductDetail.as_view()),
    *route("products/<int:pk>/images", api.product_images),
    *route("products/<int:pk>/stock-moves", api.stock_moves),
    *route("products/<int:pk>/types", api.ProductTypeCollection.as_view()),
    *route("products/<int:pk>/types/<int:type_id>", api.ProductTypeDetail.as_view()),
]
