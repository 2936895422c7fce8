from hero import services


def make_hero(**fields):
    values = {"title": "Slide", "image_url": "https://cdn.example.com/slide.jpg", **fields}
    return services.hero_create(**values)
