"""A stored "can be sold now" flag on each product, kept by the database itself, for the
list's `inStock=1` (shop.selectors.products_in_stock): the rule of shop.stock.sellable_now
(available, and priced with a unit in stock; a product with types through one of its types:
available, with a unit, priced by itself or by its product) evaluated for every product at
every list cost 15x to 28x a list page at 100,000 products (docs/performance.md).

Triggers keep it whoever writes (the services, the Django admin, the bulk and demo commands,
test factories, SQL by hand): a product's own row when its availability, price or quantity
is written, and its product's row when a type is added, removed, or its availability,
quantity or price written. Django's model does not know the column, so no save writes a
stale value back. A partial index holds the sellable products newest first: the page reads
its dozen rows from it and the count counts it.
"""

from django.db import migrations

# The rule, for the row of shop_product named `p` (its columns as p.availability, ...).
RULE = """(
    {p}.availability AND (
        (NOT EXISTS (SELECT 1 FROM shop_producttype t WHERE t.product_id = {p}.id)
         AND {p}.price IS NOT NULL AND {p}.quantity > 0)
        OR EXISTS (
            SELECT 1 FROM shop_producttype t
            WHERE t.product_id = {p}.id AND t.availability AND t.quantity > 0
              AND (t.price IS NOT NULL OR {p}.price IS NOT NULL)
        )
    )
)"""

# A row is written only when its flag changes, to the other value: a type's stock write (every
# checkout) rarely changes whether its product can be sold, and the rule is evaluated once.
FLIP = "UPDATE shop_product SET sellable = NOT sellable"
CHANGED = f"sellable <> {RULE.format(p='shop_product')}"

INDEX = (
    'CREATE INDEX "product_sellable_newest" ON "shop_product" '
    '("created_at" DESC, "id" DESC) WHERE "sellable"'
)

SQLITE = [
    'ALTER TABLE "shop_product" ADD COLUMN "sellable" bool NOT NULL DEFAULT 0',
    f"UPDATE shop_product SET sellable = {RULE.format(p='shop_product')}",
    f"""CREATE TRIGGER product_sellable_insert AFTER INSERT ON shop_product BEGIN
        {FLIP} WHERE id = NEW.id AND {CHANGED};
    END""",
    f"""CREATE TRIGGER product_sellable_update
    AFTER UPDATE OF availability, price, quantity ON shop_product BEGIN
        {FLIP} WHERE id = NEW.id AND {CHANGED};
    END""",
    f"""CREATE TRIGGER product_type_sellable_insert AFTER INSERT ON shop_producttype BEGIN
        {FLIP} WHERE id = NEW.product_id AND {CHANGED};
    END""",
    f"""CREATE TRIGGER product_type_sellable_update
    AFTER UPDATE OF availability, quantity, price, product_id ON shop_producttype BEGIN
        {FLIP} WHERE id IN (NEW.product_id, OLD.product_id) AND {CHANGED};
    END""",
    f"""CREATE TRIGGER product_type_sellable_delete AFTER DELETE ON shop_producttype BEGIN
        {FLIP} WHERE id = OLD.product_id AND {CHANGED};
    END""",
    INDEX,
]
SQLITE_REVERSE = [
    'DROP INDEX IF EXISTS "product_sellable_newest"',
    *(
        f"DROP TRIGGER IF EXISTS {name}"
        for name in (
            "product_sellable_insert",
            "product_sellable_update",
            "product_type_sellable_insert",
            "product_type_sellable_update",
            "product_type_sellable_delete",
        )
    ),
    'ALTER TABLE "shop_product" DROP COLUMN "sellable"',
]

POSTGRESQL = [
    'ALTER TABLE "shop_product" ADD COLUMN "sellable" boolean NOT NULL DEFAULT false',
    f"UPDATE shop_product SET sellable = {RULE.format(p='shop_product')}",
    # The product's own row: computed before it is written, no second write.
    f"""CREATE FUNCTION shop_product_sellable_row() RETURNS trigger AS $$
    BEGIN
        NEW.sellable := {RULE.format(p="NEW")};
        RETURN NEW;
    END $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER product_sellable_row
    BEFORE INSERT OR UPDATE OF availability, price, quantity ON shop_product
    FOR EACH ROW EXECUTE FUNCTION shop_product_sellable_row()""",
    # A type's product: written only when its flag changes (FLIP), so a checkout that leaves
    # units in stock locks no more than it did (its product rows are locked first anyway).
    f"""CREATE FUNCTION shop_product_type_sellable() RETURNS trigger AS $$
    DECLARE
        ids bigint[];
    BEGIN
        IF TG_OP = 'INSERT' THEN
            ids := ARRAY[NEW.product_id];
        ELSIF TG_OP = 'DELETE' THEN
            ids := ARRAY[OLD.product_id];
        ELSE
            ids := ARRAY[NEW.product_id, OLD.product_id];
        END IF;
        {FLIP} WHERE id = ANY(ids) AND {CHANGED};
        RETURN NULL;
    END $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER product_type_sellable
    AFTER INSERT OR DELETE OR UPDATE OF availability, quantity, price, product_id
    ON shop_producttype FOR EACH ROW EXECUTE FUNCTION shop_product_type_sellable()""",
    INDEX,
]
POSTGRESQL_REVERSE = [
    'DROP INDEX IF EXISTS "product_sellable_newest"',
    "DROP TRIGGER IF EXISTS product_type_sellable ON shop_producttype",
    "DROP TRIGGER IF EXISTS product_sellable_row ON shop_product",
    "DROP FUNCTION IF EXISTS shop_product_type_sellable()",
    "DROP FUNCTION IF EXISTS shop_product_sellable_row()",
    'ALTER TABLE "shop_product" DROP COLUMN "sellable"',
]

STATEMENTS = {"sqlite": (SQLITE, SQLITE_REVERSE), "postgresql": (POSTGRESQL, POSTGRESQL_REVERSE)}


def install(apps, schema_editor):
    for statement in STATEMENTS[schema_editor.connection.vendor][0]:
        schema_editor.execute(statement, params=None)


def uninstall(apps, schema_editor):
    for statement in STATEMENTS[schema_editor.connection.vendor][1]:
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("shop", "0010_list_sort_indexes")]

    operations = [migrations.RunPython(install, uninstall, elidable=False)]
