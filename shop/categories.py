"""The 13 categories of the spec, in its order. The data migration creates them; the
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
