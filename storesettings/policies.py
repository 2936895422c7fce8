"""The shop's policy pages (privacy, returns, age), in the operator's words with the shop's
own details: served in GET /api/shop/info as `policies`, shown by the shop front's footer
links. Each is a title and its paragraphs; the client writes none of it."""

from typing import Any

from storesettings.selectors import ShopConfig

POLICY_IDS = ("privacy", "returns", "age")


def _contact(config: ShopConfig) -> str:
    return f"call or text {config.pickup_phone}" if config.pickup_phone else "ask at the shop"


def shop_policies(config: ShopConfig) -> list[dict[str, Any]]:
    name, contact = config.shop_name, _contact(config)
    return [
        {
            "id": "privacy",
            "title": "Privacy policy",
            "paragraphs": [
                f"{name} keeps what it needs to fill your orders: your name, email, phone "
                "and delivery address, and the orders you place.",
                "Your details are used for your orders and their emails only; they are "
                "never sold or shared for marketing.",
                "My Account downloads everything the shop keeps about you, and closes your "
                "account: your name, phone and address are then erased, and your past "
                "orders stay in the books without them.",
                f"Questions about your data: {contact}.",
            ],
        },
        {
            "id": "returns",
            "title": "Returns and cancellations",
            "paragraphs": [
                "An order is held for you while it is pending; the shop can cancel it then, "
                "and its items go back on the shelf.",
                "Age-restricted goods, opened items and nicotine products cannot be returned "
                "once handed over.",
                f"A damaged or wrong item: {contact} within 7 days with your order number, "
                "and the shop will replace it or refund it.",
            ],
        },
        {
            "id": "age",
            "title": "Age policy (21+)",
            "paragraphs": [
                "Vapes, nicotine, hemp, alcohol and other age-restricted goods are sold only "
                "to customers 21 or older.",
                "A valid photo ID is checked when such an order is picked up or delivered; "
                "without one, the order is not handed over.",
                "Some age-restricted goods cannot be shipped: the cart says which.",
            ],
        },
    ]
