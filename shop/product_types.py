"""A product's types set in one go, inside the writer's transaction: the product form sends the
full list, and this makes the stored types match it (update those with an id, create those
without, delete the ones left out), so a failure never leaves half the types saved."""

from common.errors import BadRequest
from common.services import model_update
from shop.models import ProductType

TYPE_NOT_FOUND = "Product type not found"


def product_types_reconcile(*, product, types):
    """`types`: dicts of ProductType fields, with `id` for a type that exists. Call inside a
    transaction that holds the product's row lock (product_create / product_update)."""
    current = {t.pk: t for t in ProductType.objects.select_for_update().filter(product=product)}
    listed = [item["id"] for item in types if item.get("id") is not None]
    stranger = [type_id for type_id in listed if type_id not in current]
    if stranger or len(listed) != len(set(listed)):
        raise BadRequest(TYPE_NOT_FOUND, errors={"types": [TYPE_NOT_FOUND]})
    # Deletes first, so a type renamed and added again in one save never meets its old self.
    ProductType.objects.filter(pk__in=set(current) - set(listed)).delete()
    for item in types:
        fields = {key: value for key, value in item.items() if key != "id"}
        if item.get("id") is None:
            # A new type is shown unless the form says otherwise; an existing one keeps its
            # availability when the item leaves it out.
            ProductType.objects.create(product=product, **{"availability": True, **fields})
            continue
        model_update(current[item["id"]], data=fields)
