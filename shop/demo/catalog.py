"""A believable demo catalog for `manage.py demo_data`: 40 products over the 13 categories,
some with types (some priced on their own, one out of stock), a few out of stock, two
without a price, each with one or two product shots from shop/demo/pictures/ (named by the
product's slug), stored like uploads (a full image and a thumbnail).
Idempotent: a product whose name exists is left alone."""

from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.text import slugify

from shop import services
from shop.models import Product, StockReason
from shop.regulatory import from_api

# (name, category, price, quantity, availability, types [(name, price, quantity, availability)], description)
P = None  # "no price yet"
# Any: the prices are written as text, which the price field converts.
CATALOG: list[tuple[Any, ...]] = [
    (
        "Geek Bar Pulse 15000",
        "disposables",
        "19.99",
        24,
        True,
        [
            ("Watermelon Ice", None, 8, True),
            ("Blue Razz", None, 6, True),
            ("Miami Mint", None, 0, False),
        ],
        "Long-lasting disposable with a smart screen and two modes.",
    ),
    (
        "Lost Mary MO5000",
        "disposables",
        "17.99",
        15,
        True,
        [("Strawberry Kiwi", None, 5, True), ("Grape Ice", None, 4, True)],
        "Compact mesh-coil disposable.",
    ),
    (
        "Elf Bar BC5000",
        "disposables",
        "16.50",
        0,
        False,
        [],
        "Rechargeable disposable, 5,000 puffs.",
    ),
    (
        "Fume Extra",
        "disposables",
        "14.99",
        30,
        True,
        [],
        "Classic tobacco, smooth draw, 1,500 puffs.",
    ),
    (
        "SMOK Nord 5 Kit",
        "coils-pods",
        "39.99",
        10,
        True,
        [("Black", None, 4, True), ("Rainbow", "42.99", 3, True)],
        "Pod kit with adjustable airflow and a 2000 mAh battery.",
    ),
    (
        "Vaporesso XROS Pods (4 pack)",
        "coils-pods",
        "12.99",
        40,
        True,
        [("0.6 ohm", None, 20, True), ("0.8 ohm", None, 20, True)],
        "Replacement pods for every XROS device.",
    ),
    (
        "Uwell Caliburn G3",
        "coils-pods",
        "34.99",
        3,
        True,
        [],
        "Refillable pod system with a rotary airflow ring.",
    ),
    (
        "Naked 100 Lava Flow",
        "juices",
        "21.99",
        18,
        True,
        [("3 mg", None, 6, True), ("6 mg", None, 6, True), ("12 mg", "22.99", 2, True)],
        "Strawberry, coconut and pineapple.",
    ),
    (
        "Pachamama Fuji Apple",
        "juices",
        "19.99",
        12,
        True,
        [],
        "Fuji apple, strawberry and nectarine salt nic.",
    ),
    ("Cloud Nurdz Grape Apple", "juices", "18.99", 0, True, [], "Grape and apple candy, iced."),
    (
        "Beaker Bong 12 in",
        "glass-pipe",
        "49.99",
        6,
        True,
        [],
        "Thick borosilicate glass with an ice pinch.",
    ),
    (
        "Spoon Pipe Assorted",
        "glass-pipe",
        "14.99",
        25,
        True,
        [("Blue swirl", None, 10, True), ("Green frit", None, 9, True)],
        "Hand-blown 4 inch spoon pipes.",
    ),
    (
        "Grinder 4-Piece 63 mm",
        "glass-pipe",
        "24.99",
        14,
        True,
        [],
        "Aluminium grinder with a pollen catcher.",
    ),
    (
        "ZYN Cool Mint 6 mg",
        "pouches",
        "5.99",
        60,
        True,
        [],
        "Tobacco-free nicotine pouches, 15 per can.",
    ),
    (
        "On! Citrus 4 mg",
        "pouches",
        "4.99",
        45,
        True,
        [("Can", None, 45, True), ("Roll of 5", "22.99", 8, True)],
        "Mini pouches with a bright citrus flavour.",
    ),
    ("Velo Wintergreen", "pouches", "5.49", 2, True, [], "Slim pouches, wintergreen."),
    (
        "Galaxy Gas 670 g",
        "cream-chargers",
        "39.99",
        20,
        True,
        [
            ("Blue Raspberry", None, 7, True),
            ("Strawberry", None, 7, True),
            ("Unflavored", "36.99", 6, True),
        ],
        "Cream charger tank with a nozzle.",
    ),
    (
        "Whip-It Chargers (24 pack)",
        "cream-chargers",
        "18.99",
        35,
        True,
        [],
        "8 g steel chargers for whipped cream.",
    ),
    (
        "Labubu Big Into Energy Blind Box",
        "labubu",
        "27.99",
        16,
        True,
        [],
        "One of six figures at random.",
    ),
    (
        "Labubu Plush Keychain",
        "labubu",
        "34.99",
        4,
        True,
        [("Pink", None, 2, True), ("Mint", None, 2, True)],
        "Soft vinyl face keychain.",
    ),
    ("Crybaby Sad Club Figure", "labubu", P, 5, True, [], "Collectible figure. Price on request."),
    (
        "Hot Wheels Nissan Skyline GT-R",
        "diecast-cars",
        "6.99",
        22,
        True,
        [],
        "1:64 scale, premium wheels.",
    ),
    ("Maisto Porsche 911 1:24", "diecast-cars", "24.99", 7, True, [], "Opening doors and hood."),
    (
        "Matchbox Land Rover Defender",
        "diecast-cars",
        "4.99",
        0,
        False,
        [],
        "Classic 1:64 Defender 110.",
    ),
    (
        "Balloon Arch Kit Gold",
        "party-supplies",
        "29.99",
        9,
        True,
        [],
        "120 balloons with a strip and glue dots.",
    ),
    (
        "LED String Lights 10 m",
        "party-supplies",
        "15.99",
        18,
        True,
        [("Warm white", None, 9, True), ("Multicolour", None, 9, True)],
        "Battery powered with 8 modes.",
    ),
    ("Paper Plates (50 pack)", "party-supplies", "7.99", 40, True, [], "Sturdy 9 inch plates."),
    ("Modelo Especial 12-pack", "alcohol", "18.99", 20, True, [], "Mexican lager, 12 oz cans."),
    ("Josh Cabernet Sauvignon", "alcohol", "14.99", 10, True, [], "California red, 750 ml."),
    (
        "Tito's Handmade Vodka 750 ml",
        "alcohol",
        "24.99",
        1,
        True,
        [],
        "Corn vodka from Austin, Texas.",
    ),
    (
        "Storz & Bickel Mighty+",
        "vaporizors",
        "349.00",
        2,
        True,
        [],
        "Portable dry herb vaporizer with fast charging.",
    ),
    (
        "Puffco Peak Pro",
        "vaporizors",
        "399.99",
        3,
        True,
        [("Onyx", None, 2, True), ("Pearl", "419.99", 1, True)],
        "Smart concentrate rig.",
    ),
    ("Yocan Orbit", "vaporizors", P, 0, True, [], "Concentrate vaporizer. Price coming soon."),
    ("Hemp Pre-Rolls (5 pack)", "hemp", "24.99", 14, True, [], "Lab-tested hemp flower pre-rolls."),
    (
        "CBD Gummies 25 mg (30 ct)",
        "hemp",
        "29.99",
        11,
        True,
        [("Mixed fruit", None, 6, True), ("Sour apple", None, 5, True)],
        "Broad-spectrum gummies.",
    ),
    ("Hemp Seed Oil 500 ml", "hemp", "12.99", 0, True, [], "Cold-pressed culinary oil."),
    ("Kratom Red Bali 100 g", "kratom", "19.99", 16, True, [], "Powder, lab tested."),
    (
        "Kratom Green Maeng Da Capsules",
        "kratom",
        "24.99",
        12,
        True,
        [("60 ct", None, 6, True), ("120 ct", "44.99", 4, True)],
        "Capsules of 500 mg.",
    ),
    ("Kratom White Vein 250 g", "kratom", "34.99", 5, True, [], "Powder in a resealable bag."),
    ("Kratom Extract Shot", "kratom", "11.99", 0, False, [], "Liquid extract, 15 ml."),
]

# Regulatory attributes (API names, shop/regulatory.py) beyond the category's defaults, as
# a California shop would set them: fruit and mint vapes, juices and pouches are flavoured
# (the first-run rules block them), a tobacco disposable is on the Unflavored Tobacco List
# and sells, the N2O tanks are N2O whatever their taste (flavoured means a tobacco product's).
FLAVOURED = {"flavoured": True}
REGULATORY: dict[str, dict[str, Any]] = {
    "Geek Bar Pulse 15000": FLAVOURED,
    "Lost Mary MO5000": FLAVOURED,
    "Elf Bar BC5000": FLAVOURED,
    "Fume Extra": {"flavoured": False, "utlEntry": "Fume Extra - Tobacco"},
    "Naked 100 Lava Flow": FLAVOURED,
    "Pachamama Fuji Apple": {"flavoured": True, "nicotineMg": 25},
    "Cloud Nurdz Grape Apple": FLAVOURED,
    "ZYN Cool Mint 6 mg": FLAVOURED,
    "On! Citrus 4 mg": {"flavoured": True, "nicotineMg": 4},
    "Velo Wintergreen": FLAVOURED,
    "Hemp Pre-Rolls (5 pack)": {"inhalable": True},
    "CBD Gummies 25 mg (30 ct)": {"thcDetectable": False},
}
TYPE_REGULATORY: dict[tuple[str, str], dict[str, Any]] = {
    ("Naked 100 Lava Flow", "3 mg"): {"nicotineMg": 3},
    ("Naked 100 Lava Flow", "6 mg"): {"nicotineMg": 6},
    ("Naked 100 Lava Flow", "12 mg"): {"nicotineMg": 12},
}

# Products featured in the browser tests: each has types and stock.
E2E_PRODUCTS = ["Geek Bar Pulse 15000", "Naked 100 Lava Flow", "Galaxy Gas 670 g"]


PICTURES = Path(__file__).resolve().parent / "pictures"


def pictures(name: str) -> list[SimpleUploadedFile]:
    return [
        SimpleUploadedFile(path.name, path.read_bytes(), content_type="image/webp")
        for path in sorted(PICTURES.glob(f"{slugify(name)}-*.webp"))
    ]


def seed(out: Any) -> None:
    made = 0
    existing = set(
        Product.objects.filter(name__in=[row[0] for row in CATALOG]).values_list("name", flat=True)
    )
    for name, category, price, quantity, available, types, description in CATALOG:
        if name in existing:
            continue
        services.product_create(
            name=name,
            description=description,
            category=category,
            price=price,
            quantity=quantity,
            availability=available,
            uploads=pictures(name),
            stock_reason=StockReason.IMPORT,
            stock_note="demo data",
            types=[
                dict(zip(("name", "price", "quantity", "availability"), row, strict=True))
                | from_api(TYPE_REGULATORY.get((name, row[0]), {}))
                for row in types
            ],
            **from_api(REGULATORY.get(name, {})),
        )
        made += 1
    out.write(
        f"  products:          {made} added, {Product.objects.count()} in all "
        f"(with types and stock for e2e: {', '.join(E2E_PRODUCTS)})"
    )
