"""The compliance records as files: CSV (streamed, row by row) and the monthly report as a
PDF table (fpdf2), for an inspector or the state's tax administrator."""

import csv
from collections.abc import Iterable, Iterator
from typing import Any

from common.csvcells import text_cell

N2O_COLUMNS = [
    ("handedOverAt", "Date and time"),
    ("orderId", "Order"),
    ("buyerName", "Buyer"),
    ("homeAddress", "Home address"),
    ("idType", "ID type"),
    ("birthYear", "Birth year"),
    ("product", "Product"),
    ("type", "Type"),
    ("quantity", "Quantity"),
    ("handedOverBy", "Handed over by"),
    ("signatureUrl", "Signature"),
]
SALES_COLUMNS = [
    ("deliveredAt", "Date and time"),
    ("orderId", "Order"),
    ("buyerName", "Buyer"),
    ("deliveryAddress", "Delivery address"),
    ("brand", "Brand"),
    ("product", "Product"),
    ("type", "Type"),
    ("quantity", "Quantity"),
    ("deliveredBy", "Delivered by"),
]
# Typed by people: a leading = or + must stay text in a spreadsheet.
FREE_TEXT = {
    "buyerName",
    "homeAddress",
    "idType",
    "product",
    "type",
    "handedOverBy",
    "deliveryAddress",
    "brand",
    "deliveredBy",
}


class _Line:
    """csv.writer's file: hands back the line it was given, for a streamed answer."""

    def write(self, text: str) -> str:
        return text


def csv_lines(columns: list[tuple[str, str]], rows: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The header, then one CSV line per row, as the rows are read."""
    writer = csv.writer(_Line())
    yield writer.writerow([title for _key, title in columns])
    for row in rows:
        yield writer.writerow(
            [
                text_cell(row[key]) if key in FREE_TEXT else ("" if row[key] is None else row[key])
                for key, _title in columns
            ]
        )


# The PDF's columns: (key, share of the page's width in millimetres, landscape A4 less margins).
PDF_WIDTHS = {
    "deliveredAt": 30,
    "orderId": 14,
    "buyerName": 32,
    "deliveryAddress": 62,
    "brand": 28,
    "product": 40,
    "type": 24,
    "quantity": 12,
    "deliveredBy": 25,
}


def _latin(text: object) -> str:
    # The PDF's built-in font writes Latin-1 only; other characters become "?".
    return str(text).encode("latin-1", "replace").decode("latin-1")


def delivery_sales_pdf(report: dict[str, Any], *, shop_name: str, shop_address: str) -> bytes:
    """The month's report as a one-table PDF: the shop, the month, the rows, the totals."""
    # Imported here: only this answer needs the library.
    from fpdf import FPDF

    pdf = FPDF(orientation="L", unit="mm", format="A4")
    pdf.set_title(f"Delivery sales {report['month']}")
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, _latin(shop_name), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, _latin(shop_address), new_x="LMARGIN", new_y="NEXT")
    pdf.cell(
        0,
        6,
        _latin(
            f"Delivery sales of nicotine products, {report['month']} "
            f"({report['from']} to {report['to']}, Los Angeles time)"
        ),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.ln(2)
    pdf.set_font("Helvetica", "", 7)
    with pdf.table(
        col_widths=tuple(PDF_WIDTHS[key] for key, _title in SALES_COLUMNS),
        text_align="LEFT",
        line_height=4,
    ) as table:
        header = table.row()
        for _key, title in SALES_COLUMNS:
            header.cell(title)
        for row in report["rows"]:
            cells = table.row()
            for key, _title in SALES_COLUMNS:
                cells.cell(_latin(row[key]))
    totals = report["totals"]
    pdf.ln(3)
    pdf.set_font("Helvetica", "B", 10)
    pdf.cell(
        0,
        6,
        f"Totals: {totals['orders']} orders, {totals['lines']} lines, {totals['units']} units",
    )
    return bytes(pdf.output())
