import csv
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from common.errors import DomainError
from shop import services
from shop.models import StockReason
from shop.serializers import ProductFormSerializer, ProductTypeFormSerializer

COLUMNS = ["name", "description", "price", "availability", "category", "quantity", "types"]
HELP = """Import products from a CSV file. A dry run by default: every row is checked and
errors are printed with their row numbers (the header is row 1); nothing is written. With
--commit the rows are written in one transaction, and only when no row has an error.

Columns (header row required, order free; only name and category are required):
  name, description, price (empty = no price; 0 or more, at most 2 decimals),
  availability (true/false, 1/0, yes/no; empty = true), category (one of the 13 ids),
  quantity (whole number from 0; empty = 0),
  types (optional: "Name|price|quantity" entries separated by ";", e.g. "Mint|12.50|5; Ice||3";
         an empty type price means the product's price applies).
Images are not imported; add them in the Django admin or through the API."""


def _errors_text(errors: Mapping[str, Any]) -> str:
    return "; ".join(
        f"{field}: {' '.join(str(m) for m in messages)}" for field, messages in errors.items()
    )


def _parse_types(cell: str | None) -> tuple[list[Any], list[str]]:
    types, problems = [], []
    for number, entry in enumerate(
        filter(None, (part.strip() for part in (cell or "").split(";"))), start=1
    ):
        name, price, quantity = (entry.split("|") + ["", ""])[:3]
        data = {"name": name.strip(), "price": price.strip() or None}
        if quantity.strip():
            data["quantity"] = quantity.strip()
        form = ProductTypeFormSerializer(data=data)
        if form.is_valid():
            types.append(form.validated_data)
        else:
            problems.append(f"type {number} ({entry}): {_errors_text(form.errors)}")
    return types, problems


def _header_problem(header: list[str]) -> str | None:
    """The header row's error text, or None when it is usable."""
    missing = {"name", "category"} - set(header)
    if missing:
        return (
            f"row 1: the header needs the columns {', '.join(sorted(missing))} "
            f"(has: {', '.join(header)})"
        )
    unknown = set(header) - set(COLUMNS)
    if unknown:
        return f"row 1: unknown columns {', '.join(sorted(unknown))}; known: {', '.join(COLUMNS)}"
    return None


def _parse_row(
    cells: dict[str, str],
) -> tuple[dict[str, Any] | None, list[Any], list[str]]:
    """-> (product values, type values, [problem text]) of one row's non-empty cells."""
    types, problems = _parse_types(cells.pop("types", ""))
    form = ProductFormSerializer(data={key: value for key, value in cells.items() if value != ""})
    if not form.is_valid():
        problems.insert(0, _errors_text(form.errors))
        return None, types, problems
    values = dict(form.validated_data)
    values.pop("images", None)
    values.pop("existingImages", None)
    return values, types, problems


def parse_rows(
    handle: Iterable[str],
) -> tuple[list[tuple[int, dict[str, Any], list[Any]]], list[str]]:
    """-> (rows as (line number, product values, type values), [error text])."""
    reader = csv.DictReader(handle)
    header = [column.strip().lower() for column in reader.fieldnames or []]
    problem = _header_problem(header)
    if problem:
        return [], [problem]
    reader.fieldnames = header
    rows, errors = [], []
    for row in reader:
        line = reader.line_num
        cells = {key: (value or "").strip() for key, value in row.items() if key in COLUMNS}
        if not any(cells.values()):
            continue
        values, types, problems = _parse_row(cells)
        if problems or values is None:
            # values is None only beside a problem (the form's errors).
            errors.append(f"row {line}: " + "; ".join(problems))
        else:
            rows.append((line, values, types))
    return rows, errors


class Command(BaseCommand):
    help = HELP

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        from argparse import RawDescriptionHelpFormatter

        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.formatter_class = RawDescriptionHelpFormatter
        return parser

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="CSV file (UTF-8, comma-separated, header row).")
        parser.add_argument(
            "--commit", action="store_true", help="Write the products (default: dry run)."
        )

    def handle(self, *args: Any, file: str, commit: bool, **options: Any) -> None:
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"{file}: no such file.")
        with path.open(newline="", encoding="utf-8-sig") as handle:
            try:
                rows, errors = parse_rows(handle)
            except (csv.Error, UnicodeDecodeError) as exc:
                raise CommandError(f"{file} is not a readable CSV file: {exc}")
        for error in errors:
            self.stderr.write(error)
        if errors:
            raise CommandError(f"{len(errors)} row(s) with errors; nothing was imported.")
        if not rows:
            raise CommandError("No product rows found; nothing was imported.")
        type_count = sum(len(types) for _, _, types in rows)
        if not commit:
            self.stdout.write(
                f"Dry run: {len(rows)} products and {type_count} types are valid. "
                "Run again with --commit to import them."
            )
            return
        try:
            with transaction.atomic():
                for _, values, types in rows:
                    services.product_create(
                        **values,
                        types=types,
                        stock_reason=StockReason.IMPORT,
                        stock_note=f"import_products {path.name}"[:200],
                    )
        except DomainError as exc:
            raise CommandError(f"Import failed, nothing was imported: {exc.message}")
        self.stdout.write(
            self.style.SUCCESS(f"Imported {len(rows)} products and {type_count} types.")
        )
