/** Field limits of the spec (document 1 §5 and §9), shared by gateway validation, services and frontend. */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 128,
  nameMin: 2,
  nameMax: 60,
  bioMax: 160,
  flavorBadgesMax: 5,
  cityBadgesMax: 3,
  registrationCitiesMax: 5,
  registrationFlavorsMax: 5,
  profilePictureMaxBytes: 5 * 1024 * 1024,
  feedbackTypeMax: 20,
  messageTypeMax: 50,
  messageMin: 1,
  /** Characters of a message after trimming (docs/api-messaging.md). */
  messageMax: 2000,
  /** Characters of a message report's reason after trimming. */
  reportReasonMax: 500,
  /** A restaurant's name carried in a share or a "Let's eat" poll option. */
  restaurantNameMax: 120,
  /** Restaurants one "Let's eat" poll proposes. */
  pollOptionsMax: 4,
  /** Messages of one conversation page: the default and the cap. */
  conversationPageDefault: 100,
  conversationPageMax: 200,
  /** Messages a reconnecting stream is sent from its Last-Event-ID at most (the rest: refetch). */
  streamCatchUpMax: 200,
  cityNameMax: 60,
  searchQueryMax: 100,
  /** Lists (users, followers, following, requests, blocks): the page when none is asked, and the cap. */
  listPageDefault: 50,
  listPageMax: 100,
  /** Friend recommendations: the count when none is asked, and the cap (a larger limit is cut). */
  recommendationsDefault: 20,
  recommendationsMax: 50,
} as const;

/** Usernames appear in URLs (/profile/{username}); keep them to a URL-safe alphabet. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;

/** Control characters (terminal escapes, NUL, ...) never belong in names, bios or cities. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, but tabs and line breaks are control characters too
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001f\u007f]/;

/** True when `text` holds control characters; `allowLineBreaks` lets a bio keep its paragraphs. */
export function hasControlCharacters(text: string, allowLineBreaks = false): boolean {
  return (allowLineBreaks ? CONTROL_CHARACTERS : CONTROL_OR_LINE_BREAK).test(text);
}

/** Spec copy for validation failures, so server and client say the same sentence. */
export const VALIDATION_MESSAGES = {
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 30 characters',
  usernamePattern: 'Username can only contain letters, numbers, dots and underscores',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 60 characters',
  passwordsDontMatch: "Passwords don't match",
  bioMax: 'Bio must be at most 160 characters',
  flavorBadgesMax: 'You can only select up to 5 FlavorBuds',
  cityBadgesMax: 'You can only select up to 3 CityBuds',
  registrationFlavorsMax: 'You can select up to 5 flavor preferences',
  registrationCitiesMax: 'You can select up to 5 city preferences',
  passwordTooWeak: 'Password too weak / Please create a stronger password.',
  fileTooLarge: 'File too large / The maximum file size is 5MB',
  invalidFileType: 'Invalid file type / Please upload an image file',
  unknownFlavor: 'Unknown flavor badge',
  emptyCity: 'Please enter a city name',
  nameControlCharacters: 'Name cannot contain control characters',
  bioControlCharacters: 'Bio cannot contain control characters',
  cityControlCharacters: 'City names cannot contain control characters',
} as const;
