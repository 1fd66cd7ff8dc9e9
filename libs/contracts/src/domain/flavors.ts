/** The preference catalogue of document 1 §3; each option is shown as its label plus 'Bud'. */
export const FLAVOR_GROUPS = [
  {
    id: 'flavor',
    title: 'Flavor',
    options: ['sushi', 'pasta', 'pizza', 'taco', 'burger', 'dessert', 'seafood', 'breakfast', 'bbq'],
  },
  {
    id: 'cuisine',
    title: 'Cuisine',
    options: [
      'japanese',
      'mexican',
      'italian',
      'thai',
      'french',
      'indian',
      'korean',
      'chinese',
      'mediterranean',
      'american',
    ],
  },
  {
    id: 'style',
    title: 'Style',
    options: [
      'chill',
      'local',
      'healthy',
      'coffee',
      'spicy',
      'wine',
      'beer',
      'cocktail',
      'trendsetter',
      'party',
      'luxury',
    ],
  },
  {
    id: 'dietary',
    title: 'Dietary',
    options: ['vegan', 'gluten-free', 'pescatarian', 'sober', 'nut-free', 'dairy-free', 'keto', 'vegetarian'],
  },
] as const;

export type FlavorGroupId = (typeof FLAVOR_GROUPS)[number]['id'];
/** Badge category as the spec stores it: 'preference' for flavor and cuisine picks, else the group id. */
export type FlavorBadgeCategory = 'preference' | 'style' | 'dietary';

export const FLAVOR_IDS: readonly string[] = FLAVOR_GROUPS.flatMap((g) => g.options);

export function flavorGroupOf(badgeId: string): FlavorGroupId | null {
  const group = FLAVOR_GROUPS.find((g) => (g.options as readonly string[]).includes(badgeId));
  return group ? group.id : null;
}

export function flavorCategoryOf(badgeId: string): FlavorBadgeCategory | null {
  const group = flavorGroupOf(badgeId);
  if (group === null) return null;
  return group === 'flavor' || group === 'cuisine' ? 'preference' : group;
}

/** 'gluten-free' -> 'Gluten-Free', 'bbq' -> 'BBQ'. */
export function flavorLabel(badgeId: string): string {
  if (badgeId === 'bbq') return 'BBQ';
  return badgeId
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}

/** 'sushi' -> 'SushiBud'. */
export function flavorBudLabel(badgeId: string): string {
  return `${flavorLabel(badgeId)}Bud`;
}
