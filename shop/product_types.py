"""A product's types set in one go, inside the writer's transaction: the product form sends the
full list, and this makes the stored types match it (update those with an id, create those
without, delete the ones left out), so a failure never leaves half the types saved."""

from collections.abc import Mapping, Sequence
from typing import Any

from common.errors import InvalidInput
from common.services import model_update
from shop.models import Product, ProductType, StockMove, StockReason
from shop.stock import Why, ledger_move, ledger_write

TYPE_NOT_FOUND = "Product type not found"


def product_types_reconcile(
    *, product: Product, types: Sequence[Mapping[str, Any]], why: Why
) -> None:
    """`types`: dicts of ProductType fields, with `id` for a type that exists. Call inside a
    transaction that holds the product's row lock (product_create / product_update). Every
    figure that moves is a ledger row: `why` (shop.stock.Why) for those created or set, a
    "deleted" move for the types left out."""
    current = {t.pk: t for t in ProductType.objects.select_for_update().filter(product=product)}
    listed = [item["id"] for item in types if item.get("id") is not None]
    stranger = [type_id for type_id in listed if type_id not in current]
    if stranger or len(listed) != len(set(listed)):
        raise InvalidInput(TYPE_NOT_FOUND, errors={"types": [TYPE_NOT_FOUND]})
    # Deletes first, so a type renamed and added again in one save never meets its old self.
    moves = _delete_left_out(
        product, [current[pk] for pk in sorted(set(current) - set(listed))], why
    )
    moves += [_save_item(product, item, current, why) for item in types]
    # Imported here: shop.services imports this module.
    from shop.services import compare_at_check

    compare_at_check(product, *ProductType.objects.filter(product=product))
    ledger_write(moves)


def _save_item(
    product: Product, item: Mapping[str, Any], current: dict[int, ProductType], why: Why
) -> StockMove | None:
    """Create or update one listed type; -> its ledger move (None if its stock stayed)."""
    fields = {key: value for key, value in item.items() if key != "id"}
    if item.get("id") is None:
        # A new type is shown unless the form says otherwise; an existing one keeps its
        # availability when the item leaves it out.
        made = ProductType.objects.create(product=product, **{"availability": True, **fields})
        return _move(product, made, 0, made.quantity, why)
    product_type = current[item["id"]]
    before = product_type.quantity
    model_update(product_type, data=fields)
    return _move(product, product_type, before, product_type.quantity, why)


def _delete_left_out(product: Product, gone: list[ProductType], why: Why) -> list[StockMove | None]:
    """Delete the types the list left out; -> their "deleted" ledger moves."""
    deleted = Why(StockReason.DELETED, actor=why.actor)
    moves = [
        _move(product, product_type, product_type.quantity, 0, deleted) for product_type in gone
    ]
    ProductType.objects.filter(pk__in=[product_type.pk for product_type in gone]).delete()
    return moves


def _move(
    product: Product, product_type: ProductType, before: int, after: int, why: Why
) -> StockMove | None:
    return ledger_move(
        product=product, product_type=product_type, before=before, after=after, why=why
    )
