from hero import services


def make_hero(**fields):
    values = {"title": "Slide", "image_url": "https://cdn.example.com/slide.jpg", **fields}
    return services.hero_create(**values)


def form(**overrides):
    """A valid create form (multipart fields), with `overrides`."""
    return {
        "title": "Summer sale",
        "description": "Everything 10% off",
        "alt_text": "Beach with shopping bags",
        "display_order": "1",
        "is_active": "1",
        "image_url": "https://cdn.example.com/summer.jpg",
        **overrides,
    }


def create(client, **overrides):
    return client.post("/api/hero/images", form(**overrides), format="multipart")
