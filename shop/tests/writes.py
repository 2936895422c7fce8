"""The ways a catalog write happens, each as `write(clients, product)` returning a check of
the product as the next list shows it (None when it should be gone): the API, checkouts
and cancels, the Django admin's forms and list, a category rename."""

from shop.models import Category
from shop.tests.factories import at_open, listed
from tests.factories import line, make_product, placed_order


def admin_product_form(product, **changes):
    return {
        "name": product.name,
        "description": product.description,
        "category": product.category_id,
        "price": str(product.price),
        "quantity": str(product.quantity),
        "availability": "on",
        "types-TOTAL_FORMS": "0",
        "types-INITIAL_FORMS": "0",
        "types-MIN_NUM_FORMS": "0",
        "types-MAX_NUM_FORMS": "1000",
        **changes,
    }


def api_update(c, product):
    c.admin.put(f"/api/products/{product.pk}", {"name": "Renamed Pod"}, format="multipart")
    return lambda shown: shown["name"] == "Renamed Pod"


def api_delete(c, product):
    c.admin.delete(f"/api/products/{product.pk}")
    return lambda shown: shown is None


def image_delete(c, product):
    path = product.images.first().path
    c.admin.delete(f"/api/products/{product.pk}/images", {"imagePaths": [path]}, format="json")
    return lambda shown: len(shown["images"]) == 1


def type_create(c, product):
    c.admin.post(f"/api/products/{product.pk}/types", {"name": "Ice"}, format="json")
    return lambda shown: [t["name"] for t in shown["types"]][-1] == "Ice"


def type_update(c, product):
    type_id = product.types.first().pk
    etag = c.admin.get(f"/api/products/{product.pk}")["ETag"]  # a stock change needs If-Match
    response = c.admin.put(
        f"/api/products/{product.pk}/types/{type_id}",
        {"quantity": 77},
        format="json",
        HTTP_IF_MATCH=etag,
    )
    assert response.status_code == 200, response.content
    return lambda shown: shown["types"][0]["quantity"] == 77


def type_delete(c, product):
    c.admin.delete(f"/api/products/{product.pk}/types/{product.types.first().pk}")
    return lambda shown: len(shown["types"]) == 1


def buy(c, product, quantity=2):
    """A checkout of the product's first type (each of its types starts with 5 units)."""
    first_type = product.types.order_by("id").first()
    return placed_order(c.customer, line(product, quantity, first_type), ageConfirmed=True).pk


def checkout(c, product):
    buy(c, product)
    return lambda shown: shown["types"][0]["quantity"] == 3


def checkout_of_a_product_without_types(c, product):
    plain = make_product(name="Plain Pod", quantity=20)
    listed(c.customer, plain.pk)
    placed_order(c.customer, line(plain, 3), ageConfirmed=True)
    return lambda shown: listed(c.customer, plain.pk)["quantity"] == 17


def cancel(c, product):
    order_id = buy(c, product)
    assert listed(c.customer, product.pk)["types"][0]["quantity"] == 3  # cached anew
    assert c.admin.put(f"/api/orders/{order_id}/cancel").status_code == 200
    return lambda shown: shown["types"][0]["quantity"] == 5


def admin_change_form(c, product):
    url = f"/admin/shop/product/{product.pk}/change/"
    response = c.browser.post(
        url, admin_product_form(product, quantity="4", **at_open(c.browser, url))
    )
    assert response.status_code == 302
    return lambda shown: shown["quantity"] == 4


def admin_list_editable(c, product):
    response = c.browser.post(
        "/admin/shop/product/",
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-MIN_NUM_FORMS": "0",
            "form-MAX_NUM_FORMS": "1000",
            "form-0-id": str(product.pk),
            "form-0-quantity": "55",
            "_save": "Save",
            **at_open(c.browser, "/admin/shop/product/", prefix="form-0-"),
        },
    )
    assert response.status_code == 302
    return lambda shown: shown["quantity"] == 55 and shown["availability"] is False


def admin_delete(c, product):
    response = c.browser.post(f"/admin/shop/product/{product.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    return lambda shown: shown is None


def admin_category_rename(c, product):
    category = Category.objects.get(pk=product.category_id)
    response = c.browser.post(
        f"/admin/shop/category/{category.pk}/change/",
        {
            "id": category.pk,
            "name": "Renamed shelf",
            "color_class": category.color_class,
            "description": category.description,
            "icon": category.icon,
            "position": category.position,
        },
    )
    assert response.status_code == 302
    return lambda shown: shown["categoryName"] == "Renamed shelf"


WRITES = [
    api_update,
    api_delete,
    image_delete,
    type_create,
    type_update,
    type_delete,
    checkout,
    checkout_of_a_product_without_types,
    cancel,
    admin_change_form,
    admin_list_editable,
    admin_delete,
    admin_category_rename,
]
