import { describe, expect, it } from '@jest/globals';
import { type ExecutionContext, UnsupportedMediaTypeException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  BODY_NOT_JSON,
  BODY_NOT_MULTIPART,
  BodyTypeGuard,
  MultipartBody,
  bodyTypeProblem,
  hasBodyContent,
} from './body-type.guard.js';

describe('hasBodyContent', () => {
  it('counts bytes, not headers: an empty POST has no body', () => {
    expect(hasBodyContent({})).toBe(false);
    expect(hasBodyContent({ 'content-length': '0', 'content-type': 'text/plain' })).toBe(false);
    expect(hasBodyContent({ 'content-length': '12' })).toBe(true);
    expect(hasBodyContent({ 'transfer-encoding': 'chunked' })).toBe(true);
  });
});

describe('bodyTypeProblem', () => {
  it('lets JSON reach JSON routes and multipart reach the upload', () => {
    expect(bodyTypeProblem('application/json', false)).toBeNull();
    expect(bodyTypeProblem('Application/JSON; charset=utf-8', false)).toBeNull();
    expect(bodyTypeProblem('multipart/form-data; boundary=x', true)).toBeNull();
  });

  it('refuses any other type', () => {
    for (const type of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
    ])
      expect(bodyTypeProblem(type, false)).toBe(BODY_NOT_JSON);
    expect(bodyTypeProblem('application/json', true)).toBe(BODY_NOT_MULTIPART);
  });
});

describe('BodyTypeGuard', () => {
  class Routes {
    json(): void {}
    @MultipartBody()
    upload(): void {}
  }
  const guard = new BodyTypeGuard(new Reflector());
  const context = (handler: () => void, headers: Record<string, string>) =>
    ({
      getType: () => 'http',
      getHandler: () => handler,
      switchToHttp: () => ({ getRequest: () => ({ headers }) }),
    }) as unknown as ExecutionContext;

  it('answers 415 before the handler for a body the route cannot read', () => {
    const plain = { 'content-type': 'text/plain', 'content-length': '5' };
    expect(() => guard.canActivate(context(Routes.prototype.json, plain))).toThrow(
      new UnsupportedMediaTypeException(BODY_NOT_JSON),
    );
    const json = { 'content-type': 'application/json', 'content-length': '2' };
    expect(() => guard.canActivate(context(Routes.prototype.upload, json))).toThrow(BODY_NOT_MULTIPART);
  });

  it('lets readable and empty bodies through', () => {
    expect(
      guard.canActivate(
        context(Routes.prototype.json, { 'content-type': 'application/json', 'content-length': '2' }),
      ),
    ).toBe(true);
    expect(guard.canActivate(context(Routes.prototype.json, { 'content-length': '0' }))).toBe(true);
    expect(
      guard.canActivate(
        context(Routes.prototype.upload, {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': '9',
        }),
      ),
    ).toBe(true);
  });
});
