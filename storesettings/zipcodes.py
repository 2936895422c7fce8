"""The default local-delivery area: the ZIP codes of Orange County, California.

Source: the USPS ZIP codes of Orange County's 34 cities and its unincorporated communities
(Ladera Ranch, Coto de Caza, Trabuco Canyon, Silverado, Midway City, Sunset Beach, Surfside),
delivery ZIPs plus the post-office-box and single-address ZIPs that sit inside the county.
ZIP codes are postal routes, not county lines: a few along the edges (e.g. 90720 Los
Alamitos, which the Rossmoor part of the county shares) are kept because the post office
assigns them to an Orange County city. Check a change against the USPS ZIP lookup before
editing; an operator who serves a smaller or larger area sets DELIVERY_ZIP_CODES instead
(see README.md, configuration).
"""

ORANGE_COUNTY_ZIP_CODES = frozenset(
    {
        # Buena Park, La Palma, Cypress, La Habra
        "90620", "90621", "90622", "90623", "90624", "90630", "90631", "90632", "90633",
        # Stanton, Los Alamitos, Seal Beach, Sunset Beach, Surfside
        "90680", "90720", "90721", "90740", "90742", "90743",
        # Irvine, Laguna Niguel, Lake Forest, Foothill Ranch
        "92602", "92603", "92604", "92606", "92607", "92609", "92610", "92612", "92614",
        "92616", "92617", "92618", "92619", "92620", "92623", "92630", "92650", "92677",
        "92697", "92698",
        # Huntington Beach, Fountain Valley, Midway City, Westminster
        "92605", "92615", "92646", "92647", "92648", "92649", "92655", "92683", "92684",
        "92685", "92708", "92728",
        # Dana Point, Capistrano Beach, Costa Mesa, Corona del Mar, Newport Beach
        "92624", "92625", "92626", "92627", "92628", "92629", "92657", "92658", "92659",
        "92660", "92661", "92662", "92663",
        # Laguna Beach, Laguna Hills, Aliso Viejo, Laguna Woods
        "92637", "92651", "92652", "92653", "92654", "92656",
        # San Clemente, San Juan Capistrano, Silverado, Trabuco Canyon, Rancho Santa
        # Margarita, Mission Viejo, Ladera Ranch
        "92672", "92673", "92674", "92675", "92676", "92678", "92679", "92688", "92690",
        "92691", "92692", "92693", "92694",
        # Santa Ana
        "92701", "92702", "92703", "92704", "92705", "92706", "92707", "92711", "92712",
        "92725", "92735", "92799",
        # Tustin
        "92780", "92781", "92782",
        # Anaheim
        "92801", "92802", "92803", "92804", "92805", "92806", "92807", "92808", "92809",
        "92811", "92812", "92814", "92815", "92816", "92817", "92825", "92850", "92899",
        # Brea, Fullerton
        "92821", "92822", "92823", "92831", "92832", "92833", "92834", "92835", "92836",
        "92837", "92838",
        # Garden Grove
        "92840", "92841", "92842", "92843", "92844", "92845", "92846",
        # Orange, Villa Park
        "92856", "92857", "92859", "92861", "92862", "92863", "92864", "92865", "92866",
        "92867", "92868", "92869",
        # Placentia, Yorba Linda
        "92870", "92871", "92885", "92886", "92887",
    }
)  # fmt: skip
