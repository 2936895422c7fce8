// The 13 categories of spec section 3, in that order; ids, names and colour classes match the
// server's shop/categories.py so the client never needs a round trip to draw the tabs.
export const CATEGORIES = [
  { id: 'disposables', name: 'Vapes', colorClass: 'cat-purple', icon: 'vape' },
  { id: 'coils-pods', name: 'Hardware', colorClass: 'cat-slate', icon: 'hardware' },
  { id: 'juices', name: 'Juices', colorClass: 'cat-orange', icon: 'juice' },
  { id: 'glass-pipe', name: 'Glass/Pipe', colorClass: 'cat-cyan', icon: 'glass' },
  { id: 'pouches', name: 'NIC Pouches', colorClass: 'cat-green', icon: 'pouch' },
  { id: 'cream-chargers', name: 'N2O', colorClass: 'cat-sky', icon: 'charger' },
  { id: 'labubu', name: 'Labubu & Collectibles', colorClass: 'cat-pink', icon: 'collectible' },
  { id: 'diecast-cars', name: 'Cars', colorClass: 'cat-red', icon: 'car' },
  { id: 'party-supplies', name: 'Party Supplies', colorClass: 'cat-yellow', icon: 'party' },
  { id: 'alcohol', name: 'Alcohol', colorClass: 'cat-amber', icon: 'alcohol' },
  { id: 'vaporizors', name: 'Vaporizers', colorClass: 'cat-indigo', icon: 'vaporizer' },
  { id: 'hemp', name: 'Hemp', colorClass: 'cat-lime', icon: 'hemp' },
  { id: 'kratom', name: 'Kratom', colorClass: 'cat-emerald', icon: 'kratom' },
];

const BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]));

export function categoryById(id) {
  return BY_ID.get(id) ?? null;
}

// Simple 24x24 stroke glyphs: no icon font, no emoji, a few hundred bytes in all.
const PATHS = {
  all: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  vape: 'M9 2h6v4H9zM8 6h8v16H8zM11 10h2v4h-2z',
  hardware: 'M12 2v4M12 18v4M4.9 4.9l2.8 2.8M16.3 16.3l2.8 2.8M2 12h4M18 12h4M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
  juice: 'M10 2h4v3h-4zM8 5h8l1 4v12H7V9zM7 13h10',
  glass: 'M8 2h8l-1 9a3 3 0 0 1-6 0zM12 14v6M8 22h8',
  pouch: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16zM12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
  charger: 'M9 2h6v3H9zM7 5h10v4a5 5 0 0 1-10 0zM12 14v8',
  collectible: 'M12 2l3 6 6 1-4.5 4.5 1 6.5L12 17l-5.5 3 1-6.5L3 9l6-1z',
  car: 'M3 13l2-5h14l2 5v5H3zM7 18a2 2 0 1 0 0.1 0M17 18a2 2 0 1 0 0.1 0M3 13h18',
  party: 'M4 20L9 5l10 10zM14 4l1-2M18 8l2-1M17 3l1 1',
  alcohol: 'M8 2h8v6a4 4 0 0 1-8 0zM12 12v8M8 22h8',
  vaporizer: 'M7 3h10v18H7zM10 7h4M10 11h4M12 16a1 1 0 1 0 0.1 0',
  hemp: 'M12 22V10M12 10C9 7 8 4 12 2c4 2 3 5 0 8zM12 12c-3-1-6 0-8 3 3 1 6 0 8-3zM12 12c3-1 6 0 8 3-3 1-6 0-8-3z',
  kratom: 'M5 19C5 9 11 4 20 4c0 9-5 15-15 15zM5 19l8-8',
};

export function CategoryIcon({ id, size = 18 }) {
  const category = id ? categoryById(id) : null;
  const d = PATHS[category ? category.icon : 'all'] ?? PATHS.all;
  return (
    <svg
      className="category-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
