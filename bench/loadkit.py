"""What the load and fault scripts share: a throwaway PostgreSQL database, shoppers to log in
as, the locust run, and the stock ledger that must balance afterwards."""

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import liveserver  # noqa: E402
from tests.liveserver import manage  # noqa: E402

PG_SERVER = os.environ.get("BENCH_PG_SERVER", "postgres://postgres@127.0.0.1:5432")
LOCUST = ROOT / ".venv-tools" / "bin" / "locust"

# Printed by `manage.py shell`: for every product and type, units in stock plus units held by
# orders that are not cancelled. Checkout moves units from the first to the second, cancel moves
# them back, complete moves nothing: the sum never changes while only shoppers and admins act.
LEDGER = """
import json
from django.db.models import Sum
from orders.models import Order, OrderLine
from shop.models import Product, ProductType
held = {}
for line in OrderLine.objects.exclude(order__status="cancelled").values("product_id", "product_type_id").annotate(n=Sum("quantity")):
    key = f"t{line['product_type_id']}" if line["product_type_id"] else f"p{line['product_id']}"
    held[key] = held.get(key, 0) + line["n"]
ledger = {f"p{p}": q for p, q in Product.objects.values_list("id", "quantity")}
ledger.update({f"t{t}": q for t, q in ProductType.objects.values_list("id", "quantity")})
for key, n in held.items():
    ledger[key] = ledger.get(key, 0) + n
orders = Order.objects.count()
empty = Order.objects.filter(items__isnull=True).count()
bad_totals = sum(
    1 for o in Order.objects.prefetch_related("items")
    if sum(i.unit_price * i.quantity for i in o.items.all()) + o.delivery_fee != o.total
)
print(json.dumps({"ledger": ledger, "orders": orders, "orders_without_lines": empty, "orders_with_wrong_total": bad_totals,
                  "by_status": dict(Order.objects.values_list("status").annotate(n=__import__("django").db.models.Count("id")))}))
"""

SHOPPERS = """
from accounts.models import User
from shop.models import Product, ProductType
for n in range({count}):
    email = f"load{{n}}@example.com"
    if not User.objects.filter(email=email).exists():
        User.objects.create_user(email=email, password=f"load-shopper-{{n}}-pw", name=f"Load Shopper {{n}}")
# Deep stock, so the run measures the shop and not an early sell-out.
Product.objects.update(quantity=500)
ProductType.objects.update(quantity=200)
"""


def pg_database(prefix):
    """A fresh database on BENCH_PG_SERVER; yields its URL and drops it afterwards."""
    return liveserver.pg_database(PG_SERVER, prefix)


def add_shoppers(env, count):
    manage("shell", "-c", SHOPPERS.format(count=count), env=env)
    return [f"load-shopper-{n}-pw" for n in range(count)]


def ledger(env):
    return json.loads(manage("shell", "-c", LEDGER, env=env).strip().splitlines()[-1])


def ledger_check(before, after):
    """Keys whose units in stock + units in live orders changed: must be none."""
    return {
        key: (before["ledger"].get(key), after["ledger"].get(key))
        for key in set(before["ledger"]) | set(after["ledger"])
        if before["ledger"].get(key) != after["ledger"].get(key)
    }


def run_locust(base, *, users, seconds, passwords, csv_prefix, trace=None):
    if not LOCUST.exists():
        raise SystemExit("locust is missing: run `make tools` first")
    env = {**os.environ, "SHOPPER_PASSWORDS": ",".join(passwords)}
    if trace:
        env["LOAD_TRACE"] = str(trace)
    subprocess.run(
        [
            str(LOCUST),
            "-f",
            str(ROOT / "bench" / "locustfile.py"),
            "--headless",
            "-u",
            str(users),
            "-r",
            str(max(1, users // 5)),
            "-t",
            f"{seconds}s",
            "--host",
            base,
            "--csv",
            str(csv_prefix),
            "--only-summary",
            "--loglevel",
            "WARNING",
        ],
        env=env,
        check=False,
    )
    return read_stats(f"{csv_prefix}_stats.csv")


def read_stats(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def print_stats(rows):
    print(
        f"{'endpoint':38} {'requests':>8} {'fails':>6} {'req/s':>7} {'p50':>6} {'p95':>6} {'p99':>6}"
    )
    for row in rows:
        name = row["Name"] if row["Name"] != "Aggregated" else "all"
        print(
            f"{name[:38]:38} {row['Request Count']:>8} {row['Failure Count']:>6} "
            f"{float(row['Requests/s']):7.1f} {row['50%']:>6} {row['95%']:>6} {row['99%']:>6}"
        )
