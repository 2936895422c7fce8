"""The shop's 13 categories, in display order. The data migration creates them; the
React app keeps the matching icons."""

CATEGORIES = [
    ("disposables", "Vapes", "cat-purple", "Disposable vapes", "vape"),
    ("coils-pods", "Hardware", "cat-slate", "Coils, pods and devices", "hardware"),
    ("juices", "Juices", "cat-orange", "E-liquids and juices", "juice"),
    ("glass-pipe", "Glass/Pipe", "cat-cyan", "Glass, pipes and accessories", "glass"),
    ("pouches", "NIC Pouches", "cat-green", "Nicotine pouches", "pouch"),
    ("cream-chargers", "N2O", "cat-sky", "Cream chargers", "charger"),
    ("labubu", "Labubu & Collectibles", "cat-pink", "Labubu and other collectibles", "collectible"),
    ("diecast-cars", "Cars", "cat-red", "Die-cast model cars", "car"),
    ("party-supplies", "Party Supplies", "cat-yellow", "Everything for a party", "party"),
    ("alcohol", "Alcohol", "cat-amber", "Beer, wine and spirits", "alcohol"),
    ("vaporizors", "Vaporizers", "cat-indigo", "Dry herb and concentrate vaporizers", "vaporizer"),
    ("hemp", "Hemp", "cat-lime", "Hemp products", "hemp"),
    ("kratom", "Kratom", "cat-emerald", "Kratom products", "kratom"),
]

# Sold to adults only in California: checkout needs an age confirmation, the order an ID check.
AGE_RESTRICTED = {
    "disposables",
    "coils-pods",
    "juices",
    "glass-pipe",
    "pouches",
    "cream-chargers",
    "alcohol",
    "vaporizors",
    "hemp",
    "kratom",
}
# Cannot simply be mailed (vapes, nicotine, alcohol, N2O): pickup or local delivery only.
NOT_SHIPPABLE = {
    "disposables",
    "coils-pods",
    "juices",
    "pouches",
    "cream-chargers",
    "alcohol",
    "vaporizors",
}
# California's electronic cigarette excise (CECET) applies to their nicotine products.
EXCISE_TAX = {"disposables", "juices", "vaporizors"}
