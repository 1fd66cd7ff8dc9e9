import { DISCOVERY_LIMITS, FLAVOR_IDS } from '@dinebuds/contracts';

/** What a recommendation's score reads of a candidate place and of you. */
export interface RecommendationSignals {
  id: number;
  /** Name and cuisine, lower-case. */
  text: string;
  city: string | null;
  averageRating: number | null;
  totalReviews: number;
  budReviewCount: number;
  budAverageRating: number | null;
  /** Your flavor badges, your city keys (badges and cities you reviewed in), places you rated 4+ (names). */
  myFlavors: string[];
  myCities: string[];
  myLikedNames: string[];
}

export interface RecommendationScore {
  score: number;
  reasons: string[];
}

/** Score parts (docs/api-discovery.md). */
export const RECOMMENDATION_WEIGHTS = {
  /** Per bud who reviewed it, up to budsCounted of them. */
  perBud: 0.1,
  budsCounted: 5,
  /** The place's name or cuisine names one of your flavor badges. */
  flavor: 0.5,
  /** It names a catalogue flavor also named by a place you rated 4 or 5 stars. */
  liked: 0.5,
  /** It is in a city you hold a badge of or reviewed in. */
  city: 0.25,
} as const;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern per word, built once: a list scores ~1,500 candidates against ~30 flavors and the
 * names you liked, and building each pattern per test took seconds (discovery bench). The words
 * are flavor ids and badge names, a small set.
 */
const wordPatterns = new Map<string, RegExp>();

/** Whether `text` has a word starting with `word` ('pizza' in "joe's pizza", 'taco' in 'tacos'). */
function hasWord(text: string, word: string): boolean {
  let pattern = wordPatterns.get(word);
  if (!pattern) {
    pattern = new RegExp(`(^|[^a-z])${escape(word)}`);
    wordPatterns.set(word, pattern);
  }
  return pattern.test(text);
}

/** The catalogue flavors named by places you rated 4+, for the last list of names asked (every candidate carries the same). */
let likedFlavorsFor: { names: string[]; key: string; flavors: string[] } | undefined;
function likedFlavorsOf(names: string[]): string[] {
  if (likedFlavorsFor?.names === names) return likedFlavorsFor.flavors;
  const key = names.join('\n');
  if (likedFlavorsFor?.key !== key) {
    const flavors = FLAVOR_IDS.filter((word) => names.some((name) => hasWord(name, word)));
    likedFlavorsFor = { names, key, flavors };
  } else likedFlavorsFor.names = names;
  return likedFlavorsFor.flavors;
}

/**
 * A candidate's score: the buds' mean stars (else the mean of all its reviews) + 0.1 per bud who
 * reviewed it (at most 5) + 0.5 when it names one of your flavor badges + 0.5 when it names a
 * flavor of a place you rated 4+ + 0.25 in one of your cities. Null when it has no rating at all.
 */
export function scoreRecommendation(s: RecommendationSignals): RecommendationScore | null {
  const base = s.budAverageRating ?? s.averageRating;
  if (base === null) return null;
  const w = RECOMMENDATION_WEIGHTS;
  const reasons: string[] = [];
  let score = base;
  if (s.budReviewCount > 0) {
    score += w.perBud * Math.min(s.budReviewCount, w.budsCounted);
    reasons.push('buds');
  }
  const flavor = s.myFlavors.find((f) => hasWord(s.text, f.toLowerCase()));
  if (flavor) {
    score += w.flavor;
    reasons.push(`flavor:${flavor.toLowerCase()}`);
  }
  const liked = likedFlavorsOf(s.myLikedNames).find((word) => hasWord(s.text, word));
  if (liked) {
    score += w.liked;
    reasons.push(`cuisine:${liked}`);
  }
  if (s.city !== null && s.myCities.includes(s.city)) {
    score += w.city;
    reasons.push(`city:${s.city}`);
  }
  return { score: Math.round(score * 1000) / 1000, reasons };
}

/**
 * The recommendations: scored candidates (unrated ones left out), highest score first, then
 * more reviews, then the lower id; at most DISCOVERY_LIMITS.recommendationsMax.
 */
export function pickRecommendations<T extends RecommendationSignals>(
  candidates: T[],
  max: number = DISCOVERY_LIMITS.recommendationsMax,
): { candidate: T; score: RecommendationScore }[] {
  return candidates
    .map((candidate) => ({ candidate, score: scoreRecommendation(candidate) }))
    .filter((x): x is { candidate: T; score: RecommendationScore } => x.score !== null)
    .sort(
      (a, b) =>
        b.score.score - a.score.score ||
        b.candidate.totalReviews - a.candidate.totalReviews ||
        a.candidate.id - b.candidate.id,
    )
    .slice(0, max);
}
