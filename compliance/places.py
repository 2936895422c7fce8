"""Where a sale happens, as the rules' `where` reads it, and the USPS city of each Orange
County ZIP code.

The city is the one the USPS names for the ZIP (its "default city"), not the city limits:
postal routes cross them. 92705 (Santa Ana) also serves unincorporated North Tustin, 90720
(Los Alamitos) also unincorporated Rossmoor, 92679 (Trabuco Canyon) also Coto de Caza and
Dove Canyon (in Rancho Santa Margarita), 90742 (Sunset Beach) has been part of Huntington
Beach since 2011. A rule that must follow a city line exactly lists ZIP codes besides or
instead of the city."""

from dataclasses import dataclass

SHOP_STATE = "CA"
SHOP_CITY = "Garden Grove"
SHOP_ZIP = "92840"

_CITIES: dict[str, tuple[str, ...]] = {
    "Aliso Viejo": ("92656", "92698"),
    "Anaheim": (
        "92801", "92802", "92803", "92804", "92805", "92806", "92807", "92808", "92809",
        "92811", "92812", "92814", "92815", "92816", "92817", "92825", "92850", "92899",
    ),
    "Brea": ("92821", "92822", "92823"),
    "Buena Park": ("90620", "90621", "90622", "90624"),
    "Capistrano Beach": ("92624",),
    "Corona del Mar": ("92625",),
    "Costa Mesa": ("92626", "92627", "92628"),
    "Cypress": ("90630",),
    "Dana Point": ("92629",),
    "Foothill Ranch": ("92610",),
    "Fountain Valley": ("92708", "92728"),
    "Fullerton": ("92831", "92832", "92833", "92834", "92835", "92836", "92837", "92838"),
    "Garden Grove": ("92840", "92841", "92842", "92843", "92844", "92845", "92846"),
    "Huntington Beach": ("92605", "92615", "92646", "92647", "92648", "92649"),
    "Irvine": (
        "92602", "92603", "92604", "92606", "92612", "92614", "92616", "92617", "92618",
        "92619", "92620", "92623", "92650", "92697",
    ),
    "La Habra": ("90631", "90632", "90633"),
    "La Palma": ("90623",),
    "Ladera Ranch": ("92694",),
    "Laguna Beach": ("92651", "92652"),
    "Laguna Hills": ("92653", "92654"),
    "Laguna Niguel": ("92607", "92677"),
    "Laguna Woods": ("92637",),
    "Lake Forest": ("92609", "92630"),
    "Los Alamitos": ("90720", "90721"),
    "Midway City": ("92655",),
    "Mission Viejo": ("92690", "92691", "92692"),
    "Newport Beach": ("92657", "92658", "92659", "92660", "92661", "92662", "92663"),
    "Orange": (
        "92856", "92857", "92859", "92862", "92863", "92864", "92865", "92866", "92867",
        "92868", "92869",
    ),
    "Placentia": ("92870", "92871"),
    "Rancho Santa Margarita": ("92688",),
    "San Clemente": ("92672", "92673", "92674"),
    "San Juan Capistrano": ("92675", "92693"),
    "Santa Ana": (
        "92701", "92702", "92703", "92704", "92705", "92706", "92707", "92711", "92712",
        "92725", "92735", "92799",
    ),
    "Seal Beach": ("90740",),
    "Silverado": ("92676",),
    "Stanton": ("90680",),
    "Sunset Beach": ("90742",),
    "Surfside": ("90743",),
    "Trabuco Canyon": ("92678", "92679"),
    "Tustin": ("92780", "92781", "92782"),
    "Villa Park": ("92861",),
    "Westminster": ("92683", "92684", "92685"),
    "Yorba Linda": ("92885", "92886", "92887"),
}  # fmt: skip

ZIP_CITIES: dict[str, str] = {zip_code: city for city, zips in _CITIES.items() for zip_code in zips}
CITY_NAMES: frozenset[str] = frozenset(_CITIES)


def city_of(zip_code: str) -> str:
    """The USPS city of an Orange County ZIP code; "" for any other."""
    return ZIP_CITIES.get(zip_code.strip()[:5], "")


@dataclass(frozen=True)
class Place:
    """Where the goods change hands: the state, the city and ZIP when known, and whether it
    is the shop's own counter; `shipping` = handed to a carrier."""

    state: str
    city: str = ""
    zip: str = ""
    counter: bool = False
    shipping: bool = False


COUNTER = Place(SHOP_STATE, SHOP_CITY, SHOP_ZIP, counter=True)


def place_for(option: str, delivery_zip: str = "", shipping_state: str = "") -> Place:
    """The place of a delivery option: pickup at the counter, local delivery to a ZIP (in
    California), shipping to a state."""
    if option == "delivery":
        zip_code = (delivery_zip or "").strip()[:5]
        return Place(SHOP_STATE, city_of(zip_code), zip_code)
    if option == "shipping":
        return Place((shipping_state or "").strip().upper(), shipping=True)
    return COUNTER
