"""The sales report as one CSV table: a `section` column says which part a row belongs to."""

import csv
from typing import Any

from common.csvcells import Writable, text_cell

COLUMNS = ["section", "key", "name", "orders", "units", "revenue"]


def write_sales_csv(report: dict[str, Any], out: Writable) -> None:
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    totals = report["totals"]
    writer.writerow(["period", f"{report['from']}..{report['to']}", "", "", "", ""])
    writer.writerow(["totals", "all", "", totals["orders"], "", totals["revenue"]])
    writer.writerow(["totals", "averageOrder", "", "", "", totals["averageOrder"]])
    writer.writerow(["totals", "discounts", "", "", "", totals["discounts"]])
    for day in report["days"]:
        writer.writerow(["day", day["date"], "", day["orders"], "", day["revenue"]])
    for category in report["byCategory"]:
        writer.writerow(
            [
                "category",
                category["id"] or "",
                text_cell(category["name"]),
                "",
                category["units"],
                category["revenue"],
            ]
        )
    for product in report["topProducts"]:
        writer.writerow(
            [
                "product",
                product["id"] or "",
                text_cell(product["name"]),
                "",
                product["units"],
                product["revenue"],
            ]
        )
    for status, count in report["byStatus"].items():
        writer.writerow(["status", status, "", count, "", ""])
    for option, values in report["byDeliveryOption"].items():
        writer.writerow(["deliveryOption", option, "", values["orders"], "", values["revenue"]])


TAX_COLUMNS = ["section", "rate", "place", "taxableSales", "salesTax", "exciseSales", "exciseTax"]


def write_taxes_csv(report: dict[str, Any], out: Writable) -> None:
    """The tax report as one table: the period, the totals, then one row per rate and place."""
    writer = csv.writer(out)
    writer.writerow(TAX_COLUMNS)
    writer.writerow(["period", "", f"{report['from']}..{report['to']}", "", "", "", ""])
    writer.writerow(
        [
            "totals",
            "",
            "",
            report["taxableSales"],
            report["salesTax"],
            report["exciseSales"],
            report["exciseTax"],
        ]
    )
    writer.writerow(["discounts", "", "", report["discounts"], "", "", ""])
    for row in report["byRate"]:
        writer.writerow(
            [
                "rate",
                row["rate"],
                text_cell(row["place"]),
                row["taxableSales"],
                row["salesTax"],
                "",
                "",
            ]
        )
