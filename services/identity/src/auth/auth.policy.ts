import { LIMITS, newPasswordProblem, type ClientInfo } from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { registrationCityChoices, registrationFlavorChoices } from '../badges/badge.policy.js';
import {
  asBody,
  optionalBoolean,
  optionalNullableString,
  optionalString,
  optionalStringArray,
  requiredString,
  type Body,
} from '@dinebuds/service-client';
import { normalizeUsername, usernameProblem, validBio, validName } from '../users/user.policy.js';
import type { Registration } from './auth.service.js';

export function readClientInfo(body: Body): ClientInfo {
  return {
    userAgent: optionalString(body, 'userAgent') ?? null,
    ipAddress: optionalString(body, 'ipAddress') ?? null,
  };
}

/**
 * RegisterRequest & ClientInfo -> a checked Registration: the spec's limits and messages, name
 * trimmed, preferences normalised against the catalogue (at most 5 flavors and 5 cities).
 */
export function parseRegistration(raw: unknown): Registration {
  const body = asBody(raw);
  const username = normalizeUsername(requiredString(body, 'username'));
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) throw badRequest(usernameIssue);
  const password = requiredString(body, 'password');
  // The gateway checks the same shared rule; checked again here so no caller can skip it.
  const passwordIssue = newPasswordProblem(password);
  if (passwordIssue) throw badRequest(passwordIssue);
  const name = validName(requiredString(body, 'name'));
  const rawBio = optionalNullableString(body, 'bio');
  // profilePicture is accepted for compatibility with the original client but pictures are uploaded separately.
  optionalNullableString(body, 'profilePicture');
  const flavors = registrationFlavorChoices(optionalStringArray(body, 'flavorBuds') ?? []);
  const cities = registrationCityChoices(optionalStringArray(body, 'cityBuds') ?? []);
  // An absent or blank bio is generated from the preferences.
  const bio = rawBio === undefined || rawBio === null || rawBio.trim() === '' ? undefined : validBio(rawBio);
  return {
    username,
    password,
    name,
    bio,
    isPrivate: optionalBoolean(body, 'isPrivate') ?? false,
    flavors,
    cities,
    client: readClientInfo(body),
  };
}

export interface LoginInput {
  username: string;
  password: string;
  client: ClientInfo;
}

/** Only the shape is checked here: a too-short or unknown username is just a failed login. */
export function parseLogin(raw: unknown): LoginInput {
  const body = asBody(raw);
  return {
    username: requiredString(body, 'username'),
    password: requiredString(body, 'password'),
    client: readClientInfo(body),
  };
}

/** Whether a login attempt can possibly match a stored account (skips hashing absurd inputs). */
export function plausibleCredentials(username: string, password: string): boolean {
  return username.trim().length <= LIMITS.usernameMax && password.length <= LIMITS.passwordMax;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export function parsePasswordChange(raw: unknown): PasswordChange {
  const body = asBody(raw);
  return {
    currentPassword: requiredString(body, 'currentPassword'),
    newPassword: requiredString(body, 'newPassword'),
  };
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
