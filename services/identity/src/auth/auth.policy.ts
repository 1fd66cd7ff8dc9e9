import { LIMITS, newPasswordProblem, type ClientInfo } from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { registrationCityChoices, registrationFlavorChoices } from '../badges/badge.policy.js';
import { normalizeUsername, usernameProblem, validBio, validName } from '../users/user.policy.js';
import type { Registration } from './auth.service.js';

/** RegisterRequest & ClientInfo, its shape already checked (RegisterRpcRequest of @dinebuds/api-dto). */
export interface RegistrationRequest extends Partial<ClientInfo> {
  username: string;
  password: string;
  name: string;
  bio?: string | null;
  isPrivate?: boolean;
  flavorBuds?: string[];
  cityBuds?: string[];
}

export function clientInfoOf(request: Partial<ClientInfo>): ClientInfo {
  return { userAgent: request.userAgent ?? null, ipAddress: request.ipAddress ?? null };
}

/**
 * A well-formed registration -> a checked Registration: the spec's limits and messages, name
 * trimmed, preferences normalised against the catalogue (at most 5 flavors and 5 cities, counted
 * after merging duplicates).
 */
export function registrationOf(request: RegistrationRequest): Registration {
  const username = normalizeUsername(request.username);
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) throw badRequest(usernameIssue);
  // The request class checks the same shared rule; checked again here, where the data is kept.
  const passwordIssue = newPasswordProblem(request.password);
  if (passwordIssue) throw badRequest(passwordIssue);
  const name = validName(request.name);
  const flavors = registrationFlavorChoices(request.flavorBuds ?? []);
  const cities = registrationCityChoices(request.cityBuds ?? []);
  // An absent or blank bio is generated from the preferences.
  const rawBio = request.bio;
  const bio = rawBio === undefined || rawBio === null || rawBio.trim() === '' ? undefined : validBio(rawBio);
  return {
    username,
    password: request.password,
    name,
    bio,
    isPrivate: request.isPrivate ?? false,
    flavors,
    cities,
    client: clientInfoOf(request),
  };
}

/** Whether a login attempt can possibly match a stored account (skips hashing absurd inputs). */
export function plausibleCredentials(username: string, password: string): boolean {
  return username.trim().length <= LIMITS.usernameMax && password.length <= LIMITS.passwordMax;
}

/**
 * The shared rule with the spec's strength rule of the change form (three of the four), and the
 * new password must differ from the current one.
 */
export function passwordChangeProblem(current: string, next: string): string | null {
  const problem = newPasswordProblem(next, { strength: true });
  if (problem) return problem;
  if (next === current) return 'New password must be different from the current password';
  return null;
}
