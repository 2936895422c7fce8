"""What the compliance tests share: asking the check endpoint, as a shopper's screen does."""

CHECK_URL = "/api/compliance/check"


def check(client, *products, option="pickup", zip_code="", state=""):
    """GET /api/compliance/check for `products`; the answer's body."""
    query = {"productIds": ",".join(str(p.pk) for p in products), "deliveryOption": option}
    if zip_code:
        query["deliveryZip"] = zip_code
    if state:
        query["shippingState"] = state
    response = client.get(CHECK_URL, query)
    assert response.status_code == 200, response.json()
    assert response["Cache-Control"] == "no-store"
    return response.json()


def blocked_ids(body):
    """The product ids the answer blocks as such (type null)."""
    return [item["productId"] for item in body["blocked"] if item["productTypeId"] is None]


def messages(body, key="blocked"):
    return [item["message"] for item in body[key]]
