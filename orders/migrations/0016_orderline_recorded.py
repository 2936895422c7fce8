"""OrderLine.recorded: whether a `record` rule (the N2O log's) covered the line at checkout,
filled for the lines placed before from their order's rule snapshots, which name lines by
(product id, type id)."""

from collections import defaultdict

from django.db import migrations, models


def _covered(rules):
    return {
        (int(pid), int(tid) if tid is not None else None)
        for rule in rules or []
        if rule.get("action") == "record"
        for pid, tid in rule.get("lines", [])
    }


def recorded_line_ids(lines, covered):
    """The ids of `lines` (one order's) the `covered` pairs name. A line whose product or
    type was deleted has lost its ids; it is marked only when certain: the pairs no intact
    line claims belong to such lines, so when they are as many as the lines they could be,
    every one of those lines was covered. Otherwise (some but not all were) it stays off."""
    marked, unclaimed, orphans = [], set(covered), defaultdict(list)
    for line in lines:
        type_id = line.product_type_id if line.sold_as_type else None
        if line.product_id is None or (line.sold_as_type and type_id is None):
            # Product still there, type deleted: keyed by the product; else by None.
            orphans[line.product_id].append(line.pk)
        elif (line.product_id, type_id) in covered:
            marked.append(line.pk)
            unclaimed.discard((line.product_id, type_id))
    typed = {pid for pid in orphans if pid is not None}
    for product_id, ids in orphans.items():
        if product_id is None:
            candidates = [pair for pair in unclaimed if pair[0] not in typed]
        else:
            candidates = [pair for pair in unclaimed if pair[0] == product_id]
        if candidates and len(candidates) == len(ids):
            marked.extend(ids)
    return marked


def fill_recorded(apps, schema_editor):
    Order = apps.get_model("orders", "Order")
    OrderLine = apps.get_model("orders", "OrderLine")
    # JSON containment is not in SQLite: the snapshots are read here, the lines only of the
    # orders a record rule covered (few).
    orders = Order.objects.only("compliance_rules").order_by("pk")
    for order in orders.iterator(chunk_size=2000):
        covered = _covered(order.compliance_rules)
        if not covered:
            continue
        lines = OrderLine.objects.filter(order_id=order.pk)
        ids = recorded_line_ids(lines, covered)
        if ids:
            OrderLine.objects.filter(pk__in=ids).update(recorded=True)


class Migration(migrations.Migration):
    dependencies = [("orders", "0015_product_month_totals")]

    operations = [
        migrations.AddField(
            model_name="orderline",
            name="recorded",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(fill_recorded, migrations.RunPython.noop),
    ]
